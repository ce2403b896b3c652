//! The reference slerp and nlerp against glam's `Quat::slerp` and
//! `Quat::lerp` (glam's lerp is an nlerp: flip, blend, normalise).
//!
//! `cargo bench -p lab05_slerp` checks first that each pair agrees, runs the
//! criterion group (throughput in calls) over one batch of pre-generated
//! random unit quaternion pairs and parameters, then prints one table of
//! nanoseconds per call measured in this same run.

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};

use common::grade::SplitMix64 as Rng;
use criterion::{Criterion, Throughput, criterion_group};
use glam::{Quat, Vec3};
use lab05_slerp::solution;

/// Calls per batch: big enough to swamp the loop, small enough for L1.
const BATCH: usize = 1024;

/// A unit quaternion from the shared test stream: a random axis and angle.
fn quat(rng: &mut Rng) -> Quat {
    let axis = rng.vec3(-1.0, 1.0);
    Quat::from_axis_angle(axis.try_normalize().unwrap_or(Vec3::Y), rng.range(-6.0, 6.0))
}

/// Random pairs (about half with a negative dot product) and parameters.
fn batch() -> &'static [(Quat, Quat, f32)] {
    static BATCH_DATA: std::sync::OnceLock<Vec<(Quat, Quat, f32)>> = std::sync::OnceLock::new();
    BATCH_DATA.get_or_init(|| {
        let mut rng = Rng(0x5EED_0005);
        (0..BATCH).map(|_| (quat(&mut rng), quat(&mut rng), rng.range(0.0, 1.0))).collect()
    })
}

type Interp = fn(Quat, Quat, f32) -> Quat;
const PATHS: [(&str, Interp); 4] = [
    ("reference slerp", solution::slerp),
    ("glam Quat::slerp", Quat::slerp),
    ("reference nlerp", solution::nlerp),
    ("glam Quat::lerp", Quat::lerp),
];

/// Panics unless the reference and glam agree on the whole batch.
fn check() {
    for &(a, b, t) in batch() {
        for (ours, glams) in [(0, 1), (2, 3)] {
            let (x, y) = (PATHS[ours].1(a, b, t), PATHS[glams].1(a, b, t));
            assert!(
                x.abs_diff_eq(y, 1e-4),
                "{} and {} disagree at ({a}, {b}, {t}): {x} vs {y}",
                PATHS[ours].0,
                PATHS[glams].0
            );
        }
    }
}

/// Per-iteration times recorded by every benchmark: path -> seconds per batch.
static SAMPLES: Samples<usize> = Samples::new();

fn run_batch(f: Interp) -> Quat {
    // Sum the results so that no call can be optimised away.
    let mut sum = Quat::from_xyzw(0.0, 0.0, 0.0, 0.0);
    for &(a, b, t) in black_box(batch()) {
        sum += f(black_box(a), black_box(b), black_box(t));
    }
    sum
}

fn interpolation(c: &mut Criterion) {
    let mut group = c.benchmark_group("rotation interpolation");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (p, (name, f)) in PATHS.into_iter().enumerate() {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed(p, iters, 1.0, || {
                    black_box(run_batch(black_box(f)));
                })
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(50);
    targets = interpolation
}

fn summary() {
    let samples = SAMPLES.take();
    let ns: Vec<Option<f64>> =
        (0..PATHS.len()).map(|p| samples.get(&p).map(|t| median(t).unwrap_or(f64::NAN) * 1e9 / BATCH as f64)).collect();
    let Some(glam_slerp) = ns[1] else {
        return;
    };
    println!("\nRotation interpolation, median ns per call over {BATCH} random pairs, this run");
    println!("{:<18} {:>10} {:>16}", "function", "ns/call", "vs glam slerp");
    for ((name, _), ns) in PATHS.iter().zip(&ns) {
        if let Some(ns) = ns {
            println!("{name:<18} {ns:>10.2} {:>15.2}x", ns / glam_slerp);
        }
    }
    if let (Some(slerp), Some(nlerp)) = (ns[0], ns[2]) {
        println!("reference slerp / reference nlerp: {:.2}x", slerp / nlerp);
    }
}

fn main() {
    check();
    println!("reference slerp and nlerp match glam's on {BATCH} random pairs");
    benches();
    Criterion::default().configure_from_args().final_summary();
    // Without `--bench` (`cargo test --benches`) criterion runs each
    // benchmark once, untimed: no table for that.
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
