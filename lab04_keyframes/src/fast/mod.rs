//! Going further: the same playback, laid out for the CPU.
//!
//! The reference (`solution::sample_clip`) is written to be read: per
//! channel, three cursors, three searches, three calls through a function
//! pointer, a division in `f64` per track, a `Vec` per pose. This module
//! samples the same clips (LINEAR and STEP tracks) several times faster,
//! ahead of ozz-animation's `SamplingJob`; the lab's README ("Going
//! further") has the measured steps. The ideas:
//!
//! 1. **Once per clip** ([`FastClip::new`]): every distinct key time of
//!    every track cuts the clip into *blocks*. Inside a block no track
//!    changes segment, so for each block and each node the layout stores
//!    that segment: the `from` value, `to - from`, where the segment starts
//!    and `1 / its length` (a held key has a difference of 0), struct of
//!    arrays, 16 nodes per group ([`LANES`]). Blocks are stored in time
//!    order: playing forward reads memory front to back. Rotations are
//!    stored with `to` already in `from`'s hemisphere.
//! 2. **Per sample** ([`sample_fast`]): one search for the whole pose, not
//!    three per channel: a cursor over the block times ([`FastCursor`],
//!    O(1) playing forward, a binary search after a jump back), then every
//!    node at once: per lane a factor per track, one multiply-add per
//!    number, and the rotations normalised (nlerp, not slerp: see the
//!    README for the angle this costs, bounded by the largest key-to-key
//!    angle of the clip). Nodes are lanes: 16 per AVX-512 instruction, 8
//!    per AVX2 one.
//! 3. The result stays struct of arrays ([`FastPose`], what ozz's
//!    `SoaTransform` is); [`FastPose::write_transforms`] turns it into the
//!    course's `Transform`s when needed.
//!
//! The kernels: `portable.rs` in plain Rust (read it first), `avx2.rs` and
//! `avx512.rs` written out, picked at run time ([`Kernel::best`]) as in
//! lab 03. The only `unsafe` is the call into a kernel compiled for a CPU
//! feature, after checking that this CPU has it.

use common::model::{Clip, Transform};
use glam::{Quat, Vec3};

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
pub mod bound;
mod layout;
mod portable;

pub use layout::{FastClip, FastError, MAX_BYTES, PoseLanes};

use crate::given::{Mode, PlaybackError};
use lab03_cpu_skinning::fast::Level;

/// Nodes per group: the width of an AVX-512 register in floats.
pub const LANES: usize = 16;

/// Where the last sample of one playing instance was: the block, so that
/// the next sample a little later finds its block in a step or two. Each
/// character playing a clip keeps its own; `FastCursor::default()` starts
/// at the beginning.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FastCursor {
    block: usize,
}

/// A whole pose of local transforms, struct of arrays: group `g` holds
/// nodes `16 g ..16 g + 15`, lane by lane ([`PoseLanes`]).
#[derive(Clone, Debug, Default)]
pub struct FastPose {
    lanes: Vec<PoseLanes>,
    nodes: usize,
}

impl FastPose {
    /// A pose of `nodes` identity transforms.
    pub fn new(nodes: usize) -> FastPose {
        let mut pose = FastPose::default();
        pose.resize(nodes);
        pose
    }

    fn resize(&mut self, nodes: usize) {
        if self.nodes != nodes || self.lanes.is_empty() {
            let identity = PoseLanes {
                translation: [[0.0; LANES]; 3],
                rotation: [[0.0; LANES], [0.0; LANES], [0.0; LANES], [1.0; LANES]],
                scale: [[1.0; LANES]; 3],
            };
            self.lanes = vec![identity; nodes.div_ceil(LANES).max(1)];
            self.nodes = nodes;
        }
    }

    /// How many nodes.
    pub fn nodes(&self) -> usize {
        self.nodes
    }

    /// The groups of 16 nodes (the last padded).
    pub fn lanes(&self) -> &[PoseLanes] {
        &self.lanes
    }

    /// The groups, to write into (a blend does).
    pub fn lanes_mut(&mut self) -> &mut [PoseLanes] {
        &mut self.lanes
    }

    /// Node `node`'s local transform.
    pub fn transform(&self, node: usize) -> Transform {
        let (g, l) = (&self.lanes[node / LANES], node % LANES);
        let v3 = |a: &[[f32; LANES]; 3]| Vec3::new(a[0][l], a[1][l], a[2][l]);
        let r = &g.rotation;
        Transform {
            translation: v3(&g.translation),
            rotation: Quat::from_xyzw(r[0][l], r[1][l], r[2][l], r[3][l]),
            scale: v3(&g.scale),
        }
    }

    /// Every node's local transform into `out` (as long as the pose: extra
    /// entries are left alone).
    pub fn write_transforms(&self, out: &mut [Transform]) {
        for (node, t) in out.iter_mut().enumerate().take(self.nodes) {
            *t = self.transform(node);
        }
    }
}

/// The pose of `clip` at `ticks` (the clip's clock: [`FastClip::ticks`]),
/// with the fastest kernel, into `out` (resized if it has another number of
/// nodes). `cursor` belongs to this playing instance. Like
/// `solution::sample_clip` with `Quat::slerp`, within the README's bound.
pub fn sample_fast(clip: &FastClip, ticks: f64, cursor: &mut FastCursor, out: &mut FastPose) -> Result<(), FastError> {
    sample_fast_on(Kernel::best(), clip, ticks, cursor, out)
}

/// [`sample_fast`] with a chosen kernel (any of [`Kernel::available`]).
pub fn sample_fast_on(
    kernel: Kernel,
    clip: &FastClip,
    ticks: f64,
    cursor: &mut FastCursor,
    out: &mut FastPose,
) -> Result<(), FastError> {
    if !ticks.is_finite() {
        return Err(FastError::Playback(PlaybackError::BadTime(ticks)));
    }
    out.resize(clip.nodes);
    let (block, t) = clip.block(ticks, &mut cursor.block);
    let segments = &clip.segments[block * clip.groups..(block + 1) * clip.groups];
    kernel.run(segments, t, &mut out.lanes, clip.nodes);
    Ok(())
}

/// [`sample_fast`] at `seconds` on the clip's clock (looping or not), into
/// `Transform`s (`out` as long as the rest pose the clip was made with).
pub fn pose_fast(
    clip: &FastClip,
    seconds: f64,
    mode: Mode,
    cursor: &mut FastCursor,
    scratch: &mut FastPose,
    out: &mut [Transform],
) -> Result<(), FastError> {
    if !seconds.is_finite() {
        return Err(FastError::Playback(PlaybackError::BadTime(seconds)));
    }
    sample_fast(clip, clip.ticks(seconds, mode), cursor, scratch)?;
    scratch.write_transforms(out);
    Ok(())
}

/// The pose of `clip` (any clip [`FastClip::new`] takes) the reference's
/// way, for comparisons: `solution::sample_clip` with fresh cursors.
pub fn reference_pose(clip: &Clip, rest: &[Transform], ticks: f64) -> Vec<Transform> {
    let mut cursors = crate::given::ClipCursors::for_clip(clip);
    crate::solution::sample_clip(clip, rest, ticks, &mut cursors, Quat::slerp)
}

/// One of the compiled versions of the kernel. Only kernels this CPU can
/// run can be had ([`Kernel::best`], [`Kernel::available`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel(Level);

impl Kernel {
    /// The fastest kernel this CPU can run.
    pub fn best() -> Kernel {
        *Kernel::available().last().expect("the portable kernel runs everywhere")
    }

    /// Every kernel this CPU can run, slowest first: one per level lab 03
    /// detects ([`Level::available`]: `portable` always, then where the CPU
    /// has them `portable+avx2`, `avx2+fma` and `avx512`).
    pub fn available() -> Vec<Kernel> {
        Level::available().into_iter().map(Kernel).collect()
    }

    /// `"portable"`, `"portable+avx2"`, `"avx2+fma"` or `"avx512"`.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// Whether this kernel needs AVX2 and FMA (so `portable+avx2` or
    /// better): for code that picks its own kernels by the same level.
    pub fn has_avx2(self) -> bool {
        self.0 >= Level::PortableAvx2
    }

    /// Whether this is the AVX-512 kernel.
    pub fn has_avx512(self) -> bool {
        self.0 == Level::Avx512
    }

    fn run(self, segments: &[Segments], t: f32, out: &mut [PoseLanes], nodes: usize) {
        // Halves of 8 lanes the last group needs (AVX2 skips a padding half).
        #[cfg(target_arch = "x86_64")]
        let last_halves = if nodes.is_multiple_of(LANES) || nodes % LANES > 8 { 2 } else { 1 };
        let _ = nodes;
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kernel` holding `Avx512` is only made by
            // `Kernel::best` or `Kernel::available`, after checking that
            // this CPU has AVX-512F, the function's only requirement.
            Level::Avx512 => unsafe { avx512::sample(segments, t, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above (AVX2 and FMA checked).
            Level::Avx2 => unsafe { avx2::sample(segments, t, out, last_halves) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above (AVX2 and FMA checked).
            Level::PortableAvx2 => unsafe { portable::sample_avx2(segments, t, out) },
            _ => portable::sample(segments, t, out),
        }
    }
}

use layout::Segments;
