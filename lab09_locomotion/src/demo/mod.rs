//! The demo's parts: its settings, a user's own clips (`clips`), the steered characters, what the 3D
//! view and the panel draw, the plots, and the lecture figures.

pub mod clips;
pub mod draw;
pub mod figures;
pub mod options;
pub mod panel;
pub mod plot;
pub mod steer;

use glam::Vec3;
use lab09_locomotion::{Facing, Locomotion, MachineState, Motion, Offsets, Parameters, Plant, Velocities};

/// Calls each of your steps once, in order, on small inputs: a step still a
/// `todo!()` stops the demo here, named, before a window opens (some steps
/// run only at a transition or with the feet held, so a frame alone would
/// not reach them all).
pub fn probe_steps(setup: &Locomotion) {
    use lab09_locomotion as lab;
    let dt = 1.0 / 60.0;
    let s = &setup.settings;
    let motion = Motion::default();
    lab::spring_decay(Vec3::X, Vec3::ZERO, s.velocity_halflife, dt);
    lab::follow_velocity(&motion, Vec3::Z, s.velocity_halflife, dt);
    lab::follow_heading(&Facing::default(), 1.0, s.heading_halflife, dt);
    lab::predict(&motion, Vec3::Z, s.velocity_halflife);
    let blend = lab::blend_weights(&setup.gaits, 1.0);
    lab::playback_rate(&setup.gaits, &blend, 1.0);
    lab::choose_transition(&setup.machine, &MachineState::start(&setup.machine), &Parameters::of(&setup.machine));
    let mut offsets = Offsets::zero(setup.rest.len());
    let still = Velocities::between(&setup.rest, &setup.rest, dt);
    lab::start_offsets(&mut offsets, &setup.rest, &still, &setup.rest, &still);
    lab::inertialize(&mut offsets, &mut setup.rest.clone(), 0.1, dt);
    lab::reconcile(Vec3::ZERO, Vec3::Z * 0.01, Vec3::Z * 0.01, &s.reconcile, dt);
    lab::in_contact(Vec3::ZERO, Vec3::ZERO, Vec3::ZERO, dt, &s.contact);
    lab::plant_foot(&mut Plant::default(), true, Vec3::ZERO, dt, &s.planting);
}
