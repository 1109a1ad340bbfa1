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

pub mod explain;
pub mod layout;
pub mod replay;
pub mod tree;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use starcut::search::{ChanceAlgo, RecordingTracer, SearchConfig, Searcher, Stats, TraceEvent};
use starcut::tree::examples::{Example, EXAMPLES};
use starcut::tree::TreeGame;
use starcut::{Game, Player, Value};

use crate::saved::{percent_decode, percent_encode};
use layout::Layout;
use replay::{Frame, Replay};
use tree::ShownTree;

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

/// The algorithm an example is about: Star2 for the probing figures
/// (Schadd 5.4, Arts 4.8), Star1 for the others.
pub fn example_algorithm(ex: &Example) -> &'static str {
    if matches!(ex.name, "schadd-5.4" | "arts-4.8") {
        "star2"
    } else {
        "star1"
    }
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
        }
    }

    /// The URL fragment (without `#`): `lecture&example=…&algo=…&alpha=…&beta=…&step=…`,
    /// with `tree=…` instead of `example=…` for a typed tree.
    pub fn to_fragment(&self) -> String {
        let source = if self.example.is_empty() {
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
    pub fn from_fragment(
        fragment: &str,
        base: &LectureSettings,
    ) -> Result<LectureSettings, String> {
        let f = fragment.trim_start_matches('#');
        if !Self::is_lecture_fragment(f) {
            return Err("not a lecture link".into());
        }
        let mut fields = BTreeMap::new();
        for part in f.split('&').skip(1).filter(|p| !p.is_empty()) {
            let (k, v) = part.split_once('=').unwrap_or((part, ""));
            fields.insert(k.to_string(), percent_decode(v)?);
        }
        let mut s = base.clone();
        if let Some(name) = fields.get("example") {
            let ex = example(name).ok_or_else(|| format!("unknown example '{name}'"))?;
            s = LectureSettings::of_example(&ex);
        } else if let Some(text) = fields.get("tree") {
            s.example.clear();
            s.tree = text.clone();
        }
        if let Some(a) = fields.get("algo") {
            s.algorithm = a.clone();
        }
        let number = |key: &str| -> Result<Option<Value>, String> {
            fields
                .get(key)
                .map(|v| {
                    v.parse::<Value>()
                        .map_err(|_| format!("{key}: '{v}' is not a number"))
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
                .map_err(|_| format!("step: '{v}' is not a step number"))?,
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

fn search(
    pos: &TreeGame,
    algo: ChanceAlgo,
    depth: u32,
    window: (Value, Value),
) -> Result<(AlgoRun, Stats, Vec<TraceEvent>), String> {
    let root_side = pos.to_move();
    // The search's window is the root side's; the lecture's is MAX's.
    let (a, b) = if root_side == Player::First {
        window
    } else {
        (-window.1, -window.0)
    };
    let mut tracer = RecordingTracer::new(MAX_EVENTS);
    let r = Searcher::new(SearchConfig::bare(algo)).search_window(pos, depth, a, b, &mut tracer);
    if tracer.dropped > 0 {
        return Err(format!(
            "the search has more than {MAX_EVENTS} steps, too many to follow: use a smaller tree"
        ));
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
    pub fn load(settings: &LectureSettings) -> Result<Lecture, String> {
        let mut settings = settings.clone();
        if !settings.example.is_empty() {
            let ex = example(&settings.example)
                .ok_or_else(|| format!("unknown example '{}'", settings.example))?;
            settings.tree = ex.tree.to_string();
        }
        let algo: ChanceAlgo = settings
            .algorithm
            .parse()
            .map_err(|e: starcut::ParseError| e.to_string())?;
        let (alpha, beta) = (settings.alpha, settings.beta);
        if !(alpha.is_finite() && beta.is_finite()) {
            return Err("window: alpha and beta must be numbers".into());
        }
        if alpha >= beta {
            return Err(format!(
                "window: alpha {} must be below beta {}",
                explain::num(alpha),
                explain::num(beta)
            ));
        }
        if settings.tree.trim().is_empty() {
            return Err("tree: the text is empty".into());
        }
        let pos = TreeGame::parse(&settings.tree).map_err(|e| e.to_string())?;
        let tree = ShownTree::read(&pos)?;
        let depth = tree.search_depth();
        let (run, stats, events) = search(&pos, algo, depth, (alpha, beta))?;
        let replay = Replay::new(&tree, events)?;
        let mut compare = Vec::new();
        for a in ChanceAlgo::ALL {
            compare.push(search(&pos, a, depth, (alpha, beta))?.0);
        }
        settings.cursor = settings.cursor.min(replay.len());
        let layout = layout::layout(&tree);
        Ok(Lecture {
            settings,
            tree,
            layout,
            replay,
            depth,
            run,
            stats,
            compare,
        })
    }

    pub fn cursor(&self) -> usize {
        self.settings.cursor
    }

    /// The state at the cursor.
    pub fn frame(&self) -> Frame {
        self.replay.frame(&self.tree, self.settings.cursor)
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
    }
}

/// What the page tells lecture mode.
#[derive(Clone, Debug, PartialEq)]
pub enum LectureMsg {
    /// Choose a built-in example (its tree, window and algorithm).
    Example(String),
    /// Load a typed tree with the current window and algorithm.
    Tree(String),
    Algorithm(String),
    /// The root window (alpha, beta), from MAX's point of view.
    Window(Value, Value),
    Nav(LectureNav),
    /// Jump to a node (clicked on the canvas): its first visit, or the cut
    /// that prunes it.
    Node(usize),
}

/// Lecture mode's whole state: the settings (always kept, even when they
/// do not load) and the loaded lecture or the error that prevents it.
#[derive(Clone, Debug, PartialEq)]
pub struct LecturePage {
    pub settings: LectureSettings,
    pub lecture: Result<Lecture, String>,
}

impl LecturePage {
    pub fn new(settings: LectureSettings) -> LecturePage {
        let lecture = Lecture::load(&settings);
        let settings = match &lecture {
            Ok(l) => l.settings.clone(),
            Err(_) => settings,
        };
        LecturePage { settings, lecture }
    }

    pub fn error(&self) -> Option<&str> {
        self.lecture.as_ref().err().map(String::as_str)
    }

    pub fn update(&mut self, msg: LectureMsg) {
        let mut s = self.settings.clone();
        match msg {
            LectureMsg::Node(n) => {
                if let Ok(l) = &mut self.lecture {
                    if let Some(c) = l.replay.cursor_of(n) {
                        l.settings.cursor = c;
                        self.settings.cursor = c;
                    }
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
                s.tree = text;
            }
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
