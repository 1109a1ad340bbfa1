#![no_main]
// Fuzzes game-record parsing (start position plus steps) for every game.
use libfuzzer_sys::fuzz_target;
use starcut::registry::{GameKind, GameVisitor};
use starcut::{Game, Record};

struct Parse<'a>(&'a str);

impl GameVisitor for Parse<'_> {
    type Output = ();
    fn visit<G: Game>(self, config: G::Config) {
        if let Ok(record) = Record::<G>::parse(&config, self.0) {
            let text = record.to_text();
            let again = Record::<G>::parse(&config, &text).expect("printed records parse");
            assert_eq!(again.to_text(), text);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let kind = GameKind::ALL[first as usize % GameKind::ALL.len()];
    kind.visit(Parse(text));
});
