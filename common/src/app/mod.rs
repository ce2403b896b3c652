//! The demo runner every lab's `main.rs` calls: command line, model loading,
//! a window with an orbit camera and an egui side panel, or a headless
//! screenshot or recording. A lab provides a [`Lab`]; the runner does the rest.
//!
//! Shared keys: Space pause, Left/Right (or `,`/`.`) step a frame, R reset,
//! S (or F12) screenshot, P projector mode, F1 help, Esc quit. Drag to orbit,
//! right-drag to pan, wheel to zoom. A steered lab takes some keys for itself
//! ([`Lab::KEYS`], [`keys`]) and may have the camera follow its character
//! ([`Lab::follow`]).
//!
//! Lecture kit: `--record` (GIF or PNGs, a fixed clock step), `--legend` and
//! `--panel` (words painted into captures by egui on the headless context),
//! `--present` (projector mode) and `--figures DIR` (every [`Figure`] a lab
//! declares, see [`run_with_figures`]).

#[cfg(not(target_arch = "wasm32"))]
mod capture;
mod cli;
mod figures;
mod graphics;
mod guard;
pub mod keys;
mod legend;
#[cfg(not(target_arch = "wasm32"))]
mod paint;
mod panel;
mod record;
mod screenshot;
pub mod settings;
#[cfg(target_arch = "wasm32")]
mod web;
mod window;

use std::process::ExitCode;
use std::sync::Arc;

pub use cli::Args;
pub use figures::{Figure, Kind};
pub use guard::Stop;
pub use keys::{HeldKeys, LabKey};
pub use legend::{Key, Legend};
pub use record::{MAX_FPS, MAX_FRAMES, gif_delay_cs};

use crate::camera::{Aabb, Camera};
use crate::model::{Clip, Model};

/// What a demo shows, as loaded from the command line.
pub struct Scene {
    /// The model: the built-in character, or the `--model` file.
    pub model: Model,
    /// "the built-in character" or the file's name, for titles and messages.
    pub source: String,
    /// True when the model is the built-in character (no `--model`): its
    /// clip names then say which clips loop
    /// ([`crate::character::is_looping`]).
    pub builtin: bool,
    /// The clip chosen with `--clip` (already checked to exist), else the
    /// first clip if there is one. With `--set clips-from=FILE` (lab 07) a
    /// `--clip` the model lacks is left for the demo to find among the added
    /// clips: then this is `None`.
    pub clip: Option<usize>,
}

/// One lab's demo. Only [`Lab::bounds`] and [`Lab::draw`] are required.
pub trait Lab {
    /// The box the camera frames at start and on reset (model space).
    fn bounds(&self) -> Aabb;
    /// Advances the demo's clock by `dt` seconds (0 while paused; negative
    /// when the user steps back with the Left key).
    fn update(&mut self, _dt: f32) {}
    /// Draws the 3D scene. The viewport is set and cleared, depth test is on.
    fn draw(&mut self, gl: &glow::Context, camera: &Camera);
    /// The lab's controls, shown in the side panel below the shared ones.
    fn ui(&mut self, _ui: &mut egui::Ui) {}
    /// Back to the start state (R key).
    fn reset(&mut self) {}
    /// True once after the lab changed what it shows (the camera then frames
    /// [`Lab::bounds`] again).
    fn take_reframe(&mut self) -> bool {
        false
    }
    /// The keys this lab takes from the runner (none by default): a lab
    /// steered from the keyboard takes WASD, the arrows, Shift... Each press
    /// and release of one of them goes to [`Lab::key`] instead of the
    /// runner, whose stand-ins then serve (`,`/`.` step a frame, F12 saves a
    /// screenshot; see [`keys`]). A lab that takes keys also accepts
    /// `--input FILE` (scripted input, read by the lab); any other refuses it.
    const KEYS: &'static [LabKey] = &[];
    /// A key of [`Lab::KEYS`] went down (`pressed`) or up. One press and one
    /// release per key, however long it is held; when the window (or the
    /// page) loses focus every held key is released, so nothing steers on
    /// by itself. Keys typed into the side panel's fields are not sent.
    fn key(&mut self, _key: LabKey, _pressed: bool) {}
    /// The point the camera keeps in view, for a lab whose subject travels
    /// (a steered character): each frame the orbit camera's target moves by
    /// as much as this point moved, so the user's turn, zoom and pan stay.
    /// `None` (the default) leaves the camera where the user put it.
    fn follow(&self) -> Option<glam::Vec3> {
        None
    }
    /// Extra lines for the F1 help panel: what the picture shows.
    fn help(&self) -> &str {
        ""
    }
    /// What `--legend` says besides the title and the time: what is playing
    /// and the key to every colour the current view uses. Empty by default.
    fn legend(&self) -> Legend {
        Legend::default()
    }
}

/// Names of a demo: its crate (`lab01_hierarchy`, used in messages) and a title.
#[derive(Clone, Copy, Debug)]
pub struct Demo {
    /// The crate name, e.g. `lab01_hierarchy`.
    pub crate_name: &'static str,
    /// The window title, e.g. `Lab 01: the transform hierarchy`.
    pub title: &'static str,
    /// The lab's handout, `include_str!("../README.md")`: its settings
    /// table is the one list of the `--set` keys this demo understands (see
    /// [`settings`]); any other key is refused (a misspelt setting should
    /// not be silently ignored), and `--help` lists them.
    pub handout: &'static str,
}

/// Builds a lab from the GL context, the command line and the scene.
pub type MakeLab<L> = Box<dyn FnOnce(&Arc<glow::Context>, &Args, Scene) -> Result<L, String>>;

/// Runs a demo: parses the command line, loads the model, then opens a
/// window or writes a screenshot. Returns the process exit code; every
/// failure is one clear line on stderr (no panic, no backtrace).
///
/// On the web (`wasm32`) the command line is the page's query string
/// (`?clip=walk&time=0.4&set=fade=0.5&paused`), the window is the page's
/// `<canvas id="lab">` and a failure is shown in the page.
pub fn run<L: Lab + 'static>(
    demo: Demo,
    make: impl FnOnce(&Arc<glow::Context>, &Args, Scene) -> Result<L, String> + 'static,
) -> ExitCode {
    run_with_figures(demo, &[], make)
}

/// [`run`] for a demo that declares lecture figures: `--figures DIR`
/// renders each of them (a PNG or a GIF) into DIR, with `figures.tsv`.
pub fn run_with_figures<L: Lab + 'static>(
    demo: Demo,
    figures: &[Figure],
    make: impl FnOnce(&Arc<glow::Context>, &Args, Scene) -> Result<L, String> + 'static,
) -> ExitCode {
    guard::install_hook(demo.crate_name);
    let known = match settings::from_handout(demo.handout) {
        Ok(known) => known,
        Err(message) => return failed(demo, &message),
    };
    let args = match command_line(demo, &known) {
        Ok(args) => args,
        Err(code) => return code,
    };
    #[cfg(not(target_arch = "wasm32"))]
    if args.figures.is_some() {
        return match figures::render_all(demo, figures, &args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => failed(demo, &message),
        };
    }
    #[cfg(target_arch = "wasm32")]
    let _ = figures;
    let keys: Vec<&str> = known.iter().map(|s| s.key.as_str()).collect();
    if let Some((key, _)) = args.settings.iter().find(|(k, _)| !keys.contains(&k.as_str())) {
        let known = if keys.is_empty() { "none".to_string() } else { keys.join(", ") };
        return failed(demo, &format!("--set {key}=...: no such setting; this demo knows: {known}"));
    }
    if L::KEYS.is_empty() && args.input.is_some() {
        return failed(demo, "--input: this demo is not steered, so it takes no scripted input");
    }
    let scene = match load_scene(&args) {
        Ok(scene) => scene,
        Err(message) => return failed(demo, &message),
    };
    if args.info {
        print!("{}", summary(&scene.model, &scene.source));
        return ExitCode::SUCCESS;
    }
    let make: MakeLab<L> = Box::new(make);
    match start(demo, args, scene, make) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => failed(demo, &message),
        Err(Failure::Stopped(stop)) => {
            let (text, code) = stop.report(demo.crate_name);
            say(&text);
            ExitCode::from(code)
        }
    }
}

/// The command line (native) or the page's query string (web) as [`Args`];
/// a mistake in it is reported (clap's message, or in the page) as an exit code.
#[cfg(not(target_arch = "wasm32"))]
fn command_line(demo: Demo, known: &[settings::Setting]) -> Result<Args, ExitCode> {
    use clap::parser::ValueSource;
    use clap::{CommandFactory, FromArgMatches};
    let help = settings::help_text(known);
    let matches = Args::command().name(demo.crate_name).about(demo.title).after_help(help).get_matches();
    let mut args = match Args::from_arg_matches(&matches) {
        Ok(args) => args,
        Err(e) => e.exit(),
    };
    args.size_given = matches.value_source("size") == Some(ValueSource::CommandLine);
    Ok(args)
}

#[cfg(target_arch = "wasm32")]
fn command_line(demo: Demo, _known: &[settings::Setting]) -> Result<Args, ExitCode> {
    web::page_args().map_err(|message| failed(demo, &message))
}

/// Screenshot, recording or window, as the command line asks.
#[cfg(not(target_arch = "wasm32"))]
fn start<L: Lab + 'static>(demo: Demo, args: Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    if args.screenshot.is_some() {
        screenshot::run(demo, &args, scene, make)
    } else if args.record.is_some() {
        record::run(demo, &args, scene, make)
    } else {
        window::run(demo, &args, scene, make)
    }
}

/// On the web: the page's canvas; the browser drives the frames from here on.
#[cfg(target_arch = "wasm32")]
fn start<L: Lab + 'static>(demo: Demo, args: Args, scene: Scene, make: MakeLab<L>) -> Result<(), Failure> {
    window::spawn(demo, Box::leak(Box::new(args)), scene, make)
}

/// Says `message` as this demo's one-line failure; exit code 1.
fn failed(demo: Demo, message: &str) -> ExitCode {
    say(&format!("{}: {message}", demo.crate_name));
    ExitCode::from(1)
}

/// A failure's text: on stderr, and on the web in the page too.
pub(crate) fn say(text: &str) {
    eprintln!("{text}");
    #[cfg(target_arch = "wasm32")]
    web::show_failure(text);
}

/// Why a run ended early.
pub(crate) enum Failure {
    Message(String),
    Stopped(Stop),
}

impl From<String> for Failure {
    fn from(s: String) -> Self {
        Failure::Message(s)
    }
}

impl From<Stop> for Failure {
    fn from(s: Stop) -> Self {
        Failure::Stopped(s)
    }
}

/// A lab's refusal to start, with the `--model` file named (a message about
/// bad data that does not say which file is no help). Unchanged for the
/// built-in character, or when the message already names the file.
pub(crate) fn naming_model(message: String, args: &Args) -> String {
    let Some(path) = &args.model else {
        return message;
    };
    let name = path.file_name().map_or(path.display().to_string(), |n| n.to_string_lossy().into_owned());
    if message.contains(&name) { message } else { format!("{message} (model: {})", path.display()) }
}

/// Loads `--model` (or the character), reports what the loader fixed, and
/// resolves `--clip`.
pub fn load_scene(args: &Args) -> Result<Scene, String> {
    let (model, report) = crate::load::model(args.model.as_deref()).map_err(|e| e.to_string())?;
    for line in report.lines() {
        eprintln!("note: {line}");
    }
    let source = match &args.model {
        Some(path) => path.file_name().map_or(path.display().to_string(), |n| n.to_string_lossy().into_owned()),
        None => "the built-in character".to_string(),
    };
    let clip = match &args.clip {
        None => (!model.clips.is_empty()).then_some(0),
        Some(wanted) => {
            let found = model.find_clip(wanted);
            let added_later = args.settings.iter().any(|(k, _)| k == "clips-from");
            if found.is_none() && !added_later {
                let has = if model.clips.is_empty() { "no clips at all".to_string() } else { clip_list(&model.clips) };
                return Err(format!("no clip `{wanted}` in {source}; it has {has}"));
            }
            found
        }
    };
    Ok(Scene { model, source, builtin: args.model.is_none(), clip })
}

/// The clips by index and name, for a message: `0: walk, 1: (unnamed)`.
pub fn clip_list(clips: &[Clip]) -> String {
    clips.iter().enumerate().map(|(i, c)| format!("{i}: {}", clip_name(c))).collect::<Vec<_>>().join(", ")
}

/// A clip's name as a message shows it: `(unnamed)` for an empty one (files
/// may leave it out or blank; `--clip` then takes its index).
pub fn clip_name(clip: &Clip) -> &str {
    if clip.name.trim().is_empty() { "(unnamed)" } else { &clip.name }
}

/// `n` and the noun, singular for 1.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A few lines describing a model: nodes, meshes, bones, clips.
pub fn summary(model: &Model, source: &str) -> String {
    let mut s = format!(
        "{source}: {}, {}, {}, {}, {}\n",
        count(model.skeleton.nodes.len(), "node", "nodes"),
        count(model.meshes.len(), "mesh", "meshes"),
        count(model.vertex_count(), "vertex", "vertices"),
        count(model.bone_count(), "bone", "bones"),
        count(model.clips.len(), "clip", "clips"),
    );
    for m in &model.meshes {
        s += &format!(
            "  mesh `{}`: {}, {}, {}\n",
            m.name,
            count(m.positions.len(), "vertex", "vertices"),
            count(m.indices.len() / 3, "triangle", "triangles"),
            count(m.bones.len(), "bone", "bones"),
        );
    }
    for (i, c) in model.clips.iter().enumerate() {
        let name = if clip_name(c) == c.name { format!("`{}`", c.name) } else { format!("{i} (unnamed)") };
        s += &format!(
            "  clip {name}: {:.2} s ({} ticks at {} per second), {}\n",
            c.duration_seconds(),
            c.duration_ticks,
            c.ticks_per_second,
            count(c.channels.len(), "channel", "channels"),
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[test]
    fn a_lab_refusal_names_the_model_file() {
        let file = Args::try_parse_from(["demo", "--model", "models/zero_scale.gltf"]).unwrap();
        let said = naming_model("the gradient matrix of bone 3 holds NaN or infinity".into(), &file);
        assert_eq!(said, "the gradient matrix of bone 3 holds NaN or infinity (model: models/zero_scale.gltf)");
        let named = "--set joint=x: no joint of that name in zero_scale.gltf".to_string();
        assert_eq!(naming_model(named.clone(), &file), named);
        let builtin = Args::try_parse_from(["demo"]).unwrap();
        assert_eq!(naming_model("no clips".into(), &builtin), "no clips");
    }

    #[test]
    fn a_summary_and_a_clip_list_name_an_unnamed_clip_and_count_in_words() {
        let mut model = crate::character::build();
        model.clips.truncate(2);
        model.clips[0].name = String::new();
        model.clips[1].channels.truncate(1);
        let walk = model.clips[1].name.clone();
        assert_eq!(clip_list(&model.clips), format!("0: (unnamed), 1: {walk}"));
        let s = summary(&model, "x");
        assert!(s.contains(", 1 mesh, ") && s.contains(", 2 clips\n"), "{s}");
        assert!(s.contains("  clip 0 (unnamed): ") && s.contains(&format!("  clip `{walk}`: ")), "{s}");
        assert!(s.contains("), 1 channel\n") && !s.contains("``"), "{s}");
    }
}
