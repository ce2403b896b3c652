//! Binding bones and animation channels to nodes by name.
//!
//! assimp names a bone's node and a channel's node only by name, and names
//! need not be unique: in glTF a skinned mesh's node may share its name with
//! a joint. Binding to the first node of that name then skins the mesh to
//! the wrong node. So every name keeps all its nodes, and when several match,
//! the choice prefers a joint over a mesh holder (and, for a bone, the node
//! whose rest pose fits the bone's bind matrix), and says so in the report.

use std::collections::HashMap;

use glam::Mat4;

use crate::import::LoadReport;
use crate::model::Skeleton;

/// The skeleton's nodes by name, with what helps choose among namesakes.
pub(super) struct NodeNames {
    by_name: HashMap<String, Vec<usize>>,
    /// Whether each node holds a mesh (a joint holds none).
    holds_mesh: Vec<bool>,
    /// Each node's world matrix in the file's rest pose.
    world: Vec<Mat4>,
    /// Whether a bone follows each node (filled in as bones are bound).
    is_bone: Vec<bool>,
}

impl NodeNames {
    pub(super) fn new(skeleton: &Skeleton, holds_mesh: Vec<bool>, world: Vec<Mat4>) -> Self {
        let mut by_name: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, node) in skeleton.nodes.iter().enumerate() {
            by_name.entry(node.name.clone()).or_default().push(i);
        }
        let is_bone = vec![false; skeleton.nodes.len()];
        NodeNames { by_name, holds_mesh, world, is_bone }
    }

    /// Records a node added after [`NodeNames::new`] (a stand-in for a bone's missing node).
    pub(super) fn add(&mut self, name: &str, node: usize) {
        self.by_name.entry(name.to_string()).or_default().push(node);
    }

    /// The node bone `name` of mesh `mesh` follows; `None` if no node has that name.
    pub(super) fn bone(&mut self, name: &str, mesh: &str, offset: Mat4, report: &mut LoadReport) -> Option<usize> {
        let all = self.by_name.get(name)?;
        let mut why = "the first of them";
        let mut candidates: Vec<usize> = all.clone();
        if candidates.len() > 1 {
            why = self.keep_joints(&mut candidates).unwrap_or(why);
        }
        if candidates.len() > 1 {
            // In the bind pose world * offset is the identity; the rest pose is
            // often the bind pose, so the nearest is the likeliest.
            let misfit =
                |&i: &usize| self.world.get(i).map_or(f32::INFINITY, |w| distance(*w * offset, Mat4::IDENTITY));
            let best = candidates.iter().copied().min_by(|a, b| misfit(a).total_cmp(&misfit(b)));
            candidates = best.into_iter().collect();
            why = "the one whose rest pose is nearest the bone's bind pose";
        }
        let node = candidates[0];
        if all.len() > 1 {
            report.warnings.push(ambiguity(&format!("bone `{name}` of mesh `{mesh}`"), name, all, node, why));
        }
        if let Some(flag) = self.is_bone.get_mut(node) {
            *flag = true;
        }
        Some(node)
    }

    /// The node a channel for `name` in clip `clip` animates; `None` if no node has that name.
    pub(super) fn channel(&self, name: &str, clip: &str, report: &mut LoadReport) -> Option<usize> {
        let all = self.by_name.get(name)?;
        if all.len() == 1 {
            return Some(all[0]);
        }
        let mut candidates = all.clone();
        let mut why = "the first of them";
        let bones: Vec<usize> = candidates.iter().copied().filter(|&i| self.is_bone.get(i) == Some(&true)).collect();
        if !bones.is_empty() && bones.len() < candidates.len() {
            candidates = bones;
            why = "the one a bone follows";
        }
        if candidates.len() > 1 {
            why = self.keep_joints(&mut candidates).unwrap_or(why);
        }
        let node = candidates[0];
        report.warnings.push(ambiguity(&format!("clip `{clip}`: the channel for `{name}`"), name, all, node, why));
        Some(node)
    }

    /// Drops the candidates that hold a mesh if some do not; says why when it did.
    fn keep_joints(&self, candidates: &mut Vec<usize>) -> Option<&'static str> {
        let joints: Vec<usize> =
            candidates.iter().copied().filter(|&i| !self.holds_mesh.get(i).copied().unwrap_or(false)).collect();
        if joints.is_empty() || joints.len() == candidates.len() {
            return None;
        }
        let why = if joints.len() == 1 { "the one that holds no mesh (a joint)" } else { "a joint" };
        *candidates = joints;
        Some(why)
    }
}

/// The largest difference between two matrices' elements.
fn distance(a: Mat4, b: Mat4) -> f32 {
    (a - b).to_cols_array().iter().fold(0.0, |m, d| m.max(d.abs()))
}

fn ambiguity(what: &str, name: &str, all: &[usize], chosen: usize, why: &str) -> String {
    let list: Vec<String> = all.iter().take(5).map(usize::to_string).collect();
    let more = if all.len() > 5 { ", ..." } else { "" };
    format!(
        "{what}: {} nodes are named `{name}` (nodes {}{more}); bound to node {chosen}, {why}",
        all.len(),
        list.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Node, Transform};

    fn skeleton(names: &[(&str, Option<usize>)]) -> Skeleton {
        let node = |&(name, parent): &(&str, Option<usize>)| Node {
            name: name.to_string(),
            parent,
            local: Transform::IDENTITY,
        };
        Skeleton { nodes: names.iter().map(node).collect() }
    }

    #[test]
    fn a_bone_prefers_the_joint_over_a_mesh_node_of_the_same_name() {
        let s = skeleton(&[("ROOT", None), ("arm", Some(0)), ("root", Some(0)), ("arm", Some(2))]);
        let world = vec![Mat4::IDENTITY, Mat4::IDENTITY, Mat4::IDENTITY, Mat4::from_translation(glam::Vec3::Y)];
        let mut names = NodeNames::new(&s, vec![false, true, false, false], world);
        let mut report = LoadReport::default();
        assert_eq!(names.bone("root", "skin", Mat4::IDENTITY, &mut report), Some(2));
        assert!(report.warnings.is_empty(), "one node of that name: nothing to say");
        assert_eq!(names.bone("arm", "skin", Mat4::from_translation(-glam::Vec3::Y), &mut report), Some(3));
        assert_eq!(names.channel("arm", "turn", &mut report), Some(3));
        assert_eq!(report.warnings.len(), 2, "{:?}", report.warnings);
        assert!(report.warnings[0].contains("2 nodes are named `arm` (nodes 1, 3); bound to node 3"));
        assert!(report.warnings[1].starts_with("clip `turn`: the channel for `arm`"), "{}", report.warnings[1]);
        assert_eq!(names.bone("hand", "skin", Mat4::IDENTITY, &mut report), None);
    }

    #[test]
    fn between_two_joints_a_bone_takes_the_one_its_bind_matrix_fits() {
        // Two characters, each with a `hips` joint, one at x = 0, one at x = 5.
        let s = skeleton(&[("ROOT", None), ("hips", Some(0)), ("hips", Some(0))]);
        let at = |x: f32| Mat4::from_translation(glam::Vec3::X * x);
        let mut names = NodeNames::new(&s, vec![false; 3], vec![Mat4::IDENTITY, at(0.0), at(5.0)]);
        let mut report = LoadReport::default();
        assert_eq!(names.bone("hips", "b", at(-5.0), &mut report), Some(2));
        assert_eq!(names.bone("hips", "a", at(0.0), &mut report), Some(1));
        assert!(report.warnings[0].contains("nearest the bone's bind pose"), "{:?}", report.warnings);
    }
}
