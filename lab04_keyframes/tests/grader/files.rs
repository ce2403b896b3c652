//! Playback checked end to end against the grader's own sampler
//! (`grader/reference.rs`: a linear scan and an f64 slerp, written apart from
//! the lab): the built-in character always, and real files from Debian's
//! `assimp-testmodels` when installed (else they skip with a notice). Each
//! pose is skinned with lab 03's reference; a vertex may differ by at most
//! 1e-4 of the model's size. Times are between keys, negative, and past the end.

use common::model::{Model, Transform};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::solution::{bone_gradients, skin_mesh};
use lab04_keyframes::{ClipCursors, Mode, check_clip, pose_at};

use crate::reference;

/// Every skinned vertex of every mesh (or every node's origin, for a file
/// with no skin) in this pose, in the root's space.
fn points(model: &Model, pose: &[Transform]) -> Vec<Vec3> {
    let world = world_matrices(&model.skeleton, pose);
    let skins: Vec<_> = model.meshes.iter().filter(|m| !m.bones.is_empty()).collect();
    if skins.is_empty() {
        return world.iter().map(|m: &Mat4| m.w_axis.truncate()).collect();
    }
    let mut out = Vec::new();
    for mesh in skins {
        let gradients = bone_gradients(&model.global_inverse, &world, &mesh.bones);
        let mut bare = mesh.clone();
        bare.normals.clear();
        bare.tangents.clear();
        out.extend(skin_mesh(&bare, &gradients, lab03_cpu_skinning::Method::LinearBlend).expect("skin").positions);
    }
    out
}

fn size(points: &[Vec3]) -> f32 {
    let (lo, hi) = points.iter().fold((Vec3::MAX, Vec3::MIN), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    (hi - lo).length().max(1e-6)
}

/// Plays every clip of `model` with one set of cursors through 26 times
/// (from before the start to past the end, between keys, then back to 0),
/// and compares each pose with the reference. Returns the worst relative error.
fn agree(name: &str, model: &Model) -> f32 {
    let rest = model.skeleton.rest_locals();
    let scale = size(&points(model, &rest));
    let mut worst = 0.0f32;
    for clip in &model.clips {
        check_clip(clip, rest.len()).unwrap_or_else(|e| panic!("{name}, clip `{}`: {e}", clip.name));
        let mut cursors = ClipCursors::for_clip(clip);
        let length = clip.duration_seconds();
        let times = (0..24).map(|i| -0.3 * length + f64::from(i) * 0.0719 * length).chain([0.0, 0.61803 * length]);
        for seconds in times {
            let got = pose_at(clip, &rest, seconds, Mode::Loop, &mut cursors, Quat::slerp).expect("a valid clip");
            let want = reference::pose(clip, &rest, reference::ticks(seconds, clip, Mode::Loop));
            let (g, w) = (points(model, &got), points(model, &want));
            let (v, error) = g
                .iter()
                .zip(&w)
                .map(|(a, b)| a.distance(*b))
                .enumerate()
                .fold((0, 0.0f32), |m, x| if x.1 > m.1 { x } else { m });
            let relative = error / scale;
            assert!(
                relative <= 1e-4,
                "{name}, clip `{}` at {seconds:.4} s: vertex {v} is {error} away from the reference ({relative:.2e} \
                 of the model's size {scale}); it should be at {} but is at {}",
                clip.name,
                w[v],
                g[v]
            );
            worst = worst.max(relative);
        }
    }
    worst
}

#[test]
fn step6_character_playback_agrees_with_an_independent_sampler() {
    let worst = agree("the built-in character", &common::character::build());
    println!("built-in character: worst vertex {worst:.2e} of its size");
}

#[cfg(feature = "assimp")]
#[test]
fn step6_real_files_play_back_like_an_independent_sampler() {
    // Your code runs on the character first, so this test fails on a stub even without the files.
    agree("the built-in character", &common::character::build());
    for file in common::grade::RIGGED_TEST_FILES {
        let Some(path) = common::grade::test_model(file) else { continue };
        let (model, _) = common::load::model(Some(std::path::Path::new(&path))).expect("the loader reads it");
        let worst = agree(file, &model);
        println!("{file}: worst vertex {worst:.2e} of the model's size");
    }
}
