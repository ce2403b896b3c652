//! # Lab 05: slerp
//!
//! Lab 04's sampler takes the rotation interpolation as an argument and was
//! given glam's `Quat::slerp`. This lab writes that function, and the ones
//! it is compared with, one question at a time:
//!
//! 1. the dot product of two quaternions, and the shortest arc (`q` and `-q`
//!    are one rotation);
//! 2. nlerp, the cheap interpolation;
//! 3. slerp: along the sphere at a constant angular speed, nearly parallel
//!    keys included;
//! 4. slerp for unit directions in 3D (`Vec3`), including the opposite case;
//! 5. your slerp inside lab 04's sampler: one track, then the whole pose.
//!
//! Lab 04 is called through its `solution` module (never its `solution`
//! feature), so this lab works whether or not lab 04's exercise is finished.

pub mod exercise;
pub mod solution;

pub use lab04_keyframes::given::{ClipCursors, Cursor, Mode, PlaybackError, check_clip};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
