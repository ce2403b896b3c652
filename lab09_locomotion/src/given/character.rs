//! The character and its frame loop: the set-up every character shares
//! ([`Locomotion`]: skeleton, clips, gaits, machine, settings), one
//! character's state ([`Character`]), and [`update_with`], which runs one
//! frame through the student's [`Steps`].

use common::model::{Clip, Skeleton, Transform};
use glam::{Mat4, Vec3};
use lab07_transitions::given::Playing;
use lab08_inverse_kinematics::Terrain;
use lab08_inverse_kinematics::given::rig::{self, Rig};

use super::machine::{DEFAULT_MACHINE, Machine, MachineState, Parameters};
use super::{
    Blend, Contact, Facing, Gait, LocoError, Motion, Offsets, Plant, Planting, Reconcile, check_gaits, check_halflife,
    legs,
};

/// How a transition joins the old motion to the new one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Transitions {
    /// Step 4: only the new state is sampled; the offset from the old pose decays.
    #[default]
    Inertialize,
    /// Lab 07's crossfade: both states sampled, blended by a weight that ramps.
    Crossfade,
}

/// Everything a frame reads besides the input: springs, pull, feet.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Step 1: the velocity's half-life, seconds.
    pub velocity_halflife: f64,
    /// Step 1: the facing's half-life, seconds.
    pub heading_halflife: f64,
    /// Step 4: an inertialized transition's offsets decay with this share of
    /// its duration as their half-life.
    pub offset_share: f64,
    /// Step 5: how the placed character follows the simulated one.
    pub reconcile: Reconcile,
    /// Step 6: when a foot is in contact.
    pub contact: Contact,
    /// Step 6: how a foot is held and let go.
    pub planting: Planting,
    /// Step 6 on or off (off: the clip's feet, set on the ground).
    pub plant: bool,
    /// Step 4's inertialization, or lab 07's crossfade.
    pub transitions: Transitions,
    /// The ground (lab 08's).
    pub terrain: Terrain,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            velocity_halflife: 0.2,
            heading_halflife: 0.15,
            offset_share: 0.25,
            reconcile: Reconcile { halflife: 0.2, limit: 0.15 },
            contact: Contact { height: 0.12, speed: 0.4 },
            planting: Planting { release: 0.15, reach: 0.3 },
            plant: true,
            transitions: Transitions::Inertialize,
            terrain: Terrain::Flat,
        }
    }
}

impl Settings {
    /// The checks before the first frame: finite half-lives of 0 or more, a
    /// share above 0, a limit and thresholds above 0.
    pub fn check(&self) -> Result<(), LocoError> {
        check_halflife(self.velocity_halflife, "velocity half-life")?;
        check_halflife(self.heading_halflife, "heading half-life")?;
        check_halflife(self.reconcile.halflife, "pull half-life")?;
        check_halflife(self.planting.release, "release time")?;
        let positive = |v: f64, name: &'static str| {
            if !v.is_finite() {
                Err(LocoError::NotFinite(name))
            } else if v <= 0.0 {
                Err(LocoError::Setting(name, "above 0"))
            } else {
                Ok(())
            }
        };
        positive(self.offset_share, "offset share")?;
        positive(f64::from(self.reconcile.limit), "limit")?;
        positive(f64::from(self.contact.height), "contact height")?;
        positive(f64::from(self.contact.speed), "contact speed")?;
        positive(f64::from(self.planting.reach), "reach")
    }
}

/// The set-up every character shares.
#[derive(Clone, Debug)]
pub struct Locomotion {
    /// The skeleton (the built-in character's).
    pub skeleton: Skeleton,
    /// Its rest pose.
    pub rest: Vec<Transform>,
    /// The clips, in place (their root does not travel).
    pub clips: Vec<Clip>,
    /// Legs, pelvis and head (lab 08's rig).
    pub rig: Rig,
    /// The blend space: idle, walk, run, in order of speed.
    pub gaits: Vec<Gait>,
    /// The state machine.
    pub machine: Machine,
    /// Per state: the clip it plays (`None`: the blend space).
    pub state_clips: Vec<Option<usize>>,
    /// Per state: its mask (lab 07's `subtree_mask`), for an action.
    pub masks: Vec<Option<Vec<bool>>>,
    /// The settings.
    pub settings: Settings,
}

/// A clip whose hips move further than this over one loop (metres) travels.
pub const TRAVELS: f32 = 0.01;

/// The clips of the blend space, slowest first.
pub const GAITS: [&str; 3] = ["idle", "walk", "run"];

impl Locomotion {
    /// The built-in character, its clips and the default machine (`machine.toml`).
    pub fn builtin(settings: Settings) -> Result<Locomotion, LocoError> {
        let model = common::character::build();
        Locomotion::new(model.skeleton, model.clips, "machine.toml", DEFAULT_MACHINE, settings)
    }

    /// A set-up from a skeleton with lab 08's rig, clips named idle, walk and
    /// run, and a machine file (`file` names it in errors). Each gait's speed
    /// is measured from its clip by lab 08's `loop_travel`: a clip whose hips
    /// travel (more than [`TRAVELS`] per loop) as it is, and is then played
    /// in place; an in-place clip after lab 08's stride speed made it travel.
    pub fn new(
        skeleton: Skeleton,
        mut clips: Vec<Clip>,
        file: &str,
        machine: &str,
        settings: Settings,
    ) -> Result<Locomotion, LocoError> {
        settings.check()?;
        let rig = Rig::of(&skeleton).map_err(LocoError::Rig)?;
        let rest = rig::rest(&skeleton);
        let mut gaits = Vec::new();
        for name in GAITS {
            let clip = clips
                .iter()
                .position(|c| c.name == name)
                .ok_or_else(|| LocoError::Rig(format!("no `{name}` clip: the blend space needs idle, walk and run")))?;
            let seconds = clips[clip].duration_seconds();
            if seconds <= 0.0 {
                return Err(LocoError::Rig(format!("the `{name}` clip has no length: a gait needs a cycle")));
            }
            let own = lab08_inverse_kinematics::solution::loop_travel(&clips[clip], &rest, rig.hips);
            let travel = if own.displacement.length() > TRAVELS {
                // The clip travels (root motion in its hips, as most exported
                // locomotion does): measured as it is, then played in place.
                let back = -own.displacement / seconds as f32;
                let name = clips[clip].name.clone();
                clips[clip] = rig::travelling(&clips[clip], &rest, rig.hips, back, 0.0);
                clips[clip].name = name;
                own
            } else {
                // An in-place clip (the built-in ones): lab 08's stride speed makes it travel.
                let speed = rig::stride_speed(&clips[clip], &skeleton, &rig);
                let moving = rig::travelling(&clips[clip], &rest, rig.hips, Vec3::Z * speed, 0.0);
                lab08_inverse_kinematics::solution::loop_travel(&moving, &rest, rig.hips)
            };
            gaits.push(Gait { clip, speed: travel.displacement.length() / seconds as f32, seconds });
        }
        check_gaits(&gaits)?;
        let clip_names: Vec<&str> = clips.iter().map(|c| c.name.as_str()).collect();
        let node_names: Vec<&str> = skeleton.nodes.iter().map(|n| n.name.as_str()).collect();
        let machine = Machine::parse(file, machine, &clip_names, &node_names)?;
        let state_clips = machine.states.iter().map(|s| clips.iter().position(|c| c.name == s.motion)).collect();
        let masks = machine
            .states
            .iter()
            .map(|s| {
                let node = skeleton.find(s.mask.as_deref()?)?;
                Some(lab07_transitions::solution::subtree_mask(&skeleton, node))
            })
            .collect();
        Ok(Locomotion { skeleton, rest, clips, rig, gaits, machine, state_clips, masks, settings })
    }

    /// The top speed for this input: the run's with run held, else the walk's.
    pub fn top_speed(&self, run: bool) -> f32 {
        self.gaits[if run { 2 } else { 1 }].speed
    }
}

/// What plays in each state: the blend space's shared phase and one player
/// per gait, and one player per clip state.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The blend space's phase (0 to 1).
    pub phase: f64,
    /// One per gait.
    pub gaits: Vec<Playing>,
    /// One per state (clip states only use theirs).
    pub states: Vec<Option<Playing>>,
}

/// A crossfade in progress (lab 07's, when [`Transitions::Crossfade`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fade {
    /// The state fading out.
    pub from: usize,
    /// Seconds since it began.
    pub elapsed: f64,
    /// Seconds it takes.
    pub duration: f64,
}

/// One steered character.
#[derive(Clone, Debug, PartialEq)]
pub struct Character {
    /// Seconds since it started.
    pub seconds: f64,
    /// The simulated character (step 1).
    pub motion: Motion,
    /// The simulated facing (step 1).
    pub facing: Facing,
    /// The heading the stick last asked for.
    pub wanted_heading: f32,
    /// Where the simulation will be at [`PREDICTION`]'s times (step 1).
    pub trajectory: [Vec3; 3],
    /// Where the character stands (step 5), on the ground.
    pub position: Vec3,
    /// Which way it faces (radians about +Y, 0 is +Z).
    pub heading: f32,
    /// The state machine's state (step 3).
    pub machine: MachineState,
    /// The parameters it read this frame.
    pub parameters: Parameters,
    /// The blend space's neighbours and weight (step 2).
    pub blend: Blend,
    /// The blend space's playback rate (step 2).
    pub rate: f32,
    /// The players.
    pub player: Player,
    /// The offsets still decaying (step 4) and their half-life.
    pub offsets: Offsets,
    /// Seconds: the offsets' half-life.
    pub offset_halflife: f64,
    /// The crossfade in progress, with [`Transitions::Crossfade`].
    pub fade: Option<Fade>,
    /// The animated pose, offsets added, before root and feet (local transforms).
    pub shown: Vec<Transform>,
    /// The same, one frame earlier.
    pub shown_before: Vec<Transform>,
    /// The frame time of the last frame.
    pub last_dt: f64,
    /// The final pose: root placed in the world, feet planted (local transforms).
    pub pose: Vec<Transform>,
    /// Its world matrices.
    pub world: Vec<Mat4>,
    /// The clip's travel this frame, in the character's frame.
    pub travel: Vec3,
    /// The clip's ankles in the character's frame (for contacts).
    pub clip_ankles: [Vec3; 2],
    /// Whether each foot is in contact this frame (step 6).
    pub contacts: [bool; 2],
    /// Each foot's hold (step 6).
    pub plants: [Plant; 2],
    /// Where each ankle ended up, world space.
    pub feet: [Vec3; 2],
}

impl Character {
    /// A character standing at `position`, facing +Z, in the machine's start state.
    pub fn new(setup: &Locomotion, position: Vec3) -> Character {
        let machine = &setup.machine;
        let gaits = setup
            .gaits
            .iter()
            .map(|g| Playing::start(&setup.clips, g.clip, lab04_keyframes::given::Mode::Loop))
            .collect();
        let states = setup
            .state_clips
            .iter()
            .map(|c| c.map(|c| Playing::start(&setup.clips, c, mode(&setup.clips[c]))))
            .collect();
        let nodes = setup.rest.len();
        let world = lab01_hierarchy::solution::world_matrices(&setup.skeleton, &setup.rest);
        let clip_ankles = legs::ankles(&world, &setup.rig);
        let feet = clip_ankles.map(|a| a + position);
        Character {
            seconds: 0.0,
            motion: Motion { position, ..Motion::default() },
            facing: Facing::default(),
            wanted_heading: 0.0,
            trajectory: [position; 3],
            position,
            heading: 0.0,
            machine: MachineState::start(machine),
            parameters: Parameters::of(machine),
            blend: Blend::default(),
            rate: 1.0,
            player: Player { phase: 0.0, gaits, states },
            offsets: Offsets::zero(nodes),
            offset_halflife: 0.0,
            fade: None,
            shown: setup.rest.clone(),
            shown_before: setup.rest.clone(),
            last_dt: 0.0,
            pose: setup.rest.clone(),
            world,
            travel: Vec3::ZERO,
            clip_ankles,
            contacts: [false; 2],
            plants: [Plant::default(); 2],
            feet,
        }
    }

    /// The current state's name.
    pub fn state_name<'a>(&self, setup: &'a Locomotion) -> &'a str {
        &setup.machine.states[self.machine.state].name
    }

    /// The transition in progress, as `from -> to`, if one is.
    pub fn pending(&self, setup: &Locomotion) -> Option<String> {
        self.machine.active.map(|a| setup.machine.label(a.transition))
    }

    /// Each gait's weight in the blend space now (idle, walk, run).
    pub fn gait_weights(&self, setup: &Locomotion) -> Vec<f32> {
        let mut w = vec![0.0; setup.gaits.len()];
        w[self.blend.lower] += 1.0 - self.blend.weight;
        w[self.blend.upper] += self.blend.weight;
        w
    }
}

/// The built-in rule: idle, walk and run loop, anything else plays once.
fn mode(clip: &Clip) -> lab04_keyframes::given::Mode {
    use lab04_keyframes::given::Mode;
    if common::character::is_looping(&clip.name) { Mode::Loop } else { Mode::Once }
}

/// What one frame did, for tests and overlays.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Frame {
    /// The transition that fired this frame, if any.
    pub fired: Option<usize>,
}
