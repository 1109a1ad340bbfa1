//! Perft speed of every game, as leaves (paths) per second.
//!
//! Each case is one line in `cases`: a game type, a label, its config, a
//! position and a depth. Criterion reports the throughput in elements/s,
//! where an element is one counted path.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::perft::perft;
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::Game;
use std::time::Duration;

/// Benchmarks `perft(position, depth)` of game `G` under `label`.
fn case<G: Game>(c: &mut Criterion, label: &str, config: &G::Config, position: &str, depth: u32) {
    let pos = G::parse_position(config, position).unwrap_or_else(|e| panic!("{label}: {e}"));
    let leaves = perft(&pos, depth);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(leaves));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(format!("{label} d{depth} ({leaves} leaves)"), |b| {
        b.iter(|| perft(std::hint::black_box(&pos), depth))
    });
    group.finish();
}

fn cases(c: &mut Criterion) {
    let bt = BreakthroughConfig::breakthrough();
    let cbt = BreakthroughConfig::chance_breakthrough();
    let dice = DiceConfig::default();
    case::<Dice>(c, "dice 5x5 start", &dice, "5/5/5/5/5 c", 4);
    case::<Dice>(
        c,
        "dice 11x11 start",
        &dice,
        "11/11/11/11/11/11/11/11/11/11/11 c",
        3,
    );
    case::<Dice>(
        c,
        "dice 11x11 middle",
        &dice,
        "3c2c1r1r/8c2/6r4/2r2c5/1r1c7/2rcc2c1r1/2c2c1r2c/2r6cc/2r4r1r1/11/1cr1r1r3c c",
        3,
    );
    case::<Breakthrough>(
        c,
        "breakthrough 8x8 start",
        &bt,
        "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
        5,
    );
    case::<Breakthrough>(
        c,
        "chance-breakthrough 8x8 start",
        &cbt,
        "bbbbbbbb/bbbbbbbb/8/8/8/8/wwwwwwww/wwwwwwww w",
        4,
    );
    case::<Breakthrough>(
        c,
        "chance-breakthrough 8x8 middle",
        &cbt,
        "3b2bb/bbbbbbb1/5wb1/1bb5/ww6/1b1w2ww/wwww1w2/w1w2www b 29",
        4,
    );
    let stratego = StrategoConfig::default();
    let start = Stratego::start(&stratego).expect("Stratego has a default start");
    case::<Stratego>(c, "stratego start", &stratego, &start.position_text(), 4);
    let red_view = start.view_for(starcut::Player::First);
    case::<Stratego>(
        c,
        "stratego start (Red's view)",
        &stratego,
        &red_view.position_text(),
        3,
    );
}

criterion_group!(benches, cases);
criterion_main!(benches);
