//! Lab 01's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::{BONE, Hierarchy, REST, SELECTED, SUBTREE};

/// The figures, rendered by `tools/figures/render` (INSTRUCTORS.md).
pub const FIGURES: [Figure; 3] = [
    Figure::still(
        "forearm-turned",
        "The left forearm turned 60 degrees about its Z axis: the hand follows, the rest stays",
    )
    .set(&["joint=forearm_l", "angles=0,0,60", "animate=false", "rest=true"])
    .with(&["--legend"]),
    Figure::still("axes", "Every joint's axes, read from the columns of its world matrix (X red, Y green, Z blue)")
        .set(&["joint=spine", "animate=false"])
        .with(&["--legend", "--panel"]),
    Figure::still("reparented", "The left hand re-parented to the chest: it now moves with the chest, not the arm")
        .time(0.5)
        .set(&["reparent=hand_l:chest", "joint=hand_l"])
        .with(&["--legend", "--present"]),
];

/// What each colour of the skeleton means.
pub fn legend(lab: &Hierarchy) -> Legend {
    let joint = lab.skeleton.nodes.get(lab.selected).map_or("?", |n| n.name.as_str());
    let a = lab.angles.get(lab.selected).copied().unwrap_or_default();
    let mut legend = Legend::default()
        .line(format!("selected: {joint}, turned ({:.0}, {:.0}, {:.0}) degrees", a.x, a.y, a.z))
        .line(if lab.animate { "the built-in motion plays" } else { "still (no motion)" })
        .swatch(BONE, "bones")
        .swatch(SELECTED, joint)
        .swatch(SUBTREE, format!("{joint}'s subtree"));
    if lab.show_rest {
        legend = legend.swatch(REST, "rest pose");
    }
    if lab.show_axes {
        legend = legend.ramp(&[[0.95, 0.25, 0.2], [0.3, 0.85, 0.3], [0.25, 0.45, 1.0]], "each joint's X, Y, Z axes");
    }
    legend
}
