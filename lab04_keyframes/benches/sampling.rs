//! Key finding during playback: forward cursor, binary search, linear scan.
//!
//! Every frame, every track must find the two keys around the current time.
//! The cost model: a linear scan from key 0 (LearnOpenGL, ogldev) is
//! O(keys) per sample; a binary search (`solution::find_interval`) is
//! O(log keys); the cursor (`solution::find_with_cursor`) is O(1) amortised
//! while time moves forward, since it starts from the key of its last query.
//!
//! `cargo bench -p lab04_keyframes` checks first that the three finders give
//! identical intervals (and that the cursor path is `solution::sample_channel`),
//! runs the criterion groups, then prints one table of median nanoseconds
//! measured in this same run.
//!
//! * Synthetic channels of 10 to 10,000 keys per track, one key per tick at
//!   30 ticks per second, played forward at 60 Hz (half a key per frame) in a
//!   loop: one iteration sweeps the whole clip, then wraps to 0. One "track"
//!   sample is one channel: T and S (lerp) and R (`Quat::slerp`), each track
//!   with its own cursor. Only the finder differs between the three paths.
//!   Frame times go through `solution::clip_ticks` once, before timing: that
//!   is per frame, not per track.
//! * The built-in character's `walk` and `run` clips, whole pose per frame
//!   by `solution::sample_clip` with cursors at 60 Hz.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use common::bench::{Samples, median};

use common::model::{Channel, Clip, Key, Transform};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, criterion_group};
use glam::{EulerRot, Quat, Vec3};
use lab04_keyframes::given::{ChannelCursors, ClipCursors, Cursor, Interval, Mode, check_clip};
use lab04_keyframes::solution;

const FRAME_RATE: f64 = 60.0;
const KEY_COUNTS: [usize; 4] = [10, 100, 1_000, 10_000];
const FINDERS: [&str; 3] = ["cursor", "binary", "linear"];
const CLIPS: [&str; 2] = ["walk", "run"];

/// One way to find the keys around `ticks`. Only the cursor uses `cursor`.
trait Finder: Copy {
    fn find<T>(self, keys: &[Key<T>], ticks: f64, cursor: &mut Cursor) -> Option<Interval>;
}

#[derive(Clone, Copy)]
struct WithCursor;
#[derive(Clone, Copy)]
struct Binary;
/// LearnOpenGL's and ogldev's way: walk from key 0 until the next key is
/// past `ticks` (the same answer as `find_interval`).
#[derive(Clone, Copy)]
struct Linear;

impl Finder for WithCursor {
    fn find<T>(self, keys: &[Key<T>], ticks: f64, cursor: &mut Cursor) -> Option<Interval> {
        solution::find_with_cursor(keys, ticks, cursor)
    }
}

impl Finder for Binary {
    fn find<T>(self, keys: &[Key<T>], ticks: f64, _: &mut Cursor) -> Option<Interval> {
        solution::find_interval(keys, ticks)
    }
}

impl Finder for Linear {
    fn find<T>(self, keys: &[Key<T>], ticks: f64, _: &mut Cursor) -> Option<Interval> {
        let last = keys.len().checked_sub(1)?;
        let from = (0..last).find(|&k| keys[k + 1].time_ticks > ticks).unwrap_or(last);
        if from == last || keys[from].time_ticks > ticks {
            return Some(Interval::hold(from)); // past the last key, or before the first
        }
        let (a, b) = (keys[from].time_ticks, keys[from + 1].time_ticks);
        let factor = if b > a { ((ticks - a) / (b - a)).clamp(0.0, 1.0) } else { 0.0 };
        Some(Interval { from, to: from + 1, factor: factor as f32 })
    }
}

/// The three intervals (T, R, S) of one channel at `ticks`.
fn intervals(f: impl Finder, ch: &Channel, t: f64, c: &mut ChannelCursors) -> [Option<Interval>; 3] {
    [
        f.find(&ch.positions, t, &mut c.translation),
        f.find(&ch.rotations, t, &mut c.rotation),
        f.find(&ch.scales, t, &mut c.scale),
    ]
}

/// One channel sampled with `finder`, mixed as `solution::sample_channel` does.
fn sample_with(finder: impl Finder, ch: &Channel, ticks: f64, cursors: &mut ChannelCursors) -> Transform {
    fn mix<T: Copy>(keys: &[Key<T>], i: Option<Interval>, rest: T, f: fn(T, T, f32) -> T) -> T {
        i.map_or(rest, |i| f(keys[i.from].value, keys[i.to].value, i.factor))
    }
    let ([t, r, s], rest) = (intervals(finder, ch, ticks, cursors), Transform::IDENTITY);
    Transform {
        translation: mix(&ch.positions, t, rest.translation, solution::lerp),
        rotation: mix(&ch.rotations, r, rest.rotation, Quat::slerp),
        scale: mix(&ch.scales, s, rest.scale, solution::lerp),
    }
}

/// A clip and the tick of every 60 Hz frame of one pass through it.
struct Case {
    clip: Clip,
    ticks: Vec<f64>,
}

impl Case {
    /// `clip` played forward at 60 Hz, looping, for one clip length.
    fn new(clip: Clip) -> Case {
        let frames = (clip.duration_seconds() * FRAME_RATE).round().max(1.0) as usize;
        let ticks = (0..frames).map(|i| solution::clip_ticks(i as f64 / FRAME_RATE, &clip, Mode::Loop)).collect();
        Case { clip, ticks }
    }
}

/// One channel of `keys` keys per track, one key per tick at 30 ticks per
/// second, smooth values (so slerp never takes its nearly-equal shortcut).
fn synthetic(keys: usize) -> Case {
    fn track<T>(keys: usize, value: impl Fn(f32) -> T) -> Vec<Key<T>> {
        (0..keys).map(|k| Key { time_ticks: k as f64, value: value(k as f32 * 0.1) }).collect()
    }
    let channel = Channel {
        node: 0,
        positions: track(keys, |a| Vec3::new(a.sin(), a.cos(), 0.0)),
        rotations: track(keys, |a| Quat::from_euler(EulerRot::YXZ, a, a.sin(), 0.3)),
        scales: track(keys, |a| Vec3::splat(1.0 + 0.1 * a.sin())),
        ..Channel::default()
    };
    let (name, duration_ticks) = (format!("{keys} keys"), (keys - 1) as f64);
    let clip = Clip { name, duration_ticks, ticks_per_second: 30.0, channels: vec![channel] };
    check_clip(&clip, 1).expect("synthetic clip");
    Case::new(clip)
}

fn synthetic_cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| KEY_COUNTS.map(synthetic).into())
}

fn character() -> &'static (Vec<Transform>, Vec<Case>) {
    static CHARACTER: OnceLock<(Vec<Transform>, Vec<Case>)> = OnceLock::new();
    CHARACTER.get_or_init(|| {
        let model = common::character::build();
        let clip = |name| model.clips[model.find_clip(name).expect("built-in clip")].clone();
        (model.skeleton.rest_locals(), CLIPS.map(|name| Case::new(clip(name))).into())
    })
}

/// Two passes (the second starts with a wrap): the three finders agree on
/// every track, and the cursor path samples what `sample_channel` does.
fn check() {
    for case in synthetic_cases() {
        let (ch, name) = (&case.clip.channels[0], &case.clip.name);
        let (mut cursors, mut lab) = (ChannelCursors::default(), ChannelCursors::default());
        for &t in case.ticks.iter().chain(&case.ticks) {
            let mut c = cursors;
            let binary = intervals(Binary, ch, t, &mut ChannelCursors::default());
            assert_eq!(intervals(WithCursor, ch, t, &mut c), binary, "{name}, tick {t}: cursor against binary search");
            let linear = intervals(Linear, ch, t, &mut ChannelCursors::default());
            assert_eq!(linear, binary, "{name}, tick {t}: linear scan against binary search");
            let ours = sample_with(WithCursor, ch, t, &mut cursors);
            assert_eq!(cursors, c, "{name}, tick {t}: sample_with moved the cursors differently");
            let theirs = solution::sample_channel(ch, &Transform::IDENTITY, t, &mut lab, Quat::slerp);
            assert_eq!(ours, theirs, "{name}, tick {t}: sample_with against solution::sample_channel");
        }
    }
}

/// Which benchmark: (0 for tracks or 1 for the character, case, finder).
type Id = (usize, usize, usize);

/// Seconds per frame recorded by every benchmark, one entry per sample.
static SAMPLES: Samples<Id> = Samples::new();

/// Runs `iters` passes through `case`, records seconds per frame.
fn timed<R>(id: Id, case: &Case, iters: u64, frame: &mut impl FnMut(f64) -> R) -> Duration {
    SAMPLES.timed(id, iters, case.ticks.len() as f64, || {
        for &t in &case.ticks {
            black_box(frame(black_box(t)));
        }
    })
}

/// One criterion benchmark of one pass through `case` per iteration.
fn bench<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    id: Id,
    case: &Case,
    mut frame: impl FnMut(f64) -> R,
) {
    group.bench_function(name, |b| b.iter_custom(|iters| timed(id, case, iters, &mut frame)));
}

fn sampling(c: &mut Criterion) {
    for (k, case) in synthetic_cases().iter().enumerate() {
        let mut group = c.benchmark_group(format!("track/{}", case.clip.name));
        group.sampling_mode(SamplingMode::Flat).sample_size(30);
        if KEY_COUNTS[k] >= 10_000 {
            // One linear pass is ~0.2 s here: 10 samples (criterion's least) need 2 s.
            group.sample_size(10).measurement_time(Duration::from_millis(2500));
        }
        let (ch, mut cursors) = (&case.clip.channels[0], ChannelCursors::default());
        bench(&mut group, FINDERS[0], (0, k, 0), case, |t| sample_with(WithCursor, black_box(ch), t, &mut cursors));
        bench(&mut group, FINDERS[1], (0, k, 1), case, |t| sample_with(Binary, black_box(ch), t, &mut cursors));
        bench(&mut group, FINDERS[2], (0, k, 2), case, |t| sample_with(Linear, black_box(ch), t, &mut cursors));
        group.finish();
    }
    let (rest, clips) = character();
    let mut group = c.benchmark_group("character pose");
    group.sampling_mode(SamplingMode::Flat).sample_size(30);
    for (i, case) in clips.iter().enumerate() {
        let mut cursors = ClipCursors::for_clip(&case.clip);
        bench(&mut group, CLIPS[i], (1, i, 0), case, |t| {
            solution::sample_clip(black_box(&case.clip), rest, t, &mut cursors, Quat::slerp)
        });
        // ozz's SamplingJob interpolates rotations with nlerp: the same work, for comparison.
        let name = format!("{} nlerp", CLIPS[i]);
        bench(&mut group, &name, (1, i, 1), case, |t| {
            solution::sample_clip(black_box(&case.clip), rest, t, &mut cursors, Quat::lerp)
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_millis(1500));
    targets = sampling
}

fn summary() {
    let samples = SAMPLES.take();
    let ns = |key| samples.get(&key).map(|t: &Vec<f64>| median(t).unwrap_or(f64::NAN) * 1e9);
    let ratio = |a: Option<f64>, b: Option<f64>| a.zip(b).map(|(a, b)| a / b);
    let cell = |v: Option<f64>, unit| v.map_or("-".to_string(), |v| format!("{v:.1}{unit}"));
    let row = |c: [String; 6]| {
        println!("{:>10} | {:>15} | {:>15} | {:>15} | {:>13} | {:>13}", c[0], c[1], c[2], c[3], c[4], c[5])
    };
    println!("\nKey finding, 60 Hz forward playback, looping: median ns per track sample (T + R + S of one channel)");
    row(["keys/track", "cursor ns/track", "binary ns/track", "linear ns/track", "linear/cursor", "binary/cursor"]
        .map(String::from));
    let (mut worst_cursor, mut worst_binary, mut linear_1000) = (0.0f64, 0.0f64, None);
    for (k, keys) in KEY_COUNTS.iter().enumerate() {
        let [cursor, binary, linear] = [0, 1, 2].map(|p| ns((0, k, p)));
        let (l, b) = (ratio(linear, cursor), ratio(binary, cursor));
        row([keys.to_string(), cell(cursor, ""), cell(binary, ""), cell(linear, ""), cell(l, "x"), cell(b, "x")]);
        worst_cursor = worst_cursor.max(cursor.unwrap_or(0.0));
        worst_binary = worst_binary.max(b.unwrap_or(0.0));
        linear_1000 = if *keys == 1_000 { l } else { linear_1000 };
    }
    for (i, case) in character().1.iter().enumerate() {
        let channels = case.clip.channels.len();
        let keys = case.clip.channels.iter().flat_map(|c| [c.positions.len(), c.rotations.len(), c.scales.len()]);
        let (fewest, most) = keys.fold((usize::MAX, 0), |(lo, hi), n| (lo.min(n), hi.max(n)));
        let Some(pose) = ns((1, i, 0)) else { continue };
        let per_channel = pose / channels as f64;
        worst_cursor = worst_cursor.max(per_channel);
        let (name, frames) = (&case.clip.name, case.ticks.len());
        let nlerp = ns((1, i, 1)).map_or("-".to_string(), |n| format!("{:.1}", n / channels as f64));
        println!(
            "character {name:<4} (sample_clip, cursors): {channels} channels, {fewest}-{most} keys/track, {frames} \
             frames: {pose:.0} ns/pose, {per_channel:.1} ns/channel with slerp, {nlerp} with nlerp (ozz's choice)"
        );
    }
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    println!(
        "targets: cursor <= 13 ns/track (ozz-animation 0.16 SamplingJob: 10-13 ns/track on its walk clip, this machine \
         type): worst {worst_cursor:.1} [{}]; linear/cursor >= 5x at 1,000 keys: {} [{}]; binary/cursor <= 2x: worst \
         {worst_binary:.1}x [{}]",
        verdict(worst_cursor <= 13.0),
        cell(linear_1000, "x"),
        verdict(linear_1000.is_some_and(|r| r >= 5.0)),
        verdict(worst_binary <= 2.0)
    );
}

fn main() {
    check();
    println!("checked: cursor, binary search and linear scan find the same intervals on every track");
    benches();
    Criterion::default().configure_from_args().final_summary();
    // Without `--bench` (`cargo test --benches`) criterion runs each
    // benchmark once, untimed: no table for that.
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
