//! # Lab 01: the transform hierarchy
//!
//! A skeleton is a tree of joints. Each joint stores where it sits relative to
//! its parent (a *local* transform); what we draw and skin with is where it
//! sits in the model (its *world* matrix). This lab builds the bridge:
//!
//! 1. a translation-rotation-scale [`Transform`](common::model::Transform) as one matrix, `T * R * S`;
//! 2. points (w = 1) and vectors (w = 0) through a matrix;
//! 3. world matrices with one forward loop over parent-first nodes;
//! 4. the same by walking the tree recursively;
//! 5. the matrix "x-ray": a joint's axes and origin are its world matrix's columns;
//! 6. back from world to local: `parent_world^-1 * world` (re-parenting).
//!
//! You write `src/exercise.rs`; `cargo test -p lab01_hierarchy` grades it.
//! `--features solution` switches everything to the reference in `src/solution.rs`.

pub mod exercise;
pub mod solution;

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
