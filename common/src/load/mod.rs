//! One entry point for "the model this demo shows": the built-in character,
//! or a file through the glTF reader or assimp.
//!
//! The dependencies point one way: `load` calls the readers ([`crate::gltf`],
//! `crate::assimp`), and they, like `load`, use the kit every reader shares
//! ([`crate::import`]: the error, the report, the repairs and the checks);
//! neither reader imports `load`. Every error names the file. The checks run
//! once, in [`crate::import::checked`]: before a reader opens the file, the
//! path must be a regular file (a pipe would block for ever); after it, the
//! model must pass [`Model::validate`] (the clip rulebook included), be at
//! most [`MAX_LEVELS`] deep, and fit within [`MAX_EXTENT`] of the origin in
//! its rest pose.

use std::path::Path;

use crate::import::checked;
pub use crate::import::{
    LoadError, LoadReport, MAX_EXTENT, MAX_LEVELS, check_drawable, check_levels, check_path, frame, repair,
};
use crate::model::Model;

/// Loads `path` (glTF with [`crate::gltf`], any other format through
/// assimp), or builds the character when `path` is `None`.
pub fn model(path: Option<&Path>) -> Result<(Model, LoadReport), LoadError> {
    let Some(path) = path else {
        return Ok((crate::character::build(), LoadReport::default()));
    };
    checked(path, |path| if crate::gltf::is_gltf(path) { crate::gltf::read_file(path) } else { from_file(path) })
}

/// Whether this build reads formats beyond glTF (FBX, X, DAE, BVH, ...)
/// through assimp: the default `assimp` feature on Linux, or on Windows and
/// macOS a build with `--config assimp.toml` (README). Tests of what only
/// assimp reads ask this.
pub const ASSIMP: bool = cfg!(assimp_reader);

#[cfg(assimp_reader)]
fn from_file(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    crate::assimp::read(path)
}

#[cfg(not(assimp_reader))]
fn from_file(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    Err(LoadError::new(path, without_assimp()))
}

/// Why this build reads only glTF, and the command that adds the rest on
/// this system.
#[cfg(not(assimp_reader))]
fn without_assimp() -> String {
    let add = if cfg!(target_os = "linux") {
        "rebuild without --no-default-features (Debian/Ubuntu: sudo apt-get install libassimp-dev libclang-dev)"
    } else if cfg!(target_os = "macos") {
        "run `brew install assimp`, then add `--config assimp.toml` after `cargo`"
    } else if cfg!(windows) {
        "run `winget install LLVM.LLVM`, then add `--config assimp.toml` after `cargo`"
    } else {
        "install assimp and libclang, then add `--config assimp.toml` after `cargo`"
    };
    format!(
        "this build reads glTF only (.gltf, .glb), other formats need assimp: {add}; \
         or leave out --model for the built-in character"
    )
}

#[cfg(test)]
pub(crate) mod tests;
