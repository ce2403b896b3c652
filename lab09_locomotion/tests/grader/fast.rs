//! The fast frame (`lab09_locomotion::fast`, going further) against the
//! reference frame (`solution::update`), side by side on the scripted run,
//! on every kernel this machine has.
//!
//! How close they must be, and why. The two differ only by rounding and by
//! three approximations, each bounded elsewhere:
//! - lab 04's fast sampler nlerps between keys where the reference slerps:
//!   at most `nlerp_error_bound(largest key angle)` per rotation (lab 04);
//! - lab 07's corrected nlerp blends the gaits: at most
//!   `CORRECTED_NLERP_ERROR` (lab 07);
//! - settled offsets are dropped: at most `fast::SETTLED`.
//!
//! Their sum bounds a joint's local rotation, except where lab 08's IK
//! turns it: the hips, thighs, shins and feet get the solver's answer for
//! targets that moved by the error of the joints above them, and a leg
//! near full stretch turns its knee by far more than its foot moves (the
//! bend goes as the square root of the slack), so those joints are held by
//! where they put the ankles, not by their angles. A joint's position
//! moves by at most its ancestors' rotation errors times their distance to
//! it (under the character's height each, four of them down to an ankle).
//! The steps that decide must agree: transitions every frame (they read
//! the springs, which both compute alike), contacts every frame but where
//! the reference's ankle is within that position bound of a contact
//! threshold, where either answer is right. There the test counts the
//! frame, skips its positions (the foot is held or not) and carries the
//! reference's hold over to the fast character, so the run stays comparable.

use common::model::Transform;
use glam::{Mat4, Vec2, Vec3};
use lab04_keyframes::fast::Kernel;
use lab04_keyframes::fast::bound::{largest_key_angle, nlerp_error_bound, rotation_angle};
use lab07_transitions::fast::CORRECTED_NLERP_ERROR;
use lab08_inverse_kinematics::Terrain;
use lab09_locomotion::fast::{Fast, FastCharacter, FastError, SETTLED, Scratch};
use lab09_locomotion::{Character, Input, InputScript, Locomotion, Settings, solution};

use crate::kit::{RUN, RUN_SECONDS, course, crossfade, setup};

/// The bound on a local rotation the legs do not turn (radians), and on a
/// world position (metres), for `setup`'s clips.
fn bounds(setup: &Locomotion) -> (f64, f64) {
    let rotation =
        nlerp_error_bound(largest_key_angle(&setup.clips)) + CORRECTED_NLERP_ERROR + f64::from(SETTLED) + 1e-5;
    (rotation, 4.0 * rotation * f64::from(setup.rig.height) + 1e-5)
}

/// The worst differences seen over a run: rotation, position, a leg joint's rotation.
#[derive(Default, Debug)]
struct Worst {
    rotation: f64,
    position: f64,
    leg_rotation: f64,
    /// Frames where a contact fell on the other side of its threshold.
    borderline: usize,
}

/// Runs `script` through both frames and holds them together every frame.
fn side_by_side(setup: &Locomotion, kernel: Kernel, script: &str, seconds: f64, fps: f64) -> Worst {
    let fast = Fast::with_kernel(setup, kernel).unwrap_or_else(|e| panic!("the fast set-up: {e}"));
    let script = InputScript::parse(script).expect("a valid script");
    let (mut want, mut got) = (Character::new(setup, Vec3::ZERO), FastCharacter::new(&fast, setup, Vec3::ZERO));
    let mut scratch = Scratch::default();
    let (bound, near) = bounds(setup);
    let legs: Vec<usize> =
        std::iter::once(setup.rig.hips).chain(setup.rig.legs.iter().flat_map(|l| [l.thigh, l.shin, l.foot])).collect();
    let (mut pose, mut world) = (setup.rest.clone(), vec![Mat4::IDENTITY; setup.rest.len()]);
    let mut worst = Worst::default();
    let dt = 1.0 / fps;
    for f in 0..(seconds * fps).round() as usize {
        let t = f as f64 * dt;
        let input = script.input(t, t + dt);
        let before = want.clip_ankles;
        let fired = solution::update(setup, &mut want, &input, dt).expect("a valid frame").fired;
        let fast_fired = fast.update(&mut got, &mut scratch, &input, dt).expect("a valid frame").fired;
        let at = format!("{}, {t:.3} s ({} state)", kernel.name(), want.state_name(setup));
        assert_eq!(fast_fired, fired, "{at}: the fast frame fired {fast_fired:?}, the reference {fired:?}");
        assert_eq!(got.machine, want.machine, "{at}: the machines parted");
        let mut split = false;
        let parted: Vec<usize> = (0..2).filter(|&i| got.contacts[i] != want.contacts[i]).collect();
        for i in parted {
            let (c, contact) = (want.clip_ankles[i], &setup.settings.contact);
            let moved = c - before[i] + want.travel;
            let over = Vec2::new(moved.x, moved.z).length() - contact.speed * dt as f32;
            let margin = f64::from((c.y - contact.height).abs()).min(f64::from(over.abs()) / 2.0);
            assert!(
                margin <= near,
                "{at}: foot {i} in contact {}, the reference {} ({margin:.2e} m from its threshold, bound {near:.1e})",
                got.contacts[i],
                want.contacts[i]
            );
            (got.contacts[i], got.plants[i]) = (want.contacts[i], want.plants[i]);
            (split, worst.borderline) = (true, worst.borderline + 1);
        }
        assert!(worst.borderline <= 4, "{at}: {} contacts on the other side of their thresholds", worst.borderline);
        if split {
            continue;
        }
        let far = |a: Vec3, b: Vec3| f64::from((a - b).length());
        let positions = [
            ("position", got.position, want.position),
            ("simulated position", got.motion.position, want.motion.position),
            ("left ankle", got.feet[0], want.feet[0]),
            ("right ankle", got.feet[1], want.feet[1]),
            ("left anchor", got.plants[0].anchor, want.plants[0].anchor),
            ("right anchor", got.plants[1].anchor, want.plants[1].anchor),
        ];
        for (what, g, w) in positions {
            assert!(
                far(g, w) <= near,
                "{at}: {what} {g} where the reference has {w} ({:.2e} m apart, bound {near:.1e})",
                far(g, w)
            );
            worst.position = worst.position.max(far(g, w));
        }
        assert!((got.heading - want.heading).abs() < 1e-5, "{at}: heading {} against {}", got.heading, want.heading);
        got.pose_into(&mut pose);
        got.world_into(&fast, &mut world);
        for (node, (g, w)) in pose.iter().zip(&want.pose).enumerate() {
            let e = rotation_angle(g.rotation, w.rotation);
            let name = &setup.skeleton.nodes[node].name;
            if legs.contains(&node) {
                worst.leg_rotation = worst.leg_rotation.max(e);
            } else {
                assert!(
                    e <= bound,
                    "{at}: node {node} ({name}) turned {:?}, reference {:?}: {e:.2e} rad apart, bound {bound:.1e}",
                    g.rotation,
                    w.rotation
                );
                worst.rotation = worst.rotation.max(e);
            }
            let (gp, wp) = (world[node].w_axis.truncate(), want.world[node].w_axis.truncate());
            assert!(
                far(gp, wp) <= near,
                "{at}: node {node} ({name}) at {gp}, reference at {wp}: {:.2e} m apart",
                far(gp, wp)
            );
            assert!(far(g.scale, w.scale) <= 1e-5, "{at}: node {node} ({name}) scale {} against {}", g.scale, w.scale);
            worst.position = worst.position.max(far(gp, wp));
        }
    }
    worst
}

#[test]
fn given_fast_frame_matches_the_reference_on_the_scripted_run_over_uneven_ground() {
    let setup = setup(course());
    for kernel in Kernel::available() {
        let worst = side_by_side(&setup, kernel, RUN, RUN_SECONDS, 60.0);
        println!("{}: {worst:?}, bounds {:?}", kernel.name(), bounds(&setup));
    }
}

#[test]
fn given_fast_frame_matches_the_reference_flat_at_other_frame_rates_and_with_planting_off() {
    for (settings, fps) in [
        (Settings::default(), 30.0),
        (Settings::default(), 144.0),
        (
            Settings {
                plant: false,
                terrain: Terrain::Sine { amplitude: 0.1, wavelength: 2.0 },
                ..Settings::default()
            },
            60.0,
        ),
    ] {
        let setup = setup(settings);
        let worst = side_by_side(&setup, Kernel::best(), RUN, RUN_SECONDS, fps);
        println!("{fps} fps, plant {}: {worst:?}", settings.plant);
    }
}

#[test]
fn given_fast_frame_refuses_what_the_reference_refuses() {
    let setup = setup(Settings::default());
    let fast = Fast::new(&setup).expect("the built-in set-up");
    let (mut want, mut got, mut scratch) =
        (Character::new(&setup, Vec3::ZERO), FastCharacter::new(&fast, &setup, Vec3::ZERO), Scratch::default());
    let stick = |x: f32| Input { stick: Vec2::new(x, 0.0), ..Input::default() };
    for (input, dt) in [(stick(0.5), f64::NAN), (stick(0.5), -0.1), (stick(0.5), 1.5), (stick(f32::NAN), 1.0 / 60.0)] {
        let reference = solution::update(&setup, &mut want, &input, dt).map(|f| f.fired);
        let answer = fast.update(&mut got, &mut scratch, &input, dt).map(|f| f.fired);
        assert!(reference.is_err(), "the reference took dt {dt} and stick {:?}", input.stick);
        assert_eq!(answer, reference, "dt {dt}, stick {:?}", input.stick);
    }
    assert_eq!(got.seconds, 0.0, "a refused frame moved the fast character");
    let refused = Fast::new(&crate::kit::setup(crossfade(Settings::default()))).err();
    assert_eq!(refused, Some(FastError::Crossfade), "the fast path does not crossfade: it must refuse");
    let message = FastError::Crossfade.to_string();
    assert!(message.contains("solution::update"), "the refusal must say what to run instead: {message}");
}

#[test]
fn given_fast_pose_and_world_are_the_characters_own() {
    let setup = setup(Settings::default());
    let fast = Fast::new(&setup).expect("the built-in set-up");
    let (mut ch, mut scratch) = (FastCharacter::new(&fast, &setup, Vec3::new(1.0, 0.0, 2.0)), Scratch::default());
    let input = Input { stick: Vec2::new(0.0, 1.0), ..Input::default() };
    for _ in 0..90 {
        fast.update(&mut ch, &mut scratch, &input, 1.0 / 60.0).expect("a valid frame");
    }
    let mut pose = vec![Transform::IDENTITY; fast.nodes()];
    ch.pose_into(&mut pose);
    let world = lab01_hierarchy::solution::world_matrices(&setup.skeleton, &pose);
    let mut mine = vec![Mat4::IDENTITY; fast.nodes()];
    ch.world_into(&fast, &mut mine);
    for (node, (a, b)) in mine.iter().zip(&world).enumerate() {
        assert!(a.abs_diff_eq(*b, 1e-5), "node {node}: world_into {a:?}, lab 01's world_matrices {b:?}");
    }
    for (i, leg) in setup.rig.legs.iter().enumerate() {
        let ankle = world[leg.foot].w_axis.truncate();
        assert!(
            (ankle - ch.feet[i]).length() < 1e-5,
            "foot {i}: the pose puts it at {ankle}, the frame said {}",
            ch.feet[i]
        );
    }
    assert!(ch.position.z > 2.5, "walking forward for 1.5 s moved the character to {}", ch.position);
}
