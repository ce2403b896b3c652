//! Before the first student: the configuration, the pristine tree, the
//! baseline build (the lab's reference solution in the student's place, which
//! warms the shared target folder and proves the course builds), and the list
//! of step tests with their points.

use std::fs;
use std::path::{Path, PathBuf};

use crate::config::{self, LabSpec};
use crate::names::{self, TestId};
use crate::options::Options;
use crate::process::{Limits, run_limited};
use crate::submission::{self, Found, Student};
use crate::{compile, tree};

/// Everything the students' grading shares.
#[derive(Debug)]
pub struct Prepared {
    /// Every lab of the course (their files are set in the tree).
    pub labs: Vec<LabSpec>,
    /// The lab graded.
    pub lab: LabSpec,
    /// The course (canonical).
    pub course: PathBuf,
    /// The pristine tree inside the scratch folder.
    pub tree: PathBuf,
    /// The shared cargo target folder.
    pub target: PathBuf,
    /// Per-submission work folders (copied test binaries, TMPDIR).
    pub work: PathBuf,
    /// Folders never copied into the tree.
    pub skip: Vec<PathBuf>,
    /// The step tests, in report order.
    pub columns: Vec<TestId>,
    /// Their points.
    pub points: Vec<f64>,
    /// The test binaries that hold step tests.
    pub binaries: Vec<String>,
    /// Held for the whole run: one run per scratch folder at a time.
    pub lock: Option<Lock>,
}

/// `SCRATCH/lock`, holding this process's id; removed when dropped. A lock
/// whose process is gone is taken over.
#[derive(Debug)]
pub struct Lock(PathBuf);

impl Lock {
    fn take(scratch: &Path) -> Result<Lock, String> {
        let path = scratch.join("lock");
        for _ in 0..2 {
            match fs::OpenOptions::new().write(true).create_new(true).open(&path) {
                Ok(mut f) => {
                    use std::io::Write;
                    let _ = write!(f, "{}", std::process::id());
                    return Ok(Lock(path));
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    let pid = fs::read_to_string(&path).unwrap_or_default();
                    let pid = pid.trim();
                    if pid.parse().is_ok_and(crate::process::alive) {
                        return Err(format!(
                            "another grade run (process {pid}) is using {}: wait for it, or pass another --scratch",
                            scratch.display()
                        ));
                    }
                    let _ = fs::remove_file(&path);
                }
                Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
            }
        }
        Err(format!("cannot take {}: remove it if no grade run is using it", path.display()))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Checks the input, builds the baseline and lists the step tests.
pub fn prepare(o: &Options) -> Result<(Prepared, Vec<Student>), String> {
    let course = tree::canonical(&o.course)
        .map_err(|e| format!("the course folder {} cannot be read: {e}", o.course.display()))?;
    if !course.join("Cargo.toml").is_file() {
        return Err(format!("{} holds no Cargo.toml: pass the course's folder with --course", course.display()));
    }
    let labs = config::load(&course)?;
    let lab = config::find_lab(&labs, &o.lab)?.clone();
    if !course.join(&lab.name).is_dir() {
        return Err(format!("{} lists {} but the course has no such folder", config::CONFIG_FILE, lab.name));
    }
    fs::create_dir_all(&o.out).map_err(|e| format!("cannot create the output folder {}: {e}", o.out.display()))?;
    fs::create_dir_all(&o.scratch)
        .map_err(|e| format!("cannot create the scratch folder {}: {e}", o.scratch.display()))?;
    let students = submission::students(&o.submissions, &lab, &[o.out.clone(), o.scratch.clone()], o.one)?;
    let scratch = tree::canonical(&o.scratch).map_err(|e| format!("{}: {e}", o.scratch.display()))?;
    let lock = Lock::take(&scratch)?;
    let p = Prepared {
        tree: scratch.join("tree"),
        target: match &o.target_dir {
            Some(t) => {
                fs::create_dir_all(t).map_err(|e| format!("cannot create the target folder {}: {e}", t.display()))?;
                tree::canonical(t).map_err(|e| format!("{}: {e}", t.display()))?
            }
            None => scratch.join("target"),
        },
        work: scratch.join("work"),
        skip: vec![o.out.clone(), scratch.clone(), o.submissions.clone()],
        labs,
        lab,
        course,
        columns: Vec::new(),
        points: Vec::new(),
        binaries: Vec::new(),
        lock: Some(lock),
    };
    eprintln!("grade: syncing the pristine tree {} from {}", p.tree.display(), p.course.display());
    let reference: Vec<Found> = p
        .lab
        .files
        .iter()
        .filter_map(|f| {
            let text = fs::read_to_string(p.course.join(&p.lab.name).join(LabSpec::reference_of(f))).ok()?;
            Some(Found { lab_file: f.clone(), shown: LabSpec::reference_of(f), text })
        })
        .collect();
    set_up_tree(&p, &reference).map_err(|e| format!("cannot write the pristine tree {}: {e}", p.tree.display()))?;
    eprintln!(
        "grade: building {}'s graders with its reference solution (the first time builds every dependency)",
        p.lab.name
    );
    let built = compile::build(&p.tree, &p.target, &p.lab.name, &[], None);
    if !built.ok {
        let why = built.error.as_ref().map(|e| e.rendered.clone()).unwrap_or_else(|| built.failure_without_line());
        return Err(format!(
            "the course's {} does not build with its reference solution in {}:\n{why}",
            p.lab.name,
            p.tree.display()
        ));
    }
    let mut all = Vec::new();
    for (binary, exe) in &built.executables {
        all.extend(names::parse_list(binary, &list_tests(exe, &p.tree.join(&p.lab.name))?));
    }
    let columns = names::step_tests(&all);
    if columns.is_empty() {
        return Err(format!("{} has no step tests (tests named stepN_...): nothing to grade", p.lab.name));
    }
    let points = names::points(&columns, &p.lab.points)
        .map_err(|e| format!("{} [{}.points]: {e}", config::CONFIG_FILE, p.lab.name))?;
    let mut binaries: Vec<String> = columns.iter().map(|t| t.binary.clone()).collect();
    binaries.sort();
    binaries.dedup();
    Ok((Prepared { columns, points, binaries, ..p }, students))
}

fn list_tests(exe: &Path, cwd: &Path) -> Result<String, String> {
    let limits = Limits { timeout: std::time::Duration::from_secs(120), memory_mb: 0, cpu_s: 0, output_cap: 4 << 20 };
    let ran = run_limited(exe, &["--list", "--format", "terse"], cwd, &[], &limits)
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if !ran.status.is_some_and(|s| s.success()) {
        return Err(format!("{} --list failed: {}", exe.display(), ran.stderr.trim()));
    }
    Ok(ran.stdout)
}

/// Syncs the tree with the course (undoing anything a submission's code
/// changed in it) and sets the student files: `chosen` for the graded lab
/// (the course's own copy where a file is not in `chosen`), the reference for
/// every other lab (so a student's own unfinished labs never break the build).
pub fn set_up_tree(p: &Prepared, chosen: &[Found]) -> std::io::Result<()> {
    tree::sync(&p.course, &p.tree, &p.skip)?;
    for lab in &p.labs {
        for file in &lab.files {
            let text = if lab.name == p.lab.name {
                match chosen.iter().find(|f| &f.lab_file == file) {
                    Some(found) => found.text.as_bytes().to_vec(),
                    None => continue,
                }
            } else {
                match fs::read(p.course.join(&lab.name).join(LabSpec::reference_of(file))) {
                    Ok(bytes) => bytes,
                    Err(_) => continue,
                }
            };
            tree::write_if_changed(&p.tree.join(&lab.name).join(file), &text)?;
        }
    }
    Ok(())
}
