//! Every kind of index a glTF file can get wrong, one at a time in the
//! bending arm: each must refuse the file with a line naming the bad index,
//! never panic (the reader's `catch_unwind` would say "crashed").

use super::tests::load_text;
use super::writer::bending_arm;

/// The arm with `find` replaced by `replace` (which must occur once).
fn broken(find: &str, replace: &str) -> String {
    let arm = bending_arm("LINEAR");
    assert_eq!(arm.matches(find).count(), 1, "`{find}` once in the arm:\n{arm}");
    arm.replacen(find, replace, 1)
}

/// Loads the arm with one index broken; the error must name `names`.
fn refused(name: &str, find: &str, replace: &str, names: &str) {
    let error = load_text(name, &broken(find, replace)).map(|_| ()).unwrap_err().to_string();
    assert!(!error.contains("crashed"), "{name}: the reader panicked: {error}");
    assert!(
        error.contains("not a valid glTF 2.0 file") && error.contains(names),
        "{name}: expected `{names}` in: {error}"
    );
    assert_eq!(error.lines().count(), 1, "one line: {error}");
}

#[test]
fn the_arm_as_written_loads() {
    load_text("arm-intact", &bending_arm("LINEAR")).expect("the unbroken arm loads");
}

#[test]
fn a_channel_whose_target_node_is_out_of_range_names_the_channel_and_the_node() {
    refused(
        "channel-node",
        r#""node":2,"path""#,
        r#""node":9,"path""#,
        "animations[0].channels[0].target.node: Index out of bounds (node 9; the file has 4)",
    );
}

#[test]
fn a_channel_whose_sampler_is_out_of_range_names_it() {
    refused("channel-sampler", r#""sampler":0,"#, r#""sampler":5,"#, "animations[0].channels[0].sampler");
}

#[test]
fn a_sampler_whose_accessors_are_out_of_range_names_them() {
    let arm = bending_arm("LINEAR");
    let input = arm.split(r#""input":"#).nth(1).and_then(|s| s.split(',').next()).expect("a sampler input").to_string();
    refused("sampler-input", &format!(r#""input":{input},"#), r#""input":99,"#, "animations[0].samplers[0].input");
    let output = arm.split(r#""output":"#).nth(1).and_then(|s| s.split(',').next()).expect("an output").to_string();
    refused("sampler-output", &format!(r#""output":{output},"#), r#""output":99,"#, "animations[0].samplers[0].output");
}

#[test]
fn a_node_whose_child_mesh_or_skin_is_out_of_range_names_it() {
    refused("node-child", r#""children":[2]"#, r#""children":[8]"#, "nodes[1].children[0]");
    refused("node-mesh", r#""mesh":0,"#, r#""mesh":3,"#, "nodes[3].mesh");
    refused("node-skin", r#""skin":0}"#, r#""skin":4}"#, "nodes[3].skin");
    refused("scene-node", r#""nodes":[0,3]"#, r#""nodes":[0,30]"#, "scenes[0].nodes[1]");
}

#[test]
fn a_skin_whose_joint_or_matrices_are_out_of_range_names_it() {
    refused("skin-joint", r#""joints":[1,2]"#, r#""joints":[1,9]"#, "skins[0].joints[1]");
    let arm = bending_arm("LINEAR");
    let ibm = arm.split(r#""inverseBindMatrices":"#).nth(1).and_then(|s| s.split('}').next()).expect("matrices");
    refused(
        "skin-matrices",
        &format!(r#""inverseBindMatrices":{ibm}}}"#),
        r#""inverseBindMatrices":99}"#,
        "skins[0].inverseBindMatrices",
    );
}

#[test]
fn a_primitive_whose_accessors_are_out_of_range_names_them() {
    refused(
        "position",
        r#""POSITION":0,"#,
        r#""POSITION":99,"#,
        r#"meshes[0].primitives[0].attributes["POSITION"]: Index out of bounds (accessor 99"#,
    );
    refused("indices", r#""indices":2,"#, r#""indices":99,"#, "meshes[0].primitives[0].indices");
}

#[test]
fn an_accessor_or_view_whose_buffer_is_out_of_range_names_it() {
    refused("accessor-view", r#""bufferView":0,"#, r#""bufferView":50,"#, "accessors[0].bufferView");
    refused("view-buffer", r#""buffer":0,"byteOffset":0,"#, r#""buffer":3,"byteOffset":0,"#, "bufferViews[0].buffer");
}
