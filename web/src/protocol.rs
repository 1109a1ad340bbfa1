//! The messages the page and the search worker exchange.
//!
//! Both sides are Rust; messages cross the worker boundary as JS values made
//! by `serde-wasm-bindgen`. Every search request carries a job id chosen by
//! the page; the worker echoes it on every progress report and on the result,
//! so the page can drop reports of jobs it no longer waits for (a stopped
//! search, a move taken back while the engine was thinking).
//!
//! Positions travel as text in the game's notation. For Stratego the page
//! sends the engine side's own view (`view_for`), never the true position:
//! the worker cannot leak what it never receives.

use serde::{Deserialize, Serialize};

use crate::strength::Strength;

/// The games, as the engine names them: the worker protocol, saved games
/// and links carry the engine's own enum.
pub use starcut::registry::GameKind;

/// Every game, in the order the new-game menu lists them (Dice first: the
/// quickest to learn).
pub const GAME_MENU: [GameKind; 5] = [
    GameKind::Dice,
    GameKind::ChanceBreakthrough,
    GameKind::Breakthrough,
    GameKind::Stratego,
    GameKind::Barrage,
];

/// The chance-node algorithms and the kinds of cut, as the engine names
/// them: settings and reports carry the engine's own enums (serialized by
/// their text names: `staretc`, `alpha_beta`).
pub use starcut::search::{ChanceAlgo, CutKind, SearchMode};

/// When a search stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// Iterative deepening until this many milliseconds have passed.
    Time { ms: u32 },
    /// Exactly this many plies (decisions).
    Depth { plies: u32 },
}

/// The user's engine settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchSettings {
    /// A player's strength level, or the research settings' own limit.
    /// Messages and saves without it mean the research settings (what
    /// they meant before levels existed).
    #[serde(default = "research")]
    pub strength: Strength,
    pub algorithm: ChanceAlgo,
    /// Star2's probing factor (how many children each chance node probes).
    pub probe_factor: u32,
    pub tt: bool,
    pub history: bool,
    pub killers: bool,
    pub limit: Limit,
    /// Play (the worker keeps the game's table, history and killers from
    /// move to move, and uses deeper table entries) or exact (a fresh
    /// search every move, the papers' figures). Messages and saves without
    /// it mean play.
    #[serde(default = "play_mode")]
    pub mode: SearchMode,
    /// Forward pruning (not exact; off by default). Messages and saves
    /// without it mean off.
    #[serde(default)]
    pub forward: ForwardPruning,
    /// The game's opponent model (Stratego and Barrage: beliefs from setup
    /// habits and behaviour, an opponent blind to which unmoved piece is
    /// which; `starcut::stratego` model.rs); other games have none.
    /// Messages and saves without it mean [`OPPONENT_MODEL`].
    #[serde(default = "opponent_model")]
    pub opponent_model: bool,
}

/// Whether the opponent model is on unless a message or save says.
pub const OPPONENT_MODEL: bool = true;

fn opponent_model() -> bool {
    OPPONENT_MODEL
}

/// The forward-pruning techniques of the references, each on or off, with
/// the game's shipped regression models (`starcut::params`) for the two
/// ProbCuts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ForwardPruning {
    /// ChanceProbCut at chance nodes (Schadd): `Some(t)` with confidence
    /// factor t, `None` off.
    pub chance_probcut: Option<f64>,
    /// ProbCut at decision nodes (Buro), with its own t.
    pub probcut: Option<f64>,
    /// Multi-Cut (Winands et al., as Arts used it) with M = 10, C = 3, R = 2.
    pub multicut: bool,
}

impl ForwardPruning {
    /// Whether any technique is on (the value may then differ from
    /// expectimax's).
    pub fn any(&self) -> bool {
        self.chance_probcut.is_some() || self.probcut.is_some() || self.multicut
    }
}

fn research() -> Strength {
    Strength::Research
}

fn play_mode() -> SearchMode {
    SearchMode::Play
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            strength: Strength::default(),
            algorithm: ChanceAlgo::StarEtc,
            probe_factor: 1,
            tt: true,
            history: true,
            killers: true,
            limit: Limit::Time { ms: 1000 },
            mode: SearchMode::Play,
            forward: ForwardPruning::default(),
            opponent_model: OPPONENT_MODEL,
        }
    }
}

/// What the worker is asked to search.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchJob {
    pub game: GameKind,
    /// The game's `key=value` options.
    pub options: String,
    /// The position as the searching side knows it.
    pub position: String,
    pub settings: SearchSettings,
    /// From the game's seed: the evaluation noise of the low strength
    /// levels is a function of it and the position. 32 bits, so that it
    /// crosses to the worker as a JavaScript number.
    #[serde(default)]
    pub seed: u32,
}

/// A message from the page to the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum ToWorker {
    Search {
        job: u64,
        request: SearchJob,
    },
    /// Makes the worker panic: lets the tests check that a crashed worker is
    /// reported and replaced.
    Crash,
}

/// One outcome of a watched chance node.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChanceChild {
    /// The outcome in notation.
    pub label: String,
    pub probability: f64,
    /// Its value once searched (the chance node's point of view).
    pub value: Option<f64>,
}

/// The chance node below the root move being searched: its window and its
/// current [lower, upper] bounds (Star1/Star2), as the search last saw them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChanceView {
    /// The root move leading to it.
    pub after: String,
    /// Depth left at the chance node.
    pub depth: u32,
    pub alpha: f64,
    pub beta: f64,
    pub lower: f64,
    pub upper: f64,
    pub children: Vec<ChanceChild>,
    /// The forward-pruning cut that decided the node from estimates
    /// (ChanceProbCut), if one did: `lower`/`upper` then hold the estimated
    /// bound that left the window.
    #[serde(default)]
    pub estimated_cut: Option<CutKind>,
}

/// A snapshot of a search: sent while it runs and when it ends.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Deepest finished iteration (never the one still running).
    pub depth: u32,
    /// The move and value come from the iteration after `depth` (still
    /// running, or in the final report stopped by the time limit), where
    /// the move beat the last finished iteration's best (play mode;
    /// `Progress::deepened`, `SearchResult::deepened`).
    #[serde(default)]
    pub deepened: bool,
    pub nodes: u64,
    pub chance_nodes: u64,
    pub elapsed_ms: f64,
    pub nodes_per_second: f64,
    /// Cuts by kind, in the engine's order, only kinds that happened.
    pub cuts: Vec<(CutKind, u64)>,
    /// Best move so far, in notation.
    pub best: Option<String>,
    /// Principal variation, in notation (starting with `best`).
    pub pv: Vec<String>,
    /// Value of `best` for the side to move, in the game's units.
    pub value: Option<f64>,
    /// The game's evaluation bound U (for the eval bar).
    pub bound: f64,
    /// The search reached the end of the game in every line (a proven
    /// value, or the whole tree within the deepest iteration).
    #[serde(default)]
    pub solved: bool,
    /// The chance node below the root move being searched, if any.
    pub chance: Option<ChanceView>,
}

/// A message from the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum FromWorker {
    /// The worker's wasm has loaded; messages sent before this are lost.
    Ready,
    Progress {
        job: u64,
        report: Report,
    },
    Done {
        job: u64,
        report: Report,
    },
    /// The job could not run (bad position text, unknown game...).
    Failed {
        job: u64,
        error: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_menu_lists_every_game_once() {
        for kind in GameKind::ALL {
            assert_eq!(GAME_MENU.iter().filter(|&&k| k == kind).count(), 1);
        }
    }

    #[test]
    fn messages_round_trip_through_json() {
        let msg = ToWorker::Search {
            job: 7,
            request: SearchJob {
                game: GameKind::ChanceBreakthrough,
                options: "rows=6".into(),
                position: "5/5/5/5/5 c".into(),
                settings: SearchSettings::default(),
                seed: 3,
            },
        };
        let text = serde_json::to_string(&msg).unwrap();
        assert!(text.contains("\"type\":\"search\""), "{text}");
        assert!(text.contains("\"game\":\"chance-breakthrough\""), "{text}");
        assert_eq!(serde_json::from_str::<ToWorker>(&text).unwrap(), msg);
        // Settings written before strength levels mean the research ones.
        let old = r#"{"algorithm":"star1","probe_factor":1,"tt":true,"history":true,"killers":true,"limit":{"depth":{"plies":3}}}"#;
        let settings: SearchSettings = serde_json::from_str(old).unwrap();
        assert_eq!(settings.strength, Strength::Research);
        assert_eq!(settings.algorithm, ChanceAlgo::Star1);

        let back = FromWorker::Done {
            job: 7,
            report: Report {
                best: Some("c2".into()),
                cuts: vec![(CutKind::Star1CutII, 3)],
                ..Report::default()
            },
        };
        let text = serde_json::to_string(&back).unwrap();
        assert_eq!(serde_json::from_str::<FromWorker>(&text).unwrap(), back);
    }
}
