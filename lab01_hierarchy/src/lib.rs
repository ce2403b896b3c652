//! # Lab 01: the transform hierarchy
//!
//! A skeleton is a tree of joints. Each joint stores where it sits relative to
//! its parent (a *local* transform); what we draw and skin with is where it
//! sits in the model (its *world* matrix). This lab builds the bridge:
//!
//! 1. a translation-rotation-scale [`Transform`](common::model::Transform) as one matrix;
//! 2. points and vectors through a matrix;
//! 3. world matrices of a skeleton stored parents first;
//! 4. the same by walking the tree recursively;
//! 5. the matrix "x-ray": a joint's axes and origin read off its world matrix;
//! 6. back from world to local (re-parenting a joint without moving it).
//!
//! You write `src/exercise.rs`; `cargo test -p lab01_hierarchy` grades it.
//! `--features solution` switches everything to the reference in `src/solution.rs`.
//! `src/given.rs` is given: the checks and the stack around step 4's walk.

pub mod exercise;
pub mod given;
pub mod solution;

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
