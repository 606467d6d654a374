//! The `matrix` subcommand: the synchronous root payoff matrix as a
//! Markdown table (strategies on the margins, dominated lines marked) or
//! one JSON object.

use super::args::MatrixArgs;
use super::error::CliError;
use crate::analysis::{parse_position, InputError};
use crate::rules::Player;
use crate::sync::{
    format_rational, matrix_json, payoff_matrix, percent, PayoffLine, PayoffMatrix, SyncError,
    SyncValue,
};

pub fn run(a: &MatrixArgs) -> Result<String, CliError> {
    let position = parse_position(&a.position.join(" "))?;
    let conflict = a.conflict.unwrap_or_default();
    let precision = a.precision.as_ref().map(|p| p.0.clone());
    let m =
        payoff_matrix(&position, conflict, precision, &a.budget.budget()).map_err(|e| match e {
            SyncError::Invalid(message) => CliError::Input(InputError::Sync(message)),
            SyncError::Budget(e) => CliError::Budget(e),
        })?;
    Ok(if a.json {
        format!("{}\n", matrix_json(&m))
    } else {
        markdown(&m)
    })
}

fn markdown(m: &PayoffMatrix) -> String {
    let mut out = String::new();
    if let Some(p) = m.alone {
        let who = if p == Player::Left { "Left" } else { "Right" };
        out.push_str(&format!(
            "Only {who} can move: {who} takes every remaining edge.\n"
        ));
    } else if m.rows.is_empty() {
        out.push_str("Neither player can move.\n");
    } else {
        let margin = |l: &PayoffLine| {
            let mut s = format!(
                "{} ({}, {})",
                l.label,
                format_rational(&l.probability),
                percent(&l.probability)
            );
            if l.dominated {
                s.push_str(" dominated");
            }
            s
        };
        out.push_str("| Left \\ Right |");
        for c in &m.cols {
            out.push_str(&format!(" {} |", margin(c)));
        }
        out.push_str("\n|---|");
        out.push_str(&"---|".repeat(m.cols.len()));
        out.push('\n');
        for (r, row) in m.rows.iter().zip(&m.cells) {
            out.push_str(&format!("| {} |", margin(r)));
            for c in row {
                out.push_str(&format!(" {c} |"));
            }
            out.push('\n');
        }
        out.push('\n');
    }
    match &m.value {
        SyncValue::Exact(v) => out.push_str(&format!("Value {}\n", format_rational(v))),
        SyncValue::Approx { lo, hi } => out.push_str(&format!(
            "Value in the bracket [{}, {}] (replay cells repeat the game)\n",
            format_rational(lo),
            format_rational(hi)
        )),
    }
    out
}
