//! Bad input gives a clear error or a defined result, never a panic or NaN.
//! The checks run before any of your steps, so the `given_*` tests pass from
//! the start; `step5_real_files_*` needs your whole pipeline.

use common::model::{Influences, SkinnedMesh};
use glam::Mat4;
use lab03_cpu_skinning::*;

fn character_mesh() -> (SkinnedMesh, Vec<Mat4>) {
    let model = common::character::build();
    let mesh = model.meshes[0].clone();
    let gradients = vec![Mat4::IDENTITY; mesh.bones.len()];
    (mesh, gradients)
}

#[test]
fn given_a_mesh_with_no_influences_is_refused() {
    let (mut mesh, g) = character_mesh();
    mesh.influences.clear();
    assert_eq!(skin_mesh(&mesh, &g, Method::LinearBlend), Err(SkinError::NoInfluences));
}

#[test]
fn given_bone_ids_out_of_range_are_refused() {
    let (mut mesh, g) = character_mesh();
    mesh.influences[7] = Influences { ids: [99, 0, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let err = skin_mesh(&mesh, &g, Method::LinearBlend).unwrap_err();
    assert_eq!(err, SkinError::BoneOutOfRange { vertex: 7, id: 99, matrices: g.len() });
    assert!(err.to_string().contains("vertex 7") && err.to_string().contains("99"));
}

#[test]
fn given_unused_slots_must_name_a_bone_too() {
    // A slot of weight 0 is still read (the GPU reads all four): its id must be real.
    let (mut mesh, g) = character_mesh();
    mesh.influences[5] = Influences { ids: [0, 999, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let err = check_skin(&mesh, &g).unwrap_err();
    assert_eq!(err, SkinError::BoneOutOfRange { vertex: 5, id: 999, matrices: g.len() });
}

#[test]
fn given_unnormalised_negative_and_nan_weights_are_refused() {
    for weights in [[0.5, 0.2, 0.0, 0.0], [1.5, -0.5, 0.0, 0.0], [f32::NAN, 1.0, 0.0, 0.0]] {
        let (mut mesh, g) = character_mesh();
        mesh.influences[3] = Influences { ids: [0, 1, 0, 0], weights };
        let err = skin_mesh(&mesh, &g, Method::LinearBlend).unwrap_err();
        assert!(matches!(err, SkinError::BadWeights { vertex: 3, .. }), "{weights:?}: {err}");
    }
}

#[test]
fn given_missing_or_broken_matrices_are_refused() {
    let (mesh, mut g) = character_mesh();
    assert!(matches!(skin_mesh(&mesh, &g[..3], Method::LinearBlend), Err(SkinError::TooFewMatrices { .. })));
    g[2].w_axis.x = f32::NAN;
    assert_eq!(skin_mesh(&mesh, &g, Method::LinearBlend), Err(SkinError::NotFinite { bone: 2 }));
}

#[test]
fn given_lists_of_the_wrong_length_are_refused() {
    let (mut mesh, g) = character_mesh();
    mesh.normals.pop();
    assert!(matches!(
        skin_mesh(&mesh, &g, Method::LinearBlend),
        Err(SkinError::LengthMismatch { what: "normals", .. })
    ));
}

/// Skins a mesh at two poses and checks every output is finite and unit.
fn skins_cleanly(model: &common::model::Model, what: &str) {
    let bind = model.skeleton.rest_locals();
    let poses = model.clips.first().map(|c| common::pose::key_pose(&model.skeleton, c, 0.5)).into_iter().chain([bind]);
    for pose in poses {
        let world = lab01_hierarchy::solution::world_matrices(&model.skeleton, &pose);
        for mesh in &model.meshes {
            let g = bone_gradients(&model.global_inverse, &world, &mesh.bones);
            let out = skin_mesh(mesh, &g, Method::LinearBlend)
                .unwrap_or_else(|e| panic!("{what}, mesh `{}`: {e}", mesh.name));
            assert!(out.positions.iter().all(|p| p.is_finite()), "{what}: a position came out NaN or infinite");
            assert!(out.normals.iter().all(|n| (n.length() - 1.0).abs() < 1e-3), "{what}: a normal is NaN or not unit");
            assert!(out.tangents.iter().all(|t| t.is_finite()), "{what}: a tangent is NaN");
        }
    }
}

#[test]
fn step5_real_files_skin_without_nan() {
    skins_cleanly(&common::character::build(), "the built-in character");
    #[cfg(feature = "assimp")]
    for file in common::grade::RIGGED_TEST_FILES {
        if let Some(path) = common::grade::test_model(file) {
            let (model, _) = common::load::model(Some(std::path::Path::new(&path))).unwrap();
            skins_cleanly(&model, file);
        }
    }
}

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce() + std::panic::UnwindSafe) -> String {
    let payload = std::panic::catch_unwind(f).expect_err("it should have stopped with a message");
    payload.downcast_ref::<String>().cloned().or(payload.downcast_ref::<&str>().map(|s| s.to_string())).unwrap()
}

// The reference's own steps, handed data that check_skin or Model::validate
// refuses: a message naming the broken rule instead of a bare index panic.

/// Three gradients, and influences whose ids reach past them in various slots.
fn ids_past_three() -> (Vec<Mat4>, Vec<Influences>) {
    let bad = [[0, 3, 0, 0], [0, 0, 0, 3], [7, 7, 7, 7]];
    (vec![Mat4::IDENTITY; 3], bad.map(|ids| Influences { ids, weights: [1.0, 0.0, 0.0, 0.0] }).to_vec())
}

const LAST_VALID: Influences = Influences { ids: [2, 0, 1, 2], weights: [0.5, 0.5, 0.0, 0.0] };

/// A reference step that mixes gradients by a vertex's ids (`name`) stops
/// on an id past the last gradient with a message naming the rule, and
/// takes the last valid id.
fn names_a_bone_id_with_no_gradient(name: &str, step: fn(&[Mat4], &Influences) -> Mat4) {
    let (g, bad) = ids_past_three();
    for inf in bad {
        let text = panic_message(|| {
            let _ = step(&g, &inf);
        });
        assert!(text.contains(name) && text.contains("(3 gradients)") && text.contains("check_skin"), "{text}");
    }
    assert_eq!(step(&g, &LAST_VALID), Mat4::IDENTITY, "{name} on the last valid id");
}

#[test]
fn given_reference_blend_names_a_bone_id_with_no_gradient() {
    names_a_bone_id_with_no_gradient("blend_matrices", lab03_cpu_skinning::solution::blend_matrices);
}

#[test]
fn given_reference_stitch_names_a_bone_id_with_no_gradient() {
    names_a_bone_id_with_no_gradient("stitch_matrix", lab03_cpu_skinning::solution::stitch_matrix);
}

#[test]
fn given_reference_bone_gradients_names_a_node_with_no_world_matrix() {
    let model = common::character::build();
    let bones = &model.meshes[0].bones;
    let last_node = bones.iter().map(|b| b.node).max().unwrap();
    let world = vec![Mat4::IDENTITY; last_node]; // one short for the bone on the last node
    let text = panic_message(|| {
        let _ = lab03_cpu_skinning::solution::bone_gradients(&Mat4::IDENTITY, &world, bones);
    });
    let b = bones.iter().position(|b| b.node == last_node).unwrap();
    let rule = format!("bone {b} follows node {last_node}, but `world` has {last_node} matrices");
    assert!(text.contains(&rule), "{text}");
    let world = vec![Mat4::IDENTITY; last_node + 1];
    assert_eq!(lab03_cpu_skinning::solution::bone_gradients(&Mat4::IDENTITY, &world, bones).len(), bones.len());
}

/// The handout's numbers about the built-in character (the steps' preamble
/// and step 2's hint 1) come from the code.
#[test]
fn given_the_handouts_numbers_about_the_character_hold() {
    let handout = include_str!("../../README.md");
    let flat = handout.split_whitespace().collect::<Vec<_>>().join(" ");
    let model = common::character::build();
    let vertices = model.meshes[0].positions.len();
    let thousands = format!("{},{:03}", vertices / 1000, vertices % 1000);
    let says = |text: String| assert!(flat.contains(&text), "README.md should say: {text}");
    says(format!("({thousands} on the character)"));
    says(format!("The character has {} nodes and {} bones", model.skeleton.nodes.len(), model.meshes[0].bones.len()));
}
