//! The `v2=` link format: a deck as compact binary, compressed with raw
//! DEFLATE, in base64url. JSON spelled every field name and coordinate
//! out in every link; a deck fits in a QR code only when the numbers are
//! bytes. Integers are LEB128 varints (signed ones zigzag-coded), strings
//! a varint byte length then UTF-8:
//!
//! ```text
//! deck   = flags count [current] slide{count}
//!          flags: 1 presenting, 2 the engine plays Left, 4 … Right,
//!                 8 `current` follows (absent: the first slide)
//! slide  = flags rules vertices edges moves [cursor] title [question hint]
//!          flags: 1 Right moves first, 2 values hidden, 4 colour-blind,
//!                 8 play view, 16 `cursor` follows (absent: every move is
//!                 played), 32 a puzzle follows, 64 the presenter shows
//!                 the game tree, 128 … the payoff matrix
//! rules  = kind                     0 normal 1 misère 2 childish 3 uncoloured
//!        | 4 conflict               conflict: 0 shared 1 tie 2 replay
//!        | 5 q [width]              q: flavour (0 A … 5 D, as Flavour::ALL)
//!                                      + 8 Nim labels cut + 16 unbounded;
//!                                   width (≥ 2) unless unbounded
//! vertices = n (x y){n}             hundredths of a unit, each the zigzag
//!                                   difference from the vertex before
//!                                   (vertex 0, the ground, from 0 0)
//! edges  = m (u v·4+colour){m}      colour: 0 B 1 R 2 G 3 X
//! moves  = k (len·3+side label{len}){k}   side: 0 Left 1 Right 2 both
//! ```
//!
//! The synchronous precision is not carried (nor was it in `v1=`): a link
//! opens with the default. Decoding bounds the inflated size, checks every
//! count against its limit (and against the bytes left) before allocating,
//! then hands each slide to the checks `v1=` links go through.

use miniz_oxide::inflate::{decompress_to_vec_with_limit, TINFLStatus};

use super::{
    check_deck, check_puzzle, engine_sides, finish_slide, in_slide, read_position, PresenterPanel,
    PuzzleDoc, RawSlide, Shared, Slide, View, MAX_OPTION, MAX_SLIDES, MAX_TITLE, PREFIX,
};
use crate::analysis::{Rules, RulesKind, RulesParts};
use crate::position::json::{EdgeDoc, PositionDoc, MAX_VERTICES, VERSION};
use crate::position::{Colour, MAX_EDGES};
use crate::quantum::{Flavour, Width};
use crate::rules::NimLabels;
use crate::rules::Player;
use crate::sync::Conflict;
use crate::ui::base64url;
use crate::ui::opponent::Controller;
use crate::ui::play::{Setup, Side, SidedMove, MAX_MOVES};

/// The most bytes a link inflates to: far beyond any real deck (a
/// 3-slide deck is a few hundred), small enough to refuse a "zip bomb".
pub const MAX_PAYLOAD: usize = 256 << 10;

/// DEFLATE effort: the payloads are tiny, so the slowest level costs
/// nothing noticeable and gives the shortest links.
const LEVEL: u8 = 10;

/// Coordinates are stored in hundredths up to this size, so that every
/// stored value is an exact `f64` and differences fit in an `i64`.
const MAX_HUNDREDTHS: i64 = (1 << 53) - 1;

mod deck_flag {
    pub const PRESENTING: u64 = 1;
    pub const ENGINE_LEFT: u64 = 2;
    pub const ENGINE_RIGHT: u64 = 4;
    pub const CURRENT: u64 = 8;
    pub const ALL: u64 = 15;
}

mod slide_flag {
    pub const RIGHT_FIRST: u64 = 1;
    pub const HIDE_VALUES: u64 = 2;
    pub const COLOUR_BLIND: u64 = 4;
    pub const PLAY: u64 = 8;
    pub const CURSOR: u64 = 16;
    pub const PUZZLE: u64 = 32;
    pub const PANEL_EXPLORER: u64 = 64;
    pub const PANEL_MATRIX: u64 = 128;
    pub const ALL: u64 = 255;
}

const QUANTUM_CUT: u64 = 8;
const QUANTUM_UNBOUNDED: u64 = 16;

/// The fragment (`v2=…`) for `shared` opening at slide `current` (not
/// written when 0), with `puzzles[k]` on slide k.
pub(super) fn encode(shared: &Shared, current: usize, puzzles: &[Option<PuzzleDoc>]) -> String {
    let mut w = Writer::default();
    let mut flags = 0;
    if shared.presenting {
        flags |= deck_flag::PRESENTING;
    }
    if shared.opponents.left == Controller::Engine {
        flags |= deck_flag::ENGINE_LEFT;
    }
    if shared.opponents.right == Controller::Engine {
        flags |= deck_flag::ENGINE_RIGHT;
    }
    if current != 0 {
        flags |= deck_flag::CURRENT;
    }
    w.uint(flags);
    w.uint(shared.slides.len() as u64);
    if current != 0 {
        w.uint(current as u64);
    }
    for (k, slide) in shared.slides.iter().enumerate() {
        write_slide(&mut w, slide, puzzles.get(k).and_then(Option::as_ref));
    }
    let packed = miniz_oxide::deflate::compress_to_vec(&w.bytes, LEVEL);
    format!("{PREFIX}{}", base64url::encode(&packed))
}

fn write_slide(w: &mut Writer, s: &Slide, puzzle: Option<&PuzzleDoc>) {
    let cursor = (s.cursor != s.moves.len()).then_some(s.cursor);
    let flags = [
        (s.setup.first == Player::Right, slide_flag::RIGHT_FIRST),
        (s.view.hide_values, slide_flag::HIDE_VALUES),
        (s.view.colour_blind, slide_flag::COLOUR_BLIND),
        (s.view.play, slide_flag::PLAY),
        (cursor.is_some(), slide_flag::CURSOR),
        (puzzle.is_some(), slide_flag::PUZZLE),
        (
            s.view.panel == PresenterPanel::Explorer,
            slide_flag::PANEL_EXPLORER,
        ),
        (
            s.view.panel == PresenterPanel::Matrix,
            slide_flag::PANEL_MATRIX,
        ),
    ]
    .iter()
    .filter(|(on, _)| *on)
    .fold(0, |acc, (_, bit)| acc | bit);
    w.uint(flags);
    write_rules(w, &s.setup.rules);
    // The document's points: non-finite ones replaced as in `v1=`.
    let points = s.drawing.doc().vertices;
    w.uint(points.len() as u64);
    let (mut x, mut y) = (0, 0);
    for p in &points {
        let (px, py) = (hundredths(p.x), hundredths(p.y));
        w.int(px - x);
        w.int(py - y);
        (x, y) = (px, py);
    }
    w.uint(s.drawing.edges.len() as u64);
    for e in &s.drawing.edges {
        let colour = Colour::ALL.iter().position(|&c| c == e.colour).unwrap_or(0);
        w.uint(e.u as u64);
        w.uint((e.v as u64) << 2 | colour as u64);
    }
    w.uint(s.moves.len() as u64);
    for m in &s.moves {
        let side = match m.side {
            Side::Left => 0,
            Side::Right => 1,
            Side::Both => 2,
        };
        w.uint(m.labels.len() as u64 * 3 + side);
        for &l in &m.labels {
            w.uint(l as u64);
        }
    }
    if let Some(c) = cursor {
        w.uint(c as u64);
    }
    w.text(&s.title);
    if let Some(q) = puzzle {
        w.text(&q.k);
        w.text(&q.h);
    }
}

fn write_rules(w: &mut Writer, rules: &Rules) {
    let kind = RulesKind::ALL
        .iter()
        .position(|&k| k == rules.kind())
        .unwrap_or(0);
    w.uint(kind as u64);
    match rules {
        Rules::Sync(s) => w.uint(match s.conflict {
            Conflict::Shared => 0,
            Conflict::Tie => 1,
            Conflict::Replay => 2,
        }),
        Rules::Quantum(q) => {
            let flavour = Flavour::ALL
                .iter()
                .position(|&f| f == q.setting.flavour)
                .unwrap_or(0) as u64;
            let cut = if q.labels == NimLabels::Cut {
                QUANTUM_CUT
            } else {
                0
            };
            match q.setting.width {
                Width::Unbounded => w.uint(flavour | cut | QUANTUM_UNBOUNDED),
                Width::Limited(n) => {
                    w.uint(flavour | cut);
                    w.uint(n as u64);
                }
            }
        }
        _ => {}
    }
}

/// A coordinate in hundredths of a unit (rounded as `v1=` links were).
fn hundredths(v: f64) -> i64 {
    // `as` saturates; the clamp keeps every value exact in an f64.
    ((v * 100.0).round() as i64).clamp(-MAX_HUNDREDTHS, MAX_HUNDREDTHS)
}

/// Read the data after `v2=`.
pub(super) fn decode(data: &str) -> Result<(Shared, Vec<Option<PuzzleDoc>>), String> {
    let packed = base64url::decode(data)?;
    if packed.is_empty() {
        return Err("the link has no data".into());
    }
    let bytes = decompress_to_vec_with_limit(&packed, MAX_PAYLOAD).map_err(|e| {
        if e.status == TINFLStatus::HasMoreOutput {
            format!(
                "the link data unpacks to more than {} KiB",
                MAX_PAYLOAD >> 10
            )
        } else {
            "the link data is damaged (it does not unpack)".to_string()
        }
    })?;
    let mut r = Reader { bytes: &bytes };
    let flags = r.flags(deck_flag::ALL)?;
    let count = r.count(MAX_SLIDES, "positions")?;
    let current = if flags & deck_flag::CURRENT != 0 {
        // Out of range (even past usize) is reported by `check_deck`.
        usize::try_from(r.uint()?).unwrap_or(usize::MAX)
    } else {
        0
    };
    check_deck(count, current)?;
    let mut slides = Vec::with_capacity(count);
    let mut puzzles = Vec::with_capacity(count);
    for k in 0..count {
        let (slide, puzzle) = in_slide(count > 1, k, read_slide(&mut r))?;
        puzzles.push(puzzle);
        slides.push(slide);
    }
    if !r.bytes.is_empty() {
        return Err(format!(
            "the link data is damaged ({} bytes after the last position)",
            r.bytes.len()
        ));
    }
    Ok((
        Shared {
            slides,
            current,
            opponents: engine_sides(
                flags & deck_flag::ENGINE_LEFT != 0,
                flags & deck_flag::ENGINE_RIGHT != 0,
            ),
            presenting: flags & deck_flag::PRESENTING != 0,
        },
        puzzles,
    ))
}

fn read_slide(r: &mut Reader) -> Result<(Slide, Option<PuzzleDoc>), String> {
    let flags = r.flags(slide_flag::ALL)?;
    let rules = read_rules(r)?;
    let n = r.count(MAX_VERTICES, "vertices")?;
    let mut vertices = Vec::with_capacity(n);
    let (mut x, mut y) = (0i64, 0i64);
    for _ in 0..n {
        x = r.coordinate(x)?;
        y = r.coordinate(y)?;
        vertices.push(crate::position::Point {
            x: x as f64 / 100.0,
            y: y as f64 / 100.0,
        });
    }
    let m = r.count(MAX_EDGES, "edges")?;
    let mut edges = Vec::with_capacity(m);
    for _ in 0..m {
        // Vertex numbers past usize are still "no such vertex".
        let u = usize::try_from(r.uint()?).unwrap_or(usize::MAX);
        let packed = r.uint()?;
        let v = usize::try_from(packed >> 2).unwrap_or(usize::MAX);
        let colour = Colour::ALL[(packed & 3) as usize];
        edges.push(EdgeDoc {
            u,
            v,
            colour: colour.letter().to_string(),
        });
    }
    // The same position checks (and messages) as `v1=` links.
    let drawing = read_position(&PositionDoc {
        version: VERSION,
        vertices,
        edges,
    })?;
    let k = r.count(MAX_MOVES, "moves")?;
    let mut moves = Vec::with_capacity(k);
    for i in 0..k {
        moves.push(read_move(r).map_err(|e| format!("move {}: {e}", i + 1))?);
    }
    let cursor = if flags & slide_flag::CURSOR != 0 {
        Some(usize::try_from(r.uint()?).unwrap_or(usize::MAX))
    } else {
        None
    };
    let title = r.text(MAX_TITLE, "the title")?;
    let puzzle = if flags & slide_flag::PUZZLE != 0 {
        let q = PuzzleDoc {
            k: r.text(MAX_OPTION, "the puzzle's question")?,
            h: r.text(MAX_TITLE, "the puzzle's hint")?,
        };
        check_puzzle(&q)?;
        Some(q)
    } else {
        None
    };
    let first = if flags & slide_flag::RIGHT_FIRST != 0 {
        Player::Right
    } else {
        Player::Left
    };
    let slide = finish_slide(RawSlide {
        drawing,
        setup: Setup { rules, first },
        moves,
        cursor,
        view: View {
            hide_values: flags & slide_flag::HIDE_VALUES != 0,
            colour_blind: flags & slide_flag::COLOUR_BLIND != 0,
            play: flags & slide_flag::PLAY != 0,
            panel: match (
                flags & slide_flag::PANEL_EXPLORER != 0,
                flags & slide_flag::PANEL_MATRIX != 0,
            ) {
                (false, false) => PresenterPanel::Value,
                (true, false) => PresenterPanel::Explorer,
                (false, true) => PresenterPanel::Matrix,
                (true, true) => return Err("a slide names two presenter panels".into()),
            },
        },
        title,
    })?;
    Ok((slide, puzzle))
}

fn read_rules(r: &mut Reader) -> Result<Rules, String> {
    let code = r.uint()?;
    let kind = usize::try_from(code)
        .ok()
        .and_then(|k| RulesKind::ALL.get(k).copied())
        .ok_or_else(|| format!("rules: unknown ruleset code {code}"))?;
    let mut parts = RulesParts {
        kind: Some(kind),
        ..RulesParts::default()
    };
    match kind {
        RulesKind::Sync => {
            parts.conflict = Some(match r.uint()? {
                0 => Conflict::Shared,
                1 => Conflict::Tie,
                2 => Conflict::Replay,
                c => return Err(format!("rules: unknown conflict rule code {c}")),
            });
        }
        RulesKind::Quantum => {
            let q = r.uint()?;
            if q & !(7 | QUANTUM_CUT | QUANTUM_UNBOUNDED) != 0 {
                return Err(format!("rules: unknown quantum options code {q}"));
            }
            parts.flavour = Some(
                *Flavour::ALL
                    .get((q & 7) as usize)
                    .ok_or_else(|| format!("rules: unknown flavour code {}", q & 7))?,
            );
            parts.labels = Some(if q & QUANTUM_CUT != 0 {
                NimLabels::Cut
            } else {
                NimLabels::Subtract
            });
            parts.width = Some(if q & QUANTUM_UNBOUNDED != 0 {
                Width::Unbounded
            } else {
                // The text reader's checks: at least 2, and fits a usize.
                r.uint()?
                    .to_string()
                    .parse()
                    .map_err(|e| format!("rules: {e}"))?
            });
        }
        _ => {}
    }
    Rules::from_parts(parts).map_err(|e| format!("rules: {e}"))
}

fn read_move(r: &mut Reader) -> Result<SidedMove, String> {
    let head = r.uint()?;
    let side = match head % 3 {
        0 => Side::Left,
        1 => Side::Right,
        _ => Side::Both,
    };
    let len = usize::try_from(head / 3).unwrap_or(usize::MAX);
    if len == 0 || len > MAX_EDGES {
        return Err(format!("a move of {len} edges (1 to {MAX_EDGES})"));
    }
    let mut labels = Vec::with_capacity(len.min(r.bytes.len()));
    for _ in 0..len {
        let l = r.uint()?;
        match usize::try_from(l) {
            Ok(l) if (1..=MAX_EDGES).contains(&l) => labels.push(l),
            _ => return Err(format!("{l} is not an edge label")),
        }
    }
    Ok(SidedMove { side, labels })
}

/// The payload being built.
#[derive(Default)]
struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    fn uint(&mut self, mut v: u64) {
        while v >= 0x80 {
            self.bytes.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
    }

    fn int(&mut self, v: i64) {
        self.uint(((v << 1) ^ (v >> 63)) as u64);
    }

    fn text(&mut self, t: &str) {
        self.uint(t.len() as u64);
        self.bytes.extend_from_slice(t.as_bytes());
    }
}

/// The payload being read: what is left of it.
struct Reader<'a> {
    bytes: &'a [u8],
}

const ENDS_EARLY: &str = "the link data is damaged (it ends early)";

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, String> {
        let (&b, rest) = self.bytes.split_first().ok_or(ENDS_EARLY)?;
        self.bytes = rest;
        Ok(b)
    }

    fn uint(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let low = u64::from(b & 0x7f);
            // The tenth byte holds bit 63 only.
            if shift == 63 && low > 1 {
                break;
            }
            v |= low << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err("the link data is damaged (a number past 64 bits)".into())
    }

    fn int(&mut self) -> Result<i64, String> {
        let u = self.uint()?;
        Ok((u >> 1) as i64 ^ -((u & 1) as i64))
    }

    /// Flags, refusing bits outside `known`.
    fn flags(&mut self, known: u64) -> Result<u64, String> {
        let f = self.uint()?;
        if f & !known != 0 {
            return Err(format!("the link data is damaged (unknown flags {f})"));
        }
        Ok(f)
    }

    /// A count of at most `max` items, each at least one byte long.
    fn count(&mut self, max: usize, what: &str) -> Result<usize, String> {
        let n = self.uint()?;
        match usize::try_from(n) {
            Ok(n) if n <= max && n <= self.bytes.len() => Ok(n),
            Ok(n) if n <= max => Err(ENDS_EARLY.into()),
            _ => Err(format!("the link has {n} {what} (at most {max})")),
        }
    }

    /// The coordinate `previous` plus a stored difference.
    fn coordinate(&mut self, previous: i64) -> Result<i64, String> {
        previous
            .checked_add(self.int()?)
            .filter(|v| v.abs() <= MAX_HUNDREDTHS)
            .ok_or_else(|| "a vertex lies too far out".to_string())
    }

    /// A string of at most `max` characters (so 4·`max` bytes).
    fn text(&mut self, max: usize, what: &str) -> Result<String, String> {
        let n = self.uint()?;
        let n = match usize::try_from(n) {
            Ok(n) if n <= 4 * max => n,
            _ => return Err(format!("{what} is longer than {max} characters")),
        };
        if n > self.bytes.len() {
            return Err(ENDS_EARLY.into());
        }
        let (text, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        String::from_utf8(text.to_vec()).map_err(|_| format!("{what} is not text"))
    }
}
