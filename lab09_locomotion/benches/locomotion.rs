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
//! - the fast path (`lab09_locomotion::fast`): `fast/update_one` and
//!   `fast/crowd_1000`, the same frames; `fast/blend_pose`, walk and run
//!   sampled by lab 04's fast sampler and blended by lab 07's kernel, as the
//!   fast frame does; `fast/world`, every node's world matrix of the final
//!   pose, which the frame leaves to whoever draws (not in `update_one`).
//!
//! It prints a table and one `RESULT loco PATH WORKLOAD NS_PER_CHARACTER`
//! line per row, medians of this run (the machine's load makes them noisy).
//!
//! With `INSTRUCTIONS=WORKLOAD:KERNEL:REPS` (`common::bench::CountRequest`,
//! CI's `.ci/instructions`; WORKLOAD `update_one` or `crowd_1000`, KERNEL
//! one of lab 04's or `reference`) it runs only that frame, and nothing
//! else: for valgrind's count, or for `perf stat`'s CPU time on a machine
//! too busy for wall-clock medians.

use std::hint::black_box;

use common::bench::{CountRequest, Samples, median};
use criterion::{Criterion, criterion_group};
use glam::{Mat4, Vec2, Vec3};
use lab04_keyframes::fast::{FastClip, FastCursor, FastPose, Kernel, sample_fast_on};
use lab07_transitions::fast::blend_fast;
use lab07_transitions::given::Playing;
use lab09_locomotion::fast::{Fast, FastCharacter, Scratch};
use lab09_locomotion::given::legs;
use lab09_locomotion::{Character, Facing, Input, Locomotion, Motion, Settings, solution};

static SAMPLES: Samples<usize> = Samples::new();
const CROWD: usize = 1000;
const DT: f64 = 1.0 / 60.0;
const ROWS: [(&str, &str); 9] = [
    ("reference", "update_one"),
    ("reference", "crowd_1000"),
    ("reference", "springs"),
    ("reference", "blend_pose"),
    ("reference", "legs"),
    ("fast", "update_one"),
    ("fast", "crowd_1000"),
    ("fast", "blend_pose"),
    ("fast", "world"),
];
/// Frames in one 8-second loop of [`input`].
const LOOP_FRAMES: usize = 480;

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
    fast_rows(&setup, &mut group);
    group.finish();
}

/// A fast character `seconds` into the loop.
fn fast_warmed(fast: &Fast, setup: &Locomotion, scratch: &mut Scratch, seconds: f64) -> (FastCharacter, f64) {
    let mut ch = FastCharacter::new(fast, setup, Vec3::ZERO);
    let mut t = 0.0;
    while t < seconds {
        fast.update(&mut ch, scratch, &input(t), DT).expect("a valid frame");
        t += DT;
    }
    (ch, t)
}

fn fast_rows(setup: &Locomotion, group: &mut criterion::BenchmarkGroup<criterion::measurement::WallTime>) {
    let fast = Fast::new(setup).expect("the built-in set-up on the fast path");
    let mut scratch = Scratch::default();
    let (mut one, mut t) = fast_warmed(&fast, setup, &mut scratch, 1.0);
    group.bench_function("fast/update_one", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("fast", "update_one"), iters, 1.0, || {
                black_box(fast.update(&mut one, &mut scratch, &input(t), DT).ok());
                t += DT;
            })
        })
    });

    let mut crowd: Vec<(FastCharacter, f64)> =
        (0..CROWD).map(|i| fast_warmed(&fast, setup, &mut scratch, (i % 16) as f64 * 0.5)).collect();
    group.bench_function("fast/crowd_1000", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("fast", "crowd_1000"), iters, CROWD as f64, || {
                for (ch, t) in &mut crowd {
                    black_box(fast.update(ch, &mut scratch, &input(*t), DT).ok());
                    *t += DT;
                }
            })
        })
    });

    let kernel = Kernel::best();
    let [walk, run] = [1, 2].map(|g| FastClip::new(&setup.clips[setup.gaits[g].clip], &setup.rest).expect("a clip"));
    let (mut a, mut b, mut out) = (FastPose::default(), FastPose::default(), FastPose::default());
    let (mut ca, mut cb) = (FastCursor::default(), FastCursor::default());
    let mut phase = 0.0f64;
    let mode = lab04_keyframes::given::Mode::Loop;
    group.bench_function("fast/blend_pose", |bench| {
        bench.iter_custom(|iters| {
            SAMPLES.timed(key("fast", "blend_pose"), iters, 1.0, || {
                phase = (phase + DT * 1.2).rem_euclid(1.0);
                let (ta, tb) =
                    (walk.ticks(phase * setup.gaits[1].seconds, mode), run.ticks(phase * setup.gaits[2].seconds, mode));
                sample_fast_on(kernel, &walk, ta, &mut ca, &mut a).expect("a finite time");
                sample_fast_on(kernel, &run, tb, &mut cb, &mut b).expect("a finite time");
                blend_fast(kernel, &a, &b, 0.4, &mut out);
                black_box(&out);
            })
        })
    });

    let mut world = vec![Mat4::IDENTITY; fast.nodes()];
    group.bench_function("fast/world", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed(key("fast", "world"), iters, 1.0, || {
                one.world_into(&fast, &mut world);
                black_box(&world);
            })
        })
    });
}

/// CI's instruction count: the frame on the asked kernel (a fast kernel,
/// or `reference` for `solution::update`, to compare), nothing else.
/// `update_one`: one character, one loop of [`LOOP_FRAMES`] frames per
/// repetition; `crowd_1000`: 1,000 characters at their own points of the
/// loop, one frame each per repetition. Units: character frames.
fn count(request: &CountRequest) {
    const WORKLOADS: [&str; 2] = ["update_one", "crowd_1000"];
    let kernels = Kernel::available();
    let mut names: Vec<&str> = kernels.iter().map(|k| k.name()).collect();
    names.push("reference");
    let kernel = kernels.iter().copied().find(|k| k.name() == request.kernel);
    if (kernel.is_none() && request.kernel != "reference") || !WORKLOADS.contains(&request.workload.as_str()) {
        request.unknown(&WORKLOADS, &names);
    }
    let setup = Locomotion::builtin(Settings::default()).expect("the built-in set-up");
    let (count, frames) = if request.workload == "update_one" { (1, LOOP_FRAMES) } else { (CROWD, 1) };
    // One character a loop in first, so that every repetition does the same
    // frames; a crowd's characters each at its own point of the loop.
    let starts = |i: usize| if count == 1 { LOOP_FRAMES } else { (i % 16) * 30 };
    match kernel {
        Some(kernel) => {
            let fast = Fast::with_kernel(&setup, kernel).expect("the built-in set-up on the fast path");
            let mut scratch = Scratch::default();
            let mut crowd: Vec<(FastCharacter, usize)> =
                (0..count).map(|_| (FastCharacter::new(&fast, &setup, Vec3::ZERO), 0)).collect();
            let mut step = |crowd: &mut Vec<(FastCharacter, usize)>, frames: &dyn Fn(usize) -> usize| {
                for (i, (ch, frame)) in crowd.iter_mut().enumerate() {
                    for _ in 0..frames(i) {
                        black_box(fast.update(ch, &mut scratch, &input(*frame as f64 * DT), DT).ok());
                        *frame += 1;
                    }
                }
            };
            step(&mut crowd, &starts);
            request.run(count * frames, || step(&mut crowd, &|_| frames));
        }
        None => {
            let mut crowd: Vec<(Character, usize)> =
                (0..count).map(|_| (Character::new(&setup, Vec3::ZERO), 0)).collect();
            let step = |crowd: &mut Vec<(Character, usize)>, frames: &dyn Fn(usize) -> usize| {
                for (i, (ch, frame)) in crowd.iter_mut().enumerate() {
                    for _ in 0..frames(i) {
                        black_box(solution::update(&setup, ch, &input(*frame as f64 * DT), DT).ok());
                        *frame += 1;
                    }
                }
            };
            step(&mut crowd, &starts);
            request.run(count * frames, || step(&mut crowd, &|_| frames));
        }
    }
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
    if let Some(request) = CountRequest::from_env() {
        return count(&request);
    }
    check();
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
