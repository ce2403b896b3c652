//! The helper chains as assimp builds them for an FBX with pivots, made in
//! code (the FBX files of assimp-testmodels have none): joint positions after
//! folding are compared with the same clip on a skeleton without helpers,
//! and with positions worked out by hand.

use glam::{Mat4, Quat, Vec3};

use super::*;
use crate::import::frame::{adopt, rest_world};
use crate::model::{Clip, Key, Node, Skeleton};

fn node(name: &str, parent: Option<usize>, local: Transform) -> Node {
    Node { name: name.into(), parent, local }
}

fn turn(axis: Vec3, degrees: f32) -> Quat {
    Quat::from_axis_angle(axis, degrees.to_radians())
}

fn rot(q: Quat) -> Transform {
    Transform { rotation: q, ..Transform::IDENTITY }
}

/// The helpers' product: Translation (0, 1, 0), PreRotation -90° about X
/// (a Max/Biped "Z up" hips), Rotation 30° about Z.
fn chain() -> Mat4 {
    Mat4::from_translation(Vec3::Y) * Mat4::from_quat(turn(Vec3::X, -90.0)) * Mat4::from_quat(turn(Vec3::Z, 30.0))
}

/// The joint's own motion at the two keys (under the chain).
fn own_keys() -> [Mat4; 2] {
    [Mat4::IDENTITY, Mat4::from_translation(Vec3::new(0.5, 0.0, 0.0)) * Mat4::from_quat(turn(Vec3::Y, 20.0))]
}

/// A clip on `hips` and `leg`; the hips' keys are `frame * own key`.
fn clip(hips: usize, leg: usize, frame: Mat4) -> Clip {
    let keys = own_keys().map(|m| Transform::from_matrix(frame * m));
    let hips = Channel {
        node: hips,
        positions: vec![
            Key { time_ticks: 0.0, value: keys[0].translation },
            Key { time_ticks: 10.0, value: keys[1].translation },
        ],
        rotations: vec![
            Key { time_ticks: 0.0, value: keys[0].rotation },
            Key { time_ticks: 10.0, value: keys[1].rotation },
        ],
        ..Channel::default()
    };
    let leg = Channel {
        node: leg,
        rotations: vec![
            Key { time_ticks: 0.0, value: turn(Vec3::X, 10.0) },
            Key { time_ticks: 10.0, value: turn(Vec3::X, -30.0) },
        ],
        ..Channel::default()
    };
    Clip { name: "walk".into(), duration_ticks: 10.0, ticks_per_second: 10.0, channels: vec![hips, leg] }
}

/// As assimp gives an FBX with pivots: root, three helpers, hips, leg, foot.
fn with_helpers(root: Transform) -> Skeleton {
    let t = Transform::from_translation;
    // A file whose root rests otherwise puts the hips where the others do.
    let top = Transform::from_matrix(root_matrix(&root).inverse() * Mat4::from_translation(Vec3::Y));
    Skeleton {
        nodes: vec![
            node("RootNode", None, root),
            node("Hips_$AssimpFbx$_Translation", Some(0), top),
            node("Hips_$AssimpFbx$_PreRotation", Some(1), rot(turn(Vec3::X, -90.0))),
            node("Hips_$AssimpFbx$_Rotation", Some(2), rot(turn(Vec3::Z, 30.0))),
            node("Hips", Some(3), Transform::IDENTITY),
            node("Leg", Some(4), t(Vec3::new(0.0, 0.0, -0.5))),
            node("Foot", Some(5), t(Vec3::new(0.2, 0.0, -0.5))),
        ],
    }
}

fn root_matrix(t: &Transform) -> Mat4 {
    Mat4::from_scale_rotation_translation(t.scale, t.rotation, t.translation)
}

/// The same rig with no helpers: the hips' rest is the chain.
fn without_helpers() -> Skeleton {
    let t = Transform::from_translation;
    Skeleton {
        nodes: vec![
            node("RootNode", None, Transform::IDENTITY),
            node("Hips", Some(0), Transform::from_matrix(chain())),
            node("Leg", Some(1), t(Vec3::new(0.0, 0.0, -0.5))),
            node("Foot", Some(2), t(Vec3::new(0.2, 0.0, -0.5))),
        ],
    }
}

/// World positions of `names` at `ticks`, with a plain linear sampler.
fn positions(model: &Model, clip: usize, ticks: f64, names: &[&str]) -> Vec<Vec3> {
    fn at<T: Copy>(keys: &[Key<T>], t: f64, mix: impl Fn(T, T, f32) -> T) -> Option<T> {
        let first = keys.first()?;
        if t <= first.time_ticks {
            return Some(first.value);
        }
        let k = keys.iter().rposition(|k| k.time_ticks <= t)?;
        let Some(next) = keys.get(k + 1) else { return Some(keys[k].value) };
        Some(mix(keys[k].value, next.value, ((t - keys[k].time_ticks) / (next.time_ticks - keys[k].time_ticks)) as f32))
    }
    let mut skeleton = model.skeleton.clone();
    for c in &model.clips[clip].channels {
        let local = &mut skeleton.nodes[c.node].local;
        local.translation = at(&c.positions, ticks, Vec3::lerp).unwrap_or(local.translation);
        local.rotation = at(&c.rotations, ticks, Quat::slerp).unwrap_or(local.rotation);
        local.scale = at(&c.scales, ticks, Vec3::lerp).unwrap_or(local.scale);
    }
    let world = rest_world(&skeleton);
    names.iter().map(|n| world[skeleton.find(n).expect("a joint")].w_axis.truncate()).collect()
}

const JOINTS: [&str; 3] = ["Hips", "Leg", "Foot"];

fn same(a: &[Vec3], b: &[Vec3]) -> bool {
    a.iter().zip(b).all(|(a, b)| a.abs_diff_eq(*b, 1e-5))
}

#[test]
fn a_joint_whose_keys_hold_its_pivot_chain_plays_it_once() {
    let mut model =
        Model { skeleton: with_helpers(Transform::IDENTITY), clips: vec![clip(4, 5, chain())], ..Model::default() };
    let reference = Model { skeleton: without_helpers(), clips: vec![clip(1, 2, chain())], ..Model::default() };
    let before = positions(&model, 0, 0.0, &JOINTS);
    let mut report = LoadReport::default();
    collapse(&mut model, &mut report);
    assert_eq!(model.skeleton.nodes.len(), 4, "the three helpers are gone");
    assert_eq!(model.validate(), Ok(()));
    for t in [0.0, 2.5, 5.0, 10.0] {
        let (got, want) = (positions(&model, 0, t, &JOINTS), positions(&reference, 0, t, &JOINTS));
        assert!(same(&got, &want), "t = {t}: {got:?} != {want:?}");
    }
    assert!(!same(&before, &positions(&reference, 0, 0.0, &JOINTS)), "before the fix the hips played twice");
    // By hand at t = 0: the hips at the chain's translation (0, 1, 0); the leg
    // 0.5 along the hips' -Z, which -90° about X turns into -Y: (0, 0.5, 0).
    let got = positions(&model, 0, 0.0, &JOINTS);
    assert!(got[0].abs_diff_eq(Vec3::Y, 1e-6) && got[1].abs_diff_eq(Vec3::new(0.0, 0.5, 0.0), 1e-6), "{got:?}");
    assert_eq!(report.warnings.len(), 2, "{:?}", report.warnings);
    assert!(
        report.warnings[0].starts_with("FBX pivots: 1 joints hung under assimp's `$AssimpFbx$` helper nodes (`Hips`)")
    );
    assert!(report.warnings[1].starts_with("clip `walk`: the keys of `Hips` already held their FBX pivot chain"));
}

#[test]
fn a_joint_whose_keys_are_its_own_keeps_its_motion() {
    let mut model = Model {
        skeleton: with_helpers(Transform::IDENTITY),
        clips: vec![clip(4, 5, Mat4::IDENTITY)],
        ..Model::default()
    };
    let want: Vec<Vec<Vec3>> = [0.0, 5.0, 10.0].iter().map(|&t| positions(&model, 0, t, &JOINTS)).collect();
    let mut report = LoadReport::default();
    collapse(&mut model, &mut report);
    for (t, want) in [0.0, 5.0, 10.0].into_iter().zip(want) {
        let got = positions(&model, 0, t, &JOINTS);
        assert!(same(&got, &want), "t = {t}: {got:?} != {want:?}");
    }
    assert!(report.warnings[1].contains("were the joint's own"), "{:?}", report.warnings);
}

#[test]
fn a_chain_with_a_non_uniform_scale_is_kept_with_a_note() {
    let mut skeleton = with_helpers(Transform::IDENTITY);
    skeleton.nodes[2].local.scale = Vec3::new(1.0, 2.0, 1.0);
    let mut model = Model { skeleton, clips: vec![clip(4, 5, chain())], ..Model::default() };
    let mut report = LoadReport::default();
    collapse(&mut model, &mut report);
    assert_eq!(model.skeleton.nodes.len(), 7);
    assert_eq!(
        report.warnings,
        ["FBX pivots: joint `Hips` keeps its `$AssimpFbx$` helper nodes (the chain has a non-uniform scale or a \
          shear): its clips play as assimp gives them"]
    );
}

/// A skin-only file and a clip-only file of the same rig (the clip file
/// exported in centimetres with its root turned -90° about X, as Blender
/// does, each file standing upright on its own, so its hips' keys are
/// relative to that root): folded, the clip moved onto the skin file's
/// skeleton by name and into its frame, the joints stand where the single
/// file puts them.
#[test]
fn clips_from_another_file_of_the_rig_stand_and_walk_in_the_models_frame() {
    let mut single =
        Model { skeleton: with_helpers(Transform::IDENTITY), clips: vec![clip(4, 5, chain())], ..Model::default() };
    let mut skin = Model { skeleton: with_helpers(Transform::IDENTITY), ..Model::default() };
    let blender = Transform { rotation: turn(Vec3::X, -90.0), scale: Vec3::splat(100.0), ..Transform::IDENTITY };
    let from_root = root_matrix(&blender).inverse() * chain();
    let mut clips = Model { skeleton: with_helpers(blender), clips: vec![clip(4, 5, from_root)], ..Model::default() };
    let mut report = LoadReport::default();
    for m in [&mut single, &mut skin, &mut clips] {
        collapse(m, &mut report);
    }
    assert!(
        same(&positions(&clips, 0, 5.0, &JOINTS), &positions(&single, 0, 5.0, &JOINTS)),
        "the clip file stands on its own"
    );
    let mut walk = clips.clips[0].clone();
    let sources: Vec<usize> = walk.channels.iter().map(|c| c.node).collect();
    for c in &mut walk.channels {
        c.node = skin.skeleton.find(&clips.skeleton.nodes[c.node].name).expect("same rig");
    }
    let note = adopt(&mut walk, &sources, &clips.skeleton, &skin.skeleton, "walk.fbx").expect("a note");
    assert!(note.starts_with("walk.fbx: clip `walk`: its animated root (`Hips`) rests under another frame"), "{note}");
    skin.clips.push(walk);
    for t in [0.0, 3.0, 7.5, 10.0] {
        let (got, want) = (positions(&skin, 0, t, &JOINTS), positions(&single, 0, t, &JOINTS));
        assert!(same(&got, &want), "t = {t}: {got:?} != {want:?}");
    }
    // A root that rests with a non-uniform scale cannot be reconciled: one note.
    let mut squashed = clips.clone();
    squashed.skeleton.nodes[0].local.scale = Vec3::new(1.0, 3.0, 1.0);
    let mut walk = squashed.clips[0].clone();
    walk.channels.iter_mut().for_each(|c| c.node = skin.skeleton.find(&squashed.skeleton.nodes[c.node].name).unwrap());
    let note = adopt(&mut walk, &sources, &squashed.skeleton, &skin.skeleton, "walk.fbx").expect("a note");
    assert!(note.contains("non-uniform scale") && note.contains("played as it is"), "{note}");
}

/// A real FBX read by assimp: Debian's `cubes_with_mirroring_and_pivot.fbx`
/// (ASCII) given a PreRotation of -90° about X on `Cube1` and a clip that
/// moves it from x = 1.04 to 1.5 and turns it 0° to 45° about Y over one
/// second (its pivots removed, its other `Cube1` renamed `Cube0`). assimp
/// puts `_Translation`, `_PreRotation` and `_Scaling` helpers above `Cube1`
/// *and* gives `Cube1` a channel holding all of them. Compared with the FBX
/// formula `parent * T(t) * PreRotation * R(t) * S`, worked out here.
#[test]
fn a_real_fbx_with_a_pre_rotation_plays_its_chain_once() {
    let template = std::path::Path::new("/usr/share/assimp/models/FBX/cubes_with_mirroring_and_pivot.fbx");
    let Ok(text) = std::fs::read_to_string(template) else {
        eprintln!("skipped: {} is missing (apt-get install assimp-testmodels)", template.display());
        return;
    };
    let path = std::env::temp_dir().join(format!("common-pivots-{}.fbx", std::process::id()));
    std::fs::write(&path, pre_rotated(&text)).unwrap();
    let loaded = crate::assimp::load(&path);
    std::fs::remove_file(&path).ok();
    let (model, report) = loaded.expect("assimp reads the patched FBX");
    let notes = report.lines().join("\n");
    assert!(notes.contains("FBX pivots: 1 joints hung under assimp's `$AssimpFbx$` helper nodes (`Cube1`)"), "{notes}");
    assert!(notes.contains("the keys of `Cube1` already held their FBX pivot chain"), "{notes}");
    let s = &model.skeleton;
    let cube1 = s.find("Cube1").unwrap();
    assert_eq!(s.nodes[s.nodes[cube1].parent.unwrap()].name, "Cube3", "the helpers are folded away");
    let parent = rest_world(s)[s.find("Cube3").unwrap()];
    let clip = &model.clips[0];
    let ticks = clip.ticks_per_second; // the keys are one second apart
    for f in [0.0, 0.25, 0.5, 1.0] {
        let [x, y, z] = START.map(|v| v as f32);
        let local = Mat4::from_translation(Vec3::new(x + (1.5 - x) * f, y, z))
            * Mat4::from_quat(turn(Vec3::X, -90.0))
            * Mat4::from_quat(turn(Vec3::Y, 45.0 * f))
            * Mat4::from_scale(Vec3::splat(SCALE as f32));
        let want = parent * local;
        let got = world_at(&model, f64::from(f) * ticks)[cube1];
        assert!(got.abs_diff_eq(want, 1e-4), "at {f} s: {got} != {want}");
    }
}

/// The template's `Lcl Translation` and `Lcl Scaling` of the pivoted `Cube1`.
const START: [f64; 3] = [1.04023897647858, -0.998288810253143, 1.18067407608032];
const SCALE: f64 = 0.77384837213491;

/// The template with `Cube1` pre-rotated and animated (see the test).
fn pre_rotated(text: &str) -> String {
    let mut s = text.replacen("\"Model::Cube1\"", "\"Model::Cube0\"", 1);
    let pivoted = s.rfind("\"Model::Cube1\"").expect("the pivoted Cube1");
    for unwanted in ["RotationPivot", "ScalingOffset", "ScalingPivot"] {
        let start = pivoted + s[pivoted..].find(&format!("P: \"{unwanted}\"")).expect("the model's pivot");
        let end = start + s[start..].find('\n').unwrap() + 1;
        s.replace_range(start..end, "");
    }
    let line = pivoted + s[pivoted..].find("P: \"RotationActive\"").unwrap();
    s.insert_str(line, "P: \"PreRotation\", \"Vector3D\", \"Vector\", \"\",-90,0,0\n\t\t\t");
    let curve = |id: u64, a: f64, b: f64| {
        format!(
            "\tAnimationCurve: {id}, \"AnimCurve::\", \"\" {{\n\t\tDefault: 0\n\t\tKeyVer: 4008\n\t\tKeyTime: *2 {{\n\t\t\ta: \
             1924423250,48110581250\n\t\t}}\n\t\tKeyValueFloat: *2 {{\n\t\t\ta: {a},{b}\n\t\t}}\n\t\tKeyAttrFlags: *1 {{\n\t\t\ta: \
             24836\n\t\t}}\n\t\tKeyAttrDataFloat: *4 {{\n\t\t\ta: 0,0,255790911,0\n\t\t}}\n\t\tKeyAttrRefCount: *1 {{\n\t\t\ta: \
             2\n\t\t}}\n\t}}\n"
        )
    };
    let node = |id: u64, name: &str| {
        format!("\tAnimationCurveNode: {id}, \"AnimCurveNode::{name}\", \"\" {{\n\t\tProperties70:  {{\n\t\t}}\n\t}}\n")
    };
    let [x, y, z] = START;
    let objects = [
        node(9001, "R"),
        node(9005, "T"),
        curve(9002, 0.0, 0.0),
        curve(9003, 0.0, 45.0),
        curve(9004, 0.0, 0.0),
        curve(9006, x, 1.5),
        curve(9007, y, y),
        curve(9008, z, z),
    ]
    .concat();
    let layer = s.find("\tAnimationLayer: ").unwrap();
    let layer_id: String = s[layer + 17..].chars().take_while(char::is_ascii_digit).collect();
    let model_id = {
        let start = s[..pivoted].rfind("Model: ").unwrap() + 7;
        s[start..].chars().take_while(char::is_ascii_digit).collect::<String>()
    };
    let close = s[layer..].find("\t}\n").unwrap() + layer + 3;
    s.insert_str(close, &objects);
    let mut links = String::new();
    for (curve_node, property, curves) in
        [(9001, "Lcl Rotation", [9002, 9003, 9004]), (9005, "Lcl Translation", [9006, 9007, 9008])]
    {
        links += &format!("\tC: \"OO\",{curve_node},{layer_id}\n\tC: \"OP\",{curve_node},{model_id}, \"{property}\"\n");
        for (c, axis) in curves.iter().zip(["X", "Y", "Z"]) {
            links += &format!("\tC: \"OP\",{c},{curve_node}, \"d|{axis}\"\n");
        }
    }
    let connections = s.find("Connections:  {\n").unwrap() + "Connections:  {\n".len();
    s.insert_str(connections, &links);
    s
}

/// World matrices of `model`'s first clip at `ticks` (a plain sampler).
fn world_at(model: &Model, ticks: f64) -> Vec<Mat4> {
    let mut skeleton = model.skeleton.clone();
    for c in &model.clips[0].channels {
        let at = |times: Vec<f64>| -> (usize, usize, f32) {
            let k = times.iter().rposition(|&t| t <= ticks).unwrap_or(0);
            let n = (k + 1).min(times.len() - 1);
            let f = if n == k { 0.0 } else { ((ticks - times[k]) / (times[n] - times[k])).clamp(0.0, 1.0) as f32 };
            (k, n, f)
        };
        let local = &mut skeleton.nodes[c.node].local;
        if !c.positions.is_empty() {
            let (k, n, f) = at(c.positions.iter().map(|k| k.time_ticks).collect());
            local.translation = c.positions[k].value.lerp(c.positions[n].value, f);
        }
        if !c.rotations.is_empty() {
            let (k, n, f) = at(c.rotations.iter().map(|k| k.time_ticks).collect());
            local.rotation = c.rotations[k].value.slerp(c.rotations[n].value, f);
        }
        if !c.scales.is_empty() {
            let (k, n, f) = at(c.scales.iter().map(|k| k.time_ticks).collect());
            local.scale = c.scales[k].value.lerp(c.scales[n].value, f);
        }
    }
    rest_world(&skeleton)
}
