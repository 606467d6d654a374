//! Export a [`Drawing`] as a TikZ picture for papers and handouts: the
//! same edge shapes as the canvas and the SVG export (from
//! [`super::geometry::edge_shapes`]: parallel edges bow apart, loops stand
//! on their vertex), in layout units taken as centimetres (y up, the ground
//! line at y = 0), the page's colours, optional edge labels and a caption.
//!
//! A picture needs only `\usepackage{tikz}`: its styles and colours are
//! defined in the picture's own options, so it can be pasted into any
//! document; [`document`] wraps pictures in a `standalone` document that
//! compiles as it is (one page per picture, for a deck). Every edge is one
//! `\draw[blue edge]` (or `red`, `green`, `black`) command, in label order,
//! so a picture can be checked against its position by reading it.
//! [`caption`] and [`latex_value`] give the words under a picture, so the
//! command line and the page caption alike.

use std::fmt::Write;

use crate::analysis::{Answer, Request, Rules};
use crate::game::{latex_rational, Arena};
use crate::position::{Colour, Point, GROUND};

use super::answer_view::{rules_phrase, CaptionValue, ExportCaption};
use super::drawing::Drawing;
use super::geometry::{edge_shapes, LabelSide, Shape};
use super::scene;

/// What a picture shows besides the edges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TikzOptions {
    /// Each edge's label beside its middle, as on the board.
    pub labels: bool,
    /// Lines of LaTeX under the picture, centred (escape plain text with
    /// [`escape`]).
    pub caption: Vec<String>,
}

/// The style name of an edge colour (`black` for uncoloured edges).
pub fn style_name(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue edge",
        Colour::Red => "red edge",
        Colour::Green => "green edge",
        Colour::Uncoloured => "black edge",
    }
}

/// `#1f5fbf` as TikZ's `{rgb,255:red,31;green,95;blue,191}`, so that no
/// `\definecolor` is needed outside the picture.
fn rgb(css: &str) -> String {
    let hex = css.trim_start_matches('#');
    let byte = |k: usize| u8::from_str_radix(hex.get(k..k + 2).unwrap_or("00"), 16).unwrap_or(0);
    format!(
        "{{rgb,255:red,{};green,{};blue,{}}}",
        byte(0),
        byte(2),
        byte(4)
    )
}

/// A coordinate in centimetres, to a thousandth, without trailing zeros.
fn num(x: f64) -> String {
    let s = format!("{x:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    match s {
        "-0" | "" => "0".to_string(),
        _ => s.to_string(),
    }
}

fn at(p: Point) -> String {
    format!("({},{})", num(p.x), num(p.y))
}

/// What stands on a board in play: each edge's colour now (`None`: cut or
/// fallen; an uncoloured edge takes the colour it was painted), and the
/// labels standing in only some realisations (quantum play), drawn lighter
/// as on the page.
#[derive(Clone, Copy, Debug)]
pub struct TikzStanding<'a> {
    pub colours: &'a [Option<Colour>],
    pub partial: &'a [usize],
}

/// `d` as one `tikzpicture` environment.
pub fn picture(d: &Drawing, o: &TikzOptions) -> String {
    board_picture(d, None, o)
}

/// `d` as the board shows it: with `standing`, only the edges standing,
/// in their colours now, each with its own label (the labels of a board
/// in play are the drawing's); without, the drawing as drawn (edges off
/// the ground drawn faded).
pub fn board_picture(d: &Drawing, standing: Option<TikzStanding>, o: &TikzOptions) -> String {
    let mut out = String::new();
    out.push_str("\\begin{tikzpicture}[\n");
    for c in Colour::ALL {
        let _ = writeln!(
            out,
            "  {}/.style={{draw={}, line width=1.4pt, line cap=round}},",
            style_name(c),
            rgb(scene::stroke(c, false).css)
        );
    }
    let _ = writeln!(
        out,
        "  ground/.style={{draw={}, line width=3pt}},",
        rgb(scene::GROUND)
    );
    let _ = writeln!(out, "  vertex/.style={{fill={}}},", rgb(scene::VERTEX));
    out.push_str("  off ground/.style={opacity=0.3},\n");
    out.push_str("  partial/.style={opacity=0.55},\n");
    // A pale box under each label, as the page's pill: a stroke the label
    // stands on (an upright loop's ring) does not run through its digits.
    out.push_str("  edge label/.style={font=\\scriptsize, anchor=west, inner sep=1pt, fill=white, fill opacity=0.85, text opacity=1},\n");
    out.push_str("  caption/.style={anchor=north, align=center, font=\\small}]\n");

    let colour = |i: usize| match standing {
        Some(s) => s.colours.get(i).copied().flatten(),
        None => Some(d.edges[i].colour),
    };
    let shown: Vec<usize> = (0..d.edges.len())
        .filter(|&i| colour(i).is_some())
        .collect();
    let vertices = used_vertices(d, &shown);
    // The ground line runs under loops on the ground too: they stand on
    // the ground's point, in a column of their own.
    let mut spanned = vertices.clone();
    if shown
        .iter()
        .any(|&i| d.edges[i].u == GROUND && d.edges[i].v == GROUND)
    {
        spanned.push(GROUND);
    }
    let (lo, hi) = extent(d, &spanned);
    let _ = writeln!(
        out,
        "\\draw[ground] {} -- {};",
        at(Point {
            x: lo.x - 0.5,
            y: 0.0
        }),
        at(Point {
            x: hi.x + 0.5,
            y: 0.0
        })
    );
    let off = d.ungrounded();
    let shapes = edge_shapes(d);
    for &i in &shown {
        let shape = &shapes[i];
        let mut style = style_name(colour(i).unwrap_or(d.edges[i].colour)).to_string();
        match standing {
            None if off.contains(i) => style.push_str(", off ground"),
            Some(s) if s.partial.contains(&(i + 1)) => style.push_str(", partial"),
            _ => {}
        }
        let path = match *shape {
            Shape::Line(a, b) => format!("{} -- {}", at(a), at(b)),
            Shape::Curve(a, c, b) => {
                // The quadratic curve as the cubic TikZ draws: control
                // points two thirds of the way from each end to `c`.
                let third = |p: Point| Point {
                    x: p.x + 2.0 / 3.0 * (c.x - p.x),
                    y: p.y + 2.0 / 3.0 * (c.y - p.y),
                };
                format!(
                    "{} .. controls {} and {} .. {}",
                    at(a),
                    at(third(a)),
                    at(third(b)),
                    at(b)
                )
            }
            Shape::Loop { centre, radius, .. } => {
                format!("{} circle[radius={}]", at(centre), num(radius))
            }
        };
        let _ = writeln!(out, "\\draw[{style}] {path};");
    }
    for &v in &vertices {
        let _ = writeln!(
            out,
            "\\fill[vertex] {} circle[radius=0.07];",
            at(d.points[v])
        );
    }
    if o.labels {
        for &i in &shown {
            let m = shapes[i].midpoint();
            let (dx, anchor) = match shapes[i].label_side() {
                LabelSide::Right => (0.12, ""),
                LabelSide::Left => (-0.12, ", anchor=east"),
            };
            let _ = writeln!(
                out,
                "\\node[edge label{anchor}] at {} {{{}}};",
                at(Point {
                    x: m.x + dx,
                    y: m.y
                }),
                i + 1
            );
        }
    }
    if !o.caption.is_empty() {
        let _ = writeln!(
            out,
            "\\node[caption] at {} {{{}}};",
            at(Point {
                x: (lo.x + hi.x) / 2.0,
                y: lo.y.min(0.0) - 0.3
            }),
            o.caption.join("\\\\ ")
        );
    }
    out.push_str("\\end{tikzpicture}\n");
    out
}

/// Pictures in a document that compiles as it is: the `standalone` class,
/// cropped to each picture, one page per picture; where that class is not
/// installed (a minimal TeX Live), an `article`, the pictures one below
/// another.
pub fn document(pictures: &[String]) -> String {
    let mut out = String::from(
        "\\IfFileExists{standalone.cls}\n  {\\documentclass[tikz,border=4pt]{standalone}}\n  \
         {\\documentclass{article}\\usepackage{tikz}\\pagestyle{empty}}\n\\begin{document}\n",
    );
    for p in pictures {
        out.push_str(p);
    }
    out.push_str("\\end{document}\n");
    out
}

/// A deck's pictures, one a page, in a document that compiles as it is
/// with pdflatex and nothing but TikZ (and `graphicx`, part of every
/// LaTeX): an `article`, each picture centred on a page of its own, scaled
/// down to the text width only if it is wider.
pub fn deck_document(pictures: &[String]) -> String {
    let mut out = String::from(
        "\\documentclass{article}\n\\usepackage{tikz}\n\\usepackage{graphicx}\n\\pagestyle{empty}\n\
         \\newsavebox{\\slidebox}\n\\begin{document}\n",
    );
    for (k, p) in pictures.iter().enumerate() {
        if k > 0 {
            out.push_str("\\clearpage\n");
        }
        let _ = write!(
            out,
            "% slide {}\n\\begin{{center}}\n\\begin{{lrbox}}{{\\slidebox}}\n{p}\\end{{lrbox}}\n\
             \\ifdim\\wd\\slidebox>\\linewidth\\resizebox{{\\linewidth}}{{!}}{{\\usebox{{\\slidebox}}}}\
             \\else\\usebox{{\\slidebox}}\\fi\n\\end{{center}}\n",
            k + 1
        );
    }
    out.push_str("\\end{document}\n");
    out
}

/// The caption of an exported board or slide, as the handout captions it:
/// its number in the deck (`2 / 5`, if given) and its title (else the
/// position, in typewriter type), then the rules, the moves played and,
/// if `value` (LaTeX math, no `$`) is given, the value (a misère outcome
/// as its class).
pub fn export_caption(
    c: &ExportCaption,
    number: Option<(usize, usize)>,
    value: Option<&str>,
) -> Vec<String> {
    let subject = match &c.title {
        Some(t) => format!("\\textbf{{{}}}", escape(t)),
        None => format!("\\texttt{{{}}}", escape_typewriter(c.position.trim())),
    };
    let first = match number {
        Some((k, n)) => format!("{k} / {n}\\quad {subject}"),
        None => subject,
    };
    let mut second = escape(&c.rules);
    match c.moves {
        0 => {}
        1 => second.push_str(", after 1 move"),
        n => {
            let _ = write!(second, ", after {n} moves");
        }
    }
    if let Some(note) = super::answer_view::undrawn_phrase(c.undrawn) {
        let _ = write!(second, ", {}", escape(&note));
    }
    if let Some(v) = value {
        let what = match c.value {
            Some(CaptionValue::MisereOutcome(_)) => "misère outcome",
            _ => "value",
        };
        let _ = write!(second, ", {what} ${v}$");
    }
    vec![first, second]
}

/// The caption of a picture of `req`'s position: the position as typed
/// (in typewriter type), then the rules and, with the answer for `req`,
/// its value in LaTeX (a misère outcome as its class).
pub fn caption(req: &Request, answer: Option<&Answer>) -> Vec<String> {
    let mut second = escape(&rules_phrase(&req.rules));
    if let Some(v) = answer.and_then(|a| latex_value(&req.rules, a).ok()) {
        let what = match req.rules {
            Rules::Misere => "outcome",
            _ => "value",
        };
        let _ = write!(second, ", {what} ${v}$");
    }
    vec![
        format!("\\texttt{{{}}}", escape_typewriter(req.position.trim())),
        second,
    ]
}

/// The value of `answer` (to a request under `rules`) in LaTeX math, no
/// `$`: a short game by the LaTeX printer (`game::latex`), a synchronous
/// value as an exact fraction (or `\in [lo, hi]`, the bracket it lies in),
/// a misère outcome as its class (`\mathcal{L}`). An error says why a value
/// cannot be typeset (one too large to read back).
pub fn latex_value(rules: &Rules, answer: &Answer) -> Result<String, String> {
    match rules {
        Rules::Misere => Ok(format!("\\mathcal{{{}}}", answer.value)),
        Rules::Sync(_) => Ok(
            match answer
                .value
                .strip_prefix("~[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|r| r.split_once(", "))
            {
                Some((lo, hi)) => format!("\\in [{}, {}]", latex_rational(lo), latex_rational(hi)),
                None => latex_rational(&answer.value),
            },
        ),
        _ => {
            // The plain form is the engine's contract (RULES.md §2); reading
            // it back gives the canonical game to respell.
            let mut arena = Arena::new();
            let g = arena
                .parse(&answer.value)
                .map_err(|e| format!("the value cannot be typeset: {e}"))?;
            Ok(arena.latex(g))
        }
    }
}

/// Plain text for LaTeX's text mode: its special characters escaped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            '|' => out.push_str("\\textbar{}"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Plain text for `\texttt{…}`: the typewriter font has every ASCII
/// character at its own code, so specials are typeset by code (`\char123{}`
/// for `{`), which shows the characters themselves in any font encoding.
pub fn escape_typewriter(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' | '{' | '}' | '_' | '^' | '~' | '<' | '>' | '|' | '"' => {
                let _ = write!(out, "\\char{}{{}}", c as u32);
            }
            '$' | '&' | '#' | '%' => {
                out.push('\\');
                out.push(c);
            }
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The vertices the edges `shown` end at, ground excluded, in id order.
fn used_vertices(d: &Drawing, shown: &[usize]) -> Vec<usize> {
    let mut used = vec![false; d.points.len()];
    for e in shown.iter().map(|&i| &d.edges[i]) {
        used[e.u] = true;
        used[e.v] = true;
    }
    (1..d.points.len()).filter(|&v| used[v]).collect()
}

/// The box of `vertices` and the ground, in layout units.
fn extent(d: &Drawing, vertices: &[usize]) -> (Point, Point) {
    let mut lo = Point { x: 0.0, y: 0.0 };
    let mut hi = Point { x: 0.0, y: 0.0 };
    for (k, &v) in vertices.iter().enumerate() {
        let p = d.points[v];
        if k == 0 {
            (lo.x, hi.x) = (p.x, p.x);
        }
        lo.x = lo.x.min(p.x);
        lo.y = lo.y.min(p.y);
        hi.x = hi.x.max(p.x);
        hi.y = hi.y.max(p.y);
    }
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_never_negative_zero() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.333");
        assert_eq!(rgb("#1f5fbf"), "{rgb,255:red,31;green,95;blue,191}");
    }

    #[test]
    fn typewriter_text_is_typeset_by_code() {
        assert_eq!(
            escape_typewriter("cgsuite::{g}l_1%"),
            "cgsuite::\\char123{}g\\char125{}l\\char95{}1\\%"
        );
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("cgsuite:{g}l_1 50% & #2 ~ ^ \\"),
            "cgsuite:\\{g\\}l\\_1 50\\% \\& \\#2 \\textasciitilde{} \\textasciicircum{} \\textbackslash{}"
        );
    }
}
