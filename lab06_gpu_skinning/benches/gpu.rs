//! Skinning on the GPU against skinning on the CPU, per character and per frame.
//!
//! `cargo bench -p lab06_gpu_skinning` checks first that both paths compute
//! the same skin, runs the criterion groups, then prints one table of the
//! medians measured in this same run (and the ratios between them).
//!
//! Everything runs in a headless context (on this machine: Mesa's llvmpipe,
//! which runs "the GPU" on the CPU's cores too). The mesh is the built-in
//! character (9,769 vertices, 21 bones); each character has its own pose
//! (the walk at its own phase). The poses are sampled once, beforehand: both
//! paths need them alike, and lab 04 measures that.
//!
//! 1. **Skinning alone**, one character. GPU: palette upload, then the vertex
//!    shader over every vertex through transform feedback with the rasterizer
//!    off, to glFinish. CPU: lab 03's fast path (one thread), then positions
//!    and normals uploaded into the character's buffers, to glFinish.
//! 2. **A whole frame** of N characters at 1280x720 into the headless target:
//!    clear, then per character the palette upload and one draw (GPU) or the
//!    fast path, the upload and one draw (CPU); glFinish.

use std::time::Duration;

use common::bench::{Samples, median};

use common::camera::{Aabb, OrbitCamera};
use common::gl::{MeshBuffers, SurfaceRenderer, SurfaceStyle};
use common::headless::Headless;
use common::model::SkinnedMesh;
use criterion::{Criterion, SamplingMode, Throughput};
use glam::{Mat4, Quat, Vec3};
use glow::HasContext;
use lab03_cpu_skinning::Skinned;
use lab03_cpu_skinning::fast::{self, FastMesh, skin_fast};
use lab06_gpu_skinning::{GpuMesh, further, given, solution};

const WIDTH: u32 = 1280;
const HEIGHT: u32 = 720;
const CROWDS: [usize; 4] = [1, 10, 50, 100];
/// Floats transform feedback records per vertex (vec3 + vec3 + vec4).
const FEEDBACK_FLOATS: usize = 10;

/// The character and its palettes, one per character of the largest crowd.
struct Scene {
    mesh: SkinnedMesh,
    fast: FastMesh,
    palettes: Vec<Vec<Mat4>>,
}

fn scene() -> Scene {
    let model = common::character::build();
    let clip = &model.clips[1];
    let rest = model.skeleton.rest_locals();
    let mesh = model.meshes[0].clone();
    let count = *CROWDS.last().unwrap();
    let palettes = (0..count)
        .map(|i| {
            let mut cursors = lab04_keyframes::ClipCursors::for_clip(clip);
            let seconds = (i as f64 * 0.618_034).fract() * clip.duration_seconds();
            let mode = lab04_keyframes::Mode::Loop;
            let pose = lab04_keyframes::solution::pose_at(clip, &rest, seconds, mode, &mut cursors, Quat::slerp)
                .expect("the walk samples");
            let world = lab01_hierarchy::solution::world_matrices(&model.skeleton, &pose);
            lab03_cpu_skinning::solution::bone_gradients(&model.global_inverse, &world, &mesh.bones)
        })
        .collect();
    let fast = FastMesh::new(&mesh).expect("the character suits the fast path");
    Scene { mesh, fast, palettes }
}

/// Places for `n` characters on a square grid, 1.2 m apart, and a camera on all of them.
fn grid(n: usize) -> (Vec<Mat4>, common::camera::Camera) {
    let columns = (n as f32).sqrt().ceil() as usize;
    let places: Vec<Mat4> = (0..n)
        .map(|i| Mat4::from_translation(Vec3::new((i % columns) as f32 * 1.2, 0.0, (i / columns) as f32 * 1.2)))
        .collect();
    let mut bounds = Aabb::EMPTY;
    for p in &places {
        bounds.add(p.transform_point3(Vec3::new(-0.8, 0.0, -0.4)));
        bounds.add(p.transform_point3(Vec3::new(0.8, 1.8, 0.4)));
    }
    let camera = OrbitCamera::framing(&bounds, WIDTH as f32 / HEIGHT as f32).camera(WIDTH as f32, HEIGHT as f32);
    (places, camera)
}

/// The GL objects both paths draw with.
struct Gl {
    headless: Headless,
    /// The reference skinning shader (with the course's lit fragment shader).
    skinning: SurfaceRenderer,
    gpu_mesh: GpuMesh,
    feedback: glow::Buffer,
    /// The plain surface shader and one buffer set per character, for the CPU path.
    surface: SurfaceRenderer,
    cpu_meshes: Vec<MeshBuffers>,
}

impl Gl {
    fn new(scene: &Scene) -> Gl {
        let headless = Headless::new(WIDTH, HEIGHT).unwrap_or_else(|e| panic!("{e}"));
        let gl = headless.gl();
        let bones = scene.mesh.bones.len();
        let skinning = given::compile(gl, solution::SHADER_FILE, solution::VERTEX_SHADER, bones).expect("the shader");
        let gpu_mesh = solution::upload_mesh(gl, &scene.mesh).expect("the mesh on the GPU");
        let bytes = scene.mesh.positions.len() * FEEDBACK_FLOATS * 4;
        // SAFETY: a new buffer on this context, sized for one record per vertex.
        let feedback = unsafe {
            let buffer = gl.create_buffer().expect("a buffer");
            gl.bind_buffer(glow::TRANSFORM_FEEDBACK_BUFFER, Some(buffer));
            gl.buffer_data_size(glow::TRANSFORM_FEEDBACK_BUFFER, bytes as i32, glow::STREAM_COPY);
            gl.bind_buffer(glow::TRANSFORM_FEEDBACK_BUFFER, None);
            buffer
        };
        let surface = SurfaceRenderer::new(gl).expect("the surface shader");
        let m = &scene.mesh;
        let cpu_meshes = (0..*CROWDS.last().unwrap())
            .map(|_| MeshBuffers::new(gl, &m.positions, &m.normals, &[], &[], &m.indices).expect("buffers"))
            .collect();
        Gl { headless, skinning, gpu_mesh, feedback, surface, cpu_meshes }
    }

    fn gl(&self) -> &glow::Context {
        self.headless.gl()
    }

    /// GPU skinning alone: the palette, then the vertex shader over every
    /// vertex into the feedback buffer, nothing rasterized.
    fn gpu_skin(&self, palette: &[Mat4]) {
        let gl = self.gl();
        self.skinning.program().bind(gl);
        solution::upload_palette(gl, self.skinning.program(), palette);
        let vertices = self.gpu_mesh.buffers.vertex_count() as i32;
        // SAFETY: the feedback buffer holds FEEDBACK_FLOATS floats per vertex,
        // what a points draw of `vertices` records; the program is bound and
        // records exactly those outputs; state is restored.
        unsafe {
            gl.bind_buffer_base(glow::TRANSFORM_FEEDBACK_BUFFER, 0, Some(self.feedback));
            gl.enable(glow::RASTERIZER_DISCARD);
            gl.bind_vertex_array(Some(self.gpu_mesh.buffers.vao));
            gl.begin_transform_feedback(glow::POINTS);
            gl.draw_arrays(glow::POINTS, 0, vertices);
            gl.end_transform_feedback();
            gl.bind_vertex_array(None);
            gl.disable(glow::RASTERIZER_DISCARD);
            gl.bind_buffer_base(glow::TRANSFORM_FEEDBACK_BUFFER, 0, None);
        }
        common::gl::finish(gl);
    }

    /// CPU skinning alone: lab 03's fast path, then the upload.
    fn cpu_skin(&self, scene: &Scene, palette: &[Mat4], out: &mut Skinned, buffers: &MeshBuffers) {
        skin_fast(&scene.fast, palette, out, 1).expect("fast skinning");
        buffers.update_positions(self.gl(), &out.positions);
        buffers.update_normals(self.gl(), &out.normals);
        common::gl::finish(self.gl());
    }

    /// One frame of `n` characters.
    fn frame(&self, scene: &Scene, n: usize, path: Path, out: &mut Skinned) {
        let gl = self.gl();
        let (places, camera) = grid(n);
        self.headless.target().bind(gl);
        common::gl::begin_scene(gl, [0, 0, WIDTH as i32, HEIGHT as i32], common::gl::BACKGROUND);
        let style = SurfaceStyle::default();
        for (i, place) in places.iter().enumerate() {
            let palette = &scene.palettes[i];
            match path {
                Path::Gpu => {
                    self.skinning.program().bind(gl);
                    solution::upload_palette(gl, self.skinning.program(), palette);
                    self.skinning.draw(gl, &camera, place, &self.gpu_mesh.buffers, &style);
                }
                Path::Cpu => {
                    let buffers = &self.cpu_meshes[i];
                    skin_fast(&scene.fast, palette, out, 1).expect("fast skinning");
                    buffers.update_positions(gl, &out.positions);
                    buffers.update_normals(gl, &out.normals);
                    self.surface.draw(gl, &camera, place, buffers, &style);
                }
            }
        }
        common::gl::finish(gl);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Path {
    Gpu,
    Cpu,
}

/// Panics unless the shader and the fast path skin the character alike.
fn check(gl: &Gl, scene: &Scene) {
    let g = gl.gl();
    gl.skinning.program().bind(g);
    solution::upload_palette(g, gl.skinning.program(), &scene.palettes[3]);
    let captured = given::capture(g, gl.gpu_mesh.buffers.vao, scene.mesh.positions.len()).expect("capture");
    let mut out = Skinned::default();
    skin_fast(&scene.fast, &scene.palettes[3], &mut out, 1).expect("fast skinning");
    for (v, (a, b)) in captured.positions.iter().zip(&out.positions).enumerate() {
        assert!(a.abs_diff_eq(*b, 1e-4), "vertex {v}: the GPU says {a}, the CPU {b}");
    }
    for (v, (a, b)) in captured.normals.iter().zip(&out.normals).enumerate() {
        assert!(a.abs_diff_eq(*b, 1e-3), "vertex {v}'s normal: the GPU says {a}, the CPU {b}");
    }
}

/// Per-iteration times: (what, path) -> seconds; what = 0 for skinning, else the crowd size.
static SAMPLES: Samples<(usize, Path)> = Samples::new();

fn benches(c: &mut Criterion, gl: &Gl, scene: &Scene) {
    let mut group = c.benchmark_group("skinning one character");
    group.throughput(Throughput::Elements(scene.mesh.positions.len() as u64));
    let palette = &scene.palettes[3];
    group.bench_function("gpu", |b| {
        b.iter_custom(|iters| SAMPLES.timed((0, Path::Gpu), iters, 1.0, || gl.gpu_skin(palette)))
    });
    let mut out = Skinned::default();
    group.bench_function("cpu", |b| {
        b.iter_custom(|iters| {
            SAMPLES.timed((0, Path::Cpu), iters, 1.0, || gl.cpu_skin(scene, palette, &mut out, &gl.cpu_meshes[0]))
        })
    });
    group.finish();
    let mut group = c.benchmark_group("frame at 1280x720");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    for n in CROWDS {
        for (path, name) in [(Path::Gpu, "gpu"), (Path::Cpu, "cpu")] {
            group.bench_function(format!("{name}/{n}"), |b| {
                b.iter_custom(|iters| SAMPLES.timed((n, path), iters, 1.0, || gl.frame(scene, n, path, &mut out)))
            });
        }
    }
    group.finish();
}

fn summary(gl: &Gl, scene: &Scene) {
    let samples = SAMPLES.take();
    let at = |key| samples.get(&key).and_then(|t| median(t));
    let cell = |v: Option<f64>, scale: f64| v.map_or("-".to_string(), |v| format!("{:.3}", v * scale));
    let ratio = |a: Option<f64>, b: Option<f64>| a.zip(b).map_or("-".to_string(), |(a, b)| format!("{:.2}x", a / b));
    println!("\n{}", common::gl::describe(gl.gl()));
    println!(
        "GL_MAX_VERTEX_UNIFORM_COMPONENTS = {}: {} bones as mat4, {} packed; fast kernel: {}",
        given::max_vertex_uniform_components(gl.gl()),
        solution::bone_budget(given::max_vertex_uniform_components(gl.gl())),
        further::packed_budget(given::max_vertex_uniform_components(gl.gl())),
        fast::kernel_name()
    );
    let vertices = scene.mesh.positions.len();
    let (g, c) = (at((0, Path::Gpu)), at((0, Path::Cpu)));
    println!("\nSkinning one character ({vertices} vertices), median in this run");
    println!("{:<58} {:>10} {:>12}", "path", "us", "ns/vertex");
    let per_vertex = |v: Option<f64>| cell(v.map(|s| s / vertices as f64), 1e9);
    println!(
        "{:<58} {:>10} {:>12}",
        "GPU: palette upload + vertex shader (feedback, no raster)",
        cell(g, 1e6),
        per_vertex(g)
    );
    println!(
        "{:<58} {:>10} {:>12}",
        "CPU: lab03 fast path, 1 thread + upload positions, normals",
        cell(c, 1e6),
        per_vertex(c)
    );
    println!("{:<58} {:>10}", "CPU / GPU", ratio(c, g));
    println!("\nWhole frame at {WIDTH}x{HEIGHT} (clear, per character skin/upload/draw, glFinish), median ms");
    println!("{:>10} {:>10} {:>10} {:>10} {:>14}", "characters", "GPU", "CPU", "CPU/GPU", "GPU ms/char");
    for n in CROWDS {
        let (g, c) = (at((n, Path::Gpu)), at((n, Path::Cpu)));
        let each = g.map(|g| g / n as f64);
        println!("{n:>10} {:>10} {:>10} {:>10} {:>14}", cell(g, 1e3), cell(c, 1e3), ratio(c, g), cell(each, 1e3));
    }
}

fn main() {
    let scene = scene();
    let gl = Gl::new(&scene);
    check(&gl, &scene);
    println!("the shader and lab 03's fast path agree on the character ({})", gl.headless.describe());
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20)
        .configure_from_args();
    benches(&mut c, &gl, &scene);
    c.final_summary();
    // Without `--bench` (`cargo test --benches`) criterion runs each
    // benchmark once, untimed: no table for that.
    if std::env::args().any(|a| a == "--bench") {
        summary(&gl, &scene);
    }
}
