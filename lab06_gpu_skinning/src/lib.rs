//! # Lab 06: skinning on the GPU
//!
//! Lab 03 skinned every vertex on the CPU and re-uploaded the mesh each
//! frame. Here the mesh stays on the GPU in its bind pose, with four bone ids
//! and four weights per vertex; each frame the CPU uploads only the palette
//! (one gradient matrix per bone) and the vertex shader does the rest.
//!
//! 1. the vertex record: layout of ids and weights, valid ids in every slot;
//! 2. the attribute set-up, ids through the integer path;
//! 3. the vertex shader (`shaders/exercise.vert`): blend, position, normal, tangent;
//! 4. the bone budget and the palette upload.
//!
//! [`given`] holds what both variants share: the record type, the shader
//! loader, transform feedback read-back (how the grader sees what your
//! shader computed) and the budget check.
//!
//! Going further (the reference only, no steps): a packed palette of three
//! `vec4` rows per bone (`further::packed_palette`, `shaders/packed.vert`)
//! and dual-quaternion skinning (`further::dual_quaternions`,
//! `shaders/dual_quat.vert`), both shown by the demo and checked by
//! the grader's `further` module.

pub mod exercise;
pub mod further;
pub mod given;
pub mod solution;

pub use given::{Captured, GpuInfluence, GpuMesh, Layout};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
