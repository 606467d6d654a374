//! A printable handout of a deck: one standalone HTML document, one slide
//! a page (its cropped SVG scaled to the page width, its caption below),
//! which the page opens in a new window, where it prints itself once
//! loaded (the page opens it apart from itself: see `web::export::print`).
//! Plain text in, so it is built and tested natively; every piece of text
//! is escaped here, and the pictures are the SVG exporter's own documents.

use std::fmt::Write;

use super::answer_view::ExportCaption;
use super::svg::escape;

/// One page of a handout.
#[derive(Clone, Debug, PartialEq)]
pub struct HandoutPage {
    /// The slide's picture, a standalone SVG document (see
    /// [`super::svg::to_svg`]), placed as it is.
    pub picture: String,
    pub caption: ExportCaption,
}

/// Print layout: a page per slide (no empty page after the last), the
/// picture no taller than what leaves room for its caption on A4 or US
/// Letter, and on screen the pages as cards with a note on printing.
const STYLE: &str = "\
@page { margin: 15mm; }
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, sans-serif; color: #1d1f24; background: #fff; }
.page { page-break-after: always; break-after: page; page-break-inside: avoid; break-inside: avoid; }
.page:last-child { page-break-after: auto; break-after: auto; }
.page svg { display: block; width: 100%; height: auto; max-height: 215mm; }
.caption { margin: 6mm 0 0; font-size: 14pt; line-height: 1.35; }
.number { color: #6b5a3a; font-weight: 600; margin-right: 0.6em; }
.subject { font-weight: 600; }
.details { display: block; }
.note { display: none; }
@media screen {
  body { background: #eeeae0; padding: 1rem; }
  .note { display: block; max-width: 180mm; margin: 0 auto 1rem; }
  .page { background: #fff; max-width: 180mm; margin: 0 auto 1rem; padding: 10mm; box-shadow: 0 1px 4px rgba(0,0,0,0.2); }
}
";

/// The handout of `slides` as a complete HTML document; an empty list
/// gives a document that says so.
pub fn handout_html(slides: &[HandoutPage]) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let title = match slides {
        [one] => format!("{} — Hackenbush Lab", one.caption.subject()),
        _ => "Hackenbush Lab — handout".to_string(),
    };
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, "<style>\n{STYLE}</style>\n</head>\n<body>");
    out.push_str("<p class=\"note\">One slide a page: print this window (Ctrl+P or ⌘P).</p>\n");
    if slides.is_empty() {
        out.push_str("<p>There are no slides.</p>\n");
    }
    let n = slides.len();
    for (k, page) in slides.iter().enumerate() {
        let c = &page.caption;
        let _ = write!(
            out,
            "<section class=\"page\">\n{}\n<p class=\"caption\"><span class=\"number\">{}</span><span class=\"subject\">{}</span><span class=\"details\">{}</span></p>\n</section>\n",
            page.picture,
            escape(&format!("{} / {n}", k + 1)),
            escape(c.subject()),
            escape(&c.details()),
        );
    }
    out.push_str(PRINT_ON_LOAD);
    out.push_str("</body>\n</html>\n");
    out
}

/// The handout asks for the print dialog itself: the page that opens it
/// keeps no hold on its window.
const PRINT_ON_LOAD: &str =
    "<script>addEventListener(\"load\", function () { print(); });</script>\n";
