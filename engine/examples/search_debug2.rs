use starcut::search::testing::*;
use starcut::search::*;
fn main() {
    let seed: u64 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(29);
    let depth: u32 = 5;
    let pos = RandomGame::seeded(seed);
    let truth = expectimax_reference(&pos, depth);
    for mb in [0usize, 64] {
        let mut c = SearchConfig::bare(ChanceAlgo::Star05);
        c.alpha_beta = false;
        c.tt = true;
        c.tt_mb = mb;
        let r = Searcher::new(c.clone()).search_depth(&pos, depth);
        println!("mb {mb}: {} vs {truth}", r.value);
        c.verify_cuts = true;
        let r = Searcher::new(c.clone()).search_depth(&pos, depth);
        println!("verified mb {mb}: {} vs {truth} {:?}", r.value, r.stats);
    }
}
