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
                remove(&to)?;
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
            remove(&entry.path())?;
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
        Ok(_) => remove(path)?,
        Err(_) => {}
    }
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    fs::write(path, bytes)?;
    Ok(true)
}

/// Removes a file, link or folder (not what a link points to). A read-only
/// file is removed too: Windows refuses to delete one (a student's tool, a
/// checkout) until its read-only attribute is cleared, which is done then.
/// On Unix a file's own mode never stops its removal.
fn remove(path: &Path) -> io::Result<()> {
    let once = |path: &Path| {
        if fs::symlink_metadata(path)?.is_dir() { fs::remove_dir_all(path) } else { fs::remove_file(path) }
    };
    match once(path) {
        Err(e) if cfg!(windows) && e.kind() == io::ErrorKind::PermissionDenied => {
            clear_read_only(path)?;
            once(path)
        }
        done => done,
    }
}

/// Clears the read-only attribute of `path` and, for a folder, of
/// everything in it (links are not followed). Windows only: on Unix it would
/// make files writable by everyone.
fn clear_read_only(path: &Path) -> io::Result<()> {
    let meta = fs::symlink_metadata(path)?;
    if meta.is_dir() {
        for entry in fs::read_dir(path)? {
            clear_read_only(&entry?.path())?;
        }
    }
    let mut perms = meta.permissions();
    if perms.readonly() && !meta.file_type().is_symlink() {
        #[allow(clippy::permissions_set_readonly_false)] // Windows' attribute (see above)
        perms.set_readonly(false);
        fs::set_permissions(path, perms)?;
    }
    Ok(())
}
