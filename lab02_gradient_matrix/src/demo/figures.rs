//! Lab 02's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::{ARROW, BIND, Gradients, SELECTED, TARGET};

/// The figures, rendered by `tools/figures/render` (INSTRUCTORS.md).
pub const FIGURES: [Figure; 2] = [
    Figure::still(
        "bind-to-target",
        "Bind pose (grey) and a pose of the walk (blue): the arrows are where each joint goes",
    )
    .set(&["key=0.4"])
    .with(&["--legend"]),
    Figure::still(
        "prop-on-hand",
        "A box placed at the hand in the bind pose, moved by that bone's gradient matrix only",
    )
    .set(&["key=0.7", "joint=hand_l", "arrows=false"])
    .with(&["--legend", "--panel"]),
];

/// What each colour means.
pub fn legend(lab: &Gradients) -> Legend {
    let joint = lab.model.skeleton.nodes.get(lab.selected).map_or("?", |n| n.name.as_str());
    let clip = lab.clip.and_then(|c| lab.model.clips.get(c)).map_or("none".to_string(), |c| format!("`{}`", c.name));
    let mut legend = Legend::default().line(format!("clip {clip}, key at {:.2} of its length", lab.key));
    if lab.show.bind {
        legend = legend.swatch(BIND, "bind pose");
    }
    legend = legend.swatch(TARGET, "target pose").swatch(SELECTED, format!("selected: {joint}"));
    if lab.show.arrows {
        legend = legend.swatch(ARROW, "where each joint goes");
    }
    legend.swatch([0.9, 0.55, 0.15], "box moved by one gradient matrix")
}
