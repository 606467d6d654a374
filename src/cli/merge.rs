//! The `merge` subcommand: the outputs of `census --shard K/N` or `table
//! --shard K/N`, K = 1..N, put back together into exactly what the run
//! without `--shard` prints (Markdown, `--json` lines byte for byte, or
//! for tables `--csv`).
//!
//! Everything a merge refuses is exit 2 with one line naming the file: a
//! file that cannot be read, a line that is not a shard line, a shard
//! that did not finish writing (no `end` line), shards of different runs,
//! a shard missing or given twice. A shard stopped by its budget merges
//! (its finished work counts) and the merge then exits 3 with its limit,
//! as the unsharded run would have.

use super::args::{Format, MergeArgs};
use super::census::format_report;
use super::table::{first_stop, format_meadow, MeadowSpec, TableShardLine, TableSpec};
use super::CliError;
use crate::census::lines::{read_shard, report_lines};
use crate::quantum::table::Cell;
use crate::shard::{check_complete, Shard};
use std::io::Write;

fn refuse(message: impl std::fmt::Display) -> CliError {
    CliError::Usage(format!("merge: {message}"))
}

/// What the shard files hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Census,
    Table,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Census => "census",
            Kind::Table => "table",
        }
    }
}

pub fn run(m: &MergeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut files = Vec::with_capacity(m.files.len());
    for path in &m.files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(path)
            .map_err(|e| refuse(format!("cannot read {name}: {e}")))?;
        files.push((name, text));
    }
    let kind = kind_of(&files[0].0, &files[0].1)?;
    for (name, text) in &files[1..] {
        let other = kind_of(name, text)?;
        if other != kind {
            return Err(refuse(format!(
                "{name} is a {} shard but {} a {} shard",
                other.name(),
                files[0].0,
                kind.name()
            )));
        }
    }
    let (text, stopped) = match kind {
        Kind::Census => {
            if m.csv {
                return Err(refuse(
                    "--csv is for tables; a census prints Markdown or --json",
                ));
            }
            census(&files, m.json)?
        }
        Kind::Table => {
            let format = if m.json {
                Format::Json
            } else if m.csv {
                Format::Csv
            } else {
                Format::Markdown
            };
            table(&files, format)?
        }
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    match stopped {
        Some(e) => Err(CliError::Budget(e)),
        None => Ok(()),
    }
}

/// Census or table, from the first line of the first file.
fn kind_of(name: &str, text: &str) -> Result<Kind, CliError> {
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let value: serde_json::Value = serde_json::from_str(first)
        .map_err(|_| refuse(format!("{name}: not the output of a --shard run")))?;
    match value.get("type").and_then(|t| t.as_str()) {
        Some("census-shard") => Ok(Kind::Census),
        Some("table-shard") => Ok(Kind::Table),
        Some("census") | Some("table") => Err(refuse(format!(
            "{name} is the output of a whole run, not of a shard (--shard K/N)"
        ))),
        _ => Err(refuse(format!("{name}: not the output of a --shard run"))),
    }
}

/// Merge census shards: their report, as Markdown or JSON lines.
fn census(
    files: &[(String, String)],
    json: bool,
) -> Result<(String, Option<crate::budget::Exceeded>), CliError> {
    let mut parts = Vec::with_capacity(files.len());
    let mut header = None;
    for (name, text) in files {
        let (spec, part) = read_shard(text).map_err(|why| refuse(format!("{name}: {why}")))?;
        match &header {
            None => header = Some((spec, name.clone())),
            Some((first, first_name)) if *first != spec => {
                return Err(refuse(format!(
                    "{name} is a shard of another census than {first_name}"
                )))
            }
            Some(_) => {}
        }
        parts.push((part, name.clone()));
    }
    let shards: Vec<(Shard, String)> = parts.iter().map(|(p, n)| (p.shard, n.clone())).collect();
    check_complete(&shards).map_err(refuse)?;
    parts.sort_by_key(|(p, _)| p.shard);
    let Some((header, _)) = header else {
        return Err(refuse("no shard outputs"));
    };
    let spec = header.spec().map_err(refuse)?;
    let parts: Vec<_> = parts.into_iter().map(|(p, _)| p).collect();
    let report = crate::census::shard::merge(&spec, &parts).map_err(refuse)?;
    let text = if json {
        report_lines(&spec, &report)
    } else {
        format_report(&spec, &report)
    };
    Ok((text, report.stopped))
}

/// One table shard's header and cells: (table index, cell).
type TablePart = (Shard, TableSpec, Vec<(usize, Cell)>);

fn read_table_shard(name: &str, text: &str) -> Result<TablePart, CliError> {
    let mut head: Option<(Shard, TableSpec, MeadowSpec)> = None;
    let mut cells = Vec::new();
    let mut ended = false;
    for (n, line) in text.lines().enumerate() {
        let at = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        if ended {
            return Err(refuse(format!(
                "{name}: line {at}: more after the end line"
            )));
        }
        let parsed: TableShardLine = serde_json::from_str(line)
            .map_err(|e| refuse(format!("{name}: line {at}: not a table shard line ({e})")))?;
        match (parsed, &head) {
            (TableShardLine::TableShard { shard, spec }, None) => {
                let shard: Shard = shard
                    .parse()
                    .map_err(|e| refuse(format!("{name}: line {at}: {e}")))?;
                let meadow = MeadowSpec::from_header(&spec)
                    .map_err(|e| refuse(format!("{name}: line {at}: {e}")))?;
                head = Some((shard, spec, meadow));
            }
            (_, None) => {
                return Err(refuse(format!(
                    "{name}: line {at}: expected the table-shard line first"
                )))
            }
            (TableShardLine::TableShard { .. }, Some(_)) => {
                return Err(refuse(format!(
                    "{name}: line {at}: a second table-shard line"
                )))
            }
            (
                TableShardLine::Cell {
                    flavour,
                    n,
                    m,
                    value,
                    stopped,
                },
                Some((_, _, meadow)),
            ) => {
                let table = meadow
                    .flavours
                    .iter()
                    .position(|f| f.to_string() == flavour)
                    .ok_or_else(|| {
                        refuse(format!(
                            "{name}: line {at}: a cell of flavour {flavour}, not in the table"
                        ))
                    })?;
                let result = match (value, stopped) {
                    (Some(v), None) => Ok(v),
                    (None, Some(e)) => Err(e),
                    _ => {
                        return Err(refuse(format!(
                            "{name}: line {at}: a cell needs a value or the limit that stopped it"
                        )))
                    }
                };
                cells.push((
                    table,
                    Cell {
                        n,
                        m,
                        result,
                        seconds: 0.0,
                        states: 0,
                        bytes: 0,
                    },
                ));
            }
            (TableShardLine::End, _) => ended = true,
        }
    }
    let Some((shard, spec, _)) = head else {
        return Err(refuse(format!("{name}: empty: no table-shard line")));
    };
    if !ended {
        return Err(refuse(format!(
            "{name}: no end line: the shard did not finish writing"
        )));
    }
    Ok((shard, spec, cells))
}

/// Merge table shards: every table's cells in the unsharded order.
fn table(
    files: &[(String, String)],
    format: Format,
) -> Result<(String, Option<crate::budget::Exceeded>), CliError> {
    let mut parts = Vec::with_capacity(files.len());
    for (name, text) in files {
        parts.push((read_table_shard(name, text)?, name.clone()));
    }
    let (first_spec, first_name) = (&parts[0].0 .1, &parts[0].1);
    if let Some((_, name)) = parts.iter().find(|((_, spec, _), _)| spec != first_spec) {
        return Err(refuse(format!(
            "{name} is a shard of another table than {first_name}"
        )));
    }
    let shards: Vec<(Shard, String)> = parts.iter().map(|((s, _, _), n)| (*s, n.clone())).collect();
    check_complete(&shards).map_err(refuse)?;
    let spec = MeadowSpec::from_header(first_spec).map_err(refuse)?;
    let mut tables: Vec<Vec<Cell>> = vec![Vec::new(); spec.flavours.len()];
    for ((_, _, cells), _) in parts {
        for (t, cell) in cells {
            tables[t].push(cell);
        }
    }
    // Every cell once, in the unsharded order (n, then m).
    let want: Vec<(usize, usize)> = spec
        .n
        .values()
        .into_iter()
        .flat_map(|n| spec.m.values().into_iter().map(move |m| (n, m)))
        .collect();
    for (cells, flavour) in tables.iter_mut().zip(&spec.flavours) {
        cells.sort_by_key(|c| (c.n, c.m));
        let have: Vec<(usize, usize)> = cells.iter().map(|c| (c.n, c.m)).collect();
        if have != want {
            return Err(refuse(format!(
                "the shards' cells of flavour {flavour} are not the table's, each once"
            )));
        }
    }
    let stopped = first_stop(&tables);
    Ok((format_meadow(&spec, &tables, format), stopped))
}
