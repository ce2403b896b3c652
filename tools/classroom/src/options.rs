//! The command line of `grade`.

use std::path::PathBuf;
use std::time::Duration;

/// What to grade and how.
#[derive(Debug, Clone)]
pub struct Options {
    /// The lab, as given (`lab04_keyframes`, `lab04`, `04`).
    pub lab: String,
    /// Where reports go.
    pub out: PathBuf,
    /// One folder per student, or one student's own folder.
    pub submissions: PathBuf,
    /// The course whose pristine grader is used.
    pub course: PathBuf,
    /// Scratch folder: the pristine tree, the shared target folder, work files.
    pub scratch: PathBuf,
    /// The shared cargo target folder (default: SCRATCH/target).
    pub target_dir: Option<PathBuf>,
    /// Time limit of one step test.
    pub timeout: Duration,
    /// Time limit of one submission's build.
    pub build_timeout: Duration,
    /// Address-space limit of one step test, MiB (0: none).
    pub memory_mb: u64,
    /// Submissions in flight at once (one building, the others testing).
    pub jobs: usize,
    /// SUBMISSIONS is one student's submission, whatever it holds.
    pub one: bool,
    /// Characters kept of one test's message.
    pub message_chars: usize,
}

/// The usage text.
pub const USAGE: &str = "\
usage: grade --lab LAB --out OUT [options] SUBMISSIONS

Grades each student's files with the course's own, pristine grader: one
process per step test, with a time and a memory limit.

  SUBMISSIONS          a folder with one folder per student, or one student's
                       checkout (or lab folder) to see its own points
  --one                SUBMISSIONS is one student's submission, whatever it
                       holds (Gradescope, GitHub Classroom)
  --lab LAB            lab01_hierarchy ... lab08_inverse_kinematics (or lab04, 04)
  --out OUT            reports: OUT/class.csv, OUT/<student>/results.json,
                       junit.xml, classroom.json
  --timeout SECONDS    time limit per step test (default 10)
  --memory MIB         memory limit per step test (default 4096; 0: none): the
                       address space on Linux, each process's committed memory
                       on Windows; macOS enforces none (grade says so)
  --jobs N             submissions in flight: one builds while N-1 run tests
                       (default 1)
  --build-timeout S    time limit per submission's build (default 600)
  --course DIR         the course to take the grader from (default: the one
                       this tool was built from)
  --scratch DIR        pristine tree and shared target folder
                       (default: COURSE/target/grading)
  --target-dir DIR     the shared cargo target folder (default: SCRATCH/target;
                       CI passes the course's own target/ to reuse its build)
";

/// Parses the arguments after the program name.
pub fn parse(args: &[String]) -> Result<Options, String> {
    let course_default = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (mut lab, mut out, mut subs, mut course, mut scratch, mut target_dir) = (None, None, None, None, None, None);
    let (mut timeout, mut build_timeout, mut memory_mb, mut jobs) = (10.0f64, 600.0f64, 4096u64, 1usize);
    let mut one = false;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = || {
            inline.clone().or_else(|| it.next().cloned()).ok_or_else(|| format!("{flag} needs a value (see --help)"))
        };
        let number = |v: String, what: &str| -> Result<f64, String> {
            v.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0)
                .ok_or_else(|| format!("{flag} takes {what}, not `{v}`"))
        };
        match flag {
            "-h" | "--help" => return Err(String::new()),
            "--one" => one = true,
            "--lab" => lab = Some(value()?),
            "--out" => out = Some(PathBuf::from(value()?)),
            "--course" => course = Some(PathBuf::from(value()?)),
            "--scratch" => scratch = Some(PathBuf::from(value()?)),
            "--target-dir" => target_dir = Some(PathBuf::from(value()?)),
            "--timeout" => timeout = number(value()?, "a number of seconds")?,
            "--build-timeout" => build_timeout = number(value()?, "a number of seconds")?,
            "--memory" => memory_mb = number(value()?, "a number of MiB")? as u64,
            "--jobs" => jobs = number(value()?, "a number of jobs")?.max(1.0) as usize,
            f if f.starts_with('-') && f.len() > 1 => return Err(format!("unknown option {f} (see --help)")),
            _ if subs.is_none() => subs = Some(PathBuf::from(arg)),
            _ => return Err(format!("one SUBMISSIONS folder only: `{arg}` is one too many")),
        }
    }
    if timeout <= 0.0 {
        return Err("--timeout must be more than 0 seconds".into());
    }
    let lab = lab.ok_or("--lab is missing: name the lab to grade, e.g. --lab lab04_keyframes")?;
    let out = out.ok_or("--out is missing: name the folder for the reports, e.g. --out grades")?;
    let submissions = subs.ok_or("SUBMISSIONS is missing: name the folder that holds one folder per student")?;
    let course = course.unwrap_or(course_default);
    let scratch = scratch.unwrap_or_else(|| course.join("target/grading"));
    Ok(Options {
        lab,
        out,
        submissions,
        course,
        scratch,
        target_dir,
        timeout: Duration::from_secs_f64(timeout),
        build_timeout: Duration::from_secs_f64(build_timeout),
        memory_mb,
        jobs,
        one,
        message_chars: 1500,
    })
}
