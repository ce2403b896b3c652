//! Moving a channel's keys into another parent frame: keys authored under a
//! parent `P` replayed under `P'` must become `frame * key`, with
//! `frame = world(P')^-1 * world(P)`. Used to fold FBX pivot helpers into
//! their joint (`crate::assimp`) and to put clips from another file in the
//! model's frame (lab 07's `--set clips-from`).
//!
//! `frame * T(t) R(q) S(s)` splits into a translation, a rotation and a scale
//! of its own, track by track, only when `frame` is a rotation, a
//! translation and a *uniform* scale (`frame * key` is then
//! `T(frame(t)) R(r q) S(k s)`). A frame with a non-uniform scale or a shear
//! would shear the joint: no TRS key can hold that, and [`premultiply`]
//! refuses it.

use glam::{Mat3, Mat4, Quat, Vec3};

use crate::model::{Channel, Clip, Interpolation, Skeleton, Transform};

/// A frame as the rotation, translation and uniform scale it is made of, or
/// `None` when it has a non-uniform scale or a shear (or is not finite).
pub fn rigid_parts(frame: Mat4) -> Option<(Vec3, Quat, f32)> {
    let (scale, rotation, translation) = frame.to_scale_rotation_translation();
    let k = scale.x;
    let uniform = (scale - Vec3::splat(k)).abs().max_element() <= 1e-4 * k.abs().max(1e-6);
    let rebuilt = Mat4::from_scale_rotation_translation(Vec3::splat(k), rotation, translation);
    let exact = rebuilt.abs_diff_eq(frame, 1e-4 * frame.abs().to_cols_array().iter().fold(1.0f32, |m, v| m.max(*v)));
    (uniform && exact && rotation.is_finite() && k > 0.0).then_some((translation, rotation.normalize(), k))
}

/// True when `frame` changes nothing (within rounding).
pub fn is_identity(frame: Mat4) -> bool {
    frame.abs_diff_eq(Mat4::IDENTITY, 1e-5)
}

/// Replaces every key (and cubic tangent) of `channel` by `frame * key`.
/// Refuses (changing nothing) a frame that [`rigid_parts`] cannot split.
pub fn premultiply(channel: &mut Channel, frame: Mat4) -> Result<(), String> {
    let (_, r, k) = rigid_parts(frame).ok_or(
        "the frames differ by a non-uniform scale or a shear, which no translation, rotation and scale key can hold",
    )?;
    let linear = Mat3::from_mat4(frame);
    for key in &mut channel.positions {
        key.value = frame.transform_point3(key.value);
    }
    for key in &mut channel.rotations {
        key.value = (r * key.value).normalize();
    }
    for key in &mut channel.scales {
        key.value *= k;
    }
    if let Interpolation::CubicSpline(t) = &mut channel.interpolation.positions {
        t.iter_mut().for_each(|t| (t.incoming, t.outgoing) = (linear * t.incoming, linear * t.outgoing));
    }
    if let Interpolation::CubicSpline(t) = &mut channel.interpolation.rotations {
        t.iter_mut().for_each(|t| (t.incoming, t.outgoing) = (r * t.incoming, r * t.outgoing));
    }
    if let Interpolation::CubicSpline(t) = &mut channel.interpolation.scales {
        t.iter_mut().for_each(|t| (t.incoming, t.outgoing) = (t.incoming * k, t.outgoing * k));
    }
    Ok(())
}

/// `frame * local` as a [`Transform`] (for a rest pose moved with its keys).
pub fn premultiply_transform(frame: Mat4, local: &Transform) -> Transform {
    let m = frame * Mat4::from_scale_rotation_translation(local.scale, local.rotation, local.translation);
    Transform::from_matrix(m)
}

/// Puts a clip taken from another file in the model's frame. Channel `c`
/// of `clip` animated node `sources[c]` of `from` and now animates
/// `clip.channels[c].node` of `onto`. The keys of a channel whose node has
/// no animated ancestor in the clip (an animated root, such as the hips) are
/// relative to a parent whose rest pose may differ between the files (units,
/// an axis change, a root transform): they are moved by
/// `world_onto(parent)^-1 * world_from(parent)`. Returns the one note for
/// the clip, if anything was moved or could not be.
pub fn adopt(clip: &mut Clip, sources: &[usize], from: &Skeleton, onto: &Skeleton, file: &str) -> Option<String> {
    let (world_from, world_onto) = (rest_world(from), rest_world(onto));
    let animated: Vec<bool> = {
        let mut a = vec![false; onto.nodes.len()];
        clip.channels.iter().for_each(|c| a[c.node] = true);
        a
    };
    let parent_world = |s: &Skeleton, w: &[Mat4], n: usize| s.nodes[n].parent.map_or(Mat4::IDENTITY, |p| w[p]);
    let (mut moved, mut refused) = (Vec::new(), Vec::new());
    for (channel, &source) in clip.channels.iter_mut().zip(sources) {
        let mut up = onto.nodes[channel.node].parent;
        let mut is_root = true;
        while let Some(p) = up {
            if animated[p] {
                is_root = false;
                break;
            }
            up = onto.nodes[p].parent;
        }
        if !is_root {
            continue;
        }
        let frame = parent_world(onto, &world_onto, channel.node).inverse() * parent_world(from, &world_from, source);
        if is_identity(frame) {
            continue;
        }
        let name = onto.nodes[channel.node].name.clone();
        match premultiply(channel, frame) {
            Ok(()) => moved.push(name),
            Err(why) => refused.push((name, why)),
        }
    }
    if let Some((name, why)) = refused.first() {
        return Some(format!(
            "{file}: clip `{}`: the parent of its animated root `{name}` rests differently there than in the model, \
             and {why}: played as it is (it may stand or face wrongly)",
            clip.name
        ));
    }
    (!moved.is_empty()).then(|| {
        format!(
            "{file}: clip `{}`: its animated root ({}) rests under another frame there than in the model (units, axes \
             or a root transform): moved its keys into the model's frame",
            clip.name,
            moved.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        )
    })
}

/// World matrices of the rest pose (parents stored first).
pub fn rest_world(skeleton: &Skeleton) -> Vec<Mat4> {
    let mut world: Vec<Mat4> = Vec::with_capacity(skeleton.nodes.len());
    for (i, node) in skeleton.nodes.iter().enumerate() {
        let t = &node.local;
        let local = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        world.push(match node.parent {
            Some(p) if p < i => world[p] * local,
            _ => local,
        });
    }
    world
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Key;

    #[test]
    fn keys_moved_into_a_frame_give_the_frame_times_the_key() {
        let frame = Mat4::from_scale_rotation_translation(Vec3::splat(2.0), Quat::from_rotation_x(0.7), Vec3::Y);
        let key = Transform {
            translation: Vec3::new(1.0, 2.0, 3.0),
            rotation: Quat::from_rotation_z(0.4),
            scale: Vec3::new(1.0, 0.5, 3.0),
        };
        let mut ch = Channel {
            positions: vec![Key { time_ticks: 0.0, value: key.translation }],
            rotations: vec![Key { time_ticks: 0.0, value: key.rotation }],
            scales: vec![Key { time_ticks: 0.0, value: key.scale }],
            ..Channel::default()
        };
        premultiply(&mut ch, frame).unwrap();
        let got =
            Mat4::from_scale_rotation_translation(ch.scales[0].value, ch.rotations[0].value, ch.positions[0].value);
        let want = frame * Mat4::from_scale_rotation_translation(key.scale, key.rotation, key.translation);
        assert!(got.abs_diff_eq(want, 1e-5), "{got} != {want}");
        let squash = Mat4::from_scale(Vec3::new(1.0, 2.0, 1.0)) * Mat4::from_rotation_z(0.3);
        assert!(premultiply(&mut ch, squash).unwrap_err().contains("non-uniform scale"));
    }
}
