//! What the demo shows besides the skin itself: the character's own motion
//! (so it moves with no clip) and the heat map's colour ramp.

use common::model::{Skeleton, Transform};
use glam::Vec3;
use lab01_hierarchy::solution::world_matrices;

/// The character's own motion, so the demo moves with no clip: arms down
/// and swinging, elbows and a knee bending, the chest twisting. Turns are
/// about the model's axes in the bind pose (see `common::pose::turn_in_model_axes`).
pub fn motion(skeleton: &Skeleton, locals: &mut [Transform], t: f32) {
    let s = (t * std::f32::consts::TAU / 2.5).sin();
    let turns = [
        ("upper_arm_l", Vec3::new(15.0 * s, 0.0, -70.0)),
        ("upper_arm_r", Vec3::new(-15.0 * s, 0.0, 70.0)),
        ("forearm_l", Vec3::new(0.0, -70.0 - 30.0 * s, 0.0)),
        ("forearm_r", Vec3::new(0.0, 40.0 - 25.0 * s, 0.0)),
        ("chest", Vec3::new(0.0, 20.0 * s, 0.0)),
        ("thigh_l", Vec3::new(-40.0 - 15.0 * s, 0.0, 0.0)),
        ("shin_l", Vec3::new(75.0 + 15.0 * s, 0.0, 0.0)),
        ("head", Vec3::new(0.0, -20.0 * s, 0.0)),
    ];
    let bind = world_matrices(skeleton, &skeleton.rest_locals());
    for (name, degrees) in turns {
        if let Some(i) = skeleton.find(name) {
            let (_, rotation, _) = bind[i].to_scale_rotation_translation();
            locals[i].rotation *= common::pose::turn_in_model_axes(rotation, degrees);
        }
    }
}

/// Weight 0..1 as a colour from deep blue through green to red.
pub fn heat(w: f32) -> Vec3 {
    let w = w.clamp(0.0, 1.0);
    Vec3::new(
        (w * 2.0 - 0.6).clamp(0.0, 1.0),
        (1.0 - (w * 2.0 - 1.0).abs()).clamp(0.0, 1.0) * 0.9,
        (1.0 - w * 2.0).clamp(0.15, 1.0),
    )
}
