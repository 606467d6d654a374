//! The board region: the canvas (pointer, touch and keys become actions),
//! a fixed-height action bar below it (Commit, Clear picks, and a
//! puzzle's Check and Next), the notes under the board, and the mode,
//! editing and play toolbars. Nothing is ever inserted above the canvas,
//! so the edge under a finger stays where it was.

use std::cell::Cell;
use std::time::Duration;

use leptos::html::Canvas;
use leptos::prelude::*;

use super::{dispatch, key_used, part, tf, NoticeLine};
use crate::position::Colour;
use crate::rules::Player;
use crate::ui::editor::Tool;
use crate::ui::opponent::Controller;
use crate::ui::page::{Action, Place, PuzzleKind};
use crate::ui::session::Mode;

thread_local! {
    /// The latest hover position not yet sent (one per animation frame).
    static HOVER: Cell<Option<(f64, f64)>> = const { Cell::new(None) };
}

fn hover(x: f64, y: f64) {
    let scheduled = HOVER.with(|h| h.replace(Some((x, y))).is_some());
    if !scheduled {
        request_animation_frame(|| {
            if let Some((x, y)) = HOVER.with(|h| h.take()) {
                dispatch(Action::Hover { x, y });
            }
        });
    }
}

/// The pointer's position in the canvas's CSS pixels.
fn at(e: &web_sys::PointerEvent) -> (f64, f64) {
    let Some(el) = e
        .current_target()
        .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
    else {
        return (e.offset_x().into(), e.offset_y().into());
    };
    let r = el.get_bounding_client_rect();
    (
        f64::from(e.client_x()) - r.left(),
        f64::from(e.client_y()) - r.top(),
    )
}

#[component]
pub(super) fn BoardRegion() -> impl IntoView {
    let canvas = NodeRef::<Canvas>::new();
    let tools = super::mounted(super::AROUND_BOARD_STAGE);
    Effect::new(move |_| {
        if let Some(c) = canvas.get() {
            // Its first layout, size and drawing in a task of their own:
            // start-up is split so that no task of it is long (issue 26).
            set_timeout(move || super::attach_canvas(c), Duration::ZERO);
        }
    });
    let board = part(|v| v.board.clone());
    let presenting = part(|v| v.presenting);
    let caption_on = part(|v| v.options.caption);
    let question = part(|v| v.puzzle.as_ref().map(|p| p.question.clone()));
    view! {
        <section id="board-panel" class="board-col" aria-label="Board">
            <p id="puzzle-ask" class="puzzle-ask" hidden=move || question.with(|q| q.is_none())>
                {move || question.get().unwrap_or_default()}
            </p>
            <p id="caption" class="caption" hidden=move || !presenting.get()>
                <span id="caption-text">
                    {move || board.with(|b| match &b.slide_of {
                        Some(of) => format!("{of} · {}", b.caption),
                        None => b.caption.clone(),
                    })}
                </span>
                " "
                <span id="caption-value" class="caption-value" hidden=move || !caption_on.get()>
                    {move || board.with(|b| b.caption_value.clone())}
                </span>
                " "
                <span
                    id="caption-outcome"
                    class=move || if board.with(|b| b.caption_pending) { "caption-outcome pending" } else { "caption-outcome" }
                    hidden=move || !caption_on.get()
                >
                    {move || board.with(|b| b.caption_outcome.clone())}
                </span>
            </p>
            <p id="caption-rules" class="caption-rules" hidden=move || !presenting.get()>
                {move || board.with(|b| b.caption_rules.clone())}
            </p>
            <div class="canvas-wrap">
                <canvas
                    id="board"
                    node_ref=canvas
                    tabindex="0"
                    aria-label="Hackenbush board. Arrow keys or Tab select an edge; in play, Enter cuts it. In editing, b r g x recolour, Delete removes, Ctrl+Z undoes."
                    aria-describedby="board-description"
                    on:pointerdown=move |e| {
                        if let Some(c) = canvas.get_untracked() {
                            let _ = c.focus();
                            let _ = c.set_pointer_capture(e.pointer_id());
                        }
                        let (x, y) = at(&e);
                        dispatch(Action::PointerDown { x, y });
                    }
                    on:pointermove=move |e| {
                        let (x, y) = at(&e);
                        if e.buttons() == 0 {
                            hover(x, y);
                        } else {
                            dispatch(Action::PointerMove { x, y });
                        }
                    }
                    on:pointerup=move |e| {
                        let (x, y) = at(&e);
                        dispatch(Action::PointerUp { x, y });
                    }
                    on:pointercancel=move |_| dispatch(Action::PointerCancel)
                    on:pointerleave=move |_| {
                        HOVER.with(|h| h.set(None));
                        dispatch(Action::PointerLeave);
                    }
                    on:keydown=move |e| {
                        dispatch(Action::BoardKey {
                            key: e.key(),
                            ctrl: e.ctrl_key() || e.meta_key(),
                            shift: e.shift_key(),
                        });
                        if key_used() {
                            e.prevent_default();
                        }
                    }
                ></canvas>
            </div>
            <p id="board-description" class="sr-only">{move || board.with(|b| b.description.clone())}</p>
            <ActionBar/>
            <div class="board-notes">
                <p id="preview" class="help preview" aria-live="polite">{move || board.with(|b| b.preview.clone())}</p>
                <p
                    id="engine-note"
                    class=move || if board.with(|b| b.engine_blocked) { "error" } else { "help" }
                    aria-live="polite"
                    hidden=move || board.with(|b| b.engine_note.is_empty())
                >
                    {move || board.with(|b| b.engine_note.clone())}
                </p>
                <NoticeLine place=Place::Board id="board-message"/>
                <NoticeLine place=Place::Opened id="link-error"/>
                <p id="ungrounded" class="help" hidden=move || board.with(|b| b.ungrounded.is_empty())>
                    {move || board.with(|b| b.ungrounded.clone())}
                </p>
            </div>
            // The toolbars stand below the board: built in the next task of
            // start-up, with the quantum views, so the board's is short.
            <div class="board-tools">
                {move || tools.get().then(|| view! { <ModeBar/> <EditTools/> <PlayTools/> })}
            </div>
        </section>
    }
}

/// What the action bar shows of an open puzzle.
#[derive(Clone, Copy, PartialEq)]
struct BarPuzzle {
    solved: bool,
    has_next: bool,
    checking: bool,
    /// Answered by Check (every question but a game).
    checked: bool,
}

/// Below the board, one row of a fixed height (two on a narrow board
/// column, see style.css; the canvas above never moves): the turn line,
/// the quantum pick mode, Commit and Clear picks, and a puzzle's Check and
/// Next (on a phone this bar is fixed at the bottom of the screen, under
/// the thumb).
#[component]
fn ActionBar() -> impl IntoView {
    // The line and, after it, how to pick a quantum move; a puzzle's
    // verdict shows instead, under the thumb that checked.
    let turn = part(
        |v| match v.puzzle.as_ref().and_then(|p| p.verdict.as_ref()) {
            Some(d) => (d.text.clone(), String::new()),
            None => (v.board.turn.clone(), v.board.turn_how.clone()),
        },
    );
    let play = part(|v| v.play.clone());
    let playing = part(|v| v.mode == Mode::Play);
    let puzzle = part(|v| {
        v.puzzle.as_ref().map(|p| BarPuzzle {
            solved: p.solved_here,
            has_next: p.at + 1 < p.count,
            checking: p.checking,
            // A game against the engine is judged move by move.
            checked: p.kind != PuzzleKind::Game,
        })
    });
    let picking = move || {
        playing.get()
            && play.with(|p| p.pick.is_some() || !p.picked.is_empty() || p.commit.is_some())
    };
    view! {
        // Nothing to say and no button (presenting in edit mode): not an
        // empty strip at the bottom of a phone's screen.
        <div
            class="actionbar"
            role="toolbar"
            aria-label="Moves"
            hidden=move || {
                turn.with(|(line, _)| line.is_empty())
                    && !picking()
                    && puzzle.with(Option::is_none)
                    && play.with(|p| p.refused.is_none())
            }
        >
            <p id="turn" class="turn" aria-live="polite">
                <span class="turn-who">{move || turn.with(|(line, _)| line.clone())}</span>
                // The space inside, so that a turn line without the how-to
                // reads (and is matched) without a trailing space.
                <span class="turn-how">
                    {move || turn.with(|(_, how)| if how.is_empty() { String::new() } else { format!(" {how}") })}
                </span>
            </p>
            <span
                id="pick-mode"
                class="segmented"
                role="group"
                aria-label="A click on an edge"
                hidden=move || !playing.get() || play.with(|p| p.pick.is_none())
            >
                <button
                    id="pick-superpose"
                    type="button"
                    title="Click edges to pick them, then commit (Enter)"
                    aria-pressed=move || tf(play.with(|p| p.pick.as_ref().is_some_and(|k| k.superpose)))
                    on:click=move |_| dispatch(Action::SetSuperpose(true))
                >
                    "Pick edges"
                </button>
                <button
                    id="pick-single"
                    type="button"
                    title="A click cuts one edge alone, where the flavour allows"
                    aria-pressed=move || tf(play.with(|p| p.pick.as_ref().is_some_and(|k| !k.superpose)))
                    hidden=move || play.with(|p| !p.pick.as_ref().is_some_and(|k| k.single_cut))
                    on:click=move |_| dispatch(Action::SetSuperpose(false))
                >
                    "Cut one"
                </button>
            </span>
            <button
                id="commit"
                type="button"
                class="primary"
                hidden=move || !picking()
                disabled=move || play.with(|p| p.commit.is_none())
                on:click=move |_| dispatch(Action::Commit)
            >
                {move || play.with(|p| p.commit.clone().unwrap_or_else(|| "Commit".into()))}
            </button>
            <button
                id="clear-picks"
                type="button"
                hidden=move || !picking()
                disabled=move || play.with(|p| p.picked.is_empty())
                on:click=move |_| dispatch(Action::ClearPicks)
            >
                "Clear picks"
            </button>
            <button
                id="bar-check"
                type="button"
                class="primary"
                hidden=move || puzzle.with(|p| p.is_none_or(|p| p.solved || !p.checked))
                disabled=move || puzzle.with(|p| p.is_some_and(|p| p.checking))
                on:click=move |_| dispatch(Action::PuzzleCheck)
            >
                "Check"
            </button>
            // Only where there is a next puzzle: a disabled Next under the
            // thumb of a student who solved the last one reads as broken.
            <button
                id="bar-next"
                type="button"
                class=move || if puzzle.with(|p| p.is_some_and(|p| p.solved)) { "primary big" } else { "" }
                hidden=move || puzzle.with(|p| p.is_none_or(|p| !p.has_next))
                on:click=move |_| dispatch(Action::PuzzleNext)
            >
                "Next puzzle ▶"
            </button>
            <p id="refused" class="refused" hidden=move || play.with(|p| p.refused.is_none())>
                {move || play.with(|p| p.refused.clone().unwrap_or_default())}
            </p>
        </div>
    }
}

#[component]
fn ModeBar() -> impl IntoView {
    let mode = part(|v| v.mode);
    let locked = part(|v| v.edit.locked);
    let presenting = part(|v| v.presenting);
    view! {
        <div class="toolbar modebar" role="toolbar" aria-label="Mode">
            <button
                id="mode-edit"
                type="button"
                aria-pressed=move || tf(mode.get() == Mode::Edit)
                hidden=move || locked.get()
                on:click=move |_| dispatch(Action::SetMode(Mode::Edit))
            >
                "Edit"
            </button>
            <button
                id="mode-play"
                type="button"
                hidden=move || locked.get()
                aria-pressed=move || tf(mode.get() == Mode::Play)
                on:click=move |_| dispatch(Action::SetMode(Mode::Play))
            >
                "Play"
            </button>
            <span class="spacer"></span>
            <button
                id="present"
                type="button"
                title="Presenter mode: large type, arrows step through the slides, Escape leaves (P)"
                aria-pressed=move || tf(presenting.get())
                on:click=move |_| dispatch(Action::SetPresenting(!presenting.get_untracked()))
            >
                {move || if presenting.get() { "Leave presenter mode" } else { "Present" }}
            </button>
        </div>
    }
}

const TOOLS: [(Tool, &str, &str); 3] = [
    (Tool::Draw, "draw", "Draw"),
    (Tool::Move, "move", "Move"),
    (Tool::Erase, "erase", "Erase"),
];

const COLOURS: [(Colour, &str, &str, &str); 4] = [
    (Colour::Blue, "B", "blue", "Blue"),
    (Colour::Red, "R", "red", "Red"),
    (Colour::Green, "G", "green", "Green"),
    (Colour::Uncoloured, "X", "black", "Uncoloured"),
];

#[component]
fn EditTools() -> impl IntoView {
    let edit = part(|v| v.edit.clone());
    let mode = part(|v| v.mode);
    view! {
        <div
            id="edit-tools"
            class="toolbar"
            role="toolbar"
            aria-label="Editing tools"
            hidden=move || mode.get() != Mode::Edit || edit.with(|e| e.locked)
        >
            {TOOLS
                .iter()
                .map(|&(tool, key, name)| {
                    view! {
                        <button
                            type="button"
                            data-tool=key
                            aria-pressed=move || tf(edit.with(|e| e.tool == tool))
                            on:click=move |_| dispatch(Action::SetTool(tool))
                        >
                            {name}
                        </button>
                    }
                })
                .collect_view()}
            <span class="sep"></span>
            {COLOURS
                .iter()
                .map(|&(colour, letter, class, name)| {
                    view! {
                        <button
                            type="button"
                            class=format!("swatch {class}")
                            data-colour=letter
                            title=format!("{name} ({})", letter.to_ascii_lowercase())
                            aria-label=name
                            aria-pressed=move || tf(edit.with(|e| e.colour == colour))
                            on:click=move |_| dispatch(Action::SetColour(colour))
                        >
                            {if colour == Colour::Uncoloured { "X" } else { name }}
                        </button>
                    }
                })
                .collect_view()}
            <span class="sep"></span>
            <button
                id="delete"
                type="button"
                title="Delete the selection (Delete)"
                disabled=move || edit.with(|e| !e.can_delete)
                on:click=move |_| dispatch(Action::DeleteSelection)
            >
                "Delete"
            </button>
            <button
                id="clear"
                type="button"
                title="Remove every edge (undo brings them back)"
                on:click=move |_| dispatch(Action::Clear)
            >
                "Clear"
            </button>
            <button
                id="undo"
                type="button"
                title="Undo (Ctrl+Z)"
                disabled=move || edit.with(|e| !e.can_undo)
                on:click=move |_| dispatch(Action::Undo)
            >
                "Undo"
            </button>
            <button
                id="redo"
                type="button"
                title="Redo (Ctrl+Y)"
                disabled=move || edit.with(|e| !e.can_redo)
                on:click=move |_| dispatch(Action::Redo)
            >
                "Redo"
            </button>
        </div>
    }
}

fn controller_of(value: &str) -> Controller {
    if value == "engine" {
        Controller::Engine
    } else {
        Controller::Person
    }
}

#[component]
fn PlayTools() -> impl IntoView {
    let play = part(|v| v.play.clone());
    let mode = part(|v| v.mode);
    let who = move |player: Player, id: &'static str, name: &'static str| {
        let current = move || {
            play.with(|p| match player {
                Player::Left => p.left,
                Player::Right => p.right,
            })
        };
        view! {
            <label hidden=move || play.with(|p| p.players_locked)>
                {name} " "
                <select
                    id=id
                    on:change=move |e| {
                        dispatch(Action::SetController {
                            player,
                            controller: controller_of(&event_target_value(&e)),
                        })
                    }
                >
                    <option value="person" prop:selected=move || current() == Controller::Person>"Person"</option>
                    <option value="engine" prop:selected=move || current() == Controller::Engine>"Engine"</option>
                </select>
            </label>
        }
    };
    view! {
        <div id="play-tools" class="toolbar" role="toolbar" aria-label="Play" hidden=move || mode.get() != Mode::Play>
            {who(Player::Left, "left-player", "Left")}
            {who(Player::Right, "right-player", "Right")}
            <label hidden=move || play.with(|p| p.players_locked)>
                "First "
                <select
                    id="first"
                    on:change=move |e| {
                        let p = if event_target_value(&e) == "R" { Player::Right } else { Player::Left };
                        dispatch(Action::SetFirst(p));
                    }
                >
                    <option value="L" prop:selected=move || play.with(|p| p.first == Player::Left)>"Left (blue)"</option>
                    <option value="R" prop:selected=move || play.with(|p| p.first == Player::Right)>"Right (red)"</option>
                </select>
            </label>
            <button
                id="takeback"
                type="button"
                disabled=move || play.with(|p| !p.can_takeback)
                on:click=move |_| dispatch(Action::Takeback)
            >
                "Take back"
            </button>
            <button
                id="restart"
                type="button"
                disabled=move || play.with(|p| !p.can_restart)
                on:click=move |_| dispatch(Action::Restart)
            >
                "Restart"
            </button>
        </div>
    }
}
