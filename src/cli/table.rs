//! The `table` subcommand: quantum Blue Meadow outcomes or values, or the
//! exact synchronous values of sums of halves, with progress on a terminal. Cells
//! that outgrow the budget are marked and the run ends with exit 3 after
//! printing every cell it finished.
//!
//! `--json` prints JSON lines: a `table` line with the table's spec, then
//! one `cell` per line (value, or null and the limit that stopped it).
//! `--shard K/N` (quantum tables) values the K-th of N shares of the rows
//! and prints them as JSON lines for `merge`: `table-shard`, its cells,
//! `end`. The sums-of-halves table shares one memo from (0, 0) up, so its
//! cells cannot be split: it refuses `--shard`.

use super::args::{Format, IndexRange, TableArgs, TableRules};
use super::CliError;
use crate::analysis::OptionError;
use crate::budget::Exceeded;
use crate::quantum::table::{Cell, TableKind};
use crate::quantum::{Flavour, Setting, Width};
use crate::shard::Shard;
use crate::solve::table::{over_budget_note, Grid, TableFormat, OVER_BUDGET};
use serde::{Deserialize, Serialize};
use std::io::Write;

/// Report `done` of `total` items (cells, positions) to the progress
/// display (`super::progress`: a terminal line, `--progress` JSON lines, or
/// nothing), `what` saying which item was last done.
pub(super) fn progress(done: usize, total: usize, items: &'static str, what: std::fmt::Arguments) {
    super::progress::items(done as u64, Some(total as u64), items, what.to_string());
}

fn table_format(format: Format) -> TableFormat {
    match format {
        Format::Csv => TableFormat::Csv,
        // JSON lines are written apart; Markdown is the fallback.
        Format::Markdown | Format::Json => TableFormat::Markdown,
    }
}

pub fn run(t: &TableArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if t.quiet {
        super::progress::quiet();
    }
    let (text, stopped) = match t.rules {
        TableRules::Sync => {
            if t.flavour.is_some() || t.width.is_some() {
                return Err(OptionError::Misplaced {
                    option: "--flavour and --width",
                    rules: "quantum",
                }
                .into());
            }
            if t.shard.is_some() {
                return Err(CliError::Usage(
                    "table --rules sync cannot be split with --shard: its cells share one memo \
from (0, 0) up (run it whole)"
                        .into(),
                ));
            }
            halves(t)?
        }
        TableRules::Quantum => meadow(t)?,
    };
    super::progress::finish();
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
                done,
                total,
                "cells",
                format_args!("m={m}, n={n}: {states} positions, {secs:.2}s"),
            );
        },
    );
    // The search is over (finished or stopped by its budget); formatting
    // what it found must not be cut short by the deadline's watchdog.
    super::guard::disarm();
    let stopped = match result {
        Ok(_) => None,
        Err(crate::sync::SyncError::Budget(e)) => Some(e),
        Err(crate::sync::SyncError::Invalid(m)) => {
            return Err(crate::analysis::InputError::Sync(m).into())
        }
    };
    let (rows, cols) = (t.m.values(), t.n.values());
    if t.format() == Format::Json {
        let mut out = String::new();
        let spec = TableSpec {
            rules: "sync".into(),
            kind: None,
            flavours: None,
            width: None,
            n: t.n.to_string(),
            m: t.m.to_string(),
        };
        push_line(&mut out, &TableLine::Table { spec });
        for &m in &rows {
            for &n in &cols {
                let value = values[m][n].clone();
                let stopped = match (&value, stopped) {
                    (None, Some(e)) => Some(e.to_string()),
                    _ => None,
                };
                push_line(
                    &mut out,
                    &TableLine::Cell(CellLine {
                        flavour: None,
                        n,
                        m,
                        value,
                        stopped,
                    }),
                );
            }
        }
        return Ok((out, stopped));
    }
    let grid = Grid {
        title: "Synchronous values of m × BR + n × RB (exact)",
        row_axis: "m",
        col_axis: "n",
        rows: &rows,
        cols: &cols,
    };
    let format = table_format(t.format());
    let mut text = grid.format(format, |m, n| {
        values[m][n]
            .clone()
            .unwrap_or_else(|| OVER_BUDGET.to_string())
    });
    if let Some(e) = stopped {
        text.push_str(&over_budget_note(format, &e.to_string()));
    }
    Ok((text, stopped))
}

/// What a quantum Blue Meadow table is: flavours, width, cell kind and
/// the ranges of n and m.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct MeadowSpec {
    pub flavours: Vec<Flavour>,
    pub width: Width,
    pub kind: TableKind,
    pub n: IndexRange,
    pub m: IndexRange,
}

impl MeadowSpec {
    fn of(t: &TableArgs) -> MeadowSpec {
        MeadowSpec {
            flavours: t
                .flavour
                .as_ref()
                .map_or(vec![Flavour::DEFAULT], |list| list.0.clone()),
            width: t.width.unwrap_or(Width::DEFAULT),
            kind: if t.values {
                TableKind::Value
            } else {
                TableKind::Outcome
            },
            n: t.n,
            m: t.m,
        }
    }

    fn settings(&self) -> Vec<Setting> {
        self.flavours
            .iter()
            .map(|&f| Setting::new(f, self.width))
            .collect()
    }

    fn header(&self) -> TableSpec {
        TableSpec {
            rules: "quantum".into(),
            kind: Some(
                match self.kind {
                    TableKind::Value => "values",
                    TableKind::Outcome => "outcomes",
                }
                .into(),
            ),
            flavours: Some(self.flavours.iter().map(|f| f.to_string()).collect()),
            width: Some(self.width.to_string()),
            n: self.n.to_string(),
            m: self.m.to_string(),
        }
    }

    /// The spec of a quantum table's header.
    pub fn from_header(h: &TableSpec) -> Result<MeadowSpec, String> {
        let bad = |what: &str| format!("a table header with {what}");
        if h.rules != "quantum" {
            return Err(bad("rules other than quantum"));
        }
        let kind = match h.kind.as_deref() {
            Some("values") => TableKind::Value,
            Some("outcomes") => TableKind::Outcome,
            _ => return Err(bad("an unknown kind")),
        };
        let flavours = h
            .flavours
            .as_ref()
            .ok_or_else(|| bad("no flavours"))?
            .iter()
            .map(|f| f.parse::<Flavour>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let width = h
            .width
            .as_deref()
            .ok_or_else(|| bad("no width"))?
            .parse::<Width>()
            .map_err(|e| e.to_string())?;
        let range = |r: &str| r.parse::<IndexRange>().map_err(|e| e.to_string());
        Ok(MeadowSpec {
            flavours,
            width,
            kind,
            n: range(&h.n)?,
            m: range(&h.m)?,
        })
    }
}

/// A table's spec in its header line, each field in the text its flag
/// reads (kind, flavours and width for quantum tables only).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TableSpec {
    pub rules: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flavours: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<String>,
    pub n: String,
    pub m: String,
}

/// One cell of `table --json`: its value, or null and the message of the
/// limit that stopped it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
struct CellLine {
    #[serde(skip_serializing_if = "Option::is_none")]
    flavour: Option<String>,
    n: usize,
    m: usize,
    value: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    stopped: Option<String>,
}

/// One line of `table --json`.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum TableLine {
    Table { spec: TableSpec },
    Cell(CellLine),
}

/// One line of a table shard's output: the cell's limit is kept whole,
/// so the merge prints the same notes and stops the same way.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub(super) enum TableShardLine {
    TableShard {
        shard: String,
        spec: TableSpec,
    },
    Cell {
        flavour: String,
        n: usize,
        m: usize,
        value: Option<String>,
        stopped: Option<Exceeded>,
    },
    End,
}

pub(super) fn push_line(out: &mut String, line: &impl Serialize) {
    // Plain data (strings and numbers): serialising cannot fail.
    out.push_str(&serde_json::to_string(line).unwrap_or_default());
    out.push('\n');
}

/// Quantum Blue Meadow outcomes or values, one table per flavour; the
/// cells share one budget.
fn meadow(t: &TableArgs) -> Result<(String, Option<Exceeded>), CliError> {
    use crate::quantum::table::blue_meadow_tables_shard;
    let spec = MeadowSpec::of(t);
    let settings = spec.settings();
    let tables = blue_meadow_tables_shard(
        t.n.first..=t.n.last,
        t.m.first..=t.m.last,
        &settings,
        spec.kind,
        t.shard.unwrap_or(Shard::WHOLE),
        &t.budget.budget(),
        |done, total, cell| {
            progress(
                done,
                total,
                "cells",
                format_args!("n={}, m={}: {:.2}s", cell.n, cell.m, cell.seconds),
            )
        },
    )
    .map_err(|e| CliError::Usage(format!("table: {e}")))?;
    // As in `halves`: the cells are found, what remains is printing them.
    super::guard::disarm();
    let stopped = first_stop(&tables);
    let text = match t.shard {
        Some(shard) => meadow_shard_lines(&spec, shard, &tables),
        None => format_meadow(&spec, &tables, t.format()),
    };
    Ok((text, stopped))
}

/// The limit that stopped the first stopped cell, if any.
pub(super) fn first_stop(tables: &[Vec<Cell>]) -> Option<Exceeded> {
    tables
        .iter()
        .flatten()
        .find_map(|c| c.result.as_ref().err().copied())
}

/// A shard's cells as JSON lines.
fn meadow_shard_lines(spec: &MeadowSpec, shard: Shard, tables: &[Vec<Cell>]) -> String {
    let mut out = String::new();
    push_line(
        &mut out,
        &TableShardLine::TableShard {
            shard: shard.to_string(),
            spec: spec.header(),
        },
    );
    for (cells, flavour) in tables.iter().zip(&spec.flavours) {
        for c in cells {
            let (value, stopped) = match &c.result {
                Ok(v) => (Some(v.clone()), None),
                Err(e) => (None, Some(*e)),
            };
            push_line(
                &mut out,
                &TableShardLine::Cell {
                    flavour: flavour.to_string(),
                    n: c.n,
                    m: c.m,
                    value,
                    stopped,
                },
            );
        }
    }
    push_line(&mut out, &TableShardLine::End);
    out
}

/// Whole tables (one per flavour, in order) as the unsharded `table`
/// prints them: Markdown, CSV or JSON lines.
pub(super) fn format_meadow(spec: &MeadowSpec, tables: &[Vec<Cell>], format: Format) -> String {
    use crate::quantum::table::format_table;
    if format == Format::Json {
        let mut out = String::new();
        push_line(
            &mut out,
            &TableLine::Table {
                spec: spec.header(),
            },
        );
        for (cells, flavour) in tables.iter().zip(&spec.flavours) {
            for c in cells {
                push_line(
                    &mut out,
                    &TableLine::Cell(CellLine {
                        flavour: Some(flavour.to_string()),
                        n: c.n,
                        m: c.m,
                        value: c.result.as_ref().ok().cloned(),
                        stopped: c.result.as_ref().err().map(|e| e.to_string()),
                    }),
                );
            }
        }
        return out;
    }
    let settings = spec.settings();
    let texts: Vec<String> = tables
        .iter()
        .zip(&settings)
        .map(|(cells, &setting)| format_table(cells, setting, table_format(format)))
        .collect();
    match table_format(format) {
        TableFormat::Csv if settings.len() > 1 => one_csv(&texts, &spec.flavours),
        _ => texts.join("\n"),
    }
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
