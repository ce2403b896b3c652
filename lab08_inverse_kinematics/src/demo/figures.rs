//! Lab 08's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::{GHOST, Ik, LOOK, POLE, TARGET};

/// The figures, rendered by `tools/figures/render` (README, instructor notes).
pub const FIGURES: [Figure; 4] = [
    Figure::record(
        "feet-on-the-course",
        "The walk across a ramp, steps and rolling ground: feet placed by two-bone IK (skinned) and the same \
         walk with IK off (orange) floating and sinking; the head follows the red dot",
        120,
    )
    .time(0.5)
    .with(&["--legend"]),
    Figure::still("ramp", "On the ramp: foot targets (green) and knee poles (yellow); the IK-off walk's feet sink")
        .time(1.6)
        .with(&["--legend"]),
    Figure::still("ccd-vs-fabrik", "CCD (magenta) and FABRIK (cyan) with 2 iterations each: FABRIK is nearly there")
        .time(2.0)
        .set(&["iterations=2", "ghost=false"])
        .with(&["--legend", "--panel"]),
    Figure::record(
        "walk-to-run",
        "Walk fading into run at 1 s: root motion at the blended speed, feet still planted",
        90,
    )
    .time(0.5)
    .set(&["fade-at=1"])
    .with(&["--legend"]),
];

/// One line: the pelvis offset and each leg's and tentacle's state.
pub fn status(lab: &Ik) -> String {
    let w = &lab.walker;
    let mut s = format!("{:.1} m along the course, run weight {:.2}", w.distance, w.run_weight());
    if let Some(feet) = w.feet {
        s += &format!("; pelvis {:+.3} m, legs reached {:?}", feet.pelvis, feet.reached);
    }
    for t in &lab.tentacles {
        if let Some(solve) = t.solve {
            s += &format!("; {}: {} it., {:.1} mm off", t.name(), solve.iterations, solve.error * 1e3);
        }
    }
    s
}

/// What the colours mean, and where things stand.
pub fn legend(lab: &Ik) -> Legend {
    let w = &lab.walker;
    let mut legend = Legend::default().line(format!(
        "{:.1} m along the course, IK {} (weight {:.2})",
        w.distance,
        if lab.ik { "on" } else { "off" },
        w.gait.weight
    ));
    if let Some(feet) = w.feet {
        legend = legend.line(format!("pelvis moved {:+.3} m", feet.pelvis));
    }
    for t in &lab.tentacles {
        if let Some(solve) = t.solve {
            let text = format!(
                "{}: {} iterations, tip {:.1} mm from its target",
                t.name(),
                solve.iterations,
                solve.error * 1e3
            );
            legend = legend.swatch(t.color(), text);
        }
    }
    if lab.ghost {
        legend = legend.swatch(GHOST, "the same walk, IK off");
    }
    if lab.gizmos {
        legend =
            legend.swatch(TARGET, "foot targets").swatch(POLE, "knee poles").swatch(LOOK, "look and reach targets");
    }
    legend
}
