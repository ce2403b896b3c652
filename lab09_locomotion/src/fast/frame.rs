//! One frame on the fast path: the given loop (`given::frame::update_with`)
//! step for step, with the springs' constants kept per frame time, the
//! poses struct of arrays, and the legs of `legs.rs`.

use common::model::Transform;
use glam::{Quat, Vec3};
use lab04_keyframes::fast::{FastPose, LANES, sample_fast_on};
use lab07_transitions::fast::{FastPlaying, blend_fast};
use lab07_transitions::solution::advance_phase;

use super::lanes::{self, OffsetLanes, Spring};
use super::{Fast, FastCharacter, PerDt, SETTLED, Scratch, spring};
use crate::given::frame::DEAD_ZONE;
use crate::given::{Blend, Facing, Frame, Input, LocoError, Motion, PREDICTION, Plant, Reconcile, check_frame};
use crate::solution;

impl Fast {
    /// One frame of `dt` seconds (0 to 1) for `ch` with `input`: what
    /// `solution::update` does to a `Character`, to rounding. Refuses a bad
    /// frame time or a non-finite stick before anything moves, as it does.
    pub fn update(
        &self,
        ch: &mut FastCharacter,
        scratch: &mut Scratch,
        input: &Input,
        dt: f64,
    ) -> Result<Frame, LocoError> {
        check_frame(dt, input)?;
        let s = &self.settings;
        let k = self.per_dt(ch, dt);
        // Step 1: the simulated character follows the stick.
        let stick = input.stick.clamp_length_max(1.0);
        let wanted = Vec3::new(stick.x, 0.0, stick.y) * self.top_speeds[usize::from(input.run)];
        ch.motion = follow(&ch.motion, wanted, k.velocity, dt);
        if stick.length() > DEAD_ZONE {
            ch.wanted_heading = stick.x.atan2(stick.y);
        }
        ch.facing = heading(&ch.facing, ch.wanted_heading, k.heading);
        ch.trajectory = [0, 1, 2].map(|i| follow(&ch.motion, wanted, self.prediction[i], PREDICTION[i]).position);
        let speed = Vec3::new(ch.motion.velocity.x, 0.0, ch.motion.velocity.z).length();
        if let Some(i) = self.speed {
            ch.parameters.values[i] = speed;
        }
        if let Some(i) = self.stick {
            ch.parameters.values[i] = stick.length();
        }
        if let Some(i) = self.wave.filter(|_| input.wave) {
            ch.parameters.triggers[i] = true;
        }
        // Step 3: which transition fires; step 4's offsets start.
        let mut frame = Frame::default();
        if let Some(index) = solution::choose_transition(&self.machine, &ch.machine, &ch.parameters) {
            ch.machine.fire(&self.machine, &mut ch.parameters, index);
            let new = ch.machine.state;
            if let Some(clip) = self.state_clips[new] {
                ch.states[new] = Some(FastPlaying::start(clip, self.modes[clip]));
            }
            self.start_offsets(ch, scratch, new)?;
            ch.offset_halflife = self.machine.transitions[index].duration * s.offset_share;
            frame.fired = Some(index);
        }
        // Step 2: the blend space; the players move on.
        ch.blend = solution::blend_weights(&self.gaits, speed);
        ch.rate = solution::playback_rate(&self.gaits, &ch.blend, speed);
        let state = ch.machine.state;
        let (ga, gb) = (self.gaits[ch.blend.lower], self.gaits[ch.blend.upper]);
        ch.phase = advance_phase(ch.phase, dt * f64::from(ch.rate), ga.seconds, gb.seconds, ch.blend.weight);
        if let Some(playing) = &mut ch.states[state] {
            playing.seconds += dt;
        }
        let loco = speed * dt as f32;
        let length = self.state_clips[state].map(|c| self.lengths[c]);
        ch.machine.advance(&self.machine, dt, length);
        // The pose, into the older of the two shown buffers, offsets added (step 4).
        let back = 1 - ch.now;
        let mut pose = std::mem::take(&mut ch.shown[back]);
        let mut playing = ch.states[state];
        let sampled = self.state_pose(&mut ch.gaits, &ch.blend, ch.phase, state, playing.as_mut(), &mut pose, scratch);
        ch.states[state] = playing;
        if ch.live {
            let k = self.per_dt(ch, dt);
            let reach = match k.offsets {
                Some(spring) => lanes::inertialize(self.kernel, &mut ch.offsets, &mut pose, spring),
                None => 0.0,
            };
            if reach < SETTLED {
                ch.offsets.fill(OffsetLanes::ZERO);
                ch.live = false;
            }
        }
        ch.shown[back] = pose;
        sampled?;
        ch.now = back;
        ch.last_dt = dt;
        let travel = if self.over_blend_space[state] { loco } else { 0.0 };
        // Step 5: the character placed by the clip's travel, pulled towards the simulation.
        let turn = Quat::from_rotation_y(ch.facing.angle);
        ch.travel = Vec3::Z * travel;
        ch.position = reconcile(ch.position, turn * ch.travel, ch.motion.position, &s.reconcile, k.pull);
        ch.heading = ch.facing.angle;
        ch.pose.lanes_mut().copy_from_slice(ch.shown[ch.now].lanes());
        let r = &self.rest_root;
        let root = Transform {
            translation: ch.position + turn * r.translation,
            rotation: (turn * r.rotation).normalize(),
            scale: r.scale,
        };
        lanes::set(&mut ch.pose, 0, &root);
        // Step 6: contacts from the clip, feet held on the ground.
        let ankles = self.legs.start(&ch.pose, &mut scratch.legs);
        let mut targets = ankles;
        for i in 0..2 {
            let clip_ankle = turn.inverse() * (ankles[i] - ch.position);
            ch.contacts[i] = solution::in_contact(clip_ankle, ch.clip_ankles[i], ch.travel, dt, &s.contact);
            ch.clip_ankles[i] = clip_ankle;
            // The clip was made on flat ground: its ankle keeps its height above the ground under it.
            let a = ankles[i];
            let animated = Vec3::new(a.x, a.y + s.terrain.height(a.x, a.z), a.z);
            targets[i] = if s.plant {
                solution::plant_foot(&mut ch.plants[i], ch.contacts[i], animated, dt, &s.planting)
            } else {
                ch.plants[i] = Plant::default();
                animated
            };
        }
        ch.feet = self.legs.reach(&mut ch.pose, &mut scratch.legs, targets, turn * Vec3::Z);
        ch.parameters.triggers.fill(false);
        ch.seconds += dt;
        Ok(frame)
    }

    /// The frame's constants for `dt` and the character's offset half-life,
    /// computed only when either changed.
    fn per_dt(&self, ch: &mut FastCharacter, dt: f64) -> PerDt {
        if let Some(k) = ch.per_dt
            && k.dt == dt
            && k.offset_halflife == ch.offset_halflife
        {
            return k;
        }
        let s = &self.settings;
        let h = s.reconcile.halflife;
        let k = PerDt {
            dt,
            offset_halflife: ch.offset_halflife,
            velocity: spring(s.velocity_halflife, dt),
            heading: spring(s.heading_halflife, dt),
            offsets: spring(ch.offset_halflife, dt),
            pull: if h > 0.0 { (1.0 - 0.5f64.powf(dt / h)) as f32 } else { 1.0 },
        };
        ch.per_dt = Some(k);
        k
    }

    /// One clip at its player's time, into `out`.
    fn sample(&self, playing: &mut FastPlaying, out: &mut FastPose) -> Result<(), LocoError> {
        let clip = &self.clips[playing.clip];
        let ticks = clip.ticks(playing.seconds, playing.mode);
        sample_fast_on(self.kernel, clip, ticks, &mut playing.cursor, out)
            .map_err(|_| LocoError::NotFinite("clip time"))
    }

    /// The blend space's pose: the two neighbouring gaits at the shared
    /// phase, blended (lab 07's synced pose), or one alone.
    fn blend_space(
        &self,
        gaits: &mut [FastPlaying],
        blend: &Blend,
        phase: f64,
        out: &mut FastPose,
        scratch: &mut Scratch,
    ) -> Result<(), LocoError> {
        let (lower, upper) = (blend.lower.min(blend.upper), blend.lower.max(blend.upper));
        let weight = if blend.lower <= blend.upper { blend.weight } else { 1.0 - blend.weight };
        if lower == upper {
            let playing = &mut gaits[lower];
            playing.seconds = phase * self.lengths[playing.clip];
            return self.sample(playing, out);
        }
        let (head, tail) = gaits.split_at_mut(upper);
        let (a, b) = (&mut head[lower], &mut tail[0]);
        a.seconds = phase * self.lengths[a.clip];
        b.seconds = phase * self.lengths[b.clip];
        self.sample(a, &mut scratch.a)?;
        self.sample(b, &mut scratch.b)?;
        blend_fast(self.kernel, &scratch.a, &scratch.b, weight, out);
        Ok(())
    }

    /// The pose of `state` into `out`; `playing` is its clip's player.
    #[allow(clippy::too_many_arguments)]
    fn state_pose(
        &self,
        gaits: &mut [FastPlaying],
        blend: &Blend,
        phase: f64,
        state: usize,
        playing: Option<&mut FastPlaying>,
        out: &mut FastPose,
        scratch: &mut Scratch,
    ) -> Result<(), LocoError> {
        if self.state_clips[state].is_none() {
            return self.blend_space(gaits, blend, phase, out, scratch);
        }
        let Some(mask) = self.masks[state].as_deref() else {
            if let Some(p) = playing {
                return self.sample(p, out);
            }
            out.lanes_mut().copy_from_slice(self.rest.lanes());
            return Ok(());
        };
        self.blend_space(gaits, blend, phase, out, scratch)?;
        match playing {
            Some(p) => self.sample(p, &mut scratch.a)?,
            None => scratch.a.lanes_mut().copy_from_slice(self.rest.lanes()),
        }
        lanes::masked_copy(out, &scratch.a, mask);
        Ok(())
    }

    /// Step 4a at a switch to `new`: its pose now and one frame ahead (on
    /// copies of its players), the velocities of both motions, the offsets.
    fn start_offsets(&self, ch: &mut FastCharacter, scratch: &mut Scratch, new: usize) -> Result<(), LocoError> {
        let blend = ch.blend;
        let mut playing = ch.states[new];
        let mut now = std::mem::take(&mut scratch.now);
        let mut next = std::mem::take(&mut scratch.next);
        if now.nodes() != self.nodes() {
            (now, next) = (self.rest.clone(), self.rest.clone());
        }
        let result = (|| {
            self.state_pose(&mut ch.gaits, &blend, ch.phase, new, playing.as_mut(), &mut now, scratch)?;
            ch.states[new] = playing;
            let ahead_dt = if ch.last_dt > 0.0 { ch.last_dt } else { 1.0 / 60.0 };
            let (ga, gb) = (self.gaits[blend.lower], self.gaits[blend.upper]);
            let phase = advance_phase(ch.phase, ahead_dt * f64::from(ch.rate), ga.seconds, gb.seconds, blend.weight);
            if let Some(p) = &mut playing {
                p.seconds += ahead_dt;
            }
            let mut pair = [ch.gaits[blend.lower], ch.gaits[blend.upper]];
            let upper = usize::from(blend.lower != blend.upper);
            let local = Blend { lower: 0, upper, weight: blend.weight };
            self.state_pose(&mut pair, &local, phase, new, playing.as_mut(), &mut next, scratch)?;
            let (shown, before) = (&ch.shown[ch.now], &ch.shown[1 - ch.now]);
            start(&mut ch.offsets, self.nodes(), [before, shown], ch.last_dt, [&now, &next], ahead_dt);
            ch.live = true;
            Ok(())
        })();
        (scratch.now, scratch.next) = (now, next);
        result
    }
}

/// `solution::follow_velocity` with its spring's constants made already.
fn follow(m: &Motion, wanted: Vec3, spring: Option<Spring>, dt: f64) -> Motion {
    let Some(Spring { y, e, dt }) = spring else {
        return Motion { position: m.position + wanted * dt as f32, velocity: wanted, acceleration: Vec3::ZERO };
    };
    let j0 = m.velocity - wanted;
    let j1 = m.acceleration + j0 * y;
    Motion {
        position: m.position + wanted * dt + j0 * ((1.0 - e) / y) + j1 * ((1.0 - e * (1.0 + y * dt)) / (y * y)),
        velocity: e * (j0 + j1 * dt) + wanted,
        acceleration: e * (m.acceleration - j1 * (y * dt)),
    }
}

/// An angle in [-pi, pi], as the reference wraps it.
fn wrap(angle: f32) -> f32 {
    (angle + std::f32::consts::PI).rem_euclid(std::f32::consts::TAU) - std::f32::consts::PI
}

/// `solution::follow_heading` with its spring's constants made already.
fn heading(facing: &Facing, wanted: f32, spring: Option<Spring>) -> Facing {
    let Some(Spring { y, e, dt }) = spring else {
        return Facing { angle: wrap(wanted), rate: 0.0 };
    };
    let (gap, rate) = (wrap(facing.angle - wanted), facing.rate);
    let j1 = rate + gap * y;
    Facing { angle: wrap(wanted + e * (gap + j1 * dt)), rate: e * (rate - j1 * (y * dt)) }
}

/// `solution::reconcile` with its pull made already.
fn reconcile(position: Vec3, travel: Vec3, simulated: Vec3, settings: &Reconcile, pull: f32) -> Vec3 {
    let moved = position + travel;
    let pulled = moved + (simulated - moved) * pull;
    let gap = pulled - simulated;
    let length = gap.length();
    if length > settings.limit { simulated + gap * (settings.limit / length) } else { pulled }
}

/// The same turn the short way (as the given `Velocities::between` takes it).
fn shortest(v: Vec3) -> Vec3 {
    let angle = v.length();
    if angle > std::f32::consts::PI { v * (1.0 - std::f32::consts::TAU / angle) } else { v }
}

/// A node's angular and linear velocity from `before` to `after` over `dt`.
fn velocity(before: &Transform, after: &Transform, dt: f64) -> (Vec3, Vec3) {
    let scale = if dt > 0.0 { (1.0 / dt) as f32 } else { 0.0 };
    let turn = shortest((before.rotation.inverse() * after.rotation).to_scaled_axis());
    (before.rotation * turn * scale, (after.translation - before.translation) * scale)
}

/// `solution::start_offsets` with the given `Velocities::between`, node by
/// node into lanes: from the old motion (`old`: one frame earlier, now)
/// onto the new one (`new`: now, one frame ahead). Runs at a switch only.
fn start(
    offsets: &mut [OffsetLanes],
    nodes: usize,
    old: [&FastPose; 2],
    old_dt: f64,
    new: [&FastPose; 2],
    new_dt: f64,
) {
    offsets.fill(OffsetLanes::ZERO);
    for n in 0..nodes {
        let (o, l) = (&mut offsets[n / LANES], n % LANES);
        let (before, from) = (old[0].transform(n), old[1].transform(n));
        let (to, ahead) = (new[0].transform(n), new[1].transform(n));
        let (from_spin, from_velocity) = velocity(&before, &from, old_dt);
        let (to_spin, to_velocity) = velocity(&to, &ahead, new_dt);
        let mut turn = from.rotation * to.rotation.inverse();
        if turn.w < 0.0 {
            turn = -turn;
        }
        let (r, s, t, v) = (
            turn.to_scaled_axis(),
            from_spin - to_spin,
            from.translation - to.translation,
            from_velocity - to_velocity,
        );
        for i in 0..3 {
            o.rotation[i][l] = r[i];
            o.spin[i][l] = s[i];
            o.translation[i][l] = t[i];
            o.velocity[i][l] = v[i];
        }
    }
}
