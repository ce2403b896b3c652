//! What the character shows each frame, built from your steps: the
//! crossfade (steps 1-4) or two loops in step (step 5) as the base pose, and
//! a layer on top (step 6). Also the two source poses, sampled alone, for
//! the ghost skeletons, and each clip's weight, for the plot.

use common::model::{Clip, Skeleton, Transform};
use lab07_transitions::{
    Crossfade, Mode, Playing, Source, add_layer, additive_delta, advance, advance_phase, blend_clips, blend_poses,
    blend_transforms, crossfade_pose, cycle_seconds, fade_to, fade_weight, masked_blend, subtree_mask, synced_pose,
};

use crate::options::{LayerKind, Options};

/// Two loops played in step (step 5).
pub struct Sync {
    pub on: bool,
    pub a: Playing,
    pub b: Playing,
    /// The shared phase, 0 to 1.
    pub phase: f64,
    /// 0: all `a`, 1: all `b`.
    pub weight: f32,
}

/// A clip on top of the base pose (step 6). It repeats (the built-in wave
/// ends where it starts, so it repeats without a jump).
pub struct Layer {
    pub kind: LayerKind,
    pub playing: Playing,
    /// The layer clip's first frame: what its additive delta is measured from.
    pub reference: Vec<Transform>,
    pub weight: f32,
    /// The masked subtree's root, and the mask (your step 6c) once computed.
    pub root: usize,
    pub mask: Option<Vec<bool>>,
}

/// The two poses the blend starts from, each alone, for the ghosts.
#[derive(Default)]
pub struct Sources {
    /// What fades out (a clip alone, or the frozen pose), or sync's clip a.
    pub left: Option<Vec<Transform>>,
    /// What fades in (or plays alone), or sync's clip b.
    pub right: Option<Vec<Transform>>,
}

pub struct Mixer {
    pub skeleton: Skeleton,
    pub rest: Vec<Transform>,
    pub clips: Vec<Clip>,
    pub modes: Vec<Mode>,
    pub crossfade: Crossfade,
    /// Duration of the next fade, seconds.
    pub fade: f64,
    /// The scripted fade (`--set to`, `--set at`) until it starts.
    pub pending: Option<(usize, f64)>,
    /// Seconds since the start (or the last reset).
    pub clock: f64,
    pub sync: Sync,
    pub layer: Layer,
    /// Each clip's weight, frame by frame, for the plot.
    pub history: crate::plot::History,
    start: Options,
}

/// Calls your steps 1 to 4 once, in order, on throw-away data, so that a
/// stub stops the demo at start-up naming the first one missing.
fn touch_crossfade_steps(clips: &[Clip], rest: &[Transform], modes: &[Mode], o: &Options) {
    let _ = blend_transforms(&rest[0], &rest[0], 0.5);
    let _ = blend_poses(rest, rest, 0.5);
    let (mut a, mut b) = (Playing::start(clips, o.from, modes[o.from]), Playing::start(clips, o.to, modes[o.to]));
    let _ = blend_clips(&mut a, &mut b, clips, rest, 0.5);
    let mut probe = Crossfade::play(clips, o.from, modes[o.from]);
    let _ = fade_weight(&probe);
    advance(&mut probe, 0.0);
    let _ = crossfade_pose(&mut probe, clips, rest);
    fade_to(&mut probe, clips, rest, o.to, modes[o.to], 0.5);
}

/// Your step 5 once, in order (only when sync is used).
fn touch_sync_steps(clips: &[Clip], rest: &[Transform], sync: &mut Sync) {
    let (a, b) = (clips[sync.a.clip].duration_seconds(), clips[sync.b.clip].duration_seconds());
    let _ = cycle_seconds(a, b, sync.weight);
    let _ = advance_phase(0.0, 0.0, a, b, sync.weight);
    let _ = synced_pose(&mut sync.a, &mut sync.b, clips, rest, sync.phase, sync.weight);
}

impl Mixer {
    /// The start-up state. Runs your steps 1-4 (and 5 or 6 when the settings
    /// ask for them) once, in order.
    pub fn new(skeleton: Skeleton, clips: Vec<Clip>, modes: Vec<Mode>, o: &Options) -> Mixer {
        let rest = skeleton.rest_locals();
        touch_crossfade_steps(&clips, &rest, &modes, o);
        let mut sync = Sync {
            on: o.sync,
            a: Playing::start(&clips, o.from, Mode::Loop),
            b: Playing::start(&clips, o.to, Mode::Loop),
            phase: 0.0,
            weight: o.weight,
        };
        if o.sync {
            touch_sync_steps(&clips, &rest, &mut sync);
        }
        let mut layer_clip = Playing::start(&clips, o.layer, Mode::Loop);
        let reference = layer_clip.sample(&clips, &rest);
        let layer = Layer {
            kind: o.layer_kind,
            playing: layer_clip,
            reference,
            weight: o.layer_weight,
            root: o.mask.or(skeleton.find("chest")).unwrap_or(0),
            mask: None,
        };
        let mut mixer = Mixer {
            crossfade: Crossfade::play(&clips, o.from, modes[o.from]),
            skeleton,
            rest,
            clips,
            modes,
            fade: o.fade,
            pending: None,
            clock: 0.0,
            sync,
            layer,
            history: crate::plot::History::default(),
            start: o.clone(),
        };
        mixer.reset();
        if o.layer_kind != LayerKind::Off {
            mixer.pose(); // your step 6, in order, now rather than at the first frame
        }
        mixer
    }

    /// Back to the start: `from` playing, the scripted fade to come.
    pub fn reset(&mut self) {
        let o = &self.start;
        self.crossfade = Crossfade::play(&self.clips, o.from, self.modes[o.from]);
        self.pending = (o.to != o.from).then_some((o.to, o.at));
        self.clock = 0.0;
        self.sync.phase = 0.0;
        self.layer.playing.seconds = 0.0;
        self.history.clear();
    }

    /// The user asked for `clip`: fade to it now (your step 4).
    pub fn fade_to(&mut self, clip: usize) {
        self.pending = None;
        fade_to(&mut self.crossfade, &self.clips, &self.rest, clip, self.modes[clip], self.fade);
    }

    /// `dt` seconds later. The scripted fade starts exactly at its time, even
    /// inside a frame, so `--time` lands where it says.
    pub fn update(&mut self, dt: f64) {
        let mut left = dt;
        if let Some((clip, at)) = self.pending
            && self.clock + dt >= at
        {
            let before = (at - self.clock).max(0.0);
            advance(&mut self.crossfade, before);
            fade_to(&mut self.crossfade, &self.clips, &self.rest, clip, self.modes[clip], self.fade);
            self.pending = None;
            left = dt - before;
        }
        advance(&mut self.crossfade, left);
        self.clock += dt;
        if self.sync.on {
            let (a, b) =
                (self.clips[self.sync.a.clip].duration_seconds(), self.clips[self.sync.b.clip].duration_seconds());
            self.sync.phase = advance_phase(self.sync.phase, dt, a, b, self.sync.weight);
        }
        self.layer.playing.seconds += dt;
        self.history.record(self.clock, self.weights());
    }

    /// Each clip's weight in the base pose now (the last entry: a frozen pose).
    pub fn weights(&self) -> Vec<f32> {
        let mut weights = vec![0.0; self.clips.len() + 1];
        if self.sync.on {
            weights[self.sync.a.clip] += 1.0 - self.sync.weight;
            weights[self.sync.b.clip] += self.sync.weight;
            return weights;
        }
        let w = fade_weight(&self.crossfade);
        weights[self.crossfade.current.clip] += w;
        match self.crossfade.fade.as_ref().map(|f| &f.from) {
            Some(Source::Clip(old)) => weights[old.clip] += 1.0 - w,
            Some(Source::Frozen(_)) => weights[self.clips.len()] += 1.0 - w,
            None => {}
        }
        weights
    }

    /// The pose on screen (your steps), and the two source poses alone.
    pub fn pose(&mut self) -> (Vec<Transform>, Sources) {
        let (clips, rest) = (&self.clips, &self.rest);
        let (mut pose, sources) = if self.sync.on {
            let s = &mut self.sync;
            let pose = synced_pose(&mut s.a, &mut s.b, clips, rest, s.phase, s.weight);
            (pose, Sources { left: Some(s.a.sample(clips, rest)), right: Some(s.b.sample(clips, rest)) })
        } else {
            let pose = crossfade_pose(&mut self.crossfade, clips, rest);
            let left = self.crossfade.fade.as_mut().map(|fade| match &mut fade.from {
                Source::Clip(old) => old.sample(clips, rest),
                Source::Frozen(frozen) => frozen.clone(),
            });
            (pose, Sources { left, right: Some(self.crossfade.current.sample(clips, rest)) })
        };
        let layer = &mut self.layer;
        match layer.kind {
            LayerKind::Off => {}
            LayerKind::Additive => {
                let on_top = layer.playing.sample(clips, rest);
                for (node, base) in pose.iter_mut().enumerate() {
                    let delta = additive_delta(&layer.reference[node], &on_top[node]);
                    *base = add_layer(base, &delta, layer.weight);
                }
            }
            LayerKind::Upper => {
                let on_top = layer.playing.sample(clips, rest);
                let mask = layer.mask.get_or_insert_with(|| subtree_mask(&self.skeleton, layer.root));
                pose = masked_blend(&pose, &on_top, mask, layer.weight);
            }
        }
        (pose, sources)
    }

    /// A new layer clip: restart it and take its first frame as the reference.
    pub fn set_layer_clip(&mut self, clip: usize) {
        self.layer.playing = Playing::start(&self.clips, clip, Mode::Loop);
        self.layer.reference = self.layer.playing.sample(&self.clips, &self.rest);
    }

    /// A new pair for sync (two loops), kept at the current phase.
    pub fn set_sync_pair(&mut self, a: usize, b: usize) {
        self.sync.a = Playing::start(&self.clips, a, Mode::Loop);
        self.sync.b = Playing::start(&self.clips, b, Mode::Loop);
    }

    /// The fade in progress, in words.
    pub fn status(&self) -> String {
        let name = |c: usize| self.clips[c].name.as_str();
        if self.sync.on {
            return format!(
                "in step: `{}` {:.0}% + `{}` {:.0}%, phase {:.2}",
                name(self.sync.a.clip),
                100.0 * (1.0 - self.sync.weight),
                name(self.sync.b.clip),
                100.0 * self.sync.weight,
                self.sync.phase
            );
        }
        let current = name(self.crossfade.current.clip);
        match &self.crossfade.fade {
            None => format!("playing `{current}` alone ({:.2} s on its clock)", self.crossfade.current.seconds),
            Some(fade) => {
                let from = match &fade.from {
                    Source::Clip(old) => format!("`{}`", name(old.clip)),
                    Source::Frozen(_) => "the frozen pose".to_string(),
                };
                format!(
                    "{from} -> `{current}`: weight {:.2} ({:.2} s of {:.2} s)",
                    fade_weight(&self.crossfade),
                    fade.elapsed,
                    fade.duration
                )
            }
        }
    }
}
