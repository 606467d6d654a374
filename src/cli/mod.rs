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
                        [--pretty] [--json] POSITION
       hackenbush table [--flavour A|B|C|C'|C'u|D] [--width N|unbounded]
                        [--n 0..5] [--m 0..5] [--values] [--csv] [--quiet]
       hackenbush help

`--rules quantum` defaults to flavour D and width 2. `table` prints the
outcome classes (or with --values the canonical values) of Blue Meadow
positions n × BR + m × R under quantum rules, with a progress bar on stderr.

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

/// The `table` subcommand: Blue Meadow outcomes or values, Markdown or CSV.
fn run_table(t: &TableArgs) -> Result<String, CliError> {
    use crate::quantum::report::{parse_setting, STATE_LIMIT};
    use crate::quantum::table::{blue_meadow_table, format_table, TableFormat, TableKind};
    use std::io::Write;
    let setting = parse_setting(t.flavour.as_deref(), t.width.as_deref()).map_err(CliError::new)?;
    let kind = if t.values {
        TableKind::Value
    } else {
        TableKind::Outcome
    };
    let mut stderr = std::io::stderr();
    let cells = blue_meadow_table(
        t.n.0..=t.n.1,
        t.m.0..=t.m.1,
        setting,
        kind,
        STATE_LIMIT,
        |done, total, cell| {
            if !t.quiet {
                const BAR: usize = 30;
                let filled = done * BAR / total.max(1);
                // A failed write to stderr must not stop the table.
                let _ = write!(
                    stderr,
                    "\r[{}{}] {done}/{total} (n={}, m={}: {:.2}s)",
                    "#".repeat(filled),
                    " ".repeat(BAR - filled),
                    cell.n,
                    cell.m,
                    cell.seconds
                );
                if done == total {
                    let _ = writeln!(stderr);
                }
            }
        },
    )
    .map_err(CliError::new)?;
    let format = if t.csv {
        TableFormat::Csv
    } else {
        TableFormat::Markdown
    };
    Ok(format_table(&cells, setting, format))
}
