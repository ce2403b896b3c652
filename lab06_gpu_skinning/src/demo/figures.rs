//! Lab 06's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};
use glam::Vec3;

use crate::GpuSkinning;
use crate::draw::View;

/// The figures, rendered by `tools/figures/render` (README, instructor notes).
pub const FIGURES: [Figure; 3] = [
    Figure::still(
        "crowd",
        "Nine characters skinned by the shader, each its own clip and phase: one upload, one draw call",
    )
    .time(1.0)
    .with(&["--legend", "--panel"]),
    Figure::still(
        "bone-ids",
        "Bone ids as colours, blended by weight: where the integer ids are read right, colours meet smoothly",
    )
    .time(0.5)
    .set(&["crowd=1", "view=ids"])
    .with(&["--legend"]),
    Figure::still("weights", "The left forearm's weights as heat: blue none, red all")
        .time(0.5)
        .set(&["crowd=1", "view=weights", "joint=forearm_l"])
        .with(&["--legend"]),
];

/// The id colour of debug.glsl (a golden-ratio hue per bone, pastel).
fn id_color(id: u32) -> [f32; 3] {
    let h = (id as f32 * 0.618_034).fract();
    let k = ((Vec3::splat(h) + Vec3::new(0.0, 2.0 / 3.0, 1.0 / 3.0)).fract() * 6.0 - 3.0).abs();
    Vec3::ONE.lerp((k - 1.0).clamp(Vec3::ZERO, Vec3::ONE), 0.75).into()
}

/// The heat ramp of debug.glsl, from no weight to all of it.
fn heat(w: f32) -> [f32; 3] {
    let g = (1.0 - (w * 2.0 - 1.0).abs()).clamp(0.0, 1.0) * 0.9;
    [(w * 2.0 - 0.6).clamp(0.0, 1.0), g, (1.0 - w * 2.0).clamp(0.15, 1.0)]
}

/// How many characters, which path skins them, and the key to the view's colours.
pub fn legend(lab: &GpuSkinning) -> Legend {
    let legend = Legend::default().line(format!("{} character(s), skinned by {:?}", lab.count, lab.skinning));
    let joint = lab.crowd.rig.skeleton.nodes.get(lab.joint).map_or("?", |n| n.name.as_str());
    match lab.view {
        View::Ids => {
            let ids: Vec<[f32; 3]> = (0..12).map(id_color).collect();
            legend.ramp(&ids, "bone ids 0 to 11, one colour each, blended by weight")
        }
        View::Weights => {
            let ramp: Vec<[f32; 3]> = (0..=8).map(|i| heat(i as f32 / 8.0)).collect();
            legend.ramp(&ramp, format!("weight of {joint}: 0 (blue) to 1 (red)"))
        }
        View::Twist => legend.line("left: linear blend (collapses); right: dual quaternions (keeps the radius)"),
        View::Plain => legend,
    }
}
