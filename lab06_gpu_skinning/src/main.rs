//! Lab 06 demo: a crowd skinned on the GPU by your code. Each character
//! plays its own clip at its own phase; per character the CPU uploads one
//! palette and makes one draw call. Switch to CPU skinning (lab 03's fast
//! path) to compare frame times, colour the skin by bone id or by a joint's
//! weight (computed in your shader), send the palette packed (three rows per
//! bone), or look at the twisting cylinders: linear blend against dual
//! quaternions.

mod demo;

use demo::{crowd, draw, figures, twist};

use common::Instant;
use std::process::ExitCode;
use std::sync::Arc;

use common::app::{self, Args, Demo, Lab, Scene};
use common::camera::{Aabb, Camera};
use draw::{CpuPath, GpuPath, Palette, Skinning, TwistScene, View};
use lab06_gpu_skinning::given::{self, OTHER_UNIFORM_COMPONENTS};
use lab06_gpu_skinning::{
    SHADER_FILE, VERTEX_SHADER, bone_budget, further, gpu_influences, influence_layout, upload_mesh, upload_palette,
};

use crate::crowd::{Crowd, MAX_CROWD};

/// The `--set` values, read before any of your steps runs.
struct Settings {
    crowd: usize,
    skinning: Skinning,
    view: View,
    palette: Palette,
    twist: f32,
    max_components: Option<i32>,
}

impl Settings {
    fn read(args: &Args) -> Result<Settings, String> {
        let crowd = args.setting_as::<usize>("crowd")?.unwrap_or(9);
        if !(1..=MAX_CROWD).contains(&crowd) {
            return Err(format!("--set crowd={crowd}: the crowd has 1 to {MAX_CROWD} characters"));
        }
        let skinning = match args.setting("skinning") {
            None | Some("gpu") => Skinning::Gpu,
            Some("cpu") => Skinning::Cpu,
            Some(other) => return Err(format!("--set skinning={other}: use `gpu` or `cpu`")),
        };
        let view = match args.setting("view") {
            None | Some("plain") => View::Plain,
            Some("ids") => View::Ids,
            Some("weights") => View::Weights,
            Some("twist") => View::Twist,
            Some(other) => return Err(format!("--set view={other}: use `plain`, `ids`, `weights` or `twist`")),
        };
        let palette = match args.setting("palette") {
            None | Some("matrices") => Palette::Matrices,
            Some("packed") => Palette::Packed,
            Some(other) => return Err(format!("--set palette={other}: use `matrices` or `packed`")),
        };
        let twist = args.setting_as::<f32>("twist")?.unwrap_or(150.0);
        if !twist.is_finite() {
            return Err(format!("--set twist={twist}: the twist is a finite number of degrees"));
        }
        let max_components = args.setting_as::<i32>("max_components")?;
        Ok(Settings { crowd, skinning, view, palette, twist, max_components })
    }
}

/// Frame times (pose + skinning + draw, to glFinish), smoothed, per path.
#[derive(Default)]
struct FrameTimes {
    gpu: Option<f64>,
    cpu: Option<f64>,
}

impl FrameTimes {
    fn record(&mut self, skinning: Skinning, ms: f64) {
        let slot = if skinning == Skinning::Gpu { &mut self.gpu } else { &mut self.cpu };
        *slot = Some(slot.map_or(ms, |old| old * 0.9 + ms * 0.1));
    }

    fn text(&self, skinning: Skinning) -> String {
        let show = |path: Skinning, t: Option<f64>| {
            let now = if path == skinning { " (now)" } else { "" };
            t.map_or(format!("not yet run{now}"), |ms| format!("{ms:.2} ms{now}"))
        };
        format!("GPU: {}\nCPU: {}", show(Skinning::Gpu, self.gpu), show(Skinning::Cpu, self.cpu))
    }
}

struct GpuSkinning {
    crowd: Crowd,
    gpu: GpuPath,
    cpu: CpuPath,
    twist: TwistScene,
    skinning: Skinning,
    palette: Palette,
    view: View,
    /// The joint (node) whose weights the heat map shows, and its bone index in the palette.
    joint: usize,
    bone: usize,
    /// Nodes that are bones of the skin, for the picker.
    bone_nodes: Vec<usize>,
    count: usize,
    times: FrameTimes,
    budget: String,
    reframe: bool,
}

impl GpuSkinning {
    fn new(gl: &Arc<glow::Context>, args: &Args, scene: Scene) -> Result<Self, String> {
        // Settings first: a typo is reported before any of your steps runs.
        let settings = Settings::read(args)?;
        let real = given::max_vertex_uniform_components(gl);
        let components = match settings.max_components {
            Some(n) if n > real => {
                return Err(format!(
                    "--set max_components={n}: this GPU has GL_MAX_VERTEX_UNIFORM_COMPONENTS = {real}; \
                     pretend to be a smaller one (e.g. 1024, OpenGL 3.3's minimum), not a larger one"
                ));
            }
            Some(n) if n <= 0 => {
                return Err(format!(
                    "--set max_components={n}: a GPU size is a positive number of uniform components; pretend to \
                     be a smaller GPU with e.g. 1024 (OpenGL 3.3's minimum)"
                ));
            }
            Some(n) => n,
            None => real,
        };
        let fixed_clip = if args.clip.is_some() { scene.clip } else { None };
        let builtin = scene.builtin;
        let mut crowd = Crowd::new(scene.model, &scene.source, fixed_clip, settings.crowd)?;
        let skin = &crowd.rig.skin;
        let mut bone_nodes: Vec<usize> = skin.bones.iter().map(|b| b.node).collect();
        bone_nodes.sort_unstable();
        bone_nodes.dedup();
        let skeleton = &crowd.rig.skeleton;
        let joint = match args.setting("joint") {
            Some(name) => skeleton
                .find(name)
                .filter(|n| bone_nodes.contains(n))
                .ok_or(format!("--set joint={name}: no bone of that name in {}", scene.source))?,
            None => [skeleton.find("forearm_l").filter(|_| builtin), Some(common::pose::suggested_joint(skeleton))]
                .into_iter()
                .flatten()
                .find(|n| bone_nodes.contains(n))
                .unwrap_or(bone_nodes[0]),
        };

        // Your steps run here first, in order: a stub stops the demo now and is named.
        let _ = influence_layout();
        let _ = gpu_influences(&[], 0);
        let mesh = upload_mesh(gl, skin)?; // steps 1 and 2
        let bones = mesh.bones;
        let budget = bone_budget(components); // step 4a
        let packed_budget = further::packed_budget(components);
        // The budget binds the GPU path only: CPU skinning has no palette to fit.
        let refusal = match settings.palette {
            Palette::Matrices => given::check_budget(&scene.source, bones, budget, components).err(),
            Palette::Packed if bones > packed_budget => Some(packed_refusal(&scene.source, bones, components)),
            Palette::Packed => None,
        };
        match refusal {
            Some(refusal) if settings.skinning == Skinning::Gpu => return Err(refusal),
            Some(_) if bones > packed_budget => eprintln!(
                "note: {} has {bones} bones, over this GPU's budget ({budget} as mat4, {packed_budget} packed, \
                 GL_MAX_VERTEX_UNIFORM_COMPONENTS = {components}): skinned on the CPU only",
                scene.source
            ),
            _ => {}
        }
        // Step 3 is your shader; a compile error comes back with the GLSL log.
        let compile = |file, source| given::compile(gl, file, source, bones).map_err(|e| e.to_string());
        let matrices = if bones <= budget { Some(compile(SHADER_FILE, VERTEX_SHADER)?) } else { None };
        let packed = if bones <= packed_budget {
            Some(compile(further::PACKED_SHADER_FILE, further::PACKED_SHADER)?)
        } else {
            None
        };
        if let Some(renderer) = matrices.as_ref().or(packed.as_ref()) {
            let program = renderer.program();
            program.bind(gl);
            upload_palette(gl, program, &crowd.palette(0)?); // step 4b
        }
        let fits = |n: usize| if bones <= n { "fits" } else { "does not fit" };
        let budget = format!(
            "{bones} bones. GL_MAX_VERTEX_UNIFORM_COMPONENTS = {components}{}, {OTHER_UNIFORM_COMPONENTS} kept for \
             other uniforms: {budget} bones as mat4 ({}), {packed_budget} packed as 3 vec4 ({}).",
            if components == real { "" } else { " (pretended)" },
            fits(budget),
            fits(packed_budget)
        );
        let mut lab = GpuSkinning {
            gpu: GpuPath { mesh, matrices, packed },
            cpu: CpuPath::new(gl)?,
            twist: TwistScene::new(gl, settings.twist)?,
            skinning: settings.skinning,
            palette: settings.palette,
            view: settings.view,
            joint,
            bone: 0,
            bone_nodes,
            count: crowd.len(),
            crowd,
            times: FrameTimes::default(),
            budget,
            reframe: false,
        };
        lab.select(joint);
        Ok(lab)
    }

    /// Selects the joint whose weights the heat map shows.
    fn select(&mut self, joint: usize) {
        self.joint = joint;
        self.bone = self.crowd.rig.skin.bones.iter().position(|b| b.node == joint).unwrap_or(0);
    }
}

/// The refusal for a packed palette that does not fit either.
fn packed_refusal(source: &str, bones: usize, components: i32) -> String {
    format!(
        "{source} has {bones} bones, but this GPU's vertex shaders hold {} packed bones \
         (GL_MAX_VERTEX_UNIFORM_COMPONENTS = {components}, 12 floats per bone as three vec4 rows, \
         {OTHER_UNIFORM_COMPONENTS} kept for other uniforms): split the mesh by bones, or keep the palette in a \
         uniform buffer or a texture",
        further::packed_budget(components)
    )
}

impl Lab for GpuSkinning {
    fn bounds(&self) -> Aabb {
        if self.view == View::Twist { TwistScene::bounds() } else { self.crowd.bounds() }
    }

    fn update(&mut self, dt: f32) {
        self.crowd.time += f64::from(dt);
    }

    fn draw(&mut self, gl: &glow::Context, camera: &Camera) {
        if self.view == View::Twist {
            self.twist.draw(gl, camera);
            return;
        }
        let start = Instant::now();
        match self.skinning {
            Skinning::Gpu => self.gpu.draw(gl, camera, &mut self.crowd, self.palette, self.view, self.bone),
            Skinning::Cpu => self.cpu.draw(gl, camera, &mut self.crowd, self.view, self.bone),
        }
        common::gl::finish(gl);
        self.times.record(self.skinning, start.elapsed().as_secs_f64() * 1000.0);
    }

    fn ui(&mut self, ui: &mut egui::Ui) {
        let before = self.view;
        ui.horizontal_wrapped(|ui| {
            ui.selectable_value(&mut self.view, View::Plain, "plain");
            ui.selectable_value(&mut self.view, View::Ids, "bone ids");
            ui.selectable_value(&mut self.view, View::Weights, "weights");
            ui.selectable_value(&mut self.view, View::Twist, "twisting cylinders");
        });
        self.reframe |= (before == View::Twist) != (self.view == View::Twist);
        if self.view == View::Twist {
            ui.label(
                "Left: linear blend, your shader (the waist collapses: a candy wrapper). \
                 Right: dual quaternions (it keeps its radius).",
            );
            ui.add(egui::Slider::new(&mut self.twist.degrees, 0.0..=180.0).text("twist (deg)"));
            return;
        }
        if ui.add(egui::Slider::new(&mut self.count, 1..=MAX_CROWD).text("characters")).changed() {
            self.crowd.resize(self.count);
            self.reframe = true;
        }
        ui.horizontal(|ui| {
            let gpu_fits = self.gpu.matrices.is_some() || self.gpu.packed.is_some();
            ui.add_enabled_ui(gpu_fits, |ui| ui.radio_value(&mut self.skinning, Skinning::Gpu, "GPU (your shader)"));
            ui.radio_value(&mut self.skinning, Skinning::Cpu, "CPU (lab 03, fast path)");
        });
        ui.add_enabled_ui(self.skinning == Skinning::Gpu, |ui| {
            ui.horizontal(|ui| {
                ui.add_enabled_ui(self.gpu.matrices.is_some(), |ui| {
                    ui.radio_value(&mut self.palette, Palette::Matrices, "palette: mat4 per bone");
                });
                ui.radio_value(&mut self.palette, Palette::Packed, "3 vec4 rows per bone");
            });
        });
        if self.view == View::Weights {
            let mut joint = self.joint;
            if common::ui::bone_picker(ui, &self.crowd.rig.skeleton, &self.bone_nodes, &mut joint) {
                self.select(joint);
            }
        }
        ui.label(format!(
            "Frame ({} characters: pose, skinning, draw, to glFinish):\n{}",
            self.crowd.len(),
            self.times.text(self.skinning)
        ));
        ui.label(&self.budget);
        ui.label(format!("Clips: {}", self.crowd.clips_played().join(", ")));
        let skin = &self.crowd.rig.skin;
        ui.label(format!(
            "Mesh `{}`: {} vertices. GPU: {} floats uploaded per character; CPU: {} floats.",
            skin.name,
            skin.positions.len(),
            skin.bones.len() * if self.palette == Palette::Packed { 12 } else { 16 },
            skin.positions.len() * 6
        ));
    }

    fn reset(&mut self) {
        self.crowd.reset();
    }

    fn take_reframe(&mut self) -> bool {
        std::mem::take(&mut self.reframe)
    }

    fn legend(&self) -> common::app::Legend {
        figures::legend(self)
    }

    fn help(&self) -> &str {
        "A crowd skinned on the GPU by your steps and shader: each character plays its own clip at its own phase, \
         with one palette upload and one draw call. Bone ids: a colour per bone, blended by weight. Weights: blue = \
         none, red = all of the selected joint's. Twisting cylinders: linear blend (left) collapses, dual \
         quaternions (right) keep the radius. R puts every character back at its first phase."
    }
}

fn main() -> ExitCode {
    let demo = Demo {
        crate_name: "lab06_gpu_skinning",
        title: "Lab 06: skinning on the GPU",
        handout: include_str!("../README.md"),
    };
    app::run_with_figures(demo, &figures::FIGURES, GpuSkinning::new)
}

#[cfg(test)]
mod tests {
    use super::{MAX_CROWD, Settings};

    /// The handout states the demo's numbers only in its settings table; this
    /// checks that the table's defaults and the crowd's range are the code's.
    #[test]
    fn demo_defaults_are_the_handouts_table() {
        let settings = Settings::read(&common::app::Args::default()).unwrap();
        let table = common::app::settings::from_handout(include_str!("../README.md")).unwrap();
        let row = |key: &str| table.iter().find(|row| row.key == key).unwrap_or_else(|| panic!("no row `{key}`"));
        assert_eq!(row("crowd").default, format!("`{}`", settings.crowd), "the crowd's default");
        assert_eq!(row("twist").default, format!("`{}`", settings.twist), "the twist's default");
        let range = format!("1 to {MAX_CROWD}");
        assert!(row("crowd").help.contains(&range), "the crowd row should say {range}: {}", row("crowd").help);
    }
}
