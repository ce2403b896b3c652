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

/// A request from CI's instruction-count guard (`.ci/instructions`): run one
/// workload with one kernel `reps` times and nothing else (no check, no
/// criterion), so that valgrind counts the instructions of that work alone.
/// The guard runs each bench twice, with two repetition counts, and divides
/// the difference, so everything outside the repetitions cancels out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountRequest {
    /// The workload's name, as in the bench's `RESULT` lines.
    pub workload: String,
    /// The kernel's name (`portable`, `avx2+fma`, ...).
    pub kernel: String,
    /// How many times to run it.
    pub reps: u32,
}

impl CountRequest {
    /// The name of the environment variable: `INSTRUCTIONS=WORKLOAD:KERNEL:REPS`.
    pub const VAR: &'static str = "INSTRUCTIONS";

    /// The request in [`CountRequest::VAR`], if it is set. A malformed value
    /// ends the process with a message and exit status 2.
    pub fn from_env() -> Option<CountRequest> {
        let value = std::env::var(Self::VAR).ok()?;
        match Self::parse(&value) {
            Some(request) => Some(request),
            None => {
                eprintln!("{}={value}: expected WORKLOAD:KERNEL:REPS, e.g. character:avx2+fma:5", Self::VAR);
                std::process::exit(2)
            }
        }
    }

    fn parse(value: &str) -> Option<CountRequest> {
        let mut parts = value.rsplitn(3, ':');
        let reps = parts.next()?.parse().ok()?;
        let kernel = parts.next()?.to_string();
        let workload = parts.next()?.to_string();
        Some(CountRequest { workload, kernel, reps })
    }

    /// Runs `work` `reps` times and prints the line the guard reads,
    /// `UNITS n`: the units of work (vertices, tracks, characters) one
    /// repetition does.
    pub fn run(&self, units_per_rep: usize, mut work: impl FnMut()) {
        for _ in 0..self.reps {
            work();
        }
        println!("UNITS {units_per_rep}");
    }

    /// Ends the process: the bench has no such workload or kernel.
    pub fn unknown(&self, workloads: &[&str], kernels: &[&str]) -> ! {
        eprintln!(
            "{}: no workload `{}` with kernel `{}` here (workloads {workloads:?}, kernels on this CPU {kernels:?})",
            Self::VAR,
            self.workload,
            self.kernel
        );
        std::process::exit(2)
    }
}

#[cfg(test)]
mod tests {
    use super::CountRequest;

    #[test]
    fn a_count_request_reads_workload_kernel_and_reps() {
        let r = CountRequest::parse("walk_forward60:avx2+fma:11").expect("well formed");
        assert_eq!((r.workload.as_str(), r.kernel.as_str(), r.reps), ("walk_forward60", "avx2+fma", 11));
        assert_eq!(CountRequest::parse("character:portable"), None);
        assert_eq!(CountRequest::parse("character:portable:many"), None);
    }
}
