//! The preset name table: `"blue-meadow"` + `["2", "1"]` → a position, for
//! the UI's menu and the CLI. All parameters arrive as strings and are fully
//! checked here, so [`build`] never panics.

use crate::rules::Player;

use super::presets;
use super::{Colour, Position, TooManyEdges};

/// A named family of positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    Stalk,
    Hollyhock,
    BlueMeadow,
    SumsOfHalves,
    CircusTent,
    RedwoodFurniture,
    RedwoodBed,
    Sprig,
    NimHeap,
    Random,
    Picture,
}

impl Preset {
    pub const ALL: [Preset; 11] = [
        Preset::Stalk,
        Preset::Hollyhock,
        Preset::BlueMeadow,
        Preset::SumsOfHalves,
        Preset::CircusTent,
        Preset::RedwoodFurniture,
        Preset::RedwoodBed,
        Preset::Sprig,
        Preset::NimHeap,
        Preset::Random,
        Preset::Picture,
    ];

    /// The kebab-case name used by the CLI and the UI.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Stalk => "stalk",
            Preset::Hollyhock => "hollyhock",
            Preset::BlueMeadow => "blue-meadow",
            Preset::SumsOfHalves => "sums-of-halves",
            Preset::CircusTent => "circus-tent",
            Preset::RedwoodFurniture => "redwood-furniture",
            Preset::RedwoodBed => "redwood-bed",
            Preset::Sprig => "sprig",
            Preset::NimHeap => "nim-heap",
            Preset::Random => "random",
            Preset::Picture => "picture",
        }
    }

    /// The parameters, for help texts and form labels.
    pub fn params(self) -> &'static str {
        match self {
            Preset::Stalk => "COLOURS (e.g. BRR)",
            Preset::Hollyhock => "LENGTH [blue|red] (default blue)",
            Preset::BlueMeadow => "N M (N blue halves BR, M red wholes R)",
            Preset::SumsOfHalves => "M N (M blue halves BR, N red halves RB)",
            Preset::CircusTent => "N (legs, at least 2)",
            Preset::RedwoodFurniture => "LEGS [SEAT] (e.g. 1,2,3,4 1-2,2-3,3-4)",
            Preset::RedwoodBed => "M N (M blue legs, N ≥ M red edges)",
            Preset::Sprig => "[COLOURS] (B/R above the green ground edge)",
            Preset::NimHeap => "K",
            Preset::Random => "SEED EDGES [COLOURS] (default BRG)",
            Preset::Picture => "NAME (tree, flower, house, person, bridge, ladder, dog, …)",
        }
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
