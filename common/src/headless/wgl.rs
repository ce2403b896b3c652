//! Windows: WGL on a hidden window. WGL can only load the extensions that
//! make a core-profile or ES context (`WGL_ARB_create_context`,
//! `WGL_ARB_pixel_format`) through a window's device context, so the
//! calling thread registers a window class once per process, creates a
//! window it never shows, and keeps it as long as the context. A window
//! belongs to the thread that created it; so does the context, and
//! [`super::Headless`] is not `Send`, so both are dropped on that thread.

use std::ffi::CStr;
use std::num::{NonZeroIsize, NonZeroU32};
use std::sync::OnceLock;

use glutin::api::wgl::{context::PossiblyCurrentContext, display::Display, surface::Surface};
use glutin::config::ConfigTemplateBuilder;
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::prelude::*;
use glutin::surface::{SurfaceAttributesBuilder, WindowSurface};
use windows_sys::Win32::Foundation::HWND;
use windows_sys::Win32::System::LibraryLoader::GetModuleHandleW;
use windows_sys::Win32::UI::WindowsAndMessaging::{
    CS_OWNDC, CreateWindowExW, DefWindowProcW, DestroyWindow, RegisterClassExW, WNDCLASSEXW, WS_CLIPCHILDREN,
    WS_CLIPSIBLINGS, WS_POPUP,
};
use winit::raw_window_handle::{RawDisplayHandle, RawWindowHandle, Win32WindowHandle, WindowsDisplayHandle};

use super::Flavour;

/// The size of the hidden window; drawing goes to the offscreen target.
const WINDOW_SIZE: i32 = 16;

/// The WGL context, its window surface and display, and the hidden window
/// under them. Fields drop in order: the window goes last.
pub(super) struct Context {
    _context: PossiblyCurrentContext,
    _surface: Surface<WindowSurface>,
    _display: Display,
    _window: HiddenWindow,
}

/// What to do when WGL gives no context.
pub(super) fn remedy(api: Flavour) -> String {
    match api {
        Flavour::Core => "Install the graphics driver from your GPU's maker (Intel, AMD or NVIDIA; Windows' \
                          \"Microsoft Basic Display Adapter\" has no OpenGL 3.3), or run the demo in a window \
                          instead of --screenshot"
            .into(),
        Flavour::Gles => "This driver offers no OpenGL ES through WGL (WGL_EXT_create_context_es2_profile); \
                          update the graphics driver from your GPU's maker, or run the WebGL2 checks in a \
                          browser (the course's web site)"
            .into(),
    }
}

/// A window that is never shown, destroyed on drop.
struct HiddenWindow {
    hwnd: HWND,
}

impl Drop for HiddenWindow {
    fn drop(&mut self) {
        // SAFETY: the window was created by this thread (a `Headless` never
        // leaves it) and nothing uses it any more: the context and surface
        // on it were dropped first.
        unsafe { DestroyWindow(self.hwnd) };
    }
}

/// The window class every hidden window uses, registered once per process.
fn window_class(instance: isize) -> Result<&'static [u16], String> {
    static CLASS: OnceLock<Result<Vec<u16>, String>> = OnceLock::new();
    CLASS
        .get_or_init(|| {
            let name: Vec<u16> = "skinning_labs_headless_gl\0".encode_utf16().collect();
            // SAFETY: a zeroed WNDCLASSEXW is a valid "no icon, no cursor, no
            // brush, no menu" class; the fields that matter are set below.
            let mut class: WNDCLASSEXW = unsafe { std::mem::zeroed() };
            class.cbSize = size_of::<WNDCLASSEXW>() as u32;
            class.style = CS_OWNDC;
            class.lpfnWndProc = Some(DefWindowProcW);
            class.hInstance = instance;
            class.lpszClassName = name.as_ptr();
            // SAFETY: `class` is fully initialised and `name` outlives the call
            // (it is kept in the OnceLock for the life of the process).
            if unsafe { RegisterClassExW(&class) } == 0 {
                return Err(format!("cannot register a window class ({})", std::io::Error::last_os_error()));
            }
            Ok(name)
        })
        .as_deref()
        .map_err(Clone::clone)
}

fn hidden_window() -> Result<(HiddenWindow, RawWindowHandle), String> {
    // SAFETY: a null name asks for this executable's module handle.
    let instance = unsafe { GetModuleHandleW(std::ptr::null()) };
    let class = window_class(instance)?;
    let title: Vec<u16> = "headless GL\0".encode_utf16().collect();
    // SAFETY: the class is registered and both strings are NUL-terminated
    // UTF-16 that outlive the call; no WS_VISIBLE, so it is never shown.
    let hwnd = unsafe {
        CreateWindowExW(
            0,
            class.as_ptr(),
            title.as_ptr(),
            WS_POPUP | WS_CLIPSIBLINGS | WS_CLIPCHILDREN,
            0,
            0,
            WINDOW_SIZE,
            WINDOW_SIZE,
            0,
            0,
            instance,
            std::ptr::null(),
        )
    };
    let handle = NonZeroIsize::new(hwnd)
        .ok_or_else(|| format!("cannot create a hidden window ({})", std::io::Error::last_os_error()))?;
    let mut raw = Win32WindowHandle::new(handle);
    raw.hinstance = NonZeroIsize::new(instance);
    Ok((HiddenWindow { hwnd }, RawWindowHandle::Win32(raw)))
}

/// A context of `api` made current on a hidden window of this thread.
pub(super) fn create(api: Flavour) -> Result<(Context, glow::Context), String> {
    let (window, handle) = hidden_window()?;
    let display_handle = RawDisplayHandle::Windows(WindowsDisplayHandle::new());
    // SAFETY: the window handle is a live window of this thread, kept in
    // `Context` for as long as the display.
    let display = unsafe { Display::new(display_handle, Some(handle)) }
        .map_err(|e| format!("cannot open WGL (opengl32.dll): {e}"))?;
    let template = ConfigTemplateBuilder::new().compatible_with_native_window(handle).build();
    // SAFETY: the template names this display's live window.
    let config = unsafe { display.find_configs(template) }
        .map_err(|e| format!("no WGL pixel format: {e}"))?
        .next()
        .ok_or("no WGL pixel format for a window")?;
    let attributes = match api {
        Flavour::Core => ContextAttributesBuilder::new()
            .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
            .with_profile(GlProfile::Core)
            .build(Some(handle)),
        Flavour::Gles => ContextAttributesBuilder::new()
            .with_context_api(ContextApi::Gles(Some(Version::new(3, 0))))
            .build(Some(handle)),
    };
    // SAFETY: the config came from this display, the handle is its window.
    let context = unsafe { display.create_context(&config, &attributes) }
        .map_err(|e| format!("the driver refused {} ({e})", api.name()))?;
    let size = NonZeroU32::new(WINDOW_SIZE as u32).expect("a positive size");
    let surface_attributes = SurfaceAttributesBuilder::<WindowSurface>::new().build(handle, size, size);
    // SAFETY: the surface is made on the live hidden window, which `Context`
    // drops after it.
    let surface = unsafe { display.create_window_surface(&config, &surface_attributes) }
        .map_err(|e| format!("no WGL surface on the hidden window: {e}"))?;
    let context = context.make_current(&surface).map_err(|e| format!("cannot make the context current: {e}"))?;
    // SAFETY: the context is current on this thread, so the pointers that
    // wglGetProcAddress (or opengl32's exports) give are valid for it.
    let gl = unsafe { glow::Context::from_loader_function_cstr(|name: &CStr| display.get_proc_address(name)) };
    Ok((Context { _context: context, _surface: surface, _display: display, _window: window }, gl))
}
