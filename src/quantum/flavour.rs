//! The flavours of Dorbec and Mhalla (RULES.md §3) and the move width: the
//! two knobs that decide which quantum moves a player may make.

use std::fmt;

/// When an unsuperposed (width-1) move is allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Flavour {
    /// Never.
    A,
    /// Only when it is the only label legal for the player anywhere.
    B,
    /// Only when it is legal on every realisation.
    C,
    /// Only when it is legal on every realisation where the player can move.
    CPrime,
    /// When B or C allows it (the variant the 2017 paper's tables follow).
    CPrimeU,
    /// Always.
    D,
}

impl Flavour {
    pub const ALL: [Flavour; 6] = [
        Flavour::A,
        Flavour::B,
        Flavour::C,
        Flavour::CPrime,
        Flavour::CPrimeU,
        Flavour::D,
    ];

    /// The flavour a user gets without `--flavour`: RULES.md names no
    /// default, and D (the most permissive, a superset of classical play)
    /// is the natural one.
    pub const DEFAULT: Flavour = Flavour::D;

    pub fn name(self) -> &'static str {
        match self {
            Flavour::A => "A",
            Flavour::B => "B",
            Flavour::C => "C",
            Flavour::CPrime => "C'",
            Flavour::CPrimeU => "C'u",
            Flavour::D => "D",
        }
    }

    /// Whether a realisation whose labels are a subset of another's may be
    /// dropped (Theorems 3.17/3.20 of the 2024 thesis; Theorem 3 of the 2017
    /// paper). Not under C, C', C'u: there a realisation where the player
    /// cannot move changes which unsuperposed moves are allowed.
    pub fn drops_covered(self) -> bool {
        matches!(self, Flavour::A | Flavour::B | Flavour::D)
    }

    /// Whether a *dead* realisation (no legal label for either player,
    /// e.g. the empty drawing) may be dropped from a state that has
    /// another realisation. Under C′ it changes nothing (see
    /// [`super::normalise`]); under A, B and D it is covered by every
    /// other realisation. Not under C and C′u: there it forbids every
    /// unsuperposed move C's rule would allow (C requires the label on
    /// every realisation).
    pub fn drops_dead(self) -> bool {
        !matches!(self, Flavour::C | Flavour::CPrimeU)
    }
}

impl fmt::Display for Flavour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The largest number of labels in one superposed move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Width {
    Limited(usize),
    Unbounded,
}

impl Width {
    /// RULES.md: `--width` defaults to 2.
    pub const DEFAULT: Width = Width::Limited(2);

    /// The widest move possible among `available` labels.
    pub fn cap(self, available: usize) -> usize {
        match self {
            Width::Limited(w) => w.min(available),
            Width::Unbounded => available,
        }
    }
}

impl fmt::Display for Width {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Width::Limited(w) => write!(f, "{w}"),
            Width::Unbounded => f.write_str("unbounded"),
        }
    }
}

/// Flavour and width together: everything that decides the quantum moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setting {
    pub flavour: Flavour,
    pub width: Width,
}

impl Setting {
    pub fn new(flavour: Flavour, width: Width) -> Setting {
        Setting { flavour, width }
    }
}
