//! Sets `cfg(assimp_reader)` where this build reads formats beyond glTF
//! through assimp: the `assimp` feature is on and russimp is a dependency of
//! this target (Linux, or any OS built with `--cfg with_assimp`; see
//! Cargo.toml). `common::load::ASSIMP` tells the labs' tests the same.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(assimp_reader)");
    println!("cargo::rustc-check-cfg=cfg(with_assimp)");
    println!("cargo::rerun-if-changed=build.rs");
    let feature = std::env::var_os("CARGO_FEATURE_ASSIMP").is_some();
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    let opted_in = std::env::var_os("CARGO_CFG_WITH_ASSIMP").is_some();
    if feature && (linux || opted_in) {
        println!("cargo::rustc-cfg=assimp_reader");
    }
}
