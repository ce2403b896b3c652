//! Files that once crashed, hung or misled a demo: each now ends quickly in
//! a one-line error naming the file, or loads right. (Unix special files and
//! assimp's formats: nothing here applies to Windows without assimp.)
#![cfg(any(unix, assimp_reader))]

mod support;

use std::path::Path;
use std::time::Duration;

use common::load;
use support::temp_path;

/// Runs `load::model` on another thread and gives up after `limit` (a hang
/// fails the test instead of stopping the whole run).
fn load_within(path: &Path, limit: Duration) -> Result<(common::model::Model, load::LoadReport), String> {
    let (send, receive) = std::sync::mpsc::channel();
    let owned = path.to_path_buf();
    std::thread::spawn(move || {
        let _ = send.send(load::model(Some(&owned)).map_err(|e| e.to_string()));
    });
    receive.recv_timeout(limit).unwrap_or_else(|_| panic!("loading {} took over {limit:?}", path.display()))
}

#[cfg(unix)]
#[test]
fn a_named_pipe_is_refused_not_read() {
    let fifo = temp_path("model.fifo");
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("notice: mkfifo is not available; skipping");
        return;
    }
    let error = load_within(&fifo, Duration::from_secs(10)).unwrap_err();
    assert_eq!(
        error,
        format!(
            "cannot load {}: not a regular file (a named pipe, socket or device); give a model file",
            fifo.display()
        )
    );
    std::fs::remove_file(&fifo).unwrap();
}

#[cfg(assimp_reader)]
mod assimp {
    use std::time::Instant;

    use super::*;
    use common::model::Model;
    use support::{Joint, bvh_chain, gltf_chain, skinned_gltf, skinned_gltf_with};

    fn write(name: &str, text: &str) -> std::path::PathBuf {
        let path = temp_path(name);
        std::fs::write(&path, text).unwrap();
        path
    }

    fn refused(path: &Path, seconds: u64) -> String {
        let start = Instant::now();
        let error = load_within(path, Duration::from_secs(seconds)).expect_err("should be refused");
        println!("{error} ({:?})", start.elapsed());
        assert!(error.starts_with(&format!("cannot load {}: ", path.display())), "{error}");
        assert!(!error.contains('\n'), "{error}");
        error
    }

    #[test]
    fn a_bvh_10_000_or_100_000_joints_deep_is_refused_with_its_depth() {
        for depth in [10_000, 100_000] {
            let path = write(&format!("deep{depth}.bvh"), &bvh_chain(depth));
            let error = refused(&path, 30);
            let levels = depth + 1; // the End Site is a level too
            assert!(
                error.ends_with(&format!("the hierarchy is {levels} levels deep; the course handles at most 1000")),
                "{error}"
            );
            std::fs::remove_file(path).unwrap();
        }
    }

    #[test]
    fn a_gltf_100_000_nodes_deep_is_read_on_a_big_stack_then_refused() {
        let path = write("deep.gltf", &gltf_chain(100_000));
        let error = refused(&path, 50);
        assert!(error.contains("the hierarchy is 100000 levels deep; the course handles at most 1000"), "{error}");
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn a_bvh_within_the_limit_loads_and_its_depth_is_the_one_counted() {
        let (model, _) = load_within(&write("ok.bvh", &bvh_chain(998)), Duration::from_secs(30)).unwrap();
        assert_eq!(model.skeleton.levels(), 999, "998 joints and the End Site");
        assert_eq!(model.clips.len(), 1);
        let error = refused(&write("over.bvh", &bvh_chain(1000)), 30);
        assert!(error.ends_with("the hierarchy is 1001 levels deep; the course handles at most 1000"), "{error}");
    }

    fn rig() -> Vec<Joint> {
        vec![Joint::new("root", None, [0.0, 0.0, 0.0]), Joint::new("arm", Some(0), [0.0, 1.0, 0.0])]
    }

    /// The node the mesh's bone named `name` follows.
    fn bone_node(model: &Model, name: &str) -> usize {
        let bones = &model.meshes[0].bones;
        bones.iter().map(|b| b.node).find(|&n| model.skeleton.nodes[n].name == name).expect("a bone of that name")
    }

    #[test]
    fn a_mesh_node_named_like_a_joint_does_not_take_its_bone_or_channel() {
        let path = write("namesake.gltf", &skinned_gltf("arm", &rig(), true));
        // The glTF reader binds bones and channels by node index: no doubt, no note.
        let (model, report) = load_within(&path, Duration::from_secs(20)).unwrap();
        let joint = bone_node(&model, "arm");
        assert_eq!(model.skeleton.nodes[model.skeleton.nodes[joint].parent.unwrap()].name, "root");
        assert_eq!(model.clips[0].channels[0].node, joint, "the channel turns the joint");
        assert!(!report.lines().join("\n").contains("nodes are named"), "{:?}", report.lines());
        // assimp binds by name: it must choose, and says so.
        let (model, report) = common::assimp::load(&path).unwrap();
        let s = &model.skeleton;
        let arms: Vec<usize> = (0..s.nodes.len()).filter(|&i| s.nodes[i].name == "arm").collect();
        assert_eq!(arms.len(), 2, "assimp keeps both names: {:?}", s.nodes);
        let joint = bone_node(&model, "arm");
        assert_eq!(s.nodes[s.nodes[joint].parent.unwrap()].name, "root", "the bone follows the joint");
        assert_eq!(model.clips[0].channels[0].node, joint, "the channel turns the joint");
        let notes = report.lines().join("\n");
        assert!(notes.contains(&format!("bone `arm` of mesh `skin`: 2 nodes are named `arm` (nodes {}, {joint}); bound to node {joint}, the one that holds no mesh (a joint)", arms[0])), "{notes}");
        assert!(notes.contains("clip `turn`: the channel for `arm`: 2 nodes are named `arm`"), "{notes}");
        assert!(load::check_drawable(&model).is_ok());
    }

    #[test]
    fn a_zero_scale_joint_loads_with_finite_numbers() {
        let mut joints = rig();
        joints[1].scale = [0.0; 3];
        let path = write("zero_scale.gltf", &skinned_gltf("mesh", &joints, true));
        let (model, _) = load_within(&path, Duration::from_secs(20)).unwrap();
        let arm = bone_node(&model, "arm");
        let local = model.skeleton.nodes[arm].local;
        assert_eq!(local.scale, glam::Vec3::ZERO);
        assert!(local.rotation.is_finite() && local.rotation.is_normalized(), "{local:?}");
        model.validate().unwrap();
    }

    #[test]
    fn a_nan_in_the_file_is_an_error_that_names_it() {
        let path = write("nan_offset.gltf", &skinned_gltf_with("mesh", &rig(), false, |ibm| ibm[16] = f32::NAN));
        let error = refused(&path, 20);
        assert!(error.contains("the loaded data is inconsistent") && error.contains("NaN or infinite"), "{error}");
    }

    #[test]
    fn a_joint_1e38_away_is_refused() {
        let mut joints = rig();
        joints[1].translation = [0.0, 1e38, 0.0];
        let path = write("far.gltf", &skinned_gltf("mesh", &joints, true));
        let error = refused(&path, 20);
        assert_eq!(
            error,
            format!(
                "cannot load {}: it is too large to draw: node `arm` sits 1.0e38 units from the origin in the rest pose; \
                 f32 drawing breaks down past 1e18 units (check the file's units)",
                path.display()
            )
        );
    }
}
