//! World matrices the right way and the classic wrong ways (steps 3 and 4),
//! for skeletons stored in any order.

use std::f32::consts::FRAC_PI_2;

use common::grade::check_mat4;
use common::model::{Node, Skeleton, Transform};
use glam::{Mat4, Quat};

use super::{reference, trs};

/// An arm on a base plus a second root, `lamp`, stored parents first.
/// Non-uniform scale on the shoulder and quarter turns so that every order
/// mistake shows. The skeleton's stored rest pose is the arm held straight,
/// unlike the pose returned with it, so a pose ignored shows too.
pub fn arm() -> (Skeleton, Vec<Transform>) {
    let pose = vec![
        trs([1.0, 0.0, 0.0], Quat::from_rotation_z(FRAC_PI_2), [1.0; 3]),
        trs([0.0, 2.0, 0.0], Quat::IDENTITY, [1.0, 2.0, 1.0]),
        trs([1.0, 0.0, 0.0], Quat::from_rotation_x(FRAC_PI_2), [1.0; 3]),
        trs([0.0, 1.0, 0.0], Quat::IDENTITY, [1.0; 3]),
        trs([0.0, 0.0, 5.0], Quat::from_rotation_y(0.8), [1.0; 3]),
    ];
    let names = ["base", "shoulder", "elbow", "hand", "lamp"];
    let parents = [None, Some(0), Some(1), Some(2), None];
    let nodes = (0..5)
        .map(|i| Node {
            name: names[i].into(),
            parent: parents[i],
            local: Transform::from_translation(pose[i].translation), // straight, unscaled
        })
        .collect();
    (Skeleton { nodes }, pose)
}

/// Every node once, each after its parent, whatever the storage order.
pub fn parents_first(skeleton: &Skeleton) -> Vec<usize> {
    let n = skeleton.nodes.len();
    let (mut done, mut order, mut path) = (vec![false; n], Vec::with_capacity(n), Vec::new());
    for start in 0..n {
        let mut at = Some(start);
        while let Some(i) = at.filter(|&i| !done[i]) {
            path.push(i);
            done[i] = true;
            at = skeleton.nodes[i].parent;
        }
        order.extend(path.drain(..).rev());
    }
    order
}

/// One value per node from `f(node, its parent's value)`, parents first.
pub fn resolve_with<T: Copy + Default>(skeleton: &Skeleton, mut f: impl FnMut(usize, Option<T>) -> T) -> Vec<T> {
    let mut out = vec![T::default(); skeleton.nodes.len()];
    for i in parents_first(skeleton) {
        out[i] = f(i, skeleton.nodes[i].parent.map(|p| out[p]));
    }
    out
}

/// [`resolve_with`] for matrices.
pub fn resolve(skeleton: &Skeleton, f: impl FnMut(usize, Option<Mat4>) -> Mat4) -> Vec<Mat4> {
    resolve_with(skeleton, f)
}

/// The right world matrices.
pub fn reference_worlds(skeleton: &Skeleton, pose: &[Transform]) -> Vec<Mat4> {
    resolve(skeleton, |i, parent| parent.map_or(reference(&pose[i]), |p| p * reference(&pose[i])))
}

/// The classic wrong answers for this skeleton and pose, each with what it
/// means; `step` (3 or 4) picks the hints the messages point at.
pub fn mistakes(step: u32, skeleton: &Skeleton, pose: &[Transform]) -> Vec<(String, Vec<Mat4>)> {
    let local = |i: usize| reference(&pose[i]);
    let n = skeleton.nodes.len();
    let mut wrong = vec![
        (
            format!(
                "the product is in the wrong order (local * parent): the child's local then acts last, in model \
                 space, and its offset is not turned by the parent (README, step {step}, hint 3)"
            ),
            resolve(skeleton, |i, parent| parent.map_or(local(i), |p| local(i) * p)),
        ),
        (
            if step == 4 {
                "this is the node's local matrix alone: the parent's world matrix was not handed down, or the \
                 walk started again at every node as if each were a root: start only at roots (README, step 4, \
                 hint 3)"
                    .to_string()
            } else {
                "this is the node's local matrix alone: the parent's world matrix was not used, or read before it \
                 was computed"
                    .to_string()
            },
            (0..n).map(local).collect(),
        ),
        (
            format!(
                "these are the world matrices of the rest pose stored in the skeleton (`skeleton.nodes[i].local`): \
                 use the pose you were given, `locals` (README, step {step}, hint 1)"
            ),
            reference_worlds(skeleton, &skeleton.rest_locals()),
        ),
    ];
    let mut previous = Vec::with_capacity(n);
    for i in 0..n {
        let w = match skeleton.nodes[i].parent {
            Some(_) if i > 0 => previous[i - 1] * local(i),
            _ => local(i),
        };
        previous.push(w);
    }
    wrong.push((
        format!(
            "the node stored just before was used as the parent: read the parent from `skeleton.nodes[i].parent` \
             (README, step {step}, hint 2)"
        ),
        previous,
    ));
    if step == 4 {
        let right = reference_worlds(skeleton, pose);
        let first_root = (0..n).find(|&i| skeleton.nodes[i].parent.is_none()).unwrap_or(0);
        let root_of = resolve_with(skeleton, |i, parent_root| parent_root.unwrap_or(i));
        let unvisited = |fill: Mat4| -> Vec<Mat4> {
            (0..n).map(|i| if root_of[i] == first_root { right[i] } else { fill }).collect()
        };
        let why = "never visited: this node is a root other than the first, or hangs under one, and a walk must \
                   start at every node without a parent (README, step 4, hint 3)";
        wrong.push((why.to_string(), unvisited(Mat4::IDENTITY)));
        wrong.push((why.to_string(), unvisited(Mat4::ZERO)));
        if skeleton.nodes.first().is_some_and(|node| node.parent.is_some()) {
            let under_0 = resolve_with(skeleton, |i, parent_under| i == 0 || parent_under == Some(true));
            let from_0 = resolve(skeleton, |i, parent| match parent {
                _ if i == 0 => local(0),
                Some(p) if under_0[i] => p * local(i),
                _ => Mat4::IDENTITY,
            });
            let why = "the walk started at node 0, which is not a root here (children may be stored first): start \
                       at every node without a parent (README, step 4, hint 3)";
            wrong.push((why.to_string(), from_0));
        }
    }
    wrong.push((
        format!("a root's world matrix is its own local matrix, not the identity (README, step {step}, hint 3)"),
        resolve(skeleton, |i, parent| parent.map_or(Mat4::IDENTITY, |p| p * local(i))),
    ));
    wrong
}

/// Ok if `got` holds the right world matrix of every node; otherwise the
/// first wrong node, and the classic mistake it matches.
pub fn check_worlds(
    what: &str,
    step: u32,
    skeleton: &Skeleton,
    pose: &[Transform],
    got: &[Mat4],
) -> Result<(), String> {
    let n = skeleton.nodes.len();
    if got.len() != n {
        return Err(format!("{what}: {} matrices for {n} nodes (return one per node, in node order)", got.len()));
    }
    let right = reference_worlds(skeleton, pose);
    let close = |a: &Mat4, b: &Mat4| a.abs_diff_eq(*b, common::grade::EPSILON);
    let Some(i) = (0..n).find(|&i| !close(&got[i], &right[i])) else {
        return Ok(());
    };
    // A mistake that explains every node wins over one that only explains
    // this node (at a single node several mistakes can look the same).
    let wrong = mistakes(step, skeleton, pose);
    let named: Vec<(&str, Mat4)> = match wrong.iter().find(|(_, w)| w.iter().zip(got).all(|(a, b)| close(a, b))) {
        Some((why, w)) => vec![(why.as_str(), w[i])],
        None => wrong.iter().map(|(why, w)| (why.as_str(), w[i])).collect(),
    };
    check_mat4(&format!("{what}: node {i} `{}`", skeleton.nodes[i].name), got[i], right[i], &named)
}
