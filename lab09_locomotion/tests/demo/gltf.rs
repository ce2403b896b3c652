//! A skeleton and its clips written out as a glTF file (nodes and
//! animations, no mesh), as a user's exported set of clips would come: the
//! files `--set clips-from` reads in these tests.

use common::gltf::writer::Gltf;
use common::model::{Clip, Interpolation, Skeleton};

/// `[a,b,c]`, as JSON.
fn list(values: &[f32]) -> String {
    let parts: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    format!("[{}]", parts.join(","))
}

/// The glTF text of `skeleton`'s nodes (rest transforms, names, children)
/// and `clips` (every track a LINEAR sampler, key times in seconds).
/// Panics on a track that is not linear: these tests write only linear ones.
pub fn clips_file(skeleton: &Skeleton, clips: &[Clip]) -> String {
    let mut g = Gltf::default();
    let nodes: Vec<String> = skeleton
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let children: Vec<String> = skeleton
                .nodes
                .iter()
                .enumerate()
                .filter(|(_, c)| c.parent == Some(i))
                .map(|(k, _)| k.to_string())
                .collect();
            let kids =
                if children.is_empty() { String::new() } else { format!(r#","children":[{}]"#, children.join(",")) };
            let t = &n.local;
            format!(
                r#"{{"name":"{}","translation":{},"rotation":{},"scale":{}{kids}}}"#,
                n.name,
                list(&t.translation.to_array()),
                list(&t.rotation.to_array()),
                list(&t.scale.to_array())
            )
        })
        .collect();
    let roots: Vec<String> =
        skeleton.nodes.iter().enumerate().filter(|(_, n)| n.parent.is_none()).map(|(i, _)| i.to_string()).collect();
    let mut animations = Vec::new();
    for clip in clips {
        let seconds = |t: f64| (t / clip.ticks_per_second) as f32;
        let (mut samplers, mut channels) = (Vec::new(), Vec::new());
        for ch in &clip.channels {
            let i = &ch.interpolation;
            let linear = [
                i.positions == Interpolation::Linear,
                i.rotations == Interpolation::Linear,
                i.scales == Interpolation::Linear,
            ];
            assert!(linear.iter().all(|&l| l), "clip `{}`: only linear tracks are written", clip.name);
            let tracks = [
                (
                    "translation",
                    ch.positions
                        .iter()
                        .map(|k| (seconds(k.time_ticks), k.value.to_array().to_vec()))
                        .collect::<Vec<_>>(),
                    "VEC3",
                ),
                (
                    "rotation",
                    ch.rotations.iter().map(|k| (seconds(k.time_ticks), k.value.to_array().to_vec())).collect(),
                    "VEC4",
                ),
                (
                    "scale",
                    ch.scales.iter().map(|k| (seconds(k.time_ticks), k.value.to_array().to_vec())).collect(),
                    "VEC3",
                ),
            ];
            for (path, keys, ty) in tracks {
                if keys.is_empty() {
                    continue;
                }
                let times: Vec<f32> = keys.iter().map(|(t, _)| *t).collect();
                let values: Vec<f32> = keys.iter().flat_map(|(_, v)| v.clone()).collect();
                let (input, output) = (g.floats(&times, "SCALAR"), g.floats(&values, ty));
                samplers.push(format!(r#"{{"input":{input},"output":{output},"interpolation":"LINEAR"}}"#));
                let sampler = samplers.len() - 1;
                channels.push(format!(r#"{{"sampler":{sampler},"target":{{"node":{},"path":"{path}"}}}}"#, ch.node));
            }
        }
        animations.push(format!(
            r#"{{"name":"{}","samplers":[{}],"channels":[{}]}}"#,
            clip.name,
            samplers.join(","),
            channels.join(",")
        ));
    }
    g.json(&format!(
        r#""scene":0,"scenes":[{{"nodes":[{}]}}],"nodes":[{}],"animations":[{}]"#,
        roots.join(","),
        nodes.join(","),
        animations.join(",")
    ))
}
