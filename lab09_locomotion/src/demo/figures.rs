//! Lab 09's lecture figures (`--figures DIR`) and its legend (`--legend`).
//! Every figure steers by a built-in script (`--set script=NAME`, the text
//! of `lab09_locomotion/scripts/NAME.txt`), so it is the same every time.

use common::app::{Figure, Legend};

use crate::Steer;
use crate::demo::draw::{FREE, GHOST, GROUND, HELD, PREDICTED, SIMULATED, TRAIL, WANTED};
use crate::demo::options::Compare;
use crate::demo::panel;

/// The figures, rendered by `tools/figures/render` (instructor notes).
pub const FIGURES: [Figure; 5] = [
    Figure::record(
        "steered-run",
        "The tour steered by its script: walk, run, a hard turn to the left: the trajectory behind (white), the \
         simulated character (cyan) and its prediction 0.2, 0.4 and 0.6 s ahead (yellow), feet held (green)",
        90,
    )
    .time(1.5)
    .set(&["script=tour"])
    .with(&["--legend"]),
    Figure::still(
        "weights-and-state",
        "Blend weights over the tour (idle grey, walk blue, run orange) with the machine's state under them: \
         stop, locomotion, stop, wave, locomotion",
    )
    .time(9.9)
    .set(&["script=tour"])
    .with(&["--panel", "--legend"]),
    Figure::still(
        "crossfade-vs-inertialization",
        "The right upper arm's turn as the tour stops and waves (grey lines: transitions firing): inertialized \
         (green: one pose sampled, the old pose's offset decaying) against lab 07's crossfade (orange: two poses \
         sampled and blended), which leaves later",
    )
    .time(6.9)
    .set(&["script=tour", "compare=crossfade", "span=1.5", "joint=upper_arm_r"])
    .with(&["--panel"]),
    Figure::still(
        "planted-feet",
        "Zigzag: feet held where they landed (green dots) against the same steering with feet not held (orange \
         skeleton); the panel plots how fast a foot in contact slides",
    )
    .time(4.6)
    .set(&["script=zigzag", "compare=no-plant"])
    .with(&["--panel", "--legend"]),
    Figure::still(
        "uneven-ground",
        "Running across lab 08's course (ramp, steps, rolling ground): feet planted on the ground under them",
    )
    .time(1.6)
    .set(&["script=run", "ground=course"])
    .with(&["--legend", "--present"]),
];

/// What plays, and what the colours mean.
pub fn legend(lab: &Steer) -> Legend {
    let mut legend = Legend::default();
    for line in panel::state_lines(lab) {
        legend = legend.line(line);
    }
    legend = legend.line(panel::blend_line(lab));
    if let Some(s) = &lab.steering.scripted {
        legend = legend.line(format!("steered by the script `{}`", s.name));
    }
    legend =
        legend.swatch(GROUND, format!("ground: {}", panel::ground_name(&lab.steering.main.setup.settings.terrain)));
    if lab.show_trajectory {
        legend = legend
            .swatch(TRAIL, "where the character was (3 s)")
            .swatch(SIMULATED, "the simulated character and its facing")
            .swatch(WANTED, "the velocity the stick asks for")
            .swatch(PREDICTED, "predicted: 0.2, 0.4, 0.6 s ahead")
            .swatch(HELD, "a foot held where it was planted")
            .swatch(FREE, "a foot in the air");
    }
    if lab.steering.ghost.is_some() {
        let what = match lab.compare {
            Compare::Crossfade => "the same steering, lab 07's crossfade",
            _ => "the same steering, feet not held",
        };
        legend = legend.swatch(GHOST, what);
    }
    legend
}
