//! Going further: the same linear blend skinning, laid out for the CPU.
//!
//! The reference (`solution::skin_mesh_into`) is written to be read: one
//! vertex at a time, a full `Mat4` per influence (4 slots, always), a
//! `push` per result. This module computes the same positions and normals
//! four to twelve times faster: with AVX-512, faster than ozz-animation's
//! `SkinningJob` while computing exact normals (with AVX2, faster on a
//! character, level on a mesh where every vertex has 4 bones).
//! Every step below was measured (the lab's FURTHER.md,
//! "The benchmark", has the figures and what each step bought):
//!
//! 1. **Once per mesh** ([`FastMesh::new`]): check the per-vertex data, then
//!    store it in chunks of [`LANES`] vertices, *struct of arrays* (the 16
//!    x's, then the 16 y's, ...), each influence turned into a 16-bit
//!    palette index (empty slots point at an identity). A chunk records how
//!    many slots its busiest vertex uses, or that all its vertices share
//!    their influences (a *uniform* chunk: a rigid part, a ring of a limb).
//! 2. **Once per call** ([`skin_fast`]): check the matrices, then copy each
//!    gradient into a 64-byte aligned row of 16 floats: one cache line, one
//!    AVX-512 register (or two AVX2 ones). The rows go into a *palette*
//!    with a row for every 16-bit index, so that no index needs a bounds
//!    check.
//! 3. **Per uniform chunk**: one blend, one cofactor (the normal matrix),
//!    reused by the next chunk if it has the same influences; every entry
//!    broadcast to the 16 lanes. No per-vertex blend, transpose or cofactor:
//!    most of a character's chunks are uniform.
//! 4. **Per other chunk**, in registers:
//!    - *blend*: per vertex, `sum of weight * row` over the chunk's slots,
//!      one multiply-add per slot (AVX-512);
//!    - *transpose*: the 16 blended rows become 12 registers, one per
//!      matrix entry, lane `i` belonging to vertex `i` (52 shuffles);
//!    - *transform*: per lane, the position, the cofactor normal and its
//!      length (an estimate of `1/sqrt` and one Newton step, not a square
//!      root and a division), 16 vertices per instruction;
//!    - *interleave*: lanes back to `x y z x y z ...` and stored.
//! 5. Chunks are independent, so [`skin_fast`] can hand them out to threads,
//!    a share of 64 at a time.
//!
//! The kernels do the same steps: `portable.rs` in plain Rust (read it
//! first; the compiler vectorises it as it can, about half as well as the
//! written-out versions with the same instructions), `avx512.rs` and
//! `avx2.rs` with the vector instructions written out, picked at run time
//! ([`Kernel::best`]). Intrinsics are safe to call inside a
//! `#[target_feature]` function, and loads and stores go through
//! `bytemuck` casts of arrays, so the only `unsafe` is the call into a
//! kernel, after the CPU check.
//!
//! ## The speed trap: FMA
//!
//! `a.mul_add(b, c)` is one instruction only if the CPU has FMA *and the
//! compiler is told so*. Built for plain x86-64 it becomes a call to a
//! software `fmaf`: correct, and about 25 times slower than `a * b + c`. So
//! the AVX kernels are compiled with `#[target_feature]` and chosen at run
//! time with `is_x86_feature_detected!`, and the portable kernel never calls
//! `mul_add` unless FMA is part of the build target (or it is compiled with
//! FMA allowed, as `portable+avx2` is).

use glam::{Mat4, Vec3};

use crate::given::{SkinError, Skinned};

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod layout;
mod palette;
mod portable;
#[cfg(not(target_arch = "wasm32"))]
mod threads;

pub use layout::{Cost, FastMesh, MAX_BONES};
use layout::{NoTally, Shares, Tally, Work};
use palette::Palette;

/// Vertices per chunk: the width of an AVX-512 register in floats (the AVX2
/// kernel does a chunk as two halves of 8).
pub const LANES: usize = 16;

/// The fewest vertices worth a thread of their own. A helper asleep between
/// frames takes tens of microseconds to wake (35 measured here; starting a
/// new thread took 22, plus 15 before it worked), about as long as skinning
/// 8,000 vertices, so smaller meshes stay on fewer threads.
pub const MIN_VERTICES_PER_THREAD: usize = 16_384;

/// Skins positions and normals with linear blend skinning, like
/// `solution::skin_mesh_into(.., Method::LinearBlend, ..)`, into buffers kept
/// from frame to frame. The results agree with it to about 1e-5 (FMA rounds
/// differently); normals have unit length, or keep their bind-pose value
/// where the reference does too.
///
/// `gradients` has one matrix per bone, as for the reference, and is checked
/// the same way (count, finiteness, bones named by the vertices) before any
/// vertex is touched. **Tangents are not skinned:** `out.tangents` is left
/// empty. Skinning them costs another 3x3 transform and a re-orthogonalisation
/// per vertex; a renderer that needs them can use the reference.
///
/// `threads` is the most threads to use, the calling thread included, but
/// no more than one per [`MIN_VERTICES_PER_THREAD`] vertices; 0 and 1 both
/// mean "this thread only". The helpers are started on the first call and
/// kept (one per core but the caller's; `threads` above that shares them).
/// The chunks are cut into shares of 1,024 vertices, and each thread takes
/// the next share until none is left: a thread that starts late does less,
/// and all finish within one share of each other.
pub fn skin_fast(mesh: &FastMesh, gradients: &[Mat4], out: &mut Skinned, threads: usize) -> Result<(), SkinError> {
    skin_fast_on(Kernel::best(), mesh, gradients, out, threads)
}

/// [`skin_fast`] with a chosen kernel (any of [`Kernel::available`]): to
/// compare them, or to test each on a machine that has them all.
pub fn skin_fast_on(
    kernel: Kernel,
    mesh: &FastMesh,
    gradients: &[Mat4],
    out: &mut Skinned,
    threads: usize,
) -> Result<(), SkinError> {
    run::<NoTally>(kernel, Normals::Exact, mesh, gradients, out, threads).map(|_| ())
}

/// [`skin_fast_on`], counting the work done as it goes ([`Cost`], the same
/// for every kernel and thread count): the grader's work check. The count
/// is compiled only into this function's copy of the kernels, so
/// [`skin_fast`] and [`skin_fast_on`] pay nothing for it.
pub fn count_fast_on(
    kernel: Kernel,
    mesh: &FastMesh,
    gradients: &[Mat4],
    out: &mut Skinned,
    threads: usize,
) -> Result<Cost, SkinError> {
    run::<Cost>(kernel, Normals::Exact, mesh, gradients, out, threads)
}

/// How the normals are computed. Only [`Normals::Exact`] is offered to
/// users; the other exists so the benchmark can time the same work as
/// ozz-animation (see [`ozz_equivalent`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Normals {
    /// The cofactor of the blended 3x3, its sign fixed for mirrors, normalised.
    Exact,
    /// The blended 3x3 itself, not normalised: what ozz-animation's
    /// `SkinningJob` does. Wrong where a bone scales unevenly (up to 12.6
    /// degrees on the character) and not of unit length.
    Blended,
}

/// For the benchmark only: the fast path doing exactly the work
/// ozz-animation's `SkinningJob` does, so the two can be timed on the same
/// maths. **Its normals are not correct** (the blended 3x3 instead of its
/// cofactor, not normalised); never draw with them.
#[doc(hidden)]
pub mod ozz_equivalent {
    use super::*;

    /// [`skin_fast_on`] with ozz's normals: `blended 3x3 * normal`, no
    /// normalisation, no mirror fix.
    pub fn skin(
        kernel: Kernel,
        mesh: &FastMesh,
        gradients: &[Mat4],
        out: &mut Skinned,
        threads: usize,
    ) -> Result<(), SkinError> {
        run::<NoTally>(kernel, Normals::Blended, mesh, gradients, out, threads).map(|_| ())
    }
}

fn run<T: Tally + Send>(
    kernel: Kernel,
    normals: Normals,
    mesh: &FastMesh,
    gradients: &[Mat4],
    out: &mut Skinned,
    threads: usize,
) -> Result<T, SkinError> {
    if gradients.len() < mesh.bones {
        return Err(SkinError::TooFewMatrices { bones: mesh.bones, matrices: gradients.len() });
    }
    if let Some(bone) = gradients.iter().position(|m| !m.is_finite()) {
        return Err(SkinError::NotFinite { bone });
    }
    if mesh.max_bone.is_some_and(|id| id as usize >= gradients.len()) {
        return Err(mesh.first_out_of_range(gradients.len()).expect("max_bone names an out-of-range bone"));
    }
    // This thread's palette (see `Palette`), taken for the call and put
    // back after it.
    let mut palette = PALETTE.take().unwrap_or_else(Palette::new);
    palette.fill(gradients);

    // `resize` keeps the buffers (and does nothing when the size is right):
    // every element is overwritten below.
    out.positions.resize(mesh.vertices, Vec3::ZERO);
    out.normals.resize(if mesh.has_normals { mesh.vertices } else { 0 }, Vec3::ZERO);
    out.tangents.clear();

    // The web (wasm32) has no threads: one, the caller's.
    let threads =
        if cfg!(target_arch = "wasm32") { 1 } else { threads.min(mesh.vertices / MIN_VERTICES_PER_THREAD).max(1) };
    let shares = Shares(Work {
        chunks: &mesh.chunks,
        slots: &mesh.slots,
        palette: &palette.0,
        positions: &mut out.positions,
        normals: &mut out.normals,
    });
    let cost = skin_shares(kernel, normals, threads, shares);
    PALETTE.set(Some(palette));
    Ok(cost)
}

/// Runs `kernel` on every share of the work: on this thread, and on
/// `threads - 1` helpers when `threads` is over 1 (never on the web).
fn skin_shares<T: Tally + Send>(kernel: Kernel, normals: Normals, threads: usize, shares: Shares) -> T {
    let all = |shares: &mut dyn Iterator<Item = Work>| {
        shares.map(|work| kernel.run::<T>(normals, work)).fold(T::default(), T::plus)
    };
    if threads > 1 {
        #[cfg(not(target_arch = "wasm32"))]
        return threads::share(threads, shares, all);
    }
    all(&mut { shares })
}

thread_local! {
    /// Each thread's [`Palette`], kept between calls (helpers read the
    /// caller's).
    static PALETTE: std::cell::Cell<Option<Palette>> = const { std::cell::Cell::new(None) };
}

/// One of the compiled versions of the loop. Only kernels this CPU can run
/// can be had ([`Kernel::best`], [`Kernel::available`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernel(Level);

/// What a kernel may use of this CPU, slowest first: plain Rust, plain Rust
/// compiled with AVX2 and FMA allowed, AVX2 and FMA written out, AVX-512
/// written out. Detected once here and shared by the other labs' fast paths
/// (lab 04's sampler, lab 07's crossfade), so every lab picks its kernels by
/// the same rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Plain Rust for any CPU.
    Portable,
    /// The same plain Rust, compiled with AVX2 and FMA allowed.
    PortableAvx2,
    /// AVX2 and FMA intrinsics.
    Avx2,
    /// AVX-512F intrinsics.
    Avx512,
}

impl Level {
    /// Every level this CPU can run, slowest first: `Portable` always, the
    /// next two where the CPU has AVX2 and FMA, `Avx512` where it has
    /// AVX-512F too. Only a level from this list may pick a kernel compiled
    /// with `#[target_feature]` (the `unsafe` calls rely on it).
    pub fn available() -> Vec<Level> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut out = vec![Level::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
                out.extend([Level::PortableAvx2, Level::Avx2]);
                if is_x86_feature_detected!("avx512f") {
                    out.push(Level::Avx512);
                }
            }
        }
        out
    }

    /// `"portable"`, `"portable+avx2"`, `"avx2+fma"` or `"avx512"` (for
    /// benchmark reports).
    pub fn name(self) -> &'static str {
        match self {
            Level::Portable => "portable",
            Level::PortableAvx2 => "portable+avx2",
            Level::Avx2 => "avx2+fma",
            Level::Avx512 => "avx512",
        }
    }
}

impl Kernel {
    /// The fastest kernel this CPU can run.
    pub fn best() -> Kernel {
        *Kernel::available().last().expect("the portable kernel runs everywhere")
    }

    /// Every kernel this CPU can run, slowest first (one per
    /// [`Level::available`]).
    pub fn available() -> Vec<Kernel> {
        Level::available().into_iter().map(Kernel).collect()
    }

    /// The kernel's [`Level::name`].
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    fn run<T: Tally>(self, normals: Normals, work: Work) -> T {
        let exact = normals == Normals::Exact;
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kernel` holding `Avx512` or `Avx2` is only made by
            // `Kernel::available`, after checking that this CPU has every
            // feature the function is compiled with; that is its only
            // requirement.
            Level::Avx512 => unsafe { avx512::skin(exact, work) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above (AVX2 and FMA checked).
            Level::Avx2 => unsafe { avx2::skin(exact, work) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above (AVX2 and FMA checked).
            Level::PortableAvx2 => unsafe { portable::skin_avx2(exact, work) },
            _ => portable::skin(exact, work),
        }
    }
}

/// The name of [`Kernel::best`] (kept for the benchmark reports).
pub fn kernel_name() -> &'static str {
    Kernel::best().name()
}
