//! The reference solution of lab 09. Same API as `exercise.rs`, step by step.

use common::model::Transform;
use glam::Vec3;

use crate::given::{
    Blend, Character, Contact, Facing, Frame, Gait, Input, LocoError, Locomotion, Machine, MachineState, Motion,
    Offsets, PREDICTION, Parameters, Plant, Planting, Reconcile, Steps, Velocities, from_rotation_vector,
    rotation_vector,
};

/// The decay rate `y` of a critically damped spring with this half-life:
/// the spring's error goes as `(1 + y t) e^(-y t)`. Infinite for 0.
fn decay_rate(halflife: f64) -> f64 {
    if halflife > 0.0 { 2.0 * std::f64::consts::LN_2 / halflife } else { f64::INFINITY }
}

/// Step 1a: an offset and its velocity `dt` seconds later, pulled to zero by
/// a critically damped spring, exactly (the closed form, any `dt`).
pub fn spring_decay(offset: Vec3, velocity: Vec3, halflife: f64, dt: f64) -> (Vec3, Vec3) {
    let y = decay_rate(halflife);
    if !y.is_finite() {
        return (Vec3::ZERO, Vec3::ZERO);
    }
    let e = (-y * dt).exp() as f32;
    let (y, dt) = (y as f32, dt as f32);
    let j1 = velocity + offset * y;
    (e * (offset + j1 * dt), e * (velocity - j1 * (y * dt)))
}

/// Step 1b: the velocity follows `wanted` by the spring of step 1a (its
/// offset is the velocity's gap to `wanted`); the position moves by the
/// exact integral of that velocity over `dt`.
pub fn follow_velocity(motion: &Motion, wanted: Vec3, halflife: f64, dt: f64) -> Motion {
    let y = decay_rate(halflife);
    if !y.is_finite() {
        return Motion { position: motion.position + wanted * dt as f32, velocity: wanted, acceleration: Vec3::ZERO };
    }
    let e = (-y * dt).exp() as f32;
    let (y, dt) = (y as f32, dt as f32);
    let j0 = motion.velocity - wanted;
    let j1 = motion.acceleration + j0 * y;
    Motion {
        position: motion.position + wanted * dt + j0 * ((1.0 - e) / y) + j1 * ((1.0 - e * (1.0 + y * dt)) / (y * y)),
        velocity: e * (j0 + j1 * dt) + wanted,
        acceleration: e * (motion.acceleration - j1 * (y * dt)),
    }
}

/// An angle in [-pi, pi].
fn wrap(angle: f32) -> f32 {
    (angle + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI
}

/// Step 1c: the facing follows `wanted` (radians) by the spring of step 1a,
/// the gap taken the short way round.
pub fn follow_heading(facing: &Facing, wanted: f32, halflife: f64, dt: f64) -> Facing {
    let gap = wrap(facing.angle - wanted);
    let (gap, rate) = spring_decay(Vec3::X * gap, Vec3::X * facing.rate, halflife, dt);
    Facing { angle: wrap(wanted + gap.x), rate: rate.x }
}

/// Step 1d: where the simulation will be at each of [`PREDICTION`]'s times
/// if `wanted` stays: step 1b's closed form evaluated at those times.
pub fn predict(motion: &Motion, wanted: Vec3, halflife: f64) -> [Vec3; 3] {
    PREDICTION.map(|t| follow_velocity(motion, wanted, halflife, t).position)
}

/// Step 2a: the two gaits around `speed` and how far between them; below
/// the slowest, the slowest alone; at or above the fastest, the fastest alone.
pub fn blend_weights(gaits: &[Gait], speed: f32) -> Blend {
    let last = gaits.len() - 1;
    if speed <= gaits[0].speed {
        return Blend { lower: 0, upper: 0, weight: 0.0 };
    }
    if speed >= gaits[last].speed {
        return Blend { lower: last, upper: last, weight: 0.0 };
    }
    let upper = gaits.partition_point(|g| g.speed <= speed);
    let (a, b) = (gaits[upper - 1].speed, gaits[upper].speed);
    Blend { lower: upper - 1, upper, weight: (speed - a) / (b - a) }
}

/// Step 2b: the playback rate that makes the synced blend's feet travel at
/// `speed`: the blend travels the weighted distance of its gaits' cycles in
/// its weighted cycle length (lab 07's `cycle_seconds`), not at the
/// weighted speed. 1 when the blend does not travel.
pub fn playback_rate(gaits: &[Gait], blend: &Blend, speed: f32) -> f32 {
    let (a, b) = (gaits[blend.lower], gaits[blend.upper]);
    let w = blend.weight;
    let distance = a.speed * a.seconds as f32 + (b.speed * b.seconds as f32 - a.speed * a.seconds as f32) * w;
    let cycle = lab07_transitions::solution::cycle_seconds(a.seconds, b.seconds, w) as f32;
    let natural = distance / cycle;
    if natural > 1e-6 { speed / natural } else { 1.0 }
}

/// Step 3: the transition that fires this frame, if any.
pub fn choose_transition(machine: &Machine, now: &MachineState, parameters: &Parameters) -> Option<usize> {
    if let Some(active) = now.active
        && !machine.transitions[active.transition].interruptible
    {
        return None;
    }
    let mut best: Option<usize> = None;
    for (i, t) in machine.transitions.iter().enumerate() {
        let leaves_here = t.from.is_none_or(|f| f == now.state) && t.to != now.state;
        let ready = t.when.iter().all(|c| c.holds(parameters))
            && t.trigger.is_none_or(|k| parameters.triggers[k])
            && (!t.at_end || now.clip_ended);
        if leaves_here && ready && best.is_none_or(|b| t.priority > machine.transitions[b].priority) {
            best = Some(i);
        }
    }
    best
}

/// Step 4a: at the switch, the offsets that carry the new pose onto the old
/// one (rotation the short way, in the parent's frame), and their velocities.
pub fn start_offsets(
    offsets: &mut Offsets,
    from: &[Transform],
    from_velocity: &Velocities,
    to: &[Transform],
    to_velocity: &Velocities,
) {
    *offsets = Offsets::zero(from.len());
    for i in 0..from.len() {
        let mut turn = from[i].rotation * to[i].rotation.inverse();
        if turn.w < 0.0 {
            turn = -turn;
        }
        offsets.rotations[i] = rotation_vector(turn);
        offsets.spins[i] = from_velocity.angular[i] - to_velocity.angular[i];
        offsets.translations[i] = from[i].translation - to[i].translation;
        offsets.velocities[i] = from_velocity.linear[i] - to_velocity.linear[i];
    }
}

/// Step 4b: the offsets `dt` seconds later (step 1a's spring), added onto
/// the new pose.
pub fn inertialize(offsets: &mut Offsets, pose: &mut [Transform], halflife: f64, dt: f64) {
    for (i, local) in pose.iter_mut().enumerate().take(offsets.rotations.len()) {
        (offsets.rotations[i], offsets.spins[i]) = spring_decay(offsets.rotations[i], offsets.spins[i], halflife, dt);
        (offsets.translations[i], offsets.velocities[i]) =
            spring_decay(offsets.translations[i], offsets.velocities[i], halflife, dt);
        local.rotation = (from_rotation_vector(offsets.rotations[i]) * local.rotation).normalize();
        local.translation += offsets.translations[i];
    }
}

/// Step 5: the placed character moved by the clip's travel, then pulled
/// towards the simulated position (half the gap per half-life, whatever the
/// frame rate), and never left further than the limit from it.
pub fn reconcile(position: Vec3, travel: Vec3, simulated: Vec3, settings: &Reconcile, dt: f64) -> Vec3 {
    let moved = position + travel;
    let pull = if settings.halflife > 0.0 { 1.0 - 0.5f64.powf(dt / settings.halflife) } else { 1.0 };
    let pulled = moved + (simulated - moved) * pull as f32;
    let gap = pulled - simulated;
    let length = gap.length();
    if length > settings.limit { simulated + gap * (settings.limit / length) } else { pulled }
}

/// Step 6a: whether the clip's foot is on the ground this frame: low, and
/// slow over the ground (its move in the character's frame plus the
/// character's travel), horizontally. With `dt` 0, by height alone.
pub fn in_contact(foot: Vec3, before: Vec3, travel: Vec3, dt: f64, contact: &Contact) -> bool {
    if foot.y > contact.height {
        return false;
    }
    if dt <= 0.0 {
        return true;
    }
    let moved = foot - before + travel;
    Vec3::new(moved.x, 0.0, moved.z).length() <= contact.speed * dt as f32
}

/// Smoothstep: a weight eased at both ends, so a release starts and ends with no jerk.
fn ease(w: f32) -> f32 {
    let w = w.clamp(0.0, 1.0);
    w * w * (3.0 - 2.0 * w)
}

/// Step 6b: where the foot goes this frame: held where it was when contact
/// began, let go when contact ends (or the clip's foot is out of reach),
/// and eased back to the clip's foot over the release time.
pub fn plant_foot(plant: &mut Plant, contact: bool, animated: Vec3, dt: f64, planting: &Planting) -> Vec3 {
    if contact && !plant.held {
        plant.anchor = animated.lerp(plant.anchor, ease(plant.weight));
        plant.held = true;
    } else if !contact {
        plant.held = false;
    }
    if plant.held {
        let apart = animated - plant.anchor;
        if Vec3::new(apart.x, 0.0, apart.z).length() > planting.reach {
            plant.held = false;
        }
    }
    if plant.held {
        plant.weight = 1.0;
    } else {
        let fall = if planting.release > 0.0 { (dt / planting.release) as f32 } else { 1.0 };
        plant.weight = (plant.weight - fall).max(0.0);
    }
    animated.lerp(plant.anchor, ease(plant.weight))
}

/// Every step of this variant, for the given frame loop.
pub const STEPS: Steps = Steps {
    spring_decay,
    follow_velocity,
    follow_heading,
    predict,
    blend_weights,
    playback_rate,
    choose_transition,
    start_offsets,
    inertialize,
    reconcile,
    in_contact,
    plant_foot,
};

/// One frame of `dt` seconds (0 to 1) for `character` with `input`: the
/// given loop with this variant's steps.
pub fn update(setup: &Locomotion, character: &mut Character, input: &Input, dt: f64) -> Result<Frame, LocoError> {
    crate::given::update_with(&STEPS, setup, character, input, dt)
}
