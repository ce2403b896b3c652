//! Finding a student's files in a submission, without following links.
//!
//! For each student file of the lab (`src/exercise.rs` inside `labNN_name`),
//! a submission folder `S` is searched in this order, and the first hit wins:
//! `S/labNN_name/src/exercise.rs` (a whole copy of the course),
//! `S/src/exercise.rs` (the lab's folder), `S/exercise.rs` (the file alone),
//! then `S/D/labNN_name/src/exercise.rs` for one folder `D` (a course copy
//! unpacked from an archive). No symbolic link is followed anywhere on the
//! way; a file that is not a regular file, larger than [`MAX_FILE`] or not
//! UTF-8 is refused with a note.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use crate::config::LabSpec;

/// The largest student file taken, in bytes.
pub const MAX_FILE: u64 = 1 << 20;

/// One student file found in a submission.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The file's path inside the lab folder (`src/exercise.rs`).
    pub lab_file: String,
    /// Where it was, relative to the submission folder (`exercise.rs`).
    pub shown: String,
    /// Its text.
    pub text: String,
}

/// What a submission holds for one lab.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Discovery {
    /// The student files found and read.
    pub files: Vec<Found>,
    /// Things refused or ignored, for the report (links, duplicates, files left out).
    pub notes: Vec<String>,
    /// Why the submission cannot be graded (a file that exists but cannot be read).
    pub error: Option<String>,
}

enum Probe {
    Absent,
    Link(String),
    File(PathBuf),
    NotRegular(String),
}

/// Looks at `rel` inside `root` one component at a time, never through a link.
fn probe(root: &Path, rel: &str) -> Probe {
    let mut path = root.to_path_buf();
    let parts: Vec<&str> = rel.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        path.push(part);
        let shown = parts[..=i].join("/");
        let Ok(meta) = fs::symlink_metadata(&path) else { return Probe::Absent };
        let ty = meta.file_type();
        if ty.is_symlink() {
            return Probe::Link(shown);
        }
        let last = i + 1 == parts.len();
        if last {
            return if ty.is_file() { Probe::File(path) } else { Probe::NotRegular(shown) };
        }
        if !ty.is_dir() {
            return Probe::Absent;
        }
    }
    Probe::Absent
}

/// Reads a regular file as UTF-8 text, checking that the file opened is the
/// one looked at (not a link swapped in) and that it is not too large.
pub fn read_text(path: &Path, shown: &str) -> Result<String, String> {
    let (mut file, after, same) = open_unfollowed(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    if !same || !after.is_file() {
        return Err(format!("{shown} changed into a link or special file while it was read: not followed"));
    }
    if after.len() > MAX_FILE {
        return Err(format!("{shown} is {} bytes, over the limit of {MAX_FILE}: is it the right file?", after.len()));
    }
    let mut bytes = Vec::new();
    file.by_ref().take(MAX_FILE + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {shown}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("{shown} is not UTF-8 text (invalid byte at offset {}): save it as UTF-8", e.utf8_error().valid_up_to())
    })
}

/// Opens `path` for reading: the file, the metadata of what was opened, and
/// whether that is what was looked at (`false`: a link was swapped in).
/// On Unix: not a link, and the same device and inode before and after.
#[cfg(unix)]
fn open_unfollowed(path: &Path) -> std::io::Result<(fs::File, fs::Metadata, bool)> {
    use std::os::unix::fs::MetadataExt;
    let before = fs::symlink_metadata(path)?;
    let file = fs::File::open(path)?;
    let after = file.metadata()?;
    let same = !before.file_type().is_symlink() && (before.dev(), before.ino()) == (after.dev(), after.ino());
    Ok((file, after, same))
}

/// On Windows: the path is opened without following a link (a link or
/// junction is opened itself, and its metadata says so), in one step.
#[cfg(windows)]
fn open_unfollowed(path: &Path) -> std::io::Result<(fs::File, fs::Metadata, bool)> {
    use std::os::windows::fs::OpenOptionsExt;
    use windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT;
    let file = fs::OpenOptions::new().read(true).custom_flags(FILE_FLAG_OPEN_REPARSE_POINT).open(path)?;
    let meta = file.metadata()?;
    let same = !meta.file_type().is_symlink();
    Ok((file, meta, same))
}

/// What a reviewer may want to look at in a student file: things that reach
/// outside the lab's maths (files, processes, the network, the harness's
/// output, the reference solution). Grading does not act on them: it runs a
/// student's code inside the test process, so code that sets out to cheat
/// could print a pass itself; this list makes such code easy to spot. Only
/// what the course's own `stub` of the file does not use already is named.
pub fn for_review(text: &str, stub: &str, lab: &str) -> Vec<String> {
    let own = [format!("{lab}::solution"), "crate::solution".to_string(), "super::solution".to_string()];
    const WATCH: [&str; 15] = [
        "process::exit",
        "process::Command",
        "std::fs",
        "std::net",
        "std::env",
        "io::stdout",
        "io::stderr",
        "libc::",
        "extern \"",
        "asm!",
        "unsafe",
        "include!",
        "include_str!",
        "include_bytes!",
        "#[path",
    ];
    let words = WATCH.iter().map(|w| w.to_string()).chain(own);
    words.filter(|w| text.contains(w.as_str()) && !stub.contains(w.as_str())).collect()
}

/// The places searched for `file` of `lab` inside a submission, in order
/// (see the module docs); the last one is searched under each sub-folder.
pub fn candidates(lab: &LabSpec, file: &str) -> Vec<String> {
    let base = file.rsplit('/').next().unwrap_or(file).to_string();
    let mut c = vec![format!("{}/{file}", lab.name), file.to_string(), base];
    c.dedup();
    c
}

/// Finds and reads the lab's student files in the submission folder `sub`.
pub fn discover(sub: &Path, lab: &LabSpec) -> Discovery {
    let mut d = Discovery::default();
    let subdirs = subfolders(sub);
    for file in &lab.files {
        let mut hits: Vec<(String, PathBuf)> = Vec::new();
        let mut tried = candidates(lab, file);
        for d2 in &subdirs {
            tried.push(format!("{d2}/{}/{file}", lab.name));
        }
        for rel in &tried {
            match probe(sub, rel) {
                Probe::Absent => {}
                Probe::Link(at) => d.notes.push(format!("{at} is a symbolic link: not followed")),
                Probe::NotRegular(at) => d.notes.push(format!("{at} is not a regular file: ignored")),
                Probe::File(path) => hits.push((rel.clone(), path)),
            }
        }
        d.notes.dedup();
        let Some((shown, path)) = hits.first().cloned() else { continue };
        for (other, _) in &hits[1..] {
            d.notes.push(format!("{other} ignored: {shown} was taken for {file}"));
        }
        match read_text(&path, &shown) {
            Ok(text) => d.files.push(Found { lab_file: file.clone(), shown, text }),
            Err(e) => d.error = d.error.take().or(Some(e)),
        }
    }
    if d.error.is_none() && d.files.is_empty() {
        let first = &lab.files[0];
        let base = first.rsplit('/').next().unwrap_or(first);
        let looked = candidates(lab, first).join(", ");
        d.error = Some(format!("no {base} found (looked for {looked} and */{}/{first})", lab.name));
    } else if !d.files.is_empty() {
        for file in &lab.files {
            if !d.files.iter().any(|f| &f.lab_file == file) {
                d.notes.push(format!("no {file} handed in: the course's own copy is used"));
            }
        }
    }
    d
}

/// The sub-folders of `dir` (not links, not hidden), by name.
fn subfolders(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.starts_with('.'))
        .collect();
    names.sort();
    names
}

/// One student: a folder of the submissions folder.
#[derive(Debug, Clone, PartialEq)]
pub struct Student {
    /// The folder's name, exactly (lossy only where it is not UTF-8).
    pub name: String,
    /// The folder.
    pub path: PathBuf,
    /// Set when the folder itself is refused (a symbolic link).
    pub refused: Option<String>,
}

/// The students in `dir`: `dir` itself when it holds the lab's files directly
/// (one student's checkout or lab folder), else each folder inside it that is
/// not hidden and not in `skip` (the output and scratch folders). With `one`,
/// `dir` is one student's submission whatever it holds.
pub fn students(dir: &Path, lab: &LabSpec, skip: &[PathBuf], one: bool) -> Result<Vec<Student>, String> {
    let meta = fs::metadata(dir).map_err(|e| {
        format!(
            "the submissions folder {} cannot be read ({e}): pass the folder that holds one folder per student",
            dir.display()
        )
    })?;
    if !meta.is_dir() {
        return Err(format!("{} is not a folder: pass the folder that holds one folder per student", dir.display()));
    }
    let own =
        one || lab.files.iter().any(|f| candidates(lab, f).iter().any(|c| matches!(probe(dir, c), Probe::File(_))));
    if own {
        let canon = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let name = canon.file_name().map_or("submission".into(), |n| n.to_string_lossy().into_owned());
        return Ok(vec![Student { name, path: dir.to_path_buf(), refused: None }]);
    }
    let skip: Vec<PathBuf> = skip.iter().filter_map(|p| p.canonicalize().ok()).collect();
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(ty) = entry.file_type() else { continue };
        if name.starts_with('.') || entry.path().canonicalize().is_ok_and(|c| skip.contains(&c)) {
            continue;
        }
        if ty.is_symlink() {
            let why = format!("the submission folder {name} is a symbolic link: not followed");
            found.push(Student { name, path: entry.path(), refused: Some(why) });
        } else if ty.is_dir() {
            found.push(Student { name, path: entry.path(), refused: None });
        }
    }
    found.sort_by(|a, b| a.name.cmp(&b.name));
    if found.is_empty() {
        return Err(format!(
            "{} holds no student folders and none of {}'s files: put one folder per student in it",
            dir.display(),
            lab.name
        ));
    }
    Ok(found)
}

/// A folder name for a student's reports under OUT: the student's name with
/// only what a path cannot hold replaced (`/`, control characters, a leading
/// dot), made unique against `used`.
pub fn out_name(name: &str, used: &mut Vec<String>) -> String {
    let mut s: String = name
        .chars()
        .map(|c| if c == '/' || c == '\\' || c.is_control() || c == '\u{FFFD}' { '_' } else { c })
        .collect();
    if s.starts_with('.') || s.is_empty() {
        s.insert(0, '_');
    }
    let mut unique = s.clone();
    let mut n = 2;
    while used.iter().any(|u| u == &unique) || unique == "class.csv" {
        unique = format!("{s}~{n}");
        n += 1;
    }
    used.push(unique.clone());
    unique
}
