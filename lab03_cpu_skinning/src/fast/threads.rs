//! The fast path on several threads: helpers started once and kept.
//!
//! Starting a thread for every call cost the caller about 22 microseconds
//! here, and the thread began working 15 later; with the join, a fifth of
//! a 100k-vertex frame on two threads. The helpers here live in a pool
//! (`rayon-core`, which lends them the caller's borrowed mesh and buffers
//! for the length of a scope) and wait between calls: awake for a moment,
//! then asleep. Nothing else changes: every thread, the caller included,
//! takes shares until none is left.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use super::layout::{Shares, Tally, Work};

/// The pool: one helper per core but the caller's, or `None` where no
/// thread could be started (then the caller does everything).
fn pool() -> Option<&'static rayon_core::ThreadPool> {
    static POOL: OnceLock<Option<rayon_core::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let builder = rayon_core::ThreadPoolBuilder::new().num_threads(cores.saturating_sub(1).max(1));
        builder.thread_name(|i| format!("lab03-skin-{i}")).build().ok()
    })
    .as_ref()
}

/// Runs `all` on the caller and on `threads - 1` helpers, sharing `shares`;
/// the sum of what each returns.
pub(super) fn share<'a, T, F>(threads: usize, shares: Shares<'a>, all: F) -> T
where
    T: Tally + Send,
    F: Fn(&mut dyn Iterator<Item = Work<'a>>) -> T + Sync,
{
    let Some(pool) = pool() else {
        return all(&mut { shares });
    };
    let shares = Mutex::new(shares);
    let next = || shares.lock().unwrap_or_else(PoisonError::into_inner).next();
    let next_back = || shares.lock().unwrap_or_else(PoisonError::into_inner).next_back();
    let (total, done) = (Mutex::new(T::default()), AtomicUsize::new(0));
    let add = |cost: T| {
        let mut total = total.lock().unwrap_or_else(PoisonError::into_inner);
        *total = total.plus(cost);
    };
    pool.in_place_scope(|scope| {
        for helper in 1..threads {
            let (all, add, done) = (&all, &add, &done);
            scope.spawn(move |_| {
                // The first helper works from the back of the mesh: see `Shares`.
                add(if helper == 1 {
                    all(&mut std::iter::from_fn(next_back))
                } else {
                    all(&mut std::iter::from_fn(next))
                });
                done.fetch_add(1, Ordering::Release);
            });
        }
        add(all(&mut std::iter::from_fn(next)));
        // The helpers are at most one share behind. Wait for them awake, for a while: a
        // caller that goes to sleep at the end of the scope takes tens of microseconds to
        // wake up (35 measured here, more than a share takes).
        let deadline = Instant::now() + Duration::from_micros(200);
        while done.load(Ordering::Acquire) < threads - 1 && Instant::now() < deadline {
            std::hint::spin_loop();
        }
    });
    total.into_inner().unwrap_or_else(PoisonError::into_inner)
}
