//! "Explain this move": the search tree of a live game's position as a
//! lecture tree. The position is the one the player sees (for Stratego
//! the player's own view: nothing hidden reaches the lecture), expanded by
//! [`starcut::tree::from_game`] into an explicit tree of at most 300 nodes
//! whose edges carry the game's moves and chance outcomes and whose leaves
//! carry the game's evaluation.

use super::bad;
use crate::error::WebResult;
use starcut::tree::from_game;

use crate::games::{self, KindVisitor};
use crate::protocol::GameKind;
use crate::session::WebGame;

/// A position's tree, ready for lecture mode.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionTree {
    /// The tree in the explicit-tree notation.
    pub text: String,
    /// The evaluation bound U of the game (the root window is (-U, U)).
    pub bound: f64,
    /// What was searched and what was left out.
    pub note: String,
}

/// The tree of the position `view` (in the game's notation, as the player
/// knows it).
///
/// # Errors
/// A position that does not parse, is not a decision, or whose smallest
/// tree is too large to draw.
pub fn tree_of(kind: GameKind, options: &str, view: &str) -> WebResult<PositionTree> {
    struct Build<'a>(&'a str);
    impl KindVisitor for Build<'_> {
        type Output = WebResult<PositionTree>;
        fn visit<G: WebGame>(self, _kind: GameKind, config: G::Config) -> Self::Output {
            let pos = G::parse_position(&config, self.0).map_err(|e| bad(e.to_string()))?;
            if pos.status() != starcut::Status::Decision {
                return Err(bad("the position is not a player's decision (the game is over or a roll is pending)"));
            }
            let tree = from_game::game_tree(&pos).map_err(|e| bad(e.to_string()))?;
            Ok(PositionTree {
                text: tree.text,
                bound: pos.bound(),
                note: tree.note,
            })
        }
    }
    games::visit(kind, options, Build(view))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lecture::{Lecture, LectureSettings};

    fn lecture_of(kind: GameKind, view: &str) -> Lecture {
        let t = tree_of(kind, "", view).unwrap();
        let settings = LectureSettings {
            example: String::new(),
            tree: t.text,
            algorithm: "star2".into(),
            alpha: -t.bound,
            beta: t.bound,
            cursor: 0,
            random: String::new(),
        };
        Lecture::load(&settings).unwrap()
    }

    #[test]
    fn a_dice_position_becomes_a_lecture_with_the_games_moves() {
        let l = lecture_of(GameKind::Dice, "1c2r/cr3/2cr1/4c/r4 c 3");
        assert!(l.tree.nodes.len() <= 300);
        // The root's edges are the legal placements in column c.
        let steps: Vec<&str> = l.tree.nodes[0]
            .children
            .iter()
            .map(|&c| l.tree.nodes[c].step.as_str())
            .collect();
        assert!(!steps.is_empty());
        assert!(steps.iter().all(|s| s.starts_with('c')), "{steps:?}");
        assert!(!l.replay.is_empty());
    }

    #[test]
    fn a_stratego_view_never_shows_hidden_ranks() {
        // The engine's pieces are hidden in Red's view.
        let view = "b?b?8/b?b?b?b?b?5/10/10/b?9/10/r99/10/r1r2r8r9rS5/rFrB8 r";
        let t = tree_of(GameKind::Barrage, "", view).unwrap();
        assert!(
            !t.text.contains("bF") && !t.text.contains("b1"),
            "{}",
            t.text
        );
        let l = lecture_of(GameKind::Barrage, view);
        assert!(l.tree.nodes.len() <= 300);
    }

    #[test]
    fn bad_positions_are_named() {
        assert!(tree_of(GameKind::Dice, "", "junk").is_err());
        let over = tree_of(GameKind::Dice, "size=3", "ccc/rr1/3 r").unwrap_err();
        assert!(
            over.detail.contains("decision") || over.detail.contains("over"),
            "{over}"
        );
    }
}
