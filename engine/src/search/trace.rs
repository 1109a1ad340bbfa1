//! Search tracing: the sequence of events of a search, for the browser's
//! step-by-step tree view and for tests that assert where a cut happened.
//!
//! The search is generic over its tracer; with [`NoTrace`] every call is an
//! empty inline function and compiles away. [`RecordingTracer`] keeps a
//! bounded list of serializable [`TraceEvent`]s with moves and outcomes in
//! the game's own notation.

use serde::{Deserialize, Serialize};

use crate::game::{Game, Step, Value};

/// What kind of node was entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    Decision,
    Chance,
    /// Scored by the evaluator: depth 0, or no legal moves.
    Leaf,
    Terminal,
}

/// Which rule cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CutKind {
    /// Decision node: a move reached beta.
    AlphaBeta,
    /// Chance node cut-off I: the lower bound reached beta.
    Star1CutI,
    /// Chance node cut-off II: the upper bound fell to alpha.
    Star1CutII,
    /// Chance node cut during the probing phase.
    Star2Probe,
    /// Chance node cut from its outcomes' table bounds.
    StarEtc,
    /// The node's own table entry decided it.
    Table,
    /// ChanceProbCut: the chance node's estimated bounds left the window.
    ChanceProbCut,
    /// Multi-Cut: enough reduced-depth searches of the first moves failed high.
    MultiCut,
    /// ProbCut at a decision node: the shallow search's prediction left
    /// the window.
    ProbCut,
    /// Null-move pruning (play mode): the side to move passed and the
    /// opponent's reduced search still left it at beta or more.
    NullMove,
}

impl CutKind {
    pub const fn name(self) -> &'static str {
        match self {
            CutKind::AlphaBeta => "alpha-beta",
            CutKind::Star1CutI => "star1 cut I",
            CutKind::Star1CutII => "star1 cut II",
            CutKind::Star2Probe => "star2 probe cut",
            CutKind::StarEtc => "staretc cut",
            CutKind::Table => "table cut",
            CutKind::ChanceProbCut => "chanceprobcut",
            CutKind::MultiCut => "multi-cut",
            CutKind::ProbCut => "probcut",
            CutKind::NullMove => "null move",
        }
    }
}

/// Observer of a search. Every method has an empty default.
pub trait Tracer<G: Game> {
    /// Whether the tracer sees the nodes (`step`, `enter`, `exit`): the
    /// search then makes every child it scores. A tracer that does not
    /// ([`NoTrace`]) lets a leaf's value be found without making its
    /// position (`search/negamax.rs`, `leaf_by_key`).
    const SEES_NODES: bool = true;

    /// The step from `parent` about to be followed (before the child's
    /// `enter`). `ply` is the parent's ply.
    #[inline]
    fn step(&mut self, _parent: &G, _step: Step<G::Move, G::Outcome>, _ply: usize) {}

    /// A node is entered with window (alpha, beta) and `depth` decisions left.
    #[inline]
    fn enter(
        &mut self,
        _pos: &G,
        _kind: NodeKind,
        _ply: usize,
        _depth: u32,
        _alpha: Value,
        _beta: Value,
    ) {
    }

    /// A chance node's bounds on its own value before child `child` is
    /// searched, and the window (A_i, B_i) that child gets (in the chance
    /// node's point of view, unclamped).
    #[inline]
    fn chance_bounds(
        &mut self,
        _ply: usize,
        _lower: Value,
        _upper: Value,
        _child: usize,
        _child_alpha: Value,
        _child_beta: Value,
    ) {
    }

    /// A probe of move `probe` of outcome `child` returned `value` (the
    /// outcome position's point of view); the chance node's bounds are now
    /// [lower, upper].
    #[inline]
    fn probe(
        &mut self,
        _ply: usize,
        _child: usize,
        _probe: usize,
        _value: Value,
        _lower: Value,
        _upper: Value,
    ) {
    }

    /// Child `child` returned `value` (the parent's point of view).
    #[inline]
    fn child_value(&mut self, _ply: usize, _child: usize, _value: Value) {}

    /// The node at `ply` stops early.
    #[inline]
    fn cut(&mut self, _ply: usize, _kind: CutKind, _value: Value, _alpha: Value, _beta: Value) {}

    /// The node at `ply` returns `value`.
    #[inline]
    fn exit(&mut self, _ply: usize, _value: Value) {}
}

/// The tracer that records nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoTrace;

impl<G: Game> Tracer<G> for NoTrace {
    const SEES_NODES: bool = false;
}

/// One recorded event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TraceEvent {
    Step {
        ply: usize,
        text: String,
    },
    Enter {
        ply: usize,
        kind: NodeKind,
        depth: u32,
        alpha: Value,
        beta: Value,
    },
    ChanceBounds {
        ply: usize,
        lower: Value,
        upper: Value,
        child: usize,
        child_alpha: Value,
        child_beta: Value,
    },
    Probe {
        ply: usize,
        child: usize,
        probe: usize,
        value: Value,
        lower: Value,
        upper: Value,
    },
    ChildValue {
        ply: usize,
        child: usize,
        value: Value,
    },
    Cut {
        ply: usize,
        kind: CutKind,
        value: Value,
        reason: String,
    },
    Exit {
        ply: usize,
        value: Value,
    },
}

/// Records up to `max_events` events; later events are counted in
/// `dropped` but not kept.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RecordingTracer {
    pub events: Vec<TraceEvent>,
    pub max_events: usize,
    pub dropped: u64,
}

impl RecordingTracer {
    pub fn new(max_events: usize) -> Self {
        RecordingTracer {
            events: Vec::new(),
            max_events,
            dropped: 0,
        }
    }

    fn push(&mut self, e: TraceEvent) {
        if self.events.len() < self.max_events {
            self.events.push(e);
        } else {
            self.dropped += 1;
        }
    }

    /// The cut events, in order.
    pub fn cuts(&self) -> impl Iterator<Item = (usize, CutKind, Value)> + '_ {
        self.events.iter().filter_map(|e| match e {
            TraceEvent::Cut {
                ply, kind, value, ..
            } => Some((*ply, *kind, *value)),
            _ => None,
        })
    }

    /// The texts of all steps followed, in order.
    pub fn steps(&self) -> Vec<&str> {
        self.events
            .iter()
            .filter_map(|e| match e {
                TraceEvent::Step { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect()
    }
}

fn reason(kind: CutKind, value: Value, alpha: Value, beta: Value) -> String {
    match kind {
        CutKind::AlphaBeta => format!("move value {value} >= beta {beta}"),
        CutKind::Star1CutI => format!("lower bound {value} >= beta {beta}"),
        CutKind::Star1CutII => format!("upper bound {value} <= alpha {alpha}"),
        CutKind::ChanceProbCut if value >= beta => {
            format!("estimated lower bound >= beta {beta}")
        }
        CutKind::ChanceProbCut => format!("estimated upper bound <= alpha {alpha}"),
        CutKind::MultiCut => format!("enough reduced searches reached beta {beta}"),
        CutKind::ProbCut if value >= beta => {
            format!("shallow search predicts a value >= beta {beta}")
        }
        CutKind::ProbCut => format!("shallow search predicts a value <= alpha {alpha}"),
        CutKind::NullMove => format!("after a pass the reduced search still reached beta {beta}"),
        CutKind::Star2Probe | CutKind::StarEtc | CutKind::Table => {
            if value >= beta {
                format!("lower bound {value} >= beta {beta}")
            } else if value <= alpha {
                format!("upper bound {value} <= alpha {alpha}")
            } else {
                format!("exact value {value}")
            }
        }
    }
}

impl<G: Game> Tracer<G> for RecordingTracer {
    fn step(&mut self, parent: &G, step: Step<G::Move, G::Outcome>, ply: usize) {
        if self.events.len() < self.max_events {
            let text = parent.step_text(step);
            self.push(TraceEvent::Step { ply, text });
        } else {
            self.dropped += 1;
        }
    }

    fn enter(
        &mut self,
        _pos: &G,
        kind: NodeKind,
        ply: usize,
        depth: u32,
        alpha: Value,
        beta: Value,
    ) {
        self.push(TraceEvent::Enter {
            ply,
            kind,
            depth,
            alpha,
            beta,
        });
    }

    fn chance_bounds(
        &mut self,
        ply: usize,
        lower: Value,
        upper: Value,
        child: usize,
        child_alpha: Value,
        child_beta: Value,
    ) {
        self.push(TraceEvent::ChanceBounds {
            ply,
            lower,
            upper,
            child,
            child_alpha,
            child_beta,
        });
    }

    fn probe(
        &mut self,
        ply: usize,
        child: usize,
        probe: usize,
        value: Value,
        lower: Value,
        upper: Value,
    ) {
        self.push(TraceEvent::Probe {
            ply,
            child,
            probe,
            value,
            lower,
            upper,
        });
    }

    fn child_value(&mut self, ply: usize, child: usize, value: Value) {
        self.push(TraceEvent::ChildValue { ply, child, value });
    }

    fn cut(&mut self, ply: usize, kind: CutKind, value: Value, alpha: Value, beta: Value) {
        let reason = reason(kind, value, alpha, beta);
        self.push(TraceEvent::Cut {
            ply,
            kind,
            value,
            reason,
        });
    }

    fn exit(&mut self, ply: usize, value: Value) {
        self.push(TraceEvent::Exit { ply, value });
    }
}
