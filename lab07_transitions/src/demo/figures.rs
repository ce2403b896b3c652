//! Lab 07's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::options::LayerKind;
use crate::{INCOMING, OUTGOING, Transitions};

/// The figures, rendered by `tools/figures/render` (README, instructor notes).
pub const FIGURES: [Figure; 4] = [
    Figure::record(
        "walk-to-run",
        "Walk fading into run over 1 s: the blended character in the middle, what fades out (walk, alone) \
         in orange on the left, what fades in (run, alone) in blue on the right",
        90,
    )
    .time(0.5)
    .set(&["from=walk", "to=run", "fade=1", "at=1"])
    .with(&["--legend"]),
    Figure::still("mid-fade", "Walk to run, 40% through a 0.5 s fade, with the panel's weight plot")
        .time(1.2)
        .set(&["from=walk", "to=run", "fade=0.5"])
        .with(&["--legend", "--panel"]),
    Figure::record("wave-on-walk", "The wave added on top of the walk (additive layer, weight 1)", 60)
        .time(0.5)
        .set(&["additive=true"])
        .with(&["--legend"]),
    Figure::still("upper-body", "The wave over the upper body only (a mask from the chest down the arms)")
        .time(1.2)
        .set(&["upper=true", "skeleton=true"])
        .with(&["--legend", "--present"]),
];

/// What plays (the blend and each clip's weight) and which ghost is which.
pub fn legend(lab: &Transitions) -> Legend {
    let mixer = &lab.mixer;
    let mut legend = Legend::default().line(mixer.status());
    for (clip, weight) in mixer.clips.iter().zip(mixer.weights()) {
        if weight > 0.0 {
            legend = legend.line(format!("`{}`: weight {weight:.2}", clip.name));
        }
    }
    let layer = &mixer.layer;
    let clip = |c: usize| mixer.clips.get(c).map_or("?", |c| c.name.as_str());
    let root = mixer.skeleton.nodes.get(layer.root).map_or("?", |n| n.name.as_str());
    match layer.kind {
        LayerKind::Off => {}
        LayerKind::Additive => {
            legend =
                legend.line(format!("layer: `{}` added on top, weight {:.2}", clip(layer.playing.clip), layer.weight));
        }
        LayerKind::Upper => {
            let what =
                format!("layer: `{}` over {root} and below, weight {:.2}", clip(layer.playing.clip), layer.weight);
            legend = legend.line(what);
        }
    }
    if lab.show_ghosts {
        legend = legend
            .swatch(OUTGOING, "left ghost: what fades out, alone")
            .swatch(INCOMING, "right ghost: what fades in, alone");
    }
    if lab.show_skeleton {
        legend = legend.swatch([1.0, 0.85, 0.4], "skeleton of the blended pose");
    }
    legend
}
