//! Deep hierarchies: assimp and russimp read them recursively (about 1 KiB
//! of stack per level in a debug build), and assimp's BVH importer builds a
//! mesh for the skeleton in time that grows with the cube of the depth.

use std::io::Read;
use std::path::Path;

/// The stack of the import thread: 1 GiB of address space, of which only
/// the pages a file needs are ever touched. Measured: a glTF chain 100,000
/// nodes deep needs between 64 and 128 MiB (import, conversion and drop).
pub(super) const IMPORT_STACK: usize = 1 << 30;

/// Runs `f` on a thread with [`IMPORT_STACK`] of stack (or less, if the
/// system will not give that much), and waits for it. A panic in `f`
/// becomes an error.
pub(super) fn on_big_stack<R: Send>(f: impl Fn() -> Result<R, String> + Sync) -> Result<R, String> {
    std::thread::scope(|scope| {
        for size in [IMPORT_STACK, IMPORT_STACK / 4, IMPORT_STACK / 16] {
            let thread = std::thread::Builder::new().name("model import".into()).stack_size(size);
            if let Ok(handle) = thread.spawn_scoped(scope, &f) {
                return handle.join().unwrap_or_else(|_| Err("the importer crashed on this file".into()));
            }
        }
        f() // no thread at all: the caller's stack is what there is
    })
}

/// For a BVH file (the extension `.bvh`, or `HIERARCHY` in its first 200
/// bytes, as assimp recognises one), how deep its joints nest: the most
/// braces open at once (the End Site counts as a level). `None` for any other
/// file, or one that cannot be read (assimp then says why).
pub(super) fn bvh_levels(path: &Path) -> Option<usize> {
    let by_name = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("bvh"));
    let mut file = std::fs::File::open(path).ok()?;
    let mut head = Vec::with_capacity(200);
    (&mut file).take(200).read_to_end(&mut head).ok()?;
    let by_content = head.to_ascii_uppercase().windows(9).any(|w| w == b"HIERARCHY");
    if !(by_name || by_content) {
        return None;
    }
    let mut levels = 0usize;
    let mut open = 0usize;
    let mut count = |bytes: &[u8]| {
        for &b in bytes {
            match b {
                b'{' => {
                    open += 1;
                    levels = levels.max(open);
                }
                b'}' => open = open.saturating_sub(1),
                _ => {}
            }
        }
    };
    count(&head);
    let mut buffer = vec![0u8; 1 << 16];
    loop {
        match file.read(&mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(n) => count(&buffer[..n]),
        }
    }
    Some(levels)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_the_nesting_of_a_bvh() {
        let path = std::env::temp_dir().join(format!("common-deep-{}.bvh", std::process::id()));
        std::fs::write(&path, "HIERARCHY\nROOT a\n{\n JOINT b\n {\n End Site\n {\n }\n }\n}\nMOTION\n").unwrap();
        assert_eq!(bvh_levels(&path), Some(3));
        let other = path.with_extension("txt");
        std::fs::write(&other, "not a { bvh }").unwrap();
        assert_eq!(bvh_levels(&other), None);
        std::fs::remove_file(path).unwrap();
        std::fs::remove_file(other).unwrap();
    }

    #[test]
    fn a_deep_recursion_fits_the_import_stack() {
        fn down(n: usize) -> usize {
            let frame = std::hint::black_box([0u8; 512]);
            if n == 0 { 0 } else { down(n - 1) + 1 + usize::from(frame[n % 512]) }
        }
        // 100,000 frames of over 512 bytes: far more than a test thread's 2 MiB.
        assert_eq!(on_big_stack(|| Ok(down(100_000))), Ok(100_000));
        assert_eq!(
            on_big_stack(|| -> Result<(), String> { panic!("boom") }),
            Err("the importer crashed on this file".into())
        );
    }
}
