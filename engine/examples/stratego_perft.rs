//! Prints Stratego perft counts and leaves per second:
//! `cargo run --release --example stratego_perft -- [depth] [start|<position>] [options]`
//! where options are `key=value` pairs like `variant=barrage,two_square_limit=5`.
use std::time::Instant;

use starcut::perft::perft;
use starcut::stratego::{Stratego, StrategoConfig};
use starcut::{Game, GameConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args.get(1).and_then(|d| d.parse().ok()).unwrap_or(4);
    let which = args.get(2).map(String::as_str).unwrap_or("start");
    let mut config = StrategoConfig::default();
    if let Err(e) = config.set_options(args.get(3).map(String::as_str).unwrap_or("")) {
        eprintln!("{e}");
        std::process::exit(2);
    }
    let pos = match which {
        "start" => Stratego::start(&config),
        text => match Stratego::parse(&config, text) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!("{e}");
                None
            }
        },
    };
    let Some(pos) = pos else {
        eprintln!("bad position");
        std::process::exit(2);
    };
    println!("{}", pos.to_text());
    let mut total = 0u64;
    let all = Instant::now();
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft(&pos, d);
        total += n;
        let s = t.elapsed().as_secs_f64();
        println!("{d} {n} ({s:.3}s, {:.0} leaves/s)", n as f64 / s.max(1e-9));
    }
    let s = all.elapsed().as_secs_f64();
    println!(
        "total {total} leaves in {s:.3}s: {:.0} leaves/s",
        total as f64 / s.max(1e-9)
    );
    // Without bulk counting: every leaf is cloned and played (what a search does).
    let t = Instant::now();
    let mut buf = vec![Vec::new(); depth as usize + 1];
    let n = played(&pos, depth, &mut buf);
    let s = t.elapsed().as_secs_f64();
    println!(
        "depth {depth}, every move played: {n} nodes in {s:.3}s: {:.0} nodes/s",
        n as f64 / s.max(1e-9)
    );
}

fn played(pos: &Stratego, depth: u32, buf: &mut [Vec<starcut::stratego::Move>]) -> u64 {
    if depth == 0 || pos.status() != starcut::Status::Decision {
        return 1;
    }
    let (head, rest) = buf.split_at_mut(1);
    pos.legal_moves(&mut head[0]);
    let mut n = 1;
    for &m in head[0].iter() {
        let mut c = *pos;
        c.play(m);
        n += played(&c, depth - 1, rest);
    }
    n
}
