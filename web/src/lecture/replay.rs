//! Replaying a recorded search trace over the shown tree: which node each
//! event belongs to, and the state of every node after the first `cursor`
//! events (what the canvas draws and the panel reads).
//!
//! All values here are from MAX's point of view; the trace's negamax values
//! (the node's side to move, or the chance node's for its bounds) are turned
//! around with the side of the node they belong to.

use super::bad;
use crate::error::WebResult;
use starcut::search::TraceEvent;
use starcut::Value;

use super::explain::{self, Side};
use super::tree::{max_view, ShownKind, ShownTree};

/// The state of one node at a cursor.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NodeState {
    /// How often the node was entered (a probed outcome is entered twice).
    pub visits: u32,
    /// Entered and not yet left.
    pub open: bool,
    /// The window of the last visit.
    pub window: Option<(Value, Value)>,
    /// The value the last visit returned, and which side of its window.
    pub value: Option<(Value, Side)>,
    /// A chance node's bounds [lower, upper] on its own value.
    pub bounds: Option<(Value, Value)>,
    /// A chance node's window (A_i, B_i) for the outcome it searches next.
    pub child_window: Option<(usize, Value, Value)>,
    /// An outcome's probe result (the value of its first move).
    pub probe: Option<Value>,
    /// The name of the cut made here (the last one, if several).
    pub cut: Option<&'static str>,
}

/// What kind of event the cursor stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Step,
    Enter,
    Bounds,
    Probe,
    ChildValue,
    Cut,
    Exit,
}

impl EventKind {
    pub const fn name(self) -> &'static str {
        match self {
            EventKind::Step => "step",
            EventKind::Enter => "enter",
            EventKind::Bounds => "bounds",
            EventKind::Probe => "probe",
            EventKind::ChildValue => "child",
            EventKind::Cut => "cut",
            EventKind::Exit => "exit",
        }
    }
}

/// Everything shown at one cursor position.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// Events applied (0: before the search starts).
    pub cursor: usize,
    pub nodes: Vec<NodeState>,
    /// The node the last event belongs to.
    pub current: Option<usize>,
    /// Nodes entered and not left, root first.
    pub open: Vec<usize>,
    /// Whether a node is drawn as pruned: never searched, and the cut that
    /// leaves it out has happened (or the search is over).
    pub pruned: Vec<bool>,
    /// Nodes entered so far: the search's node count at this point.
    pub entered: u64,
    pub cuts: u32,
    /// The last event: its kind and a sentence about it.
    pub event: Option<(EventKind, String)>,
}

/// A trace tied to its tree.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    pub events: Vec<TraceEvent>,
    /// The tree node of every event (for a step: the child it leads to).
    pub node_of: Vec<usize>,
    /// For each node, the cursor from which it is drawn pruned (never
    /// searched nodes only).
    pruned_from: Vec<Option<usize>>,
    /// Events that open or close a Star2 probe's visit of an outcome (only
    /// its first move is searched; what it returns is the probe value).
    probe_visit: Vec<bool>,
    /// The leaf outcome each probe event scores, if it is one.
    probed_leaf: Vec<Option<usize>>,
}

impl Replay {
    /// Ties `events` to `tree`.
    ///
    /// # Errors
    /// An event that does not fit the tree (a step to an unknown child, or
    /// a ply deeper than the path): the trace is of another tree.
    pub fn new(tree: &ShownTree, events: Vec<TraceEvent>) -> WebResult<Replay> {
        let mut path = vec![0usize];
        let mut node_of = Vec::with_capacity(events.len());
        let mut visited = vec![false; tree.nodes.len()];
        let mut first_cut: Vec<Option<usize>> = vec![None; tree.nodes.len()];
        let mut probe_visit = vec![false; events.len()];
        let mut probed_leaf = vec![None; events.len()];
        // The Enter event of the visit open at each ply.
        let mut entered_at: Vec<usize> = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let at = |ply: usize| {
                path.get(ply)
                    .copied()
                    .ok_or_else(|| bad(format!("trace event {i} is at ply {ply}, below the path")))
            };
            let node = match e {
                TraceEvent::Step { ply, text } => {
                    let parent = at(*ply)?;
                    let child = tree.child_by_step(parent, text).ok_or_else(|| {
                        bad(format!(
                            "trace event {i}: {} has no child '{text}'",
                            tree.nodes[parent].name
                        ))
                    })?;
                    path.truncate(ply + 1);
                    path.push(child);
                    child
                }
                TraceEvent::Enter { ply, .. } => {
                    let n = at(*ply)?;
                    visited[n] = true;
                    n
                }
                TraceEvent::Cut { ply, .. } => {
                    let n = at(*ply)?;
                    first_cut[n].get_or_insert(i + 1);
                    n
                }
                TraceEvent::Probe { ply, child, .. } => {
                    let n = at(*ply)?;
                    // A leaf outcome is probed without being entered.
                    if let Some(&k) = tree.nodes[n].children.get(*child) {
                        if tree.nodes[k].children.is_empty() {
                            visited[k] = true;
                            probed_leaf[i] = Some(k);
                        }
                    }
                    n
                }
                TraceEvent::ChanceBounds { ply, .. }
                | TraceEvent::ChildValue { ply, .. }
                | TraceEvent::Exit { ply, .. } => at(*ply)?,
            };
            match e {
                TraceEvent::Enter { ply, .. } => {
                    entered_at.truncate(*ply);
                    entered_at.push(i);
                }
                TraceEvent::Exit { ply, .. } => {
                    // A probe's visit: Exit at ply + 1, then Probe at ply.
                    let probed = matches!(
                        events.get(i + 1),
                        Some(TraceEvent::Probe { ply: p, .. }) if p + 1 == *ply
                    );
                    if probed {
                        probe_visit[i] = true;
                        if let Some(&k) = entered_at.get(*ply) {
                            probe_visit[k] = true;
                        }
                    }
                }
                _ => {}
            }
            node_of.push(node);
        }
        let end = events.len();
        let pruned_from = (0..tree.nodes.len())
            .map(|n| {
                if visited[n] {
                    return None;
                }
                // The nearest ancestor that cut leaves this node out.
                let mut a = tree.nodes[n].parent;
                while let Some(p) = a {
                    if let Some(c) = first_cut[p] {
                        return Some(c);
                    }
                    a = tree.nodes[p].parent;
                }
                Some(end)
            })
            .collect();
        Ok(Replay {
            events,
            node_of,
            pruned_from,
            probe_visit,
            probed_leaf,
        })
    }

    pub fn len(&self) -> usize {
        self.events.len()
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// Cursors (1-based: the cut event applied) of all cuts.
    pub fn cut_cursors(&self) -> Vec<usize> {
        self.events
            .iter()
            .enumerate()
            .filter(|(_, e)| matches!(e, TraceEvent::Cut { .. }))
            .map(|(i, _)| i + 1)
            .collect()
    }

    /// Where to look at `node`: the cursor of its first visit, or, for a
    /// node never searched, of the cut that leaves it out.
    pub fn cursor_of(&self, node: usize) -> Option<usize> {
        if let Some(c) = self.pruned_from.get(node).copied().flatten() {
            return Some(c);
        }
        self.events.iter().enumerate().find_map(|(i, e)| {
            let here = match e {
                TraceEvent::Enter { .. } => self.node_of[i] == node,
                // A leaf outcome scored by a probe.
                TraceEvent::Probe { .. } => self.probed_leaf[i] == Some(node),
                _ => false,
            };
            here.then_some(i + 1)
        })
    }

    /// For a node the search never visits: the cursor of the cut that
    /// leaves it out, the node that cut and the cut's name. `None` for a
    /// node the search visits (a leaf scored by a probe counts as visited).
    pub fn pruned_by(&self, node: usize) -> Option<(usize, usize, &'static str)> {
        let c = self.pruned_from.get(node).copied().flatten()?;
        match self.events.get(c.checked_sub(1)?) {
            Some(TraceEvent::Cut { kind, .. }) => Some((c, self.node_of[c - 1], kind.name())),
            // Left out because the search ended before it.
            _ => Some((
                c,
                self.node_of.get(c.wrapping_sub(1)).copied().unwrap_or(0),
                "end",
            )),
        }
    }

    /// The nodes below `node` that its cut at `cursor` leaves unsearched
    /// (the topmost of each pruned subtree; not those an earlier cut below
    /// already left out).
    pub fn never_searched(&self, tree: &ShownTree, node: usize, cursor: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack: Vec<usize> = tree.nodes[node].children.iter().rev().copied().collect();
        while let Some(c) = stack.pop() {
            match self.pruned_from[c] {
                Some(k) if k == cursor => out.push(c),
                Some(_) => {}
                None => stack.extend(tree.nodes[c].children.iter().rev().copied()),
            }
        }
        out
    }

    /// The state after the first `cursor` events.
    pub fn frame(&self, tree: &ShownTree, cursor: usize) -> Frame {
        let cursor = cursor.min(self.events.len());
        let mut nodes = vec![NodeState::default(); tree.nodes.len()];
        let mut open: Vec<usize> = Vec::new();
        let mut entered = 0;
        let mut cuts = 0;
        let mut event = None;
        let mut current = None;
        for (i, e) in self.events[..cursor].iter().enumerate() {
            let n = self.node_of[i];
            let tn = &tree.nodes[n];
            let side = tn.side;
            let name = tn.name.as_str();
            let last = i + 1 == cursor;
            current = Some(n);
            match e {
                TraceEvent::Step { .. } => {
                    if last {
                        let parent = tn.parent.map_or("", |p| tree.nodes[p].name.as_str());
                        let what = match tn.parent.map(|p| tree.nodes[p].kind) {
                            Some(ShownKind::Chance) => format!(
                                "outcome {} (p = {})",
                                tn.step,
                                explain::num(tn.probability)
                            ),
                            _ => format!("move {}", tn.step),
                        };
                        event =
                            Some((EventKind::Step, format!("{parent}: {what} leads to {name}")));
                    }
                }
                TraceEvent::Enter { alpha, beta, .. } => {
                    entered += 1;
                    let w = window_of(side, *alpha, *beta);
                    let st = &mut nodes[n];
                    st.visits += 1;
                    st.open = true;
                    st.window = Some(w);
                    st.value = None;
                    open.retain(|&o| !tree.is_under(o, n) || o == n);
                    open.retain(|&o| o != n);
                    open.push(n);
                    if last {
                        let value = match tn.value {
                            Some(v) if matches!(tn.kind, ShownKind::Leaf | ShownKind::Terminal) => {
                                format!(", value {}", explain::num(v))
                            }
                            _ => String::new(),
                        };
                        let text = if self.probe_visit[i] {
                            format!(
                                "Probe {name} ({}): only its first move is searched, window {}",
                                tn.kind.name(),
                                explain::window(w)
                            )
                        } else {
                            format!(
                                "Enter {name} ({}) with window {}{value}",
                                tn.kind.name(),
                                explain::window(w)
                            )
                        };
                        event = Some((EventKind::Enter, text));
                    }
                }
                TraceEvent::ChanceBounds {
                    lower,
                    upper,
                    child,
                    child_alpha,
                    child_beta,
                    ..
                } => {
                    let b = window_of(side, *lower, *upper);
                    let cw = window_of(side, *child_alpha, *child_beta);
                    let kid = tn.children.get(*child).copied();
                    let st = &mut nodes[n];
                    st.bounds = Some(b);
                    if let Some(k) = kid {
                        st.child_window = Some((k, cw.0, cw.1));
                    }
                    if last {
                        let kid_name = kid.map_or("?", |k| tree.nodes[k].name.as_str());
                        event = Some((
                            EventKind::Bounds,
                            format!(
                                "{name}: bounds {}; outcome {kid_name} gets the window (A{i}, B{i}) = {}",
                                explain::bounds(b),
                                explain::window(cw),
                                i = child + 1
                            ),
                        ));
                    }
                }
                TraceEvent::Probe {
                    child,
                    probe,
                    value,
                    lower,
                    upper,
                    ..
                } => {
                    let b = window_of(side, *lower, *upper);
                    nodes[n].bounds = Some(b);
                    let kid = tn.children.get(*child).copied();
                    if let Some(k) = kid {
                        let v = max_view(tree.nodes[k].side, *value);
                        nodes[k].probe = Some(v);
                        let leaf = tree.nodes[k].children.is_empty();
                        if leaf {
                            // Scored where it stands: a node of its own.
                            entered += 1;
                            nodes[k].visits += 1;
                            nodes[k].value = Some((v, Side::Exact));
                        }
                        if last && leaf {
                            event = Some((
                                EventKind::Probe,
                                format!(
                                    "{name}: probe of {}, a leaf worth {}; {name}'s bounds are now {}",
                                    tree.nodes[k].name,
                                    explain::num(v),
                                    explain::bounds(b)
                                ),
                            ));
                        } else if last {
                            let kn = &tree.nodes[k];
                            let mv = kn
                                .children
                                .get(*probe)
                                .map_or(String::new(), |&g| format!(" ({})", tree.nodes[g].name));
                            let dir = if kn.side == starcut::Player::First {
                                "at least"
                            } else {
                                "at most"
                            };
                            event = Some((
                                EventKind::Probe,
                                format!(
                                    "{name}: probe of {} — its move {}{mv} is worth {}, so {} is worth {dir} {}; {name}'s bounds are now {}",
                                    kn.name,
                                    probe + 1,
                                    explain::num(v),
                                    kn.name,
                                    explain::num(v),
                                    explain::bounds(b)
                                ),
                            ));
                        }
                    }
                }
                TraceEvent::ChildValue { child, value, .. } => {
                    if last {
                        let v = max_view(side, *value);
                        let kid = tn
                            .children
                            .get(*child)
                            .map_or("?", |&k| tree.nodes[k].name.as_str());
                        event = Some((
                            EventKind::ChildValue,
                            format!("{name}: {kid} is worth {}", explain::num(v)),
                        ));
                    }
                }
                TraceEvent::Cut {
                    kind,
                    value,
                    reason,
                    ..
                } => {
                    cuts += 1;
                    nodes[n].cut = Some(kind.name());
                    if last {
                        let v = max_view(side, *value);
                        let w = nodes[n].window.unwrap_or((-tree.bound, tree.bound));
                        let pruned: Vec<String> = self
                            .never_searched(tree, n, cursor)
                            .into_iter()
                            .map(|c| tree.nodes[c].name.clone())
                            .collect();
                        event = Some((
                            EventKind::Cut,
                            explain::cut(
                                name,
                                tn.parent.map(|p| tree.nodes[p].name.as_str()),
                                tn.kind,
                                *kind,
                                v,
                                w,
                                tree.bound,
                                reason,
                                &pruned,
                            ),
                        ));
                    }
                }
                TraceEvent::Exit { value, .. } if self.probe_visit[i] => {
                    // Not the node's value: the probe event that follows
                    // records it.
                    nodes[n].open = false;
                    open.retain(|&o| o != n);
                    if last {
                        event = Some((
                            EventKind::Exit,
                            format!(
                                "{name}: its first move is worth {}",
                                explain::num(max_view(side, *value))
                            ),
                        ));
                    }
                }
                TraceEvent::Exit { value, .. } => {
                    let v = max_view(side, *value);
                    let st = &mut nodes[n];
                    let s = st.window.map_or(Side::Exact, |w| explain::side_of(v, w));
                    st.value = Some((v, s));
                    st.open = false;
                    st.child_window = None;
                    open.retain(|&o| o != n);
                    if last {
                        let what = match s {
                            Side::High => " (a lower bound: it failed high)",
                            Side::Low => " (an upper bound: it failed low)",
                            Side::Exact => "",
                        };
                        event = Some((
                            EventKind::Exit,
                            format!("{name} returns {}{what}", explain::marked(v, s)),
                        ));
                    }
                }
            }
        }
        let pruned = self
            .pruned_from
            .iter()
            .map(|p| p.is_some_and(|c| c <= cursor))
            .collect();
        Frame {
            cursor,
            nodes,
            current,
            open,
            pruned,
            entered,
            cuts,
            event,
        }
    }
}

/// A window or bound pair from `side`'s point of view turned into MAX's.
fn window_of(side: starcut::Player, a: Value, b: Value) -> (Value, Value) {
    if side == starcut::Player::First {
        (a, b)
    } else {
        (-b, -a)
    }
}
