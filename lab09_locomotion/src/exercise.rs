//! Your solution to lab 09. Replace each `todo!()` with working code; the
//! handout (`README.md`) explains each step, and `cargo test -p
//! lab09_locomotion --test grader` checks them.

// The stubs name their inputs without using them yet.
#![allow(unused_variables)]

use common::model::Transform;
use glam::Vec3;

use crate::given::{
    Blend, Character, Contact, Facing, Frame, Gait, Input, LocoError, Locomotion, Machine, MachineState, Motion,
    Offsets, Parameters, Plant, Planting, Reconcile, Steps, Velocities,
};

/// Step 1a: an `offset` moving at `velocity`, pulled to zero by the
/// critically damped spring `x'' = -y^2 x - 2 y x'` with
/// `y = 2 ln 2 / halflife`: return both `dt` seconds later, exactly for any
/// `dt` (0 changes nothing; a huge `dt` lands on zero, never NaN). A
/// half-life of 0 means at once: both zero. Checked by
/// `step1_spring_decay_is_exact_for_any_frame_time`. When the two roots of
/// the spring's equation are one, what is the second shape, and why can no
/// sum of small steps be exact for a 1-second frame?
pub fn spring_decay(offset: Vec3, velocity: Vec3, halflife: f64, dt: f64) -> (Vec3, Vec3) {
    todo!("lab09 step 1: spring_decay")
}

/// Step 1b: the simulated character `dt` seconds later: its velocity's gap
/// to `wanted` is step 1a's offset (its rate of change is the
/// acceleration, carried along), and its position moves by exactly what
/// that velocity covers in `dt`. A half-life of 0: the velocity is `wanted`
/// at once (acceleration 0). The grader also measures the 90% time at 30,
/// 60 and 144 frames a second. If the velocity is a curve in time, where
/// does the position's change over a frame come from?
pub fn follow_velocity(motion: &Motion, wanted: Vec3, halflife: f64, dt: f64) -> Motion {
    todo!("lab09 step 1: follow_velocity")
}

/// Step 1c: the facing `dt` seconds later, following the `wanted` angle by
/// step 1a's spring (`rate` is the angle's velocity); the angle stays in
/// [-pi, pi] and turns the short way round (from 170 degrees to -170 is 20
/// degrees, not 340). What gap does the spring pull to zero?
pub fn follow_heading(facing: &Facing, wanted: f32, halflife: f64, dt: f64) -> Facing {
    todo!("lab09 step 1: follow_heading")
}

/// Step 1d: where the simulated character will be at each time of
/// `given::PREDICTION` (seconds from now) if `wanted` does not change,
/// exactly where step 1b's frames would put it. Why is this no more work
/// than one frame?
pub fn predict(motion: &Motion, wanted: Vec3, halflife: f64) -> [Vec3; 3] {
    todo!("lab09 step 1: predict")
}

/// Step 2a: the blend space's answer for `speed` (metres per second, 0 or
/// more): the two neighbouring gaits (`gaits` are in order of speed, equal
/// speeds allowed) and the weight of the faster, the blend factor that is
/// 0 at the slower's speed and 1 at the faster's. At or below the slowest
/// gait: the slowest alone; at or above the fastest: the fastest alone
/// (`lower == upper`, weight 0). Never NaN. Which neighbours do you pick
/// when two gaits share a speed, so that nothing divides by zero?
pub fn blend_weights(gaits: &[Gait], speed: f32) -> Blend {
    todo!("lab09 step 2: blend_weights")
}

/// Step 2b: the playback rate (1 is each clip's own pace) at which the
/// blend of step 2a, its two clips synced by phase (lab 07's
/// `cycle_seconds`: `lab07_transitions::solution::cycle_seconds`), moves its feet over the ground at `speed`. 1 when the
/// blend does not travel. How far does the synced blend travel in one of
/// its cycles, and how long does that cycle take?
pub fn playback_rate(gaits: &[Gait], blend: &Blend, speed: f32) -> f32 {
    todo!("lab09 step 2: playback_rate")
}

/// Step 3 (mechanical on purpose: the rules are the lesson): which of
/// `machine.transitions` fires this frame, if any. A transition may fire
/// when it leaves the current state (or any state, `from` None) for
/// another state, all its conditions hold, its trigger (if any) is set,
/// and, with `at_end`, the state's clip has ended. Of those, the highest
/// priority wins; equal priorities: the first in the file. A transition in
/// progress that is not interruptible lets none fire. Which of these rules
/// can you test first to answer quickest?
pub fn choose_transition(machine: &Machine, now: &MachineState, parameters: &Parameters) -> Option<usize> {
    todo!("lab09 step 3: choose_transition")
}

/// Step 4a: at a transition, set `offsets` (one entry per node) so that the
/// new pose `to`, with its offsets, is the old pose `from`, and moves as it
/// did: a translation offset added to `to`'s gives `from`'s; a rotation
/// offset is a turn in the parent's frame taking `to`'s rotation to
/// `from`'s, as a rotation vector (`given::rotation_vector`) of at most
/// half a turn; each offset's velocity makes `to` with its offset move as
/// `from` did (exactly for translations; for rotations to first order,
/// angular velocities added like vectors). On which side of a local
/// rotation does a turn in the parent's frame go, why must the turn be the
/// short one, and what pops if the velocities are left at zero?
pub fn start_offsets(
    offsets: &mut Offsets,
    from: &[Transform],
    from_velocity: &Velocities,
    to: &[Transform],
    to_velocity: &Velocities,
) {
    todo!("lab09 step 4: start_offsets")
}

/// Step 4b: leaves in `offsets` each offset and its velocity as they stand
/// `dt` seconds later under step 1a's spring with `halflife`, and returns
/// `pose` (the new state's pose, sampled alone, changed in place) with
/// those offsets applied, rotations as turns in the parent's frame. How
/// many poses does this sample per frame, against lab 07's crossfade?
pub fn inertialize(offsets: &mut Offsets, pose: &mut [Transform], halflife: f64, dt: f64) {
    todo!("lab09 step 4: inertialize")
}

/// Step 5: where the character stands after `dt` seconds: moved by the
/// clip's `travel` (world space, this frame), then pulled towards the
/// `simulated` position so that half the gap closes per
/// `settings.halflife` whatever the frame rate (0: onto it at once), and
/// never left further than `settings.limit` from it: the limit applies
/// after the pull (a character the pull leaves further away ends exactly at
/// the limit, on the line to `simulated`). What share of the gap closes in one frame of `dt`?
pub fn reconcile(position: Vec3, travel: Vec3, simulated: Vec3, settings: &Reconcile, dt: f64) -> Vec3 {
    todo!("lab09 step 5: reconcile")
}

/// Step 6a: whether the clip's ankle is in contact with the ground: at most
/// `contact.height` above it (y) and, horizontally, no faster over the
/// ground than `contact.speed`. `foot` and `before` are the ankle now and
/// one frame earlier in the character's frame (the clip plays in place),
/// `travel` the character's move this frame in that frame. With `dt` 0,
/// answer by height alone. Over the ground, what does a planted foot's
/// move in place cancel?
pub fn in_contact(foot: Vec3, before: Vec3, travel: Vec3, dt: f64, contact: &Contact) -> bool {
    todo!("lab09 step 6: in_contact")
}

/// Step 6b: the world target of one foot this frame, and its hold updated.
/// When contact begins the foot is held; while held its target stays put,
/// unless the clip's foot (`animated`) has moved more than `planting.reach`
/// away on the ground, which lets it go; when contact ends it is let go. A
/// foot let go eases to `animated` over `planting.release` seconds:
/// `plant.weight` falls from 1 to 0 at an even rate, and the target's pull
/// towards the anchor eases at both ends (no speed as the release starts or
/// ends: blending by `plant.weight` itself jumps at the end). The target
/// never jumps, not even when contact begins again during a release. Where
/// must a new hold start?
pub fn plant_foot(plant: &mut Plant, contact: bool, animated: Vec3, dt: f64, planting: &Planting) -> Vec3 {
    todo!("lab09 step 6: plant_foot")
}

/// Every step of this variant, for the given frame loop.
pub const STEPS: Steps = Steps {
    spring_decay,
    follow_velocity,
    follow_heading,
    predict,
    blend_weights,
    playback_rate,
    choose_transition,
    start_offsets,
    inertialize,
    reconcile,
    in_contact,
    plant_foot,
};

/// One frame of `dt` seconds (0 to 1) for `character` with `input`: the
/// given loop with your steps.
pub fn update(setup: &Locomotion, character: &mut Character, input: &Input, dt: f64) -> Result<Frame, LocoError> {
    crate::given::update_with(&STEPS, setup, character, input, dt)
}
