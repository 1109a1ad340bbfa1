//! Prints Stratego perft counts and leaves per second:
//! `cargo run --release --example stratego_perft -- [depth] [position|start|barrage]`.
use std::time::Instant;

use starcut::perft::perft;
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::Game;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let which = args.get(2).map(String::as_str).unwrap_or("start");
    let pos = match which {
        "start" => Stratego::start(&StrategoConfig::default()),
        "barrage" => Stratego::start(&StrategoConfig::for_variant(Variant::Barrage)),
        text => Stratego::parse(&StrategoConfig::default(), text).ok(),
    };
    let Some(pos) = pos else {
        eprintln!("bad position");
        std::process::exit(2);
    };
    println!("{}", pos.to_text());
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "{d} {n} ({:.3}s, {:.0} leaves/s)",
            s,
            n as f64 / s.max(1e-9)
        );
    }
}
