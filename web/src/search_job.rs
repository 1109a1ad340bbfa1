//! Running one search job inside the worker: parse the position, search it,
//! report progress and the result in protocol form.
//!
//! Pure Rust (the clock is passed in), so it is tested natively.

use starcut::{Game, Status, Value};

use crate::games::{self, KindVisitor};
use crate::protocol::{GameKind, Limit, Report, SearchJob};
use crate::session::WebGame;

/// Milliseconds since some fixed instant (`performance.now()` in the worker).
pub type Now<'a> = &'a dyn Fn() -> f64;

/// Runs a job for whichever game it names.
pub fn run(job: &SearchJob, now: Now, progress: &mut dyn FnMut(&Report)) -> Result<Report, String> {
    struct Run<'a, 'b> {
        job: &'a SearchJob,
        now: Now<'a>,
        progress: &'b mut dyn FnMut(&Report),
    }
    impl KindVisitor for Run<'_, '_> {
        type Output = Result<Report, String>;
        fn visit<G: WebGame>(self, _kind: GameKind, config: G::Config) -> Self::Output {
            run_game::<G>(&config, self.job, self.now, self.progress)
        }
    }
    games::visit(job.game, &job.options, Run { job, now, progress })?
}

/// Runs a job on game `G`.
pub fn run_game<G: WebGame>(
    config: &G::Config,
    job: &SearchJob,
    now: Now,
    progress: &mut dyn FnMut(&Report),
) -> Result<Report, String> {
    let pos = G::parse_position(config, &job.position).map_err(|e| e.to_string())?;
    if pos.status() != Status::Decision {
        return Err(format!(
            "position '{}' is not a decision node",
            job.position
        ));
    }
    let start = now();
    let (max_depth, deadline) = match job.settings.limit {
        Limit::Depth { plies } => (plies.clamp(1, 64), f64::INFINITY),
        Limit::Time { ms } => (64, start + ms as f64),
    };
    let mut search = Expectimax {
        nodes: 0,
        chance_nodes: 0,
        deadline,
        now,
        stopped: false,
    };
    let mut report = Report {
        bound: pos.bound(),
        ..Report::default()
    };
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for depth in 1..=max_depth {
        let mut best: Option<(G::Move, Value)> = None;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let v = search.value(&child, depth - 1, pos.to_move());
            if search.stopped {
                break;
            }
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((mv, v));
            }
        }
        let elapsed = now() - start;
        report.nodes = search.nodes;
        report.chance_nodes = search.chance_nodes;
        report.elapsed_ms = elapsed;
        report.nodes_per_second = if elapsed > 0.0 {
            search.nodes as f64 * 1000.0 / elapsed
        } else {
            0.0
        };
        if search.stopped {
            break;
        }
        if let Some((mv, v)) = best {
            report.depth = depth;
            report.best = Some(pos.move_text(mv));
            report.pv = vec![pos.move_text(mv)];
            report.value = Some(v);
        }
        progress(&report);
        if now() >= deadline || best.is_some_and(|(_, v)| v.abs() >= pos.bound()) {
            break;
        }
    }
    Ok(report)
}

/// A plain depth-limited expectimax, the placeholder until the engine's
/// searcher is wired in.
struct Expectimax<'a> {
    nodes: u64,
    chance_nodes: u64,
    deadline: f64,
    now: Now<'a>,
    stopped: bool,
}

impl Expectimax<'_> {
    /// Value of `pos` for `me`.
    fn value<G: Game>(&mut self, pos: &G, depth: u32, me: starcut::Player) -> Value {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && (self.now)() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0.0;
        }
        let sign = if pos.to_move() == me { 1.0 } else { -1.0 };
        match pos.status() {
            Status::Terminal(w) => sign * pos.terminal_value(w),
            _ if depth == 0 => sign * pos.heuristic(),
            Status::Chance => {
                self.chance_nodes += 1;
                let mut outs = Vec::new();
                pos.chance_outcomes(&mut outs);
                let total: u32 = outs.iter().map(|o| o.1).sum();
                let mut sum = 0.0;
                for (o, w) in outs {
                    let mut child = pos.clone();
                    child.apply_outcome(o);
                    sum += w as f64 * self.value(&child, depth, me);
                }
                sum / total.max(1) as f64
            }
            Status::Decision => {
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let maximise = pos.to_move() == me;
                let mut best = if maximise {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                for mv in moves {
                    let mut child = pos.clone();
                    child.play(mv);
                    let v = self.value(&child, depth - 1, me);
                    best = if maximise { best.max(v) } else { best.min(v) };
                }
                best
            }
        }
    }
}
