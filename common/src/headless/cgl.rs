//! macOS: CGL directly, with no drawable. CGL is the C layer under AppKit's
//! `NSOpenGLContext`; unlike AppKit (windows and views, main thread only),
//! a CGL context is a plain object that any thread may make current on
//! itself, one thread at a time, so this works from libtest's test threads.
//! Every drawing goes to [`crate::gl::RenderTarget`]'s framebuffer, so the
//! context never needs a window, a view or a pbuffer.
//!
//! macOS gives OpenGL 4.1 core (forward-compatible: no deprecated calls),
//! which compiles the course's `#version 330 core` shaders. It has no
//! OpenGL ES, so [`Flavour::Gles`] fails with a one-line reason.

use std::ffi::{CStr, c_void};

use cgl::{
    CGLChoosePixelFormat, CGLContextObj, CGLCreateContext, CGLDestroyContext, CGLDestroyPixelFormat, CGLError,
    CGLErrorString, CGLGetCurrentContext, CGLPixelFormatAttribute, CGLPixelFormatObj, CGLSetCurrentContext,
    kCGLNoError, kCGLPFAAllowOfflineRenderers, kCGLPFAAlphaSize, kCGLPFAColorSize, kCGLPFADepthSize,
    kCGLPFAOpenGLProfile,
};

use super::Flavour;

/// `kCGLOGLPVersion_GL4_Core` (CGLTypes.h): OpenGL 4.1 core on every Mac
/// since 10.9.
const PROFILE_GL4_CORE: CGLPixelFormatAttribute = 0x4100;
/// `kCGLOGLPVersion_3_2_Core`: the older name for a core context, which
/// macOS also answers with the newest core version the renderer has.
const PROFILE_3_2_CORE: CGLPixelFormatAttribute = 0x3200;

/// A CGL context, current on the thread that made it; destroyed on drop.
pub(super) struct Context {
    raw: CGLContextObj,
}

impl Drop for Context {
    fn drop(&mut self) {
        // SAFETY: `raw` is a context this thread made and that nothing uses
        // any more (the GL objects were dropped first); it is made
        // non-current first if it still is.
        unsafe {
            if CGLGetCurrentContext() == self.raw {
                CGLSetCurrentContext(std::ptr::null_mut());
            }
            CGLDestroyContext(self.raw);
        }
    }
}

/// What to do when CGL gives no context.
pub(super) fn remedy(api: Flavour) -> String {
    match api {
        Flavour::Core => "Every Mac since macOS 10.9 has OpenGL 4.1 core through CGL; if this one refuses, \
                          run the demo in a window instead of --screenshot, and report the macOS version and Mac \
                          model to the course"
            .into(),
        Flavour::Gles => "macOS has no OpenGL ES (Apple ships desktop OpenGL only): the OpenGL ES checks run on \
                          Linux and Windows, and WebGL2 runs in a browser (the course's web site)"
            .into(),
    }
}

fn describe(error: CGLError) -> String {
    // SAFETY: CGLErrorString returns a static NUL-terminated string for any code.
    let text = unsafe { CStr::from_ptr(CGLErrorString(error)) };
    format!("{} (CGL error {error})", text.to_string_lossy())
}

/// A core context (4.1 where the renderer has it) current on this thread.
pub(super) fn create(api: Flavour) -> Result<(Context, glow::Context), String> {
    if api == Flavour::Gles {
        return Err("CGL cannot make an OpenGL ES context".into());
    }
    let mut reasons = Vec::new();
    for profile in [PROFILE_GL4_CORE, PROFILE_3_2_CORE] {
        match with_profile(profile) {
            Ok(made) => return Ok(made),
            Err(e) => reasons.push(e),
        }
    }
    Err(reasons.join("; "))
}

fn with_profile(profile: CGLPixelFormatAttribute) -> Result<(Context, glow::Context), String> {
    let attributes = [
        kCGLPFAOpenGLProfile,
        profile,
        kCGLPFAColorSize,
        24,
        kCGLPFAAlphaSize,
        8,
        kCGLPFADepthSize,
        24,
        kCGLPFAAllowOfflineRenderers,
        0,
    ];
    let mut format: CGLPixelFormatObj = std::ptr::null_mut();
    let mut count = 0;
    // SAFETY: the attribute list is 0-terminated and both out-pointers are
    // valid locals.
    let error = unsafe { CGLChoosePixelFormat(attributes.as_ptr(), &mut format, &mut count) };
    if error != kCGLNoError || format.is_null() {
        return Err(format!("no pixel format for core profile {profile:#x}: {}", describe(error)));
    }
    let mut raw: CGLContextObj = std::ptr::null_mut();
    // SAFETY: `format` is a live pixel format; the context retains it, so
    // this function's reference is released right after.
    let error = unsafe { CGLCreateContext(format, std::ptr::null_mut(), &mut raw) };
    // SAFETY: releases this function's reference only (see above).
    unsafe { CGLDestroyPixelFormat(format) };
    if error != kCGLNoError || raw.is_null() {
        return Err(format!("CGL refused a core profile {profile:#x} context: {}", describe(error)));
    }
    let context = Context { raw };
    // SAFETY: `raw` is a live context that no other thread has current.
    let error = unsafe { CGLSetCurrentContext(raw) };
    if error != kCGLNoError {
        return Err(format!("cannot make the CGL context current: {}", describe(error)));
    }
    // SAFETY: the context is current on this thread; the OpenGL framework
    // (linked through the `cgl` crate) exports every GL entry point the
    // renderer supports, so dlsym on the process's symbols finds them, and
    // a missing one is a null pointer that glow treats as not loaded.
    let gl = unsafe {
        glow::Context::from_loader_function_cstr(|name: &CStr| {
            libc::dlsym(libc::RTLD_DEFAULT, name.as_ptr()) as *const c_void
        })
    };
    Ok((context, gl))
}
