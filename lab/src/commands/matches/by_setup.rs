//! A match from preset setups, scored setup by setup.
//!
//! With `--setups presets` every start is a pair of named setups
//! (`arts-6/arts-9`: Red's, then Blue's), and A plays the Red one in one
//! game of the pair and the Blue one in the other. Which setup a side
//! plays decides much of a Stratego game: in the handicap check's complete
//! rounds the full side lost 15 of 36 games with `arts-6` and 1 with
//! `arts-4` (docs/stratego-strength.md). So the summary adds A's wins, draws and
//! losses with each setup it played, and against each setup B played, in
//! the order the presets first appear.

use std::fmt::Write as _;

use super::results::{Colour, GameResult};
use super::stats::Tally;

/// A's tally per setup: A's own setup, and B's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BySetup {
    pub a: Vec<(String, Tally)>,
    pub b: Vec<(String, Tally)>,
}

/// The setups of one game as (A's, B's), from its start label
/// (`red/blue`), or `None` when the label is not a pair of setups.
fn setups_of(g: &GameResult) -> Option<(&str, &str)> {
    let (red, blue) = g.start.split_once('/')?;
    if red.is_empty() || blue.is_empty() || blue.contains('/') {
        return None;
    }
    Some(match g.a_colour {
        Colour::First => (red, blue),
        Colour::Second => (blue, red),
    })
}

impl BySetup {
    /// The tallies of `games` (in index order), or `None` when some game's
    /// start is not a pair of setups.
    pub fn of(games: &[GameResult]) -> Option<BySetup> {
        let mut by = BySetup::default();
        for g in games {
            let (a, b) = setups_of(g)?;
            entry(&mut by.a, a).count(g.result);
            entry(&mut by.b, b).count(g.result);
        }
        Some(by)
    }

    /// The two summary lines.
    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "A by its setup (won-drawn-lost): {}", line(&self.a));
        let _ = write!(s, "A by B's setup (won-drawn-lost): {}", line(&self.b));
        s
    }
}

/// The tally of `name` in `list`, added at the end when it is new.
fn entry<'a>(list: &'a mut Vec<(String, Tally)>, name: &str) -> &'a mut Tally {
    let i = match list.iter().position(|(n, _)| n == name) {
        Some(i) => i,
        None => {
            list.push((name.to_string(), Tally::default()));
            list.len() - 1
        }
    };
    &mut list[i].1
}

/// `arts-3 16-1-1, arts-4 17-0-1`, with ` (2 errors)` after a setup's
/// counts when some of its games failed to run.
fn line(list: &[(String, Tally)]) -> String {
    let parts: Vec<String> = list
        .iter()
        .map(|(name, t)| {
            let errors = match t.errors {
                0 => String::new(),
                1 => " (1 error)".to_string(),
                n => format!(" ({n} errors)"),
            };
            format!("{name} {}-{}-{}{errors}", t.a_wins, t.draws, t.b_wins)
        })
        .collect();
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::super::results::Outcome;
    use super::*;

    fn game(index: usize, start: &str, a_colour: Colour, result: Outcome) -> GameResult {
        GameResult {
            index,
            seed: 0,
            start: start.to_string(),
            a_colour,
            result,
            error: None,
            failure: None,
            plies: 10,
            steps: 10,
            cut: false,
            end: None,
            nodes_a: 0,
            nodes_b: 0,
            searches_a: 5,
            searches_b: 5,
            depths_a: Vec::new(),
            depths_b: Vec::new(),
            time_ms: 1.0,
        }
    }

    #[test]
    fn each_game_counts_for_the_setup_each_side_played() {
        use Colour::{First, Second};
        use Outcome::{AWin, BWin, Draw, Error};
        let games = [
            // A is Red in the even game of a pair, Blue in the odd one.
            game(0, "arts-6/arts-9", First, BWin),
            game(1, "arts-6/arts-9", Second, AWin),
            game(2, "arts-9/arts-6", First, AWin),
            game(3, "arts-9/arts-6", Second, Draw),
            game(4, "arts-6/arts-6", First, Error),
        ];
        let by = BySetup::of(&games).unwrap();
        let names = |l: &[(String, Tally)]| l.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        assert_eq!(names(&by.a), ["arts-6", "arts-9"]);
        assert_eq!(names(&by.b), ["arts-9", "arts-6"]);
        // A with arts-6: lost game 0, drew game 3 (A Blue, Blue's arts-6),
        // and game 4 failed.
        let six = by.a[0].1;
        assert_eq!(
            (six.a_wins, six.draws, six.b_wins, six.errors),
            (0, 1, 1, 1)
        );
        // A with arts-9: won games 1 and 2.
        assert_eq!((by.a[1].1.a_wins, by.a[1].1.decided()), (2, 2));
        // Against B's arts-9 (games 0 and 3): a loss and a draw.
        let vs9 = by.b[0].1;
        assert_eq!((vs9.a_wins, vs9.draws, vs9.b_wins), (0, 1, 1));
        assert_eq!(
            by.text(),
            "A by its setup (won-drawn-lost): arts-6 0-1-1 (1 error), arts-9 2-0-0\n\
             A by B's setup (won-drawn-lost): arts-9 0-1-1, arts-6 2-0-0 (1 error)"
        );
    }

    #[test]
    fn starts_that_are_not_setup_pairs_give_nothing() {
        for label in ["start", "line 3", "random-0", "/arts-3", "a/b/c"] {
            let games = [game(0, label, Colour::First, Outcome::AWin)];
            assert_eq!(BySetup::of(&games), None, "{label}");
        }
        assert_eq!(BySetup::of(&[]), Some(BySetup::default()));
    }
}
