//! # Lab 03: skinning on the CPU
//!
//! Lab 02 gave one gradient matrix per bone. Now every vertex of the skin
//! follows a weighted mix of a few of them: *linear blend skinning*.
//!
//! 1. influences: at most 4 bones per vertex, weights summing to 1;
//! 2. the per-bone gradients for a pose, then their weighted blend per vertex;
//! 3. skinned positions;
//! 4. skinned normals (stretched, mirrored and flattened matrices too);
//! 5. skinned tangents, still in the surface, handedness kept;
//! 6. stitching (each vertex follows its strongest bone only), to compare.
//!
//! README.md teaches the ideas (Concepts) and states each step's contract.
//!
//! [`given::check_skin`] validates a mesh before the loop; `skin_mesh` (in both
//! variants) runs your steps over every vertex. `fast` is the "going further"
//! version the benchmark compares with.

pub mod exercise;
pub mod fast;
pub mod given;
pub mod solution;

pub use given::{Method, SkinError, Skinned, check_skin};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
