//! Lab 07, your file. Replace each `todo!()` with the step it names, in order;
//! README.md explains the ideas (Concepts) and what each step must do. Check
//! your work with `cargo test -p lab07_transitions --test grader`; see it with
//! `cargo run -p lab07_transitions`. Sampling is given: `Playing::sample`
//! (lab 04's sampler with lab 05's slerp), and for step 2 the given
//! `Playing::ticks` (each clip's checked ticks) and this lab's
//! `given::slerp`.

use common::model::{Clip, Skeleton, Transform};
use lab04_keyframes::given::Mode;

use crate::given::{Crossfade, Playing};

/// Step 1a: a transform between `a` (factor 0, exactly) and `b` (factor 1,
/// exactly). The two weights sum to 1; a rotation never takes the long way.
///
/// Ask yourself: which interpolation suits each of the three parts?
pub fn blend_transforms(_a: &Transform, _b: &Transform, _factor: f32) -> Transform {
    todo!("lab07 step 1: blend_transforms")
}

/// Step 1b: two poses (one local transform per node) blended node by node.
pub fn blend_poses(_a: &[Transform], _b: &[Transform], _factor: f32) -> Vec<Transform> {
    todo!("lab07 step 1: blend_poses")
}

/// Step 2: the pose of two playing clips, `a` at factor 0 and `b` at 1, each
/// at its own time and with its own cursors, sampling only their channels.
///
/// Out: one transform per node. A node both clips animate, one only clip `a`
/// animates, one only `b` animates, one neither animates: each has its rule
/// (README, step 2). Must equal sampling both whole poses and blending them.
///
/// Each clip's tick: `playing.ticks(clips, rest)` (given: lab 04's cheap
/// per-frame check, then its clip time), so cursors made for another clip
/// stop with a clear message.
///
/// Ask yourself: what value does a clip "have" at a node it does not animate?
pub fn blend_clips(
    _a: &mut Playing,
    _b: &mut Playing,
    _clips: &[Clip],
    _rest: &[Transform],
    _factor: f32,
) -> Vec<Transform> {
    todo!("lab07 step 2: blend_clips")
}

/// Step 3a: the weight of the clip fading in (`current`): 0 when a fade
/// starts, growing in proportion with time to 1 when it ends; 1 with no fade
/// in progress or a fade of no duration. Never NaN.
///
/// Ask yourself: what is 0 / 0, and when would you compute it?
pub fn fade_weight(_crossfade: &Crossfade) -> f32 {
    todo!("lab07 step 3: fade_weight")
}

/// Step 3b: the crossfade `dt` seconds later: every clip in play keeps its
/// own clock; a fade that has lasted its duration is over, and what faded
/// out is dropped: a 0.5 s fade advanced by 0.125 s four times is over after
/// the fourth call.
///
/// Ask yourself: which clocks move during a fade, and who wraps them?
pub fn advance(_crossfade: &mut Crossfade, _dt: f64) {
    todo!("lab07 step 3: advance")
}

/// Step 3c: the pose on screen: the current clip alone, or what fades out
/// blended with it by [`fade_weight`] (from a clip or from a frozen pose).
pub fn crossfade_pose(_crossfade: &mut Crossfade, _clips: &[Clip], _rest: &[Transform]) -> Vec<Transform> {
    todo!("lab07 step 3: crossfade_pose")
}

/// Step 4: start fading to `clip` (played with `mode`) over `duration`
/// seconds (a negative duration counts as 0). Asking for the clip already
/// playing, or fading in, changes nothing. For a duration above 0 the pose
/// on screen must not jump, even in the middle of a fade;
/// a clip that is fading out and is asked for again comes back where its own
/// clock is (and with its own mode), not from its start.
///
/// Ask yourself: during a fade, what is the new fade's starting pose?
pub fn fade_to(
    _crossfade: &mut Crossfade,
    _clips: &[Clip],
    _rest: &[Transform],
    _clip: usize,
    _mode: Mode,
    _duration: f64,
) {
    todo!("lab07 step 4: fade_to")
}

/// Step 5a: the length in seconds of one cycle of two synced loops of
/// lengths `length_a` and `length_b` blended by `weight` (0: all `a`).
///
/// Ask yourself: what is it at weight 0, at 1, and in between?
pub fn cycle_seconds(_length_a: f64, _length_b: f64, _weight: f32) -> f64 {
    todo!("lab07 step 5: cycle_seconds")
}

/// Step 5b: the shared phase (the fraction of a cycle done, in `[0, 1)`)
/// `dt` seconds later, with the cycle length of step 5a; it stays in [0, 1)
/// for any dt (negative too). A cycle of no length leaves the phase as it is.
///
/// Ask yourself: which remainder is never negative, and can it give 1.0?
pub fn advance_phase(_phase: f64, _dt: f64, _length_a: f64, _length_b: f64, _weight: f32) -> f64 {
    todo!("lab07 step 5: advance_phase")
}

/// Step 5c: the two loops at the same `phase` (the same moment of each
/// one's own cycle), blended by `weight` as step 2 blends.
///
/// Ask yourself: at phase 0.5, what time is it in each clip?
pub fn synced_pose(
    _a: &mut Playing,
    _b: &mut Playing,
    _clips: &[Clip],
    _rest: &[Transform],
    _phase: f64,
    _weight: f32,
) -> Vec<Transform> {
    todo!("lab07 step 5: synced_pose")
}

/// Step 6a: what `pose` adds to `reference`: a `delta` that [`add_layer`]
/// puts back, so that adding it to `reference` with weight 1 gives `pose`.
/// The rotation delta acts in the joint's own frame (on the right). A zero
/// reference scale counts as 1.
///
/// Ask yourself: solving `reference * delta = pose`, on which side goes the
/// inverse?
pub fn additive_delta(_reference: &Transform, _pose: &Transform) -> Transform {
    todo!("lab07 step 6: additive_delta")
}

/// Step 6b: `delta` added on top of `base` with `weight` (0: `base`
/// unchanged; 1: the whole delta; the rotation part along the shortest arc;
/// the scale factor moving evenly from 1 to the delta's, not
/// geometrically).
pub fn add_layer(_base: &Transform, _delta: &Transform, _weight: f32) -> Transform {
    todo!("lab07 step 6: add_layer")
}

/// Step 6c: for every node, whether it lies in the subtree under `root`
/// (`root` included, its ancestors and siblings not).
///
/// Ask yourself: in which order must the nodes be visited to settle each in
/// one pass?
pub fn subtree_mask(_skeleton: &Skeleton, _root: usize) -> Vec<bool> {
    todo!("lab07 step 6: subtree_mask")
}

/// Step 6d: `b` blended over `a` by `factor` on the masked nodes; the other
/// nodes keep `a` exactly.
pub fn masked_blend(_a: &[Transform], _b: &[Transform], _mask: &[bool], _factor: f32) -> Vec<Transform> {
    todo!("lab07 step 6: masked_blend")
}
