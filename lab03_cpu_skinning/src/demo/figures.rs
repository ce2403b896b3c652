//! Lab 03's lecture figures (`--figures DIR`) and its legend (`--legend`).

use common::app::{Figure, Legend};

use crate::{CpuSkinning, View, look};

/// The figures, rendered by `tools/figures/render` (INSTRUCTORS.md).
pub const FIGURES: [Figure; 3] = [
    Figure::still("heat-forearm", "The left forearm's skinning weights as heat: blue none, green half, red all")
        .time(0.5)
        .set(&["heat=true", "joint=forearm_l"])
        .with(&["--legend"]),
    Figure::still(
        "twist-linear-blend",
        "A cylinder twisted 150 degrees: linear blend pinches the middle, stitching shows a seam",
    )
    .set(&["view=twist", "twist=150"])
    .with(&["--legend", "--panel"]),
    Figure::still("normals", "The skinned normals (the mesh's shading follows the bones), with the skeleton")
        .time(0.8)
        .set(&["normals=true", "skeleton=true"])
        .with(&["--legend", "--present"]),
];

/// The heat ramp with its bone, or what the twist shows.
pub fn legend(lab: &CpuSkinning) -> Legend {
    let joint = lab.skeleton.nodes.get(lab.selected).map_or("?", |n| n.name.as_str());
    let mut legend = Legend::default();
    match lab.view {
        View::Twist => {
            legend = legend.line("left: linear blend; right: stitching");
        }
        View::Character => {
            legend = legend.line(format!("skinned by {:?} on the CPU", lab.method));
            if lab.heat {
                let ramp: Vec<[f32; 3]> = (0..=8).map(|i| look::heat(i as f32 / 8.0).into()).collect();
                legend = legend.ramp(&ramp, format!("weight of {joint}: 0 (blue) to 1 (red)"));
            }
            if lab.show.normals {
                legend = legend.swatch([0.3, 0.6, 1.0], "normals");
            }
            if lab.show.tangents {
                legend = legend.swatch([1.0, 0.4, 0.3], "tangents");
            }
            if lab.show.skeleton {
                legend = legend.swatch([1.0, 0.8, 0.3], "skeleton");
            }
        }
    }
    legend
}
