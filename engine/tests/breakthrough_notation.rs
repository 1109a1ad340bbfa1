//! (Chance)Breakthrough notation and hashing: lossless round trips and
//! incremental hashes on random playouts, total parsers, and a table of
//! malformed inputs.

mod record_common;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use record_common::random_record;
use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::{Game, ParseErrorKind, Status};

/// Plays a random game, checking every node on the way.
fn check_playout(config: BreakthroughConfig, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Breakthrough::start(&config).unwrap();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    loop {
        let text = pos.position_text();
        let back =
            Breakthrough::parse_position(&config, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, pos, "{text}");
        assert_eq!(back.position_text(), text);
        assert_eq!(pos.hash(), pos.compute_hash(), "{text}");
        let v = pos.heuristic();
        assert!(v > -1500.0 && v < 1500.0, "{text}: {v}");
        match pos.status() {
            Status::Terminal(_) => break,
            Status::Decision => {
                pos.legal_moves(&mut moves);
                for &m in &moves {
                    assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                    assert!(pos.is_legal(m));
                }
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                let total: u32 = outcomes.iter().map(|o| o.1).sum();
                assert_eq!(total, pos.rows() as u32 * pos.cols() as u32);
                for &(o, _) in &outcomes {
                    assert_eq!(pos.parse_outcome(&pos.outcome_text(o)), Ok(o));
                }
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

fn config_strategy() -> impl Strategy<Value = BreakthroughConfig> {
    (
        5u8..=8,
        5u8..=8,
        any::<bool>(),
        prop_oneof![Just(500u16), 1u16..60],
    )
        .prop_map(|(rows, cols, chance, max_plies)| BreakthroughConfig {
            rows,
            cols,
            chance,
            max_plies,
        })
}

proptest! {
    #[test]
    fn playouts_round_trip_and_hash(config in config_strategy(), seed in any::<u64>()) {
        check_playout(config, seed);
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        for config in [BreakthroughConfig::breakthrough(), BreakthroughConfig::chance_breakthrough()] {
            let _ = Breakthrough::parse_position(&config, &text);
            let start = Breakthrough::start(&config).unwrap();
            let _ = start.parse_step(&text);
        }
        let rolled = Breakthrough::parse_position(
            &BreakthroughConfig::chance_breakthrough(),
            "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w roll",
        )
        .unwrap();
        let _ = rolled.parse_step(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in "[wb0-9/ ]{0,60}( roll)?( [0-9]{1,6})?") {
        let config = BreakthroughConfig::chance_breakthrough();
        if let Ok(p) = Breakthrough::parse_position(&config, &text) {
            prop_assert_eq!(Breakthrough::parse_position(&config, &p.position_text()).unwrap(), p);
        }
    }

    #[test]
    fn move_like_text_never_panics(text in "[a-j]?[0-9]?[a-j]?[0-9]?[a-z]{0,2}") {
        let config = BreakthroughConfig::chance_breakthrough();
        let p = Breakthrough::parse_position(&config, "bbbbb/bbbbb/5/wwwww/wwwww b roll 9").unwrap();
        let _ = p.parse_outcome(&text);
        let start = Breakthrough::start(&config).unwrap();
        let _ = start.parse_move(&text);
    }
}

#[test]
fn malformed_positions_name_the_field() {
    use ParseErrorKind::*;
    let start5 = "bbbbb/bbbbb/5/wwwww/wwwww";
    let table: &[(&str, bool, ParseErrorKind, &str)] = &[
        ("", false, Empty, "position"),
        (" \t ", true, Empty, "position"),
        (start5, false, MissingField, "side to move"),
        (&format!("{start5} x"), false, BadValue, "side to move"),
        (&format!("{start5} W"), false, BadValue, "side to move"),
        (&format!("{start5} w roll"), false, Inconsistent, "roll"),
        (&format!("{start5} w rol"), true, BadValue, "ply"),
        (&format!("{start5} w -1"), true, BadValue, "ply"),
        (&format!("{start5} w 501"), true, BadValue, "ply"),
        (&format!("{start5} w 99999999999"), true, BadValue, "ply"),
        (&format!("{start5} w 3 roll"), true, ExtraField, "position"),
        (
            &format!("{start5} w roll 3 x"),
            true,
            ExtraField,
            "position",
        ),
        (&format!("{start5} w roll roll"), true, BadValue, "ply"),
        ("bbbbb/bbbbb/wwwww/wwwww w", false, BadLength, "board"),
        ("5/5/5/5/5/5/5/5/5 w", false, BadLength, "board"),
        ("bbbbb/bbbbb/6/wwwww/wwwww w", false, BadLength, "rank 3"),
        ("bbbbb/bbbbb/4/wwwww/wwwww w", false, BadLength, "rank 3"),
        ("bbbb/bbbb/4/wwww/wwww w", false, BadLength, "rank 5"),
        (
            "bbbbbbbbb/bbbbb/5/wwwww/wwwww w",
            false,
            BadLength,
            "rank 5",
        ),
        ("bbbbb/bbxbb/5/wwwww/wwwww w", false, BadCharacter, "rank 4"),
        ("bbbbb/bbbbb/9/wwwww/wwwww w", false, BadCharacter, "rank 3"),
        (
            "bbbbb/bbbbb/05/wwwww/wwwww w",
            false,
            BadCharacter,
            "rank 3",
        ),
        ("bbbbb//5/wwwww/wwwww w", false, Empty, "rank 4"),
        ("5/5/5/5/5 w", false, Inconsistent, "board"),
        ("wwwww/5/5/5/b4 b", false, Inconsistent, "board"),
        ("w4/5/5/1b3/5 w", false, Inconsistent, "side to move"),
        (
            "bbbbb/bbbbb/wwwww/wwwww/wwwww b",
            false,
            Inconsistent,
            "board",
        ),
        ("w4/5/5/1b3/5 b roll", true, Inconsistent, "roll"),
        (&format!("{start5} w roll 500"), true, Inconsistent, "roll"),
    ];
    for (text, chance, kind, field) in table {
        let config = BreakthroughConfig {
            chance: *chance,
            ..BreakthroughConfig::default()
        };
        let err = Breakthrough::parse_position(&config, text).expect_err(text);
        assert_eq!(
            (err.kind, err.field.as_str()),
            (*kind, *field),
            "{text}: {err}"
        );
        assert!(!err.detail.is_empty());
    }
    // The size comes from the text, whatever the config says.
    let p = Breakthrough::parse_position(&BreakthroughConfig::default(), &format!("{start5} w"))
        .unwrap();
    assert_eq!((p.rows(), p.cols()), (5, 5));
    assert_eq!(p.position_text(), format!("{start5} w"));
}

#[test]
fn malformed_moves_and_outcomes_name_the_token() {
    let config = BreakthroughConfig::chance_breakthrough();
    let start = Breakthrough::start(&config).unwrap();
    let rolled = Breakthrough::parse_position(
        &config,
        "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w roll",
    )
    .unwrap();
    for (pos, token) in [
        (&start, "a2a4"),
        (&start, "a2b2"),
        (&start, "a1a2"),
        (&start, "a3a4"),
        (&start, "a7a6"),
        (&start, "a2"),
        (&start, "a2a3a4"),
        (&start, "i2i3"),
        (&start, "a0a1"),
        (&start, "A2A3"),
        (&start, "Roll"),
        (&start, "none"),
        (&rolled, "e4"),
        (&rolled, "e9"),
        (&rolled, "roll"),
        (&rolled, "a2a3"),
        (&rolled, "None"),
    ] {
        let err = pos.parse_step(token).expect_err(token);
        assert_eq!(err.token, token);
        assert!(!err.reason.is_empty());
    }
    assert!(start.parse_outcome("none").is_err(), "no roll pending");
}

#[test]
fn game_records_replay_exactly() {
    let mut rng = SmallRng::seed_from_u64(12);
    for config in [
        BreakthroughConfig::breakthrough(),
        BreakthroughConfig::chance_breakthrough(),
    ] {
        let (record, pos) = random_record(Breakthrough::start(&config).unwrap(), &mut rng);
        let text = record.to_text();
        let back = starcut::Record::<Breakthrough>::parse(&config, &text).unwrap();
        assert_eq!(back.steps, record.steps);
        assert_eq!(back.current(), pos);
    }
}
