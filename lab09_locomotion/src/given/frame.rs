//! One frame of a steered character, through the student's [`Steps`]:
//! stick to wanted velocity, springs (step 1), the machine's parameters and
//! transition (step 3), the blend space (step 2), the pose with its
//! offsets (step 4) or lab 07's crossfade, the character placed (step 5),
//! and the feet held (step 6).

use common::model::Transform;
use glam::{Quat, Vec3};
use lab07_transitions::given::Playing;
use lab07_transitions::solution::{advance_phase, blend_poses, masked_blend, synced_pose};

use super::character::{Character, Fade, Frame, Locomotion, Player, Transitions};
use super::{Blend, Input, LocoError, Plant, Steps, Velocities, check_frame, legs};

/// A stick pushed less than this far asks for no new heading.
pub const DEAD_ZONE: f32 = 0.1;

/// The blend space's pose: the two neighbouring gaits at the shared phase,
/// blended (lab 07's synced pose), or one gait alone.
fn blend_space_pose(setup: &Locomotion, player: &mut Player, blend: &Blend) -> Vec<Transform> {
    let (lower, upper) = (blend.lower.min(blend.upper), blend.lower.max(blend.upper));
    let weight = if blend.lower <= blend.upper { blend.weight } else { 1.0 - blend.weight };
    if lower == upper {
        let playing = &mut player.gaits[lower];
        playing.seconds = player.phase * setup.clips[playing.clip].duration_seconds();
        return playing.sample(&setup.clips, &setup.rest);
    }
    let (head, tail) = player.gaits.split_at_mut(upper);
    synced_pose(&mut head[lower], &mut tail[0], &setup.clips, &setup.rest, player.phase, weight)
}

/// Whether a state moves the legs by the blend space (itself, or an action over it).
fn uses_blend_space(setup: &Locomotion, state: usize) -> bool {
    setup.state_clips[state].is_none() || setup.masks[state].is_some()
}

/// The pose of `state` now.
fn state_pose(setup: &Locomotion, player: &mut Player, blend: &Blend, state: usize) -> Vec<Transform> {
    if setup.state_clips[state].is_none() {
        return blend_space_pose(setup, player, blend);
    }
    let clip_pose = match &mut player.states[state] {
        Some(playing) => playing.sample(&setup.clips, &setup.rest),
        None => setup.rest.clone(),
    };
    match &setup.masks[state] {
        Some(mask) => masked_blend(&blend_space_pose(setup, player, blend), &clip_pose, mask, 1.0),
        None => clip_pose,
    }
}

/// Moves the players `dt` seconds on: the blend space's phase at `rate`
/// (step 2b's), and the clips of `states`.
fn advance(setup: &Locomotion, player: &mut Player, blend: &Blend, rate: f32, dt: f64, states: [Option<usize>; 2]) {
    let (a, b) = (setup.gaits[blend.lower], setup.gaits[blend.upper]);
    player.phase = advance_phase(player.phase, dt * f64::from(rate), a.seconds, b.seconds, blend.weight);
    for s in states.into_iter().flatten() {
        if let Some(playing) = &mut player.states[s] {
            playing.seconds += dt;
        }
    }
}

/// One frame of `dt` seconds (0 to 1) with `input`, through `steps`.
/// Refuses a non-finite stick or a bad frame time before anything moves.
pub fn update_with(
    steps: &Steps,
    setup: &Locomotion,
    ch: &mut Character,
    input: &Input,
    dt: f64,
) -> Result<Frame, LocoError> {
    check_frame(dt, input)?;
    let s = &setup.settings;
    let machine = &setup.machine;
    // Step 1: the simulated character follows the stick.
    let stick = input.stick.clamp_length_max(1.0);
    let wanted = Vec3::new(stick.x, 0.0, stick.y) * setup.top_speed(input.run);
    ch.motion = (steps.follow_velocity)(&ch.motion, wanted, s.velocity_halflife, dt);
    if stick.length() > DEAD_ZONE {
        ch.wanted_heading = stick.x.atan2(stick.y);
    }
    ch.facing = (steps.follow_heading)(&ch.facing, ch.wanted_heading, s.heading_halflife, dt);
    ch.trajectory = (steps.predict)(&ch.motion, wanted, s.velocity_halflife);
    let speed = Vec3::new(ch.motion.velocity.x, 0.0, ch.motion.velocity.z).length();
    ch.parameters.set(machine, "speed", speed);
    ch.parameters.set(machine, "stick", stick.length());
    if input.wave {
        ch.parameters.pull(machine, "wave");
    }
    // Step 3: which transition fires, and how it joins the motions (step 4).
    let mut frame = Frame::default();
    if let Some(index) = (steps.choose_transition)(machine, &ch.machine, &ch.parameters) {
        let old = ch.machine.state;
        ch.machine.fire(machine, &mut ch.parameters, index);
        let new = ch.machine.state;
        if let Some(clip) = setup.state_clips[new] {
            let mode = if common::character::is_looping(&setup.clips[clip].name) {
                lab04_keyframes::given::Mode::Loop
            } else {
                lab04_keyframes::given::Mode::Once
            };
            ch.player.states[new] = Some(Playing::start(&setup.clips, clip, mode));
        }
        let duration = machine.transitions[index].duration;
        match s.transitions {
            Transitions::Inertialize => {
                let now = state_pose(setup, &mut ch.player, &ch.blend, new);
                // The new motion's velocity: one frame ahead on a copy of its players.
                let ahead_dt = if ch.last_dt > 0.0 { ch.last_dt } else { 1.0 / 60.0 };
                let mut ahead = ch.player.clone();
                advance(setup, &mut ahead, &ch.blend, ch.rate, ahead_dt, [Some(new), None]);
                let next = state_pose(setup, &mut ahead, &ch.blend, new);
                let new_velocity = Velocities::between(&now, &next, ahead_dt);
                let old_velocity = Velocities::between(&ch.shown_before, &ch.shown, ch.last_dt);
                (steps.start_offsets)(&mut ch.offsets, &ch.shown, &old_velocity, &now, &new_velocity);
                ch.offset_halflife = duration * s.offset_share;
            }
            Transitions::Crossfade => {
                ch.fade = (duration > 0.0).then_some(Fade { from: old, elapsed: 0.0, duration });
            }
        }
        frame.fired = Some(index);
    }
    // Step 2: the blend space; the clips of the state (and of the one fading out).
    ch.blend = (steps.blend_weights)(&setup.gaits, speed);
    ch.rate = (steps.playback_rate)(&setup.gaits, &ch.blend, speed);
    let state = ch.machine.state;
    let fading = ch.fade.map(|f| f.from).filter(|&f| f != state);
    advance(setup, &mut ch.player, &ch.blend, ch.rate, dt, [Some(state), fading]);
    // The blend space carries the character at `speed` (metres along its forward
    // axis): step 2b's rate is what makes the clips' feet keep up with that, so a
    // wrong rate shows as feet sliding over the ground, not as drift.
    let loco = speed * dt as f32;
    let length = setup.state_clips[state].map(|c| setup.clips[c].duration_seconds());
    ch.machine.advance(machine, dt, length);
    // The pose: the state's, faded from the old one's (crossfade), offsets added (step 4).
    let mut pose = state_pose(setup, &mut ch.player, &ch.blend, state);
    let mut travel = if uses_blend_space(setup, state) { loco } else { 0.0 };
    if let Some(fade) = &mut ch.fade {
        fade.elapsed += dt;
        let weight = (fade.elapsed / fade.duration).clamp(0.0, 1.0) as f32;
        let from = fade.from;
        if fade.elapsed >= fade.duration {
            ch.fade = None;
        }
        let old = state_pose(setup, &mut ch.player, &ch.blend, from);
        pose = blend_poses(&old, &pose, weight);
        let old_travel = if uses_blend_space(setup, from) { loco } else { 0.0 };
        travel = old_travel + (travel - old_travel) * weight;
    }
    (steps.inertialize)(&mut ch.offsets, &mut pose, ch.offset_halflife, dt);
    ch.shown_before = std::mem::replace(&mut ch.shown, pose);
    ch.last_dt = dt;
    // Step 5: the character placed by the clip's travel, pulled towards the simulation.
    let turn = Quat::from_rotation_y(ch.facing.angle);
    ch.travel = Vec3::Z * travel;
    ch.position = (steps.reconcile)(ch.position, turn * ch.travel, ch.motion.position, &s.reconcile, dt);
    ch.heading = ch.facing.angle;
    let mut pose = ch.shown.clone();
    let rest_root = setup.rest[0];
    pose[0] = Transform {
        translation: ch.position + turn * rest_root.translation,
        rotation: (turn * rest_root.rotation).normalize(),
        scale: rest_root.scale,
    };
    // Step 6: contacts from the clip, feet held on the ground.
    let world = lab01_hierarchy::solution::world_matrices(&setup.skeleton, &pose);
    let ankles = legs::ankles(&world, &setup.rig);
    let mut targets = ankles;
    for i in 0..2 {
        let clip_ankle = turn.inverse() * (ankles[i] - ch.position);
        ch.contacts[i] = (steps.in_contact)(clip_ankle, ch.clip_ankles[i], ch.travel, dt, &s.contact);
        ch.clip_ankles[i] = clip_ankle;
        // The clip was made on flat ground: its ankle keeps its height above the ground under it.
        let a = ankles[i];
        let animated = Vec3::new(a.x, a.y + s.terrain.height(a.x, a.z), a.z);
        targets[i] = if s.plant {
            (steps.plant_foot)(&mut ch.plants[i], ch.contacts[i], animated, dt, &s.planting)
        } else {
            ch.plants[i] = Plant::default();
            animated
        };
    }
    let (world, _) = legs::reach(&setup.skeleton, &mut pose, &setup.rig, targets, turn * Vec3::Z);
    ch.feet = legs::ankles(&world, &setup.rig);
    ch.world = world;
    ch.pose = pose;
    ch.parameters.triggers.fill(false);
    ch.seconds += dt;
    Ok(frame)
}
