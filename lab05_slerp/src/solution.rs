//! Lab 05 reference solution. Same API as `exercise.rs`, step by step.

use common::model::{Clip, Key, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::given::{ClipCursors, Cursor, Mode, PlaybackError};

/// Below this sine of the angle between the two inputs, slerp's weights
/// divide a tiny number by a tiny number: use the straight-line blend.
/// A sine of 1e-3 is an angle of 0.057° between the quaternions (0.11° of
/// rotation); there nlerp and slerp differ by about 1e-11, far below `f32`.
const NEAR_PARALLEL: f32 = 1e-3;

/// Step 1a: the 4D dot product of two quaternions.
///
/// For unit quaternions it is the cosine of the angle between them on the
/// unit sphere in 4D, which is *half* the angle of the rotation between them.
pub fn dot(a: Quat, b: Quat) -> f32 {
    a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
}

/// Step 1b: `to` or `-to` (the same rotation), whichever is on `from`'s side
/// of the 4D sphere, so that a path from `from` turns by the smaller angle.
///
/// A dot of exactly 0 (a half turn apart: both ways are equally long) keeps
/// `to` as it is, so the answer does not depend on the sign of a zero.
pub fn shortest_arc(from: Quat, to: Quat) -> Quat {
    if dot(from, to) < 0.0 { -to } else { to }
}

/// Step 2: normalised lerp: the straight line from `a` to the shortest-arc
/// `b`, pushed back onto the unit sphere.
///
/// Once `b` is on `a`'s side the two are at most 90° apart in 4D, so the
/// blend is at least `1/√2` long at `t = 0.5` and never zero: normalising
/// is always safe.
pub fn nlerp(a: Quat, b: Quat, t: f32) -> Quat {
    let b = shortest_arc(a, b);
    (a * (1.0 - t) + b * t).normalize()
}

/// Step 3: spherical linear interpolation, the short way round.
///
/// With `Ω` the angle between `a` and the shortest-arc `b` (in 4D), the
/// result is `a·sin((1-t)Ω)/sin Ω + b·sin(tΩ)/sin Ω`: the point at angle `tΩ`
/// from `a` on the great circle through both (README, Concepts).
pub fn slerp(a: Quat, b: Quat, t: f32) -> Quat {
    let b = shortest_arc(a, b);
    // Rounding can push the dot of two unit quaternions just past 1, where
    // acos is NaN: clamp first. (After the flip it is never below 0.)
    let cos_theta = dot(a, b).clamp(-1.0, 1.0);
    let theta = cos_theta.acos();
    let sin_theta = theta.sin();
    if sin_theta < NEAR_PARALLEL {
        // Nearly the same rotation: sin(tΩ)/sin Ω tends to t, so the
        // weights become lerp's. a == b exactly would give 0/0 = NaN.
        return nlerp(a, b, t);
    }
    // The same sin_theta is the numerator at t = 0 (weight of a) and at
    // t = 1 (weight of b): the ends come out exactly a and b.
    let weight_a = ((1.0 - t) * theta).sin() / sin_theta;
    let weight_b = (t * theta).sin() / sin_theta;
    // Unit by construction (no normalize): two unit vectors at angle Ω,
    // weighted so that the sum stays on their great circle.
    a * weight_a + b * weight_b
}

/// Step 4: slerp between two unit directions in 3D: a unit direction that
/// turns from `a` to `b` at a constant angular speed, in their plane.
///
/// Parallel (the same direction): the straight-line blend, renormalised,
/// which is `a` when `a == b`. Opposite: every plane through `a` holds a
/// half-circle to `b`; this one turns about the axis
/// `a.any_orthonormal_vector()`, so it passes through
/// `a.any_orthonormal_vector().cross(a)` halfway, and ends at `b` (which may
/// be a hair from `-a`) at `t = 1`.
pub fn slerp_vec3(a: Vec3, b: Vec3, t: f32) -> Vec3 {
    let cos_theta = a.dot(b).clamp(-1.0, 1.0);
    let theta = cos_theta.acos();
    let sin_theta = theta.sin();
    if sin_theta >= NEAR_PARALLEL {
        return a * (((1.0 - t) * theta).sin() / sin_theta) + b * ((t * theta).sin() / sin_theta);
    }
    if cos_theta > 0.0 {
        // Nearly the same direction: the blend is about 1 long, never 0.
        return (a * (1.0 - t) + b * t).normalize();
    }
    // Opposite: no plane is defined by a and b, so choose one. Turning `a`
    // by `π·t` about a unit axis perpendicular to it stays unit, and ends at -a.
    let axis = a.any_orthonormal_vector();
    let half_turn = Quat::from_axis_angle(axis, std::f32::consts::PI * t) * a;
    // `b` may be up to 0.06° from -a: close that gap in proportion to t, so
    // the end is `b` as promised. The rotation from -a to b, built from its
    // half-angle form (cross, 1 + dot), stays exact for tiny angles, where
    // an acos of a dot product this close to 1 would round to 0.
    let c = (-a).cross(b);
    let gap = Quat::from_xyzw(c.x, c.y, c.z, 1.0 - a.dot(b)).normalize();
    Quat::IDENTITY.lerp(gap, t).normalize() * half_turn
}

/// Step 5a: one track of rotation keys sampled at `ticks` with your slerp,
/// through lab 04's sampler (its cursor finds the interval).
pub fn sample_rotation(keys: &[Key<Quat>], ticks: f64, cursor: &mut Cursor) -> Option<Quat> {
    lab04_keyframes::solution::sample_track(keys, ticks, cursor, slerp)
}

/// Step 5b: the pose of `clip` at `seconds`, with your slerp as lab 04's
/// rotation interpolation: the one argument where the two labs meet.
pub fn pose_with_your_slerp(
    clip: &Clip,
    rest: &[Transform],
    seconds: f64,
    mode: Mode,
    cursors: &mut ClipCursors,
) -> Result<Vec<Transform>, PlaybackError> {
    lab04_keyframes::solution::pose_at(clip, rest, seconds, mode, cursors, slerp)
}
