//! A census as JSON lines, one object per line with a `type`:
//!
//! - `census --json` (and `merge --json`): `census` (the spec, the
//!   property's statement, the rulesets), one `size` per size,
//!   `counterexample`s smallest first, then `summary`;
//! - `census --shard K/N`: `census-shard` (the shard and the spec), one
//!   `size` per size with the positions assigned to it, its
//!   `counterexample`s (or, for 8.5, the `values` of its positions), then
//!   `end` with the limit that stopped it. A file without its `end` line
//!   is a shard that did not finish writing, and does not merge.
//!
//! Lines carry exact strings (positions, values, rulesets in compact
//! form), so a merge needs nothing but the files.

use super::shard::{ShardReport, ShardRow, ShardValues};
use super::{Class, Counterexample, Palette, Property, Report, Spec, Valued};
use crate::analysis::Rules;
use crate::budget::Exceeded;
use crate::quantum::Width;
use crate::shard::Shard;
use serde::{Deserialize, Serialize};

/// The spec of a census, each field in the text its flag reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpecHeader {
    pub class: String,
    pub colours: String,
    /// `first..last`.
    pub sizes: String,
    pub property: Option<String>,
    pub rules: Vec<String>,
    pub width: String,
    pub show: usize,
}

impl SpecHeader {
    pub fn of(spec: &Spec) -> SpecHeader {
        SpecHeader {
            class: spec.class().to_string(),
            colours: spec.palette.to_string(),
            sizes: format!("{}..{}", spec.sizes.start(), spec.sizes.end()),
            property: spec.property.as_ref().map(|p| p.to_string()),
            rules: spec.rules.iter().map(|r| r.to_string()).collect(),
            width: spec.width.to_string(),
            show: spec.show,
        }
    }

    /// The spec back (its class made explicit).
    pub fn spec(&self) -> Result<Spec, String> {
        let class: Class = self.class.parse().map_err(|e| format!("{e}"))?;
        let palette: Palette = self.colours.parse().map_err(|e| format!("{e}"))?;
        let (a, b) = self
            .sizes
            .split_once("..")
            .ok_or_else(|| format!("'{}' is not a range of sizes", self.sizes))?;
        let size = |t: &str| {
            t.parse::<usize>()
                .map_err(|_| format!("'{}' is not a range of sizes", self.sizes))
        };
        let property = match &self.property {
            Some(p) => Some(p.parse::<Property>().map_err(|e| e.to_string())?),
            None => None,
        };
        let rules = self
            .rules
            .iter()
            .map(|r| r.parse::<Rules>().map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let width: Width = self.width.parse().map_err(|e| format!("{e}"))?;
        Ok(Spec {
            class: Some(class),
            palette,
            sizes: size(a)?..=size(b)?,
            property,
            rules,
            width,
            show: self.show,
        })
    }
}

/// One line of `census --json`.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum ReportLine<'a> {
    Census {
        spec: SpecHeader,
        statement: Option<String>,
        rulesets: Vec<String>,
    },
    Size {
        edges: usize,
        positions: usize,
        checked: usize,
        failures: usize,
    },
    Counterexample {
        edges: usize,
        position: &'a str,
        why: &'a str,
    },
    Summary {
        positions: usize,
        checked: usize,
        failures: usize,
        complete_up_to: Option<usize>,
        stopped: Option<String>,
    },
}

fn push_line(out: &mut String, line: &impl Serialize) {
    // Plain data (strings and numbers): serialising cannot fail.
    out.push_str(&serde_json::to_string(line).unwrap_or_default());
    out.push('\n');
}

/// The report of a whole census as JSON lines (`census --json`).
pub fn report_lines(spec: &Spec, report: &Report) -> String {
    let mut out = String::new();
    push_line(
        &mut out,
        &ReportLine::Census {
            spec: SpecHeader::of(spec),
            statement: spec.property.as_ref().map(|p| p.statement()),
            rulesets: spec.rulesets().iter().map(|r| r.to_string()).collect(),
        },
    );
    for r in &report.rows {
        push_line(
            &mut out,
            &ReportLine::Size {
                edges: r.edges,
                positions: r.positions,
                checked: r.checked,
                failures: r.failures,
            },
        );
    }
    for c in &report.counterexamples {
        push_line(
            &mut out,
            &ReportLine::Counterexample {
                edges: c.edges,
                position: &c.position,
                why: &c.why,
            },
        );
    }
    push_line(
        &mut out,
        &ReportLine::Summary {
            positions: report.rows.iter().map(|r| r.positions).sum(),
            checked: report.rows.iter().map(|r| r.checked).sum(),
            failures: report.failures,
            complete_up_to: report.complete_up_to,
            stopped: report.stopped.map(|e| e.to_string()),
        },
    );
    out
}

/// One line of a shard's output.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
enum ShardLine {
    CensusShard {
        shard: String,
        spec: SpecHeader,
    },
    Size {
        edges: usize,
        positions: usize,
        assigned: usize,
        checked: Option<usize>,
        failures: Option<usize>,
    },
    Counterexample {
        index: usize,
        edges: usize,
        position: String,
        why: String,
    },
    Values {
        index: usize,
        edges: usize,
        position: String,
        values: Vec<Valued>,
    },
    End {
        stopped: Option<Exceeded>,
    },
}

/// A shard's share as JSON lines (`census --shard K/N`).
pub fn shard_lines(spec: &Spec, part: &ShardReport) -> String {
    let mut out = String::new();
    push_line(
        &mut out,
        &ShardLine::CensusShard {
            shard: part.shard.to_string(),
            spec: SpecHeader::of(spec),
        },
    );
    for r in &part.rows {
        push_line(
            &mut out,
            &ShardLine::Size {
                edges: r.edges,
                positions: r.positions,
                assigned: r.assigned,
                checked: r.checked,
                failures: r.failures,
            },
        );
    }
    for (index, c) in &part.counterexamples {
        push_line(
            &mut out,
            &ShardLine::Counterexample {
                index: *index,
                edges: c.edges,
                position: c.position.clone(),
                why: c.why.clone(),
            },
        );
    }
    for v in &part.values {
        push_line(
            &mut out,
            &ShardLine::Values {
                index: v.index,
                edges: v.edges,
                position: v.position.clone(),
                values: v.values.clone(),
            },
        );
    }
    push_line(
        &mut out,
        &ShardLine::End {
            stopped: part.stopped,
        },
    );
    out
}

/// Whether `first_line` opens a census shard's output.
pub fn is_census_shard(first_line: &str) -> bool {
    matches!(
        serde_json::from_str::<ShardLine>(first_line),
        Ok(ShardLine::CensusShard { .. })
    )
}

/// Read a shard's output back: its spec and its share. Errors name the
/// line (1-based) and what is wrong with it.
pub fn read_shard(text: &str) -> Result<(SpecHeader, ShardReport), String> {
    let mut header: Option<(SpecHeader, Shard)> = None;
    let mut part = ShardReport {
        shard: Shard::WHOLE,
        rows: Vec::new(),
        counterexamples: Vec::new(),
        values: Vec::new(),
        stopped: None,
    };
    let mut ended = false;
    for (n, line) in text.lines().enumerate() {
        let at = n + 1;
        if line.trim().is_empty() {
            continue;
        }
        if ended {
            return Err(format!("line {at}: more after the end line"));
        }
        let parsed: ShardLine = serde_json::from_str(line)
            .map_err(|e| format!("line {at}: not a census shard line ({e})"))?;
        match (parsed, &header) {
            (ShardLine::CensusShard { shard, spec }, None) => {
                let shard: Shard = shard.parse().map_err(|e| format!("line {at}: {e}"))?;
                part.shard = shard;
                header = Some((spec, shard));
            }
            (_, None) => return Err(format!("line {at}: expected the census-shard line first")),
            (ShardLine::CensusShard { .. }, Some(_)) => {
                return Err(format!("line {at}: a second census-shard line"))
            }
            (
                ShardLine::Size {
                    edges,
                    positions,
                    assigned,
                    checked,
                    failures,
                },
                _,
            ) => part.rows.push(ShardRow {
                edges,
                positions,
                assigned,
                checked,
                failures,
            }),
            (
                ShardLine::Counterexample {
                    index,
                    edges,
                    position,
                    why,
                },
                _,
            ) => part.counterexamples.push((
                index,
                Counterexample {
                    edges,
                    position,
                    why,
                },
            )),
            (
                ShardLine::Values {
                    index,
                    edges,
                    position,
                    values,
                },
                _,
            ) => part.values.push(ShardValues {
                edges,
                index,
                position,
                values,
            }),
            (ShardLine::End { stopped }, _) => {
                part.stopped = stopped;
                ended = true;
            }
        }
    }
    let Some((spec, _)) = header else {
        return Err("empty: no census-shard line".into());
    };
    if !ended {
        return Err("no end line: the shard did not finish writing".into());
    }
    Ok((spec, part))
}
