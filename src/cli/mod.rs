//! The command-line interface: typed arguments (clap), the subcommands and
//! their output, kept in the library so tests can call it.

mod args;
mod census;
mod convert;
mod draw;
mod error;
pub mod guard;
mod json;
mod matrix;
mod merge;
pub mod progress;
mod puzzles;
mod table;

pub use args::{
    CensusArgs, Cli, Command, ConvertArgs, ConvertFormat, DrawArgs, DrawFormat, IndexRange,
    MatrixArgs, MergeArgs, OptionsArgs, PuzzleArgs, PuzzlesArgs, TableArgs, ValueArgs,
};
pub use error::CliError;

use crate::analysis::{analyse, Answer, Request};
use clap::Parser;
use std::ffi::OsString;
use std::io::{IsTerminal, Write};

/// Run the CLI on `args` (with the program name first), writing the
/// result to `out`. Progress reports (on a terminal, or `--progress`) have
/// stopped and cleared their line when this returns, so the caller can
/// print an error line.
pub fn run<I, T>(args: I, out: &mut dyn Write) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let result = run_command(args, out);
    progress::finish();
    result
}

fn run_command<I, T>(args: I, out: &mut dyn Write) -> Result<(), CliError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            return match e.kind() {
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
                    write!(out, "{}", e.render())?;
                    out.flush()?;
                    Ok(())
                }
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => Err(CliError::Usage(
                    "missing command (try `hackenbush value BR` or `hackenbush help`)".into(),
                )),
                _ => Err(CliError::Usage(error::one_line(&e.render().to_string()))),
            };
        }
    };
    progress::begin(cli.command.name());
    let text = match cli.command {
        Command::Value(v) => value(&v)?,
        Command::Table(t) => return table::run(&t, out),
        Command::Options(o) => options(&o)?,
        Command::Matrix(m) => matrix::run(&m)?,
        Command::Puzzles(p) => puzzles::generate(&p)?,
        Command::Puzzle(p) => puzzles::one(&p)?,
        Command::Census(c) => return census::run(&c, out),
        Command::Convert(c) => convert::run(&c)?,
        Command::Draw(d) => draw::run(&d)?,
        Command::Merge(m) => return merge::run(&m, out),
    };
    progress::finish();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The `value` subcommand's output.
fn value(v: &ValueArgs) -> Result<String, CliError> {
    let req = Request {
        position: v.position.join(" "),
        rules: v.rules()?,
        moves: v.moves.list(),
        first: v.moves.first,
    };
    let budget = v.budget.budget();
    let terminal = std::io::stderr().is_terminal();
    // `--progress` (a budget flag) also reports what is known as it is
    // found (quantum rules: the outcome, winning moves, bounds, then the
    // value): lines of text on a terminal, JSON lines otherwise.
    let answer = if v.budget.progress || terminal {
        let mut stages = StagePrinter::new(terminal && !v.budget.progress);
        crate::analysis::analyse_in_stages(&req, &budget, move |s| stages.print(s))
    } else {
        analyse(&req, &budget)
    }?;
    if v.latex && answer.elided.is_none() {
        return Ok(format!("{}\n", draw::latex_value(&req.rules, &answer)?));
    }
    if let Some(elided) = answer.elided {
        let mut known = Vec::new();
        if let Some(o) = answer.outcome {
            known.push(format!("outcome {}", o.letter()));
        }
        if let Some(b) = answer.birthday {
            known.push(format!("birthday {b}"));
        }
        return Err(CliError::ValueTooLong {
            elided,
            known: known.join(", "),
        });
    }
    let thermal = v
        .json
        .then(|| crate::analysis::thermal(&answer, &req.rules, &budget));
    Ok(format_value(&answer, thermal.as_ref(), v.pretty))
}

/// The stages of `value` on stderr. With `--progress`, each as a JSON
/// line when it is found. On a terminal without it, as lines of text, but
/// only once the run has taken about a second (a quick run shows nothing
/// but its answer, as for every progress report); until then they are
/// kept. How far the search got is the progress line's job, not a stage
/// line's. A failed write must not stop the search.
struct StagePrinter {
    /// Text lines after a delay (a terminal), or JSON lines at once.
    delayed_text: bool,
    started: std::time::Instant,
    kept: Vec<crate::analysis::Stage>,
}

impl StagePrinter {
    fn new(delayed_text: bool) -> StagePrinter {
        StagePrinter {
            delayed_text,
            started: std::time::Instant::now(),
            kept: Vec::new(),
        }
    }

    fn print(&mut self, stage: crate::analysis::Stage) {
        let mut err = std::io::stderr().lock();
        if !self.delayed_text {
            let _ = writeln!(err, "{}", serde_json::to_string(&stage).unwrap_or_default());
            let _ = err.flush();
            return;
        }
        if !matches!(stage, crate::analysis::Stage::Searching { .. }) {
            self.kept.push(stage);
        }
        if self.started.elapsed() < std::time::Duration::from_secs(1) {
            return;
        }
        for s in self.kept.drain(..) {
            // On a cleared line: the progress line is redrawn after it.
            let _ = writeln!(err, "\r\x1b[K{s}");
        }
        let _ = err.flush();
    }
}

/// The `options` subcommand's output.
fn options(o: &OptionsArgs) -> Result<String, CliError> {
    let req = Request {
        position: o.position.join(" "),
        rules: crate::analysis::Rules::from_parts(o.rules.parts())?,
        moves: o.moves.list(),
        first: o.moves.first,
    };
    let e = crate::explore::explore(&req, &o.budget.budget())?;
    Ok(if o.json {
        format!("{}\n", serde_json::to_string(&e).unwrap_or_default())
    } else {
        crate::explore::markdown(&e)
    })
}

/// The `value` output: one line, or, given the value's temperature
/// theory, one JSON object.
pub fn format_value(
    answer: &Answer,
    thermal: Option<&crate::analysis::ThermalAnswer>,
    pretty: bool,
) -> String {
    if let Some(thermal) = thermal {
        format!("{}\n", json::value_json(answer, thermal))
    } else if pretty {
        format!("{}\n", answer.pretty)
    } else {
        format!("{}\n", answer.value)
    }
}
