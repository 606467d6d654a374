//! Options of `--rules quantum` shared by the analysis facade, the CLI
//! tables and the playground: the flavour and width. (Limits are a
//! [`crate::budget::Budget`].)

use super::flavour::{Flavour, Setting, Width};

/// Read `--flavour` (default D: RULES.md names no default) and `--width`
/// (default 2).
pub fn parse_setting(flavour: Option<&str>, width: Option<&str>) -> Result<Setting, String> {
    let flavour = match flavour {
        Some(f) => Flavour::parse(f).map_err(|e| format!("--flavour: {e}"))?,
        None => Flavour::DEFAULT,
    };
    let width = match width {
        Some(w) => Width::parse(w).map_err(|e| format!("--width: {e}"))?,
        None => Width::DEFAULT,
    };
    Ok(Setting::new(flavour, width))
}
