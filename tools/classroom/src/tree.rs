//! The pristine tree: a copy of the course into the scratch folder, kept in
//! step with the course by writing only the files whose bytes differ (so
//! cargo's fingerprints stay valid and only what changed recompiles), and
//! removing what the course no longer has (or a student's code added).

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// Copies `course` into `dest`, leaving out hidden entries (`.git`, `.ci`),
/// every `target` folder, links, and the folders in `skip` (output, scratch,
/// submissions when they sit inside the course). Returns how many files were
/// written.
pub fn sync(course: &Path, dest: &Path, skip: &[PathBuf]) -> io::Result<usize> {
    let skip: Vec<PathBuf> = skip.iter().filter_map(|p| p.canonicalize().ok()).collect();
    fs::create_dir_all(dest)?;
    sync_dir(course, dest, &skip)
}

fn sync_dir(src: &Path, dest: &Path, skip: &[PathBuf]) -> io::Result<usize> {
    let mut written = 0;
    let mut keep = BTreeSet::new();
    for entry in fs::read_dir(src)? {
        let entry = entry?;
        let name = entry.file_name();
        let text = name.to_string_lossy();
        if text.starts_with('.') || text == "target" {
            continue;
        }
        let path = entry.path();
        if !skip.is_empty() && path.canonicalize().is_ok_and(|c| skip.contains(&c)) {
            continue;
        }
        let ty = entry.file_type()?;
        let to = dest.join(&name);
        if ty.is_dir() {
            if fs::symlink_metadata(&to).is_ok_and(|m| !m.is_dir()) {
                fs::remove_file(&to)?;
            }
            fs::create_dir_all(&to)?;
            written += sync_dir(&path, &to, skip)?;
        } else if ty.is_file() {
            written += usize::from(write_if_changed(&to, &fs::read(&path)?)?);
        } else {
            continue;
        }
        keep.insert(name);
    }
    for entry in fs::read_dir(dest)? {
        let entry = entry?;
        if !keep.contains(&entry.file_name()) {
            let path = entry.path();
            if entry.file_type()?.is_dir() { fs::remove_dir_all(&path)? } else { fs::remove_file(&path)? }
        }
    }
    Ok(written)
}

/// `path` made absolute and canonical. On Windows the `\\?\` prefix that
/// `canonicalize` gives a drive path is taken off: cargo and the programs it
/// starts are run in these folders, and not every tool takes such a path as
/// its working directory.
pub fn canonical(path: &Path) -> io::Result<PathBuf> {
    let path = path.canonicalize()?;
    if cfg!(windows) {
        let text = path.to_string_lossy();
        if let Some(rest) = text.strip_prefix(r"\\?\")
            && rest.as_bytes().get(1) == Some(&b':')
        {
            return Ok(PathBuf::from(rest));
        }
    }
    Ok(path)
}

/// Writes `bytes` to `path` unless it already holds exactly them (a link or
/// folder in the way is removed first). Returns whether it wrote.
pub fn write_if_changed(path: &Path, bytes: &[u8]) -> io::Result<bool> {
    match fs::symlink_metadata(path) {
        Ok(m) if m.is_file() && m.len() == bytes.len() as u64 && fs::read(path)? == bytes => return Ok(false),
        Ok(m) if m.is_dir() => fs::remove_dir_all(path)?,
        Ok(_) => fs::remove_file(path)?,
        Err(_) => {}
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, bytes)?;
    Ok(true)
}
