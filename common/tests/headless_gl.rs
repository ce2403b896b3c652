//! GL tests: run headless (`common::headless`: EGL on Linux, where Mesa's
//! llvmpipe works; WGL on Windows; CGL on macOS). They fail, with the reason
//! and what to do, where no GL driver exists.

use common::camera::{Aabb, OrbitCamera};
use common::gl::{self, LineRenderer, MeshBuffers, Overlay, Program, SurfaceRenderer, SurfaceStyle};
use common::headless::Headless;
use glam::{Mat4, Vec3};

fn context(w: u32, h: u32) -> Headless {
    Headless::new(w, h).unwrap_or_else(|e| panic!("{e}"))
}

/// Fraction of pixels that differ from the top-left pixel (the background).
fn coverage(image: &image::RgbaImage) -> f32 {
    let bg = *image.get_pixel(0, 0);
    image.pixels().filter(|p| **p != bg).count() as f32 / (image.width() * image.height()) as f32
}

#[test]
fn headless_context_is_gl_3_3_core() {
    let h = context(4, 4);
    let text = h.describe();
    let version: Vec<u32> = text
        .split("OpenGL ")
        .nth(1)
        .unwrap()
        .split(|c: char| !c.is_ascii_digit())
        .take(2)
        .map(|s| s.parse().unwrap())
        .collect();
    assert!(version[0] > 3 || (version[0] == 3 && version[1] >= 3), "{text}");
}

#[test]
fn character_renders_lit_and_framed() {
    let h = context(320, 480);
    let gl = h.gl();
    let model = common::character::build();
    let mesh = MeshBuffers::from_mesh(gl, &model.meshes[0]).unwrap();
    let surface = SurfaceRenderer::new(gl).unwrap();
    let lines = LineRenderer::new(gl).unwrap();
    let bounds = Aabb::from_points(&model.meshes[0].positions);
    let camera = OrbitCamera::framing(&bounds, 320.0 / 480.0).camera(320.0, 480.0);
    gl::begin_scene(gl, [0, 0, 320, 480], gl::BACKGROUND);
    surface.draw(gl, &camera, &Mat4::IDENTITY, &mesh, &SurfaceStyle::default());
    let mut overlay = Overlay::new();
    overlay.line(Vec3::ZERO, Vec3::Y * 1.8, Vec3::X, 3.0);
    overlay.point(Vec3::Y, Vec3::ONE, 9.0);
    lines.draw(gl, &camera, &overlay, true);
    gl::check_error(gl, "drawing").unwrap();
    let image = h.read_image();
    if let Ok(dir) = std::env::var("COMMON_TEST_PNG_DIR") {
        gl::save_png(&image, &std::path::Path::new(&dir).join("character.png")).unwrap();
    }
    let c = coverage(&image);
    assert!(c > 0.05 && c < 0.7, "character covers {:.0}% of the image", c * 100.0);
}

#[test]
fn shader_errors_name_the_shader_and_line() {
    let h = context(4, 4);
    let source = "#version 330 core\nout vec4 c;\nvoid main() {\n  c = vec4(oops);\n}\n";
    let err = Program::new(h.gl(), "broken", &[(glow::FRAGMENT_SHADER, source)]).err().expect("must fail");
    let text = err.to_string();
    assert!(text.contains("`broken`") && text.contains("fragment"), "{text}");
    assert!(text.contains("line 4") && text.contains("oops"), "{text}");
}

/// Linear blend skinning at one key of a clip (test-only helper; lab03 teaches it).
fn skin_at_key(model: &common::model::Model, clip: usize, key: usize) -> Vec<Vec3> {
    let skeleton = &model.skeleton;
    let mut locals = skeleton.rest_locals();
    for ch in &model.clips[clip].channels {
        if let Some(k) = ch.rotations.get(key) {
            locals[ch.node].rotation = k.value;
        }
        if let Some(k) = ch.positions.get(key) {
            locals[ch.node].translation = k.value;
        }
    }
    let mut world: Vec<Mat4> = Vec::new();
    for (i, n) in skeleton.nodes.iter().enumerate() {
        let t = locals[i];
        let local = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        world.push(n.parent.map_or(local, |p| world[p] * local));
    }
    let mesh = &model.meshes[0];
    let skin: Vec<Mat4> = mesh.bones.iter().map(|b| world[b.node] * b.offset).collect();
    mesh.positions
        .iter()
        .zip(&mesh.influences)
        .map(|(p, inf)| {
            let m = (0..4).fold(Mat4::ZERO, |acc, i| acc + skin[inf.ids[i] as usize] * inf.weights[i]);
            m.transform_point3(*p)
        })
        .collect()
}

#[test]
fn every_clip_keeps_the_skin_in_one_piece() {
    let model = common::character::build();
    let h = context(256, 320);
    let gl = h.gl();
    let mesh = MeshBuffers::from_mesh(gl, &model.meshes[0]).unwrap();
    let surface = SurfaceRenderer::new(gl).unwrap();
    let rest = Aabb::from_points(&model.meshes[0].positions);
    for (c, clip) in model.clips.iter().enumerate() {
        let keys = clip.channels[0].rotations.len();
        for key in [0, keys / 4, keys / 2] {
            let skinned = skin_at_key(&model, c, key);
            let b = Aabb::from_points(&skinned);
            assert!(skinned.iter().all(|p| p.is_finite()));
            assert!(b.radius() < rest.radius() * 1.2, "{} key {key} exploded", clip.name);
            if let Ok(dir) = std::env::var("COMMON_TEST_PNG_DIR") {
                mesh.update_positions(gl, &skinned);
                let camera = OrbitCamera::framing(&rest, 256.0 / 320.0).camera(256.0, 320.0);
                gl::begin_scene(gl, [0, 0, 256, 320], gl::BACKGROUND);
                surface.draw(gl, &camera, &Mat4::IDENTITY, &mesh, &SurfaceStyle::default());
                let path = std::path::Path::new(&dir).join(format!("{}-{key}.png", clip.name));
                gl::save_png(&h.read_image(), &path).unwrap();
            }
        }
    }
}

/// With no usable EGL vendor, `Headless::new` must fail with a message that
/// says what to install. glvnd reads its vendor list once per process, so
/// this runs itself again as a child process with the list pointing nowhere.
/// EGL (and glvnd) is the Linux path only.
#[test]
#[cfg(not(any(windows, target_os = "macos")))]
fn no_gl_driver_gives_a_helpful_error() {
    if std::env::var_os("COMMON_TEST_NO_DRIVER").is_some() {
        let err = Headless::new(4, 4).err().expect("no driver, so no context");
        let text = err.to_string();
        assert!(text.contains("no headless OpenGL 3.3 context") && text.contains("apt-get install"), "{text}");
        let text = Headless::new_gles(4, 4).err().expect("no driver, so no ES context").to_string();
        assert!(text.contains("no headless OpenGL ES 3.0 context") && text.contains("apt-get install"), "{text}");
        return;
    }
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "no_gl_driver_gives_a_helpful_error", "--nocapture", "--test-threads=1"])
        .env("COMMON_TEST_NO_DRIVER", "1")
        .env("__EGL_VENDOR_LIBRARY_FILENAMES", "/nonexistent/egl_vendor.json")
        .env("__EGL_VENDOR_LIBRARY_DIRS", "/nonexistent")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "child run failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
