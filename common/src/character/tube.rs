//! The character's skin: smooth tubes with elliptical cross-sections and
//! rounded ends, one per body part, with weights that fade across joints.

use std::f32::consts::{FRAC_PI_2, TAU};

use glam::{Vec2, Vec3, Vec4};

use crate::model::Influences;

/// Vertex data of the whole body, ready for a [`crate::model::SkinnedMesh`].
#[derive(Default)]
pub(super) struct Parts {
    pub positions: Vec<Vec3>,
    pub normals: Vec<Vec3>,
    pub tangents: Vec<Vec4>,
    pub uvs: Vec<Vec2>,
    pub indices: Vec<u32>,
    pub influences: Vec<Influences>,
}

/// One body part: a straight axis from `start` to `end`, a cross-section
/// profile along it, and the bones that own each stretch of the axis.
struct Tube<'a> {
    start: Vec3,
    end: Vec3,
    /// Perpendicular to the axis: the direction of the first radius.
    side: Vec3,
    /// `(fraction along the axis, radius along side, radius along axis x side)`,
    /// smoothly interpolated; the ends are closed by elliptical caps.
    profile: &'a [(f32, f32, f32)],
    /// `(distance from start where this bone takes over, bone)`, increasing;
    /// the first entry starts at 0.
    owners: &'a [(f32, u32)],
    /// Half-width of the blend between neighbouring owners, in metres.
    blend: f32,
    rings: usize,
    sides: usize,
}

/// Builds every body part. `bone` maps a joint name to its bone index.
pub(super) fn body(bone: &dyn Fn(&str) -> u32) -> Parts {
    let mut parts = Parts::default();
    let torso = [
        (0.00, 0.150, 0.100),
        (0.18, 0.175, 0.115),
        (0.36, 0.145, 0.100),
        (0.58, 0.165, 0.112),
        (0.75, 0.172, 0.112),
        (0.86, 0.150, 0.095),
        (0.92, 0.060, 0.055),
        (1.00, 0.048, 0.048),
    ];
    let owners = [(0.0, bone("hips")), (0.30, bone("spine")), (0.48, bone("chest")), (0.70, bone("neck"))];
    let spine = Tube {
        start: Vec3::new(0.0, 0.80, 0.0),
        end: Vec3::new(0.0, 1.58, 0.0),
        side: Vec3::X,
        profile: &torso,
        owners: &owners,
        blend: 0.05,
        rings: 44,
        sides: 36,
    };
    spine.build(&mut parts);

    let head =
        [(0.0, 0.050, 0.055), (0.2, 0.075, 0.088), (0.5, 0.088, 0.102), (0.8, 0.082, 0.095), (1.0, 0.062, 0.072)];
    let owners = [(0.0, bone("neck")), (0.06, bone("head"))];
    let skull = Tube {
        start: Vec3::new(0.0, 1.56, 0.01),
        end: Vec3::new(0.0, 1.80, 0.01),
        side: Vec3::X,
        profile: &head,
        owners: &owners,
        blend: 0.03,
        rings: 24,
        sides: 28,
    };
    skull.build(&mut parts);
    let nose = [(0.0, 0.014, 0.012), (1.0, 0.010, 0.008)];
    let owners = [(0.0, bone("head"))];
    let nose = Tube {
        start: Vec3::new(0.0, 1.68, 0.07),
        end: Vec3::new(0.0, 1.665, 0.105),
        side: Vec3::X,
        profile: &nose,
        owners: &owners,
        blend: 0.01,
        rings: 6,
        sides: 10,
    };
    nose.build(&mut parts);

    for (side, s) in [("l", 1.0f32), ("r", -1.0f32)] {
        let b = |base: &str| bone(&format!("{base}_{side}"));
        let arm = [
            (0.00, 0.056, 0.060),
            (0.12, 0.058, 0.060),
            (0.30, 0.050, 0.050),
            (0.45, 0.040, 0.040),
            (0.58, 0.046, 0.043),
            (0.73, 0.031, 0.024),
            (0.80, 0.042, 0.018),
            (0.92, 0.044, 0.017),
            (1.00, 0.036, 0.012),
        ];
        let owners = [(0.0, b("clavicle")), (0.08, b("upper_arm")), (0.36, b("forearm")), (0.62, b("hand"))];
        let limb = Tube {
            start: Vec3::new(s * 0.10, 1.45, 0.0),
            end: Vec3::new(s * 0.90, 1.45, 0.0),
            side: Vec3::Z,
            profile: &arm,
            owners: &owners,
            blend: 0.04,
            rings: 48,
            sides: 18,
        };
        limb.build(&mut parts);

        let leg = [
            (0.00, 0.074, 0.080),
            (0.15, 0.078, 0.078),
            (0.42, 0.060, 0.062),
            (0.50, 0.050, 0.052),
            (0.62, 0.055, 0.060),
            (0.85, 0.036, 0.038),
            (1.00, 0.036, 0.040),
        ];
        let owners = [(0.0, bone("hips")), (0.05, b("thigh")), (0.48, b("shin")), (0.90, b("foot"))];
        let limb = Tube {
            start: Vec3::new(s * 0.09, 0.98, 0.0),
            end: Vec3::new(s * 0.095, 0.06, 0.005),
            side: Vec3::X,
            profile: &leg,
            owners: &owners,
            blend: 0.05,
            rings: 48,
            sides: 22,
        };
        limb.build(&mut parts);

        let foot = [(0.0, 0.034, 0.030), (0.3, 0.040, 0.036), (0.7, 0.046, 0.026), (1.0, 0.040, 0.018)];
        let owners = [(0.0, b("foot")), (0.19, b("toe"))];
        let sole = Tube {
            start: Vec3::new(s * 0.095, 0.045, -0.04),
            end: Vec3::new(s * 0.095, 0.030, 0.21),
            side: Vec3::X,
            profile: &foot,
            owners: &owners,
            blend: 0.03,
            rings: 20,
            sides: 18,
        };
        sole.build(&mut parts);
    }
    parts
}

impl Tube<'_> {
    /// Appends this tube's vertices and triangles to `parts`.
    fn build(&self, parts: &mut Parts) {
        let length = (self.end - self.start).length();
        let axis = (self.end - self.start) / length;
        let side = (self.side - axis * self.side.dot(axis)).normalize();
        let third = axis.cross(side);
        let stations = self.stations(length);
        let base = parts.positions.len() as u32;
        let ring_len = self.sides + 1; // the seam vertex is doubled for UVs

        // Positions on a (ring, side) grid, then normals from grid neighbours.
        let mut grid = Vec::with_capacity(stations.len() * ring_len);
        for &(s, ra, rb) in &stations {
            for j in 0..ring_len {
                let angle = TAU * j as f32 / self.sides as f32;
                let offset = side * ra * angle.cos() + third * rb * angle.sin();
                grid.push(self.start + axis * s + offset);
            }
        }
        let at = |i: usize, j: usize| grid[i * ring_len + j % self.sides];
        let last = stations.len() - 1;
        for (i, &(s, _, _)) in stations.iter().enumerate() {
            let influences = self.influences(s);
            for j in 0..ring_len {
                let around = at(i, j + 1) - at(i, j + self.sides - 1);
                let along = at(i.min(last - 1) + 1, j) - at(i.max(1) - 1, j);
                let normal = match around.cross(along).try_normalize() {
                    Some(n) => n,
                    None if i == 0 => -axis, // a closed end: the cap's pole
                    None => axis,
                };
                let tangent = (around - normal * around.dot(normal)).try_normalize().unwrap_or(side);
                let handedness = if normal.cross(tangent).dot(along) < 0.0 { -1.0 } else { 1.0 };
                parts.positions.push(at(i, j));
                parts.normals.push(normal);
                parts.tangents.push(tangent.extend(handedness));
                parts.uvs.push(Vec2::new(j as f32 / self.sides as f32, i as f32 / last as f32));
                parts.influences.push(influences);
            }
        }
        for i in 0..last {
            for j in 0..self.sides {
                let a = base + (i * ring_len + j) as u32;
                let b = a + 1;
                let c = a + ring_len as u32;
                let d = c + 1;
                // Counter-clockwise seen from outside: around x along points out.
                parts.indices.extend_from_slice(&[a, b, c, b, d, c]);
            }
        }
    }

    /// `(distance along the axis, radius a, radius b)` of every ring: a
    /// rounded cap before 0, the body, and a rounded cap after `length`.
    fn stations(&self, length: f32) -> Vec<(f32, f32, f32)> {
        let cap_rings = 6;
        let (_, a0, b0) = self.radius(0.0);
        let (_, a1, b1) = self.radius(1.0);
        let mut out = Vec::new();
        let cap0 = a0.min(b0);
        for k in 0..cap_rings {
            let phi = FRAC_PI_2 * k as f32 / cap_rings as f32;
            out.push((-cap0 * phi.cos(), a0 * phi.sin(), b0 * phi.sin()));
        }
        for i in 0..=self.rings {
            let f = i as f32 / self.rings as f32;
            let (_, a, b) = self.radius(f);
            out.push((f * length, a, b));
        }
        let cap1 = a1.min(b1);
        for k in (0..cap_rings).rev() {
            let phi = FRAC_PI_2 * k as f32 / cap_rings as f32;
            out.push((length + cap1 * phi.cos(), a1 * phi.sin(), b1 * phi.sin()));
        }
        out
    }

    /// The profile at fraction `f` of the axis, Catmull-Rom interpolated.
    fn radius(&self, f: f32) -> (f32, f32, f32) {
        let p = self.profile;
        let k = p.iter().rposition(|q| q.0 <= f).unwrap_or(0).min(p.len().saturating_sub(2));
        if p.len() == 1 {
            return p[0];
        }
        let t = ((f - p[k].0) / (p[k + 1].0 - p[k].0)).clamp(0.0, 1.0);
        let get = |i: isize| p[i.clamp(0, p.len() as isize - 1) as usize];
        let (q0, q1, q2, q3) = (get(k as isize - 1), get(k as isize), get(k as isize + 1), get(k as isize + 2));
        let cr = |a: f32, b: f32, c: f32, d: f32| {
            let t2 = t * t;
            0.5 * ((2.0 * b)
                + (c - a) * t
                + (2.0 * a - 5.0 * b + 4.0 * c - d) * t2
                + (3.0 * b - a - 3.0 * c + d) * t2 * t)
        };
        (f, cr(q0.1, q1.1, q2.1, q3.1).max(0.002), cr(q0.2, q1.2, q2.2, q3.2).max(0.002))
    }

    /// Weights at distance `s` along the axis: each hand-over between owners
    /// is a smoothstep of half-width `blend`, so the weights never go negative
    /// and always sum to 1 (they telescope), even where two blends overlap.
    fn influences(&self, s: f32) -> Influences {
        let mut weights: Vec<(u32, f32)> = Vec::new();
        let mut previous = 1.0; // share not yet handed to later owners
        for (k, &(_, bone)) in self.owners.iter().enumerate() {
            let next = match self.owners.get(k + 1) {
                Some(&(from, _)) => smoothstep(from - self.blend, from + self.blend, s),
                None => 0.0,
            };
            let w = previous - next;
            previous = next;
            if w > 1e-4 {
                weights.push((bone, w));
            }
        }
        weights.sort_by(|a, b| b.1.total_cmp(&a.1));
        weights.truncate(4);
        let total: f32 = weights.iter().map(|w| w.1).sum();
        let mut out = Influences::single(weights[0].0);
        for (slot, (bone, w)) in weights.iter().enumerate() {
            out.ids[slot] = *bone;
            out.weights[slot] = w / total;
        }
        out
    }
}

fn smoothstep(lo: f32, hi: f32, x: f32) -> f32 {
    let t = ((x - lo) / (hi - lo)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}
