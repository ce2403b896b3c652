//! Bad input gives a clear error or a defined result, never a panic or NaN.
//! The checks run before any of your steps, so the `input_*` tests pass from
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
fn input_a_mesh_with_no_influences_is_refused() {
    let (mut mesh, g) = character_mesh();
    mesh.influences.clear();
    assert_eq!(skin_mesh(&mesh, &g, Method::LinearBlend), Err(SkinError::NoInfluences));
}

#[test]
fn input_bone_ids_out_of_range_are_refused() {
    let (mut mesh, g) = character_mesh();
    mesh.influences[7] = Influences { ids: [99, 0, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let err = skin_mesh(&mesh, &g, Method::LinearBlend).unwrap_err();
    assert_eq!(err, SkinError::BoneOutOfRange { vertex: 7, id: 99, matrices: g.len() });
    assert!(err.to_string().contains("vertex 7") && err.to_string().contains("99"));
}

#[test]
fn input_unused_slots_must_name_a_bone_too() {
    // A slot of weight 0 is still read (the GPU reads all four): its id must be real.
    let (mut mesh, g) = character_mesh();
    mesh.influences[5] = Influences { ids: [0, 999, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let err = check_skin(&mesh, &g).unwrap_err();
    assert_eq!(err, SkinError::BoneOutOfRange { vertex: 5, id: 999, matrices: g.len() });
}

#[test]
fn input_unnormalised_negative_and_nan_weights_are_refused() {
    for weights in [[0.5, 0.2, 0.0, 0.0], [1.5, -0.5, 0.0, 0.0], [f32::NAN, 1.0, 0.0, 0.0]] {
        let (mut mesh, g) = character_mesh();
        mesh.influences[3] = Influences { ids: [0, 1, 0, 0], weights };
        let err = skin_mesh(&mesh, &g, Method::LinearBlend).unwrap_err();
        assert!(matches!(err, SkinError::BadWeights { vertex: 3, .. }), "{weights:?}: {err}");
    }
}

#[test]
fn input_missing_or_broken_matrices_are_refused() {
    let (mesh, mut g) = character_mesh();
    assert!(matches!(skin_mesh(&mesh, &g[..3], Method::LinearBlend), Err(SkinError::TooFewMatrices { .. })));
    g[2].w_axis.x = f32::NAN;
    assert_eq!(skin_mesh(&mesh, &g, Method::LinearBlend), Err(SkinError::NotFinite { bone: 2 }));
}

#[test]
fn input_lists_of_the_wrong_length_are_refused() {
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
    for file in [
        "X/BCN_Epileptic.X",
        "FBX/animation_with_skeleton.fbx",
        "FBX/huesitos.fbx",
        "X/anim_test.x",
        "glTF2/simple_skin/simple_skin.gltf",
        "BVH/01_01.bvh",
    ] {
        if let Some(path) = common::grade::test_model(file) {
            let (model, _) = common::load::model(Some(std::path::Path::new(&path))).unwrap();
            skins_cleanly(&model, file);
        }
    }
}
