//! Lab 05's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::arc::Method;
use crate::{SlerpDemo, View};

/// The figures, rendered by `tools/figures/render` (README, instructor notes).
pub const FIGURES: [Figure; 3] = [
    Figure::record(
        "lerp-nlerp-slerp",
        "One joint turned 150 degrees between two keys as t sweeps 0 to 1: lerp shrinks the arm (left, red), \
         nlerp keeps its length but crowds its steps near the keys (middle, yellow), slerp turns at an even pace \
         (right, green)",
        90,
    )
    .time(4.5) // the sweep of t starts halfway: at 4.5 s it is back at 0
    .set(&["angle=150"])
    .with(&["--legend"]),
    Figure::still("long-way", "The second key stored on the far side: skipping the sign flip turns the long way round")
        .set(&["angle=120", "long=true", "t=0.5"])
        .with(&["--legend", "--panel"]),
    Figure::still(
        "matrix-blend",
        "The walk with every 6th key, rotations blended as matrices: the limbs shrink between keys",
    )
    .time(0.6)
    .set(&["view=character", "rotation=matrix", "keys=6", "skeleton=true"])
    .with(&["--legend"]),
];

/// What the arcs' colours mean, or which rotation the character plays with.
pub fn legend(lab: &SlerpDemo) -> Legend {
    match (&lab.view, &lab.character) {
        (View::Character, Some(c)) => Legend::default()
            .line(format!("rotation between keys: {:?}", c.rotation))
            .line(format!("every {} key(s) of the clip, {}", c.every, if c.looping { "looping" } else { "once" }))
            .swatch([1.0, 0.8, 0.3], "skeleton"),
        _ => {
            let mut legend = Legend::default().line(format!(
                "turn between the keys: {:.0} degrees{}, t = {:.2}",
                lab.arcs.angle,
                if lab.arcs.long { " (long way round)" } else { "" },
                lab.current_t()
            ));
            for method in Method::ALL {
                legend = legend.swatch(method.color(), method.name());
            }
            legend
        }
    }
}
