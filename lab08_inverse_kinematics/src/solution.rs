//! The reference solution of lab 08.

use std::f32::consts::PI;

use common::model::{Clip, Skeleton, Transform};
use glam::{Quat, Vec3};
use lab01_hierarchy::solution::world_matrices;

use crate::given::ground::Terrain;
use crate::given::rig::{self, Leg};
use crate::given::{
    Aim, AimSolve, Budget, ChainSolve, Feet, FeetSolve, IkError, Travel, TwoBone, TwoBoneSolve, apply, arc, check_aim,
    check_chain, check_feet, check_two_bone,
};

/// A rotation seen from a frame: `turn` (model space) in the frame whose
/// model-space rotation is `frame`.
fn in_frame(frame: Quat, turn: Quat) -> Quat {
    (frame.inverse() * turn * frame).normalize()
}

/// How far short of its full length `length` the chain is asked to stop
/// (`length - reach`, never negative): the target's shortfall, eased once
/// the target passes `soften * length` so the chain approaches straight
/// smoothly and never snaps to it. Computed as a gap, not as a reach
/// subtracted from the length: near full stretch the bend grows like the
/// square root of the gap, and a reach rounded to f32 would bend a knee
/// that should be straight by 3.5e-4 rad.
fn shortfall(distance: f32, length: f32, soften: f32) -> f32 {
    let start = soften * length;
    if distance <= start || soften >= 1.0 {
        (length - distance).max(0.0)
    } else {
        let zone = length - start;
        zone * (-(distance - start) / zone).exp()
    }
}

/// The knee's bend (π minus the angle inside the triangle) for bones
/// `upper` and `lower` spanning `reach = length - gap`: the law of cosines
/// in its half-angle form, `sin²(β/2) = (L − r)(L + r) / 4ab` and
/// `cos²(β/2) = (r − |a − b|)(r + |a − b|) / 4ab`, exact (0) at full
/// stretch and (π) fully folded, where `acos` of a cosine within rounding
/// of ±1 is 3.5e-4 rad off.
fn bend_for(upper: f32, lower: f32, gap: f32) -> f32 {
    let (length, difference) = (upper + lower, (upper - lower).abs());
    let reach = length - gap;
    let open = (gap * (2.0 * length - gap)).max(0.0);
    let closed = ((reach - difference) * (reach + difference)).max(0.0);
    2.0 * open.sqrt().atan2(closed.sqrt())
}

/// Step 1: two-bone IK.
pub fn two_bone(job: &TwoBone) -> Result<TwoBoneSolve, IkError> {
    check_two_bone(job)?;
    let (_, start_rotation, s) = job.start.to_scale_rotation_translation();
    let (_, mid_rotation, m) = job.mid.to_scale_rotation_translation();
    let e = job.end.w_axis.truncate();
    let (upper, lower) = ((m - s).length(), (e - m).length());
    let to = job.target - s;
    let distance = to.length();
    let gap = shortfall(distance, upper + lower, job.soften);
    let bend_wanted = bend_for(upper, lower, gap);
    // The bend now, signed about the hinge: negative for a knee bent backwards.
    let hinge = (mid_rotation * job.mid_axis).normalize();
    let (d1, d2) = ((m - s) / upper, (e - m) / lower);
    let bend_now = hinge.dot(d1.cross(d2)).atan2(d1.dot(d2));
    let bend = Quat::from_axis_angle(hinge, bend_wanted - bend_now);
    let end_bent = m + bend * (e - m);
    // The start joint swings the bent chain's end onto the target's line...
    let line = to / distance;
    let swing = arc((end_bent - s).normalize(), line);
    // ...then turns it about that line until the hinge is square to the
    // plane of the line and the pole, so that bending closes the knee
    // towards the pole. The hinge is defined for a straight leg too; the
    // knee's offset from the line is not.
    let hinge_now = (swing * hinge).reject_from(line);
    let hinge_wanted = (job.pole - s).reject_from(line).cross(line);
    let roll = if hinge_now.length() > 1e-6 {
        line.dot(hinge_now.cross(hinge_wanted)).atan2(hinge_now.dot(hinge_wanted))
    } else {
        0.0
    };
    let turn = Quat::from_axis_angle(line, roll + job.twist) * swing;
    let weigh = |q: Quat| Quat::IDENTITY.slerp(q, job.weight).normalize();
    Ok(TwoBoneSolve {
        start: weigh(in_frame(start_rotation, turn)),
        mid: weigh(in_frame(mid_rotation, bend)),
        reached: distance - (upper + lower - gap) <= 1e-5 * (upper + lower) && distance >= (upper - lower).abs(),
    })
}

/// Step 2: aim a joint's axis at a target.
pub fn aim(job: &Aim) -> Result<AimSolve, IkError> {
    check_aim(job)?;
    let (_, rotation, at) = job.joint.to_scale_rotation_translation();
    let forward = (rotation * job.forward).normalize();
    let want = (job.target - at).normalize();
    let angle = forward.angle_between(want);
    let axis = forward.cross(want).try_normalize().unwrap_or_else(|| (rotation * job.up).normalize());
    let swing = Quat::from_axis_angle(axis, angle.min(job.limit));
    let facing = swing * forward;
    // Roll about the new forward axis: the joint's up towards the pole.
    let up_now = (swing * rotation * job.up).reject_from(facing);
    let up_wanted = job.pole.reject_from(facing);
    let roll = if up_now.length() > 1e-6 && up_wanted.length() > 1e-6 {
        facing.dot(up_now.cross(up_wanted)).atan2(up_now.dot(up_wanted))
    } else {
        0.0
    };
    let turn = Quat::from_axis_angle(facing, roll) * swing;
    Ok(AimSolve {
        correction: Quat::IDENTITY.slerp(in_frame(rotation, turn), job.weight).normalize(),
        reached: angle <= job.limit + 1e-6,
    })
}

fn close(positions: &[Vec3], target: Vec3, budget: &Budget, iterations: usize) -> Option<ChainSolve> {
    let error = (positions[positions.len() - 1] - target).length();
    (error <= budget.tolerance).then_some(ChainSolve { iterations, error, reached: true })
}

fn gave_up(positions: &[Vec3], target: Vec3, budget: &Budget) -> ChainSolve {
    let error = (positions[positions.len() - 1] - target).length();
    ChainSolve { iterations: budget.iterations, error, reached: false }
}

/// Step 3: cyclic coordinate descent.
pub fn ccd(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    check_chain(positions, target, budget)?;
    let last = positions.len() - 1;
    if let Some(done) = close(positions, target, budget, 0) {
        return Ok(done);
    }
    for iteration in 1..=budget.iterations {
        for joint in (0..last).rev() {
            let pivot = positions[joint];
            let (Some(from), Some(to)) = ((positions[last] - pivot).try_normalize(), (target - pivot).try_normalize())
            else {
                continue;
            };
            let turn = arc(from, to);
            for p in &mut positions[joint + 1..] {
                *p = pivot + turn * (*p - pivot);
            }
        }
        if let Some(done) = close(positions, target, budget, iteration) {
            return Ok(done);
        }
    }
    Ok(gave_up(positions, target, budget))
}

/// Step 4: forward and backward reaching.
pub fn fabrik(positions: &mut [Vec3], target: Vec3, budget: &Budget) -> Result<ChainSolve, IkError> {
    check_chain(positions, target, budget)?;
    let lengths: Vec<f32> = positions.windows(2).map(|w| (w[1] - w[0]).length()).collect();
    let last = positions.len() - 1;
    let root = positions[0];
    if let Some(done) = close(positions, target, budget, 0) {
        return Ok(done);
    }
    if (target - root).length() >= lengths.iter().sum::<f32>() {
        // Out of reach: the chain lies straight along the line to the target.
        let line = (target - root).normalize();
        for (i, length) in lengths.iter().enumerate() {
            positions[i + 1] = positions[i] + line * *length;
        }
        let error = (positions[last] - target).length();
        return Ok(ChainSolve { iterations: 1, error, reached: error <= budget.tolerance });
    }
    let toward = |from: Vec3, to: Vec3, keep: Vec3| (to - from).try_normalize().unwrap_or(keep);
    for iteration in 1..=budget.iterations {
        positions[last] = target;
        for i in (0..last).rev() {
            let keep = (positions[i] - root).try_normalize().unwrap_or(Vec3::Y);
            positions[i] = positions[i + 1] + toward(positions[i + 1], positions[i], keep) * lengths[i];
        }
        positions[0] = root;
        for i in 0..last {
            positions[i + 1] = positions[i] + toward(positions[i], positions[i + 1], Vec3::Y) * lengths[i];
        }
        if let Some(done) = close(positions, target, budget, iteration) {
            return Ok(done);
        }
    }
    Ok(gave_up(positions, target, budget))
}

/// Step 5a: one loop's travel of the root.
pub fn loop_travel(clip: &Clip, rest: &[Transform], root: usize) -> Travel {
    let (first, last) = (rig::pose(clip, rest, 0.0), rig::pose(clip, rest, clip.duration_seconds()));
    let moved = last[root].translation - first[root].translation;
    let yaw = |q: Quat| {
        let f = q * Vec3::Z;
        f.x.atan2(f.z)
    };
    let (a, b) = (yaw(first[root].rotation), yaw(last[root].rotation));
    let heading = (b - a + PI).rem_euclid(2.0 * PI) - PI;
    Travel { displacement: Vec3::new(moved.x, 0.0, moved.z), heading }
}

/// The root's place on the ground (y dropped) at a time within one loop.
fn ground_place(clip: &Clip, rest: &[Transform], root: usize, seconds: f64) -> Vec3 {
    let t = rig::pose(clip, rest, seconds)[root].translation;
    Vec3::new(t.x, 0.0, t.z)
}

/// Step 5b: how far the root travels on the ground between two times of a
/// looping clip. Each loop starts where the one before ended, turned by the
/// headings of the loops before it: loop `k`'s displacement is one loop's
/// displacement turned by `k` headings about Y, and so is the place within
/// loop `k` (its travel since the loop's start). A clip that turns walks a
/// polygon, not a line.
pub fn motion_between(clip: &Clip, rest: &[Transform], root: usize, travel: &Travel, from: f64, to: f64) -> Vec3 {
    let length = clip.duration_seconds();
    if length <= 0.0 {
        return Vec3::ZERO;
    }
    let start = ground_place(clip, rest, root, 0.0);
    let turned = |loops: f64| Quat::from_rotation_y((loops * f64::from(travel.heading)) as f32);
    // The place at a time, relative to the first loop's start: the loops
    // before it, each turned by the headings before it, then the travel
    // within its own loop, turned by every heading before it.
    let place = |seconds: f64| {
        let loops = (seconds / length).floor();
        let within = seconds - loops * length;
        (turned(loops) * (ground_place(clip, rest, root, within) - start), loops)
    };
    let ((place_from, loops_from), (place_to, loops_to)) = (place(from), place(to));
    // The loops crossed, loop k's displacement turned by k headings: a sum of
    // n turned copies, which is one copy turned to the middle of the run and
    // scaled by sin(nH/2)/sin(H/2) (n itself for a straight walk). In closed
    // form, so a time a million loops away costs no more than the next frame.
    let (loops, half) = (loops_to - loops_from, f64::from(travel.heading) / 2.0);
    let scale = if half.sin().abs() < 1e-9 { loops } else { (loops * half).sin() / half.sin() };
    let crossed = turned(loops_from + (loops - 1.0) / 2.0) * travel.displacement * scale as f32;
    crossed + place_to - place_from
}

/// Step 5c: the clip played in place.
pub fn play_in_place(pose: &mut [Transform], clip: &Clip, rest: &[Transform], root: usize, seconds: f64) {
    let length = clip.duration_seconds();
    let within = if length > 0.0 { seconds.rem_euclid(length) } else { 0.0 };
    let travelled = ground_place(clip, rest, root, within) - ground_place(clip, rest, root, 0.0);
    pose[root].translation -= travelled;
}

/// Step 6: feet on the ground.
pub fn place_feet(
    skeleton: &Skeleton,
    pose: &mut [Transform],
    legs: &[Leg; 2],
    hips: usize,
    terrain: &Terrain,
    feet: &Feet,
) -> Result<FeetSolve, IkError> {
    check_feet(feet)?;
    let world_before = world_matrices(skeleton, pose);
    let ankles = legs.map(|leg| world_before[leg.foot].w_axis.truncate());
    // The clip was made on flat ground at y = 0: the ankle keeps its height
    // above the ground under it.
    let mut targets = [Vec3::ZERO; 2];
    let mut normals = [Vec3::Y; 2];
    for (i, ankle) in ankles.iter().enumerate() {
        let hit = terrain.ray_down(*ankle).ok_or(IkError::NotFinite("ankle"))?;
        targets[i] = Vec3::new(ankle.x, hit.point.y + ankle.y, ankle.z);
        normals[i] = hit.normal;
    }
    // The pelvis moves by the smaller of the two feet's changes: the foot
    // that goes down most then keeps its leg's length, the other bends more.
    let pelvis = (targets[0].y - ankles[0].y).min(targets[1].y - ankles[1].y) * feet.weight;
    // The hips' translation is in its parent's frame: the model-space move
    // seen from there (a parent turned or scaled moves it along other axes).
    let parent = skeleton.nodes[hips].parent.map_or(glam::Mat4::IDENTITY, |p| world_before[p]);
    pose[hips].translation += parent.inverse().transform_vector3(Vec3::Y * pelvis);
    let mut solve = FeetSolve { pelvis, targets, poles: [Vec3::ZERO; 2], reached: [false; 2] };
    for (i, leg) in legs.iter().enumerate() {
        let world = world_matrices(skeleton, pose);
        let knee = world[leg.shin].w_axis.truncate();
        solve.poles[i] = knee + feet.forward * 0.5;
        let mut job =
            TwoBone::new(world[leg.thigh], world[leg.shin], world[leg.foot], targets[i], solve.poles[i], leg.knee_axis);
        job.weight = feet.weight;
        job.soften = feet.soften;
        let answer = two_bone(&job)?;
        apply(&mut pose[leg.thigh], answer.start);
        apply(&mut pose[leg.shin], answer.mid);
        solve.reached[i] = answer.reached;
        // The foot keeps the clip's orientation, turned onto the ground's normal.
        let (_, clip_foot, _) = world_before[leg.foot].to_scale_rotation_translation();
        let (_, foot, _) = world_matrices(skeleton, pose)[leg.foot].to_scale_rotation_translation();
        let tilt = Quat::IDENTITY.slerp(arc(Vec3::Y, normals[i]), feet.weight);
        apply(&mut pose[leg.foot], (foot.inverse() * tilt * clip_foot).normalize());
    }
    Ok(solve)
}
