//! Move generation, chance outcomes, copy-make and hashing never allocate
//! once the caller's buffers have capacity (the search's hot path), and a
//! warm searcher allocates nothing per node.
//!
//! A counting global allocator wraps the system allocator for this test
//! binary only; the test counts allocations made by the current thread while
//! it drives random playouts of every game.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use starcut::breakthrough::{Breakthrough, BreakthroughConfig};
use starcut::dice::{Dice, DiceConfig};
use starcut::search::testing::random_step;
use starcut::search::{SearchConfig, Searcher};
use starcut::stratego::{Stratego, StrategoConfig, Variant};
use starcut::{Game, Player, Status};

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

struct Counting;

// SAFETY: every method forwards to `System` with the arguments it was given,
// so `Counting` upholds exactly the contract `System` upholds. The only
// addition is a thread-local counter increment, which neither allocates
// (a `const`-initialised `Cell<u64>` needs no lazy allocation) nor touches
// the memory being managed. `try_with` makes the increment a no-op during
// thread teardown instead of panicking inside the allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same layout contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` above with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: `ptr` came from `System` with `layout`; forwarded as is.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Plays `games` random games from `start`, and returns how many
/// allocations the hot-path calls made (buffers are warmed first).
fn hot_path_allocations<G: Game>(start: &G, games: u32, seed: u64) -> (u64, u64) {
    let mut moves = Vec::with_capacity(1024);
    let mut outcomes = Vec::with_capacity(1024);
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut steps = 0u64;
    let before = allocations();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..400 {
            let h = pos.hash();
            std::hint::black_box(h);
            std::hint::black_box(pos.heuristic());
            match pos.status() {
                Status::Terminal(_) => break,
                Status::Decision => {
                    pos.legal_moves(&mut moves);
                    let mut child = pos.clone();
                    let m = moves[rng.gen_range(0..moves.len())];
                    child.play(m);
                    pos = child;
                }
                Status::Chance => {
                    pos.chance_outcomes(&mut outcomes);
                    let o = outcomes[rng.gen_range(0..outcomes.len())].0;
                    let mut child = pos.clone();
                    child.apply_outcome(o);
                    pos = child;
                }
            }
            steps += 1;
        }
    }
    (allocations() - before, steps)
}

#[test]
fn the_counter_sees_allocations() {
    let before = allocations();
    let v: Vec<u64> = std::hint::black_box(Vec::with_capacity(10));
    drop(v);
    assert!(
        allocations() > before,
        "the counting allocator is installed"
    );
}

#[test]
fn dice_hot_path_does_not_allocate() {
    for size in [3u8, 5, 11] {
        let start = Dice::start(&DiceConfig { size }).unwrap();
        let (allocs, steps) = hot_path_allocations(&start, 20, u64::from(size));
        assert!(steps > 100);
        assert_eq!(
            allocs, 0,
            "dice {size}x{size}: {allocs} allocations in {steps} steps"
        );
    }
}

#[test]
fn breakthrough_hot_path_does_not_allocate() {
    for config in [
        BreakthroughConfig::breakthrough(),
        BreakthroughConfig::chance_breakthrough(),
    ] {
        let start = Breakthrough::start(&config).unwrap();
        let (allocs, steps) = hot_path_allocations(&start, 20, 7);
        assert!(steps > 100);
        assert_eq!(
            allocs,
            0,
            "{}: {allocs} allocations in {steps} steps",
            start.name()
        );
    }
}

#[test]
fn stratego_hot_path_does_not_allocate() {
    for variant in [Variant::Stratego, Variant::Barrage] {
        let config = StrategoConfig {
            variant,
            ..StrategoConfig::default()
        };
        let game = Stratego::start(&config).unwrap();
        // The true game (battles resolve in play) and a view (battles are
        // chance nodes).
        for start in [game, game.observation(Player::First)] {
            let (allocs, steps) = hot_path_allocations(&start, 10, 3);
            assert!(steps > 100);
            assert_eq!(
                allocs,
                0,
                "{}: {allocs} allocations in {steps} steps",
                start.name()
            );
        }
    }
}

/// Allocations of `searcher` searching each of `positions` to `depth` from
/// a cleared table, and the nodes it searched.
fn search_allocations<G: Game>(
    searcher: &mut Searcher<G>,
    positions: &[G],
    depth: u32,
) -> (u64, u64) {
    let before = allocations();
    let mut nodes = 0;
    for pos in positions {
        searcher.clear();
        nodes += searcher.search_depth(pos, depth).stats.nodes();
    }
    (allocations() - before, nodes)
}

/// A warm searcher allocates nothing per node: searching the same positions
/// again (from a cleared table, so the same trees) allocates only what each
/// search returns (the principal variation, the iterations' list and their
/// move texts), a few times the depth, however many nodes it searched.
/// (Buffers move between plies when a chance node hands an outcome's move
/// list down, so capacities settle over a few passes.)
fn assert_warm_search_does_not_allocate<G: Game>(positions: &[G], depth: u32) {
    for config in [SearchConfig::default(), SearchConfig::play()] {
        let mut searcher = Searcher::new(SearchConfig { tt_mb: 1, ..config });
        for _ in 0..2 {
            search_allocations(&mut searcher, positions, depth);
        }
        let (allocs, nodes) = search_allocations(&mut searcher, positions, depth);
        let per_search = allocs as f64 / positions.len() as f64;
        assert!(
            nodes > 20_000,
            "{}: only {nodes} nodes",
            positions[0].name()
        );
        assert!(allocs * 1000 < nodes, "{allocs} allocations, {nodes} nodes");
        assert!(
            per_search <= 4.0 * depth as f64 + 8.0,
            "{}: {allocs} allocations in {} warm searches of {nodes} nodes",
            positions[0].name(),
            positions.len()
        );
    }
}

/// Positions a few random moves from `start`, each searched from its
/// mover's view.
fn sample<G: Game>(start: &G, count: usize, seed: u64) -> Vec<G> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = start.clone();
        for _ in 0..rng.gen_range(4..30) {
            if !random_step(&mut pos, &mut rng, &mut moves, &mut outcomes) {
                break;
            }
        }
        if pos.status() == Status::Decision {
            out.push(pos.observation(pos.to_move()));
        }
    }
    out
}

#[test]
fn a_warm_searcher_does_not_allocate_per_node() {
    let stratego = Stratego::start(&StrategoConfig::default()).unwrap();
    assert_warm_search_does_not_allocate(&sample(&stratego, 3, 1), 4);
    let barrage = Stratego::start(&StrategoConfig {
        variant: Variant::Barrage,
        ..StrategoConfig::default()
    })
    .unwrap();
    assert_warm_search_does_not_allocate(&sample(&barrage, 3, 2), 5);
    let dice = Dice::start(&DiceConfig { size: 5 }).unwrap();
    assert_warm_search_does_not_allocate(&sample(&dice, 4, 3), 4);
    let cb = Breakthrough::start(&BreakthroughConfig::chance_breakthrough()).unwrap();
    assert_warm_search_does_not_allocate(&sample(&cb, 3, 4), 4);
}
