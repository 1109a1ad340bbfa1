//! What a newcomer needs before the first move: a line about each game, a
//! small picture of its board, and its rules in a few sentences with the
//! board's conventions (Stratego's numbering and markers, Dice's die and
//! lines, ChanceBreakthrough's `roll`).

use crate::games;
use crate::protocol::GameKind;

/// One line for the game chooser.
pub fn summary(kind: GameKind) -> &'static str {
    match kind {
        GameKind::Dice => "Fill a row, column or diagonal with your checkers; a die picks your line each turn.",
        GameKind::ChanceBreakthrough => {
            "Race a piece to the far rank; instead of moving you may roll two dice to knock out a square."
        }
        GameKind::Breakthrough => "Race a piece to the far rank, capturing diagonally: no dice at all.",
        GameKind::Stratego => "Capture the hidden enemy Flag with an army of 40 whose ranks only you can see.",
        GameKind::Barrage => "Stratego with 8 pieces a side: quick games, every piece counts.",
    }
}

/// The rules in short paragraphs.
pub fn rules(kind: GameKind) -> Vec<&'static str> {
    match kind {
        GameKind::Dice => vec![
            "Two players on a square board (5x5 by default): Columns (red, moves first) and Rows (blue).",
            "Before every move a die is rolled. Columns must place a checker in the rolled column, Rows in the rolled row; a line that is already full is never rolled. The highlighted line on the board is the one the die picked; click one of its empty squares (dots).",
            "Complete a whole row, column or long diagonal with your own checkers to win. A full board without such a line is a draw.",
            "Moves are written as the square (c3); a roll as its number.",
        ],
        GameKind::ChanceBreakthrough => vec![
            "White starts on the two bottom ranks, Black on the two top ranks; White moves first.",
            "A piece moves one square straight or diagonally forward to an empty square, and captures diagonally forward.",
            "Instead of moving you may press Roll (the move `roll`): two dice pick one of the squares at random, and whatever stands there is removed — yours, the opponent's, or nothing (`none`). The square is crossed out on the board.",
            "Reach the far rank with a piece, or capture every enemy piece, to win. The game is drawn after the move limit (500 plies).",
        ],
        GameKind::Breakthrough => vec![
            "White starts on the two bottom ranks, Black on the two top ranks; White moves first.",
            "A piece moves one square straight or diagonally forward to an empty square, and captures diagonally forward (never straight).",
            "Reach the far rank with a piece, or leave the opponent without a piece or a move, to win.",
        ],
        GameKind::Stratego | GameKind::Barrage => {
            let mut r = vec![
                "Each side sets up its army on its four back ranks; you see your own ranks, the engine's pieces are face down. Red moves first.",
                "Ranks, strongest first: 1 Marshal, 2 General, 3 Colonel, 4 Major, 5 Captain, 6 Lieutenant, 7 Sergeant, 8 Miner, 9 Scout; S Spy, B Bomb, F Flag.",
                "A piece moves one square up, down or sideways (never into the lakes); a Scout runs any number of empty squares in a line and may attack at its end. Bombs and the Flag never move.",
                "Attacking reveals both ranks: the stronger piece wins, equal ranks both go. The Spy beats the Marshal only when the Spy attacks. Any attacker on a Bomb dies, except a Miner, which defuses it.",
                "Capture the enemy Flag, or leave the enemy with no piece that can move, to win.",
                "On the board: a hatched blue tile is an enemy piece never moved (it could be a Bomb or the Flag); a gold dot on your piece means the engine knows its rank. The battle box under the board shows both ranks and who won.",
                "In Stratego an undo never goes back past a move that revealed something (a battle, a Scout run, a piece's first move): what was seen stays seen.",
            ];
            if kind == GameKind::Barrage {
                r[0] = "Each side has 8 pieces: Marshal, General, Miner, two Scouts, Spy, Bomb and Flag, set up on its four back ranks; you see your own ranks, the engine's pieces are face down. Red moves first.";
            }
            r
        }
    }
}

/// A small picture of the game's start position as SVG (`px` wide).
pub fn picture(kind: GameKind, px: f64) -> String {
    let session = match kind {
        GameKind::Stratego | GameKind::Barrage => {
            let red = games::setup::random(kind, 1);
            let blue = games::setup::random(kind, 2);
            games::setup::session(kind, "", &red, &blue)
        }
        // Dice starts empty: show a game under way instead.
        GameKind::Dice => games::load_session(kind, "", "c1r1c/1r1c1/c1r2/2c1r/r1c2 r 2"),
        _ => games::new_session(kind, ""),
    };
    let Ok(session) = session else {
        return String::new();
    };
    let board = session.board_at(0, Some(starcut::Player::First));
    let s = px / f64::from(board.rows.max(board.cols));
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.1} {h:.1}\" aria-hidden=\"true\">",
        w = s * f64::from(board.cols),
        h = s * f64::from(board.rows)
    );
    for row in 0..board.rows {
        for col in 0..board.cols {
            let sq = crate::board::Sq { row, col };
            let fill = crate::board::square_fill(kind, &board, sq);
            let (x, y) = (f64::from(col) * s, f64::from(row) * s);
            svg.push_str(&format!(
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{s:.1}\" height=\"{s:.1}\" fill=\"{fill}\"/>"
            ));
            let Some(piece) = board.at(sq) else { continue };
            let (colour, _) = crate::board::piece_colours(kind, piece.owner);
            if kind.is_stratego() {
                svg.push_str(&format!(
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{w:.1}\" height=\"{w:.1}\" fill=\"{colour}\"/>",
                    x + s * 0.1,
                    y + s * 0.1,
                    w = s * 0.8
                ));
            } else {
                svg.push_str(&format!(
                    "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{colour}\" stroke=\"#333\" stroke-width=\"0.6\"/>",
                    x + s / 2.0,
                    y + s / 2.0,
                    s * 0.36
                ));
            }
        }
    }
    svg.push_str("</svg>");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::GAME_MENU;

    #[test]
    fn every_game_has_a_line_rules_and_a_picture() {
        for kind in GAME_MENU {
            assert!(!summary(kind).is_empty());
            assert!(rules(kind).len() >= 3, "{kind:?}");
            let svg = picture(kind, 96.0);
            assert!(
                svg.starts_with("<svg") && svg.ends_with("</svg>"),
                "{kind:?}"
            );
            assert!(svg.matches("<rect").count() >= 25, "{kind:?}");
        }
        // Stratego's rules give the numbering and the markers.
        let text = rules(GameKind::Stratego).join(" ");
        for needle in [
            "1 Marshal",
            "9 Scout",
            "S Spy",
            "B Bomb",
            "F Flag",
            "gold dot",
        ] {
            assert!(text.contains(needle), "{needle}");
        }
        assert!(rules(GameKind::ChanceBreakthrough)
            .join(" ")
            .contains("roll"));
    }
}
