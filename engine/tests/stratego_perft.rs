//! Stratego perft: the counts in `data/perft_stratego.txt` (fully known
//! positions) and `data/perft_stratego_views.txt` (information sets, where
//! attacks on or by hidden pieces branch into their possible ranks) against
//! the engine, and against a deliberately naive generator written here from
//! the rules (a 2D array of characters, its own text reader, its own battle
//! rule, the pool recounted from scratch), sharing no code with the engine.

use std::collections::HashMap;

use starcut::perft::perft;
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::{Game, GameConfig};

struct Case {
    name: String,
    config: StrategoConfig,
    barrage: bool,
    limit: u32,
    text: String,
    counts: Vec<u64>,
}

fn cases() -> Vec<Case> {
    let data = concat!(
        include_str!("data/perft_stratego.txt"),
        "\n",
        include_str!("data/perft_stratego_views.txt")
    );
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
                barrage: f[1] == "barrage",
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
        if c.name.ends_with("start") {
            assert_eq!(
                Stratego::start(&c.config).map(|s| s.to_text()),
                Some(c.text.clone()),
                "{}: the data is the engine's start position",
                c.name
            );
        }
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
        let naive = Naive::read(&c.text, c.limit, c.barrage);
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
    assert!(checked >= 40, "{checked}");
}

// ----- the naive generator ---------------------------------------------------

/// A piece: colour 'r'/'b', rank character ('?' when unknown), moved.
#[derive(Clone, Copy, PartialEq, Debug)]
struct P {
    colour: char,
    rank: char,
    moved: bool,
}

type Cell = Option<P>;
type Sq = (i32, i32); // (file, rank - 1)

const RANKS: &str = "123456789SBF";

#[derive(Clone)]
struct Naive {
    /// `grid[rank - 1][file]`.
    grid: [[Cell; 10]; 10],
    red_to_move: bool,
    /// Per colour (red, blue): last move (from, to) and its repeat count.
    last: [Option<(Sq, Sq, u32)>; 2],
    limit: u32,
    over: bool,
    army: HashMap<char, i64>,
    captured: HashMap<(char, char), i64>,
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

fn square(s: &str) -> Sq {
    let f = s.as_bytes()[0] as i32 - 'a' as i32;
    let r: i32 = s[1..].parse().unwrap();
    (f, r - 1)
}

enum Played {
    Done,
    /// A battle with a hidden piece on this square waits for its rank.
    Pending(Sq),
}

impl Naive {
    fn read(text: &str, limit: u32, barrage: bool) -> Naive {
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
                    let rank = chars[k + 1];
                    grid[r][f] = Some(P {
                        colour: chars[k].to_ascii_lowercase(),
                        rank: if rank == '!' { '?' } else { rank },
                        moved: rank == '!',
                    });
                    f += 1;
                    k += 2;
                }
            }
            assert_eq!(f, 10);
        }
        let red_to_move = fields.next().unwrap() == "r";
        let mut last = [None, None];
        let mut captured = HashMap::new();
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
            } else if !field.contains(':') && field != "-" {
                let c: Vec<char> = field.chars().collect();
                for pair in c.chunks(2) {
                    *captured.entry((pair[0], pair[1])).or_insert(0) += 1;
                }
            }
        }
        let army_text = if barrage {
            "1289S9BF"
        } else {
            "12334445555666677778888899999999SBBBBBBF"
        };
        let mut army = HashMap::new();
        for c in army_text.chars() {
            *army.entry(c).or_insert(0) += 1;
        }
        Naive {
            grid,
            red_to_move,
            last,
            limit,
            over: false,
            army,
            captured,
        }
    }

    fn at(&self, s: Sq) -> Cell {
        self.grid[s.1 as usize][s.0 as usize]
    }

    fn put(&mut self, s: Sq, c: Cell) {
        self.grid[s.1 as usize][s.0 as usize] = c;
    }

    /// Whether the hidden pieces of `colour` can still all be given ranks:
    /// no rank used more often than the army has, no more hidden pieces than
    /// unaccounted ranks, and enough movable ranks for the hidden pieces
    /// that have moved.
    fn feasible(&self, colour: char) -> bool {
        let mut pool = self.army.clone();
        let (mut hidden, mut hidden_moved) = (0, 0);
        for r in 0..10 {
            for f in 0..10 {
                if let Some(p) = self.at((f, r)) {
                    if p.colour == colour {
                        if p.rank == '?' {
                            hidden += 1;
                            hidden_moved += p.moved as i64;
                        } else {
                            *pool.entry(p.rank).or_insert(0) -= 1;
                        }
                    }
                }
            }
        }
        for (&(c, rank), n) in &self.captured {
            if c == colour {
                *pool.entry(rank).or_insert(0) -= n;
            }
        }
        if pool.values().any(|&n| n < 0) {
            return false;
        }
        let total: i64 = pool.values().sum();
        let movable: i64 = pool
            .iter()
            .filter(|(r, _)| **r != 'B' && **r != 'F')
            .map(|(_, n)| n)
            .sum();
        hidden <= total && hidden_moved <= movable
    }

    /// (can step, can run) for the piece on `s`.
    fn mobility(&self, s: Sq, p: P) -> (bool, bool) {
        match p.rank {
            'B' | 'F' => (false, false),
            '9' => (true, true),
            '?' => {
                let mut stepped = self.clone();
                stepped.put(s, Some(P { moved: true, ..p }));
                let mut ran = self.clone();
                ran.put(s, Some(P { rank: '9', ..p }));
                (stepped.feasible(p.colour), ran.feasible(p.colour))
            }
            _ => (true, false),
        }
    }

    fn moves(&self) -> Vec<(Sq, Sq)> {
        let me = if self.red_to_move { 'r' } else { 'b' };
        let idx = if self.red_to_move { 0 } else { 1 };
        let mut out = Vec::new();
        for r in 0..10 {
            for f in 0..10 {
                let Some(p) = self.at((f, r)) else { continue };
                if p.colour != me {
                    continue;
                }
                let (step, run) = self.mobility((f, r), p);
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    for k in 1..=9 {
                        let (tf, tr) = (f + df * k, r + dr * k);
                        if !on_board(tf, tr) || is_lake(tf, tr) {
                            break;
                        }
                        let target = self.at((tf, tr));
                        if target.is_some_and(|t| t.colour == me) {
                            break;
                        }
                        let allowed = if k == 1 { step } else { run };
                        let banned = matches!(self.last[idx], Some((a, b, n))
                            if a == (tf, tr) && b == (f, r) && n >= self.limit);
                        if allowed && !banned {
                            out.push(((f, r), (tf, tr)));
                        }
                        if target.is_some() || !run {
                            break;
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&mut self, from: Sq, to: Sq) -> Played {
        let idx = if self.red_to_move { 0 } else { 1 };
        let count = match self.last[idx] {
            Some((a, b, n)) if a == to && b == from => n + 1,
            _ => 1,
        };
        self.last[idx] = Some((from, to, count));
        let mut mover = self.at(from).unwrap();
        let far = (from.0 - to.0).abs() + (from.1 - to.1).abs() > 1;
        if far {
            mover.rank = '9';
        }
        mover.moved = true;
        self.put(from, Some(mover));
        match self.at(to) {
            None => {
                self.put(from, None);
                self.put(to, Some(mover));
                self.red_to_move = !self.red_to_move;
                Played::Done
            }
            Some(_) if mover.rank == '?' => Played::Pending(from),
            Some(d) if d.rank == '?' => Played::Pending(to),
            Some(_) => {
                self.battle(from, to);
                Played::Done
            }
        }
    }

    /// The ranks the hidden piece on `s` may have, with weights.
    fn outcomes(&self, s: Sq) -> Vec<(char, i64)> {
        let p = self.at(s).unwrap();
        let mut out = Vec::new();
        for r in RANKS.chars() {
            if p.moved && (r == 'B' || r == 'F') {
                continue;
            }
            let mut trial = self.clone();
            trial.put(s, Some(P { rank: r, ..p }));
            if trial.feasible(p.colour) {
                // The weight: how many of `r` were unaccounted for.
                let known: i64 = (0..10)
                    .flat_map(|y| (0..10).map(move |x| (x, y)))
                    .filter_map(|q| self.at(q))
                    .filter(|q| q.colour == p.colour && q.rank == r)
                    .count() as i64;
                let gone = self.captured.get(&(p.colour, r)).copied().unwrap_or(0);
                out.push((r, self.army.get(&r).copied().unwrap_or(0) - known - gone));
            }
        }
        out
    }

    fn battle(&mut self, from: Sq, to: Sq) {
        let a = self.at(from).unwrap();
        let d = self.at(to).unwrap();
        // 'a': the attacker wins, 'd': the defender wins, '=': both go.
        let result = if d.rank == 'F' {
            self.over = true;
            'a'
        } else if d.rank == 'B' {
            if a.rank == '8' {
                'a'
            } else {
                'd'
            }
        } else if (a.rank == 'S' && d.rank == '1') || power(a.rank) > power(d.rank) {
            'a'
        } else if power(a.rank) < power(d.rank) {
            'd'
        } else {
            '='
        };
        if result != 'd' {
            *self.captured.entry((d.colour, d.rank)).or_insert(0) += 1;
        }
        if result != 'a' {
            *self.captured.entry((a.colour, a.rank)).or_insert(0) += 1;
        }
        self.put(from, None);
        self.put(
            to,
            match result {
                'a' => Some(a),
                'd' => Some(d),
                _ => None,
            },
        );
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
        let mut total = 0;
        for (a, b) in moves {
            let mut child = self.clone();
            match child.play(a, b) {
                Played::Done => total += child.perft(depth - 1),
                Played::Pending(s) => {
                    for (r, w) in child.outcomes(s) {
                        assert!(w > 0);
                        let mut c = child.clone();
                        let p = c.at(s).unwrap();
                        c.put(s, Some(P { rank: r, ..p }));
                        c.battle(a, b);
                        total += c.perft(depth - 1);
                    }
                }
            }
        }
        total
    }
}

#[test]
fn naive_outcome_weights_agree() {
    use starcut::Game;
    // The chance nodes of every view case at depth 1: same outcomes, same weights.
    let mut chance_nodes = 0;
    for c in cases()
        .iter()
        .filter(|c| c.text.contains('?') || c.text.contains('!'))
    {
        let pos = Stratego::parse(&c.config, &c.text).unwrap();
        let naive = Naive::read(&c.text, c.limit, c.barrage);
        let mut mv = Vec::new();
        pos.legal_moves(&mut mv);
        let nm = naive.moves();
        assert_eq!(mv.len(), nm.len(), "{}", c.name);
        let mut oc = Vec::new();
        for m in mv {
            let mut child = pos;
            child.play(m);
            child.chance_outcomes(&mut oc);
            let mut n = naive.clone();
            let want: Vec<(char, i64)> =
                match n.play(square(&m.from.to_string()), square(&m.to.to_string())) {
                    Played::Done => Vec::new(),
                    Played::Pending(s) => n.outcomes(s),
                };
            let got: Vec<(char, i64)> = oc.iter().map(|&(r, w)| (r.to_char(), w as i64)).collect();
            assert_eq!(got, want, "{} after {}", c.name, pos.move_text(m));
            chance_nodes += !got.is_empty() as usize;
        }
    }
    assert!(chance_nodes >= 5, "{chance_nodes}");
}
