//! What both variants share and the lab does not ask you to write: the jobs'
//! inputs and answers ([`TwoBone`], [`Aim`], [`Budget`]), the one error
//! ([`IkError`]) and the checks that raise it before any step runs, a chain's
//! new positions turned into local rotations ([`chain_corrections`]), the
//! ground ([`ground::Terrain`]) and the built-in character's legs, head and
//! travelling clips ([`rig`]).

pub mod ground;
pub mod rig;

use glam::{Mat4, Quat, Vec3};

/// Lengths and distances below this share of the chain's length count as zero.
pub const DEGENERATE: f32 = 1e-5;

/// Why a job cannot run: one line, naming what to fix.
#[derive(Clone, Debug, PartialEq)]
pub enum IkError {
    /// A target, pole, matrix or setting is NaN or infinite.
    NotFinite(&'static str),
    /// A bone of (near) zero length: its direction is undefined.
    ZeroLengthBone(usize),
    /// The target sits on the joint that should turn towards it.
    TargetAtRoot,
    /// The pole lies on the line from the chain's root to the target: it picks no plane.
    PoleOnChainLine,
    /// A setting outside its range (name, what it must be).
    Setting(&'static str, &'static str),
    /// A chain needs at least two joints.
    ChainTooShort(usize),
}

impl std::fmt::Display for IkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IkError::NotFinite(what) => write!(f, "the {what} is not finite (NaN or infinite): give a finite value"),
            IkError::ZeroLengthBone(i) => {
                write!(f, "bone {i} of the chain has zero length: its direction is undefined; merge or drop that joint")
            }
            IkError::TargetAtRoot => write!(f, "the target sits on the chain's root joint: no direction points at it"),
            IkError::PoleOnChainLine => {
                write!(
                    f,
                    "the pole lies on the line from the root to the target: it picks no plane for the middle joint"
                )
            }
            IkError::Setting(name, range) => write!(f, "{name} must be {range}"),
            IkError::ChainTooShort(n) => write!(f, "a chain needs at least two joints, this one has {n}"),
        }
    }
}

impl std::error::Error for IkError {}

/// Step 1's job, with ozz-animation's `IKTwoBoneJob`'s inputs: the three
/// joints' model-space matrices, the target and pole in model space, and
/// the middle joint's bend axis in its own frame. Two conventions differ
/// from ozz's (FURTHER.md maps them): the pole is a point (ozz: a
/// direction from the start joint), and a positive turn about `mid_axis`
/// closes the knee (ozz's opens it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TwoBone {
    /// The chain's root joint (hip, shoulder), model space.
    pub start: Mat4,
    /// The middle joint (knee, elbow), a descendant of `start`.
    pub mid: Mat4,
    /// The end joint (ankle, wrist), a descendant of `mid`.
    pub end: Mat4,
    /// Where the end joint should go.
    pub target: Vec3,
    /// A point the middle joint should point towards (in front of the knee):
    /// the knee's hinge ends square to the plane of start, target and pole.
    pub pole: Vec3,
    /// The middle joint's hinge, in the middle joint's local frame: a positive
    /// turn about it bends the joint (closes the angle between the bones).
    pub mid_axis: Vec3,
    /// 0 leaves the pose, 1 applies the full correction.
    pub weight: f32,
    /// Share of the chain's length (0 to 1] where softening starts; 1 is none.
    pub soften: f32,
    /// Extra turn, radians, of the chain's plane about the root-to-target line.
    pub twist: f32,
}

impl TwoBone {
    /// A job with weight 1, no softening and no twist.
    pub fn new(start: Mat4, mid: Mat4, end: Mat4, target: Vec3, pole: Vec3, mid_axis: Vec3) -> TwoBone {
        TwoBone { start, mid, end, target, pole, mid_axis, weight: 1.0, soften: 1.0, twist: 0.0 }
    }
}

/// Step 1's answer: rotations to multiply onto the joints' local rotations
/// (`local.rotation = local.rotation * correction`), and whether the end
/// joint reaches the target.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TwoBoneSolve {
    /// The start joint's correction, in its local frame.
    pub start: Quat,
    /// The middle joint's correction, in its local frame.
    pub mid: Quat,
    /// True when the (softened) chain reaches the target.
    pub reached: bool,
}

/// Step 2's job, after ozz-animation's `IKAimJob` (without its offset and
/// twist angle; with a `limit` of our own).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aim {
    /// The joint that turns, model space.
    pub joint: Mat4,
    /// What it should look at, model space.
    pub target: Vec3,
    /// The axis that should point at the target, in the joint's frame.
    pub forward: Vec3,
    /// The joint's up axis, in its own frame.
    pub up: Vec3,
    /// Which way is up in the model: the up axis turns towards it.
    pub pole: Vec3,
    /// The largest turn, radians, towards the target (from 0 to pi).
    pub limit: f32,
    /// 0 leaves the pose, 1 applies the full correction.
    pub weight: f32,
}

/// Step 2's answer: a rotation to multiply onto the joint's local rotation,
/// and whether the axis points at the target (false when the limit stopped it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AimSolve {
    /// The joint's correction, in its local frame.
    pub correction: Quat,
    /// True when the forward axis points at the target.
    pub reached: bool,
}

/// When steps 3 and 4 stop: close enough, or out of iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Distance from the end joint to the target that counts as reached.
    pub tolerance: f32,
    /// The most iterations (sweeps over the chain) to spend.
    pub iterations: usize,
}

/// What a chain solver did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainSolve {
    /// Iterations spent (0 when the chain already reached).
    pub iterations: usize,
    /// Distance from the end joint to the target at the end.
    pub error: f32,
    /// True when `error <= tolerance`.
    pub reached: bool,
}

fn finite(v: Vec3, what: &'static str) -> Result<(), IkError> {
    if v.is_finite() { Ok(()) } else { Err(IkError::NotFinite(what)) }
}

fn unit_range(value: f32, name: &'static str) -> Result<(), IkError> {
    if (0.0..=1.0).contains(&value) { Ok(()) } else { Err(IkError::Setting(name, "from 0 to 1")) }
}

/// The checks before step 1: finite input, bones of non-zero length, a
/// target off the root, a pole off the root-to-target line, weight in
/// [0, 1], soften in (0, 1].
pub fn check_two_bone(job: &TwoBone) -> Result<(), IkError> {
    for (m, what) in [(job.start, "start matrix"), (job.mid, "middle matrix"), (job.end, "end matrix")] {
        if !m.is_finite() {
            return Err(IkError::NotFinite(what));
        }
    }
    finite(job.target, "target")?;
    finite(job.pole, "pole")?;
    finite(job.mid_axis, "middle joint's axis")?;
    if !job.twist.is_finite() {
        return Err(IkError::NotFinite("twist"));
    }
    unit_range(job.weight, "weight")?;
    if !(job.soften > 0.0 && job.soften <= 1.0) {
        return Err(IkError::Setting("soften", "above 0 and at most 1"));
    }
    if job.mid_axis.length() < 1e-6 {
        return Err(IkError::Setting("the middle joint's axis", "a non-zero vector"));
    }
    let (s, m, e) = (job.start.w_axis.truncate(), job.mid.w_axis.truncate(), job.end.w_axis.truncate());
    let length = (m - s).length() + (e - m).length();
    for (i, bone) in [(0, m - s), (1, e - m)] {
        if bone.length() <= DEGENERATE * length.max(1e-3) {
            return Err(IkError::ZeroLengthBone(i));
        }
    }
    let to = job.target - s;
    if to.length() <= DEGENERATE * length {
        return Err(IkError::TargetAtRoot);
    }
    if (job.pole - s).reject_from(to).length() <= DEGENERATE * length {
        return Err(IkError::PoleOnChainLine);
    }
    Ok(())
}

/// The checks before step 2: finite input, a target off the joint, non-zero
/// axes, a limit from 0 to pi, weight in [0, 1].
pub fn check_aim(job: &Aim) -> Result<(), IkError> {
    if !job.joint.is_finite() {
        return Err(IkError::NotFinite("joint matrix"));
    }
    finite(job.target, "target")?;
    finite(job.pole, "pole")?;
    for (axis, name) in [(job.forward, "forward axis"), (job.up, "up axis"), (job.pole, "pole")] {
        if !axis.is_finite() || axis.length() < 1e-6 {
            return Err(IkError::Setting(name, "a finite, non-zero vector"));
        }
    }
    if !(0.0..=std::f32::consts::PI).contains(&job.limit) {
        return Err(IkError::Setting("limit", "from 0 to pi radians"));
    }
    unit_range(job.weight, "weight")?;
    if (job.target - job.joint.w_axis.truncate()).length() < 1e-6 {
        return Err(IkError::TargetAtRoot);
    }
    Ok(())
}

/// The checks before steps 3 and 4: two joints or more, finite positions
/// and target, no zero-length bone, a tolerance above 0, an iteration budget
/// from 1 to 10,000.
pub fn check_chain(positions: &[Vec3], target: Vec3, budget: &Budget) -> Result<(), IkError> {
    if positions.len() < 2 {
        return Err(IkError::ChainTooShort(positions.len()));
    }
    finite(target, "target")?;
    if positions.iter().any(|p| !p.is_finite()) {
        return Err(IkError::NotFinite("chain's joint position"));
    }
    if !(budget.tolerance > 0.0 && budget.tolerance.is_finite()) {
        return Err(IkError::Setting("tolerance", "above 0 and finite"));
    }
    if !(1..=10_000).contains(&budget.iterations) {
        return Err(IkError::Setting("iterations", "from 1 to 10000"));
    }
    let length: f32 = positions.windows(2).map(|w| (w[1] - w[0]).length()).sum();
    for (i, w) in positions.windows(2).enumerate() {
        if (w[1] - w[0]).length() <= DEGENERATE * length.max(1e-3) {
            return Err(IkError::ZeroLengthBone(i));
        }
    }
    Ok(())
}

/// The turn from unit vector `from` onto unit vector `to`, exact for tiny
/// angles too (glam's `from_rotation_arc` returns the identity below about
/// 7e-4 rad, which stalls an iterative solver short of its tolerance).
/// Normalised: a solver may turn a chain thousands of times, and a turn a
/// hair longer than unit length stretches every bone a hair each time
/// (seen with Windows' maths library, where the sines round differently).
pub fn arc(from: Vec3, to: Vec3) -> Quat {
    let axis = from.cross(to);
    let angle = axis.length().atan2(from.dot(to));
    match axis.try_normalize() {
        Some(axis) => Quat::from_axis_angle(axis, angle).normalize(),
        None if from.dot(to) < 0.0 => Quat::from_axis_angle(from.any_orthonormal_vector(), std::f32::consts::PI),
        None => Quat::IDENTITY,
    }
}

/// New joint positions of a chain (steps 3 and 4) turned into corrections
/// of the joints' local rotations. `world` holds the chain's joints'
/// model-space matrices, root first, each joint the parent of the next;
/// `positions` their new places (the root's unchanged, bone lengths kept).
/// Joint `i` turns its bone from where its parents' turns carried it onto
/// the new direction; its correction is that turn seen in its own frame.
/// The last joint has no bone of its own: its correction is the identity.
pub fn chain_corrections(world: &[Mat4], positions: &[Vec3]) -> Vec<Quat> {
    let mut corrections = vec![Quat::IDENTITY; world.len()];
    // What the joints above turned, in model space: it carries the subtree.
    let mut above = Quat::IDENTITY;
    for i in 0..world.len().min(positions.len()).saturating_sub(1) {
        let (_, rotation, _) = world[i].to_scale_rotation_translation();
        let now = above * rotation;
        let old = above * (world[i + 1].w_axis.truncate() - world[i].w_axis.truncate());
        let new = positions[i + 1] - positions[i];
        let turn = match (old.try_normalize(), new.try_normalize()) {
            (Some(a), Some(b)) => arc(a, b),
            _ => Quat::IDENTITY,
        };
        corrections[i] = (now.inverse() * turn * now).normalize();
        above = (turn * above).normalize();
    }
    corrections
}

/// A correction applied to a local rotation, as every step's answer is used.
pub fn apply(local: &mut common::model::Transform, correction: Quat) {
    local.rotation = (local.rotation * correction).normalize();
}

/// Step 5's answer: how far one loop of a clip carries its root on the
/// ground (y dropped), and how much it turns it about Y.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Travel {
    /// The root's travel over one loop, y = 0.
    pub displacement: Vec3,
    /// The root's turn about Y over one loop, radians in [-pi, pi).
    pub heading: f32,
}

/// Step 6's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feet {
    /// 0 is the clip as it is, 1 the feet fully on the ground.
    pub weight: f32,
    /// The character's forward direction: the knees point that way.
    pub forward: Vec3,
    /// Step 1's soften for the legs (1: none).
    pub soften: f32,
}

impl Default for Feet {
    fn default() -> Feet {
        Feet { weight: 1.0, forward: Vec3::Z, soften: 1.0 }
    }
}

/// The checks before step 6: weight in [0, 1], a finite non-zero forward,
/// soften in (0, 1].
pub fn check_feet(feet: &Feet) -> Result<(), IkError> {
    unit_range(feet.weight, "weight")?;
    if !feet.forward.is_finite() || feet.forward.length() < 1e-6 {
        return Err(IkError::Setting("forward", "a finite, non-zero vector"));
    }
    if !(feet.soften > 0.0 && feet.soften <= 1.0) {
        return Err(IkError::Setting("soften", "above 0 and at most 1"));
    }
    Ok(())
}

/// What step 6 did: the pelvis's move, each foot's target and pole, and
/// whether each leg reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FeetSolve {
    /// How far the pelvis moved up (negative: down).
    pub pelvis: f32,
    /// Where each ankle was sent (left, right).
    pub targets: [Vec3; 2],
    /// Each knee's pole.
    pub poles: [Vec3; 2],
    /// Whether each leg reached its target.
    pub reached: [bool; 2],
}
