//! Linux and the BSDs: a surfaceless context on the EGL device platform.

use std::ffi::CStr;

use glutin::api::egl::{context::PossiblyCurrentContext, device::Device, display::Display};
use glutin::config::{Api, ConfigSurfaceTypes, ConfigTemplateBuilder};
use glutin::context::{ContextApi, ContextAttributesBuilder, GlProfile, Version};
use glutin::prelude::*;

use super::Flavour;

/// The EGL context and its display, current on the thread that made them.
pub(super) struct Context {
    _context: PossiblyCurrentContext,
    _display: Display,
}

/// What to install when EGL gives no context.
pub(super) fn remedy(api: Flavour) -> String {
    format!(
        "Install an EGL driver with {} (Debian/Ubuntu: `sudo apt-get install libegl1 libegl-mesa0 libgl1-mesa-dri`; \
         Fedora: `sudo dnf install mesa-libEGL mesa-dri-drivers`), or run the demo in a window instead of --screenshot",
        api.name()
    )
}

/// A context on the first EGL device that gives `api`.
pub(super) fn create(api: Flavour) -> Result<(Context, glow::Context), String> {
    let devices =
        Device::query_devices().map_err(|e| format!("cannot list EGL devices ({e}); is libEGL installed?"))?;
    let mut reasons = Vec::new();
    for device in devices {
        match on_device(&device, api) {
            Ok(made) => return Ok(made),
            Err(e) => reasons.push(format!("{}: {e}", device.name().unwrap_or("unnamed device"))),
        }
    }
    if reasons.is_empty() {
        reasons.push("EGL lists no devices".into());
    }
    Err(reasons.join("; "))
}

fn on_device(device: &Device, api: Flavour) -> Result<(Context, glow::Context), String> {
    // SAFETY: with no raw display handle, glutin only asks EGL for the
    // device's platform display; nothing borrowed must outlive this call.
    let display = unsafe { Display::with_device(device, None) }.map_err(|e| e.to_string())?;
    // A surfaceless context needs no window/pbuffer surface type; the
    // default template asks for WINDOW and finds no config here.
    let mut template = ConfigTemplateBuilder::new().with_surface_type(ConfigSurfaceTypes::empty());
    if api == Flavour::Gles {
        template = template.with_api(Api::GLES3);
    }
    let template = template.build();
    // SAFETY: the template is plain data and no window handle is involved.
    let config = unsafe { display.find_configs(template) }
        .map_err(|e| e.to_string())?
        .next()
        .ok_or("no EGL config without a surface")?;
    let attributes = match api {
        Flavour::Core => ContextAttributesBuilder::new()
            .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
            .with_profile(GlProfile::Core)
            .build(None),
        Flavour::Gles => {
            ContextAttributesBuilder::new().with_context_api(ContextApi::Gles(Some(Version::new(3, 0)))).build(None)
        }
    };
    // SAFETY: the config came from this display; no window handle is passed.
    let context = unsafe { display.create_context(&config, &attributes) }
        .map_err(|e| format!("{} refused ({e})", api.name()))?
        .make_current_surfaceless()
        .map_err(|e| e.to_string())?;
    // SAFETY: the context is current on this thread, so the pointers that
    // eglGetProcAddress returns are valid for it.
    let gl = unsafe { glow::Context::from_loader_function_cstr(|name: &CStr| display.get_proc_address(name)) };
    Ok((Context { _context: context, _display: display }, gl))
}
