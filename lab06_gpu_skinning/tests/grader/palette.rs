//! Step 4: the bone budget and the palette upload, then the whole pipeline
//! (your steps 1-4 together) against lab 03.

use common::grade::Verdict;
use glam::Mat4;
use lab06_gpu_skinning::*;

use crate::context;
use crate::fixture;
use crate::shader::{check_capture, run_gpu, your_shader};

/// bone_budget(components), or a failure naming the panic (an overflow in
/// `components - other` for the most negative i32, in a debug build).
fn budget_of(budget: fn(i32) -> usize, components: i32) -> Result<usize, String> {
    std::panic::catch_unwind(|| budget(components)).map_err(|payload| {
        let text = payload.downcast_ref::<String>().map(String::as_str).or(payload.downcast_ref::<&str>().copied());
        if text.is_some_and(|t| t.contains("not yet implemented")) {
            std::panic::resume_unwind(payload); // a stub fails as a stub
        }
        format!(
            "bone_budget({components}) panicked: expected 0, got a panic (an overflow? `components - other` \
             overflows for the most negative i32: use saturating_sub; the budget is never negative, never a panic)"
        )
    })
}

fn never_panics(components: i32) -> usize {
    budget_of(bone_budget, components).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn step4_bone_budget_is_zero_for_negative_sizes_never_a_panic() {
    for components in [i32::MIN, i32::MIN + 1, -1] {
        let got = never_panics(components);
        assert!(got == 0, "bone_budget({components}): expected 0, got {got}: a negative size has room for no bone");
    }
}

#[test]
fn grader_step4_names_an_overflowing_budget() {
    let overflowing: fn(i32) -> usize = |c| {
        let room = c.checked_sub(given::OTHER_UNIFORM_COMPONENTS).expect("attempt to subtract with overflow");
        (room.max(0) / 16) as usize
    };
    let e = budget_of(overflowing, i32::MIN).unwrap_err();
    assert!(e.contains("saturating_sub"), "{e}");
    assert_eq!(budget_of(solution::bone_budget, i32::MIN), Ok(0));
}

#[test]
fn step4_bone_budget_from_the_uniform_components() {
    for (components, want) in [(1024, 60), (16_384, 1020), (4096, 252), (64, 0), (10, 0), (0, 0), (-5, 0)] {
        let got = never_panics(components);
        assert!(got == want, "bone_budget({components}): expected {want}, got {got}{}", budget_hint(components, got));
    }
}

/// Names the classic wrong budgets: vec4 slots counted, with or without the
/// room for the other uniforms, and no room set aside.
fn budget_hint(components: i32, got: usize) -> &'static str {
    let other = given::OTHER_UNIFORM_COMPONENTS;
    if components > other && got == ((components - other) / 4) as usize {
        ": that counts vec4 slots; a mat4 takes 16 components (4 vec4)"
    } else if components > 0 && got == (components / 4) as usize {
        ": that counts vec4 slots (a mat4 takes 16 components, 4 vec4) and sets no room aside for the shader's \
         other uniforms (given::OTHER_UNIFORM_COMPONENTS)"
    } else if components > 0 && got == (components / 16) as usize {
        ": the shader's other uniforms (given::OTHER_UNIFORM_COMPONENTS) need room too"
    } else {
        ""
    }
}

#[test]
fn grader_step4_names_the_wrong_budgets() {
    assert!(budget_hint(1024, 240).contains("counts vec4 slots; a mat4"));
    let both = budget_hint(1024, 256);
    assert!(both.contains("counts vec4 slots") && both.contains("no room aside"), "{both}");
    assert!(budget_hint(1024, 64).contains("need room too"));
    assert_eq!(budget_hint(1024, 60), "");
}

fn transposed_upload(gl: &glow::Context, program: &common::gl::Program, palette: &[Mat4]) {
    let t: Vec<Mat4> = palette.iter().map(|m| m.transpose()).collect();
    solution::upload_palette(gl, program, &t);
}

/// The reference shader and mesh set-up with `upload` as the palette upload.
fn with_upload(upload: fn(&glow::Context, &common::gl::Program, &[Mat4])) -> Result<(), String> {
    let headless = context();
    let gl = headless.gl();
    let shader = given::compile(gl, solution::SHADER_FILE, solution::VERTEX_SHADER, 256).expect("reference shader");
    let (mesh, palette) = fixture::four_influences();
    let got = run_gpu(gl, &shader, &mesh, &palette, solution::upload_mesh, upload)?;
    if got.positions.iter().all(|p| !p.is_finite() || *p == glam::Vec3::ZERO) || got.positions == mesh.positions {
        return Err("nothing reached the shader's `u_palette` (every matrix is still zero): upload to the \
                    location of \"u_palette\" in the bound program"
            .into());
    }
    check_capture("palette upload (reference shader)", &mesh, &palette, &got).map_err(|e| {
        if e.contains("transposed") {
            format!("{e}: here it is the upload: glam's floats are column-major already, so transpose = false")
        } else {
            e
        }
    })
}

#[test]
fn step4_palette_upload_reaches_the_shader() {
    with_upload(upload_palette).or_fail();
}

#[test]
fn grader_step4_names_a_transposed_upload() {
    let e = with_upload(transposed_upload).unwrap_err();
    assert!(e.contains("transpose = false"), "{e}");
}

#[test]
fn step4_the_whole_gpu_pipeline_matches_the_cpu() {
    let headless = context();
    let gl = headless.gl();
    let shader = your_shader(gl);
    let (mesh, palette) = fixture::four_influences();
    let got = run_gpu(gl, &shader, &mesh, &palette, upload_mesh, upload_palette).unwrap_or_else(|e| panic!("{e}"));
    check_capture("your steps 1-4, the four-influence fixture", &mesh, &palette, &got).or_fail();
    for (clip, seconds) in [(0, 0.7), (1, 0.55), (3, 2.0)] {
        let (mesh, palette) = fixture::character(clip, seconds);
        let got = run_gpu(gl, &shader, &mesh, &palette, upload_mesh, upload_palette).unwrap_or_else(|e| panic!("{e}"));
        check_capture(&format!("your steps 1-4, the character, clip {clip} at {seconds} s"), &mesh, &palette, &got)
            .or_fail();
    }
}

#[test]
fn given_the_budget_refusal_counts_in_words() {
    assert_eq!(given::check_budget("x.glb", 300, 300, 4864), Ok(()), "a skin of exactly the budget fits");
    let said = given::check_budget("x.glb", 2, 1, 95).unwrap_err();
    assert!(said.starts_with("x.glb has 2 bones, but this GPU's vertex shaders hold 1 bone matrix ("), "{said}");
    let said = given::check_budget("x.glb", 1, 0, 64).unwrap_err();
    assert!(said.starts_with("x.glb has 1 bone, but this GPU's vertex shaders hold 0 bone matrices ("), "{said}");
}
