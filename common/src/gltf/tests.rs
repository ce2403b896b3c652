//! glTF files written by the tests themselves: JSON plus one base64 buffer.

use glam::{Quat, Vec3};

use super::writer::{Gltf, write};
use super::*;
use crate::model::{Interpolation, Key, Tangents};

const TWO_NODES: &str = r#""scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"name":"root","children":[1]},{"name":"arm","translation":[0,1,0]}]"#;

/// A clip on node 1 (`arm`) from `(times accessor, output accessor, path, interpolation)`.
fn animation(samplers: &[(usize, usize, &str, &str)]) -> String {
    let s: Vec<String> = samplers
        .iter()
        .map(|(i, o, _, mode)| format!(r#"{{"input":{i},"output":{o},"interpolation":"{mode}"}}"#))
        .collect();
    let c: Vec<String> = samplers
        .iter()
        .enumerate()
        .map(|(k, (_, _, path, _))| format!(r#"{{"sampler":{k},"target":{{"node":1,"path":"{path}"}}}}"#))
        .collect();
    format!(r#""animations":[{{"name":"move","samplers":[{}],"channels":[{}]}}]"#, s.join(","), c.join(","))
}

pub(super) fn load_text(name: &str, text: &str) -> Result<(Model, LoadReport), LoadError> {
    let path = write(name, text);
    let result = load(&path);
    std::fs::remove_file(path).unwrap();
    result
}

#[test]
fn step_and_cubic_samplers_keep_their_mode_and_tangents() {
    let mut g = Gltf::default();
    let times = g.floats(&[0.0, 0.5, 1.0], "SCALAR");
    let steps = g.floats(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0], "VEC3");
    let (q0, q1) = (Quat::IDENTITY, Quat::from_rotation_y(1.0));
    let cubic: Vec<f32> = [Quat::from_xyzw(0.0, 0.5, 0.0, 0.0), q0, Quat::from_xyzw(0.0, 0.2, 0.0, 0.0)]
        .into_iter()
        .chain([Quat::from_xyzw(0.0, 0.1, 0.0, 0.0), q1, Quat::from_xyzw(0.0, 0.3, 0.0, 0.0)])
        .chain([Quat::from_xyzw(0.0, 0.0, 0.0, 0.0), q0, Quat::from_xyzw(0.0, 0.0, 0.0, 0.0)])
        .flat_map(|q| q.to_array())
        .collect();
    let rotations = g.floats(&cubic, "VEC4");
    let text = g.json(&format!(
        "{TWO_NODES},{}",
        animation(&[(times, steps, "translation", "STEP"), (times, rotations, "rotation", "CUBICSPLINE")])
    ));
    let (model, report) = load_text("modes", &text).expect("loads");
    assert!(report.warnings.is_empty(), "{:?}", report.warnings);
    let clip = &model.clips[0];
    assert_eq!((clip.name.as_str(), clip.ticks_per_second, clip.duration_ticks), ("move", 1000.0, 1000.0));
    let ch = &clip.channels[0];
    assert_eq!(model.skeleton.nodes[ch.node].name, "arm");
    assert_eq!(ch.interpolation.positions, Interpolation::Step);
    assert_eq!(ch.positions[1], Key { time_ticks: 500.0, value: Vec3::X });
    assert_eq!(ch.rotations.len(), 3, "a cubic track: one key per three outputs");
    assert!(ch.rotations[1].value.abs_diff_eq(q1, 1e-6));
    let Interpolation::CubicSpline(t) = &ch.interpolation.rotations else { panic!("{:?}", ch.interpolation) };
    let per_tick = |y: f32| Quat::from_xyzw(0.0, y / 1000.0, 0.0, 0.0);
    assert_eq!(t[0], Tangents { incoming: per_tick(0.5), outgoing: per_tick(0.2) });
    assert_eq!(t[1], Tangents { incoming: per_tick(0.1), outgoing: per_tick(0.3) });
    assert_eq!(ch.interpolation.scales, Interpolation::Linear, "no scale channel: linear by default");
}

#[test]
fn the_bending_arm_loads_in_every_mode() {
    for mode in ["LINEAR", "STEP", "CUBICSPLINE"] {
        let (model, report) = load_text(mode, &super::writer::bending_arm(mode)).expect("loads");
        assert!(report.warnings.is_empty(), "{mode}: {:?}", report.warnings);
        assert_eq!(model.meshes[0].bones.len(), 2, "two joints; every vertex weighted, so no rigid bone");
        assert_eq!(model.clips[0].channels[0].interpolation.rotations.name(), mode);
        assert_eq!(model.clips[0].duration_seconds(), 1.5);
    }
}

#[test]
fn keys_that_cannot_be_drawn_are_refused_or_repaired_each_with_a_note() {
    let mut g = Gltf::default();
    let times = g.floats(&[-0.5, 0.0, 0.0, 1.0], "SCALAR");
    let short_times = g.raw(&[0, 0, 1, 0], 5123, "SCALAR", 2);
    let far = g.floats(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 1e30, 0.0, 0.0, 9.0, 9.0, 9.0], "VEC3");
    let euler = g.floats(&[0.0; 12], "VEC3");
    let quats: Vec<f32> =
        [[0.0, 0.0, 0.0, 1.0], [0.0; 4], [0.0, 0.0, 0.0, 1e-20], [0.0, 0.0, 0.0, 2.0]].into_iter().flatten().collect();
    let rotations = g.floats(&quats, "VEC4");
    let text = g.json(&format!(
        r#"{TWO_NODES},"animations":[{{"name":"bad","samplers":[
            {{"input":{times},"output":{far}}},{{"input":{times},"output":{rotations}}},
            {{"input":{short_times},"output":{far}}},{{"input":{times},"output":{euler}}}],
          "channels":[{{"sampler":0,"target":{{"node":1,"path":"translation"}}}},
            {{"sampler":1,"target":{{"node":1,"path":"rotation"}}}},
            {{"sampler":2,"target":{{"node":1,"path":"scale"}}}},
            {{"sampler":3,"target":{{"node":0,"path":"rotation"}}}}]}}]"#
    ));
    let (model, report) = load_text("bad-keys", &text).expect("loads, repaired");
    let notes = report.warnings.join("\n");
    for expected in [
        "clip `bad`, channel 2: (`arm`) its key times are 2 U16 Scalar, not FLOAT scalars as glTF requires; skipped",
        "clip `bad`, channel 3: (`root`) rotation keys stored as VEC3, not quaternions (VEC4); skipped",
        "clip `bad`, channel 0: (`arm`) 5 outputs for 4 keys: ignored the 1 extra",
        "clip `bad`, channel `arm`: position key 3: 1 too large to draw: dropped",
        "clip `bad`, channel `arm`: rotation keys 1 and on: 2 zero quaternions (no direction): dropped",
        "clip `bad`, channel `arm`: rotation key 3: 1 not of unit length: renormalised",
        "clip `bad`: its keys start at -500 ticks, before 0: shifted every key by 500 ticks so it starts at 0",
    ] {
        assert!(notes.contains(expected), "missing note `{expected}` in:\n{notes}");
    }
    assert_eq!(report.warnings.len(), 7, "one note per repair, none twice:\n{notes}");
    let ch = &model.clips[0].channels[0];
    let times: Vec<f64> = ch.positions.iter().map(|k| k.time_ticks).collect();
    assert_eq!(times, [0.0, 500.0, 500.0], "the far key dropped, the equal times kept as a cut, shifted to 0");
    assert_eq!(ch.positions[2].value, Vec3::new(2.0, 0.0, 0.0), "a cut keeps its keys in file order");
    assert_eq!(ch.rotations.len(), 2);
    assert_eq!(ch.rotations[1].value, Quat::IDENTITY, "renormalised");
    assert_eq!(model.clips[0].duration_ticks, 1500.0);
    assert_eq!(model.validate(), Ok(()));
}

#[test]
fn a_channel_with_a_sampler_out_of_range_refuses_the_file_by_name() {
    let mut g = Gltf::default();
    let times = g.floats(&[0.0, 1.0], "SCALAR");
    let values = g.floats(&[0.0; 6], "VEC3");
    let text = g.json(&format!(
        r#"{TWO_NODES},"animations":[{{"samplers":[{{"input":{times},"output":{values}}}],
           "channels":[{{"sampler":3,"target":{{"node":1,"path":"translation"}}}}]}}]"#
    ));
    let error = load_text("sampler", &text).unwrap_err().to_string();
    assert!(error.starts_with("cannot load ") && error.contains("-sampler.gltf: not a valid glTF 2.0 file"), "{error}");
    assert!(error.contains("sampler"), "{error}");
}

#[test]
fn a_skin_with_negative_weights_is_read_and_reported() {
    let mut g = Gltf::default();
    let positions = g.floats(&[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0], "VEC3");
    let joints = g.raw(&[0, 1, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], 5121, "VEC4", 3);
    let weights = g.floats(&[0.5, 0.5, 0.0, 0.0, 1.0, -0.5, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0], "VEC4");
    let text = g.json(&format!(
        r#""scenes":[{{"nodes":[0,2]}}],"nodes":[{{"name":"root","children":[1]}},{{"name":"arm","translation":[0,1,0]}},
           {{"name":"skin","mesh":0,"skin":0}}],"skins":[{{"joints":[0,1]}}],
           "meshes":[{{"primitives":[{{"attributes":{{"POSITION":{positions},"JOINTS_0":{joints},"WEIGHTS_0":{weights}}}}}]}}]"#
    ));
    let (model, report) = load_text("skin", &text).expect("loads");
    assert_eq!(model.meshes.len(), 1);
    let mesh = &model.meshes[0];
    assert_eq!(mesh.bones[1].node, 1, "joint 1 is node `arm`");
    assert_eq!(mesh.influences[1].weights, [1.0, 0.0, 0.0, 0.0], "the negative weight dropped");
    assert_eq!(mesh.influences[2].weights[0], 1.0, "renormalised");
    assert!(report.warnings.iter().any(|w| w.contains("1 weights were negative")), "{:?}", report.warnings);
    assert_eq!(report.renormalised_vertices, 1);
    assert!(mesh.normals.iter().all(|n| n.abs_diff_eq(Vec3::Z, 1e-6)), "normals made from the triangle");
}

/// The gltf reader and assimp agree on a real file: same skeleton by name,
/// same rest pose, bones, weights and clip (sampled at its keys).
#[cfg(assimp_reader)]
#[test]
fn simple_skin_reads_as_assimp_reads_it() {
    let path = std::path::Path::new("/usr/share/assimp/models/glTF2/simple_skin/simple_skin.gltf");
    if !path.exists() {
        eprintln!("skipped: {} is missing (apt-get install assimp-testmodels)", path.display());
        return;
    }
    let (ours, _) = load(path).expect("gltf reader");
    let (theirs, _) = crate::assimp::load(path).expect("assimp");
    let world = |m: &Model, name: &str| {
        let s = &m.skeleton;
        let mut at = s.find(name);
        let mut w = glam::Mat4::IDENTITY;
        while let Some(i) = at {
            let t = s.nodes[i].local;
            w = glam::Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation) * w;
            at = s.nodes[i].parent;
        }
        m.global_inverse * w
    };
    let name = |m: &Model, b: usize| m.skeleton.nodes[m.meshes[0].bones[b].node].name.clone();
    for b in 0..2 {
        let (a, t) = (&ours.meshes[0].bones[b], &theirs.meshes[0].bones[b]);
        assert!(a.offset.abs_diff_eq(t.offset, 1e-5), "bone {b}: {} vs {}", a.offset, t.offset);
        let (wa, wt) = (world(&ours, &name(&ours, b)), world(&theirs, &name(&theirs, b)));
        assert!(wa.abs_diff_eq(wt, 1e-5), "bone {b}: {wa} vs {wt}");
    }
    assert_eq!(ours.vertex_count(), theirs.vertex_count());
    let (a, b) = (&ours.clips[0], &theirs.clips[0]);
    assert!((a.duration_seconds() - b.duration_seconds()).abs() < 1e-6);
    let (ca, cb) = (&a.channels[0], &b.channels[0]);
    let bone_of = |m: &Model, node: usize| m.meshes[0].bones.iter().position(|b| b.node == node);
    assert_eq!(bone_of(&ours, ca.node), bone_of(&theirs, cb.node), "the clip animates the same bone");
    assert_eq!(ca.rotations.len(), cb.rotations.len());
    for (ka, kb) in ca.rotations.iter().zip(&cb.rotations) {
        assert!((ka.time_ticks / a.ticks_per_second - kb.time_ticks / b.ticks_per_second).abs() < 1e-6);
        assert!(ka.value.abs_diff_eq(kb.value, 1e-5), "{} vs {}", ka.value, kb.value);
    }
    // Weights: the same set of (position, weights) pairs.
    let mut wa: Vec<String> = ours.meshes[0]
        .positions
        .iter()
        .zip(&ours.meshes[0].influences)
        .map(|(p, i)| format!("{p:.3} {:.3}", i.weights.iter().copied().fold(0.0f32, f32::max)))
        .collect();
    let mut wb: Vec<String> = theirs.meshes[0]
        .positions
        .iter()
        .zip(&theirs.meshes[0].influences)
        .map(|(p, i)| format!("{p:.3} {:.3}", i.weights.iter().copied().fold(0.0f32, f32::max)))
        .collect();
    wa.sort();
    wb.sort();
    wa.dedup();
    wb.dedup();
    assert_eq!(wa, wb);
}

#[test]
fn the_mesh_node_is_a_bone_only_when_a_vertex_follows_it() {
    let (model, _) = load_text("column", &super::writer::column(300)).expect("loads");
    let mesh = &model.meshes[0];
    assert_eq!(mesh.bones.len(), 300, "one bone per joint: every vertex is weighted");
    assert!(mesh.influences.iter().all(|i| i.ids.iter().all(|&id| id < 300)));
    // The arm's mesh without weights (its vertices follow the mesh node) and without a skin.
    let arm = super::writer::bending_arm("LINEAR");
    let weights = arm.split(r#","WEIGHTS_0":"#).nth(1).and_then(|s| s.split('}').next()).expect("weights");
    let unweighted = arm.replacen(&format!(r#","WEIGHTS_0":{weights}"#), "", 1);
    let (model, _) = load_text("no-weights", &unweighted).expect("loads");
    let mesh = &model.meshes[0];
    assert_eq!(mesh.bones.len(), 3, "two joints and the mesh node, which every vertex follows");
    assert_eq!(model.skeleton.nodes[mesh.bones[2].node].name, "arm");
    assert!(mesh.influences.iter().all(|i| i.ids[0] == 2 && i.weights[0] == 1.0));
    let (model, _) = load_text("no-skin", &arm.replacen(r#","skin":0"#, "", 1)).expect("loads");
    assert_eq!(model.meshes[0].bones.len(), 1, "no skin: the mesh node alone");
}

#[test]
fn a_root_scale_of_0_is_refused_in_one_line_and_a_tiny_one_loads() {
    let error = load_text("scale-0", &super::writer::scaled_arm(0.0)).map(|_| ()).unwrap_err().to_string();
    assert!(
        error.contains("nothing can be drawn: node `root` has a scale of [0, 0, 0] in the rest pose")
            && error.contains("every bone's world matrix is singular")
            && error.lines().count() == 1,
        "{error}"
    );
    let (model, _) = load_text("scale-tiny", &super::writer::scaled_arm(1e-6)).expect("a micrometre arm loads");
    assert_eq!(model.skeleton.nodes[0].local.scale, Vec3::splat(1e-6));
}

/// A buffer in a file beside the model is read up to its declared length,
/// only from a regular file (a device never ends), and all buffers together
/// stay within the course's limit, whatever the lengths claim.
#[test]
fn buffer_files_are_read_within_bounds() {
    let file = |uri: &str, length: u64| {
        format!(r#"{{"asset":{{"version":"2.0"}},{TWO_NODES},"buffers":[{{"uri":"{uri}","byteLength":{length}}}]}}"#)
    };
    if Path::new("/dev/zero").exists() {
        let error = load_text("device", &file("/dev/zero", 64)).unwrap_err().to_string();
        assert!(error.contains("buffer 0: cannot read /dev/zero (not a regular file)"), "{error}");
    }
    let error = load_text("huge", &file("huge.bin", 1 << 40)).unwrap_err().to_string();
    assert!(error.contains("its buffers add up to more than 1024 MiB"), "{error}");
}
