//! The built-in character's `walk` clip sampled whole, reference against the
//! fast path (going further), on the workloads `../shared/perf/run.sh` times
//! ozz-animation's `SamplingJob` on, in ns per track (one channel's T, R, S):
//!
//! * `walk_forward60`: the clip as stored, played forward at 60 Hz, looping
//!   (cursors across the wrap);
//! * `walk_dense_forward60`: translation and scale keyed at every rotation
//!   key time (small motions, as the ozz bench makes them);
//! * `walk_dense_random`: the dense clip at uniformly random times.
//!
//! Each frame turns seconds into ticks and samples every channel. The
//! reference writes `Transform`s with `solution::sample_clip_into`; the
//! fast path writes its struct-of-arrays pose (what ozz's `SoaTransform`
//! output is), and the table also shows it with the `Transform`s written.
//! It checks first that the fast path agrees with the reference, then
//! prints a table and one `RESULT` line per path and workload.

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};
use common::model::{Clip, Key, Transform};
use criterion::{Criterion, criterion_group};
use glam::{Quat, Vec3};
use lab04_keyframes::fast::{FastClip, FastCursor, FastPose, Kernel, sample_fast_on};
use lab04_keyframes::given::{ClipCursors, Mode};
use lab04_keyframes::solution;

const FRAME: f64 = 1.0 / 60.0;
const RANDOM_TIMES: usize = 4096;

/// The walk clip as stored, and dense, with the rest pose.
struct Data {
    rest: Vec<Transform>,
    walk: Clip,
    dense: Clip,
    random: Vec<f64>,
}

/// Translation and scale keyed at every rotation key time, with the ozz
/// bench's wobble (a channel without rotation keys gets one at 0).
fn dense(clip: &Clip, rest: &[Transform]) -> Clip {
    let mut out = clip.clone();
    let duration = clip.duration_seconds() as f32;
    for (i, ch) in out.channels.iter_mut().enumerate() {
        let r = rest[ch.node];
        if ch.rotations.is_empty() {
            ch.rotations.push(Key { time_ticks: 0.0, value: r.rotation });
        }
        let times: Vec<f64> = ch.rotations.iter().map(|k| k.time_ticks).collect();
        let wobble =
            |t: f64| 0.01 * (std::f32::consts::TAU * (t / clip.ticks_per_second) as f32 / duration + i as f32).sin();
        ch.positions = times
            .iter()
            .map(|&t| Key { time_ticks: t, value: r.translation + Vec3::new(wobble(t), 0.0, -wobble(t)) })
            .collect();
        ch.scales = times
            .iter()
            .map(|&t| Key { time_ticks: t, value: Vec3::new(1.0 + wobble(t), 1.0 - wobble(t), 1.0) })
            .collect();
    }
    out
}

fn data() -> Data {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let walk = model.clips[model.find_clip("walk").expect("the character has a walk")].clone();
    let dense = dense(&walk, &rest);
    let mut rng = common::grade::SplitMix64(12345);
    let random = (0..RANDOM_TIMES).map(|_| rng.range_f64(0.0, walk.duration_seconds())).collect();
    Data { rest, walk, dense, random }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Work {
    Forward,
    DenseForward,
    DenseRandom,
}

impl Work {
    const ALL: [Work; 3] = [Work::Forward, Work::DenseForward, Work::DenseRandom];
    fn label(self) -> &'static str {
        match self {
            Work::Forward => "walk_forward60",
            Work::DenseForward => "walk_dense_forward60",
            Work::DenseRandom => "walk_dense_random",
        }
    }
}

/// (workload, path): path 0 reference slerp, 1 reference nlerp, 2 + k fast
/// kernel k (pose), 12 + k fast kernel k + `Transform`s.
type Id = (Work, usize);
static SAMPLES: Samples<Id> = Samples::new();

/// The seconds of each frame of one iteration (one pass through the clip
/// at 60 Hz, or 64 random times).
fn frames(d: &Data, work: Work) -> Vec<f64> {
    match work {
        Work::DenseRandom => d.random[..64].to_vec(),
        _ => (0..(d.walk.duration_seconds() / FRAME).round() as usize).map(|i| i as f64 * FRAME).collect(),
    }
}

fn bench(c: &mut Criterion, d: &Data) {
    let tracks = d.walk.channels.len() as f64;
    for work in Work::ALL {
        let clip = if work == Work::Forward { &d.walk } else { &d.dense };
        let mut group = c.benchmark_group(format!("sample/{}", work.label()));
        group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_millis(1200)).sample_size(30);
        let seconds = frames(d, work);
        // Later passes start where the last one stopped: the loop wraps inside the pass.
        let mut offset = 0.0;
        let per_iter = seconds.len() as f64 * tracks;
        if work == Work::Forward {
            for (path, rotate) in [(0, Quat::slerp as fn(Quat, Quat, f32) -> Quat), (1, Quat::lerp)] {
                let (mut cursors, mut out) = (ClipCursors::for_clip(clip), d.rest.clone());
                let name = if path == 0 { "reference (slerp)" } else { "reference (nlerp)" };
                group.bench_function(name, |b| {
                    b.iter_custom(|iters| {
                        SAMPLES.timed((work, path), iters, per_iter, || {
                            for &s in &seconds {
                                let ticks = solution::clip_ticks(black_box(s + offset), clip, Mode::Loop);
                                solution::sample_clip_into(clip, &d.rest, ticks, &mut cursors, rotate, &mut out);
                                black_box(&out);
                            }
                            offset += 0.3;
                        })
                    })
                });
            }
        }
        let fast = FastClip::new(clip, &d.rest).expect("the walk clip converts");
        for (k, kernel) in Kernel::available().into_iter().enumerate() {
            for with_transforms in [false, true] {
                let (mut cursor, mut pose, mut out) = (FastCursor::default(), FastPose::default(), d.rest.clone());
                let path = if with_transforms { 12 + k } else { 2 + k };
                let name = format!("fast {}{}", kernel.name(), if with_transforms { " + Transforms" } else { "" });
                group.bench_function(name, |b| {
                    b.iter_custom(|iters| {
                        SAMPLES.timed((work, path), iters, per_iter, || {
                            for &s in &seconds {
                                let ticks = fast.ticks(black_box(s + offset), Mode::Loop);
                                sample_fast_on(kernel, &fast, ticks, &mut cursor, &mut pose).expect("finite");
                                if with_transforms {
                                    pose.write_transforms(&mut out);
                                }
                                black_box(&pose);
                            }
                            offset += 0.3;
                        })
                    })
                });
            }
        }
        group.finish();
    }
}

/// The fast path against the reference on every frame the bench plays.
fn check(d: &Data) {
    for clip in [&d.walk, &d.dense] {
        let fast = FastClip::new(clip, &d.rest).expect("the walk clip converts");
        for kernel in Kernel::available() {
            let (mut cursor, mut pose) = (FastCursor::default(), FastPose::default());
            for &s in frames(d, Work::Forward).iter().chain(&d.random) {
                let ticks = solution::clip_ticks(s, clip, Mode::Loop);
                sample_fast_on(kernel, &fast, ticks, &mut cursor, &mut pose).expect("finite");
                let want = lab04_keyframes::fast::reference_pose(clip, &d.rest, ticks);
                for (node, w) in want.iter().enumerate() {
                    let g = pose.transform(node);
                    let close = g.translation.abs_diff_eq(w.translation, 1e-5)
                        && g.scale.abs_diff_eq(w.scale, 1e-5)
                        && g.rotation.dot(w.rotation).abs() > 1.0 - 1e-6;
                    assert!(close, "{}, node {node}, {s} s: expected {w:?}, got {g:?}", kernel.name());
                }
            }
        }
    }
}

fn summary() {
    let samples = SAMPLES.take();
    let ns = |id: Id| samples.get(&id).and_then(|t| median(t)).map(|s| s * 1e9);
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
    let kernels = Kernel::available();
    println!("\nThe walk clip, whole pose per frame: median ns per track (one channel's T, R, S), this run");
    print!("{:<22} {:>10} {:>10}", "workload", "ref slerp", "ref nlerp");
    for k in &kernels {
        print!(" {:>14} {:>8}", k.name(), "+ Trs");
    }
    println!();
    for work in Work::ALL {
        print!("{:<22} {:>10} {:>10}", work.label(), cell(ns((work, 0))), cell(ns((work, 1))));
        for k in 0..kernels.len() {
            print!(" {:>14} {:>8}", cell(ns((work, 2 + k))), cell(ns((work, 12 + k))));
        }
        println!();
    }
    let best = kernels.len() + 1;
    println!("(fast kernel of the RESULT lines: {})", kernels[kernels.len() - 1].name());
    if let Some(r) = ns((Work::Forward, 0)) {
        println!("RESULT sample reference walk_forward60 {r:.3}");
    }
    for work in Work::ALL {
        if let Some(f) = ns((work, best)) {
            println!("RESULT sample fast {} {f:.3}", work.label());
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default();
    targets = run
}

fn run(c: &mut Criterion) {
    bench(c, &data());
}

/// CI's instruction-count guard (`.ci/instructions`): one workload, one
/// kernel, the pose only (no `Transform`s), `reps` passes, nothing else.
fn count(request: &common::bench::CountRequest) {
    let d = data();
    let labels = Work::ALL.map(Work::label);
    let Some(work) = Work::ALL.into_iter().find(|w| w.label() == request.workload) else {
        request.unknown(&labels, &[])
    };
    let Some(kernel) = Kernel::available().into_iter().find(|k| k.name() == request.kernel) else {
        let names: Vec<_> = Kernel::available().iter().map(|k| k.name()).collect();
        request.unknown(&labels, &names)
    };
    let clip = if work == Work::Forward { &d.walk } else { &d.dense };
    let fast = FastClip::new(clip, &d.rest).expect("the walk clip converts");
    let seconds = frames(&d, work);
    let (mut cursor, mut pose, mut offset) = (FastCursor::default(), FastPose::default(), 0.0);
    request.run(seconds.len() * clip.channels.len(), || {
        for &s in &seconds {
            let ticks = fast.ticks(black_box(s + offset), Mode::Loop);
            sample_fast_on(kernel, &fast, ticks, &mut cursor, &mut pose).expect("finite");
            black_box(&pose);
        }
        offset += 0.3;
    });
}

fn main() {
    if let Some(request) = common::bench::CountRequest::from_env() {
        return count(&request);
    }
    check(&data());
    println!("checked: the fast path samples the walk clip (stored and dense) like the reference, every kernel");
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
