//! Teaching: the game-tree explorer of the state on the board, the
//! synchronous payoff matrix (a cell is played on the board as one turn),
//! and making puzzles from the board. Each panel shows what the session
//! says: closed, computing, ready or failed, for the state on screen.
//! In presenter mode the explorer or the matrix can be the presenter's
//! panel beside the board.

use leptos::prelude::*;
use serde_json::Value;

use super::thermograph::Thermal;
use super::{dispatch, part, tf, ByPointer, NoticeLine};
use crate::puzzle::Question;
use crate::rules::Player;
use crate::ui::answer_view::folded_away;
use crate::ui::board_matrix::BoardMatrix;
use crate::ui::jobs::Lane;
use crate::ui::page::{Action, LinkScope, Panel, Place, PresenterPanel as Which};
use crate::ui::puzzle_board::BoardExploration;
use crate::ui::svg::data_url;

const QUESTIONS: [Question; 9] = [
    Question::WinningMove(Player::Left),
    Question::WinningMove(Player::Right),
    Question::EveryWinningMove(Player::Left),
    Question::EveryWinningMove(Player::Right),
    Question::Value,
    Question::Winner(Player::Left),
    Question::Winner(Player::Right),
    Question::Beat(Player::Left),
    Question::Beat(Player::Right),
];

fn sets(sets: &[Vec<String>]) -> String {
    sets.iter()
        .map(|r| format!("{{{}}}", r.join(",")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An exploration: what is explored, the value, each player's options.
/// The exploration on show; `hidden` while values are hidden (its values
/// are left out already, see [`BoardExploration::without_values`]): the
/// options alone, folded after their first ones.
fn exploration_view(b: BoardExploration, hidden: bool) -> impl IntoView {
    let e = b.exploration;
    let r = &b.request;
    let n = r.moves.len();
    let state = format!(
        "Exploring {} · {}{}",
        r.position,
        r.rules,
        if n == 0 {
            String::new()
        } else {
            format!(
                " after {n} move{} ({})",
                if n == 1 { "" } else { "s" },
                r.moves.join(" ; ")
            )
        }
    );
    let realisations = b
        .realisations
        .as_ref()
        .map(|r| format!(" · realisations {}", sets(r)))
        .unwrap_or_default();
    let value = if hidden {
        format!("Values are hidden: what is each option worth?{realisations}")
    } else {
        format!(
            "Value {} ({}), outcome {}. Canonical form {{{} | {}}}{realisations}",
            e.value,
            e.pretty,
            e.outcome,
            e.canonical_left.join(", "),
            e.canonical_right.join(", "),
        )
    };
    let columns = [(Player::Left, "Left"), (Player::Right, "Right")]
        .into_iter()
        .map(|(p, name)| {
            let options: Vec<_> = e
                .options
                .iter()
                .zip(b.shown.iter())
                .filter(|(o, _)| o.player == p)
                .collect();
            // A quantum drawing of ten edges gives a player a hundred
            // options and more: the list folds after its first ones,
            // keeping in view those the canonical form keeps.
            // (Values hidden, nothing tells which those are.)
            let kept: Vec<bool> = options
                .iter()
                .map(|(o, _)| !hidden && o.reasons.is_empty())
                .collect();
            let away = folded_away(&kept);
            let folds = away.contains(&true);
            let open = RwSignal::new(false);
            let items = options
                .into_iter()
                .zip(away)
                .map(|((o, shown), away)| {
                    let step = format!("{p}:{}", o.mv);
                    let count = if o.after.len() > 1 {
                        format!("{} realisations", o.after.len())
                    } else {
                        "leaves".into()
                    };
                    let why = if hidden {
                        String::new()
                    } else if o.reasons.is_empty() {
                        "kept in the canonical form".to_string()
                    } else {
                        o.reasons.join("; ")
                    };
                    let what = if hidden {
                        shown.label.clone()
                    } else {
                        format!("{} → {}", shown.label, o.value)
                    };
                    view! {
                        <li hidden=move || away && !open.get()>
                            <button
                                type="button"
                                class=if hidden || o.reasons.is_empty() { "option" } else { "option dropped" }
                                data-move=format!("{p}:{}", shown.label)
                                data-step=step.clone()
                                on:click=move |_| dispatch(Action::ExploreStep(step.clone()))
                            >
                                <img class="thumb" src=data_url(&shown.svg) alt=format!("After {}", shown.label) width="120" height="80"/>
                                <span class="what">
                                    {what}
                                    <span class="why after">{format!("{count} {}", sets(&shown.after))}</span>
                                    {shown.heat.as_ref().map(|h| view! {
                                        <span class="why heat">{format!("mean {}, temperature {}", h.mean, h.temperature)}</span>
                                    })}
                                    {(!why.is_empty()).then(|| view! { <span class="why">{why}</span> })}
                                </span>
                            </button>
                        </li>
                    }
                })
                .collect::<Vec<_>>();
            let total = items.len();
            let empty = items.is_empty();
            let fold = folds.then(|| {
                view! {
                    <button
                        type="button"
                        class="options-fold"
                        aria-expanded=move || open.get().to_string()
                        on:click=move |_| open.update(|o| *o = !*o)
                    >
                        {move || if open.get() {
                            format!("Show fewer of {name}'s options")
                        } else {
                            format!("Show all {total} of {name}'s options")
                        }}
                    </button>
                }
            });
            view! {
                <div>
                    <h4>{format!("{name}'s options")}</h4>
                    <ul>
                        {items}
                        {empty.then(|| view! { <li class="help">"no move"</li> })}
                    </ul>
                    {fold}
                </div>
            }
        })
        .collect_view();
    view! {
        <p id="explore-state" class="help">{state}</p>
        <p id="explore-value" aria-live="polite">{value}</p>
        <div id="explore-options" class="options">{columns}</div>
    }
}

/// Arrow keys move between options; Backspace or ← steps back out.
fn explorer_keys(e: web_sys::KeyboardEvent, deep: bool) {
    use wasm_bindgen::JsCast;
    let Some(target) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return;
    };
    if target.tag_name() == "INPUT" {
        return;
    }
    let key = e.key();
    if (key == "Backspace" || key == "ArrowLeft") && deep {
        e.prevent_default();
        dispatch(Action::ExploreBack);
        return;
    }
    if key != "ArrowDown" && key != "ArrowUp" {
        return;
    }
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(list) = doc.query_selector_all("#explore-options li:not([hidden]) .option") else {
        return;
    };
    let n = list.length();
    if n == 0 {
        return;
    }
    e.prevent_default();
    let at = (0..n).find(|&k| list.get(k).is_some_and(|x| x.is_same_node(Some(&target))));
    let next = match (at, key.as_str()) {
        (Some(k), "ArrowDown") => (k + 1) % n,
        (Some(k), _) => (k + n - 1) % n,
        (None, _) => 0,
    };
    if let Some(el) = list
        .get(next)
        .and_then(|x| x.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = el.focus();
    }
}

#[component]
fn Explorer() -> impl IntoView {
    let teach = part(|v| {
        (
            v.teach.explorer_open,
            v.teach.explorer.clone(),
            v.teach.path.clone(),
            v.teach.values_hidden,
        )
    });
    let computing = move || teach.with(|t| matches!(t.1, Panel::Computing));
    let deep = move || teach.with(|t| !t.2.is_empty());
    view! {
        <details id="explorer" open on:keydown=move |e| explorer_keys(e, deep())>
            <summary>"Game tree"</summary>
            <div class="toolbar">
                <button id="explore-run" type="button" on:click=move |_| dispatch(Action::SetExplorerOpen(true))>
                    "Explore the board"
                </button>
                <button id="explore-back" type="button" disabled=move || !deep() on:click=move |_| dispatch(Action::ExploreBack)>
                    "Back"
                </button>
                <button id="explore-stop" type="button" hidden=move || !computing() on:click=move |_| dispatch(Action::CancelLane(Lane::Teach))>
                    "Stop"
                </button>
                <button
                    id="explore-close"
                    type="button"
                    hidden=move || !teach.with(|t| t.0)
                    on:click=move |_| dispatch(Action::SetExplorerOpen(false))
                >
                    "Close"
                </button>
            </div>
            <p class="help">
                "Path: "
                <span id="explore-path" class="path">
                    {move || teach.with(|t| std::iter::once("start".to_string()).chain(t.2.iter().cloned()).collect::<Vec<_>>().join(" › "))}
                </span>
            </p>
            {move || match teach.with(|t| t.1.clone()) {
                Panel::Closed => ().into_any(),
                Panel::Computing => view! { <p id="explore-value" aria-live="polite">"computing…"</p> }.into_any(),
                Panel::Failed(why) => view! { <p id="explore-error" class="error" role="alert">{why}</p> }.into_any(),
                Panel::Ready(b) => exploration_view(*b, teach.with(|t| t.3)).into_any(),
            }}
            <Thermal thermal=part(|v| v.teach.explorer_thermal.clone()) id="explore-thermal" small=true/>
            <NoticeLine place=Place::Explorer id="explore-note"/>
            <p class="help">
                <ByPointer
                    mouse="Click an option (or Enter) to step in; Back or Backspace to step out; ↑ ↓ move between options."
                    touch="Tap an option to step in; Back to step out."
                />
            </p>
        </details>
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The payoff matrix as a table; a cell steps into that turn on the board.
fn matrix_view(b: BoardMatrix) -> impl IntoView {
    let m = b.matrix;
    let lines = |k: &str| m[k].as_array().cloned().unwrap_or_default();
    let (rows, cols) = (lines("rows"), lines("cols"));
    let margin = |l: &Value| {
        format!(
            "{} ({}, {})",
            text(&l["label"]),
            text(&l["probability"]),
            text(&l["percent"])
        )
    };
    let dominated = |l: &Value| l["dominated"].as_bool().unwrap_or(false);
    let value = match m.get("bracket") {
        Some(br) => format!(
            "Value in the bracket [{}, {}]; shaded cells replay the game.",
            text(&br["lo"]),
            text(&br["hi"])
        ),
        None => format!("Value {}", text(&m["value"])),
    };
    let table = if rows.is_empty() {
        let alone = match m.get("alone").and_then(Value::as_str) {
            Some("L") => "Only Left can move.",
            Some("R") => "Only Right can move.",
            _ => "Neither player can move.",
        };
        view! { <p class="help">{alone}</p> }.into_any()
    } else {
        let head = cols
            .iter()
            .map(|c| view! { <th scope="col" class=if dominated(c) { "dominated" } else { "" }>{margin(c)}</th> })
            .collect_view();
        let body = rows
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let cells = cols
                    .iter()
                    .enumerate()
                    .map(|(j, c)| {
                        let cell = text(&m["cells"][i][j]);
                        let class = [
                            if cell == "replay" { "conflict" } else { "" },
                            if dominated(r) || dominated(c) { "dominated" } else { "" },
                        ]
                        .join(" ");
                        let (left, right) = (
                            r["label"].as_u64().unwrap_or(0) as usize,
                            c["label"].as_u64().unwrap_or(0) as usize,
                        );
                        let playable = !m["positions"][i][j].is_null();
                        let title = format!("Left cuts {left}, Right cuts {right}");
                        view! {
                            <td class=class.trim().to_string() title=title>
                                {if playable {
                                    view! {
                                        <button
                                            type="button"
                                            class="cell"
                                            data-turn=format!("{left},{right}")
                                            aria-label=format!("{cell}: play Left {left} and Right {right}")
                                            on:click=move |_| dispatch(Action::MatrixStep { left, right })
                                        >
                                            {cell.clone()}
                                        </button>
                                    }
                                        .into_any()
                                } else {
                                    cell.clone().into_any()
                                }}
                            </td>
                        }
                    })
                    .collect_view();
                view! {
                    <tr>
                        <th scope="row" class=if dominated(r) { "dominated" } else { "" }>{margin(r)}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        view! {
            <table class="payoff">
                <tr>
                    <th>"Left \\ Right"</th>
                    {head}
                </tr>
                {body}
            </table>
        }
        .into_any()
    };
    view! {
        <div id="matrix">{table}</div>
        <p id="matrix-value" aria-live="polite">{value}</p>
    }
}

#[component]
fn Matrix() -> impl IntoView {
    let teach = part(|v| {
        (
            v.teach.matrix_offered,
            v.teach.matrix_open,
            v.teach.matrix.clone(),
            v.teach.values_hidden,
        )
    });
    view! {
        <details id="matrix-box" open hidden=move || !teach.with(|t| t.0)>
            <summary>"Payoff matrix"</summary>
            <div class="toolbar">
                <button id="matrix-run" type="button" on:click=move |_| dispatch(Action::SetMatrixOpen(true))>
                    "Show the payoff matrix"
                </button>
                <button
                    id="matrix-close"
                    type="button"
                    hidden=move || !teach.with(|t| t.1)
                    on:click=move |_| dispatch(Action::SetMatrixOpen(false))
                >
                    "Close"
                </button>
            </div>
            <p class="help">
                "Rows are Left's cuts, columns Right's: the edge, then its weight in the optimal mixed strategy. Each cell is the value after both cuts; click or tap it to play that turn on the board."
            </p>
            {move || match teach.with(|t| t.2.clone()) {
                Panel::Closed if teach.with(|t| t.1 && t.3) => {
                    view! { <p id="matrix-value" class="help">"Values are hidden."</p> }.into_any()
                }
                Panel::Closed => ().into_any(),
                Panel::Computing => view! { <p id="matrix-value" aria-live="polite">"computing…"</p> }.into_any(),
                Panel::Failed(why) => view! { <p id="matrix-value" class="error" role="alert">{why}</p> }.into_any(),
                Panel::Ready(b) => matrix_view(*b).into_any(),
            }}
        </details>
    }
}

#[component]
fn MakePuzzle() -> impl IntoView {
    let draft = part(|v| v.teach.draft.clone());
    let solving = part(|v| v.puzzle.is_some());
    view! {
        <details id="puzzle-make">
            <summary>"Make puzzle"</summary>
            <label>
                "Question "
                <select
                    id="puzzle-kind"
                    on:change=move |e| {
                        if let Ok(q) = event_target_value(&e).parse::<Question>() {
                            dispatch(Action::SetDraftQuestion(q));
                        }
                    }
                >
                    {QUESTIONS
                        .iter()
                        .map(|&q| {
                            view! {
                                <option value=q.to_string() prop:selected=move || draft.with(|d| d.question == q)>
                                    {q.sentence()}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <label>
                "Title "
                <input
                    id="puzzle-title-in"
                    type="text"
                    maxlength="200"
                    prop:value=move || draft.with(|d| d.title.clone())
                    on:change=move |e| dispatch(Action::SetDraftTitle(event_target_value(&e)))
                />
            </label>
            <label>
                "Hint "
                <input
                    id="puzzle-hint-in"
                    type="text"
                    maxlength="200"
                    prop:value=move || draft.with(|d| d.hint.clone())
                    on:change=move |e| dispatch(Action::SetDraftHint(event_target_value(&e)))
                />
            </label>
            <div class="toolbar">
                <button
                    id="puzzle-make-btn"
                    type="button"
                    class="primary"
                    disabled=move || draft.with(|d| d.checking)
                    on:click=move |_| dispatch(Action::MakePuzzle)
                >
                    "Make puzzle"
                </button>
                <button
                    id="puzzle-add"
                    type="button"
                    disabled=move || draft.with(|d| d.checking)
                    on:click=move |_| dispatch(Action::AddPuzzleToSet)
                >
                    "Add to set"
                </button>
            </div>
            <p id="puzzle-set" class="help">
                {move || {
                    draft.with(|d| match d.set {
                        0 => String::new(),
                        n => format!(
                            "{n} puzzle{} in the set; Make puzzle adds this board and gives the link.",
                            if n == 1 { "" } else { "s" }
                        ),
                    })
                }}
            </p>
            {move || (!solving.get()).then(|| view! { <NoticeLine place=Place::Puzzle id="puzzle-make-error"/> })}
            <div id="puzzle-made" hidden=move || draft.with(|d| d.link.is_none())>
                <input
                    id="puzzle-link"
                    class="puzzle-link"
                    type="text"
                    readonly
                    aria-label="Puzzle link"
                    prop:value=move || draft.with(|d| d.link.clone().unwrap_or_default())
                />
                <div class="toolbar">
                    <button id="puzzle-copy" type="button" on:click=move |_| dispatch(Action::CopyLink(LinkScope::Puzzle))>
                        "Copy puzzle link"
                    </button>
                    <button id="puzzle-qr" type="button" on:click=move |_| dispatch(Action::ShowQr(LinkScope::Puzzle))>
                        "QR code"
                    </button>
                    <a
                        id="puzzle-open"
                        href=move || draft.with(|d| d.link.clone().unwrap_or_default())
                        target="_blank"
                        rel="noopener"
                    >
                        "Open puzzle"
                    </a>
                </div>
            </div>
        </details>
    }
}

/// The teaching card (hidden in presenter mode, where the presenter
/// panel takes its place).
#[component]
pub(super) fn TeachRegion() -> impl IntoView {
    view! {
        <section id="teach-card" class="card" aria-labelledby="teach-heading">
            <h2 id="teach-heading">"Teach"</h2>
            <Explorer/>
            <Matrix/>
            <MakePuzzle/>
        </section>
    }
}

/// Presenter mode: what sits beside the board (the value, the explorer
/// or the payoff matrix of the slide's state).
#[component]
pub(super) fn PresenterPanel() -> impl IntoView {
    let which = part(|v| v.presenter_panel);
    let presenting = part(|v| v.presenting);
    let offered = part(|v| v.teach.matrix_offered);
    let choice = move |w: Which, name: &'static str| {
        view! {
            <button
                type="button"
                aria-pressed=move || tf(which.get() == w)
                on:click=move |_| dispatch(Action::SetPresenterPanel(w))
            >
                {name}
            </button>
        }
    };
    view! {
        <section id="presenter-panel" class="card" aria-label="Presenter" hidden=move || !presenting.get()>
            <div class="toolbar" role="toolbar" aria-label="Presenter panel">
                {choice(Which::Value, "Value")}
                {choice(Which::Explorer, "Game tree")}
                <span hidden=move || !offered.get()>{choice(Which::Matrix, "Payoff matrix")}</span>
            </div>
        </section>
    }
}
