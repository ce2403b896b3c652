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

/// Step 1: two-bone IK. Run `check_two_bone` first. Return the corrections
/// of the start and middle joints' local rotations (multiplied on the
/// right of each local rotation) that put the end joint on the target, the
/// middle joint in the plane of root, target and pole on the pole's side,
/// the bones' lengths unchanged; `reached` false when the target is out of
/// (softened) reach, the chain then pointing straight at it. `weight` 0
/// changes nothing. What angle does the law of cosines give you, which way
/// is positive about the hinge, and in which frame must each correction be
/// written?
pub fn two_bone(job: &TwoBone) -> Result<TwoBoneSolve, IkError> {
    todo!("lab08 step 1: two_bone")
}

/// Step 2: aim. Run `check_aim` first. Return the correction of the joint's
/// local rotation that turns its `forward` axis towards the target, by at
/// most `limit` (then `reached` is false), with its `up` axis rolled
/// towards `pole`, scaled by `weight`. Which turn comes first, the swing or
/// the roll, and about which axis does the roll turn?
pub fn aim(job: &Aim) -> Result<AimSolve, IkError> {
    todo!("lab08 step 2: aim")
}

/// Step 3: CCD. Run `check_chain` first. Move the joints (the root stays)
/// so the last reaches `target`, one joint at a time from the tip, until it
/// is within `budget.tolerance` or `budget.iterations` sweeps are spent;
/// bone lengths kept. What does each joint turn, and about which point?
pub fn ccd(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    todo!("lab08 step 3: ccd")
}

/// Step 4: FABRIK. Run `check_chain` first. Same contract as step 3, by
/// reaching backward from the target and forward from the root; a target
/// out of reach leaves the chain straight towards it. What does each pass
/// keep fixed, and what must you remember before the first pass?
pub fn fabrik(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    todo!("lab08 step 4: fabrik")
}

/// Step 5a: how far one loop of `clip` carries node `root` on the ground
/// (y dropped), and how far it turns it about Y. Which two poses do you
/// compare?
pub fn loop_travel(clip: &Clip, rest: &[Transform], root: usize) -> Travel {
    todo!("lab08 step 5: loop_travel")
}

/// Step 5b: how far the root travels on the ground between clip times
/// `from` and `to` (seconds, `from <= to`, any number of loops apart) of
/// the looping clip. What happens to the root's translation when the clip
/// wraps, and what must you add for each wrap?
pub fn motion_between(clip: &Clip, rest: &[Transform], root: usize, travel: &Travel, from: f64, to: f64) -> Vec3 {
    todo!("lab08 step 5: motion_between")
}

/// Step 5c: the looping clip's pose at `seconds`, played in place: take the
/// root's travel on the ground since the start of the current loop out of
/// `pose[root]`. If you skip it, what moves the character twice?
pub fn play_in_place(pose: &mut [Transform], clip: &Clip, rest: &[Transform], root: usize, seconds: f64) {
    todo!("lab08 step 5: play_in_place")
}

/// Step 6: foot placement, on a pose whose root is already where root
/// motion put it. Ray the ground under each ankle; each ankle's target
/// keeps its height above the ground it was made on (y = 0); move the
/// pelvis (`pose[hips]`) so that both legs can reach; solve each leg with
/// your step 1 (knees towards `feet.forward`); turn each foot onto the
/// ground's normal; all scaled by `feet.weight`. Which foot decides how far
/// the pelvis goes, and why?
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
