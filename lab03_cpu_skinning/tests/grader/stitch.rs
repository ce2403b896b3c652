//! Step 6: stitching, each vertex on its strongest bone alone.

use common::grade::{Verdict, check_mat4, check_vec3};
use common::model::{Influences, SkinnedMesh};
use glam::Mat4;
use lab03_cpu_skinning::*;

use crate::fixture::{blend_reference, posed, some_gradients, strongest_slot};

fn check_stitch(g: &[Mat4], inf: &Influences, got: Mat4) -> Result<(), String> {
    let w = inf.weights;
    let bone = |slot: usize| g[inf.ids[slot] as usize];
    let want = if w[strongest_slot(inf)] > 0.0 { bone(strongest_slot(inf)) } else { Mat4::IDENTITY };
    // Of the first three slots only, and the later slot on a tie.
    let first_three = (1..3).fold(0, |best, i| if w[i] > w[best] { i } else { best });
    let later_on_tie = (1..4).fold(0, |best, i| if w[i] >= w[best] { i } else { best });
    let mut mistakes = vec![];
    if w[strongest_slot(inf)] > 0.0 {
        mistakes.extend([
            (
                "the last slot was never compared: the strongest weight can sit in slot 3 (README, step 6, hint 2)",
                bone(first_three),
            ),
            ("this is the first slot's bone, not the strongest (README, step 6, hint 1)", bone(0)),
            (
                "of equal weights the earlier slot wins: replace the best only on a strictly greater weight \
                 (README, step 6, hint 3)",
                bone(later_on_tie),
            ),
            ("this is the last slot's bone, not the strongest", bone(3)),
            ("this is the linear blend: stitching takes one bone only", blend_reference(g, inf)),
            (
                "the strongest slot's number was used as a bone id: the bone is ids[slot] (README, step 6, hint 4)",
                g[strongest_slot(inf)],
            ),
            ("this is the identity, the rule for a vertex with no weight only", Mat4::IDENTITY),
        ]);
    } else {
        mistakes
            .push(("a vertex with no weight stays in the bind pose: the identity (README, step 6, hint 4)", bone(0)));
        mistakes.push(("a vertex with no weight stays in the bind pose, not at the origin: the identity", Mat4::ZERO));
    }
    check_mat4(&format!("stitch_matrix({inf:?})"), got, want, &mistakes)
}

/// Influences in any slot order, as meshes made elsewhere have them.
fn cases() -> Vec<Influences> {
    vec![
        Influences { ids: [0, 4, 2, 5], weights: [0.1, 0.5, 0.3, 0.1] }, // strongest in slot 1
        Influences { ids: [3, 0, 5, 4], weights: [0.1, 0.2, 0.3, 0.4] }, // strongest in the last slot
        Influences { ids: [3, 2, 5, 5], weights: [0.5, 0.5, 0.0, 0.0] }, // a tie
        Influences { ids: [1, 2, 4, 3], weights: [0.1, 0.3, 0.3, 0.3] }, // a three-way tie after slot 0
        Influences { ids: [2; 4], weights: [0.0; 4] },                   // no weight
    ]
}

#[test]
fn step6_stitching_follows_the_strongest_bone() {
    let g = some_gradients();
    for inf in cases() {
        check_stitch(&g, &inf, stitch_matrix(&g, &inf)).or_fail();
    }
}

#[test]
fn step6_stitched_character_is_rigid_per_vertex() {
    let (model, g) = posed();
    let mesh = &SkinnedMesh { normals: vec![], tangents: vec![], ..model.meshes[0].clone() }; // positions show it
    let skinned = skin_mesh(mesh, &g, Method::Stitching).unwrap_or_else(|e| panic!("{e}"));
    for (v, (p, inf)) in mesh.positions.iter().zip(&mesh.influences).enumerate() {
        let want = g[inf.ids[strongest_slot(inf)] as usize].transform_point3(*p);
        check_vec3(&format!("stitched vertex {v} (influences {inf:?})"), skinned.positions[v], want, &[]).or_fail();
    }
}

#[test]
fn grader_step6_names_the_classic_mistakes() {
    let g = some_gradients();
    let [slot1, last, tie, three, none] = <[Influences; 5]>::try_from(cases()).unwrap();
    let says = |inf: &Influences, got: Mat4, text: &str| {
        let e = check_stitch(&g, inf, got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(&slot1, g[0], "first slot");
    says(&slot1, blend_reference(&g, &slot1), "linear blend");
    says(&slot1, g[1], "slot's number was used as a bone id");
    says(&last, g[5], "last slot was never compared");
    says(&tie, g[2], "earlier slot wins");
    says(&three, g[3], "earlier slot wins");
    says(&none, g[2], "no weight");
    says(&none, Mat4::ZERO, "not at the origin");
}
