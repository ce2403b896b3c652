//! `grade`: grades a class's submissions of one lab. See `--help`.

use std::process::ExitCode;

use classroom::names::fmt_points;
use classroom::options::{self, USAGE};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let o = match options::parse(&args) {
        Ok(o) => o,
        Err(e) if e.is_empty() => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("grade: {e}");
            return ExitCode::from(2);
        }
    };
    let summary = match classroom::grade::run(&o) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("grade: {e}");
            return ExitCode::from(2);
        }
    };
    let width = summary.results.iter().map(|r| r.name.chars().count()).max().unwrap_or(7).max(7);
    println!(
        "{:<width$}  {:>7}  {:>5}  {:>6}  {:>9}  {:>7}  {:>7}  note",
        "student", "score", "max", "passed", "timed out", "crashed", "not run"
    );
    for r in &summary.results {
        let count = |w: &str| r.tests.iter().filter(|t| t.status.word() == w).count();
        println!(
            "{:<width$}  {:>7}  {:>5}  {:>6}  {:>9}  {:>7}  {:>7}  {}",
            r.name,
            fmt_points(r.score()),
            fmt_points(r.max()),
            count("passed"),
            count("timed out"),
            count("crashed"),
            count("not run"),
            classroom::report::cut(&r.note, 100)
        );
    }
    let n = summary.results.len().max(1) as f64;
    println!(
        "graded {} submission(s) in {:.1} s ({:.1} s with the set-up); {:.1} s per submission; reports in {}",
        summary.results.len(),
        summary.seconds.1,
        summary.seconds.0,
        summary.seconds.1 / n,
        o.out.display()
    );
    for e in &summary.write_errors {
        eprintln!("grade: {e}");
    }
    // Failures of the grading itself, not of the student's work.
    let ours: Vec<&str> = summary
        .results
        .iter()
        .filter(|r| r.note.starts_with("grading error") || r.note.starts_with("the build failed without"))
        .map(|r| r.name.as_str())
        .collect();
    if !ours.is_empty() {
        eprintln!(
            "grade: {} submission(s) could not be graded for a reason not theirs (see their results): {}",
            ours.len(),
            ours.join(", ")
        );
    }
    if summary.write_errors.is_empty() && ours.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) }
}
