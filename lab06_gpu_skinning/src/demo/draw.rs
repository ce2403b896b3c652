//! The ways the demo draws: the crowd skinned on the GPU (the mesh stays
//! there; per character one palette upload and one draw, through your steps
//! and your shader), the crowd skinned on the CPU (lab 03's fast path, then
//! positions and normals re-uploaded, drawn with the plain surface shader),
//! and the twisting cylinders (linear blend vs dual quaternions).

use common::camera::{Aabb, Camera};
use common::gl::{MeshBuffers, SurfaceRenderer, SurfaceStyle, Texture};
use glam::{Mat4, Vec3};
use lab03_cpu_skinning::Skinned;
use lab03_cpu_skinning::fast::skin_fast;
use lab06_gpu_skinning::{GpuMesh, SHADER_FILE, VERTEX_SHADER, further, given, upload_mesh, upload_palette};

use crate::crowd::Crowd;
use crate::twist;

/// Where the skinning runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Skinning {
    Gpu,
    Cpu,
}

/// How the GPU path sends the palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Palette {
    /// One `mat4` per bone (your step 4).
    Matrices,
    /// Three `vec4` rows per bone (going further).
    Packed,
}

/// What the picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Plain,
    /// Bone ids as colours.
    Ids,
    /// The selected joint's weight, cold to hot.
    Weights,
    /// The twisting cylinders.
    Twist,
}

impl View {
    /// `u_view_mode` in debug.glsl.
    fn mode(self) -> i32 {
        match self {
            View::Ids => 1,
            View::Weights => 2,
            View::Plain | View::Twist => 0,
        }
    }
}

/// The crowd skinned by the vertex shader.
pub struct GpuPath {
    pub mesh: GpuMesh,
    /// Your shader; `None` when the palette does not fit as matrices (then only packed is offered).
    pub matrices: Option<SurfaceRenderer>,
    /// The packed palette's shader; `None` when even that does not fit (then
    /// only CPU skinning is offered).
    pub packed: Option<SurfaceRenderer>,
}

impl GpuPath {
    /// Draws every character: its palette uploaded, then one draw call.
    pub fn draw(
        &self,
        gl: &glow::Context,
        camera: &Camera,
        crowd: &mut Crowd,
        palette: Palette,
        view: View,
        bone: usize,
    ) {
        let (renderer, packed) = match (palette, &self.matrices, &self.packed) {
            (Palette::Matrices, Some(matrices), _) | (_, Some(matrices), None) => (matrices, false),
            (_, _, Some(packed)) => (packed, true),
            (_, None, None) => return, // over every GPU budget: the demo skins on the CPU only
        };
        let program = renderer.program();
        program.bind(gl);
        program.set_i32(gl, "u_view_mode", view.mode());
        program.set_i32(gl, "u_selected_bone", bone as i32);
        let style = SurfaceStyle { vertex_colors: view.mode() != 0, ..SurfaceStyle::default() };
        for i in 0..crowd.len() {
            let gradients = crowd.palette(i).unwrap_or_else(|e| panic!("{e}"));
            if packed {
                further::upload_packed_palette(gl, program, &further::packed_palette(&gradients));
            } else {
                upload_palette(gl, program, &gradients);
            }
            renderer.draw(gl, camera, &crowd.model_matrix(i), &self.mesh.buffers, &style);
        }
    }
}

/// The crowd skinned on the CPU: a buffer per character, refilled every frame.
pub struct CpuPath {
    surface: SurfaceRenderer,
    buffers: Vec<MeshBuffers>,
    outs: Vec<Skinned>,
    /// What the buffers' vertex colours show (view and bone), if they are set.
    colors: Option<(View, usize)>,
    threads: usize,
}

impl CpuPath {
    pub fn new(gl: &glow::Context) -> Result<CpuPath, String> {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let surface = SurfaceRenderer::new(gl).map_err(|e| e.to_string())?;
        Ok(CpuPath { surface, buffers: Vec::new(), outs: Vec::new(), colors: None, threads })
    }

    /// Skins every character with lab 03's fast path (the characters split
    /// over the CPU's threads), uploads positions and normals, draws.
    pub fn draw(&mut self, gl: &glow::Context, camera: &Camera, crowd: &mut Crowd, view: View, bone: usize) {
        let n = crowd.len();
        let skin = &crowd.rig.skin;
        while self.buffers.len() < n {
            let buffers = MeshBuffers::new(gl, &skin.positions, &skin.normals, &[], &[], &skin.indices);
            self.buffers.push(buffers.unwrap_or_else(|e| panic!("{e}")));
            self.outs.push(Skinned::default());
            self.colors = None;
        }
        if view.mode() != 0 && self.colors != Some((view, bone)) {
            let colors = vertex_colors(skin, view, bone);
            for b in &mut self.buffers {
                b.set_colors(gl, &colors).unwrap_or_else(|e| panic!("{e}"));
            }
            self.colors = Some((view, bone));
        }
        let palettes =
            (0..n).map(|i| crowd.palette(i)).collect::<Result<Vec<_>, _>>().unwrap_or_else(|e| panic!("{e}"));
        let (fast, share) = (&crowd.rig.fast, n.div_ceil(self.threads));
        let inner = if n == 1 { self.threads } else { 1 };
        if self.threads == 1 {
            // One thread (the web has no others): skin on this one.
            let mut skin_all = self.outs[..n].iter_mut().zip(&palettes);
            skin_all.try_for_each(|(o, p)| skin_fast(fast, p, o, 1)).unwrap_or_else(|e| panic!("{e}"));
        } else {
            std::thread::scope(|s| {
                let jobs: Vec<_> = (self.outs[..n].chunks_mut(share).zip(palettes.chunks(share)))
                    .map(|(outs, palettes)| {
                        s.spawn(move || {
                            outs.iter_mut().zip(palettes).try_for_each(|(o, p)| skin_fast(fast, p, o, inner))
                        })
                    })
                    .collect();
                for job in jobs {
                    job.join().expect("a skinning thread").unwrap_or_else(|e| panic!("{e}"));
                }
            });
        }
        let style = SurfaceStyle { vertex_colors: view.mode() != 0, ..SurfaceStyle::default() };
        for i in 0..n {
            self.buffers[i].update_positions(gl, &self.outs[i].positions);
            self.buffers[i].update_normals(gl, &self.outs[i].normals);
            self.surface.draw(gl, camera, &crowd.model_matrix(i), &self.buffers[i], &style);
        }
    }
}

/// debug.glsl's colours computed on the CPU, for the CPU path.
fn vertex_colors(skin: &common::model::SkinnedMesh, view: View, bone: usize) -> Vec<Vec3> {
    let id_color = |id: u32| {
        let h = (id as f32 * 0.618_034).fract();
        let k = ((Vec3::splat(h) + Vec3::new(0.0, 2.0 / 3.0, 1.0 / 3.0)).fract() * 6.0 - 3.0).abs();
        Vec3::ONE.lerp((k - 1.0).clamp(Vec3::ZERO, Vec3::ONE), 0.75)
    };
    let heat = |w: f32| {
        let w = w.clamp(0.0, 1.0);
        let g = (1.0 - (w * 2.0 - 1.0).abs()).clamp(0.0, 1.0) * 0.9;
        Vec3::new((w * 2.0 - 0.6).clamp(0.0, 1.0), g, (1.0 - w * 2.0).clamp(0.15, 1.0))
    };
    let slots = |inf: &common::model::Influences| (0..4).filter(|&s| inf.weights[s] != 0.0).collect::<Vec<_>>();
    skin.influences
        .iter()
        .map(|inf| match view {
            View::Ids => slots(inf).into_iter().map(|s| id_color(inf.ids[s]) * inf.weights[s]).sum(),
            _ => heat(slots(inf).into_iter().filter(|&s| inf.ids[s] as usize == bone).map(|s| inf.weights[s]).sum()),
        })
        .collect()
}

/// Two twisting cylinders: linear blend (your shader) on the left, dual quaternions on the right.
pub struct TwistScene {
    mesh: GpuMesh,
    linear: SurfaceRenderer,
    dual: SurfaceRenderer,
    texture: Texture,
    /// The twist of the top bone, degrees.
    pub degrees: f32,
}

impl TwistScene {
    pub fn new(gl: &glow::Context, degrees: f32) -> Result<TwistScene, String> {
        let mesh = upload_mesh(gl, &twist::cylinder())?;
        let linear = given::compile(gl, SHADER_FILE, VERTEX_SHADER, 2).map_err(|e| e.to_string())?;
        let dual = given::compile(gl, further::DUAL_QUAT_SHADER_FILE, further::DUAL_QUAT_SHADER, 2)
            .map_err(|e| e.to_string())?;
        let texture = Texture::from_image(gl, &common::gl::checker_image(256, 16)).map_err(|e| e.to_string())?;
        Ok(TwistScene { mesh, linear, dual, texture, degrees })
    }

    /// The box both cylinders stay in, whatever the twist.
    pub fn bounds() -> Aabb {
        let r = twist::RADIUS * 1.5;
        Aabb { min: Vec3::new(-0.35 - r, -0.05, -r), max: Vec3::new(0.35 + r, twist::HEIGHT + 0.05, r) }
    }

    pub fn draw(&self, gl: &glow::Context, camera: &Camera) {
        let palette = twist::palette(self.degrees);
        let style = SurfaceStyle { texture: Some(&self.texture), ..SurfaceStyle::default() };
        let left = self.linear.program();
        left.bind(gl);
        left.set_i32(gl, "u_view_mode", 0);
        upload_palette(gl, left, &palette);
        self.linear.draw(gl, camera, &Mat4::from_translation(Vec3::X * -0.35), &self.mesh.buffers, &style);
        let right = self.dual.program();
        right.bind(gl);
        right.set_i32(gl, "u_view_mode", 0);
        further::upload_dual_quaternions(gl, right, &further::dual_quaternions(&palette));
        self.dual.draw(gl, camera, &Mat4::from_translation(Vec3::X * 0.35), &self.mesh.buffers, &style);
    }
}
