//! The demo's own modules: what the window shows around the lesson.
//! Nothing here is graded; the lesson is `exercise.rs`/`solution.rs`.

pub mod figures;
pub mod look;
pub mod twist;
