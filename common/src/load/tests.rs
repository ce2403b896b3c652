use glam::{Mat4, Vec3};

use super::*;
use crate::model::{Node, Transform};

#[test]
fn special_files_are_refused_before_anything_opens_them() {
    for device in ["/dev/null", "/dev/zero"] {
        let path = Path::new(device);
        if path.exists() {
            let error = model(Some(path)).unwrap_err().to_string();
            assert_eq!(
                error,
                format!("cannot load {device}: not a regular file (a named pipe, socket or device); give a model file")
            );
        }
    }
    let folder = model(Some(Path::new("/"))).unwrap_err().to_string();
    assert_eq!(folder, "cannot load /: this is a folder; give a model file inside it");
}

#[test]
fn a_deep_chain_is_refused_with_its_depth() {
    let chain = |n: usize| crate::model::Skeleton {
        nodes: (0..n)
            .map(|i| Node { name: format!("n{i}"), parent: i.checked_sub(1), local: Transform::IDENTITY })
            .collect(),
    };
    assert_eq!(check_levels(&chain(MAX_LEVELS)), Ok(()));
    assert_eq!(
        check_levels(&chain(MAX_LEVELS + 1)),
        Err(format!("the hierarchy is {} levels deep; the course handles at most {MAX_LEVELS}", MAX_LEVELS + 1))
    );
}

#[test]
fn the_character_is_drawable() {
    assert_eq!(check_drawable(&crate::character::build()), Ok(()));
}

#[test]
fn a_node_or_vertex_too_far_to_draw_is_refused() {
    let mut far = crate::character::build();
    let hand = far.skeleton.find("hand_l").unwrap();
    far.skeleton.nodes[hand].local.translation = Vec3::new(0.0, 1e38, 0.0);
    let error = check_drawable(&far).unwrap_err();
    assert_eq!(
        error,
        "it is too large to draw: node `hand_l` sits 1.0e38 units from the origin in the rest pose; \
         f32 drawing breaks down past 1e18 units (check the file's units)"
    );
    // NaN (which validate() refuses first) is not drawable either.
    let mut nan = crate::character::build();
    nan.skeleton.nodes[hand].local.rotation.x = f32::NAN;
    let error = check_drawable(&nan).unwrap_err();
    assert!(error.contains("vertex") && error.contains("lands at NaN or infinity after skinning"), "{error}");
    // A bone offset that throws the skinned mesh far away (the skeleton is fine).
    let mut skinned = crate::character::build();
    skinned.meshes[0].bones[0].offset = Mat4::from_translation(Vec3::new(0.0, 0.0, -5e20));
    let error = check_drawable(&skinned).unwrap_err();
    assert!(error.contains("units from the origin after skinning in the rest pose"), "{error}");
}

/// Writes `bytes` to a file of this test run named `name` (the loader's
/// tests and `import::formats`' share it).
pub(crate) fn temp_file(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("common-load-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_mesh_without_a_skeleton_is_refused_before_any_reader_opens_it() {
    // assimp's `invalid/OutOfMemory.off` header (15.8 GB in assimp), here
    // named `.x` too: the content gives it away.
    for name in ["bomb.off", "bomb.x"] {
        let path = temp_file(name, b"OFF\n353535235358 6 0\n-0.5 -0.5 0.5\n");
        let error = model(Some(&path)).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            error,
            format!(
                "cannot load {}: OFF files hold a mesh without bones or animation; the labs need a rigged or \
                 animated model (glTF .glb/.gltf, FBX, X, DAE or BVH)",
                path.display()
            )
        );
    }
}

#[cfg(not(assimp_reader))]
#[test]
fn without_assimp_a_model_file_says_what_is_missing_and_the_command_that_adds_it() {
    let path = temp_file("walk.fbx", b"; FBX 7.4.0 project file\n");
    let error = model(Some(&path)).unwrap_err().to_string();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(error, format!("cannot load {}: {}", path.display(), without_assimp()));
    assert!(error.contains("other formats need assimp") && !error.contains('\n'), "{error}");
    let command = if cfg!(target_os = "linux") { "libassimp-dev" } else { "--config assimp.toml" };
    assert!(error.contains(command), "{error}");
}
