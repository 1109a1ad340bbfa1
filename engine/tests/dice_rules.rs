//! Dice rules: rolls, lines, wins on diagonals, draws, evaluation bounds.

use starcut::dice::{Dice, DiceConfig, DiceMove, DiceRoll};
use starcut::{Game, Player, Status};

fn pos(text: &str) -> Dice {
    Dice::parse_position(&DiceConfig::default(), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn roll_texts(p: &Dice) -> Vec<String> {
    let mut out = Vec::new();
    p.chance_outcomes(&mut out);
    out.iter().map(|&(o, _)| p.outcome_text(o)).collect()
}

fn move_texts(p: &Dice) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    out.iter().map(|&m| p.move_text(m)).collect()
}

fn step(p: &mut Dice, text: &str) {
    let s = p.parse_step(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.apply_step(s);
}

#[test]
fn start_is_a_chance_node_for_columns() {
    for size in 3..=11 {
        let p = Dice::start(&DiceConfig { size }).unwrap();
        assert_eq!(p.status(), Status::Chance);
        assert_eq!(p.to_move(), Player::First);
        let mut rolls = Vec::new();
        p.chance_outcomes(&mut rolls);
        assert_eq!(rolls.len(), size as usize);
        assert!(rolls.iter().all(|&(_, w)| w == 1));
    }
    assert!(Dice::start(&DiceConfig { size: 2 }).is_none());
    assert!(Dice::start(&DiceConfig { size: 12 }).is_none());
}

#[test]
fn rolls_exclude_full_lines() {
    // File a is full (r, c, c) without being a line.
    let p = pos("r2/c2/cr1 c");
    assert_eq!(p.status(), Status::Chance);
    assert_eq!(roll_texts(&p), ["2", "3"]);
    assert!(p.parse_outcome("1").is_err());
    assert!(Dice::parse_position(&DiceConfig::default(), "r2/c2/cr1 c 1").is_err());
    // The rows player: row 1 full.
    let p = pos("3/rc1/crc r");
    assert_eq!(roll_texts(&p), ["2", "3"]);
}

#[test]
fn moves_are_the_empty_squares_of_the_rolled_line() {
    let mut p = pos("5/5/5/5/5 c");
    step(&mut p, "3");
    assert_eq!(move_texts(&p), ["c1", "c2", "c3", "c4", "c5"]);
    step(&mut p, "c2");
    assert_eq!(p.position_text(), "5/5/5/2c2/5 r");
    assert_eq!(p.status(), Status::Chance);
    step(&mut p, "2");
    assert_eq!(move_texts(&p), ["a2", "b2", "d2", "e2"]);
    assert!(p.parse_move("c2").is_err(), "occupied");
    assert!(p.parse_move("a3").is_err(), "not in the rolled row");
    assert!(p.parse_move("f2").is_err(), "off the board");
}

#[test]
fn both_diagonals_win() {
    // Columns completes a1-b2-c3 by playing c3.
    let mut p = pos("3/1cr/c1r c 3");
    assert_eq!(p.status(), Status::Decision);
    step(&mut p, "c3");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
    assert_eq!(
        p.terminal_value(Some(Player::First)),
        -10.0,
        "the loser is to move"
    );
    // Rows completes a3-b2-c1 by playing a3 in row 3.
    let mut p = pos("1c1/cr1/c1r r 3");
    step(&mut p, "a3");
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
    assert_eq!(p.to_move(), Player::First);
}

#[test]
fn columns_can_complete_a_row() {
    let mut p = pos("3/r1r/cc1 c 3");
    assert_eq!(move_texts(&p), ["c1", "c3"]);
    step(&mut p, "c1");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
}

#[test]
fn rows_player_can_complete_a_column() {
    let mut p = pos("r2/rc1/1cc r 1");
    step(&mut p, "a1");
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
}

#[test]
fn full_board_without_line_is_a_draw() {
    let mut p = pos("crc/crr/rc1 c 3");
    assert_eq!(move_texts(&p), ["c1"]);
    step(&mut p, "c1");
    assert_eq!(p.position_text(), "crc/crr/rcc r");
    assert_eq!(p.status(), Status::Terminal(None));
    let mut rolls = Vec::new();
    p.chance_outcomes(&mut rolls);
    assert!(rolls.is_empty());
}

#[test]
fn last_square_can_still_win() {
    // Filling the board with a line is a win, not a draw.
    let mut p = pos("rrc/ccr/1rc c 1");
    step(&mut p, "a1");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
}

#[test]
fn heuristic_is_inside_the_bound_and_symmetric() {
    let p = pos("5/5/5/5/5 c");
    assert_eq!(p.bound(), 10.0);
    assert_eq!(p.heuristic(), 0.0);
    // One central checker for columns, rows to move: rows is behind.
    let p = pos("5/5/2c2/5/5 r");
    let v = p.heuristic();
    assert!(v < 0.0 && v > -10.0, "{v}");
    // By hand, in twelfths: c's a1 is blocked on all 3 lines (0), c3 has 2
    // of 3 lines open (8), c2 1 of 2 (6); r's a2 is blocked (0), the centre
    // b2 has 2 of 4 open (6), b1 1 of 2 (6).
    let p = pos("2c/rrc/cr1 c");
    assert_eq!(p.usable_score12(Player::First), 14);
    assert_eq!(p.usable_score12(Player::Second), 12);
    let v = p.heuristic();
    let d = 2.0 / 12.0;
    assert!((v - 10.0 * d / (d + 10.0)).abs() < 1e-12, "{v}");
    // Extreme material stays strictly inside (-10, 10).
    let big = pos("11/11/11/11/11/11/11/11/11/11/11 c");
    assert_eq!(big.heuristic(), 0.0);
}

#[test]
fn move_ordering_puts_the_winning_square_first() {
    let p = pos("3/1cr/c1r c 3");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    p.order_moves(&mut moves);
    assert_eq!(p.move_text(moves[0]), "c3");
    assert!(p.is_legal(DiceMove(8)));
    assert!(!p.is_legal(DiceMove(0)));
    assert!(!p.is_legal(DiceMove(200)));
    let _ = DiceRoll(0);
}

/// The chapter's usable-checker count written out line by line: each checker
/// is worth (open lines through it) / (lines through it), in twelfths.
/// Rows are indexed from the top here; the set of lines is the same.
#[allow(clippy::needless_range_loop)] // plain (row, col) indexing is the point
fn naive_score12(text: &str, who: char) -> u32 {
    let rows: Vec<Vec<char>> = text
        .split(' ')
        .next()
        .unwrap()
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            let mut run = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    run = run * 10 + d as usize;
                } else {
                    out.extend(std::iter::repeat_n('.', run));
                    run = 0;
                    out.push(ch);
                }
            }
            out.extend(std::iter::repeat_n('.', run));
            out
        })
        .collect();
    let m = rows.len();
    let enemy = if who == 'c' { 'r' } else { 'c' };
    let open = |squares: Vec<(usize, usize)>| squares.iter().all(|&(r, c)| rows[r][c] != enemy);
    let mut total = 0;
    for r in 0..m {
        for c in 0..m {
            if rows[r][c] != who {
                continue;
            }
            let mut lines = vec![
                (0..m).map(|k| (r, k)).collect::<Vec<_>>(),
                (0..m).map(|k| (k, c)).collect(),
            ];
            if r == c {
                lines.push((0..m).map(|k| (k, k)).collect());
            }
            if r + c == m - 1 {
                lines.push((0..m).map(|k| (k, m - 1 - k)).collect());
            }
            let n = lines.len() as u32;
            let usable = lines.into_iter().filter(|l| open(l.clone())).count() as u32;
            total += 12 * usable / n;
        }
    }
    total
}

#[test]
fn evaluation_matches_a_line_by_line_count() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(3);
    let (mut moves, mut rolls) = (Vec::new(), Vec::new());
    for size in 3..=11u8 {
        for _ in 0..10 {
            let mut p = Dice::start(&DiceConfig { size }).unwrap();
            while !matches!(p.status(), Status::Terminal(_)) {
                let text = p.position_text();
                assert_eq!(
                    p.usable_score12(Player::First),
                    naive_score12(&text, 'c'),
                    "{text}"
                );
                assert_eq!(
                    p.usable_score12(Player::Second),
                    naive_score12(&text, 'r'),
                    "{text}"
                );
                let v = p.heuristic();
                assert!(v > -10.0 && v < 10.0);
                if p.status() == Status::Chance {
                    p.chance_outcomes(&mut rolls);
                    p.apply_outcome(rolls[rng.gen_range(0..rolls.len())].0);
                } else {
                    p.legal_moves(&mut moves);
                    p.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
    }
}

#[test]
fn completing_or_blocking_a_line_one_short_is_tactical() {
    // Columns to move, column c rolled: c3 completes the diagonal a1-b2-c3.
    let p = pos("3/1cr/c1r c 3");
    assert!(p.is_tactical(DiceMove(8)));
    // A quiet square: no line of either side one short through it.
    let q = pos("5/5/5/5/5 c 1");
    let mut moves = Vec::new();
    q.legal_moves(&mut moves);
    assert!(moves.iter().all(|&m| !q.is_tactical(m)));
    // Blocking: the rows player has four on the bottom row, the columns
    // player rolled column e.
    let b = pos("c4/1c3/5/2c1c/rrrr1 c 5");
    let block = b.parse_move("e1").unwrap();
    assert!(b.is_tactical(block), "blocks the rows player's line");
    assert!(!b.is_tactical(b.parse_move("e3").unwrap()));
}
