//! The meshes the grader skins, the CPU reference (lab 03's solution), and
//! the classic shader mistakes computed on the CPU so a failure can name them.

use common::model::{Bone, Influences, SkinnedMesh, Transform};
use glam::{Mat3, Mat4, Quat, Vec2, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::solution::{bone_gradients, skin_mesh};
use lab03_cpu_skinning::{Method, Skinned};
use lab06_gpu_skinning::Captured;

/// 96 vertices on a bent strip, each with four influences, all ids non-zero
/// (id 0 would survive the float path), weights unequal; six bones; tangents
/// not quite perpendicular to the normals.
pub fn four_influences() -> (SkinnedMesh, Vec<Mat4>) {
    let mut mesh = SkinnedMesh { name: "fixture".into(), ..SkinnedMesh::default() };
    for v in 0..96u32 {
        let f = v as f32;
        mesh.positions.push(Vec3::new((f * 0.37).sin(), f * 0.05, (f * 0.23).cos()));
        mesh.normals.push(Vec3::new((f * 0.5).cos(), 0.3, (f * 0.5).sin()).normalize());
        let n = *mesh.normals.last().unwrap();
        // Tilted 17° towards the normal, as exporters' averaged tangents are: a single matrix keeps a
        // perpendicular pair perpendicular, so only a tilted tangent shows a shader that skips removing
        // the part along the skinned normal.
        let tilted = (n.any_orthonormal_vector() + n * 0.3).normalize();
        mesh.tangents.push(tilted.extend(if v % 2 == 0 { 1.0 } else { -1.0 }));
        mesh.uvs.push(Vec2::new(f / 96.0, 0.5));
        let ids = [1 + v % 5, 1 + (v + 1) % 5, 1 + (v + 2) % 5, 1 + (v + 3) % 5];
        // The last vertex has no weight at all: it must stay in the bind pose.
        let weights = if v == 95 { [0.0; 4] } else { [0.45, 0.3, 0.15, 0.1] };
        mesh.influences.push(Influences { ids, weights });
    }
    mesh.indices = (0..94).flat_map(|i| [i, i + 1, i + 2]).collect();
    mesh.bones = (0..6).map(|b| Bone { node: b, offset: Mat4::IDENTITY }).collect();
    let palette = (0..6)
        .map(|i| {
            let f = i as f32;
            Mat4::from_scale_rotation_translation(
                Vec3::new(1.0 + 0.2 * f, 0.8, 1.3 - 0.1 * f),
                Quat::from_euler(glam::EulerRot::XYZ, 0.3 * f, -0.5 + 0.2 * f, 0.1 * f),
                Vec3::new(0.5 * f, -f, 0.25 * f),
            )
        })
        .collect();
    (mesh, palette)
}

/// The built-in character at a moment of a clip (sampled with lab 04's
/// reference), with the chest squashed non-uniformly so that a normal
/// mistake shows; and its palette.
pub fn character(clip: usize, seconds: f64) -> (SkinnedMesh, Vec<Mat4>) {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let clip = &model.clips[clip];
    let mut cursors = lab04_keyframes::ClipCursors::for_clip(clip);
    let mode = lab04_keyframes::Mode::Loop;
    let mut pose: Vec<Transform> =
        lab04_keyframes::solution::pose_at(clip, &rest, seconds, mode, &mut cursors, Quat::slerp).expect("a pose");
    pose[model.skeleton.find("chest").unwrap()].scale = Vec3::new(1.3, 1.0, 0.7);
    let world = world_matrices(&model.skeleton, &pose);
    let mesh = model.meshes.into_iter().next().unwrap();
    let palette = bone_gradients(&model.global_inverse, &world, &mesh.bones);
    (mesh, palette)
}

/// Lab 03's reference skinning.
pub fn reference(mesh: &SkinnedMesh, palette: &[Mat4]) -> Skinned {
    skin_mesh(mesh, palette, Method::LinearBlend).expect("lab 03 skins the fixture")
}

/// Size of the mesh (diagonal of its bind-pose box), for tolerances.
pub fn size(mesh: &SkinnedMesh) -> f32 {
    let (lo, hi) = mesh.positions.iter().fold((Vec3::MAX, Vec3::MIN), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    (hi - lo).length().max(1e-6)
}

/// A wrong shader, run on the CPU: the blended matrix for a vertex.
type Blend = fn(&[Mat4], &Influences) -> Mat4;

fn weighted(p: &[Mat4], inf: &Influences) -> Mat4 {
    (0..4).fold(Mat4::ZERO, |m, i| m + p[inf.ids[i] as usize] * inf.weights[i])
}

/// The classic mistakes in the shader, each as (message, what it computes).
pub fn mistakes(mesh: &SkinnedMesh, palette: &[Mat4]) -> Vec<(&'static str, Captured)> {
    let blends: [(&'static str, Blend); 5] = [
        ("the weights are not applied: each of the four matrices counts fully", |p, inf| {
            (0..4).fold(Mat4::ZERO, |m, i| m + p[inf.ids[i] as usize])
        }),
        ("the four matrices are averaged (an equal blend): multiply each by its weight", |p, inf| {
            (0..4).fold(Mat4::ZERO, |m, i| m + p[inf.ids[i] as usize] * 0.25)
        }),
        ("the palette is read one bone too far (u_palette[id + 1]): ids are 0-based", |p, inf| {
            // Past the last bone the shader reads a palette entry that was
            // never uploaded: GL starts every uniform at zero.
            let padded: Vec<Mat4> = p.iter().copied().chain([Mat4::ZERO]).collect();
            let shifted = inf.ids.map(|id| (id as usize + 1).min(p.len()) as u32);
            weighted(&padded, &Influences { ids: shifted, ..*inf })
        }),
        ("the palette is read one bone short (u_palette[id - 1]): ids are 0-based", |p, inf| {
            let shifted = inf.ids.map(|id| id.saturating_sub(1));
            weighted(p, &Influences { ids: shifted, ..*inf })
        }),
        ("each palette matrix is transposed (row-major thinking): GL and glam are column-major", |p, inf| {
            (0..4).fold(Mat4::ZERO, |m, i| m + p[inf.ids[i] as usize].transpose() * inf.weights[i])
        }),
    ];
    let mut out = Vec::new();
    for (message, blend) in blends {
        out.push((message, run(mesh, palette, blend, Variant::Right)));
    }
    let variants = [
        ("the position is skinned as a vector (w = 0): it turns but never moves; a position has w = 1", Variant::W0),
        (
            "the normal is not skinned: it must turn with the skin (the blended matrix's inverse-transpose)",
            Variant::RawNormal,
        ),
        (
            "the normal went through mat3(m), not its inverse-transpose: wrong where a bone scales non-uniformly (lab 03, step 4)",
            Variant::PlainNormal,
        ),
        ("the normal is not renormalised after the inverse-transpose", Variant::LongNormal),
        (
            "a vertex with no weight collapsed to the origin: with every weight 0 it stays in the bind pose (lab 03, step 2)",
            Variant::NoFallback,
        ),
    ];
    for (message, variant) in variants {
        out.push((message, run(mesh, palette, weighted, variant)));
    }
    out
}

#[derive(Clone, Copy, PartialEq)]
enum Variant {
    Right,
    W0,
    RawNormal,
    PlainNormal,
    LongNormal,
    NoFallback,
}

fn run(mesh: &SkinnedMesh, palette: &[Mat4], blend: Blend, variant: Variant) -> Captured {
    let mut out = Captured::default();
    for (v, inf) in mesh.influences.iter().enumerate() {
        let unweighted = inf.weights == [0.0; 4] && variant != Variant::NoFallback;
        let m = if unweighted { Mat4::IDENTITY } else { blend(palette, inf) };
        let p = mesh.positions[v];
        out.positions.push(if variant == Variant::W0 { m.transform_vector3(p) } else { m.transform_point3(p) });
        let n = mesh.normals[v];
        let it = Mat3::from_mat4(m).inverse().transpose();
        out.normals.push(match variant {
            Variant::RawNormal => n,
            Variant::PlainNormal => (Mat3::from_mat4(m) * n).normalize(),
            Variant::LongNormal => it * n,
            _ => (it * n).normalize(),
        });
    }
    out
}
