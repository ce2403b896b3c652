//! Clips from other files played on this model's skeleton (the demos'
//! `--set clips-from=FILE`, lab 07's and lab 09's). A channel finds its
//! node by name; a channel whose node this skeleton lacks is skipped, and
//! said so on stderr, one line per file. Nothing is dropped silently: the
//! added file's own load notes are printed too (each distinct note once,
//! however often the file is added), a clip the playback checks refuse is
//! blamed on its file, and the clips' animated roots are moved into the
//! model's frame where the files' rest poses put their parents differently
//! (`common::load::frame::adopt`, one note per clip).

use std::path::Path;

use common::model::{Clip, Model, Skeleton};

/// What [`remap`] could not place: one clip's channels on nodes this skeleton lacks.
#[derive(Clone, Debug, PartialEq)]
pub struct Skipped {
    /// The clip's name in its file.
    pub clip: String,
    /// The names of the nodes its skipped channels animate, in channel order.
    pub nodes: Vec<String>,
    /// True when no channel was left: the clip was not added.
    pub dropped: bool,
}

/// `clips` (animating `from`'s nodes) moved onto `onto`: each channel's node
/// found again by its name. Returns the clips that kept at least one channel,
/// and what was skipped.
/// Each kept clip is also moved into `onto`'s frame
/// (`common::load::frame::adopt`); the third list holds those notes, naming `file`.
pub fn remap(clips: &[Clip], from: &Skeleton, onto: &Skeleton, file: &str) -> (Vec<Clip>, Vec<Skipped>, Vec<String>) {
    let mut kept = Vec::new();
    let mut skipped = Vec::new();
    let mut notes = Vec::new();
    // One name lookup for the whole file (a rig of 10,000 nodes, 20 clips).
    let mut by_name = std::collections::HashMap::new();
    for (i, n) in onto.nodes.iter().enumerate().rev() {
        by_name.insert(n.name.as_str(), i);
    }
    for clip in clips {
        let mut out = Clip { channels: Vec::with_capacity(clip.channels.len()), ..clip.clone() };
        let mut lacking = Vec::new();
        let mut sources = Vec::new();
        for channel in &clip.channels {
            let name = from.nodes.get(channel.node).map_or("?", |n| n.name.as_str());
            match by_name.get(name) {
                Some(&node) => {
                    out.channels.push(common::model::Channel { node, ..channel.clone() });
                    sources.push(channel.node);
                }
                None => lacking.push(if name.is_empty() { format!("#{}", channel.node) } else { name.to_string() }),
            }
        }
        notes.extend(common::load::frame::adopt(&mut out, &sources, from, onto, file));
        let dropped = out.channels.is_empty() && !clip.channels.is_empty();
        if !lacking.is_empty() {
            skipped.push(Skipped { clip: clip.name.clone(), nodes: lacking, dropped });
        }
        if !dropped {
            kept.push(out);
        }
    }
    (kept, skipped, notes)
}

/// The one stderr line for a file with skipped channels.
pub fn report(file: &str, skipped: &[Skipped]) -> String {
    let parts: Vec<String> = skipped
        .iter()
        .map(|s| {
            let n = s.nodes.len();
            let what = if n == 1 {
                "1 channel names a node this skeleton lacks".to_string()
            } else {
                format!("{n} channels name nodes this skeleton lacks")
            };
            let gone = if s.dropped { " (no channel left: the clip is not added)" } else { "" };
            format!("clip `{}`: {what} ({}); skipped{gone}", s.clip, s.nodes.join(", "))
        })
        .collect();
    format!("{file}: {}", parts.join("; "))
}

/// A name not yet in `taken`: `name`, else `name (file)`, else numbered.
fn unique(name: &str, file: &str, taken: &[String]) -> String {
    if !taken.iter().any(|t| t == name) {
        return name.to_string();
    }
    let stem = Path::new(file).file_name().map_or(file.to_string(), |s| s.to_string_lossy().into_owned());
    let mut candidate = format!("{name} ({stem})");
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{name} ({stem}, {n})");
        n += 1;
    }
    candidate
}

/// Loads every `--set clips-from=FILE` (in order) and appends its clips to
/// `model`, renamed where a name is taken. Prints the file's load notes and
/// one line per file that had channels to skip, each distinct line once.
/// Checks every added clip and blames a bad one on its file. Returns how
/// many clips each file added (0: every channel of every clip named a node
/// this skeleton lacks).
pub fn add_from_files(files: &[&str], model: &mut Model) -> Result<Vec<usize>, String> {
    let mut added = Vec::with_capacity(files.len());
    let mut said = std::collections::HashSet::new();
    let mut note = |line: String| {
        if said.insert(line.clone()) {
            eprintln!("note: {line}");
        }
    };
    for &file in files {
        let (other, loaded) =
            common::load::model(Some(Path::new(file))).map_err(|e| format!("--set clips-from: {e}"))?;
        loaded.lines().into_iter().for_each(|line| note(format!("{file}: {line}")));
        if other.clips.is_empty() {
            return Err(format!("--set clips-from={file}: this file has no clips to add"));
        }
        let (clips, skipped, moved) = remap(&other.clips, &other.skeleton, &model.skeleton, file);
        if !skipped.is_empty() {
            note(report(file, &skipped));
        }
        moved.into_iter().for_each(&mut note);
        for clip in &clips {
            lab04_keyframes::given::check_clip(clip, model.skeleton.nodes.len())
                .map_err(|e| format!("--set clips-from={file}, clip `{}`: {e}", clip.name))?;
        }
        added.push(clips.len());
        for mut clip in clips {
            let taken: Vec<String> = model.clips.iter().map(|c| c.name.clone()).collect();
            clip.name = unique(&clip.name, file, &taken);
            model.clips.push(clip);
        }
    }
    Ok(added)
}

/// The clip `wanted` names, by name, else by index, for `--set key=wanted`;
/// else a one-line message listing the clips there are.
pub fn find(clips: &[Clip], key: &str, wanted: &str) -> Result<usize, String> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use common::model::{Channel, Node, Transform};

    fn skeleton(names: &[&str]) -> Skeleton {
        let nodes = names
            .iter()
            .enumerate()
            .map(|(i, n)| Node { name: n.to_string(), parent: i.checked_sub(1), local: Transform::IDENTITY })
            .collect();
        Skeleton { nodes }
    }

    fn clip(name: &str, nodes: &[usize]) -> Clip {
        let channels = nodes.iter().map(|&node| Channel { node, ..Channel::default() }).collect();
        Clip { name: name.into(), duration_ticks: 10.0, ticks_per_second: 10.0, channels }
    }

    #[test]
    fn channels_follow_their_node_by_name_and_the_rest_is_reported() {
        let from = skeleton(&["root", "a", "b", "c", "d"]);
        let onto = skeleton(&["root", "d", "x", "b"]);
        let (kept, skipped, _) = remap(&[clip("move", &[1, 2, 3, 4]), clip("none", &[1, 3])], &from, &onto, "f.fbx");
        assert_eq!(kept.len(), 1, "a clip with no channel left is not added");
        let nodes: Vec<usize> = kept[0].channels.iter().map(|c| c.node).collect();
        assert_eq!(nodes, vec![3, 1], "b and d, found by name");
        assert_eq!(skipped.len(), 2);
        assert_eq!(skipped[0], Skipped { clip: "move".into(), nodes: vec!["a".into(), "c".into()], dropped: false });
        assert!(skipped[1].dropped);
        let line = report("f.fbx", &skipped);
        assert_eq!(
            line,
            "f.fbx: clip `move`: 2 channels name nodes this skeleton lacks (a, c); skipped; clip `none`: 2 channels \
             name nodes this skeleton lacks (a, c); skipped (no channel left: the clip is not added)"
        );
        assert!(!line.contains('\n'), "one line per file");
    }

    #[test]
    fn a_file_onto_its_own_skeleton_keeps_everything() {
        let model = common::character::build();
        let (kept, skipped, moved) = remap(&model.clips, &model.skeleton, &model.skeleton, "self");
        assert!(moved.is_empty(), "{moved:?}");
        assert!(skipped.is_empty());
        assert_eq!(kept, model.clips);
    }

    #[test]
    fn names_stay_unique() {
        let taken = vec!["walk".to_string(), "walk (w.fbx)".to_string()];
        assert_eq!(unique("run", "w.fbx", &taken), "run");
        assert_eq!(unique("walk", "/x/w.fbx", &taken), "walk (w.fbx, 2)");
    }
}
