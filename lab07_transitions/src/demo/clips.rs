//! `--set clips-from=FILE` (repeatable): the reading is given
//! ([`lab07_transitions::given::clips`], lab 09's demo reads the same
//! option); here, how each clip plays.

use common::model::Clip;
use lab03_cpu_skinning::given::stage::loops;
use lab04_keyframes::given::Mode;

pub use lab07_transitions::given::clips::add_from_files;

/// How each clip plays: the built-in character's own clips as authored
/// (`wave` once, the others loop); clips from files loop.
pub fn modes(clips: &[Clip], builtin_count: usize) -> Vec<Mode> {
    clips.iter().enumerate().map(|(i, c)| if loops(i < builtin_count, c) { Mode::Loop } else { Mode::Once }).collect()
}
