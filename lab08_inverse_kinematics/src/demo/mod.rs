//! The demo's parts: the walker (steps 1, 2, 5, 6), the tentacles (steps 3
//! and 4), and the lecture figures.

pub mod figures;
pub mod tentacles;
pub mod walker;
