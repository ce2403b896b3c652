//! 2D textures uploaded from `image` buffers.

use glow::HasContext;

use super::GlError;

/// An RGBA8 texture with mipmaps, repeating.
#[derive(Debug)]
pub struct Texture {
    /// The GL texture object.
    pub raw: glow::Texture,
    /// Size in pixels.
    pub size: [u32; 2],
}

impl Texture {
    /// Uploads an RGBA image (top row first, as `image` stores it; flipped so
    /// that uv (0, 0) is the image's bottom-left, the GL convention).
    pub fn from_image(gl: &glow::Context, image: &image::RgbaImage) -> Result<Texture, GlError> {
        let flipped = image::imageops::flip_vertical(image);
        let (w, h) = flipped.dimensions();
        // SAFETY: the pixel slice holds exactly w * h * 4 bytes, as declared.
        unsafe {
            let raw = gl.create_texture().map_err(GlError)?;
            gl.bind_texture(glow::TEXTURE_2D, Some(raw));
            gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 1);
            gl.tex_image_2d(
                glow::TEXTURE_2D,
                0,
                glow::RGBA8 as i32,
                w as i32,
                h as i32,
                0,
                glow::RGBA,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(Some(flipped.as_raw())),
            );
            gl.generate_mipmap(glow::TEXTURE_2D);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MIN_FILTER, glow::LINEAR_MIPMAP_LINEAR as i32);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_MAG_FILTER, glow::LINEAR as i32);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_WRAP_S, glow::REPEAT as i32);
            gl.tex_parameter_i32(glow::TEXTURE_2D, glow::TEXTURE_WRAP_T, glow::REPEAT as i32);
            gl.bind_texture(glow::TEXTURE_2D, None);
            super::check_error(gl, "uploading a texture")?;
            Ok(Texture { raw, size: [w, h] })
        }
    }

    /// Loads a PNG (or another enabled format) file and uploads it.
    pub fn from_file(gl: &glow::Context, path: &std::path::Path) -> Result<Texture, GlError> {
        let image = image::open(path).map_err(|e| GlError(format!("cannot read texture {}: {e}", path.display())))?;
        Self::from_image(gl, &image.to_rgba8())
    }

    /// Binds to texture unit `unit`.
    pub fn bind(&self, gl: &glow::Context, unit: u32) {
        // SAFETY: a valid texture of this context on a valid unit.
        unsafe {
            gl.active_texture(glow::TEXTURE0 + unit);
            gl.bind_texture(glow::TEXTURE_2D, Some(self.raw));
        }
    }
}

/// A two-tone checkerboard, `size` pixels square with `cells` cells a side:
/// shows how a skinned surface stretches.
pub fn checker_image(size: u32, cells: u32) -> image::RgbaImage {
    image::RgbaImage::from_fn(size, size, |x, y| {
        let cell = size / cells.max(1);
        if (x / cell + y / cell).is_multiple_of(2) {
            image::Rgba([235, 235, 235, 255])
        } else {
            image::Rgba([170, 170, 180, 255])
        }
    })
}
