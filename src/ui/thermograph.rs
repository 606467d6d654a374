//! A thermograph as a small plot for the value card and the explorer: the
//! exact data of [`ThermalAnswer`] (walls as breakpoints, mean,
//! temperature) turned into SVG geometry, tested natively, so the Leptos
//! component only places the points.
//!
//! Drawn as is conventional (Siegel 2013, II.5; Berlekamp, Conway and Guy):
//! the temperature t upward, from t = −1 (subzero thermography) to a little
//! above the mast's foot, and the values *reversed* on the horizontal axis,
//! Left's (larger) values to the left. One unit of value is as long as one
//! unit of temperature, so the walls' slopes of ±1 are drawn at 45°.
//! Values stay exact ([`Dyadic`]); floats are only screen coordinates.

use std::fmt::Write;

use super::scene;
use super::svg::escape;
use crate::analysis::ThermalAnswer;
use crate::game::Dyadic;
use crate::position::Colour;

/// The plot's view box width (its height follows the thermograph).
pub const WIDTH: f64 = 240.0;
/// Room around the plot: sides, top, and under it for the value labels.
const SIDE: f64 = 30.0;
const TOP: f64 = 8.0;
const BOTTOM: f64 = 20.0;
/// The tallest the plot area grows.
const MAX_PLOT_HEIGHT: f64 = 110.0;
/// Roughly how wide a label's character is at the plot's font size.
const CHAR_WIDTH: f64 = 5.6;

/// One breakpoint of a wall: at temperature `t` the wall stands at value
/// `v` (exact).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakpoint {
    pub t: Dyadic,
    pub v: Dyadic,
}

/// A wall: breakpoints by rising temperature from t = −1, linear between
/// them (slopes −1, 0 or +1), flat after the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall(pub Vec<Breakpoint>);

impl Wall {
    /// The wall's value at temperature `t` (exact).
    pub fn at(&self, t: &Dyadic) -> Dyadic {
        let pts = &self.0;
        let k = pts.partition_point(|p| &p.t <= t).saturating_sub(1);
        let Some(p) = pts.get(k) else {
            return Dyadic::zero();
        };
        let Some(next) = pts.get(k + 1) else {
            return p.v.clone();
        };
        // Slopes are −1, 0 or +1: the wall moves by as much as t does.
        let dt = t.sub(&p.t);
        match next.v.cmp(&p.v) {
            std::cmp::Ordering::Equal => p.v.clone(),
            std::cmp::Ordering::Greater => p.v.add(&dt),
            std::cmp::Ordering::Less => p.v.sub(&dt),
        }
    }

    fn last(&self) -> Option<&Breakpoint> {
        self.0.last()
    }

    /// `(−1, 5) (3, 1)`.
    fn describe(&self) -> String {
        self.0
            .iter()
            .map(|p| format!("({}, {})", p.t, p.v))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A thermograph's exact data, read from a [`ThermalAnswer`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThermographPlot {
    pub left: Wall,
    pub right: Wall,
    pub mean: Dyadic,
    pub temperature: Dyadic,
}

impl ThermographPlot {
    /// The thermograph of `t`, if it has one (none under misère and
    /// synchronous rules, or past the budget) and its data read back.
    pub fn of(t: &ThermalAnswer) -> Option<ThermographPlot> {
        let walls = t.thermograph.as_ref()?;
        let wall = |w: &[[String; 2]]| -> Option<Wall> {
            let pts = w
                .iter()
                .map(|[t, v]| {
                    Some(Breakpoint {
                        t: t.parse().ok()?,
                        v: v.parse().ok()?,
                    })
                })
                .collect::<Option<Vec<_>>>()?;
            (!pts.is_empty()).then_some(Wall(pts))
        };
        Some(ThermographPlot {
            left: wall(&walls.left)?,
            right: wall(&walls.right)?,
            mean: t.mean.as_ref()?.parse().ok()?,
            temperature: t.temperature.as_ref()?.parse().ok()?,
        })
    }
}

/// A point of the plot in view-box units (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Xy {
    pub x: f64,
    pub y: f64,
}

/// How a label is anchored at its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextAnchor {
    Start,
    Middle,
    End,
}

impl TextAnchor {
    pub fn css(self) -> &'static str {
        match self {
            TextAnchor::Start => "start",
            TextAnchor::Middle => "middle",
            TextAnchor::End => "end",
        }
    }
}

/// A label of the plot: exact text at a point.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub at: Xy,
    pub text: String,
    pub anchor: TextAnchor,
}

/// The plot's geometry: walls, mast, axes and labels in a view box
/// [`WIDTH`] × `height`.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    pub height: f64,
    /// The walls from t = −1 to the mast's foot, as polylines.
    pub left: Vec<Xy>,
    pub right: Vec<Xy>,
    /// The mast: from its foot (the temperature) up to the top.
    pub mast: [Xy; 2],
    /// The value axis at t = 0 (a line across the plot).
    pub axis: [Xy; 2],
    /// The temperature axis at value 0, when 0 is in the plot's range.
    pub zero: Option<[Xy; 2]>,
    /// The temperature's level, dotted, from the temperature axis side.
    pub level: [Xy; 2],
    /// Values under the plot (the stops and the mean), temperatures on
    /// the side (0 and the temperature).
    pub labels: Vec<Label>,
}

/// `x1,y1 x2,y2 …` for an SVG polyline.
pub fn points(p: &[Xy]) -> String {
    let mut out = String::new();
    for (k, q) in p.iter().enumerate() {
        if k > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{:.2},{:.2}", q.x, q.y);
    }
    out
}

/// Values and temperatures to view-box coordinates: x falls as the value
/// rises (Left's side is the left), y falls as the temperature rises.
struct PlotFrame {
    hi: f64,
    t_min: f64,
    x0: f64,
    y0: f64,
    scale: f64,
}

impl PlotFrame {
    fn at(&self, t: f64, v: f64) -> Xy {
        Xy {
            x: self.x0 + (self.hi - v) * self.scale,
            y: self.y0 - (t - self.t_min) * self.scale,
        }
    }

    fn exact(&self, t: &Dyadic, v: &Dyadic) -> Xy {
        self.at(t.to_f64_lossy(), v.to_f64_lossy())
    }
}

impl Plot {
    /// The plot of `g`.
    pub fn of(g: &ThermographPlot) -> Plot {
        let f = |d: &Dyadic| d.to_f64_lossy();
        let t_min = -1.0;
        let temperature = f(&g.temperature);
        let top = temperature.max(0.0) + ((temperature.max(0.0) + 1.0) / 3.0).max(0.75);
        let values = g.left.0.iter().chain(&g.right.0).map(|p| f(&p.v));
        let (mut lo, mut hi) = values.fold((f(&g.mean), f(&g.mean)), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
        // A narrow thermograph (a mast, a cold game) gets room around it.
        if hi - lo < 2.0 {
            let mid = (hi + lo) / 2.0;
            (lo, hi) = (mid - 1.0, mid + 1.0);
        }
        let (w, h) = (hi - lo, top - t_min);
        let scale = ((WIDTH - 2.0 * SIDE) / w).min(MAX_PLOT_HEIGHT / h);
        let frame = PlotFrame {
            hi,
            t_min,
            x0: (WIDTH - w * scale) / 2.0,
            y0: TOP + h * scale,
            scale,
        };
        let foot = &g.temperature;
        let wall = |w: &Wall| -> Vec<Xy> {
            let mut pts: Vec<Xy> =
                w.0.iter()
                    .filter(|p| &p.t <= foot)
                    .map(|p| frame.exact(&p.t, &p.v))
                    .collect();
            if w.last().is_some_and(|p| &p.t < foot) {
                pts.push(frame.exact(foot, &w.at(foot)));
            }
            pts
        };
        let zero_t = frame.at(0.0, hi).y;
        let mut labels = Vec::new();
        // Under the plot: Left's stop, the mean, Right's stop (the walls at
        // t = 0), each where the wall is, unless it would overlap another.
        let zero = Dyadic::zero();
        let (l0, r0) = (g.left.at(&zero), g.right.at(&zero));
        let bottom = frame.y0 + 13.0;
        let mut taken: Vec<(f64, f64)> = Vec::new();
        for v in [&g.mean, &l0, &r0] {
            let text = v.to_string();
            let x = frame.exact(&zero, v).x;
            let half = text.chars().count() as f64 * CHAR_WIDTH / 2.0 + 3.0;
            if taken.iter().any(|&(a, b)| x + half > a && x - half < b) {
                continue;
            }
            taken.push((x - half, x + half));
            labels.push(Label {
                at: Xy { x, y: bottom },
                text,
                anchor: TextAnchor::Middle,
            });
        }
        // Beside it: t = 0 and the temperature.
        let side = frame.x0 + w * scale + 4.0;
        labels.push(Label {
            at: Xy {
                x: side,
                y: zero_t + 3.5,
            },
            text: "0".into(),
            anchor: TextAnchor::Start,
        });
        let foot_y = frame.exact(foot, &g.mean).y;
        if (foot_y - zero_t).abs() > 10.0 {
            labels.push(Label {
                at: Xy {
                    x: side,
                    y: foot_y + 3.5,
                },
                text: g.temperature.to_string(),
                anchor: TextAnchor::Start,
            });
        }
        Plot {
            height: frame.y0 + BOTTOM,
            left: wall(&g.left),
            right: wall(&g.right),
            mast: [frame.exact(foot, &g.mean), frame.at(top, f(&g.mean))],
            axis: [frame.at(0.0, hi), frame.at(0.0, lo)],
            zero: (lo <= 0.0 && 0.0 <= hi).then(|| [frame.at(t_min, 0.0), frame.at(top, 0.0)]),
            level: [
                Xy {
                    x: frame.x0,
                    y: foot_y,
                },
                Xy {
                    x: side - 2.0,
                    y: foot_y,
                },
            ],
            labels,
        }
    }
}

/// What the value card and the explorer show of a value's temperature
/// theory: exact mean and temperature, and the plot.
#[derive(Clone, Debug, PartialEq)]
pub struct ThermalView {
    /// The plot's accessible name: `Thermograph of {4|-2}`.
    pub name: String,
    /// The exact data in words (the plot's `<title>`).
    pub description: String,
    pub mean: String,
    pub temperature: String,
    /// The reduced canonical form and the atomic weight, where computed.
    pub reduced: Option<String>,
    pub atomic_weight: Option<String>,
    pub plot: Plot,
}

impl ThermalView {
    /// The view of `t`, the temperature theory of the value `of` (as the
    /// page shows it), if it has a thermograph.
    pub fn new(of: &str, t: &ThermalAnswer) -> Option<ThermalView> {
        let g = ThermographPlot::of(t)?;
        let name = format!("Thermograph of {of}");
        let description = format!(
            "{name}: left wall through (temperature, value) {}; right wall through {}; \
             mast at the mean {} from the temperature {} up.",
            g.left.describe(),
            g.right.describe(),
            g.mean,
            g.temperature
        );
        Some(ThermalView {
            name,
            description,
            mean: g.mean.to_string(),
            temperature: g.temperature.to_string(),
            reduced: t.reduced.clone(),
            atomic_weight: t.atomic_weight.clone(),
            plot: Plot::of(&g),
        })
    }
}

impl ThermalView {
    /// The plot as an inline SVG element: `role="img"` named
    /// [`Self::name`], the exact data in its `<title>`; Left's wall in
    /// Left's blue, Right's in red, the mast, the axes and the labels.
    pub fn svg(&self) -> String {
        let p = &self.plot;
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"thermograph\" role=\"img\" \
             aria-label=\"{}\" viewBox=\"0 0 {WIDTH} {:.1}\" preserveAspectRatio=\"xMidYMid meet\">\
             <title>{}</title>",
            escape(&self.name),
            p.height,
            escape(&self.description)
        );
        let line = |out: &mut String, [a, b]: [Xy; 2], class: &str| {
            let _ = write!(
                out,
                "<line class=\"{class}\" x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\"/>",
                a.x, a.y, b.x, b.y
            );
        };
        line(&mut out, p.axis, "axis");
        if let Some(z) = p.zero {
            line(&mut out, z, "axis");
        }
        line(&mut out, p.level, "level");
        let stroke = |c: Colour| scene::stroke(c, false).css;
        for (wall, colour, class) in [
            (&p.left, Colour::Blue, "left wall"),
            (&p.right, Colour::Red, "right wall"),
        ] {
            let _ = write!(
                out,
                "<polyline class=\"{class}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2.5\" \
                 stroke-linejoin=\"round\" stroke-linecap=\"round\" points=\"{}\"/>",
                stroke(colour),
                points(wall)
            );
        }
        let [a, b] = p.mast;
        let _ = write!(
            out,
            "<line class=\"mast\" stroke=\"{}\" stroke-width=\"2.5\" stroke-linecap=\"round\" \
             x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\"/>",
            scene::VERTEX,
            a.x,
            a.y,
            b.x,
            b.y
        );
        for l in &p.labels {
            let _ = write!(
                out,
                "<text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"{}\">{}</text>",
                l.at.x,
                l.at.y,
                l.anchor.css(),
                escape(&l.text)
            );
        }
        out.push_str("</svg>");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Dyadic {
        s.parse().unwrap()
    }

    #[test]
    fn a_wall_is_exact_between_breakpoints() {
        let w = Wall(vec![
            Breakpoint {
                t: d("-1"),
                v: d("5"),
            },
            Breakpoint {
                t: d("3"),
                v: d("1"),
            },
        ]);
        assert_eq!(w.at(&d("0")), d("4"));
        assert_eq!(w.at(&d("1/2")), d("7/2"));
        assert_eq!(w.at(&d("7")), d("1"));
    }
}
