//! What both variants share and the lab does not ask you to write: a clip
//! playing on its own clock ([`Playing`]), the state of a crossfade
//! ([`Crossfade`], [`Fade`], [`Source`]), and sampling one playing clip with
//! lab 04's and lab 05's reference solutions; and clips read from other
//! files onto this skeleton ([`clips`], the demos' `--set clips-from`).

pub mod clips;

use common::model::{Clip, Transform};
use lab04_keyframes::given::{ClipCursors, Mode, PlaybackError, check_frame};

/// One clip playing on its own clock: which clip, where its time is, how it
/// ends, and its own cursors (lab 04).
#[derive(Clone, Debug, PartialEq)]
pub struct Playing {
    /// Index into the clip list.
    pub clip: usize,
    /// This clip's own time, in seconds since it started.
    pub seconds: f64,
    /// Loop or once.
    pub mode: Mode,
    /// Lab 04's cursors for this clip.
    pub cursors: ClipCursors,
}

impl Playing {
    /// `clip` from its start.
    pub fn start(clips: &[Clip], clip: usize, mode: Mode) -> Playing {
        Playing { clip, seconds: 0.0, mode, cursors: ClipCursors::for_clip(&clips[clip]) }
    }

    /// The pose of this clip at its own time (lab 04's sampler with lab 05's
    /// slerp, after lab 04's per-frame check, as [`Playing::ticks`]).
    pub fn sample(&mut self, clips: &[Clip], rest: &[Transform]) -> Vec<Transform> {
        let clip = &clips[self.clip];
        lab04_keyframes::solution::pose_at(clip, rest, self.seconds, self.mode, &mut self.cursors, slerp)
            .unwrap_or_else(|e| refuse(clip, e))
    }

    /// This clip's tick now (lab 04's `clip_ticks` of its own time and
    /// mode), after lab 04's cheap per-frame check (`check_frame`: rate,
    /// duration, every channel's node in `rest`, a finite time, one set of
    /// cursors per channel). Every sampling path of this lab goes through it
    /// or [`Playing::sample`], so cursors made for another clip stop with
    /// one clear message instead of leaving channels at rest.
    pub fn ticks(&self, clips: &[Clip], rest: &[Transform]) -> f64 {
        let clip = &clips[self.clip];
        check_frame(clip, rest.len(), self.seconds, &self.cursors).unwrap_or_else(|e| refuse(clip, e));
        lab04_keyframes::solution::clip_ticks(self.seconds, clip, self.mode)
    }
}

/// The stop for a clip that cannot be played this frame. Loaded clips have
/// passed common's clip rulebook, so what is left is a program's mistake
/// (cursors of another clip, a NaN time).
fn refuse(clip: &Clip, e: PlaybackError) -> ! {
    panic!("clip `{}`: {e} (loaded clips pass common's clip rulebook, so the caller broke it)", clip.name)
}

/// Lab 05's reference slerp.
pub fn slerp(a: glam::Quat, b: glam::Quat, t: f32) -> glam::Quat {
    lab05_slerp::solution::slerp(a, b, t)
}

/// What a fade starts from.
#[derive(Clone, Debug, PartialEq)]
pub enum Source {
    /// A clip that keeps playing on its own clock while it fades out.
    Clip(Playing),
    /// A pose held still while it fades out (it has no clock).
    Frozen(Vec<Transform>),
}

/// A fade in progress: from `from` to the crossfade's `current` clip.
#[derive(Clone, Debug, PartialEq)]
pub struct Fade {
    /// What is fading out.
    pub from: Source,
    /// Seconds since the fade began.
    pub elapsed: f64,
    /// Seconds the whole fade takes.
    pub duration: f64,
}

/// A character's clip player: the clip it is playing (or fading to), and
/// the fade, if one is in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct Crossfade {
    /// The clip playing, or fading in.
    pub current: Playing,
    /// The fade in progress; `None` once it is over.
    pub fade: Option<Fade>,
}

impl Crossfade {
    /// Plays `clip` alone, from its start.
    pub fn play(clips: &[Clip], clip: usize, mode: Mode) -> Crossfade {
        Crossfade { current: Playing::start(clips, clip, mode), fade: None }
    }
}
