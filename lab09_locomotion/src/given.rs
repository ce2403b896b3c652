//! What both variants share and the lab does not ask you to write: the
//! steps' inputs and answers ([`Motion`], [`Facing`], [`Gait`], [`Blend`],
//! [`Offsets`], [`Plant`]), the settings and the one error ([`LocoError`])
//! with the checks that raise it, the state machine's file ([`machine`])
//! and its state while it runs ([`running`]),
//! scripted input ([`input`]), the character and its frame loop
//! ([`character`]), and the legs that hold a planted foot ([`legs`]).

pub mod character;
pub mod frame;
pub mod input;
pub mod legs;
pub mod machine;
pub mod running;

use common::model::Transform;
use glam::{Quat, Vec3};

pub use character::{Character, Fade, Frame, GAITS, Locomotion, Player, Settings, Transitions};
pub use frame::update_with;
pub use input::{Input, InputScript, ScriptError};
pub use machine::{Active, Condition, Machine, MachineError, MachineState, Op, Parameters, State, Transition};

/// The future times (seconds from now) of the predicted trajectory.
pub const PREDICTION: [f64; 3] = [0.2, 0.4, 0.6];

/// The simulated character on the ground (y = 0): where it is, how fast it
/// goes and how fast that changes. Steps 1 and 5 work on it.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Motion {
    /// Position on the ground, metres.
    pub position: Vec3,
    /// Velocity, metres per second.
    pub velocity: Vec3,
    /// Acceleration, metres per second per second.
    pub acceleration: Vec3,
}

/// Which way the character faces: an angle about +Y (0 faces +Z, a
/// positive angle turns towards +X, as `atan2(x, z)`), and how fast it turns.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Facing {
    /// Radians, kept in [-pi, pi].
    pub angle: f32,
    /// Radians per second.
    pub rate: f32,
}

impl Facing {
    /// The unit direction on the ground this facing looks along.
    pub fn forward(&self) -> Vec3 {
        Vec3::new(self.angle.sin(), 0.0, self.angle.cos())
    }
}

/// One clip of the blend space: which clip, the speed its root motion
/// measures (metres per second, lab 08's `loop_travel` over its length) and
/// the length of its cycle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gait {
    /// Index into the clip list.
    pub clip: usize,
    /// Metres per second when played at its own pace.
    pub speed: f32,
    /// Seconds per cycle (the clip's length).
    pub seconds: f64,
}

/// Step 2's answer: the two neighbouring gaits and how far between them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Blend {
    /// Index (into the gaits) of the slower neighbour.
    pub lower: usize,
    /// Index of the faster neighbour (may equal `lower`).
    pub upper: usize,
    /// 0 is all `lower`, 1 all `upper`.
    pub weight: f32,
}

/// Step 4's state: per node, what is still to be added to the pose sampled
/// from the new state (rotation as a rotation vector, axis times angle in
/// radians, applied in the parent's frame; translation in metres), and how
/// fast each changes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Offsets {
    /// Per node: the rotation still to add, axis times angle.
    pub rotations: Vec<Vec3>,
    /// Per node: its rate of change, radians per second.
    pub spins: Vec<Vec3>,
    /// Per node: the translation still to add.
    pub translations: Vec<Vec3>,
    /// Per node: its rate of change, metres per second.
    pub velocities: Vec<Vec3>,
}

impl Offsets {
    /// No offset on any of `nodes` nodes.
    pub fn zero(nodes: usize) -> Offsets {
        Offsets {
            rotations: vec![Vec3::ZERO; nodes],
            spins: vec![Vec3::ZERO; nodes],
            translations: vec![Vec3::ZERO; nodes],
            velocities: vec![Vec3::ZERO; nodes],
        }
    }
}

/// How fast each node of a pose moves: per node, the rotation's rate (a
/// rotation vector per second, in the parent's frame) and the translation's.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Velocities {
    /// Radians per second, axis times rate.
    pub angular: Vec<Vec3>,
    /// Metres per second.
    pub linear: Vec<Vec3>,
}

impl Velocities {
    /// The velocities that carry `before` to `after` in `dt` seconds (zero for
    /// `dt` 0): each rotation's turn taken the short way.
    pub fn between(before: &[Transform], after: &[Transform], dt: f64) -> Velocities {
        let scale = if dt > 0.0 { (1.0 / dt) as f32 } else { 0.0 };
        let angular = before
            .iter()
            .zip(after)
            // The turn in the node's own frame, then carried into the parent's.
            .map(|(b, a)| b.rotation * shortest(rotation_vector(b.rotation.inverse() * a.rotation)) * scale)
            .collect();
        let linear = before.iter().zip(after).map(|(b, a)| (a.translation - b.translation) * scale).collect();
        Velocities { angular, linear }
    }
}

/// A rotation as a rotation vector (axis times angle, the angle from 0 to
/// 2 pi, as the quaternion holds it: `q` and `-q` give different vectors).
pub fn rotation_vector(q: Quat) -> Vec3 {
    q.to_scaled_axis()
}

/// The rotation a rotation vector stands for (axis times angle).
pub fn from_rotation_vector(v: Vec3) -> Quat {
    Quat::from_scaled_axis(v)
}

/// The same turn the short way: a rotation vector of angle above pi
/// becomes the equal turn of angle below pi about the opposite axis.
fn shortest(v: Vec3) -> Vec3 {
    let angle = v.length();
    if angle > std::f32::consts::PI { v * (1.0 - std::f32::consts::TAU / angle) } else { v }
}

/// Step 5's settings: how the placed character is pulled towards the simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reconcile {
    /// Seconds for half the gap between the placed and the simulated
    /// position to close (0: closed at once).
    pub halflife: f64,
    /// The farthest the placed character may be from the simulated one, metres.
    pub limit: f32,
}

/// Step 6's thresholds: a foot is in contact when its ankle is low and slow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Highest ankle height above the ground the clip was made on (y = 0), metres.
    pub height: f32,
    /// Fastest horizontal speed over the ground, metres per second.
    pub speed: f32,
}

/// Step 6's settings for holding a foot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planting {
    /// Seconds a released foot takes to go back to the clip's foot.
    pub release: f64,
    /// A held foot further than this (metres, on the ground) from the clip's
    /// foot is let go: the leg cannot stretch that far.
    pub reach: f32,
}

/// One foot's hold (step 6): where it is held and how much.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Plant {
    /// True while the foot is held at `anchor`.
    pub held: bool,
    /// Where the foot is held, world space.
    pub anchor: Vec3,
    /// 1 while held; falls to 0 over the release time once let go.
    pub weight: f32,
}

/// Why the lab cannot go on: one line, naming what to fix.
#[derive(Clone, Debug, PartialEq)]
pub enum LocoError {
    /// A time, stick value or setting is NaN or infinite.
    NotFinite(&'static str),
    /// A setting outside its range (name, what it must be).
    Setting(&'static str, &'static str),
    /// The state machine's file is wrong (the error names the line).
    Machine(MachineError),
    /// The input script is wrong (the error names the line).
    Script(ScriptError),
    /// The skeleton or the clips do not fit the lab (a node or clip missing).
    Rig(String),
}

impl std::fmt::Display for LocoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LocoError::NotFinite(what) => write!(f, "the {what} is not finite (NaN or infinite): give a finite value"),
            LocoError::Setting(name, range) => write!(f, "{name} must be {range}"),
            LocoError::Machine(e) => write!(f, "{e}"),
            LocoError::Script(e) => write!(f, "{e}"),
            LocoError::Rig(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for LocoError {}

impl From<MachineError> for LocoError {
    fn from(e: MachineError) -> LocoError {
        LocoError::Machine(e)
    }
}

impl From<ScriptError> for LocoError {
    fn from(e: ScriptError) -> LocoError {
        LocoError::Script(e)
    }
}

/// The check before a frame: a finite `dt` from 0 to 1 second (a longer
/// frame is a stall; the caller splits it).
pub fn check_dt(dt: f64) -> Result<(), LocoError> {
    if !dt.is_finite() {
        return Err(LocoError::NotFinite("frame time"));
    }
    if !(0.0..=1.0).contains(&dt) {
        return Err(LocoError::Setting("the frame time", "from 0 to 1 second"));
    }
    Ok(())
}

/// The checks before a frame moves anything, for the reference and the
/// fast path alike: [`check_dt`], and a finite stick.
pub fn check_frame(dt: f64, input: &Input) -> Result<(), LocoError> {
    check_dt(dt)?;
    if !input.stick.is_finite() {
        return Err(LocoError::NotFinite("stick"));
    }
    Ok(())
}

/// The check of a half-life: finite, 0 or more (0 means at once).
pub fn check_halflife(halflife: f64, name: &'static str) -> Result<(), LocoError> {
    if !halflife.is_finite() {
        return Err(LocoError::NotFinite(name));
    }
    if halflife < 0.0 {
        return Err(LocoError::Setting(name, "0 or more seconds"));
    }
    Ok(())
}

/// The check before step 2: at least one gait, finite speeds of 0 or more
/// in order (equal speeds allowed), cycles longer than 0.
pub fn check_gaits(gaits: &[Gait]) -> Result<(), LocoError> {
    if gaits.is_empty() {
        return Err(LocoError::Setting("the blend space", "at least one gait"));
    }
    for g in gaits {
        if !g.speed.is_finite() || !g.seconds.is_finite() {
            return Err(LocoError::NotFinite("gait's speed or length"));
        }
        if g.speed < 0.0 || g.seconds <= 0.0 {
            return Err(LocoError::Setting("a gait", "a speed of 0 or more and a length above 0"));
        }
    }
    if gaits.windows(2).any(|w| w[1].speed < w[0].speed) {
        return Err(LocoError::Setting("the gaits", "in order of speed, slowest first"));
    }
    Ok(())
}

/// The student's steps, as plain function pointers: the given frame loop
/// ([`character::update_with`]) calls them, so each variant runs the same
/// loop with its own steps.
#[derive(Clone, Copy)]
pub struct Steps {
    /// Step 1a.
    pub spring_decay: fn(Vec3, Vec3, f64, f64) -> (Vec3, Vec3),
    /// Step 1b.
    pub follow_velocity: fn(&Motion, Vec3, f64, f64) -> Motion,
    /// Step 1c.
    pub follow_heading: fn(&Facing, f32, f64, f64) -> Facing,
    /// Step 1d.
    pub predict: fn(&Motion, Vec3, f64) -> [Vec3; 3],
    /// Step 2a.
    pub blend_weights: fn(&[Gait], f32) -> Blend,
    /// Step 2b.
    pub playback_rate: fn(&[Gait], &Blend, f32) -> f32,
    /// Step 3.
    pub choose_transition: fn(&Machine, &MachineState, &Parameters) -> Option<usize>,
    /// Step 4a.
    pub start_offsets: fn(&mut Offsets, &[Transform], &Velocities, &[Transform], &Velocities),
    /// Step 4b.
    pub inertialize: fn(&mut Offsets, &mut [Transform], f64, f64),
    /// Step 5.
    pub reconcile: fn(Vec3, Vec3, Vec3, &Reconcile, f64) -> Vec3,
    /// Step 6a.
    pub in_contact: fn(Vec3, Vec3, Vec3, f64, &Contact) -> bool,
    /// Step 6b.
    pub plant_foot: fn(&mut Plant, bool, Vec3, f64, &Planting) -> Vec3,
}
