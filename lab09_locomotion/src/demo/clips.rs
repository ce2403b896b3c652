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
use lab07_transitions::given::clips::find;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `choose` on the built-in character with `--set` pairs.
    fn choose_with(pairs: &[(&str, &str)], model: &mut Model) -> Result<Chosen, String> {
        let settings = pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        choose(&Args { settings, ..Args::default() }, model)
    }

    fn names(model: &Model) -> Vec<&str> {
        model.clips.iter().map(|c| c.name.as_str()).collect()
    }

    #[test]
    fn by_default_the_clips_keep_their_names() {
        let mut model = common::character::build();
        let before = model.clips.clone();
        assert_eq!(choose_with(&[], &mut model).unwrap(), ["idle", "walk", "run"].map(String::from));
        assert_eq!(model.clips, before, "nothing renamed, nothing added");
    }

    #[test]
    fn a_chosen_clip_plays_under_the_gaits_name_and_keeps_its_own() {
        let mut model = common::character::build();
        let run = model.clips.iter().find(|c| c.name == "run").unwrap().clone();
        let walk = model.clips.iter().find(|c| c.name == "walk").unwrap().clone();
        let chosen = choose_with(&[("walk", "run"), ("run", "1")], &mut model).unwrap();
        assert_eq!(chosen, ["idle", "run", "walk"].map(String::from), "by name, and by index (1 is walk)");
        assert_eq!(names(&model), ["idle", "walk (replaced)", "run (replaced)", "wave", "walk", "run"]);
        let played = |name: &str| model.clips.iter().find(|c| c.name == name).unwrap();
        assert_eq!(played("walk").channels, run.channels, "the walk gait plays the run's keys");
        assert_eq!(played("run").channels, walk.channels, "and the run gait the walk's");
    }

    #[test]
    fn bad_gaits_are_refused_in_one_line_naming_the_option() {
        let model = common::character::build();
        let mut short = model.clone();
        short.clips[3].duration_ticks = 0.05 * short.clips[3].ticks_per_second;
        let mut hands = model.clone();
        let legs: Vec<usize> = ["hips", "thigh_l", "shin_l", "foot_l", "thigh_r", "shin_r", "foot_r"]
            .map(|n| model.skeleton.find(n).unwrap())
            .to_vec();
        hands.clips[3].channels.retain(|c| !legs.contains(&c.node));
        for (mut m, set, says) in [
            (
                model.clone(),
                ("run", "sprint"),
                "--set run=sprint: no clip `sprint`; the clips are: idle, walk, run, wave",
            ),
            (model.clone(), ("idle", "9"), "--set idle=9: no clip"),
            (short, ("walk", "wave"), "--set walk=wave: clip `wave` lasts 0.050 s, too short"),
            (hands, ("walk", "wave"), "--set walk=wave: clip `wave` moves none of lab 08's rig (hips, thigh_l"),
        ] {
            let e = choose_with(&[set], &mut m).unwrap_err();
            assert!(e.starts_with(says) && !e.contains('\n'), "{set:?}: {e}");
        }
    }

    #[test]
    fn the_setups_refusal_names_the_chosen_clips() {
        let chosen = ["idle", "run", "walk"].map(String::from);
        let e = blame("the gaits must be in order of speed, slowest first", &chosen);
        assert!(e.contains("walk `run`, run `walk`") && e.contains("--set idle="), "{e}");
        let plain = ["idle", "walk", "run"].map(String::from);
        assert_eq!(blame("x", &plain), "x", "nothing chosen, nothing added");
    }

    #[test]
    fn each_gait_gets_one_line_with_its_speed() {
        let mut model = common::character::build();
        let chosen = choose_with(&[], &mut model).unwrap();
        let setup = Locomotion::builtin(lab09_locomotion::Settings::default()).unwrap();
        let lines = speeds(&setup, &chosen, &model.clips);
        assert_eq!(lines.len(), 3);
        assert!(
            lines[1].starts_with(&format!("walk: clip `walk`, {:.2} m/s (in place", setup.gaits[1].speed)),
            "{lines:?}"
        );
    }
}
