//! # Lab 02: the gradient matrix
//!
//! A character is modelled in one pose, the *bind pose*, and animated into
//! others, *target poses*. For each bone, one matrix carries anything that
//! was attached to the bone in the bind pose to where it belongs in the target
//! pose: the *gradient matrix*. This lab builds it several ways and shows they
//! are one idea:
//!
//! 1. the gradient between two matrices, the one that takes `a` to `b`;
//! 2. inverse bind matrices, computed once from the bind pose;
//! 3. the gradient of every bone for a target pose;
//! 4. the same matrix the loader's way (with the file's offsets and global
//!    inverse) and as a chain of local matrices from the root.
//!
//! You write `src/exercise.rs`; `cargo test -p lab02_gradient_matrix` grades it.
//! `--features solution` switches everything to the reference in `src/solution.rs`.

pub mod exercise;
pub mod solution;

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
