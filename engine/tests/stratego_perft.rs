//! Stratego perft: the counts in `data/perft_stratego.txt` against the
//! engine, and against a deliberately naive move generator written here from
//! the rules (a 2D array of characters, its own text reader, its own battle
//! rule), sharing no code with the engine.

use starcut::perft::perft;
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::GameConfig;

struct Case {
    name: String,
    config: StrategoConfig,
    limit: u32,
    text: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let data = include_str!("data/perft_stratego.txt");
    data.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let f: Vec<&str> = line.split(';').map(str::trim).collect();
            assert_eq!(f.len(), 5, "{line}");
            let mut config = StrategoConfig::default();
            config.set_option("variant", f[1]).unwrap();
            config.set_option("two_square_limit", f[2]).unwrap();
            Case {
                name: f[0].to_string(),
                config,
                limit: f[2].parse().unwrap(),
                text: f[3].to_string(),
                counts: f[4]
                    .split_whitespace()
                    .map(|n| n.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

#[test]
fn engine_matches_the_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8);
    for c in &cases {
        let pos = Stratego::parse(&c.config, &c.text).unwrap_or_else(|e| panic!("{}: {e}", c.name));
        assert_eq!(pos.to_text(), c.text, "{}: the data is canonical", c.name);
        for (d, &want) in c.counts.iter().enumerate() {
            assert_eq!(
                perft(&pos, d as u32 + 1),
                want,
                "{} depth {}",
                c.name,
                d + 1
            );
        }
    }
}

#[test]
fn naive_generator_agrees() {
    let mut checked = 0;
    for c in cases() {
        let naive = Naive::read(&c.text, c.limit);
        for (d, &want) in c.counts.iter().enumerate() {
            if want > 300_000 {
                break;
            }
            assert_eq!(
                naive.perft(d as u32 + 1),
                want,
                "{} depth {} (naive)",
                c.name,
                d + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 25, "{checked}");
}

// ----- the naive generator ---------------------------------------------------

type Cell = Option<(char, char)>; // (colour 'r'/'b', rank char)
type Sq = (i32, i32); // (file, rank - 1)

#[derive(Clone)]
struct Naive {
    /// `grid[rank - 1][file]`.
    grid: [[Cell; 10]; 10],
    red_to_move: bool,
    /// Per colour (red, blue): last move (from, to) and its repeat count.
    last: [Option<(Sq, Sq, u32)>; 2],
    limit: u32,
    over: bool,
}

fn is_lake(f: i32, r: i32) -> bool {
    (r == 4 || r == 5) && matches!(f, 2 | 3 | 6 | 7)
}

fn on_board(f: i32, r: i32) -> bool {
    (0..10).contains(&f) && (0..10).contains(&r)
}

/// Strength for ordinary battles: Marshal 10 .. Scout 2, Spy 1.
fn power(rank: char) -> i32 {
    match rank {
        'S' => 1,
        d => 11 - d.to_digit(10).unwrap() as i32,
    }
}

fn square(s: &str) -> (i32, i32) {
    let f = s.as_bytes()[0] as i32 - 'a' as i32;
    let r: i32 = s[1..].parse().unwrap();
    (f, r - 1)
}

impl Naive {
    fn read(text: &str, limit: u32) -> Naive {
        let mut fields = text.split(' ');
        let board = fields.next().unwrap();
        let mut grid = [[None; 10]; 10];
        for (i, row) in board.split('/').enumerate() {
            let r = 9 - i;
            let chars: Vec<char> = row.chars().collect();
            let mut f = 0;
            let mut k = 0;
            while k < chars.len() {
                if chars[k].is_ascii_digit() {
                    let mut n = 0;
                    while k < chars.len() && chars[k].is_ascii_digit() {
                        n = n * 10 + chars[k].to_digit(10).unwrap() as usize;
                        k += 1;
                    }
                    f += n;
                } else {
                    grid[r][f] = Some((chars[k].to_ascii_lowercase(), chars[k + 1]));
                    f += 1;
                    k += 2;
                }
            }
            assert_eq!(f, 10);
        }
        let red_to_move = fields.next().unwrap() == "r";
        let mut last = [None, None];
        for field in fields {
            if let Some(v) = field.strip_prefix("two:") {
                for (i, part) in v.split('/').enumerate() {
                    if part != "-" {
                        let (mv, n) = part.split_once('x').unwrap();
                        let split = mv[1..].find(|c: char| c.is_ascii_alphabetic()).unwrap() + 1;
                        last[i] = Some((
                            square(&mv[..split]),
                            square(&mv[split..]),
                            n.parse().unwrap(),
                        ));
                    }
                }
            }
        }
        Naive {
            grid,
            red_to_move,
            last,
            limit,
            over: false,
        }
    }

    fn at(&self, f: i32, r: i32) -> Cell {
        self.grid[r as usize][f as usize]
    }

    fn moves(&self) -> Vec<((i32, i32), (i32, i32))> {
        let me = if self.red_to_move { 'r' } else { 'b' };
        let idx = if self.red_to_move { 0 } else { 1 };
        let mut out = Vec::new();
        for r in 0..10 {
            for f in 0..10 {
                let Some((c, rank)) = self.at(f, r) else {
                    continue;
                };
                if c != me || rank == 'B' || rank == 'F' {
                    continue;
                }
                let max = if rank == '9' { 9 } else { 1 };
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    for k in 1..=max {
                        let (tf, tr) = (f + df * k, r + dr * k);
                        if !on_board(tf, tr) || is_lake(tf, tr) {
                            break;
                        }
                        let target = self.at(tf, tr);
                        if let Some((tc, _)) = target {
                            if tc == me {
                                break;
                            }
                        }
                        let banned = matches!(self.last[idx], Some((a, b, n))
                            if a == (tf, tr) && b == (f, r) && n >= self.limit);
                        if !banned {
                            out.push(((f, r), (tf, tr)));
                        }
                        if target.is_some() {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, from: (i32, i32), to: (i32, i32)) {
        let idx = if self.red_to_move { 0 } else { 1 };
        let count = match self.last[idx] {
            Some((a, b, n)) if a == to && b == from => n + 1,
            _ => 1,
        };
        self.last[idx] = Some((from, to, count));
        let attacker = self.at(from.0, from.1).unwrap();
        let defender = self.at(to.0, to.1);
        self.grid[from.1 as usize][from.0 as usize] = None;
        let result = match defender {
            None => Some(attacker),
            Some((_, 'F')) => {
                self.over = true;
                Some(attacker)
            }
            Some((_, 'B')) => {
                if attacker.1 == '8' {
                    Some(attacker)
                } else {
                    defender
                }
            }
            Some(d) => {
                let spy_on_marshal = attacker.1 == 'S' && d.1 == '1';
                if spy_on_marshal || power(attacker.1) > power(d.1) {
                    Some(attacker)
                } else if power(attacker.1) < power(d.1) {
                    Some(d)
                } else {
                    None
                }
            }
        };
        self.grid[to.1 as usize][to.0 as usize] = result;
        self.red_to_move = !self.red_to_move;
    }

    fn perft(&self, depth: u32) -> u64 {
        if self.over {
            return 0;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|(a, b)| {
                let mut child = self.clone();
                child.play(a, b);
                child.perft(depth - 1)
            })
            .sum()
    }
}
