//! Given: what `world_matrices_recursive` (step 4) does around your walk.
//!
//! A recursive walk uses one stack frame per level of the tree. Real rigs are
//! a few dozen levels deep, but a chain of 30,000 nodes (a rope, a bad file)
//! would overflow the stack of the thread that calls it (the main thread
//! has 8 MiB on Linux and macOS but 1 MiB on Windows; other Rust threads,
//! test threads included, 2 MiB). So the wrapper first checks that the
//! skeleton is a tree (every parent exists, no parent cycle) and measures its
//! depth; a deep tree is walked on a thread of its own with a stack sized to
//! fit. The loop of step 3 needs no such care.

use common::model::{Skeleton, Transform};
use glam::{Mat4, Vec3};

/// A joint's frame as read off its world matrix (step 5): where its origin
/// is and where its three axes point, in model space. One type for both
/// variants.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct JointFrame {
    /// The joint's origin in model space.
    pub origin: Vec3,
    /// The joint's X axis in model space (its length is the scale along it).
    pub x_axis: Vec3,
    /// The joint's Y axis in model space.
    pub y_axis: Vec3,
    /// The joint's Z axis in model space.
    pub z_axis: Vec3,
}

/// Your step 4: one world matrix per node, by a walk from the roots.
pub type Walk = fn(&Skeleton, &[Transform]) -> Vec<Mat4>;

/// Stack allowed per level of the tree. A debug build's frame for a walk that
/// takes the skeleton, the pose, a node, a matrix and the output is a few
/// hundred bytes; this leaves room for a walk written differently.
pub const STACK_PER_LEVEL: usize = 8 << 10;

/// Trees up to this deep are walked on the calling thread: at most 512 KiB
/// of stack, which any thread has.
pub const SHALLOW: usize = 64;

/// The largest stack the walk may ask for (1 GiB: 131,071 levels).
pub const MAX_STACK: usize = 1 << 30;

/// Checks that `locals` is a pose of `skeleton` and that the skeleton is a
/// tree, and returns its depth: the number of parent links on its longest
/// path (0 when every node is a root). Any storage order is fine.
///
/// # Panics
/// With a message naming the broken invariant (the ones
/// `Skeleton::validate` refuses): a pose of the wrong length, a parent index
/// past the last node, a parent cycle.
pub fn depth(skeleton: &Skeleton, locals: &[Transform], who: &str) -> usize {
    let n = skeleton.nodes.len();
    assert!(
        locals.len() == n,
        "{who}: {} local transforms for a skeleton of {n} nodes: a pose has one per node",
        locals.len()
    );
    const UNSEEN: usize = usize::MAX;
    const ON_PATH: usize = usize::MAX - 1;
    let mut depth = vec![UNSEEN; n];
    let mut path = Vec::new();
    let mut deepest = 0;
    for start in 0..n {
        // Climb from `start` until a root or a node whose depth is known,
        // then hand out depths on the way back down.
        let mut at = start;
        let mut d = loop {
            match depth[at] {
                UNSEEN => {}
                ON_PATH => panic!("{who}: the skeleton has a parent cycle at node {at}: validate() refuses it"),
                known => break known + 1,
            }
            depth[at] = ON_PATH;
            path.push(at);
            match skeleton.nodes[at].parent {
                None => break 0,
                Some(p) if p < n => at = p,
                Some(p) => {
                    panic!("{who}: node {at} names parent {p}, but the skeleton has {n} nodes: validate() refuses it")
                }
            }
        };
        while let Some(node) = path.pop() {
            depth[node] = d;
            deepest = deepest.max(d);
            d += 1;
        }
    }
    deepest
}

/// Runs `walk` after [`depth`]'s checks: on this thread for a shallow tree,
/// otherwise on a thread whose stack fits the tree's depth. A panic inside
/// the walk (a `todo!()` too) comes back out of this call as it was.
///
/// # Panics
/// As [`depth`], and for a tree so deep that its walk would need more than
/// [`MAX_STACK`].
pub fn walk_on_a_deep_enough_stack(skeleton: &Skeleton, locals: &[Transform], walk: Walk) -> Vec<Mat4> {
    let levels = depth(skeleton, locals, "world_matrices_recursive") + 1;
    if levels <= SHALLOW {
        return walk(skeleton, locals);
    }
    let stack = levels.saturating_mul(STACK_PER_LEVEL).saturating_add(1 << 20);
    assert!(
        stack <= MAX_STACK,
        "world_matrices_recursive: the tree is {levels} levels deep; a recursive walk would need {} MiB of stack \
         (more than {} MiB): use world_matrices, whose loop needs none",
        stack >> 20,
        MAX_STACK >> 20
    );
    std::thread::scope(|scope| {
        let walker = std::thread::Builder::new()
            .name("walk_tree".into())
            .stack_size(stack)
            .spawn_scoped(scope, || walk(skeleton, locals))
            .unwrap_or_else(|e| panic!("world_matrices_recursive: no thread with {} MiB of stack: {e}", stack >> 20));
        walker.join().unwrap_or_else(|payload| std::panic::resume_unwind(payload))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use common::model::Node;

    fn skeleton(parents: &[Option<usize>]) -> Skeleton {
        let node = |p: &Option<usize>| Node { name: "n".into(), parent: *p, local: Transform::IDENTITY };
        Skeleton { nodes: parents.iter().map(node).collect() }
    }

    #[test]
    fn depth_of_trees_in_any_order() {
        let pose = |n| vec![Transform::IDENTITY; n];
        assert_eq!(depth(&skeleton(&[]), &pose(0), "t"), 0);
        assert_eq!(depth(&skeleton(&[None, None]), &pose(2), "t"), 0);
        // 3 -> 2 -> 1 -> 0 stored children first, and a second root.
        assert_eq!(depth(&skeleton(&[Some(1), Some(2), Some(3), None, None]), &pose(5), "t"), 3);
        assert_eq!(depth(&skeleton(&[None, Some(0), Some(0), Some(2)]), &pose(4), "t"), 2);
    }

    #[test]
    #[should_panic(expected = "the skeleton has a parent cycle at node 1: validate() refuses it")]
    fn a_parent_cycle_is_refused() {
        depth(&skeleton(&[None, Some(2), Some(1)]), &[Transform::IDENTITY; 3], "t");
    }

    #[test]
    #[should_panic(expected = "node 1 names parent 7, but the skeleton has 2 nodes")]
    fn a_missing_parent_is_refused() {
        depth(&skeleton(&[None, Some(7)]), &[Transform::IDENTITY; 2], "t");
    }
}
