//! The loader on real files from Debian's `assimp-testmodels` package. Each
//! test prints a notice and returns when the package is absent (CI installs it).
#![cfg(assimp_reader)]

use std::path::{Path, PathBuf};

use common::load;

const MODELS: &str = "/usr/share/assimp/models";

fn model_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(MODELS);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("notice: {MODELS} is missing (apt-get install assimp-testmodels); skipping");
        None
    }
}

fn counts(rel: &str) -> Option<(usize, usize, usize, usize, load::LoadReport)> {
    let dir = model_dir()?;
    let (model, report) = load::model(Some(&dir.join(rel))).unwrap_or_else(|e| panic!("{e}"));
    model.validate().unwrap();
    let real_bones = model.meshes.iter().flat_map(|m| &m.bones).filter(|b| b.offset != glam::Mat4::IDENTITY).count();
    println!(
        "{rel}: {} nodes, {} meshes, {real_bones} bones, {} clips",
        model.skeleton.nodes.len(),
        model.meshes.len(),
        model.clips.len()
    );
    for line in report.lines() {
        println!("  note: {line}");
    }
    Some((model.skeleton.nodes.len(), model.meshes.len(), real_bones, model.clips.len(), report))
}

#[test]
fn loads_bcn_epileptic_x() {
    let Some((nodes, meshes, bones, clips, _)) = counts("X/BCN_Epileptic.X") else {
        return;
    };
    assert!(nodes > 20 && meshes >= 1 && bones > 20 && clips >= 1);
}

#[test]
fn loads_fbx_with_many_influences() {
    let Some((_, meshes, bones, clips, report)) = counts("FBX/animation_with_skeleton.fbx") else {
        return;
    };
    assert!(meshes >= 1 && bones > 0 && clips >= 1);
    assert!(report.pruned_vertices > 0 || report.renormalised_vertices > 0, "this file has 5-6 influences per vertex");
}

#[test]
fn loads_other_rigged_files() {
    for rel in ["FBX/huesitos.fbx", "X/anim_test.x", "glTF2/simple_skin/simple_skin.gltf"] {
        let Some((nodes, meshes, _, _, _)) = counts(rel) else {
            return;
        };
        assert!(nodes >= 2 && meshes >= 1, "{rel}");
    }
}

#[test]
fn loads_a_bvh_skeleton_without_skin() {
    let Some((nodes, meshes, _, clips, _)) = counts("BVH/01_01.bvh") else {
        return;
    };
    assert!(nodes > 20, "a mocap skeleton");
    assert!(meshes <= 1, "BVH has no skin; assimp may add one mesh that draws the bones");
    assert_eq!(clips, 1);
}

#[test]
fn every_invalid_file_is_an_error_not_a_panic() {
    let Some(dir) = model_dir() else { return };
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("invalid")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            continue; // the folder's readme
        }
        let err = load::model(Some(&path)).err().unwrap_or_else(|| panic!("{} loaded", path.display()));
        let text = err.to_string();
        assert!(text.contains(&path.display().to_string()) && !text.contains('\n'), "{text}");
        checked += 1;
    }
    assert!(checked >= 10);
}

#[test]
fn missing_text_and_folder_paths_are_clear_errors() {
    let missing = load::model(Some(Path::new("/no/such/model.fbx"))).unwrap_err().to_string();
    assert!(missing.contains("/no/such/model.fbx") && missing.contains("no such file"), "{missing}");
    let folder = load::model(Some(Path::new("/tmp"))).unwrap_err().to_string();
    assert!(folder.contains("folder"), "{folder}");
    let text_file = std::env::temp_dir().join("not_a_model.txt");
    std::fs::write(&text_file, "hello, I am not a model\n").unwrap();
    let text = load::model(Some(&text_file)).unwrap_err().to_string();
    assert!(text.contains("not_a_model.txt"), "{text}");
}
