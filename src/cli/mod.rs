//! The command-line interface: argument parsing and output formatting for
//! the `hackenbush` binary, kept in the library so tests can call it.

mod args;

pub use args::{parse_args, Command, ValueArgs};

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
       hackenbush help

POSITION uses the notation of RULES.md: stalks like `BR BRR G` (colours from
the ground up), edges like `0-1:B 1-2:R` (vertex 0 is the ground), or
`nim:3,2` for Nim heaps.
";

/// Run the CLI on `args` (without the program name); the text for stdout.
pub fn run(args: &[String]) -> Result<String, CliError> {
    match parse_args(args)? {
        Command::Help => Ok(USAGE.to_string()),
        Command::Version => Ok(format!("hackenbush {}\n", env!("CARGO_PKG_VERSION"))),
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
