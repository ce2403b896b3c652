//! Writes the bending-arm glTF fixture (`common::gltf::writer::arm`):
//! `cargo run -p common --example bending_arm STEP out.gltf [skin-only|clip-only|growing]`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(mode), Some(out)) = (args.first(), args.get(1)) else {
        eprintln!("usage: bending_arm LINEAR|STEP|CUBICSPLINE OUT.gltf [skin-only|clip-only|growing]");
        std::process::exit(2);
    };
    let text = match args.get(2).map(String::as_str) {
        None => common::gltf::writer::bending_arm(mode),
        Some("skin-only") => common::gltf::writer::arm(mode, true, None),
        Some("clip-only") => common::gltf::writer::arm(mode, false, Some(0.0)),
        Some("growing") => common::gltf::writer::growing_arm(4.0),
        Some(other) => {
            eprintln!("unknown part `{other}`: use skin-only, clip-only or growing");
            std::process::exit(2);
        }
    };
    if let Err(e) = std::fs::write(out, text) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
}
