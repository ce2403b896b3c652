//! Running one process with limits: a wall-clock time limit (the whole
//! process group is killed when it runs out), an address-space limit set by
//! `/bin/sh`'s `ulimit -v` before it `exec`s the program (a CPU-time limit,
//! `ulimit -t`, as a backstop, and no core dumps either), captured output kept to a cap, and no variable that looks like
//! a secret in its environment.

use std::ffi::OsStr;
use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The limits of one run.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Wall-clock time before the process group is killed.
    pub timeout: Duration,
    /// Address-space limit in MiB (`ulimit -v`); 0 for none.
    pub memory_mb: u64,
    /// CPU-time limit in seconds (`ulimit -t`); 0 for none.
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

/// The shell line that sets the limits and then becomes the program: `$1`
/// is the memory limit in KiB, `$2` the CPU limit in seconds (0: none), the
/// rest the command.
const LIMITS_SH: &str = "ulimit -c 0 2>/dev/null; \
    if [ \"$1\" != 0 ]; then ulimit -v \"$1\" || exit 125; fi; \
    if [ \"$2\" != 0 ]; then ulimit -t \"$2\" || exit 125; fi; shift 2; exec \"$@\"";

/// Runs `program args` in `cwd` with `env` added, under `limits`.
pub fn run_limited<S: AsRef<OsStr>>(
    program: &Path,
    args: &[S],
    cwd: &Path,
    env: &[(&str, &OsStr)],
    limits: &Limits,
) -> std::io::Result<Ran> {
    let mut cmd = Command::new("/bin/sh");
    cmd.arg("-c").arg(LIMITS_SH).arg("sh").arg((limits.memory_mb * 1024).to_string());
    cmd.arg(limits.cpu_s.to_string()).arg(program);
    cmd.args(args).current_dir(cwd).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, _) in std::env::vars_os() {
        if hidden(&k.to_string_lossy()) {
            cmd.env_remove(k);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.process_group(0);
    let start = Instant::now();
    let mut child = cmd.spawn()?;
    let cap = limits.output_cap;
    let out = child.stdout.take().map(|p| thread::spawn(move || capture(p, cap)));
    let err = child.stderr.take().map(|p| thread::spawn(move || capture(p, cap)));
    let (status, timed_out) = wait_until(&mut child, start + limits.timeout);
    // Whatever the program started is stopped too, so no pipe stays open.
    kill_group(child.id());
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

fn wait_until(child: &mut Child, deadline: Instant) -> (Option<ExitStatus>, bool) {
    let mut nap = Duration::from_millis(1);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return (Some(status), false),
            Ok(None) if Instant::now() >= deadline => {
                kill_group(child.id());
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

/// Sends SIGKILL to the process group `pgid` (the shell's `kill`, as std has
/// no `killpg`); a group that is gone already is not an error.
fn kill_group(pgid: u32) {
    let _ = Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("kill -KILL -{pgid} 2>/dev/null"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
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
