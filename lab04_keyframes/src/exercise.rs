//! Lab 04, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do. Check
//! your work with `cargo test -p lab04_keyframes --test grader`; see it with
//! `cargo run -p lab04_keyframes`.

use common::model::{Channel, Clip, Interpolation, Key, Transform};
use glam::Vec3;

use crate::given::{ChannelCursors, ClipCursors, Cursor, Hermite, Interval, Mode, PlaybackError, Rotate, Sampler};

/// Step 1: the clip's own clock, in ticks, for a time in seconds.
///
/// In: any finite `seconds` (negative too: a clip played backwards), the
/// clip (its length and its rate), and whether it loops.
/// Out, for a looping clip: a tick in `[0, duration)`, never `duration`
/// itself. For a one-shot clip: a tick in `[0, duration]`. For a clip of
/// length 0: 0. Tests: `step1_*`.
///
/// Ask yourself: which of the README's two remainders does a loop need, and
/// what does `%` do with a negative left side?
pub fn clip_ticks(_seconds: f64, _clip: &Clip, _mode: Mode) -> f64 {
    todo!("lab04 step 1: clip_ticks")
}

/// Step 2: the keys around `ticks`, by a binary search over `keys` (sorted by
/// time, equal times allowed) that you write, not `partition_point`.
///
/// Out: `None` for no keys. Otherwise an [`Interval`] whose `from` is the
/// *last* key at or before `ticks` and `to` the key after it, with `factor`
/// 0 at `from`'s time and 1 at `to`'s. Before the first key, and on or after
/// the last, hold the end key (`Interval::hold`). The factor is never NaN.
/// Cost: O(log keys). Tests: `step2_*`.
///
/// Ask yourself: what do your two ends promise about the keys on either side,
/// and which key is `from` when `ticks` is exactly a key's time?
pub fn find_interval<T>(_keys: &[Key<T>], _ticks: f64) -> Option<Interval> {
    todo!("lab04 step 2: find_interval")
}

/// Step 3: the same answer as [`find_interval`], for every `ticks` in any
/// order, from wherever `cursor` was left by the last query on this track
/// (or by a longer track: its key may be past this track's end); leave
/// `cursor.key` at the answer's `from`.
///
/// Cost: while time moves forward a little each query, the keys read must
/// not grow with the number of keys; after time jumps back (a rewind, a loop
/// wrapping round), O(log keys). Tests: `step3_*`, `cost::step3_*`.
///
/// Ask yourself: what must happen when `ticks` is before the cursor's key?
pub fn find_with_cursor<T>(_keys: &[Key<T>], _ticks: f64, _cursor: &mut Cursor) -> Option<Interval> {
    todo!("lab04 step 3: find_with_cursor")
}

/// Step 4a: the point `factor` of the way from `a` to `b` along the straight
/// line (factor 0 gives `a`, 1 gives `b`). Test: `pose::step4_lerp_runs_from_a_to_b`.
///
/// Ask yourself: what does yours give, worked by hand, at 0, 0.5 and 1?
pub fn lerp(_a: Vec3, _b: Vec3, _factor: f32) -> Vec3 {
    todo!("lab04 step 4: lerp")
}

/// Step 4b: one track of keys sampled at `ticks`: the interval found with
/// the track's cursor (step 3, which moves it on), turned into a value by one
/// call of `mix`. `None` for an empty track.
/// Test: `pose::step4_sample_track_mixes_the_two_keys_of_the_interval`.
///
/// Ask yourself: which arguments does `mix` get, in which order, and what
/// when the interval holds a key?
pub fn sample_track<T: Copy>(
    _keys: &[Key<T>],
    _ticks: f64,
    _cursor: &mut Cursor,
    _mix: fn(T, T, f32) -> T,
) -> Option<T> {
    todo!("lab04 step 4: sample_track")
}

/// Step 5: one channel sampled at `ticks` into the node's local transform.
///
/// Out: the node's translation, rotation and scale at `ticks`; rotations
/// are interpolated by the caller's `rotate`. A track with no keys keeps
/// that part of `rest`, the node's rest transform. Afterwards the cursors
/// are where a later call at a later time can go on from. (Step 7 comes back here: each track then goes through your
/// `sample_curve`, in the mode `channel.interpolation` gives.)
/// Tests: `pose::step5_*`, `cost::step5_*`.
///
/// Ask yourself: which mix suits translations and scales, and why can't the
/// three tracks of one node share one cursor?
pub fn sample_channel(
    _channel: &Channel,
    _rest: &Transform,
    _ticks: f64,
    _cursors: &mut ChannelCursors,
    _rotate: Rotate,
) -> Transform {
    todo!("lab04 step 5: sample_channel")
}

/// Step 6: the pose at `ticks`: one local transform per node, indexed like
/// `rest` (the skeleton's rest pose). Nodes that no channel animates keep
/// their rest transform. `cursors.channels[c]` belongs to `clip.channels[c]`.
/// Tests: `pose::step6_*`, `cost::step6_*`, `files::step6_*`.
///
/// Ask yourself: which node does channel `c` animate, and is it node `c`?
pub fn sample_clip(
    _clip: &Clip,
    _rest: &[Transform],
    _ticks: f64,
    _cursors: &mut ClipCursors,
    _rotate: Rotate,
) -> Vec<Transform> {
    todo!("lab04 step 6: sample_clip")
}

/// Given: your step 6 into a buffer kept from frame to frame (the
/// reference's version writes into it directly and allocates nothing).
pub fn sample_clip_into(
    clip: &Clip,
    rest: &[Transform],
    ticks: f64,
    cursors: &mut ClipCursors,
    rotate: Rotate,
    pose: &mut Vec<Transform>,
) {
    *pose = sample_clip(clip, rest, ticks, cursors, rotate);
}

/// Given: the pose of `clip` at `seconds` ([`crate::given::pose_with`] with
/// your step 1 and step 6), after the cheap per-frame checks (run
/// [`crate::check_clip`] once on a clip built in code; loaded clips have passed it).
pub fn pose_at(
    clip: &Clip,
    rest: &[Transform],
    seconds: f64,
    mode: Mode,
    cursors: &mut ClipCursors,
    rotate: Rotate,
) -> Result<Vec<Transform>, PlaybackError> {
    crate::given::pose_with(Sampler { clip_ticks, sample_clip }, clip, rest, seconds, mode, cursors, rotate)
}

/// Step 7: one track sampled at `ticks` in its own interpolation `mode`
/// (the README's three rows: STEP, LINEAR, CUBICSPLINE).
///
/// `Interpolation::Linear`: what step 4 does. `Interpolation::Step`: a value
/// that changes only at key times, where it takes the new key's value.
/// `Interpolation::CubicSpline(tangents)`: the given Hermite curve,
/// [`crate::given::cubic`]. In every mode the cursor moves as in step 4, and
/// an empty track gives `None`. Then make step 5 call this for each of its
/// three tracks. Tests: `curve::step7_*`.
///
/// Ask yourself: in STEP mode, which key is held exactly at a key's time, and
/// which of your earlier answers names it?
pub fn sample_curve<T: Hermite>(
    _keys: &[Key<T>],
    _mode: &Interpolation<T>,
    _ticks: f64,
    _cursor: &mut Cursor,
    _mix: fn(T, T, f32) -> T,
) -> Option<T> {
    todo!("lab04 step 7: sample_curve")
}
