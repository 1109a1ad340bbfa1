//! The engine as the page sees it: the worker's life cycle, the job it
//! waits for, the latest report, the hint and the user's search settings.
//!
//! Every job has an id; a report of any other job is stale and dropped. A
//! report remembers the step count it was made at, so the page never shows
//! (or plays) a search of another position as if it were this one's.

use starcut::Player;

use super::Effect;
use crate::protocol::{FromWorker, Report, SearchJob, SearchSettings, ToWorker};

/// The worker's life cycle as the page sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerState {
    Loading,
    Ready,
    Failed(String),
}

/// What a running search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The engine's own move.
    Reply,
    /// A hint for the human.
    Hint,
    /// The game review's evaluation of the position at the job's step.
    Review,
}

/// The job the page waits for.
#[derive(Clone, Debug, PartialEq)]
pub struct Thinking {
    pub job: u64,
    pub purpose: Purpose,
    /// The step count the job was started at: a result for another position
    /// is never played.
    pub at: usize,
}

/// A finished job, as the engine state hands it back when the worker
/// reports the end of the job the page waits for.
#[derive(Clone, Debug, PartialEq)]
pub enum Finished {
    /// The engine's move for the position at step `at`.
    Reply { best: String, at: usize },
    /// A hint was found (kept by the engine state).
    Hint,
    /// The review's value of the position at step `at`, from the view of
    /// the side to move there (`None`: it could not be searched).
    Review { at: usize, value: Option<f64> },
    /// The search ended without a move, or could not run.
    Failed(String),
}

/// A search report and where it belongs.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownReport {
    pub report: Report,
    /// The side whose point of view the report's value takes.
    pub side: Player,
    /// The step count of the position searched.
    pub at: usize,
}

/// The engine's side of the model.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineState {
    worker: WorkerState,
    thinking: Option<Thinking>,
    next_job: u64,
    report: Option<ShownReport>,
    /// A finished hint and the step count it is for.
    hint: Option<(String, usize)>,
    settings: SearchSettings,
}

impl Default for EngineState {
    fn default() -> Self {
        EngineState {
            worker: WorkerState::Loading,
            thinking: None,
            next_job: 1,
            report: None,
            hint: None,
            settings: SearchSettings::default(),
        }
    }
}

impl EngineState {
    pub fn worker(&self) -> &WorkerState {
        &self.worker
    }

    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    pub fn report(&self) -> Option<&ShownReport> {
        self.report.as_ref()
    }

    /// The hint for the position at step `at`, if one was found there.
    pub fn hint_at(&self, at: usize) -> Option<&str> {
        self.hint
            .as_ref()
            .filter(|(_, n)| *n == at)
            .map(|(h, _)| h.as_str())
    }

    pub fn settings(&self) -> &SearchSettings {
        &self.settings
    }

    pub(super) fn set_settings(&mut self, settings: SearchSettings) {
        self.settings = settings;
    }

    pub(super) fn set_worker(&mut self, state: WorkerState) {
        self.worker = state;
    }

    /// Forgets the report and the hint (a new game, another position).
    pub(super) fn clear(&mut self) {
        self.report = None;
        self.hint = None;
    }

    pub(super) fn clear_hint(&mut self) {
        self.hint = None;
    }

    /// Starts a job for `request`, searched by `side` at step `at`.
    pub(super) fn start(
        &mut self,
        purpose: Purpose,
        side: Player,
        at: usize,
        request: SearchJob,
        effects: &mut Vec<Effect>,
    ) {
        let job = self.next_job;
        self.next_job += 1;
        self.thinking = Some(Thinking { job, purpose, at });
        // A review's searches do not take over the panel.
        if purpose != Purpose::Review {
            self.report = Some(ShownReport {
                report: Report::default(),
                side,
                at,
            });
        }
        effects.push(Effect::Post(ToWorker::Search { job, request }));
    }

    /// Forgets the running search; a busy worker is replaced so the next
    /// job does not wait behind it. Returns the abandoned job.
    pub(super) fn cancel(&mut self, effects: &mut Vec<Effect>) -> Option<Thinking> {
        let was = self.thinking.take();
        if was.is_some() {
            self.worker = WorkerState::Loading;
            effects.push(Effect::RestartWorker);
        }
        was
    }

    /// The best move of the latest report.
    pub fn best_so_far(&self) -> Option<&str> {
        self.report.as_ref().and_then(|r| r.report.best.as_deref())
    }

    /// Takes a worker message; returns the finished job, if this message
    /// finished the job the page waits for.
    pub(super) fn receive(&mut self, reply: FromWorker) -> Option<Finished> {
        let job = match &reply {
            FromWorker::Ready => {
                self.worker = WorkerState::Ready;
                return None;
            }
            FromWorker::Progress { job, .. }
            | FromWorker::Done { job, .. }
            | FromWorker::Failed { job, .. } => *job,
        };
        let thinking = self.thinking.clone().filter(|t| t.job == job)?;
        if thinking.purpose == Purpose::Review {
            return match reply {
                FromWorker::Done { report, .. } => {
                    self.thinking = None;
                    Some(Finished::Review {
                        at: thinking.at,
                        value: report.value,
                    })
                }
                FromWorker::Failed { .. } => {
                    self.thinking = None;
                    Some(Finished::Review {
                        at: thinking.at,
                        value: None,
                    })
                }
                _ => None,
            };
        }
        match reply {
            FromWorker::Ready => None,
            FromWorker::Progress { report, .. } => {
                self.show(report);
                None
            }
            FromWorker::Done { report, .. } => {
                self.thinking = None;
                let best = report.best.clone();
                self.show(report);
                Some(match (thinking.purpose, best) {
                    (_, None) => Finished::Failed("The engine found no move.".into()),
                    (Purpose::Hint, Some(best)) => {
                        self.hint = Some((best, thinking.at));
                        Finished::Hint
                    }
                    (Purpose::Reply, Some(best)) => Finished::Reply {
                        best,
                        at: thinking.at,
                    },
                    // Handled above: a review never reaches here.
                    (Purpose::Review, Some(_)) => Finished::Review {
                        at: thinking.at,
                        value: None,
                    },
                })
            }
            FromWorker::Failed { error, .. } => {
                self.thinking = None;
                Some(Finished::Failed(format!(
                    "The engine could not search: {error}"
                )))
            }
        }
    }

    /// Shows a report of the running job. Reports count the deepest
    /// finished iteration, and the depth shown never drops.
    fn show(&mut self, report: Report) {
        let Some(shown) = &mut self.report else {
            return;
        };
        let deepest = shown.report.depth;
        shown.report = report;
        // A move from the iteration after a shallower depth than shown is
        // not from one deeper than shown.
        shown.report.deepened &= shown.report.depth >= deepest;
        shown.report.depth = shown.report.depth.max(deepest);
    }

    /// Stops the running search: returns it and the best move so far.
    pub(super) fn stop(&mut self, effects: &mut Vec<Effect>) -> Option<(Thinking, Option<String>)> {
        let thinking = self.cancel(effects)?;
        let best = self.best_so_far().map(str::to_string);
        if thinking.purpose == Purpose::Hint {
            if let Some(best) = &best {
                self.hint = Some((best.clone(), thinking.at));
            }
        }
        Some((thinking, best))
    }

    /// The worker failed to load or crashed: the running job is lost.
    pub(super) fn failed(&mut self, error: String) -> Option<Thinking> {
        self.worker = WorkerState::Failed(error);
        self.thinking.take()
    }
}
