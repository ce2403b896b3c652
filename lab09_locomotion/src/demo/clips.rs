//! A user's own locomotion clips: `--set clips-from=FILE` (repeatable, read
//! as lab 07's demo reads it: lab 07's given `clips::add_from_files`) and
//! `--set idle=CLIP`, `--set walk=CLIP`, `--set run=CLIP`, which clip plays
//! each gait.
//!
//! The set-up (`Locomotion::new`) finds its gaits by name, and so does the
//! state machine (the stop state plays `idle`). A file's clips are rarely
//! named so (Mixamo calls every clip `mixamo.com`, Blender `Armature|Walking`),
//! so the chosen clip is copied under the gait's name, and a clip that had
//! that name before is renamed `NAME (replaced)`: the blend space and the
//! machine then play the same clip, and the chosen clip keeps its own name
//! too, for a machine file of your own to name.

use common::app::Args;
use common::model::{Clip, Model, Skeleton};
use lab08_inverse_kinematics::given::rig::Rig;
use lab09_locomotion::Locomotion;
use lab09_locomotion::given::GAITS;

/// The shortest clip a gait may play, seconds: even a run's cycle (two
/// steps) lasts about half a second, so a shorter clip is a pose or a
/// fragment, and its measured speed would mean nothing.
pub const SHORTEST: f64 = 0.1;

/// What each gait plays (idle, walk, run): the chosen clip's own name, as
/// the user knows it.
pub type Chosen = [String; 3];

/// The rig's joints a gait must move (lab 08's legs and hips), by name.
fn rig_joints(skeleton: &Skeleton, rig: &Rig) -> Vec<(usize, String)> {
    let mut nodes = vec![rig.hips];
    for leg in rig.legs {
        nodes.extend([leg.thigh, leg.shin, leg.foot]);
    }
    nodes.into_iter().map(|n| (n, skeleton.nodes[n].name.clone())).collect()
}

/// A clip by name, else by index, else a message listing the clips.
fn find(clips: &[Clip], key: &str, wanted: &str) -> Result<usize, String> {
    if let Some(i) = clips.iter().position(|c| c.name == wanted) {
        return Ok(i);
    }
    match wanted.parse::<usize>() {
        Ok(i) if i < clips.len() => Ok(i),
        _ => {
            let names: Vec<&str> = clips.iter().map(|c| c.name.as_str()).collect();
            Err(format!("--set {key}={wanted}: no clip `{wanted}`; the clips are: {}", names.join(", ")))
        }
    }
}

/// Adds the clips of every `--set clips-from=FILE` to `model`, checks the
/// clip each gait plays (found, long enough, moving lab 08's rig) and puts
/// it under the gait's name, as [`Locomotion::new`] looks for it. Every
/// refusal is one line naming the option and what to do.
pub fn choose(args: &Args, model: &mut Model) -> Result<Chosen, String> {
    let files: Vec<&str> = args.settings.iter().filter(|(k, _)| k == "clips-from").map(|(_, v)| v.as_str()).collect();
    let added = lab07_transitions::given::clips::add_from_files(&files, model)?;
    let rig = Rig::of(&model.skeleton).map_err(|e| format!("{e}: lab09 steers a skeleton with lab 08's rig"))?;
    let joints = rig_joints(&model.skeleton, &rig);
    let listed = || joints.iter().map(|(_, n)| n.as_str()).collect::<Vec<_>>().join(", ");
    if let Some((file, _)) = files.iter().zip(&added).find(|(_, n)| **n == 0) {
        return Err(format!(
            "--set clips-from={file}: no channel of its clips names a node of this skeleton (the note above lists \
             them): its skeleton lacks lab 08's rig ({}); rename its joints to these, or export the clips on this \
             character",
            listed()
        ));
    }
    let mut chosen = Vec::with_capacity(GAITS.len());
    for gait in GAITS {
        let wanted = args.setting(gait).unwrap_or(gait);
        let clip = find(&model.clips, gait, wanted)?;
        let c = &model.clips[clip];
        let seconds = c.duration_seconds();
        if seconds < SHORTEST {
            return Err(format!(
                "--set {gait}={wanted}: clip `{}` lasts {seconds:.3} s, too short for a gait's cycle (at least \
                 {SHORTEST} s): choose a clip that holds a whole cycle",
                c.name
            ));
        }
        if !c.channels.iter().any(|ch| joints.iter().any(|(n, _)| *n == ch.node)) {
            return Err(format!(
                "--set {gait}={wanted}: clip `{}` moves none of lab 08's rig ({}): its file names its joints \
                 otherwise; rename them to these",
                c.name,
                listed()
            ));
        }
        chosen.push(clip);
    }
    let copies: Vec<Clip> = chosen.iter().map(|&c| model.clips[c].clone()).collect();
    let names: Vec<String> = copies.iter().map(|c| c.name.clone()).collect();
    for (gait, copy) in GAITS.into_iter().zip(copies) {
        if copy.name == gait {
            continue;
        }
        if let Some(old) = model.clips.iter_mut().find(|c| c.name == gait) {
            old.name = format!("{gait} (replaced)");
        }
        model.clips.push(Clip { name: gait.to_string(), ..copy });
    }
    Ok([names[0].clone(), names[1].clone(), names[2].clone()])
}

/// One line per gait, as printed at start: its clip, its measured speed and
/// how it was measured (`original`: the clips before the set-up put the
/// travelling ones in place).
pub fn speeds(setup: &Locomotion, chosen: &Chosen, original: &[Clip]) -> Vec<String> {
    GAITS
        .iter()
        .zip(&setup.gaits)
        .zip(chosen)
        .map(|((gait, g), name)| {
            let clip = original.iter().find(|c| c.name == *gait).unwrap_or(&setup.clips[g.clip]);
            let own = lab08_inverse_kinematics::solution::loop_travel(clip, &setup.rest, setup.rig.hips);
            let how = if own.displacement.length() > lab09_locomotion::given::character::TRAVELS {
                "from its root motion"
            } else {
                "in place: from its stride"
            };
            format!("{gait}: clip `{name}`, {:.2} m/s ({how}, {:.2} s a cycle)", g.speed, g.seconds)
        })
        .collect()
}

/// The set-up's refusal, with the gaits' clips named when they were chosen
/// on the command line (gaits out of order of speed, say).
pub fn blame(error: &str, chosen: &Chosen) -> String {
    let default = GAITS.iter().zip(chosen).all(|(g, c)| g == c);
    if default {
        return error.to_string();
    }
    let named: Vec<String> = GAITS.iter().zip(chosen).map(|(g, c)| format!("{g} `{c}`")).collect();
    format!("{error} (the gaits play {}: choose others with --set idle=, walk=, run=)", named.join(", "))
}
