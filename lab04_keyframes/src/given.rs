//! What both variants share and the lab does not ask you to write: the
//! answer of a key query ([`Interval`]), the memory of a playing track
//! ([`Cursor`]), how time ends ([`Mode`]), and the checks that run before any
//! of your steps, so a bad clip becomes a clear [`PlaybackError`], never a
//! panic or a NaN pose.

use std::fmt;

use common::model::{Clip, ClipProblem, Key, Tangents, Transform, ValidationError};
use glam::{Quat, Vec3};

/// Two neighbouring keys of a track and how far a time lies between them.
///
/// `factor` is how far the time lies from `keys[from]` towards `keys[to]`,
/// 0 at `from`'s time and 1 at `to`'s.
/// Where there is nothing to interpolate (before the first key, on or after
/// the last, a track of one key) `from == to` and `factor == 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The key at or before the time.
    pub from: usize,
    /// The key after it (`from + 1`), or `from` itself when holding a key.
    pub to: usize,
    /// 0 at `from`'s time, growing linearly to 1 at `to`'s time.
    pub factor: f32,
}

impl Interval {
    /// Holding key `key`: nothing to interpolate.
    pub fn hold(key: usize) -> Interval {
        Interval { from: key, to: key, factor: 0.0 }
    }
}

/// The memory of one playing track: the `from` key its last query found.
///
/// Keys are immutable and shared (one clip, many characters playing it);
/// cursors are not: each playing instance keeps its own, one per track.
/// `Cursor::default()` starts at the first key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cursor {
    /// Index of the key the last query returned as `from`.
    pub key: usize,
}

/// The three cursors of one channel, one per track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChannelCursors {
    /// For [`Channel::positions`].
    pub translation: Cursor,
    /// For [`Channel::rotations`].
    pub rotation: Cursor,
    /// For [`Channel::scales`].
    pub scale: Cursor,
}

/// One [`ChannelCursors`] per channel of one clip, in channel order: the
/// whole playback state of one character playing that clip.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClipCursors {
    /// `channels[c]` belongs to `clip.channels[c]`.
    pub channels: Vec<ChannelCursors>,
}

impl ClipCursors {
    /// Fresh cursors (all at key 0) for every channel of `clip`.
    pub fn for_clip(clip: &Clip) -> ClipCursors {
        ClipCursors { channels: vec![ChannelCursors::default(); clip.channels.len()] }
    }
}

/// What happens when time runs past the end of a clip.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Wrap round to the start (walk cycles, idles).
    #[default]
    Loop,
    /// Stop on the last frame, and hold the first before the start (gestures).
    Once,
}

/// How to interpolate between two rotation keys: glam's `Quat::slerp` in
/// this lab, your own slerp in lab 05. A plain function, so swapping it is
/// one argument.
pub type Rotate = fn(Quat, Quat, f32) -> Quat;

/// Given: the cubic Hermite curve of glTF's `CUBICSPLINE` sampler between
/// two keys, for the values a track holds ([`Vec3`] and [`Quat`]).
///
/// With `s` the interval's factor (0 at key `k`, 1 at key `k + 1`) and `gap`
/// the time between the keys in ticks, the curve is
/// `(2s³ - 3s² + 1) v_k + gap (s³ - 2s² + s) b_k + (-2s³ + 3s²) v_k+1 + gap (s³ - s²) a_k+1`,
/// where `v` are the values, `b_k` key `k`'s out-tangent and `a_k+1` key
/// `k + 1`'s in-tangent (per tick). It passes through both values with
/// those slopes. A rotation is computed on the quaternion's four numbers
/// and then normalised (the spec's rule).
pub trait Hermite: Copy {
    /// The curve at factor `s` from key `a` (value and tangents) to key `b`.
    fn hermite(a: (Self, Tangents<Self>), b: (Self, Tangents<Self>), s: f32, gap: f32) -> Self;
}

/// The four Hermite weights at factor `s`, for `v_k`, `b_k`, `v_k+1`, `a_k+1`
/// (the tangent weights already times `gap`).
fn hermite_weights(s: f32, gap: f32) -> [f32; 4] {
    let (s2, s3) = (s * s, s * s * s);
    [2.0 * s3 - 3.0 * s2 + 1.0, gap * (s3 - 2.0 * s2 + s), -2.0 * s3 + 3.0 * s2, gap * (s3 - s2)]
}

impl Hermite for Vec3 {
    fn hermite(a: (Vec3, Tangents<Vec3>), b: (Vec3, Tangents<Vec3>), s: f32, gap: f32) -> Vec3 {
        let [w0, w1, w2, w3] = hermite_weights(s, gap);
        a.0 * w0 + a.1.outgoing * w1 + b.0 * w2 + b.1.incoming * w3
    }
}

impl Hermite for Quat {
    fn hermite(a: (Quat, Tangents<Quat>), b: (Quat, Tangents<Quat>), s: f32, gap: f32) -> Quat {
        let [w0, w1, w2, w3] = hermite_weights(s, gap);
        let q = a.0 * w0 + a.1.outgoing * w1 + b.0 * w2 + b.1.incoming * w3;
        let length = q.length();
        if length > 1e-12 { q / length } else { a.0 }
    }
}

/// Given: the cubic curve of a `CUBICSPLINE` track at `interval` (which
/// holds a key when `from == to`). `keys[k]` and `tangents[k]` belong together.
pub fn cubic<T: Hermite>(keys: &[Key<T>], tangents: &[Tangents<T>], interval: Interval) -> T {
    let (from, to) = (interval.from, interval.to);
    if from == to {
        return keys[from].value;
    }
    let gap = (keys[to].time_ticks - keys[from].time_ticks) as f32;
    T::hermite((keys[from].value, tangents[from]), (keys[to].value, tangents[to]), interval.factor, gap)
}

/// Why a clip cannot be played.
///
/// What makes a clip itself bad is not listed here: the clip rulebook lives
/// in `common` ([`Clip::validate`], facts in [`common::model::ClipFault`]), and a clip that
/// breaks it comes back as [`PlaybackError::Clip`], naming the clip, channel,
/// track and key. Only what belongs to one frame of playback (the time, the
/// cursors) is this lab's own.
#[derive(Clone, Debug, PartialEq)]
pub enum PlaybackError {
    /// The clip breaks common's clip rulebook.
    Clip(ValidationError),
    /// The time asked for is NaN or infinite.
    BadTime(f64),
    /// The cursors were made for a clip with another number of channels.
    CursorMismatch {
        /// Channels of the clip.
        channels: usize,
        /// Cursors given.
        cursors: usize,
    },
}

impl PlaybackError {
    /// The first rulebook fault, when the clip broke the rulebook.
    pub fn clip_fault(&self) -> Option<&ClipProblem> {
        match self {
            PlaybackError::Clip(e) => e.clip_problems().next(),
            _ => None,
        }
    }
}

impl fmt::Display for PlaybackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaybackError::Clip(e) => write!(f, "{e}"),
            PlaybackError::BadTime(t) => write!(f, "cannot sample a clip at time {t}: use a finite number of seconds"),
            PlaybackError::CursorMismatch { channels, cursors } => write!(
                f,
                "{cursors} channel cursors for a clip of {channels} channel{}: make them with ClipCursors::for_clip",
                if *channels == 1 { "" } else { "s" }
            ),
        }
    }
}

impl std::error::Error for PlaybackError {}

impl From<ValidationError> for PlaybackError {
    fn from(e: ValidationError) -> Self {
        PlaybackError::Clip(e)
    }
}

/// Checks a clip built in code, once, before it is played, against a
/// skeleton of `nodes` nodes: common's clip rulebook, [`Clip::validate`]
/// (keys sorted with equal times allowed as a cut, finite values, unit
/// rotations, a tangent pair per cubic key, a positive tick rate). It reads
/// every key, so never call it per frame. Loaded models have already passed
/// it ([`common::load::model`] validates every clip), so demos do not call it.
pub fn check_clip(clip: &Clip, nodes: usize) -> Result<(), PlaybackError> {
    Ok(clip.validate(nodes)?)
}

/// The per-frame checks, cheap (no key is read): the part of the rulebook
/// that reads no key ([`Clip::validate_shape`]: tick rate, duration, every
/// channel's node in the pose), a finite time, and one set of cursors per
/// channel. Every sampling path runs it: [`pose_with`] here, lab 05's
/// `pose_with_your_slerp`, lab 07's players and blends.
pub fn check_frame(clip: &Clip, nodes: usize, seconds: f64, cursors: &ClipCursors) -> Result<(), PlaybackError> {
    clip.validate_shape(nodes)?;
    if !seconds.is_finite() {
        return Err(PlaybackError::BadTime(seconds));
    }
    if cursors.channels.len() != clip.channels.len() {
        return Err(PlaybackError::CursorMismatch { channels: clip.channels.len(), cursors: cursors.channels.len() });
    }
    Ok(())
}

/// One variant's steps 1 and 6, as [`pose_with`] calls them.
#[derive(Clone, Copy)]
pub struct Sampler {
    /// Step 1: seconds to the clip's ticks.
    pub clip_ticks: fn(f64, &Clip, Mode) -> f64,
    /// Step 6: every channel at a tick, over the rest pose.
    pub sample_clip: fn(&Clip, &[Transform], f64, &mut ClipCursors, Rotate) -> Vec<Transform>,
}

/// The pose of `clip` at `seconds`, after the cheap per-frame checks
/// ([`check_frame`]; a clip built in code passes [`check_clip`] once first): step 1
/// turns seconds into ticks, step 6 samples every channel. Each variant's
/// `pose_at` is this with its own steps.
pub fn pose_with(
    steps: Sampler,
    clip: &Clip,
    rest: &[Transform],
    seconds: f64,
    mode: Mode,
    cursors: &mut ClipCursors,
    rotate: Rotate,
) -> Result<Vec<Transform>, PlaybackError> {
    check_frame(clip, rest.len(), seconds, cursors)?;
    Ok((steps.sample_clip)(clip, rest, (steps.clip_ticks)(seconds, clip, mode), cursors, rotate))
}
