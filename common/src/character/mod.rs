//! The built-in character: a humanoid generated in code, so every demo and
//! grader runs with no asset files.
//!
//! * **Skeleton**: 23 nodes. A scene root (`Character`), a mesh-holder node
//!   (`body_mesh`, not a bone, as in files exported from modelling tools) and
//!   21 joints: hips, spine, chest, neck, head, and per side a clavicle, upper
//!   arm, forearm, hand, thigh, shin, foot and toe. Units are metres, Y is up,
//!   the feet stand on y = 0 and the character faces +Z (its left is +X).
//! * **Bind pose**: a T-pose. Each joint's local Y axis points along its bone,
//!   towards its child (the convention of Blender rigs), so a joint's frame is
//!   not the model's frame: lab01's axis gizmos show this.
//! * **Skin**: one mesh of 9,769 vertices made of smooth tubes (torso,
//!   arms, legs, head, feet) with normals, tangents and UVs. Near each joint
//!   the weights fade from one bone to the next, so vertices there have 2 to 3
//!   influences. The bone list is in alphabetical order, *not* node order:
//!   a bone index is not a node index (a classic mix-up the graders catch).
//! * **Clips** at 24 ticks per second, one key every 2 ticks: `idle`, `walk`
//!   and `run` loop (their last key equals their first), `wave` plays once.
//!
//! ```
//! let model = common::character::build();
//! assert!(model.validate().is_ok());
//! assert_eq!(model.clips.len(), 4);
//! ```

mod clips;
mod tube;

use glam::{Mat4, Quat, Vec3};

use crate::model::{Bone, Model, Node, Skeleton, SkinnedMesh, Transform};

/// Tick rate of the built-in clips.
pub const TICKS_PER_SECOND: f64 = 24.0;

/// Names of the clips that loop seamlessly (the others play once).
pub const LOOPING_CLIPS: [&str; 3] = ["idle", "walk", "run"];

/// Whether the built-in clip with this name is authored to loop.
pub fn is_looping(clip_name: &str) -> bool {
    LOOPING_CLIPS.contains(&clip_name)
}

/// One joint of the rig: name, parent name, bind-pose position in model space,
/// and the direction its bone points (its local +Y axis).
struct JointSpec {
    name: String,
    parent: String,
    at: Vec3,
    along: Vec3,
}

fn joint(name: &str, parent: &str, at: [f32; 3], along: [f32; 3]) -> JointSpec {
    let (name, parent) = (name.to_string(), parent.to_string());
    JointSpec { name, parent, at: Vec3::from(at), along: Vec3::from(along).normalize() }
}

/// The rig in bind pose, parents before children. Left joints have x > 0.
fn joint_specs() -> Vec<JointSpec> {
    let mut j = vec![
        joint("hips", "Character", [0.0, 0.98, 0.0], [0.0, 1.0, 0.0]),
        joint("spine", "hips", [0.0, 1.10, 0.0], [0.0, 1.0, 0.0]),
        joint("chest", "spine", [0.0, 1.28, 0.0], [0.0, 1.0, 0.0]),
        joint("neck", "chest", [0.0, 1.50, 0.0], [0.0, 1.0, 0.0]),
        joint("head", "neck", [0.0, 1.60, 0.0], [0.0, 1.0, 0.0]),
    ];
    for (side, s) in [("l", 1.0f32), ("r", -1.0f32)] {
        let n = |base: &str| format!("{base}_{side}");
        j.push(joint(&n("clavicle"), "chest", [s * 0.03, 1.45, 0.0], [s, 0.0, 0.0]));
        j.push(joint(&n("upper_arm"), &n("clavicle"), [s * 0.18, 1.45, 0.0], [s, 0.0, 0.0]));
        j.push(joint(&n("forearm"), &n("upper_arm"), [s * 0.46, 1.45, 0.0], [s, 0.0, 0.0]));
        j.push(joint(&n("hand"), &n("forearm"), [s * 0.72, 1.45, 0.0], [s, 0.0, 0.0]));
    }
    for (side, s) in [("l", 1.0f32), ("r", -1.0f32)] {
        let n = |base: &str| format!("{base}_{side}");
        j.push(joint(&n("thigh"), "hips", [s * 0.095, 0.93, 0.0], [0.0, -1.0, 0.0]));
        j.push(joint(&n("shin"), &n("thigh"), [s * 0.095, 0.50, 0.0], [0.0, -1.0, 0.0]));
        j.push(joint(&n("foot"), &n("shin"), [s * 0.095, 0.08, 0.0], [0.0, -0.42, 1.0]));
        j.push(joint(&n("toe"), &n("foot"), [s * 0.095, 0.03, 0.13], [0.0, 0.0, 1.0]));
    }
    j
}

/// The skeleton in bind pose and each node's bind-pose world matrix.
fn skeleton() -> (Skeleton, Vec<Mat4>) {
    let mut nodes = vec![
        Node { name: "Character".into(), parent: None, local: Transform::IDENTITY },
        Node { name: "body_mesh".into(), parent: Some(0), local: Transform::IDENTITY },
    ];
    let mut world = vec![Mat4::IDENTITY, Mat4::IDENTITY];
    for spec in joint_specs() {
        let parent = nodes.iter().position(|n| n.name == spec.parent).expect("parent listed first");
        // The joint's world frame: origin at the joint, +Y along the bone.
        let rotation = Quat::from_rotation_arc(Vec3::Y, spec.along);
        let joint_world = Mat4::from_rotation_translation(rotation, spec.at);
        // Local = parent_world^-1 * world (lab01 step 6 does the same).
        let local = Transform::from_matrix(world[parent].inverse() * joint_world);
        let local = Transform { scale: Vec3::ONE, rotation: local.rotation.normalize(), ..local };
        nodes.push(Node { name: spec.name, parent: Some(parent), local });
        world.push(joint_world);
    }
    (Skeleton { nodes }, world)
}

/// Builds the character: skeleton, skinned mesh and clips.
pub fn build() -> Model {
    let (skeleton, bind_world) = skeleton();
    let mut bone_nodes: Vec<usize> =
        (0..skeleton.nodes.len()).filter(|&i| skeleton.nodes[i].parent.is_some() && i != 1).collect();
    bone_nodes.sort_by(|&a, &b| skeleton.nodes[a].name.cmp(&skeleton.nodes[b].name));
    let bones: Vec<Bone> = bone_nodes.iter().map(|&node| Bone { node, offset: bind_world[node].inverse() }).collect();
    let bone_of = |name: &str| -> u32 {
        let node = skeleton.find(name).expect("known joint");
        bones.iter().position(|b| b.node == node).expect("joint is a bone") as u32
    };
    let parts = tube::body(&bone_of);
    let mesh = SkinnedMesh {
        name: "body".into(),
        positions: parts.positions,
        normals: parts.normals,
        tangents: parts.tangents,
        uvs: parts.uvs,
        indices: parts.indices,
        influences: parts.influences,
        bones,
    };
    let clips = clips::all(&skeleton, &bind_world);
    Model { skeleton, meshes: vec![mesh], clips, global_inverse: Mat4::IDENTITY }
}

#[cfg(test)]
mod tests;
