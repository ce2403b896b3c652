//! What the grader's modules share: the set-up, the scripted run, and the
//! figures measured over it (foot sliding, distance to the simulation,
//! angular-velocity jumps at transitions).

use glam::{Quat, Vec3};
use lab08_inverse_kinematics::Terrain;
use lab09_locomotion::given::{Steps, update_with};
use lab09_locomotion::{Character, Input, InputScript, Locomotion, Settings, Transitions};

/// The scripted run of the measured checks: walk, run, stop, turn, wave,
/// over lab 08's course (flat, a ramp, steps, rolling ground).
pub const RUN: &str = "\
0.0   0 0
0.5   0 1
3.0   0 1 run
5.5   0 0
7.0   1 0
9.0  -0.7 -0.7
11.0  0 0 wave
14.0  0 1 run
16.0  0 0
";

/// Seconds the scripted run lasts.
pub const RUN_SECONDS: f64 = 17.0;

/// The built-in set-up with these settings.
pub fn setup(settings: Settings) -> Locomotion {
    Locomotion::builtin(settings).unwrap_or_else(|e| panic!("the built-in set-up: {e}"))
}

/// The default settings on lab 08's course.
pub fn course() -> Settings {
    Settings { terrain: Terrain::Course, ..Settings::default() }
}

/// What one frame of a run showed.
pub struct Shot {
    pub seconds: f64,
    pub fired: Option<usize>,
    pub character: Character,
}

/// Runs `script` for `seconds` at `fps` through `steps`, keeping every frame.
pub fn run_with(steps: &Steps, setup: &Locomotion, script: &str, seconds: f64, fps: f64) -> Result<Vec<Shot>, String> {
    let script = InputScript::parse(script).map_err(|e| e.to_string())?;
    let mut ch = Character::new(setup, Vec3::ZERO);
    let dt = 1.0 / fps;
    let frames = (seconds * fps).round() as usize;
    let mut shots = Vec::with_capacity(frames);
    for f in 0..frames {
        let t = f as f64 * dt;
        let input: Input = script.input(t, t + dt);
        let frame = update_with(steps, setup, &mut ch, &input, dt).map_err(|e| format!("at {t:.2} s: {e}"))?;
        shots.push(Shot { seconds: t + dt, fired: frame.fired, character: ch.clone() });
    }
    Ok(shots)
}

/// Mean horizontal speed (m/s) of the feet over the frames where the clip
/// says they are in contact, and the number of such frames.
pub fn sliding(shots: &[Shot]) -> (f32, usize) {
    let (mut total, mut count) = (0.0f32, 0usize);
    for w in shots.windows(2) {
        let dt = (w[1].seconds - w[0].seconds) as f32;
        for i in 0..2 {
            if w[0].character.contacts[i] && w[1].character.contacts[i] {
                let d = w[1].character.feet[i] - w[0].character.feet[i];
                total += Vec3::new(d.x, 0.0, d.z).length() / dt;
                count += 1;
            }
        }
    }
    (if count > 0 { total / count as f32 } else { 0.0 }, count)
}

/// Per frame, per node: the angular velocity (rad/s) of the shown pose's
/// local rotations.
fn spins(shots: &[Shot]) -> Vec<Vec<Vec3>> {
    shots
        .windows(2)
        .map(|w| {
            let dt = (w[1].seconds - w[0].seconds) as f32;
            w[0].character
                .shown
                .iter()
                .zip(&w[1].character.shown)
                .map(|(a, b)| {
                    let mut turn: Quat = b.rotation * a.rotation.inverse();
                    if turn.w < 0.0 {
                        turn = -turn;
                    }
                    turn.to_scaled_axis() / dt
                })
                .collect()
        })
        .collect()
}

/// The largest change of any joint's angular velocity from one frame to
/// the next (rad/s), at the frames where a transition fired (and the two
/// after), and elsewhere: (at transitions, max elsewhere, median elsewhere).
pub fn pops(shots: &[Shot]) -> (f32, f32, f32) {
    let spins = spins(shots);
    let mut near = vec![false; spins.len()];
    for (f, shot) in shots.iter().enumerate() {
        if shot.fired.is_some() {
            for k in f.saturating_sub(1)..(f + 3).min(near.len()) {
                near[k] = true;
            }
        }
    }
    let (mut at, mut other) = (0.0f32, Vec::new());
    for f in 1..spins.len() {
        let jump = spins[f].iter().zip(&spins[f - 1]).map(|(a, b)| (*a - *b).length()).fold(0.0f32, f32::max);
        if near[f] || near[f - 1] {
            at = at.max(jump);
        } else {
            other.push(jump);
        }
    }
    other.sort_by(f32::total_cmp);
    let median = other.get(other.len() / 2).copied().unwrap_or(0.0);
    (at, other.last().copied().unwrap_or(0.0), median)
}

/// Settings with lab 07's crossfade instead of step 4.
pub fn crossfade(settings: Settings) -> Settings {
    Settings { transitions: Transitions::Crossfade, ..settings }
}
