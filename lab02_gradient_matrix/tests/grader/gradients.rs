//! Step 3: one gradient per bone, for a target pose.

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Bone, Model};
use glam::{Mat4, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab02_gradient_matrix::*;

use super::{another_bind_pose, character_posed};

/// The classic wrong gradients of bone `b`, each with what it means.
pub fn gradient_mistakes(bones: &[Bone], tw: &[Mat4], ib: &[Mat4], b: usize) -> Vec<(&'static str, Mat4)> {
    let bone = bones[b];
    vec![
        (
            "node b's target matrix was used for bone b: use target_world[bones[b].node] (README, step 3, hint 1)",
            tw[b] * ib[b],
        ),
        (
            "this is inverse_bind * target: a bind-pose vertex meets the inverse bind first, so it stands on the \
             right (README, step 3, hint 2)",
            ib[b] * tw[bone.node],
        ),
        ("this is the target world matrix alone: the inverse bind is missing", tw[bone.node]),
        (
            "the file's stored offsets (`bones[b].offset`) were used, not the `inverse_bind` you were given \
             (README, step 3, hint 4)",
            tw[bone.node] * bone.offset,
        ),
        (
            "inverse_bind is indexed by bone: inverse_bind[bones[b].node] belongs to another bone (README, step 3, \
             hint 1)",
            // (a node past the last bone would panic instead: then this entry is the right answer, never named)
            tw[bone.node] * ib.get(bone.node).copied().unwrap_or(ib[b]),
        ),
    ]
}

/// Ok if `got` holds `target_world[node] * inverse_bind[b]` for every bone.
fn check_gradients(what: &str, model: &Model, tw: &[Mat4], ib: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let bones = &model.meshes[0].bones;
    if got.len() != bones.len() {
        return Err(format!("{what}: {} matrices for {} bones: one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let name = &model.skeleton.nodes[bone.node].name;
        let mistakes = gradient_mistakes(bones, tw, ib, b);
        check_mat4(&format!("{what}: bone {b} (`{name}`)"), got[b], tw[bone.node] * ib[b], &mistakes)?;
    }
    Ok(())
}

fn offsets(model: &Model) -> Vec<Mat4> {
    model.meshes[0].bones.iter().map(|b| b.offset).collect()
}

#[test]
fn step3_gradients_of_a_wave_pose() {
    let (model, target) = character_posed();
    let tw = world_matrices(&model.skeleton, &target);
    let got = gradient_matrices(&tw, &offsets(&model), &model.meshes[0].bones);
    check_gradients("gradient_matrices, wave", &model, &tw, &offsets(&model), &got).or_fail();
}

#[test]
fn step3_bind_pose_gradients_are_identity() {
    let model = common::character::build();
    let bind_world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    let got = gradient_matrices(&bind_world, &offsets(&model), &model.meshes[0].bones);
    check_gradients(
        "gradient_matrices, target = bind pose (all identity)",
        &model,
        &bind_world,
        &offsets(&model),
        &got,
    )
    .or_fail();
}

#[test]
fn step3_gradients_use_the_inverse_binds_they_are_given() {
    let (model, target) = character_posed();
    let bones = &model.meshes[0].bones;
    let bind_world = world_matrices(&model.skeleton, &another_bind_pose(&model));
    let ib: Vec<Mat4> = bones.iter().map(|b| bind_world[b.node].inverse()).collect();
    let tw = world_matrices(&model.skeleton, &target);
    let got = gradient_matrices(&tw, &ib, bones);
    check_gradients("gradient_matrices, bound mid-stride", &model, &tw, &ib, &got).or_fail();
}

#[test]
fn step3_a_prop_in_the_hand_follows_the_hand() {
    let (model, target) = character_posed();
    let s = &model.skeleton;
    let (bind_world, tw) = (world_matrices(s, &s.rest_locals()), world_matrices(s, &target));
    let hand = s.find("hand_r").unwrap();
    let bones = &model.meshes[0].bones;
    let b = bones.iter().position(|b| b.node == hand).unwrap();
    let ib = offsets(&model);
    let g = gradient_matrices(&tw, &ib, bones)[b];
    // A point 5 cm past the hand in the bind pose, in the hand's own frame...
    let tip = Vec3::new(0.0, 0.05, 0.0);
    let prop = bind_world[hand].transform_point3(tip);
    // ... is 5 cm past the hand in the target pose.
    let want = tw[hand].transform_point3(tip);
    let moved: Vec<(&str, Vec3)> =
        gradient_mistakes(bones, &tw, &ib, b).into_iter().map(|(why, m)| (why, m.transform_point3(prop))).collect();
    let what = format!("a prop 5 cm past hand_r (bone {b}) in the bind pose, moved by that bone's gradient");
    check_vec3(&what, g.transform_point3(prop), want, &moved).or_fail();
}

#[test]
fn grader_step3_names_index_mixups_order_and_ignored_inverse_binds() {
    let (model, target) = character_posed();
    let bones = &model.meshes[0].bones;
    let tw = world_matrices(&model.skeleton, &target);
    let bind_world = world_matrices(&model.skeleton, &another_bind_pose(&model));
    let ib: Vec<Mat4> = bones.iter().map(|b| bind_world[b.node].inverse()).collect();
    let mut seen = 0;
    for (k, (why, _)) in gradient_mistakes(bones, &tw, &ib, 0).into_iter().enumerate() {
        let wrong: Vec<Mat4> = (0..bones.len()).map(|b| gradient_mistakes(bones, &tw, &ib, b)[k].1).collect();
        let e = check_gradients("x", &model, &tw, &ib, &wrong).expect_err("wrong gradients passed");
        assert!(e.contains(why), "expected `{why}` in:\n{e}");
        seen += 1;
    }
    assert_eq!(seen, 5, "every named mistake was fed to the check");
    // The case: the prop moved with the inverse bind on the wrong side is named.
    let hand = 8;
    let prop = Vec3::new(0.1, 1.4, 0.0);
    let wrong = (ib[hand] * tw[bones[hand].node]).transform_point3(prop);
    let moved: Vec<(&str, Vec3)> =
        gradient_mistakes(bones, &tw, &ib, hand).into_iter().map(|(why, m)| (why, m.transform_point3(prop))).collect();
    let right = (tw[bones[hand].node] * ib[hand]).transform_point3(prop);
    assert!(check_vec3("prop", wrong, right, &moved).unwrap_err().contains("stands on the right"));
}
