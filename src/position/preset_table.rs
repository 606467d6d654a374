//! The preset name table: `"blue-meadow"` + `["2", "1"]` → a position, for
//! the UI's menu and the CLI. All parameters arrive as strings and are fully
//! checked here, so [`build`] never panics.

use serde::Serialize;

use crate::rules::Player;

use super::presets;
use super::{Colour, Position, TooManyEdges, MAX_EDGES};

/// A named family of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Stalk,
    Stalks,
    Hollyhock,
    BlueMeadow,
    SumsOfHalves,
    CircusTent,
    RedwoodFurniture,
    RedwoodBed,
    Sprig,
    NimHeap,
    NimHeaps,
    Random,
    Picture,
}

/// One parameter of a preset as the page's form shows it (in the order of
/// [`Preset::build`]'s parameters).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Field {
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: FieldKind,
}

/// What a form field holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum FieldKind {
    /// A whole number from `min` to `max`.
    Count { min: u64, max: u64 },
    /// One parameter of text the preset checks (colour letters, vertex
    /// lists); left empty, it is left out.
    Text,
    /// Several parameters in one box, separated by spaces or commas.
    List,
}

const fn count(name: &'static str, min: u64, max: u64) -> Field {
    Field {
        name,
        kind: FieldKind::Count { min, max },
    }
}

const fn text(name: &'static str) -> Field {
    Field {
        name,
        kind: FieldKind::Text,
    }
}

const fn list(name: &'static str) -> Field {
    Field {
        name,
        kind: FieldKind::List,
    }
}

const MAX: u64 = MAX_EDGES as u64;

impl Preset {
    pub const ALL: [Preset; 13] = [
        Preset::Stalk,
        Preset::Stalks,
        Preset::Hollyhock,
        Preset::BlueMeadow,
        Preset::SumsOfHalves,
        Preset::CircusTent,
        Preset::RedwoodFurniture,
        Preset::RedwoodBed,
        Preset::Sprig,
        Preset::NimHeap,
        Preset::NimHeaps,
        Preset::Random,
        Preset::Picture,
    ];

    /// The kebab-case name used by the CLI and the UI.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Stalk => "stalk",
            Preset::Stalks => "stalks",
            Preset::Hollyhock => "hollyhock",
            Preset::BlueMeadow => "blue-meadow",
            Preset::SumsOfHalves => "sums-of-halves",
            Preset::CircusTent => "circus-tent",
            Preset::RedwoodFurniture => "redwood-furniture",
            Preset::RedwoodBed => "redwood-bed",
            Preset::Sprig => "sprig",
            Preset::NimHeap => "nim-heap",
            Preset::NimHeaps => "nim-heaps",
            Preset::Random => "random",
            Preset::Picture => "picture",
        }
    }

    /// The parameters, for help texts and form labels.
    pub fn params(self) -> &'static str {
        match self {
            Preset::Stalk => "COLOURS (e.g. BRR)",
            Preset::Stalks => "COLOURS... (one stalk each, e.g. BR RB GG)",
            Preset::Hollyhock => "LENGTH [blue|red] (default blue)",
            Preset::BlueMeadow => "N M (N blue halves BR, M red wholes R)",
            Preset::SumsOfHalves => "M N (M blue halves BR, N red halves RB)",
            Preset::CircusTent => "N (legs, at least 2)",
            Preset::RedwoodFurniture => "LEGS [SEAT] (e.g. 1,2,3,4 1-2,2-3,3-4)",
            Preset::RedwoodBed => "M N (M blue legs, N ≥ M red edges)",
            Preset::Sprig => "[COLOURS] (B/R above the green ground edge)",
            Preset::NimHeap => "K",
            Preset::NimHeaps => "K... (one heap each, e.g. 1 2 3)",
            Preset::Random => "SEED EDGES [COLOURS] (default BRG)",
            Preset::Picture => "NAME (tree, flower, house, person, bridge, ladder, dog, …)",
        }
    }

    /// The parameters as form fields (none for pictures: each picture is
    /// a card of its own).
    pub fn fields(self) -> &'static [Field] {
        match self {
            Preset::Stalk => const { &[text("colours")] },
            Preset::Stalks => const { &[list("stalks")] },
            Preset::Hollyhock => const { &[count("length", 1, MAX)] },
            Preset::BlueMeadow => {
                const {
                    &[
                        count("blue halves", 0, MAX / 2),
                        count("red wholes", 0, MAX),
                    ]
                }
            }
            Preset::SumsOfHalves => {
                const {
                    &[
                        count("blue halves", 0, MAX / 2),
                        count("red halves", 0, MAX / 2),
                    ]
                }
            }
            Preset::CircusTent => const { &[count("legs", 2, MAX / 2)] },
            Preset::RedwoodFurniture => const { &[text("legs"), text("seat")] },
            Preset::RedwoodBed => {
                const { &[count("legs", 1, MAX / 2), count("red edges", 1, MAX - 1)] }
            }
            Preset::Sprig => const { &[text("colours")] },
            Preset::NimHeap => const { &[count("heap", 0, MAX)] },
            Preset::NimHeaps => const { &[list("heaps")] },
            Preset::Random => {
                const { &[count("seed", 0, u32::MAX as u64), count("edges", 1, MAX)] }
            }
            Preset::Picture => &[],
        }
    }

    /// Build this preset from its form, one value per [`Self::fields`]
    /// entry: counts checked against their range, lists split into
    /// parameters, then everything checked again by [`Self::build`].
    pub fn build_form(self, values: &[&str]) -> Result<Position, String> {
        let fields = self.fields();
        if values.len() != fields.len() {
            return Err(format!(
                "{}: expected {} values, got {}",
                self.name(),
                fields.len(),
                values.len()
            ));
        }
        let mut params: Vec<&str> = Vec::new();
        for (field, value) in fields.iter().zip(values) {
            let value = value.trim();
            match field.kind {
                FieldKind::Count { min, max } => {
                    let ok = value
                        .parse::<u64>()
                        .ok()
                        .filter(|n| (min..=max).contains(n));
                    if ok.is_none() {
                        return Err(format!(
                            "{}: {} must be a whole number from {min} to {max}, not {value:?}",
                            self.name(),
                            field.name
                        ));
                    }
                    params.push(value);
                }
                FieldKind::Text if value.is_empty() => {}
                FieldKind::Text => params.push(value),
                FieldKind::List => params.extend(
                    value
                        .split(|c: char| c.is_whitespace() || c == ',')
                        .filter(|t| !t.is_empty()),
                ),
            }
        }
        self.build(&params)
    }

    pub fn from_name(name: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.name() == name)
    }

    /// Build this preset from string parameters, checking them all.
    pub fn build(self, params: &[&str]) -> Result<Position, String> {
        let a = Args {
            preset: self,
            params,
        };
        match self {
            Preset::Stalk => {
                a.arity(1, 1)?;
                a.letters(0, "BRGX", false)?;
                Ok(presets::stalk(params[0]))
            }
            Preset::Stalks => {
                a.arity(1, MAX_EDGES)?;
                let mut total = 0usize;
                for (i, colours) in params.iter().enumerate() {
                    a.letters(i, "BRGX", false)?;
                    total += colours.chars().count();
                }
                a.fits(total)?;
                Ok(presets::stalks(params))
            }
            Preset::Hollyhock => {
                a.arity(1, 2)?;
                let length = a.size(0, 1)?;
                let owner = match params.get(1).copied() {
                    None | Some("blue") | Some("B") => Player::Left,
                    Some("red") | Some("R") => Player::Right,
                    Some(other) => {
                        return Err(a.error(format!("unknown colour {other:?}; use blue or red")))
                    }
                };
                Ok(presets::hollyhock(owner, length))
            }
            Preset::BlueMeadow | Preset::SumsOfHalves => {
                a.arity(2, 2)?;
                let (x, y) = (a.size(0, 2)?, a.size(1, 2)?);
                let (wx, wy) = if self == Preset::BlueMeadow {
                    (2, 1)
                } else {
                    (2, 2)
                };
                a.fits(wx * x + wy * y)?;
                Ok(if self == Preset::BlueMeadow {
                    presets::blue_meadow(x, y)
                } else {
                    presets::sums_of_halves(x, y)
                })
            }
            Preset::CircusTent => {
                a.arity(1, 1)?;
                let n = a.size(0, 2)?;
                if n < 2 {
                    return Err(a.error("a circus tent needs at least 2 legs"));
                }
                Ok(presets::circus_tent(n))
            }
            Preset::RedwoodFurniture => {
                a.arity(1, 2)?;
                let legs = a.list(params[0])?;
                let seat = match params.get(1) {
                    None => Vec::new(),
                    Some(text) => a.pairs(text)?,
                };
                presets::redwood_furniture(&legs, &seat).map_err(|e| a.error(e))
            }
            Preset::RedwoodBed => {
                a.arity(2, 2)?;
                let (m, n) = (a.size(0, 1)?, a.size(1, 1)?);
                if m == 0 || n < m {
                    return Err(a.error("needs 1 ≤ M ≤ N"));
                }
                a.fits(m + n)?;
                Ok(presets::redwood_bed(m, n))
            }
            Preset::Sprig => {
                a.arity(0, 1)?;
                let colours = params.first().copied().unwrap_or("");
                a.letters(0, "BR", true)?;
                a.fits(colours.len() + 1)?;
                Ok(presets::sprig(colours))
            }
            Preset::NimHeap => {
                a.arity(1, 1)?;
                Ok(presets::nim_heap(a.size(0, 1)?))
            }
            Preset::NimHeaps => {
                a.arity(1, MAX_EDGES)?;
                let heaps = (0..params.len())
                    .map(|i| a.size(i, 1).map(|h| h as u32))
                    .collect::<Result<Vec<u32>, String>>()?;
                presets::nim_heaps(&heaps).map_err(|e| a.error(e))
            }
            Preset::Random => {
                a.arity(2, 3)?;
                let seed = params[0]
                    .parse::<u64>()
                    .map_err(|_| a.error(format!("seed {:?} is not a number", params[0])))?;
                let edges = a.size(1, 1)?;
                let colours: Vec<Colour> = match params.get(2) {
                    None => Vec::new(),
                    Some(text) => {
                        a.letters(2, "BRGX", false)?;
                        text.chars().filter_map(Colour::from_letter).collect()
                    }
                };
                Ok(presets::random(seed, edges, &colours))
            }
            Preset::Picture => {
                a.arity(1, 1)?;
                super::pictures::picture(params[0])
                    .map(|p| p.position)
                    .ok_or_else(|| {
                        a.error(format!(
                            "unknown picture {:?} (known: {})",
                            params[0],
                            super::pictures::NAMES.join(", ")
                        ))
                    })
            }
        }
    }
}

/// Build the preset called `name` (see [`Preset::name`]) from `params`.
pub fn build(name: &str, params: &[&str]) -> Result<Position, String> {
    let preset = Preset::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        format!("unknown preset {name:?} (known: {})", names.join(", "))
    })?;
    preset.build(params)
}

/// Parameter checking with messages that name the preset.
struct Args<'a> {
    preset: Preset,
    params: &'a [&'a str],
}

impl Args<'_> {
    fn error(&self, message: impl std::fmt::Display) -> String {
        format!("{} {}: {message}", self.preset.name(), self.preset.params())
    }

    fn arity(&self, min: usize, max: usize) -> Result<(), String> {
        let n = self.params.len();
        if n < min || n > max {
            return Err(self.error(format!("expected {min}..={max} parameters, got {n}")));
        }
        Ok(())
    }

    /// Parameter `i` as a count, such that `per_unit` edges per unit fit.
    fn size(&self, i: usize, per_unit: usize) -> Result<usize, String> {
        let text = self.params[i];
        let n: usize = text
            .parse()
            .map_err(|_| self.error(format!("{text:?} is not a non-negative integer")))?;
        self.fits(n.saturating_mul(per_unit))?;
        Ok(n)
    }

    fn fits(&self, edges: usize) -> Result<(), String> {
        TooManyEdges::check(edges).map_err(|e| self.error(e))
    }

    /// Parameter `i` (absent allowed if `optional`) uses only `allowed`.
    fn letters(&self, i: usize, allowed: &str, optional: bool) -> Result<(), String> {
        let Some(text) = self.params.get(i) else {
            return if optional {
                Ok(())
            } else {
                Err(self.error("missing colours"))
            };
        };
        if let Some(bad) = text.chars().find(|c| !allowed.contains(*c)) {
            return Err(self.error(format!("{bad:?} is not one of the letters {allowed}")));
        }
        if text.is_empty() && !optional {
            return Err(self.error("no colours given"));
        }
        self.fits(text.chars().count())
    }

    /// A comma-separated list of vertex names, e.g. `1,1,2`.
    fn list(&self, text: &str) -> Result<Vec<usize>, String> {
        text.split(',').map(|t| self.vertex(t)).collect()
    }

    fn vertex(&self, text: &str) -> Result<usize, String> {
        text.trim()
            .parse()
            .map_err(|_| self.error(format!("{text:?} is not a vertex number")))
    }

    /// A comma-separated list of pairs, e.g. `1-2,2-3`.
    fn pairs(&self, text: &str) -> Result<Vec<(usize, usize)>, String> {
        if text.trim().is_empty() {
            return Ok(Vec::new());
        }
        text.split(',')
            .map(|t| {
                let (a, b) = t
                    .split_once('-')
                    .ok_or_else(|| self.error(format!("{t:?} is not a pair like 1-2")))?;
                Ok((self.vertex(a)?, self.vertex(b)?))
            })
            .collect()
    }
}
