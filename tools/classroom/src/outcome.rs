//! What one step test's process says: passed, failed (with the grader's own
//! diagnosis), timed out or crashed.

use std::process::ExitStatus;

use crate::process::Ran;
use crate::report::cut;

/// How a step test ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The test passed.
    Passed,
    /// The test failed (an assertion or a panic, e.g. a `todo!()` stub).
    Failed,
    /// The time limit stopped it.
    TimedOut,
    /// The process died without a result (signal, abort, stack overflow, exit).
    Crashed,
    /// Not run: the submission could not be built or has no files.
    NotRun,
}

impl Status {
    /// The word reports use.
    pub fn word(self) -> &'static str {
        match self {
            Status::Passed => "passed",
            Status::Failed => "failed",
            Status::TimedOut => "timed out",
            Status::Crashed => "crashed",
            Status::NotRun => "not run",
        }
    }
}

/// The classification of one run of `EXE --exact name`, and the message
/// for the student (at most `max` characters).
pub fn classify(name: &str, ran: &Ran, timeout_s: f64, memory_mb: u64, max: usize) -> (Status, String) {
    if ran.timed_out {
        return (
            Status::TimedOut,
            format!(
                "timed out: still running after {timeout_s} s and stopped (a loop that never ends, or a cursor that never advances?)"
            ),
        );
    }
    let result = |word: &str| ran.stdout.lines().any(|l| l == format!("test {name} ... {word}"));
    let success = ran.status.is_some_and(|s| s.success());
    if result("ok") && success {
        return (Status::Passed, String::new());
    }
    if result("FAILED") {
        return (Status::Failed, cut(&panic_message(name, &ran.stdout), max));
    }
    if result("ignored") {
        return (Status::Failed, "the grader marks this test #[ignore]: it earns nothing".into());
    }
    let why = crash_reason(ran, memory_mb);
    let tail: Vec<&str> = ran.stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let tail = tail[tail.len().saturating_sub(6)..].join("\n");
    let text = if tail.is_empty() { why } else { format!("{why}\n{tail}") };
    (Status::Crashed, cut(&text, max))
}

fn crash_reason(ran: &Ran, memory_mb: u64) -> String {
    let err = &ran.stderr;
    if err.contains("has overflowed its stack") {
        return "crashed: stack overflow (a recursion that never reaches its base case?)".into();
    }
    if err.contains("memory allocation of") {
        return format!(
            "crashed: out of memory (the limit is {memory_mb} MiB; an allocation that never stops growing?)"
        );
    }
    match ran.status {
        Some(s) => match by_system(s) {
            Some(why) => why,
            None if s.code() == Some(125) && cfg!(unix) => {
                "the grader could not set the memory limit (ulimit -v failed)".into()
            }
            None => format!(
                "crashed: the process exited with code {} before the test reported a result (std::process::exit?)",
                s.code().unwrap_or(-1)
            ),
        },
        None => "crashed: the process could not be waited for".into(),
    }
}

/// How the system ended the process, if it did: a signal on Unix.
#[cfg(unix)]
fn by_system(s: ExitStatus) -> Option<String> {
    use std::os::unix::process::ExitStatusExt;
    Some(match s.signal()? {
        6 => "crashed: the process aborted (std::process::abort, or a panic inside a panic)".into(),
        11 => "crashed: segmentation fault".into(),
        9 => "crashed: killed (out of memory?)".into(),
        24 => "crashed: used up its CPU time (a loop that never ends?)".into(),
        n => format!("crashed: killed by signal {n}"),
    })
}

/// How the system ended the process, if it did: an NTSTATUS exit code, or
/// the job's CPU-time limit, on Windows.
#[cfg(windows)]
fn by_system(s: ExitStatus) -> Option<String> {
    Some(match s.code()? as u32 {
        // STATUS_STACK_BUFFER_OVERRUN: __fastfail, which std::process::abort uses.
        0xC000_0409 => "crashed: the process aborted (std::process::abort, or a panic inside a panic)".into(),
        0xC000_0005 => "crashed: access violation (a segmentation fault)".into(),
        0xC000_00FD => "crashed: stack overflow (a recursion that never reaches its base case?)".into(),
        0xC000_0017 => "crashed: out of memory".into(),
        crate::process::CPU_LIMIT_EXIT => "crashed: used up its CPU time (a loop that never ends?)".into(),
        code if code >= 0xC000_0000 => format!("crashed: the system ended it with status {code:#010X}"),
        _ => return None,
    })
}

/// The grader's diagnosis from libtest's failure section of `name`: the
/// panic message, without the location line and the backtrace note.
pub fn panic_message(name: &str, stdout: &str) -> String {
    let header = format!("---- {name} stdout ----");
    let Some(start) = stdout.find(&header) else { return "failed (no message)".into() };
    let section = &stdout[start + header.len()..];
    let end = section.find("\nfailures:\n").or_else(|| section.find("\n---- ")).unwrap_or(section.len());
    let section = &section[..end];
    let mut lines = section.lines().skip_while(|l| !(l.starts_with("thread '") && l.contains("panicked at")));
    let Some(first) = lines.next() else { return section.trim().to_string() };
    let mut msg: Vec<&str> = Vec::new();
    // `thread 'x' panicked at src/file.rs:1:2:` puts the message on the next
    // lines; older toolchains put it after a comma on the same line.
    if let Some((_, rest)) = first.split_once("', ").filter(|(_, r)| !r.ends_with(':')) {
        msg.push(rest);
    }
    msg.extend(lines.take_while(|l| !l.starts_with("note: run with `RUST_BACKTRACE")));
    msg.join("\n").trim().to_string()
}
