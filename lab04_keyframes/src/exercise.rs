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
/// length 0: 0.
///
/// Ask yourself: what does `%` do with a negative left side?
pub fn clip_ticks(_seconds: f64, _clip: &Clip, _mode: Mode) -> f64 {
    todo!("lab04 step 1: clip_ticks")
}

/// Step 2: the keys around `ticks`, by binary search over `keys` (sorted by
/// time, equal times allowed).
///
/// Out: `None` for no keys. Otherwise an [`Interval`] whose `from` is the
/// *last* key at or before `ticks` and `to` the key after it, with `factor`
/// 0 at `from`'s time and 1 at `to`'s. Before the first key, and on or after
/// the last, hold the end key (`Interval::hold`). The factor is never NaN.
///
/// Write the binary search yourself (README, Concepts), not `partition_point`.
///
/// Ask yourself: what do your two ends promise about the keys on either side,
/// and which key is `from` when `ticks` is exactly a key's time?
pub fn find_interval<T>(_keys: &[Key<T>], _ticks: f64) -> Option<Interval> {
    todo!("lab04 step 2: find_interval")
}

/// Step 3: the same answer as [`find_interval`], for every `ticks` in any
/// order, found from where `cursor` was left by the last query on this track;
/// leave `cursor.key` at the answer's `from`.
///
/// While time moves forward a little each frame, the work must not grow with
/// the number of keys. Time also jumps back: a rewind, a loop wrapping round.
/// The cursor may also come from a longer track.
///
/// Ask yourself: what must happen when `ticks` is before the cursor's key?
pub fn find_with_cursor<T>(_keys: &[Key<T>], _ticks: f64, _cursor: &mut Cursor) -> Option<Interval> {
    todo!("lab04 step 3: find_with_cursor")
}

/// Step 4a: the point `factor` of the way from `a` to `b` along the straight
/// line (factor 0 gives `a`, 1 gives `b`). Check yours by hand at 0, 0.5, 1.
pub fn lerp(_a: Vec3, _b: Vec3, _factor: f32) -> Vec3 {
    todo!("lab04 step 4: lerp")
}

/// Step 4b: one track of keys sampled at `ticks`, using the track's cursor
/// (step 3) and `mix` to interpolate between the interval's two keys.
/// `None` for an empty track.
///
/// Ask yourself: which two values does `mix` get when the interval holds a key?
pub fn sample_track<T: Copy>(
    _keys: &[Key<T>],
    _ticks: f64,
    _cursor: &mut Cursor,
    _mix: fn(T, T, f32) -> T,
) -> Option<T> {
    todo!("lab04 step 4: sample_track")
}

/// Step 5: one channel sampled at `ticks` into a local transform.
///
/// Translations and scales are interpolated with your `lerp`, rotations with
/// `rotate`. Each of the three tracks has its own key times, and its own
/// cursor in `cursors`. A track with no keys keeps the value of `rest`, the
/// node's rest transform. (Step 7 comes back here: each track then goes
/// through your `sample_curve`, in the mode `channel.interpolation` gives.)
///
/// Ask yourself: why can't the three tracks share one cursor?
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
///
/// Ask yourself: which node does channel `c` animate?
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

/// Step 7: one track sampled at `ticks` in its own interpolation `mode`.
///
/// `Interpolation::Linear`: what step 4 does. `Interpolation::Step`: the
/// value of the interval's `from` key, held until the next key's time.
/// `Interpolation::CubicSpline(tangents)`: the given curve,
/// `crate::given::cubic(keys, tangents, interval)`. In every mode the cursor
/// moves as in step 4, and an empty track gives `None`. Then make step 5 call
/// this for each of its three tracks.
///
/// Ask yourself: in STEP mode, which key is held exactly at a key's time?
pub fn sample_curve<T: Hermite>(
    _keys: &[Key<T>],
    _mode: &Interpolation<T>,
    _ticks: f64,
    _cursor: &mut Cursor,
    _mix: fn(T, T, f32) -> T,
) -> Option<T> {
    todo!("lab04 step 7: sample_curve")
}
