//! The command line as typed values (clap derive): every flag is parsed
//! once, by the option types' own `FromStr`, into the engine's types.

use crate::analysis::{Precision, Rules, RulesKind, RulesParts};
use crate::budget::{Budget, ByteSize, Timeout};
use crate::puzzle::Question;
use crate::quantum::{Flavour, Width};
use crate::rules::{NimLabels, Player};
use crate::sync::Conflict;
use clap::{Args, Parser, Subcommand};
use std::fmt;
use std::str::FromStr;

/// Exact values of Hackenbush positions and their quantum-inspired variants.
#[derive(Debug, Parser)]
#[command(
    name = "hackenbush",
    version,
    about,
    after_help = "POSITION uses the notation of RULES.md: stalks like `BR BRR G` (colours \
from the ground up), edges like `0-1:B 1-2:R` (vertex 0 is the ground), `nim:3,2` for \
Nim heaps, or a CGSuite Hackenbush string after `cgsuite:`, like `cgsuite:l(l;rl)` (l blue, \
r red, e green; quote it for the shell). Bad input exits with status 2, a computation past \
its budget with status 3, each with one line on stderr."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Value a position (one line, or one JSON object with --json).
    Value(ValueArgs),
    /// Tables: quantum Blue Meadow n × BR + m × R, or synchronous sums of
    /// halves m × BR + n × RB (--rules sync).
    Table(TableArgs),
    /// Each player's options with their values, dominated and reversible
    /// ones marked (Markdown, or one JSON object with --json).
    Options(OptionsArgs),
    /// The synchronous payoff matrix at the root: Left's picks × Right's,
    /// the value after each pair, optimal mixed strategies, the value.
    Matrix(MatrixArgs),
    /// Seeded random puzzles with answers and links, for problem sets.
    Puzzles(PuzzlesArgs),
    /// Solve one puzzle, or judge an answer to it (--answer).
    Puzzle(PuzzleArgs),
    /// Every position of a class up to a size (up to isomorphism),
    /// counted, valued and checked against a property.
    Census(CensusArgs),
    /// Print a position in another notation: a CGSuite string, the edges
    /// notation, or the position JSON.
    Convert(ConvertArgs),
    /// Draw a position as a TikZ picture (a standalone LaTeX document) or
    /// an SVG image, laid out as on the page.
    Draw(DrawArgs),
    /// Combine the outputs of `census --shard K/N` or `table --shard K/N`
    /// (K = 1..N) into what the unsharded run prints.
    Merge(MergeArgs),
}

impl Command {
    /// The subcommand's name, as typed.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Value(_) => "value",
            Command::Table(_) => "table",
            Command::Options(_) => "options",
            Command::Matrix(_) => "matrix",
            Command::Puzzles(_) => "puzzles",
            Command::Puzzle(_) => "puzzle",
            Command::Census(_) => "census",
            Command::Convert(_) => "convert",
            Command::Draw(_) => "draw",
            Command::Merge(_) => "merge",
        }
    }
}

/// The quantum setting's flags, for `value` and `table` alike.
#[derive(Debug, Args, Default)]
pub struct QuantumFlags {
    /// Quantum flavour: A, B, C, C', C'u or D (default D).
    #[arg(
        long,
        visible_alias = "flavor",
        allow_hyphen_values = true,
        value_name = "FLAVOUR"
    )]
    pub flavour: Option<Flavour>,
    /// Quantum width: an integer ≥ 2 or unbounded (default 2).
    #[arg(long, allow_hyphen_values = true, value_name = "N|unbounded")]
    pub width: Option<Width>,
}

/// The ruleset flags shared by the subcommands: those of a picture, and
/// quantum Nim's move labels.
#[derive(Debug, Args, Default)]
pub struct RulesFlags {
    #[command(flatten)]
    pub picture: PictureRulesFlags,
    /// Quantum Nim move labels: subtract (default) or cut.
    #[arg(long, allow_hyphen_values = true, value_name = "subtract|cut")]
    pub labels: Option<NimLabels>,
}

/// The ruleset flags of a Hackenbush picture: all but quantum Nim's
/// `--labels`, which `draw` gives to the edges' labels (one flag cannot
/// name both).
#[derive(Debug, Args, Default)]
pub struct PictureRulesFlags {
    /// normal, misere, childish, uncolored, sync or quantum.
    #[arg(long, allow_hyphen_values = true, value_name = "RULES")]
    pub rules: Option<RulesKind>,
    #[command(flatten)]
    pub quantum: QuantumFlags,
    /// Synchronous conflict rule: shared (default), tie or replay.
    #[arg(long, allow_hyphen_values = true, value_name = "shared|tie|replay")]
    pub conflict: Option<Conflict>,
    /// Width of a replay bracket, e.g. 1/1000000 (default 2^-20).
    #[arg(long, allow_hyphen_values = true, value_name = "Q")]
    pub precision: Option<Precision>,
}

impl RulesFlags {
    pub fn parts(&self) -> RulesParts {
        RulesParts {
            labels: self.labels,
            ..self.picture.parts()
        }
    }
}

impl PictureRulesFlags {
    pub fn parts(&self) -> RulesParts {
        RulesParts {
            kind: self.rules,
            flavour: self.quantum.flavour,
            width: self.quantum.width,
            labels: None,
            conflict: self.conflict,
            precision: self.precision.clone(),
        }
    }
}

/// How much a computation may use (RULES.md §4).
#[derive(Debug, Args)]
pub struct BudgetFlags {
    /// Memory for the engine's tables, e.g. 512M or 4G.
    #[arg(long, allow_hyphen_values = true, value_name = "SIZE", default_value_t = Budget::DEFAULT_MEMORY)]
    pub max_memory: ByteSize,
    /// Stop after this many seconds (default: no limit).
    #[arg(long, allow_hyphen_values = true, value_name = "SECONDS")]
    pub timeout: Option<Timeout>,
    /// Report progress on stderr as JSON lines, one object per second
    /// (on a terminal a redrawn line is shown without this flag).
    #[arg(long)]
    pub progress: bool,
}

impl BudgetFlags {
    /// The budget, its clock started now; the process enforces its limits
    /// (see `guard`) and reports its progress.
    pub fn budget(&self) -> Budget {
        let budget = Budget::new(self.max_memory, self.timeout);
        super::guard::arm(&budget);
        super::progress::watch(&budget, self.progress);
        budget
    }
}

/// Moves replayed from the start before a subcommand looks at the state.
#[derive(Debug, Args)]
pub struct MovesFlags {
    /// Moves to replay first, e.g. "1+3 7 2+5": moves separated by spaces,
    /// a superposed move's labels joined by +, players alternating from
    /// --first. Edges by their labels (1, 2, … in the order the position
    /// lists them); Nim moves as HEAP:K, e.g. "1:2+2:1"; classical cuts as
    /// "3 5", uncolored colourings as 3B / 3R (options, puzzle).
    #[arg(long = "moves", allow_hyphen_values = true, value_name = "MOVES")]
    pub text: Option<String>,
    /// Who makes the first of --moves: L or R.
    #[arg(long, allow_hyphen_values = true, value_name = "L|R", default_value_t = Player::Left)]
    pub first: Player,
}

impl MovesFlags {
    /// The moves, one per space-separated word.
    pub fn list(&self) -> Vec<String> {
        self.text
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(String::from)
            .collect()
    }
}

#[derive(Debug, Args)]
pub struct ValueArgs {
    #[command(flatten)]
    pub rules: RulesFlags,
    #[command(flatten)]
    pub budget: BudgetFlags,
    #[command(flatten)]
    pub moves: MovesFlags,
    /// One JSON object: value, outcome, birthday, best moves, strategies
    /// (and the realisations reached, under quantum rules).
    #[arg(long)]
    pub json: bool,
    /// The people-friendly form (±1, ↑, {2|1||0}) instead of plain notation.
    #[arg(long, conflicts_with = "json")]
    pub pretty: bool,
    /// The value in LaTeX math (\frac{3}{4}, \uparrow, \pm 1, \{1 \mid {*}\}),
    /// without $ delimiters.
    #[arg(long, conflicts_with_all = ["json", "pretty"])]
    pub latex: bool,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

impl ValueArgs {
    pub fn rules(&self) -> Result<Rules, crate::analysis::OptionError> {
        Rules::from_parts(self.rules.parts())
    }
}

#[derive(Debug, Args)]
pub struct OptionsArgs {
    #[command(flatten)]
    pub rules: RulesFlags,
    #[command(flatten)]
    pub budget: BudgetFlags,
    #[command(flatten)]
    pub moves: MovesFlags,
    /// One JSON object: value, canonical options, and every option with
    /// player, move, value, dominated, reversible.
    #[arg(long)]
    pub json: bool,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

#[derive(Debug, Args)]
pub struct MatrixArgs {
    /// When both pick the same green edge: shared (default), tie or replay.
    #[arg(long, allow_hyphen_values = true, value_name = "shared|tie|replay")]
    pub conflict: Option<Conflict>,
    /// Width of a replay bracket, e.g. 1/1000000 (default 2^-20).
    #[arg(long, allow_hyphen_values = true, value_name = "Q")]
    pub precision: Option<Precision>,
    #[command(flatten)]
    pub budget: BudgetFlags,
    /// One JSON object: rows, cols (label, probability, percent,
    /// dominated), cells, value, and the bracket under replay.
    #[arg(long)]
    pub json: bool,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    pub rules: RulesFlags,
    #[command(flatten)]
    pub budget: BudgetFlags,
    /// The question: win:L, win:R, all:L, all:R, value, first:L, first:R,
    /// beat:L or beat:R.
    #[arg(long, allow_hyphen_values = true, value_name = "KIND", default_value_t = Question::default())]
    pub question: Question,
    /// Edge counts of the positions, e.g. 6..9.
    #[arg(
        long,
        allow_hyphen_values = true,
        value_name = "RANGE",
        default_value = "6..9"
    )]
    pub edges: IndexRange,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=32))]
    pub count: u64,
    /// Random seed: the same seed gives the same puzzles.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Only puzzles with exactly one accepted answer.
    #[arg(long)]
    pub unique: bool,
    /// The page's address, put before each link's #v1=… fragment.
    #[arg(long, value_name = "URL", default_value = "")]
    pub base_url: String,
    /// A JSON array of objects: position, rules, question, answer, link.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct PuzzleArgs {
    #[command(flatten)]
    pub rules: RulesFlags,
    #[command(flatten)]
    pub budget: BudgetFlags,
    /// The question (see `puzzles --question`).
    #[arg(long, allow_hyphen_values = true, value_name = "KIND", default_value_t = Question::default())]
    pub question: Question,
    /// An answer to judge: a move (3, 1+3), moves separated by spaces or
    /// ; (all:), a value (plain or pretty), L / R (first:), or for beat:
    /// the student's moves of a whole game, the engine answering each.
    #[arg(long, allow_hyphen_values = true, value_name = "TEXT")]
    pub answer: Option<String>,
    #[command(flatten)]
    pub moves: MovesFlags,
    /// Also print a link to the puzzle: the page's address, then the
    /// #v1=… fragment (the link carries the moves, never the answer).
    #[arg(long, value_name = "URL")]
    pub link: Option<String>,
    /// One JSON object.
    #[arg(long)]
    pub json: bool,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

/// An inclusive range of table indices, `3` or `0..5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IndexRange {
    pub first: usize,
    pub last: usize,
}

/// The largest n or m a table accepts (2n + m edges must fit a position).
pub const TABLE_MAX: usize = 40;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a range (expected e.g. 3 or 0..5, at most {TABLE_MAX})")]
pub struct RangeError(String);

impl FromStr for IndexRange {
    type Err = RangeError;

    fn from_str(text: &str) -> Result<IndexRange, RangeError> {
        let bad = || RangeError(text.to_string());
        let (a, b) = match text.split_once("..") {
            Some((a, b)) => (a, b.trim_start_matches('=')),
            None => (text, text),
        };
        let number = |t: &str| -> Result<usize, RangeError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| bad())
        };
        let (first, last) = (number(a)?, number(b)?);
        if first > last || last > TABLE_MAX {
            return Err(bad());
        }
        Ok(IndexRange { first, last })
    }
}

impl fmt::Display for IndexRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}..{}", self.first, self.last)
        }
    }
}

impl IndexRange {
    pub fn values(self) -> Vec<usize> {
        (self.first..=self.last).collect()
    }
}

/// Which family a table covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TableRules {
    Quantum,
    Sync,
}

/// How a table is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Markdown,
    Csv,
    Json,
}

#[derive(Debug, Args)]
pub struct TableArgs {
    /// quantum (Blue Meadow) or sync (sums of halves).
    #[arg(long, value_enum, default_value_t = TableRules::Quantum)]
    pub rules: TableRules,
    /// Quantum flavour, or several (A,B,D; all for the six), one table
    /// each (default D). Value tables of A, B, D (and of C, C', C'u) are
    /// valued together in one search.
    #[arg(
        long,
        visible_alias = "flavor",
        visible_alias = "flavours",
        allow_hyphen_values = true,
        value_name = "FLAVOUR[,…]"
    )]
    pub flavour: Option<crate::analysis::FlavourList>,
    /// Quantum width: an integer ≥ 2 or unbounded (default 2).
    #[arg(long, allow_hyphen_values = true, value_name = "N|unbounded")]
    pub width: Option<Width>,
    /// Range of n: quantum, blue halves; sync, red halves.
    #[arg(
        long,
        allow_hyphen_values = true,
        value_name = "RANGE",
        default_value = "0..3"
    )]
    pub n: IndexRange,
    /// Range of m: quantum, red edges; sync, blue halves.
    #[arg(
        long,
        allow_hyphen_values = true,
        value_name = "RANGE",
        default_value = "0..3"
    )]
    pub m: IndexRange,
    /// Canonical values instead of outcome classes (quantum).
    #[arg(long, overrides_with = "outcomes")]
    pub values: bool,
    /// Outcome classes (the default for quantum tables).
    #[arg(long, overrides_with = "values")]
    pub outcomes: bool,
    /// CSV instead of Markdown.
    #[arg(long, overrides_with = "markdown")]
    pub csv: bool,
    /// Markdown (the default).
    #[arg(long, overrides_with = "csv")]
    pub markdown: bool,
    /// markdown, csv or json.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// JSON lines (the table, then one cell per line) instead of Markdown.
    #[arg(long, conflicts_with_all = ["csv", "format"])]
    pub json: bool,
    /// Do the K-th of N shares of the rows and print them as JSON lines,
    /// for `hackenbush merge` (quantum tables; shard K takes the rows
    /// whose index is K−1 modulo N).
    #[arg(long, allow_hyphen_values = true, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
    /// No progress line on a terminal (see `--progress`).
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub budget: BudgetFlags,
}

impl TableArgs {
    pub fn format(&self) -> Format {
        match self.format {
            Some(f) => f,
            None if self.json => Format::Json,
            None if self.csv => Format::Csv,
            None => Format::Markdown,
        }
    }
}

/// The `merge` subcommand's arguments.
#[derive(Debug, Args)]
#[command(
    after_help = "Each FILE is the output of one `census --shard K/N` or `table --shard K/N` \
run; every K from 1 to N must be there exactly once, all of one census or table. The \
merged output is exactly what the run without --shard prints: Markdown by default, the \
`--json` lines with --json (byte for byte). A missing, duplicated, unfinished or foreign \
shard is refused with exit status 2; if a shard was stopped by its budget, the merge \
prints what the shards finished and exits 3."
)]
pub struct MergeArgs {
    /// JSON lines, as `census --json` / `table --json` print them.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// CSV, as `table --csv` prints it (tables only).
    #[arg(long)]
    pub csv: bool,
    /// The shards' outputs.
    #[arg(required = true, value_name = "FILES")]
    pub files: Vec<std::path::PathBuf>,
}

/// The `census` subcommand's flags.
#[derive(Debug, Args)]
#[command(
    after_help = "Classes: stalks, meadow (n × BR + m × R), hollyhocks (sums of BR, RB, B, R), \
trees (rooted at the ground), graphs (connected simple graphs containing the ground). \
Properties: 8.1, 8.3, 8.4, 8.5, 8.6 (the 2024 thesis' conjectures), green (the 2022 \
thesis' green-edge conjecture, synchronous), number, not-N, or 'X = Y' with X, Y rulesets \
in compact form, e.g. 'quantum:B:unbounded = quantum:D:unbounded'. Without --property \
the positions are only counted."
)]
pub struct CensusArgs {
    /// stalks, meadow, hollyhocks, trees or graphs (default: the
    /// property's own class, else trees).
    #[arg(long, allow_hyphen_values = true, value_name = "CLASS")]
    pub class: Option<crate::census::Class>,
    /// Numbers of edges: 6 means 1..6; or a range such as 3..6.
    #[arg(
        long,
        allow_hyphen_values = true,
        value_name = "RANGE",
        default_value = "4"
    )]
    pub size: IndexRange,
    /// The colours of stalks, trees and graphs, e.g. BR or BRG.
    #[arg(
        long,
        visible_alias = "colors",
        allow_hyphen_values = true,
        value_name = "LETTERS",
        default_value = "BR"
    )]
    pub colours: crate::census::Palette,
    /// The property to check (see below).
    #[arg(long, allow_hyphen_values = true, value_name = "PROPERTY")]
    pub property: Option<crate::census::Property>,
    /// A ruleset in compact form for number and not-N (repeatable;
    /// default: quantum under every flavour at --width), e.g.
    /// quantum:C'u:unbounded or sync:tie.
    #[arg(long, allow_hyphen_values = true, value_name = "RULES")]
    pub rules: Vec<crate::analysis::Rules>,
    /// Quantum width for 8.1, 8.3, 8.4, 8.5 and the default rulesets.
    #[arg(long, allow_hyphen_values = true, value_name = "N|unbounded")]
    pub width: Option<Width>,
    /// How many of the smallest counterexamples to print.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub show: usize,
    /// JSON lines (census, one size per line, counterexamples, summary)
    /// instead of Markdown.
    #[arg(long)]
    pub json: bool,
    /// Do the K-th of N shares of the work and print it as JSON lines,
    /// for `hackenbush merge` (shard K values the positions whose index
    /// is K−1 modulo N).
    #[arg(long, allow_hyphen_values = true, value_name = "K/N")]
    pub shard: Option<crate::shard::Shard>,
    /// No progress line on a terminal (see `--progress`).
    #[arg(long)]
    pub quiet: bool,
    #[command(flatten)]
    pub budget: BudgetFlags,
}

impl CensusArgs {
    /// The census asked for: a single number k is the sizes 1..k.
    pub fn spec(&self) -> crate::census::Spec {
        let first = if self.size.first == self.size.last {
            1.min(self.size.last)
        } else {
            self.size.first
        };
        crate::census::Spec {
            class: self.class,
            palette: self.colours.clone(),
            sizes: first..=self.size.last,
            property: self.property.clone(),
            rules: self.rules.clone(),
            width: self.width.unwrap_or(Width::DEFAULT),
            show: self.show,
        }
    }
}

/// The notations `convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ConvertFormat {
    /// `cgsuite:l(l;rl)`: CGSuite's Hackenbush string after the prefix.
    Cgsuite,
    /// `0-1:B 1-2:R`, stalks as letters: the notation of RULES.md.
    Edges,
    /// The position JSON with the automatic layout's coordinates.
    Json,
}

#[derive(Debug, Args)]
#[command(
    after_help = "The position may be in any notation the other commands read, or \
position JSON (as --to json prints it). The CGSuite string is printed after the prefix \
cgsuite:, so it reads back here as it is; paste the part after the prefix into CGSuite's \
game.graph.Hackenbush(\"…\"). Positions CGSuite cannot hold (uncoloured edges, pieces \
off the ground), and the empty position in either text notation, are refused with \
status 2."
)]
pub struct ConvertArgs {
    /// cgsuite, edges or json.
    #[arg(long, value_enum, value_name = "NOTATION")]
    pub to: ConvertFormat,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

/// The picture formats `draw` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum DrawFormat {
    /// A standalone LaTeX document holding one tikzpicture.
    Tikz,
    /// An SVG image, as the page exports it.
    Svg,
}

#[derive(Debug, Args)]
#[command(
    after_help = "The layout is the page's automatic one (position JSON keeps its own \
coordinates). The TikZ picture needs only tikz: compile the output with pdflatex, or with \
--bare paste the tikzpicture into a document that loads tikz. Each edge is one \\draw in \
label order, styled blue edge, red edge, green edge or black edge (uncoloured). \
--caption adds the position, the rules and the value, when it is found within the budget \
(--timeout, 2 seconds unless given); otherwise the caption leaves the value out."
)]
pub struct DrawArgs {
    /// tikz or svg.
    #[arg(long, value_enum, default_value_t = DrawFormat::Tikz, value_name = "FORMAT")]
    pub format: DrawFormat,
    /// Each edge's label beside it.
    #[arg(long)]
    pub labels: bool,
    /// A caption under the picture: position, rules and value.
    #[arg(long)]
    pub caption: bool,
    /// TikZ: only the tikzpicture environment, not a whole document.
    #[arg(long)]
    pub bare: bool,
    #[command(flatten)]
    pub rules: PictureRulesFlags,
    #[command(flatten)]
    pub budget: BudgetFlags,
    /// The position; several words are joined with spaces.
    #[arg(required = true, value_name = "POSITION")]
    pub position: Vec<String>,
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// No two flags of a command share a name. Clap checks it only in
    /// debug builds, as it parses, and the tests also run released: `draw
    /// --labels` (edge labels) once clashed with quantum Nim's `--labels`,
    /// released builds took the first, and a debug build panicked on
    /// every `draw`.
    #[test]
    fn no_two_flags_of_a_command_share_a_name() {
        fn check(cmd: &clap::Command, path: &str) {
            let mut longs: Vec<&str> = cmd.get_arguments().filter_map(|a| a.get_long()).collect();
            let n = longs.len();
            longs.sort_unstable();
            longs.dedup();
            assert_eq!(longs.len(), n, "{path}: a flag named twice");
            for sub in cmd.get_subcommands() {
                check(sub, &format!("{path} {}", sub.get_name()));
            }
        }
        check(&super::Cli::command(), "hackenbush");
    }
}
