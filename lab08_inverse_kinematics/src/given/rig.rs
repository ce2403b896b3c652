//! The joints IK works on in the built-in character (legs, neck and head),
//! its clips made to travel (the built-in walk walks in place), and a
//! tentacle chain for steps 3 and 4.

use common::model::{Channel, Clip, Key, Node, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab04_keyframes::given::{ClipCursors, Mode};

/// One leg: hip (thigh), knee (shin) and ankle (foot) nodes, and the knee's
/// hinge in the shin's own frame (a positive turn bends the knee).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Leg {
    /// The thigh node (the hip joint).
    pub thigh: usize,
    /// The shin node (the knee joint).
    pub shin: usize,
    /// The foot node (the ankle joint).
    pub foot: usize,
    /// The knee's hinge in the shin's frame.
    pub knee_axis: Vec3,
}

/// What IK needs to know about a humanoid skeleton.
#[derive(Clone, Debug, PartialEq)]
pub struct Rig {
    /// The pelvis (the root that root motion moves).
    pub hips: usize,
    /// Left and right leg.
    pub legs: [Leg; 2],
    /// The neck and head, which share a look.
    pub neck: usize,
    /// The head.
    pub head: usize,
    /// The face's direction in the head's frame.
    pub head_forward: Vec3,
    /// The top of the head in the head's frame.
    pub head_up: Vec3,
    /// Height of the character in its rest pose (metres), the grader's scale.
    pub height: f32,
}

/// The rest pose: every node's local transform.
pub fn rest(skeleton: &Skeleton) -> Vec<Transform> {
    skeleton.nodes.iter().map(|n| n.local).collect()
}

/// The pose of `clip` at `seconds` (clamped to the clip), lab 04's sampler with lab 05's slerp.
pub fn pose(clip: &Clip, rest: &[Transform], seconds: f64) -> Vec<Transform> {
    let mut cursors = ClipCursors::for_clip(clip);
    lab04_keyframes::solution::pose_at(clip, rest, seconds, Mode::Once, &mut cursors, lab05_slerp::solution::slerp)
        .unwrap_or_else(|e| panic!("clip `{}`: {e}", clip.name))
}

impl Rig {
    /// The built-in character's rig (nodes found by name).
    pub fn of(skeleton: &Skeleton) -> Result<Rig, String> {
        let find = |name: &str| {
            skeleton.find(name).ok_or_else(|| format!("no node `{name}`: lab08 needs the built-in character's rig"))
        };
        let world = lab01_hierarchy::solution::world_matrices(skeleton, &rest(skeleton));
        let frame = |node: usize, axis: Vec3| {
            let (_, r, _) = world[node].to_scale_rotation_translation();
            (r.inverse() * axis).normalize()
        };
        let mut legs = Vec::new();
        for side in ["l", "r"] {
            let shin = find(&format!("shin_{side}"))?;
            legs.push(Leg {
                thigh: find(&format!("thigh_{side}"))?,
                shin,
                foot: find(&format!("foot_{side}"))?,
                knee_axis: frame(shin, Vec3::X),
            });
        }
        let head = find("head")?;
        let top = world[head].w_axis.y + 0.12;
        Ok(Rig {
            hips: find("hips")?,
            legs: [legs[0], legs[1]],
            neck: find("neck")?,
            head,
            head_forward: frame(head, Vec3::Z),
            head_up: frame(head, Vec3::Y),
            height: top,
        })
    }
}

/// How fast `clip` should travel (metres per second along +Z) so that a
/// planted foot does not slide: twice the feet's reach along Z per loop.
pub fn stride_speed(clip: &Clip, skeleton: &Skeleton, rig: &Rig) -> f32 {
    let rest = rest(skeleton);
    let (mut low, mut high) = (f32::MAX, f32::MIN);
    let seconds = clip.duration_seconds();
    for i in 0..48 {
        let world = lab01_hierarchy::solution::world_matrices(skeleton, &pose(clip, &rest, seconds * i as f64 / 48.0));
        let z = world[rig.legs[0].foot].w_axis.z;
        (low, high) = (low.min(z), high.max(z));
    }
    if seconds > 0.0 { 2.0 * (high - low) / seconds as f32 } else { 0.0 }
}

/// `clip` with its root (`node`) travelling at `velocity` metres per second
/// (the clip's own translation keys, or the rest translation, plus
/// `velocity * t`), and turning by `turn` radians about Y over each loop.
pub fn travelling(clip: &Clip, rest: &[Transform], node: usize, velocity: Vec3, turn: f32) -> Clip {
    let mut clip = clip.clone();
    let rate = clip.ticks_per_second;
    let duration = clip.duration_ticks;
    if !clip.channels.iter().any(|c| c.node == node) {
        clip.channels.push(Channel { node, ..Default::default() });
    }
    let channel = clip.channels.iter_mut().find(|c| c.node == node).expect("added above");
    if channel.positions.is_empty() {
        channel.positions = vec![
            Key { time_ticks: 0.0, value: rest[node].translation },
            Key { time_ticks: duration, value: rest[node].translation },
        ];
    }
    for key in &mut channel.positions {
        key.value += velocity * (key.time_ticks / rate) as f32;
    }
    if turn != 0.0 {
        if channel.rotations.is_empty() {
            channel.rotations = (0..=8)
                .map(|i| Key { time_ticks: duration * f64::from(i) / 8.0, value: rest[node].rotation })
                .collect();
        }
        for key in &mut channel.rotations {
            let share = if duration > 0.0 { (key.time_ticks / duration) as f32 } else { 0.0 };
            key.value = (Quat::from_rotation_y(turn * share) * key.value).normalize();
        }
    }
    clip.name = format!("{} (travelling)", clip.name);
    clip
}

/// A tentacle: `joints` nodes in a chain from `base` up +Y, each bone
/// `bone` metres long and curled a little about Z (a root node first).
pub fn tentacle(joints: usize, bone: f32, base: Vec3) -> Skeleton {
    let mut nodes = vec![Node {
        name: "tentacle".into(),
        parent: None,
        local: Transform { translation: base, ..Transform::IDENTITY },
    }];
    for i in 0..joints {
        let translation = if i == 0 { Vec3::ZERO } else { Vec3::Y * bone };
        let rotation = Quat::from_rotation_z(if i == 0 { 0.0 } else { 0.12 });
        nodes.push(Node {
            name: format!("segment_{i}"),
            parent: Some(i),
            local: Transform { translation, rotation, scale: Vec3::ONE },
        });
    }
    Skeleton { nodes }
}
