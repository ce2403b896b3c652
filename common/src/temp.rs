//! Scratch folders for tests and tools that leave nothing behind.
//!
//! A student runs the graders hundreds of times in a term; every file a
//! test writes under the system's temporary folder and forgets (a 10,000
//! joint BVH, screenshots, recordings) stays on their disk until they
//! reboot, or for ever on some systems. A [`TempFolder`] is removed with
//! everything in it when it is dropped, which also happens when the test
//! fails (a panic unwinds through the drop).

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh, empty folder under the system's temporary folder, removed with
/// its contents when dropped. Its name holds the process id and a counter,
/// so tests running in parallel threads or processes never share one.
/// Use it as a [`Path`] (`folder.join("x.png")`).
#[derive(Debug)]
pub struct TempFolder {
    path: PathBuf,
}

impl TempFolder {
    /// Creates `<temp>/<what>-<process id>-<n>`, empty (`what` names the
    /// test in the folder's name, for whoever finds one after a crash).
    pub fn new(what: &str) -> TempFolder {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("{what}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot create the temporary folder {}: {e}", path.display()));
        TempFolder { path }
    }

    /// The path of `name` inside the folder, as text for a command line.
    pub fn file(&self, name: &str) -> String {
        self.path.join(name).display().to_string()
    }

    /// Writes `text` to `name` inside the folder and returns its path as text.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.path.join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        path.display().to_string()
    }
}

impl std::ops::Deref for TempFolder {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TempFolder {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempFolder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::TempFolder;

    #[test]
    fn a_temp_folder_is_fresh_and_gone_after_drop() {
        let (a, b) = (TempFolder::new("common-temp"), TempFolder::new("common-temp"));
        assert_ne!(a.to_path_buf(), b.to_path_buf(), "two folders must not share a path");
        let file = a.write("x.txt", "hello");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "hello");
        std::fs::create_dir(a.join("inner")).unwrap();
        let path = a.to_path_buf();
        drop(a);
        assert!(!path.exists(), "{} is left behind", path.display());
    }

    #[test]
    fn a_temp_folder_is_removed_when_the_test_panics() {
        let mut kept = None;
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let folder = TempFolder::new("common-temp-panic");
            folder.write("x.txt", "hello");
            kept = Some(folder.to_path_buf());
            panic!("a failing test");
        }));
        assert!(result.is_err());
        let path = kept.expect("the folder was made");
        assert!(!path.exists(), "{} is left behind after a panic", path.display());
    }
}
