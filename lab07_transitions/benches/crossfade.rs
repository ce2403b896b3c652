//! What a crossfade costs per frame on the CPU, against one clip alone.
//!
//! `cargo bench -p lab07_transitions` checks first that the reference
//! crossfade's pose is the blend of the two clips sampled alone, runs the
//! criterion groups, then prints one table measured in this same run.
//!
//! One frame of one character (the built-in one: 23 nodes, 21 channels per
//! clip, 21 bones): advance the clocks by 1/60 s, sample and blend
//! (`lab07_transitions::solution`), and, in the "+ matrices" columns, turn the
//! pose into world matrices (lab 01) and gradient matrices (lab 03), what
//! skinning needs. "crossfade" is walk -> run in the middle of a fade (weight
//! 0.5 all along: the fade is made long enough not to end during the run);
//! "alone" is walk by itself. A crowd is 100 characters, each with its own
//! crossfade at its own phase, timed together and reported per character.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use common::bench::{Samples, median};

use common::model::{Model, Transform};
use criterion::{Criterion, criterion_group};
use glam::Mat4;
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::solution::bone_gradients;
use lab07_transitions::{Crossfade, Fade, Mode, Playing, Source, solution};

const WALK: usize = 1;
const RUN: usize = 2;
const DT: f64 = 1.0 / 60.0;
/// A fade this long stays in its middle for any run of the benchmark.
const LONG_FADE: f64 = 1e9;
const CROWD: usize = 100;

struct Rig {
    model: Model,
    rest: Vec<Transform>,
}

fn rig() -> &'static Rig {
    static RIG: OnceLock<Rig> = OnceLock::new();
    RIG.get_or_init(|| {
        let model = common::character::build();
        assert_eq!((model.clips[WALK].name.as_str(), model.clips[RUN].name.as_str()), ("walk", "run"));
        let rest = model.skeleton.rest_locals();
        Rig { model, rest }
    })
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Case {
    Alone,
    Crossfade,
}

/// Character `i` of a crowd: walk alone, or walk -> run mid-fade, each
/// clock at its own phase.
fn character(case: Case, i: usize) -> Crossfade {
    let clips = &rig().model.clips;
    let phase = (i as f64 * 0.618_034).fract();
    let mut walk = Playing::start(clips, WALK, Mode::Loop);
    walk.seconds = phase * clips[WALK].duration_seconds();
    match case {
        Case::Alone => Crossfade { current: walk, fade: None },
        Case::Crossfade => {
            let mut run = Playing::start(clips, RUN, Mode::Loop);
            run.seconds = (phase + 0.25).fract() * clips[RUN].duration_seconds();
            let fade = Fade { from: Source::Clip(walk), elapsed: LONG_FADE / 2.0, duration: LONG_FADE };
            Crossfade { current: run, fade: Some(fade) }
        }
    }
}

/// One frame: clocks, pose, and with `matrices` the world and gradient matrices.
fn frame(crossfade: &mut Crossfade, matrices: bool) -> usize {
    let rig = rig();
    solution::advance(crossfade, DT);
    let pose = solution::crossfade_pose(crossfade, &rig.model.clips, &rig.rest);
    if !matrices {
        return pose.len();
    }
    let world = world_matrices(&rig.model.skeleton, &pose);
    let gradients: Vec<Mat4> = bone_gradients(&rig.model.global_inverse, &world, &rig.model.meshes[0].bones);
    gradients.len()
}

/// Panics unless the mid-fade pose is the two clips, sampled alone, blended.
fn check() {
    let rig = rig();
    let clips = &rig.model.clips;
    let mut crossfade = character(Case::Crossfade, 7);
    let got = solution::crossfade_pose(&mut crossfade, clips, &rig.rest);
    let Some(Fade { from: Source::Clip(walk), .. }) = &crossfade.fade else { unreachable!() };
    let (mut walk, mut run) = (walk.clone(), crossfade.current.clone());
    let want = solution::blend_poses(&walk.sample(clips, &rig.rest), &run.sample(clips, &rig.rest), 0.5);
    for (node, (g, w)) in got.iter().zip(&want).enumerate() {
        let close = g.translation.abs_diff_eq(w.translation, 1e-5) && g.rotation.dot(w.rotation).abs() > 1.0 - 1e-5;
        assert!(close, "node {node}: the crossfade gives {g:?}, blending the clips alone gives {w:?}");
    }
}

/// Per-iteration times: (case, crowd size, with matrices) -> seconds per frame.
type Key = (Case, usize, bool);
static SAMPLES: Samples<Key> = Samples::new();

fn crossfades(c: &mut Criterion) {
    for (case, name) in [(Case::Alone, "alone"), (Case::Crossfade, "crossfade")] {
        let mut group = c.benchmark_group(format!("frame/{name}"));
        for crowd in [1, CROWD] {
            for matrices in [false, true] {
                let mut characters: Vec<Crossfade> = (0..crowd).map(|i| character(case, i)).collect();
                let label = format!("{crowd} character(s), {}", if matrices { "pose + matrices" } else { "pose" });
                group.bench_function(label, |b| {
                    b.iter_custom(|iters| {
                        SAMPLES.timed((case, crowd, matrices), iters, 1.0, || {
                            for character in &mut characters {
                                black_box(frame(black_box(character), matrices));
                            }
                        })
                    })
                });
            }
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(30);
    targets = crossfades
}

fn summary() {
    let samples = SAMPLES.take();
    if samples.is_empty() {
        return;
    }
    // Microseconds per character per frame.
    let us = |key: Key| samples.get(&key).map(|t| median(t).unwrap_or(f64::NAN) * 1e6 / key.1 as f64);
    let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
    let model = &rig().model;
    println!(
        "\nOne frame per character, median microseconds in this run (built-in character: {} nodes, {} channels \
         per clip, {} bones)",
        model.skeleton.nodes.len(),
        model.clips[WALK].channels.len(),
        model.meshes[0].bones.len()
    );
    let (one, many) = ("1 character".to_string(), format!("{CROWD} characters"));
    println!("{:<24} {:>25} {:>25}", "", one, many);
    println!("{:<24} {:>12} {:>12} {:>12} {:>12}", "case", "pose", "+ matrices", "pose", "+ matrices");
    let columns = [(1, false), (1, true), (CROWD, false), (CROWD, true)];
    for (case, name) in [(Case::Alone, "walk alone"), (Case::Crossfade, "crossfade walk -> run")] {
        let v: Vec<String> = columns.iter().map(|&(n, m)| cell(us((case, n, m)))).collect();
        println!("{name:<24} {:>12} {:>12} {:>12} {:>12}", v[0], v[1], v[2], v[3]);
    }
    let ratio: Vec<String> = columns
        .iter()
        .map(|&(n, m)| {
            us((Case::Crossfade, n, m))
                .zip(us((Case::Alone, n, m)))
                .map_or("-".into(), |(a, b)| format!("{:.2}x", a / b))
        })
        .collect();
    println!("{:<24} {:>12} {:>12} {:>12} {:>12}", "crossfade / alone", ratio[0], ratio[1], ratio[2], ratio[3]);
    if let Some(crowd) = us((Case::Crossfade, CROWD, true)) {
        println!(
            "{CROWD} characters crossfading, matrices included: {:.2} ms per frame ({:.1}% of a 60 Hz frame)",
            crowd * CROWD as f64 / 1e3,
            crowd * CROWD as f64 / (1e6 / 60.0) * 100.0
        );
    }
}

fn main() {
    check();
    println!("the reference crossfade at weight 0.5 equals walk and run sampled alone and blended");
    benches();
    Criterion::default().configure_from_args().final_summary();
    // Without `--bench` (`cargo test --benches`) criterion runs each
    // benchmark once, untimed: no table for that.
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
