//! Limits on Linux and macOS: `/bin/sh` sets them with `ulimit` and then
//! `exec`s the program, which runs in a process group of its own so that a
//! kill reaches everything it started.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};

use super::Limits;

/// What this system's limits are, for the reports and INSTRUCTORS.md.
#[cfg(not(target_os = "macos"))]
pub const PLATFORM_LIMITS: &str = "address space (ulimit -v), CPU time (ulimit -t), no core dumps, \
    the process group killed after each test";
/// What this system's limits are, for the reports and INSTRUCTORS.md.
#[cfg(target_os = "macos")]
pub const PLATFORM_LIMITS: &str = "CPU time (ulimit -t), no core dumps, the process group killed after each \
    test; no memory limit: macOS does not enforce an address-space limit";

/// The shell line that sets the limits and then becomes the program: `$1`
/// is the memory limit in KiB, `$2` the CPU limit in seconds (0: none), the
/// rest the command.
#[cfg(not(target_os = "macos"))]
const LIMITS_SH: &str = "ulimit -c 0 2>/dev/null; \
    if [ \"$1\" != 0 ]; then ulimit -v \"$1\" || exit 125; fi; \
    if [ \"$2\" != 0 ]; then ulimit -t \"$2\" || exit 125; fi; shift 2; exec \"$@\"";
/// The same without `ulimit -v`: macOS refuses or ignores an address-space
/// limit (RLIMIT_AS is not enforced by its kernel).
#[cfg(target_os = "macos")]
const LIMITS_SH: &str = "ulimit -c 0 2>/dev/null; \
    if [ \"$2\" != 0 ]; then ulimit -t \"$2\" || exit 125; fi; shift 2; exec \"$@\"";

/// The command that runs `program` under `limits` (its arguments follow).
pub fn command(program: &Path, limits: &Limits) -> std::io::Result<Command> {
    let mut cmd = Command::new("/bin/sh");
    cmd.arg("-c").arg(LIMITS_SH).arg("sh").arg((limits.memory_mb * 1024).to_string());
    cmd.arg(limits.cpu_s.to_string()).arg(program);
    cmd.process_group(0);
    Ok(cmd)
}

/// The process group of one run.
pub struct Group(u32);

impl Group {
    /// Takes hold of the child's group (the limits are set already).
    pub fn hold(child: &mut Child, _limits: &Limits) -> std::io::Result<Group> {
        Ok(Group(child.id()))
    }

    /// Sends SIGKILL to the process group (the shell's `kill`, as std has no
    /// `killpg`); a group that is gone already is not an error.
    pub fn kill_all(&self) {
        let _ = Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("kill -KILL -{} 2>/dev/null", self.0))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

/// Whether the process `pid` is still running (for a stale lock file).
pub fn alive(pid: u32) -> bool {
    if Path::new("/proc/self").exists() {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    Command::new("/bin/sh")
        .arg("-c")
        .arg(format!("kill -0 {pid} 2>/dev/null"))
        .stdin(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}
