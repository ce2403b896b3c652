use super::*;

fn world_matrices(skeleton: &Skeleton, locals: &[Transform]) -> Vec<Mat4> {
    let mut world: Vec<Mat4> = Vec::with_capacity(locals.len());
    for (i, node) in skeleton.nodes.iter().enumerate() {
        let t = locals[i];
        let local = Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation);
        world.push(node.parent.map_or(local, |p| world[p] * local));
    }
    world
}

#[test]
fn character_is_valid_and_humanoid_sized() {
    let model = build();
    model.validate().unwrap();
    assert!(model.skeleton.nodes.len() >= 22, "about 20+ joints");
    let mesh = &model.meshes[0];
    assert!(mesh.positions.len() > 3000, "thousands of vertices, got {}", mesh.positions.len());
    let min = mesh.positions.iter().fold(Vec3::MAX, |a, p| a.min(*p));
    let max = mesh.positions.iter().fold(Vec3::MIN, |a, p| a.max(*p));
    assert!(min.y > -0.01 && min.y < 0.03, "feet on the ground, lowest point {min}");
    assert!(max.y > 1.7 && max.y < 1.9, "about 1.8 m tall, highest point {max}");
    assert!(max.x > 0.85 && min.x < -0.85, "arms spread in a T-pose");
}

#[test]
fn bind_matrices_match_the_skeleton() {
    let model = build();
    let world = world_matrices(&model.skeleton, &model.skeleton.rest_locals());
    for bone in &model.meshes[0].bones {
        let should_be_identity = world[bone.node] * bone.offset;
        assert!(should_be_identity.abs_diff_eq(Mat4::IDENTITY, 1e-4), "bone on node {}", bone.node);
    }
}

#[test]
fn bone_order_is_not_node_order() {
    let model = build();
    let bones = &model.meshes[0].bones;
    assert!(bones.iter().enumerate().any(|(i, b)| b.node != i));
    assert_eq!(model.skeleton.nodes[1].name, "body_mesh");
    assert!(bones.iter().all(|b| b.node != 1), "the mesh node is not a bone");
}

#[test]
fn joints_blend_between_bones() {
    let mesh = &build().meshes[0];
    let counts: Vec<usize> = mesh.influences.iter().map(|i| i.count()).collect();
    assert!(counts.iter().all(|&c| (1..=4).contains(&c)));
    let blended = counts.iter().filter(|&&c| c >= 2).count();
    assert!(blended > mesh.positions.len() / 10, "only {blended} vertices blend two bones");
}

#[test]
fn skin_faces_outwards_with_unit_normals_and_tangents() {
    let mesh = &build().meshes[0];
    for (n, t) in mesh.normals.iter().zip(&mesh.tangents) {
        assert!((n.length() - 1.0).abs() < 1e-3);
        assert!((t.truncate().length() - 1.0).abs() < 1e-3);
        assert!(n.dot(t.truncate()).abs() < 1e-3, "tangent not orthogonal to normal");
        assert!(t.w == 1.0 || t.w == -1.0);
    }
    let mut agree = 0;
    let mut total = 0;
    for tri in mesh.indices.chunks(3) {
        let [a, b, c] = [tri[0], tri[1], tri[2]].map(|i| mesh.positions[i as usize]);
        let face = (b - a).cross(c - a);
        if face.length() < 1e-9 {
            continue; // a cap's pole
        }
        total += 1;
        let vertex_normal: Vec3 = tri.iter().map(|&i| mesh.normals[i as usize]).sum();
        if face.dot(vertex_normal) > 0.0 {
            agree += 1;
        }
    }
    assert_eq!(agree, total, "triangles wound against their normals (inside out)");
}

#[test]
fn clips_loop_and_have_sorted_unit_keys() {
    let model = build();
    let names: Vec<&str> = model.clips.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["idle", "walk", "run", "wave"]);
    for clip in &model.clips {
        assert_eq!(clip.ticks_per_second, TICKS_PER_SECOND);
        assert_eq!(clip.channels.len(), 21, "{}: one channel per joint", clip.name);
        for ch in &clip.channels {
            let first = ch.rotations.first().unwrap();
            let last = ch.rotations.last().unwrap();
            assert_eq!(last.time_ticks, clip.duration_ticks);
            for k in &ch.rotations {
                assert!((k.value.length() - 1.0).abs() < 1e-4);
            }
            if is_looping(&clip.name) {
                assert!(first.value.dot(last.value).abs() > 0.9999, "{} does not loop", clip.name);
            }
        }
    }
}

#[test]
fn walk_moves_the_legs_out_of_bind_pose() {
    let model = build();
    let walk = &model.clips[1];
    let thigh = model.skeleton.find("thigh_l").unwrap();
    let ch = walk.channels.iter().find(|c| c.node == thigh).unwrap();
    let rest = model.skeleton.nodes[thigh].local.rotation;
    let biggest = ch.rotations.iter().map(|k| k.value.angle_between(rest)).fold(0.0, f32::max);
    assert!(biggest > 0.3, "the thigh should swing by tens of degrees, got {biggest} rad");
}
