//! Step 3: your vertex shader, run by the reference attribute set-up and
//! palette upload, so only the shader is graded here.

use common::gl::SurfaceRenderer;
use common::grade::Verdict;
use common::model::SkinnedMesh;
use glam::Mat4;
use lab06_gpu_skinning::*;

use crate::context;
use crate::fixture::{self, mistakes, reference, size};

/// Index of the first element further than `tolerance` from its pair.
fn first_bad<T: Copy>(got: &[T], want: &[T], tolerance: f32, distance: impl Fn(T, T) -> f32) -> Option<usize> {
    if got.len() != want.len() {
        return Some(0);
    }
    // `within` is false for NaN, so a NaN counts as a mismatch.
    let within = |d: f32| d <= tolerance;
    (0..got.len()).find(|&i| !within(distance(got[i], want[i])))
}

/// Compares what the GPU computed with lab 03's reference; on a mismatch,
/// names the classic mistake it matches.
pub fn check_capture(what: &str, mesh: &SkinnedMesh, palette: &[Mat4], got: &Captured) -> Result<(), String> {
    let want = reference(mesh, palette);
    let tolerance = 1e-5 * size(mesh);
    let dist3 = |a: glam::Vec3, b: glam::Vec3| a.distance(b);
    let bad_position = first_bad(&got.positions, &want.positions, tolerance, dist3);
    let bad_normal = first_bad(&got.normals, &want.normals, 1e-4, dist3);
    if bad_position.is_none() && bad_normal.is_none() {
        if let Some(v) = first_bad(&got.tangents, &want.tangents, 1e-3, |a, b| a.distance(b)) {
            return Err(format!(
                "{what}: vertex {v}'s tangent is wrong: move it by mat3(m), remove its part along the skinned \
                 normal, renormalise, keep w (lab 03, step 5)\n  expected {}\n  got {}",
                want.tangents[v], got.tangents[v]
            ));
        }
        return Ok(());
    }
    // A wrong shader may produce NaN where its CPU twin does too: count those as a match.
    let same = |a: glam::Vec3, b: glam::Vec3| if !a.is_finite() && !b.is_finite() { 0.0 } else { a.distance(b) };
    for (message, wrong) in mistakes(mesh, palette) {
        let positions = first_bad(&got.positions, &wrong.positions, tolerance, same).is_none();
        if positions && first_bad(&got.normals, &wrong.normals, 1e-4, same).is_none() {
            return Err(format!("{what}: {message}"));
        }
    }
    let (v, part, expected, got) = match bad_position {
        Some(v) => (v, "position", want.positions[v], got.positions.get(v).copied().unwrap_or_default()),
        None => {
            let v = bad_normal.unwrap();
            (v, "normal", want.normals[v], got.normals.get(v).copied().unwrap_or_default())
        }
    };
    let inf = mesh.influences[v];
    Err(format!(
        "{what}: vertex {v}'s skinned {part} is wrong (bones {:?}, weights {:?})\n  expected {expected}\n  got {got}",
        inf.ids, inf.weights
    ))
}

/// Your shader, compiled (a compile error fails the test with the GLSL log).
pub fn your_shader(gl: &glow::Context) -> SurfaceRenderer {
    given::compile(gl, SHADER_FILE, VERTEX_SHADER, 256).unwrap_or_else(|e| panic!("{e}"))
}

/// Skins `mesh` with `shader`, the mesh set up by `upload` and the palette by `palette_upload`.
pub fn run_gpu(
    gl: &glow::Context,
    shader: &SurfaceRenderer,
    mesh: &SkinnedMesh,
    palette: &[Mat4],
    upload: fn(&glow::Context, &SkinnedMesh) -> Result<GpuMesh, String>,
    palette_upload: fn(&glow::Context, &common::gl::Program, &[Mat4]),
) -> Result<Captured, String> {
    let gpu_mesh = upload(gl, mesh)?;
    shader.program().bind(gl);
    palette_upload(gl, shader.program(), palette);
    let got = given::capture(gl, gpu_mesh.buffers.vao, mesh.positions.len()).map_err(|e| e.to_string());
    gpu_mesh.buffers.delete(gl);
    got
}

fn reference_upload(gl: &glow::Context, program: &common::gl::Program, palette: &[Mat4]) {
    program.set_mat4_array(gl, "u_palette", palette);
}

/// Runs your shader on `mesh`; the stub's bind pose is reported as the stub it is.
fn shader_on(gl: &glow::Context, shader: &SurfaceRenderer, what: &str, mesh: &SkinnedMesh, palette: &[Mat4]) {
    let got =
        run_gpu(gl, shader, mesh, palette, solution::upload_mesh, reference_upload).unwrap_or_else(|e| panic!("{e}"));
    if got.positions == mesh.positions && got.normals == mesh.normals {
        panic!("not yet implemented: lab06 step 3 ({SHADER_FILE}): the shader still leaves the mesh in its bind pose");
    }
    if shader.program().location(gl, "u_palette").is_none() {
        panic!(
            "{what}: the shader has no active `u_palette`: declare `uniform mat4 u_palette[MAX_BONES];` and skin with it"
        );
    }
    check_capture(what, mesh, palette, &got).or_fail();
}

/// An OpenGL ES 3.0 context for the GLSL ES check, or `None` (with a note on
/// stderr) where the system's driver has none: Wine and some Windows drivers,
/// and macOS (Apple ships desktop OpenGL only). Mesa on Linux always has ES,
/// so there a missing one is a failure.
pub fn gles_context() -> Option<common::headless::Headless> {
    match common::headless::Headless::new_gles(16, 16) {
        Ok(headless) => Some(headless),
        Err(e) if cfg!(any(windows, target_os = "macos")) => {
            eprintln!("note: step 3's GLSL ES 3.00 check is skipped, this driver has no OpenGL ES: {e}");
            None
        }
        Err(e) => panic!("step 3 also links your shader under OpenGL ES 3.0 (as WebGL2), which needs: {e}"),
    }
}

/// Compiles and links `source` as GLSL ES 3.00 (WebGL2), where the loader
/// writes `#version 300 es`; the error names the usual cause. Passes where
/// the driver has no OpenGL ES ([`gles_context`]).
pub fn check_gles(file: &str, source: &str) -> Result<(), String> {
    let Some(headless) = gles_context() else { return Ok(()) };
    match given::compile(headless.gl(), file, source, 64) {
        Ok(_) => Ok(()),
        Err(e) => Err(format!(
            "{file} works under OpenGL 3.3 but not as GLSL ES 3.00 (WebGL2), so write what both accept: GLSL ES has \
             no implicit int-to-float conversion (`1.0`, not `1`; `0 + a_float` is an int plus a float; use \
             float(i) where you mean it):\n{e}"
        )),
    }
}

#[test]
fn step3_shader_skins_four_influences_like_lab03() {
    let headless = context();
    let gl = headless.gl();
    let shader = your_shader(gl);
    let (mesh, palette) = fixture::four_influences();
    shader_on(gl, &shader, "the four-influence fixture (ids 1-5, non-uniform scales)", &mesh, &palette);
    check_gles(SHADER_FILE, VERTEX_SHADER).or_fail();
}

#[test]
fn grader_step3_names_an_implicit_int_to_float() {
    let wrong =
        solution::VERTEX_SHADER.replacen("a_bone_weights.x * u_palette", "(0 + a_bone_weights.x) * u_palette", 1);
    assert_ne!(wrong, solution::VERTEX_SHADER, "the reference shader changed: update this test");
    let core = context();
    given::compile(core.gl(), solution::SHADER_FILE, &wrong, 64).unwrap_or_else(|e| panic!("GLSL 330 takes it: {e}"));
    drop(core);
    if gles_context().is_none() {
        return; // no OpenGL ES here: nothing to check (said on stderr)
    }
    let e = check_gles(solution::SHADER_FILE, &wrong).unwrap_err();
    assert!(e.contains("implicit int-to-float"), "{e}");
    check_gles(solution::SHADER_FILE, solution::VERTEX_SHADER).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn step3_shader_skins_the_character_in_several_poses() {
    let headless = context();
    let gl = headless.gl();
    let shader = your_shader(gl);
    for (clip, seconds) in [(1, 0.31), (2, 0.2), (3, 1.3)] {
        let (mesh, palette) = fixture::character(clip, seconds);
        shader_on(gl, &shader, &format!("the character, clip {clip} at {seconds} s"), &mesh, &palette);
    }
}

#[test]
fn grader_step3_names_the_classic_shader_mistakes() {
    let (mesh, palette) = fixture::four_influences();
    let right = reference(&mesh, &palette);
    let right = Captured { positions: right.positions, normals: right.normals, tangents: right.tangents };
    assert_eq!(check_capture("x", &mesh, &palette, &right), Ok(()));
    for (message, wrong) in mistakes(&mesh, &palette) {
        let wrong = Captured { tangents: right.tangents.clone(), ..wrong };
        let e = check_capture("x", &mesh, &palette, &wrong).expect_err(message);
        assert!(e.contains(message), "expected `{message}`, got:\n{e}");
    }
}

#[test]
fn grader_a_shader_that_does_not_compile_shows_the_log_file_and_line() {
    let headless = context();
    let broken = VERTEX_SHADER.replacen("void main() {", "void main() {\n    vec3 oops = 1;", 1);
    let e = match given::compile(headless.gl(), SHADER_FILE, &broken, 16) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("a broken shader compiled"),
    };
    let line = broken.lines().position(|l| l.contains("oops")).unwrap() + 1;
    let quoted = format!("line {line}: vec3 oops = 1;");
    assert!(e.contains(SHADER_FILE) && e.contains(&quoted), "expected the file and `{quoted}`:\n{e}");
}
