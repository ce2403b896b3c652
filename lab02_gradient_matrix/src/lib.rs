//! # Lab 02: the gradient matrix
//!
//! A character is modelled in one pose, the *bind pose*, and animated into
//! others, *target poses*. For each bone, one matrix carries anything that
//! was attached to the bone in the bind pose to where it belongs in the target
//! pose: the *gradient matrix* `target_world * bind_world^-1`. This lab builds
//! it four ways and shows they are one idea:
//!
//! 1. the gradient between two transforms, `ab = b * a^-1`, so that `b = ab * a`;
//! 2. inverse bind matrices, computed once from the bind pose;
//! 3. the gradient of every bone for a target pose;
//! 4. the same matrix the loader's way (`global_inverse * world * offset`)
//!    and as the chain `M'1 M'2 ... M2^-1 M1^-1` from the root.
//!
//! You write `src/exercise.rs`; `cargo test -p lab02_gradient_matrix` grades it.

pub mod exercise;
pub mod solution;

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
