use starcut::search::testing::*;
use starcut::search::*;
fn main() {
    let from: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(0);
    let to: u64 = std::env::args()
        .nth(2)
        .map(|s| s.parse().unwrap())
        .unwrap_or(200);
    let depth: u32 = std::env::args()
        .nth(3)
        .map(|s| s.parse().unwrap())
        .unwrap_or(3);
    let t0 = std::time::Instant::now();
    let mut fails = 0;
    let mut n = 0u64;
    let mut searchers: Vec<_> = algorithm_matrix().into_iter().map(Searcher::new).collect();
    for seed in from..to {
        let pos = RandomGame::seeded(seed);
        let truth = expectimax_reference(&pos, depth);
        for s in &mut searchers {
            let r = s.search_depth(&pos, depth);
            n += r.stats.nodes();
            if !close(r.value, truth) {
                fails += 1;
                let c = s.config();
                if fails < 20 {
                    println!(
                        "seed {seed} {} pvs={} tt={} it={} ab={} hist={} h={} {:?} {:?}: {} vs {}",
                        c.chance,
                        c.pvs,
                        c.tt,
                        c.iterative,
                        c.alpha_beta,
                        c.history,
                        c.probe_factor,
                        c.probing,
                        c.tt_replacement,
                        r.value,
                        truth
                    );
                }
            }
        }
    }
    println!("fails {fails} nodes {n} time {:?}", t0.elapsed());
}
