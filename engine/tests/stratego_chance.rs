//! The chance model of hidden ranks and the information sets (views).

mod stratego_common;

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use starcut::stratego::{
    random_setup, Piece, Rank, Square, Stratego, StrategoConfig, Variant, BARRAGE_ARMY,
    STANDARD_ARMY,
};
use starcut::{Game, ParseErrorKind, Player, Status};
use stratego_common::*;

/// Expected outcomes, written out from an army and what is known, in rank
/// order, leaving out zero weights and (for moved pieces) Bomb and Flag.
fn expected(army: [u8; 12], known: &[(Rank, u8)], moved: bool) -> Vec<(String, u32)> {
    let mut counts = army;
    for &(r, n) in known {
        counts[r.index()] -= n;
    }
    Rank::ALL
        .iter()
        .filter(|r| !(moved && matches!(r, Rank::Bomb | Rank::Flag)))
        .filter(|r| counts[r.index()] > 0)
        .map(|r| (format!("={}", r.to_char()), counts[r.index()] as u32))
        .collect()
}

fn view_position() -> Stratego {
    // Blue's view: red a4 has moved, e4 has not, j1 is a revealed Scout;
    // two red Scouts and a blue Colonel were captured.
    pos(
        &[
            ("a4", "r!"),
            ("e4", "r?"),
            ("j1", "R9"),
            ("a5", "b7"),
            ("e5", "b5"),
            ("j10", "bF"),
        ],
        "b r9r9b3",
    )
}

#[test]
fn attack_on_unmoved_unknown_uses_the_whole_pool() {
    let mut p = view_position();
    step(&mut p, "e5e4");
    assert_eq!(p.status(), Status::Chance);
    assert_eq!(p.to_move(), Player::Second, "the attacker stays to move");
    assert_eq!(
        outcomes(&p),
        expected(STANDARD_ARMY, &[(Rank::Scout, 3)], false)
    );
    // The pending battle survives the text.
    let q = Stratego::parse(p.config(), &p.position_text()).unwrap();
    assert_eq!(q, p);
    assert!(
        p.position_text().contains("battle:e5e4"),
        "{}",
        p.position_text()
    );
}

#[test]
fn attack_on_moved_unknown_excludes_bomb_and_flag() {
    let mut p = view_position();
    step(&mut p, "a5a4");
    assert_eq!(
        outcomes(&p),
        expected(STANDARD_ARMY, &[(Rank::Scout, 3)], true)
    );
    assert!(p.parse_outcome("=B").is_err());
    assert!(p.parse_outcome("=F").is_err());
    // Resolving as a Lieutenant: it beats the attacking blue Sergeant.
    step(&mut p, "=6");
    assert_eq!(p.status(), Status::Decision);
    assert_eq!(p.to_move(), Player::First);
    let a4 = p.piece_at(Square::parse("a4").unwrap()).unwrap();
    assert_eq!(
        (a4.colour(), a4.rank(), a4.is_revealed()),
        (Player::First, Some(Rank::Lieutenant), true)
    );
    assert_eq!(p.captured(Player::Second)[Rank::Sergeant.index()], 1);
}

#[test]
fn outcomes_resolve_like_battles() {
    let mut p = view_position();
    steps(&mut p, "e5e4 =B");
    assert_eq!(
        p.piece_at(Square::parse("e4").unwrap()).unwrap().rank(),
        Some(Rank::Bomb)
    );
    assert!(p
        .piece_at(Square::parse("e4").unwrap())
        .unwrap()
        .is_revealed());
    assert!(p.piece_at(Square::parse("e5").unwrap()).is_none());
    let mut p = view_position();
    steps(&mut p, "e5e4 =F");
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
    let mut p = view_position();
    steps(&mut p, "e5e4 =5");
    assert!(p.piece_at(Square::parse("e4").unwrap()).is_none());
    assert!(p.piece_at(Square::parse("e5").unwrap()).is_none());
}

#[test]
fn unknown_attacker_is_a_chance_node() {
    let mut p = view_position();
    step(&mut p, "e5e6");
    // Red (hidden to Blue) attacks the blue Sergeant with the moved piece.
    assert!(moves(&p).contains(&"a4a5".to_string()));
    step(&mut p, "a4a5");
    assert_eq!(p.status(), Status::Chance);
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(
        outcomes(&p),
        expected(STANDARD_ARMY, &[(Rank::Scout, 3)], true)
    );
    step(&mut p, "=3");
    let a5 = p.piece_at(Square::parse("a5").unwrap()).unwrap();
    assert_eq!(
        (a5.colour(), a5.rank()),
        (Player::First, Some(Rank::Colonel))
    );
    assert_eq!(p.to_move(), Player::Second);
    // An unmoved unknown that attacks has moved: no Bomb or Flag either.
    let mut p = view_position();
    steps(&mut p, "e5f5");
    steps(&mut p, "e4e5");
    assert!(p.status() == Status::Decision, "e5 was empty: a plain move");
    assert!(p
        .piece_at(Square::parse("e5").unwrap())
        .unwrap()
        .has_moved());
}

#[test]
fn captured_pieces_leave_the_pool_and_barrage_differs() {
    let mut p = barrage(&[("e4", "r?"), ("e5", "b1"), ("j10", "bF")], "b");
    step(&mut p, "e5e4");
    assert_eq!(outcomes(&p), expected(BARRAGE_ARMY, &[], false));
    let mut p = barrage(&[("e4", "r?"), ("e5", "b1"), ("j10", "bF")], "b r9rS");
    step(&mut p, "e5e4");
    assert_eq!(
        outcomes(&p),
        expected(BARRAGE_ARMY, &[(Rank::Scout, 1), (Rank::Spy, 1)], false)
    );
    // Known pieces on the board leave it too.
    let mut p = barrage(
        &[("e4", "r?"), ("a1", "R1"), ("e5", "b2"), ("j10", "bF")],
        "b",
    );
    step(&mut p, "e5e4");
    assert_eq!(
        outcomes(&p),
        expected(BARRAGE_ARMY, &[(Rank::Marshal, 1)], false)
    );
}

#[test]
fn tight_pool_keeps_the_view_consistent() {
    // Red's unaccounted ranks are the Spy and the Flag; a4 has moved, so it
    // must be the Spy and the unmoved e4 the Flag.
    let mut p = barrage(
        &[
            ("a4", "r!"),
            ("e4", "r?"),
            ("a1", "R1"),
            ("b1", "R2"),
            ("c1", "R8"),
            ("e5", "b2"),
            ("j10", "bF"),
        ],
        "b r9r9rB",
    );
    step(&mut p, "e5e4");
    assert_eq!(outcomes(&p), [("=F".to_string(), 1)]);
    // The unmoved unknown cannot move (it must be the Flag).
    let p = barrage(
        &[
            ("a4", "r!"),
            ("e4", "r?"),
            ("a1", "R1"),
            ("b1", "R2"),
            ("c1", "R8"),
            ("e6", "b2"),
            ("j10", "bF"),
        ],
        "r r9r9rB",
    );
    assert!(targets(&p, "e4").is_empty());
    assert_eq!(targets(&p, "a4"), ["a3", "a5", "b4"]);
}

#[test]
fn inconsistent_views_are_refused() {
    let cfg = StrategoConfig::for_variant(Variant::Barrage);
    // Two moved unknowns but only one movable rank unaccounted for.
    let text = format!(
        "{} r r9r9rB",
        board_text(&[
            ("a4", "r!"),
            ("b4", "r!"),
            ("a1", "R1"),
            ("b1", "R2"),
            ("c1", "R8"),
            ("j10", "bF")
        ])
    );
    let e = Stratego::parse(&cfg, &text).unwrap_err();
    assert_eq!(
        (e.kind, e.field.as_str()),
        (ParseErrorKind::Inconsistent, "board")
    );
    // Unknown pieces on both sides.
    let text = format!("{} r", board_text(&[("a4", "r?"), ("j10", "b?")]));
    let e = Stratego::parse(&cfg, &text).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::Inconsistent);
}

#[test]
fn unknown_scout_runs_only_while_a_scout_is_unaccounted() {
    let p = pos(&[("a1", "r?"), ("j10", "b9")], "r");
    assert_eq!(
        targets(&p, "a1"),
        [
            "a10", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b1", "c1", "d1", "e1", "f1",
            "g1", "h1", "i1", "j1"
        ]
    );
    let mut q = p;
    step(&mut q, "a1a3");
    let a3 = q.piece_at(Square::parse("a3").unwrap()).unwrap();
    assert_eq!((a3.rank(), a3.is_revealed()), (Some(Rank::Scout), true));
    let p = pos(&[("a1", "r?"), ("j10", "b9")], "r r9r9r9r9r9r9r9r9");
    assert_eq!(targets(&p, "a1"), ["a2", "b1"]);
}

/// Ranks of red pieces unknown to Blue, grouped by moved status.
fn hidden_red(p: &Stratego) -> Vec<(Square, Piece)> {
    Square::all()
        .filter_map(|s| p.piece_at(s).map(|pc| (s, pc)))
        .filter(|(_, pc)| pc.colour() == Player::First && !pc.is_revealed())
        .collect()
}

fn random_true_game(seed: u64, plies: usize) -> Stratego {
    let cfg = StrategoConfig::default();
    let red = random_setup(Variant::Stratego, seed);
    let blue = random_setup(Variant::Stratego, seed ^ 0xABCD);
    let mut p = Stratego::from_setups(&cfg, &red, &blue).unwrap();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut mv = Vec::new();
    for _ in 0..plies {
        if p.status() != Status::Decision {
            break;
        }
        p.legal_moves(&mut mv);
        let m = mv[rng.gen_range(0..mv.len())];
        p.play(m);
    }
    p
}

fn same_view(a: &Stratego, b: &Stratego) {
    assert_eq!(a, b);
    assert_eq!(a.hash(), b.hash());
    assert_eq!(a.position_text(), b.position_text());
    assert_eq!(a.status(), b.status());
    let (mut ma, mut mb) = (Vec::new(), Vec::new());
    a.legal_moves(&mut ma);
    b.legal_moves(&mut mb);
    assert_eq!(ma, mb);
    let (mut oa, mut ob) = (Vec::new(), Vec::new());
    a.chance_outcomes(&mut oa);
    b.chance_outcomes(&mut ob);
    assert_eq!(oa, ob);
    assert_eq!(a.heuristic(), b.heuristic());
}

#[test]
fn views_do_not_depend_on_hidden_ranks() {
    let mut tested = 0;
    for seed in 0..40u64 {
        let t1 = random_true_game(seed, (seed as usize * 7) % 60);
        if t1.status() != Status::Decision {
            continue;
        }
        // Swap the ranks of two hidden red pieces with the same moved status
        // (both unmoved, or both moved and movable).
        let hidden = hidden_red(&t1);
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for i in 0..hidden.len() {
            for j in i + 1..hidden.len() {
                let (a, b) = (hidden[i].1, hidden[j].1);
                if a.rank() != b.rank() && a.has_moved() == b.has_moved() {
                    pairs.push((i, j));
                }
            }
        }
        let Some(&(i, j)) = pairs.choose(&mut rng) else {
            continue;
        };
        let mut t2 = t1;
        let (sa, pa) = hidden[i];
        let (sb, pb) = hidden[j];
        t2.put_piece(
            sa,
            Some(Piece::new(Player::First, pb.rank(), false, pa.has_moved())),
        );
        t2.put_piece(
            sb,
            Some(Piece::new(Player::First, pa.rank(), false, pb.has_moved())),
        );
        assert_ne!(t1, t2);
        assert_ne!(t1.hash(), t2.hash());
        let mut v1 = t1.view_for(Player::Second);
        let mut v2 = t2.view_for(Player::Second);
        same_view(&v1, &v2);
        assert_ne!(v1.hash(), t1.hash());
        // Play on in both views with the same random steps (chance included).
        let mut mv = Vec::new();
        let mut oc = Vec::new();
        for _ in 0..30 {
            match v1.status() {
                Status::Decision => {
                    v1.legal_moves(&mut mv);
                    // Prefer attacks, to reach chance nodes.
                    let attacks: Vec<_> = mv
                        .iter()
                        .copied()
                        .filter(|m| v1.piece_at(m.to).is_some())
                        .collect();
                    let m = if !attacks.is_empty() && rng.gen_bool(0.5) {
                        attacks[rng.gen_range(0..attacks.len())]
                    } else {
                        mv[rng.gen_range(0..mv.len())]
                    };
                    v1.play(m);
                    v2.play(m);
                }
                Status::Chance => {
                    v1.chance_outcomes(&mut oc);
                    let o = oc[rng.gen_range(0..oc.len())].0;
                    v1.apply_outcome(o);
                    v2.apply_outcome(o);
                }
                Status::Terminal(_) => break,
            }
            same_view(&v1, &v2);
        }
        tested += 1;
    }
    assert!(tested >= 20, "only {tested} cases");
}

#[test]
fn start_view_hides_every_enemy_rank() {
    let s = Stratego::start(&StrategoConfig::default()).unwrap();
    let v = s.view_for(Player::Second);
    let text = v.position_text();
    assert!(text.ends_with("r?r?r?r?r?r?r?r?r?r? r"), "{text}");
    assert!(!text.contains("b?"));
    assert!(!s.has_unknown() && v.has_unknown());
    // Red's view of the same position hides Blue.
    let w = s.view_for(Player::First);
    assert!(w.position_text().starts_with("b?b?"));
    // A view of a view changes nothing.
    assert_eq!(v.view_for(Player::Second), v);
    // At the start Red's Scout run onto an unmoved blue piece weighs the whole army.
    let mut w = w;
    step(&mut w, "e4e7");
    assert_eq!(outcomes(&w), expected(STANDARD_ARMY, &[], false));
}
