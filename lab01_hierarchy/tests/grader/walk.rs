//! Step 4: the recursive walk, through the given `world_matrices_recursive`.
//!
//! Every step 4 test runs the walk on a worker thread and waits at most
//! [`RUNAWAY`] for it: a walk that starts again at every node (or asks
//! `Skeleton::children` at every visit) takes seconds to minutes on the deep
//! chain (the arm test names it first), and the student gets a verdict
//! naming that mistake within the limit instead. The
//! limit guards against a runaway; it does not time the right answer, which
//! takes milliseconds.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use common::grade::Verdict;
use common::model::{Node, Skeleton, Transform};
use glam::{Mat4, Quat};
use lab01_hierarchy::given::{Walk, walk_on_a_deep_enough_stack};
use lab01_hierarchy::*;

use super::worlds::{arm, check_worlds};
use super::{grader_names_each_mistake, trs};

const WHAT: &str = "world_matrices_recursive (your walk_tree)";

/// The arm stored children first: hand, elbow, shoulder, base, lamp.
fn arm_children_first() -> (Skeleton, Vec<Transform>) {
    let (skeleton, pose) = arm();
    let order = [3, 2, 1, 0, 4]; // new index -> old index
    let new_index = |old: usize| order.iter().position(|&o| o == old).unwrap();
    let nodes = order
        .iter()
        .map(|&old| Node { parent: skeleton.nodes[old].parent.map(new_index), ..skeleton.nodes[old].clone() })
        .collect();
    (Skeleton { nodes }, order.iter().map(|&old| pose[old]).collect())
}

/// A chain of `n` nodes stored children first: node `i`'s parent is `i + 1`,
/// the root is the last node. Each link is half a unit up, with a slight
/// turn every tenth link, so the numbers stay exact enough to compare.
pub fn chain(n: usize) -> (Skeleton, Vec<Transform>) {
    let nodes = (0..n)
        .map(|i| Node { name: format!("link{i}"), parent: (i + 1 < n).then_some(i + 1), local: Transform::IDENTITY })
        .collect();
    let pose = (0..n)
        .map(|i| {
            let turn = if i % 10 == 0 { Quat::from_rotation_y(0.25) } else { Quat::IDENTITY };
            trs([0.0, 0.5, 0.0], turn, [1.0; 3])
        })
        .collect();
    (Skeleton { nodes }, pose)
}

/// How long a step 4 test waits for the walk before it calls it a runaway.
/// The reference walks the deep chain in milliseconds, even in a debug build
/// on a slow machine; a walk from every node that also asks
/// `Skeleton::children` at every visit takes minutes there.
pub const RUNAWAY: Duration = Duration::from_secs(15);

/// What a runaway walk most likely does wrong.
pub const RUNAWAY_WHY: &str = "your walk visits nodes more than once: does it start only at roots? A walk that \
                               starts at every node walks the chain below it again, and asking \
                               `skeleton.children(node)` at every visit scans all the nodes each time \
                               (README, step 4, hint 3)";

/// `walk` (the given wrapper around a walk) on a worker thread, waited for
/// at most `limit`. A panic in the walk (a `todo!()` too) comes back out as it was;
/// a walk still running after `limit` fails with [`RUNAWAY_WHY`] (the
/// thread is left to finish on its own: a test cannot stop it).
pub fn walk_within(skeleton: &Skeleton, pose: &[Transform], walk: Walk, limit: Duration) -> Result<Vec<Mat4>, String> {
    let (skeleton, pose, nodes) = (skeleton.clone(), pose.to_vec(), skeleton.nodes.len());
    let (send, receive) = mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("walk_tree (grader)".into())
        .spawn(move || {
            let _ = send.send(walk(&skeleton, &pose));
        })
        .expect("the grader could not start a thread for the walk");
    match receive.recv_timeout(limit) {
        Ok(world) => Ok(world),
        Err(RecvTimeoutError::Disconnected) => match worker.join() {
            Err(payload) => std::panic::resume_unwind(payload),
            Ok(()) => unreachable!("the walk's thread ended without an answer or a panic"),
        },
        Err(RecvTimeoutError::Timeout) => Err(format!(
            "{WHAT}: still running after {} s on {nodes} nodes, where the reference takes milliseconds: \
             {RUNAWAY_WHY}",
            limit.as_secs_f32()
        )),
    }
}

/// Your walk (through `world_matrices_recursive`), with the runaway guard.
fn your_walk(skeleton: &Skeleton, pose: &[Transform]) -> Vec<Mat4> {
    walk_within(skeleton, pose, world_matrices_recursive, RUNAWAY).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn step4_recursive_walk_matches_the_arm() {
    let (skeleton, pose) = arm();
    check_worlds(WHAT, 4, &skeleton, &pose, &your_walk(&skeleton, &pose)).or_fail();
}

#[test]
fn step4_recursive_walk_works_in_any_storage_order() {
    let (skeleton, pose) = arm_children_first();
    let got = your_walk(&skeleton, &pose);
    check_worlds(&format!("{WHAT}, children stored first"), 4, &skeleton, &pose, &got).or_fail();
}

#[test]
fn step4_recursive_walk_matches_on_the_character() {
    let model = common::character::build();
    let mut pose = model.skeleton.rest_locals();
    for (i, l) in pose.iter_mut().enumerate() {
        l.rotation = Quat::from_rotation_x(0.1 * i as f32) * l.rotation; // a non-rest pose
    }
    let got = your_walk(&model.skeleton, &pose);
    check_worlds(&format!("{WHAT}, the character"), 4, &model.skeleton, &pose, &got).or_fail();
}

/// Deeper than the given wrapper walks on the calling thread, so your walk
/// runs on a thread of its own (the reference also walks 30,000 nodes: see
/// `robust.rs`; `Skeleton::children` scans every node, so a walk that calls it
/// per node takes seconds there).
pub const LONG: usize = 2_000;

#[test]
fn step4_recursive_walk_of_a_chain_2000_nodes_deep() {
    let (skeleton, pose) = chain(LONG);
    let got = your_walk(&skeleton, &pose);
    check_worlds(&format!("{WHAT}, a chain of {LONG} nodes stored children first"), 4, &skeleton, &pose, &got)
        .or_fail();
}

#[test]
fn grader_step4_names_unvisited_roots_and_a_walk_from_node_0() {
    let (skeleton, pose) = arm_children_first();
    grader_names_each_mistake(4, &skeleton, &pose);
    // The case: a walk from the first root only leaves `lamp` as it was.
    let (skeleton, pose) = arm();
    let mut first_only = super::worlds::reference_worlds(&skeleton, &pose);
    first_only[4] = Mat4::IDENTITY;
    let e = check_worlds(WHAT, 4, &skeleton, &pose, &first_only).unwrap_err();
    assert!(e.contains("node 4 `lamp` is wrong: never visited"), "{e}");
}

/// Set when the grader's runaway walk below should give up.
static STOP_THE_RUNAWAY: AtomicBool = AtomicBool::new(false);

/// The classic slow wrong walk, written by hand: a walk from every node, each
/// asking `Skeleton::children` at every visit. On the deep chain it would run
/// for minutes; it gives up when [`STOP_THE_RUNAWAY`] is set.
fn walk_from_every_node(skeleton: &Skeleton, pose: &[Transform]) -> Vec<Mat4> {
    fn visit(skeleton: &Skeleton, pose: &[Transform], node: usize, parent: Mat4, world: &mut [Mat4]) {
        if STOP_THE_RUNAWAY.load(Ordering::Relaxed) {
            return;
        }
        world[node] = parent * super::reference(&pose[node]);
        for child in skeleton.children(node) {
            visit(skeleton, pose, child, world[node], world);
        }
    }
    let mut world = vec![Mat4::IDENTITY; pose.len()];
    for node in 0..pose.len() {
        visit(skeleton, pose, node, Mat4::IDENTITY, &mut world);
    }
    world
}

#[test]
fn grader_step4_stops_a_runaway_walk_and_names_it() {
    let (skeleton, pose) = chain(LONG);
    let limit = Duration::from_millis(300);
    let started = Instant::now();
    let wrapped: Walk = |s, p| walk_on_a_deep_enough_stack(s, p, walk_from_every_node);
    let verdict = walk_within(&skeleton, &pose, wrapped, limit);
    STOP_THE_RUNAWAY.store(true, Ordering::Relaxed);
    let waited = started.elapsed();
    let e = verdict.expect_err("a walk from every node finished within the limit: make the chain deeper");
    assert!(e.contains("does it start only at roots?"), "{e}");
    assert!(waited < limit + Duration::from_secs(5), "the guard waited {waited:?} for a limit of {limit:?}");
    // The right walk, through the same guard, answers well within it.
    let right =
        walk_within(&skeleton, &pose, solution::world_matrices_recursive, RUNAWAY).unwrap_or_else(|e| panic!("{e}"));
    check_worlds("solution::world_matrices_recursive", 4, &skeleton, &pose, &right).or_fail();
}
