//! The "going further" fast path (`src/fast/`) agrees with the reference
//! and refuses what the reference's validation refuses, with every kernel
//! this CPU can run (portable, AVX2, AVX-512). These tests never run the
//! student's code and pass from the start (`given_fast_*`): what the
//! student's steps must do (mirrored normals included) is checked by the
//! step tests through the crate root. (Speed is measured in `benches/`.)

use common::grade::SplitMix64;
use common::model::{Influences, SkinnedMesh};
use glam::{EulerRot, Mat4, Quat, Vec3};
use lab03_cpu_skinning::fast::{
    Cost, FastMesh, Kernel, MAX_BONES, count_fast_on, ozz_equivalent, skin_fast, skin_fast_on,
};
use lab03_cpu_skinning::{Method, SkinError, Skinned, check_skin, solution};

/// The character with tangents dropped, and varied gradients (bone 3
/// mirrors, bone 5 is squashed flat along one axis).
fn posed() -> (SkinnedMesh, Vec<Mat4>) {
    let mut mesh = common::character::build().meshes.swap_remove(0);
    mesh.tangents.clear();
    let gradient = |b: usize| {
        let t = b as f32;
        let scale = match b {
            3 => Vec3::new(-1.0, 1.1, 0.9),
            5 => Vec3::new(1.0, 0.0, 1.0),
            _ => Vec3::splat(0.9 + 0.01 * t),
        };
        let rotation = Quat::from_euler(EulerRot::XYZ, 0.1 * t, 0.2, -0.05 * t);
        Mat4::from_scale_rotation_translation(scale, rotation, Vec3::new(0.01 * t, 0.0, 0.02))
    };
    let gradients = (0..mesh.bones.len()).map(gradient).collect();
    (mesh, gradients)
}

/// `vertices` vertices with 1 to 4 influences each (cycling), among
/// `bones` bones: every slot count, and chunks that are not uniform.
fn scattered(vertices: usize, bones: u32) -> SkinnedMesh {
    let mut rng = SplitMix64(0x5EED);
    let positions = (0..vertices).map(|_| rng.vec3(-1.0, 1.0)).collect();
    let normals = (0..vertices).map(|_| rng.vec3(-1.0, 1.0).try_normalize().unwrap_or(Vec3::Z)).collect();
    let influences = (0..vertices)
        .map(|v| {
            let count = v % 4 + 1;
            let mut inf = Influences::single(v as u32 % bones);
            for slot in 0..count {
                inf.ids[slot] = (v as u32 * 7 + slot as u32 * 13) % bones;
                inf.weights[slot] = 1.0 / count as f32;
            }
            inf
        })
        .collect();
    let bones = (0..bones).map(|_| common::model::Bone { node: 0, offset: Mat4::IDENTITY }).collect();
    SkinnedMesh { name: "scattered".into(), positions, normals, influences, bones, ..Default::default() }
}

/// Every kernel, 1 and `threads` threads, against the reference: positions
/// to 1e-5 of the mesh's size, normals to 1e-4.
fn assert_matches_reference(mesh: &SkinnedMesh, gradients: &[Mat4], threads: usize, what: &str) {
    let mut want = Skinned::default();
    solution::skin_mesh_into(mesh, gradients, Method::LinearBlend, &mut want).unwrap();
    let size = want.positions.iter().fold(1.0f32, |m, p| m.max(p.abs().max_element()));
    let fast = FastMesh::new(mesh).unwrap();
    for kernel in Kernel::available() {
        for t in [1, threads] {
            let mut got = Skinned { tangents: vec![glam::Vec4::ONE], ..Skinned::default() };
            skin_fast_on(kernel, &fast, gradients, &mut got, t).unwrap();
            let name = kernel.name();
            assert!(got.tangents.is_empty(), "{what}, {name}: tangents should be left empty");
            assert_eq!(got.positions.len(), want.positions.len(), "{what}, {name}: position count");
            assert_eq!(got.normals.len(), want.normals.len(), "{what}, {name}: normal count");
            for (v, (g, w)) in got.positions.iter().zip(&want.positions).enumerate() {
                let close = (*g - *w).abs().max_element() <= 1e-5 * size;
                assert!(close, "{what}, {name}, {t} thread(s): vertex {v} at {g}, the reference says {w}");
            }
            for (v, (g, w)) in got.normals.iter().zip(&want.normals).enumerate() {
                let close = (*g - *w).abs().max_element() < 1e-4;
                assert!(close, "{what}, {name}, {t} thread(s): normal {v} is {g}, the reference says {w}");
            }
        }
    }
}

#[test]
fn given_fast_matches_the_reference_mirrors_and_flat_bones_included() {
    let (mut mesh, gradients) = posed();
    mesh.influences[0].weights = [0.0; 4]; // stays in the bind pose
    assert_matches_reference(&mesh, &gradients, 1, "character");
    let mut big = mesh.clone(); // 4 copies: enough vertices for 2 threads
    big.positions = mesh.positions.repeat(4);
    big.normals = mesh.normals.repeat(4);
    big.influences = mesh.influences.repeat(4);
    assert_matches_reference(&big, &gradients, 3, "character x4");
    mesh.normals.clear();
    assert_matches_reference(&mesh, &gradients, 1, "character without normals");
    big.normals.clear();
    assert_matches_reference(&big, &gradients, 2, "character x4 without normals");
}

/// The helper threads add their counts to the caller's: every chunk counted
/// once, whatever the number of threads (the pool is shared between calls).
#[test]
fn given_fast_counts_every_chunk_once_on_several_threads() {
    let (mesh, gradients) = posed();
    let mut big = mesh.clone();
    big.positions = mesh.positions.repeat(8);
    big.normals = mesh.normals.repeat(8);
    big.influences = mesh.influences.repeat(8);
    let fast = FastMesh::new(&big).unwrap();
    let one = count_fast_on(Kernel::best(), &fast, &gradients, &mut Skinned::default(), 1).unwrap();
    for threads in [2, 3, 8] {
        for _ in 0..3 {
            let many = count_fast_on(Kernel::best(), &fast, &gradients, &mut Skinned::default(), threads).unwrap();
            assert_eq!(many.chunks, one.chunks, "{threads} threads: chunks skinned");
            assert_eq!(many.slot_products, one.slot_products, "{threads} threads: weight * matrix products");
        }
    }
}

#[test]
fn given_fast_matches_the_reference_with_every_slot_count() {
    let gradients: Vec<Mat4> = (0..40)
        .map(|b| {
            let t = b as f32;
            let scale = Vec3::new(0.8 + 0.01 * t, 1.0, if b % 7 == 0 { -1.0 } else { 1.2 });
            Mat4::from_scale_rotation_translation(scale, Quat::from_rotation_y(0.3 * t), Vec3::splat(0.1 * t))
        })
        .collect();
    // 62 full chunks and a partial one; then enough for 3 threads, with
    // shares handed out in any order and a partial chunk in the last one.
    assert_matches_reference(&scattered(1_003, 40), &gradients, 1, "scattered");
    assert_matches_reference(&scattered(50_003, 40), &gradients, 3, "scattered 50k");
}

#[test]
#[cfg(feature = "assimp")]
fn given_fast_matches_the_reference_on_real_files() {
    for file in common::grade::RIGGED_TEST_FILES {
        let Some(path) = common::grade::test_model(file) else { continue };
        let (model, _) = common::load::model(Some(std::path::Path::new(&path))).unwrap();
        let clip = model.clips.first().expect("an animated file");
        let pose = common::pose::key_pose(&model.skeleton, clip, 0.5);
        // (The BVH file has joints but no mesh: nothing to skin there.)
        let world = lab01_hierarchy::solution::world_matrices(&model.skeleton, &pose);
        for mesh in &model.meshes {
            let mut mesh = mesh.clone();
            mesh.tangents.clear();
            let gradients = solution::bone_gradients(&model.global_inverse, &world, &mesh.bones);
            assert_matches_reference(&mesh, &gradients, 2, &format!("{file}, mesh `{}`", mesh.name));
        }
    }
}

#[test]
fn given_fast_rejects_what_check_skin_rejects() {
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
fn given_fast_refuses_an_unused_slot_naming_a_missing_bone() {
    let (mut mesh, gradients) = posed();
    mesh.influences[9] = Influences { ids: [0, 500, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
    let fast = FastMesh::new(&mesh).unwrap();
    assert_eq!(skin_fast(&fast, &gradients, &mut Skinned::default(), 1), check_skin(&mesh, &gradients));
}

#[test]
fn given_fast_refuses_bone_ids_past_its_16_bit_palette() {
    let (mut mesh, _) = posed();
    for id in [MAX_BONES as u32, u32::MAX] {
        mesh.influences[4] = Influences { ids: [id, 0, 0, 0], weights: [1.0, 0.0, 0.0, 0.0] };
        let err = FastMesh::new(&mesh).err();
        assert_eq!(err, Some(SkinError::BoneOutOfRange { vertex: 4, id, matrices: MAX_BONES }));
    }
}

/// The palette has a row for every 16-bit index and keeps its rows from
/// call to call: the highest bone a mesh can name is skinned like any
/// other, and rows left by a bigger skeleton are not read by the next mesh.
#[test]
fn given_fast_skins_the_last_bone_and_ignores_rows_left_by_a_bigger_skeleton() {
    let pose = |bones: u32, turn: f32| -> Vec<Mat4> {
        let bone = |b: u32| Mat4::from_rotation_translation(Quat::from_rotation_z(turn * b as f32), Vec3::Y);
        (0..bones).map(bone).collect()
    };
    let mut big = scattered(100, MAX_BONES as u32);
    big.influences[0].ids[0] = MAX_BONES as u32 - 1;
    big.influences[3].ids[0] = MAX_BONES as u32 - 1;
    assert_matches_reference(&big, &pose(MAX_BONES as u32, 0.01), 1, "65,535 bones");
    assert_matches_reference(&scattered(100, 3), &pose(3, -0.4), 1, "3 bones, after 65,535");
}

#[test]
fn given_fast_ozz_equivalent_mode_does_ozz_maths_for_the_benchmark() {
    let mesh = scattered(100, 12);
    let gradients: Vec<Mat4> = (0..12).map(|b| Mat4::from_scale(Vec3::new(1.0, 2.0 + b as f32, 0.5))).collect();
    let fast = FastMesh::new(&mesh).unwrap();
    for kernel in Kernel::available() {
        let mut out = Skinned::default();
        ozz_equivalent::skin(kernel, &fast, &gradients, &mut out, 1).unwrap();
        for (v, inf) in mesh.influences.iter().enumerate() {
            let blended: Mat4 = (0..4).map(|s| gradients[inf.ids[s] as usize] * inf.weights[s]).sum();
            let want = blended.transform_vector3(mesh.normals[v]); // not the cofactor, not unit
            assert!((out.normals[v] - want).abs().max_element() < 1e-4, "{}: vertex {v}", kernel.name());
            assert!((out.positions[v] - blended.transform_point3(mesh.positions[v])).abs().max_element() < 1e-4);
        }
    }
}

/// The work the fast path should do on `mesh`, worked out from the mesh
/// alone: (chunks, uniform chunks, weight * matrix products in the other
/// chunks, runs of uniform chunks with the same influences).
fn planned_work(mesh: &SkinnedMesh) -> (usize, usize, usize, usize) {
    let used = |v: usize| {
        let inf = &mesh.influences[v];
        let kept: Vec<(u32, u32)> =
            inf.ids.iter().zip(&inf.weights).filter(|(_, w)| **w != 0.0).map(|(&id, w)| (id, w.to_bits())).collect();
        kept
    };
    let (mut uniform, mut products, mut runs, mut last) = (0, 0, 0, None);
    let starts: Vec<usize> = (0..mesh.positions.len()).step_by(16).collect();
    for &start in &starts {
        let end = (start + 16).min(mesh.positions.len());
        let first = used(start);
        if (start..end).all(|v| used(v) == first) {
            uniform += 1;
            runs += usize::from(last.as_ref() != Some(&first));
            last = Some(first);
        } else {
            products += 16 * (start..end).map(|v| used(v).len().max(1)).max().unwrap_or(1);
        }
    }
    (starts.len(), uniform, products, runs)
}

/// Step 1 and 3 of the fast path are about work, not time: a chunk blends
/// only as many slots as its busiest vertex uses, and a run of uniform
/// chunks shares one blend. Counted by the kernels themselves ([`Cost`]),
/// so this holds on a busy machine and fails on any kernel that blends 4
/// slots everywhere, or blends every uniform chunk again.
#[test]
fn given_fast_does_only_the_work_each_chunk_needs() {
    let (character, gradients) = posed();
    let scattered = (scattered(1_003, 40), (0..40).map(|b| Mat4::from_rotation_y(0.1 * b as f32)).collect());
    for (what, (mesh, gradients)) in [("character", (character, gradients)), ("scattered", scattered)] {
        let (chunks, uniform, products, runs) = planned_work(&mesh);
        let fast = FastMesh::new(&mesh).unwrap();
        for kernel in Kernel::available() {
            let mut out = Skinned::default();
            let cost = count_fast_on(kernel, &fast, &gradients, &mut out, 1).unwrap();
            let name = kernel.name();
            assert_eq!(cost.chunks, chunks, "{what}, {name}: chunks skinned");
            assert_eq!(cost.uniform_chunks, uniform, "{what}, {name}: uniform chunks");
            assert_eq!(
                cost.slot_products, products,
                "{what}, {name}: weight * matrix products in the non-uniform chunks: expected {products} \
                 (16 per slot the chunk's busiest vertex uses), got {}: blending 4 slots everywhere loses step 1's saving",
                cost.slot_products
            );
            // A share of the work starts with no blend to reuse, so a run
            // cut by a share boundary is blended once per share.
            let most = runs + chunks.div_ceil(64);
            assert!(
                (runs..=most.min(uniform)).contains(&cost.uniform_blends),
                "{what}, {name}: uniform chunks blended: expected {runs} to {most} (one per run of equal \
                 influences), got {}: a uniform chunk should reuse the previous chunk's blend",
                cost.uniform_blends
            );
        }
    }
}

/// On the character the fast path does less than a fifth of the
/// reference's blending work (4 products per vertex, always): most of its
/// chunks are uniform (about a tenth, measured: 3,648 products against
/// 39,076).
#[test]
fn given_fast_blends_less_than_a_fifth_of_the_reference_on_the_character() {
    let (mesh, gradients) = posed();
    let fast = FastMesh::new(&mesh).unwrap();
    let cost: Cost = count_fast_on(Kernel::best(), &fast, &gradients, &mut Skinned::default(), 1).unwrap();
    let fast_products = cost.slot_products + 4 * cost.uniform_blends;
    let reference = 4 * mesh.positions.len();
    println!("character: fast {fast_products} products, reference {reference}; {cost:?}");
    assert!(5 * fast_products < reference, "fast {fast_products} products, reference {reference}: {cost:?}");
}
