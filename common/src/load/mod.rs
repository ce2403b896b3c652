//! One entry point for "the model this demo shows": the built-in character,
//! or a file through assimp.
//!
//! Every error names the file. Before the importer opens a file, the path
//! must be a regular file (a pipe would block for ever); after it, the model
//! must pass [`Model::validate`], be at most [`MAX_LEVELS`] deep, and fit
//! within [`MAX_EXTENT`] of the origin in its rest pose.

pub(crate) mod checks;
pub mod frame;
pub mod repair;

use std::fmt;
use std::path::Path;

pub use checks::{MAX_EXTENT, MAX_LEVELS, check_drawable, check_levels, check_path};

use crate::model::Model;

/// What went wrong loading a file: the file and the reason, on one line.
#[derive(Debug, Clone, PartialEq)]
pub struct LoadError {
    /// The file as given.
    pub path: String,
    /// Why it could not be used, and what to do if anything can be done.
    pub reason: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot load {}: {}", self.path, self.reason)
    }
}

impl std::error::Error for LoadError {}

impl LoadError {
    /// An error about `path`.
    pub fn new(path: &Path, reason: impl Into<String>) -> Self {
        LoadError { path: path.display().to_string(), reason: reason.into() }
    }
}

/// Things a loader fixed or noticed, worth telling the user once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LoadReport {
    /// Vertices that had more than 4 influences: the 4 largest were kept.
    pub pruned_vertices: usize,
    /// Vertices whose weights did not sum to 1 and were renormalised.
    pub renormalised_vertices: usize,
    /// Vertices with no weights at all (they follow the mesh's node).
    pub unweighted_vertices: usize,
    /// Anything else, one sentence each (e.g. a bone whose node is missing).
    pub warnings: Vec<String>,
}

impl LoadReport {
    /// One line per fact worth printing; empty when nothing was fixed.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.pruned_vertices > 0 {
            out.push(format!("{} vertices had more than 4 influences: kept the 4 largest", self.pruned_vertices));
        }
        if self.renormalised_vertices > 0 {
            out.push(format!("{} vertices had weights not summing to 1: renormalised", self.renormalised_vertices));
        }
        if self.unweighted_vertices > 0 {
            out.push(format!(
                "{} vertices had no bone weights: they follow their mesh's node",
                self.unweighted_vertices
            ));
        }
        out.extend(self.warnings.iter().cloned());
        out
    }
}

/// Loads `path` (glTF with [`crate::gltf`], any other format through
/// assimp), or builds the character when `path` is `None`.
pub fn model(path: Option<&Path>) -> Result<(Model, LoadReport), LoadError> {
    let Some(path) = path else {
        return Ok((crate::character::build(), LoadReport::default()));
    };
    check_path(path)?;
    if crate::gltf::is_gltf(path) {
        return crate::gltf::load(path);
    }
    from_file(path)
}

#[cfg(feature = "assimp")]
fn from_file(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    crate::assimp::load(path)
}

#[cfg(not(feature = "assimp"))]
fn from_file(path: &Path) -> Result<(Model, LoadReport), LoadError> {
    Err(LoadError {
        path: path.display().to_string(),
        reason: "this build reads only glTF (.gltf, .glb): it was built with --no-default-features; \
                 rebuild with the default `assimp` feature for other formats, or leave out --model to use the \
                 built-in character"
            .into(),
    })
}

#[cfg(test)]
mod tests;
