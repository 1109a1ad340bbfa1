//! Dice notation and hashing: lossless round trips and incremental hashes on
//! random playouts, total parsers, and a table of malformed inputs.

mod record_common;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use record_common::random_record;
use starcut::dice::{Dice, DiceConfig};
use starcut::{Game, ParseErrorKind, Player, Status};

fn parse(text: &str) -> Result<Dice, starcut::ParseError> {
    Dice::parse_position(&DiceConfig::default(), text)
}

/// Plays a random game, checking every node on the way.
fn check_playout(size: u8, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = Dice::start(&DiceConfig { size }).unwrap();
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    loop {
        let text = pos.position_text();
        let back = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, pos, "{text}");
        assert_eq!(back.position_text(), text);
        assert_eq!(pos.hash(), pos.compute_hash(), "{text}");
        let kept = [
            pos.usable_score12(Player::First),
            pos.usable_score12(Player::Second),
        ];
        assert_eq!(kept, pos.usable_scores12(), "{text}");
        assert!(pos.kept_lines_agree(), "the kept line counts of {text}");
        let v = pos.heuristic();
        assert!(v > -10.0 && v < 10.0, "{text}: {v}");
        match pos.status() {
            Status::Terminal(_) => break,
            Status::Decision => {
                pos.legal_moves(&mut moves);
                for &m in &moves {
                    assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                }
                pos.play(moves[rng.gen_range(0..moves.len())]);
            }
            Status::Chance => {
                pos.chance_outcomes(&mut outcomes);
                for &(o, _) in &outcomes {
                    assert_eq!(pos.parse_outcome(&pos.outcome_text(o)), Ok(o));
                }
                pos.apply_outcome(outcomes[rng.gen_range(0..outcomes.len())].0);
            }
        }
    }
}

proptest! {
    #[test]
    fn playouts_round_trip_and_hash(size in 3u8..=11, seed in any::<u64>()) {
        check_playout(size, seed);
    }

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        let _ = parse(&text);
        let start = Dice::start(&DiceConfig::default()).unwrap();
        let _ = start.parse_step(&text);
        let rolled = parse("5/5/5/5/5 c 3").unwrap();
        let _ = rolled.parse_step(&text);
    }

    #[test]
    fn notation_like_text_never_panics(text in "[cr0-9/ ]{0,50}") {
        if let Ok(p) = parse(&text) {
            // Whatever parses prints canonically and parses back the same.
            prop_assert_eq!(parse(&p.position_text()).unwrap(), p);
        }
    }

    #[test]
    fn square_like_text_never_panics(text in "[a-m]?[0-9]{0,4}") {
        let big = parse("11/11/11/11/11/11/11/11/11/11/10c r 11").unwrap();
        let _ = big.parse_move(&text);
        let _ = big.parse_outcome(&text);
    }
}

#[test]
fn multi_digit_runs_on_big_boards() {
    let p = parse("11/11/11/11/11/11/11/11/11/11/11 c").unwrap();
    assert_eq!(p.size(), 11);
    let mut p = parse("11/11/11/11/11/11/11/11/11/11/11 c 11").unwrap();
    p.play(p.parse_move("k1").unwrap());
    assert_eq!(p.position_text(), "11/11/11/11/11/11/11/11/11/11/10c r");
    let p = parse("10/10/10/10/10/10/10/10/10/c9 r").unwrap();
    assert_eq!(p.size(), 10);
    // "11" is eleven, never 1 + 1: a row of 2 written "11" is too long.
    assert_eq!(
        parse("11/2/2 c").unwrap_err().kind,
        ParseErrorKind::BadLength
    );
}

#[test]
fn malformed_positions_name_the_field() {
    use ParseErrorKind::*;
    let table: &[(&str, ParseErrorKind, &str)] = &[
        ("", Empty, "position"),
        ("   ", Empty, "position"),
        ("5/5/5/5/5", MissingField, "side to move"),
        ("5/5/5/5/5 x", BadValue, "side to move"),
        ("5/5/5/5/5 C", BadValue, "side to move"),
        ("5/5/5/5/5 c 6", BadValue, "roll"),
        ("5/5/5/5/5 c 0", BadValue, "roll"),
        ("5/5/5/5/5 c 03", BadValue, "roll"),
        ("5/5/5/5/5 c +3", BadValue, "roll"),
        ("5/5/5/5/5 c 3 x", ExtraField, "position"),
        ("5/5 c", BadLength, "board"),
        ("1/1/1/1/1/1/1/1/1/1/1/1 c", BadLength, "board"),
        ("5/5/5/5/6 c", BadLength, "row 1"),
        ("5/5/5/5/4 c", BadLength, "row 1"),
        ("5/ccccc1/5/5/5 c", BadLength, "row 4"),
        ("5/5/x4/5/5 c", BadCharacter, "row 3"),
        ("5/5/05/5/5 c", BadCharacter, "row 3"),
        ("5/5/5/5/5\u{e9} c", BadCharacter, "row 1"),
        ("5//5/5/5 c", Empty, "row 4"),
        ("5/5/5/5/5 r", Inconsistent, "board"),
        ("5/5/2c2/5/5 c", Inconsistent, "board"),
        ("ccc/rr1/r2 c", Inconsistent, "side to move"),
        ("r2c/1rc1/1cr1/c2r c", Inconsistent, "board"),
        ("r2/c2/cr1 c 1", Inconsistent, "roll"),
        ("crc/crr/rcc r 1", Inconsistent, "roll"),
        ("ccc/rr1/3 r 1", Inconsistent, "roll"),
    ];
    for &(text, kind, field) in table {
        let err = parse(text).expect_err(text);
        assert_eq!(
            (err.kind, err.field.as_str()),
            (kind, field),
            "{text}: {err}"
        );
        assert!(!err.detail.is_empty());
    }
    // Terminal positions themselves are fine.
    assert_eq!(
        parse("ccc/rr1/3 r").unwrap().status(),
        Status::Terminal(Some(starcut::Player::First))
    );
}

#[test]
fn malformed_moves_and_rolls_name_the_token() {
    let start = parse("5/5/5/5/5 c").unwrap();
    let rolled = parse("5/5/5/5/5 c 3").unwrap();
    for (pos, token) in [
        (&rolled, "c6"),
        (&rolled, "f1"),
        (&rolled, "c0"),
        (&rolled, "c01"),
        (&rolled, "C1"),
        (&rolled, "d1"),
        (&rolled, ""),
        (&start, "c1"),
        (&start, "6"),
        (&start, "0"),
        (&start, "x"),
        (&rolled, "3"),
    ] {
        let err = pos
            .parse_step(token)
            .err()
            .or_else(|| pos.parse_outcome(token).err());
        let err = err.unwrap_or_else(|| panic!("{token} accepted"));
        assert_eq!(err.token, token);
        assert!(!err.reason.is_empty());
    }
}

#[test]
fn game_records_replay_exactly() {
    let mut rng = SmallRng::seed_from_u64(11);
    for size in [3u8, 5, 11] {
        let config = DiceConfig { size };
        let (record, pos) = random_record(Dice::start(&config).unwrap(), &mut rng);
        let text = record.to_text();
        let back = starcut::Record::<Dice>::parse(&config, &text).unwrap();
        assert_eq!(back.steps, record.steps);
        assert_eq!(back.current(), pos);
    }
}
