use super::*;

#[test]
fn row_major_assimp_matrix_becomes_column_major_glam() {
    // A non-symmetric matrix: rotation about Z by 90 degrees, then a move by (1, 2, 3).
    let m = russimp::Matrix4x4 {
        a1: 0.0,
        a2: -1.0,
        a3: 0.0,
        a4: 1.0,
        b1: 1.0,
        b2: 0.0,
        b3: 0.0,
        b4: 2.0,
        c1: 0.0,
        c2: 0.0,
        c3: 1.0,
        c4: 3.0,
        d1: 0.0,
        d2: 0.0,
        d3: 0.0,
        d4: 1.0,
    };
    let g = to_mat4(&m);
    assert_eq!(g.w_axis, Vec4::new(1.0, 2.0, 3.0, 1.0), "translation is the 4th column");
    assert_eq!(g.x_axis, Vec4::new(0.0, 1.0, 0.0, 0.0), "X maps to +Y");
    assert_eq!(g.transform_point3(Vec3::X), Vec3::new(1.0, 3.0, 3.0));
    assert_ne!(g, g.transpose());
}

#[test]
fn strongest_four_keeps_the_largest_and_renormalises() {
    let mut report = LoadReport::default();
    let mut list = vec![(0, 0.1), (1, 0.3), (2, 0.05), (3, 0.2), (4, 0.25), (5, 0.1)];
    let inf = strongest_four(&mut list, &mut report);
    assert_eq!(inf.ids, [1, 4, 3, 0]);
    assert!((inf.total() - 1.0).abs() < 1e-6);
    assert_eq!((report.pruned_vertices, report.renormalised_vertices), (1, 1));
}
