//! Layout units ↔ canvas pixels. Layout has y up with the ground at 0;
//! pixels have y down. The editor keeps a steady scale while you draw (a
//! view that rescales under the pointer is hard to draw in) and refits only
//! when a whole new drawing arrives.

use crate::position::Point;

use super::drawing::Drawing;
use super::geometry::{strokes_box, HEADROOM};

/// Pixels per layout unit when there is room.
pub const DEFAULT_SCALE: f64 = 80.0;
/// Presenter mode's cap: a small drawing fills the projected board.
pub const PRESENT_SCALE: f64 = 300.0;
/// Small enough to show a long stalk whole on a phone (touch targets
/// shrink with the scale, see [`Viewport::hit_radius`]).
const MIN_SCALE: f64 = 8.0;
/// Room kept around a drawing, in pixels.
const MARGIN: f64 = 48.0;
/// Room kept between a stroke (a loop, a bow) and the canvas's edge, in
/// pixels: half a presenting stroke with its halo, and a label's half
/// height above.
const STROKE_ROOM: f64 = 24.0;
/// Half of a 44 px touch target.
pub const TOUCH_RADIUS_PX: f64 = 22.0;
/// The largest touch radius in layout units.
const MAX_HIT_UNITS: f64 = 0.4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    /// Canvas size in CSS pixels.
    pub width: f64,
    pub height: f64,
    /// Pixels per layout unit.
    pub scale: f64,
    /// Pixel x of layout x = 0.
    pub origin_x: f64,
    /// Pixel y of the ground line.
    pub ground_y: f64,
}

impl Viewport {
    pub fn new(width: f64, height: f64) -> Viewport {
        Viewport {
            width,
            height,
            scale: DEFAULT_SCALE,
            origin_x: MARGIN + 20.0,
            ground_y: height - MARGIN,
        }
    }

    pub fn to_screen(&self, p: Point) -> Point {
        Point {
            x: self.origin_x + p.x * self.scale,
            y: self.ground_y - p.y * self.scale,
        }
    }

    pub fn to_world(&self, p: Point) -> Point {
        Point {
            x: (p.x - self.origin_x) / self.scale,
            y: (self.ground_y - p.y) / self.scale,
        }
    }

    /// The touch radius in layout units: [`TOUCH_RADIUS_PX`], but at most
    /// 0.4 of a unit, so on a drawing shrunk to fit, vertices one unit apart
    /// leave the middle of the edge between them to the edge.
    pub fn hit_radius(&self) -> f64 {
        (TOUCH_RADIUS_PX / self.scale).min(MAX_HIT_UNITS)
    }

    /// Centre `d` and shrink (never grow past the default) to fit.
    pub fn fit(&mut self, d: &Drawing) {
        self.fit_within(d, DEFAULT_SCALE);
    }

    /// Centre `d` and scale it to fit, at most `max_scale` pixels per unit
    /// (presenter mode zooms a small drawing up to fill a projector).
    pub fn fit_within(&mut self, d: &Drawing, max_scale: f64) {
        let strokes = strokes_box(d);
        let (w, h) = extent_with(d, strokes);
        let (lo, hi) = d.bounds();
        let avail_w = (self.width - 2.0 * MARGIN).max(1.0);
        let avail_h = (self.height - 2.0 * MARGIN).max(1.0);
        self.scale = max_scale.min(avail_w / w).min(avail_h / h).max(MIN_SCALE);
        self.ground_y = self.height - MARGIN;
        let mid = (lo.x + hi.x) / 2.0;
        self.origin_x = self.width / 2.0 - mid * self.scale;
        self.keep_strokes_inside(strokes);
    }

    /// Shrink and recentre the fit if a stroke would leave the canvas.
    /// Loops and bows stand past the vertices the fit holds by a fixed
    /// part of a unit, which [`MARGIN`] holds at the default scale but not
    /// zoomed up: presenting, a loop on the rightmost vertex (or on the
    /// ground there) was cut in half at the board's edge. A fit whose
    /// strokes stay inside is left as it is.
    fn keep_strokes_inside(&mut self, strokes: Option<(Point, Point)>) {
        let Some((lo, hi)) = strokes else {
            return;
        };
        let left = self.to_screen(lo).x;
        let right = self.to_screen(Point { x: hi.x, y: 0.0 }).x;
        let top = self.to_screen(hi).y;
        if left >= STROKE_ROOM && right <= self.width - STROKE_ROOM && top >= STROKE_ROOM {
            return;
        }
        let avail_w = (self.width - 2.0 * STROKE_ROOM).max(1.0);
        let avail_h = (self.ground_y - STROKE_ROOM).max(1.0);
        self.scale = self
            .scale
            .min(avail_w / (hi.x - lo.x).max(1e-9))
            .min(avail_h / hi.y.max(1e-9))
            .max(MIN_SCALE);
        self.origin_x = self.width / 2.0 - (lo.x + hi.x) / 2.0 * self.scale;
    }

    /// The canvas height, in CSS pixels, at which [`Self::fit`] shows `d`
    /// at this width with no more sky than its margin: as large as the
    /// width allows (up to the default scale), and no larger. A puzzle on
    /// a phone sizes its board so (its drawing is fixed), which leaves the
    /// puzzle's card room on the first screen.
    pub fn height_to_fit(&self, d: &Drawing) -> f64 {
        let (w, h) = extent(d);
        let avail_w = (self.width - 2.0 * MARGIN).max(1.0);
        h * DEFAULT_SCALE.min(avail_w / w) + 2.0 * MARGIN
    }

    /// Keep the fit after the canvas changes size.
    pub fn resize(&mut self, width: f64, height: f64) {
        self.width = width;
        self.height = height;
        self.ground_y = height - MARGIN;
    }
}

/// A drawing's width and height in layout units, as a view fits them (at
/// least one unit each way, the ground included): its vertices, and its
/// strokes where they rise above the highest vertex further than the
/// margins hold ([`HEADROOM`]: nested loops, a bow over a looped vertex).
pub fn extent(d: &Drawing) -> (f64, f64) {
    extent_with(d, strokes_box(d))
}

/// [`extent`] of `d` whose strokes' box ([`strokes_box`]) is `strokes`.
fn extent_with(d: &Drawing, strokes: Option<(Point, Point)>) -> (f64, f64) {
    let (lo, hi) = d.bounds();
    let strokes_top = strokes.map_or(0.0, |(_, top)| top.y);
    let top = hi.y.max(strokes_top - HEADROOM);
    ((hi.x - lo.x).max(1.0), (top - lo.y).max(1.0))
}
