//! The reference IK solvers per call, in the form `../shared/perf/README.md`
//! defines so they can stand beside ozz-animation's `IKTwoBoneJob` and
//! `IKAimJob` in one run:
//!
//! - `two_bone_leg`: step 1 on 1,024 hip-knee-ankle cases (SplitMix64, the
//!   perf README's ranges: bones 0.2 to 0.6, a bend of 5 to 150 degrees, a
//!   random leg orientation and joint frames, 2/3 of targets in reach);
//! - `aim`: step 2 on 1,024 look-at cases;
//! - `ccd_chain8`, `fabrik_chain8`: steps 3 and 4 on the tentacle of eight
//!   bones (0.15 m), from its rest curl to one of 64 reachable targets, to
//!   1 mm with at most 50 iterations.
//!
//! It prints a table and one `RESULT ik reference WORKLOAD NS_PER_CALL` line
//! per workload (medians of this run; the machine's load makes them noisy).

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};
use common::grade::SplitMix64;
use criterion::{Criterion, criterion_group};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab08_inverse_kinematics::given::rig::{rest, tentacle};
use lab08_inverse_kinematics::{Aim, Budget, TwoBone, solution};

static SAMPLES: Samples<usize> = Samples::new();
const CASES: usize = 1024;
const WORKLOADS: [&str; 4] = ["two_bone_leg", "aim", "ccd_chain8", "fabrik_chain8"];

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
            TwoBone::new(m(frames[0], hip), m(frames[1], knee), m(frames[2], ankle), hip + u * d, hip + pole, axis)
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
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_millis(1500)).sample_size(20);
    let legs = legs();
    group.bench_function("two_bone_leg", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(0, iters, CASES as f64, || {
                for job in &legs {
                    black_box(solution::two_bone(black_box(job)).ok());
                }
            })
        })
    });
    let aims = aims();
    group.bench_function("aim", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(1, iters, CASES as f64, || {
                for job in &aims {
                    black_box(solution::aim(black_box(job)).ok());
                }
            })
        })
    });
    let (rest, targets) = chain();
    let budget = Budget { tolerance: 1e-3, iterations: 50 };
    type Solver = fn(
        &mut [Vec3],
        Vec3,
        &Budget,
    ) -> Result<lab08_inverse_kinematics::ChainSolve, lab08_inverse_kinematics::IkError>;
    for (key, name, solver) in [(2, "ccd_chain8", solution::ccd as Solver), (3, "fabrik_chain8", solution::fabrik)] {
        let mut positions = rest.clone();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed(key, iters, targets.len() as f64, || {
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

/// The answers are sound before anything is timed: every leg in reach reached.
fn check() {
    let mut reached = 0;
    for job in &legs() {
        let answer = solution::two_bone(job).expect("a valid case");
        reached += usize::from(answer.reached);
    }
    assert!(reached >= CASES * 2 / 3 - 1, "{reached} of {CASES} legs reached");
    println!("checked: {reached} of {CASES} two-bone cases reach (2/3 are in reach)");
}

fn summary() {
    let samples = SAMPLES.take();
    println!("\nreference IK, median ns per call (noisy on a loaded machine):");
    for (key, name) in WORKLOADS.iter().enumerate() {
        if let Some(ns) = samples.get(&key).and_then(|t| median(t)).map(|s| s * 1e9) {
            println!("{name:<16} {ns:>10.1}");
            println!("RESULT ik reference {name} {ns:.1}");
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
