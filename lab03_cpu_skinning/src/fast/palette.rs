//! The palette: this call's gradients as rows the kernels load whole, one
//! per 16-bit index.

use glam::Mat4;

/// A gradient matrix as one 64-byte row: the columns `x, y, z` and the
/// translation, each as 3 floats and a pad. The bottom row of a skinning
/// matrix is always `0 0 0 1`, so it is not kept; the pads blend to junk
/// that is never read.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Row(pub(crate) [f32; 16]);

impl Row {
    /// The identity: what an empty slot blends.
    pub(crate) const IDENTITY: Row =
        Row([1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]);

    /// A row nothing reads: what a palette holds past the skeleton's bones.
    const UNUSED: Row = Row([0.0; 16]);

    /// `m` without its bottom row (the pads set to 0).
    pub(crate) fn from_mat4(m: &Mat4) -> Row {
        let mut row = Row(m.to_cols_array());
        row.0[3] = 0.0;
        row.0[7] = 0.0;
        row.0[11] = 0.0;
        row.0[15] = 0.0;
        row
    }
}

/// Rows in a [`Palette`]: one for every 16-bit index.
pub(crate) const PALETTE_ROWS: usize = 1 << 16;

/// The gradients as rows, at palette index `bone + 1` (index 0 is the
/// identity, for empty slots). It has a row for *every* 16-bit index, so a
/// chunk's `u16` index is in bounds whatever it holds: the compiler knows
/// that and checks nothing per row read. A palette sized to the skeleton
/// needs a check per read (a compare and a branch, or an `and` with a
/// power-of-two mask): one of the five instructions a slot costs in the
/// AVX-512 loop, and 3% of its time on the 100k mesh (measured). The price
/// is 4 MiB per thread that skins, made on its first call and reused
/// ([`Palette::fill`]); only the rows of the gradients given are written,
/// and only those of bones the mesh names are read.
pub(crate) struct Palette(pub(crate) Box<[Row; PALETTE_ROWS]>);

impl Palette {
    /// Writes this call's rows: the identity, then one per gradient (at
    /// most [`MAX_BONES`](super::MAX_BONES)). Rows past them keep whatever
    /// an earlier call left: no chunk of a mesh checked against these
    /// gradients points there.
    pub(crate) fn fill(&mut self, gradients: &[Mat4]) {
        self.0[0] = Row::IDENTITY;
        for (row, m) in self.0[1..].iter_mut().zip(gradients) {
            *row = Row::from_mat4(m);
        }
    }

    /// A palette of unused rows (4 MiB).
    pub(crate) fn new() -> Palette {
        let rows = vec![Row::UNUSED; PALETTE_ROWS].into_boxed_slice();
        Palette(rows.try_into().unwrap_or_else(|_| unreachable!("PALETTE_ROWS rows")))
    }
}
