//! Clip repairs shared by every loader: what a file may hold but the
//! [clip rulebook](crate::model::Clip::validate) refuses is fixed here, and
//! each fix is told in one note naming the clip, the channel (by its node's
//! name), the track, the first key concerned and what was done.
//!
//! - A key whose time or value is NaN or infinite: dropped.
//! - A translation or scale key past [`MAX_EXTENT`]: dropped (one such key
//!   would blank the picture: the camera frames it).
//! - A rotation key of length (near) zero: dropped (it has no direction);
//!   one whose length is not 1: renormalised (every rotation key is
//!   normalised; only those off by more than [`UNIT_TOLERANCE`] get a note).
//! - Keys going back in time: sorted (stably; keys with equal times are a
//!   cut, where the motion jumps, and stay as they are, in file order).
//! - A cubic track whose tangents do not match its keys: played linear.
//! - Keys before tick 0: the whole clip is shifted so its first key is at
//!   tick 0 (every channel by the same amount, so the motion is unchanged;
//!   it starts playing from what was its first key).
//! - A channel left without keys: skipped.

use glam::{Quat, Vec3};

use super::{LoadReport, MAX_EXTENT};
use crate::model::{Clip, Interpolation, Key, Skeleton, UNIT_TOLERANCE};

/// Below this length a rotation key is taken as zero: no direction to keep.
pub const ZERO_QUATERNION: f32 = 1e-6;

/// What to do with one key's value.
enum Verdict<T> {
    Keep,
    Replace(T),
    /// Rounding within tolerance made exact (a unit quaternion renormalised
    /// by a part in a million): not a repair, so no note.
    Tidy(T),
    Drop,
}

/// Repairs every clip of a loaded model; see the module docs. Clips whose
/// channels all go are kept empty (and said so) for the caller to judge.
pub fn repair_clips(clips: &mut [Clip], skeleton: &Skeleton, report: &mut LoadReport) {
    for clip in clips {
        repair_clip(clip, skeleton, report);
    }
}

/// [`repair_clips`] for one clip.
pub fn repair_clip(clip: &mut Clip, skeleton: &Skeleton, report: &mut LoadReport) {
    let clip_name = clip.name.clone();
    let mut kept = Vec::with_capacity(clip.channels.len());
    for mut ch in std::mem::take(&mut clip.channels) {
        let node = skeleton.nodes.get(ch.node).map_or_else(|| format!("#{}", ch.node), |n| n.name.clone());
        let mut note = |track: &str, what: String| {
            report.warnings.push(format!("clip `{clip_name}`, channel `{node}`: {track} {what}"));
        };
        let far = |v: Vec3| {
            if v.abs().max_element() > MAX_EXTENT { (Verdict::Drop, "too large to draw") } else { (Verdict::Keep, "") }
        };
        let i = &mut ch.interpolation;
        track(&mut ch.positions, &mut i.positions, Vec3::is_finite, far, &mut |w| note("position", w));
        track(&mut ch.scales, &mut i.scales, Vec3::is_finite, far, &mut |w| note("scale", w));
        let unit = |q: Quat| {
            let length = q.length();
            if length < ZERO_QUATERNION {
                (Verdict::Drop, "zero quaternions (no direction)")
            } else if (length - 1.0).abs() > UNIT_TOLERANCE {
                (Verdict::Replace(q / length), "not of unit length: renormalised")
            } else {
                (Verdict::Tidy(q / length), "")
            }
        };
        track(&mut ch.rotations, &mut i.rotations, Quat::is_finite, unit, &mut |w| note("rotation", w));
        if ch.positions.is_empty() && ch.rotations.is_empty() && ch.scales.is_empty() {
            report.warnings.push(format!("clip `{clip_name}`, channel `{node}`: no usable keys left; skipped"));
            continue;
        }
        kept.push(ch);
    }
    clip.channels = kept;
    shift_to_zero(clip, report);
}

/// Repairs one track; `fix` judges each finite value and says why.
fn track<T: Copy>(
    keys: &mut Vec<Key<T>>,
    mode: &mut Interpolation<T>,
    finite: impl Fn(T) -> bool,
    fix: impl Fn(T) -> (Verdict<T>, &'static str),
    note: &mut dyn FnMut(String),
) {
    if let Interpolation::CubicSpline(t) = mode
        && t.len() != keys.len()
    {
        note(format!("track has {} pairs of cubic tangents for {} keys: played linear", t.len(), keys.len()));
        *mode = Interpolation::Linear;
    }
    let mut tangents = match mode {
        Interpolation::CubicSpline(t) => Some(std::mem::take(t)),
        _ => None,
    };
    // Drop or fix keys, counting each reason with its first key.
    let mut counts: Vec<(&'static str, usize, usize)> = Vec::new();
    let mut count = |why: &'static str, k: usize| match counts.iter_mut().find(|c| c.0 == why) {
        Some(c) => c.1 += 1,
        None => counts.push((why, 1, k)),
    };
    let mut keep = vec![true; keys.len()];
    for (k, key) in keys.iter_mut().enumerate() {
        let tangent_ok = tangents.as_ref().is_none_or(|t| finite(t[k].incoming) && finite(t[k].outgoing));
        if !(key.time_ticks.is_finite() && finite(key.value) && tangent_ok) {
            keep[k] = false;
            count("NaN or infinite", k);
            continue;
        }
        match fix(key.value) {
            (Verdict::Keep, _) => {}
            (Verdict::Tidy(v), _) => key.value = v,
            (Verdict::Replace(v), why) => {
                key.value = v;
                count(why, k);
            }
            (Verdict::Drop, why) => {
                keep[k] = false;
                count(why, k);
            }
        }
    }
    for (why, n, first) in counts {
        let done = if why.contains(':') { String::new() } else { ": dropped".to_string() };
        let keys_word = if n == 1 { "key" } else { "keys" };
        note(format!("{keys_word} {first}{}: {n} {why}{done}", if n > 1 { " and on" } else { "" }));
    }
    let mut k = 0;
    keys.retain(|_| (keep[k], k += 1).0);
    if let Some(t) = &mut tangents {
        let mut k = 0;
        t.retain(|_| (keep[k], k += 1).0);
    }
    // Sort (stably: equal times are a cut and keep their order).
    if let Some(first) = (1..keys.len()).find(|&k| keys[k].time_ticks < keys[k - 1].time_ticks) {
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| keys[a].time_ticks.total_cmp(&keys[b].time_ticks));
        *keys = order.iter().map(|&k| keys[k]).collect();
        if let Some(t) = &mut tangents {
            *t = order.iter().map(|&k| t[k]).collect();
        }
        note(format!("key {first} comes before the key before it: sorted the keys by time"));
    }
    if let Some(t) = tangents {
        *mode = Interpolation::CubicSpline(t);
    }
}

/// Shifts a clip whose first key is before tick 0 so that it starts at 0.
fn shift_to_zero(clip: &mut Clip, report: &mut LoadReport) {
    let Some((first, _)) = clip.key_span() else {
        return;
    };
    if first >= 0.0 {
        return;
    }
    let shift = -first;
    for c in &mut clip.channels {
        c.positions.iter_mut().for_each(|k| k.time_ticks += shift);
        c.rotations.iter_mut().for_each(|k| k.time_ticks += shift);
        c.scales.iter_mut().for_each(|k| k.time_ticks += shift);
    }
    if clip.duration_ticks.is_finite() {
        clip.duration_ticks += shift;
    }
    report.warnings.push(format!(
        "clip `{}`: its keys start at {first} ticks, before 0: shifted every key by {shift} ticks so it starts at 0",
        clip.name
    ));
}
