//! The skinning shaders under OpenGL ES 3.0, the API WebGL2 is built on
//! (Mesa's llvmpipe gives one through EGL): every shader of the lab compiles
//! and links as GLSL ES 3.00 with the bone budget the context allows, and
//! the reference skins the character there exactly as on OpenGL 3.3 core,
//! integer ids through `vertexAttribIPointer` and the palette as uniforms.

use common::headless::Headless;
use common::model::SkinnedMesh;
use glam::Mat4;
use lab06_gpu_skinning::{Captured, exercise, further, given, solution};

use crate::further::character;

/// An OpenGL ES 3.0 context, or `None` (the test then stops, saying why on
/// stderr) where the platform's driver offers none: on Windows, WGL gives ES
/// only with `WGL_EXT_create_context_es2_profile`, which some drivers (and
/// Wine) lack. On Linux Mesa's EGL always has ES, so there a missing one is
/// a failure. (macOS has no ES at all: those tests are `ignore`d there.)
fn gles() -> Option<Headless> {
    match Headless::new_gles(16, 16) {
        Ok(headless) => Some(headless),
        Err(e) if cfg!(windows) => {
            eprintln!("skipped, this driver has no OpenGL ES: {e}");
            None
        }
        Err(e) => panic!("these tests need OpenGL ES 3.0 (as WebGL2): {e}"),
    }
}

#[test]
#[cfg_attr(target_os = "macos", ignore = "macOS has no OpenGL ES (Apple ships desktop OpenGL only)")]
fn given_every_skinning_shader_links_as_glsl_es_3_00() {
    let Some(headless) = gles() else { return };
    let gl = headless.gl();
    let components = given::max_vertex_uniform_components(gl);
    let budget = solution::bone_budget(components);
    assert!(budget >= 21, "expected room for the character's 21 bones, got {budget} ({components} components)");
    let shaders = [
        (solution::SHADER_FILE, solution::VERTEX_SHADER, budget),
        (exercise::SHADER_FILE, exercise::VERTEX_SHADER, budget),
        (further::PACKED_SHADER_FILE, further::PACKED_SHADER, further::packed_budget(components)),
        (further::DUAL_QUAT_SHADER_FILE, further::DUAL_QUAT_SHADER, 64),
    ];
    for (file, source, bones) in shaders {
        given::compile(gl, file, source, bones).unwrap_or_else(|e| panic!("{file} under GLSL ES 3.00: {e}"));
    }
}

/// The reference shader and steps 1-2 on `headless`, read back by transform feedback.
fn skin(headless: &Headless, mesh: &SkinnedMesh, palette: &[Mat4]) -> Captured {
    let gl = headless.gl();
    let shader = given::compile(gl, solution::SHADER_FILE, solution::VERTEX_SHADER, mesh.bones.len())
        .unwrap_or_else(|e| panic!("{e}"));
    let gpu_mesh = solution::upload_mesh(gl, mesh).unwrap_or_else(|e| panic!("{e}"));
    shader.program().bind(gl);
    solution::upload_palette(gl, shader.program(), palette);
    let got = given::capture(gl, gpu_mesh.buffers.vao, mesh.positions.len()).unwrap_or_else(|e| panic!("{e}"));
    gpu_mesh.buffers.delete(gl);
    got
}

#[test]
#[cfg_attr(target_os = "macos", ignore = "macOS has no OpenGL ES (Apple ships desktop OpenGL only)")]
fn given_reference_skins_alike_under_gles_and_gl() {
    let (mesh, palette) = character();
    let Some(es) = gles() else { return };
    let es = skin(&es, &mesh, &palette);
    let core = skin(&Headless::new(16, 16).unwrap_or_else(|e| panic!("{e}")), &mesh, &palette);
    let cpu =
        lab03_cpu_skinning::solution::skin_mesh(&mesh, &palette, lab03_cpu_skinning::Method::LinearBlend).unwrap();
    assert_eq!(es.positions.len(), mesh.positions.len(), "expected one captured vertex per vertex");
    for v in 0..mesh.positions.len() {
        let (want, got) = (cpu.positions[v], es.positions[v]);
        assert!(want.distance(got) < 1e-4, "vertex {v}: expected {want} (lab03 on the CPU), got {got} under GLES");
        let (want, got) = (core.positions[v], es.positions[v]);
        assert!(want.distance(got) < 1e-5, "vertex {v}: expected {want} (OpenGL 3.3), got {got} under GLES");
        let (want, got) = (core.normals[v], es.normals[v]);
        assert!(want.distance(got) < 1e-4, "vertex {v}'s normal: expected {want} (OpenGL 3.3), got {got} under GLES");
    }
}
