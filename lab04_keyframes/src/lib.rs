//! # Lab 04: keyframes
//!
//! A clip stores a few *keys* per joint; playback must produce a pose at any
//! time in between. This lab builds the sampler, one question at a time:
//!
//! 1. clip time: seconds to ticks, wrapped (loop) or clamped (once);
//! 2. the key interval around a time, by binary search;
//! 3. the same interval with a forward cursor, fast during playback;
//! 4. linear interpolation and sampling one track of keys;
//! 5. one channel (translation, rotation, scale) into a local transform;
//! 6. a whole clip into a pose, one local transform per node;
//! 7. each track in its own interpolation mode (LINEAR, STEP, CUBICSPLINE).
//!
//! [`given`] holds what both variants share: the [`Interval`] and [`Cursor`]
//! types, the play [`Mode`], and [`check_clip`], common's clip rulebook
//! (`Clip::validate`) for a clip built in code, which refuses bad clips
//! before any of your steps runs. `pose_at` (in both variants) runs your
//! steps 1 and 6 after the cheap per-frame checks.

pub mod exercise;
pub mod fast;
pub mod given;
pub mod solution;

pub use given::{
    ChannelCursors, ClipCursors, Cursor, Hermite, Interval, Mode, PlaybackError, Rotate, check_clip, cubic,
};

#[cfg(not(feature = "solution"))]
pub use exercise::*;
#[cfg(feature = "solution")]
pub use solution::*;
