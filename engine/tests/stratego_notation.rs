//! Stratego notation: round trips, a table of malformed inputs with the
//! error kind and field each must give, and a fuzz-style property test.

mod stratego_common;

use proptest::prelude::*;
use starcut::stratego::{Setup, Stratego, StrategoConfig, Variant};
use starcut::{Game, ParseErrorKind as K};
use stratego_common::*;

const EMPTY_BOARD: &str = "10/10/10/10/10/10/10/10/10/10";

fn parse(text: &str) -> Result<Stratego, starcut::ParseError> {
    Stratego::parse(&StrategoConfig::default(), text)
}

fn small() -> String {
    board_text(&[("a1", "r9"), ("e4", "R5"), ("j10", "b9"), ("e5", "bB")])
}

#[test]
fn canonical_texts_round_trip() {
    let b = small();
    for rest in [
        "r",
        "b",
        "r r9b3",
        "b r1r9r9bSbB",
        "r moved:a1",
        "r two:a1a2x2/-",
        "b two:-/j10j9x1 ply:7",
        "r r9 moved:a1 two:a2a1x1/j9j10x3 ply:12",
    ] {
        let text = format!("{b} {rest}");
        let p = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(p.position_text(), text);
    }
    // A pending battle in a view.
    let text = format!(
        "{} b battle:e5e4",
        board_text(&[("e4", "r?"), ("e5", "b5"), ("j10", "bF")])
    );
    assert_eq!(parse(&text).unwrap().position_text(), text);
    // Non-canonical spellings print canonically.
    assert_eq!(
        parse(&format!("{b} r -")).unwrap().position_text(),
        format!("{b} r")
    );
    assert_eq!(
        parse(&format!("{b}  r   ply:3 r9")).map_err(|e| e.kind),
        Err(K::ExtraField),
        "captured must come third"
    );
    assert_eq!(
        parse(&format!("{b} r ply:3 two:a1a2x1/-"))
            .unwrap()
            .position_text(),
        format!("{b} r two:a1a2x1/- ply:3")
    );
}

#[test]
fn malformed_positions_name_the_field() {
    let b = small();
    let rows = |r7: &str| format!("10/10/10/{r7}/10/10/10/10/10/10 r");
    let table: Vec<(String, K, &str)> = vec![
        ("".into(), K::Empty, "position"),
        ("   ".into(), K::Empty, "position"),
        ("10/10/10/10/10/10/10/10/10 r".into(), K::BadLength, "board"),
        (format!("{EMPTY_BOARD}/10 r"), K::BadLength, "board"),
        (rows("10r1"), K::BadLength, "rank 7"),
        (rows("9"), K::BadLength, "rank 7"),
        (rows("9r9r9"), K::BadLength, "rank 7"),
        (rows("x9"), K::BadCharacter, "rank 7"),
        (rows("rX9"), K::BadCharacter, "rank 7"),
        (rows("9r"), K::MissingField, "rank 7"),
        (rows(""), K::Empty, "rank 7"),
        (rows("09r9"), K::BadValue, "rank 7"),
        (rows("99999999999999999999999"), K::BadLength, "rank 7"),
        (rows("R?9"), K::Inconsistent, "rank 7"),
        (
            "10/10/10/10/2r97/10/10/10/10/10 r".into(),
            K::Inconsistent,
            "rank 6",
        ),
        (EMPTY_BOARD.into(), K::MissingField, "side to move"),
        (format!("{EMPTY_BOARD} x"), K::BadValue, "side to move"),
        (format!("{EMPTY_BOARD} red"), K::BadValue, "side to move"),
        (format!("{b} r r"), K::BadCharacter, "captured"),
        (format!("{b} r x9"), K::BadCharacter, "captured"),
        (format!("{b} r r0"), K::BadCharacter, "captured"),
        (format!("{b} r r1r1"), K::Inconsistent, "board"),
        (format!("{b} r r9r9r9r9r9r9r9r9"), K::Inconsistent, "board"),
        (format!("{b} r - junk"), K::ExtraField, "position"),
        (format!("{b} r foo:1"), K::BadValue, "position"),
        (format!("{b} r ply:1 ply:2"), K::ExtraField, "ply"),
        (format!("{b} r ply:x"), K::BadValue, "ply"),
        (format!("{b} r ply:"), K::BadValue, "ply"),
        (format!("{b} r ply:-1"), K::BadValue, "ply"),
        (format!("{b} r ply:99999999999"), K::BadValue, "ply"),
        (format!("{b} r moved:z9"), K::BadValue, "moved"),
        (format!("{b} r moved:e5"), K::Inconsistent, "moved"),
        (format!("{b} r moved:e4"), K::Inconsistent, "moved"),
        (format!("{b} r moved:b2"), K::Inconsistent, "moved"),
        (format!("{b} r two:-"), K::BadLength, "two"),
        (format!("{b} r two:a1a2x0/-"), K::BadValue, "two"),
        (format!("{b} r two:a1a2x99/-"), K::BadValue, "two"),
        (format!("{b} r two:a1a2/-"), K::BadValue, "two"),
        (format!("{b} r two:a1x1/-"), K::BadValue, "two"),
        (format!("{b} r battle:e4"), K::BadValue, "battle"),
        (format!("{b} r battle:a1a2"), K::Inconsistent, "battle"),
        (format!("{b} r battle:e4e5"), K::Inconsistent, "battle"),
        (
            format!("{} r", board_text(&[("a1", "r?"), ("j10", "b?")])),
            K::Inconsistent,
            "board",
        ),
        (
            format!("{} r", board_text(&[("a1", "r1"), ("a2", "R1")])),
            K::Inconsistent,
            "board",
        ),
    ];
    for (text, kind, field) in &table {
        match parse(text) {
            Ok(p) => panic!("'{text}' parsed as {}", p.position_text()),
            Err(e) => {
                assert_eq!((e.kind, e.field.as_str()), (*kind, *field), "'{text}': {e}");
                assert!(!e.detail.is_empty());
            }
        }
    }
    let e = parse(&rows("10r1")).unwrap_err();
    assert_eq!(e.to_string(), "rank 7: 11 squares, expected 10");
}

#[test]
fn moves_and_outcomes_in_text() {
    let mut p = pos(&[("e4", "r?"), ("e5", "b5"), ("j10", "bF")], "b");
    let m = p.parse_move("e5e4").unwrap();
    assert_eq!(p.move_text(m), "e5e4");
    p.play(m);
    for bad in ["", "=", "3", "=X", "=33", "==3", "=?", "e4e5"] {
        assert!(p.parse_outcome(bad).is_err(), "{bad}");
    }
    let o = p.parse_outcome("=S").unwrap();
    assert_eq!(p.outcome_text(o), "=S");
    assert!(p.parse_move("e5e6").unwrap_err().reason.contains("pending"));
    let s = Stratego::start(&StrategoConfig::default()).unwrap();
    for bad in [
        "", "e", "e4", "e4e", "e4e11", "k4e5", "e4 e5", "E4E5", "e4e5e6", "ééé",
    ] {
        assert!(s.parse_move(bad).is_err(), "{bad}");
    }
    assert!(s.parse_move("a4a5").is_ok());
    assert!(s.parse_move("e4e7").is_ok());
}

fn fuzz_alphabet() -> impl Strategy<Value = String> {
    proptest::string::string_regex("[rRbB0-9SF?!/ :x,a-j\\-movedtwbatlyp=]{0,120}").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn parsers_never_panic(text in any::<String>(), near in fuzz_alphabet()) {
        for cfg in [StrategoConfig::default(), StrategoConfig::for_variant(Variant::Barrage)] {
            for t in [&text, &near] {
                if let Ok(p) = Stratego::parse(&cfg, t) {
                    // Whatever parses prints to a text that parses to the same.
                    let again = Stratego::parse(&cfg, &p.position_text()).unwrap();
                    prop_assert_eq!(&again, &p);
                }
                let _ = Setup::parse(t);
            }
        }
        let s = Stratego::start(&StrategoConfig::default()).unwrap();
        let _ = s.parse_step(&text);
        let _ = s.parse_step(&near);
        let _ = s.parse_outcome(&near);
    }

    #[test]
    fn board_mutations_are_rejected_or_round_trip(
        start in 0usize..200, len in 0usize..6, insert in fuzz_alphabet()
    ) {
        // Splice random characters into a real position text.
        let base = "bFbB7b9/5bS4/4b25/10/10/10/4r15/2r87/8rBrF/r99 b r9 two:e3e4x3/e8e7x2 ply:4";
        let mut chars: Vec<char> = base.chars().collect();
        let at = start.min(chars.len());
        let end = (at + len).min(chars.len());
        chars.splice(at..end, insert.chars());
        let text: String = chars.into_iter().collect();
        let cfg = StrategoConfig::default();
        if let Ok(p) = Stratego::parse(&cfg, &text) {
            prop_assert_eq!(Stratego::parse(&cfg, &p.position_text()).unwrap(), p);
        }
    }
}
