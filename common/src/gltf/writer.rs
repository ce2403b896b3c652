//! Writing small glTF files in code, for tests and figures: accessors packed
//! into one base64 buffer, and a skinned two-bone arm whose clip plays in a
//! chosen interpolation mode.

use std::path::PathBuf;

/// Collects accessors into one buffer and writes the glTF JSON around them.
#[derive(Default)]
pub struct Gltf {
    bin: Vec<u8>,
    views: Vec<String>,
    accessors: Vec<String>,
}

impl Gltf {
    /// An accessor of f32 values (`ty` "SCALAR", "VEC3", ...); returns its index.
    pub fn floats(&mut self, values: &[f32], ty: &str) -> usize {
        let per = match ty {
            "SCALAR" => 1,
            "VEC2" => 2,
            "VEC3" => 3,
            "VEC4" => 4,
            _ => 16,
        };
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        self.raw(&bytes, 5126, ty, values.len() / per)
    }

    /// An accessor over raw little-endian bytes of `component` type.
    pub fn raw(&mut self, bytes: &[u8], component: u32, ty: &str, count: usize) -> usize {
        while !self.bin.len().is_multiple_of(4) {
            self.bin.push(0);
        }
        let view = self.views.len();
        self.views.push(format!(r#"{{"buffer":0,"byteOffset":{},"byteLength":{}}}"#, self.bin.len(), bytes.len()));
        self.bin.extend_from_slice(bytes);
        self.accessors
            .push(format!(r#"{{"bufferView":{view},"componentType":{component},"count":{count},"type":"{ty}"}}"#));
        self.accessors.len() - 1
    }

    /// The whole file: `rest` holds the other top-level members (nodes, scenes, ...).
    pub fn json(&self, rest: &str) -> String {
        format!(
            r#"{{"asset":{{"version":"2.0"}},{rest},"buffers":[{{"byteLength":{},"uri":"data:application/octet-stream;base64,{}"}}],"bufferViews":[{}],"accessors":[{}]}}"#,
            self.bin.len(),
            base64(&self.bin),
            self.views.join(","),
            self.accessors.join(",")
        )
    }
}

/// Standard base64 with padding, as a glTF `data:` URI holds its buffer.
pub fn base64(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [chunk[0], *chunk.get(1).unwrap_or(&0), *chunk.get(2).unwrap_or(&0)];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(A[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Writes `text` to `common-gltf-PID-NAME.gltf` in the temporary folder.
/// Panics if that folder cannot be written (for tests).
pub fn write(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("common-gltf-{}-{name}.gltf", std::process::id()));
    std::fs::write(&path, text).expect("write a glTF file to the temporary folder");
    path
}

/// A skinned two-bone arm (`upper` at the origin, `lower` 1 unit up, a
/// square tube 2 units tall around them) whose clip `bend` turns `lower`
/// about Z through 0°, 60°, 0° and -30° at 0, 0.5, 1 and 1.5 s, with the given
/// glTF interpolation (`"LINEAR"`, `"STEP"` or `"CUBICSPLINE"`; cubic keys
/// get zero tangents but the middle key's, so the curve differs from LINEAR).
pub fn bending_arm(interpolation: &str) -> String {
    arm(interpolation, true, Some(0.0))
}

/// [`bending_arm`] in parts, as pipelines ship a rig: with or without its
/// skinned mesh (`skin`), with the clip starting at `clip_start` seconds
/// (its keys 0.5 s apart; a negative start makes the loader shift it, with
/// a note) or with no clip (`None`).
pub fn arm(interpolation: &str, skin: bool, clip_start: Option<f32>) -> String {
    build(interpolation, skin, clip_start, 1.0)
}

/// [`bending_arm`] (LINEAR) whose `upper` joint also grows from scale 1 at
/// 0 s to `scale` at 1.5 s: a clip whose first pose is much smaller than
/// its last, for checking that a camera frames the whole clip.
pub fn growing_arm(scale: f32) -> String {
    build("LINEAR", true, Some(0.0), scale)
}

/// [`bending_arm`] (LINEAR) under a root node scaled by `scale` on every
/// axis: 0 collapses it (every world matrix singular), 1e-6 makes it a
/// couple of micrometres tall.
pub fn scaled_arm(scale: f32) -> String {
    let root = r#"{"name":"root","children":[1]}"#;
    bending_arm("LINEAR").replacen(
        root,
        &format!(r#"{{"name":"root","scale":[{scale},{scale},{scale}],"children":[1]}}"#),
        1,
    )
}

fn build(interpolation: &str, skin: bool, clip_start: Option<f32>, grow: f32) -> String {
    let mut g = Gltf::default();
    let ring = |y: f32| [[-0.2, y, -0.2], [0.2, y, -0.2], [0.2, y, 0.2], [-0.2, y, 0.2]];
    let positions: Vec<f32> = [ring(0.0), ring(1.0), ring(2.0)].iter().flatten().flatten().copied().collect();
    let mut indices: Vec<u8> = Vec::new();
    for level in 0..2u8 {
        for side in 0..4u8 {
            let (a, b) = (level * 4 + side, level * 4 + (side + 1) % 4);
            indices.extend_from_slice(&[a, b, b + 4, a, b + 4, a + 4]);
        }
    }
    let joints: Vec<u8> = (0..12).flat_map(|_| [0, 1, 0, 0]).collect();
    let weights: Vec<f32> = (0..12)
        .flat_map(|v| match v / 4 {
            0 => [1.0, 0.0, 0.0, 0.0],
            1 => [0.5, 0.5, 0.0, 0.0],
            _ => [0.0, 1.0, 0.0, 0.0],
        })
        .collect();
    let p = g.floats(&positions, "VEC3");
    let normals: Vec<f32> =
        positions.chunks(3).flat_map(|v| glam::Vec3::new(v[0], 0.0, v[2]).normalize().to_array()).collect();
    let n = g.floats(&normals, "VEC3");
    let i = g.raw(&indices, 5121, "SCALAR", indices.len());
    let j = g.raw(&joints, 5121, "VEC4", 12);
    let w = g.floats(&weights, "VEC4");
    let mut ibm = glam::Mat4::IDENTITY.to_cols_array().to_vec();
    ibm.extend(glam::Mat4::from_translation(glam::Vec3::new(0.0, -1.0, 0.0)).to_cols_array());
    let ibm = g.floats(&ibm, "MAT4");
    let t0 = clip_start.unwrap_or(0.0);
    let times = g.floats(&[t0, t0 + 0.5, t0 + 1.0, t0 + 1.5], "SCALAR");
    let turn = |deg: f32| glam::Quat::from_rotation_z(deg.to_radians()).to_array();
    let values: Vec<[f32; 4]> = [turn(0.0), turn(60.0), turn(0.0), turn(-30.0)].to_vec();
    let outputs: Vec<f32> = if interpolation == "CUBICSPLINE" {
        let zero = [0.0; 4];
        let tangent = [0.0, 0.0, 1.5, 0.0];
        values
            .iter()
            .enumerate()
            .flat_map(|(k, v)| if k == 1 { [tangent, *v, tangent] } else { [zero, *v, zero] })
            .flatten()
            .collect()
    } else {
        values.iter().flatten().copied().collect()
    };
    let r = g.floats(&outputs, "VEC4");
    let mut samplers = vec![format!(r#"{{"input":{times},"output":{r},"interpolation":"{interpolation}"}}"#)];
    let mut channels = vec![r#"{"sampler":0,"target":{"node":2,"path":"rotation"}}"#.to_string()];
    if grow != 1.0 {
        let sizes = g.floats(&[1.0, 1.0, 1.0, grow, grow, grow], "VEC3");
        let ends = g.floats(&[t0, t0 + 1.5], "SCALAR");
        samplers.push(format!(r#"{{"input":{ends},"output":{sizes}}}"#));
        channels.push(r#"{"sampler":1,"target":{"node":1,"path":"scale"}}"#.to_string());
    }
    let mesh = format!(
        r#","skins":[{{"joints":[1,2],"inverseBindMatrices":{ibm}}}],
        "meshes":[{{"name":"arm","primitives":[{{"indices":{i},"attributes":{{"POSITION":{p},"NORMAL":{n},"JOINTS_0":{j},"WEIGHTS_0":{w}}}}}]}}]"#
    );
    let clip = format!(
        r#","animations":[{{"name":"bend","samplers":[{}],"channels":[{}]}}]"#,
        samplers.join(","),
        channels.join(",")
    );
    let (arm_node, roots) = if skin { (r#",{"name":"arm","mesh":0,"skin":0}"#, "0,3") } else { ("", "0") };
    g.json(&format!(
        r#""scene":0,"scenes":[{{"nodes":[{roots}]}}],
        "nodes":[{{"name":"root","children":[1]}},{{"name":"upper","children":[2]}},
          {{"name":"lower","translation":[0,1,0]}}{arm_node}]{}{}"#,
        if skin { mesh.as_str() } else { "" },
        if clip_start.is_some() { clip.as_str() } else { "" }
    ))
}

/// A column `joints` joints tall (a chain of nodes `joint 0`, `joint 1`, ...
/// each `1 / joints` above its parent, under a node `root`) in a square tube
/// whose every vertex is weighted to one joint: a skin of exactly `joints`
/// bones, no clip. Panics for 0 joints or more than 65,535.
pub fn column(joints: usize) -> String {
    assert!((1..=usize::from(u16::MAX)).contains(&joints), "a column of 1 to 65,535 joints");
    let mut g = Gltf::default();
    let step = 1.0 / joints as f32;
    let ring = |y: f32| [[-0.05, y, -0.05], [0.05, y, -0.05], [0.05, y, 0.05], [-0.05, y, 0.05]];
    let positions: Vec<f32> = (0..=joints).flat_map(|k| ring(k as f32 * step)).flatten().collect();
    let mut indices: Vec<u32> = Vec::new();
    for level in 0..joints as u32 {
        for side in 0..4 {
            let (a, b) = (level * 4 + side, level * 4 + (side + 1) % 4);
            indices.extend_from_slice(&[a, b, b + 4, a, b + 4, a + 4]);
        }
    }
    let bone_of = |k: usize| k.min(joints - 1) as u16;
    let ids: Vec<u8> = (0..=joints).flat_map(|k| [bone_of(k), 0, 0, 0].repeat(4)).flat_map(u16::to_le_bytes).collect();
    let weights: Vec<f32> = (0..(joints + 1) * 4).flat_map(|_| [1.0, 0.0, 0.0, 0.0]).collect();
    let ibm: Vec<f32> = (0..joints)
        .flat_map(|j| glam::Mat4::from_translation(glam::Vec3::new(0.0, -(j as f32) * step, 0.0)).to_cols_array())
        .collect();
    let p = g.floats(&positions, "VEC3");
    let index_bytes: Vec<u8> = indices.iter().flat_map(|i| i.to_le_bytes()).collect();
    let i = g.raw(&index_bytes, 5125, "SCALAR", indices.len());
    let j = g.raw(&ids, 5123, "VEC4", (joints + 1) * 4);
    let w = g.floats(&weights, "VEC4");
    let m = g.floats(&ibm, "MAT4");
    let chain: Vec<String> = (0..joints)
        .map(|k| {
            let child = if k + 1 < joints { format!(r#","children":[{}]"#, k + 2) } else { String::new() };
            let up = if k == 0 { 0.0 } else { step };
            format!(r#"{{"name":"joint {k}","translation":[0,{up},0]{child}}}"#)
        })
        .collect();
    let skin_joints: Vec<String> = (1..=joints).map(|n| n.to_string()).collect();
    g.json(&format!(
        r#""scene":0,"scenes":[{{"nodes":[0,{mesh_node}]}}],
        "nodes":[{{"name":"root","children":[1]}},{chain},{{"name":"column","mesh":0,"skin":0}}],
        "skins":[{{"joints":[{skin_joints}],"inverseBindMatrices":{m}}}],
        "meshes":[{{"name":"column","primitives":[{{"indices":{i},"attributes":{{"POSITION":{p},"JOINTS_0":{j},"WEIGHTS_0":{w}}}}}]}}]"#,
        mesh_node = joints + 1,
        chain = chain.join(","),
        skin_joints = skin_joints.join(","),
    ))
}
