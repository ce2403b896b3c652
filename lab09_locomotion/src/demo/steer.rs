//! The steered character: where its input comes from (the keys, relative
//! to the camera, or a scripted run), its frames (your steps, through the
//! lab's `update`), a second character steered the same way for
//! comparison, and what the panel plots.

use common::app::{HeldKeys, LabKey};
use glam::{Vec2, Vec3};
use lab09_locomotion::{Character, Input, LocoError, Locomotion, Settings};

use crate::demo::options::{Options, Scripted};
use crate::demo::plot::{History, Sample};

/// The longest step one frame simulates, seconds; a longer frame is split.
pub const STEP: f64 = 1.0 / 30.0;
/// The most steps one frame takes: a longer stall (a window dragged, a
/// breakpoint, `--time 1e30`) is dropped, not simulated.
pub const MOST_STEPS: u32 = 4;
/// Where the second character starts: beside the first, further from the
/// camera (world +X is away from it in the view), so that running along +Z
/// they do not hide each other.
pub const GHOST_AT: Vec3 = Vec3::new(1.2, 0.0, 0.0);
/// Seconds of trail kept behind the character.
const TRAIL: f64 = 3.0;

/// One character and its set-up.
pub struct Steered {
    pub setup: Locomotion,
    pub character: Character,
}

impl Steered {
    /// A character standing at `at`, posed (a frame of no time: no bind pose on screen).
    fn new(setup: Locomotion, at: Vec3) -> Result<Steered, LocoError> {
        let mut character = Character::new(&setup, at);
        lab09_locomotion::update(&setup, &mut character, &Input::default(), 0.0)?;
        Ok(Steered { setup, character })
    }

    /// How node `joint` is turned from rest in the animated pose (before
    /// root and feet): a rotation vector in its rest frame, the short way, degrees.
    fn angle(&self, joint: usize) -> Vec3 {
        let rest = self.setup.rest[joint].rotation;
        let mut q = rest.inverse() * self.character.shown[joint].rotation;
        if q.w < 0.0 {
            q = -q;
        }
        q.to_scaled_axis() * 180.0 / std::f32::consts::PI
    }

    /// The fastest a foot the clip says is in contact, now and a frame
    /// ago, moved over the ground since (`before`: where the feet were, and
    /// whether in contact), centimetres per second (NaN: no foot in contact;
    /// the frame a foot lands is its landing, not a slide).
    fn slide(&self, before: ([Vec3; 2], [bool; 2]), dt: f64) -> f32 {
        let (ch, (before, was)) = (&self.character, before);
        let speeds = (0..2).filter(|&i| ch.contacts[i] && was[i]).map(|i| {
            let d = ch.feet[i] - before[i];
            Vec2::new(d.x, d.z).length() / dt as f32 * 100.0
        });
        speeds.fold(f32::NAN, f32::max)
    }
}

/// The node `--set joint=` names, or a line naming the joints there are.
pub fn joint(setup: &Locomotion, name: &str) -> Result<usize, String> {
    setup.skeleton.find(name).ok_or_else(|| {
        let names: Vec<&str> = setup.skeleton.nodes.iter().map(|n| n.name.as_str()).collect();
        format!("--set joint={name}: no such joint; the joints are: {}", names.join(", "))
    })
}

/// The demo's characters and their input.
pub struct Steering {
    pub main: Steered,
    /// The second character (`--set compare=...`), started beside the first.
    pub ghost: Option<Steered>,
    /// The scripted run, until a key takes over.
    pub scripted: Option<Scripted>,
    /// What the keys say now.
    pub keys: HeldKeys,
    /// The wave key went down since the last frame.
    wave: bool,
    /// Along the ground, away from the camera: the keys' "forward".
    pub forward: Vec3,
    /// The input of the last frame.
    pub input: Input,
    /// The last transition that fired: when, and its label.
    pub fired: Option<(f64, String)>,
    /// Where the character was over the last seconds.
    pub trail: std::collections::VecDeque<(f64, Vec3)>,
    /// What the panel plots.
    pub history: History,
    /// The node whose angle is plotted, and its name.
    pub joint: (usize, String),
}

impl Steering {
    /// The characters from the options: `setup` for the first, the same
    /// with `compared` settings for the second.
    pub fn new(setup: Locomotion, compared: Option<Settings>, options: &Options) -> Result<Steering, String> {
        let joint = joint(&setup, &options.joint)?;
        let ghost = compared.map(|settings| Steered::new(Locomotion { settings, ..setup.clone() }, GHOST_AT));
        let ghost = ghost.transpose().map_err(|e| e.to_string())?;
        Ok(Steering {
            main: Steered::new(setup, Vec3::ZERO).map_err(|e| e.to_string())?,
            ghost,
            scripted: options.scripted.clone(),
            keys: HeldKeys::default(),
            wave: false,
            forward: Vec3::NEG_Z,
            input: Input::default(),
            fired: None,
            trail: Default::default(),
            history: History::default(),
            joint: (joint, options.joint.clone()),
        })
    }

    /// Back to the start (the script too, if one was playing).
    pub fn reset(&mut self, scripted: Option<Scripted>) -> Result<(), LocoError> {
        let start = |s: &mut Steered, at: Vec3| {
            s.character = Character::new(&s.setup, at);
            lab09_locomotion::update(&s.setup, &mut s.character, &Input::default(), 0.0).map(|_| ())
        };
        start(&mut self.main, Vec3::ZERO)?;
        if let Some(g) = &mut self.ghost {
            start(g, GHOST_AT)?;
        }
        self.scripted = scripted;
        self.trail.clear();
        self.history.clear();
        self.fired = None;
        Ok(())
    }

    /// A key of the lab's went down or up. Any key takes over from a script.
    pub fn key(&mut self, key: LabKey, pressed: bool) {
        self.keys.set(key, pressed);
        if pressed {
            self.scripted = None;
            self.wave |= key == LabKey::E;
        }
    }

    /// The stick the keys make: W/Up away from the camera, S/Down towards
    /// it, A/Left and D/Right to its sides; a full push in any direction.
    fn keys_stick(&self) -> Vec2 {
        let down = |a: LabKey, b: LabKey| if self.keys.is_down(a) || self.keys.is_down(b) { 1.0 } else { 0.0 };
        let ahead = down(LabKey::W, LabKey::Up) - down(LabKey::S, LabKey::Down);
        let side = down(LabKey::D, LabKey::Right) - down(LabKey::A, LabKey::Left);
        let right = self.forward.cross(Vec3::Y);
        let dir = self.forward * ahead + right * side;
        Vec2::new(dir.x, dir.z).normalize_or_zero()
    }

    /// This frame's input, from `from` to `to` seconds.
    fn input(&mut self, from: f64, to: f64) -> Input {
        if let Some(s) = &self.scripted {
            return s.script.input(from, to);
        }
        let wave = std::mem::take(&mut self.wave);
        Input { stick: self.keys_stick(), run: self.keys.is_down(LabKey::Shift), wave }
    }

    /// Moves both characters `dt` seconds on, in steps of at most [`STEP`]
    /// (at most [`MOST_STEPS`] of them). A negative `dt` (a step back) does
    /// nothing: a steered character has no clip to rewind.
    pub fn update(&mut self, dt: f64) -> Result<(), LocoError> {
        if dt.is_nan() || dt <= 0.0 {
            return Ok(());
        }
        let steps = (dt / STEP).ceil().clamp(1.0, f64::from(MOST_STEPS));
        let step = (dt / steps).min(STEP);
        for _ in 0..steps as u32 {
            self.step(step)?;
        }
        Ok(())
    }

    fn step(&mut self, dt: f64) -> Result<(), LocoError> {
        let t = self.main.character.seconds;
        let input = self.input(t, t + dt);
        self.input = input;
        let mut slides = [f32::NAN; 2];
        let mut angles = [Vec3::NAN; 2];
        let mut fired = false;
        for (k, s) in std::iter::once(&mut self.main).chain(self.ghost.as_mut()).enumerate() {
            let feet = (s.character.feet, s.character.contacts);
            let frame = lab09_locomotion::update(&s.setup, &mut s.character, &input, dt)?;
            slides[k] = s.slide(feet, dt);
            angles[k] = s.angle(self.joint.0);
            if k == 0
                && let Some(index) = frame.fired
            {
                self.fired = Some((s.character.seconds, s.setup.machine.label(index)));
                fired = true;
            }
        }
        let ch = &self.main.character;
        let weights = ch.gait_weights(&self.main.setup);
        self.history.record(Sample {
            time: ch.seconds,
            weights: [weights[0], weights[1], weights[2]],
            state: ch.machine.state,
            angles,
            slides,
            fired,
        });
        self.trail.push_back((ch.seconds, ch.position));
        while self.trail.front().is_some_and(|(t, _)| *t < ch.seconds - TRAIL) {
            self.trail.pop_front();
        }
        Ok(())
    }
}
