//! Running one process with limits: a wall-clock time limit (the process and
//! everything it started are killed when it runs out, and after every run),
//! a memory limit, a CPU-time limit as a backstop, no core dumps, captured
//! output kept to a cap, and no variable that looks like a secret in its
//! environment.
//!
//! How the limits are set depends on the system ([`PLATFORM_LIMITS`]): on
//! Linux and macOS `/bin/sh` sets them with `ulimit` before it `exec`s the
//! program, in a process group of its own (`unix.rs`); on Windows a Job
//! Object holds the process and its children (`windows.rs`).

use std::ffi::OsStr;
use std::io::Read;
use std::path::Path;
use std::process::{Child, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

#[cfg(unix)]
#[path = "process/unix.rs"]
mod platform;
#[cfg(windows)]
#[path = "process/windows.rs"]
mod platform;

#[cfg(windows)]
pub use platform::CPU_LIMIT_EXIT;
pub use platform::{PLATFORM_LIMITS, alive};

/// What a system does with [`Limits::memory_mb`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemoryLimit {
    /// The address space of the process (`ulimit -v`): Linux and the other
    /// Unixes but macOS.
    AddressSpace,
    /// The committed memory of each process in the run's Job Object: Windows.
    CommittedPerProcess,
    /// None: macOS's kernel does not enforce an address-space limit, so none
    /// is set, and `grade` says so when it starts ([`PLATFORM_LIMITS`]).
    NotEnforced,
}

/// What this system does with [`Limits::memory_mb`] (the tests check it
/// does that, and that [`PLATFORM_LIMITS`] says so).
pub const MEMORY_LIMIT: MemoryLimit = if cfg!(windows) {
    MemoryLimit::CommittedPerProcess
} else if cfg!(target_os = "macos") {
    MemoryLimit::NotEnforced
} else {
    MemoryLimit::AddressSpace
};

/// The limits of one run.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Wall-clock time before the process group is killed.
    pub timeout: Duration,
    /// Memory limit in MiB, 0 for none: the address space on Linux
    /// (`ulimit -v`), the committed memory of each process on Windows;
    /// not set on macOS, whose kernel does not enforce it ([`MEMORY_LIMIT`]).
    pub memory_mb: u64,
    /// CPU-time limit in seconds (`ulimit -t`; the job's user time on
    /// Windows); 0 for none.
    pub cpu_s: u64,
    /// Bytes of each of stdout and stderr kept (the start and the end).
    pub output_cap: usize,
}

/// What a run gave.
#[derive(Debug)]
pub struct Ran {
    /// The exit status (`None` if it could not be waited for).
    pub status: Option<ExitStatus>,
    /// Whether the time limit killed it.
    pub timed_out: bool,
    /// Captured standard output (lossy UTF-8, cut in the middle past the cap).
    pub stdout: String,
    /// Captured standard error.
    pub stderr: String,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// Runs `program args` in `cwd` with `env` added, under `limits`.
pub fn run_limited<S: AsRef<OsStr>>(
    program: &Path,
    args: &[S],
    cwd: &Path,
    env: &[(&str, &OsStr)],
    limits: &Limits,
) -> std::io::Result<Ran> {
    let mut cmd = platform::command(program, limits)?;
    cmd.args(args).current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, _) in std::env::vars_os() {
        if hidden(&k.to_string_lossy()) {
            cmd.env_remove(k);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let group = match platform::Group::hold(&mut child, limits) {
        Ok(g) => g,
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
    };
    let cap = limits.output_cap;
    let out = child.stdout.take().map(|p| thread::spawn(move || capture(p, cap)));
    let err = child.stderr.take().map(|p| thread::spawn(move || capture(p, cap)));
    let (status, timed_out) = wait_until(&mut child, &group, start + limits.timeout);
    // Whatever the program started is stopped too, so no pipe stays open.
    group.kill_all();
    let join = |h: Option<thread::JoinHandle<String>>| h.and_then(|h| h.join().ok()).unwrap_or_default();
    let (stdout, stderr) = (join(out), join(err));
    Ok(Ran { status, timed_out, stdout, stderr, seconds: start.elapsed().as_secs_f64() })
}

/// Variables a student's code never sees: names that look like secrets, and
/// libtest's own settings (they would change the output that is read).
pub fn hidden(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    ["TOKEN", "SECRET", "PASSWORD", "CREDENTIAL"].iter().any(|w| upper.contains(w)) || upper.starts_with("RUST_TEST_")
}

fn wait_until(child: &mut Child, group: &platform::Group, deadline: Instant) -> (Option<ExitStatus>, bool) {
    let mut nap = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return (Some(status), false),
            Ok(None) if Instant::now() >= deadline => {
                group.kill_all();
                let _ = child.kill();
                return (child.wait().ok(), true);
            }
            Ok(None) => {
                thread::sleep(nap);
                nap = (nap * 2).min(Duration::from_millis(20));
            }
            Err(_) => return (None, false),
        }
    }
}

/// Reads a pipe to its end, keeping the first and last `cap / 2` bytes.
fn capture(mut pipe: impl Read, cap: usize) -> String {
    let half = (cap / 2).max(1);
    let (mut head, mut tail, mut dropped) = (Vec::new(), Vec::new(), 0usize);
    let mut buf = [0u8; 8192];
    while let Ok(n) = pipe.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut chunk = &buf[..n];
        if head.len() < half {
            let take = chunk.len().min(half - head.len());
            head.extend_from_slice(&chunk[..take]);
            chunk = &chunk[take..];
        }
        tail.extend_from_slice(chunk);
        if tail.len() > 2 * half {
            let cut = tail.len() - half;
            dropped += cut;
            tail.drain(..cut);
        }
    }
    let mut text = String::from_utf8_lossy(&head).into_owned();
    if dropped > 0 {
        text.push_str(&format!("\n[... {dropped} bytes of output left out ...]\n"));
    }
    text.push_str(&String::from_utf8_lossy(&tail));
    text
}
