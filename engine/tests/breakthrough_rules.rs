//! Breakthrough and ChanceBreakthrough rules: moves, captures, wins, rolls,
//! the ply limit, evaluation and ordering.

use starcut::breakthrough::{Breakthrough, BreakthroughConfig, BreakthroughMove, RollOutcome};
use starcut::{Game, Player, Status};

fn plain(text: &str) -> Breakthrough {
    Breakthrough::parse_position(&BreakthroughConfig::breakthrough(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn chance(text: &str) -> Breakthrough {
    Breakthrough::parse_position(&BreakthroughConfig::chance_breakthrough(), text)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn move_texts(p: &Breakthrough) -> Vec<String> {
    let mut out = Vec::new();
    p.legal_moves(&mut out);
    let mut texts: Vec<String> = out.iter().map(|&m| p.move_text(m)).collect();
    texts.sort();
    texts
}

fn step(p: &mut Breakthrough, text: &str) {
    let s = p.parse_step(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.apply_step(s);
}

#[test]
fn names_bounds_and_start() {
    let p = Breakthrough::start(&BreakthroughConfig::breakthrough()).unwrap();
    assert_eq!(p.name(), "breakthrough");
    assert_eq!(p.bound(), 1500.0);
    assert_eq!(p.to_move(), Player::First);
    let c = Breakthrough::start(&BreakthroughConfig::chance_breakthrough()).unwrap();
    assert_eq!(c.name(), "chance-breakthrough");
    assert_eq!(c.position_text(), p.position_text());
    assert_eq!(move_texts(&c).len(), 23);
    assert!(move_texts(&c).contains(&"roll".to_string()));
    let bad = BreakthroughConfig {
        rows: 4,
        ..BreakthroughConfig::default()
    };
    assert!(Breakthrough::start(&bad).is_none());
    let small = BreakthroughConfig {
        rows: 5,
        cols: 7,
        ..BreakthroughConfig::default()
    };
    assert_eq!(
        Breakthrough::start(&small).unwrap().position_text(),
        "bbbbbbb/bbbbbbb/7/wwwwwww/wwwwwww w"
    );
}

#[test]
fn captures_are_diagonal_only() {
    let p = plain("5/b4/1bb2/2w2/w4 w");
    assert_eq!(move_texts(&p), ["a1a2", "a1b2", "c2b3", "c2d3"]);
    let err = p.parse_move("c2c3").unwrap_err();
    assert!(err.reason.contains("straight"), "{err}");
    // Black's view: b3 may take c2 diagonally, c3 may not take c2 straight.
    let mut p = p;
    step(&mut p, "a1a2");
    let moves = move_texts(&p);
    assert!(moves.contains(&"b3c2".to_string()));
    assert!(moves.contains(&"b3a2".to_string()), "capture on a2");
    assert!(!moves.contains(&"c3c2".to_string()));
    step(&mut p, "b3c2");
    assert_eq!(p.position_text(), "5/b4/2b2/w1b2/5 w 2");
}

#[test]
fn moves_go_forward_only() {
    let p = plain("5/1b3/5/2w2/5 w");
    assert_eq!(move_texts(&p), ["c2b3", "c2c3", "c2d3"]);
    for bad in ["c2c1", "c2b2", "c2c4", "c2e4", "b4b3", "a1a2"] {
        assert!(p.parse_move(bad).is_err(), "{bad}");
    }
}

#[test]
fn reaching_the_far_rank_wins() {
    let mut p = plain("5/2w2/5/1b3/5 w");
    step(&mut p, "c4c5");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
    let mut p = plain("1b3/2w2/5/b4/5 w");
    step(&mut p, "c4b5");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
    // Black reaching rank 1.
    let mut p = plain("5/5/5/3b1/w4 b");
    step(&mut p, "d2d1");
    assert_eq!(p.status(), Status::Terminal(Some(Player::Second)));
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(p.terminal_value(Some(Player::Second)), -1500.0);
}

#[test]
fn no_pieces_left_loses() {
    let mut p = plain("5/5/1b3/w4/5 w");
    step(&mut p, "a2b3");
    assert_eq!(p.pieces(Player::Second), 0);
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
}

#[test]
fn plain_breakthrough_has_no_roll() {
    let p = plain("5/2b2/5/1w3/5 w");
    assert!(p.parse_move("roll").is_err());
    assert!(!p.is_legal(BreakthroughMove::Roll));
    assert!(Breakthrough::parse_position(
        &BreakthroughConfig::breakthrough(),
        "5/2b2/5/1w3/5 w roll"
    )
    .is_err());
}

#[test]
fn roll_outcome_weights_sum_to_the_board() {
    for (rows, cols) in [(5u8, 5u8), (5, 8), (6, 6), (8, 5), (8, 8)] {
        let cfg = BreakthroughConfig {
            rows,
            cols,
            chance: true,
            max_plies: 500,
        };
        let mut p = Breakthrough::start(&cfg).unwrap();
        p.play(BreakthroughMove::Roll);
        assert_eq!(p.status(), Status::Chance);
        let mut outcomes = Vec::new();
        p.chance_outcomes(&mut outcomes);
        let total: u32 = outcomes.iter().map(|o| o.1).sum();
        assert_eq!(total, rows as u32 * cols as u32);
        assert_eq!(outcomes.len(), 4 * cols as usize + 1);
        assert_eq!(
            outcomes[0],
            (RollOutcome::Nothing, (rows as u32 - 4) * cols as u32)
        );
    }
}

#[test]
fn a_roll_removes_the_piece_and_passes_the_turn() {
    let mut p = chance("5/bb3/5/1w3/w4 w");
    step(&mut p, "roll");
    assert_eq!(p.status(), Status::Chance);
    assert_eq!(p.to_move(), Player::First);
    assert_eq!(p.position_text(), "5/bb3/5/1w3/w4 w roll");
    assert!(
        p.parse_outcome("c3").is_err(),
        "empty square is the none outcome"
    );
    assert!(p.parse_outcome("b3").is_err());
    let mut q = p;
    step(&mut q, "a4");
    assert_eq!(q.position_text(), "5/1b3/5/1w3/w4 b 1");
    assert_eq!(q.status(), Status::Decision);
    let mut q = p;
    step(&mut q, "none");
    assert_eq!(q.position_text(), "5/bb3/5/1w3/w4 b 1");
}

#[test]
fn a_roll_can_remove_the_last_piece_of_either_side() {
    let p = chance("5/2b2/5/1w3/5 w");
    let mut rolled = p;
    step(&mut rolled, "roll");
    let mut own = rolled;
    step(&mut own, "b2");
    assert_eq!(
        own.status(),
        Status::Terminal(Some(Player::Second)),
        "the roller lost his last piece"
    );
    let mut theirs = rolled;
    step(&mut theirs, "c4");
    assert_eq!(theirs.status(), Status::Terminal(Some(Player::First)));
    let mut nothing = rolled;
    step(&mut nothing, "none");
    assert_eq!(nothing.status(), Status::Decision);
    assert_eq!(nothing.to_move(), Player::Second);
}

#[test]
fn the_game_is_drawn_at_the_ply_limit() {
    let cfg = BreakthroughConfig {
        rows: 6,
        cols: 6,
        chance: true,
        max_plies: 3,
    };
    let mut p = Breakthrough::start(&cfg).unwrap();
    step(&mut p, "a2a3");
    step(&mut p, "roll");
    step(&mut p, "none");
    assert_eq!(p.ply(), 2);
    assert_eq!(p.status(), Status::Decision);
    step(&mut p, "b2b3");
    assert_eq!(p.status(), Status::Terminal(None));
    assert_eq!(p.position_text(), "bbbbbb/bbbbbb/6/ww4/2wwww/wwwwww b 3");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    // A win on the last ply is still a win.
    let cfg = BreakthroughConfig {
        max_plies: 1,
        ..BreakthroughConfig::breakthrough()
    };
    let mut p = Breakthrough::parse_position(&cfg, "5/2w2/5/1b3/5 w").unwrap();
    step(&mut p, "c4c5");
    assert_eq!(p.status(), Status::Terminal(Some(Player::First)));
}

#[test]
fn heuristic_counts_pieces_and_progress() {
    let start = Breakthrough::start(&BreakthroughConfig::default()).unwrap();
    assert_eq!(start.heuristic(), 0.0);
    // White: 2 pieces (400) + most advanced on rank 3, 2 rows up (100).
    // Black: 1 piece (200) + on rank 4 of 5, 1 row down (50).
    let p = plain("5/2b2/1w3/5/w4 w");
    assert_eq!(p.heuristic(), 500.0 - 250.0);
    let mut q = p;
    step(&mut q, "b3b4");
    assert_eq!(q.heuristic(), -(400.0 + 150.0 - 250.0));
    // Far ahead: clamped strictly inside the bound.
    let p = plain("b7/8/8/8/8/8/wwwwwwww/wwwwwwww b");
    assert_eq!(p.heuristic(), -1499.0);
}

#[test]
fn ordering_prefers_wins_then_captures() {
    let p = plain("b4/1b3/b1w2/1w3/5 w");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    p.order_moves(&mut moves);
    assert_eq!(p.move_text(moves[0]), "c3b4");
    // Three winning steps from b4, then the capture a2b3, then a2a3.
    let p = plain("5/1w3/1b3/w4/5 w");
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    p.order_moves(&mut moves);
    let texts: Vec<String> = moves.iter().map(|&m| p.move_text(m)).collect();
    let mut wins = texts[..3].to_vec();
    wins.sort();
    assert_eq!(wins, ["b4a5", "b4b5", "b4c5"]);
    assert_eq!(texts[3..], ["a2b3", "a2a3"]);
    // Behind in material, roll is tried before quiet steps.
    let c = chance("bbb2/5/5/1w3/5 w");
    let mut moves = Vec::new();
    c.legal_moves(&mut moves);
    c.order_moves(&mut moves);
    assert_eq!(moves[0], BreakthroughMove::Roll);
}

#[test]
fn hash_sees_side_roll_and_ply_near_the_limit() {
    let cfg = BreakthroughConfig {
        max_plies: 500,
        ..BreakthroughConfig::chance_breakthrough()
    };
    let a = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 w").unwrap();
    let b = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 b").unwrap();
    let r = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 w roll").unwrap();
    assert_ne!(a.hash(), b.hash());
    assert_ne!(a.hash(), r.hash());
    // Far from the limit the ply count does not split transpositions...
    let far = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 w 10").unwrap();
    assert_eq!(a.hash(), far.hash());
    assert_ne!(a, far);
    // ...near it, it does.
    let near1 = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 w 480").unwrap();
    let near2 = Breakthrough::parse_position(&cfg, "5/2b2/5/1w3/5 w 482").unwrap();
    assert_ne!(near1.hash(), near2.hash());
    assert_ne!(a.hash(), near1.hash());
}

#[test]
fn a_move_is_legal_exactly_when_generated() {
    // The rules' check of a single move (what the page and the protocols
    // use) against the generated list: every step between two squares of
    // the board, and the roll, along random games of both variants.
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut checked = [0usize; 2];
    for seed in 0..40u64 {
        let config = if seed % 2 == 0 {
            BreakthroughConfig::chance_breakthrough()
        } else {
            BreakthroughConfig::breakthrough()
        };
        let mut p = Breakthrough::start(&config).unwrap();
        let mut rng = SmallRng::seed_from_u64(seed);
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            p.legal_moves(&mut moves);
            let mut candidates = vec![BreakthroughMove::Roll];
            for from in 0..64u8 {
                for to in 0..64u8 {
                    candidates.push(BreakthroughMove::Step { from, to });
                }
            }
            for &m in &candidates {
                let listed = moves.contains(&m);
                assert_eq!(p.is_legal(m), listed, "{m:?} in {}", p.position_text());
                checked[usize::from(listed)] += 1;
            }
            match p.status() {
                Status::Decision => p.play(moves[rng.gen_range(0..moves.len())]),
                Status::Chance => {
                    p.chance_outcomes(&mut outcomes);
                    p.apply_outcome(outcomes[rng.gen_range(0..outcomes.len())].0);
                }
                Status::Terminal(_) => break,
            }
        }
    }
    assert!(checked[0] > 0 && checked[1] > 1000, "{checked:?}");
}

#[test]
fn captures_threats_and_rolls_are_tactical() {
    // White a2 can capture on b3 or step to a3; b4 steps to the last two
    // ranks of a 5-row board (a threat to win) or wins outright.
    let p = plain("5/5/1b3/w1w2/5 w");
    let tactical = |p: &Breakthrough, text: &str| p.is_tactical(p.parse_move(text).unwrap());
    assert!(tactical(&p, "a2b3"), "a capture");
    assert!(!tactical(&p, "a2a3"), "a quiet step");
    let q = plain("b4/5/1w3/5/5 w");
    assert!(tactical(&q, "b3b4"), "a step to the second-last rank");
    let r = plain("4b/1w3/5/5/5 w");
    assert!(tactical(&r, "b4b5"), "a win");
    // Black's ranks count from its own side.
    let b = plain("5/1b3/5/5/4w b");
    assert!(!tactical(&b, "b4b3"));
    let b = plain("5/5/1b3/5/4w b");
    assert!(tactical(&b, "b3b2"));
    // A roll is a gamble on chance: never reduced.
    let c = chance("bbb2/5/5/1w3/5 w");
    assert!(c.is_tactical(BreakthroughMove::Roll));
    assert!(!tactical(&c, "b2b3"));
}
