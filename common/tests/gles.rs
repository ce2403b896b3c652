//! WebGL2 compatibility, proved natively: an OpenGL ES 3.0 context (what
//! WebGL2 is built on; Mesa's llvmpipe gives one through EGL) compiles every
//! shader of `common` under GLSL ES 3.00 and draws the same picture as
//! OpenGL 3.3 core, lines and dots included. Like the other GL tests, they
//! fail with what to install where no GL driver exists.

use common::camera::{Aabb, OrbitCamera};
use common::gl::{self, LineRenderer, MeshBuffers, Overlay, Program, SurfaceRenderer, SurfaceStyle, Texture};
use common::headless::Headless;
use glam::{Mat4, Vec3};
use glow::HasContext;

const W: u32 = 240;
const H: u32 = 320;

/// An OpenGL ES 3.0 context, or `None` (the test then stops, saying why on
/// stderr) where the platform's driver offers none: on Windows, WGL gives ES
/// only with `WGL_EXT_create_context_es2_profile`, which some drivers (and
/// Wine) lack. On Linux Mesa's EGL always has ES, so there a missing one is
/// a failure. (macOS has no ES at all: those tests are `ignore`d there.)
fn gles(w: u32, h: u32) -> Option<Headless> {
    match Headless::new_gles(w, h) {
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
fn gles_context_is_es_3_and_shaders_get_glsl_es_3_00() {
    let Some(h) = gles(4, 4) else { return };
    let version = h.gl().version();
    assert!(version.is_embedded && version.major >= 3, "expected OpenGL ES 3.x, got {}", h.describe());
    let header = gl::glsl_header(h.gl());
    assert!(header.starts_with("#version 300 es\n") && header.contains("precision highp float;"), "{header}");
    let core = Headless::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(gl::glsl_header(core.gl()), "#version 330 core\n");
}

/// The character, lit and textured, with a skeleton-like overlay of lines,
/// arrows, axes and dots, some hidden by the mesh and some on top.
fn scene(h: &Headless) -> image::RgbaImage {
    let gl = h.gl();
    let model = common::character::build();
    let mesh = MeshBuffers::from_mesh(gl, &model.meshes[0]).unwrap();
    let surface = SurfaceRenderer::new(gl).unwrap_or_else(|e| panic!("{e}"));
    let lines = LineRenderer::new(gl).unwrap_or_else(|e| panic!("{e}"));
    let texture = Texture::from_image(gl, &gl::checker_image(64, 8)).unwrap();
    let bounds = Aabb::from_points(&model.meshes[0].positions);
    let camera = OrbitCamera::framing(&bounds, W as f32 / H as f32).camera(W as f32, H as f32);
    gl::begin_scene(gl, [0, 0, W as i32, H as i32], gl::BACKGROUND);
    let style = SurfaceStyle { texture: Some(&texture), ..SurfaceStyle::default() };
    surface.draw(gl, &camera, &Mat4::IDENTITY, &mesh, &style);
    let mut hidden = Overlay::new();
    hidden.line(Vec3::new(-0.8, 0.2, -0.5), Vec3::new(0.8, 1.6, 0.5), Vec3::new(1.0, 0.8, 0.1), 4.0);
    hidden.point(Vec3::new(0.0, 1.0, 0.0), Vec3::new(0.2, 0.9, 1.0), 14.0);
    lines.draw(gl, &camera, &hidden, false);
    let mut top = Overlay::new();
    top.axes(Vec3::new(0.0, 0.9, 0.3), Vec3::X, Vec3::Y, Vec3::Z, 0.4, 3.0);
    top.arrow(Vec3::new(-0.6, 0.1, 0.0), Vec3::new(-0.2, 1.7, 0.0), Vec3::ONE, 2.0);
    // The rest pose's world matrices, parents first (a test-only forward loop; lab01 teaches it).
    let mut world: Vec<Mat4> = Vec::new();
    for (node, local) in model.skeleton.nodes.iter().zip(model.skeleton.rest_locals()) {
        let parent = node.parent.map_or(Mat4::IDENTITY, |p| world[p]);
        world.push(parent * Mat4::from_scale_rotation_translation(local.scale, local.rotation, local.translation));
    }
    top.skeleton(&model.skeleton, &world, Vec3::new(1.0, 0.5, 0.2), 3.0);
    for p in [Vec3::new(0.3, 1.5, 0.0), Vec3::new(-0.3, 0.5, 0.2)] {
        top.point(p, Vec3::new(1.0, 0.3, 0.6), 10.0);
    }
    lines.draw(gl, &camera, &top, true);
    gl::check_error(gl, "drawing the scene").unwrap_or_else(|e| panic!("{e}"));
    let image = h.read_image();
    if let Ok(dir) = std::env::var("COMMON_TEST_PNG_DIR") {
        let name = if gl.version().is_embedded { "scene-gles.png" } else { "scene-gl.png" };
        gl::save_png(&image, &std::path::Path::new(&dir).join(name)).unwrap();
    }
    image
}

/// Pixels of a colour the overlay alone draws (the dots' pink).
fn pink(image: &image::RgbaImage) -> usize {
    image.pixels().filter(|p| p[0] > 200 && p[1] < 190 && p[2] > 150 && p[2] < 230).count()
}

#[test]
#[cfg_attr(target_os = "macos", ignore = "macOS has no OpenGL ES (Apple ships desktop OpenGL only)")]
fn gles_draws_the_surface_and_overlay_as_gl_does() {
    let Some(es) = gles(W, H) else { return };
    let es = scene(&es);
    let core = scene(&Headless::new(W, H).unwrap_or_else(|e| panic!("{e}")));
    let bg = *core.get_pixel(0, 0);
    let covered = core.pixels().filter(|p| **p != bg).count();
    assert!(covered > (W * H / 20) as usize, "expected the character on screen, got {covered} pixels");
    assert!(
        pink(&core) > 20 && pink(&es) > 20,
        "expected the pink dots, got {} (GL) and {} (ES)",
        pink(&core),
        pink(&es)
    );
    let differ =
        core.pixels().zip(es.pixels()).filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 8)).count();
    let share = differ as f32 / (W * H) as f32;
    assert!(share < 0.002, "expected the ES picture to match GL's, got {:.2}% of pixels different", share * 100.0);
}

#[test]
#[cfg_attr(target_os = "macos", ignore = "macOS has no OpenGL ES (Apple ships desktop OpenGL only)")]
fn gles_shader_errors_keep_the_files_line_numbers() {
    let Some(h) = gles(4, 4) else { return };
    let source = "out vec4 c;\nvoid main() {\n  c = vec4(oops);\n}\n";
    let err = Program::new(h.gl(), "broken", &[(glow::FRAGMENT_SHADER, source)]).err().expect("must fail");
    let text = err.to_string();
    assert!(text.contains("line 3") && text.contains("oops"), "expected line 3 named, got {text}");
}

/// GLSL ES rejects what GLSL 330 lets pass, e.g. an int where a float is
/// wanted: the ES context must really compile GLSL ES 3.00.
#[test]
#[cfg_attr(target_os = "macos", ignore = "macOS has no OpenGL ES (Apple ships desktop OpenGL only)")]
fn gles_rejects_what_only_desktop_glsl_allows() {
    let Some(h) = gles(4, 4) else { return };
    let source = "out vec4 c;\nvoid main() {\n  float x = 1;\n  c = vec4(x);\n}\n";
    assert!(Program::new(h.gl(), "implicit", &[(glow::FRAGMENT_SHADER, source)]).is_err());
    let core = Headless::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
    Program::new(core.gl(), "implicit", &[(glow::FRAGMENT_SHADER, source)]).unwrap_or_else(|e| panic!("{e}"));
    // SAFETY: a query on the current context.
    let _ = unsafe { core.gl().get_error() };
}
