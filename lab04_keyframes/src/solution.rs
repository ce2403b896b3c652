//! Lab 04 reference solution. Same API as `exercise.rs`, step by step.

use common::model::{Channel, Clip, Interpolation, Key, Transform};
use glam::Vec3;

use crate::given::{
    ChannelCursors, ClipCursors, Cursor, Hermite, Interval, Mode, PlaybackError, Rotate, Sampler, cubic,
};

/// Step 1: the clip's own clock, in ticks, for a time in seconds.
///
/// A looping clip wraps into `[0, duration)`. `rem_euclid` is the modulo
/// that never goes negative (`%` keeps the sign of `seconds`, so -0.25 s would
/// give a negative tick); its result can still round up to `duration` itself
/// for a tiny negative input, and `duration` is the same instant as 0 in a
/// loop. A one-shot clip clamps into `[0, duration]`. A clip of length 0 is
/// always at tick 0.
pub fn clip_ticks(seconds: f64, clip: &Clip, mode: Mode) -> f64 {
    let duration = clip.duration_ticks;
    if duration <= 0.0 {
        return 0.0;
    }
    let ticks = seconds * clip.ticks_per_second;
    match mode {
        Mode::Loop => {
            let wrapped = ticks.rem_euclid(duration);
            if wrapped >= duration { 0.0 } else { wrapped }
        }
        Mode::Once => ticks.clamp(0.0, duration),
    }
}

/// Step 2: the keys around `ticks`, by binary search (`keys` sorted by time).
///
/// `from` is the last key at or before `ticks`, so a time exactly on a key
/// gives that key with factor 0, and of several keys with one time the last
/// wins (the motion steps there). Before the first key and from the last key
/// on, hold the end key. No keys: `None`.
pub fn find_interval<T>(keys: &[Key<T>], ticks: f64) -> Option<Interval> {
    let last = keys.len().checked_sub(1)?;
    // Keys [0, after) are at or before `ticks`; `after` is the first one past it.
    let after = keys.partition_point(|k| k.time_ticks <= ticks);
    if after == 0 {
        return Some(Interval::hold(0));
    }
    Some(interval_from(keys, after - 1, last, ticks))
}

/// The interval that starts at key `from` (already known to be at or before
/// `ticks`, and the last such key).
fn interval_from<T>(keys: &[Key<T>], from: usize, last: usize, ticks: f64) -> Interval {
    if from == last {
        return Interval::hold(last);
    }
    let (a, b) = (keys[from].time_ticks, keys[from + 1].time_ticks);
    let gap = b - a;
    // gap > 0 here (key from+1 is after ticks, key from is not), but a clip
    // built by hand may not be sorted: never divide by zero.
    let factor = if gap > 0.0 { ((ticks - a) / gap).clamp(0.0, 1.0) } else { 0.0 };
    Interval { from, to: from + 1, factor: factor as f32 }
}

/// Step 3: step 2's answer, found from where the cursor's last query was.
///
/// Playing forward, time moves a fraction of a key per frame: the answer is
/// the cursor's key or one of the next few, so walking forward from there is
/// O(1) per frame. When time goes back (a rewind, a loop wrapping round,
/// another character sharing nothing with this cursor's past) the walk
/// would go the wrong way: start again with a binary search instead.
pub fn find_with_cursor<T>(keys: &[Key<T>], ticks: f64, cursor: &mut Cursor) -> Option<Interval> {
    let last = keys.len().checked_sub(1)?;
    let mut from = cursor.key.min(last); // a cursor from a longer track must not index past this one
    if keys[from].time_ticks > ticks {
        from = keys.partition_point(|k| k.time_ticks <= ticks).saturating_sub(1);
    }
    while from < last && keys[from + 1].time_ticks <= ticks {
        from += 1;
    }
    cursor.key = from;
    if keys[from].time_ticks > ticks {
        return Some(Interval::hold(0)); // before the first key
    }
    Some(interval_from(keys, from, last, ticks))
}

/// Step 4a: the point `factor` of the way from `a` to `b` on a straight line.
pub fn lerp(a: Vec3, b: Vec3, factor: f32) -> Vec3 {
    a + (b - a) * factor
}

/// Step 4b: one track of keys sampled at `ticks`: the interval from the
/// cursor, then `mix` between its two keys. `None` when the track is empty.
pub fn sample_track<T: Copy>(keys: &[Key<T>], ticks: f64, cursor: &mut Cursor, mix: fn(T, T, f32) -> T) -> Option<T> {
    let i = find_with_cursor(keys, ticks, cursor)?;
    Some(mix(keys[i.from].value, keys[i.to].value, i.factor))
}

/// Step 5: one channel sampled into a local transform. Each track has its
/// own key times and so its own cursor; a track with no keys keeps the
/// node's rest value. Rotations use `rotate` (lerp would leave the unit
/// sphere), translations and scales [`lerp`]. Since step 7, each track
/// goes through [`sample_curve`], which honours the track's interpolation.
pub fn sample_channel(
    channel: &Channel,
    rest: &Transform,
    ticks: f64,
    cursors: &mut ChannelCursors,
    rotate: Rotate,
) -> Transform {
    let modes = &channel.interpolation;
    Transform {
        translation: sample_curve(&channel.positions, &modes.positions, ticks, &mut cursors.translation, lerp)
            .unwrap_or(rest.translation),
        rotation: sample_curve(&channel.rotations, &modes.rotations, ticks, &mut cursors.rotation, rotate)
            .unwrap_or(rest.rotation),
        scale: sample_curve(&channel.scales, &modes.scales, ticks, &mut cursors.scale, lerp).unwrap_or(rest.scale),
    }
}

/// Step 6: the whole pose at `ticks`: start from the rest pose (nodes no
/// channel animates keep it), then overwrite each animated node with its
/// channel's sample. A channel says which node it animates; channel `c` is
/// not node `c`. `cursors.channels[c]` belongs to channel `c`.
pub fn sample_clip(
    clip: &Clip,
    rest: &[Transform],
    ticks: f64,
    cursors: &mut ClipCursors,
    rotate: Rotate,
) -> Vec<Transform> {
    let mut pose = Vec::with_capacity(rest.len());
    sample_clip_into(clip, rest, ticks, cursors, rotate, &mut pose);
    pose
}

/// Step 6 into a buffer kept from frame to frame (no allocation once it
/// has grown): `pose` becomes the rest pose, then each animated node is
/// overwritten, as in [`sample_clip`].
pub fn sample_clip_into(
    clip: &Clip,
    rest: &[Transform],
    ticks: f64,
    cursors: &mut ClipCursors,
    rotate: Rotate,
    pose: &mut Vec<Transform>,
) {
    pose.clear();
    pose.extend_from_slice(rest);
    for (channel, c) in clip.channels.iter().zip(&mut cursors.channels) {
        pose[channel.node] = sample_channel(channel, &rest[channel.node], ticks, c, rotate);
    }
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

/// Step 7: one track sampled in its own interpolation mode. LINEAR is step
/// 4 (`mix` between the interval's keys); STEP holds the interval's `from`
/// key until the next key's time (no mix at all); CUBICSPLINE follows the
/// given Hermite curve ([`cubic`]) with the keys' tangents. The cursor moves
/// as in step 4 in every mode.
pub fn sample_curve<T: Hermite>(
    keys: &[Key<T>],
    mode: &Interpolation<T>,
    ticks: f64,
    cursor: &mut Cursor,
    mix: fn(T, T, f32) -> T,
) -> Option<T> {
    match mode {
        Interpolation::Linear => sample_track(keys, ticks, cursor, mix),
        Interpolation::Step => find_with_cursor(keys, ticks, cursor).map(|i| keys[i.from].value),
        Interpolation::CubicSpline(tangents) => find_with_cursor(keys, ticks, cursor).map(|i| cubic(keys, tangents, i)),
    }
}
