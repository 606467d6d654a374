//! What only a browser can do with the session's exports: a PNG drawn on
//! an offscreen canvas by the board's own drawing code, a file offered
//! for download, a handout printed from a new window.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, HtmlAnchorElement, HtmlCanvasElement, Url,
};

use crate::ui::scene::Scene;

/// Height of the caption band under an exported picture (CSS pixels).
const BAND: f64 = 44.0;

fn document() -> Result<web_sys::Document, JsValue> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| "no document".into())
}

/// `scene` drawn for a PNG at `scale` device pixels per CSS pixel (2 to
/// 4), with `caption` (slide title, rules and value; none if `None`) in a
/// band below the picture.
pub fn png_canvas(
    scene: &Scene,
    caption: Option<&str>,
    scale: f64,
) -> Result<HtmlCanvasElement, JsValue> {
    let scale = if scale.is_finite() {
        scale.clamp(2.0, 4.0)
    } else {
        2.0
    };
    let band = if caption.is_some_and(|c| !c.is_empty()) {
        BAND
    } else {
        0.0
    };
    let canvas: HtmlCanvasElement = document()?.create_element("canvas")?.dyn_into()?;
    canvas.set_width((scene.width * scale).round() as u32);
    canvas.set_height(((scene.height + band) * scale).round() as u32);
    let ctx: CanvasRenderingContext2d = canvas
        .get_context("2d")?
        .ok_or("no 2d context")?
        .dyn_into()?;
    super::canvas::render(&ctx, scene, scale);
    if let Some(caption) = caption.filter(|_| band > 0.0) {
        let _ = ctx.set_transform(scale, 0.0, 0.0, scale, 0.0, 0.0);
        ctx.set_fill_style_str("#ffffff");
        ctx.fill_rect(0.0, scene.height, scene.width, band);
        ctx.set_fill_style_str("#1d1f24");
        ctx.set_font("600 18px system-ui, sans-serif");
        ctx.set_text_baseline("middle");
        let _ = ctx.fill_text_with_max_width(
            caption,
            12.0,
            scene.height + band / 2.0,
            (scene.width - 24.0).max(1.0),
        );
    }
    Ok(canvas)
}

/// Offer `blob` as a download named `name`.
pub fn download_blob(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let url = Url::create_object_url_with_blob(blob)?;
    let a: HtmlAnchorElement = document()?.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    // The download has started by the next task; the URL can go then.
    let _ = leptos::prelude::set_timeout_with_handle(
        move || {
            let _ = Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(2),
    );
    Ok(())
}

/// A text file (an SVG document) as a Blob of type `mime`.
pub fn text_blob(text: &str, mime: &str) -> Result<Blob, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    Blob::new_with_str_sequence_and_options(&parts, &options)
}

/// Download `canvas` as a PNG named `name` (encoded asynchronously).
pub fn download_png(canvas: &HtmlCanvasElement, name: &str) -> Result<(), JsValue> {
    let name = name.to_string();
    let done = Closure::once_into_js(move |blob: Option<Blob>| {
        if let Some(b) = blob {
            let _ = download_blob(&b, &name);
        }
    });
    canvas.to_blob(done.unchecked_ref())
}

/// Open `html` (a whole document, which prints itself once loaded: see
/// `ui::handout`) in a new window.
///
/// Opened `noopener`: a window the page may script shares the page's
/// event loop, so laying out a deck's handout (and creating its window)
/// ran as long tasks of the page itself; apart from the page, the window
/// is built on its own. The price is that `window.open` then returns
/// nothing in every case, so a blocked pop-up cannot be told from one
/// that opened.
pub fn print(html: &str) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or("no window")?;
    let blob = text_blob(html, "text/html")?;
    let url = Url::create_object_url_with_blob(&blob)?;
    window.open_with_url_and_target_and_features(&url, "_blank", "noopener")?;
    Ok(())
}
