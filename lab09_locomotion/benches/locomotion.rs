//! The whole frame of a steered character, in the form
//! `../shared/perf/README.md` defines, to stand beside ozz-animation's
//! sampling, blending and two-bone IK:
//!
//! - `update_one`: one character's frame through the reference steps at 60
//!   frames a second (springs, state machine, the blend space's two clips
//!   sampled and blended in sync, inertialization, reconciliation, contacts,
//!   two legs of lab 08's two-bone IK, planting), steered round a circle,
//!   walking, running, stopping and waving in an 8-second loop;
//! - `crowd_1000`: the same for 1,000 characters each at its own point of
//!   the loop, time per character (multiply by 1,000 for the frame);
//! - the parts: `springs` (step 1's three springs and the prediction),
//!   `blend_pose` (lab 07's synced pose of walk and run, 21 channels each:
//!   two samplings and a blend, ozz's sampling + blending), `legs` (lab 08's
//!   reference two-bone IK on both legs with the pelvis, as the frame loop
//!   calls it).
//!
//! It prints a table and one `RESULT loco PATH WORKLOAD NS_PER_CHARACTER`
//! line per row, medians of this run (the machine's load makes them noisy).

use std::hint::black_box;

use common::bench::{Samples, median};
use criterion::{Criterion, criterion_group};
use glam::{Vec2, Vec3};
use lab07_transitions::given::Playing;
use lab09_locomotion::given::legs;
use lab09_locomotion::{Character, Facing, Input, Locomotion, Motion, Settings, solution};

static SAMPLES: Samples<usize> = Samples::new();
const CROWD: usize = 1000;
const DT: f64 = 1.0 / 60.0;
const ROWS: [(&str, &str); 5] = [
    ("reference", "update_one"),
    ("reference", "crowd_1000"),
    ("reference", "springs"),
    ("reference", "blend_pose"),
    ("reference", "legs"),
];

fn key(path: &str, workload: &str) -> usize {
    ROWS.iter().position(|&row| row == (path, workload)).expect("a row of ROWS")
}

/// The stick at `seconds` of the 8-second loop: round a circle, walking,
/// then running, then a stop and a wave.
fn input(seconds: f64) -> Input {
    let t = seconds.rem_euclid(8.0);
    let angle = (seconds * 0.4) as f32;
    let stick = if t < 6.0 { Vec2::new(angle.sin(), angle.cos()) } else { Vec2::ZERO };
    Input { stick, run: (3.0..6.0).contains(&t), wave: (7.0..7.0 + DT).contains(&t) }
}

/// A character `seconds` into the loop.
fn warmed(setup: &Locomotion, seconds: f64) -> (Character, f64) {
    let mut ch = Character::new(setup, Vec3::ZERO);
    let mut t = 0.0;
    while t < seconds {
        solution::update(setup, &mut ch, &input(t), DT).expect("a valid frame");
        t += DT;
    }
    (ch, t)
}

fn bench(c: &mut Criterion) {
    let setup = Locomotion::builtin(Settings::default()).expect("the built-in set-up");
    let mut group = c.benchmark_group("loco");
    group.sample_size(20).warm_up_time(std::time::Duration::from_millis(500));
    group.measurement_time(std::time::Duration::from_secs(2));

    let (mut one, mut t) = warmed(&setup, 1.0);
    group.bench_function("reference/update_one", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("reference", "update_one"), iters, 1.0, || {
                black_box(solution::update(&setup, &mut one, &input(t), DT).ok());
                t += DT;
            })
        })
    });

    let mut crowd: Vec<(Character, f64)> = (0..CROWD).map(|i| warmed(&setup, (i % 16) as f64 * 0.5)).collect();
    group.bench_function("reference/crowd_1000", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("reference", "crowd_1000"), iters, CROWD as f64, || {
                for (ch, t) in &mut crowd {
                    black_box(solution::update(&setup, ch, &input(*t), DT).ok());
                    *t += DT;
                }
            })
        })
    });

    let (mut motion, mut facing) = (Motion::default(), Facing::default());
    let mut s = 0.0f64;
    group.bench_function("reference/springs", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("reference", "springs"), iters, 1.0, || {
                let wanted = Vec3::new((s * 0.4).sin() as f32, 0.0, (s * 0.4).cos() as f32) * 1.3;
                motion = solution::follow_velocity(&motion, wanted, 0.2, DT);
                facing = solution::follow_heading(&facing, (s * 0.4) as f32, 0.15, DT);
                black_box(solution::predict(&motion, wanted, 0.2));
                s += DT;
            })
        })
    });

    let mode = lab04_keyframes::given::Mode::Loop;
    let (mut walk, mut run) = (
        Playing::start(&setup.clips, setup.gaits[1].clip, mode),
        Playing::start(&setup.clips, setup.gaits[2].clip, mode),
    );
    let mut phase = 0.0f64;
    group.bench_function("reference/blend_pose", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("reference", "blend_pose"), iters, 1.0, || {
                phase = (phase + DT * 1.2).rem_euclid(1.0);
                black_box(lab07_transitions::solution::synced_pose(
                    &mut walk,
                    &mut run,
                    &setup.clips,
                    &setup.rest,
                    phase,
                    0.4,
                ));
            })
        })
    });

    let (ch, _) = warmed(&setup, 2.0);
    let targets = ch.feet.map(|f| f + Vec3::new(0.0, 0.03, 0.02));
    let mut pose = ch.shown.clone();
    group.bench_function("reference/legs", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("reference", "legs"), iters, 1.0, || {
                pose.clone_from(&ch.pose);
                black_box(legs::reach(&setup.skeleton, &mut pose, &setup.rig, targets, Vec3::Z));
            })
        })
    });
    group.finish();
}

/// The loop is sound before anything is timed: the character moves, every
/// state is visited, a foot is held.
fn check() {
    let setup = Locomotion::builtin(Settings::default()).expect("the built-in set-up");
    let mut ch = Character::new(&setup, Vec3::ZERO);
    let mut seen = vec![false; setup.machine.states.len()];
    let mut held = 0;
    for f in 0..(16.0 / DT) as usize {
        solution::update(&setup, &mut ch, &input(f as f64 * DT), DT).expect("a valid frame");
        seen[ch.machine.state] = true;
        held += ch.plants.iter().filter(|p| p.held).count();
    }
    assert!(seen.iter().all(|s| *s), "states visited: {seen:?}");
    assert!(held > 100, "feet held in {held} foot-frames");
    println!("checked: every state visited, a foot held in {held} foot-frames of 16 s");
}

fn summary() {
    let samples = SAMPLES.take();
    println!("\nlocomotion, median ns per character (noisy on a loaded machine):");
    for (key, (path, name)) in ROWS.iter().enumerate() {
        if let Some(ns) = samples.get(&key).and_then(|t| median(t)).map(|s| s * 1e9) {
            println!("{path:<10} {name:<12} {ns:>10.1}");
            println!("RESULT loco {path} {name} {ns:.1}");
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
