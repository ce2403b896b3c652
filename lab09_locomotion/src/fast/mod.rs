//! Going further: the whole frame of a steered character, laid out for the CPU.
//!
//! The reference frame (`solution::update`, the given loop) is written to
//! be read, and costs about 12 µs a character: most of it is the blend
//! space's pose (lab 07's `blend_clips`: lab 04's cursors, a slerp per
//! node, four fresh `Vec`s) and the legs (lab 01's world matrices of every
//! node, twice, lab 08's reference IK with its trigonometry). This module
//! runs the same frame, to rounding, in well under a tenth of that
//! (`FURTHER.md` has the figures). The tricks, largest first:
//!
//! 1. **Sample and blend struct of arrays.** The two gaits are sampled by
//!    lab 04's fast path (a cursor over the clip's blocks, 16 nodes per
//!    instruction) and blended by lab 07's corrected nlerp, into poses kept
//!    from frame to frame ([`Scratch`], [`FastCharacter`]): no `Vec` is
//!    made per frame, and the pose stays struct of arrays until someone
//!    asks for `Transform`s ([`FastCharacter::pose_into`]).
//! 2. **Only the joints the legs need** (`legs.rs`): the feet depend on 8
//!    of the 23 nodes; their world matrices are computed once for the
//!    contacts and reused by the legs, and each correction recomputes only
//!    the joints it moves. The two legs are lab 08's fast two-bone IK (no
//!    `acos`, no `atan2`). Every node's world matrix, which drawing needs
//!    and the frame does not, is [`FastCharacter::world_into`], on demand.
//! 3. **Inertialization without trigonometry** (`lanes.rs`): the offsets
//!    live struct of arrays; one `exp` per frame serves every node's
//!    spring (the reference takes two per node), and a rotation vector
//!    becomes a quaternion by a polynomial in its squared length. Once the
//!    offsets cannot move any joint by more than [`SETTLED`] they are
//!    dropped and the work skipped, as a decayed spring would be.
//! 4. **Per set-up, once** ([`Fast::new`]): the clips converted, the
//!    prediction's spring constants (its times and half-life never change),
//!    the machine's parameter indices (no name lookup per frame), each
//!    action's mask as bits per 16 nodes. **Per frame time, once**: the
//!    springs' `exp` and the pull's `powf` are kept with the `dt` they were
//!    made for, so a steady frame rate computes them once.
//!
//! The steps a student writes and that cost little (blend weights, rate,
//! the machine's choice, reconcile, contacts, plants) are the reference's
//! own functions, called as they are. What the fast path does not cover,
//! it refuses when it is set up ([`FastError`]), and the reference runs
//! it: lab 07's crossfade transitions, and clips lab 04's fast sampler
//! cannot take (cubic tracks).

mod frame;
mod lanes;
mod legs;

use common::model::Transform;
use glam::{Mat4, Vec3};
use lab04_keyframes::fast::{FastClip, FastPose, Kernel, LANES};
use lab04_keyframes::given::Mode;
use lab07_transitions::fast::FastPlaying;

use crate::given::{
    self, Blend, Facing, Gait, Machine, MachineState, Motion, Parameters, Plant, Settings, Transitions,
};
use crate::{Character, Locomotion};
use lanes::{OffsetLanes, Spring};
use legs::{LegScratch, Legs};

/// Offsets that can no longer move any joint by more than this (radians,
/// metres) are dropped: the reference would still add them, so this is the
/// most the two differ by because of it.
pub const SETTLED: f32 = 1e-6;

/// Why a set-up cannot run on the fast path (run it with `solution::update`).
#[derive(Clone, Debug, PartialEq)]
pub enum FastError {
    /// Lab 04's fast sampler refuses this clip (a cubic track, too large).
    Clip {
        /// The clip's name.
        clip: String,
        /// Lab 04's reason.
        why: lab04_keyframes::fast::FastError,
    },
    /// The settings ask for lab 07's crossfade, which samples two states at once.
    Crossfade,
}

impl std::fmt::Display for FastError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FastError::Clip { clip, why } => write!(f, "clip `{clip}`: {why}; run this set-up with solution::update"),
            FastError::Crossfade => write!(
                f,
                "the fast path inertializes transitions; with lab 07's crossfade run this set-up with solution::update"
            ),
        }
    }
}

impl std::error::Error for FastError {}

/// What the fast frame reads besides the character: a [`Locomotion`]
/// converted once (see the module's documentation).
#[derive(Clone)]
pub struct Fast {
    kernel: Kernel,
    clips: Vec<FastClip>,
    /// Each clip's length in seconds, and its mode (idle, walk, run loop).
    lengths: Vec<f64>,
    modes: Vec<Mode>,
    gaits: Vec<Gait>,
    top_speeds: [f32; 2],
    machine: Machine,
    state_clips: Vec<Option<usize>>,
    /// Per state: its mask as one bit per node, one `u16` per group of [`LANES`].
    masks: Vec<Option<Vec<u16>>>,
    over_blend_space: Vec<bool>,
    /// The machine's `speed`, `stick` and `wave`, if it reads them.
    speed: Option<usize>,
    stick: Option<usize>,
    wave: Option<usize>,
    settings: Settings,
    /// The prediction's springs (its times and the velocity's half-life are fixed).
    prediction: [Option<Spring>; 3],
    rest: FastPose,
    rest_root: Transform,
    parents: Vec<Option<usize>>,
    legs: Legs,
}

impl Fast {
    /// `setup` converted, with the fastest kernel this CPU runs.
    pub fn new(setup: &Locomotion) -> Result<Fast, FastError> {
        Fast::with_kernel(setup, Kernel::best())
    }

    /// [`Fast::new`] with a chosen kernel (any of lab 04's `Kernel::available`).
    pub fn with_kernel(setup: &Locomotion, kernel: Kernel) -> Result<Fast, FastError> {
        if setup.settings.transitions == Transitions::Crossfade {
            return Err(FastError::Crossfade);
        }
        let clips = setup
            .clips
            .iter()
            .map(|c| FastClip::new(c, &setup.rest).map_err(|why| FastError::Clip { clip: c.name.clone(), why }))
            .collect::<Result<Vec<_>, _>>()?;
        let mut rest = FastPose::new(setup.rest.len());
        for (node, t) in setup.rest.iter().enumerate() {
            lanes::set(&mut rest, node, t);
        }
        let masks = setup
            .masks
            .iter()
            .map(|m| {
                m.as_ref().map(|m| {
                    let mut bits = vec![0u16; rest.lanes().len()];
                    for node in (0..m.len()).filter(|&n| m[n]) {
                        bits[node / LANES] |= 1 << (node % LANES);
                    }
                    bits
                })
            })
            .collect();
        let find = |names: &[String], name: &str| names.iter().position(|p| p == name);
        let halflife = setup.settings.velocity_halflife;
        Ok(Fast {
            kernel,
            lengths: setup.clips.iter().map(|c| c.duration_seconds()).collect(),
            modes: setup.clips.iter().map(|c| mode(&c.name)).collect(),
            clips,
            gaits: setup.gaits.clone(),
            top_speeds: [setup.top_speed(false), setup.top_speed(true)],
            machine: setup.machine.clone(),
            state_clips: setup.state_clips.clone(),
            masks,
            over_blend_space: (0..setup.state_clips.len())
                .map(|s| setup.state_clips[s].is_none() || setup.masks[s].is_some())
                .collect(),
            speed: find(&setup.machine.parameters, "speed"),
            stick: find(&setup.machine.parameters, "stick"),
            wave: find(&setup.machine.triggers, "wave"),
            settings: setup.settings,
            prediction: given::PREDICTION.map(|t| spring(halflife, t)),
            rest,
            rest_root: setup.rest[0],
            parents: setup.skeleton.nodes.iter().map(|n| n.parent).collect(),
            legs: Legs::new(&setup.skeleton, &setup.rig),
        })
    }

    /// The kernel it samples, blends and inertializes with.
    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Nodes in a pose.
    pub fn nodes(&self) -> usize {
        self.parents.len()
    }
}

/// The built-in rule: idle, walk and run loop, anything else plays once.
fn mode(name: &str) -> Mode {
    if common::character::is_looping(name) { Mode::Loop } else { Mode::Once }
}

/// The spring constants of `solution::spring_decay` for this half-life and
/// time; `None` for a half-life of 0 (the spring closes at once).
fn spring(halflife: f64, dt: f64) -> Option<Spring> {
    let y = if halflife > 0.0 { 2.0 * std::f64::consts::LN_2 / halflife } else { f64::INFINITY };
    y.is_finite().then(|| Spring { y: y as f32, e: (-y * dt).exp() as f32, dt: dt as f32 })
}

/// The frame's constants for one `dt` (and one offset half-life), kept
/// while they stay the same.
#[derive(Clone, Copy, Debug, PartialEq)]
struct PerDt {
    dt: f64,
    offset_halflife: f64,
    velocity: Option<Spring>,
    heading: Option<Spring>,
    offsets: Option<Spring>,
    /// Step 5's pull, `1 - 0.5^(dt / halflife)`.
    pull: f32,
}

/// What a frame uses and need not keep: sampled poses, the legs' joints.
/// One per thread is enough for any number of characters.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    a: FastPose,
    b: FastPose,
    now: FastPose,
    next: FastPose,
    legs: LegScratch,
}

/// One steered character on the fast path: what [`Character`] holds, its
/// poses struct of arrays and its players lab 04's cursors.
#[derive(Clone, Debug)]
pub struct FastCharacter {
    /// Seconds since it started.
    pub seconds: f64,
    /// The simulated character (step 1).
    pub motion: Motion,
    /// The simulated facing (step 1).
    pub facing: Facing,
    /// The heading the stick last asked for.
    pub wanted_heading: f32,
    /// Where the simulation will be at `PREDICTION`'s times.
    pub trajectory: [Vec3; 3],
    /// Where the character stands (step 5).
    pub position: Vec3,
    /// Which way it faces.
    pub heading: f32,
    /// The state machine's state (step 3).
    pub machine: MachineState,
    /// The parameters it read this frame.
    pub parameters: Parameters,
    /// The blend space's neighbours and weight (step 2).
    pub blend: Blend,
    /// The blend space's playback rate (step 2).
    pub rate: f32,
    /// The clip's travel this frame, in the character's frame.
    pub travel: Vec3,
    /// The clip's ankles in the character's frame (for contacts).
    pub clip_ankles: [Vec3; 2],
    /// Whether each foot is in contact (step 6).
    pub contacts: [bool; 2],
    /// Each foot's hold (step 6).
    pub plants: [Plant; 2],
    /// Where each ankle ended up, world space.
    pub feet: [Vec3; 2],
    phase: f64,
    gaits: Vec<FastPlaying>,
    states: Vec<Option<FastPlaying>>,
    offsets: Vec<OffsetLanes>,
    /// False once the offsets are dropped ([`SETTLED`]).
    live: bool,
    offset_halflife: f64,
    /// The shown pose (before root and feet) now, and one frame earlier:
    /// `shown[now]` and `shown[1 - now]`, swapped each frame, never copied.
    shown: [FastPose; 2],
    now: usize,
    last_dt: f64,
    pose: FastPose,
    per_dt: Option<PerDt>,
}

impl FastCharacter {
    /// A character standing at `position`, as `Character::new` makes it.
    pub fn new(fast: &Fast, setup: &Locomotion, position: Vec3) -> FastCharacter {
        let ch = Character::new(setup, position);
        let gaits = fast.gaits.iter().map(|g| FastPlaying::start(g.clip, Mode::Loop)).collect();
        let states = fast.state_clips.iter().map(|c| c.map(|c| FastPlaying::start(c, fast.modes[c]))).collect();
        FastCharacter {
            seconds: 0.0,
            motion: ch.motion,
            facing: ch.facing,
            wanted_heading: ch.wanted_heading,
            trajectory: ch.trajectory,
            position,
            heading: 0.0,
            machine: ch.machine,
            parameters: ch.parameters,
            blend: ch.blend,
            rate: ch.rate,
            travel: Vec3::ZERO,
            clip_ankles: ch.clip_ankles,
            contacts: [false; 2],
            plants: [Plant::default(); 2],
            feet: ch.feet,
            phase: 0.0,
            gaits,
            states,
            offsets: vec![OffsetLanes::ZERO; fast.rest.lanes().len()],
            live: false,
            offset_halflife: 0.0,
            shown: [fast.rest.clone(), fast.rest.clone()],
            now: 0,
            last_dt: 0.0,
            pose: fast.rest.clone(),
            per_dt: None,
        }
    }

    /// The final pose (root placed, feet planted), struct of arrays.
    pub fn pose(&self) -> &FastPose {
        &self.pose
    }

    /// The final pose as local transforms (`out` one per node).
    pub fn pose_into(&self, out: &mut [Transform]) {
        self.pose.write_transforms(out);
    }

    /// The animated pose before root and feet (the reference's `shown`).
    pub fn shown_into(&self, out: &mut [Transform]) {
        self.shown[self.now].write_transforms(out);
    }

    /// Every node's world matrix of the final pose (lab 01's forward loop),
    /// for drawing: `out` one per node.
    pub fn world_into(&self, fast: &Fast, out: &mut [Mat4]) {
        for (i, parent) in fast.parents.iter().enumerate().take(out.len()) {
            let t = self.pose.transform(i);
            let local = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
            out[i] = match parent {
                Some(p) => out[*p] * local,
                None => local,
            };
        }
    }
}
