//! Everything the labs share and do not teach: the plain data model, the
//! built-in character, model loading, OpenGL helpers, the windowed and
//! headless runners, and the lecture UI.
//!
//! Students never need to edit this crate; they read it when curious.
#![warn(missing_docs)]

pub mod app;
#[cfg(assimp_reader)]
pub mod assimp;
pub mod bench;
pub mod camera;
pub mod character;
pub mod gl;
pub mod gltf;
pub mod grade;
#[cfg(not(target_arch = "wasm32"))]
pub mod headless;
pub mod import;
pub mod lecture;
pub mod load;
pub mod model;
pub mod pose;
pub mod shapes;
pub mod temp;
pub mod ui;

/// A clock for frame and benchmark timing: `std::time::Instant`, or on the
/// web (where `std` has no clock) the browser's `performance.now()`.
#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
/// A clock for frame and benchmark timing: `std::time::Instant`, or on the
/// web (where `std` has no clock) the browser's `performance.now()`.
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
