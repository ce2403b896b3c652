//! Lab 05, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do. Check
//! your work with `cargo test -p lab05_slerp --test grader`; see it with
//! `cargo run -p lab05_slerp`.

use common::model::{Clip, Key, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::given::{ClipCursors, Cursor, Mode, PlaybackError};

/// Step 1a: the dot product of two quaternions as 4D vectors.
///
/// In: any two quaternions. Out: one number. For unit quaternions it lies in
/// `[-1, 1]` (or a hair outside, after rounding). Tested by
/// `step1_dot_uses_all_four_components`.
///
/// Ask yourself: for two unit quaternions, what angle is this the cosine
/// of, and how is that angle related to the rotation between them?
pub fn dot(_a: Quat, _b: Quat) -> f32 {
    todo!("lab05 step 1: dot")
}

/// Step 1b: `to` itself or `-to` (one rotation, two quaternions): the one
/// in `from`'s hemisphere of the 4D unit sphere.
///
/// In: two unit quaternions. Out: `to` or `-to`, nothing else (no
/// normalising, no other change). When `to` lies exactly on the
/// hemisphere's edge (90° from `from` on the sphere), keep `to`. Tested by
/// `step1_shortest_arc_stays_in_the_first_hemisphere`.
///
/// Ask yourself: a path from `from` to `to` and a path from `from` to `-to`
/// end in the same rotation. Which one turns less on the way, and which
/// single number tells you?
pub fn shortest_arc(_from: Quat, _to: Quat) -> Quat {
    todo!("lab05 step 1: shortest_arc")
}

/// Step 2: nlerp from `a` to `b`, the cheap blend: no trigonometry.
///
/// In: two unit quaternions and `t` in `[0, 1]`. Out: a unit quaternion on
/// the short arc, `a` at `t = 0`, `b`'s shortest-arc twin at `t = 1`, in
/// order in between but not at a steady speed; the same as a reference
/// nlerp within 1e-4 (`step2_nlerp_stays_on_the_short_arc_and_unit`).
/// Equal inputs give that same quaternion back.
///
/// Ask yourself: halfway between two rotations 120° apart, how long is the
/// straight-line blend of the quaternions? What turns it into a point of
/// the arc, and can that ever fail?
pub fn nlerp(_a: Quat, _b: Quat, _t: f32) -> Quat {
    todo!("lab05 step 2: nlerp")
}

/// Step 3: spherical linear interpolation (slerp) from `a` to `b`.
///
/// In: two unit quaternions and `t` in `[0, 1]`. Out: a unit quaternion on
/// the short way round, whose angle from `a` grows in proportion to `t`:
/// a quarter of the way in time is a quarter of the way in angle.
/// `t = 0` gives exactly `a`, `t = 1` the shortest-arc `b` (within 1e-6).
/// Never NaN: not for `a == b`, not for two quaternions so close that their
/// dot product rounds to slightly more than 1. Tested by the five `step3_`
/// tests (README, step 3).
///
/// Ask yourself: which angle from `a` is `t`'s share of the way, and what
/// weights of `a` and `b` give the point there? What is `acos` of
/// 1.0000001? What is 0 / 0? Which inputs lead there, and what should the
/// answer be for them instead?
pub fn slerp(_a: Quat, _b: Quat, _t: f32) -> Quat {
    todo!("lab05 step 3: slerp")
}

/// Step 4: slerp for unit directions in 3D.
///
/// In: two unit vectors and `t` in `[0, 1]`. Out: a unit vector, `a` at
/// `t = 0` and `b` at `t = 1`, turning at a constant angular speed in the
/// plane of `a` and `b`. Two edge cases have no plane: the same direction
/// (return a unit vector along it) and opposite directions (any half-circle
/// from `a` is right, but only one: every point in one plane through `a`,
/// chosen from `a` alone, `180°·t` from `a`; say which in a comment).
/// Never NaN, never a zero vector; nearly opposite inputs still end exactly
/// at `b`. Tested by `vectors::step4_*`.
///
/// Ask yourself: unlike quaternions, is there a "shorter way round" to pick
/// here? How do you tell "the same" from "opposite" when the sine of the
/// angle is tiny, and how do you pick a plane from `a` alone?
pub fn slerp_vec3(_a: Vec3, _b: Vec3, _t: f32) -> Vec3 {
    todo!("lab05 step 4: slerp_vec3")
}

/// Step 5a: one track of rotation keys sampled at `ticks`, interpolated by
/// your [`slerp`]. Mechanical on purpose: the wiring is the lesson (README,
/// step 5). Tested by `playback::step5_*`.
///
/// In: keys sorted by time, a time in ticks, the track's cursor. Out: what
/// lab 04's sampler gives with glam's slerp (within 1e-4), `None` for no
/// keys. Lab 04's reference does the sampling; call it, do not rewrite it:
/// `lab04_keyframes::solution::sample_track(keys, ticks, cursor, mix)`, where
/// `mix: fn(T, T, f32) -> T` blends the interval's two keys (README, step 5).
///
/// Ask yourself: which function is lab 04 to blend rotation keys with?
pub fn sample_rotation(_keys: &[Key<Quat>], _ticks: f64, _cursor: &mut Cursor) -> Option<Quat> {
    todo!("lab05 step 5: sample_rotation")
}

/// Step 5b: the whole pose of `clip` at `seconds` (one local transform per
/// node of `rest`), with your [`slerp`] between rotation keys.
///
/// In: as lab 04's `pose_at`. Out: its pose, or its [`PlaybackError`] for
/// bad input (a time that is NaN, a tick rate of 0, cursors of another
/// clip): never a panic.
///
/// Lab 04's `lab04_keyframes::solution::pose_at(clip, rest, seconds, mode,
/// cursors, rotate)` does all of this but the choice of `rotate`.
///
/// Ask yourself: who checks the bad input already, and what is left to you?
pub fn pose_with_your_slerp(
    _clip: &Clip,
    _rest: &[Transform],
    _seconds: f64,
    _mode: Mode,
    _cursors: &mut ClipCursors,
) -> Result<Vec<Transform>, PlaybackError> {
    todo!("lab05 step 5: pose_with_your_slerp")
}
