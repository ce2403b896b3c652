//! The demo's `--set` keys, read and checked before any of your steps runs
//! (a typo is one clear line, not a stopped step).

use common::app::Args;
use common::model::{Clip, Skeleton};
use lab04_keyframes::given::Mode;
use lab07_transitions::given::clips::find;

/// The longest fade `--set fade` and the slider allow, seconds.
pub const FADE_MAX: f64 = 3.0;

/// What plays on top of the base pose (crossfade or synced pair).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerKind {
    /// Nothing.
    Off,
    /// The layer clip's motion since its first frame, added (step 6a, 6b).
    Additive,
    /// The layer clip blended over the subtree under the mask's root (step 6c, 6d).
    Upper,
}

/// The demo's start-up state, from `--set` (defaults in brackets in `help`).
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The clip playing at the start.
    pub from: usize,
    /// The clip the scripted fade goes to.
    pub to: usize,
    /// Fade duration in seconds (also the slider's start value).
    pub fade: f64,
    /// When the scripted fade starts, in seconds of demo time.
    pub at: f64,
    /// Blend `from` and `to` by phase instead of crossfading.
    pub sync: bool,
    /// The synced pair's weight (0: all `from`, 1: all `to`).
    pub weight: f32,
    /// The layer on top.
    pub layer_kind: LayerKind,
    /// The layer's clip.
    pub layer: usize,
    /// The layer's weight.
    pub layer_weight: f32,
    /// The root of the masked subtree (for `LayerKind::Upper`).
    pub mask: Option<usize>,
    /// Draw the two source poses beside the character.
    pub ghosts: bool,
    /// Draw the blended pose's skeleton over the skin.
    pub skeleton: bool,
}

/// A few node names, for a message about a missing one.
fn some_nodes(skeleton: &Skeleton) -> String {
    let names: Vec<&str> = skeleton.nodes.iter().take(12).map(|n| n.name.as_str()).collect();
    let more = if skeleton.nodes.len() > 12 { ", ..." } else { "" };
    format!("{}{more}", names.join(", "))
}

impl Options {
    /// Reads the settings. `first` is the clip `--clip` chose (or the first),
    /// `builtin` whether this is the built-in character.
    pub fn read(
        args: &Args,
        skeleton: &Skeleton,
        clips: &[Clip],
        modes: &[Mode],
        first: usize,
        builtin: bool,
    ) -> Result<Options, String> {
        let named = |name: &str| clips.iter().position(|c| c.name == name);
        let from = match args.setting("from") {
            Some(wanted) => find(clips, "from", wanted)?,
            None if builtin && args.clip.is_none() => named("walk").unwrap_or(first),
            None => first,
        };
        let to = match args.setting("to") {
            Some(wanted) => find(clips, "to", wanted)?,
            None if builtin => match (clips[from].name.as_str(), named("run"), named("walk")) {
                ("run", _, Some(walk)) => walk,
                (_, Some(run), _) => run,
                _ => (from + 1) % clips.len(),
            },
            None => (from + 1) % clips.len(),
        };
        let layer = match args.setting("layer") {
            Some(wanted) => find(clips, "layer", wanted)?,
            None => named("wave").filter(|_| builtin).unwrap_or(clips.len() - 1),
        };
        let fade = args.setting_in("fade", 0.5, 0.0..=FADE_MAX)?;
        let at = args.setting_in("at", 1.0, 0.0..=3600.0)?;
        let weight = args.setting_in("weight", 0.5f32, 0.0..=1.0)?;
        let layer_weight = args.setting_in("layer-weight", 1.0f32, 0.0..=1.0)?;
        let sync = args.setting_flag("sync", false)?;
        if sync && let Some(once) = [from, to].into_iter().find(|&c| modes[c] == Mode::Once) {
            return Err(format!(
                "--set sync=true blends two looping clips by phase, but `{}` plays once: choose two loops with \
                 --set from=... --set to=...",
                clips[once].name
            ));
        }
        let mask = match args.setting("mask") {
            Some(name) => Some(
                skeleton
                    .find(name)
                    .ok_or(format!("--set mask={name}: no node of that name (nodes: {})", some_nodes(skeleton)))?,
            ),
            None => None,
        };
        let additive = args.setting_flag("additive", false)?;
        let upper = args.setting_flag("upper", mask.is_some())?;
        let layer_kind = match (additive, upper) {
            (true, true) => {
                return Err("--set additive=true and --set upper=true (or mask): one layer at a time".to_string());
            }
            (true, false) => LayerKind::Additive,
            (false, true) => LayerKind::Upper,
            (false, false) => LayerKind::Off,
        };
        let mask = match (layer_kind, mask) {
            (LayerKind::Upper, None) => Some(skeleton.find("chest").ok_or(format!(
                "--set upper=true blends the subtree under `chest`, and this model has no node of that name: \
                 name the subtree's root with --set mask=NODE (nodes: {})",
                some_nodes(skeleton)
            ))?),
            (_, mask) => mask,
        };
        Ok(Options {
            from,
            to,
            fade,
            at,
            sync,
            weight,
            layer_kind,
            layer,
            layer_weight,
            mask,
            ghosts: args.setting_flag("ghosts", true)?,
            skeleton: args.setting_flag("skeleton", false)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(extra: &[&str]) -> Result<Options, String> {
        let settings = extra.iter().map(|s| s.split_once('=').unwrap()).map(|(k, v)| (k.into(), v.into())).collect();
        let args = Args { settings, ..Args::default() };
        let model = common::character::build();
        let modes = crate::clips::modes(&model.clips, model.clips.len());
        Options::read(&args, &model.skeleton, &model.clips, &modes, 0, true)
    }

    #[test]
    fn defaults_fade_from_walk_to_run_at_one_second() {
        let o = read(&[]).unwrap();
        assert_eq!((o.from, o.to, o.fade, o.at, o.layer), (1, 2, 0.5, 1.0, 3));
        assert_eq!((o.sync, o.layer_kind, o.ghosts, o.skeleton), (false, LayerKind::Off, true, false));
        assert_eq!(read(&["from=run"]).unwrap().to, 1, "from run, the default is back to walk");
    }

    #[test]
    fn bad_values_are_refused_with_the_key() {
        for (set, says) in [
            ("from=dance", "dance"),
            ("fade=slow", "fade"),
            ("fade=-1", "fade"),
            ("fade=NaN", "fade"),
            ("weight=2", "weight"),
            ("sync=yes", "sync"),
            ("mask=tail", "tail"),
        ] {
            let e = read(&[set]).unwrap_err();
            assert!(e.contains(says) && !e.contains('\n'), "{set}: {e}");
        }
        assert!(read(&["sync=true", "to=wave"]).unwrap_err().contains("`wave` plays once"));
        assert!(read(&["additive=true", "upper=true"]).is_err());
    }

    #[test]
    fn a_mask_implies_the_upper_layer() {
        let o = read(&["mask=spine"]).unwrap();
        assert_eq!(o.layer_kind, LayerKind::Upper);
        assert_eq!(read(&["upper=true"]).unwrap().mask, common::character::build().skeleton.find("chest"));
    }
}
