//! The crowd: the model's skinned meshes merged into one skin (one palette
//! and one draw per character), and N characters on a grid, each playing its
//! own clip at its own phase. Poses come from the earlier labs' references:
//! lab 04 samples, lab 01 walks the hierarchy, lab 03 makes the gradients.

use common::camera::Aabb;
use common::model::{Bone, Clip, Model, Skeleton, SkinnedMesh, Transform};
use glam::{Mat4, Quat, Vec2, Vec3};
use lab01_hierarchy::solution::world_matrices;
use lab03_cpu_skinning::Skinned;
use lab03_cpu_skinning::fast::{FastMesh, skin_fast};
use lab03_cpu_skinning::given::stage::sweep_times;
use lab03_cpu_skinning::solution::bone_gradients;
use lab04_keyframes::solution::pose_at;
use lab04_keyframes::{ClipCursors, Mode};

/// The most characters the demo draws.
pub const MAX_CROWD: usize = 200;

/// One character of the crowd: what it plays, how far into it, where it stands.
struct Character {
    clip: Option<usize>,
    phase: f64,
    cursors: ClipCursors,
    offset: Vec3,
}

/// What every character shares: the skeleton, its clips, the merged skin.
pub struct Rig {
    /// The skeleton the clips move.
    pub skeleton: Skeleton,
    rest: Vec<Transform>,
    global_inverse: Mat4,
    clips: Vec<Clip>,
    /// The model's skinned meshes as one mesh (bones shared where they can be).
    pub skin: SkinnedMesh,
    /// The same skin for lab 03's fast path (unused slots name bone 0).
    pub fast: FastMesh,
}

impl Rig {
    /// The palette of `character` at `seconds` on its clip: one gradient per bone of [`Rig::skin`].
    fn palette(&self, character: &mut Character, seconds: f64) -> Result<Vec<Mat4>, String> {
        let pose = match character.clip {
            Some(k) => {
                let clip = &self.clips[k];
                pose_at(clip, &self.rest, seconds + character.phase, Mode::Loop, &mut character.cursors, Quat::slerp)
                    .map_err(|e| format!("clip `{}`: {e}", clip.name))?
            }
            None => self.rest.clone(),
        };
        let world = world_matrices(&self.skeleton, &pose);
        Ok(bone_gradients(&self.global_inverse, &world, &self.skin.bones))
    }
}

/// The characters on their grid.
pub struct Crowd {
    /// What they share.
    pub rig: Rig,
    characters: Vec<Character>,
    /// `Some(c)`: everyone plays clip `c` (`--clip`); `None`: clips in turn.
    fixed_clip: Option<usize>,
    /// The box one character at the origin sweeps through, over all its clips (world space).
    one: Aabb,
    spacing: Vec2,
    /// Seconds since the start (or the last reset), the same clock for all.
    pub time: f64,
}

impl Crowd {
    /// Merges the model's skins and measures how much room
    /// a character needs (by skinning it on the CPU through its clips).
    pub fn new(model: Model, source: &str, fixed_clip: Option<usize>, count: usize) -> Result<Crowd, String> {
        let skin = merge(model.meshes.into_iter().filter(|m| !m.bones.is_empty() && !m.influences.is_empty()))
            .ok_or(format!("{source} has no skinned mesh: lab06 skins meshes with bones (try X/BCN_Epileptic.X)"))?;
        let mut sane = skin.clone();
        for inf in &mut sane.influences {
            for slot in 0..4 {
                if inf.weights[slot] == 0.0 || inf.ids[slot] as usize >= skin.bones.len() {
                    inf.ids[slot] = 0;
                }
            }
        }
        let fast = FastMesh::new(&sane).map_err(|e| format!("{source}, mesh `{}`: {e}", skin.name))?;
        let rig = Rig {
            rest: model.skeleton.rest_locals(),
            skeleton: model.skeleton,
            global_inverse: model.global_inverse,
            clips: model.clips,
            skin,
            fast,
        };
        let mut crowd =
            Crowd { rig, characters: Vec::new(), fixed_clip, one: Aabb::EMPTY, spacing: Vec2::ONE, time: 0.0 };
        crowd.measure()?;
        crowd.resize(count);
        Ok(crowd)
    }

    /// How many characters stand on the grid.
    pub fn len(&self) -> usize {
        self.characters.len()
    }

    /// Sets the number of characters (1 to [`MAX_CROWD`]): those already
    /// there keep their clip and phase, the grid is laid out again.
    pub fn resize(&mut self, count: usize) {
        let count = count.clamp(1, MAX_CROWD);
        self.characters.truncate(count);
        while self.characters.len() < count {
            let character = self.character(self.characters.len());
            self.characters.push(character);
        }
        // About as deep as wide in the world, whatever the character's shape.
        let columns = ((count as f32 * self.spacing.y / self.spacing.x).sqrt().round() as usize).clamp(1, count);
        let rows = count.div_ceil(columns);
        for (i, c) in self.characters.iter_mut().enumerate() {
            let (col, row) = ((i % columns) as f32, (i / columns) as f32);
            let x = (col - (columns - 1) as f32 * 0.5) * self.spacing.x;
            let z = (row - (rows - 1) as f32 * 0.5) * self.spacing.y;
            c.offset = Vec3::new(x, 0.0, z) - self.one.center() * Vec3::new(1.0, 0.0, 1.0);
        }
    }

    /// Character `i` as it starts: its clip in turn (idle, walk, run, wave on
    /// the built-in character) and a phase spread by the golden ratio.
    fn character(&self, i: usize) -> Character {
        let clip = self.fixed_clip.or((!self.rig.clips.is_empty()).then(|| i % self.rig.clips.len()));
        let length = clip.map_or(0.0, |c| self.rig.clips[c].duration_seconds());
        let phase = (i as f64 * 0.618_034).fract() * length;
        let cursors = clip.map_or_else(ClipCursors::default, |c| ClipCursors::for_clip(&self.rig.clips[c]));
        Character { clip, phase, cursors, offset: Vec3::ZERO }
    }

    /// Back to the start: the clock at 0 and every character at its first phase.
    pub fn reset(&mut self) {
        self.time = 0.0;
        let count = self.len();
        self.characters.clear();
        self.resize(count);
    }

    /// The name of the clip character `i` plays.
    pub fn clip_name(&self, i: usize) -> &str {
        self.characters[i].clip.map_or("bind pose", |c| self.rig.clips[c].name.as_str())
    }

    /// The clips played, once each, in order of first appearance.
    pub fn clips_played(&self) -> Vec<&str> {
        let mut names: Vec<&str> = Vec::new();
        for i in 0..self.len() {
            let name = self.clip_name(i);
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    /// This frame's palette of character `i`: one gradient matrix per bone of [`Rig::skin`].
    pub fn palette(&mut self, i: usize) -> Result<Vec<Mat4>, String> {
        self.rig.palette(&mut self.characters[i], self.time)
    }

    /// Where character `i` is drawn: its place on the grid after the model's root transform.
    pub fn model_matrix(&self, i: usize) -> Mat4 {
        Mat4::from_translation(self.characters[i].offset) * self.rig.global_inverse.inverse()
    }

    /// The box around the whole grid, every character through all its motion.
    pub fn bounds(&self) -> Aabb {
        let mut b = Aabb::EMPTY;
        for c in &self.characters {
            b.add(self.one.min + c.offset);
            b.add(self.one.max + c.offset);
        }
        b
    }

    /// Skins one character through each clip (at the stage's sweep times,
    /// lab 03's [`sweep_times`]) on the CPU to find the room it needs; the
    /// grid spacing follows from it.
    fn measure(&mut self) -> Result<(), String> {
        let root = self.rig.global_inverse.inverse();
        let mut out = Skinned::default();
        for k in 0..self.rig.clips.len().max(1) {
            let mut c = self.character(k);
            let length = c.clip.map_or(0.0, |c| self.rig.clips[c].duration_seconds());
            for seconds in sweep_times(length) {
                let seconds = seconds - c.phase;
                let palette = self.rig.palette(&mut c, seconds)?;
                skin_fast(&self.rig.fast, &palette, &mut out, 1).map_err(|e| e.to_string())?;
                for p in &out.positions {
                    self.one.add(root.transform_point3(*p));
                }
            }
        }
        let size = if self.one.is_empty() { Vec3::ONE } else { self.one.max - self.one.min };
        let least = size.x.max(size.z).max(size.y) * 0.3;
        self.spacing = Vec2::new(size.x.max(least), size.z.max(least)) * 1.4;
        Ok(())
    }
}

/// Merges skinned meshes into one: positions, normals, UVs, tangents and
/// indices one after the other, and one bone list where a bone two meshes
/// share (same node, same offset) appears once. Ids are remapped; an id that
/// named no bone stays out of range (the student's `gpu_influences` fixes
/// those). `None` if there is no mesh.
pub fn merge(meshes: impl Iterator<Item = SkinnedMesh>) -> Option<SkinnedMesh> {
    let meshes: Vec<SkinnedMesh> = meshes.map(with_normals).collect();
    let mut merged = SkinnedMesh { name: meshes.first()?.name.clone(), ..SkinnedMesh::default() };
    if meshes.len() > 1 {
        merged.name = meshes.iter().map(|m| m.name.as_str()).collect::<Vec<_>>().join(" + ");
    }
    let (uvs, tangents) = (meshes.iter().any(|m| !m.uvs.is_empty()), meshes.iter().all(|m| !m.tangents.is_empty()));
    for mesh in meshes {
        let base = merged.positions.len() as u32;
        let ids: Vec<u32> = mesh.bones.iter().map(|b| shared_bone(&mut merged.bones, b)).collect();
        merged.indices.extend(mesh.indices.iter().map(|i| i + base));
        for inf in &mesh.influences {
            let ids = inf.ids.map(|id| ids.get(id as usize).copied().unwrap_or(u32::MAX));
            merged.influences.push(common::model::Influences { ids, ..*inf });
        }
        if uvs {
            let n = mesh.positions.len();
            merged.uvs.extend(if mesh.uvs.is_empty() { vec![Vec2::ZERO; n] } else { mesh.uvs });
        }
        if tangents {
            merged.tangents.extend(mesh.tangents);
        }
        merged.positions.extend(mesh.positions);
        merged.normals.extend(mesh.normals);
    }
    Some(merged)
}

/// The index of `bone` in `bones`, added if no bone there has its node and offset.
fn shared_bone(bones: &mut Vec<Bone>, bone: &Bone) -> u32 {
    let same = |b: &Bone| b.node == bone.node && b.offset.abs_diff_eq(bone.offset, 1e-5);
    let index = bones.iter().position(same).unwrap_or_else(|| {
        bones.push(*bone);
        bones.len() - 1
    });
    index as u32
}

/// A mesh with normals: a file without them gets smooth ones (area-weighted
/// face normals summed at each vertex), since both draw paths light them.
fn with_normals(mut mesh: SkinnedMesh) -> SkinnedMesh {
    if mesh.normals.len() == mesh.positions.len() {
        return mesh;
    }
    let mut normals = vec![Vec3::ZERO; mesh.positions.len()];
    for t in mesh.indices.chunks_exact(3) {
        let [a, b, c] = [t[0], t[1], t[2]].map(|i| mesh.positions[i as usize]);
        let face = (b - a).cross(c - a);
        for &i in t {
            normals[i as usize] += face;
        }
    }
    mesh.normals = normals.into_iter().map(|n| n.normalize_or(Vec3::Y)).collect();
    mesh
}
