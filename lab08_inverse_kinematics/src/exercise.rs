//! Your solution to lab 08. Replace each `todo!()` with working code; the
//! handout (`README.md`) explains each step, and `cargo test -p
//! lab08_inverse_kinematics --test grader` checks them.

// The stubs name their inputs without using them yet.
#![allow(unused_variables)]

use common::model::{Clip, Skeleton, Transform};
use glam::Vec3;

use crate::given::ground::Terrain;
use crate::given::rig::Leg;
use crate::given::{Aim, AimSolve, Budget, ChainSolve, Feet, FeetSolve, IkError, Travel, TwoBone, TwoBoneSolve};

/// Step 1: two-bone IK (README, step 1). Run `check_two_bone` first.
/// Returns corrections of the hip's (`start`) and knee's (`mid`) local
/// rotations, multiplied on the right, after which the ankle is on the
/// softened target (README, Concepts, Soften) with the bones' lengths kept,
/// the knee bent forwards (a positive turn about `mid_axis`) whatever the
/// input's bend, the hinge square to the plane of hip, target and pole and
/// facing so that the knee bends towards the pole (a straight leg too),
/// turned by `twist` about the hip-target line, each correction the share
/// `weight` of its turn. `reached`: the ankle lands on the target. Out of
/// reach the leg points at the target; nearer than |a - b| it folds, no NaN.
/// Tests: `two_bone::step1_*`, `straight::step1_*`.
/// Which bend do you want, which does the knee have now, and in which frame
/// do you hand back a turn found in model space?
pub fn two_bone(job: &TwoBone) -> Result<TwoBoneSolve, IkError> {
    todo!("lab08 step 1: two_bone")
}

/// Step 2: aim (README, step 2). Run `check_aim` first. Returns the
/// correction of the joint's local rotation (multiplied on the right) after
/// which its `forward` axis points at the target, or has turned exactly
/// `limit` towards it (then `reached` is false), with its `up` axis in the
/// plane of forward and `pole`, on the pole's side; `weight` scales the
/// whole correction. Tests: `aim::step2_*`.
/// Which turns leave forward where it is once it points at the target?
pub fn aim(job: &Aim) -> Result<AimSolve, IkError> {
    todo!("lab08 step 2: aim")
}

/// Step 3: CCD (README, step 3). Run `check_chain` first. Moves the joints
/// by turning them (the root stays, bone lengths kept) until the last is
/// within `budget.tolerance` of `target` or `budget.iterations` sweeps are
/// spent; reports the sweeps used (0 if already there), the tip's distance
/// and `reached`. Out of reach, the chain ends stretched towards the target.
/// Tests: `chains::step3_*`.
/// With every other joint's angle held, what does one joint's angle move,
/// and which value of it is best?
pub fn ccd(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    todo!("lab08 step 3: ccd")
}

/// Step 4: FABRIK (README, step 4). Run `check_chain` first. Same contract
/// as step 3, moving points by drags instead of turns; a target out of reach
/// leaves the chain straight towards it after one iteration, `reached`
/// false. Tests: `chains::step4_*`.
/// A drag moves one end where you want it: what does it spoil, and what must
/// you remember before the first one?
pub fn fabrik(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    todo!("lab08 step 4: fabrik")
}

/// Step 5a (README, step 5): how far one loop of `clip` carries node `root`
/// on the ground (y dropped), and its heading: the turn about Y of the way
/// the root faces, start to end, in [-pi, pi). Tests: `motion::step5_*`.
/// Which two poses do you compare?
pub fn loop_travel(clip: &Clip, rest: &[Transform], root: usize) -> Travel {
    todo!("lab08 step 5: loop_travel")
}

/// Step 5b: how far the root travels on the ground between clip times
/// `from` and `to` (seconds, `from <= to`, any number of loops apart) of the
/// looping clip, each loop starting where the last ended, turned by the
/// headings of the loops before it. When the clip wraps, the root's
/// translation jumps back: what do you count instead?
pub fn motion_between(clip: &Clip, rest: &[Transform], root: usize, travel: &Travel, from: f64, to: f64) -> Vec3 {
    todo!("lab08 step 5: motion_between")
}

/// Step 5c: the looping clip's pose at `seconds`, played in place: the
/// root's travel on the ground since the start of the current loop taken
/// out of `pose[root]`, its height kept. If you skip it, what moves the
/// character twice?
pub fn play_in_place(pose: &mut [Transform], clip: &Clip, rest: &[Transform], root: usize, seconds: f64) {
    todo!("lab08 step 5: play_in_place")
}

/// Step 6: foot placement (README, step 6), on a pose whose root is already
/// where root motion put it. Run `check_feet` first. Each ankle's target is
/// over the ground under it (`terrain.ray_down`) at its clip height above
/// that ground (the clip was made on flat ground, y = 0); the pelvis
/// (`pose[hips]`) moves straight up or down in model space, no farther than
/// both legs need to reach, written in the hips' parent's frame; each leg is
/// solved by your step 1 (its pole a point in front of its knee, along
/// `feet.forward`); each foot keeps the clip's orientation turned onto the
/// ground's normal (exact on gentle slopes); all scaled by `feet.weight`
/// (0 is the clip). Tests: `feet::step6_*`.
/// Which foot decides how far the pelvis goes, and why?
pub fn place_feet(
    skeleton: &Skeleton,
    pose: &mut [Transform],
    legs: &[Leg; 2],
    hips: usize,
    terrain: &Terrain,
    feet: &Feet,
) -> Result<FeetSolve, IkError> {
    todo!("lab08 step 6: place_feet")
}
