//! Lecture mode: a small search on an explicit tree, recorded event by
//! event and stepped forward and back, so a class sees where and why
//! Star1 and Star2 prune. Pure Rust (no web-sys): the page only draws a
//! [`LecturePage`] and feeds it [`LectureMsg`]s.
//!
//! The search runs in the page's own thread: the trees are small (at most
//! [`tree::MAX_NODES`] nodes, [`MAX_EVENTS`] trace events), so it takes
//! well under a millisecond, and the trace is needed here anyway. Every
//! algorithm runs with [`SearchConfig::bare`]: alpha-beta and the chance
//! algorithm only, children in the tree's order, no table, as in the
//! worked examples (StarETC therefore behaves as Star2.5 here).

pub mod draw;
pub mod explain;
pub mod layout;
pub mod placing;
pub mod position;
pub mod predict;
pub mod replay;
pub mod svg;
pub mod tree;

use crate::error::{WebError, WebErrorKind, WebResult};
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use starcut::search::{ChanceAlgo, RecordingTracer, SearchConfig, Searcher, Stats, TraceEvent};
use starcut::tree::examples::{Example, EXAMPLES};
use starcut::tree::random::{self, RandomTreeSpec};
use starcut::tree::{teaching, TreeGame};
use starcut::{Game, Player, Value};

use crate::saved::{percent_decode, percent_encode};
use layout::Layout;
use replay::{Frame, Replay};
use tree::ShownTree;

/// A lecture tree, example or setting that cannot be shown.
pub(crate) fn bad(detail: impl Into<String>) -> WebError {
    WebError::new(WebErrorKind::BadLecture, detail)
}

/// More trace events than this are refused (the tree is too big to step).
pub const MAX_EVENTS: usize = 20_000;

/// The chance algorithms offered, by their engine names.
pub fn algorithms() -> Vec<&'static str> {
    ChanceAlgo::ALL.iter().map(|a| a.name()).collect()
}

/// The built-in example with this name.
pub fn example(name: &str) -> Option<Example> {
    EXAMPLES.into_iter().find(|e| e.name == name)
}

/// The algorithm an example is about (the one its figure shows).
pub fn example_algorithm(ex: &Example) -> &'static str {
    ex.algorithm().name()
}

/// What to search: saved in localStorage and written into the URL.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct LectureSettings {
    /// A built-in example's name, or "" for the tree text.
    pub example: String,
    /// The tree in the explicit-tree notation (the example's own text when
    /// an example is chosen).
    pub tree: String,
    pub algorithm: String,
    /// The root's window, from MAX's point of view.
    pub alpha: Value,
    pub beta: Value,
    /// Trace events applied.
    pub cursor: usize,
    /// A random exercise's spec (`starcut::tree::random`), when the tree
    /// was generated: the URL then carries the spec, not the tree.
    pub random: String,
}

impl Default for LectureSettings {
    fn default() -> Self {
        LectureSettings::of_example(&starcut::tree::examples::ARTS_4_7)
    }
}

impl LectureSettings {
    pub fn of_example(ex: &Example) -> Self {
        LectureSettings {
            example: ex.name.to_string(),
            tree: ex.tree.to_string(),
            algorithm: example_algorithm(ex).to_string(),
            alpha: ex.alpha,
            beta: ex.beta,
            cursor: 0,
            random: String::new(),
        }
    }

    /// A random exercise: the tree the spec generates, with the bound's
    /// middle third as the window (so that cuts happen).
    ///
    /// # Errors
    /// A spec that does not parse or gives too large a tree (named).
    pub fn of_random(query: &str, algorithm: &str) -> WebResult<Self> {
        let spec = RandomTreeSpec::from_query(query).map_err(|e| bad(e.to_string()))?;
        let tree = random::generate(&spec).map_err(|e| bad(e.to_string()))?;
        let third = f64::from(spec.bound) / 3.0;
        Ok(LectureSettings {
            example: String::new(),
            tree,
            algorithm: algorithm.to_string(),
            alpha: -third.round(),
            beta: third.round(),
            cursor: 0,
            random: spec.to_query(),
        })
    }

    /// The URL fragment (without `#`): `lecture&example=…&algo=…&alpha=…&beta=…&step=…`,
    /// with `tree=…` instead of `example=…` for a typed tree.
    pub fn to_fragment(&self) -> String {
        let source = if !self.random.is_empty() {
            format!("random={}", percent_encode(&self.random))
        } else if self.example.is_empty() {
            format!("tree={}", percent_encode(&self.tree))
        } else {
            format!("example={}", percent_encode(&self.example))
        };
        format!(
            "lecture&{source}&algo={}&alpha={}&beta={}&step={}",
            percent_encode(&self.algorithm),
            self.alpha,
            self.beta,
            self.cursor
        )
    }

    /// Whether a URL fragment opens lecture mode.
    pub fn is_lecture_fragment(fragment: &str) -> bool {
        let f = fragment.trim_start_matches('#');
        f == "lecture" || f.starts_with("lecture&")
    }

    /// Reads a fragment written by [`to_fragment`](Self::to_fragment);
    /// fields it lacks come from `base` (a bare `#lecture` is `base`).
    ///
    /// # Errors
    /// A fragment not starting with `lecture`, a bad escape, an unknown
    /// example, or a number that does not parse, named.
    pub fn from_fragment(fragment: &str, base: &LectureSettings) -> WebResult<LectureSettings> {
        let f = fragment.trim_start_matches('#');
        if !Self::is_lecture_fragment(f) {
            return Err(bad("not a lecture link"));
        }
        let mut fields = BTreeMap::new();
        for part in f.split('&').skip(1).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            fields.insert(k.to_string(), percent_decode(v)?);
        }
        let mut s = base.clone();
        if let Some(name) = fields.get("example") {
            let ex = example(name).ok_or_else(|| bad(format!("unknown example '{name}'")))?;
            s = LectureSettings::of_example(&ex);
        } else if let Some(query) = fields.get("random") {
            s = LectureSettings::of_random(query, &s.algorithm)?;
        } else if let Some(text) = fields.get("tree") {
            s.example.clear();
            s.random.clear();
            s.tree = text.clone();
        }
        if let Some(a) = fields.get("algo") {
            s.algorithm = a.clone();
        }
        let number = |key: &str| -> WebResult<Option<Value>> {
            fields
                .get(key)
                .map(|v| {
                    v.parse::<Value>()
                        .map_err(|_| bad(format!("{key}: '{v}' is not a number")))
                })
                .transpose()
        };
        if let Some(a) = number("alpha")? {
            s.alpha = a;
        }
        if let Some(b) = number("beta")? {
            s.beta = b;
        }
        s.cursor = match fields.get("step") {
            Some(v) => v
                .parse()
                .map_err(|_| bad(format!("step: '{v}' is not a step number")))?,
            None => 0,
        };
        Ok(s)
    }
}

/// One algorithm's search of the lecture tree, for the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct AlgoRun {
    pub algorithm: &'static str,
    pub nodes: u64,
    /// Root value from MAX's point of view (a bound when it failed).
    pub value: Value,
    pub probes: u64,
    /// Cuts by the engine's name of their kind.
    pub cuts: Vec<(&'static str, u32)>,
}

/// A loaded lecture: the tree, the recorded search and the comparison.
#[derive(Clone, Debug, PartialEq)]
pub struct Lecture {
    pub settings: LectureSettings,
    pub tree: ShownTree,
    pub layout: Layout,
    pub replay: Replay,
    /// Decisions searched.
    pub depth: u32,
    pub run: AlgoRun,
    pub stats: Stats,
    /// Every algorithm on the same tree and window.
    pub compare: Vec<AlgoRun>,
    /// Nodes whose subtrees are folded away (large trees start folded
    /// below the root's outcomes; stepping unfolds the path searched).
    pub collapsed: BTreeSet<usize>,
    /// The folded nodes stepping unfolded to show the current one: folded
    /// again once the search has left them, so a large tree never shows
    /// more than its folded picture and the path searched now (stepping
    /// through a game position's tree unfolded some ninety leaves into an
    /// unreadable row). A node the lecturer unfolds himself stays open.
    opened: BTreeSet<usize>,
    /// What the figure teaches beyond the trace, in sentences: the wrong
    /// value when the window is not reset (Schadd 5.2), ChanceProbCut's
    /// estimated bounds (5.5, 5.6). `true` marks a sentence that gives the
    /// outcome away (shown with the outcome only).
    pub teaching: Vec<(String, bool)>,
}

/// The figure's lesson beyond the trace (see [`Lecture::teaching`]).
fn teaching_lines(ex: &Example, pos: &TreeGame, depth: u32) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    if ex.name == "schadd-5.2" {
        let wrong = teaching::window_not_reset(pos, depth, ex.alpha, ex.beta);
        let right = teaching::window_reset(pos, depth, ex.alpha, ex.beta);
        out.push((
            format!(
                "With the window {} passed down to the chance node's children the search returns {} — wrong; with the window reset at the chance node it returns {}, the true value.",
                explain::window((ex.alpha, ex.beta)),
                explain::num(wrong),
                explain::num(right)
            ),
            true,
        ));
    }
    if let Some(cpc) = ex.chance_probcut {
        let settings = cpc.settings();
        out.push((format!(
            "ChanceProbCut with the model v_d = {} v_(d-R) + {}, sigma {}, t = {}, R = {}: each outcome is first searched {} decision{} deep and its bounds estimated as [v - t·sigma, v + t·sigma] (after the model).",
            explain::num(cpc.a),
            explain::num(cpc.b),
            explain::num(cpc.sigma),
            explain::num(cpc.t),
            cpc.r,
            depth.saturating_sub(cpc.r),
            if depth.saturating_sub(cpc.r) == 1 { "" } else { "s" }
        ), false));
        for e in teaching::chance_probcut_estimates(pos, depth, ex.alpha, ex.beta, &settings) {
            out.push((
                format!(
                    "{}: shallow value {}, estimated [{}, {}]; the chance node is now estimated in [{}, {}].",
                    e.name,
                    explain::num(e.shallow),
                    explain::num(e.lower),
                    explain::num(e.upper),
                    explain::num(e.node_lower),
                    explain::num(e.node_upper)
                ),
                false,
            ));
        }
    }
    out
}

/// Moving through the trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LectureNav {
    First,
    Prev,
    Next,
    Last,
    PrevCut,
    NextCut,
}

/// The search setup for `algo`: the example's own (with ChanceProbCut for
/// the figures about it), or the worked examples' bare setup.
fn config_for(example: Option<&Example>, algo: ChanceAlgo) -> SearchConfig {
    match example {
        Some(ex) => ex.search_config(algo),
        None => SearchConfig::bare(algo),
    }
}

fn search(
    pos: &TreeGame,
    config: SearchConfig,
    depth: u32,
    window: (Value, Value),
) -> WebResult<(AlgoRun, Stats, Vec<TraceEvent>)> {
    let algo = config.chance;
    let root_side = pos.to_move();
    // The search's window is the root side's; the lecture's is MAX's.
    let (a, b) = if root_side == Player::First {
        window
    } else {
        (-window.1, -window.0)
    };
    let mut tracer = RecordingTracer::new(MAX_EVENTS);
    let r = Searcher::new(config).search_window(pos, depth, a, b, &mut tracer);
    if tracer.dropped > 0 {
        return Err(bad(format!(
            "the search has more than {MAX_EVENTS} steps, too many to follow: use a smaller tree"
        )));
    }
    let mut cuts: Vec<(&'static str, u32)> = Vec::new();
    for (_, kind, _) in tracer.cuts() {
        match cuts.iter_mut().find(|(n, _)| *n == kind.name()) {
            Some(c) => c.1 += 1,
            None => cuts.push((kind.name(), 1)),
        }
    }
    let run = AlgoRun {
        algorithm: algo.name(),
        nodes: r.stats.nodes(),
        value: tree::max_view(root_side, r.value),
        probes: r.stats.probes,
        cuts,
    };
    Ok((run, r.stats, tracer.events))
}

impl Lecture {
    /// Parses the tree, runs the chosen algorithm with a recording tracer
    /// and every algorithm for the comparison.
    ///
    /// # Errors
    /// A tree that does not parse (the parser's message, naming the
    /// token), an unknown example or algorithm, a window with alpha not
    /// below beta, or a tree too large to show.
    pub fn load(settings: &LectureSettings) -> WebResult<Lecture> {
        let mut settings = settings.clone();
        if !settings.example.is_empty() {
            let ex = example(&settings.example)
                .ok_or_else(|| bad(format!("unknown example '{}'", settings.example)))?;
            settings.tree = ex.tree.to_string();
        }
        let algo: ChanceAlgo = settings
            .algorithm
            .parse()
            .map_err(|e: starcut::ParseError| bad(e.to_string()))?;
        let (alpha, beta) = (settings.alpha, settings.beta);
        if !(alpha.is_finite() && beta.is_finite()) {
            return Err(bad("window: alpha and beta must be numbers"));
        }
        if alpha >= beta {
            return Err(bad(format!(
                "window: alpha {} must be below beta {}",
                explain::num(alpha),
                explain::num(beta)
            )));
        }
        if settings.tree.trim().is_empty() {
            return Err(bad("tree: the text is empty"));
        }
        let pos = TreeGame::parse(&settings.tree).map_err(|e| bad(e.to_string()))?;
        let tree = ShownTree::read(&pos)?;
        let depth = tree.search_depth();
        let ex = example(&settings.example);
        let (run, stats, events) =
            search(&pos, config_for(ex.as_ref(), algo), depth, (alpha, beta))?;
        let replay = Replay::new(&tree, events)?;
        let mut compare = Vec::new();
        for a in ChanceAlgo::ALL {
            compare.push(search(&pos, config_for(ex.as_ref(), a), depth, (alpha, beta))?.0);
        }
        let teaching = ex
            .map(|ex| teaching_lines(&ex, &pos, depth))
            .unwrap_or_default();
        settings.cursor = settings.cursor.min(replay.len());
        let collapsed = layout::default_collapsed(&tree);
        let layout = layout::layout_with(&tree, &collapsed);
        Ok(Lecture {
            settings,
            tree,
            layout,
            replay,
            depth,
            run,
            stats,
            compare,
            collapsed,
            opened: BTreeSet::new(),
            teaching,
        })
    }

    pub fn cursor(&self) -> usize {
        self.settings.cursor
    }

    /// The state at the cursor.
    pub fn frame(&self) -> Frame {
        self.replay.frame(&self.tree, self.settings.cursor)
    }

    /// Folds or unfolds the subtree below `node`.
    pub fn toggle(&mut self, node: usize) {
        if node >= self.tree.nodes.len() || self.tree.nodes[node].children.is_empty() {
            return;
        }
        if !self.collapsed.remove(&node) {
            self.collapsed.insert(node);
        }
        // The lecturer's choice: stepping does not fold it back.
        self.opened.remove(&node);
        self.layout = layout::layout_with(&self.tree, &self.collapsed);
    }

    /// Unfolds every subtree that hides the node of the current event, so
    /// the step is always on the picture, and folds again those it
    /// unfolded for earlier steps that the search has left.
    fn show_current(&mut self) {
        let Some(current) = self.frame().current else {
            return;
        };
        let mut path = BTreeSet::new();
        let mut n = current;
        while let Some(p) = self.tree.nodes[n].parent {
            path.insert(p);
            n = p;
        }
        let left: Vec<usize> = self.opened.difference(&path).copied().collect();
        let mut changed = !left.is_empty();
        for n in left {
            self.opened.remove(&n);
            self.collapsed.insert(n);
        }
        for p in path {
            if self.collapsed.remove(&p) {
                self.opened.insert(p);
                changed = true;
            }
        }
        if changed {
            self.layout = layout::layout_with(&self.tree, &self.collapsed);
        }
    }

    pub fn nav(&mut self, nav: LectureNav) {
        let c = self.settings.cursor;
        let len = self.replay.len();
        let cuts = self.replay.cut_cursors();
        self.settings.cursor = match nav {
            LectureNav::First => 0,
            LectureNav::Prev => c.saturating_sub(1),
            LectureNav::Next => (c + 1).min(len),
            LectureNav::Last => len,
            LectureNav::NextCut => cuts.iter().copied().find(|&k| k > c).unwrap_or(len),
            LectureNav::PrevCut => cuts.iter().rev().copied().find(|&k| k < c).unwrap_or(0),
        };
        self.show_current();
    }
}

/// What the page tells lecture mode.
#[derive(Clone, Debug, PartialEq)]
pub enum LectureMsg {
    /// Choose a built-in example (its tree, window and algorithm).
    Example(String),
    /// Load a typed tree with the current window and algorithm.
    Tree(String),
    /// Generate a random exercise from a spec (`starcut::tree::random`).
    Random(String),
    /// Fold or unfold a node's subtree (a double click on it).
    Toggle(usize),
    Algorithm(String),
    /// The root window (alpha, beta), from MAX's point of view.
    Window(Value, Value),
    Nav(LectureNav),
    /// Jump to a node (clicked on the canvas): its first visit, or the cut
    /// that prunes it. In predict mode a click marks the node instead.
    Node(usize),
    /// Show the outcome (root value, node totals, the comparison) before
    /// the trace reaches the end.
    Reveal,
    /// Predict mode on or off: clicks mark nodes expected to be pruned.
    Predict(bool),
    /// Predict a value for a node (NaN removes it).
    PredictValue(usize, Value),
    /// Compare the marks with the search.
    Check,
    /// Remove all marks.
    ClearMarks,
}

/// Lecture mode's whole state: the settings (always kept, even when they
/// do not load), the loaded lecture or the error that prevents it, and
/// the class's predictions.
#[derive(Clone, Debug, PartialEq)]
pub struct LecturePage {
    pub settings: LectureSettings,
    pub lecture: WebResult<Lecture>,
    /// The lecturer showed the outcome before the end of the trace.
    pub revealed: bool,
    /// Predict mode: clicks on nodes mark them.
    pub predicting: bool,
    pub predictions: predict::Predictions,
}

impl LecturePage {
    pub fn new(settings: LectureSettings) -> LecturePage {
        let lecture = Lecture::load(&settings);
        let settings = match &lecture {
            Ok(l) => l.settings.clone(),
            Err(_) => settings,
        };
        LecturePage {
            settings,
            lecture,
            revealed: false,
            predicting: false,
            predictions: predict::Predictions::default(),
        }
    }

    pub fn error(&self) -> Option<&str> {
        self.lecture.as_ref().err().map(|e| e.detail.as_str())
    }

    /// Whether the outcome may be shown: at the end of the trace, or
    /// revealed by the lecturer. Before that nothing gives the answer away
    /// (no root value, no node total, no comparison).
    pub fn outcome_shown(&self) -> bool {
        self.revealed
            || self
                .lecture
                .as_ref()
                .is_ok_and(|l| l.settings.cursor >= l.replay.len())
    }

    pub fn update(&mut self, msg: LectureMsg) {
        let mut s = self.settings.clone();
        match msg {
            LectureMsg::Reveal => {
                self.revealed = true;
                return;
            }
            LectureMsg::Predict(on) => {
                self.predicting = on;
                return;
            }
            LectureMsg::Check => {
                if let Ok(l) = &self.lecture {
                    self.predictions.check(&l.tree, &l.replay);
                }
                return;
            }
            LectureMsg::PredictValue(node, value) => {
                self.predictions.predict_value(node, value);
                return;
            }
            LectureMsg::ClearMarks => {
                self.predictions.clear();
                return;
            }
            LectureMsg::Node(n) if self.predicting => {
                self.predictions.toggle(n);
                return;
            }
            LectureMsg::Node(n) => {
                if let Ok(l) = &mut self.lecture {
                    if let Some(c) = l.replay.cursor_of(n) {
                        l.settings.cursor = c;
                        self.settings.cursor = c;
                        l.show_current();
                    }
                }
                return;
            }
            LectureMsg::Toggle(n) => {
                if let Ok(l) = &mut self.lecture {
                    l.toggle(n);
                }
                return;
            }
            LectureMsg::Nav(nav) => {
                if let Ok(l) = &mut self.lecture {
                    l.nav(nav);
                    self.settings.cursor = l.settings.cursor;
                }
                return;
            }
            LectureMsg::Example(name) => match example(&name) {
                Some(ex) => s = LectureSettings::of_example(&ex),
                None => {
                    s.example = name;
                }
            },
            LectureMsg::Tree(text) => {
                s.example.clear();
                s.random.clear();
                s.tree = text;
            }
            LectureMsg::Random(query) => match LectureSettings::of_random(&query, &s.algorithm) {
                Ok(r) => s = r,
                Err(e) => {
                    self.lecture = Err(bad(format!("random tree: {e}")));
                    return;
                }
            },
            LectureMsg::Algorithm(a) => s.algorithm = a,
            LectureMsg::Window(a, b) => {
                s.alpha = a;
                s.beta = b;
            }
        }
        s.cursor = 0;
        *self = LecturePage::new(s);
    }
}

#[cfg(test)]
mod tests;
