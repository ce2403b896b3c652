//! The "going further" fast path (`src/fast.rs`) agrees with the reference
//! and refuses what the reference's validation refuses. These tests never run
//! the student's code and pass from the start: what the student's steps must
//! do (mirrored normals included) is checked by `tests/grader` through the
//! crate root. (Speed is measured in `benches/`.)

use common::model::Influences;
use common::model::SkinnedMesh;
use glam::{EulerRot, Quat};
use glam::{Mat4, Vec3};
use lab03_cpu_skinning::fast::{FastMesh, skin_fast};
use lab03_cpu_skinning::{Method, Skinned, check_skin, solution};

/// The character with tangents dropped, and varied gradients (bone 3 mirrors).
fn posed() -> (SkinnedMesh, Vec<Mat4>) {
    let mut mesh = common::character::build().meshes.swap_remove(0);
    mesh.tangents.clear();
    let gradient = |b: usize| {
        let t = b as f32;
        let scale = if b == 3 { Vec3::new(-1.0, 1.1, 0.9) } else { Vec3::splat(0.9 + 0.01 * t) };
        let rotation = Quat::from_euler(EulerRot::XYZ, 0.1 * t, 0.2, -0.05 * t);
        Mat4::from_scale_rotation_translation(scale, rotation, Vec3::new(0.01 * t, 0.0, 0.02))
    };
    let gradients = (0..mesh.bones.len()).map(gradient).collect();
    (mesh, gradients)
}

fn assert_matches_reference(mesh: &SkinnedMesh, gradients: &[Mat4], threads: usize) {
    let mut want = Skinned::default();
    solution::skin_mesh_into(mesh, gradients, Method::LinearBlend, &mut want).unwrap();
    let mut got = Skinned { tangents: vec![glam::Vec4::ONE], ..Skinned::default() };
    skin_fast(&FastMesh::new(mesh).unwrap(), gradients, &mut got, threads).unwrap();
    assert!(got.tangents.is_empty() && got.normals.len() == want.normals.len());
    let pairs = got.positions.iter().zip(&want.positions).chain(got.normals.iter().zip(&want.normals));
    for (v, (g, w)) in pairs.enumerate() {
        assert!((*g - *w).abs().max_element() < 1e-4, "entry {v}: {g} but the reference says {w}");
    }
    assert_eq!(got.positions.len(), want.positions.len());
}

#[test]
fn fast_matches_the_reference_mirrors_included() {
    let (mut mesh, gradients) = posed();
    mesh.influences[0].weights = [0.0; 4]; // stays in the bind pose
    assert_matches_reference(&mesh, &gradients, 1);
    let mut big = mesh.clone(); // 4 copies: enough vertices for 2 threads
    big.positions = mesh.positions.repeat(4);
    big.normals = mesh.normals.repeat(4);
    big.influences = mesh.influences.repeat(4);
    assert_matches_reference(&big, &gradients, 3);
    mesh.normals.clear();
    assert_matches_reference(&mesh, &gradients, 1);
}

#[test]
fn fast_rejects_what_check_skin_rejects() {
    let (mesh, gradients) = posed();
    let fast = FastMesh::new(&mesh).unwrap();
    let mut nan = gradients.clone();
    nan[2].w_axis.x = f32::NAN;
    for bad in [&gradients[..gradients.len() - 1], &nan[..]] {
        assert_eq!(skin_fast(&fast, bad, &mut Skinned::default(), 1), check_skin(&mesh, bad));
    }
    let mut far = mesh.clone();
    far.influences[5] = Influences { ids: [gradients.len() as u32, 0, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let fast_far = FastMesh::new(&far).unwrap();
    assert_eq!(skin_fast(&fast_far, &gradients, &mut Skinned::default(), 1), check_skin(&far, &gradients));
    let mut heavy = mesh.clone();
    heavy.influences[7].weights[0] += 0.5;
    assert_eq!(FastMesh::new(&heavy).err(), check_skin(&heavy, &gradients).err());
}

#[test]
fn fast_refuses_an_unused_slot_naming_a_missing_bone() {
    let (mut mesh, gradients) = posed();
    mesh.influences[9] = Influences { ids: [0, 500, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let fast = FastMesh::new(&mesh).unwrap();
    assert_eq!(skin_fast(&fast, &gradients, &mut Skinned::default(), 1), check_skin(&mesh, &gradients));
}
