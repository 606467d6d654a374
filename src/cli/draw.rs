//! `hackenbush draw` (a position as TikZ or SVG, laid out as on the page)
//! and `value --latex`. Both pictures come from the page's own code: the
//! automatic layout, the edge shapes, `ui::tikz` and `ui::svg`; the LaTeX
//! value is the pretty form respelled (`game::latex`).

use super::args::{DrawArgs, DrawFormat};
use super::{convert, CliError};
use crate::analysis::{analyse, Answer, Request, Rules};
use crate::budget::{Budget, Timeout};
use crate::position::Position;
use crate::ui::answer_view::ExportCaption;
use crate::ui::scene::{self, SceneOptions};
use crate::ui::tikz::{self, TikzOptions};
use crate::ui::viewport::{extent, Viewport, DEFAULT_SCALE};
use crate::ui::{svg, Drawing};

/// How long `--caption` looks for the value when no `--timeout` is given.
const CAPTION_TIMEOUT: Timeout = Timeout::seconds(2);

pub(super) fn run(a: &DrawArgs) -> Result<String, CliError> {
    if a.bare && a.format == DrawFormat::Svg {
        return Err(CliError::Usage(
            "--bare is for --format tikz (an SVG image is already one element)".into(),
        ));
    }
    let (p, layout) = convert::read(&a.position)?;
    let drawing = match &layout {
        Some(l) => Drawing::from_position(&p, l),
        None => Drawing::auto(&p),
    };
    let caption = if a.caption {
        Some(Caption::new(a, &p)?)
    } else {
        None
    };
    Ok(match a.format {
        DrawFormat::Tikz => {
            let options = TikzOptions {
                labels: a.labels,
                caption: caption
                    .map(|c| tikz::caption(&c.request, c.answer.as_ref()))
                    .unwrap_or_default(),
            };
            let picture = tikz::picture(&drawing, &options);
            if a.bare {
                picture
            } else {
                tikz::document(&[picture])
            }
        }
        DrawFormat::Svg => svg_picture(&drawing, a.labels, caption.as_ref()),
    })
}

/// The picture's caption: what was asked and, if found within the budget,
/// the answer.
struct Caption {
    request: Request,
    answer: Option<Answer>,
}

impl Caption {
    fn new(a: &DrawArgs, p: &Position) -> Result<Caption, CliError> {
        // Position JSON is shown (and valued) in the edges notation.
        let text = a.position.join(" ");
        let shown = if text.trim_start().starts_with('{') {
            crate::position::print(p)
        } else {
            text
        };
        let request = Request::new(shown, Rules::from_parts(a.rules.parts())?);
        let budget = Budget::new(
            a.budget.max_memory,
            Some(a.budget.timeout.unwrap_or(CAPTION_TIMEOUT)),
        );
        // Past its deadline the caption goes without the value; its
        // memory is held like every other budget's.
        super::guard::arm_memory(&budget);
        let answer = match analyse(&request, &budget) {
            Ok(answer) if answer.elided.is_none() => Some(answer),
            Ok(_) => None,
            Err(crate::analysis::AnalysisError::Budget(_)) => None,
            Err(e) => return Err(e.into()),
        };
        Ok(Caption { request, answer })
    }
}

/// The page's SVG of `d` at its default scale, with the page's export
/// caption below when asked for.
fn svg_picture(d: &Drawing, labels: bool, caption: Option<&Caption>) -> String {
    const MARGIN: f64 = 48.0;
    let (w, h) = extent(d);
    let width = w * DEFAULT_SCALE + 2.0 * MARGIN;
    let height = h * DEFAULT_SCALE + 2.0 * MARGIN;
    let mut view = Viewport::new(width, height);
    view.fit(d);
    let options = SceneOptions {
        show_labels: labels,
        ..SceneOptions::default()
    };
    let image = svg::to_svg(&scene::build(d, &view, &options));
    let Some(c) = caption else {
        return format!("{image}\n");
    };
    let text =
        ExportCaption::new(None, &c.request.rules, Some(&c.request), c.answer.as_ref()).to_string();
    const BAND: f64 = 32.0;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}">{image}<rect y="{height:.0}" width="100%" height="{BAND}" fill="{bg}"/><text x="{x:.1}" y="{y:.1}" text-anchor="middle" font-family="sans-serif" font-size="14" fill="{ink}">{t}</text></svg>
"#,
        w = width,
        h = height + BAND,
        bg = scene::BACKGROUND,
        x = width / 2.0,
        y = height + BAND / 2.0 + 5.0,
        ink = scene::VERTEX,
        t = xml_escape(&text),
    )
}

fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// `value --latex`: the value in LaTeX math (see [`tikz::latex_value`]).
pub(super) fn latex_value(rules: &Rules, answer: &Answer) -> Result<String, CliError> {
    tikz::latex_value(rules, answer).map_err(CliError::Unwritable)
}
