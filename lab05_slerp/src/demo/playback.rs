//! The `character` view's poses: a clip played through lab 04's sampler
//! with your slerp, your nlerp, or element-wise blended rotation matrices,
//! and the clip thinned to every Nth key so that the gaps between keys (and
//! the difference between the three) grow.

use common::model::{Clip, Key, Skeleton, Transform};
use glam::{Mat3, Mat4};
use lab01_hierarchy::solution::{transform_to_matrix, world_matrices};
use lab04_keyframes::solution as lab04;
use lab05_slerp::{ClipCursors, Mode, PlaybackError, nlerp, pose_with_your_slerp};

/// How rotation keys are interpolated in the character view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rotation {
    /// Your slerp, through your step 5.
    Slerp,
    /// Your nlerp, as lab 04's rotation argument.
    Nlerp,
    /// The two keys' rotation matrices blended entry by entry (wrong on
    /// purpose: the blend of two rotation matrices is not a rotation).
    Matrix,
}

impl Rotation {
    pub fn parse(value: &str) -> Result<Rotation, String> {
        match value {
            "slerp" => Ok(Rotation::Slerp),
            "nlerp" => Ok(Rotation::Nlerp),
            "matrix" => Ok(Rotation::Matrix),
            other => Err(format!("--set rotation={other}: use slerp, nlerp or matrix")),
        }
    }
}

/// `clip` with only every `every`th key of each track (and always its last
/// key, so the clip keeps its length). `every = 1` keeps them all.
pub fn thin(clip: &Clip, every: usize) -> Clip {
    fn keep<T: Copy>(keys: &[Key<T>], every: usize) -> Vec<Key<T>> {
        let last = keys.len().saturating_sub(1);
        keys.iter().enumerate().filter(|(i, _)| i % every == 0 || *i == last).map(|(_, k)| *k).collect()
    }
    let mut thinned = clip.clone();
    for channel in &mut thinned.channels {
        channel.positions = keep(&channel.positions, every);
        channel.rotations = keep(&channel.rotations, every);
        channel.scales = keep(&channel.scales, every);
    }
    thinned
}

/// World matrices of every node at `seconds`.
pub fn world_at(
    skeleton: &Skeleton,
    clip: &Clip,
    rest: &[Transform],
    seconds: f64,
    mode: Mode,
    rotation: Rotation,
    cursors: &mut ClipCursors,
) -> Result<Vec<glam::Mat4>, PlaybackError> {
    match rotation {
        Rotation::Slerp => Ok(world_matrices(skeleton, &pose_with_your_slerp(clip, rest, seconds, mode, cursors)?)),
        Rotation::Nlerp => Ok(world_matrices(skeleton, &lab04::pose_at(clip, rest, seconds, mode, cursors, nlerp)?)),
        Rotation::Matrix => {
            // Translations and scales as usual; then each animated rotation
            // replaced by the entry-by-entry blend of its two keys' matrices.
            let pose = pose_with_your_slerp(clip, rest, seconds, mode, cursors)?;
            let mut locals: Vec<Mat4> = pose.iter().map(transform_to_matrix).collect();
            let ticks = lab04::clip_ticks(seconds, clip, mode);
            for channel in &clip.channels {
                let Some(i) = lab04::find_interval(&channel.rotations, ticks) else {
                    continue;
                };
                let (from, to) = (channel.rotations[i.from].value, channel.rotations[i.to].value);
                let blended = Mat3::from_quat(from) * (1.0 - i.factor) + Mat3::from_quat(to) * i.factor;
                let t = &pose[channel.node];
                locals[channel.node] =
                    Mat4::from_translation(t.translation) * Mat4::from_mat3(blended) * Mat4::from_scale(t.scale);
            }
            // world[i] = world[parent] * local[i], parents first (lab 01).
            let mut world: Vec<Mat4> = Vec::with_capacity(locals.len());
            for (node, local) in skeleton.nodes.iter().zip(locals) {
                let parent = node.parent.map_or(Mat4::IDENTITY, |p| world[p]);
                world.push(parent * local);
            }
            Ok(world)
        }
    }
}
