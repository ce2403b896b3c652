//! The fast crossfade (`lab07_transitions::fast`, going further) against
//! the reference `solution::blend_clips`, on every kernel this machine has.

use common::model::Transform;
use glam::{Quat, Vec3};
use lab04_keyframes::fast::bound::{largest_key_angle, nlerp_error_bound as nlerp_error, rotation_angle as angle};
use lab04_keyframes::fast::{FastClip, FastPose, Kernel, LANES};
use lab07_transitions::fast::{
    CORRECTED_NLERP_ERROR, CrowdCharacter, FastPlaying, Scratch, blend_clips_fast, blend_fast, crowd_frame,
};
use lab07_transitions::{Mode, Playing, solution};

#[test]
fn given_fast_corrected_nlerp_stays_within_its_bound_at_every_angle() {
    let mut rng = common::grade::SplitMix64(7);
    for kernel in Kernel::available() {
        let mut worst = 0.0f64;
        for round in 0..200 {
            let (mut a, mut b) = (FastPose::new(LANES), FastPose::new(LANES));
            let mut pairs = Vec::new();
            for l in 0..LANES {
                let axis = rng.vec3(-1.0, 1.0).try_normalize().unwrap_or(Vec3::X);
                // Angles from 0 to 360 degrees (so dot products of both signs).
                let theta = (round * LANES + l) as f32 / (200 * LANES) as f32 * std::f32::consts::TAU;
                let qa =
                    Quat::from_axis_angle(rng.vec3(-1.0, 1.0).try_normalize().unwrap_or(Vec3::Y), rng.range(0.0, 6.0));
                let qb = Quat::from_axis_angle(axis, theta) * qa;
                for (pose, q) in [(&mut a, qa), (&mut b, qb)] {
                    let g = &mut pose.lanes_mut()[0];
                    for (i, v) in q.to_array().into_iter().enumerate() {
                        g.rotation[i][l] = v;
                    }
                }
                pairs.push((qa, qb));
            }
            for t in [0.0, 0.05, 0.2113, 0.3, 0.5, 0.7, 0.7887, 0.95, 1.0] {
                let mut out = FastPose::default();
                blend_fast(kernel, &a, &b, t, &mut out);
                for (l, &(qa, qb)) in pairs.iter().enumerate() {
                    let (got, want) = (out.transform(l).rotation, lab07_transitions::given::slerp(qa, qb, t));
                    let e = angle(got, want);
                    assert!(
                        e <= CORRECTED_NLERP_ERROR,
                        "{}: {qa:?} to {qb:?} at {t}: expected {want:?} (slerp), got {got:?}, {e:.2e} rad apart",
                        kernel.name()
                    );
                    worst = worst.max(e);
                }
            }
        }
        println!("{}: corrected nlerp against slerp, worst {worst:.2e} rad", kernel.name());
        assert!(worst > CORRECTED_NLERP_ERROR / 10.0, "the bound {CORRECTED_NLERP_ERROR} is loose: worst {worst:.2e}");
    }
}

#[test]
fn given_fast_crossfade_matches_blend_clips_on_the_character() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let fast: Vec<FastClip> = model.clips.iter().map(|c| FastClip::new(c, &rest).unwrap()).collect();
    let bound = nlerp_error(largest_key_angle(&model.clips)) + CORRECTED_NLERP_ERROR + 2e-6;
    let mut worst = 0.0f64;
    for kernel in Kernel::available() {
        for (ia, ib) in [(1, 1), (1, 2), (2, 0), (0, 3), (3, 1)] {
            let (mut a, mut b) =
                (Playing::start(&model.clips, ia, Mode::Loop), Playing::start(&model.clips, ib, Mode::Once));
            let (mut fa, mut fb) = (FastPlaying::start(ia, Mode::Loop), FastPlaying::start(ib, Mode::Once));
            let (mut scratch, mut got) = (Scratch::default(), rest.clone());
            for frame in 0..200 {
                let factor = (frame % 11) as f32 / 10.0;
                (a.seconds, b.seconds) = (frame as f64 / 60.0, 0.5 + frame as f64 / 45.0);
                (fa.seconds, fb.seconds) = (a.seconds, b.seconds);
                let want = solution::blend_clips(&mut a, &mut b, &model.clips, &rest, factor);
                blend_clips_fast(kernel, &mut fa, &mut fb, &fast, factor, &mut scratch, &mut got).unwrap();
                for (node, (g, w)) in got.iter().zip(&want).enumerate() {
                    let e = angle(g.rotation, w.rotation);
                    let near = |x: Vec3, y: Vec3| (x - y).abs().max_element() <= 1e-5 * (1.0 + y.abs().max_element());
                    assert!(
                        e <= bound && near(g.translation, w.translation) && near(g.scale, w.scale),
                        "{}, clips {ia} -> {ib}, frame {frame}, node {node}: expected {w:?} (blend_clips), got {g:?} \
                         (rotation {e:.2e} rad off, bound {bound:.2e})",
                        kernel.name()
                    );
                    worst = worst.max(e);
                }
            }
        }
    }
    println!("fast crossfade against blend_clips: worst rotation {worst:.2e} rad (bound {bound:.2e})");
}

#[test]
fn given_fast_crowd_is_the_same_on_one_and_two_threads() {
    let model = common::character::build();
    let rest = model.skeleton.rest_locals();
    let fast: Vec<FastClip> = model.clips.iter().map(|c| FastClip::new(c, &rest).unwrap()).collect();
    let crowd = |n: usize| -> Vec<CrowdCharacter> {
        (0..n)
            .map(|i| {
                let mut from = FastPlaying::start(1, Mode::Loop);
                let mut to = FastPlaying::start(2, Mode::Loop);
                (from.seconds, to.seconds) = (i as f64 * 0.37, i as f64 * 0.11);
                CrowdCharacter::new(from, to, 0.2 + i as f64 * 0.01, &rest)
            })
            .collect()
    };
    let kernel = Kernel::best();
    let (mut one, mut two) = (crowd(101), crowd(101));
    for _ in 0..30 {
        crowd_frame(kernel, &fast, &mut one, 1.0 / 60.0, 1).unwrap();
        crowd_frame(kernel, &fast, &mut two, 1.0 / 60.0, 2).unwrap();
    }
    let mut alone = crowd(101);
    for (i, c) in alone.iter_mut().enumerate() {
        let mut scratch = Scratch::default();
        for _ in 0..30 {
            c.from.seconds += 1.0 / 60.0;
            c.to.seconds += 1.0 / 60.0;
            c.elapsed += 1.0 / 60.0;
            let w = c.weight();
            blend_clips_fast(kernel, &mut c.from, &mut c.to, &fast, w, &mut scratch, &mut c.pose).unwrap();
        }
        let want: &[Transform] = &c.pose;
        assert_eq!(one[i].pose, want, "character {i}: 1 thread against one character at a time");
        assert_eq!(two[i].pose, want, "character {i}: 2 threads against one character at a time");
    }
    let mut bad = crowd(3);
    bad[1].to.seconds = f64::NAN;
    assert!(crowd_frame(kernel, &fast, &mut bad, 1.0 / 60.0, 2).is_err(), "expected an error for a NaN clock");
}
