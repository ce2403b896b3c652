//! Steps 4-5: skinned normals and tangents.

use common::grade::{Verdict, check_vec3, check_vec4};
use common::model::SkinnedMesh;
use glam::{Mat3, Mat4, Vec3, Vec4};
use lab03_cpu_skinning::*;

use crate::fixture::{blend_reference, inverse_transpose, mirrored_squash, posed, squash};

// ---------------------------------------------------------------- step 4

fn check_normal(m: &Mat4, n: Vec3, got: Vec3) -> Result<(), String> {
    let it = inverse_transpose(m);
    let want = (it * n).normalize();
    let det = Mat3::from_mat4(*m).determinant();
    let inwards = if det < 0.0 {
        "the normal points inwards: the cofactor matrix is det * M^-T, so a mirror (det < 0) flips it; multiply \
         by the determinant's sign (README, step 4, hint 3)"
    } else {
        "the normal points inwards: it must stay on the side the outside went to"
    };
    let mistakes = [
        (
            "this is the plain matrix times the normal: normals need the inverse-transpose (README, step 4, hint 2)",
            (Mat3::from_mat4(*m) * n).normalize(),
        ),
        ("right direction, but not unit length: renormalise", it * n),
        (
            "this is the inverse without the transpose (README, step 4, hint 2)",
            (Mat3::from_mat4(*m).inverse() * n).normalize(),
        ),
        (inwards, -want),
        (
            "the normal was moved by the translation: a normal is a direction (w = 0), only the 3x3 part applies \
             (README, step 4, hint 1)",
            m.transform_point3(n).normalize(),
        ),
    ];
    let what = if det < 0.0 { format!(" under a mirroring matrix (det = {det:.2})") } else { String::new() };
    check_vec3(&format!("skin_normal({n}){what}"), got, want, &mistakes)
}

#[test]
fn step4_normals_survive_non_uniform_scale() {
    let n = Vec3::new(1.0, 1.0, 0.0).normalize();
    check_normal(&squash(), n, skin_normal(&squash(), n)).or_fail();
    // The skinned normal is still perpendicular to the skinned surface.
    let along_surface = Mat3::from_mat4(squash()) * Vec3::new(1.0, -1.0, 0.0);
    assert!(skin_normal(&squash(), n).dot(along_surface).abs() < 1e-4, "the normal left the surface");
}

fn check_no_normal(m: &Mat4, n: Vec3, got: Vec3, exactly_n: bool) -> Result<(), String> {
    let what = format!("skin_normal({n}) under a matrix with no inverse (its 3x3 part is\n{m:?})");
    if got.is_nan() || !got.is_finite() {
        return Err(format!(
            "{what} gave {got}: it has no usable length, so return the input normal, never NaN (README, step 4, \
             hint 4)"
        ));
    }
    if got == Vec3::ZERO {
        return Err(format!("{what} gave a zero normal: with no usable length, return the input normal"));
    }
    if (got.length() - 1.0).abs() > 1e-4 || (exactly_n && got.distance(n) > 1e-4) {
        let want = if exactly_n { format!("{n}") } else { "a unit normal".to_string() };
        return Err(format!("{what} gave {got}; expected {want}: with no usable length, the input normal"));
    }
    Ok(())
}

#[test]
fn step4_degenerate_matrix_gives_a_finite_normal() {
    let flat = Mat4::from_scale(Vec3::new(1.0, 0.0, 0.0)); // squashed flat: no inverse
    check_no_normal(&flat, Vec3::Y, skin_normal(&flat, Vec3::Y), false).or_fail();
    let no_3x3 = Mat4::from_cols(Vec4::ZERO, Vec4::ZERO, Vec4::ZERO, Vec4::new(1.0, 2.0, 3.0, 1.0));
    let n = Vec3::new(0.0, 0.6, 0.8);
    check_no_normal(&no_3x3, n, skin_normal(&no_3x3, n), true).or_fail();
}

#[test]
fn step4_mirroring_matrices_keep_normals_outside() {
    let m = mirrored_squash();
    for n in [Vec3::new(-1.0, 1.0, 0.0).normalize(), Vec3::Z, Vec3::new(0.3, -0.4, 0.866).normalize()] {
        check_normal(&m, n, skin_normal(&m, n)).or_fail();
    }
    // A mirrored rig: the whole posed character reflected in the x = 0 plane.
    let (model, g) = posed();
    let mirror = Mat4::from_scale(Vec3::new(-1.0, 1.0, 1.0));
    let g: Vec<Mat4> = g.iter().map(|m| mirror * *m).collect();
    check_character_normals(&model.meshes[0], &g).or_fail();
}

/// Skins the mesh (without tangents) and checks every normal.
fn check_character_normals(mesh: &SkinnedMesh, g: &[Mat4]) -> Result<(), String> {
    let mesh = &SkinnedMesh { tangents: vec![], ..mesh.clone() }; // step 5 not needed yet
    let skinned = skin_mesh(mesh, g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    for (v, (n, inf)) in mesh.normals.iter().zip(&mesh.influences).enumerate() {
        check_normal(&blend_reference(g, inf), *n, skinned.normals[v]).map_err(|e| format!("vertex {v}: {e}"))?;
    }
    Ok(())
}

#[test]
fn step4_skinned_character_normals() {
    let (model, g) = posed();
    check_character_normals(&model.meshes[0], &g).or_fail();
}

#[test]
fn grader_step4_names_the_classic_mistakes() {
    let n = Vec3::new(1.0, 1.0, 0.0).normalize();
    let says = |m: Mat4, got: Vec3, text: &str| {
        let e = check_normal(&m, n, got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    let (m, it) = (squash(), inverse_transpose(&squash()));
    says(m, (Mat3::from_mat4(m) * n).normalize(), "inverse-transpose");
    says(m, it * n, "renormalise");
    says(m, (Mat3::from_mat4(m).inverse() * n).normalize(), "without the transpose");
    says(m, m.transform_point3(n).normalize(), "moved by the translation");
    // The cofactor route without sign(det), under a mirror.
    let mirror = mirrored_squash();
    let c = Mat3::from_mat4(mirror);
    let cofactor = Mat3::from_cols(c.y_axis.cross(c.z_axis), c.z_axis.cross(c.x_axis), c.x_axis.cross(c.y_axis));
    says(mirror, (cofactor * n).normalize(), "multiply by the determinant's sign");
    let flat = Mat4::from_scale(Vec3::new(1.0, 0.0, 0.0));
    assert!(check_no_normal(&flat, Vec3::Y, Vec3::NAN, false).unwrap_err().contains("never NaN"));
    assert!(check_no_normal(&flat, Vec3::Y, Vec3::ZERO, false).unwrap_err().contains("zero normal"));
}

// ---------------------------------------------------------------- step 5

fn check_tangent(m: &Mat4, t: Vec4, n: Vec3, got: Vec4) -> Result<(), String> {
    let moved = Mat3::from_mat4(*m) * t.truncate();
    let ortho = moved - n * moved.dot(n);
    let like_normal = inverse_transpose(m) * t.truncate();
    let like_edges = "tangents lie in the surface: transform them like edges (the matrix), not like normals";
    let mistakes = [
        (
            "the tangent was not re-orthogonalised: subtract its part along the normal (README, step 5, hint 2)",
            moved.normalize().extend(t.w),
        ),
        ("right direction, but not unit length: renormalise after re-orthogonalising", ortho.extend(t.w)),
        ("the handedness w was lost: copy the input's w", ortho.normalize().extend(-t.w)),
        ("the handedness w was lost: copy the input's w", ortho.normalize().extend(0.0)),
        (like_edges, like_normal.normalize().extend(t.w)),
        (like_edges, (like_normal - n * like_normal.dot(n)).normalize().extend(t.w)),
    ];
    check_vec4("skin_tangent", got, ortho.normalize().extend(t.w), &mistakes)
}

#[test]
fn step5_tangents_are_reorthogonalised_and_keep_handedness() {
    // Imported tangents are rarely exactly perpendicular to their normal.
    let (n, t) = (Vec3::Y, Vec4::new(1.0, 0.35, 0.2, -1.0));
    let skinned_n = (inverse_transpose(&squash()) * n).normalize();
    let got = skin_tangent(&squash(), t, skinned_n);
    check_tangent(&squash(), t, skinned_n, got).or_fail();
    assert!(got.truncate().dot(skinned_n).abs() < 1e-4, "the tangent is not perpendicular to the normal");
}

/// When nothing is left of the tangent: any unit vector perpendicular to the
/// normal, with the input's `w`.
fn check_fallback(t: Vec4, n: Vec3, got: Vec4) -> Result<(), String> {
    let what = format!("skin_tangent({t}, normal {n}), where the moved tangent lies along the normal,");
    let xyz = got.truncate();
    let hint = if !got.is_finite() {
        "gave NaN: nothing is left after removing the normal's part, and a zero vector has no direction; fall \
         back to a unit vector perpendicular to the normal (README, step 5, hint 3)"
    } else if xyz == Vec3::ZERO {
        "gave a zero tangent: fall back to a unit vector perpendicular to the normal (README, step 5, hint 3)"
    } else if (xyz.length() - 1.0).abs() > 1e-4 {
        "gave a tangent that is not unit length"
    } else if xyz.dot(n).abs() > 1e-4 {
        "gave a fallback that is not perpendicular to the normal: a fixed vector is not perpendicular to every \
         normal; build it from the normal (README, step 5, hint 3)"
    } else if got.w != t.w {
        "lost the handedness w: copy the input's w, also in the fallback"
    } else {
        return Ok(());
    };
    Err(format!("{what} {hint}\n  got: {got}"))
}

#[test]
fn step5_a_tangent_along_the_normal_falls_back() {
    // x -> y -> z -> x: a turn whose products are exact, so nothing at all is left.
    let turn = Mat4::from_cols(Vec4::Y, Vec4::Z, Vec4::X, Vec4::W);
    let cases = [
        (Mat4::IDENTITY, Vec4::new(0.0, 1.0, 0.0, -1.0), Vec3::Y), // the tangent is the normal
        (Mat4::IDENTITY, Vec4::new(2.0, 0.0, 0.0, 1.0), Vec3::X),  // along the normal, and longer
        (turn, Vec4::new(0.0, 0.0, -3.0, 1.0), Vec3::X),           // turned onto the normal, opposite
        (Mat4::from_scale(Vec3::new(0.0, 1.0, 1.0)), Vec4::new(1.0, 0.0, 0.0, -1.0), Vec3::X), // squashed away
    ];
    for (m, t, n) in cases {
        check_fallback(t, n, skin_tangent(&m, t, n)).or_fail();
    }
}

#[test]
fn step5_skinned_character_tangents() {
    let (model, g) = posed();
    let mesh = &model.meshes[0];
    let skinned = skin_mesh(mesh, &g, Method::LinearBlend).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(skinned.tangents.len(), mesh.positions.len(), "one tangent per vertex");
    for (v, t) in skinned.tangents.iter().enumerate() {
        check_tangent(&blend_reference(&g, &mesh.influences[v]), mesh.tangents[v], skinned.normals[v], *t)
            .map_err(|e| format!("vertex {v}: {e}"))
            .or_fail();
    }
}

#[test]
fn grader_step5_names_the_classic_mistakes() {
    let (n, t) = (Vec3::Y, Vec4::new(1.0, 0.35, 0.2, -1.0));
    let m = squash();
    let sn = (inverse_transpose(&m) * n).normalize();
    let moved = Mat3::from_mat4(m) * t.truncate();
    let says = |got: Vec4, text: &str| {
        let e = check_tangent(&m, t, sn, got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    says(moved.normalize().extend(-1.0), "re-orthogonalised");
    let ortho = moved - sn * moved.dot(sn);
    says(ortho.extend(-1.0), "not unit length");
    says(ortho.normalize().extend(1.0), "handedness");
    says((inverse_transpose(&m) * t.truncate()).normalize().extend(-1.0), "like edges");
    let along = Vec4::new(0.0, 1.0, 0.0, -1.0);
    let fallback = |n: Vec3, got: Vec4, text: &str| {
        let e = check_fallback(along, n, got).expect_err("a wrong answer passed");
        assert!(e.contains(text), "expected `{text}` in:\n{e}");
    };
    fallback(Vec3::Y, Vec4::NAN, "gave NaN");
    fallback(Vec3::Y, Vec4::new(0.0, 0.0, 0.0, -1.0), "zero tangent");
    fallback(Vec3::X, Vec4::new(1.0, 0.0, 0.0, -1.0), "not perpendicular");
    fallback(Vec3::Y, Vec4::new(1.0, 0.0, 0.0, 1.0), "handedness");
}
