//! The layout the kernels read: a clip cut at every key time into *blocks*,
//! each block holding, for 16 nodes at a time, the segment every track is on
//! for the whole block, struct of arrays. Built once per clip.

use std::fmt;

use bytemuck::{Pod, Zeroable};
use common::model::{Channel, Clip, Interpolation, Key, Transform};
use glam::{Quat, Vec3};

use super::LANES;
use crate::given::{Interval, PlaybackError, check_clip};
use crate::solution::find_interval;

/// 16 lanes of one number, one lane per node.
pub(super) type Lanes = [f32; LANES];

/// What one track does during one block, for 16 nodes: the value at the
/// block's `from` key, the difference to its `to` key, and where that
/// segment starts (relative to the block's first tick) and 1 / its length.
/// A held key has `delta` 0 and `inv_gap` 0.
#[repr(C, align(64))]
#[derive(Clone, Copy, Pod, Zeroable)]
pub(super) struct Segments {
    /// Per track (translation, rotation, scale): the `from` key's tick minus the block's first tick (0 or less).
    pub start: [Lanes; 3],
    /// Per track: 1 / (ticks from `from` to `to`), 0 when holding a key.
    pub inv_gap: [Lanes; 3],
    /// Translation at `from`: x, y, z.
    pub translation: [Lanes; 3],
    /// Translation at `to` minus at `from`.
    pub translation_delta: [Lanes; 3],
    /// Rotation at `from`: x, y, z, w.
    pub rotation: [Lanes; 4],
    /// Rotation at `to` (in `from`'s hemisphere) minus at `from`.
    pub rotation_delta: [Lanes; 4],
    /// Scale at `from`.
    pub scale: [Lanes; 3],
    /// Scale at `to` minus at `from`.
    pub scale_delta: [Lanes; 3],
}

/// 16 nodes' local transforms, struct of arrays: what the kernels write.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Pod, Zeroable)]
pub struct PoseLanes {
    /// x, y, z of the translations.
    pub translation: [Lanes; 3],
    /// x, y, z, w of the rotations (unit quaternions).
    pub rotation: [Lanes; 4],
    /// x, y, z of the scales.
    pub scale: [Lanes; 3],
}

/// Why a clip cannot be converted for the fast sampler.
#[derive(Clone, Debug, PartialEq)]
pub enum FastError {
    /// The clip fails [`check_clip`] (the reference would refuse it too).
    Playback(PlaybackError),
    /// A `CUBICSPLINE` track: the fast path does LINEAR and STEP only.
    Cubic {
        /// The channel.
        channel: usize,
        /// `"position"`, `"rotation"` or `"scale"`.
        track: &'static str,
    },
    /// Cut at every key time, the clip would need more than [`MAX_BYTES`].
    TooLarge {
        /// The bytes it would need.
        bytes: usize,
    },
}

/// The most memory one converted clip may take (every block holds every
/// node, so a clip whose tracks are keyed at many different times grows as
/// distinct times x nodes).
pub const MAX_BYTES: usize = 256 << 20;

impl fmt::Display for FastError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FastError::Playback(e) => write!(f, "{e}"),
            FastError::Cubic { channel, track } => write!(
                f,
                "channel {channel}: a CUBICSPLINE {track} track; the fast sampler plays LINEAR and STEP tracks only \
                 (sample this clip with solution::sample_clip)"
            ),
            FastError::TooLarge { bytes } => write!(
                f,
                "converting this clip for the fast sampler would take {bytes} bytes (more than {MAX_BYTES}): its \
                 tracks are keyed at too many different times; sample it with solution::sample_clip"
            ),
        }
    }
}

impl std::error::Error for FastError {}

/// A clip converted once for playback: see the module's documentation.
#[derive(Clone)]
pub struct FastClip {
    /// Every distinct key time of every track, ascending. Block `b` covers
    /// the ticks from `times[b - 1]` up to `times[b]` (block 0: before the
    /// first time; the last block: from the last time on).
    pub(super) times: Vec<f64>,
    /// `times.len() + 1` blocks of `groups` [`Segments`] each, in time order:
    /// forward playback reads them one after the other.
    pub(super) segments: Vec<Segments>,
    /// Groups of 16 nodes (the last one padded with identity lanes).
    pub(super) groups: usize,
    /// Nodes in the pose.
    pub(super) nodes: usize,
    /// The clip's length and rate, for [`FastClip::ticks`].
    pub(super) duration_ticks: f64,
    pub(super) ticks_per_second: f64,
}

/// One node's three tracks, as the layout needs them.
struct NodeTracks<'a> {
    translation: Track<'a, Vec3>,
    rotation: Track<'a, Quat>,
    scale: Track<'a, Vec3>,
}

/// A track's keys and whether it steps, or the rest value when it has no keys.
enum Track<'a, T> {
    Keys(&'a [Key<T>], bool),
    Rest(T),
}

impl<T: Copy> Track<'_, T> {
    fn of<'a>(keys: &'a [Key<T>], mode: &Interpolation<T>, rest: T) -> Track<'a, T> {
        if keys.is_empty() { Track::Rest(rest) } else { Track::Keys(keys, matches!(mode, Interpolation::Step)) }
    }

    /// (from value, to value, start tick, inv gap) for the block starting at
    /// `base` (`None`: block 0, before every key).
    fn segment(&self, base: Option<f64>, same: fn(T, T) -> T) -> (T, T, f64, f32) {
        let (keys, step) = match self {
            Track::Rest(v) => return (*v, *v, 0.0, 0.0),
            Track::Keys(keys, step) => (*keys, *step),
        };
        // The reference's own search: the segment holding `base` holds the whole block.
        let i = match base {
            Some(t) => find_interval(keys, t).unwrap_or(Interval::hold(0)),
            None => Interval::hold(0),
        };
        let (a, b) = (keys[i.from], keys[i.to]);
        let gap = b.time_ticks - a.time_ticks;
        if i.from == i.to || step || gap <= 0.0 {
            return (a.value, a.value, 0.0, 0.0);
        }
        (a.value, same(a.value, b.value), a.time_ticks - base.unwrap_or(0.0), (1.0 / gap) as f32)
    }
}

fn check_linear<T>(c: usize, track: &'static str, mode: &Interpolation<T>) -> Result<(), FastError> {
    match mode {
        Interpolation::CubicSpline(_) => Err(FastError::Cubic { channel: c, track }),
        _ => Ok(()),
    }
}

impl FastClip {
    /// Checks `clip` against a skeleton whose rest pose is `rest` (the
    /// reference's [`check_clip`], plus LINEAR or STEP tracks only) and
    /// converts it. Tracks without keys, and nodes no channel animates, hold
    /// their `rest` value; of two channels on one node the later wins, as in
    /// the reference.
    pub fn new(clip: &Clip, rest: &[Transform]) -> Result<FastClip, FastError> {
        check_clip(clip, rest.len()).map_err(FastError::Playback)?;
        let mut tracks: Vec<NodeTracks> = rest
            .iter()
            .map(|r| NodeTracks {
                translation: Track::Rest(r.translation),
                rotation: Track::Rest(r.rotation),
                scale: Track::Rest(r.scale),
            })
            .collect();
        let mut times = Vec::new();
        for (c, ch) in clip.channels.iter().enumerate() {
            let Channel { node, positions, rotations, scales, interpolation: modes } = ch;
            check_linear(c, "position", &modes.positions)?;
            check_linear(c, "rotation", &modes.rotations)?;
            check_linear(c, "scale", &modes.scales)?;
            let r = &rest[*node];
            tracks[*node] = NodeTracks {
                translation: Track::of(positions, &modes.positions, r.translation),
                rotation: Track::of(rotations, &modes.rotations, r.rotation),
                scale: Track::of(scales, &modes.scales, r.scale),
            };
            times.extend(positions.iter().map(|k| k.time_ticks));
            times.extend(rotations.iter().map(|k| k.time_ticks));
            times.extend(scales.iter().map(|k| k.time_ticks));
        }
        times.sort_by(f64::total_cmp);
        times.dedup();
        let groups = rest.len().div_ceil(LANES).max(1);
        let blocks = times.len() + 1;
        let bytes = blocks.saturating_mul(groups).saturating_mul(size_of::<Segments>());
        if bytes > MAX_BYTES {
            return Err(FastError::TooLarge { bytes });
        }
        let mut segments = vec![Segments::zeroed(); blocks * groups];
        for b in 0..blocks {
            let base = b.checked_sub(1).map(|i| times[i]);
            for (n, t) in tracks.iter().enumerate() {
                let s = &mut segments[b * groups + n / LANES];
                fill(s, n % LANES, t, base);
            }
            for n in rest.len()..groups * LANES {
                let s = &mut segments[b * groups + n / LANES];
                let identity = NodeTracks {
                    translation: Track::Rest(Vec3::ZERO),
                    rotation: Track::Rest(Quat::IDENTITY),
                    scale: Track::Rest(Vec3::ONE),
                };
                fill(s, n % LANES, &identity, base);
            }
        }
        Ok(FastClip {
            times,
            segments,
            groups,
            nodes: rest.len(),
            duration_ticks: clip.duration_ticks,
            ticks_per_second: clip.ticks_per_second,
        })
    }

    /// Nodes in the pose this clip samples.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// Bytes of key data (the blocks).
    pub fn bytes(&self) -> usize {
        self.segments.len() * size_of::<Segments>()
    }

    /// The clip's clock at `seconds`, as `solution::clip_ticks` computes it.
    pub fn ticks(&self, seconds: f64, mode: crate::given::Mode) -> f64 {
        let clip =
            Clip { duration_ticks: self.duration_ticks, ticks_per_second: self.ticks_per_second, ..Clip::default() };
        crate::solution::clip_ticks(seconds, &clip, mode)
    }

    /// The block holding `ticks`, and `ticks` relative to its start.
    pub(super) fn block(&self, ticks: f64, cursor: &mut usize) -> (usize, f32) {
        let times = &self.times;
        let mut b = (*cursor).min(times.len());
        // Forward playback: the cursor's block, or one of the next few.
        if b > 0 && times[b - 1] > ticks {
            b = times.partition_point(|&t| t <= ticks);
        }
        while b < times.len() && times[b] <= ticks {
            b += 1;
        }
        *cursor = b;
        let base = if b == 0 { 0.0 } else { times[b - 1] };
        (b, (ticks - base) as f32)
    }
}

/// The shortest-arc form of `b` seen from `a`, minus `a`.
fn rotation_delta(a: Quat, b: Quat) -> Quat {
    if a.dot(b) < 0.0 { -b - a } else { b - a }
}

/// Lane `l` of `s`: node `t`'s three tracks in the block starting at `base`.
fn fill(s: &mut Segments, l: usize, t: &NodeTracks, base: Option<f64>) {
    let (p0, dp, ps, pg) = t.translation.segment(base, |a, b| b - a);
    let (r0, dr, rs, rg) = t.rotation.segment(base, rotation_delta);
    let (s0, ds, ss, sg) = t.scale.segment(base, |a, b| b - a);
    for (k, (start, gap)) in [(ps, pg), (rs, rg), (ss, sg)].into_iter().enumerate() {
        s.start[k][l] = start as f32;
        s.inv_gap[k][l] = gap;
    }
    for i in 0..3 {
        s.translation[i][l] = p0[i];
        s.translation_delta[i][l] = dp[i];
        s.scale[i][l] = s0[i];
        s.scale_delta[i][l] = ds[i];
    }
    for i in 0..4 {
        s.rotation[i][l] = r0.to_array()[i];
        s.rotation_delta[i][l] = dr.to_array()[i];
    }
}
