//! Time sources for the search's deadline. The search never reads a clock
//! directly: natively it gets [`StdClock`], in the browser a clock reading
//! `performance.now()`, in tests a [`ManualClock`]. No `std::time` on wasm.

use std::cell::Cell;

/// Milliseconds since some fixed origin.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// Wall time from `std::time::Instant`, measured from the clock's creation.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    origin: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> Self {
        StdClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> Self {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn now_ms(&self) -> f64 {
        self.origin.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that never moves: searches with it never time out.
#[derive(Clone, Copy, Debug, Default)]
pub struct FixedClock(pub f64);

impl Clock for FixedClock {
    fn now_ms(&self) -> f64 {
        self.0
    }
}

/// A clock for tests: it reads `now`, and advances by `step` ms on every
/// read, so a deadline is reached after a predictable number of reads.
#[derive(Clone, Debug, Default)]
pub struct ManualClock {
    now: Cell<f64>,
    step: f64,
}

impl ManualClock {
    pub fn new(start: f64, step_per_read: f64) -> Self {
        ManualClock {
            now: Cell::new(start),
            step: step_per_read,
        }
    }

    /// Moves the clock forward.
    pub fn advance(&self, ms: f64) {
        self.now.set(self.now.get() + ms);
    }

    /// Reads without advancing.
    pub fn peek(&self) -> f64 {
        self.now.get()
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> f64 {
        let t = self.now.get();
        self.now.set(t + self.step);
        t
    }
}
