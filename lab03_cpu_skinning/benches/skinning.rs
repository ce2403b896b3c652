//! Reference skinning against the "going further" fast path.
//!
//! `cargo bench -p lab03_cpu_skinning` checks first that both paths agree on
//! both meshes, runs the criterion groups (throughput in vertices), then
//! prints one table of nanoseconds per vertex measured in this same run.
//!
//! Meshes: the built-in character as is, and a synthetic 100,000-vertex mesh
//! where every vertex has 4 influences among 64 bones (the worst case for
//! the blend). Both skin positions and normals: the reference runs on a copy
//! without tangents, since the fast path does not skin them.
//!
//! The fast path runs the best kernel for this CPU, or the one named by
//! `LAB03_KERNEL` (`portable`, `avx2+fma` or `avx512`), to compare them on
//! one machine. "ozz-eq 1T" is the fast path doing ozz-animation's work
//! instead of ours (normals through the blended 3x3, not normalised: wrong
//! under uneven scale), to compare the two libraries on identical maths.

use std::hint::black_box;
use std::time::Duration;

use common::bench::{Samples, median};

use common::grade::SplitMix64 as Rng;
use common::model::{Bone, Influences, Model, SkinnedMesh};
use criterion::{Criterion, Throughput, criterion_group};
use glam::{Mat4, Quat, Vec3};
use lab03_cpu_skinning::fast::{self, FastMesh, Kernel};
use lab03_cpu_skinning::{Method, Skinned, solution};

/// A mesh, one pose's gradient matrices, and the fast path's copy of it.
struct Case {
    name: &'static str,
    mesh: SkinnedMesh,
    gradients: Vec<Mat4>,
    fast: FastMesh,
}

impl Case {
    fn new(name: &'static str, mut mesh: SkinnedMesh, gradients: Vec<Mat4>) -> Case {
        mesh.tangents.clear(); // both paths do positions + normals
        let fast = FastMesh::new(&mesh).unwrap_or_else(|e| panic!("{name}: FastMesh::new failed: {e}"));
        Case { name, mesh, gradients, fast }
    }
}

/// The built-in character in a pose read off its `walk` clip (the middle
/// key of every channel), so that the gradients are not identities.
fn character() -> Case {
    let model: Model = common::character::build();
    let locals = common::pose::key_pose(&model.skeleton, &model.clips[1], 0.5);
    let world = lab01_hierarchy::solution::world_matrices(&model.skeleton, &locals);
    let mesh = model.meshes[0].clone();
    let gradients = solution::bone_gradients(&model.global_inverse, &world, &mesh.bones);
    Case::new("character", mesh, gradients)
}

/// 100,000 vertices, 64 bones, 4 distinct bones per vertex with random
/// normalised weights; random affine gradients (rotation, translation,
/// per-axis scale in 0.8..1.2).
fn synthetic() -> Case {
    const VERTICES: usize = 100_000;
    const BONES: usize = 64;
    let mut rng = Rng(0x5EED_0003);
    let positions = (0..VERTICES).map(|_| rng.vec3(-1.0, 1.0)).collect();
    let normals = (0..VERTICES).map(|_| rng.vec3(-1.0, 1.0).try_normalize().unwrap_or(Vec3::Y)).collect();
    let influences = (0..VERTICES)
        .map(|_| {
            let mut ids = [0u32; 4];
            for slot in 0..4 {
                ids[slot] = loop {
                    let id = (rng.next_u64() % BONES as u64) as u32;
                    if !ids[..slot].contains(&id) {
                        break id;
                    }
                };
            }
            let weights = [(); 4].map(|_| rng.range(0.05, 1.0));
            let total: f32 = weights.iter().sum();
            Influences { ids, weights: weights.map(|w| w / total) }
        })
        .collect();
    let bones = vec![Bone { node: 0, offset: Mat4::IDENTITY }; BONES];
    let gradients = (0..BONES)
        .map(|_| {
            let rotation =
                Quat::from_xyzw(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))
                    .normalize();
            Mat4::from_scale_rotation_translation(rng.vec3(0.8, 1.2), rotation, rng.vec3(-1.0, 1.0))
        })
        .collect();
    let mesh = SkinnedMesh { name: "synthetic".into(), positions, normals, influences, bones, ..Default::default() };
    Case::new("synthetic 100k", mesh, gradients)
}

/// The kernel to time: `LAB03_KERNEL` if set, else the best for this CPU.
fn kernel() -> Kernel {
    static KERNEL: std::sync::OnceLock<Kernel> = std::sync::OnceLock::new();
    *KERNEL.get_or_init(|| match std::env::var("LAB03_KERNEL") {
        Err(_) => Kernel::best(),
        Ok(name) => Kernel::available().into_iter().find(|k| k.name() == name).unwrap_or_else(|| {
            let names: Vec<_> = Kernel::available().iter().map(|k| k.name()).collect();
            eprintln!("LAB03_KERNEL={name}: this CPU runs only {names:?}");
            std::process::exit(2)
        }),
    })
}

/// Panics unless every kernel (1 and 2 threads) matches the reference, and
/// the ozz-equivalent mode gives the reference's positions and the blended
/// 3x3 times the bind normal.
fn check(case: &Case) {
    let mut reference = Skinned::default();
    solution::skin_mesh_into(&case.mesh, &case.gradients, Method::LinearBlend, &mut reference)
        .expect("reference skinning");
    for kernel in Kernel::available() {
        let mut ozz = Skinned::default();
        fast::ozz_equivalent::skin(kernel, &case.fast, &case.gradients, &mut ozz, 1).expect("ozz-equivalent");
        for (v, inf) in case.mesh.influences.iter().enumerate() {
            let blended: Mat4 = (0..4).map(|s| case.gradients[inf.ids[s] as usize] * inf.weights[s]).sum();
            let want = blended.transform_vector3(case.mesh.normals[v]);
            let (got, p, r) = (ozz.normals[v], ozz.positions[v], reference.positions[v]);
            assert!((got - want).abs().max_element() <= 1e-4, "{}: ozz-equivalent normal {v}", kernel.name());
            assert!((p - r).abs().max_element() <= 1e-4 * r.abs().max_element().max(1.0), "ozz-eq position {v}");
        }
    }
    for (kernel, threads) in Kernel::available().into_iter().flat_map(|k| [(k, 1), (k, 2)]) {
        let mut out = Skinned::default();
        fast::skin_fast_on(kernel, &case.fast, &case.gradients, &mut out, threads).expect("fast skinning");
        let name = format!("{} ({})", case.name, kernel.name());
        assert_eq!(out.positions.len(), reference.positions.len(), "{name}: position count");
        assert_eq!(out.normals.len(), reference.normals.len(), "{name}: normal count");
        for (v, (f, r)) in out.positions.iter().zip(&reference.positions).enumerate() {
            let tolerance = 1e-4 * r.abs().max_element().max(1.0);
            assert!(
                (*f - *r).abs().max_element() <= tolerance,
                "{name}, {threads} thread(s): vertex {v} position {f} but the reference says {r}"
            );
        }
        for (v, (f, r)) in out.normals.iter().zip(&reference.normals).enumerate() {
            let unit = (f.length() - 1.0).abs() <= 1e-4 || (r.length() - 1.0).abs() > 1e-4;
            assert!(
                unit && (*f - *r).abs().max_element() <= 1e-4,
                "{name}, {threads} thread(s): vertex {v} normal {f} but the reference says {r}"
            );
        }
    }
}

/// Per-iteration times recorded by every benchmark: (mesh, path) -> seconds.
static SAMPLES: Samples<(usize, usize)> = Samples::new();
const PATHS: [&str; 4] = ["reference", "fast, 1 thread", "fast, 2 threads", "fast, 1 thread, ozz-equivalent normals"];

fn cases() -> &'static [Case] {
    static CASES: std::sync::OnceLock<Vec<Case>> = std::sync::OnceLock::new();
    CASES.get_or_init(|| vec![character(), synthetic()])
}

fn skinning(c: &mut Criterion) {
    for (m, case) in cases().iter().enumerate() {
        let mut group = c.benchmark_group(format!("skinning/{}", case.name));
        group.throughput(Throughput::Elements(case.mesh.positions.len() as u64));
        let mut out = Skinned::default();
        group.bench_function(PATHS[0], |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed((m, 0), iters, 1.0, || {
                    solution::skin_mesh_into(black_box(&case.mesh), &case.gradients, Method::LinearBlend, &mut out)
                        .unwrap()
                })
            })
        });
        for (p, threads) in [(1, 1), (2, 2)] {
            group.bench_function(PATHS[p], |b| {
                b.iter_custom(|iters| {
                    SAMPLES.timed((m, p), iters, 1.0, || {
                        fast::skin_fast_on(kernel(), black_box(&case.fast), &case.gradients, &mut out, threads)
                            .unwrap();
                    })
                })
            });
        }
        group.bench_function(PATHS[3], |b| {
            b.iter_custom(|iters| {
                SAMPLES.timed((m, 3), iters, 1.0, || {
                    fast::ozz_equivalent::skin(kernel(), black_box(&case.fast), &case.gradients, &mut out, 1).unwrap();
                })
            })
        });
        group.finish();
    }
}

/// Every kernel this CPU can run, one thread: what writing the vector code
/// out bought over what the compiler makes of plain Rust (`portable`).
fn kernels(c: &mut Criterion) {
    for (m, case) in cases().iter().enumerate() {
        let mut group = c.benchmark_group(format!("kernels/{}", case.name));
        group.throughput(Throughput::Elements(case.mesh.positions.len() as u64));
        let mut out = Skinned::default();
        for (k, kernel) in Kernel::available().into_iter().enumerate() {
            group.bench_function(format!("kernel {}, 1 thread", kernel.name()), |b| {
                b.iter_custom(|iters| {
                    SAMPLES.timed((m, KERNEL_PATHS + k), iters, 1.0, || {
                        fast::skin_fast_on(kernel, black_box(&case.fast), &case.gradients, &mut out, 1).unwrap();
                    })
                })
            });
        }
        group.finish();
    }
}

/// Where the per-kernel samples start in `SAMPLES`' path numbers.
const KERNEL_PATHS: usize = 10;

criterion_group! {
    name = benches;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2)).sample_size(50);
    targets = skinning, kernels
}

fn summary() {
    let samples = SAMPLES.take();
    if samples.is_empty() {
        return;
    }
    println!("\nSkinning, median ns per vertex in this run (fast kernel: {})", kernel().name());
    println!(
        "{:<16} {:>9} {:>10} {:>10} {:>10} {:>12} {:>12} {:>10}",
        "mesh", "vertices", "reference", "fast 1T", "fast 2T", "ref/fast1T", "fast1T/2T", "ozz-eq 1T"
    );
    for (m, case) in cases().iter().enumerate() {
        let vertices = case.mesh.positions.len();
        let ns: Vec<Option<f64>> = (0..PATHS.len())
            .map(|p| samples.get(&(m, p)).map(|t| median(t).unwrap_or(f64::NAN) * 1e9 / vertices as f64))
            .collect();
        let cell = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.2}"));
        let ratio =
            |a: Option<f64>, b: Option<f64>| a.zip(b).map_or("-".to_string(), |(a, b)| format!("{:.2}x", a / b));
        println!(
            "{:<16} {:>9} {:>10} {:>10} {:>10} {:>12} {:>12} {:>10}",
            case.name,
            vertices,
            cell(ns[0]),
            cell(ns[1]),
            cell(ns[2]),
            ratio(ns[0], ns[1]),
            ratio(ns[1], ns[2]),
            cell(ns[3])
        );
    }
    let min = fast::MIN_VERTICES_PER_THREAD;
    println!("(\"fast 2T\" runs on one thread for meshes under {} vertices: a thread needs {min} to pay off)", 2 * min);
    // Rows named by kernel, not by mesh (scripts read the table above by
    // its mesh names).
    let kernels = Kernel::available();
    if samples.keys().any(|&(_, p)| p >= KERNEL_PATHS) {
        println!(
            "\nOne thread, per kernel, median ns per vertex (portable: the compiler's vectorisation of plain Rust)"
        );
        println!("{:<16} {:>12} {:>16}", "kernel", cases()[0].name, cases()[1].name);
        for (k, kernel) in kernels.iter().enumerate() {
            let ns = |m: usize| {
                let vertices = cases()[m].mesh.positions.len() as f64;
                samples
                    .get(&(m, KERNEL_PATHS + k))
                    .map_or("-".to_string(), |t| format!("{:.2}", median(t).unwrap_or(f64::NAN) * 1e9 / vertices))
            };
            println!("{:<16} {:>12} {:>16}", kernel.name(), ns(0), ns(1));
        }
    }
}

/// CI's instruction-count guard (`.ci/instructions`): one mesh, one kernel,
/// one thread, `reps` times, nothing else.
fn count(request: &common::bench::CountRequest) {
    let case = match request.workload.as_str() {
        "character" => character(),
        "synthetic100k" => synthetic(),
        _ => request.unknown(&["character", "synthetic100k"], &[]),
    };
    let Some(kernel) = Kernel::available().into_iter().find(|k| k.name() == request.kernel) else {
        let names: Vec<_> = Kernel::available().iter().map(|k| k.name()).collect();
        request.unknown(&["character", "synthetic100k"], &names)
    };
    let mut out = Skinned::default();
    request.run(case.mesh.positions.len(), || {
        fast::skin_fast_on(kernel, black_box(&case.fast), &case.gradients, &mut out, 1).expect("fast skinning");
    });
}

fn main() {
    if let Some(request) = common::bench::CountRequest::from_env() {
        return count(&request);
    }
    for case in cases() {
        check(case);
    }
    let kernels: Vec<_> = Kernel::available().iter().map(|k| k.name()).collect();
    println!(
        "fast path matches the reference on {} meshes (kernels {kernels:?}; timed: {})",
        cases().len(),
        kernel().name()
    );
    benches();
    Criterion::default().configure_from_args().final_summary();
    // Without `--bench` (`cargo test --benches`) criterion runs each
    // benchmark once, untimed: no table for that.
    if std::env::args().any(|a| a == "--bench") {
        summary();
    }
}
