//! Grading the class: one submission builds at a time in the pristine tree;
//! its test binaries are copied out, and while its step tests run (one
//! process each, under limits) the next submission builds (`--jobs`).

use std::fs;
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::{Condvar, Mutex};
use std::thread;
use std::time::Instant;

use crate::compile;
use crate::names::fmt_points;
use crate::options::Options;
use crate::outcome::{Status, classify};
use crate::prepare::{Prepared, set_up_tree};
use crate::process::{Limits, run_limited};
use crate::report::{StudentResult, TestResult, class_csv, classroom_json, junit_xml, results_json};
use crate::submission::{self, Student};

/// A built submission waiting for its tests.
struct Job {
    index: usize,
    name: String,
    exes: Vec<(String, PathBuf)>,
    work: PathBuf,
    header: String,
    build_s: f64,
}

/// How many submissions may be in flight.
struct Slots {
    free: Mutex<usize>,
    cv: Condvar,
}

impl Slots {
    fn take(&self) {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.cv.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
    }
    fn give(&self) {
        *self.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.cv.notify_one();
    }
}

/// The end of a run.
#[derive(Debug)]
pub struct Summary {
    /// Every student's result, in folder-name order.
    pub results: Vec<StudentResult>,
    /// Reports that could not be written.
    pub write_errors: Vec<String>,
    /// Wall-clock seconds of the whole run, and of grading the students only.
    pub seconds: (f64, f64),
}

/// Grades every submission; reports are written as each student finishes.
pub fn run(o: &Options) -> Result<Summary, String> {
    let start = Instant::now();
    let (p, students) = crate::prepare::prepare(o)?;
    let total_max: f64 = p.points.iter().sum();
    eprintln!(
        "grade: {} step tests in {} ({} points), {} submission(s), {} job(s)",
        p.columns.len(),
        p.binaries.join(", "),
        fmt_points(total_max),
        students.len(),
        o.jobs
    );
    if cfg!(not(target_os = "linux")) {
        // Linux has every limit INSTRUCTORS.md lists; say what differs elsewhere.
        eprintln!("grade: limits on {}: {}", std::env::consts::OS, crate::process::PLATFORM_LIMITS);
    }
    let mut used = Vec::new();
    let dirs: Vec<String> = students.iter().map(|s| submission::out_name(&s.name, &mut used)).collect();
    let graded_from = Instant::now();
    let slots = Slots { free: Mutex::new(o.jobs.max(1)), cv: Condvar::new() };
    let (job_tx, job_rx) = mpsc::channel::<Job>();
    let job_rx = Mutex::new(job_rx);
    let (res_tx, res_rx) = mpsc::channel::<(usize, StudentResult, f64, f64)>();
    let mut results: Vec<Option<StudentResult>> = vec![None; students.len()];
    let mut write_errors = Vec::new();
    thread::scope(|scope| {
        for _ in 0..o.jobs.max(1) {
            let (rx, tx, p, slots) = (&job_rx, res_tx.clone(), &p, &slots);
            scope.spawn(move || {
                loop {
                    let job = rx.lock().unwrap_or_else(|e| e.into_inner()).recv();
                    let Ok(job) = job else { break };
                    let t = Instant::now();
                    let (index, build_s) = (job.index, job.build_s);
                    let result = run_tests(p, o, job);
                    slots.give();
                    let _ = tx.send((index, result, build_s, t.elapsed().as_secs_f64()));
                }
            });
        }
        let builder_tx = res_tx.clone();
        drop(res_tx);
        let (p, slots, students) = (&p, &slots, &students);
        scope.spawn(move || {
            for (index, student) in students.iter().enumerate() {
                slots.take();
                let t = Instant::now();
                match build(p, o, student, index) {
                    Ok(job) => {
                        let _ = job_tx.send(Job { build_s: t.elapsed().as_secs_f64(), ..job });
                    }
                    Err(result) => {
                        slots.give();
                        let _ = builder_tx.send((index, result, t.elapsed().as_secs_f64(), 0.0));
                    }
                }
            }
        });
        for (done, (index, result, build_s, test_s)) in res_rx.iter().enumerate() {
            eprintln!(
                "[{}/{}] {}: {}/{} (build {build_s:.1} s, tests {test_s:.1} s): {}",
                done + 1,
                students.len(),
                result.name,
                fmt_points(result.score()),
                fmt_points(result.max()),
                result.note
            );
            if let Err(e) = write_student(o, &dirs[index], &result) {
                write_errors.push(e);
            }
            results[index] = Some(result);
            let done: Vec<StudentResult> = results.iter().flatten().cloned().collect();
            if let Err(e) = fs::write(o.out.join("class.csv"), class_csv(&p.columns, &done)) {
                write_errors.push(format!("cannot write {}: {e}", o.out.join("class.csv").display()));
            }
        }
    });
    let graded = graded_from.elapsed().as_secs_f64();
    let results: Vec<StudentResult> = results.into_iter().flatten().collect();
    Ok(Summary { results, write_errors, seconds: (start.elapsed().as_secs_f64(), graded) })
}

fn write_student(o: &Options, dir: &str, r: &StudentResult) -> Result<(), String> {
    let dir = o.out.join(dir);
    let write = |name: &str, text: String| {
        fs::write(dir.join(name), text).map_err(|e| format!("cannot write {}: {e}", dir.join(name).display()))
    };
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    write("results.json", results_json(r))?;
    write("junit.xml", junit_xml(r))?;
    write("classroom.json", classroom_json(r))
}

/// A result of 0 for every step test, with the reason at the top.
fn zero(p: &Prepared, name: &str, header: String, why: &str) -> StudentResult {
    let first = why.lines().next().unwrap_or(why);
    let tests = p
        .columns
        .iter()
        .zip(&p.points)
        .map(|(id, &max)| TestResult {
            id: id.clone(),
            max,
            score: 0.0,
            status: Status::NotRun,
            output: format!("not run: {first}"),
            seconds: 0.0,
        })
        .collect();
    let note = first.to_string();
    StudentResult { name: name.to_string(), lab: p.lab.name.clone(), tests, output: format!("{header}\n{why}"), note }
}

/// Finds the student's files, sets them in the tree, builds, copies the test
/// binaries out. `Err` is the student's final result (0: no files, compile error).
fn build(p: &Prepared, o: &Options, s: &Student, index: usize) -> Result<Job, StudentResult> {
    let header = format!("{} for {}", p.lab.name, s.name);
    if let Some(why) = &s.refused {
        return Err(zero(p, &s.name, header, why));
    }
    let found = submission::discover(&s.path, &p.lab);
    let mut header = header;
    for f in &found.files {
        header.push_str(&format!("\ngraded: {} (as {}/{})", f.shown, p.lab.name, f.lab_file));
        let stub = fs::read_to_string(p.course.join(&p.lab.name).join(&f.lab_file)).unwrap_or_default();
        let watch = submission::for_review(&f.text, &stub, &p.lab.name);
        if !watch.is_empty() {
            header.push_str(&format!("\nfor review: {} uses {}", f.shown, watch.join(", ")));
        }
    }
    for n in &found.notes {
        header.push_str(&format!("\nnote: {n}"));
    }
    if let Some(e) = &found.error {
        return Err(zero(p, &s.name, header, e));
    }
    let fail = |why: String| zero(p, &s.name, header.clone(), &why);
    set_up_tree(p, &found.files).map_err(|e| fail(format!("grading error: cannot set up the tree: {e}")))?;
    let built = compile::build(&p.tree, &p.target, &p.lab.name, &p.binaries, Some(o.build_timeout));
    if built.timed_out {
        return Err(fail(format!("the build took longer than {} s and was stopped", o.build_timeout.as_secs())));
    }
    if !built.ok {
        let map: Vec<(String, String)> =
            found.files.iter().map(|f| (format!("{}/{}", p.lab.name, f.lab_file), f.shown.clone())).collect();
        return Err(fail(match &built.error {
            Some(e) => compile::explain(e, &p.tree, &map, o.message_chars),
            None => format!("the build failed without a compile error:\n{}", built.failure_without_line()),
        }));
    }
    let work = p.work.join(index.to_string());
    let _ = fs::remove_dir_all(&work);
    let mut exes = Vec::new();
    for binary in &p.binaries {
        let Some((_, exe)) = built.executables.iter().find(|(n, _)| n == binary) else {
            return Err(fail(format!("grading error: the build made no `{binary}` test binary")));
        };
        let to = work.join("bin").join(format!("{binary}{}", std::env::consts::EXE_SUFFIX));
        fs::create_dir_all(work.join("bin"))
            .and_then(|_| fs::create_dir_all(work.join("tmp")))
            .and_then(|_| fs::copy(exe, &to))
            .map_err(|e| fail(format!("grading error: cannot copy {}: {e}", exe.display())))?;
        exes.push((binary.clone(), to));
    }
    Ok(Job { index, name: s.name.clone(), exes, work, header, build_s: 0.0 })
}

/// Runs each step test in its own process under the limits.
fn run_tests(p: &Prepared, o: &Options, job: Job) -> StudentResult {
    // The CPU-time limit is a backstop only: it stops a spinning test that
    // outlives this process (grading interrupted), never one within its time.
    let cpu_s = (o.timeout.as_secs_f64() * 8.0).ceil() as u64 + 10;
    let limits = Limits { timeout: o.timeout, memory_mb: o.memory_mb, cpu_s, output_cap: 256 << 10 };
    let tmp = job.work.join("tmp");
    let mut env = vec![("RUST_BACKTRACE", "0".as_ref()), ("TMPDIR", tmp.as_os_str())];
    if cfg!(windows) {
        // std::env::temp_dir on Windows reads TMP, then TEMP.
        env.extend([("TMP", tmp.as_os_str()), ("TEMP", tmp.as_os_str())]);
    }
    let cwd = p.tree.join(&p.lab.name);
    let mut tests = Vec::new();
    for (id, &max) in p.columns.iter().zip(&p.points) {
        let exe = job.exes.iter().find(|(b, _)| *b == id.binary).map(|(_, e)| e.clone()).unwrap_or_default();
        let args = ["--exact", id.path.as_str(), "--test-threads=1"];
        let (status, output, seconds) = match run_limited(&exe, &args, &cwd, &env, &limits) {
            Ok(ran) => {
                let (st, msg) = classify(&id.path, &ran, o.timeout.as_secs_f64(), o.memory_mb, o.message_chars);
                (st, msg, ran.seconds)
            }
            Err(e) => (Status::Crashed, format!("grading error: cannot run {}: {e}", exe.display()), 0.0),
        };
        let score = if status == Status::Passed { max } else { 0.0 };
        tests.push(TestResult { id: id.clone(), max, score, status, output, seconds });
    }
    let _ = fs::remove_dir_all(&job.work);
    let count = |s: Status| tests.iter().filter(|t| t.status == s).count();
    let mut summary = format!("{} of {} step tests passed", count(Status::Passed), tests.len());
    for s in [Status::Failed, Status::TimedOut, Status::Crashed] {
        if count(s) > 0 {
            summary.push_str(&format!(", {} {}", count(s), s.word()));
        }
    }
    let total: f64 = tests.iter().map(|t| t.score).sum();
    let max: f64 = tests.iter().map(|t| t.max).sum();
    let note = format!("{summary}: {}/{} points", fmt_points(total), fmt_points(max));
    let output = format!("{}\n{note}", job.header);
    StudentResult { name: job.name, lab: p.lab.name.clone(), tests, output, note }
}
