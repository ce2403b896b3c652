//! The stage: a skinned character posed by a clip, drawn. Written once here
//! and called by every demo that shows a character skinned on the CPU (lab 04,
//! lab 05, lab 07; lab 06's CPU path takes its sampling times): the skinned
//! meshes with their GPU buffers, the pose → world matrices → gradients →
//! skinning → upload → draw chain, the bounds a clip sweeps through (for the
//! camera), and the loop-or-once rule for a clip.
//!
//! The skinning is a parameter ([`Skinning`]): this lab's demo passes the
//! student's functions, later labs pass [`Skinning::REFERENCE`].

use common::camera::{Aabb, Camera};
use common::gl::{MeshBuffers, SurfaceRenderer, SurfaceStyle};
use common::model::{Bone, Clip, Model, Skeleton, SkinnedMesh, Transform};
use glam::Mat4;
use lab01_hierarchy::solution::world_matrices;

use super::{Method, SkinError, Skinned};

/// The two lab-03 functions the stage runs every frame: a variant's
/// `bone_gradients` and `skin_mesh_into`.
#[derive(Clone, Copy)]
pub struct Skinning {
    /// Step 2: one gradient matrix per bone, from the world matrices.
    pub gradients: fn(&Mat4, &[Mat4], &[Bone]) -> Vec<Mat4>,
    /// The given loop over the vertices with a variant's steps 2 to 6.
    pub skin: fn(&SkinnedMesh, &[Mat4], Method, &mut Skinned) -> Result<(), SkinError>,
}

impl Skinning {
    /// Lab 03's reference, for the later labs' demos.
    pub const REFERENCE: Skinning =
        Skinning { gradients: crate::solution::bone_gradients, skin: crate::solution::skin_mesh_into };
}

/// Whether a clip loops when it starts playing: the built-in character says
/// per clip (its gesture plays once, [`common::character::is_looping`]); a
/// file does not say, so its clips loop (the panel can change it).
pub fn loops(builtin: bool, clip: &Clip) -> bool {
    !builtin || common::character::is_looping(&clip.name)
}

/// Intervals the bounds sweep cuts one play of a clip into: the clip is
/// posed at `SWEEP_STEPS + 1` evenly spaced times, both ends included.
pub const SWEEP_STEPS: u32 = 8;

/// The times (seconds) at which [`Stage::sweep`] poses a clip `length`
/// seconds long: evenly spaced over one play, both ends included.
pub fn sweep_times(length: f64) -> impl Iterator<Item = f64> {
    (0..=SWEEP_STEPS).map(move |i| length * f64::from(i) / f64::from(SWEEP_STEPS))
}

/// One skinned mesh: its data, its GPU buffers, and this frame's result.
pub struct Skin {
    /// The mesh in its bind pose.
    pub mesh: SkinnedMesh,
    /// Its GPU buffers (positions, normals and tangents refilled by [`Skin::upload`]).
    pub gpu: MeshBuffers,
    /// The last skinning's result.
    pub out: Skinned,
}

impl Skin {
    /// Uploads `mesh` (its bind pose) to new GPU buffers.
    pub fn new(gl: &glow::Context, mesh: SkinnedMesh) -> Result<Skin, String> {
        let gpu = MeshBuffers::from_mesh(gl, &mesh).map_err(|e| e.to_string())?;
        Ok(Skin { mesh, gpu, out: Skinned::default() })
    }

    /// Skins the mesh for the world matrices `world` into [`Skin::out`]; an
    /// error names the mesh.
    pub fn skin(
        &mut self,
        skinning: Skinning,
        global_inverse: &Mat4,
        world: &[Mat4],
        method: Method,
    ) -> Result<(), String> {
        let gradients = (skinning.gradients)(global_inverse, world, &self.mesh.bones);
        (skinning.skin)(&self.mesh, &gradients, method, &mut self.out)
            .map_err(|e| format!("mesh `{}`: {e}", self.mesh.name))
    }

    /// Sends the last skinning's result to the GPU (the cost of CPU skinning).
    pub fn upload(&self, gl: &glow::Context) {
        self.gpu.update_positions(gl, &self.out.positions);
        if !self.out.normals.is_empty() {
            self.gpu.update_normals(gl, &self.out.normals);
        }
        self.gpu.update_tangents(gl, &self.out.tangents);
    }
}

/// A model's skeleton and skinned meshes, posed, skinned on the CPU and drawn.
pub struct Stage {
    /// The skeleton the poses are for.
    pub skeleton: Skeleton,
    /// The model's global inverse (the root's inverse transform).
    pub global_inverse: Mat4,
    /// Whether the model is the built-in character (see [`loops`]).
    pub builtin: bool,
    skins: Vec<Skin>,
    skinning: Skinning,
    surface: SurfaceRenderer,
}

impl Stage {
    /// Takes `model`'s skinned meshes (meshes with no bones are left out) and
    /// a copy of its skeleton; `builtin` is [`common::app::Scene::builtin`].
    pub fn new(gl: &glow::Context, model: &mut Model, builtin: bool, skinning: Skinning) -> Result<Stage, String> {
        let skins = std::mem::take(&mut model.meshes)
            .into_iter()
            .filter(|m| !m.bones.is_empty())
            .map(|mesh| Skin::new(gl, mesh))
            .collect::<Result<Vec<_>, String>>()?;
        Ok(Stage {
            skeleton: model.skeleton.clone(),
            global_inverse: model.global_inverse,
            builtin,
            skins,
            skinning,
            surface: SurfaceRenderer::new(gl).map_err(|e| e.to_string())?,
        })
    }

    /// The skinned meshes.
    pub fn skins(&self) -> &[Skin] {
        &self.skins
    }

    /// Whether there is no skin to draw (a BVH file: show the skeleton).
    pub fn no_skin(&self) -> bool {
        self.skins.is_empty()
    }

    /// Whether `clip` of this model loops when it starts playing ([`loops`]).
    pub fn loops(&self, clip: &Clip) -> bool {
        loops(self.builtin, clip)
    }

    /// Skins every mesh for the world matrices `world` (uploaded by the next [`Stage::draw`]).
    pub fn skin(&mut self, world: &[Mat4]) -> Result<(), String> {
        for skin in &mut self.skins {
            skin.skin(self.skinning, &self.global_inverse, world, Method::LinearBlend)?;
        }
        Ok(())
    }

    /// Poses the skeleton (lab 01's world matrices) and skins every mesh.
    /// Returns the world matrices, for skeleton lines and markers.
    pub fn pose(&mut self, pose: &[Transform]) -> Result<Vec<Mat4>, String> {
        let world = world_matrices(&self.skeleton, pose);
        self.skin(&world)?;
        Ok(world)
    }

    /// Uploads the last skinning and draws every mesh in `style`, placed by
    /// the inverse of the global inverse (the model's root transform).
    pub fn draw(&self, gl: &glow::Context, camera: &Camera, style: &SurfaceStyle) {
        let root = self.global_inverse.inverse();
        for skin in &self.skins {
            skin.upload(gl);
            self.surface.draw(gl, camera, &root, &skin.gpu, style);
        }
    }

    /// The box the character sweeps through during one play of a clip
    /// `length` seconds long: `world_at(skeleton, seconds)` gives the world
    /// matrices at each of [`sweep_times`]; every joint and every skinned
    /// vertex is counted. The meshes are left skinned for the last time.
    ///
    /// Pose the clip as played once (a one-shot's clamping, never a wrap):
    /// a looping clip's end, wrapped, would be its start again, and a clip
    /// that grows towards its end would leave the picture.
    pub fn sweep(
        &mut self,
        length: f64,
        mut world_at: impl FnMut(&Skeleton, f64) -> Result<Vec<Mat4>, String>,
    ) -> Result<Aabb, String> {
        let mut bounds = Aabb::EMPTY;
        let root = self.global_inverse.inverse();
        for seconds in sweep_times(length) {
            let world = world_at(&self.skeleton, seconds)?;
            self.skin(&world)?;
            for m in &world {
                bounds.add(m.w_axis.truncate());
            }
            for p in self.skins.iter().flat_map(|s| &s.out.positions) {
                bounds.add(root.transform_point3(*p));
            }
        }
        Ok(bounds)
    }
}
