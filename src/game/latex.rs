//! Values in LaTeX, for papers and handouts: the pretty printer's forms
//! (`src/game/print.rs` decides which atom, where braces and bars go)
//! spelled as math-mode LaTeX that needs no package beyond plain LaTeX.
//!
//! The convention, one spelling per piece:
//!
//! | value | LaTeX |
//! |---|---|
//! | `3`, `-2`, `3/4`, `-1 1/2` | `3`, `-2`, `\frac{3}{4}`, `-1\frac{1}{2}` (mixed numbers, as pretty) |
//! | `*`, `*2`, `1/2*` | `{*}`, `{*}2`, `\frac{1}{2}{*}` |
//! | `↑`, `↓`, `⇑`, `⇓` | `\uparrow`, `\downarrow`, `\Uparrow`, `\Downarrow` |
//! | 3·↑, 4·↓ | `\uparrow 3`, `\downarrow 4` |
//! | `⇑*`, `1↓*3` | `\Uparrow{*}`, `1\downarrow{*}3` |
//! | `±1`, `2±1`, `±(1*)` | `\pm 1`, `2\pm 1`, `\pm (1{*})` |
//! | tiny-2, miny-1/2, 1 + tiny-2 | `{+}_{2}`, `{-}_{1/2}`, `1{+}_{2}` |
//! | `{1\|*}`, `{2\|1\|\|0}`, `{2,{3\|*}\|-1}` | `\{1 \mid {*}\}`, `\{2 \mid 1 \parallel 0\}`, `\{2, \{3 \mid {*}\} \mid -1\}` |
//!
//! Why these: `*` is a binary operator in TeX, so a nimber is braced
//! (`{*}`) to be typeset as a symbol wherever it stands (`1{*}2` would
//! otherwise space like a product). Multiples of up follow CGSuite, which
//! displays 3·↑ as the arrow followed by 3 (its `^3`): a superscript would
//! read as Winning Ways' up-nth ↑³, a different game. Tinies are written
//! as Siegel's *Combinatorial Game Theory* writes them, a `+` (miny a `−`)
//! with the subscript, its fraction inline as in the Unicode form. Three
//! or more bars are `\mathrel{|||}`. No `$` delimiters: the text goes
//! inside the caller's math.

use super::arena::{Arena, GameId};
use super::dyadic::Dyadic;
use super::print::Notation;

/// The LaTeX spelling of the module docs.
struct Latex;

impl Notation for Latex {
    fn number(&self, x: &Dyadic) -> String {
        if x.is_integer() {
            return x.to_string();
        }
        let sign = if x.is_negative() { "-" } else { "" };
        let whole = x.abs().floor();
        let frac = x.abs().sub(&Dyadic::integer(whole.clone()));
        let fraction = frac_of(&frac.to_string());
        if num_traits::Zero::is_zero(&whole) {
            format!("{sign}{fraction}")
        } else {
            format!("{sign}{whole}{fraction}")
        }
    }

    fn ups(&self, n: i64) -> String {
        let arrow = if n > 0 { "\\uparrow" } else { "\\downarrow" };
        match n.unsigned_abs() {
            1 => arrow.to_string(),
            2 => (if n > 0 { "\\Uparrow" } else { "\\Downarrow" }).to_string(),
            k => format!("{arrow} {k}"),
        }
    }

    fn nimber(&self, m: u32) -> String {
        match m {
            1 => "{*}".to_string(),
            _ => format!("{{*}}{m}"),
        }
    }

    fn plus_minus(&self) -> &'static str {
        "\\pm "
    }

    fn tiny(&self, miny: bool, y: &Dyadic) -> String {
        format!("{{{}}}_{{{y}}}", if miny { '-' } else { '+' })
    }

    fn bars(&self, bars: usize) -> String {
        match bars {
            1 => " \\mid ".to_string(),
            2 => " \\parallel ".to_string(),
            k => format!(" \\mathrel{{{}}} ", "|".repeat(k)),
        }
    }

    fn comma(&self) -> &'static str {
        ", "
    }

    fn braces(&self, inner: &str) -> String {
        format!("\\{{{inner}\\}}")
    }
}

/// `\frac{p}{q}` for the text `p/q` (a positive proper fraction).
fn frac_of(text: &str) -> String {
    match text.split_once('/') {
        Some((p, q)) => format!("\\frac{{{p}}}{{{q}}}"),
        None => text.to_string(),
    }
}

/// An exact rational `p/q`, `-p/q` or `n` (a synchronous value) in LaTeX:
/// `\frac{9}{14}`, `-\frac{1}{3}`, `2`. Not mixed: a rational that is not
/// dyadic is no game sum of a whole and a part.
pub fn rational(text: &str) -> String {
    match text.strip_prefix('-') {
        Some(rest) if rest.contains('/') => format!("-{}", frac_of(rest)),
        _ => frac_of(text),
    }
}

impl Arena {
    /// `g` in LaTeX math (see the module docs for the convention).
    pub fn latex(&mut self, g: GameId) -> String {
        self.pretty_in(g, &Latex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each value (read from its plain or pretty text) and its LaTeX.
    #[test]
    fn the_table_of_cases() {
        let cases = [
            ("0", "0"),
            ("3", "3"),
            ("-2", "-2"),
            ("3/4", "\\frac{3}{4}"),
            ("-3/8", "-\\frac{3}{8}"),
            ("3/2", "1\\frac{1}{2}"),
            ("-11/4", "-2\\frac{3}{4}"),
            ("*", "{*}"),
            ("*2", "{*}2"),
            ("1/2*", "\\frac{1}{2}{*}"),
            ("-1*3", "-1{*}3"),
            ("{0|*}", "\\uparrow"),
            ("{*|0}", "\\downarrow"),
            ("{0,*|0}", "\\uparrow{*}"),
            ("{0|{0,*|0}}", "\\Uparrow"),
            ("{0|{0|*}}", "\\Uparrow{*}"),
            ("↑³", "\\uparrow 3"),
            ("↓⁴*", "\\downarrow 4{*}"),
            ("1↓*3", "1\\downarrow{*}3"),
            ("1/2↑", "\\frac{1}{2}\\uparrow"),
            ("{1|-1}", "\\pm 1"),
            ("{3|1}", "2\\pm 1"),
            ("{1/2|-1/2}", "\\pm \\frac{1}{2}"),
            ("{1*|-1*}", "\\pm (1{*})"),
            ("{1|0}", "\\frac{1}{2}\\pm \\frac{1}{2}"),
            ("{1|*}", "\\{1 \\mid {*}\\}"),
            ("{1|0||-1}", "\\{1 \\mid 0 \\parallel -1\\}"),
            ("{2|1||0}", "\\{2 \\mid 1 \\parallel 0\\}"),
            ("{0||0|-2}", "{+}_{2}"),
            ("{1/2|0||0}", "{-}_{1/2}"),
            ("{1||1|-1}", "1{+}_{2}"),
            (
                "{3||2|1|||0}",
                "\\{3 \\parallel 2 \\mid 1 \\mathrel{|||} 0\\}",
            ),
            ("{2,{3|*}|-1}", "\\{2, \\{3 \\mid {*}\\} \\mid -1\\}"),
            ("{{2|1},3|0}", "1\\frac{1}{2}\\pm 1\\frac{1}{2}"),
        ];
        let mut wrong = Vec::new();
        for (text, latex) in cases {
            let mut a = Arena::new();
            let g = a.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            if a.latex(g) != latex {
                wrong.push(format!("{text} (pretty {}): {}", a.pretty(g), a.latex(g)));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// The LaTeX and the Unicode forms come from the same structure: with
    /// the spellings swapped back, every LaTeX form is the pretty form.
    #[test]
    fn latex_is_the_pretty_form_respelled() {
        let mut a = Arena::new();
        let mut rng = crate::rng::SplitMix64::new(25);
        for _ in 0..400 {
            let g = random_game(&mut a, &mut rng, 3);
            let pretty = a.pretty(g);
            let latex = a.latex(g);
            assert!(
                !latex.contains(['↑', '↓', '⇑', '⇓', '±', '⧾', '⧿']),
                "{latex}"
            );
            assert_eq!(
                latex.matches("\\{").count(),
                pretty.matches('{').count(),
                "{pretty} / {latex}"
            );
            assert_eq!(
                latex.matches("{*}").count(),
                pretty.matches('*').count(),
                "{pretty} / {latex}"
            );
        }
    }

    fn random_game(a: &mut Arena, rng: &mut crate::rng::SplitMix64, depth: usize) -> GameId {
        if depth == 0 || rng.below(4) == 0 {
            return match rng.below(3) {
                0 => a.number(Dyadic::new(
                    (rng.below(9) as i64 - 4).into(),
                    rng.below(3) as u32,
                )),
                1 => a.nimber(rng.below(3) as u32),
                _ => a.zero(),
            };
        }
        let mut side = |a: &mut Arena| -> Vec<GameId> {
            (0..rng.below(3))
                .map(|_| random_game(a, rng, depth - 1))
                .collect()
        };
        let left = side(a);
        let right = side(a);
        a.make(left, right)
    }

    #[test]
    fn rationals() {
        assert_eq!(rational("9/14"), "\\frac{9}{14}");
        assert_eq!(rational("-1/3"), "-\\frac{1}{3}");
        assert_eq!(rational("-2"), "-2");
    }
}
