//! The IK solvers per call, the reference and (steps 1 and 2) the fast path,
//! in the form `../shared/perf/README.md` defines so they can stand beside
//! ozz-animation's `IKTwoBoneJob` and `IKAimJob` in one run:
//!
//! - `two_bone_leg`: step 1 on 1,024 hip-knee-ankle cases (SplitMix64, the
//!   perf README's ranges: bones 0.2 to 0.6, a bend of 5 to 150 degrees, a
//!   random leg orientation and joint frames, 2/3 of targets in reach, every
//!   other leg softened at 0.97);
//! - `aim`: step 2 on 1,024 look-at cases;
//! - `ccd_chain8`, `fabrik_chain8`: steps 3 and 4 on the tentacle of eight
//!   bones (0.15 m), from its rest curl to one of 64 reachable targets, to
//!   1 mm with at most 50 iterations.
//!
//! It prints a table and one `RESULT ik PATH WORKLOAD NS_PER_CALL` line per
//! row, PATH `reference`, `fast` (one call per job) or `batch`
//! (`fast::two_bone_many` on all 1,024 legs, time per leg), medians of this
//! run's 101 samples of about 4 ms, as ozz's bench takes them (the
//! machine's load makes them noisy).

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};
use common::grade::SplitMix64;
use criterion::{Criterion, SamplingMode, criterion_group};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::rig::{rest, tentacle};
use lab08_inverse_kinematics::{Aim, AimSolve, Budget, ChainSolve, IkError, TwoBone, TwoBoneSolve, fast, solution};

static SAMPLES: Samples<usize> = Samples::new();
const CASES: usize = 1024;
/// What is timed, in the order printed: (path, workload).
const ROWS: [(&str, &str); 7] = [
    ("reference", "two_bone_leg"),
    ("fast", "two_bone_leg"),
    ("batch", "two_bone_leg"),
    ("reference", "aim"),
    ("fast", "aim"),
    ("reference", "ccd_chain8"),
    ("reference", "fabrik_chain8"),
];

/// A row's key in `SAMPLES`.
fn key(path: &str, workload: &str) -> usize {
    ROWS.iter().position(|&row| row == (path, workload)).expect("a row of ROWS")
}

fn rotation(r: &mut SplitMix64) -> Quat {
    let (u1, u2, u3) = (r.range(0.0, 1.0), r.range(0.0, 1.0), r.range(0.0, 1.0));
    let tau = std::f32::consts::TAU;
    Quat::from_xyzw(
        (1.0 - u1).sqrt() * (tau * u2).sin(),
        (1.0 - u1).sqrt() * (tau * u2).cos(),
        u1.sqrt() * (tau * u3).sin(),
        u1.sqrt() * (tau * u3).cos(),
    )
    .normalize()
}

fn direction(r: &mut SplitMix64) -> Vec3 {
    let (z, phi) = (r.range(-1.0, 1.0), r.range(0.0, std::f32::consts::TAU));
    let s = (1.0 - z * z).sqrt();
    Vec3::new(s * phi.cos(), s * phi.sin(), z)
}

fn legs() -> Vec<TwoBone> {
    let mut r = SplitMix64(0x5EED0008);
    (0..CASES)
        .map(|i| {
            let (l1, l2, bend) = (r.range(0.2, 0.6), r.range(0.2, 0.6), r.range(5.0, 150.0).to_radians());
            let leg = rotation(&mut r);
            let hip = r.vec3(-1.0, 1.0);
            let frames = [rotation(&mut r), rotation(&mut r), rotation(&mut r)];
            let knee = hip + leg * Vec3::new(0.0, -l1, 0.0);
            let ankle = knee + leg * Vec3::new(0.0, -bend.cos(), -bend.sin()) * l2;
            let d = if i % 3 != 2 {
                let g = r.range(20.0, 175.0).to_radians();
                (l1 * l1 + l2 * l2 - 2.0 * l1 * l2 * g.cos()).sqrt()
            } else {
                (l1 + l2) * r.range(1.02, 1.5)
            };
            let u = direction(&mut r);
            let pole = loop {
                let p = direction(&mut r);
                if p.dot(u).abs() <= 30f32.to_radians().cos() {
                    break p;
                }
            };
            let m = |q: Quat, p: Vec3| Mat4::from_rotation_translation(q, p);
            let axis = frames[1].inverse() * (leg * Vec3::X);
            let mut job =
                TwoBone::new(m(frames[0], hip), m(frames[1], knee), m(frames[2], ankle), hip + u * d, hip + pole, axis);
            // Half the legs softened, as ozz's cases are.
            job.soften = if i % 2 == 0 { 1.0 } else { 0.97 };
            job
        })
        .collect()
}

fn aims() -> Vec<Aim> {
    let mut r = SplitMix64(0x5EED0108);
    (0..CASES)
        .map(|_| Aim {
            joint: Mat4::from_rotation_translation(rotation(&mut r), r.vec3(-1.0, 1.0)),
            target: r.vec3(-3.0, 3.0),
            forward: Vec3::X,
            up: Vec3::Y,
            pole: Vec3::Y,
            limit: std::f32::consts::PI,
            weight: 1.0,
        })
        .collect()
}

fn chain() -> (Vec<Vec3>, Vec<Vec3>) {
    let skeleton = tentacle(9, 0.15, Vec3::ZERO);
    let rest: Vec<Vec3> =
        world_matrices(&skeleton, &rest(&skeleton))[1..].iter().map(|m| m.w_axis.truncate()).collect();
    let mut r = SplitMix64(0x5EED0208);
    let targets = (0..64).map(|_| direction(&mut r) * r.range(0.3, 1.0)).collect();
    (rest, targets)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("ik");
    // Timed as ozz's bench times its jobs (`../shared/perf/ik/ozz_ik_bench.cc`): a 0.5 s warm-up,
    // then 101 samples of about 4 ms, each the same number of passes, and their median. Short
    // samples matter on a shared machine: a 75 ms sample (20 in 1.5 s, as before) was nearly
    // always interrupted by another process, a 4 ms one mostly is not, so the medians of the two
    // benches compare.
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_millis(404))
        .sample_size(101)
        .sampling_mode(SamplingMode::Flat);
    let (legs, aims) = (legs(), aims());
    type Leg = fn(&TwoBone) -> Result<TwoBoneSolve, IkError>;
    type Look = fn(&Aim) -> Result<AimSolve, IkError>;
    let paths = [("reference", solution::two_bone as Leg, solution::aim as Look), ("fast", fast::two_bone, fast::aim)];
    for (label, two_bone, aim) in paths {
        group.bench_function(format!("{label}/two_bone_leg"), |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed(key(label, "two_bone_leg"), iters, CASES as f64, || {
                    for job in &legs {
                        black_box(two_bone(black_box(job)).ok());
                    }
                })
            })
        });
        group.bench_function(format!("{label}/aim"), |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed(key(label, "aim"), iters, CASES as f64, || {
                    for job in &aims {
                        black_box(aim(black_box(job)).ok());
                    }
                })
            })
        });
    }
    let mut answers = Vec::with_capacity(CASES);
    group.bench_function("batch/two_bone_leg", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("batch", "two_bone_leg"), iters, CASES as f64, || {
                fast::two_bone_many(black_box(&legs), &mut answers);
                black_box(&answers);
            })
        })
    });
    let (rest, targets) = chain();
    let budget = Budget { tolerance: 1e-3, iterations: 50 };
    type Solver = fn(&mut [Vec3], Vec3, &Budget) -> Result<ChainSolve, IkError>;
    for (name, solver) in [("ccd_chain8", solution::ccd as Solver), ("fabrik_chain8", solution::fabrik)] {
        let mut positions = rest.clone();
        group.bench_function(format!("reference/{name}"), |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed(key("reference", name), iters, targets.len() as f64, || {
                    for target in &targets {
                        positions.copy_from_slice(&rest);
                        black_box(solver(&mut positions, *target, &budget).ok());
                    }
                })
            })
        });
    }
    group.finish();
}

/// The answers are sound before anything is timed: every unsoftened leg in
/// reach reached (about 84% of the softened ones), the fast paths agreeing.
fn check() {
    let (legs, mut batch, mut reached) = (legs(), Vec::new(), 0);
    fast::two_bone_many(&legs, &mut batch);
    for (job, batch) in legs.iter().zip(&batch) {
        let answer = solution::two_bone(job).expect("a valid case");
        assert_eq!(fast::two_bone(job).expect("a valid case").reached, answer.reached);
        assert_eq!(batch.as_ref().expect("a valid case").reached, answer.reached);
        reached += usize::from(answer.reached);
    }
    assert!(reached >= CASES * 3 / 5, "{reached} of {CASES} legs reached");
    println!("checked: {reached} of {CASES} two-bone cases reach (2/3 are in reach, half of them softened)");
}

fn summary() {
    let samples = SAMPLES.take();
    println!("\nIK, median ns per call (noisy on a loaded machine):");
    for (key, (path, name)) in ROWS.iter().enumerate() {
        if let Some(ns) = samples.get(&key).and_then(|t| median(t)).map(|s| s * 1e9) {
            println!("{path:<10} {name:<16} {ns:>10.1}");
            println!("RESULT ik {path} {name} {ns:.1}");
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = bench
}

fn main() {
    check();
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
