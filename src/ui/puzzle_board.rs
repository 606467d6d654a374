//! The board as the teaching panel sees it: the current slide of the
//! page's own link (drawing, rules, the moves played and the cursor).
//! From it come the engine's request for the state on the board (so the
//! explorer and *Make puzzle* follow play, superposed states included),
//! the explorer's options with a thumbnail drawn by the board's own
//! scene and SVG code, and the moves played since a puzzle was posed,
//! written as the explorer reads them (for a game against the engine).

use serde::Serialize;

use super::drawing::Drawing;
use super::play::{AnalysisRequest, Game, Side};
use super::quantum_views::fit;

/// The size of an explorer thumbnail in pixels (the teaching panel's CSS
/// scales it to the option's row).
const EXPLORER_THUMB: (f64, f64) = (150.0, 100.0);
use super::scene::{self, SceneOptions};
use super::share::{self, Slide};
use super::svg;
use crate::analysis::{
    means_and_temperatures, thermal_of, AnalysisError, Request, Rules, ThermalAnswer,
};
use crate::budget::Budget;
use crate::explore::{explore, explore_unvalued, Exploration};
use crate::position::Colour;
use crate::rules::Player;

/// The board of a link's current slide.
pub struct BoardState {
    pub drawing: Drawing,
    pub game: Game,
    /// What the board shows: the game at its cursor in play, the start
    /// while editing (`None` when nothing is left to analyse).
    pub request: Option<AnalysisRequest>,
}

impl BoardState {
    /// The request, or why there is none.
    pub fn request(&self) -> Result<&AnalysisRequest, String> {
        self.request.as_ref().ok_or_else(|| {
            if self.game.board().present().is_empty() {
                "no edges left on the board".to_string()
            } else {
                "the game is over".to_string()
            }
        })
    }
}

/// Read the board from a link fragment (what the page keeps in its
/// address bar). Errors are one line.
pub fn read_board(fragment: &str) -> Result<BoardState, String> {
    let shared = share::decode(fragment)?;
    let slide: &Slide = &shared.slides[shared.current];
    let mut game = slide.game()?;
    if !slide.view.play {
        game.jump(0);
    }
    let request = game.analysis_request();
    Ok(BoardState {
        drawing: slide.drawing.clone(),
        game,
        request,
    })
}

/// An option as the board shows it.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct ShownOption {
    /// The move in the board's labels (the request renumbers the standing
    /// edges of a classical board).
    pub label: String,
    /// What the option leaves (per realisation), in the board's labels.
    pub after: Vec<Vec<String>>,
    /// A standalone SVG of what the option leaves: the position, or for a
    /// superposed state every edge standing somewhere, those standing in
    /// only some realisations drawn lighter (as on the board).
    pub svg: String,
    /// The option's mean and temperature, when its value has them.
    #[serde(default)]
    pub heat: Option<Heat>,
}

/// A value's mean and temperature, exact (plain notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Heat {
    pub mean: String,
    pub temperature: String,
}

/// The exploration of the board's state, `path` moves deeper (request
/// labels, each with its player: `L:3`).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct BoardExploration {
    /// The board's request (the state before `path`), as `hackenbush
    /// options` takes it: position, rules, moves and first player.
    pub request: Request,
    pub exploration: Exploration,
    /// One per option of `exploration`, in its order.
    pub shown: Vec<ShownOption>,
    /// `path` in the board's labels.
    pub path: Vec<String>,
    /// The exploration's realisations (quantum), in the board's labels.
    pub realisations: Option<Vec<Vec<String>>>,
    /// The temperature theory of the explored state's value (computed
    /// with the exploration, in the worker).
    #[serde(default)]
    pub thermal: Option<ThermalAnswer>,
}

impl BoardExploration {
    /// The same exploration with every value left out (values hidden, by
    /// the person or a puzzle): the options, what each leaves and its
    /// picture stay, so the tree can still be walked, asking what each
    /// state is worth. Which options the canonical form keeps, and why
    /// others are dropped, tells part of the answer, so that goes too.
    pub fn without_values(mut self) -> BoardExploration {
        let e = &mut self.exploration;
        e.value.clear();
        e.pretty.clear();
        e.outcome.clear();
        e.canonical_left.clear();
        e.canonical_right.clear();
        for o in &mut e.options {
            o.value.clear();
            o.dominated = None;
            o.reversible = None;
            o.reasons.clear();
        }
        for o in &mut self.shown {
            o.heat = None;
        }
        self.thermal = None;
        self
    }
}

/// Explore the board's state, then `path` deeper; with `values` false,
/// nothing is valued (values hidden: [`explore_unvalued`]), and the
/// exploration comes as [`BoardExploration::without_values`] leaves it.
pub fn explore_board(
    board: &BoardState,
    path: &[String],
    colour_blind: bool,
    values: bool,
    budget: &Budget,
) -> Result<BoardExploration, String> {
    let asked = board.request()?;
    if matches!(asked.rules, Rules::Sync(_)) {
        // Said for the page, where the matrix is one click away.
        return Err(
            "both players move at once under synchronous rules, so there is no game tree of \
             values here: the payoff matrix shows each turn"
                .into(),
        );
    }
    let mut request = asked.to_request();
    let mut moves = request.moves.clone();
    // Moves played on a quantum board alternate from `first`; the path's
    // name their player, so they can follow any of them.
    moves.extend(path.iter().cloned());
    request.moves = moves;
    let explored = if values {
        explore(&request, budget)
    } else {
        explore_unvalued(&request, budget)
    };
    let exploration = explored.map_err(|e| match &e {
        AnalysisError::Budget(b) => {
            crate::ui::answer_view::too_long_message(b).unwrap_or_else(|| e.to_string())
        }
        AnalysisError::Input(_) => e.to_string(),
    })?;
    let labels = &asked.labels;
    let thermal = values.then(|| thermal_of(&exploration.value, &request.rules, budget));
    let heats = if values {
        let values: Vec<&str> = exploration
            .options
            .iter()
            .map(|o| o.value.as_str())
            .collect();
        means_and_temperatures(&values, &request.rules, budget)
    } else {
        vec![None; exploration.options.len()]
    };
    let shown = exploration
        .options
        .iter()
        .zip(heats)
        .map(|(o, heat)| ShownOption {
            label: to_board(labels, &o.mv),
            after: relabel(labels, &o.after),
            svg: thumb(&board.drawing, labels, &o.after, colour_blind),
            heat: heat.map(|(mean, temperature)| Heat { mean, temperature }),
        })
        .collect();
    Ok(BoardExploration {
        request: asked.to_request(),
        shown,
        path: path.iter().map(|m| to_board(labels, m)).collect(),
        realisations: exploration
            .realisations
            .as_ref()
            .map(|r| relabel(labels, r)),
        exploration,
        thermal,
    })
}

/// Sets of request labels in the board's labels.
fn relabel(labels: &[usize], sets: &[Vec<String>]) -> Vec<Vec<String>> {
    sets.iter()
        .map(|r| r.iter().map(|l| to_board(labels, l)).collect())
        .collect()
}

/// Rewrite every number in `text` (a request label) as the board's label.
pub fn to_board(labels: &[usize], text: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    let flush = |digits: &mut String, out: &mut String| {
        if !digits.is_empty() {
            let board = digits
                .parse::<usize>()
                .ok()
                .and_then(|k| labels.get(k.checked_sub(1)?))
                .map_or_else(|| digits.clone(), |l| l.to_string());
            out.push_str(&board);
            digits.clear();
        }
    };
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits.push(c);
        } else {
            flush(&mut digits, &mut out);
            out.push(c);
        }
    }
    flush(&mut digits, &mut out);
    out
}

/// A label of `after` (`3`, or `3B` for an uncoloured edge coloured) as
/// the board's edge index and its colour now, if any.
fn standing(labels: &[usize], text: &str) -> Option<(usize, Option<Colour>)> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    let k: usize = digits.parse().ok()?;
    let board = *labels.get(k.checked_sub(1)?)?;
    let colour = text[digits.len()..]
        .chars()
        .next()
        .and_then(Colour::from_letter);
    Some((board - 1, colour))
}

/// The thumbnail of what an option leaves (`after`: per realisation, the
/// request labels standing).
pub fn thumb(d: &Drawing, labels: &[usize], after: &[Vec<String>], colour_blind: bool) -> String {
    let n = d.edges.len();
    let mut count = vec![0usize; n];
    let mut colours: Vec<Option<Colour>> = vec![None; n];
    for r in after {
        for (i, colour) in r.iter().filter_map(|t| standing(labels, t)) {
            if i < n {
                count[i] += 1;
                colours[i] = Some(colour.unwrap_or(d.edges[i].colour));
            }
        }
    }
    let partial = (0..n)
        .filter(|&i| count[i] > 0 && count[i] < after.len())
        .map(|i| i + 1)
        .collect();
    let opts = SceneOptions {
        board: Some(colours),
        partial,
        colour_blind,
        show_labels: true,
        ..SceneOptions::default()
    };
    svg::to_svg(&scene::build(d, &fit(d, EXPLORER_THUMB), &opts))
}

/// Move `k` of `game` as a puzzle writes it, with its player: its labels
/// joined by `+`, and the colour for a colouring move (`2B`: Left colours
/// an uncoloured edge); `None` for a synchronous turn.
pub fn move_text(game: &Game, k: usize) -> Option<(Player, String)> {
    let m = game.moves().get(k)?;
    let (p, colour) = match m.side {
        Side::Left => (Player::Left, 'B'),
        Side::Right => (Player::Right, 'R'),
        Side::Both => return None,
    };
    let colouring = m.labels.len() == 1
        && game.board_at(k).colours.get(m.labels[0].checked_sub(1)?)
            == Some(&Some(Colour::Uncoloured));
    let labels: Vec<String> = m.labels.iter().map(|l| l.to_string()).collect();
    let mut text = labels.join("+");
    if colouring {
        text.push(colour);
    }
    Some((p, text))
}

/// Move `k` of `game` as the explorer reads it, with its player (`L:3`,
/// `R:1+3`, `L:2B` for Left colouring an uncoloured edge); `None` for a
/// synchronous turn, which the explorer does not take.
pub fn explorer_move(game: &Game, k: usize) -> Option<String> {
    let (p, text) = move_text(game, k)?;
    Some(format!("{p}:{text}"))
}

/// The request a puzzle made on the board is posed on. A classical game
/// mid-way keeps the drawing's start (its grounded edges) and the moves
/// played, as a superposed state does, so the link shows the board with
/// the played edges gone and the student answers in the board's labels.
/// Rules puzzles do not take (sync, misère) keep the board's request, for
/// the puzzle to be refused in words.
pub fn puzzle_request(board: &BoardState) -> Result<Request, String> {
    let asked = board.request()?;
    let game = &board.game;
    let classical = matches!(
        asked.rules,
        Rules::Normal | Rules::Childish | Rules::Uncolored
    );
    if !classical || game.cursor() == 0 {
        return Ok(asked.to_request());
    }
    let grounded = game.board_at(0).present();
    let labels: Vec<usize> = grounded.iter().map(|i| i + 1).collect();
    let moves = (0..game.cursor())
        .map(|k| {
            let (_, text) =
                move_text(game, k).ok_or_else(|| "a turn of both players".to_string())?;
            Ok(to_request(&labels, &text))
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Request {
        position: game.start().restrict(grounded).to_string(),
        rules: asked.rules.clone(),
        moves,
        first: game.setup().first,
    })
}

/// Rewrite every number in `text` (a board label) as the request's label
/// (the inverse of [`to_board`]).
fn to_request(labels: &[usize], text: &str) -> String {
    let inverse: Vec<usize> = (1..=labels.iter().copied().max().unwrap_or(0))
        .map(|b| labels.iter().position(|&l| l == b).map_or(0, |k| k + 1))
        .collect();
    to_board(&inverse, text)
}

/// The moves played on the board after the first `skip` (those a puzzle
/// was posed after), up to the cursor, as the explorer reads them.
pub fn moves_since(game: &Game, skip: usize) -> Result<Vec<String>, String> {
    (skip..game.cursor())
        .map(|k| {
            explorer_move(game, k)
                .ok_or_else(|| "a synchronous turn cannot be judged here".to_string())
        })
        .collect()
}
