//! The grader's fixtures and its own blend, written apart from the lab's
//! solution (glam's lerp and slerp, lab 04's sampler).

use common::model::{Channel, Clip, Key, Node, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab07_transitions::Mode;

/// Node animated by both clips, by clip a only, by clip b only, by neither.
pub const BOTH: usize = 1;
pub const ONLY_A: usize = 2;
pub const ONLY_B: usize = 4;
pub const NEITHER: usize = 3;

fn key<T>(time_ticks: f64, value: T) -> Key<T> {
    Key { time_ticks, value }
}

/// Six nodes with distinct rest transforms, and two clips animating different
/// node sets, of different lengths: `a` 2 s, `b` 0.667 s, both at 24 ticks/s.
pub fn two_clips() -> (Skeleton, Vec<Clip>) {
    let parents = [None, Some(0), Some(1), Some(1), Some(3), Some(0)];
    let nodes = parents
        .iter()
        .enumerate()
        .map(|(i, &parent)| Node {
            name: format!("n{i}"),
            parent,
            local: Transform {
                translation: Vec3::new(0.1 * i as f32, 1.0, 0.0),
                rotation: Quat::from_rotation_z(0.3 * i as f32),
                scale: Vec3::splat(1.0 + 0.05 * i as f32),
            },
        })
        .collect();
    let turn = |axis: Vec3, a: f32| Quat::from_axis_angle(axis, a);
    let a = Clip {
        name: "a".into(),
        duration_ticks: 48.0,
        ticks_per_second: 24.0,
        channels: vec![
            Channel {
                node: BOTH,
                rotations: vec![
                    key(0.0, turn(Vec3::X, 0.0)),
                    key(24.0, turn(Vec3::X, 1.2)),
                    key(48.0, turn(Vec3::X, 0.0)),
                ],
                positions: vec![key(0.0, Vec3::new(0.0, 1.0, 0.0)), key(48.0, Vec3::new(0.5, 1.0, 0.0))],
                ..Channel::default()
            },
            Channel {
                node: ONLY_A,
                rotations: vec![key(0.0, turn(Vec3::Y, -0.5)), key(30.0, turn(Vec3::Y, 0.9))],
                ..Channel::default()
            },
        ],
    };
    let b = Clip {
        name: "b".into(),
        duration_ticks: 16.0,
        ticks_per_second: 24.0,
        channels: vec![
            Channel {
                node: ONLY_B,
                rotations: vec![
                    key(0.0, turn(Vec3::Z, 0.2)),
                    key(8.0, turn(Vec3::Z, 1.4)),
                    key(16.0, turn(Vec3::Z, 0.2)),
                ],
                scales: vec![key(0.0, Vec3::ONE), key(8.0, Vec3::new(1.3, 0.8, 1.0))],
                ..Channel::default()
            },
            Channel {
                node: BOTH,
                rotations: vec![key(0.0, turn(Vec3::Y, 2.0)), key(16.0, turn(Vec3::Y, 2.6))],
                ..Channel::default()
            },
        ],
    };
    (Skeleton { nodes }, vec![a, b])
}

/// A clip's pose at its own time (looping), with glam's slerp.
pub fn pose_of(clip: &Clip, rest: &[Transform], seconds: f64) -> Vec<Transform> {
    let mut cursors = lab04_keyframes::given::ClipCursors::for_clip(clip);
    lab04_keyframes::solution::pose_at(clip, rest, seconds, Mode::Loop, &mut cursors, Quat::slerp).expect("a pose")
}

/// The grader's own blend: glam's lerp, glam's slerp (which takes the short way).
pub fn reference_blend(a: &Transform, b: &Transform, f: f32) -> Transform {
    Transform {
        translation: a.translation * (1.0 - f) + b.translation * f,
        rotation: a.rotation.slerp(b.rotation, f),
        scale: a.scale * (1.0 - f) + b.scale * f,
    }
}

/// Compares a blend of clips 0 and 1 at their own times with the grader's own.
pub fn check_pose(
    clips: &[Clip],
    rest: &[Transform],
    (ta, tb): (f64, f64),
    f: f32,
    got: &[Transform],
) -> Result<(), String> {
    let (pa, pb) = (pose_of(&clips[0], rest, ta), pose_of(&clips[1], rest, tb));
    if got.len() != rest.len() {
        return Err(format!("{} transforms for {} nodes: one per node", got.len(), rest.len()));
    }
    for (n, g) in got.iter().enumerate() {
        let want = reference_blend(&pa[n], &pb[n], f);
        if crate::check_blend(&pa[n], &pb[n], f, g).is_ok() {
            continue;
        }
        let close = |x: &Transform| crate::check_blend(x, x, 0.0, g).is_ok();
        let role = match n {
            ONLY_A => "only clip a animates",
            ONLY_B => "only clip b animates",
            BOTH => "both clips animate",
            _ => "no clip animates",
        };
        let hint = if !matches!(n, ONLY_A | ONLY_B | BOTH) && close(&Transform::IDENTITY) {
            "a node no clip animates keeps its rest pose (you gave it the identity)".to_string()
        } else if n == ONLY_A && close(&pa[n]) && f > 0.0 {
            format!(
                "node {n}, which only clip a animates, kept clip a's value at full weight: clip b holds the rest pose there, so blend a's value with the rest value"
            )
        } else if n == ONLY_B && close(&pb[n]) && f < 1.0 {
            format!(
                "node {n}, which only clip b animates, took clip b's value at full weight: blend it with the rest value (clip a holds the rest pose there)"
            )
        } else if close(&reference_blend(&pb[n], &pa[n], f)) || close(&reference_blend(&pa[n], &pb[n], 1.0 - f)) {
            "the factor runs the wrong way: 0 gives clip a, 1 clip b".to_string()
        } else {
            format!(
                "node {n} ({role}) is wrong: expected {want:?}, got {g:?}: sample each clip at its own time \
                 (clip a at {ta} s, clip b at {tb} s, each on its own clock), then blend"
            )
        };
        return Err(format!("clip a at {ta} s, clip b at {tb} s, factor {f}: {hint} (a node {role})"));
    }
    Ok(())
}
