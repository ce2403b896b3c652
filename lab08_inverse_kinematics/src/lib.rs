//! # Lab 08: inverse kinematics
//!
//! A clip says where every joint turns; the ground and the things a
//! character looks at are not in it. This lab turns joints so that a point
//! goes where it is asked to, after the clip and lab 07's blend:
//!
//! 1. two-bone IK: a hip, a knee and an ankle reach a target, the knee
//!    towards a pole, softened near full stretch;
//! 2. aim: a joint's axis points at a target, with an up vector, a limit
//!    and a weight (a head that looks, spread over neck and head);
//! 3. CCD: a chain of any length, one joint at a time;
//! 4. FABRIK: the same chain, by moving positions;
//! 5. root motion: a loop's travel, the clip played in place, the character
//!    moved through the world across loops without drift;
//! 6. foot placement: the ground under each foot, the pelvis lowered, both
//!    legs solved by step 1, the feet along the ground, faded by a weight.
//!
//! [`given`] holds what both variants share: the jobs' inputs and answers,
//! the checks that refuse bad input, the ground, and the rig. [`fast`] is
//! going further: steps 1 and 2 without trigonometry, and eight legs at a
//! time (FURTHER.md has the timings against ozz-animation).

pub mod exercise;
pub mod fast;
pub mod given;
pub mod solution;

pub use given::ground::{Hit, Terrain};
pub use given::rig::{Leg, Rig};
pub use given::{Aim, AimSolve, Budget, ChainSolve, Feet, FeetSolve, IkError, Travel, TwoBone, TwoBoneSolve};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
