//! The whole playground state in a URL fragment, so a link reproduces what
//! its sender saw. Links are written as `#v2=`: a compact binary form of
//! the deck, compressed with raw DEFLATE, in base64url (layout in
//! `share/v2.rs`; a lecture's deck link is about a ninth as long as in
//! JSON, small enough for a QR code on a lecture-hall screen). Links made
//! before, `#v1=` followed by base64url of compact JSON, keep opening with
//! the same results:
//!
//! ```json
//! {"s":[{"p":{"version":1,"vertices":[…],"edges":[…]},
//!        "r":{"n":"normal"},"f":"L","m":["L1","R4"],"at":2,
//!        "v":{"hide":false,"cb":false,"play":true},"t":"title"}],
//!  "i":0,"e":"R","pr":true}
//! ```
//!
//! `s` holds one slide per position (several make a presenter deck), `i`
//! the slide shown, `e` the sides the engine plays (`L`, `R` or `LR`;
//! absent: people play both) and `pr` presenter mode. Links made before
//! `e` and `pr` existed read as people on both sides, not presenting.
//!
//! Everything in a link is untrusted: both formats check sizes before
//! allocating, validate the position, the rules and every move (by
//! replaying them) through the same checks here, and return a one-line
//! error instead of panicking.

use serde::Serialize;

use crate::analysis::{Rules, RulesKind, RulesParts};
use crate::parse_error::single_line;
use crate::position::json::PositionDoc;
use crate::position::Point;
use crate::rules::Player;

use super::base64url;
use super::drawing::Drawing;
use super::opponent::{Controller, Opponents};
use super::page::PresenterPanel;
use super::play::{Game, Setup, SidedMove, MAX_MOVES};

mod v1;
mod v2;

/// The fragment prefix of the format links are written in.
pub const PREFIX: &str = "v2=";
/// The prefix of the JSON format of older links (still read).
pub const PREFIX_V1: &str = "v1=";
/// Longest fragment read (browsers cope with far more; no real position
/// needs it).
pub const MAX_FRAGMENT: usize = 120_000;
pub const MAX_SLIDES: usize = 32;
pub const MAX_TITLE: usize = 200;
/// Longest rules option string (`unbounded` is the longest real one).
const MAX_OPTION: usize = 32;

/// Display toggles that travel with a link.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
#[serde(default)]
pub struct View {
    /// Hide values and advice (for playing without hints).
    #[serde(rename = "hide")]
    pub hide_values: bool,
    /// Colour-blind drawing: red as double lines, green dotted.
    #[serde(rename = "cb")]
    pub colour_blind: bool,
    /// Show the play view rather than the editor.
    pub play: bool,
    /// What presenter mode shows beside the board on this slide.
    #[serde(skip_serializing_if = "is_value_panel")]
    pub panel: PresenterPanel,
}

fn is_value_panel(p: &PresenterPanel) -> bool {
    *p == PresenterPanel::Value
}

/// One position with its rules, moves and view.
#[derive(Clone, Debug, PartialEq)]
pub struct Slide {
    pub drawing: Drawing,
    pub setup: Setup,
    pub moves: Vec<SidedMove>,
    /// How many of `moves` are played (the rest were taken back).
    pub cursor: usize,
    pub view: View,
    pub title: String,
}

impl Slide {
    pub fn new(drawing: Drawing) -> Slide {
        Slide {
            drawing,
            setup: Setup::default(),
            moves: Vec::new(),
            cursor: 0,
            view: View::default(),
            title: String::new(),
        }
    }

    /// The game this slide describes, moves replayed and checked.
    pub fn game(&self) -> Result<Game, String> {
        Game::replay(
            self.drawing.position(),
            self.setup.clone(),
            &self.moves,
            self.cursor,
        )
    }

    /// [`Slide::game`] replayed within `budget` (the page's record memory
    /// and a deadline shared by everything one export replays): `None`
    /// when its moves do not all fit, so the caller draws the slide's
    /// position and says its moves are not drawn rather than block the
    /// page; an illegal move is an error, as with [`Slide::game`].
    pub fn game_within(&self, budget: &crate::budget::Budget) -> Result<Option<Game>, String> {
        // Past the deadline, quantum moves are not even started.
        let quantum = self.setup.rules.kind() == RulesKind::Quantum;
        if quantum && !self.moves.is_empty() && budget.check_time().is_err() {
            return Ok(None);
        }
        let game = Game::replay_within(
            self.drawing.position(),
            self.setup.clone(),
            &self.moves,
            self.cursor,
            budget,
        )?;
        Ok(game.note().is_none().then_some(game))
    }
}

/// Everything a link carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Shared {
    pub slides: Vec<Slide>,
    pub current: usize,
    /// Who plays each side (the engine or a person).
    pub opponents: Opponents,
    /// Open in presenter mode.
    pub presenting: bool,
}

impl Shared {
    pub fn single(slide: Slide) -> Shared {
        Shared::deck(vec![slide], 0)
    }

    /// Slides with people on both sides, not presenting.
    pub fn deck(slides: Vec<Slide>, current: usize) -> Shared {
        Shared {
            slides,
            current,
            opponents: Opponents::default(),
            presenting: false,
        }
    }
}

// The documents of `v1=` links. `v1.rs` reads them by hand; serde's
// derived reader is what tests compare it with.
#[derive(Serialize)]
#[cfg_attr(test, derive(serde::Deserialize, Debug))]
#[serde(deny_unknown_fields)]
struct LinkDoc {
    s: Vec<SlideDoc>,
    #[serde(default)]
    i: usize,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    e: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pr: bool,
}

#[derive(Serialize)]
#[cfg_attr(test, derive(serde::Deserialize, Debug))]
#[serde(deny_unknown_fields)]
struct SlideDoc {
    p: PositionDoc,
    #[serde(default)]
    r: RulesDoc,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    f: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    m: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<usize>,
    #[serde(default)]
    v: View,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    t: String,
    /// A puzzle posed on this slide (issue 11); older links have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    q: Option<PuzzleDoc>,
}

/// A puzzle's question and hint as a link carries them: never the answer,
/// which the page recomputes. Read and checked by `ui::puzzle_link`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize))]
#[serde(deny_unknown_fields)]
pub struct PuzzleDoc {
    /// The question, compact (`win:L`).
    pub k: String,
    /// An optional hint.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub h: String,
}

/// A slide's [`Rules`], by its parts, with short keys and absent
/// options left out.
#[derive(Default, Serialize)]
#[cfg_attr(test, derive(serde::Deserialize, Debug))]
#[serde(deny_unknown_fields)]
struct RulesDoc {
    #[serde(default)]
    n: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fl: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    w: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lb: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    c: Option<String>,
}

/// Coordinates to 1/100 of an edge: plenty for drawing, short in links.
fn round(p: Point) -> Point {
    let r = |v: f64| (v * 100.0).round() / 100.0;
    Point {
        x: r(p.x),
        y: r(p.y),
    }
}

/// The fragment for `shared`, without the leading `#`, opening at the
/// slide shown (`shared.current`): a link to this slide.
pub fn encode(shared: &Shared) -> String {
    encode_with_puzzles(shared, &[])
}

/// The fragment for `shared` opening at its first slide, whichever slide
/// is shown now (presenter mode and everything else as is): the page's
/// "Copy link", so a deck shared mid-lecture starts from the beginning.
pub fn encode_at_start(shared: &Shared) -> String {
    v2::encode(shared, 0, &[])
}

/// [`encode`] with a puzzle on some slides (`puzzles[k]` for slide k;
/// missing entries are slides without one).
pub fn encode_with_puzzles(shared: &Shared, puzzles: &[Option<PuzzleDoc>]) -> String {
    v2::encode(shared, shared.current, puzzles)
}

/// The `v1=` (JSON) fragment links had before `v2=`: kept so tests can
/// check that every link made before still opens the same.
pub fn encode_v1(shared: &Shared, puzzles: &[Option<PuzzleDoc>]) -> String {
    let mut slides: Vec<SlideDoc> = shared.slides.iter().map(slide_doc).collect();
    for (slide, q) in slides.iter_mut().zip(puzzles) {
        slide.q = q.clone();
    }
    let doc = LinkDoc {
        s: slides,
        i: shared.current,
        e: engine_code(shared.opponents),
        pr: shared.presenting,
    };
    // Plain structs of strings and numbers always serialise.
    let json = serde_json::to_string(&doc).unwrap_or_default();
    format!("{PREFIX_V1}{}", base64url::encode(json.as_bytes()))
}

fn slide_doc(s: &Slide) -> SlideDoc {
    let mut p = s.drawing.doc();
    for pt in &mut p.vertices {
        *pt = round(*pt);
    }
    let c = s.setup.rules.parts();
    SlideDoc {
        p,
        r: RulesDoc {
            n: s.setup.rules.kind().to_string(),
            fl: c.flavour.map(|f| f.to_string()),
            w: c.width.map(|w| w.to_string()),
            lb: c.labels.map(|l| l.to_string()),
            c: c.conflict.map(|c| c.to_string()),
        },
        f: (s.setup.first == Player::Right).then(|| "R".to_string()),
        m: s.moves.iter().map(SidedMove::code).collect(),
        at: (s.cursor != s.moves.len()).then_some(s.cursor),
        v: s.view.clone(),
        t: s.title.clone(),
        q: None,
    }
}

/// Read a fragment (with or without the leading `#`), of either format.
pub fn decode(fragment: &str) -> Result<Shared, String> {
    decode_with_puzzles(fragment).map(|(shared, _)| shared)
}

/// [`decode`] with each slide's puzzle, if it has one (its fields only
/// bounded here; `ui::puzzle_link` reads the question).
pub fn decode_with_puzzles(fragment: &str) -> Result<(Shared, Vec<Option<PuzzleDoc>>), String> {
    // Messages from every layer below quote link content (field names,
    // ruleset names, titles) that may hold line breaks: escape them once
    // here so the page always gets one line.
    decode_checked(fragment).map_err(|e| single_line(&e))
}

fn decode_checked(fragment: &str) -> Result<(Shared, Vec<Option<PuzzleDoc>>), String> {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    if fragment.len() > MAX_FRAGMENT {
        return Err(format!(
            "the link is too long ({} characters; at most {MAX_FRAGMENT})",
            fragment.len()
        ));
    }
    if let Some(data) = fragment.strip_prefix(PREFIX) {
        return v2::decode(data);
    }
    let Some(data) = fragment.strip_prefix(PREFIX_V1) else {
        if fragment.starts_with('v') && fragment.contains('=') {
            return Err("the link was made by a newer version of Hackenbush Lab".into());
        }
        return Err(format!(
            "the link is not a Hackenbush Lab link (it should start with #{PREFIX})"
        ));
    };
    decode_v1(data)
}

fn decode_v1(data: &str) -> Result<(Shared, Vec<Option<PuzzleDoc>>), String> {
    let bytes = base64url::decode(data)?;
    let json = String::from_utf8(bytes).map_err(|_| "the link data is not text".to_string())?;
    let doc = v1::parse(&json).map_err(|e| format!("the link data is damaged: {e}"))?;
    check_deck(doc.s.len(), doc.i)?;
    let mut puzzles = Vec::with_capacity(doc.s.len());
    for s in &doc.s {
        if let Some(q) = &s.q {
            check_puzzle(q)?;
        }
        puzzles.push(s.q.clone());
    }
    let many = doc.s.len() > 1;
    let slides = doc
        .s
        .into_iter()
        .enumerate()
        .map(|(k, s)| in_slide(many, k, read_slide_v1(s).and_then(finish_slide)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((
        Shared {
            slides,
            current: doc.i,
            opponents: read_engine(&doc.e)?,
            presenting: doc.pr,
        },
        puzzles,
    ))
}

/// The deck-wide checks of both formats: one to [`MAX_SLIDES`] slides and
/// the slide shown among them.
fn check_deck(count: usize, current: usize) -> Result<(), String> {
    if count == 0 {
        return Err("the link has no positions".into());
    }
    if count > MAX_SLIDES {
        return Err(format!(
            "the link has {count} positions (at most {MAX_SLIDES})"
        ));
    }
    if current >= count {
        // Shown 1-based; `current` may be usize::MAX, so no `+ 1` on it.
        let shown = u128::from(current as u64) + 1;
        return Err(format!("the link asks for position {shown} of {count}"));
    }
    Ok(())
}

/// A puzzle's question and hint are short.
fn check_puzzle(q: &PuzzleDoc) -> Result<(), String> {
    if q.k.chars().count() > MAX_OPTION || q.h.chars().count() > MAX_TITLE {
        return Err("a puzzle's question or hint is too long".into());
    }
    Ok(())
}

/// Name the slide an error is about, when the link has several.
fn in_slide<T>(many: bool, k: usize, r: Result<T, String>) -> Result<T, String> {
    r.map_err(|e| {
        if many {
            format!("position {} of the link: {e}", k + 1)
        } else {
            e
        }
    })
}

/// `L`, `R`, `LR` or "" for the sides the engine plays.
fn engine_code(o: Opponents) -> String {
    let mut code = String::new();
    if o.left == Controller::Engine {
        code.push('L');
    }
    if o.right == Controller::Engine {
        code.push('R');
    }
    code
}

fn read_engine(code: &str) -> Result<Opponents, String> {
    match code {
        "" | "L" | "R" | "LR" => Ok(engine_sides(code.contains('L'), code.contains('R'))),
        _ => Err("the engine sides must be L, R or LR".into()),
    }
}

/// The engine on the sides marked `true`, people on the others.
fn engine_sides(left: bool, right: bool) -> Opponents {
    let side = |on: bool| {
        if on {
            Controller::Engine
        } else {
            Controller::Person
        }
    };
    Opponents {
        left: side(left),
        right: side(right),
    }
}

/// One slide as a link carries it, each field read and typed but not yet
/// checked against the others (moves against the board, the cursor
/// against the moves): what both formats hand to [`finish_slide`].
struct RawSlide {
    drawing: Drawing,
    setup: Setup,
    moves: Vec<SidedMove>,
    /// `None`: every move is played.
    cursor: Option<usize>,
    view: View,
    title: String,
}

/// The checks both formats share, in the order v1 links always had them:
/// the position (vertices, edge ends, coordinates, sizes) first.
fn read_position(p: &PositionDoc) -> Result<Drawing, String> {
    let (position, layout) = p.to_position().map_err(|e| format!("position: {e}"))?;
    let drawing = Drawing::from_position(&position, &layout);
    drawing.check()?;
    Ok(drawing)
}

fn read_slide_v1(s: SlideDoc) -> Result<RawSlide, String> {
    let drawing = read_position(&s.p)?;
    let option = |name: &str, v: Option<String>| -> Result<Option<String>, String> {
        match v {
            Some(t) if t.chars().count() > MAX_OPTION => {
                Err(format!("the {name} option is too long"))
            }
            v => Ok(v),
        }
    };
    if s.r.n.chars().count() > MAX_OPTION {
        return Err("the ruleset name is too long".into());
    }
    let parse = |e: crate::analysis::OptionError| format!("rules: {e}");
    let parts = RulesParts {
        kind: if s.r.n.is_empty() {
            None
        } else {
            Some(s.r.n.parse().map_err(parse)?)
        },
        flavour: option("flavour", s.r.fl)?
            .map(|t| t.parse())
            .transpose()
            .map_err(parse)?,
        width: option("width", s.r.w)?
            .map(|t| t.parse())
            .transpose()
            .map_err(parse)?,
        labels: option("labels", s.r.lb)?
            .map(|t| t.parse())
            .transpose()
            .map_err(parse)?,
        conflict: option("conflict", s.r.c)?
            .map(|t| t.parse())
            .transpose()
            .map_err(parse)?,
        precision: None,
    };
    let rules = Rules::from_parts(parts).map_err(parse)?;
    let first = match s.f.as_deref() {
        None | Some("L") => Player::Left,
        Some("R") => Player::Right,
        Some(_) => return Err("the first player must be L or R".into()),
    };
    check_move_count(s.m.len())?;
    let moves =
        s.m.iter()
            .map(|code| SidedMove::from_code(code))
            .collect::<Result<Vec<_>, _>>()?;
    Ok(RawSlide {
        drawing,
        setup: Setup { rules, first },
        moves,
        cursor: s.at,
        view: s.v,
        title: s.t,
    })
}

fn check_move_count(count: usize) -> Result<(), String> {
    if count > MAX_MOVES {
        return Err(format!("too many moves (at most {MAX_MOVES})"));
    }
    Ok(())
}

/// The cursor within the moves, the title's length, and every move
/// replayed on the board.
fn finish_slide(s: RawSlide) -> Result<Slide, String> {
    let cursor = s.cursor.unwrap_or(s.moves.len());
    if cursor > s.moves.len() {
        return Err(format!(
            "the link shows move {cursor} of a game of {} moves",
            s.moves.len()
        ));
    }
    if s.title.chars().count() > MAX_TITLE {
        return Err(format!("a title is longer than {MAX_TITLE} characters"));
    }
    let slide = Slide {
        drawing: s.drawing,
        setup: s.setup,
        moves: s.moves,
        cursor,
        view: s.view,
        title: s.title,
    };
    // Validates the rules and replays every move; a quantum slide's moves
    // (their states may take the page's whole record memory and seconds)
    // are only checked for their labels here and replayed in the page's
    // worker when the slide is shown (`Job::Replay`). A quantum game's
    // start refuses no rules the parser let through (`Game::new` cannot
    // fail), so none is built here: building one per slide only worked
    // out the start's legal labels, to throw them away, for every slide
    // of a deck while its link opened.
    if slide.setup.rules.kind() == crate::analysis::RulesKind::Quantum {
        let edges = slide.drawing.edges.len();
        for (k, m) in slide.moves.iter().enumerate() {
            if let Some(l) = m.labels.iter().find(|&&l| l > edges) {
                return Err(format!(
                    "move {} ({}): there is no edge {l}",
                    k + 1,
                    m.code()
                ));
            }
            if m.labels.is_empty() || m.side == super::play::Side::Both {
                return Err(format!(
                    "move {} ({}) is not a quantum move",
                    k + 1,
                    m.code()
                ));
            }
        }
    } else {
        slide.game()?;
    }
    Ok(slide)
}

#[cfg(test)]
mod tests;
