//! Lab 03 grader. Tests are named after the README's steps; run them with
//! `cargo test -p lab03_cpu_skinning`. Failures name the classic mistake they
//! match; the `grader_*` tests prove those mistakes are rejected.

use common::grade::{Verdict, check_mat4, check_vec3, check_vec4};
use common::model::{Influences, Model, SkinnedMesh, Transform};
use glam::{Mat3, Mat4, Quat, Vec3, Vec4};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::*;

/// The character in a walk pose, with the chest squashed non-uniformly so
/// that normal mistakes show; and its per-bone gradients (the reference).
fn posed() -> (Model, Vec<Mat4>) {
    let model = common::character::build();
    let mut pose: Vec<Transform> = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.3);
    pose[model.skeleton.find("chest").unwrap()].scale = Vec3::new(1.4, 1.0, 0.6);
    let world = world_matrices(&model.skeleton, &pose);
    let gradients = model.meshes[0].bones.iter().map(|b| model.global_inverse * world[b.node] * b.offset).collect();
    (model, gradients)
}

fn blend_reference(g: &[Mat4], inf: &Influences) -> Mat4 {
    (0..4).fold(Mat4::ZERO, |acc, i| acc + g[inf.ids[i] as usize] * inf.weights[i])
}

fn inverse_transpose(m: &Mat4) -> Mat3 {
    Mat3::from_mat4(*m).inverse().transpose()
}

/// Distinct, non-uniformly scaled matrices to blend.
fn some_gradients() -> Vec<Mat4> {
    (0..6)
        .map(|i| {
            let f = i as f32;
            Mat4::from_scale_rotation_translation(
                Vec3::new(1.0 + 0.1 * f, 0.9, 1.2 - 0.05 * f),
                Quat::from_rotation_y(0.3 * f),
                Vec3::new(f, -f, 0.5 * f),
            )
        })
        .collect()
}

// ---------------------------------------------------------------- step 1

fn pairs(inf: &Influences) -> Vec<(u32, f32)> {
    let mut p: Vec<(u32, f32)> =
        inf.ids.iter().zip(inf.weights).filter(|(_, w)| *w != 0.0).map(|(i, w)| (*i, w)).collect();
    p.sort_by_key(|x| x.0);
    p
}

fn check_influences(input: &[(u32, f32)], got: &Influences, want: &[(u32, f32)]) -> Result<(), String> {
    let mut want = want.to_vec();
    want.sort_by_key(|x| x.0);
    let got_pairs = pairs(got);
    let same = got_pairs.len() == want.len()
        && got_pairs.iter().zip(&want).all(|(a, b)| a.0 == b.0 && (a.1 - b.1).abs() < 1e-5);
    if same {
        let valid = got.ids.iter().all(|id| input.iter().any(|(i, _)| i == id) || input.iter().all(|(_, w)| *w <= 0.0));
        return if valid {
            Ok(())
        } else {
            Err(format!("unused slots must repeat a real bone id (with weight 0), got ids {:?}", got.ids))
        };
    }
    let total: f32 = got_pairs.iter().map(|p| p.1).sum();
    let hint = if got_pairs.len() == want.len() && (total - 1.0).abs() > 1e-3 {
        format!("the weights sum to {total}: divide each by their sum")
    } else if got_pairs.iter().any(|(id, _)| want.iter().all(|w| w.0 != *id)) {
        "a weaker bone was kept: sort by weight and keep the 4 largest, not the first 4".to_string()
    } else {
        "keep the 4 largest non-zero weights and divide them by their sum".to_string()
    };
    Err(format!(
        "influences_from_weights({input:?}) is wrong: {hint}\n  expected (id, weight): {want:?}\n  got: {got_pairs:?}"
    ))
}

#[test]
fn step1_keeps_the_four_largest_and_renormalises() {
    let input = [(5, 0.1), (2, 0.4), (7, 0.05), (1, 0.3), (3, 0.25), (9, 0.08)];
    let t = 0.4 + 0.3 + 0.25 + 0.1;
    let want = [(2, 0.4 / t), (1, 0.3 / t), (3, 0.25 / t), (5, 0.1 / t)];
    check_influences(&input, &influences_from_weights(&input), &want).or_fail();
}

#[test]
fn step1_fixes_short_unnormalised_and_bad_lists() {
    let input = [(4, 2.0), (6, 6.0)];
    check_influences(&input, &influences_from_weights(&input), &[(4, 0.25), (6, 0.75)]).or_fail();
    let input = [(1, 0.5), (2, -0.5), (3, f32::NAN), (8, 0.0)];
    check_influences(&input, &influences_from_weights(&input), &[(1, 1.0)]).or_fail();
    for empty in [&[][..], &[(3, 0.0)][..]] {
        let got = influences_from_weights(empty);
        assert_eq!(
            got.weights, [0.0; 4],
            "no usable weight: all four weights must be 0 (the vertex stays in bind pose)"
        );
    }
}

#[test]
fn grader_step1_rejects_unnormalised_and_first_four() {
    let input = [(5, 0.1), (2, 0.4), (7, 0.05), (1, 0.3), (3, 0.25), (9, 0.08)];
    let t = 1.05;
    let want = [(2, 0.4 / t), (1, 0.3 / t), (3, 0.25 / t), (5, 0.1 / t)];
    let raw = Influences { ids: [2, 1, 3, 5], weights: [0.4, 0.3, 0.25, 0.1] };
    assert!(check_influences(&input, &raw, &want).unwrap_err().contains("divide"));
    let first_four = Influences { ids: [5, 2, 7, 1], weights: [0.1 / 0.85, 0.4 / 0.85, 0.05 / 0.85, 0.3 / 0.85] };
    assert!(check_influences(&input, &first_four, &want).unwrap_err().contains("4 largest"));
}

// ---------------------------------------------------------------- step 2

fn check_bone_gradients(model: &Model, world: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let (gi, bones) = (model.global_inverse, &model.meshes[0].bones);
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones: one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let mistakes = [
            (
                "node b's matrix was used for bone b: bone ids are not node ids; use world[bones[b].node]",
                gi * world[b] * bone.offset,
            ),
            ("the global inverse is missing", world[bone.node] * bone.offset),
            ("the offset goes on the right: global_inverse * world * offset", gi * bone.offset * world[bone.node]),
        ];
        check_mat4(&format!("gradient of bone {b}"), got[b], gi * world[bone.node] * bone.offset, &mistakes)?;
    }
    Ok(())
}

/// The character with a rotated, scaled scene root, as files often have.
fn file_like() -> (Model, Vec<Mat4>) {
    let mut model = common::character::build();
    model.skeleton.nodes[0].local =
        Transform { translation: Vec3::Z, rotation: Quat::from_rotation_x(-1.3), scale: Vec3::splat(0.01) };
    let rest = model.skeleton.rest_locals();
    let bind = world_matrices(&model.skeleton, &rest);
    model.global_inverse = bind[0].inverse();
    for bone in &mut model.meshes[0].bones {
        bone.offset = bind[bone.node].inverse() * bind[0];
    }
    let pose = common::pose::key_pose(&model.skeleton, &model.clips[2], 0.5);
    let world = world_matrices(&model.skeleton, &pose);
    (model, world)
}

#[test]
fn step2_bone_gradients_per_bone_not_per_node() {
    let (model, world) = file_like();
    let got = bone_gradients(&model.global_inverse, &world, &model.meshes[0].bones);
    check_bone_gradients(&model, &world, &got).or_fail();
}

fn check_blend(g: &[Mat4], inf: &Influences, got: Mat4) -> Result<(), String> {
    let count = inf.weights.iter().filter(|w| **w != 0.0).count() as f32;
    let used = |i: usize| inf.weights[i] != 0.0;
    let mistakes = [
        ("only the first influence was used: sum over all four slots", g[inf.ids[0] as usize]),
        (
            "the weights were ignored: multiply each matrix by its weight",
            (0..4).filter(|&i| used(i)).fold(Mat4::ZERO, |a, i| a + g[inf.ids[i] as usize]),
        ),
        (
            "this is a plain average: weigh each matrix by its weight",
            (0..4).filter(|&i| used(i)).fold(Mat4::ZERO, |a, i| a + g[inf.ids[i] as usize] / count),
        ),
    ];
    check_mat4(&format!("blend_matrices({inf:?})"), got, blend_reference(g, inf), &mistakes)
}

#[test]
fn step2_blends_all_four_by_weight() {
    let g = some_gradients();
    for inf in [
        Influences { ids: [3, 1, 5, 0], weights: [0.5, 0.3, 0.15, 0.05] },
        Influences { ids: [2, 4, 2, 2], weights: [0.7, 0.3, 0.0, 0.0] },
        Influences { ids: [5, 5, 5, 5], weights: [1.0, 0.0, 0.0, 0.0] },
    ] {
        check_blend(&g, &inf, blend_matrices(&g, &inf)).or_fail();
    }
}

#[test]
fn step2_a_vertex_with_no_weight_stays_in_bind_pose() {
    let inf = Influences { ids: [1, 1, 1, 1], weights: [0.0; 4] };
    let mistakes = [("a vertex with no weight collapsed to the origin: return the identity", Mat4::ZERO)];
    check_mat4("blend_matrices with no weight", blend_matrices(&some_gradients(), &inf), Mat4::IDENTITY, &mistakes)
        .or_fail();
}

#[test]
fn grader_step2_rejects_index_mixups_and_first_only() {
    let (model, world) = file_like();
    let gi = model.global_inverse;
    let mixed: Vec<Mat4> =
        model.meshes[0].bones.iter().enumerate().map(|(b, bone)| gi * world[b] * bone.offset).collect();
    assert!(check_bone_gradients(&model, &world, &mixed).unwrap_err().contains("not node ids"));
    let g = some_gradients();
    let inf = Influences { ids: [3, 1, 5, 0], weights: [0.5, 0.3, 0.15, 0.05] };
    assert!(check_blend(&g, &inf, g[3]).unwrap_err().contains("first influence"));
}

// ---------------------------------------------------------------- step 3

/// Compares skinned positions with the reference, naming the first wrong vertex.
fn check_positions(model: &Model, g: &[Mat4], got: &[Vec3]) -> Result<(), String> {
    let mesh = &model.meshes[0];
    for (v, (p, inf)) in mesh.positions.iter().zip(&mesh.influences).enumerate() {
        let want = blend_reference(g, inf).transform_point3(*p);
        let first_only = g[inf.ids[0] as usize].transform_point3(*p);
        let mistakes = [
            ("it moved with its first influence only: blend all of them", first_only),
            (
                "it was not moved by the translation: positions are points (w = 1)",
                blend_reference(g, inf).transform_vector3(*p),
            ),
        ];
        check_vec3(&format!("skinned position of vertex {v} (influences {inf:?})"), got[v], want, &mistakes)?;
    }
    Ok(())
}

#[test]
fn step3_skin_position_is_a_point() {
    let m = Mat4::from_translation(Vec3::new(1.0, 2.0, 3.0)) * Mat4::from_rotation_z(1.0);
    let mistakes = [("the translation is missing: a position is a point, w = 1", m.transform_vector3(Vec3::X))];
    check_vec3("skin_position", skin_position(&m, Vec3::X), m.transform_point3(Vec3::X), &mistakes).or_fail();
}

#[test]
fn step3_skinned_character_matches_the_reference() {
    let (model, g) = posed();
    let positions_only = SkinnedMesh { normals: vec![], tangents: vec![], ..model.meshes[0].clone() }; // steps 4-5 not needed yet
    let skinned = skin_mesh(&positions_only, &g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    check_positions(&model, &g, &skinned.positions).or_fail();
}

#[test]
fn grader_step3_rejects_first_influence_only() {
    let (model, g) = posed();
    let mesh = &model.meshes[0];
    let first: Vec<Vec3> =
        mesh.positions.iter().zip(&mesh.influences).map(|(p, i)| g[i.ids[0] as usize].transform_point3(*p)).collect();
    assert!(check_positions(&model, &g, &first).unwrap_err().contains("first influence only"));
}

// ---------------------------------------------------------------- step 4

/// A squash: rotation and a scale of 3 along one axis.
fn squash() -> Mat4 {
    Mat4::from_translation(Vec3::new(0.5, 1.0, -2.0))
        * Mat4::from_rotation_z(0.5)
        * Mat4::from_scale(Vec3::new(1.0, 3.0, 1.0))
}

fn check_normal(m: &Mat4, n: Vec3, got: Vec3) -> Result<(), String> {
    let it = inverse_transpose(m);
    let mistakes = [
        (
            "this is the plain matrix times the normal: normals need the inverse-transpose",
            (Mat3::from_mat4(*m) * n).normalize(),
        ),
        ("right direction, but not unit length: renormalise", it * n),
        ("this is the inverse without the transpose", (Mat3::from_mat4(*m).inverse() * n).normalize()),
    ];
    check_vec3(&format!("skin_normal({n})"), got, (it * n).normalize(), &mistakes)
}

#[test]
fn step4_normals_survive_non_uniform_scale() {
    let n = Vec3::new(1.0, 1.0, 0.0).normalize();
    check_normal(&squash(), n, skin_normal(&squash(), n)).or_fail();
    // The skinned normal is still perpendicular to the skinned surface.
    let along_surface = Mat3::from_mat4(squash()) * Vec3::new(1.0, -1.0, 0.0);
    assert!(skin_normal(&squash(), n).dot(along_surface).abs() < 1e-4, "the normal left the surface");
}

#[test]
fn step4_degenerate_matrix_gives_a_finite_normal() {
    let flat = Mat4::from_scale(Vec3::new(1.0, 0.0, 0.0)); // squashed flat: no inverse
    let got = skin_normal(&flat, Vec3::Y);
    assert!(
        got.is_finite() && (got.length() - 1.0).abs() < 1e-4,
        "a squashed matrix gave {got}: return a unit normal, never NaN"
    );
}

#[test]
fn step4_skinned_character_normals() {
    let (model, g) = posed();
    let mesh = &SkinnedMesh { tangents: vec![], ..model.meshes[0].clone() }; // step 5 not needed yet
    let skinned = skin_mesh(mesh, &g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    for (v, (n, inf)) in mesh.normals.iter().zip(&mesh.influences).enumerate() {
        check_normal(&blend_reference(&g, inf), *n, skinned.normals[v])
            .map_err(|e| format!("vertex {v}: {e}"))
            .or_fail();
    }
}

#[test]
fn grader_step4_rejects_plain_matrix_normals() {
    let n = Vec3::new(1.0, 1.0, 0.0).normalize();
    let plain = (Mat3::from_mat4(squash()) * n).normalize();
    assert!(check_normal(&squash(), n, plain).unwrap_err().contains("inverse-transpose"));
    assert!(check_normal(&squash(), n, inverse_transpose(&squash()) * n).unwrap_err().contains("renormalise"));
}

// ---------------------------------------------------------------- step 5

fn check_tangent(m: &Mat4, t: Vec4, n: Vec3, got: Vec4) -> Result<(), String> {
    let moved = Mat3::from_mat4(*m) * t.truncate();
    let ortho = moved - n * moved.dot(n);
    let mistakes = [
        ("the tangent was not re-orthogonalised: subtract its part along the normal", moved.normalize().extend(t.w)),
        ("right direction, but not unit length: renormalise after re-orthogonalising", ortho.extend(t.w)),
        ("the handedness w was lost: copy the input's w", ortho.normalize().extend(-t.w)),
        (
            "tangents lie in the surface: transform them like edges (the matrix), not like normals",
            (inverse_transpose(m) * t.truncate()).normalize().extend(t.w),
        ),
    ];
    check_vec4("skin_tangent", got, ortho.normalize().extend(t.w), &mistakes)
}

#[test]
fn step5_tangents_are_reorthogonalised_and_keep_handedness() {
    // Imported tangents are rarely exactly perpendicular to their normal.
    let (n, t) = (Vec3::Y, Vec4::new(1.0, 0.35, 0.2, -1.0));
    let skinned_n = skin_normal(&squash(), n);
    let got = skin_tangent(&squash(), t, skinned_n);
    check_tangent(&squash(), t, skinned_n, got).or_fail();
    assert!(got.truncate().dot(skinned_n).abs() < 1e-4, "the tangent is not perpendicular to the normal");
}

#[test]
fn step5_skinned_character_tangents() {
    let (model, g) = posed();
    let mesh = &model.meshes[0];
    let skinned = skin_mesh(mesh, &g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(skinned.tangents.len(), mesh.positions.len(), "one tangent per vertex");
    for (v, t) in skinned.tangents.iter().enumerate() {
        check_tangent(&blend_reference(&g, &mesh.influences[v]), mesh.tangents[v], skinned.normals[v], *t)
            .map_err(|e| format!("vertex {v}: {e}"))
            .or_fail();
    }
}

#[test]
fn grader_step5_rejects_missing_reorthogonalisation_and_lost_w() {
    let (n, t) = (Vec3::Y, Vec4::new(1.0, 0.35, 0.2, -1.0));
    let m = squash();
    let sn = (inverse_transpose(&m) * n).normalize();
    let moved = Mat3::from_mat4(m) * t.truncate();
    assert!(check_tangent(&m, t, sn, moved.normalize().extend(-1.0)).unwrap_err().contains("re-orthogonalised"));
    let ortho = (moved - sn * moved.dot(sn)).normalize();
    assert!(check_tangent(&m, t, sn, ortho.extend(1.0)).unwrap_err().contains("handedness"));
}

// ---------------------------------------------------------------- step 6

fn check_stitch(g: &[Mat4], inf: &Influences, got: Mat4) -> Result<(), String> {
    let strongest = (0..4).fold(0, |best, i| if inf.weights[i] > inf.weights[best] { i } else { best });
    let mistakes = [
        ("this is the first slot's bone, not the strongest", g[inf.ids[0] as usize]),
        ("this is the last slot's bone, not the strongest", g[inf.ids[3] as usize]),
        ("this is the linear blend: stitching takes one bone only", blend_reference(g, inf)),
    ];
    check_mat4(&format!("stitch_matrix({inf:?})"), got, g[inf.ids[strongest] as usize], &mistakes)
}

#[test]
fn step6_stitching_follows_the_strongest_bone() {
    let g = some_gradients();
    for inf in [
        Influences { ids: [0, 4, 2, 1], weights: [0.1, 0.5, 0.3, 0.1] },
        Influences { ids: [3, 2, 5, 5], weights: [0.5, 0.5, 0.0, 0.0] },
    ] {
        check_stitch(&g, &inf, stitch_matrix(&g, &inf)).or_fail();
    }
    let none = Influences { ids: [2; 4], weights: [0.0; 4] };
    check_mat4("stitch_matrix with no weight", stitch_matrix(&g, &none), Mat4::IDENTITY, &[]).or_fail();
}

#[test]
fn step6_stitched_character_is_rigid_per_vertex() {
    let (model, g) = posed();
    let mesh = &SkinnedMesh { normals: vec![], tangents: vec![], ..model.meshes[0].clone() }; // positions show it
    let skinned = skin_mesh(mesh, &g, Method::Stitching).unwrap_or_else(|e| panic!("{e}"));
    for (v, (p, inf)) in mesh.positions.iter().zip(&mesh.influences).enumerate() {
        let strongest = (0..4).fold(0, |best, i| if inf.weights[i] > inf.weights[best] { i } else { best });
        let want = g[inf.ids[strongest] as usize].transform_point3(*p);
        check_vec3(&format!("stitched vertex {v}"), skinned.positions[v], want, &[]).or_fail();
    }
}

#[test]
fn grader_step6_rejects_first_slot_and_blend() {
    let g = some_gradients();
    let inf = Influences { ids: [0, 4, 2, 1], weights: [0.1, 0.5, 0.3, 0.1] };
    assert!(check_stitch(&g, &inf, g[0]).unwrap_err().contains("first slot"));
    assert!(check_stitch(&g, &inf, blend_reference(&g, &inf)).unwrap_err().contains("linear blend"));
}
