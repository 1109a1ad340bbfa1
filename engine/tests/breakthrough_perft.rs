//! Breakthrough and ChanceBreakthrough perft: the data file's numbers, and
//! the bitboard move generator against a deliberately naive one (a
//! `Vec<Vec<char>>` board with the rules written out square by square).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::perft::perft;
use starcut::{Game, GameConfig, Status};

// ----- the naive reference ------------------------------------------------

#[derive(Clone, Debug)]
struct Naive {
    /// `board[row][col]`, row 0 = rank 1; '.', 'w' or 'b'.
    board: Vec<Vec<char>>,
    white: bool,
    chance: bool,
    pending: bool,
    ply: u32,
    max_plies: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum NaiveStatus {
    Decision,
    Chance,
    Over(Option<char>),
}

fn sq_name(r: usize, c: usize) -> String {
    format!("{}{}", (b'a' + c as u8) as char, r + 1)
}

impl Naive {
    fn parse(text: &str, chance: bool, max_plies: u32) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        let mut board = Vec::new();
        for rank in fields[0].split('/') {
            let mut row = Vec::new();
            for ch in rank.chars() {
                if let Some(n) = ch.to_digit(10) {
                    row.extend(std::iter::repeat_n('.', n as usize));
                } else {
                    row.push(ch);
                }
            }
            board.push(row);
        }
        board.reverse();
        let mut pending = false;
        let mut ply = 0;
        for f in &fields[2..] {
            if *f == "roll" {
                pending = true;
            } else {
                ply = f.parse().unwrap();
            }
        }
        Naive {
            board,
            white: fields[1] == "w",
            chance,
            pending,
            ply,
            max_plies,
        }
    }

    fn rows(&self) -> usize {
        self.board.len()
    }

    fn cols(&self) -> usize {
        self.board[0].len()
    }

    fn count(&self, piece: char) -> usize {
        self.board.iter().flatten().filter(|&&c| c == piece).count()
    }

    /// Steps as (from row, from col, to row, to col).
    fn steps(&self) -> Vec<(usize, usize, usize, usize)> {
        let (me, them, dir): (char, char, i32) = if self.white {
            ('w', 'b', 1)
        } else {
            ('b', 'w', -1)
        };
        let mut out = Vec::new();
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                if self.board[r][c] != me {
                    continue;
                }
                let nr = r as i32 + dir;
                if nr < 0 || nr >= self.rows() as i32 {
                    continue;
                }
                for dc in [-1i32, 0, 1] {
                    let nc = c as i32 + dc;
                    if nc < 0 || nc >= self.cols() as i32 {
                        continue;
                    }
                    let target = self.board[nr as usize][nc as usize];
                    let ok = if dc == 0 {
                        target == '.'
                    } else {
                        target == '.' || target == them
                    };
                    if ok {
                        out.push((r, c, nr as usize, nc as usize));
                    }
                }
            }
        }
        out
    }

    fn status(&self) -> NaiveStatus {
        let top = self.rows() - 1;
        if self.board[top].contains(&'w') {
            return NaiveStatus::Over(Some('w'));
        }
        if self.board[0].contains(&'b') {
            return NaiveStatus::Over(Some('b'));
        }
        if self.count('w') == 0 {
            return NaiveStatus::Over(Some('b'));
        }
        if self.count('b') == 0 {
            return NaiveStatus::Over(Some('w'));
        }
        if self.pending {
            return NaiveStatus::Chance;
        }
        if self.ply >= self.max_plies {
            return NaiveStatus::Over(None);
        }
        if !self.chance && self.steps().is_empty() {
            return NaiveStatus::Over(Some(if self.white { 'b' } else { 'w' }));
        }
        NaiveStatus::Decision
    }

    /// Moves as text, and the positions they lead to.
    fn moves(&self) -> Vec<(String, Naive)> {
        let mut out = Vec::new();
        for (r, c, nr, nc) in self.steps() {
            let mut child = self.clone();
            child.board[nr][nc] = child.board[r][c];
            child.board[r][c] = '.';
            child.white = !child.white;
            child.ply += 1;
            out.push((format!("{}{}", sq_name(r, c), sq_name(nr, nc)), child));
        }
        if self.chance {
            let mut child = self.clone();
            child.pending = true;
            out.push(("roll".to_string(), child));
        }
        out
    }

    /// Outcomes as (text, weight, position after).
    fn outcomes(&self) -> Vec<(String, u32, Naive)> {
        let mut out = Vec::new();
        let mut empty = 0;
        for r in 0..self.rows() {
            for c in 0..self.cols() {
                if self.board[r][c] == '.' {
                    empty += 1;
                    continue;
                }
                let mut child = self.clone();
                child.board[r][c] = '.';
                child.pending = false;
                child.white = !child.white;
                child.ply += 1;
                out.push((sq_name(r, c), 1, child));
            }
        }
        if empty > 0 {
            let mut child = self.clone();
            child.pending = false;
            child.white = !child.white;
            child.ply += 1;
            out.push(("none".to_string(), empty, child));
        }
        out
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        match self.status() {
            NaiveStatus::Over(_) => 0,
            NaiveStatus::Chance => self.outcomes().iter().map(|(_, _, c)| c.perft(depth)).sum(),
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
    config: BreakthroughConfig,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn entries() -> Vec<Entry> {
    let text = include_str!("data/perft_breakthrough.txt");
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        assert_eq!(parts.len(), 4, "bad data line: {line}");
        let mut config = BreakthroughConfig::for_name(parts[0]).expect("game name");
        if parts[1] != "-" {
            config.set_options(parts[1]).expect("options");
        }
        let counts = parts[3]
            .split_whitespace()
            .map(|pair| {
                let (d, n) = pair.split_once(':').expect("depth:count");
                (d.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        out.push(Entry {
            config,
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
        let pos = Breakthrough::parse_position(&e.config, &e.position).unwrap();
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

/// The data file's numbers that the naive generator can reach in a few
/// seconds are recomputed by it, so the file is not just pasted output.
#[test]
fn data_file_matches_naive() {
    for e in entries() {
        let naive = Naive::parse(&e.position, e.config.chance, e.config.max_plies as u32);
        for &(d, n) in &e.counts {
            if n <= 300_000 {
                assert_eq!(naive.perft(d), n, "{} depth {d}", e.position);
            }
        }
    }
}

#[test]
fn known_start_numbers() {
    let start = Breakthrough::start(&BreakthroughConfig::default()).unwrap();
    assert_eq!(
        start.position_text(),
        "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w"
    );
    let six = Breakthrough::parse_position(
        &BreakthroughConfig::default(),
        "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww w",
    )
    .unwrap();
    let cfg6 = BreakthroughConfig {
        rows: 6,
        cols: 6,
        ..BreakthroughConfig::default()
    };
    assert_eq!(Breakthrough::start(&cfg6).unwrap(), six);
    assert_eq!(
        starcut::perft::perft_table(&six, 4),
        vec![16, 256, 4308, 71478]
    );
}

// ----- random playouts against the naive rules ----------------------------

fn random_positions(config: BreakthroughConfig, seed: u64, games: usize) -> Vec<Breakthrough> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..games {
        let mut pos = Breakthrough::start(&config).unwrap();
        loop {
            out.push(pos);
            match pos.status() {
                Status::Terminal(_) => break,
                Status::Decision => {
                    pos.legal_moves(&mut moves);
                    // Rolls are rarer than steps so games still progress.
                    let mv = moves[rng.gen_range(0..moves.len())];
                    pos.play(mv);
                }
                Status::Chance => {
                    pos.chance_outcomes(&mut outcomes);
                    let total: u32 = outcomes.iter().map(|o| o.1).sum();
                    let mut pick = rng.gen_range(0..total);
                    for &(o, w) in &outcomes {
                        if pick < w {
                            pos.apply_outcome(o);
                            break;
                        }
                        pick -= w;
                    }
                }
            }
        }
    }
    out
}

fn same_node(pos: &Breakthrough, naive: &Naive) {
    let text = pos.position_text();
    let expected = match naive.status() {
        NaiveStatus::Decision => Status::Decision,
        NaiveStatus::Chance => Status::Chance,
        NaiveStatus::Over(None) => Status::Terminal(None),
        NaiveStatus::Over(Some('w')) => Status::Terminal(Some(starcut::Player::First)),
        NaiveStatus::Over(Some(_)) => Status::Terminal(Some(starcut::Player::Second)),
    };
    assert_eq!(pos.status(), expected, "{text}");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut fast: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    let mut slow: Vec<String> = if expected == Status::Decision {
        naive.moves().into_iter().map(|(t, _)| t).collect()
    } else {
        Vec::new()
    };
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "moves of {text}");
    let mut outcomes = Vec::new();
    pos.chance_outcomes(&mut outcomes);
    let mut fast: Vec<(String, u32)> = outcomes
        .iter()
        .map(|&(o, w)| (pos.outcome_text(o), w))
        .collect();
    let mut slow: Vec<(String, u32)> = if expected == Status::Chance {
        naive
            .outcomes()
            .into_iter()
            .map(|(t, w, _)| (t, w))
            .collect()
    } else {
        Vec::new()
    };
    fast.sort();
    slow.sort();
    assert_eq!(fast, slow, "outcomes of {text}");
}

#[test]
fn random_playouts_match_naive_rules() {
    for (i, config) in [
        BreakthroughConfig::breakthrough(),
        BreakthroughConfig::chance_breakthrough(),
        BreakthroughConfig {
            rows: 5,
            cols: 7,
            chance: true,
            max_plies: 40,
        },
        BreakthroughConfig {
            rows: 7,
            cols: 5,
            chance: false,
            max_plies: 500,
        },
        BreakthroughConfig {
            rows: 6,
            cols: 6,
            chance: true,
            max_plies: 500,
        },
    ]
    .into_iter()
    .enumerate()
    {
        for pos in random_positions(config, 7 + i as u64, 30) {
            let naive = Naive::parse(&pos.position_text(), config.chance, config.max_plies as u32);
            same_node(&pos, &naive);
        }
    }
}

#[test]
fn random_positions_perft_match_naive() {
    let config = BreakthroughConfig {
        rows: 6,
        cols: 5,
        chance: true,
        max_plies: 60,
    };
    let positions = random_positions(config, 99, 6);
    for pos in positions.iter().step_by(7) {
        let naive = Naive::parse(&pos.position_text(), true, 60);
        assert_eq!(perft(pos, 2), naive.perft(2), "{}", pos.position_text());
    }
    let plain = BreakthroughConfig {
        rows: 8,
        cols: 8,
        chance: false,
        max_plies: 500,
    };
    for pos in random_positions(plain, 5, 3).iter().step_by(5) {
        let naive = Naive::parse(&pos.position_text(), false, 500);
        assert_eq!(perft(pos, 3), naive.perft(3), "{}", pos.position_text());
    }
}

/// Prints naive perft numbers for candidate data lines (run by hand with
/// `--ignored --nocapture` when adding positions to the data file).
#[test]
#[ignore]
fn print_naive_numbers() {
    let lines = std::env::var("NAIVE_PERFT").unwrap_or_default();
    for line in lines.split(';') {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        if parts.len() != 3 {
            continue;
        }
        let mut config = BreakthroughConfig::for_name(parts[0]).unwrap();
        let mut max_plies = config.max_plies;
        if let Some(rest) = parts[1].strip_prefix("max_plies=") {
            max_plies = rest.parse().unwrap();
            config.max_plies = max_plies;
        }
        let pos = Breakthrough::parse_position(&config, parts[2]).unwrap();
        let naive = Naive::parse(&pos.position_text(), config.chance, max_plies as u32);
        let max_depth: u32 = std::env::var("NAIVE_DEPTH")
            .ok()
            .and_then(|d| d.parse().ok())
            .unwrap_or(3);
        let depths: Vec<String> = (1..=max_depth)
            .map(|d| format!("{d}:{}", naive.perft(d)))
            .collect();
        println!(
            "{} | {} | {} | {}",
            parts[0],
            parts[1],
            pos.position_text(),
            depths.join(" ")
        );
    }
}
