//! The demo's own modules: what the window shows around the lesson.
//! Nothing here is graded; the lesson is `exercise.rs`/`solution.rs`.

pub mod arc;
pub mod character;
pub mod figures;
pub mod playback;
