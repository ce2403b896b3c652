//! # classroom: grade a whole class
//!
//! `cargo run --release -p classroom --bin grade -- --lab LAB --out OUT SUBMISSIONS`
//! takes only each student's files of the lab (`tools/classroom/labs.toml`),
//! sets them into a pristine copy of the course, builds the lab's graders
//! once per submission in one shared target folder, and runs every step test
//! in its own process with a time and a memory limit. It writes Gradescope's
//! `results.json`, JUnit XML and GitHub Classroom's runner result per
//! student, and `class.csv` for the class. See INSTRUCTORS.md, "Grading a class".

pub mod compile;
pub mod config;
pub mod grade;
pub mod names;
pub mod options;
pub mod outcome;
pub mod prepare;
pub mod process;
pub mod report;
pub mod submission;
pub mod tree;
