//! Going further (the reference only, no steps; `given_*`, as everything the
//! student is not asked to write): the packed palette and
//! dual-quaternion skinning, run on the GPU and read back with transform
//! feedback, as the grader does for your shader.

#[path = "../../src/demo/twist.rs"]
mod twist;

use common::gl::Program;
use common::headless::Headless;
use common::model::{Bone, Influences, SkinnedMesh};
use glam::{Mat4, Quat, Vec2, Vec3, Vec4};
use lab06_gpu_skinning::{Captured, further, given, solution};

fn context() -> Headless {
    Headless::new(16, 16).unwrap_or_else(|e| panic!("these tests run shaders and need an OpenGL 3.3 driver: {e}"))
}

/// Runs a skinning shader over `mesh` (set up by the reference steps 1-2),
/// its palette set by `upload`, and reads back what it computed.
fn run(mesh: &SkinnedMesh, (file, source): (&str, &str), upload: impl Fn(&glow::Context, &Program)) -> Captured {
    let headless = context();
    let gl = headless.gl();
    let shader = given::compile(gl, file, source, mesh.bones.len()).unwrap_or_else(|e| panic!("{e}"));
    let gpu_mesh = solution::upload_mesh(gl, mesh).unwrap_or_else(|e| panic!("{e}"));
    shader.program().bind(gl);
    upload(gl, shader.program());
    let got = given::capture(gl, gpu_mesh.buffers.vao, mesh.positions.len()).unwrap_or_else(|e| panic!("{e}"));
    gpu_mesh.buffers.delete(gl);
    got
}

const MATRICES: (&str, &str) = (solution::SHADER_FILE, solution::VERTEX_SHADER);
const PACKED: (&str, &str) = (further::PACKED_SHADER_FILE, further::PACKED_SHADER);
const DUAL_QUAT: (&str, &str) = (further::DUAL_QUAT_SHADER_FILE, further::DUAL_QUAT_SHADER);

fn with_matrices(palette: &[Mat4]) -> impl Fn(&glow::Context, &Program) + '_ {
    move |gl, program| solution::upload_palette(gl, program, palette)
}

fn with_dual_quaternions(dqs: &[[Vec4; 2]]) -> impl Fn(&glow::Context, &Program) + '_ {
    move |gl, program| further::upload_dual_quaternions(gl, program, dqs)
}

/// Whether a distance is within the tolerance (NaN is not).
fn within(distance: f32, tolerance: f32) -> bool {
    distance <= tolerance
}

/// Panics unless two captures agree (positions within `1e-5 * size`).
fn same(what: &str, a: &Captured, b: &Captured, size: f32) {
    let far = |x: &[Vec3], y: &[Vec3], tolerance: f32| (0..x.len()).find(|&i| !within(x[i].distance(y[i]), tolerance));
    assert_eq!(a.positions.len(), b.positions.len(), "{what}: vertex counts");
    if let Some(v) = far(&a.positions, &b.positions, 1e-5 * size) {
        panic!("{what}: vertex {v}'s position {} differs from {}", a.positions[v], b.positions[v]);
    }
    if let Some(v) = far(&a.normals, &b.normals, 1e-4) {
        panic!("{what}: vertex {v}'s normal {} differs from {}", a.normals[v], b.normals[v]);
    }
    if let Some(v) = (0..a.tangents.len()).find(|&v| !within(a.tangents[v].distance(b.tangents[v]), 1e-3)) {
        panic!("{what}: vertex {v}'s tangent {} differs from {}", a.tangents[v], b.tangents[v]);
    }
}

/// The built-in character in a pose of its walk, its chest squashed
/// non-uniformly (so that the normals need the inverse-transpose).
pub fn character() -> (SkinnedMesh, Vec<Mat4>) {
    let model = common::character::build();
    let clip = &model.clips[1];
    let mut cursors = lab04_keyframes::ClipCursors::for_clip(clip);
    let rest = model.skeleton.rest_locals();
    let mode = lab04_keyframes::Mode::Loop;
    let mut pose = lab04_keyframes::solution::pose_at(clip, &rest, 0.4, mode, &mut cursors, Quat::slerp).unwrap();
    pose[model.skeleton.find("chest").unwrap()].scale = Vec3::new(1.3, 1.0, 0.7);
    let world = lab01_hierarchy::solution::world_matrices(&model.skeleton, &pose);
    let mesh = model.meshes.into_iter().next().unwrap();
    let palette = lab03_cpu_skinning::solution::bone_gradients(&model.global_inverse, &world, &mesh.bones);
    (mesh, palette)
}

/// 64 vertices with four unequal influences among seven bones, every
/// gradient an affine map with shear-free non-uniform scale.
fn four_influences() -> (SkinnedMesh, Vec<Mat4>) {
    let mut mesh = SkinnedMesh { name: "four".into(), ..SkinnedMesh::default() };
    for v in 0..64u32 {
        let f = v as f32;
        mesh.positions.push(Vec3::new((f * 0.3).sin(), f * 0.04, (f * 0.7).cos()));
        let n = Vec3::new((f * 0.9).cos(), 0.4, (f * 0.9).sin()).normalize();
        mesh.normals.push(n);
        mesh.tangents.push(n.any_orthonormal_vector().extend(1.0));
        mesh.uvs.push(Vec2::ZERO);
        let ids = [1 + v % 6, 1 + (v + 2) % 6, 1 + (v + 3) % 6, 1 + (v + 5) % 6];
        mesh.influences.push(Influences { ids, weights: [0.4, 0.3, 0.2, 0.1] });
    }
    mesh.indices = (0..62).flat_map(|i| [i, i + 1, i + 2]).collect();
    mesh.bones = vec![Bone { node: 0, offset: Mat4::IDENTITY }; 7];
    let palette = (0..7)
        .map(|i| {
            let f = i as f32;
            let rotation = Quat::from_euler(glam::EulerRot::YXZ, 0.7 * f, 0.2 - 0.1 * f, 0.3);
            Mat4::from_scale_rotation_translation(Vec3::new(1.0 + 0.1 * f, 0.9, 1.2), rotation, Vec3::splat(f - 3.0))
        })
        .collect();
    (mesh, palette)
}

fn size(mesh: &SkinnedMesh) -> f32 {
    let (lo, hi) = mesh.positions.iter().fold((Vec3::MAX, Vec3::MIN), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    (hi - lo).length()
}

// ------------------------------------------------------ (a) packed palette

#[test]
fn given_packed_budget_holds_a_third_more_bones() {
    for (components, want) in [(1024, 80), (16_384, 1360), (4096, 336), (64, 0), (10, 0), (-5, 0)] {
        assert_eq!(further::packed_budget(components), want, "packed_budget({components})");
    }
    assert_eq!(solution::bone_budget(1024), 60, "the matrices' budget, for comparison");
}

#[test]
fn given_packed_palette_is_the_top_three_rows_of_each_gradient() {
    let (_, palette) = four_influences();
    let rows = further::packed_palette(&palette);
    assert_eq!(rows.len(), 3 * palette.len(), "three vec4 per bone");
    let p = Vec3::new(0.3, -1.2, 2.5);
    for (b, m) in palette.iter().enumerate() {
        assert_eq!(m.row(3), Vec4::W, "a gradient's last row is 0 0 0 1: nothing is lost");
        let moved = Vec3::new(
            rows[3 * b].dot(p.extend(1.0)),
            rows[3 * b + 1].dot(p.extend(1.0)),
            rows[3 * b + 2].dot(p.extend(1.0)),
        );
        assert!(moved.abs_diff_eq(m.transform_point3(p), 1e-5), "bone {b}: the rows move a point as the matrix does");
    }
}

#[test]
fn given_packed_shader_skins_exactly_like_the_matrix_shader() {
    for (name, (mesh, palette)) in
        [("four influences, scaled bones", four_influences()), ("the character", character())]
    {
        let rows = further::packed_palette(&palette);
        let matrices = run(&mesh, MATRICES, with_matrices(&palette));
        let packed = run(&mesh, PACKED, |gl, program| further::upload_packed_palette(gl, program, &rows));
        assert_ne!(packed.positions, mesh.positions, "{name}: the packed shader left the mesh in its bind pose");
        same(&format!("{name}: packed vs matrices"), &packed, &matrices, size(&mesh));
    }
}

// ------------------------------------------------- (b) dual quaternions

/// A unit dual quaternion applied to a point on the CPU.
fn dq_point(dq: [Vec4; 2], p: Vec3) -> Vec3 {
    let (real, dual) = (Quat::from_vec4(dq[0]), Quat::from_vec4(dq[1]));
    let t = dual * real.conjugate() * 2.0;
    real * p + Vec3::new(t.x, t.y, t.z)
}

#[test]
fn given_dual_quaternions_move_points_like_their_rigid_matrix() {
    let rigid = Mat4::from_rotation_translation(
        Quat::from_euler(glam::EulerRot::XYZ, 0.4, -1.1, 2.0),
        Vec3::new(1.0, -2.0, 0.5),
    );
    let dq = further::dual_quaternions(&[rigid, Mat4::IDENTITY]);
    assert_eq!(dq.len(), 2, "one dual quaternion per bone");
    assert_eq!(dq[1], [Vec4::W, Vec4::ZERO], "the identity is (0 0 0 1, 0 0 0 0)");
    let [real, dual] = dq[0];
    assert!((real.length() - 1.0).abs() < 1e-5 && real.dot(dual).abs() < 1e-5, "a unit dual quaternion");
    for p in [Vec3::ZERO, Vec3::X, Vec3::new(-0.3, 2.0, 1.5)] {
        assert!(dq_point(dq[0], p).abs_diff_eq(rigid.transform_point3(p), 1e-5), "{p} moves as the matrix moves it");
    }
    // Scale is dropped: a scaled gradient gives the dual quaternion of its rigid part.
    let scaled = rigid * Mat4::from_scale(Vec3::new(2.0, 0.5, 1.0));
    let dropped = further::dual_quaternions(&[scaled])[0];
    assert!(dropped[0].abs_diff_eq(real, 1e-5) && dropped[1].abs_diff_eq(dual, 1e-5), "scale must be dropped");
}

/// The twisting cylinder skinned by linear blend and by dual quaternions.
fn twisted(palette: &[Mat4; 2]) -> (Captured, Captured) {
    let mesh = twist::cylinder();
    let dqs = further::dual_quaternions(palette);
    (run(&mesh, MATRICES, with_matrices(palette)), run(&mesh, DUAL_QUAT, with_dual_quaternions(&dqs)))
}

/// The waist's radius: the middle ring's mean distance from the cylinder's axis (y).
fn waist(positions: &[Vec3]) -> f32 {
    let start = twist::RINGS / 2 * (twist::SIDES + 1);
    let ring = &positions[start..start + twist::SIDES];
    ring.iter().map(|p| Vec2::new(p.x, p.z).length()).sum::<f32>() / ring.len() as f32
}

#[test]
fn given_with_no_twist_dual_quaternions_equal_linear_blend() {
    let (linear, dual) = twisted(&twist::palette(0.0));
    same("0° twist", &dual, &linear, twist::HEIGHT);
    // Both bones under the same rigid motion (the cylinder moved and turned as a whole).
    let moved = Mat4::from_rotation_translation(
        Quat::from_euler(glam::EulerRot::XYZ, 0.5, 1.0, -0.3),
        Vec3::new(0.2, 1.0, -3.0),
    );
    let (linear, dual) = twisted(&[moved, moved * twist::palette(0.0)[1]]);
    same("0° twist, moved as a whole", &dual, &linear, twist::HEIGHT);
}

#[test]
fn given_at_170_degrees_dual_quaternions_keep_the_waist_and_linear_blend_collapses() {
    let (linear, dual) = twisted(&twist::palette(170.0));
    let (l, d) = (waist(&linear.positions), waist(&dual.positions));
    assert!(
        (d - twist::RADIUS).abs() < 0.03 * twist::RADIUS,
        "dual quaternions: waist radius {d}, expected {}",
        twist::RADIUS
    );
    assert!(
        l < 0.2 * twist::RADIUS,
        "linear blend: waist radius {l}, expected it to collapse (cos 85° = 0.087 of the radius)"
    );
    for (v, p) in dual.positions.iter().enumerate() {
        let r = Vec2::new(p.x, p.z).length();
        assert!((r - twist::RADIUS).abs() < 0.03 * twist::RADIUS, "dual quaternions: vertex {v} at radius {r}");
    }
}

#[test]
fn given_dual_quaternion_blend_takes_the_first_bones_hemisphere() {
    // q and -q are the same rotation: flipping a bone's sign must change nothing.
    let palette = twist::palette(120.0);
    let mesh = twist::cylinder();
    let dqs = further::dual_quaternions(&palette);
    let flipped = [dqs[0], [-dqs[1][0], -dqs[1][1]]];
    let straight = run(&mesh, DUAL_QUAT, with_dual_quaternions(&dqs));
    let after_flip = run(&mesh, DUAL_QUAT, with_dual_quaternions(&flipped));
    same("bone 1's dual quaternion negated", &after_flip, &straight, twist::HEIGHT);
    assert!((waist(&after_flip.positions) - twist::RADIUS).abs() < 0.03 * twist::RADIUS, "the waist keeps its radius");
}
