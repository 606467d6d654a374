//! Puzzles in share links: each puzzle becomes a slide (its position
//! drawn by the automatic layout, values hidden so the page does not give
//! the answer away) carrying its question and hint; reading a link gives
//! the puzzles back, to be solved again by the page.

use super::drawing::Drawing;
use super::play::Setup;
use super::share::{self, PuzzleDoc, Shared, Slide};
use crate::analysis::parse_position;
use crate::position::layout;
use crate::puzzle::{Puzzle, PuzzleError, Question};

/// Most puzzles in one link (a link holds at most this many slides).
pub const MAX_PUZZLES: usize = share::MAX_SLIDES;

/// The fragment (`v1=…`, no `#`) of a puzzle set.
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
        if !p.moves.is_empty() {
            // Slides record moves in the playground's own codes; puzzles
            // posed after moves are shared from the page, not from here.
            return Err(PuzzleError::Unsupported(
                "a link for a puzzle after moves".into(),
            ));
        }
        let position = parse_position(&p.position)?;
        let mut slide = Slide::new(Drawing::from_position(&position, &layout::auto(&position)));
        slide.setup = Setup {
            rules: p.rules.clone(),
            first: p.first,
        };
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

/// A full link: `base` (the page's address) then `#` and the fragment.
pub fn puzzle_link(base: &str, puzzles: &[Puzzle]) -> Result<String, PuzzleError> {
    let base = base.split('#').next().unwrap_or("");
    Ok(format!("{base}#{}", puzzle_fragment(puzzles)?))
}

/// The puzzles of a link, one entry per slide (`None` for a slide without
/// a puzzle). Errors are one line, as for any link.
pub fn read_puzzles(fragment: &str) -> Result<Vec<Option<Puzzle>>, String> {
    let (shared, docs) = share::decode_with_puzzles(fragment)?;
    shared
        .slides
        .iter()
        .zip(docs)
        .map(|(slide, doc)| {
            let Some(doc) = doc else { return Ok(None) };
            let question: Question = doc.k.parse().map_err(|e| format!("puzzle: {e}"))?;
            Ok(Some(Puzzle {
                position: slide.drawing.position().to_string(),
                rules: slide.setup.rules.clone(),
                moves: vec![],
                first: slide.setup.first,
                question,
                title: slide.title.clone(),
                hint: doc.h,
            }))
        })
        .collect()
}
