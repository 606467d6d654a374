//! QR codes for share links, so a lecture hall can open the deck on the
//! screen with a phone: the link's bytes in the smallest QR version at
//! error-correction level M (about 15 % of the code may be unreadable —
//! glare on a projector screen), or at L when the link is too long for M.
//!
//! The symbol itself comes from `qrcodegen` (Project Nayuki); this module
//! only chooses the level and draws the modules as an SVG document.

use std::fmt::Write as _;

use qrcodegen::{QrCode, QrCodeEcc, QrSegment, Version};

/// Light modules around the symbol on every side, as the standard asks
/// (readers find the code by its edge).
pub const QUIET_ZONE: usize = 4;

/// Pixels per module of the SVG's nominal size (the page scales it).
const MODULE_PIXELS: usize = 8;

/// Why a text has no QR code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QrError {
    /// More bytes than the largest symbol (version 40) holds at level L.
    #[error("the link is too long for a QR code ({chars} characters)")]
    TooLong { chars: usize },
}

/// The symbol for `text` as bytes: level M in the smallest version that
/// holds it, else level L; never a higher level than asked (a bigger
/// version would shrink the modules on screen).
fn encode(text: &str) -> Result<QrCode, QrError> {
    let segments = [QrSegment::make_bytes(text.as_bytes())];
    [QrCodeEcc::Medium, QrCodeEcc::Low]
        .into_iter()
        .find_map(|level| {
            QrCode::encode_segments_advanced(
                &segments,
                level,
                Version::MIN,
                Version::MAX,
                None,
                false,
            )
            .ok()
        })
        .ok_or(QrError::TooLong {
            chars: text.chars().count(),
        })
}

/// The symbol's side in modules (without the quiet zone) and its modules,
/// row by row from the top left, `true` for dark.
pub fn qr_modules(text: &str) -> Result<(usize, Vec<bool>), QrError> {
    let qr = encode(text)?;
    let size = qr.size();
    let modules = (0..size)
        .flat_map(|y| (0..size).map(move |x| (x, y)))
        .map(|(x, y)| qr.get_module(x, y))
        .collect();
    Ok((size as usize, modules))
}

/// A standalone SVG document of the QR code for `text`: dark modules on
/// white with the quiet zone, one unit per module, each row's runs of
/// dark modules one rectangle of the path.
pub fn qr_svg(text: &str) -> Result<String, QrError> {
    let (size, modules) = qr_modules(text)?;
    let side = size + 2 * QUIET_ZONE;
    let pixels = side * MODULE_PIXELS;
    let mut path = String::new();
    for (y, row) in modules.chunks(size).enumerate() {
        let mut x = 0;
        while x < size {
            if !row[x] {
                x += 1;
                continue;
            }
            let run = row[x..].iter().take_while(|&&dark| dark).count();
            // Writing to a String cannot fail.
            let _ = write!(
                path,
                "M{},{}h{run}v1h-{run}z",
                x + QUIET_ZONE,
                y + QUIET_ZONE
            );
            x += run;
        }
    }
    Ok(format!(
        concat!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" "#,
            r#"width="{pixels}" height="{pixels}" shape-rendering="crispEdges">"#,
            "<title>QR code for the link</title>",
            r##"<rect width="{side}" height="{side}" fill="#fff"/>"##,
            r##"<path fill="#000" d="{path}"/></svg>"##,
        ),
        side = side,
        pixels = pixels,
        path = path
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link of `n` bytes, as the page would show it.
    fn url(n: usize) -> String {
        let base = "https://example.org/hackenbush/#v2=";
        let tail: String = (0..n - base.len())
            .map(|k| b"AZaz09-_"[k * 7 % 8] as char)
            .collect();
        format!("{base}{tail}")
    }

    fn module(grid: &(usize, Vec<bool>), x: usize, y: usize) -> bool {
        grid.1[y * grid.0 + x]
    }

    /// The 7×7 finder pattern with its top left at (x, y), and the light
    /// separator on its sides towards the symbol.
    fn finder_at(grid: &(usize, Vec<bool>), x: usize, y: usize) -> bool {
        let ring = |dx: usize, dy: usize| {
            let d = dx.abs_diff(3).max(dy.abs_diff(3));
            d != 2
        };
        (0..7).all(|dy| (0..7).all(|dx| module(grid, x + dx, y + dy) == ring(dx, dy)))
    }

    #[test]
    fn a_300_byte_link_is_version_13_at_level_m() {
        // Byte capacity at M: version 12 holds 287 bytes, version 13 holds 331.
        let grid = qr_modules(&url(300)).unwrap();
        assert_eq!(grid.0, 17 + 4 * 13);
        assert_eq!(grid.1.len(), 69 * 69);
        assert_eq!(qr_modules(&url(287)).unwrap().0, 17 + 4 * 12);
        assert_eq!(qr_modules(&url(288)).unwrap().0, 17 + 4 * 13);
    }

    #[test]
    fn finder_patterns_sit_in_three_corners() {
        for n in [40, 300, 1200] {
            let grid = qr_modules(&url(n)).unwrap();
            let s = grid.0;
            assert!(finder_at(&grid, 0, 0), "top left, {n} bytes");
            assert!(finder_at(&grid, s - 7, 0), "top right, {n} bytes");
            assert!(finder_at(&grid, 0, s - 7), "bottom left, {n} bytes");
            assert!(!finder_at(&grid, s - 7, s - 7), "not bottom right");
            // Separators are light; the timing pattern between the finders
            // alternates, dark on even positions.
            assert!((0..8).all(|k| !module(&grid, 7, k) && !module(&grid, k, 7)));
            assert!((8..s - 8).all(|k| module(&grid, k, 6) == (k % 2 == 0)));
            assert!((8..s - 8).all(|k| module(&grid, 6, k) == (k % 2 == 0)));
        }
    }

    #[test]
    fn level_l_when_m_cannot_hold_the_link() {
        // Version 40 holds 2331 bytes at M and 2953 at L.
        assert_eq!(qr_modules(&url(2331)).unwrap().0, 177);
        // At L, the smallest version that holds it: 36 (2434 bytes).
        assert_eq!(qr_modules(&url(2332)).unwrap().0, 17 + 4 * 36);
        assert_eq!(qr_modules(&url(2953)).unwrap().0, 177);
        let e = qr_modules(&url(2954)).unwrap_err();
        assert_eq!(e, QrError::TooLong { chars: 2954 });
        assert_eq!(
            e.to_string(),
            "the link is too long for a QR code (2954 characters)"
        );
        // Characters, not bytes, in the message.
        let wide = "é".repeat(1500);
        assert_eq!(qr_svg(&wide).unwrap_err(), QrError::TooLong { chars: 1500 });
    }

    #[test]
    fn the_svg_draws_every_dark_module_inside_the_quiet_zone() {
        let text = url(300);
        let (size, modules) = qr_modules(&text).unwrap();
        let svg = qr_svg(&text).unwrap();
        let side = size + 2 * QUIET_ZONE;
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg""#));
        assert!(svg.contains(&format!(r#"viewBox="0 0 {side} {side}""#)));
        assert!(svg.contains(r#"shape-rendering="crispEdges""#));
        assert!(svg.contains("<title>QR code for the link</title>"));
        assert!(svg.ends_with("</svg>"));
        // Redraw the path's rectangles and compare module by module.
        let d = svg.split(r#" d=""#).nth(1).unwrap();
        let d = &d[..d.find('"').unwrap()];
        let mut drawn = vec![false; side * side];
        for rect in d.split('M').skip(1) {
            let (at, rest) = rect.split_once('h').unwrap();
            let (x, y) = at.split_once(',').unwrap();
            let (x, y): (usize, usize) = (x.parse().unwrap(), y.parse().unwrap());
            let run: usize = rest.split_once('v').unwrap().0.parse().unwrap();
            assert_eq!(rest, format!("{run}v1h-{run}z"));
            for k in 0..run {
                assert!(!drawn[y * side + x + k], "drawn twice");
                drawn[y * side + x + k] = true;
            }
        }
        for y in 0..side {
            for x in 0..side {
                let inside = (QUIET_ZONE..QUIET_ZONE + size).contains(&x)
                    && (QUIET_ZONE..QUIET_ZONE + size).contains(&y);
                let want = inside && modules[(y - QUIET_ZONE) * size + (x - QUIET_ZONE)];
                assert_eq!(drawn[y * side + x], want, "module ({x}, {y})");
            }
        }
    }

    #[test]
    fn a_deck_link_makes_a_code_a_hall_can_read() {
        use crate::ui::share::{self, Shared, Slide};
        let slides = [3, 10, 3]
            .map(|i| Slide::new(crate::ui::gallery::load(i).unwrap()))
            .to_vec();
        let deck = Shared::deck(slides, 0);
        let base = "https://example.org/hackenbush/#";
        let v2 = qr_modules(&format!("{base}{}", share::encode(&deck))).unwrap();
        let v1 = qr_modules(&format!("{base}{}", share::encode_v1(&deck, &[]))).unwrap();
        // Version 11 (61 modules) now; the JSON link needed version 39
        // (173 modules), too fine to read from the back of a hall.
        assert!(v2.0 <= 17 + 4 * 12, "{} modules", v2.0);
        assert!(v1.0 >= 2 * v2.0, "{} modules against {}", v2.0, v1.0);
    }
}
