//! Helpers shared by the Stratego integration tests: building positions from
//! a list of pieces, and playing moves by their text.
#![allow(dead_code)]

use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, Status};

/// Builds a board field from `(square, piece)` pairs like `("e4", "r5")`,
/// written independently of the engine's printer (a 10x10 grid of tokens).
pub fn board_text(pieces: &[(&str, &str)]) -> String {
    let mut grid: Vec<Vec<Option<String>>> = vec![vec![None; 10]; 10];
    for (sq, piece) in pieces {
        let b = sq.as_bytes();
        let file = (b[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        assert!(grid[rank - 1][file].is_none(), "two pieces on {sq}");
        grid[rank - 1][file] = Some(piece.to_string());
    }
    let mut rows = Vec::new();
    for rank in (0..10).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for cell in &grid[rank] {
            match cell {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row += &empty.to_string();
                        empty = 0;
                    }
                    row += p;
                }
            }
        }
        if empty > 0 {
            row += &empty.to_string();
        }
        rows.push(row);
    }
    rows.join("/")
}

/// A position from pieces and the remaining fields (`"r"`, `"b r9 ply:3"`).
pub fn pos_with(config: StrategoConfig, pieces: &[(&str, &str)], rest: &str) -> Stratego {
    let text = format!("{} {}", board_text(pieces), rest);
    Stratego::parse(&config, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A standard-rules position.
pub fn pos(pieces: &[(&str, &str)], rest: &str) -> Stratego {
    pos_with(StrategoConfig::default(), pieces, rest)
}

/// A Barrage position.
pub fn barrage(pieces: &[(&str, &str)], rest: &str) -> Stratego {
    pos_with(StrategoConfig::for_variant(Variant::Barrage), pieces, rest)
}

/// The legal moves as sorted texts.
pub fn moves(p: &Stratego) -> Vec<String> {
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    let mut t: Vec<String> = v.iter().map(|&m| p.move_text(m)).collect();
    t.sort();
    t
}

/// The legal moves of the piece on `from`, as sorted destination squares.
pub fn targets(p: &Stratego, from: &str) -> Vec<String> {
    let mut t: Vec<String> = moves(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .map(|m| m[from.len()..].to_string())
        .collect();
    t.sort();
    t
}

/// Plays a move or outcome given as text; panics with the reason if illegal.
pub fn step(p: &mut Stratego, text: &str) {
    let s = p
        .parse_step(text)
        .unwrap_or_else(|e| panic!("{text} in {}: {e}", p.position_text()));
    p.apply_step(s);
}

/// Plays several steps.
pub fn steps(p: &mut Stratego, texts: &str) {
    for t in texts.split_whitespace() {
        step(p, t);
    }
}

/// Whether the step is accepted.
pub fn accepts(p: &Stratego, text: &str) -> bool {
    p.parse_step(text).is_ok()
}

/// The chance outcomes as (`=r`, weight) texts in engine order.
pub fn outcomes(p: &Stratego) -> Vec<(String, u32)> {
    assert_eq!(p.status(), Status::Chance);
    let mut v = Vec::new();
    p.chance_outcomes(&mut v);
    v.iter().map(|&(o, w)| (p.outcome_text(o), w)).collect()
}
