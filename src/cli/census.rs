//! The `census` subcommand: counts per size, the property's verdict and
//! its smallest counterexamples, with progress on a terminal (`super::progress`), as
//! Markdown or (`--json`) JSON lines; with `--shard K/N`, one share of the
//! work as JSON lines for `merge`. A run stopped by the budget prints what
//! it checked, then exits 3.

use super::args::CensusArgs;
use super::table::progress;
use super::CliError;
use crate::census::lines::{report_lines, shard_lines};
use crate::census::shard::run_shard;
use crate::census::{run as census, CensusError, Report, Spec};
use std::fmt::Write as _;
use std::io::Write;

impl From<CensusError> for CliError {
    fn from(e: CensusError) -> Self {
        match e {
            CensusError::Budget(e) => CliError::Budget(e),
            CensusError::Invalid(m) => CliError::Usage(m),
        }
    }
}

pub fn run(c: &CensusArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if c.quiet {
        super::progress::quiet();
    }
    let spec = c.spec();
    let budget = c.budget.budget();
    let bar = |done, total| progress(done, total, "positions valued", format_args!(""));
    if let Some(shard) = c.shard {
        let part = run_shard(&spec, shard, &budget, bar)?;
        // The search is over; printing what it found is not cut short.
        super::guard::disarm();
        super::progress::finish();
        out.write_all(shard_lines(&spec, &part).as_bytes())?;
        out.flush()?;
        return match part.stopped {
            Some(e) => Err(CliError::Budget(e)),
            None => Ok(()),
        };
    }
    let report = census(&spec, &budget, bar)?;
    super::guard::disarm();
    super::progress::finish();
    let text = if c.json {
        report_lines(&spec, &report)
    } else {
        format_report(&spec, &report)
    };
    out.write_all(text.as_bytes())?;
    out.flush()?;
    match report.stopped {
        Some(e) => Err(CliError::Budget(e)),
        None => Ok(()),
    }
}

/// The report as Markdown: what was checked, a row per size, the verdict.
pub fn format_report(spec: &Spec, report: &Report) -> String {
    let mut s = String::new();
    let class = spec.class();
    let colours = if class.uses_palette() {
        format!(" (colours {})", spec.palette)
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "Census of {class}{colours}, {}..{} edges",
        spec.sizes.start(),
        spec.sizes.end()
    );
    if let Some(p) = &spec.property {
        let _ = writeln!(s, "Property {p}: {}", p.statement());
        let rules: Vec<String> = spec.rulesets().iter().map(|r| r.to_string()).collect();
        let _ = writeln!(s, "Rulesets: {}", rules.join(", "));
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "| edges | positions | checked | counterexamples |");
    let _ = writeln!(s, "|---|---|---|---|");
    for r in &report.rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} |",
            r.edges, r.positions, r.checked, r.failures
        );
    }
    let _ = writeln!(s);
    let checked: usize = report.rows.iter().map(|r| r.checked).sum();
    let total: usize = report.rows.iter().map(|r| r.positions).sum();
    if spec.property.is_none() {
        let _ = writeln!(s, "{total} positions");
    } else if report.failures == 0 {
        match report.complete_up_to {
            Some(k) => {
                let _ = writeln!(
                    s,
                    "Holds on all {checked} positions checked; complete up to {k} edges"
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "No size was checked in full ({checked} positions checked)"
                );
            }
        }
    } else {
        let _ = writeln!(
            s,
            "Fails on {} of {checked} positions checked; the smallest:",
            report.failures
        );
        for c in &report.counterexamples {
            let _ = writeln!(s, "- `{}` ({} edges): {}", c.position, c.edges, c.why);
        }
    }
    if let Some(e) = report.stopped {
        let _ = writeln!(s, "Stopped: {e}");
    }
    s
}
