//! The legs on the fast path: only the joints the legs need.
//!
//! The given `legs::reach` computes the world matrix of every node (23 for
//! the built-in character), and the frame computes them once more for the
//! contacts. The feet depend only on their ancestors: for the built-in
//! character the root, the hips and three joints per leg, 8 of the 23.
//! [`Legs`] lists those nodes once per set-up (parents first, each with its
//! parent's place in the list), and which of them each change moves: the
//! pelvis moves all but the root (by one world vector: their matrices are
//! shifted, not recomputed), a leg's two-bone solve its own thigh, shin and
//! foot (recomputed), a foot's correction nothing the legs read again (the
//! ankle stays where it is). So 14 matrices a frame where the given legs
//! make 23 and then recompute subtrees, from local transforms read out of
//! the struct-of-arrays pose once and written back once. The solves are
//! lab 08's fast two-bone IK.

use common::model::{Skeleton, Transform};
use glam::{Affine3A, Mat4, Quat, Vec3};
use lab04_keyframes::fast::FastPose;
use lab08_inverse_kinematics::Rig;
use lab08_inverse_kinematics::given::TwoBone;

use super::lanes;

/// The nodes the legs need, and what moves what: built once per set-up.
#[derive(Clone, Debug)]
pub struct Legs {
    /// The nodes, ascending (so parents first).
    nodes: Vec<usize>,
    /// Per entry, the entry of its parent (`None` for a root).
    parents: Vec<Option<usize>>,
    /// Entries of the hips, and per leg of the thigh, shin and foot.
    hips: usize,
    joints: [[usize; 3]; 2],
    /// Per leg, its knee's hinge in the shin's frame.
    knee_axes: [Vec3; 2],
    /// Entries in the hips' subtree and in each thigh's.
    under_hips: Vec<bool>,
    under_thigh: [Vec<bool>; 2],
}

/// The world matrices and local transforms of [`Legs`]'s nodes while a
/// frame runs (kept by the caller between frames, so never allocated per frame).
#[derive(Clone, Debug, Default)]
pub struct LegScratch {
    /// Affine, not 4x4: a frame never needs the projective row, and an
    /// affine product is 12 numbers, not 16.
    world: Vec<Affine3A>,
    locals: Vec<Transform>,
}

impl Legs {
    /// The legs of `rig` on `skeleton` (a rig lab 08's `Rig::of` made, so
    /// every index is a node).
    pub fn new(skeleton: &Skeleton, rig: &Rig) -> Legs {
        let n = skeleton.nodes.len();
        let mut wanted = vec![false; n];
        let joints = [rig.hips].into_iter().chain(rig.legs.iter().flat_map(|l| [l.thigh, l.shin, l.foot]));
        for mut node in joints {
            loop {
                wanted[node] = true;
                match skeleton.nodes[node].parent {
                    Some(p) => node = p,
                    None => break,
                }
            }
        }
        let nodes: Vec<usize> = (0..n).filter(|&i| wanted[i]).collect();
        let entry = |node: usize| nodes.binary_search(&node).expect("a wanted node");
        let parents = nodes.iter().map(|&i| skeleton.nodes[i].parent.map(entry)).collect();
        let subtree = |root: usize, parents: &Vec<Option<usize>>| {
            let mut under = vec![false; nodes.len()];
            for k in 0..nodes.len() {
                under[k] = k == root || parents[k].is_some_and(|p: usize| under[p]);
            }
            under
        };
        let hips = entry(rig.hips);
        let joints = rig.legs.map(|l| [entry(l.thigh), entry(l.shin), entry(l.foot)]);
        let under_hips = subtree(hips, &parents);
        let under_thigh = joints.map(|j| subtree(j[0], &parents));
        Legs { nodes, parents, hips, joints, knee_axes: rig.legs.map(|l| l.knee_axis), under_hips, under_thigh }
    }

    /// Reads the legs' local transforms out of `pose` and computes their
    /// world matrices; returns the ankles (left, right), world space.
    pub fn start(&self, pose: &FastPose, s: &mut LegScratch) -> [Vec3; 2] {
        s.locals.clear();
        s.locals.extend(self.nodes.iter().map(|&i| pose.transform(i)));
        s.world.resize(self.nodes.len(), Affine3A::IDENTITY);
        self.refresh(s, None);
        self.ankles(s)
    }

    fn ankles(&self, s: &LegScratch) -> [Vec3; 2] {
        self.joints.map(|j| s.world[j[2]].translation.into())
    }

    /// Recomputes the entries flagged in `which` (all with `None`), parents first.
    fn refresh(&self, s: &mut LegScratch, which: Option<&[bool]>) {
        for k in 0..self.nodes.len() {
            if which.is_some_and(|w| !w[k]) {
                continue;
            }
            let t = &s.locals[k];
            let local = Affine3A::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
            s.world[k] = match self.parents[k] {
                Some(p) => s.world[p] * local,
                None => local,
            };
        }
    }

    /// The given `legs::reach` after [`Legs::start`]: the pelvis lowered by
    /// the smaller of the feet's height changes, each leg solved by lab
    /// 08's fast two-bone IK (knee towards `forward`), each foot turned back
    /// to the clip's orientation. Writes the moved joints into `pose` and
    /// returns where the ankles ended.
    pub fn reach(&self, pose: &mut FastPose, s: &mut LegScratch, targets: [Vec3; 2], forward: Vec3) -> [Vec3; 2] {
        let now = self.ankles(s);
        let clip_feet = self.joints.map(|j| rotation(&s.world[j[2]]));
        let pelvis = (targets[0].y - now[0].y).min(targets[1].y - now[1].y);
        s.locals[self.hips].translation.y += pelvis;
        // Moving the hips by `pelvis` in its parent's frame moves it and
        // everything under it by the same world vector: a translation of
        // their matrices, not a recomputation.
        let up = Vec3::Y * pelvis;
        let shift = self.parents[self.hips].map_or(up, |p| s.world[p].transform_vector3(up));
        for (w, _) in s.world.iter_mut().zip(&self.under_hips).filter(|(_, under)| **under) {
            w.translation += glam::Vec3A::from(shift);
        }
        for (i, &[thigh, shin, foot]) in self.joints.iter().enumerate() {
            let knee = Vec3::from(s.world[shin].translation);
            let job = TwoBone::new(
                Mat4::from(s.world[thigh]),
                Mat4::from(s.world[shin]),
                Mat4::from(s.world[foot]),
                targets[i],
                knee + forward * 0.5,
                self.knee_axes[i],
            );
            // A target on the hip or a pole on the leg's line: the leg keeps the clip's pose.
            let Ok(answer) = lab08_inverse_kinematics::fast::two_bone(&job) else { continue };
            apply(&mut s.locals[thigh], answer.start);
            apply(&mut s.locals[shin], answer.mid);
            self.refresh(s, Some(&self.under_thigh[i]));
            let turned = rotation(&s.world[foot]);
            // The foot's turn moves nothing the legs need (the ankle stays,
            // the toes are not among the nodes): its matrix is not recomputed.
            apply(&mut s.locals[foot], (turned.inverse() * clip_feet[i]).normalize());
        }
        for (&node, t) in self.nodes.iter().zip(&s.locals) {
            lanes::set(pose, node, t);
        }
        self.ankles(s)
    }
}

/// The rotation of a world matrix, as `legs::reach` takes it.
fn rotation(m: &Affine3A) -> Quat {
    m.to_scale_rotation_translation().1
}

/// Lab 08's `apply`: a correction multiplied on the right of a local rotation.
fn apply(local: &mut Transform, correction: Quat) {
    local.rotation = (local.rotation * correction).normalize();
}
