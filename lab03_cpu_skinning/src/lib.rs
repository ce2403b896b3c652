//! # Lab 03: skinning on the CPU
//!
//! Lab 02 gave one gradient matrix per bone. Now every vertex of the skin
//! follows a weighted mix of a few of them: *linear blend skinning*.
//!
//! 1. influences: keep at most 4 bones per vertex, the strongest, renormalised;
//! 2. the per-bone gradients for a pose, then their weighted blend per vertex;
//! 3. skinned positions (points, w = 1);
//! 4. skinned normals, with the inverse-transpose of the blended matrix;
//! 5. skinned tangents, re-orthogonalised against the normal;
//! 6. stitching (each vertex follows its strongest bone only), to compare.
//!
//! [`skin::check_skin`] validates a mesh before the loop; `skin_mesh` (in both
//! variants) runs your steps over every vertex. `fast` is the "going further"
//! version the benchmark compares with.

pub mod exercise;
pub mod fast;
pub mod skin;
pub mod solution;

pub use skin::{Method, SkinError, Skinned, check_skin};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
