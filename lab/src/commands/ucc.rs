//! `starcut ucc-agent`: starcut as an agent of the Stratego AI Evaluator,
//! the manager program of the 2012 UCC programming competition
//! (`shared/references/ucc-stratego-protocol.md`; notation in
//! `starcut::stratego::ucc`).
//!
//! The agent keeps its own view of the game from the outcomes alone: it
//! starts from its setup and an unknown enemy army on the enemy's forty
//! squares, plays its moves and the enemy's into that view, and resolves
//! every battle with an unknown piece by the rank the outcome reveals. It
//! searches only that view. The board lines the manager sends each turn
//! are checked against it (`--strict`: a difference ends the agent with an
//! error; otherwise it is reported on stderr). A line starting with `QUIT`
//! ends the agent at once, wherever it comes.

use std::io::{BufRead, Write};

use anyhow::{anyhow, bail, Context, Result};
use starcut::search::{Limits, NoTrace, SearchConfig, Searcher, StdClock};
use starcut::stratego::ucc::{
    board_lines, parse_setup_lines, setup_lines, UccMove, UccOutcome, UccReport,
};
use starcut::stratego::{random_setup, Move, Setup, Stratego, StrategoConfig, Variant};
use starcut::{Game, Player, Status};

/// Chooses the agent's moves.
pub trait Chooser {
    /// A legal move of the side to move in `view`, or `None` to surrender.
    fn choose(&mut self, view: &Stratego) -> Option<Move>;
}

/// The engine's search.
pub struct SearchChooser {
    pub searcher: Searcher<Stratego>,
    pub limits: Limits,
}

impl Chooser for SearchChooser {
    fn choose(&mut self, view: &Stratego) -> Option<Move> {
        let clock = StdClock::new();
        let r = self
            .searcher
            .search(view, &self.limits, &clock, &mut NoTrace, &mut |_| {});
        r.best
    }
}

/// How the agent ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// `QUIT [RESULT]` from the manager.
    Quit(String),
    /// The manager's input ended.
    EndOfInput,
}

/// The agent: its colour, setup and view.
pub struct Agent<C: Chooser> {
    chooser: C,
    setup: Setup,
    strict: bool,
    colour: Player,
    view: Option<Stratego>,
    /// Board differences found (each a message).
    pub warnings: Vec<String>,
}

impl<C: Chooser> Agent<C> {
    pub fn new(chooser: C, setup: Setup, strict: bool) -> Self {
        Agent {
            chooser,
            setup,
            strict,
            colour: Player::First,
            view: None,
            warnings: Vec::new(),
        }
    }

    /// The agent's view of the game (after the setup line).
    #[cfg(test)]
    pub fn view(&self) -> Option<&Stratego> {
        self.view.as_ref()
    }

    /// Plays one game: reads the manager's lines from `input`, writes the
    /// agent's to `out` (flushed line by line).
    pub fn run(&mut self, input: impl BufRead, mut out: impl Write) -> Result<End> {
        let mut lines = input.lines();
        let mut next = move || -> Result<Option<String>> {
            for line in lines.by_ref() {
                let line = line.context("reading from the manager")?;
                if !line.trim().is_empty() {
                    return Ok(Some(line.trim().to_string()));
                }
            }
            Ok(None)
        };
        macro_rules! line_or_end {
            () => {
                match next()? {
                    None => return Ok(End::EndOfInput),
                    Some(l) if l.starts_with("QUIT") => {
                        return Ok(End::Quit(l["QUIT".len()..].trim().to_string()))
                    }
                    Some(l) => l,
                }
            };
        }
        let first = line_or_end!();
        self.start(&first)?;
        for line in setup_lines(self.colour, &self.setup) {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        loop {
            let turn = line_or_end!();
            if turn != "START" {
                let report =
                    UccReport::parse(&turn).map_err(|e| anyhow!("the enemy's move {e}"))?;
                self.apply(report, self.colour.other())?;
            }
            let mut board = Vec::with_capacity(10);
            for _ in 0..10 {
                board.push(line_or_end!());
            }
            self.check_board(&board)?;
            let view = self.view.as_ref().ok_or_else(|| anyhow!("no game"))?;
            if !matches!(view.status(), Status::Decision) || view.to_move() != self.colour {
                bail!(
                    "the manager asks for a move, but in the agent's view it is not its turn ({})",
                    view.position_text()
                );
            }
            let Some(mv) = self.chooser.choose(view) else {
                writeln!(out, "SURRENDER")?;
                out.flush()?;
                continue;
            };
            let ucc = UccMove::from_move(mv);
            writeln!(out, "{ucc}")?;
            out.flush()?;
            let confirmation = line_or_end!();
            let report = UccReport::parse(&confirmation)
                .map_err(|e| anyhow!("the confirmation of {ucc}: {e}"))?;
            if report.mv.to_move() != Some(mv) {
                bail!("the manager confirmed '{confirmation}' for the move '{ucc}'");
            }
            if report.outcome == UccOutcome::Illegal {
                bail!("the manager called '{ucc}' illegal");
            }
            self.apply(report, self.colour)?;
        }
    }

    /// Reads `COLOUR OPPONENT WIDTH HEIGHT` and sets up the view.
    fn start(&mut self, line: &str) -> Result<()> {
        let words: Vec<&str> = line.split_whitespace().collect();
        self.colour = match words.first().map(|w| w.to_ascii_uppercase()) {
            Some(w) if w == "RED" => Player::First,
            Some(w) if w == "BLUE" => Player::Second,
            _ => bail!("'{line}': expected 'RED|BLUE OPPONENT WIDTH HEIGHT'"),
        };
        if let [.., w, h] = words[..] {
            if (w, h) != ("10", "10") && words.len() >= 4 {
                bail!("'{line}': only a 10 x 10 board is supported");
            }
        }
        // The enemy's ranks are unknown: any army of the right size on its
        // forty squares gives the same view.
        let config = StrategoConfig::for_variant(Variant::Stratego);
        let unknown = random_setup(Variant::Stratego, 0);
        let (red, blue) = match self.colour {
            Player::First => (&self.setup, &unknown),
            Player::Second => (&unknown, &self.setup),
        };
        let truthless =
            Stratego::from_setups(&config, red, blue).map_err(|e| anyhow!("setup: {e}"))?;
        self.view = Some(truthless.view_for(self.colour));
        Ok(())
    }

    /// Plays a reported move of `mover` into the view.
    fn apply(&mut self, report: UccReport, mover: Player) -> Result<()> {
        let view = self.view.as_mut().ok_or_else(|| anyhow!("no game"))?;
        let mv = report
            .mv
            .to_move()
            .ok_or_else(|| anyhow!("'{report}': the move leaves the board"))?;
        let attacker = view
            .piece_at(mv.from)
            .filter(|p| p.colour() == mover)
            .ok_or_else(|| anyhow!("'{report}': no piece of the mover on {}", mv.from))?;
        let defender = view.piece_at(mv.to);
        if !view.is_legal(mv) {
            // The manager's rules decide; the agent follows (its own
            // two-squares count may be stricter).
            self.warnings.push(format!(
                "'{report}' is not legal in the agent's view; played anyway"
            ));
        }
        view.play_move(mv);
        if view.status() == Status::Chance {
            // A battle with an unknown piece: the outcome names its rank.
            let revealed = match report.outcome {
                UccOutcome::VictoryFlag => starcut::stratego::Rank::Flag,
                o => {
                    let (a, d) = o
                        .ranks()
                        .ok_or_else(|| anyhow!("'{report}': a battle without ranks"))?;
                    if attacker.rank().is_none() {
                        a
                    } else {
                        d
                    }
                }
            };
            view.apply_rank_outcome(revealed);
        }
        // The view must now show what the outcome says.
        let (from, to) = (view.piece_at(mv.from), view.piece_at(mv.to));
        let holds = match report.outcome {
            UccOutcome::Ok => {
                defender.is_none() && from.is_none() && to.is_some_and(|p| p.colour() == mover)
            }
            UccOutcome::Kills(..) | UccOutcome::VictoryFlag => {
                from.is_none() && to.is_some_and(|p| p.colour() == mover)
            }
            UccOutcome::Dies(..) => from.is_none() && to.is_some_and(|p| p.colour() != mover),
            UccOutcome::BothDie(..) => from.is_none() && to.is_none(),
            UccOutcome::Illegal => true,
        };
        if !holds {
            let msg = format!(
                "'{report}': the agent's view disagrees ({})",
                view.position_text()
            );
            if self.strict {
                bail!(msg);
            }
            self.warnings.push(msg);
        }
        Ok(())
    }

    /// Compares the manager's board with the view.
    fn check_board(&mut self, board: &[String]) -> Result<()> {
        let view = self.view.as_ref().ok_or_else(|| anyhow!("no game"))?;
        let mine = board_lines(view, self.colour);
        for (y, (got, want)) in board.iter().zip(&mine).enumerate() {
            // Some managers print unknown own ranks or spacing differently;
            // compare the squares only.
            let got: Vec<char> = got.chars().filter(|c| !c.is_whitespace()).collect();
            let want: Vec<char> = want.chars().collect();
            if got != want {
                let msg = format!(
                    "board row y={y}: the manager shows '{}', the agent's view '{}'",
                    got.iter().collect::<String>(),
                    want.iter().collect::<String>()
                );
                if self.strict {
                    bail!(msg);
                }
                self.warnings.push(msg);
            }
        }
        Ok(())
    }
}

/// `starcut ucc-agent`.
pub fn run(
    setup: &str,
    seed: u64,
    config: SearchConfig,
    limits: Limits,
    strict: bool,
) -> Result<()> {
    let setup = choose_setup(setup, seed)?;
    let chooser = SearchChooser {
        searcher: Searcher::new(config),
        limits,
    };
    let mut agent = Agent::new(chooser, setup, strict);
    let stdin = std::io::stdin();
    let end = agent.run(stdin.lock(), std::io::stdout());
    for w in &agent.warnings {
        eprintln!("starcut ucc-agent: warning: {w}");
    }
    end.map(|_| ())
}

/// `random` (seeded), a preset name (`arts-3`..`arts-11`), or four UCC
/// setup lines joined by `/` as Red would write them (back row first).
pub fn choose_setup(text: &str, seed: u64) -> Result<Setup> {
    let setup = if text == "random" {
        random_setup(Variant::Stratego, seed)
    } else if let Some(s) = Setup::preset(text) {
        s
    } else {
        let lines: Vec<String> = text.split('/').map(str::to_string).collect();
        parse_setup_lines(Player::First, &lines).map_err(|e| anyhow!("--setup {e}"))?
    };
    setup
        .validate(Variant::Stratego)
        .map_err(|e| anyhow!("--setup '{text}': {e}"))?;
    Ok(setup)
}

#[cfg(test)]
mod tests;
