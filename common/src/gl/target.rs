//! Offscreen render targets and read-back to PNG.

use std::path::Path;

use glow::HasContext;

use super::GlError;

/// A framebuffer object with an RGBA8 colour and a 24-bit depth renderbuffer.
pub struct RenderTarget {
    /// The framebuffer object.
    pub fbo: glow::Framebuffer,
    color: glow::Renderbuffer,
    depth: glow::Renderbuffer,
    /// Size in pixels.
    pub size: [u32; 2],
}

impl RenderTarget {
    /// Creates a complete `width` x `height` target.
    pub fn new(gl: &glow::Context, width: u32, height: u32) -> Result<RenderTarget, GlError> {
        let (w, h) = (width.max(1) as i32, height.max(1) as i32);
        // SAFETY: objects made and attached on the current context.
        unsafe {
            let fbo = gl.create_framebuffer().map_err(GlError)?;
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fbo));
            let color = gl.create_renderbuffer().map_err(GlError)?;
            gl.bind_renderbuffer(glow::RENDERBUFFER, Some(color));
            gl.renderbuffer_storage(glow::RENDERBUFFER, glow::RGBA8, w, h);
            gl.framebuffer_renderbuffer(glow::FRAMEBUFFER, glow::COLOR_ATTACHMENT0, glow::RENDERBUFFER, Some(color));
            let depth = gl.create_renderbuffer().map_err(GlError)?;
            gl.bind_renderbuffer(glow::RENDERBUFFER, Some(depth));
            gl.renderbuffer_storage(glow::RENDERBUFFER, glow::DEPTH_COMPONENT24, w, h);
            gl.framebuffer_renderbuffer(glow::FRAMEBUFFER, glow::DEPTH_ATTACHMENT, glow::RENDERBUFFER, Some(depth));
            let status = gl.check_framebuffer_status(glow::FRAMEBUFFER);
            if status != glow::FRAMEBUFFER_COMPLETE {
                return Err(GlError(format!("offscreen framebuffer incomplete (status 0x{status:04X})")));
            }
            Ok(RenderTarget { fbo, color, depth, size: [w as u32, h as u32] })
        }
    }

    /// Makes this the framebuffer drawn into, with a viewport covering it.
    pub fn bind(&self, gl: &glow::Context) {
        // SAFETY: a complete framebuffer of this context.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(self.fbo));
            gl.viewport(0, 0, self.size[0] as i32, self.size[1] as i32);
        }
    }

    /// Reads the colour back, top row first.
    pub fn read_image(&self, gl: &glow::Context) -> image::RgbaImage {
        // SAFETY: this framebuffer is bound for reading; the buffer holds
        // exactly width * height * 4 bytes with pack alignment 1.
        unsafe {
            gl.bind_framebuffer(glow::READ_FRAMEBUFFER, Some(self.fbo));
            read_pixels(gl, 0, 0, self.size[0], self.size[1])
        }
    }

    /// Frees the GL objects.
    pub fn delete(self, gl: &glow::Context) {
        // SAFETY: objects of this context, not used again.
        unsafe {
            gl.delete_framebuffer(self.fbo);
            gl.delete_renderbuffer(self.color);
            gl.delete_renderbuffer(self.depth);
        }
    }
}

/// Reads a rectangle of the bound read framebuffer, top row first.
///
/// # Safety
/// The context must be current with a readable framebuffer bound.
pub(crate) unsafe fn read_pixels(gl: &glow::Context, x: i32, y: i32, w: u32, h: u32) -> image::RgbaImage {
    let mut pixels = vec![0u8; (w * h * 4) as usize];
    // SAFETY: the caller binds a readable framebuffer (this function's contract); `pixels` holds w * h RGBA texels, the whole rectangle.
    unsafe {
        gl.pixel_store_i32(glow::PACK_ALIGNMENT, 1);
        gl.read_pixels(
            x,
            y,
            w as i32,
            h as i32,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelPackData::Slice(Some(&mut pixels)),
        );
    }
    let image = image::RgbaImage::from_raw(w, h, pixels).expect("buffer sized for the image");
    image::imageops::flip_vertical(&image) // GL's first row is the bottom one
}

/// Writes `image` as a PNG, naming the path in the error. The path must end
/// in `.png` (PNG bytes in a file named `.jpg` mislead every viewer).
pub fn save_png(image: &image::RgbaImage, path: &Path) -> Result<(), GlError> {
    if !path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
        return Err(GlError(format!("cannot write {}: only PNG is written; use a .png path", path.display())));
    }
    image
        .save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| GlError(format!("cannot write {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_png_paths_are_written() {
        let image = image::RgbaImage::new(2, 2);
        let dir = std::env::temp_dir().join(format!("common-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let jpg = dir.join("shot.jpg");
        let error = save_png(&image, &jpg).unwrap_err().to_string();
        assert_eq!(error, format!("cannot write {}: only PNG is written; use a .png path", jpg.display()));
        assert!(!jpg.exists());
        save_png(&image, &dir.join("shot.PNG")).unwrap();
        std::fs::remove_dir_all(dir).unwrap();
    }
}
