//! Random playouts from random setups, in the true game and in views:
//! text round trips, incremental hash and kept counts against a from-scratch
//! recount, value semantics of clone + play, legal moves and outcomes
//! readable back from their text, heuristic bounds, and whether a move is
//! listed told without the list.

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::stratego::{
    random_setup, Move, Square, Stratego, StrategoConfig, Variant, SIZE, SQUARES,
};
use starcut::{Game, Player, Status};

/// `move_is_listed` (what lets the search try the table move and the
/// killers before generating the moves) against the lists themselves: every
/// step and run along a row or file from every piece of either side, and
/// the modelled list's blind attacks.
fn check_listed(p: &Stratego) -> Result<(), TestCaseError> {
    let (mut legal, mut modelled) = (Vec::new(), Vec::new());
    p.legal_moves(&mut legal);
    p.modelled_moves(&mut modelled);
    let mut candidates = modelled.clone();
    for i in 0..SQUARES {
        let from = Square::new(i).unwrap();
        if p.piece_at(from).is_none() {
            continue;
        }
        for j in (0..SQUARES).filter(|&j| j != i && (j % SIZE == i % SIZE || j / SIZE == i / SIZE))
        {
            candidates.push(Move::new(from, Square::new(j).unwrap()));
        }
    }
    for &m in &candidates {
        prop_assert_eq!(
            p.move_is_listed(m, false),
            Some(legal.contains(&m)),
            "{} in {}",
            p.move_text(m),
            p.position_text()
        );
        if let Some(listed) = p.move_is_listed(m, true) {
            prop_assert_eq!(
                listed,
                modelled.contains(&m),
                "{} (modelled) in {}",
                p.move_text(m),
                p.position_text()
            );
        }
    }
    Ok(())
}

fn check(p: &Stratego) -> Result<(), TestCaseError> {
    check_listed(p)?;
    prop_assert_eq!(p.hash(), p.compute_hash(), "hash of {}", p.position_text());
    // The sets, counts and piece values kept as the game goes equal a
    // recount of the board.
    prop_assert!(p.kept_sets_agree(), "kept sets of {}", p.position_text());
    let text = p.position_text();
    let q = Stratego::parse(p.config(), &text)
        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&q, p, "round trip of {}", text);
    match p.status() {
        Status::Decision => {
            let mut mv = Vec::new();
            p.legal_moves(&mut mv);
            prop_assert!(!mv.is_empty(), "a decision node without moves: {}", text);
            for &m in &mv {
                prop_assert_eq!(p.parse_move(&p.move_text(m)), Ok(m));
            }
            let h = p.heuristic();
            prop_assert!(h > -1000.0 && h < 1000.0, "heuristic {}", h);
            let v = p.view_for(p.to_move());
            prop_assert_eq!(v.view_for(p.to_move()), v);
        }
        Status::Chance => {
            let mut oc = Vec::new();
            p.chance_outcomes(&mut oc);
            prop_assert!(!oc.is_empty());
            for &(o, w) in &oc {
                prop_assert!(w > 0);
                prop_assert_eq!(p.parse_outcome(&p.outcome_text(o)), Ok(o));
            }
        }
        Status::Terminal(_) => {
            let mut mv = Vec::new();
            p.legal_moves(&mut mv);
            prop_assert!(mv.is_empty());
        }
    }
    Ok(())
}

fn playout(
    variant: Variant,
    seeds: (u64, u64, u64),
    plies: usize,
    view_at: usize,
) -> Result<(), TestCaseError> {
    let config = StrategoConfig::for_variant(variant);
    let red = random_setup(variant, seeds.0);
    let blue = random_setup(variant, seeds.1);
    let mut p = Stratego::from_setups(&config, &red, &blue).unwrap();
    let mut rng = SmallRng::seed_from_u64(seeds.2);
    let mut mv = Vec::new();
    let mut oc = Vec::new();
    let mut in_view = false;
    for i in 0..plies {
        if i == view_at {
            p = p.view_for(if rng.gen_bool(0.5) {
                Player::First
            } else {
                Player::Second
            });
            in_view = true;
        }
        check(&p)?;
        let before = p;
        match p.status() {
            Status::Decision => {
                p.legal_moves(&mut mv);
                let attacks: Vec<_> = mv
                    .iter()
                    .copied()
                    .filter(|m| p.piece_at(m.to).is_some())
                    .collect();
                let m = if !attacks.is_empty() && rng.gen_bool(0.3) {
                    attacks[rng.gen_range(0..attacks.len())]
                } else {
                    mv[rng.gen_range(0..mv.len())]
                };
                let mut child = p;
                child.play(m);
                prop_assert_eq!(&p, &before, "playing into a clone changed the original");
                if !in_view {
                    prop_assert!(
                        child.status() != Status::Chance,
                        "the true game never waits for chance"
                    );
                }
                p = child;
            }
            Status::Chance => {
                p.chance_outcomes(&mut oc);
                let o = oc[rng.gen_range(0..oc.len())].0;
                let mut child = p;
                child.apply_outcome(o);
                prop_assert_eq!(&p, &before);
                p = child;
            }
            Status::Terminal(_) => break,
        }
    }
    check(&p)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn stratego_playouts(a in any::<u64>(), b in any::<u64>(), c in any::<u64>(), plies in 0usize..300, view_at in 0usize..400) {
        playout(Variant::Stratego, (a, b, c), plies, view_at)?;
    }

    #[test]
    fn barrage_playouts(a in any::<u64>(), b in any::<u64>(), c in any::<u64>(), plies in 0usize..300, view_at in 0usize..400) {
        playout(Variant::Barrage, (a, b, c), plies, view_at)?;
    }
}

#[test]
fn long_games_end() {
    // Random games end by a captured Flag, by immobility or at the ply limit,
    // and every one of them stays consistent on the way.
    let mut ends = [0usize; 3];
    for seed in 0..12u64 {
        let variant = if seed % 2 == 0 {
            Variant::Stratego
        } else {
            Variant::Barrage
        };
        let config = StrategoConfig {
            max_plies: 600,
            ..StrategoConfig::for_variant(variant)
        };
        let mut p = Stratego::from_setups(
            &config,
            &random_setup(variant, seed),
            &random_setup(variant, seed + 99),
        )
        .unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut mv = Vec::new();
        while p.status() == Status::Decision {
            p.legal_moves(&mut mv);
            p.play(mv[rng.gen_range(0..mv.len())]);
            assert_eq!(p.hash(), p.compute_hash());
        }
        match p.status() {
            Status::Terminal(Some(_)) if p.ply() < 600 => ends[0] += 1,
            Status::Terminal(None) if p.ply() >= 600 => ends[1] += 1,
            Status::Terminal(_) => ends[2] += 1,
            s => panic!("{s:?}"),
        }
    }
    assert!(ends[0] > 0, "{ends:?}");
}

#[test]
fn views_reach_chance_nodes_with_both_kinds_of_attack() {
    // In a view, the viewer's attacks on hidden pieces and the hidden pieces'
    // attacks on the viewer both become chance nodes.
    let (mut by_viewer, mut by_hidden) = (0, 0);
    let mut mv = Vec::new();
    let mut oc = Vec::new();
    for seed in 0..30u64 {
        let config = StrategoConfig::default();
        let t = Stratego::from_setups(
            &config,
            &random_setup(Variant::Stratego, seed),
            &random_setup(Variant::Stratego, seed + 7),
        )
        .unwrap();
        let mut p = t.view_for(Player::First);
        let mut rng = SmallRng::seed_from_u64(seed);
        for _ in 0..200 {
            match p.status() {
                Status::Decision => {
                    p.legal_moves(&mut mv);
                    let m = mv[rng.gen_range(0..mv.len())];
                    let side = p.to_move();
                    p.play(m);
                    if p.status() == Status::Chance {
                        if side == Player::First {
                            by_viewer += 1;
                        } else {
                            by_hidden += 1;
                        }
                    }
                }
                Status::Chance => {
                    p.chance_outcomes(&mut oc);
                    let total: u32 = oc.iter().map(|o| o.1).sum();
                    assert!(total > 0);
                    p.apply_outcome(oc[rng.gen_range(0..oc.len())].0);
                }
                Status::Terminal(_) => break,
            }
        }
    }
    assert!(by_viewer > 10 && by_hidden > 10, "{by_viewer} {by_hidden}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn positions_reached_by_play_pass_the_checks(a in any::<u64>(), plies in 0usize..200) {
        let config = StrategoConfig::default();
        let mut p = Stratego::from_setups(&config, &random_setup(Variant::Stratego, a), &random_setup(Variant::Stratego, !a)).unwrap();
        let mut rng = SmallRng::seed_from_u64(a);
        let mut mv = Vec::new();
        let mut oc = Vec::new();
        for i in 0..plies {
            if i == plies / 2 {
                p = p.view_for(Player::Second);
            }
            prop_assert!(p.check().is_ok(), "{}", p.position_text());
            match p.status() {
                Status::Decision => {
                    p.legal_moves(&mut mv);
                    p.play(mv[rng.gen_range(0..mv.len())]);
                }
                Status::Chance => {
                    p.chance_outcomes(&mut oc);
                    p.apply_outcome(oc[rng.gen_range(0..oc.len())].0);
                }
                Status::Terminal(_) => break,
            }
        }
    }
}
