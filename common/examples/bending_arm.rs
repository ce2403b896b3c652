//! Writes the bending-arm glTF fixture (`common::gltf::writer::bending_arm`)
//! in one interpolation mode: `cargo run -p common --example bending_arm STEP out.gltf`.

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(mode), Some(out)) = (args.next(), args.next()) else {
        eprintln!("usage: bending_arm LINEAR|STEP|CUBICSPLINE OUT.gltf");
        std::process::exit(2);
    };
    if let Err(e) = std::fs::write(&out, common::gltf::writer::bending_arm(&mode)) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
}
