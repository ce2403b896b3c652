//! Small model files written by the tests themselves: a BVH chain of any
//! depth, and a skinned glTF 2 with embedded buffers (base64 data URIs).
#![allow(dead_code)] // each test file uses a part

use std::fmt::Write as _;
use std::path::PathBuf;

/// A fresh path under the system's temp folder, unique to this process.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("common-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A valid BVH whose joints form one chain `depth` joints deep (plus the End
/// Site), with one frame of zeros.
pub fn bvh_chain(depth: usize) -> String {
    let mut s = String::from("HIERARCHY\nROOT j0\n{\n\tOFFSET 0 0 0\n");
    s += "\tCHANNELS 6 Xposition Yposition Zposition Zrotation Xrotation Yrotation\n";
    for i in 1..depth {
        writeln!(s, "JOINT j{i}\n{{\n\tOFFSET 0 1 0\n\tCHANNELS 3 Zrotation Xrotation Yrotation").unwrap();
    }
    s += "End Site\n{\n\tOFFSET 0 1 0\n}\n";
    s += &"}\n".repeat(depth);
    s += "MOTION\nFrames: 1\nFrame Time: 0.0333333\n";
    s += &vec!["0"; 3 + 3 * depth].join(" ");
    s += "\n";
    s
}

/// A glTF 2 scene graph that is one chain of `depth` plain nodes (no mesh).
pub fn gltf_chain(depth: usize) -> String {
    let mut nodes = Vec::with_capacity(depth);
    for i in 0..depth {
        if i + 1 < depth {
            nodes.push(format!(r#"{{"name":"n{i}","translation":[0,1,0],"children":[{}]}}"#, i + 1));
        } else {
            nodes.push(format!(r#"{{"name":"n{i}"}}"#));
        }
    }
    format!(r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[0]}}],"nodes":[{}]}}"#, nodes.join(","))
}

/// One joint of [`skinned_gltf`].
#[derive(Clone, Debug)]
pub struct Joint {
    /// Its name.
    pub name: &'static str,
    /// Index of its parent joint in the list; `None` for the root joint.
    pub parent: Option<usize>,
    /// Translation relative to the parent (rest pose, and bind pose).
    pub translation: [f32; 3],
    /// Scale in the rest pose (the bind pose has scale 1).
    pub scale: [f32; 3],
}

impl Joint {
    /// A joint moved by `translation` from its parent, unscaled.
    pub fn new(name: &'static str, parent: Option<usize>, translation: [f32; 3]) -> Self {
        Joint { name, parent, translation, scale: [1.0; 3] }
    }
}

/// A skinned glTF 2: node 0 holds a one-triangle mesh named `mesh_node`,
/// skinned to `joints` (nodes 1..); the triangle follows the last joint and
/// sits one unit above it in the bind pose. With `animate`, a clip turns the
/// last joint 90 degrees about Z over one second.
pub fn skinned_gltf(mesh_node: &str, joints: &[Joint], animate: bool) -> String {
    skinned_gltf_with(mesh_node, joints, animate, |_| {})
}

/// [`skinned_gltf`], with `edit` given the inverse bind matrices (16 floats
/// each, column by column) before they are written.
pub fn skinned_gltf_with(mesh_node: &str, joints: &[Joint], animate: bool, edit: impl Fn(&mut [f32])) -> String {
    // Bind-pose world positions (translations only).
    let mut world = Vec::new();
    for j in joints {
        let base = j.parent.map_or([0.0; 3], |p: usize| world[p]);
        world.push([base[0] + j.translation[0], base[1] + j.translation[1], base[2] + j.translation[2]]);
    }
    let last = joints.len() - 1;
    let [x, y, z] = world[last];
    let positions = floats(&[x, y + 1.0, z, x + 0.5, y + 1.0, z, x, y + 1.5, z]);
    let last_u16 = last as u16;
    let joint_ids: Vec<u8> = (0..3).flat_map(|_| [last_u16, 0, 0, 0]).flat_map(u16::to_le_bytes).collect();
    let weights = floats(&[1.0, 0.0, 0.0, 0.0].repeat(3));
    let indices: Vec<u8> = [0u16, 1, 2, 0].iter().flat_map(|i| i.to_le_bytes()).collect();
    let mut ibms: Vec<f32> = world
        .iter()
        .flat_map(|w| [1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, -w[0], -w[1], -w[2], 1.0])
        .collect();
    edit(&mut ibms);
    let mut buffers = vec![
        (positions, 3, "VEC3", 5126),
        (joint_ids, 3, "VEC4", 5123),
        (weights, 3, "VEC4", 5126),
        (indices[..6].to_vec(), 3, "SCALAR", 5123),
        (floats(&ibms), joints.len(), "MAT4", 5126),
    ];
    let h = std::f32::consts::FRAC_1_SQRT_2;
    if animate {
        buffers.push((floats(&[0.0, 1.0]), 2, "SCALAR", 5126));
        buffers.push((floats(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, h, h]), 2, "VEC4", 5126));
    }
    let mut accessors = Vec::new();
    let mut views = Vec::new();
    let mut uris = Vec::new();
    for (i, (bytes, count, kind, component)) in buffers.iter().enumerate() {
        let mut accessor = format!(r#"{{"bufferView":{i},"componentType":{component},"count":{count},"type":"{kind}""#);
        if i == 0 {
            accessor += &format!(r#","min":[{x},{},{z}],"max":[{},{},{z}]"#, y + 1.0, x + 0.5, y + 1.5);
        }
        if i == 5 {
            accessor += r#","min":[0],"max":[1]"#;
        }
        accessors.push(accessor + "}");
        views.push(format!(r#"{{"buffer":{i},"byteLength":{}}}"#, bytes.len()));
        uris.push(format!(
            r#"{{"byteLength":{},"uri":"data:application/octet-stream;base64,{}"}}"#,
            bytes.len(),
            common::gltf::writer::base64(bytes)
        ));
    }
    let mut nodes = vec![format!(r#"{{"name":"{mesh_node}","mesh":0,"skin":0}}"#)];
    for (i, j) in joints.iter().enumerate() {
        let children: Vec<String> =
            (0..joints.len()).filter(|&c| joints[c].parent == Some(i)).map(|c| (c + 1).to_string()).collect();
        let [tx, ty, tz] = j.translation;
        let [sx, sy, sz] = j.scale;
        nodes.push(format!(
            r#"{{"name":"{}","translation":[{tx},{ty},{tz}],"scale":[{sx},{sy},{sz}],"children":[{}]}}"#,
            j.name,
            children.join(",")
        ));
    }
    let roots: Vec<String> = std::iter::once("0".to_string())
        .chain((0..joints.len()).filter(|&i| joints[i].parent.is_none()).map(|i| (i + 1).to_string()))
        .collect();
    let joint_nodes: Vec<String> = (1..=joints.len()).map(|i| i.to_string()).collect();
    let animations = if animate {
        format!(
            r#","animations":[{{"name":"turn","samplers":[{{"input":5,"output":6,"interpolation":"LINEAR"}}],
            "channels":[{{"sampler":0,"target":{{"node":{},"path":"rotation"}}}}]}}]"#,
            joints.len()
        )
    } else {
        String::new()
    };
    format!(
        r#"{{"asset":{{"version":"2.0"}},"scene":0,"scenes":[{{"nodes":[{}]}}],"nodes":[{}],
        "meshes":[{{"name":"skin","primitives":[{{"attributes":{{"POSITION":0,"JOINTS_0":1,"WEIGHTS_0":2}},"indices":3}}]}}],
        "skins":[{{"joints":[{}],"inverseBindMatrices":4}}],
        "accessors":[{}],"bufferViews":[{}],"buffers":[{}]{animations}}}"#,
        roots.join(","),
        nodes.join(","),
        joint_nodes.join(","),
        accessors.join(","),
        views.join(","),
        uris.join(",")
    )
}

fn floats(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}
