//! # Lab 09: locomotion
//!
//! Until now the character moved along a script. Here the player steers
//! it: a stick (or keys) asks for a velocity, and everything the earlier
//! labs built follows:
//!
//! 1. springs: the simulated character's velocity and facing follow the
//!    stick, exactly for any frame time, and its trajectory is predicted;
//! 2. a blend space over speed: idle, walk and run at the speeds their
//!    root motion measures, played at the rate that keeps the feet honest;
//! 3. a state machine read from a file: which transition fires this frame;
//! 4. inertialization: one pose sampled, the old pose's offset decaying;
//! 5. the character placed by the clip's travel, pulled towards the simulation;
//! 6. planted feet: contacts from the clip, a foot held and let go.
//!
//! [`given`] holds what both variants share: the steps' types, the
//! machine's file format, scripted input, the character and its frame loop
//! (which calls your steps through [`given::Steps`]), and the legs (lab 08's
//! two-bone IK). [`fast`] (going further, reference only) runs the same
//! frame several times faster, for crowds.

pub mod exercise;
pub mod fast;
pub mod given;
pub mod solution;

pub use given::{
    Blend, Character, Contact, Facing, Frame, Gait, Input, InputScript, LocoError, Locomotion, Machine, MachineState,
    Motion, Offsets, PREDICTION, Parameters, Plant, Planting, Reconcile, Settings, Steps, Transitions, Velocities,
};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
