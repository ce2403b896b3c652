//! A crossfade of one character, reference against the fast path (going
//! further), on the workload `../shared/perf/run.sh` times ozz-animation
//! on: the built-in character's `walk` at two moments 0.5 s apart, both
//! clocks moving forward at 60 Hz, blended 70/30 into a whole pose of local
//! transforms (no matrices). Then a crowd: 100 characters, each fading walk
//! -> run on its own clocks, on 1 and 2 threads, per character.
//!
//! It checks first that the fast crossfade agrees with the reference, then
//! prints a table and the `RESULT crossfade ...` lines.

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};
use common::model::{Clip, Transform};
use criterion::{Criterion, criterion_group};
use lab04_keyframes::fast::{FastClip, Kernel};
use lab07_transitions::fast::{CrowdCharacter, FastPlaying, Scratch, blend_clips_fast, crowd_frame};
use lab07_transitions::{Mode, Playing, solution};

const WALK: usize = 1;
const RUN: usize = 2;
const DT: f64 = 1.0 / 60.0;
const CROWD: usize = 100;
/// Frames per iteration.
const FRAMES: usize = 60;

struct Data {
    clips: Vec<Clip>,
    fast: Vec<FastClip>,
    rest: Vec<Transform>,
}

fn data() -> Data {
    let model = common::character::build();
    assert_eq!((model.clips[WALK].name.as_str(), model.clips[RUN].name.as_str()), ("walk", "run"));
    let rest = model.skeleton.rest_locals();
    let fast = model.clips.iter().map(|c| FastClip::new(c, &rest).expect("the character's clips convert")).collect();
    Data { clips: model.clips, fast, rest }
}

/// Path: 0 reference, 1 + k fast kernel k; crowd: 10 reference 1 thread,
/// 11 fast 1 thread, 12 fast 2 threads (best kernel).
static SAMPLES: Samples<usize> = Samples::new();

fn crowd(d: &Data) -> Vec<CrowdCharacter> {
    (0..CROWD)
        .map(|i| {
            let phase = (i as f64 * 0.618_034).fract();
            let mut from = FastPlaying::start(WALK, Mode::Loop);
            let mut to = FastPlaying::start(RUN, Mode::Loop);
            from.seconds = phase * d.clips[WALK].duration_seconds();
            to.seconds = (phase + 0.25).fract() * d.clips[RUN].duration_seconds();
            // A fade long enough to stay mid-way for the whole run, as the crossfade bench does.
            let mut c = CrowdCharacter::new(from, to, 1e9, &d.rest);
            c.elapsed = 0.5e9;
            c
        })
        .collect()
}

fn bench(c: &mut Criterion, d: &Data) {
    let mut group = c.benchmark_group("crossfade/walk_crossfade");
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_millis(1200)).sample_size(30);
    let mut a = Playing::start(&d.clips, WALK, Mode::Loop);
    let mut b = Playing::start(&d.clips, WALK, Mode::Loop);
    b.seconds = 0.5;
    group.bench_function("reference", |bencher| {
        bencher.iter_custom(|iters| {
            SAMPLES.timed(0, iters, FRAMES as f64, || {
                for _ in 0..FRAMES {
                    a.seconds += DT;
                    b.seconds += DT;
                    black_box(solution::blend_clips(&mut a, &mut b, &d.clips, &d.rest, 0.3));
                }
            })
        })
    });
    for (k, kernel) in Kernel::available().into_iter().enumerate() {
        let mut a = FastPlaying::start(WALK, Mode::Loop);
        let mut b = FastPlaying::start(WALK, Mode::Loop);
        b.seconds = 0.5;
        let (mut scratch, mut out) = (Scratch::default(), d.rest.clone());
        group.bench_function(format!("fast {}", kernel.name()), |bencher| {
            bencher.iter_custom(|iters| {
                SAMPLES.timed(1 + k, iters, FRAMES as f64, || {
                    for _ in 0..FRAMES {
                        a.seconds += DT;
                        b.seconds += DT;
                        blend_clips_fast(kernel, &mut a, &mut b, &d.fast, 0.3, &mut scratch, &mut out).expect("finite");
                        black_box(&out);
                    }
                })
            })
        });
    }
    group.finish();

    let mut group = c.benchmark_group("crowd of 100, walk -> run");
    group.warm_up_time(Duration::from_millis(300)).measurement_time(Duration::from_millis(1500)).sample_size(20);
    let mut reference: Vec<(Playing, Playing)> = crowd(d)
        .iter()
        .map(|c| {
            let mut a = Playing::start(&d.clips, WALK, Mode::Loop);
            let mut b = Playing::start(&d.clips, RUN, Mode::Loop);
            (a.seconds, b.seconds) = (c.from.seconds, c.to.seconds);
            (a, b)
        })
        .collect();
    group.bench_function("reference, 1 thread", |bencher| {
        bencher.iter_custom(|iters| {
            SAMPLES.timed(10, iters, CROWD as f64, || {
                for (a, b) in &mut reference {
                    a.seconds += DT;
                    b.seconds += DT;
                    black_box(solution::blend_clips(a, b, &d.clips, &d.rest, 0.5));
                }
            })
        })
    });
    let kernel = Kernel::best();
    for threads in [1, 2] {
        let mut characters = crowd(d);
        group.bench_function(format!("fast, {threads} thread(s)"), |bencher| {
            bencher.iter_custom(|iters| {
                SAMPLES.timed(10 + threads, iters, CROWD as f64, || {
                    crowd_frame(kernel, &d.fast, &mut characters, DT, threads).expect("finite");
                    black_box(&characters);
                })
            })
        });
    }
    group.finish();
}

/// The fast crossfade against the reference on the bench's frames.
fn check(d: &Data) {
    for kernel in Kernel::available() {
        let (mut a, mut b) = (Playing::start(&d.clips, WALK, Mode::Loop), Playing::start(&d.clips, WALK, Mode::Loop));
        let (mut fa, mut fb) = (FastPlaying::start(WALK, Mode::Loop), FastPlaying::start(WALK, Mode::Loop));
        (b.seconds, fb.seconds) = (0.5, 0.5);
        let (mut scratch, mut got) = (Scratch::default(), d.rest.clone());
        for _ in 0..2 * FRAMES {
            for s in [&mut a.seconds, &mut b.seconds, &mut fa.seconds, &mut fb.seconds] {
                *s += DT;
            }
            let want = solution::blend_clips(&mut a, &mut b, &d.clips, &d.rest, 0.3);
            blend_clips_fast(kernel, &mut fa, &mut fb, &d.fast, 0.3, &mut scratch, &mut got).expect("finite");
            for (node, (g, w)) in got.iter().zip(&want).enumerate() {
                let close =
                    g.translation.abs_diff_eq(w.translation, 1e-5) && g.rotation.dot(w.rotation).abs() > 1.0 - 1e-5;
                assert!(close, "{}, node {node}: expected {w:?} (blend_clips), got {g:?}", kernel.name());
            }
        }
    }
}

fn summary() {
    let samples = SAMPLES.take();
    let ns = |id: usize| samples.get(&id).and_then(|t| median(t)).map(|s| s * 1e9);
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.1}"));
    let kernels = Kernel::available();
    println!("\nwalk_crossfade (walk at two moments 0.5 s apart, 70/30, local transforms): median ns per character");
    println!("{:<22} {:>10}", "reference", cell(ns(0)));
    for (k, kernel) in kernels.iter().enumerate() {
        println!("{:<22} {:>10}", format!("fast {}", kernel.name()), cell(ns(1 + k)));
    }
    println!("crowd of {CROWD} (walk -> run, each on its own clocks), ns per character:");
    println!("{:<22} {:>10}", "reference, 1 thread", cell(ns(10)));
    println!("{:<22} {:>10}", format!("fast {}, 1 thread", Kernel::best().name()), cell(ns(11)));
    println!("{:<22} {:>10}", format!("fast {}, 2 threads", Kernel::best().name()), cell(ns(12)));
    if let Some(r) = ns(0) {
        println!("RESULT crossfade reference walk_crossfade {r:.2}");
    }
    if let Some(f) = ns(kernels.len()) {
        println!("RESULT crossfade fast walk_crossfade {f:.2}");
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

/// CI's instruction-count guard (`.ci/instructions`): the crossfade of one
/// character with one kernel, `reps` times `FRAMES` frames, nothing else.
fn count(request: &common::bench::CountRequest) {
    let d = data();
    let Some(kernel) = Kernel::available().into_iter().find(|k| k.name() == request.kernel) else {
        let names: Vec<_> = Kernel::available().iter().map(|k| k.name()).collect();
        request.unknown(&["walk_crossfade"], &names)
    };
    if request.workload != "walk_crossfade" {
        request.unknown(&["walk_crossfade"], &[]);
    }
    let (mut a, mut b) = (FastPlaying::start(WALK, Mode::Loop), FastPlaying::start(WALK, Mode::Loop));
    b.seconds = 0.5;
    let (mut scratch, mut out) = (Scratch::default(), d.rest.clone());
    request.run(FRAMES, || {
        for _ in 0..FRAMES {
            a.seconds += DT;
            b.seconds += DT;
            blend_clips_fast(kernel, &mut a, &mut b, &d.fast, 0.3, &mut scratch, &mut out).expect("finite");
            black_box(&out);
        }
    });
}

fn main() {
    if let Some(request) = common::bench::CountRequest::from_env() {
        return count(&request);
    }
    check(&data());
    println!("checked: the fast crossfade of walk with itself agrees with solution::blend_clips, every kernel");
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
