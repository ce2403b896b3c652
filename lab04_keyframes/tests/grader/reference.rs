//! The grader's own sampler, written independently of the lab's solution (a
//! linear scan, factors in f64, its own slerp), to compare your code with.

use common::model::{Channel, Clip, Key, Transform};
use glam::{DQuat, DVec3, Quat, Vec3};
use lab04_keyframes::{Interval, Mode};

/// Clip time in ticks: wrap into [0, duration) or clamp into [0, duration].
pub fn ticks(seconds: f64, clip: &Clip, mode: Mode) -> f64 {
    let d = clip.duration_ticks;
    if d <= 0.0 {
        return 0.0;
    }
    let t = seconds * clip.ticks_per_second;
    match mode {
        Mode::Once => t.max(0.0).min(d),
        Mode::Loop => {
            let w = t - d * (t / d).floor();
            if w >= d || w < 0.0 { 0.0 } else { w }
        }
    }
}

/// The interval by a linear scan: the last key at or before `t`.
pub fn interval(times: &[f64], t: f64) -> Option<Interval> {
    if times.is_empty() {
        return None;
    }
    let mut from = None;
    for (i, &k) in times.iter().enumerate() {
        if k <= t {
            from = Some(i);
        }
    }
    let Some(from) = from else {
        return Some(Interval::hold(0));
    };
    if from + 1 == times.len() {
        return Some(Interval::hold(from));
    }
    let factor = (t - times[from]) / (times[from + 1] - times[from]);
    Some(Interval { from, to: from + 1, factor: factor as f32 })
}

pub fn times<T>(keys: &[Key<T>]) -> Vec<f64> {
    keys.iter().map(|k| k.time_ticks).collect()
}

fn vec3_at(keys: &[Key<Vec3>], t: f64) -> Option<Vec3> {
    let i = interval(&times(keys), t)?;
    let (a, b) = (keys[i.from].value.as_dvec3(), keys[i.to].value.as_dvec3());
    let f = f64::from(i.factor);
    Some((a * (1.0 - f) + b * f).as_vec3())
}

/// Slerp in f64 through the relative rotation's axis and angle.
pub fn slerp(a: Quat, b: Quat, f: f32) -> Quat {
    let (a, mut b) = (a.as_dquat(), b.as_dquat());
    if a.dot(b) < 0.0 {
        b = -b;
    }
    let relative = a.inverse() * b;
    let (axis, angle): (DVec3, f64) = relative.to_axis_angle();
    (a * DQuat::from_axis_angle(axis, angle * f64::from(f))).normalize().as_quat()
}

fn quat_at(keys: &[Key<Quat>], t: f64) -> Option<Quat> {
    let i = interval(&times(keys), t)?;
    Some(slerp(keys[i.from].value, keys[i.to].value, i.factor))
}

pub fn channel(ch: &Channel, rest: &Transform, t: f64) -> Transform {
    Transform {
        translation: vec3_at(&ch.positions, t).unwrap_or(rest.translation),
        rotation: quat_at(&ch.rotations, t).unwrap_or(rest.rotation),
        scale: vec3_at(&ch.scales, t).unwrap_or(rest.scale),
    }
}

pub fn pose(clip: &Clip, rest: &[Transform], t: f64) -> Vec<Transform> {
    let mut pose = rest.to_vec();
    for ch in &clip.channels {
        pose[ch.node] = channel(ch, &rest[ch.node], t);
    }
    pose
}

pub use common::grade::SplitMix64 as Rng;

/// Sorted key times starting at `start`, gaps of 0.5 to 3 ticks, with some
/// duplicated times (a step in the motion), as real files have.
pub fn random_times(rng: &mut Rng, n: usize, start: f64) -> Vec<f64> {
    let mut t = start;
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        if i > 0 && !rng.next_u64().is_multiple_of(7) {
            t += rng.range_f64(0.5, 3.0);
        }
        out.push(t);
    }
    out
}

pub fn keys_at(times: &[f64]) -> Vec<Key<Vec3>> {
    times.iter().enumerate().map(|(i, &t)| Key { time_ticks: t, value: Vec3::new(i as f32, 0.0, 0.0) }).collect()
}
