use glam::{Mat4, Quat, Vec2, Vec3, Vec4};

use super::*;

fn chain(n: usize) -> Skeleton {
    let nodes = (0..n)
        .map(|i| Node { name: format!("n{i}"), parent: i.checked_sub(1), local: Transform::from_translation(Vec3::Y) })
        .collect();
    Skeleton { nodes }
}

fn problems(model: &Model) -> Vec<String> {
    model.validate().err().map(|e| e.problems.iter().map(ToString::to_string).collect()).unwrap_or_default()
}

#[test]
fn a_node_that_is_its_own_parent_is_a_cycle_not_an_order_problem() {
    let mut model = crate::character::build();
    model.skeleton.nodes[3].parent = Some(3);
    assert_eq!(
        problems(&model),
        ["node 3 is its own parent (a parent cycle): every chain of parents must end at a root"]
    );
}

#[test]
fn a_parent_cycle_is_named_once_with_its_length() {
    let mut model = crate::character::build();
    model.skeleton.nodes[2].parent = Some(5);
    let found = problems(&model);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0].starts_with("node 2 is its own ancestor: the parent links of "), "{found:?}");
    // A child stored before its parent, with no cycle, keeps its own message.
    let mut s = chain(3);
    s.nodes[1].parent = Some(2);
    s.nodes[2].parent = Some(0);
    let err = s.validate().unwrap_err().problems;
    assert_eq!(err, [Problem::ParentAfterChild { node: 1, parent: 2 }]);
}

#[test]
fn cycle_detection_is_linear() {
    // 200,000 nodes each naming the next as parent (stored before it), the last
    // naming the first: one cycle. A quadratic check would take minutes.
    let n = 200_000;
    let mut s = chain(n);
    for i in 0..n {
        s.nodes[i].parent = Some((i + 1) % n);
    }
    let start = std::time::Instant::now();
    let err = s.validate().unwrap_err().problems;
    assert_eq!(err, [Problem::ParentCycle { node: 0, length: n }]);
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

#[test]
fn non_finite_numbers_are_refused_everywhere() {
    let mut model = crate::character::build();
    model.skeleton.nodes[1].local.translation.x = f32::NAN;
    model.skeleton.nodes[2].local.rotation = Quat::from_xyzw(f32::NAN, 0.0, 0.0, 1.0);
    model.skeleton.nodes[4].local.scale = Vec3::INFINITY;
    model.global_inverse = Mat4::from_translation(Vec3::NAN);
    let mesh = &mut model.meshes[0];
    mesh.tangents = vec![Vec4::new(1.0, 0.0, 0.0, 1.0); mesh.positions.len()];
    mesh.tangents[7] = Vec4::NAN;
    mesh.uvs = vec![Vec2::ZERO; mesh.positions.len()];
    mesh.uvs[2].y = f32::INFINITY;
    model.clips[0].channels[0].rotations[0].value = Quat::from_xyzw(0.0, f32::NAN, 0.0, 1.0);
    let moving = model.clips[1].channels.iter().position(|c| c.positions.len() > 1).expect("a channel that moves");
    model.clips[1].channels[moving].positions[1].value = Vec3::NEG_INFINITY;
    let found = problems(&model);
    for expected in [
        "node 1: its rest translation is NaN or infinite",
        "node 2: its rest rotation is NaN or infinite",
        "node 4: its rest scale is NaN or infinite",
        "the global inverse matrix is NaN or infinite",
        "mesh 0: tangent 7 is NaN or infinite",
        "mesh 0: texture coordinate 2 is NaN or infinite",
        &format!("clip 0 `{}`: channel 0: rotation key 0 has a NaN or infinite value", model.clips[0].name),
        &format!("clip 1 `{}`: channel {moving}: position key 1 has a NaN or infinite value", model.clips[1].name),
    ] {
        assert!(found.iter().any(|p| p == expected), "missing `{expected}` in {found:#?}");
    }
    assert_eq!(found.len(), 8, "{found:#?}");
}

#[test]
fn a_zero_scale_keeps_a_finite_rotation_and_the_same_matrix() {
    let turn = Quat::from_rotation_z(0.7);
    let cases = [Vec3::ZERO, Vec3::new(0.0, 2.0, 1.0), Vec3::new(3.0, 0.0, 0.0), Vec3::new(-2.0, 0.0, 1.0)];
    for scale in cases {
        let m = Mat4::from_scale_rotation_translation(scale, turn, Vec3::new(1.0, 2.0, 3.0));
        let t = Transform::from_matrix(m);
        assert!(t.rotation.is_finite() && t.rotation.is_normalized(), "{scale}: {t:?}");
        assert_eq!(t.translation, Vec3::new(1.0, 2.0, 3.0));
        let back = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        assert!(back.abs_diff_eq(m, 1e-5), "{scale}: {back} != {m}");
    }
    let nan = Transform::from_matrix(Mat4::from_translation(Vec3::NAN));
    assert!(!nan.translation.is_finite(), "a NaN matrix stays NaN for validate() to refuse");
}

#[test]
fn children_lists_and_depths_take_one_pass() {
    let model = crate::character::build();
    let s = &model.skeleton;
    let lists = s.children_lists();
    let depths = s.depths();
    for i in 0..s.nodes.len() {
        assert_eq!(lists[i], s.children(i));
        assert_eq!(depths[i], s.depth(i));
    }
    // A walk over 200,000 nodes (a chain and a fan) in well under a second of work.
    let start = std::time::Instant::now();
    for skeleton in [chain(200_000), {
        let mut fan = chain(200_000);
        fan.nodes.iter_mut().skip(1).for_each(|n| n.parent = Some(0));
        fan
    }] {
        let lists = skeleton.children_lists();
        let mut stack = vec![0];
        let mut seen = 0;
        while let Some(node) = stack.pop() {
            seen += 1;
            stack.extend(lists[node].iter().rev());
        }
        assert_eq!(seen, 200_000);
    }
    assert_eq!(chain(200_000).levels(), 200_000);
    assert_eq!(Skeleton::default().levels(), 0);
    assert!(start.elapsed().as_secs() < 5, "{:?}", start.elapsed());
}

#[test]
fn the_clip_rulebook_allows_a_cut_and_names_impossible_keys() {
    use crate::model::{Interpolation, Tangents};
    let key = |t: f64, v: Vec3| Key { time_ticks: t, value: v };
    let mut clip = Clip {
        name: "c".into(),
        duration_ticks: 10.0,
        ticks_per_second: 10.0,
        channels: vec![Channel {
            node: 1,
            positions: vec![key(0.0, Vec3::ZERO), key(5.0, Vec3::X), key(5.0, Vec3::Y), key(10.0, Vec3::Z)],
            ..Channel::default()
        }],
    };
    assert_eq!(clip.validate(2), Ok(()), "equal key times are a cut, not out of order");
    let empty = Clip { channels: vec![Channel { node: 1, ..Channel::default() }], ..clip.clone() };
    assert_eq!(empty.validate(2), Ok(()), "a channel without keys keeps its node at rest");
    let problems = |clip: &Clip| -> Vec<String> {
        clip.validate(2).err().map(|e| e.problems.iter().map(ToString::to_string).collect()).unwrap_or_default()
    };
    let mut bad = clip.clone();
    bad.channels[0].positions[2].value = Vec3::new(1e30, 0.0, 0.0);
    bad.channels[0].rotations = vec![Key { time_ticks: -1.0, value: Quat::from_xyzw(0.0, 0.0, 0.0, 2.0) }];
    bad.channels[0].scales = vec![key(0.0, Vec3::ONE), key(1.0, Vec3::ONE)];
    bad.channels[0].interpolation.scales = Interpolation::CubicSpline(vec![Tangents::default()]);
    assert_eq!(
        problems(&bad),
        [
            "clip `c`: channel 0: position key 2 is too large to draw (past 1e18 units; check the file's units)",
            "clip `c`: channel 0: rotation key 0 is not a unit quaternion (length 2): renormalise it",
            "clip `c`: channel 0: rotation key 0 is at a negative time (a clip starts at tick 0: shift its keys)",
            "clip `c`: channel 0: scale key 0 has 1 pairs of cubic tangents for 2 keys (need one each)",
        ]
    );
    clip.channels[0].positions.swap(1, 3);
    let err = clip.validate(2).unwrap_err();
    let at = ClipProblem {
        index: None,
        clip: "c".into(),
        channel: Some(0),
        track: Some("position"),
        key: Some(2),
        fault: ClipFault::Unsorted,
    };
    assert_eq!(err.problems, [Problem::Clip(at)]);
    // The cheap part reads no key: only the rate, the duration and the nodes.
    assert_eq!(clip.validate_shape(2), Ok(()));
    let broken = Clip { ticks_per_second: 0.0, ..clip };
    let shape = broken.validate_shape(1).unwrap_err().to_string();
    assert_eq!(
        shape,
        "2 problems: clip `c` has 0 ticks per second (must be above 0; files that say 0 mean 25); \
         clip `c`: channel 0 animates node 1, but the skeleton has 1 nodes"
    );
}
