//! The course's two-bone IK against ozz-animation 0.16's `IKTwoBoneJob`, on
//! 320 of the 10,000 cases of `../shared/perf/ik` (inputs and ozz's answers,
//! float32, in `tests/data/ozz_two_bone.bin`; FURTHER.md has the layout and
//! the mapping of conventions). The reference, the fast path and the batch
//! agree with ozz within 1e-4 rad wherever the two define the same answer
//! (no softening); where they differ by definition (the soften curve, what
//! "reached" allows), each side is checked against its own definition.

use glam::{Mat4, Quat, Vec3};
use lab08_inverse_kinematics::{TwoBone, TwoBoneSolve, fast, solution};

use crate::rig::at;
use crate::straight::{angle, between, hinge_after};

const FILE: &[u8] = include_bytes!("../data/ozz_two_bone.bin");
const FLOATS: usize = 75;

/// One case: the course's job (ozz's inputs mapped) and ozz's answer.
struct Case {
    index: usize,
    job: TwoBone,
    ozz: TwoBoneSolve,
    /// Where ozz's corrections put the end joint.
    ozz_end: Vec3,
    /// ozz's distance from its own double-precision reference (start, mid), rad.
    ozz_off: f32,
}

/// ozz's inputs as the course takes them: the pole a point (ozz: a
/// direction from the start joint), the hinge the other way round (ozz: a
/// positive turn opens the knee; the course: closes it).
fn mapped(f: &[f32]) -> TwoBone {
    let matrix = |at: usize| Mat4::from_cols_slice(&f[at..at + 16]);
    let v = |at: usize| Vec3::from_slice(&f[at..at + 3]);
    let start = matrix(0);
    let mut job = TwoBone::new(start, matrix(16), matrix(32), v(48), at(&start) + v(51), -v(54));
    (job.weight, job.soften, job.twist) = (f[57], f[58], f[59]);
    job
}

fn cases() -> Vec<Case> {
    assert_eq!(&FILE[..8], b"IK2BLAB1", "tests/data/ozz_two_bone.bin: wrong magic");
    let word = |at: usize| u32::from_le_bytes(FILE[at..at + 4].try_into().expect("4 bytes")) as usize;
    let (count, floats) = (word(8), word(12));
    assert_eq!(floats, FLOATS, "tests/data/ozz_two_bone.bin: {floats} floats per record, expected {FLOATS}");
    assert_eq!(FILE.len(), 24 + 4 * FLOATS * count, "tests/data/ozz_two_bone.bin: truncated");
    (0..count)
        .map(|i| {
            let f: Vec<f32> = (0..FLOATS)
                .map(|k| {
                    let at = 24 + 4 * (FLOATS * i + k);
                    f32::from_le_bytes(FILE[at..at + 4].try_into().expect("4 bytes"))
                })
                .collect();
            let o = &f[61..];
            Case {
                index: f[0] as usize,
                job: mapped(&f[1..61]),
                ozz: TwoBoneSolve {
                    start: Quat::from_slice(&o[0..4]).normalize(),
                    mid: Quat::from_slice(&o[4..8]).normalize(),
                    reached: o[8] == 1.0,
                },
                ozz_end: Vec3::from_slice(&o[9..12]),
                ozz_off: o[12].max(o[13]),
            }
        })
        .collect()
}

/// Bone lengths, the target's distance and the chain's length.
fn sizes(job: &TwoBone) -> (f32, f32, f32, f32) {
    let (s, m, e) = (at(&job.start), at(&job.mid), at(&job.end));
    let (upper, lower) = ((m - s).length(), (e - m).length());
    (upper, lower, (job.target - s).length(), upper + lower)
}

/// The three paths' answers, case by case.
fn answers(cases: &[Case]) -> [(&'static str, Vec<TwoBoneSolve>); 3] {
    let jobs: Vec<TwoBone> = cases.iter().map(|c| c.job).collect();
    let mut batch = Vec::new();
    fast::two_bone_many(&jobs, &mut batch);
    let valid = |r: Result<TwoBoneSolve, _>| r.expect("ozz's cases are valid jobs");
    [
        ("reference", jobs.iter().map(|j| valid(solution::two_bone(j))).collect()),
        ("fast", jobs.iter().map(|j| valid(fast::two_bone(j))).collect()),
        ("batch", batch.into_iter().map(valid).collect()),
    ]
}

#[test]
fn given_ozz_agrees_where_nothing_is_softened() {
    let cases = cases();
    assert_eq!(cases.len(), 320, "tests/data/ozz_two_bone.bin holds 320 cases");
    for (path, answers) in answers(&cases) {
        let (mut worst, mut end, mut compared, mut set_aside) = ([0.0f32; 2], 0.0f32, 0, 0);
        for (case, answer) in cases.iter().zip(&answers).filter(|(c, _)| c.job.soften == 1.0) {
            let (.., distance, length) = sizes(&case.job);
            assert_eq!(answer.reached, case.ozz.reached, "{path}, ozz case {}: `reached` differs", case.index);
            let [_, _, ankle] = crate::two_bone::solved_points(&case.job, answer.start, answer.mid);
            end = end.max((ankle - case.ozz_end).length() / length);
            // ozz's float32 `acos` of the plane's cosine is off its own exact answer near 0 or pi.
            if case.ozz_off > 5e-5 {
                set_aside += 1;
                continue;
            }
            let off = (angle(answer.start, case.ozz.start), angle(answer.mid, case.ozz.mid));
            let kind = if distance < length { 0 } else { 1 };
            worst[kind] = worst[kind].max(off.0.max(off.1));
            compared += 1;
            assert!(
                off.0 <= 1e-4 && off.1 <= 1e-4,
                "{path}, ozz case {}: corrections {:.2e} (start) and {:.2e} (mid) rad from ozz's",
                case.index,
                off.0,
                off.1
            );
        }
        assert!(end <= 1e-4, "{path}: an end joint {end:.2e} of the chain's length from ozz's");
        eprintln!(
            "ozz, unsoftened, {path}: {compared} cases ({set_aside} set aside), worst {:.2e} rad bent, {:.2e} rad straight (out of reach); ends within {end:.2e} L",
            worst[0], worst[1]
        );
    }
}

/// ozz's soften curve (`SoftenTarget`): `da + ds (1 - 3⁴/(α + 3)⁴)`.
fn ozz_softened(distance: f32, length: f32, soften: f32) -> f32 {
    let (da, ds) = (soften * length, length - soften * length);
    if distance <= da { distance } else { da + ds * (1.0 - 81.0 / ((distance - da) / ds + 3.0).powi(4)) }
}

/// The course's soften curve (README, Concepts): `sL + (L − sL)(1 − e^(−α))`.
fn course_softened(distance: f32, length: f32, soften: f32) -> f32 {
    let (da, ds) = (soften * length, length - soften * length);
    if distance <= da { distance } else { da + ds * (1.0 - (-(distance - da) / ds).exp()) }
}

#[test]
fn given_ozz_softened_legs_differ_only_by_the_soften_curve() {
    let cases = cases();
    for (path, answers) in answers(&cases) {
        let (mut plane, mut curve) = (0.0f32, 0.0f32);
        for (case, answer) in cases.iter().zip(&answers).filter(|(c, _)| c.job.soften < 1.0) {
            let (.., distance, length) = sizes(&case.job);
            let (s, line) = (at(&case.job.start), (case.job.target - at(&case.job.start)).normalize());
            let [_, _, ankle] = crate::two_bone::solved_points(&case.job, answer.start, answer.mid);
            let ours = (ankle - s).length() - course_softened(distance, length, case.job.soften);
            let theirs = (case.ozz_end - s).length() - ozz_softened(distance, length, case.job.soften);
            curve = curve.max(ours.abs() / length).max(theirs.abs() / length);
            assert!(
                ours.abs() <= 1e-4 * length && theirs.abs() <= 1e-4 * length,
                "{path}, ozz case {}: the ends are {:.2e} L (course) and {:.2e} L (ozz) from their soften curves",
                case.index,
                ours / length,
                theirs / length
            );
            assert!(between(ankle - s, line) <= 1e-4 && between(case.ozz_end - s, line) <= 1e-3);
            // The knee's plane is the same: the hinge square to the plane of line and pole.
            let (mine, _) = hinge_after(&case.job, answer);
            let (ozz, _) = hinge_after(&case.job, &case.ozz);
            plane = plane.max(between(mine, ozz));
            assert!(between(mine, ozz) <= 1e-3, "{path}, ozz case {}: the knee's plane differs from ozz's", case.index);
        }
        eprintln!(
            "ozz, softened, {path}: hinges within {plane:.2e} rad of ozz's; ends within {curve:.2e} L of each side's curve"
        );
    }
}

#[test]
fn given_ozz_and_the_course_say_reached_each_their_own_way() {
    for case in cases() {
        let (upper, lower, distance, length) = sizes(&case.job);
        let ozz = (upper - lower).abs() < distance && distance <= case.job.soften * length;
        assert_eq!(case.ozz.reached, ozz, "ozz case {}: ozz's `reached` is |l1 - l2| < d <= soften L", case.index);
        let ours = solution::two_bone(&case.job).expect("a valid job").reached;
        let reach = course_softened(distance, length, case.job.soften);
        assert_eq!(ours, distance - reach <= 1e-5 * length, "ozz case {}: the course's `reached`", case.index);
    }
    // Just past soften L the course's curve leaves the end within 1e-5 L of the target: reached; ozz: not.
    let mut job = mapped(&cases_first_inputs());
    job.soften = 0.97;
    let (.., length) = sizes(&job);
    let s = at(&job.start);
    job.target = s + (job.target - s).normalize() * 0.9703 * length;
    assert!(
        solution::two_bone(&job).expect("a valid job").reached,
        "0.9703 L at soften 0.97 is reached by the course's definition"
    );
}

fn cases_first_inputs() -> Vec<f32> {
    (0..60).map(|k| f32::from_le_bytes(FILE[24 + 4 * (1 + k)..28 + 4 * (1 + k)].try_into().expect("4 bytes"))).collect()
}
