//! Poses for the demos that come before keyframe interpolation (lab04): a
//! pose read straight off one key of a clip, and slider turns.

use glam::{EulerRot, Quat, Vec3};

use crate::model::{Clip, Key, Skeleton, Transform};

/// A turn given as degrees about X, then Y, then Z (the demos' sliders).
pub fn turn(degrees: Vec3) -> Quat {
    let r = degrees * (std::f32::consts::PI / 180.0);
    Quat::from_euler(EulerRot::XYZ, r.x, r.y, r.z)
}

/// The local rotation change that turns a joint by `degrees` about the
/// *model's* X, Y, Z axes as they were in the bind pose, given the joint's
/// bind-pose world rotation: `world^-1 * turn * world`. Multiply it onto the
/// joint's local rotation. Authoring motion this way ("swing the thigh
/// forward about X") does not depend on how each joint's own axes point.
pub fn turn_in_model_axes(bind_world_rotation: Quat, degrees: Vec3) -> Quat {
    (bind_world_rotation.inverse() * turn(degrees) * bind_world_rotation).normalize()
}

/// A joint worth selecting first in an unknown skeleton: one whose subtree
/// holds about a fifth of the nodes (an arm or a leg in a humanoid).
pub fn suggested_joint(skeleton: &Skeleton) -> usize {
    let n = skeleton.nodes.len();
    let mut size = vec![1usize; n];
    for i in (0..n).rev() {
        if let Some(p) = skeleton.nodes[i].parent {
            size[p] += size[i];
        }
    }
    let depths = skeleton.depths();
    let candidates = (0..n).filter(|&i| depths[i] >= 1 && size[i] > 1);
    candidates.min_by_key(|&i| size[i].abs_diff(n / 5)).unwrap_or(0)
}

/// The key nearest to `fraction` (0 = first key, 1 = last) of a key list.
fn nearest<T: Copy>(keys: &[Key<T>], fraction: f32) -> Option<T> {
    let last = keys.len().checked_sub(1)?;
    let i = (fraction.clamp(0.0, 1.0) * last as f32).round() as usize;
    Some(keys[i.min(last)].value)
}

/// The skeleton's rest pose with every channel of `clip` set to its key
/// nearest `fraction` of the way through its list (no interpolation: lab04
/// teaches that). Channels naming missing nodes are ignored.
pub fn key_pose(skeleton: &Skeleton, clip: &Clip, fraction: f32) -> Vec<Transform> {
    let mut locals = skeleton.rest_locals();
    for channel in &clip.channels {
        let Some(local) = locals.get_mut(channel.node) else {
            continue;
        };
        if let Some(t) = nearest(&channel.positions, fraction) {
            local.translation = t;
        }
        if let Some(r) = nearest(&channel.rotations, fraction) {
            local.rotation = r.normalize();
        }
        if let Some(s) = nearest(&channel.scales, fraction) {
            local.scale = s;
        }
    }
    locals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_pose_takes_whole_keys() {
        let model = crate::character::build();
        let walk = &model.clips[1];
        let pose = key_pose(&model.skeleton, walk, 0.0);
        let hips = model.skeleton.find("hips").unwrap();
        let channel = walk.channels.iter().find(|c| c.node == hips).unwrap();
        assert_eq!(pose[hips].rotation, channel.rotations[0].value);
        assert_eq!(pose[hips].translation, channel.positions[0].value);
        assert_eq!(key_pose(&model.skeleton, walk, 1.0)[hips].rotation, channel.rotations.last().unwrap().value);
    }
}
