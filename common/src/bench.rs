//! What every lab's benchmark shares: criterion's `iter_custom` timing loop
//! that also keeps each sample, so the bench can print its own summary table
//! (medians, ratios) after criterion's report.
//!
//! ```
//! use common::bench::Samples;
//! static SAMPLES: Samples<&str> = Samples::new();
//! let mut n = 0u64;
//! let took = SAMPLES.timed("count", 1000, 1.0, || n += 1);
//! assert_eq!(n, 1000);
//! assert!(took.as_secs_f64() >= 0.0);
//! assert!(SAMPLES.take()["count"].len() == 1);
//! ```

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use crate::Instant;

/// Seconds per unit of work recorded by a benchmark, one list per key.
pub struct Samples<K>(Mutex<BTreeMap<K, Vec<f64>>>);

impl<K: Ord> Samples<K> {
    /// No samples yet (usable in a `static`).
    pub const fn new() -> Self {
        Samples(Mutex::new(BTreeMap::new()))
    }

    /// Runs `routine` `iters` times, as criterion's `iter_custom` asks, and
    /// keeps the time per unit of work under `key`: the elapsed time divided
    /// by `iters * units_per_iter`. Returns the elapsed time for criterion.
    pub fn timed(&self, key: K, iters: u64, units_per_iter: f64, mut routine: impl FnMut()) -> Duration {
        let start = Instant::now();
        for _ in 0..iters {
            routine();
        }
        let elapsed = start.elapsed();
        let per_unit = elapsed.as_secs_f64() / (iters as f64 * units_per_iter);
        self.0.lock().unwrap_or_else(|e| e.into_inner()).entry(key).or_default().push(per_unit);
        elapsed
    }

    /// Every sample kept so far, leaving none.
    pub fn take(&self) -> BTreeMap<K, Vec<f64>> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl<K: Ord> Default for Samples<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// The median of a list of times, `None` for an empty list. Warm-up samples
/// may stay in: the median does not mind a few slow first calls.
pub fn median(times: &[f64]) -> Option<f64> {
    let mut times = times.to_vec();
    times.sort_by(f64::total_cmp);
    times.get(times.len() / 2).copied()
}
