//! Formats the course cannot use, refused before any reader opens the file:
//! OFF, PLY, STL and OBJ hold a mesh but no skeleton and no animation, so
//! there is nothing for a lab to pose. Refusing them up front also keeps
//! assimp away from them: its OFF reader trusts the header's counts (a
//! 309-byte file of assimp's own tests made it allocate 15.8 GB).
//!
//! A file is recognised by its extension or by its first bytes, so a mesh
//! renamed `.x` is refused too.

use std::io::Read;
use std::path::Path;

use super::LoadError;

/// What the labs can read instead, for the refusal's last words.
const USE_INSTEAD: &str = "the labs need a rigged or animated model (glTF .glb/.gltf, FBX, X, DAE or BVH)";

/// Refuses `path` in one line when it is an OFF, PLY, STL or OBJ file (by
/// extension or content); any other file passes (its reader decides).
pub fn refuse_unrigged(path: &Path) -> Result<(), LoadError> {
    match unrigged_format(path) {
        Some(format) => {
            Err(LoadError::new(path, format!("{format} files hold a mesh without bones or animation; {USE_INSTEAD}")))
        }
        None => Ok(()),
    }
}

/// The name of the skeleton-less format `path` is written in, if it is one.
pub fn unrigged_format(path: &Path) -> Option<&'static str> {
    let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
    let by_name = match extension.as_deref() {
        Some("off") => Some("OFF"),
        Some("ply") => Some("PLY"),
        Some("stl") => Some("STL"),
        Some("obj") => Some("OBJ"),
        _ => None,
    };
    by_name.or_else(|| by_content(path))
}

/// OFF (`OFF`, `COFF`, `NOFF`, ... as the first word), PLY (`ply` on the
/// first line), ASCII STL (`solid` first) or binary STL (80 bytes of header,
/// a triangle count, and exactly 50 bytes per triangle after it).
fn by_content(path: &Path) -> Option<&'static str> {
    let mut file = std::fs::File::open(path).ok()?;
    let length = file.metadata().ok()?.len();
    let mut head = Vec::with_capacity(84);
    (&mut file).take(84).read_to_end(&mut head).ok()?;
    let first_word: Vec<u8> = head
        .iter()
        .copied()
        .skip_while(u8::is_ascii_whitespace)
        .take_while(|b| !b.is_ascii_whitespace())
        .map(|b| b.to_ascii_uppercase())
        .collect();
    let off = first_word.ends_with(b"OFF") && first_word.len() <= 6 && first_word.iter().all(u8::is_ascii_alphanumeric);
    if off {
        return Some("OFF");
    }
    if head.starts_with(b"ply\n") || head.starts_with(b"ply\r") {
        return Some("PLY");
    }
    if first_word == b"SOLID" {
        return Some("STL");
    }
    if head.len() == 84 {
        let triangles = u32::from_le_bytes([head[80], head[81], head[82], head[83]]);
        if triangles > 0 && length == 84 + 50 * u64::from(triangles) {
            return Some("STL");
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::load::tests::temp_file as file;

    #[test]
    fn meshes_without_skeletons_are_known_by_name_and_by_content() {
        let mut stl = vec![0u8; 80];
        stl.extend(2u32.to_le_bytes());
        stl.extend([7u8; 100]);
        let cases: [(&str, &[u8], Option<&str>); 9] = [
            ("a.OFF", b"", Some("OFF")),
            ("b.ply", b"", Some("PLY")),
            ("c.Stl", b"", Some("STL")),
            ("d.obj", b"v 0 0 0\n", Some("OBJ")),
            ("e.x", b"  COFF\n3 1 0\n", Some("OFF")),
            ("f.fbx", b"ply\nformat ascii 1.0\n", Some("PLY")),
            ("g.dae", b"solid cube\nfacet normal 0 0 1\n", Some("STL")),
            ("h.bin", &stl, Some("STL")),
            ("i.bvh", b"HIERARCHY\nROOT hips\n{\n}\n", None),
        ];
        for (name, bytes, expected) in cases {
            let path = file(name, bytes);
            assert_eq!(unrigged_format(&path), expected, "{name}");
            std::fs::remove_file(path).unwrap();
        }
        // A binary STL's count must match the length exactly.
        let path = file("j.bin", &stl[..stl.len() - 1]);
        assert_eq!(unrigged_format(&path), None);
        std::fs::remove_file(path).unwrap();
    }

    #[test]
    fn the_refusal_is_one_line_naming_the_file_and_what_to_use() {
        let path = file("mesh.ply", b"ply\n");
        let error = refuse_unrigged(&path).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "cannot load {}: PLY files hold a mesh without bones or animation; the labs need a rigged or \
                 animated model (glTF .glb/.gltf, FBX, X, DAE or BVH)",
                path.display()
            )
        );
        std::fs::remove_file(path).unwrap();
        let bvh = file("fine.bvh", b"HIERARCHY\n");
        assert_eq!(refuse_unrigged(&bvh), Ok(()));
        std::fs::remove_file(bvh).unwrap();
    }
}
