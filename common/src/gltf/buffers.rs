//! A glTF file's buffers: the GLB's binary chunk, `data:` URIs (base64) and
//! files beside the model. (The `gltf` crate's `import` does this too, but
//! pulls image codecs the course does not need.)

use std::io::Read;
use std::path::Path;

/// The most all of a file's buffers may hold together: a file beside the
/// model is read up to its buffer's declared length, and the lengths read
/// add up to at most this (several buffers naming one large file, or a
/// device that never ends, must not fill the memory).
pub(super) const MAX_BUFFER_BYTES: u64 = 1 << 30;

/// Every buffer of the file, in order, each at least its declared length.
pub(super) fn load(gltf: &gltf::Gltf, path: &Path) -> Result<Vec<Vec<u8>>, String> {
    let mut out = Vec::new();
    let mut total = 0u64;
    for buffer in gltf.buffers() {
        let data = match buffer.source() {
            gltf::buffer::Source::Bin => gltf
                .blob
                .clone()
                .ok_or_else(|| format!("buffer {} is the GLB binary chunk, but the file has none", buffer.index()))?,
            gltf::buffer::Source::Uri(uri) if uri.starts_with("data:") => {
                let (_, payload) = uri
                    .split_once(";base64,")
                    .ok_or_else(|| format!("buffer {}: a data URI that is not base64", buffer.index()))?;
                base64(payload).ok_or_else(|| format!("buffer {}: its base64 data is damaged", buffer.index()))?
            }
            gltf::buffer::Source::Uri(uri) => {
                let file = path.parent().unwrap_or(Path::new(".")).join(percent_decoded(uri));
                let length = buffer.length() as u64;
                if total + length > MAX_BUFFER_BYTES {
                    return Err(format!(
                        "its buffers add up to more than {} MiB, more than the course reads",
                        MAX_BUFFER_BYTES >> 20
                    ));
                }
                total += length;
                read_up_to(&file, length)
                    .map_err(|e| format!("buffer {}: cannot read {} ({e})", buffer.index(), file.display()))?
            }
        };
        if data.len() < buffer.length() {
            return Err(format!(
                "buffer {} holds {} bytes but says it has {}: the file is cut short",
                buffer.index(),
                data.len(),
                buffer.length()
            ));
        }
        out.push(data);
    }
    Ok(out)
}

/// `%20` and friends in a relative URI.
/// The first `length` bytes of `file` (fewer if it is shorter), which must
/// be a regular file: a pipe or a device could block or never end.
fn read_up_to(file: &Path, length: u64) -> std::io::Result<Vec<u8>> {
    let opened = std::fs::File::open(file)?;
    if !opened.metadata()?.is_file() {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut data = Vec::new();
    opened.take(length).read_to_end(&mut data)?;
    Ok(data)
}

fn percent_decoded(uri: &str) -> String {
    let bytes = uri.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Standard base64 (padding optional); `None` on a character outside it.
pub(super) fn base64(text: &str) -> Option<Vec<u8>> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' | b'-' => 62,
            b'/' | b'_' => 63,
            _ => return None,
        } as u32)
    };
    let digits: Vec<u8> = text.bytes().filter(|c| !c.is_ascii_whitespace() && *c != b'=').collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut bits = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            bits |= value(c)? << (18 - 6 * i);
        }
        let bytes = bits.to_be_bytes();
        match chunk.len() {
            4 => out.extend_from_slice(&bytes[1..4]),
            3 => out.extend_from_slice(&bytes[1..3]),
            2 => out.push(bytes[1]),
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_decodes_with_and_without_padding() {
        assert_eq!(super::base64("TWFu").unwrap(), b"Man");
        assert_eq!(super::base64("TWE=").unwrap(), b"Ma");
        assert_eq!(super::base64("TQ").unwrap(), b"M");
        assert_eq!(super::base64("T!=="), None);
        assert_eq!(super::percent_decoded("my%20file.bin"), "my file.bin");
    }
}
