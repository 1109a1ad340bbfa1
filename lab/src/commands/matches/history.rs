//! What an external engine is told of its game: its side's view at the
//! start and every step since, as `position START moves STEP...` — the way
//! UCI sends `position startpos moves ...`. The engine rebuilds its view by
//! playing the steps itself, so the only position text it must read is the
//! start's: a build that predates a later field of the notation (Stratego's
//! `quiet:` and `clue:`, for one) still plays, and a change can always be
//! measured against the previous release.
//!
//! The steps are those of the viewer's game, not the referee's. Where the
//! viewer meets chance the true game does not — a Stratego battle against
//! a piece whose rank it has not seen — the history adds the outcome that
//! makes the viewer's replay equal its observation of the true game (the
//! rank the battle showed), and checks after every step that it does.

use starcut::{Game, Player, Status, Step};

/// One side's view of a game, kept as its start and steps.
pub struct ViewHistory<G: Game> {
    player: Player,
    start: String,
    view: G,
    steps: Vec<String>,
    outcomes: Vec<(G::Outcome, u32)>,
}

impl<G: Game> ViewHistory<G> {
    /// `player`'s history of a game that starts at `truth`.
    pub fn new(truth: &G, player: Player) -> Self {
        let view = truth.observation(player);
        ViewHistory {
            player,
            start: view.position_text(),
            view,
            steps: Vec::new(),
            outcomes: Vec::new(),
        }
    }

    /// The view at the start, as a position text.
    pub fn start(&self) -> &str {
        &self.start
    }

    /// The viewer's steps since the start, in the game's notation.
    pub fn steps(&self) -> &[String] {
        &self.steps
    }

    /// The view the steps lead to (its observation of the true game).
    pub fn view(&self) -> &G {
        &self.view
    }

    /// Follows one step of the true game: `text` is the step as written
    /// in the true game before it, `truth` the true game after it. An
    /// error names the step the viewer cannot follow (a referee's bug,
    /// never the engine's).
    pub fn follow(&mut self, text: &str, truth: &G) -> Result<(), String> {
        let step = self
            .view
            .parse_step(text)
            .map_err(|e| format!("the {:?} view cannot follow '{text}': {e}", self.player))?;
        self.view.apply_step(step);
        self.steps.push(text.to_string());
        let want = truth.observation(self.player).position_text();
        while self.view.status() == Status::Chance && self.view.position_text() != want {
            self.view.chance_outcomes(&mut self.outcomes);
            let shown = self.outcomes.iter().map(|&(o, _)| o).find(|&o| {
                let mut v = self.view.clone();
                v.apply_outcome(o);
                v.position_text() == want
            });
            let Some(o) = shown else {
                return Err(format!(
                    "no outcome after '{text}' leads the {:?} view to its observation {want}",
                    self.player
                ));
            };
            self.steps.push(self.view.step_text(Step::Outcome(o)));
            self.view.apply_outcome(o);
        }
        let got = self.view.position_text();
        if got != want {
            return Err(format!(
                "after '{text}' the {:?} view replays to {got}, not its observation {want}",
                self.player
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use starcut::stratego::{Stratego, StrategoConfig, Variant};

    /// Plays `steps` (true-game texts) and returns the history of `player`.
    fn follow(truth: &str, player: Player, steps: &[&str]) -> ViewHistory<Stratego> {
        let config = StrategoConfig::for_variant(Variant::Barrage);
        let mut pos = Stratego::parse_position(&config, truth).unwrap();
        let mut h = ViewHistory::new(&pos, player);
        for text in steps {
            let step = pos.parse_step(text).unwrap();
            pos.apply_step(step);
            h.follow(text, &pos).unwrap();
        }
        h
    }

    const BARRAGE: &str = "bFbB8/10/10/b1b22b8b92bSb9/10/10/10/r9r92r8r12rSr2/10/rFrB8 r";

    #[test]
    fn a_battle_adds_the_rank_it_showed_to_the_viewers_steps() {
        // Red's Scout runs onto Blue's hidden General and loses.
        let red = follow(BARRAGE, Player::First, &["b3b7"]);
        assert_eq!(red.steps(), ["b3b7", "=2"]);
        assert!(red.start().contains('?'), "{}", red.start());
        // Blue knew the attacker: a Scout run shows its rank.
        let blue = follow(BARRAGE, Player::Second, &["b3b7"]);
        assert_eq!(blue.steps(), ["b3b7"]);
        // One step at a time, the attacker stays hidden from the defender:
        // Red's Marshal walks up and takes Blue's Scout on f7.
        let walk = ["f3f4", "e7e6", "f4f5", "e6e5", "f5f6", "e5e4", "f6f7"];
        let blue = follow(BARRAGE, Player::Second, &walk);
        assert_eq!(blue.steps()[walk.len()..], ["=1"]);
        let red = follow(BARRAGE, Player::First, &walk);
        assert_eq!(red.steps()[walk.len()..], ["=9"]);
        // The steps rebuild the view from the start text alone.
        let config = StrategoConfig::for_variant(Variant::Barrage);
        let mut v = Stratego::parse_position(&config, red.start()).unwrap();
        for s in red.steps() {
            let step = v.parse_step(s).unwrap();
            v.apply_step(step);
        }
        assert_eq!(v.position_text(), red.view().position_text());
    }

    #[test]
    fn a_quiet_move_is_one_step() {
        let red = follow(BARRAGE, Player::First, &["e3e4", "e7e6"]);
        assert_eq!(red.steps(), ["e3e4", "e7e6"]);
    }
}
