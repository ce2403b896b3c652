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

/// A file whose header asks for gigabytes (assimp's own
/// `invalid/OutOfMemory.off`: 353,535,235,358 vertices in 309 bytes), handed
/// to the child process directly (the loader refuses OFF before that): the
/// child hits its cap and the refusal says so, in one line. Linux only: the
/// cap is Linux's (`bounded`'s module docs); macOS and Windows set none.
#[cfg(target_os = "linux")]
#[test]
fn a_file_that_asks_for_gigabytes_is_refused_within_the_cap() {
    let path = std::env::temp_dir().join(format!("common-bomb-{}.off", std::process::id()));
    let mut text = String::from("OFF\n353535235358 6 0\n");
    for v in 0..8 {
        let c = |bit: usize| if v & bit == 0 { -0.5 } else { 0.5 };
        text += &format!("{} {} {}\n", c(1), c(2), c(4));
    }
    text += "4 0 1 3 2\n4 2 3 7 6\n4 6 7 5 4\n4 4 5 1 0\n4 1 5 7 3\n4 4 0 2 6\n";
    std::fs::write(&path, text).unwrap();
    let error = super::bounded::check_in_child(path.to_str().unwrap()).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert!(error.contains("needs more than 768 MiB of memory"), "{error}");
    assert!(!error.contains('\n'), "{error}");
}

/// The child reports assimp's own reason for a file it cannot read, and
/// passes a file it reads; the loader then says the same as before.
#[test]
fn the_child_says_why_assimp_refused_a_file() {
    let path = std::env::temp_dir().join(format!("common-child-{}.x", std::process::id()));
    std::fs::write(&path, "xof 0303txt 0032\nFrame broken {\n").unwrap();
    let in_child = super::bounded::check_in_child(path.to_str().unwrap()).unwrap_err();
    let here = super::read_here(path.to_str().unwrap()).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(in_child, here);
    let character = std::env::temp_dir().join(format!("common-child-{}.bvh", std::process::id()));
    std::fs::write(
        &character,
        "HIERARCHY\nROOT hips\n{\nOFFSET 0 0 0\nCHANNELS 3 Zrotation Xrotation Yrotation\n\
         End Site\n{\nOFFSET 0 1 0\n}\n}\nMOTION\nFrames: 2\nFrame Time: 0.1\n0 0 0\n0 10 0\n",
    )
    .unwrap();
    let fine = super::bounded::check_in_child(character.to_str().unwrap());
    std::fs::remove_file(&character).unwrap();
    assert_eq!(fine, Ok(()));
}
