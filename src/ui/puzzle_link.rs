//! Puzzles in share links: each puzzle becomes a slide (its position
//! drawn by the automatic layout, values hidden so the page does not give
//! the answer away) carrying its question and hint; reading a link gives
//! the puzzles back, to be solved again by the page. A puzzle posed after
//! moves (a superposed state, or a classical game mid-way) carries them
//! as the slide's moves: the link has the start position, the rules and
//! the moves, and the page replays them to the state the question is
//! about, its edges keeping their labels.

use super::drawing::Drawing;
use super::play::{Setup, Side, SidedMove};
use super::puzzle_board::move_text;
use super::share::{self, PuzzleDoc, Shared, Slide};
use crate::analysis::parse_position;
use crate::position::layout;
use crate::puzzle::{Puzzle, PuzzleError, Question};
use crate::rules::Player;

/// Most puzzles in one link (a link holds at most this many slides).
pub const MAX_PUZZLES: usize = share::MAX_SLIDES;

/// The fragment (`v2=…`, no `#`; see [`share`]) of a puzzle set: links
/// to puzzles made before (`v1=…`) still read with [`read_puzzles`].
pub fn puzzle_fragment(puzzles: &[Puzzle]) -> Result<String, PuzzleError> {
    if puzzles.is_empty() || puzzles.len() > MAX_PUZZLES {
        return Err(PuzzleError::Unsupported(format!(
            "a link of {} puzzles (1 to {MAX_PUZZLES})",
            puzzles.len()
        )));
    }
    let mut slides = Vec::with_capacity(puzzles.len());
    let mut docs = Vec::with_capacity(puzzles.len());
    for p in puzzles {
        let position = parse_position(&p.position)?;
        let mut slide = Slide::new(Drawing::from_position(&position, &layout::auto(&position)));
        slide.setup = Setup {
            rules: p.rules.clone(),
            // Without moves before it, the board starts with the player
            // the question is about (the student's side in a game against
            // the engine), so a move can be answered on the board.
            first: match (p.question, p.moves.is_empty()) {
                (Question::Winner(s), true) => s,
                (q, true) => q.mover().unwrap_or(p.first),
                _ => p.first,
            },
        };
        slide.moves = board_moves(p)?;
        slide.cursor = slide.moves.len();
        // The moves are checked by replaying them, as when the link opens.
        let game = slide.game().map_err(PuzzleError::Moves)?;
        if game.cursor() != slide.moves.len() {
            return Err(PuzzleError::Moves(
                "they are too large to replay in a page".into(),
            ));
        }
        slide.title = p.title.clone();
        slide.view.play = true;
        slide.view.hide_values = true;
        slides.push(slide);
        docs.push(Some(PuzzleDoc {
            k: p.question.to_string(),
            h: p.hint.clone(),
        }));
    }
    Ok(share::encode_with_puzzles(&Shared::deck(slides, 0), &docs))
}

/// A puzzle's moves (`1+3`, `1,3`, `L:2`; without a player they
/// alternate from `first`) as the board's moves. Colour suffixes
/// (`3B`) are dropped: on the board the mover's colour is implied.
fn board_moves(p: &Puzzle) -> Result<Vec<SidedMove>, PuzzleError> {
    let mut player = p.first;
    p.moves
        .iter()
        .map(|text| {
            let (who, rest) = match text.split_once(':') {
                Some(("L", rest)) => (Player::Left, rest),
                Some(("R", rest)) => (Player::Right, rest),
                _ => (player, text.as_str()),
            };
            player = who.opponent();
            let labels = rest
                .split(|c: char| c == '+' || c == ',' || c.is_whitespace())
                .filter(|t| !t.is_empty())
                .map(|t| {
                    t.trim_end_matches(|c: char| c.is_ascii_alphabetic())
                        .parse::<usize>()
                        .map_err(|_| PuzzleError::Moves(format!("{text:?} names no edge")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(SidedMove {
                side: Side::of(who),
                labels,
            })
        })
        .collect()
}

/// A full link: `base` (the page's address) then `#` and the fragment.
pub fn puzzle_link(base: &str, puzzles: &[Puzzle]) -> Result<String, PuzzleError> {
    let base = base.split('#').next().unwrap_or("");
    Ok(format!("{base}#{}", puzzle_fragment(puzzles)?))
}

/// The puzzles of a link, one entry per slide (`None` for a slide without
/// a puzzle). Errors are one line, as for any link.
pub fn read_puzzles(fragment: &str) -> Result<Vec<Option<Puzzle>>, String> {
    let (shared, docs) = share::decode_with_puzzles(fragment)?;
    puzzles_of(&shared, docs)
}

/// The puzzles of a link already decoded ([`share::decode_with_puzzles`]):
/// the page decodes a link it opens once, for its slides and its puzzles.
pub fn puzzles_of(
    shared: &share::Shared,
    docs: Vec<Option<share::PuzzleDoc>>,
) -> Result<Vec<Option<Puzzle>>, String> {
    shared
        .slides
        .iter()
        .zip(docs)
        .map(|(slide, doc)| {
            let Some(doc) = doc else { return Ok(None) };
            let question: Question = doc.k.parse().map_err(|e| format!("puzzle: {e}"))?;
            // The moves as the board replayed them (the players alternate;
            // a colouring move keeps its colour, `2B`).
            let game = slide.game()?;
            let moves = (0..game.cursor())
                .map(|k| move_text(&game, k).map(|(_, text)| text))
                .collect::<Option<Vec<_>>>()
                .ok_or("puzzle: a synchronous turn before the question")?;
            Ok(Some(Puzzle {
                position: slide.drawing.position().to_string(),
                rules: slide.setup.rules.clone(),
                moves,
                first: slide.setup.first,
                question,
                title: slide.title.clone(),
                hint: doc.h,
            }))
        })
        .collect()
}
