//! The demo's own modules: what the window shows around the lesson.
//! Nothing here is graded; the lesson is `exercise.rs`/`solution.rs`.

pub mod clips;
pub mod figures;
pub mod mix;
pub mod options;
pub mod panel;
pub mod plot;
