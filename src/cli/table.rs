//! The `table` subcommand: quantum Blue Meadow outcomes or values, or the
//! exact synchronous values of sums of halves, with a progress bar. Cells
//! that outgrow the budget are marked and the run ends with exit 3 after
//! printing every cell it finished.

use super::args::{Format, TableArgs, TableRules};
use super::CliError;
use crate::analysis::OptionError;
use crate::budget::Exceeded;
use crate::quantum::{Flavour, Setting, Width};
use crate::solve::table::{over_budget_note, Grid, TableFormat, OVER_BUDGET};
use std::io::Write;

/// Draw a progress bar on stderr (a failed write must not stop the table).
pub(super) fn progress(quiet: bool, done: usize, total: usize, what: std::fmt::Arguments) {
    if quiet {
        return;
    }
    const BAR: usize = 30;
    let filled = done * BAR / total.max(1);
    let mut stderr = std::io::stderr();
    let _ = write!(
        stderr,
        "\r[{}{}] {done}/{total} ({what})",
        "#".repeat(filled),
        " ".repeat(BAR - filled),
    );
    if done == total {
        let _ = writeln!(stderr);
    }
}

fn table_format(t: &TableArgs) -> TableFormat {
    match t.format() {
        Format::Csv => TableFormat::Csv,
        Format::Markdown => TableFormat::Markdown,
    }
}

pub fn run(t: &TableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let (text, stopped) = match t.rules {
        TableRules::Sync => {
            if t.flavour.is_some() || t.width.is_some() {
                return Err(OptionError::Misplaced {
                    option: "--flavour and --width",
                    rules: "quantum",
                }
                .into());
            }
            halves(t)?
        }
        TableRules::Quantum => meadow(t)?,
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    match stopped {
        Some(e) => Err(CliError::Budget(e)),
        None => Ok(()),
    }
}

/// Exact synchronous values of m × BR + n × RB. One memo serves the whole
/// table, so it is computed from (0, 0) up; past the budget, the entries
/// finished so far are printed and the rest marked.
fn halves(t: &TableArgs) -> Result<(String, Option<Exceeded>), CliError> {
    let total = (t.m.last + 1) * (t.n.last + 1);
    let mut done = 0;
    let start = std::time::Instant::now();
    let mut values = vec![vec![None; t.n.last + 1]; t.m.last + 1];
    let budget = t.budget.budget();
    let result = crate::sync::halves_table_with(
        t.m.last,
        t.n.last,
        crate::sync::Conflict::Shared,
        &budget,
        |m, n, v, states| {
            done += 1;
            values[m][n] = Some(crate::sync::format_rational(v));
            let secs = start.elapsed().as_secs_f64();
            progress(
                t.quiet,
                done,
                total,
                format_args!("m={m}, n={n}: {states} positions, {secs:.2}s"),
            );
        },
    );
    let stopped = match result {
        Ok(_) => None,
        Err(crate::sync::SyncError::Budget(e)) => Some(e),
        Err(crate::sync::SyncError::Invalid(m)) => {
            return Err(crate::analysis::InputError::Sync(m).into())
        }
    };
    let (rows, cols) = (t.m.values(), t.n.values());
    let grid = Grid {
        title: "Synchronous values of m × BR + n × RB (exact)",
        row_axis: "m",
        col_axis: "n",
        rows: &rows,
        cols: &cols,
    };
    let mut text = grid.format(table_format(t), |m, n| {
        values[m][n]
            .clone()
            .unwrap_or_else(|| OVER_BUDGET.to_string())
    });
    if let Some(e) = stopped {
        text.push_str(&over_budget_note(table_format(t), &e.to_string()));
    }
    Ok((text, stopped))
}

/// Quantum Blue Meadow outcomes or values, one table per flavour; the
/// cells share one budget.
fn meadow(t: &TableArgs) -> Result<(String, Option<Exceeded>), CliError> {
    use crate::quantum::table::{blue_meadow_tables, format_table, TableKind};
    let width = t.width.unwrap_or(Width::DEFAULT);
    let flavours = t
        .flavour
        .as_ref()
        .map_or(vec![Flavour::DEFAULT], |list| list.0.clone());
    let settings: Vec<Setting> = flavours.iter().map(|&f| Setting::new(f, width)).collect();
    let kind = if t.values {
        TableKind::Value
    } else {
        TableKind::Outcome
    };
    let tables = blue_meadow_tables(
        t.n.first..=t.n.last,
        t.m.first..=t.m.last,
        &settings,
        kind,
        &t.budget.budget(),
        |done, total, cell| {
            progress(
                t.quiet,
                done,
                total,
                format_args!("n={}, m={}: {:.2}s", cell.n, cell.m, cell.seconds),
            )
        },
    )
    .map_err(|e| CliError::Usage(format!("table: {e}")))?;
    let stopped = tables
        .iter()
        .flatten()
        .find_map(|c| c.result.as_ref().err().copied());
    let texts: Vec<String> = tables
        .iter()
        .zip(&settings)
        .map(|(cells, &setting)| format_table(cells, setting, table_format(t)))
        .collect();
    let text = match table_format(t) {
        TableFormat::Csv if settings.len() > 1 => one_csv(&texts, &flavours),
        _ => texts.join("\n"),
    };
    Ok((text, stopped))
}

/// Several flavours' CSV tables as one CSV, with a first column naming
/// the flavour (the header once).
fn one_csv(tables: &[String], flavours: &[Flavour]) -> String {
    let mut out = String::new();
    for (k, (table, flavour)) in tables.iter().zip(flavours).enumerate() {
        for (i, line) in table.lines().enumerate() {
            match i {
                0 if k == 0 => out.push_str(&format!("flavour,{line}\n")),
                0 => {}
                _ => out.push_str(&format!("\"{flavour}\",{line}\n")),
            }
        }
    }
    out
}
