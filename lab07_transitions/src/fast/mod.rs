//! Going further: the crossfade laid out for the CPU, and a crowd of them.
//!
//! The reference (`solution::blend_clips`) samples both clips channel by
//! channel into two fresh `Vec`s, marks the animated nodes in a third,
//! then slerps node by node into a fourth. Here:
//!
//! 1. both clips are sampled by lab 04's fast path
//!    ([`lab04_keyframes::fast`]) into struct-of-arrays poses kept from
//!    frame to frame. That path samples *every* node, holding the rest
//!    value where a clip has no channel, which is exactly lab 07's rule:
//!    a node only one clip animates blends with the rest pose, a node
//!    neither animates stays at rest. No mask is needed.
//! 2. the two poses are blended 16 nodes at a time ([`blend_fast`]):
//!    straight lines for translation and scale, and for rotation nlerp
//!    with Kapoulkine's correction of the factor, which lands within
//!    [`CORRECTED_NLERP_ERROR`] of slerp for any two rotations;
//! 3. the result is written into the caller's `Transform`s.
//!
//! [`crowd_frame`] does this for many characters, each on its own clocks,
//! on one thread or several (`std::thread::scope`; one thread never
//! spawns, so it runs where threads do not exist).

mod blend;

use std::thread;

use common::model::Transform;
use lab04_keyframes::fast::{FastClip, FastCursor, FastError, FastPose, Kernel, sample_fast_on};
use lab04_keyframes::given::Mode;

/// The largest rotation error of the corrected nlerp against slerp, in
/// radians, for any two unit quaternions and factor (measured by the tests
/// on a sweep of angles and factors, with `f32` rounding).
pub const CORRECTED_NLERP_ERROR: f64 = 8e-4;

/// One clip playing on its own clock, for the fast path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FastPlaying {
    /// Index into the fast clips.
    pub clip: usize,
    /// Seconds since it started (its own clock).
    pub seconds: f64,
    /// Loop or once.
    pub mode: Mode,
    /// Where its last sample was.
    pub cursor: FastCursor,
}

impl FastPlaying {
    /// `clip` from its start.
    pub fn start(clip: usize, mode: Mode) -> FastPlaying {
        FastPlaying { clip, seconds: 0.0, mode, cursor: FastCursor::default() }
    }
}

/// The two sampled poses and the blend, kept from frame to frame.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: FastPose,
    b: FastPose,
    out: FastPose,
}

/// `a` at factor 0, `b` at 1, every node, into `out` (resized to `a`'s
/// nodes; `a` and `b` must have as many).
pub fn blend_fast(kernel: Kernel, a: &FastPose, b: &FastPose, factor: f32, out: &mut FastPose) {
    if out.nodes() != a.nodes() {
        *out = FastPose::new(a.nodes());
    }
    let (a, b, o) = (a.lanes(), b.lanes(), out.lanes_mut());
    #[cfg(target_arch = "x86_64")]
    {
        if kernel.has_avx512() {
            // SAFETY: `kernel` says this CPU has AVX-512F (and AVX2 and
            // FMA): a `Kernel` is only made after checking them.
            return unsafe { blend::blend_avx512(a, b, factor, o) };
        }
        if kernel.has_avx2() {
            // SAFETY: as above, AVX2 and FMA.
            return unsafe { blend::blend_avx2(a, b, factor, o) };
        }
    }
    let _ = kernel;
    blend::blend(a, b, factor, o);
}

/// Lab 07's `blend_clips` on the fast path: `a` and `b` sampled at their
/// own times, blended by `factor` (0: all `a`), into `out` (one
/// `Transform` per node of the rest pose the clips were converted with).
/// Every clip in `clips` must be made with the same rest pose.
pub fn blend_clips_fast(
    kernel: Kernel,
    a: &mut FastPlaying,
    b: &mut FastPlaying,
    clips: &[FastClip],
    factor: f32,
    scratch: &mut Scratch,
    out: &mut [Transform],
) -> Result<(), FastError> {
    let (ca, cb) = (&clips[a.clip], &clips[b.clip]);
    sample_fast_on(kernel, ca, ca.ticks(a.seconds, a.mode), &mut a.cursor, &mut scratch.a)?;
    sample_fast_on(kernel, cb, cb.ticks(b.seconds, b.mode), &mut b.cursor, &mut scratch.b)?;
    blend_fast(kernel, &scratch.a, &scratch.b, factor, &mut scratch.out);
    scratch.out.write_transforms(out);
    Ok(())
}

/// One character of a crowd: a fade from `from` to `to`, each clip on its
/// own clock, and its pose.
#[derive(Clone, Debug)]
pub struct CrowdCharacter {
    /// The clip fading out.
    pub from: FastPlaying,
    /// The clip fading in.
    pub to: FastPlaying,
    /// Seconds since the fade started.
    pub elapsed: f64,
    /// Seconds the fade lasts.
    pub duration: f64,
    /// This frame's pose, one `Transform` per node.
    pub pose: Vec<Transform>,
    scratch: Scratch,
}

impl CrowdCharacter {
    /// A character fading from `from` to `to` over `duration` seconds, its
    /// pose the rest pose until the first frame.
    pub fn new(from: FastPlaying, to: FastPlaying, duration: f64, rest: &[Transform]) -> CrowdCharacter {
        CrowdCharacter { from, to, elapsed: 0.0, duration, pose: rest.to_vec(), scratch: Scratch::default() }
    }

    /// The weight of `to`: 0 when the fade starts, 1 from its end on.
    pub fn weight(&self) -> f32 {
        if self.duration > 0.0 { (self.elapsed / self.duration).clamp(0.0, 1.0) as f32 } else { 1.0 }
    }

    /// `dt` seconds later: both clocks and the fade move on, then the pose.
    fn frame(&mut self, kernel: Kernel, clips: &[FastClip], dt: f64) -> Result<(), FastError> {
        self.from.seconds += dt;
        self.to.seconds += dt;
        self.elapsed += dt;
        let w = self.weight();
        blend_clips_fast(kernel, &mut self.from, &mut self.to, clips, w, &mut self.scratch, &mut self.pose)
    }
}

/// Every character `dt` seconds later, on `threads` threads at most (the
/// calling thread included; 0 and 1 both mean this thread only, and spawn
/// nothing). The characters are cut into one run of neighbours per thread.
/// The first error (a non-finite time) is returned.
pub fn crowd_frame(
    kernel: Kernel,
    clips: &[FastClip],
    characters: &mut [CrowdCharacter],
    dt: f64,
    threads: usize,
) -> Result<(), FastError> {
    let threads = threads.clamp(1, characters.len().max(1));
    let run = |part: &mut [CrowdCharacter]| part.iter_mut().try_for_each(|c| c.frame(kernel, clips, dt));
    if threads == 1 {
        return run(characters);
    }
    let per = characters.len().div_ceil(threads);
    let mut parts = characters.chunks_mut(per);
    let mine = parts.next().expect("at least one character");
    thread::scope(|scope| {
        let helpers: Vec<_> = parts.map(|part| scope.spawn(move || run(part))).collect();
        let first = run(mine);
        helpers.into_iter().map(|h| h.join().expect("a crowd thread panicked")).fold(first, Result::and)
    })
}
