//! `hackenbush convert`: a position in another notation. The input is read
//! once, by the readers every command uses (plus position JSON, which only
//! `convert` and `draw` take, since it carries coordinates), and written by
//! the notation's own writer, so a conversion and its way back are the
//! readers' and writers' round trips.

use super::args::{ConvertArgs, ConvertFormat};
use super::CliError;
use crate::analysis::parse_position;
use crate::position::cgsuite::{self, CgsuiteText};
use crate::position::{json, print, Layout, Position};

/// The position of `words` (joined with spaces), with its coordinates when
/// it came as JSON.
pub(super) fn read(words: &[String]) -> Result<(Position, Option<Layout>), CliError> {
    let text = words.join(" ");
    if text.trim_start().starts_with('{') {
        let (p, layout) =
            json::from_json(&text).map_err(|e| CliError::Usage(format!("position: {e}")))?;
        return Ok((p, Some(layout)));
    }
    Ok((parse_position(&text)?, None))
}

pub(super) fn run(a: &ConvertArgs) -> Result<String, CliError> {
    let (p, layout) = read(&a.position)?;
    let text = match a.to {
        ConvertFormat::Cgsuite => {
            let cg = CgsuiteText::try_from(p).map_err(|e| {
                CliError::Unwritable(format!("no CGSuite string for this position: {e}"))
            })?;
            format!("{}{cg}", cgsuite::PREFIX)
        }
        ConvertFormat::Edges => {
            if p.edges.is_empty() {
                return Err(CliError::Unwritable(
                    "the empty position has no text form in the edges notation".into(),
                ));
            }
            print(&p)
        }
        ConvertFormat::Json => match layout {
            Some(l) => json::to_json(&p, &l),
            None => json::to_json_auto(&p),
        },
    };
    Ok(format!("{text}\n"))
}
