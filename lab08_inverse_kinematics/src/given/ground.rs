//! The ground the character walks on: a height field `y = height(x, z)`,
//! and a vertical ray cast down onto it (the demo's terrain, step 6's input).

use glam::Vec3;

/// A piece of ground, described by its height along the walking direction
/// (+Z) and, for the sine, across it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Terrain {
    /// y = 0 everywhere.
    Flat,
    /// y rises by `slope` metres per metre of z, from z = `from`.
    Ramp { from: f32, slope: f32 },
    /// Steps of `rise` metres every `run` metres of z, from z = `from`.
    Steps { from: f32, rise: f32, run: f32 },
    /// Rolling ground: `amplitude * sin(2 pi z / wavelength) * cos(x)`.
    Sine { amplitude: f32, wavelength: f32 },
    /// The demo's course along +Z: flat, a ramp up, steps down, rolling ground.
    Course,
}

/// Where a ray hits the ground: the point and the ground's unit normal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hit {
    /// The point on the ground.
    pub point: Vec3,
    /// The ground's unit normal there (pointing up).
    pub normal: Vec3,
}

/// The course's pieces along z: flat to 1 m, a ramp to 3 m, steps to 5 m,
/// then rolling ground. Heights match where pieces meet.
const RAMP: (f32, f32, f32) = (1.0, 3.0, 0.12);
const STEP: (f32, f32) = (0.05, 0.4);

impl Terrain {
    /// Every terrain the demo can show, by its `--set ground=` name.
    pub const NAMES: [(&'static str, Terrain); 5] = [
        ("course", Terrain::Course),
        ("flat", Terrain::Flat),
        ("ramp", Terrain::Ramp { from: 0.0, slope: 0.15 }),
        ("steps", Terrain::Steps { from: 0.5, rise: 0.06, run: 0.45 }),
        ("sine", Terrain::Sine { amplitude: 0.08, wavelength: 1.6 }),
    ];

    /// The ground's height at (x, z).
    pub fn height(&self, x: f32, z: f32) -> f32 {
        match *self {
            Terrain::Flat => 0.0,
            Terrain::Ramp { from, slope } => (z - from).max(0.0) * slope,
            Terrain::Steps { from, rise, run } => {
                if z < from {
                    0.0
                } else {
                    (((z - from) / run).floor() + 1.0).min(1e6) * rise
                }
            }
            Terrain::Sine { amplitude, wavelength } => {
                amplitude * (std::f32::consts::TAU * z / wavelength).sin() * x.cos()
            }
            Terrain::Course => {
                let (start, end, slope) = RAMP;
                let top = (end - start) * slope;
                if z < start {
                    0.0
                } else if z < end {
                    (z - start) * slope
                } else if z < end + 5.0 * STEP.1 {
                    top - (((z - end) / STEP.1).floor() + 1.0) * STEP.0
                } else {
                    let base = top - 5.0 * STEP.0;
                    base + 0.06 * (std::f32::consts::TAU * (z - end - 5.0 * STEP.1) / 1.6).sin() * x.cos()
                }
            }
        }
    }

    /// The unit normal at (x, z), from the height's slopes (flat on a step's tread).
    pub fn normal(&self, x: f32, z: f32) -> Vec3 {
        let h = 1e-3;
        let dx = (self.height(x + h, z) - self.height(x - h, z)) / (2.0 * h);
        let dz = (self.height(x, z + h) - self.height(x, z - h)) / (2.0 * h);
        // A step's edge has no slope: the treads either side are flat.
        let clamp = |d: f32| if d.abs() > 2.0 { 0.0 } else { d };
        Vec3::new(-clamp(dx), 1.0, -clamp(dz)).normalize()
    }

    /// A vertical ray from `from` straight down (and up, if `from` is under
    /// the ground): where it meets the ground. None for a non-finite point.
    pub fn ray_down(&self, from: Vec3) -> Option<Hit> {
        if !from.is_finite() {
            return None;
        }
        let y = self.height(from.x, from.z);
        Some(Hit { point: Vec3::new(from.x, y, from.z), normal: self.normal(from.x, from.z) })
    }

    /// The terrain named `name` (see [`Terrain::NAMES`]).
    pub fn named(name: &str) -> Option<Terrain> {
        Terrain::NAMES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    }
}
