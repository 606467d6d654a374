//! The command-line interface: argument parsing and output formatting for
//! the `hackenbush` binary, kept in the library so tests can call it.

mod args;

pub use args::{parse_args, Command, TableArgs, ValueArgs};

use crate::analysis::{analyse, Report};
use std::fmt;

/// A failure the CLI reports in one line. Usage errors exit with status 2.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CliError {
    pub message: String,
}

impl CliError {
    pub fn new(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
        }
    }

    /// Bad input of every kind exits with 2 (RULES.md §4).
    pub fn exit_code(&self) -> i32 {
        2
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One line, always: fold any newline a message might carry.
        write!(f, "{}", self.message.replace('\n', " "))
    }
}

pub const USAGE: &str = "\
usage: hackenbush value [--rules normal|misere|childish|uncolored|sync|quantum]
                        [--flavour A|B|C|C'|C'u|D] [--width N|unbounded]
                        [--labels subtract|cut] [--conflict shared|tie|replay]
                        [--precision 1/1000000] [--pretty] [--json] POSITION
       hackenbush table [--rules quantum] [--flavour A|B|C|C'|C'u|D]
                        [--width N|unbounded] [--n 0..5] [--m 0..5] [--values]
                        [--csv] [--quiet]
       hackenbush table --rules sync [--m 0..9] [--n 0..9] [--csv] [--quiet]
       hackenbush help

`--rules quantum` defaults to flavour D and width 2. `table` prints the
outcome classes (or with --values the canonical values) of Blue Meadow
positions n × BR + m × R under quantum rules, or with --rules sync the exact
synchronous values of sums of halves m × BR + n × RB, with a progress bar on
stderr. Under `--conflict replay` a synchronous value may be irrational: it is
printed as an interval ~[lo, hi] of width at most --precision (default 2^-20).

POSITION uses the notation of RULES.md: stalks like `BR BRR G` (colours from
the ground up), edges like `0-1:B 1-2:R` (vertex 0 is the ground), or
`nim:3,2` for Nim heaps.
";

/// Run the CLI on `args` (without the program name); the text for stdout.
pub fn run(args: &[String]) -> Result<String, CliError> {
    match parse_args(args)? {
        Command::Help => Ok(USAGE.to_string()),
        Command::Version => Ok(format!("hackenbush {}\n", env!("CARGO_PKG_VERSION"))),
        Command::Table(t) => run_table(&t),
        Command::Value(v) => {
            let report = analyse(&v.position, &v.choice).map_err(CliError::new)?;
            Ok(format_value(&report, v.json, v.pretty))
        }
    }
}

/// The `value` output: one line, or one JSON object.
pub fn format_value(report: &Report, json: bool, pretty: bool) -> String {
    if json {
        // Serialising a struct of strings and integers cannot fail.
        let text = serde_json::to_string(report).unwrap_or_default();
        format!("{text}\n")
    } else if pretty {
        format!("{}\n", report.pretty)
    } else {
        format!("{}\n", report.value)
    }
}

/// Draw a progress bar on stderr (a failed write must not stop the table).
fn progress(quiet: bool, done: usize, total: usize, what: std::fmt::Arguments) {
    use std::io::Write;
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

/// The `table` subcommand: quantum Blue Meadow or synchronous halves.
fn run_table(t: &TableArgs) -> Result<String, CliError> {
    if t.sync {
        run_halves_table(t)
    } else {
        run_meadow_table(t)
    }
}

/// Exact synchronous values of m × BR + n × RB.
fn run_halves_table(t: &TableArgs) -> Result<String, CliError> {
    use crate::solve::table::Grid;
    let total = (t.m.1 + 1) * (t.n.1 + 1);
    let mut done = 0;
    let start = std::time::Instant::now();
    // One memo serves the whole table, so it is computed from (0, 0) up.
    let values = crate::sync::halves_table_with(
        t.m.1,
        t.n.1,
        crate::sync::Conflict::Shared,
        |m, n, _, states| {
            done += 1;
            let secs = start.elapsed().as_secs_f64();
            progress(
                t.quiet,
                done,
                total,
                format_args!("m={m}, n={n}: {states} positions, {secs:.2}s"),
            );
        },
    )
    .map_err(CliError::new)?;
    let rows: Vec<usize> = (t.m.0..=t.m.1).collect();
    let cols: Vec<usize> = (t.n.0..=t.n.1).collect();
    let grid = Grid {
        title: "Synchronous values of m × BR + n × RB (exact)",
        row_axis: "m",
        col_axis: "n",
        rows: &rows,
        cols: &cols,
    };
    Ok(grid.format(table_format(t), |m, n| {
        crate::sync::format_rational(&values[m][n])
    }))
}

fn table_format(t: &TableArgs) -> crate::solve::table::TableFormat {
    if t.csv {
        crate::solve::table::TableFormat::Csv
    } else {
        crate::solve::table::TableFormat::Markdown
    }
}

/// Quantum Blue Meadow outcomes or values, Markdown or CSV. Cells that
/// exceed the budget are marked in the table (and named on stderr).
fn run_meadow_table(t: &TableArgs) -> Result<String, CliError> {
    use crate::quantum::report::parse_setting;
    use crate::quantum::table::{blue_meadow_table, format_table, TableKind};
    let setting = parse_setting(t.flavour.as_deref(), t.width.as_deref()).map_err(CliError::new)?;
    let kind = if t.values {
        TableKind::Value
    } else {
        TableKind::Outcome
    };
    // TODO(lead): the --max-memory / --timeout flags' budget goes here.
    let budget = crate::budget::Budget::default();
    let cells = blue_meadow_table(
        t.n.0..=t.n.1,
        t.m.0..=t.m.1,
        setting,
        kind,
        &budget,
        |done, total, cell| match &cell.result {
            Ok(_) => progress(
                t.quiet,
                done,
                total,
                format_args!("n={}, m={}: {:.2}s", cell.n, cell.m, cell.seconds),
            ),
            Err(e) => progress(
                t.quiet,
                done,
                total,
                format_args!("n={}, m={}: not finished, {e}", cell.n, cell.m),
            ),
        },
    )
    .map_err(CliError::new)?;
    Ok(format_table(&cells, setting, table_format(t)))
}
