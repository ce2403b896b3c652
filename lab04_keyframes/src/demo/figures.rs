//! Lab 04's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::Keyframes;

/// The figures, rendered by `tools/figures/render` (README, instructor notes).
/// The two recordings are the same two seconds of the walk: each pose held
/// until the next key, then interpolated between keys.
pub const FIGURES: [Figure; 4] = [
    Figure::record(
        "walk-hold",
        "The walk with each key held until the next (no interpolation): the right toe's red dot jumps from key to key",
        60,
    )
    .clip("walk")
    .set(&["hold=true", "joint=toe_r"])
    .with(&["--legend"]),
    Figure::record(
        "walk-interpolated",
        "The same walk interpolated between keys: the right toe glides along its path through the keys",
        60,
    )
    .clip("walk")
    .set(&["joint=toe_r"])
    .with(&["--legend"]),
    Figure::still(
        "trail-and-keys",
        "The right toe's path over one play of the walk, its keys as amber dots, with the panel",
    )
    .clip("walk")
    .time(0.4)
    .set(&["joint=toe_r", "skeleton=true"])
    .with(&["--legend", "--panel"]),
    Figure::still("wave-once", "The one-shot wave, played once and stopped at its end")
        .clip("wave")
        .time(5.0)
        .set(&["mode=once", "joint=hand_r"])
        .with(&["--legend"]),
];

/// What plays and what the trail's colours mean.
pub fn legend(lab: &Keyframes) -> Legend {
    let clip = &lab.clips[lab.clip];
    let joint = lab.stage.skeleton.nodes.get(lab.joint).map_or("?", |n| n.name.as_str());
    let how = if lab.hold { "each key held (no interpolation)" } else { "interpolated between keys" };
    let mut legend = Legend::default()
        .line(format!("clip `{}` ({:.2} s), {how}", clip.name, clip.duration_seconds()))
        .line(format!("joint: {joint}"));
    if lab.show_trail {
        legend = legend
            .swatch([0.3, 0.8, 1.0], format!("{joint}'s path over one play"))
            .swatch([1.0, 0.78, 0.3], "where it is at each key")
            .swatch([1.0, 0.3, 0.3], "where it is now");
    }
    if lab.show_skeleton {
        legend = legend.swatch([1.0, 0.8, 0.3], "skeleton");
    }
    legend
}
