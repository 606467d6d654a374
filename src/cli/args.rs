//! Hand-rolled argument parsing: the contract is small and every mistake
//! must become one clear line, which is easier to guarantee by hand.

use super::CliError;
use crate::analysis::RulesChoice;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Value(ValueArgs),
    Table(TableArgs),
    Help,
    Version,
}

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ValueArgs {
    pub choice: RulesChoice,
    pub json: bool,
    pub pretty: bool,
    pub position: String,
}

/// `hackenbush table`: Blue Meadow positions n × `BR` + m × `R` under
/// quantum rules, or sums of halves m × `BR` + n × `RB` under sync rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableArgs {
    /// quantum (default) or sync.
    pub sync: bool,
    pub flavour: Option<String>,
    pub width: Option<String>,
    /// Inclusive ranges of n and m.
    pub n: (usize, usize),
    pub m: (usize, usize),
    /// Canonical values instead of outcome classes.
    pub values: bool,
    pub csv: bool,
    /// No progress bar on stderr.
    pub quiet: bool,
}

impl Default for TableArgs {
    fn default() -> Self {
        TableArgs {
            sync: false,
            flavour: None,
            width: None,
            n: (0, 3),
            m: (0, 3),
            values: false,
            csv: false,
            quiet: false,
        }
    }
}

/// The quantum flavours, as the CLI spells them (RULES.md §3).
const FLAVOURS: &[&str] = &["A", "B", "C", "C'", "C'u", "D"];

/// The largest n or m a table accepts (2n + m edges must fit a position).
const TABLE_MAX: usize = 40;

/// `3` or `0..5` (inclusive).
fn parse_range(flag: &str, text: &str) -> Result<(usize, usize), CliError> {
    let bad = || {
        CliError::new(format!(
            "{flag}: '{text}' is not a range (expected e.g. 3 or 0..5, at most {TABLE_MAX})"
        ))
    };
    let (a, b) = match text.split_once("..") {
        Some((a, b)) => (a, b.trim_start_matches('=')),
        None => (text, text),
    };
    let a: usize = a.parse().map_err(|_| bad())?;
    let b: usize = b.parse().map_err(|_| bad())?;
    if a > b || b > TABLE_MAX {
        return Err(bad());
    }
    Ok((a, b))
}

fn parse_table_args<'a>(mut it: impl Iterator<Item = &'a String>) -> Result<Command, CliError> {
    let mut t = TableArgs::default();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, val)) if f.starts_with("--") => (f, Some(val)),
            _ => (arg.as_str(), None),
        };
        match flag {
            "--values" | "--outcomes" | "--csv" | "--markdown" | "--quiet" if inline.is_some() => {
                return Err(CliError::new(format!("{flag} takes no value")))
            }
            "--values" => t.values = true,
            "--outcomes" => t.values = false,
            "--csv" => t.csv = true,
            "--markdown" => t.csv = false,
            "--quiet" => t.quiet = true,
            "--format" => {
                let val = flag_value(flag, inline, &mut it)?;
                t.csv = check_choice(flag, val, &["markdown", "csv"])? == "csv";
            }
            "--flavour" | "--flavor" => {
                let val = flag_value(flag, inline, &mut it)?;
                t.flavour = Some(check_choice(flag, val, FLAVOURS)?);
            }
            "--width" => {
                let val = flag_value(flag, inline, &mut it)?;
                check_width(val)?;
                t.width = Some(val.to_string());
            }
            "--rules" => {
                let val = flag_value(flag, inline, &mut it)?;
                t.sync = check_choice(flag, val, &["quantum", "sync"])? == "sync";
            }
            "--n" => t.n = parse_range(flag, flag_value(flag, inline, &mut it)?)?,
            "--m" => t.m = parse_range(flag, flag_value(flag, inline, &mut it)?)?,
            other if other.starts_with("--") => {
                return Err(CliError::new(format!("table: unknown flag '{other}'")))
            }
            other => {
                return Err(CliError::new(format!(
                    "table: unexpected argument '{other}' (use --n and --m for the ranges)"
                )))
            }
        }
    }
    if t.sync && (t.flavour.is_some() || t.width.is_some()) {
        return Err(CliError::new(
            "table: --flavour and --width belong to --rules quantum",
        ));
    }
    Ok(Command::Table(t))
}

fn check_width(val: &str) -> Result<(), CliError> {
    let ok = val == "unbounded" || val.parse::<u32>().is_ok_and(|w| w >= 2);
    if ok {
        Ok(())
    } else {
        Err(CliError::new(format!(
            "--width: '{val}' is not a width (expected an integer ≥ 2 or unbounded)"
        )))
    }
}

/// Split `--flag=value` or take the value from the next argument.
fn flag_value<'a>(
    flag: &str,
    inline: Option<&'a str>,
    rest: &mut impl Iterator<Item = &'a String>,
) -> Result<&'a str, CliError> {
    match inline {
        Some(v) => Ok(v),
        None => rest
            .next()
            .map(|s| s.as_str())
            .ok_or_else(|| CliError::new(format!("{flag} needs a value"))),
    }
}

fn check_choice(flag: &str, value: &str, allowed: &[&str]) -> Result<String, CliError> {
    if allowed.contains(&value) {
        Ok(value.to_string())
    } else {
        Err(CliError::new(format!(
            "{flag}: unknown value '{value}' (expected {})",
            allowed.join(", ")
        )))
    }
}

pub fn parse_args(args: &[String]) -> Result<Command, CliError> {
    let mut it = args.iter();
    let Some(sub) = it.next() else {
        return Err(CliError::new(
            "missing command (try `hackenbush value BR` or `hackenbush help`)",
        ));
    };
    match sub.as_str() {
        "help" | "--help" | "-h" => return Ok(Command::Help),
        "--version" | "version" => return Ok(Command::Version),
        "value" => {}
        "table" => return parse_table_args(it),
        other => {
            return Err(CliError::new(format!(
                "unknown command '{other}' (expected value, table or help)"
            )))
        }
    }
    let mut v = ValueArgs::default();
    let mut words: Vec<&str> = Vec::new();
    while let Some(arg) = it.next() {
        if !arg.starts_with("--") || arg == "--" {
            if arg == "--" {
                words.extend(it.by_ref().map(|s| s.as_str()));
                break;
            }
            words.push(arg);
            continue;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, val)) => (f, Some(val)),
            None => (arg.as_str(), None),
        };
        let c = &mut v.choice;
        match flag {
            "--json" | "--pretty" if inline.is_some() => {
                return Err(CliError::new(format!("{flag} takes no value")))
            }
            "--json" => v.json = true,
            "--pretty" => v.pretty = true,
            "--rules" => {
                let val = flag_value(flag, inline, &mut it)?;
                c.rules = check_choice(
                    flag,
                    val,
                    &[
                        "normal",
                        "misere",
                        "childish",
                        "uncolored",
                        "sync",
                        "quantum",
                    ],
                )?;
            }
            "--flavour" | "--flavor" => {
                let val = flag_value(flag, inline, &mut it)?;
                c.flavour = Some(check_choice(flag, val, FLAVOURS)?);
            }
            "--width" => {
                let val = flag_value(flag, inline, &mut it)?;
                check_width(val)?;
                c.width = Some(val.to_string());
            }
            "--labels" => {
                let val = flag_value(flag, inline, &mut it)?;
                c.labels = Some(check_choice(flag, val, &["subtract", "cut"])?);
            }
            "--conflict" => {
                let val = flag_value(flag, inline, &mut it)?;
                c.conflict = Some(check_choice(flag, val, &["shared", "tie", "replay"])?);
            }
            "--precision" => {
                c.precision = Some(flag_value(flag, inline, &mut it)?.to_string());
            }
            other => return Err(CliError::new(format!("unknown flag '{other}'"))),
        }
    }
    if words.is_empty() {
        return Err(CliError::new(
            "missing POSITION (e.g. `hackenbush value BR BR R`)",
        ));
    }
    // `hackenbush value BR BR R` and `hackenbush value "BR BR R"` mean the same.
    v.position = words.join(" ");
    Ok(Command::Value(v))
}
