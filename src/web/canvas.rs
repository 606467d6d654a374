//! Draw a [`Scene`] on a 2D canvas. The scene already holds pixel
//! coordinates and styles (shared with the SVG export); this only strokes.

use wasm_bindgen::JsValue;
use web_sys::CanvasRenderingContext2d;

use crate::ui::geometry::Shape;
use crate::ui::scene::{self, fall_offset, Advice, Scene};

fn trace(ctx: &CanvasRenderingContext2d, shape: &Shape, dy: f64) {
    ctx.begin_path();
    match *shape {
        Shape::Line(a, b) => {
            ctx.move_to(a.x, a.y + dy);
            ctx.line_to(b.x, b.y + dy);
        }
        Shape::Curve(a, c, b) => {
            ctx.move_to(a.x, a.y + dy);
            ctx.quadratic_curve_to(c.x, c.y + dy, b.x, b.y + dy);
        }
        Shape::Loop { centre, radius, .. } => {
            // Errors only come from a negative radius, which we never make.
            let _ = ctx.arc(centre.x, centre.y + dy, radius, 0.0, std::f64::consts::TAU);
        }
    }
}

fn dash(ctx: &CanvasRenderingContext2d, pattern: &[f64]) {
    let array = js_sys::Array::new();
    for &x in pattern {
        array.push(&JsValue::from_f64(x));
    }
    let _ = ctx.set_line_dash(&array);
}

/// A wide soft stroke under an edge, solid or with a dash `pattern`.
fn halo(ctx: &CanvasRenderingContext2d, shape: &Shape, css: &str, width: f64) {
    halo_dashed(ctx, shape, css, width, &[]);
}

fn halo_dashed(
    ctx: &CanvasRenderingContext2d,
    shape: &Shape,
    css: &str,
    width: f64,
    pattern: &[f64],
) {
    trace(ctx, shape, 0.0);
    ctx.set_stroke_style_str(css);
    ctx.set_line_width(width);
    dash(ctx, pattern);
    ctx.stroke();
}

/// Draw `s` at device pixel ratio `dpr`.
pub fn render(ctx: &CanvasRenderingContext2d, s: &Scene, dpr: f64) {
    let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
    ctx.set_global_alpha(1.0);
    // The canvas's pixels are its CSS size rounded, so a fractional size
    // leaves a last row and column only partly covered by a fill of the
    // scene's size: blended with the picture before, they would depend on
    // how often the board was painted. One pixel past the scene (clipped
    // by the canvas) covers them whole.
    ctx.set_fill_style_str(scene::BACKGROUND);
    ctx.fill_rect(0.0, 0.0, s.width + 1.0, s.height + 1.0);
    // The ground: a band of earth below a firm line.
    ctx.set_fill_style_str("#ece6d6");
    ctx.fill_rect(0.0, s.ground_y, s.width + 1.0, s.height + 1.0 - s.ground_y);
    ctx.begin_path();
    ctx.move_to(0.0, s.ground_y);
    ctx.line_to(s.width + 1.0, s.ground_y);
    ctx.set_stroke_style_str(scene::GROUND);
    ctx.set_line_width(6.0);
    dash(ctx, &[]);
    ctx.stroke();

    ctx.set_line_cap("round");
    let k = scene::scale(s);
    // Halos first so that no halo covers a neighbouring edge.
    for e in s.edges.iter().filter(|e| e.fall == 0.0) {
        let advice = match e.advice {
            Advice::None => None,
            Advice::Left => Some("rgba(66,133,244,0.35)"),
            Advice::Right => Some("rgba(229,57,53,0.30)"),
            Advice::Both => Some("rgba(142,36,170,0.30)"),
        };
        if let Some(css) = advice {
            // Colour-blind mode tells the sides apart by pattern too:
            // Left solid, Right dashed, both dotted.
            let pattern: &[f64] = match (s.colour_blind, e.advice) {
                (true, Advice::Right) => &[14.0 * k, 10.0 * k],
                (true, Advice::Both) => &[2.0 * k, 24.0 * k],
                _ => &[],
            };
            halo_dashed(ctx, &e.shape, css, 20.0 * k, pattern);
        }
        if e.picked {
            halo(ctx, &e.shape, "rgba(255,160,0,0.7)", 16.0 * k);
        }
        if e.selected {
            halo(ctx, &e.shape, "rgba(255,213,79,0.95)", 14.0 * k);
        }
    }
    for e in &s.edges {
        let st = scene::stroke(e.colour, s.colour_blind);
        let dy = fall_offset(e.fall);
        let alpha = scene::opacity(e);
        ctx.set_global_alpha(alpha.clamp(0.0, 1.0));
        trace(ctx, &e.shape, dy);
        ctx.set_stroke_style_str(st.css);
        ctx.set_line_width(st.width * k);
        // An edge that would fall with the hovered one is dashed, so the
        // preview reads without colour too.
        dash(
            ctx,
            if e.preview {
                scene::PREVIEW_DASH
            } else {
                st.dash
            },
        );
        ctx.stroke();
        if st.double {
            trace(ctx, &e.shape, dy);
            ctx.set_stroke_style_str(scene::BACKGROUND);
            ctx.set_line_width(st.width * k / 3.0);
            dash(ctx, &[]);
            ctx.stroke();
        }
    }
    ctx.set_global_alpha(1.0);
    dash(ctx, &[]);
    for (p, selected) in &s.vertices {
        ctx.begin_path();
        let _ = ctx.arc(
            p.x,
            p.y,
            k * if *selected { 8.0 } else { 5.0 },
            0.0,
            std::f64::consts::TAU,
        );
        ctx.set_fill_style_str(if *selected { "#f9a825" } else { scene::VERTEX });
        ctx.fill();
    }
    if s.show_labels {
        let lk = scene::label_scale(s);
        let weight = if s.large { "bold " } else { "" };
        ctx.set_font(&format!("{weight}{}px system-ui, sans-serif", 12.0 * lk));
        ctx.set_text_align("center");
        ctx.set_text_baseline("middle");
        for e in s.edges.iter().filter(|e| e.fall == 0.0) {
            let boxed = e.note.is_some();
            label(ctx, &e.shape, &scene::label_text(e), lk, s.width, boxed);
        }
    }
    if let Some((a, b, colour)) = s.rubber {
        let st = scene::stroke(colour, s.colour_blind);
        ctx.set_global_alpha(0.6);
        ctx.begin_path();
        ctx.move_to(a.x, a.y);
        ctx.line_to(b.x, b.y);
        ctx.set_stroke_style_str(st.css);
        ctx.set_line_width(st.width);
        dash(ctx, &[8.0, 6.0]);
        ctx.stroke();
        ctx.set_global_alpha(1.0);
        dash(ctx, &[]);
        ctx.begin_path();
        let _ = ctx.arc(b.x, b.y, 9.0, 0.0, std::f64::consts::TAU);
        ctx.set_line_width(2.0);
        ctx.stroke();
    }
}

/// An edge label in a small light pill beside the stroke, as wide as its
/// text measures, where [`scene::label_left`] places it on a canvas
/// `width` CSS pixels wide. A label with a note is `boxed` by a faint
/// outline: two notes side by side (one moved left of its edge) read as
/// two, not as one line.
fn label(
    ctx: &CanvasRenderingContext2d,
    shape: &Shape,
    text: &str,
    k: f64,
    width: f64,
    boxed: bool,
) {
    let at = shape.midpoint();
    let w = ctx
        .measure_text(text)
        .map(|m| m.width() + 8.0 * k)
        .unwrap_or_else(|_| scene::label_width(text, k));
    let x = scene::label_left(at, w, k, width, shape.label_side());
    let y = at.y;
    ctx.set_fill_style_str("rgba(255,255,255,0.85)");
    ctx.fill_rect(x, y - 8.0 * k, w, 16.0 * k);
    if boxed {
        ctx.set_stroke_style_str("rgba(0,0,0,0.25)");
        ctx.set_line_width(1.0);
        ctx.stroke_rect(x, y - 8.0 * k, w, 16.0 * k);
    }
    ctx.set_fill_style_str(scene::VERTEX);
    ctx.set_text_align("left");
    let _ = ctx.fill_text(text, x + 4.0 * k, y);
}
