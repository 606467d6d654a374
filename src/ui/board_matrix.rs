//! The synchronous payoff matrix of the state on the board: after the
//! turns played, not the drawing's start. The engine's request renumbers
//! the standing edges from 1; rows and columns are written back in the
//! board's labels (the explorer's mapping), and a cell is stepped into by
//! playing its two cuts on the board as one synchronous turn.

use serde::Serialize;

use super::play::{Side, SidedMove};
use super::puzzle_board::BoardState;
use super::share;
use crate::analysis::{parse_position, Request, Rules};
use crate::budget::Budget;
use crate::sync::{matrix_json, payoff_matrix};

/// The matrix of the board's state.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct BoardMatrix {
    /// The board's request (the standing edges, renumbered from 1).
    pub request: Request,
    /// As `matrix --json` prints it for the request's position, with the
    /// rows' and columns' labels in the board's numbering (`positions`
    /// stay the engine's, relabelled from 1).
    pub matrix: serde_json::Value,
}

/// The root payoff matrix of the state on the board.
pub fn board_matrix(board: &BoardState, budget: &Budget) -> Result<BoardMatrix, String> {
    let asked = board.request()?;
    let Rules::Sync(options) = &asked.rules else {
        return Err(format!(
            "the payoff matrix is of synchronous play, not {}",
            asked.rules.kind()
        ));
    };
    let position = parse_position(&asked.position).map_err(|e| e.to_string())?;
    let mut m = payoff_matrix(
        &position,
        options.conflict,
        Some(options.precision.0.clone()),
        budget,
    )
    .map_err(|e| e.to_string())?;
    for line in m.rows.iter_mut().chain(m.cols.iter_mut()) {
        line.label =
            asked.labels.get(line.label - 1).copied().ok_or_else(|| {
                format!("the engine named an edge {} not on the board", line.label)
            })?;
    }
    Ok(BoardMatrix {
        request: asked.to_request(),
        matrix: matrix_json(&m),
    })
}

/// The board's link `fragment` after one synchronous turn at the cursor:
/// Left cuts board edge `left`, Right cuts `right` (a cell of the matrix).
/// Moves taken back are dropped, as when a move is played on the board;
/// a board being edited starts play from the drawing. Errors are one line.
pub fn step_into_cell(fragment: &str, left: usize, right: usize) -> Result<String, String> {
    let (mut shared, puzzles) = share::decode_with_puzzles(fragment)?;
    let slide = &mut shared.slides[shared.current];
    let played = if slide.view.play { slide.cursor } else { 0 };
    slide.moves.truncate(played);
    slide.moves.push(SidedMove {
        side: Side::Both,
        labels: vec![left, right],
    });
    slide.cursor = slide.moves.len();
    slide.view.play = true;
    // The turn is checked by replaying it, as when the link opens.
    let game = slide.game()?;
    if game.cursor() != slide.cursor {
        return Err("this turn is too large to replay here".into());
    }
    Ok(share::encode_with_puzzles(&shared, &puzzles))
}
