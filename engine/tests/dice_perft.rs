//! Dice perft: the data file's numbers, and the bitboard generator against a
//! deliberately naive one (a `Vec<Vec<char>>` board, lines checked square by
//! square).

use rand::rngs::SmallRng;
use rand::SeedableRng;
use starcut::dice::{Dice, DiceConfig};
use starcut::perft::perft;
use starcut::search::testing::random_step;
use starcut::{Game, Player, Status};

// ----- the naive reference ------------------------------------------------

#[derive(Clone, Debug)]
struct Naive {
    /// `board[row][col]`, row 0 = rank 1; '.', 'c' or 'r'.
    board: Vec<Vec<char>>,
    columns_to_move: bool,
    roll: Option<usize>,
}

#[derive(Clone, Debug, PartialEq)]
enum NaiveStatus {
    Decision,
    Chance,
    Over(Option<char>),
}

impl Naive {
    fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut board = Vec::new();
        for rank in fields[0].split('/') {
            let mut row = Vec::new();
            let mut run = 0;
            for ch in rank.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d;
                    continue;
                }
                row.extend(std::iter::repeat_n('.', run as usize));
                run = 0;
                row.push(ch);
            }
            row.extend(std::iter::repeat_n('.', run as usize));
            board.push(row);
        }
        board.reverse();
        Naive {
            board,
            columns_to_move: fields[1] == "c",
            roll: fields.get(2).map(|r| r.parse::<usize>().unwrap() - 1),
        }
    }

    fn m(&self) -> usize {
        self.board.len()
    }

    fn lines(&self) -> Vec<Vec<(usize, usize)>> {
        let m = self.m();
        let mut lines = Vec::new();
        for i in 0..m {
            lines.push((0..m).map(|k| (i, k)).collect());
            lines.push((0..m).map(|k| (k, i)).collect());
        }
        lines.push((0..m).map(|k| (k, k)).collect());
        lines.push((0..m).map(|k| (k, m - 1 - k)).collect());
        lines
    }

    fn status(&self) -> NaiveStatus {
        for line in self.lines() {
            for who in ['c', 'r'] {
                if line.iter().all(|&(r, c)| self.board[r][c] == who) {
                    return NaiveStatus::Over(Some(who));
                }
            }
        }
        if self.board.iter().flatten().all(|&ch| ch != '.') {
            return NaiveStatus::Over(None);
        }
        if self.roll.is_none() {
            NaiveStatus::Chance
        } else {
            NaiveStatus::Decision
        }
    }

    /// The squares of the mover's line `i`.
    fn line(&self, i: usize) -> Vec<(usize, usize)> {
        (0..self.m())
            .map(|k| if self.columns_to_move { (k, i) } else { (i, k) })
            .collect()
    }

    fn outcomes(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        for i in 0..self.m() {
            if self.line(i).iter().any(|&(r, c)| self.board[r][c] == '.') {
                let mut child = self.clone();
                child.roll = Some(i);
                out.push(((i + 1).to_string(), child));
            }
        }
        out
    }

    fn moves(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        let me = if self.columns_to_move { 'c' } else { 'r' };
        for (r, c) in self.line(self.roll.unwrap()) {
            if self.board[r][c] == '.' {
                let mut child = self.clone();
                child.board[r][c] = me;
                child.roll = None;
                child.columns_to_move = !child.columns_to_move;
                out.push((format!("{}{}", (b'a' + c as u8) as char, r + 1), child));
            }
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.status() {
            NaiveStatus::Over(_) => 0,
            NaiveStatus::Chance => self.outcomes().iter().map(|(_, c)| c.perft(depth)).sum(),
            NaiveStatus::Decision => {
                let moves = self.moves();
                if depth == 1 {
                    moves.len() as u64
                } else {
                    moves.iter().map(|(_, c)| c.perft(depth - 1)).sum()
                }
            }
        }
    }
}

// ----- the data file ------------------------------------------------------

struct Entry {
    position: String,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/perft_dice.txt");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 4, "bad data line: {line}");
        assert_eq!(parts[0], "dice");
        assert_eq!(parts[1], "-", "dice has no options that change perft");
        let counts = parts[3]
            .split_whitespace()
            .map(|pair| {
                let (d, n) = pair.split_once(':').expect("depth:count");
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        out.push(Entry {
            position: parts[2].to_string(),
            counts,
        });
    }
    out
}

#[test]
fn data_file_perft() {
    let entries = entries();
    assert!(entries.len() >= 10);
    for e in &entries {
        let pos = Dice::parse_position(&DiceConfig::default(), &e.position).unwrap();
        assert_eq!(
            pos.position_text(),
            e.position,
            "data positions are canonical"
        );
        for &(d, n) in &e.counts {
            assert_eq!(perft(&pos, d), n, "{} depth {d}", e.position);
        }
    }
}

/// The data file's numbers that the naive generator reaches in a few
/// seconds are recomputed by it, so the file is not just pasted output.
#[test]
fn data_file_matches_naive() {
    for e in entries() {
        let naive = Naive::parse(&e.position);
        for &(d, n) in &e.counts {
            if n <= 300_000 {
                assert_eq!(naive.perft(d), n, "{} depth {d}", e.position);
            }
        }
    }
}

#[test]
fn start_numbers_by_hand() {
    // 5x5: five rolls, five empty squares each: 25 paths of one decision;
    // after any first move the rows player rolls one of 5 rows and has 5
    // squares except in the row of the first checker (4): 24 per move.
    let start = Dice::start(&DiceConfig::default()).unwrap();
    assert_eq!(start.position_text(), "5/5/5/5/5 c");
    assert_eq!(perft(&start, 1), 25);
    assert_eq!(perft(&start, 2), 25 * 24);
    let rolled = Dice::parse_position(&DiceConfig::default(), "5/5/5/5/5 c 3").unwrap();
    assert_eq!(perft(&rolled, 1), 5);
}

// ----- random playouts against the naive rules ----------------------------

fn random_positions(size: u8, seed: u64, games: usize) -> Vec<Dice> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = Dice::start(&DiceConfig { size }).unwrap();
        loop {
            out.push(pos);
            if !random_step(&mut pos, &mut rng, &mut moves, &mut outcomes) {
                break;
            }
        }
    }
    out
}

fn same_node(pos: &Dice, naive: &Naive) {
    let text = pos.position_text();
    let expected = match naive.status() {
        NaiveStatus::Decision => Status::Decision,
        NaiveStatus::Chance => Status::Chance,
        NaiveStatus::Over(None) => Status::Terminal(None),
        NaiveStatus::Over(Some('c')) => Status::Terminal(Some(Player::First)),
        NaiveStatus::Over(Some(_)) => Status::Terminal(Some(Player::Second)),
    };
    assert_eq!(pos.status(), expected, "{text}");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut fast: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    let mut slow: Vec<String> = match expected {
        Status::Decision => naive.moves().into_iter().map(|(t, _)| t).collect(),
        _ => Vec::new(),
    };
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "moves of {text}");
    let mut outcomes = Vec::new();
    pos.chance_outcomes(&mut outcomes);
    assert!(outcomes.iter().all(|&(_, w)| w == 1), "{text}");
    let mut fast: Vec<String> = outcomes.iter().map(|&(o, _)| pos.outcome_text(o)).collect();
    let mut slow: Vec<String> = match expected {
        Status::Chance => naive.outcomes().into_iter().map(|(t, _)| t).collect(),
        _ => Vec::new(),
    };
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "outcomes of {text}");
}

#[test]
fn random_playouts_match_naive_rules() {
    for size in 3..=11u8 {
        for pos in random_positions(size, size as u64, 25) {
            same_node(&pos, &Naive::parse(&pos.position_text()));
        }
    }
}

#[test]
fn random_positions_perft_match_naive() {
    for size in [3u8, 4, 6, 9, 11] {
        for pos in random_positions(size, 100 + size as u64, 2)
            .iter()
            .step_by(9)
        {
            let naive = Naive::parse(&pos.position_text());
            assert_eq!(perft(pos, 2), naive.perft(2), "{}", pos.position_text());
        }
    }
}

/// Prints naive perft numbers for candidate data lines (run by hand with
/// `--ignored --nocapture` when adding positions to the data file).
#[test]
#[ignore]
fn print_naive_numbers() {
    let lines = std::env::var("NAIVE_PERFT").unwrap_or_default();
    let max_depth: u32 = std::env::var("NAIVE_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    for position in lines.split(';').map(str::trim).filter(|s| !s.is_empty()) {
        let naive = Naive::parse(position);
        let depths: Vec<String> = (1..=max_depth)
            .map(|d| format!("{d}:{}", naive.perft(d)))
            .collect();
        println!("dice | - | {position} | {}", depths.join(" "));
    }
}
