//! Stratego rules: battles, movement, lakes, the two-squares rule, reveals
//! and the end of the game.

mod stratego_common;

use starcut::stratego::{battle, BattleResult, Rank, Square, Stratego, StrategoConfig, Variant};
use starcut::{Game, Player, Status};
use stratego_common::*;

/// Spare pieces far away, so that neither side runs out of moves.
const SPARE: [(&str, &str); 2] = [("a1", "r9"), ("j10", "b9")];

fn with_spare<'a>(pieces: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    SPARE.iter().chain(pieces).copied().collect()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

fn text_at(p: &Stratego, s: &str) -> String {
    match p.piece_at(sq(s)) {
        None => "--".into(),
        Some(pc) => {
            let c = match (pc.colour(), pc.is_revealed()) {
                (Player::First, false) => 'r',
                (Player::First, true) => 'R',
                (Player::Second, false) => 'b',
                (Player::Second, true) => 'B',
            };
            format!("{c}{}", pc.rank().map_or('?', Rank::to_char))
        }
    }
}

#[test]
fn battle_table() {
    use BattleResult::*;
    assert_eq!(battle(Rank::Spy, Rank::Marshal), AttackerWins);
    assert_eq!(battle(Rank::Marshal, Rank::Spy), AttackerWins);
    assert_eq!(battle(Rank::Spy, Rank::General), DefenderWins);
    assert_eq!(battle(Rank::Scout, Rank::Spy), AttackerWins);
    assert_eq!(battle(Rank::Miner, Rank::Bomb), AttackerWins);
    assert_eq!(battle(Rank::Marshal, Rank::Bomb), DefenderWins);
    assert_eq!(battle(Rank::Scout, Rank::Bomb), DefenderWins);
    assert_eq!(battle(Rank::Spy, Rank::Flag), AttackerWins);
    assert_eq!(battle(Rank::Scout, Rank::Flag), AttackerWins);
    assert_eq!(battle(Rank::Major, Rank::Major), BothRemoved);
    assert_eq!(battle(Rank::Spy, Rank::Spy), BothRemoved);
    assert_eq!(battle(Rank::General, Rank::Marshal), DefenderWins);
    assert_eq!(battle(Rank::Colonel, Rank::Major), AttackerWins);
}

#[test]
fn spy_takes_marshal_when_attacking() {
    let mut p = pos(&with_spare(&[("e4", "rS"), ("e5", "b1")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(text_at(&p, "e5"), "RS");
    assert_eq!(text_at(&p, "e4"), "--");
    assert_eq!(p.captured(Player::Second)[Rank::Marshal.index()], 1);
    assert_eq!(p.status(), Status::Decision);
    assert_eq!(p.to_move(), Player::Second);
}

#[test]
fn marshal_takes_spy_when_attacking() {
    let mut p = pos(&with_spare(&[("e4", "rS"), ("e5", "b1")]), "b");
    step(&mut p, "e5e4");
    assert_eq!(text_at(&p, "e4"), "B1");
    assert_eq!(p.captured(Player::First)[Rank::Spy.index()], 1);
}

#[test]
fn miner_defuses_bomb_others_lose() {
    let mut p = pos(&with_spare(&[("e4", "r8"), ("e5", "bB")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(text_at(&p, "e5"), "R8");
    let mut p = pos(&with_spare(&[("e4", "r1"), ("e5", "bB")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(text_at(&p, "e5"), "BB", "the bomb stays and is revealed");
    assert_eq!(text_at(&p, "e4"), "--");
    assert_eq!(p.captured(Player::First)[Rank::Marshal.index()], 1);
}

#[test]
fn equal_ranks_remove_both() {
    let mut p = pos(&with_spare(&[("e4", "r4"), ("e5", "b4")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(text_at(&p, "e5"), "--");
    assert_eq!(text_at(&p, "e4"), "--");
    assert_eq!(p.captured(Player::First)[Rank::Major.index()], 1);
    assert_eq!(p.captured(Player::Second)[Rank::Major.index()], 1);
}

#[test]
fn weaker_attacker_loses_and_defender_is_revealed() {
    let mut p = pos(&with_spare(&[("e4", "r7"), ("e5", "b3")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(text_at(&p, "e5"), "B3");
    assert_eq!(text_at(&p, "e4"), "--");
}

#[test]
fn flag_capture_ends_the_game() {
    let mut p = pos(&with_spare(&[("e4", "rS"), ("e5", "bF")]), "r");
    step(&mut p, "e4e5");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
    let mut v = Vec::new();
    p.legal_moves(&mut v);
    assert!(v.is_empty());
    // The captured Flag is in the text, so the parsed text is decided too.
    let q = Stratego::parse(&StrategoConfig::default(), &p.position_text()).unwrap();
    assert_eq!(q.status(), Status::Terminal(Some(Player::First)));
}

#[test]
fn scout_runs_are_blocked_by_pieces_and_lakes() {
    // a1 Scout: up to a4 (own piece on a5), right along rank 1 to d1 (enemy on e1).
    let p = pos(
        &[("a1", "r9"), ("a5", "r5"), ("e1", "b7"), ("j10", "b9")],
        "r",
    );
    assert_eq!(
        targets(&p, "a1"),
        ["a2", "a3", "a4", "b1", "c1", "d1", "e1"]
    );
    // A Scout on c4 cannot go up (c5 is a lake); on b5 it cannot cross c5.
    let p = pos(&[("c4", "r9"), ("b5", "r9"), ("j10", "b9")], "r");
    let c4 = targets(&p, "c4");
    assert!(
        !c4.iter().any(|t| t == "c5" || t == "c6" || t == "c7"),
        "{c4:?}"
    );
    let b5 = targets(&p, "b5");
    assert!(
        !b5.iter().any(|t| t == "c5" || t == "d5" || t == "e5"),
        "{b5:?}"
    );
    assert!(
        b5.iter().any(|t| t == "a5") && b5.iter().any(|t| t == "b10"),
        "{b5:?}"
    );
}

#[test]
fn non_scouts_step_one_square_and_lakes_are_impassable() {
    let p = pos(&[("e4", "r1"), ("b5", "r6"), ("j10", "b9")], "r");
    assert_eq!(targets(&p, "e4"), ["d4", "e3", "e5", "f4"]);
    assert_eq!(targets(&p, "b5"), ["a5", "b4", "b6"]);
}

#[test]
fn scout_run_attack_reveals_the_scout() {
    let mut p = pos(
        &[("a1", "r9"), ("a7", "b5"), ("j10", "b9"), ("j1", "r8")],
        "r",
    );
    assert!(targets(&p, "a1").contains(&"a7".to_string()));
    step(&mut p, "a1a7");
    assert_eq!(text_at(&p, "a7"), "B5", "the Scout lost and was revealed");
    assert_eq!(p.captured(Player::First)[Rank::Scout.index()], 1);
    // A plain run (no attack) reveals the Scout too.
    let mut p = pos(&[("a1", "r9"), ("j10", "b9")], "r");
    step(&mut p, "a1a4");
    assert_eq!(text_at(&p, "a4"), "R9");
    // A one-square step does not reveal, but marks the piece as moved.
    let mut p = pos(&[("a1", "r9"), ("j10", "b9")], "r");
    step(&mut p, "a1a2");
    assert_eq!(text_at(&p, "a2"), "r9");
    assert!(p.piece_at(sq("a2")).unwrap().has_moved());
    let v = p.view_for(Player::Second);
    assert!(
        v.position_text()
            .starts_with("9b9/10/10/10/10/10/10/10/r!9/10 b"),
        "{}",
        v.position_text()
    );
}

#[test]
fn bombs_and_flag_never_move() {
    let p = pos(
        &[("a1", "rF"), ("b1", "rB"), ("e4", "r5"), ("j10", "b9")],
        "r",
    );
    assert!(targets(&p, "a1").is_empty());
    assert!(targets(&p, "b1").is_empty());
    assert_eq!(moves(&p).len(), 4);
}

fn two_square_case(limit: u8) {
    let config = StrategoConfig {
        two_square_limit: limit,
        ..StrategoConfig::default()
    };
    let mut p = pos_with(config, &[("a1", "r5"), ("j10", "b5")], "r");
    let red = ["a1a2", "a2a1"];
    let blue = ["j10j9", "j9j10"];
    for i in 0..limit as usize {
        let m = red[i % 2];
        assert!(accepts(&p, m), "move {} ({m}) with limit {limit}", i + 1);
        step(&mut p, m);
        step(&mut p, blue[i % 2]); // the opponent's moves do not reset the count
    }
    let next = red[limit as usize % 2];
    let err = p.parse_move(next).unwrap_err();
    assert!(err.reason.contains("two-squares"), "{err}");
    // Another move is still fine, and starts a new count.
    let other = if limit % 2 == 1 { "a2a3" } else { "a1b1" };
    assert!(accepts(&p, other), "{other}");
    step(&mut p, other);
    assert_eq!(p.two_square(Player::First).unwrap().count, 1);
    // Blue, who moved as often, is stopped too.
    let blue_next = blue[limit as usize % 2];
    assert!(!accepts(&p, blue_next));
}

#[test]
fn two_squares_rule_limit_3() {
    two_square_case(3);
}

#[test]
fn two_squares_rule_limit_5() {
    two_square_case(5);
}

#[test]
fn two_square_state_survives_the_text() {
    let mut p = pos(&[("a1", "r5"), ("j10", "b5")], "r");
    steps(&mut p, "a1a2 j10j9 a2a1 j9j10 a1a2 j10j9");
    let q = Stratego::parse(p.config(), &p.position_text()).unwrap();
    assert_eq!(q, p);
    assert!(!accepts(&q, "a2a1"));
    assert!(
        p.position_text().contains("two:a1a2x3/j10j9x3"),
        "{}",
        p.position_text()
    );
}

#[test]
fn side_without_moves_loses() {
    // Red has only a Bomb and the Flag: after Blue's move Red cannot move.
    let mut p = pos(&[("a1", "rF"), ("b1", "rB"), ("j10", "b9")], "b");
    assert_eq!(p.status(), Status::Decision);
    step(&mut p, "j10j9");
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
    // Neither side can move: a draw.
    let p = pos(&[("a1", "rF"), ("j10", "bF")], "r");
    assert_eq!(p.status(), Status::Terminal(None));
    // A piece boxed in by its own bombs cannot move either.
    let p = pos(
        &[("a1", "r5"), ("a2", "rB"), ("b1", "rB"), ("j10", "b9")],
        "r",
    );
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
}

#[test]
fn ply_limit_draws() {
    let config = StrategoConfig {
        max_plies: 3,
        ..StrategoConfig::default()
    };
    let mut p = pos_with(config, &[("a1", "r5"), ("j10", "b5")], "r");
    steps(&mut p, "a1a2 j10j9");
    assert_eq!(p.status(), Status::Decision);
    step(&mut p, "a2a3");
    assert_eq!(p.ply(), 3);
    assert_eq!(p.status(), Status::Terminal(None));
}

#[test]
fn start_positions() {
    let s = Stratego::start(&StrategoConfig::default()).unwrap();
    assert_eq!(s.name(), "stratego");
    assert_eq!(s.status(), Status::Decision);
    // Hand count: 3 front-row pieces step forward (a, b, j; c d g h face
    // lakes), 3 Scouts (e4 f4 i4) reach rank 5, 6 or attack rank 7.
    assert_eq!(moves(&s).len(), 12);
    let b = Stratego::start(&StrategoConfig::for_variant(Variant::Barrage)).unwrap();
    assert_eq!(b.name(), "barrage");
    assert_eq!(b.bound(), 1000.0);
    // Blue's setup is turned: his back row is rank 10 and his flag is there,
    // barrage-2's back-left corner (a1 for its owner) becoming j10.
    let flags: Vec<String> = Square::all()
        .filter(|&q| b.piece_at(q).is_some_and(|p| p.rank() == Some(Rank::Flag)))
        .map(|q| q.to_string())
        .collect();
    assert_eq!(flags, ["j1", "j10"]);
}

#[test]
fn move_input_errors_name_the_problem() {
    let p = pos(&[("a1", "rF"), ("e4", "r5"), ("j10", "b9")], "r");
    for (text, needle) in [
        ("e4", "not a move"),
        ("e4e6", "cannot go"),
        ("a1a2", "Flag"),
        ("j10j9", "opponent"),
        ("b2b3", "no piece"),
        ("=3", "not a move"),
    ] {
        let e = p.parse_move(text).unwrap_err();
        assert_eq!(e.token, text);
        assert!(e.reason.contains(needle), "{text}: {e}");
    }
    assert!(p.parse_outcome("=3").is_err());
}
