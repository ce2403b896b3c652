//! The demo, run as a user would, headless (`--screenshot`). With the
//! exercise unfinished, it must stop cleanly and name the missing step.

use common::grade::{DemoRun, Verdict, coverage, demo_refuses, demo_screenshot, expect_picture, expect_refusals};
use glam::{Mat4, Vec3};
use lab06_gpu_skinning::{SHADER_FILE, VERTEX_SHADER, given, solution};

const DEMO: &str = env!("CARGO_BIN_EXE_lab06_gpu_skinning");

/// Distinct colours in an image.
fn shades(image: &image::RgbaImage) -> usize {
    image.pixels().map(|p| p.0).collect::<std::collections::HashSet<_>>().len()
}

/// Fraction of pixels where two pictures differ by more than a little.
fn differ(a: &image::RgbaImage, b: &image::RgbaImage) -> f32 {
    let far = a.pixels().zip(b.pixels()).filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > 40)).count();
    far as f32 / (a.width() * a.height()) as f32
}

/// Whether the crate root's shader (yours; the reference with `--features
/// solution`) moves the mesh at all. The stub leaves it in its bind pose, and
/// then the demo's poses and colours say nothing yet: the grader's step 3
/// tests say what is missing.
fn shader_skins() -> bool {
    let headless = common::headless::Headless::new(16, 16).unwrap_or_else(|e| panic!("{e}"));
    let gl = headless.gl();
    let mesh = common::character::build().meshes.remove(0);
    let shader = given::compile(gl, SHADER_FILE, VERTEX_SHADER, mesh.bones.len()).unwrap_or_else(|e| panic!("{e}"));
    let gpu_mesh = solution::upload_mesh(gl, &mesh).unwrap_or_else(|e| panic!("{e}"));
    shader.program().bind(gl);
    shader.program().set_mat4_array(gl, "u_palette", &vec![Mat4::from_translation(Vec3::Y); mesh.bones.len()]);
    let got = given::capture(gl, gpu_mesh.buffers.vao, mesh.positions.len()).unwrap_or_else(|e| panic!("{e}"));
    got.positions != mesh.positions
}

/// The picture, or `None` while a step is still a stub (the run stopped cleanly, naming it).
fn picture(args: &[&str]) -> Option<image::RgbaImage> {
    match demo_screenshot(DEMO, args).unwrap_or_else(|e| panic!("{args:?}: {e}")) {
        DemoRun::Image(image) => Some(image),
        DemoRun::Stub(text) => {
            assert!(text.contains("lab06 step"), "the demo stopped without naming a lab06 step:\n{text}");
            None
        }
    }
}

#[test]
fn demo_screenshot_of_a_crowd() {
    let crowd = ["--set", "crowd=25", "--time", "0.7"];
    if let Some(image) = expect_picture(DEMO, "lab06", &crowd) {
        assert!(coverage(&image) > 0.05 && shades(&image) > 100, "the crowd looks flat or tiny");
    }
    let ids = expect_picture(DEMO, "lab06", &[&crowd[..], &["--set", "view=ids"]].concat());
    let weights = ["--set", "crowd=4", "--set", "view=weights", "--set", "joint=hand_r"];
    let heat = expect_picture(DEMO, "lab06", &weights);
    expect_picture(DEMO, "lab06", &["--set", "crowd=200", "--set", "palette=packed"]);
    expect_picture(
        DEMO,
        "lab06",
        &["--set", "crowd=3", "--clip", "wave", "--set", "view=ids", "--set", "skinning=cpu"],
    );
    let (Some(ids), Some(heat)) = (ids, heat) else { return };
    if !shader_skins() {
        return;
    }
    // Bone ids: many hues; the weights heat map: cold blue and a hot red hand.
    let pass = "does your shader pass its ids and weights to debug_color (step 3)?";
    let hues = ids.pixels().filter(|p| p[0].abs_diff(p[1]) > 40 || p[1].abs_diff(p[2]) > 40).count();
    assert!(hues as f32 > 0.03 * (ids.width() * ids.height()) as f32, "bone ids show no colours: {pass}");
    let red = heat.pixels().filter(|p| p[0] > 160 && p[2] < 120).count();
    let blue = heat.pixels().filter(|p| p[2] > 160 && p[0] < 80).count();
    assert!(red > 20 && blue > 20 * red, "the heat map should be blue with red hands ({red} red, {blue} blue): {pass}");
}

#[test]
fn demo_gpu_cpu_and_packed_paths_draw_the_same_crowd() {
    let crowd = ["--set", "crowd=9", "--time", "1.1"];
    let Some(gpu) = picture(&crowd) else { return };
    if !shader_skins() {
        return;
    }
    let cpu = picture(&[&crowd[..], &["--set", "skinning=cpu"]].concat()).expect("the GPU path ran");
    let packed = picture(&[&crowd[..], &["--set", "palette=packed"]].concat()).expect("the GPU path ran");
    for (name, other) in [("skinning=cpu", cpu), ("palette=packed", packed)] {
        let d = differ(&gpu, &other);
        assert!(d < 0.005, "--set {name} draws a different crowd from the GPU path ({:.2}% of pixels)", d * 100.0);
    }
}

#[test]
fn demo_twisting_cylinders_linear_blend_collapses_dual_quaternions_do_not() {
    expect_picture(DEMO, "lab06", &["--set", "view=twist", "--set", "twist=0"]);
    let Some(image) = expect_picture(DEMO, "lab06", &["--set", "view=twist", "--set", "twist=170"]) else { return };
    if !shader_skins() {
        return;
    }
    let background = *image.get_pixel(0, 0);
    // The waist: a band of rows around the middle height, left and right halves.
    let (w, h) = (image.width(), image.height());
    let drawn = |x0: u32, x1: u32| {
        (h * 2 / 5..h * 3 / 5)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| *image.get_pixel(x, y) != background)
            .count()
    };
    let (left, right) = (drawn(0, w / 2), drawn(w / 2, w));
    assert!(
        right > 0 && (left as f32) < 0.6 * right as f32,
        "linear blend (left, {left} px at the waist) should be much thinner than dual quaternions (right, {right} px)"
    );
}

#[cfg(feature = "assimp")]
#[test]
fn demo_screenshot_of_files() {
    // Every rigged file but the BVH (a skeleton, no skin to put on the GPU).
    for file in common::grade::RIGGED_TEST_FILES.into_iter().filter(|f| !f.ends_with(".bvh")) {
        if let Some(path) = common::grade::test_model(file) {
            expect_picture(DEMO, "lab06", &["--model", &path, "--time", "0.37"]);
            expect_picture(DEMO, "lab06", &["--model", &path, "--set", "crowd=4", "--set", "view=ids"]);
        }
    }
    if let Some(path) = common::grade::test_model("X/BCN_Epileptic.X") {
        expect_picture(DEMO, "lab06", &["--model", &path, "--set", "crowd=2", "--set", "skinning=cpu"]);
        expect_picture(DEMO, "lab06", &["--model", &path, "--set", "palette=packed", "--set", "max_components=1024"]);
    }
}

#[test]
fn demo_refuses_bad_input_in_one_line() {
    expect_refusals(DEMO, common::load::ASSIMP);
    let png = std::env::temp_dir().join("lab06-refused.png").display().to_string();
    let shot = ["--screenshot", png.as_str()];
    for (setting, mentions) in [
        ("view=sideways", &["view=sideways", "plain"][..]),
        ("crowd=0", &["crowd=0", "200"]),
        ("crowd=201", &["crowd=201", "200"]),
        ("crowd=many", &["crowd=many"]),
        ("skinning=fpga", &["skinning=fpga", "gpu", "cpu"]),
        ("palette=jpeg", &["palette=jpeg", "packed"]),
        ("twist=inf", &["twist=inf"]),
        ("joint=tail", &["tail", "no bone"]),
        ("max_components=lots", &["max_components=lots"]),
        ("max_components=99999999", &["max_components=99999999", "smaller"]),
        ("max_components=-2147483648", &["max_components=-2147483648", "positive"]),
        ("max_components=-5", &["max_components=-5", "positive"]),
    ] {
        demo_refuses(DEMO, &[&shot[..], &["--set", setting]].concat(), mentions).or_fail();
    }
    // Over the bone budget: refused, never drawn wrong.
    let what_to_do = "split the mesh by bones";
    let small = ["--set", "max_components=256"];
    for (palette, said) in
        [(&[][..], &["12 bone matrices", "= 256"][..]), (&["--set", "palette=packed"], &["16 packed bones"])]
    {
        let args = [&shot[..], &small[..], palette].concat();
        let mentions = [&["the built-in character", "21 bones", what_to_do][..], said].concat();
        common::grade::demo_refuses_after_steps(DEMO, "lab06", &args, &mentions).or_fail();
    }
    #[cfg(feature = "assimp")]
    if let Some(path) = common::grade::test_model("X/BCN_Epileptic.X") {
        let args = [&shot[..], &["--model", &path, "--set", "max_components=512"]].concat();
        common::grade::demo_refuses_after_steps(
            DEMO,
            "lab06",
            &args,
            &["BCN_Epileptic.X", "54 bones", "28 bone matrices", "= 512", what_to_do],
        )
        .or_fail();
    }
}

#[test]
fn demo_survives_hostile_command_lines() {
    common::grade::expect_robust_command_line(
        env!("CARGO_BIN_EXE_lab06_gpu_skinning"),
        "lab06",
        common::load::ASSIMP,
        Some("twist"),
    );
}

/// The bone budget binds the GPU path only: skinned on the CPU, a model over
/// every GPU budget is drawn (with a note), not refused.
#[test]
fn demo_cpu_skinning_draws_a_model_over_the_gpu_budget() {
    let args = ["--set", "max_components=256", "--set", "skinning=cpu", "--set", "crowd=2"];
    expect_picture(DEMO, "lab06", &args);
    let png = std::env::temp_dir().join(format!("lab06-cpu-over-{}.png", std::process::id()));
    let shot = png.display().to_string();
    let out =
        common::grade::run_headless(DEMO, &[&["--screenshot", shot.as_str()][..], &args[..]].concat()).expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        assert!(
            stderr.contains("21 bones, over this GPU's budget") && stderr.contains("skinned on the CPU only"),
            "expected a note, got:\n{stderr}"
        );
        assert!(!stderr.contains("  "), "a run of spaces in the note:\n{stderr}");
    }
    std::fs::remove_file(png).ok();
}

/// A glTF skin of exactly the budget: 300 joints, every vertex weighted, so
/// 300 bones (no extra one for the mesh node), and 300 * 16 + 64 = 4,864
/// uniform components hold them; one component fewer does not.
#[test]
fn demo_draws_a_skin_of_exactly_the_budget() {
    let path = common::gltf::writer::write("lab06-column-300", &common::gltf::writer::column(300));
    let file = path.display().to_string();
    expect_picture(DEMO, "lab06", &["--model", &file, "--set", "max_components=4864"]);
    let png = std::env::temp_dir().join(format!("lab06-column-{}.png", std::process::id())).display().to_string();
    let args = ["--screenshot", png.as_str(), "--model", &file, "--set", "max_components=4863"];
    common::grade::demo_refuses_after_steps(DEMO, "lab06", &args, &["300 bones", "299 bone matrices", "= 4863"])
        .or_fail();
    std::fs::remove_file(path).ok();
}

#[test]
fn demo_settings_are_the_handouts_table() {
    common::grade::expect_settings_table(DEMO, include_str!("../README.md"));
}

/// A model a couple of micrometres tall (the glTF arm under a root scaled by
/// 1e-6, made here) is framed and drawn; at scale 0 it is refused in one
/// line, never a blank picture.
#[test]
fn demo_frames_a_tiny_model_and_refuses_a_collapsed_one() {
    common::grade::expect_tiny_drawn_and_collapsed_refused(DEMO, "lab06");
}
