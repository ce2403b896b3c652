//! The kit every model reader shares (the glTF reader, assimp's, and
//! [`crate::load`], which picks one): the error that names the file, the
//! report of what was repaired, the repairs themselves, and the checks around
//! a reader, run once by [`checked`]. Nothing here calls a reader.

mod checks;
pub mod formats;
pub mod frame;
pub mod repair;

use std::fmt;
use std::path::Path;

pub(crate) use checks::refuse_levels;
pub use checks::{MAX_EXTENT, MAX_LEVELS, check_drawable, check_levels, check_path};
pub use formats::refuse_unrigged;

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

/// Runs `read` on `path` between the checks, each once: before `read` opens
/// it, the path must be a regular file ([`check_path`]) in a format that can
/// hold a skeleton ([`refuse_unrigged`]); what `read` returns
/// must pass [`Model::validate`] (the clip rulebook included) and
/// [`check_drawable`].
pub fn checked(
    path: &Path,
    read: impl FnOnce(&Path) -> Result<(Model, LoadReport), LoadError>,
) -> Result<(Model, LoadReport), LoadError> {
    check_path(path)?;
    refuse_unrigged(path)?;
    let (model, report) = read(path)?;
    model.validate().map_err(|e| LoadError::new(path, format!("the loaded data is inconsistent: {e}")))?;
    check_drawable(&model).map_err(|e| LoadError::new(path, e))?;
    Ok((model, report))
}
