//! The CLI's failures, each printed as one line, with the exit status of
//! RULES.md §4: bad input 2, a budget reached 3, output that cannot be
//! written 1.

use crate::analysis::{AnalysisError, InputError, OptionError};
use crate::budget::Exceeded;

#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Flags or arguments the parser refused (clap's message, one line).
    #[error("{0}")]
    Usage(String),
    #[error(transparent)]
    Input(#[from] InputError),
    #[error("{}", budget_message(.0))]
    Budget(Exceeded),
    /// A value was found but is too long to print: the budget's message,
    /// then what is known without the text (`outcome L, birthday 30`).
    #[error("{}; {known}", budget_message(&Exceeded::from(*.elided)))]
    ValueTooLong {
        elided: crate::analysis::Elided,
        known: String,
    },
    /// A position read well that the asked notation cannot write.
    #[error("{0}")]
    Unwritable(String),
    #[error("cannot write the output: {0}")]
    Output(#[from] std::io::Error),
}

impl CliError {
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Usage(_) | CliError::Input(_) | CliError::Unwritable(_) => 2,
            CliError::Budget(_) | CliError::ValueTooLong { .. } => 3,
            CliError::Output(_) => 1,
        }
    }
}

impl From<AnalysisError> for CliError {
    fn from(e: AnalysisError) -> Self {
        match e {
            AnalysisError::Input(e) => CliError::Input(e),
            AnalysisError::Budget(e) => CliError::Budget(e),
        }
    }
}

impl From<crate::puzzle::PuzzleError> for CliError {
    fn from(e: crate::puzzle::PuzzleError) -> Self {
        use crate::puzzle::PuzzleError;
        match e {
            PuzzleError::Input(e) => CliError::Input(e),
            PuzzleError::Budget(e) => CliError::Budget(e),
            other => CliError::Usage(other.to_string()),
        }
    }
}

impl From<OptionError> for CliError {
    fn from(e: OptionError) -> Self {
        CliError::Input(InputError::Option(e))
    }
}

impl From<Exceeded> for CliError {
    fn from(e: Exceeded) -> Self {
        CliError::Budget(e)
    }
}

/// The limit reached and the flag that raises it.
fn budget_message(e: &Exceeded) -> String {
    match e {
        Exceeded::Memory(size) => {
            let more = crate::budget::ByteSize(size.0.saturating_mul(2));
            format!("stopped: {e} (raise it with --max-memory, e.g. --max-memory {more})")
        }
        Exceeded::Time(t) => {
            let more = crate::budget::Timeout {
                millis: t.millis.saturating_mul(4),
            };
            format!("stopped: {e} (raise it with --timeout, e.g. --timeout {more})")
        }
        Exceeded::Cancelled => format!("stopped: {e}"),
        Exceeded::Text { chars, .. } => {
            // The limit is a share of the memory budget: name the budget
            // that would let this value print.
            let bytes = chars.saturating_mul(crate::budget::Budget::TEXT_SHARE);
            use crate::budget::ByteSize;
            let unit = [ByteSize::GIB, ByteSize::MIB, ByteSize::KIB]
                .into_iter()
                .find(|&u| bytes > u)
                .unwrap_or(1);
            let needed = ByteSize(bytes.div_ceil(unit).saturating_mul(unit));
            format!("stopped: {e} (a quarter of --max-memory; printing it needs --max-memory {needed} or more)")
        }
    }
}

/// A clap error as one line: its first paragraph, lines joined, without
/// the `error:` prefix.
pub fn one_line(rendered: &str) -> String {
    let paragraph: Vec<&str> = rendered
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let line = paragraph.join(" ");
    line.strip_prefix("error: ").unwrap_or(&line).to_string()
}
