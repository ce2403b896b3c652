//! Lab 03 grader. Tests are named after the README's steps; the fast loop is
//! `cargo test -p lab03_cpu_skinning --test grader`. Failures name the classic
//! mistake they match; the `grader_*` tests prove those mistakes are named.
//! Steps 1-3 are here, steps 4-5 in `surface.rs`, step 6 in `stitch.rs`,
//! whole real files and the given checks (`given_*`) in `inputs.rs`, the
//! going-further fast path (`given_fast_*`) in `fast.rs`.

mod fast;
mod fixture;
mod inputs;
mod stitch;
mod surface;

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Influences, Model, SkinnedMesh, Transform};
use fixture::{blend_reference, posed, some_gradients};
use glam::{Mat4, Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::*;

// ---------------------------------------------------------------- step 1

/// Step 1's answer worked out apart from the lab: the usable pairs, largest
/// first (input order on ties), at most four, renormalised.
fn kept(input: &[(u32, f32)]) -> Vec<(u32, f32)> {
    let mut usable: Vec<(u32, f32)> = input.iter().copied().filter(|p| p.1.is_finite() && p.1 > 0.0).collect();
    usable.sort_by(|a, b| b.1.partial_cmp(&a.1).expect("finite"));
    usable.truncate(4);
    let sum: f32 = usable.iter().map(|p| p.1).sum();
    usable.iter().map(|&(id, w)| (id, w / sum)).collect()
}

fn check_influences(input: &[(u32, f32)], got: &Influences) -> Result<(), String> {
    let want = kept(input);
    let k = want.len();
    let fill = want.first().map_or(0, |p| p.0);
    let mut expected = Influences { ids: [fill; 4], weights: [0.0; 4] };
    for (i, &(id, w)) in want.iter().enumerate() {
        (expected.ids[i], expected.weights[i]) = (id, w);
    }
    let close = |a: f32, b: f32| (a - b).abs() < 1e-5;
    let sorted = |mut v: Vec<(u32, f32)>| {
        v.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        v
    };
    let same = |a: Vec<(u32, f32)>, b: Vec<(u32, f32)>| {
        a.len() == b.len() && sorted(a).iter().zip(sorted(b)).all(|(x, y)| x.0 == y.0 && close(x.1, y.1))
    };
    let slots: Vec<(u32, f32)> = (0..4).map(|i| (got.ids[i], got.weights[i])).collect();
    let in_use: Vec<(u32, f32)> = slots.iter().copied().filter(|p| p.1 != 0.0).collect();
    let same_pairs = in_use.len() == k && same(slots[..k].to_vec(), want.clone());
    let strongest_first = (0..k).all(|i| close(got.weights[i], want[i].1));
    let unused_ok = slots[k..].iter().all(|&(id, w)| w == 0.0 && id == got.ids[0] && (k > 0 || id == 0));
    if same_pairs && strongest_first && unused_ok {
        return Ok(());
    }
    let usable = |w: f32| w.is_finite() && w > 0.0;
    let total: f32 = in_use.iter().map(|p| p.1).sum();
    // A negative, NaN or infinite input weight that was kept (or poisoned the sum).
    let bad =
        |(id, w): &(u32, f32)| !usable(*w) && *w != 0.0 && (in_use.iter().any(|p| p.0 == *id) || !total.is_finite());
    let raw: Vec<f32> = want.iter().map(|&(id, _)| input.iter().find(|p| p.0 == id).map_or(0.0, |p| p.1)).collect();
    let raw_sum: f32 = raw.iter().sum();
    let right_ids = in_use.len() == k && in_use.iter().all(|p| want.iter().any(|w| w.0 == p.0));
    let scaled_by = |sum: f32| {
        right_ids && want.iter().zip(&raw).all(|(w, r)| in_use.iter().any(|p| p.0 == w.0 && close(p.1, r / sum)))
    };
    let weights_of = |v: &[(u32, f32)]| v.iter().map(|p| (0, p.1)).collect::<Vec<_>>();
    let all_usable: f32 = input.iter().map(|p| p.1).filter(|&w| usable(w)).sum();
    let counted = input.iter().copied().find(|&(_, w)| w.is_finite() && w < 0.0 && scaled_by(raw_sum + w));
    let dropped_zero = (k..4).find(|&i| slots[i].0 != fill && input.iter().any(|p| p.0 == slots[i].0 && p.1 == 0.0));
    let hint = if k == 0 && !got.weights.iter().all(|w| w.is_finite()) {
        "nothing usable is left, and dividing by a sum of 0 gives NaN: with no usable weight, return four slots \
         of bone 0 with weight 0 (README, step 1, hint 4)"
            .to_string()
    } else if let Some((id, w)) = input.iter().find(|p| bad(p)) {
        format!(
            "bone {id} has weight {w} in the input, which is not an influence, and it was kept: drop zero, \
             negative, NaN and infinite weights before sorting and summing (README, step 1, hint 2)"
        )
    } else if let Some((id, w)) = counted {
        format!(
            "bone {id}'s weight {w} was counted in the sum: only the kept weights are summed, and a negative \
             weight is never kept (README, step 1, hint 2)"
        )
    } else if right_ids && !same_pairs && same(weights_of(&in_use), weights_of(&want)) {
        "the weights were separated from their ids: sort the (bone, weight) pairs together".to_string()
    } else if in_use.iter().any(|p| want.iter().all(|w| w.0 != p.0)) {
        "a weaker bone was kept: sort by weight and keep the 4 largest, not the first 4 (README, step 1, hint 3)"
            .to_string()
    } else if k > 0 && scaled_by(all_usable) && !close(all_usable, raw_sum) {
        format!(
            "the weights were divided by the sum of all the input's weights ({all_usable}), not of the {k} kept \
             ({raw_sum}): sum after choosing (README, step 1, hint 4)"
        )
    } else if k > 0 && !close(total, 1.0) {
        format!(
            "the weights sum to {total}: divide each kept weight by the sum of the kept weights (README, step 1, hint 4)"
        )
    } else if same_pairs && !strongest_first {
        "the slots are not strongest first: slot 0 holds the largest weight, then each slot the next largest \
         (README, step 1, hint 3)"
            .to_string()
    } else if k == 0 {
        format!("no usable weight: all four slots are bone 0 with weight 0, got ids {:?}", got.ids)
    } else if let Some(slot) = dropped_zero {
        format!(
            "bone {} has weight 0 in the input, so it is no influence, yet slot {slot} names it: an unused slot \
             repeats slot 0's id (README, step 1, hint 2)",
            slots[slot].0
        )
    } else if same_pairs && strongest_first {
        format!(
            "unused slots must have weight 0 and repeat slot 0's id ({}), since the GPU reads all four slots; got \
             ids {:?} (README, step 1, hint 4)",
            got.ids[0], got.ids
        )
    } else {
        "keep the 4 largest usable weights, strongest first, and divide them by their sum (README, step 1)".to_string()
    };
    Err(format!("influences_from_weights({input:?}) is wrong: {hint}\n  expected: {expected:?}\n  got: {got:?}"))
}

fn check_step1(input: &[(u32, f32)]) {
    check_influences(input, &influences_from_weights(input)).or_fail();
}

#[test]
fn step1_keeps_the_four_largest_and_renormalises() {
    check_step1(&[(5, 0.1), (2, 0.4), (7, 0.05), (1, 0.3), (3, 0.25), (9, 0.08)]);
    check_step1(&[(0, 0.2), (1, 0.2), (2, 0.2), (3, 0.15), (4, 0.25)]);
}

#[test]
fn step1_fixes_short_unnormalised_and_bad_lists() {
    check_step1(&[(4, 2.0), (6, 6.0)]);
    check_step1(&[(1, 0.6), (2, -0.2), (5, 0.4)]);
    check_step1(&[(1, 0.5), (2, -0.5), (3, f32::NAN), (8, 0.0)]);
    check_step1(&[(6, 0.3), (2, f32::INFINITY), (4, 0.1), (7, -9.0), (3, 0.2), (9, 0.05), (1, 0.35)]);
    check_step1(&[]);
    check_step1(&[(3, 0.0)]);
    check_step1(&[(3, -1.0), (4, f32::NAN)]);
}

#[test]
fn step1_strongest_first_and_unused_slots_repeat_slot_0() {
    check_step1(&[(3, 0.1), (4, 0.2), (5, 0.3), (6, 0.4)]);
    check_step1(&[(8, 0.3), (2, 0.7)]);
    check_step1(&[(7, 0.25), (2, 0.5), (9, 0.25)]);
    check_step1(&[(5, 1.0)]);
}

#[test]
fn grader_step1_names_the_classic_mistakes() {
    let says = |input: &[(u32, f32)], ids: [u32; 4], weights: [f32; 4], text: &str| {
        let e = check_influences(input, &Influences { ids, weights }).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    let six = [(5, 0.1), (2, 0.4), (7, 0.05), (1, 0.3), (3, 0.25), (9, 0.08)];
    let (t, all) = (1.05, 1.18);
    says(&six, [2, 1, 3, 5], [0.4, 0.3, 0.25, 0.1], "divide each kept weight");
    says(&six, [5, 2, 7, 1], [0.1 / 0.85, 0.4 / 0.85, 0.05 / 0.85, 0.3 / 0.85], "4 largest");
    says(&six, [2, 1, 3, 5], [0.4 / all, 0.3 / all, 0.25 / all, 0.1 / all], "not of the 4 kept");
    says(&six, [5, 3, 1, 2], [0.1 / t, 0.25 / t, 0.3 / t, 0.4 / t], "strongest first");
    let neg = [(1, 0.6), (2, -0.2), (5, 0.4)];
    says(&neg, [1, 5, 2, 1], [0.75, 0.5, -0.25, 0.0], "which is not an influence");
    says(&neg, [1, 5, 1, 1], [0.75, 0.5, 0.0, 0.0], "counted in the sum");
    says(&[(1, 0.5), (3, f32::NAN)], [1, 3, 1, 1], [f32::NAN; 4], "bone 3 has weight NaN");
    says(&[(4, 2.0), (6, 6.0)], [6, 4, 0, 0], [0.75, 0.25, 0.0, 0.0], "repeat slot 0's id");
    says(&[(1, 0.5), (8, 0.0)], [1, 8, 1, 1], [1.0, 0.0, 0.0, 0.0], "bone 8 has weight 0");
    says(&[(3, 0.0)], [3; 4], [f32::NAN, 0.0, 0.0, 0.0], "sum of 0");
    says(&[(3, 0.0)], [3; 4], [0.0; 4], "bone 0 with weight 0");
}

// ---------------------------------------------------------------- step 2

fn check_bone_gradients(model: &Model, world: &[Mat4], got: &[Mat4]) -> Result<(), String> {
    let (gi, bones) = (model.global_inverse, &model.meshes[0].bones);
    if got.len() != bones.len() {
        return Err(format!("{} matrices for {} bones: one per bone, in bone order", got.len(), bones.len()));
    }
    for (b, bone) in bones.iter().enumerate() {
        let mistakes = [
            (
                "node b's matrix was used for bone b: bone ids are not node ids; bone b follows node bones[b].node \
                 (README, step 2, hint 1)",
                gi * world[b] * bone.offset,
            ),
            ("the global inverse is missing", world[bone.node] * bone.offset),
            ("the offset goes on the right, the global inverse on the left", gi * bone.offset * world[bone.node]),
        ];
        check_mat4(&format!("gradient of bone {b}"), got[b], gi * world[bone.node] * bone.offset, &mistakes)?;
    }
    Ok(())
}

/// The character with a rotated, scaled scene root, as files often have.
fn file_like() -> (Model, Vec<Mat4>) {
    let mut model = common::character::build();
    model.skeleton.nodes[0].local =
        Transform { translation: Vec3::Z, rotation: Quat::from_rotation_x(-1.3), scale: Vec3::splat(0.01) };
    let rest = model.skeleton.rest_locals();
    let bind = world_matrices(&model.skeleton, &rest);
    model.global_inverse = bind[0].inverse();
    for bone in &mut model.meshes[0].bones {
        bone.offset = bind[bone.node].inverse() * bind[0];
    }
    let pose = common::pose::key_pose(&model.skeleton, &model.clips[2], 0.5);
    let world = world_matrices(&model.skeleton, &pose);
    (model, world)
}

#[test]
fn step2_bone_gradients_per_bone_not_per_node() {
    let (model, world) = file_like();
    let got = bone_gradients(&model.global_inverse, &world, &model.meshes[0].bones);
    check_bone_gradients(&model, &world, &got).or_fail();
}

fn check_blend(g: &[Mat4], inf: &Influences, got: Mat4) -> Result<(), String> {
    let count = inf.weights.iter().filter(|w| **w != 0.0).count() as f32;
    let used = |i: usize| inf.weights[i] != 0.0;
    let mistakes = [
        ("only the first influence was used: sum over all four slots", g[inf.ids[0] as usize]),
        (
            "the weights were ignored: multiply each matrix by its weight",
            (0..4).filter(|&i| used(i)).fold(Mat4::ZERO, |a, i| a + g[inf.ids[i] as usize]),
        ),
        (
            "this is a plain average: weigh each matrix by its weight",
            (0..4).filter(|&i| used(i)).fold(Mat4::ZERO, |a, i| a + g[inf.ids[i] as usize] / count),
        ),
        (
            "this is a plain average of all four slots: weigh each matrix by its weight",
            (0..4).fold(Mat4::ZERO, |a, i| a + g[inf.ids[i] as usize] * 0.25),
        ),
        ("this is the identity, the rule for a vertex with no weight only", Mat4::IDENTITY),
    ];
    check_mat4(&format!("blend_matrices({inf:?})"), got, blend_reference(g, inf), &mistakes)
}

#[test]
fn step2_blends_all_four_by_weight() {
    let g = some_gradients();
    // Each slot alone, then mixes where one weight is exactly the sum of the others (binary fractions: a
    // slip in summing the weights to test for "no weight" gives exactly 0 here).
    let mut cases: Vec<[f32; 4]> = (0..4).map(|i| std::array::from_fn(|j| if i == j { 1.0 } else { 0.0 })).collect();
    cases.extend([[0.5, 0.3, 0.15, 0.05], [0.5, 0.25, 0.125, 0.125], [0.25, 0.5, 0.125, 0.125]]);
    cases.extend([[0.25, 0.125, 0.5, 0.125], [0.125, 0.25, 0.125, 0.5], [0.7, 0.3, 0.0, 0.0]]);
    for weights in cases {
        let inf = Influences { ids: [3, 1, 5, 2], weights };
        check_blend(&g, &inf, blend_matrices(&g, &inf)).or_fail();
    }
    let repeated = Influences { ids: [5, 5, 5, 5], weights: [1.0, 0.0, 0.0, 0.0] };
    check_blend(&g, &repeated, blend_matrices(&g, &repeated)).or_fail();
}

fn check_no_weight(got: Mat4) -> Result<(), String> {
    let mistakes =
        [("a vertex with no weight collapsed to the origin: return the identity (README, step 2, hint 4)", Mat4::ZERO)];
    check_mat4("blend_matrices with four zero weights", got, Mat4::IDENTITY, &mistakes)
}

#[test]
fn step2_a_vertex_with_no_weight_stays_in_bind_pose() {
    let inf = Influences { ids: [1, 1, 1, 1], weights: [0.0; 4] };
    check_no_weight(blend_matrices(&some_gradients(), &inf)).or_fail();
}

#[test]
fn grader_step2_names_the_classic_mistakes() {
    let (model, world) = file_like();
    let (gi, bones) = (model.global_inverse, &model.meshes[0].bones);
    let with = |f: &dyn Fn(usize) -> Mat4| (0..bones.len()).map(f).collect::<Vec<Mat4>>();
    let says = |got: Vec<Mat4>, text: &str| {
        let e = check_bone_gradients(&model, &world, &got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(with(&|b| gi * world[b] * bones[b].offset), "not node ids");
    says(with(&|b| world[bones[b].node] * bones[b].offset), "global inverse is missing");
    says(with(&|b| gi * bones[b].offset * world[bones[b].node]), "offset goes on the right");
    let g = some_gradients();
    let inf = Influences { ids: [3, 1, 5, 0], weights: [0.5, 0.3, 0.15, 0.05] };
    let blend = |got: Mat4, text: &str| assert!(check_blend(&g, &inf, got).unwrap_err().contains(text));
    blend(g[3], "first influence");
    blend(g[3] + g[1] + g[5] + g[0], "weights were ignored");
    blend((g[3] + g[1] + g[5] + g[0]) / 4.0, "plain average");
    assert!(check_no_weight(Mat4::ZERO).unwrap_err().contains("collapsed"));
}

// ---------------------------------------------------------------- step 3

/// Compares skinned positions with the reference, naming the first wrong vertex.
fn check_positions(model: &Model, g: &[Mat4], got: &[Vec3]) -> Result<(), String> {
    let mesh = &model.meshes[0];
    for (v, (p, inf)) in mesh.positions.iter().zip(&mesh.influences).enumerate() {
        let want = blend_reference(g, inf).transform_point3(*p);
        let first_only = g[inf.ids[0] as usize].transform_point3(*p);
        let mistakes = [
            ("it moved with its first influence only: blend all of them", first_only),
            (
                "it was not moved by the translation: positions are points (w = 1) (README, step 3, hint 2)",
                blend_reference(g, inf).transform_vector3(*p),
            ),
        ];
        check_vec3(&format!("skinned position of vertex {v} (influences {inf:?})"), got[v], want, &mistakes)?;
    }
    Ok(())
}

#[test]
fn step3_skin_position_is_a_point() {
    let m = Mat4::from_translation(Vec3::new(1.0, 2.0, 3.0)) * Mat4::from_rotation_z(1.0);
    let mistakes = [("the translation is missing: a position is a point, w = 1", m.transform_vector3(Vec3::X))];
    check_vec3("skin_position", skin_position(&m, Vec3::X), m.transform_point3(Vec3::X), &mistakes).or_fail();
}

#[test]
fn step3_skinned_character_matches_the_reference() {
    let (model, g) = posed();
    let positions_only = SkinnedMesh { normals: vec![], tangents: vec![], ..model.meshes[0].clone() }; // steps 4-5 not needed yet
    let skinned = skin_mesh(&positions_only, &g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    check_positions(&model, &g, &skinned.positions).or_fail();
}

#[test]
fn grader_step3_names_first_influence_only_and_w_0() {
    let (model, g) = posed();
    let mesh = &model.meshes[0];
    let moved = |f: &dyn Fn(&Influences, Vec3) -> Vec3| -> Vec<Vec3> {
        mesh.influences.iter().zip(&mesh.positions).map(|(i, p)| f(i, *p)).collect()
    };
    let first = moved(&|i, p| g[i.ids[0] as usize].transform_point3(p));
    assert!(check_positions(&model, &g, &first).unwrap_err().contains("first influence only"));
    let vector = moved(&|i, p| blend_reference(&g, i).transform_vector3(p));
    assert!(check_positions(&model, &g, &vector).unwrap_err().contains("w = 1"));
}
