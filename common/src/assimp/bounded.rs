//! assimp trusts what a file says: a count in a header can make it allocate
//! gigabytes before it finds the file too short, and a damaged file can crash
//! it (C++, where no panic can be caught). So every file reads first in a
//! child process, a copy of this very program, whose memory is capped
//! (Linux: `RLIMIT_DATA`, [`HEAP_LIMIT`] beyond the import thread's stack);
//! only a file that reads there within the cap is read again here, where
//! assimp, a deterministic reader, takes the same memory once more.
//!
//! The child needs no `main` of its own: [`CHILD_HOOK`] runs before `main`
//! in every program that links this module (each demo, test and benchmark),
//! and when [`CHILD_ENV`] names a file, it reads that file, says how it went
//! and exits; otherwise it returns at once and the program starts as usual.
//! (The hook is referenced from [`check_in_child`], so that the linker keeps
//! it wherever loading is linked.)
//!
//! On Windows and macOS (assimp by opt-in there) the child still keeps a
//! crash of assimp's out of the program, but its memory is not capped:
//! those systems enforce no data limit this way.

use std::process::{Command, Stdio};

/// Names the file the child reads; set only on the child's command.
pub(super) const CHILD_ENV: &str = "COMMON_ASSIMP_CHILD";

/// What assimp may allocate in the child beyond the import thread's stack
/// (of which only the touched pages count in memory: at most 128 MiB for the
/// deepest hierarchy the course reads, measured in [`super::deep`]). A
/// course model needs a few MiB; the largest real files tested, under 100.
pub const HEAP_LIMIT: u64 = 768 << 20;

/// The child's exit status when assimp refused the file (its one-line
/// reason on standard output).
const REFUSED: i32 = 3;

/// Reads `path` with assimp in a child process under [`HEAP_LIMIT`]:
/// `Ok` when it read cleanly there, else the one-line reason (assimp's own,
/// or that it needed too much memory, or crashed).
pub(super) fn check_in_child(path: &str) -> Result<(), String> {
    // Keep the hook linked: this function is what loading calls.
    std::hint::black_box(&CHILD_HOOK);
    let exe = std::env::current_exe().map_err(|e| format!("cannot start a process to read it in ({e})"))?;
    let run = Command::new(&exe)
        .env(CHILD_ENV, path)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot start a process to read it in ({}: {e})", exe.display()))?;
    let said = String::from_utf8_lossy(&run.stdout).lines().last().unwrap_or("").trim().to_string();
    let stderr = String::from_utf8_lossy(&run.stderr);
    let out_of_memory = ["bad_alloc", "memory allocation", "out of memory", "Out of memory"]
        .iter()
        .any(|m| said.contains(m) || stderr.contains(m));
    match run.status.code() {
        Some(0) => Ok(()),
        _ if out_of_memory => Err(format!(
            "assimp needs more than {} MiB of memory to read it (a damaged file, or far larger than a course \
             model)",
            HEAP_LIMIT >> 20
        )),
        Some(REFUSED) if !said.is_empty() => Err(said),
        _ => Err(format!("assimp crashed reading it (the file is damaged or unsupported; {})", run.status)),
    }
}

/// The child's side: runs before `main` in every program that links this
/// module, and does nothing unless [`CHILD_ENV`] is set.
extern "C" fn child_main() {
    let Some(path) = std::env::var_os(CHILD_ENV) else { return };
    let path = path.to_string_lossy().into_owned();
    cap_memory();
    let code = match super::read_here(&path) {
        Ok(_) => 0,
        Err(reason) => {
            println!("{reason}");
            REFUSED
        }
    };
    std::process::exit(code);
}

/// Caps the child's writable memory: the import thread's stack plus
/// [`HEAP_LIMIT`], plus what the program held at start.
#[cfg(target_os = "linux")]
fn cap_memory() {
    let held = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmData:"))?.to_string();
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(64 << 20, |kib| kib << 10);
    let limit = held + super::deep::IMPORT_STACK as u64 + HEAP_LIMIT;
    let cap = libc::rlimit { rlim_cur: limit, rlim_max: limit };
    // SAFETY: setrlimit reads the struct we pass and changes only this
    // process's limit (the child's; it runs nothing else); a failure leaves
    // the limit as it was, and the import then runs uncapped.
    unsafe {
        libc::setrlimit(libc::RLIMIT_DATA, &cap);
    }
}

/// No data limit on this system (module docs).
#[cfg(not(target_os = "linux"))]
fn cap_memory() {}

/// [`child_main`] in the list of functions the system runs before `main`.
// SAFETY (of the sections): each holds pointers to `extern "C"` functions
// that the program's start-up code calls once, before `main`, on the main
// thread; `child_main` takes no arguments (the ones ELF passes are ignored)
// and uses only what works before `main`: the environment, files, threads,
// standard output and `exit`.
#[used]
#[cfg_attr(
    any(target_os = "linux", target_os = "android", target_os = "freebsd"),
    unsafe(link_section = ".init_array")
)]
#[cfg_attr(target_vendor = "apple", unsafe(link_section = "__DATA,__mod_init_func"))]
#[cfg_attr(windows, unsafe(link_section = ".CRT$XCU"))]
pub(super) static CHILD_HOOK: extern "C" fn() = child_main;
