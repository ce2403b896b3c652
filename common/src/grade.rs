//! Helpers for the labs' graders: compare a student's result with the right
//! one, and when it is wrong, recognise the classic mistake it matches.
//!
//! ```
//! use common::grade::{check_vec3, Verdict};
//! use glam::Vec3;
//! let got = Vec3::new(1.0, 2.0, 3.0);
//! let wrong = [("the vector was translated: use w = 0", Vec3::new(2.0, 2.0, 3.0))];
//! check_vec3("a vector", got, Vec3::new(1.0, 2.0, 3.0), &wrong).or_fail();
//! assert!(check_vec3("a vector", wrong[0].1, got, &wrong).unwrap_err().contains("w = 0"));
//! ```

use glam::{Mat4, Quat, Vec3, Vec4};

/// Tolerance the graders use for matrices and vectors.
pub const EPSILON: f32 = 1e-4;

/// A matrix as four rows of numbers, for failure messages.
pub fn show_mat4(m: &Mat4) -> String {
    (0..4)
        .map(|r| {
            let row = m.row(r);
            format!("    [{:9.4} {:9.4} {:9.4} {:9.4}]", row.x, row.y, row.z, row.w)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn verdict<T: Copy>(
    what: &str,
    got: T,
    want: T,
    mistakes: &[(&str, T)],
    close: impl Fn(T, T) -> bool,
    show: impl Fn(&T) -> String,
) -> Result<(), String> {
    if close(got, want) {
        return Ok(());
    }
    let mut text = format!("{what} is wrong.\n  expected:\n{}\n  got:\n{}", show(&want), show(&got));
    if let Some((mistake, _)) = mistakes.iter().find(|(_, m)| close(got, *m)) {
        text = format!("{what} is wrong: {mistake}\n  expected:\n{}\n  got:\n{}", show(&want), show(&got));
    }
    Err(text)
}

/// Ok if `got` equals `want` within [`EPSILON`]; otherwise a message that
/// names the first listed mistake `got` matches.
pub fn check_mat4(what: &str, got: Mat4, want: Mat4, mistakes: &[(&str, Mat4)]) -> Result<(), String> {
    verdict(what, got, want, mistakes, |a, b| a.abs_diff_eq(b, EPSILON), show_mat4)
}

/// [`check_mat4`] for vectors.
pub fn check_vec3(what: &str, got: Vec3, want: Vec3, mistakes: &[(&str, Vec3)]) -> Result<(), String> {
    verdict(what, got, want, mistakes, |a, b| a.abs_diff_eq(b, EPSILON), |v| format!("    {v}"))
}

/// [`check_mat4`] for 4-vectors (e.g. tangents with handedness).
pub fn check_vec4(what: &str, got: Vec4, want: Vec4, mistakes: &[(&str, Vec4)]) -> Result<(), String> {
    verdict(what, got, want, mistakes, |a, b| a.abs_diff_eq(b, EPSILON), |v| format!("    {v}"))
}

/// [`check_mat4`] for rotations: `q` and `-q` are the same rotation.
pub fn check_quat(what: &str, got: Quat, want: Quat, mistakes: &[(&str, Quat)]) -> Result<(), String> {
    let close = |a: Quat, b: Quat| a.dot(b).abs() > 1.0 - EPSILON;
    verdict(what, got, want, mistakes, close, |q| format!("    {q}"))
}

/// For values compared exactly (counts, indices, `Option`s): `Ok` when
/// `got == want`, else the course's one message format, "WHAT: expected
/// WANT, got GOT".
pub fn check_eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want { Ok(()) } else { Err(format!("{what}: expected {want:?}, got {got:?}")) }
}

/// Turns a grader's `Result` into a test failure that prints the message as
/// written (no quotes, no `Err(...)`).
pub trait Verdict {
    /// Panics with the message if this is an error.
    #[track_caller]
    fn or_fail(self);
}

impl Verdict for Result<(), String> {
    #[track_caller]
    fn or_fail(self) {
        if let Err(message) = self {
            panic!("{message}");
        }
    }
}

/// What a demo did when asked for a headless screenshot.
#[derive(Debug)]
pub enum DemoRun {
    /// It wrote this image.
    Image(image::RgbaImage),
    /// It stopped cleanly because a step is still a `todo!()` stub; the text
    /// is what it printed.
    Stub(String),
}

/// Runs a demo binary (`env!("CARGO_BIN_EXE_<name>")`) with `--screenshot`
/// and `extra` arguments, with no display. Errors carry its stderr.
pub fn demo_screenshot(exe: &str, extra: &[&str]) -> Result<DemoRun, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("demo-{}-{n}.png", std::process::id()));
    let shot = path.display().to_string();
    let run = run_headless(exe, &[&["--screenshot", &shot, "--size", "320x240"], extra].concat())?;
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return Err(format!("the demo printed a raw panic:\n{stderr}"));
    }
    match run.status.code() {
        Some(0) => {
            let image = image::open(&path).map_err(|e| format!("no readable PNG ({e}); stderr:\n{stderr}"))?;
            let _ = std::fs::remove_file(&path);
            Ok(DemoRun::Image(image.to_rgba8()))
        }
        Some(2) if stderr.contains("step") => Ok(DemoRun::Stub(stderr)),
        code => Err(format!("the demo exited with {code:?}:\n{stderr}")),
    }
}

/// Fraction of pixels that differ from the corner pixel (the background).
pub fn coverage(image: &image::RgbaImage) -> f32 {
    let background = *image.get_pixel(0, 0);
    let differ = image.pixels().filter(|p| **p != background).count();
    differ as f32 / (image.width() * image.height()).max(1) as f32
}

/// Runs a demo with arguments that must be refused: it must exit 1 with one
/// line on stderr (besides the loader's `note:` lines) that contains every
/// string in `mentions`.
pub fn demo_refuses(exe: &str, args: &[&str], mentions: &[&str]) -> Result<(), String> {
    refusal(args, &run_headless(exe, args)?, mentions)
}

/// Checks that a demo's `--set` keys (its one list, as `--help` prints them)
/// are the rows of its handout's settings table (`readme`, the README's text).
pub fn expect_settings_table(exe: &str, readme: &str) {
    let run = run_headless(exe, &["--help"]).unwrap_or_else(|e| panic!("{e}"));
    assert!(run.status.success(), "{exe} --help failed: {}", String::from_utf8_lossy(&run.stderr));
    crate::app::settings::check_help(&String::from_utf8_lossy(&run.stdout), readme).or_fail();
}

/// Runs a demo binary with `args` and no display (`DISPLAY` and
/// `WAYLAND_DISPLAY` removed, as on CI); its exit status and output.
pub fn run_headless(exe: &str, args: &[&str]) -> Result<std::process::Output, String> {
    std::process::Command::new(exe)
        .args(args)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .map_err(|e| format!("cannot start {exe}: {e}"))
}

/// [`demo_refuses`]'s check of a finished run.
fn refusal(args: &[&str], run: &std::process::Output, mentions: &[&str]) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&run.stderr).trim().to_string();
    if run.status.code() != Some(1) {
        return Err(format!("{args:?}: expected exit code 1, got {:?}; stderr:\n{stderr}", run.status.code()));
    }
    // The loader's `note:` lines (what it fixed in a file) come before the refusal.
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.starts_with("note: ")).collect();
    if lines.len() != 1 || stderr.contains("panicked") {
        return Err(format!("{args:?}: expected one clear line, got:\n{stderr}"));
    }
    match mentions.iter().find(|m| !lines[0].contains(*m)) {
        Some(missing) => Err(format!("{args:?}: the message should mention `{missing}`:\n{stderr}")),
        None => Ok(()),
    }
}

/// Where Debian's `assimp-testmodels` puts its files.
pub const TEST_MODELS: &str = "/usr/share/assimp/models";

/// The rigged, animated files of [`TEST_MODELS`] the labs check themselves
/// on (paths relative to it): an `.X` with 54 bones, an FBX with 5 or 6
/// influences per vertex, two small ones, a glTF and a BVH (joints only).
pub const RIGGED_TEST_FILES: [&str; 6] = [
    "X/BCN_Epileptic.X",
    "FBX/animation_with_skeleton.fbx",
    "FBX/huesitos.fbx",
    "X/anim_test.x",
    "glTF2/simple_skin/simple_skin.gltf",
    "BVH/01_01.bvh",
];

/// SplitMix64 (Steele, Lea and Flood): a small, deterministic stream of
/// numbers for test data and benchmarks, so that a failure or a figure can
/// be reproduced from its seed. Not for anything that must be unguessable.
///
/// ```
/// let mut rng = common::grade::SplitMix64(7);
/// let x = rng.range(-1.0, 1.0);
/// assert!((-1.0..1.0).contains(&x));
/// ```
#[derive(Clone, Debug)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `lo..hi`, from the top 24 bits (every `f32` step in 0..1).
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32)
    }

    /// Uniform in `lo..hi`, from the top 53 bits (every `f64` step in 0..1).
    pub fn range_f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Three draws of [`SplitMix64::range`], x first.
    pub fn vec3(&mut self, lo: f32, hi: f32) -> Vec3 {
        let x = self.range(lo, hi);
        let y = self.range(lo, hi);
        Vec3::new(x, y, self.range(lo, hi))
    }
}

/// The path of a sample model, or `None` with a printed notice when the
/// package is not installed, or when this build cannot read the file's
/// format (not glTF, and no assimp built in: Windows and macOS by default).
/// Tests then skip that part.
pub fn test_model(relative: &str) -> Option<String> {
    let path = format!("{TEST_MODELS}/{relative}");
    let gltf = [".gltf", ".glb"].iter().any(|e| relative.to_ascii_lowercase().ends_with(e));
    if !gltf && !crate::load::ASSIMP {
        eprintln!("notice: this build reads no {relative} (assimp is not built in on this system); skipping");
        None
    } else if std::path::Path::new(&path).exists() {
        Some(path)
    } else {
        eprintln!("notice: {path} is missing (apt-get install assimp-testmodels); skipping");
        None
    }
}

/// Runs the demo headless and checks that it drew something, or, while the
/// exercise is unfinished, that it stopped cleanly naming a step of `lab`
/// (e.g. "lab02"). Returns the image if there is one.
#[track_caller]
pub fn expect_picture(exe: &str, lab: &str, extra: &[&str]) -> Option<image::RgbaImage> {
    match demo_screenshot(exe, extra) {
        Ok(DemoRun::Image(image)) => {
            let c = coverage(&image);
            assert!(c > 0.003, "{extra:?}: the screenshot is nearly empty ({:.2}% drawn)", c * 100.0);
            Some(image)
        }
        Ok(DemoRun::Stub(text)) => {
            assert!(text.contains(&format!("{lab} step")), "the demo stopped without naming a {lab} step:\n{text}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// The refusals every demo must make in one clear line: a missing file, a
/// text file, everything in assimp's `invalid/` folder (when installed),
/// an unknown clip. `with_loader` is false in builds without assimp.
#[track_caller]
pub fn expect_refusals(exe: &str, with_loader: bool) {
    demo_refuses(exe, &["--model", "/no/such/file.fbx"], &["/no/such/file.fbx", "no such file"]).or_fail();
    demo_refuses(exe, &["--clip", "dance"], &["dance"]).or_fail();
    demo_refuses(exe, &["--set", "nonsense=1"], &["nonsense", "no such setting"]).or_fail();
    if !with_loader {
        return;
    }
    let folder = crate::temp::TempFolder::new("refusals");
    let text = folder.write("not-a-model.txt", "just text\n");
    demo_refuses(exe, &["--model", &text], &["not-a-model"]).or_fail();
    if let Ok(entries) = std::fs::read_dir(format!("{TEST_MODELS}/invalid")) {
        // OutOfMemory.off included: refused as an OFF file before assimp sees it.
        for entry in entries.flatten() {
            let path = entry.path().display().to_string();
            demo_refuses(exe, &["--model", &path], &[&path]).or_fail();
        }
    }
}

/// The command-line cases every demo must survive, run as a user would:
/// `--time 1e30` jumps instead of stepping (a picture, or the clean stub
/// stop, within seconds); a named pipe as `--model`, a BVH 10,000 joints
/// deep (with `--info`), a NaN or infinite `--set` number (`nan_setting`, a
/// key of this demo that takes a number, if any) are refused in one line;
/// `--frames 0`, a non-PNG screenshot and a negative time are refused by the
/// command line (exit 2). `lab` is e.g. "lab04". Unix only for the pipe.
#[track_caller]
pub fn expect_robust_command_line(exe: &str, lab: &str, with_loader: bool, nan_setting: Option<&str>) {
    let started = std::time::Instant::now();
    expect_picture(exe, lab, &["--time", "1e30"]);
    assert!(started.elapsed().as_secs() < 60, "--time 1e30 took {:?}: jump the clock", started.elapsed());
    let dir = crate::temp::TempFolder::new(&format!("robust-{lab}"));
    let png = dir.join("x.png").display().to_string();
    if let Some(key) = nan_setting {
        demo_refuses(exe, &["--screenshot", &png, "--set", &format!("{key}=nan")], &["nan"]).or_fail();
        demo_refuses(exe, &["--screenshot", &png, "--set", &format!("{key}=inf")], &["inf"]).or_fail();
    }
    for (args, mention) in [
        (vec!["--frames", "0"], "--frames"),
        (vec!["--screenshot", "x.jpg"], ".png"),
        (vec!["--time", "-1"], "seconds"),
    ] {
        let run = run_headless(exe, &args).unwrap_or_else(|e| panic!("{e}"));
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(
            run.status.code() == Some(2) && stderr.contains(mention),
            "{args:?}: expected exit 2 naming `{mention}`, got {:?}:\n{stderr}",
            run.status.code()
        );
    }
    if !with_loader {
        return;
    }
    let deep = dir.join("deep.bvh");
    let mut bvh = String::from(
        "HIERARCHY\nROOT j0\n{\nOFFSET 0 0 0\nCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n",
    );
    for i in 1..10_000 {
        bvh += &format!("JOINT j{i}\n{{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n");
    }
    bvh += "End Site\n{\nOFFSET 0 1 0\n}\n";
    bvh += &"}\n".repeat(10_000);
    bvh += &format!("MOTION\nFrames: 1\nFrame Time: 0.0333333\n{}\n", vec!["0"; 3 + 3 * 10_000].join(" "));
    std::fs::write(&deep, bvh).expect("write the deep BVH");
    let deep = deep.display().to_string();
    demo_refuses(exe, &["--model", &deep, "--info"], &["deep.bvh", "levels deep"]).or_fail();
    #[cfg(unix)]
    {
        let fifo = dir.join("pipe.fbx");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status().is_ok_and(|s| s.success());
        if made {
            let fifo = fifo.display().to_string();
            demo_refuses(exe, &["--model", &fifo, "--screenshot", &png], &["pipe.fbx", "not a regular file"]).or_fail();
        }
    }
}

/// [`demo_refuses`] for a refusal that comes after some of `lab`'s steps have
/// run (e.g. a bone budget the student computes): while such a step is a
/// stub, the demo's clean stop naming it is accepted instead.
pub fn demo_refuses_after_steps(exe: &str, lab: &str, args: &[&str], mentions: &[&str]) -> Result<(), String> {
    let run = run_headless(exe, args)?;
    if run.status.code() == Some(2) && String::from_utf8_lossy(&run.stderr).contains(&format!("{lab} step")) {
        return Ok(());
    }
    refusal(args, &run, mentions)
}

/// The demo frames a model a couple of micrometres tall (the glTF arm under
/// a root scaled by 1e-6, written here) and refuses, in one line, the same
/// arm at scale 0, whose world matrices are all singular: never a blank
/// picture. `lab` as for [`expect_picture`].
#[track_caller]
pub fn expect_tiny_drawn_and_collapsed_refused(exe: &str, lab: &str) {
    use crate::gltf::writer::{scaled_arm, write};
    let tiny = write(&format!("{lab}-tiny"), &scaled_arm(1e-6));
    expect_picture(exe, lab, &["--model", &tiny.display().to_string()]);
    std::fs::remove_file(tiny).ok();
    let zero = write(&format!("{lab}-zero"), &scaled_arm(0.0));
    let folder = crate::temp::TempFolder::new(&format!("{lab}-zero"));
    let png = folder.file("zero.png");
    let args = ["--screenshot", png.as_str(), "--model", &zero.display().to_string()];
    demo_refuses(exe, &args, &["nothing can be drawn", "node `root` has a scale of [0, 0, 0]"]).or_fail();
    std::fs::remove_file(zero).ok();
}
