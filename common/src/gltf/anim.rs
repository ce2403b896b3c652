//! glTF animations as [`Clip`]s, with each sampler's interpolation.
//!
//! Refused with a note (the channel is skipped, the rest of the clip plays):
//! a channel on a node outside the scene, morph-target weights (the course
//! has no morph targets), key times not stored as FLOAT scalars (the spec
//! requires them; integers would be read as garbage), rotation keys that are
//! not VEC4 quaternions (VEC3 Euler angles, say), fewer outputs than keys, a
//! second channel for the same node and property. Repaired with a note:
//! more outputs than keys (the extra ones are ignored). The key checks that
//! all loaders share run afterwards ([`crate::import::repair`]).

use gltf::accessor::{DataType as D, Dimensions};
use gltf::animation::util::ReadOutputs;
use gltf::animation::{Interpolation as GltfInterpolation, Property};

use glam::{Quat, Vec3};

use super::fits;
use crate::import::LoadReport;
use crate::model::{Channel, Clip, Interpolation, Key, Skeleton, Tangents};

/// Ticks per second of every glTF clip (glTF times are seconds; assimp
/// reads them as milliseconds, and so does this reader).
pub const TICKS_PER_SECOND: f64 = 1000.0;

pub(super) fn convert(
    doc: &gltf::Document,
    index_of: &[Option<usize>],
    skeleton: &Skeleton,
    data: &[Vec<u8>],
    report: &mut LoadReport,
) -> Vec<Clip> {
    let mut clips = Vec::new();
    for anim in doc.animations() {
        let name = anim.name().map_or_else(|| format!("clip {}", anim.index()), str::to_string);
        let mut channels: Vec<Channel> = Vec::new();
        let mut slot: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
        for (c, ch) in anim.channels().enumerate() {
            let mut note = |what: String| report.warnings.push(format!("clip `{name}`, channel {c}: {what}"));
            let target = ch.target();
            let Some(node) = index_of[target.node().index()] else {
                note(format!("animates node {}, which is not in the scene; skipped", target.node().index()));
                continue;
            };
            let node_name = &skeleton.nodes[node].name;
            let mut note = |what: String| note(format!("(`{node_name}`) {what}"));
            let sampler = ch.sampler();
            let (input, output) = (sampler.input(), sampler.output());
            if !fits(&input, Dimensions::Scalar, &[D::F32]) {
                note(format!(
                    "its key times are {} {:?} {:?}, not FLOAT scalars as glTF requires; skipped",
                    input.count(),
                    input.data_type(),
                    input.dimensions()
                ));
                continue;
            }
            let (dims, types): (Dimensions, &[D]) = match target.property() {
                Property::Translation | Property::Scale => (Dimensions::Vec3, &[D::F32]),
                Property::Rotation => (Dimensions::Vec4, &[D::I8, D::U8, D::I16, D::U16, D::F32]),
                Property::MorphTargetWeights => {
                    note("animates morph-target weights, which the course does not draw; skipped".into());
                    continue;
                }
            };
            if !fits(&output, dims, types) {
                let what = if target.property() == Property::Rotation && output.dimensions() == Dimensions::Vec3 {
                    "rotation keys stored as VEC3, not quaternions (VEC4)".to_string()
                } else {
                    format!("outputs of {:?} {:?}, not {dims:?} {types:?}", output.data_type(), output.dimensions())
                };
                note(format!("{what}; skipped"));
                continue;
            }
            let reader = ch.reader(|b| data.get(b.index()).map(Vec::as_slice));
            let times: Vec<f64> =
                reader.read_inputs().map(|i| i.map(|t| f64::from(t) * TICKS_PER_SECOND).collect()).unwrap_or_default();
            let cubic = sampler.interpolation() == GltfInterpolation::CubicSpline;
            let per_key = if cubic { 3 } else { 1 };
            let want = times.len() * per_key;
            let outputs = output.count();
            if outputs < want {
                note(format!("{outputs} outputs for {} keys (need {want}); skipped", times.len()));
                continue;
            }
            if outputs > want {
                note(format!("{outputs} outputs for {} keys: ignored the {} extra", times.len(), outputs - want));
            }
            // One channel per node, found through a map (a file may animate 10,000 nodes).
            let index = *slot.entry(node).or_insert_with(|| {
                channels.push(Channel { node, ..Channel::default() });
                channels.len() - 1
            });
            let out = &mut channels[index];
            let taken = match target.property() {
                Property::Translation => !out.positions.is_empty(),
                Property::Rotation => !out.rotations.is_empty(),
                _ => !out.scales.is_empty(),
            };
            if taken {
                note(format!("a second channel for its {:?}; skipped (the first one plays)", target.property()));
                continue;
            }
            match reader.read_outputs() {
                Some(ReadOutputs::Translations(v)) => {
                    let values: Vec<Vec3> = v.map(Vec3::from).collect();
                    (out.positions, out.interpolation.positions) = track(&times, &values, sampler.interpolation());
                }
                Some(ReadOutputs::Scales(v)) => {
                    let values: Vec<Vec3> = v.map(Vec3::from).collect();
                    (out.scales, out.interpolation.scales) = track(&times, &values, sampler.interpolation());
                }
                Some(ReadOutputs::Rotations(r)) => {
                    let values: Vec<Quat> = r.into_f32().map(Quat::from_array).collect();
                    (out.rotations, out.interpolation.rotations) = track(&times, &values, sampler.interpolation());
                }
                _ => note("its outputs cannot be read; skipped".into()),
            }
        }
        channels.retain(|c| !(c.positions.is_empty() && c.rotations.is_empty() && c.scales.is_empty()));
        if channels.is_empty() {
            report.warnings.push(format!("clip `{name}`: no channel left to play; skipped"));
            continue;
        }
        let mut clip = Clip { name, duration_ticks: 0.0, ticks_per_second: TICKS_PER_SECOND, channels };
        clip.duration_ticks = clip.last_key_ticks();
        clips.push(clip);
    }
    clips
}

/// Keys and interpolation of one track. A cubic sampler's outputs come in
/// threes per key: in-tangent, value, out-tangent (per second; stored here
/// per tick).
fn track<T>(times: &[f64], values: &[T], mode: GltfInterpolation) -> (Vec<Key<T>>, Interpolation<T>)
where
    T: Copy + std::ops::Mul<f32, Output = T>,
{
    let per_tick = (1.0 / TICKS_PER_SECOND) as f32;
    match mode {
        GltfInterpolation::CubicSpline => {
            let keys =
                times.iter().enumerate().map(|(k, &t)| Key { time_ticks: t, value: values[3 * k + 1] }).collect();
            let tangents = (0..times.len())
                .map(|k| Tangents { incoming: values[3 * k] * per_tick, outgoing: values[3 * k + 2] * per_tick })
                .collect();
            (keys, Interpolation::CubicSpline(tangents))
        }
        other => {
            let keys = times.iter().zip(values).map(|(&t, &value)| Key { time_ticks: t, value }).collect();
            let mode = if other == GltfInterpolation::Step { Interpolation::Step } else { Interpolation::Linear };
            (keys, mode)
        }
    }
}
