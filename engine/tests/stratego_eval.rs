//! The heuristic (Schadd's evaluation) and the static move ordering (Arts
//! 4.9.1).

mod stratego_common;

use starcut::stratego::{Move, Setup, Square, Stratego, StrategoConfig};
use starcut::{Game, Player};
use stratego_common::*;

fn mv(text: &str) -> Move {
    Move::parse(text).unwrap()
}

#[test]
fn symmetric_positions_evaluate_to_zero() {
    let s = Setup::preset("arts-5").unwrap();
    let p = Stratego::from_setups(&StrategoConfig::default(), &s, &s).unwrap();
    assert!(p.heuristic().abs() < 1e-9, "{}", p.heuristic());
    // A view values the hidden army at its expected value: the material is
    // the same, only the square bonus of the bombs' rows differs a little.
    let v = p.view_for(Player::First);
    assert!(v.heuristic().abs() < 30.0, "{}", v.heuristic());
}

#[test]
fn material_counts_from_the_side_to_move() {
    // Red is a Colonel up: good for Red to move, bad for Blue to move.
    let pieces = [
        ("a1", "r3"),
        ("a2", "r9"),
        ("j10", "b9"),
        ("j1", "rF"),
        ("a10", "bF"),
    ];
    let red = pos(&pieces, "r");
    let blue = pos(&pieces, "b");
    assert!(red.heuristic() > 100.0, "{}", red.heuristic());
    assert!((red.heuristic() + blue.heuristic()).abs() < 1e-9);
    // Revealing the Colonel costs Red its hidden-information bonus.
    let mut rev = pieces.to_vec();
    rev[0] = ("a1", "R3");
    assert!(pos(&rev, "r").heuristic() < red.heuristic());
    // Huge material differences stay inside the bounds.
    let s = Stratego::start(&StrategoConfig::default()).unwrap();
    let mut lone = s;
    for sq in Square::all() {
        if lone.piece_at(sq).is_some_and(|p| {
            p.colour() == Player::Second && p.rank() != Some(starcut::stratego::Rank::Flag)
        }) {
            lone.put_piece(sq, None);
        }
    }
    let h = lone.heuristic();
    assert!(h > 500.0 && h < 1000.0, "{h}");
}

#[test]
fn a_rank_no_enemy_piece_left_can_beat_counts_double() {
    use starcut::stratego::Rank;
    let pieces = [
        ("a1", "R1"),
        ("b1", "R2"),
        ("j10", "B2"),
        ("j1", "rF"),
        ("a10", "bF"),
    ];
    // Blue's Marshal is not captured (still in play for the count):
    // table values.
    let even = pos(&pieces, "r b3");
    let v = even.piece_values(Player::First);
    assert_eq!(v[Rank::Marshal.index()], 400.0);
    // Blue's Marshal is gone: Red's Marshal fears only Bombs and the Spy
    // and counts double; its General, which Blue's General only trades
    // with, counts one and a half times; Blue's, which Red's Marshal
    // beats, stays 300.
    let ahead = pos(&pieces, "r b1");
    let v = ahead.piece_values(Player::First);
    assert_eq!(v[Rank::Marshal.index()], 800.0);
    assert_eq!(v[Rank::General.index()], 450.0);
    assert_eq!(v[Rank::Colonel.index()], 175.0);
    let b = ahead.piece_values(Player::Second);
    assert_eq!(b[Rank::General.index()], 300.0);
    // Blue's General gone too: Red's General is dominant as well, and
    // its Colonels, which Blue's Colonels only trade with, count 262.
    let mut fewer = pieces.to_vec();
    fewer.remove(2);
    let further = pos(&fewer, "r b1b2");
    let v = further.piece_values(Player::First);
    assert_eq!(v[Rank::Marshal.index()], 800.0);
    assert_eq!(v[Rank::General.index()], 600.0);
    assert_eq!(v[Rank::Colonel.index()], 262.0);
    // Both Marshals gone, no side dominant: table values.
    let level = pos(&pieces[1..], "r b1r1");
    assert_eq!(
        level.piece_values(Player::Second)[Rank::General.index()],
        300.0
    );
    let v = level.piece_values(Player::First);
    assert_eq!(v[Rank::General.index()], 300.0);
    // Throwing the dominant Marshal away costs Red twice as much.
    let mut lost = pieces.to_vec();
    lost.remove(0);
    let drop = ahead.heuristic() - pos(&lost, "r b1r1").heuristic();
    let drop_even = even.heuristic() - pos(&lost, "r b3r1").heuristic();
    // (In the even case Red's loss makes Blue's Marshal dominant and
    // Blue's General its second guard, which adds to that drop: 571
    // against 800.)
    assert!(drop > drop_even + 200.0, "{drop} {drop_even}");
}

/// Red to move beside an unknown piece (a5), a known Major (b5) and a
/// Bomb (i5), with a Sergeant free to step (j2).
fn unknown_and_known_targets() -> Stratego {
    pos(
        &[
            ("a4", "r3"),
            ("a5", "b?"),
            ("b4", "r4"),
            ("b5", "b4"),
            ("j2", "r7"),
            ("i4", "r9"),
            ("i5", "bB"),
            ("j10", "b?"),
        ],
        "r",
    )
}

#[test]
fn static_ordering_follows_arts_but_defers_unknown_attacks() {
    // Red to move: e4 Marshal next to the blue Flag (e5), a Colonel next to
    // a blue Major (b5), a Sergeant next to an unknown piece... in a full
    // view we use known ranks; sure loss: Scout onto a Bomb.
    let p = pos(
        &[
            ("e4", "r1"),
            ("e5", "bF"),
            ("a4", "r3"),
            ("a5", "b4"),
            ("i4", "r9"),
            ("i5", "bB"),
            ("j2", "r7"),
            ("j10", "b9"),
        ],
        "r",
    );
    let flag = p.order_score(mv("e4e5"));
    let win = p.order_score(mv("a4a5"));
    let forward = p.order_score(mv("j2j3"));
    let sideways = p.order_score(mv("j2i2"));
    let backward = p.order_score(mv("j2j1"));
    let loss = p.order_score(mv("i4i5"));
    assert!(
        flag > win && win > forward && forward > sideways && sideways > backward && backward > loss
    );
    // Attacking an unknown piece opens a chance node: unlike Arts, it comes
    // after every quiet move (but still before a sure loss).
    let v = unknown_and_known_targets();
    let unknown = v.order_score(mv("a4a5"));
    assert!(
        v.order_score(mv("b4b5")) > unknown,
        "an equal trade is known"
    );
    assert!(unknown < v.order_score(mv("j2j1")), "after a backward move");
    assert!(unknown > v.order_score(mv("i4i5")), "before a sure loss");
    // Blue moves toward rank 1.
    let b = pos(&[("a1", "r9"), ("e7", "b5"), ("j10", "bF")], "b");
    assert!(b.order_score(mv("e7e6")) > b.order_score(mv("e7f7")));
    assert!(b.order_score(mv("e7f7")) > b.order_score(mv("e7e8")));
}

#[test]
fn attacks_are_tactical_and_steps_quiet() {
    // Late move reductions leave every attack, on a known or an unknown
    // piece, at full depth; steps to empty squares may be reduced.
    let v = unknown_and_known_targets();
    for attack in ["a4a5", "b4b5", "i4i5"] {
        assert!(v.is_tactical(mv(attack)), "{attack}");
    }
    for step in ["j2j3", "j2i2", "b4c4"] {
        assert!(!v.is_tactical(mv(step)), "{step}");
    }
}
