//! Limits on Windows: a Job Object per run. The program starts suspended,
//! joins the job, then runs; the job limits the committed memory of each of
//! its processes (`JOB_OBJECT_LIMIT_PROCESS_MEMORY`) and their user-mode CPU
//! time together (`JOB_OBJECT_LIMIT_JOB_TIME`), ends a process that crashes
//! instead of opening Windows Error Reporting's dialog (so no crash dump
//! either), and kills every process in it when it is closed or terminated,
//! so nothing the test started lives on. Not set on Windows: the address
//! space itself (Windows limits committed memory, what the program really
//! allocates, which is what an out-of-memory test needs).

use std::os::windows::io::AsRawHandle;
use std::os::windows::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command};

use windows_sys::Win32::Foundation::{CloseHandle, HANDLE, INVALID_HANDLE_VALUE, STILL_ACTIVE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, TH32CS_SNAPTHREAD, THREADENTRY32, Thread32First, Thread32Next,
};
use windows_sys::Win32::System::JobObjects::{
    AssignProcessToJobObject, CreateJobObjectW, JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION, JOB_OBJECT_LIMIT_JOB_TIME,
    JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, JOB_OBJECT_LIMIT_PROCESS_MEMORY, JOBOBJECT_EXTENDED_LIMIT_INFORMATION,
    JobObjectExtendedLimitInformation, SetInformationJobObject, TerminateJobObject,
};
use windows_sys::Win32::System::Threading::{
    CREATE_SUSPENDED, GetExitCodeProcess, OpenProcess, OpenThread, PROCESS_QUERY_LIMITED_INFORMATION, ResumeThread,
    THREAD_SUSPEND_RESUME,
};

use super::Limits;

/// What this system's limits are, for the reports and INSTRUCTORS.md.
pub const PLATFORM_LIMITS: &str = "committed memory per process and CPU time (a Job Object), no crash dialog \
    or dump, the job's processes killed after each test; not set: the address space itself";

/// The exit code of a process the job's CPU-time limit ended
/// (`ERROR_NOT_ENOUGH_QUOTA`).
pub const CPU_LIMIT_EXIT: u32 = 1816;

/// The command that runs `program` under `limits`: it starts suspended, and
/// [`Group::hold`] lets it run once it is in its job.
pub fn command(program: &Path, _limits: &Limits) -> std::io::Result<Command> {
    let mut cmd = Command::new(program);
    cmd.creation_flags(CREATE_SUSPENDED);
    Ok(cmd)
}

/// The Job Object of one run; closing it kills what is still in it.
pub struct Group(HANDLE);

// SAFETY: a job handle is a kernel object handle: any thread may use it, and
// it is only closed in `drop`, once.
unsafe impl Send for Group {}
// SAFETY: as above; the calls made through `&Group` (TerminateJobObject) are
// thread-safe in the kernel.
unsafe impl Sync for Group {}

impl Group {
    /// Creates the job with `limits`, puts the suspended `child` in it and
    /// resumes it.
    pub fn hold(child: &mut Child, limits: &Limits) -> std::io::Result<Group> {
        // SAFETY: both arguments may be null (default security, no name);
        // the handle returned is checked before use.
        let job = unsafe { CreateJobObjectW(std::ptr::null(), std::ptr::null()) };
        if job.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        let group = Group(job);
        let mut info = JOBOBJECT_EXTENDED_LIMIT_INFORMATION::default();
        let basic = &mut info.BasicLimitInformation;
        basic.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE | JOB_OBJECT_LIMIT_DIE_ON_UNHANDLED_EXCEPTION;
        if limits.memory_mb > 0 {
            basic.LimitFlags |= JOB_OBJECT_LIMIT_PROCESS_MEMORY;
            let bytes = limits.memory_mb.saturating_mul(1 << 20);
            info.ProcessMemoryLimit = usize::try_from(bytes).unwrap_or(usize::MAX);
        }
        if limits.cpu_s > 0 {
            let basic = &mut info.BasicLimitInformation;
            basic.LimitFlags |= JOB_OBJECT_LIMIT_JOB_TIME;
            // 100-nanosecond ticks.
            basic.PerJobUserTimeLimit = i64::try_from(limits.cpu_s.saturating_mul(10_000_000)).unwrap_or(i64::MAX);
        }
        let size = std::mem::size_of::<JOBOBJECT_EXTENDED_LIMIT_INFORMATION>() as u32;
        // SAFETY: `info` is a live, initialised JOBOBJECT_EXTENDED_LIMIT_INFORMATION
        // of `size` bytes, as JobObjectExtendedLimitInformation requires.
        let set =
            unsafe { SetInformationJobObject(job, JobObjectExtendedLimitInformation, (&raw const info).cast(), size) };
        if set == 0 {
            return Err(std::io::Error::last_os_error());
        }
        let process = child.as_raw_handle() as HANDLE;
        // SAFETY: `job` is the job created above and `process` the child's
        // handle, owned by `child`, which outlives this call.
        if unsafe { AssignProcessToJobObject(job, process) } == 0 {
            return Err(std::io::Error::last_os_error());
        }
        resume(child.id())?;
        Ok(group)
    }

    /// Ends every process in the job (a job that is empty already is fine).
    pub fn kill_all(&self) {
        // SAFETY: `self.0` is a job handle owned by this value, still open.
        unsafe { TerminateJobObject(self.0, 1) };
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        // SAFETY: the handle is owned by this value and closed only here;
        // KILL_ON_JOB_CLOSE then ends anything left in the job.
        unsafe { CloseHandle(self.0) };
    }
}

/// Resumes every thread of the suspended process `pid` (one: its main thread).
fn resume(pid: u32) -> std::io::Result<()> {
    // SAFETY: a snapshot of every thread of the system (process id ignored
    // for TH32CS_SNAPTHREAD); the handle is checked and closed below.
    let snapshot = unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPTHREAD, 0) };
    if snapshot == INVALID_HANDLE_VALUE || snapshot.is_null() {
        return Err(std::io::Error::last_os_error());
    }
    let mut entry = THREADENTRY32 { dwSize: std::mem::size_of::<THREADENTRY32>() as u32, ..Default::default() };
    let mut resumed = 0;
    // SAFETY: `snapshot` is open and `entry` a THREADENTRY32 whose dwSize is
    // set, as Thread32First/Next require.
    let mut more = unsafe { Thread32First(snapshot, &mut entry) } != 0;
    while more {
        if entry.th32OwnerProcessID == pid {
            // SAFETY: opening a thread by id; the handle is checked, used
            // once and closed.
            let thread = unsafe { OpenThread(THREAD_SUSPEND_RESUME, 0, entry.th32ThreadID) };
            if !thread.is_null() {
                // SAFETY: `thread` is an open handle with THREAD_SUSPEND_RESUME.
                unsafe {
                    if ResumeThread(thread) != u32::MAX {
                        resumed += 1;
                    }
                    CloseHandle(thread);
                }
            }
        }
        // SAFETY: as for Thread32First.
        more = unsafe { Thread32Next(snapshot, &mut entry) } != 0;
    }
    // SAFETY: the snapshot handle is open and closed once.
    unsafe { CloseHandle(snapshot) };
    if resumed == 0 {
        return Err(std::io::Error::other(format!("cannot resume process {pid} in its job")));
    }
    Ok(())
}

/// Whether the process `pid` is still running (for a stale lock file).
pub fn alive(pid: u32) -> bool {
    // SAFETY: opening a process by id for a query; the handle is checked,
    // used once and closed.
    unsafe {
        let process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
        if process.is_null() {
            return false;
        }
        let mut code = 0u32;
        let ok = GetExitCodeProcess(process, &mut code) != 0;
        CloseHandle(process);
        ok && code == STILL_ACTIVE as u32
    }
}
