//! The legs that hold a planted foot: the pelvis lowered so both feet can
//! reach their targets, then each leg solved by lab 08's two-bone IK, the
//! feet keeping the clip's orientation.

use common::model::{Skeleton, Transform};
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::{transform_to_matrix, world_matrices};
use lab08_inverse_kinematics::given::rig::Rig;
use lab08_inverse_kinematics::given::{TwoBone, apply};

/// Where the ankles of `world` are (left, right).
pub fn ankles(world: &[Mat4], rig: &Rig) -> [Vec3; 2] {
    rig.legs.map(|leg| world[leg.foot].w_axis.truncate())
}

/// Recomputes the world matrices of `root`'s subtree from `pose`, as lab
/// 01's forward loop would (parents first), leaving the others as they are.
fn refresh(skeleton: &Skeleton, pose: &[Transform], world: &mut [Mat4], root: usize) {
    for i in root..skeleton.nodes.len() {
        let mut up = i;
        while up > root {
            match skeleton.nodes[up].parent {
                Some(p) => up = p,
                None => break,
            }
        }
        if up != root {
            continue;
        }
        let local = transform_to_matrix(&pose[i]);
        world[i] = match skeleton.nodes[i].parent {
            Some(p) => world[p] * local,
            None => local,
        };
    }
}

/// Sends each ankle of `pose` (whose root already places the character in
/// the world) to its world-space target: the pelvis moves by the smaller of
/// the two feet's height changes (lab 08's rule), then lab 08's reference
/// two-bone IK turns each leg, knees towards `forward`. Returns the world
/// matrices after the legs moved, and whether each leg reached. Only the
/// subtrees that moved are recomputed after the first pass.
pub fn reach(
    skeleton: &Skeleton,
    pose: &mut [Transform],
    rig: &Rig,
    targets: [Vec3; 2],
    forward: Vec3,
) -> (Vec<Mat4>, [bool; 2]) {
    let mut world = world_matrices(skeleton, pose);
    let now = ankles(&world, rig);
    let clip_feet = rig.legs.map(|leg| world[leg.foot].to_scale_rotation_translation().1);
    let pelvis = (targets[0].y - now[0].y).min(targets[1].y - now[1].y);
    pose[rig.hips].translation.y += pelvis;
    refresh(skeleton, pose, &mut world, rig.hips);
    let mut reached = [false; 2];
    for (i, leg) in rig.legs.iter().enumerate() {
        let knee = world[leg.shin].w_axis.truncate();
        let job = TwoBone::new(
            world[leg.thigh],
            world[leg.shin],
            world[leg.foot],
            targets[i],
            knee + forward * 0.5,
            leg.knee_axis,
        );
        // A target on the hip or a pole on the leg's line: the leg keeps the clip's pose.
        let Ok(answer) = lab08_inverse_kinematics::solution::two_bone(&job) else { continue };
        apply(&mut pose[leg.thigh], answer.start);
        apply(&mut pose[leg.shin], answer.mid);
        reached[i] = answer.reached;
        refresh(skeleton, pose, &mut world, leg.thigh);
        let (_, foot, _) = world[leg.foot].to_scale_rotation_translation();
        apply(&mut pose[leg.foot], (foot.inverse() * clip_feet[i]).normalize());
        refresh(skeleton, pose, &mut world, leg.foot);
    }
    (world, reached)
}
