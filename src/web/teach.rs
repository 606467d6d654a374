//! wasm32 bindings for teaching: the explorer, the synchronous payoff
//! matrix and puzzles (solve, judge, links). Each returns `{ok: true, …}`
//! or `{ok: false, error}` and never throws for bad input; all work runs
//! under the worker's budget.

use serde::Serialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

use super::{to_js, worker_budget};
use crate::analysis::Request;
use crate::puzzle::{self, Puzzle};
use crate::ui::{board_matrix, puzzle_board, puzzle_link};

fn ok<T: Serialize>(key: &str, value: &T) -> JsValue {
    let v = serde_json::to_value(value).unwrap_or(serde_json::Value::Null);
    let mut obj = serde_json::Map::new();
    obj.insert("ok".into(), json!(true));
    obj.insert(key.into(), v);
    to_js(&serde_json::Value::Object(obj))
}

fn err(message: impl std::fmt::Display) -> JsValue {
    to_js(&json!({"ok": false, "error": message.to_string()}))
}

/// Explore the state an `analysis::Request` reaches: `{ok, exploration}`.
#[wasm_bindgen]
pub fn explore(request: JsValue) -> JsValue {
    match serde_wasm_bindgen::from_value::<Request>(request) {
        Err(e) => err(format!("bad request: {e}")),
        Ok(req) => match crate::explore::explore(&req, &worker_budget()) {
            Ok(e) => ok("exploration", &e),
            Err(e) => err(e),
        },
    }
}

/// The synchronous root matrix of the state on the board (the page's
/// link `fragment`, after the turns played): `{ok, board}` with the
/// request and the matrix as `matrix --json` prints it, rows and columns
/// in the board's labels.
#[wasm_bindgen]
pub fn board_matrix(fragment: &str) -> JsValue {
    match puzzle_board::read_board(fragment)
        .and_then(|b| board_matrix::board_matrix(&b, &worker_budget()))
    {
        Ok(m) => ok("board", &m),
        Err(e) => err(e),
    }
}

/// The board's link after one synchronous turn (Left cuts board edge
/// `left`, Right `right`): `{ok, fragment}`, which the page opens.
#[wasm_bindgen]
pub fn sync_step(fragment: &str, left: u32, right: u32) -> JsValue {
    match board_matrix::step_into_cell(fragment, left as usize, right as usize) {
        Ok(f) => ok("fragment", &f),
        Err(e) => err(e),
    }
}

fn read_puzzle(value: JsValue) -> Result<Puzzle, String> {
    serde_wasm_bindgen::from_value::<Puzzle>(value).map_err(|e| format!("bad puzzle: {e}"))
}

/// Solve a puzzle `{position, rules, question, …}`: `{ok, solution}`, or
/// the reason it cannot be posed (no solution, unsupported rules).
#[wasm_bindgen]
pub fn puzzle_solve(p: JsValue) -> JsValue {
    match read_puzzle(p)
        .and_then(|p| puzzle::solve(&p, &worker_budget()).map_err(|e| e.to_string()))
    {
        Ok(s) => ok("solution", &s),
        Err(e) => err(e),
    }
}

/// Judge `answer` to a puzzle: `{ok, verdict: {correct, explanation}}`.
#[wasm_bindgen]
pub fn puzzle_check(p: JsValue, answer: &str) -> JsValue {
    let run = || -> Result<puzzle::Verdict, String> {
        let p = read_puzzle(p)?;
        let budget = worker_budget();
        let s = puzzle::solve(&p, &budget).map_err(|e| e.to_string())?;
        puzzle::check(&p, &s, answer, &budget).map_err(|e| e.to_string())
    };
    match run() {
        Ok(v) => ok("verdict", &v),
        Err(e) => err(e),
    }
}

/// The fragment (`v1=…`) of a puzzle set: `{ok, fragment}`.
#[wasm_bindgen]
pub fn puzzle_fragment(puzzles: JsValue) -> JsValue {
    let list = match serde_wasm_bindgen::from_value::<Vec<Puzzle>>(puzzles) {
        Ok(l) => l,
        Err(e) => return err(format!("bad puzzles: {e}")),
    };
    match puzzle_link::puzzle_fragment(&list) {
        Ok(f) => ok("fragment", &f),
        Err(e) => err(e),
    }
}

/// The puzzles of a link fragment, one per slide (`null` where a slide
/// has none): `{ok, puzzles}`.
#[wasm_bindgen]
pub fn puzzle_read(fragment: &str) -> JsValue {
    match puzzle_link::read_puzzles(fragment) {
        Ok(list) => ok("puzzles", &list),
        Err(e) => err(e),
    }
}

/// Explore the state on the board (the page's link `fragment`: its
/// current slide at the cursor, so moves played are followed), `path`
/// moves deeper: `{ok, board}` with the request, the exploration and a
/// thumbnail per option.
#[wasm_bindgen]
pub fn explore_board(fragment: &str, path: JsValue, colour_blind: bool) -> JsValue {
    let path: Vec<String> = match serde_wasm_bindgen::from_value(path) {
        Ok(p) => p,
        Err(e) => return err(format!("bad path: {e}")),
    };
    let board = match puzzle_board::read_board(fragment) {
        Ok(b) => b,
        Err(e) => return err(e),
    };
    match puzzle_board::explore_board(&board, &path, colour_blind, &worker_budget()) {
        Ok(b) => ok("board", &b),
        Err(e) => err(e),
    }
}

/// The request *Make puzzle* poses its question on (`{ok, request}`): the
/// state on the board as its start and the moves played.
#[wasm_bindgen]
pub fn board_request(fragment: &str) -> JsValue {
    match puzzle_board::read_board(fragment).and_then(|b| puzzle_board::puzzle_request(&b)) {
        Ok(r) => ok("request", &r),
        Err(e) => err(e),
    }
}

/// Judge the game against the engine on the board (the page's link
/// `fragment`) for a `beat:` puzzle: `{ok, status: {state, …}, played}`
/// with state `play`, `engine` (and its move), `won` or `lost` (and why),
/// and how many moves were played since the puzzle was posed.
#[wasm_bindgen]
pub fn beat_judge(p: JsValue, fragment: &str) -> JsValue {
    let run = || -> Result<(puzzle::BeatStatus, usize), String> {
        let p = read_puzzle(p)?;
        let board = puzzle_board::read_board(fragment)?;
        let history = puzzle_board::moves_since(&board.game, p.moves.len())?;
        let status = puzzle::judge(&p, &history, &worker_budget()).map_err(|e| e.to_string())?;
        Ok((status, history.len()))
    };
    match run() {
        Ok((status, played)) => to_js(&json!({"ok": true, "status": status, "played": played})),
        Err(e) => err(e),
    }
}

/// The moves played on the board (the page's link `fragment`) after the
/// first `skip`, with their players (`L:3`): `{ok, moves}`. A move cut on
/// the board answers a puzzle's move question.
#[wasm_bindgen]
pub fn board_moves_since(fragment: &str, skip: u32) -> JsValue {
    match puzzle_board::read_board(fragment)
        .and_then(|b| puzzle_board::moves_since(&b.game, skip as usize))
    {
        Ok(m) => ok("moves", &m),
        Err(e) => err(e),
    }
}

/// A winning move of the student's from the state on the board in a game
/// against the engine: `{ok, move}` (`null` when it is not their turn or
/// the win is gone).
#[wasm_bindgen]
pub fn beat_hint(p: JsValue, fragment: &str) -> JsValue {
    let run = || -> Result<Option<String>, String> {
        let p = read_puzzle(p)?;
        let board = puzzle_board::read_board(fragment)?;
        let history = puzzle_board::moves_since(&board.game, p.moves.len())?;
        puzzle::hint(&p, &history, &worker_budget()).map_err(|e| e.to_string())
    };
    match run() {
        Ok(m) => ok("move", &m),
        Err(e) => err(e),
    }
}
