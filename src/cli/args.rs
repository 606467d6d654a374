//! Hand-rolled argument parsing: the contract is small and every mistake
//! must become one clear line, which is easier to guarantee by hand.

use super::CliError;
use crate::analysis::RulesChoice;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Value(ValueArgs),
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
        other => {
            return Err(CliError::new(format!(
                "unknown command '{other}' (expected value or help)"
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
                c.flavour = Some(check_choice(flag, val, &["A", "B", "C", "C'", "C'u", "D"])?);
            }
            "--width" => {
                let val = flag_value(flag, inline, &mut it)?;
                let ok = val == "unbounded" || val.parse::<u32>().is_ok_and(|w| w >= 2);
                if !ok {
                    return Err(CliError::new(format!(
                        "--width: '{val}' is not a width (expected an integer ≥ 2 or unbounded)"
                    )));
                }
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
