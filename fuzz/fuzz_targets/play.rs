#![no_main]
// Fuzzes play: the input's first line drives a random game (its first byte
// picks the game, each further byte a move or chance outcome), the rest is
// move and outcome text applied to the position reached. After every step:
// no panic, the position and both players' views print, parse back and
// hash alike (the kept hash equals a recomputed one), and no view holds a
// hidden rank (starcut::invariants). The random part's positions are
// checked every eighth step, the text's after every step.
use libfuzzer_sys::fuzz_target;
use starcut::registry::{GameKind, GameVisitor};
use starcut::{Game, Status};

struct Play<'a> {
    choices: &'a [u8],
    text: &'a str,
}

fn checked<G: Game>(pos: &G, config: &G::Config) {
    if let Err(v) = starcut::invariants::check(pos, config) {
        panic!("invariant broken: {v}");
    }
}

impl GameVisitor for Play<'_> {
    type Output = ();
    fn visit<G: Game>(self, config: G::Config) {
        let Some(mut pos) = G::start(&config) else {
            return;
        };
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        checked(&pos, &config);
        for (i, &c) in self.choices.iter().enumerate() {
            match pos.status() {
                Status::Terminal(_) => return,
                Status::Chance => {
                    pos.chance_outcomes(&mut outcomes);
                    let (o, _) = outcomes[c as usize % outcomes.len()];
                    pos.apply_outcome(o);
                }
                Status::Decision => {
                    pos.legal_moves(&mut moves);
                    pos.play(moves[c as usize % moves.len()]);
                }
            }
            // Every eighth position of the random part (and the last one):
            // checking all of them would make the target ten times slower.
            if i % 8 == 7 || i + 1 == self.choices.len() {
                checked(&pos, &config);
            }
        }
        for token in self.text.split_whitespace().take(64) {
            match pos.parse_step(token) {
                Ok(step) => pos.apply_step(step),
                Err(e) => {
                    // A refusal names the token.
                    assert!(e.to_string().contains(token), "{e}");
                    continue;
                }
            }
            checked(&pos, &config);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else {
        return;
    };
    let split = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let (choices, text) = rest.split_at(split);
    let text = std::str::from_utf8(text).unwrap_or("");
    // Long random games are slow to check at every step; 300 steps reach
    // every phase of the smaller games and the middle game of Stratego.
    let choices = &choices[..choices.len().min(300)];
    let kind = GameKind::ALL[game as usize % GameKind::ALL.len()];
    kind.visit(Play { choices, text });
});
