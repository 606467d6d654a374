//! The puzzle card: a puzzle from a link, with its question, the moves to
//! pick (a button each, for thumbs), the answer box, the verdict, hints,
//! and Previous / Next through a set (one big Next after a solve).

use leptos::prelude::*;

use super::{dispatch, part, scroll_to_top, tf, NoticeLine};
use crate::ui::page::{Action, LinkScope, Place, PuzzleKind};

#[component]
pub(super) fn PuzzleRegion() -> impl IntoView {
    let p = part(|v| v.puzzle.clone());
    let get = move |f: fn(&crate::ui::page::PuzzleView) -> String| {
        move || p.with(|p| p.as_ref().map(f).unwrap_or_default())
    };
    let kind = move || p.with(|p| p.as_ref().map(|p| p.kind));
    let several = move || p.with(|p| p.as_ref().is_some_and(|p| p.count > 1));
    let solved_here = move || p.with(|p| p.as_ref().is_some_and(|p| p.solved_here));
    // Another puzzle of the set opens as the first did, at the top with
    // its question and board in view: the page would otherwise stay
    // scrolled to where the last one was answered, which on a phone
    // leaves the new board off the screen.
    let at = part(|v| v.puzzle.as_ref().map(|p| p.at));
    Effect::new(move |before: Option<Option<usize>>| {
        let now = at.get();
        if before.is_some_and(|b| b.is_some() && b != now) {
            scroll_to_top();
        }
        now
    });
    view! {
        <section id="puzzle-solve" class="card puzzle-card" aria-label="Puzzle" hidden=move || p.with(|p| p.is_none())>
            <h2 id="puzzle-title">{get(|p| if p.title.is_empty() { "Puzzle".into() } else { p.title.clone() })}</h2>
            <p id="puzzle-progress" class="help">{get(|p| p.progress.clone())}</p>
            <p id="puzzle-question" class="question">{get(|p| p.question.clone())}</p>
            <p id="puzzle-rules" class="help">{get(|p| p.about.clone())}</p>
            <p id="puzzle-play" aria-live="polite" hidden=move || p.with(|p| p.as_ref().is_none_or(|p| p.game.is_none()))>
                {get(|p| p.game.clone().unwrap_or_default())}
            </p>
            <div
                id="puzzle-answer-row"
                class="inline"
                hidden=move || matches!(kind(), Some(PuzzleKind::Game | PuzzleKind::Winner) | None)
            >
                <input
                    id="puzzle-answer"
                    type="text"
                    spellcheck="false"
                    autocomplete="off"
                    aria-label="Your answer"
                    placeholder=get(|p| p.answer_hint.clone())
                    prop:value=get(|p| p.answer.clone())
                    on:input=move |e| dispatch(Action::SetPuzzleAnswer(event_target_value(&e)))
                    on:keydown=move |e| {
                        if e.key() == "Enter" {
                            e.prevent_default();
                            dispatch(Action::PuzzleCheck);
                        }
                    }
                />
                <button
                    id="puzzle-check"
                    type="button"
                    class="primary"
                    disabled=move || p.with(|p| p.as_ref().is_some_and(|p| p.checking))
                    on:click=move |_| dispatch(Action::PuzzleCheck)
                >
                    "Check"
                </button>
            </div>
            <div id="puzzle-moves" class="toolbar" role="group" aria-label="Moves to pick">
                {move || {
                    let winner = kind() == Some(PuzzleKind::Winner);
                    let answer = p.with(|p| p.as_ref().map(|p| p.answer.clone()).unwrap_or_default());
                    let choices: Vec<(String, String, bool)> = if winner {
                        [("L", "Left wins"), ("R", "Right wins")]
                            .iter()
                            .map(|(k, name)| (k.to_string(), name.to_string(), answer == *k))
                            .collect()
                    } else {
                        p.with(|p| {
                            p.as_ref()
                                .map(|p| p.choices.iter().map(|(m, on)| (m.clone(), m.clone(), *on)).collect())
                                .unwrap_or_default()
                        })
                    };
                    choices
                        .into_iter()
                        .map(|(mv, name, on)| {
                            view! {
                                <button
                                    type="button"
                                    class="pick"
                                    data-move=mv.clone()
                                    aria-pressed=tf(on)
                                    on:click=move |_| dispatch(Action::PuzzlePick(mv.clone()))
                                >
                                    {name}
                                </button>
                            }
                        })
                        .collect_view()
                }}
            </div>
            <p class="help" hidden=move || !p.with(|p| p.as_ref().is_some_and(|p| p.choices_loading))>"Finding the moves…"</p>
            <p
                id="puzzle-how"
                class="help"
                hidden=move || !matches!(kind(), Some(PuzzleKind::Move | PuzzleKind::EveryMove))
            >
                "Cut your move on the board, tap it above, or type it."
            </p>
            <p
                id="puzzle-verdict"
                aria-live="polite"
                class=move || {
                    p.with(|p| match p.as_ref().and_then(|p| p.verdict.as_ref()) {
                        Some(v) if v.correct => "verdict-right",
                        Some(_) => "verdict-wrong",
                        None => "",
                    })
                }
            >
                {move || {
                    p.with(|p| {
                        p.as_ref()
                            .map(|p| match &p.verdict {
                                Some(v) => v.text.clone(),
                                None if p.checking => "Checking…".into(),
                                None => String::new(),
                            })
                            .unwrap_or_default()
                    })
                }}
            </p>
            <NoticeLine place=Place::Puzzle id="puzzle-error"/>
            <div class="toolbar puzzle-buttons">
                <button
                    id="puzzle-next-big"
                    type="button"
                    class="primary big"
                    hidden=move || !(solved_here() && p.with(|p| p.as_ref().is_some_and(|p| p.at + 1 < p.count)))
                    on:click=move |_| dispatch(Action::PuzzleNext)
                >
                    "Next puzzle ▶"
                </button>
                <button
                    id="puzzle-again"
                    type="button"
                    class="primary"
                    hidden=move || !p.with(|p| p.as_ref().is_some_and(|p| p.can_try_again))
                    on:click=move |_| dispatch(Action::PuzzleTryAgain)
                >
                    "Try again"
                </button>
                <button
                    id="puzzle-hint"
                    type="button"
                    hidden=move || !p.with(|p| p.as_ref().is_some_and(|p| p.has_hint))
                    on:click=move |_| dispatch(Action::PuzzleHint)
                >
                    "Hint"
                </button>
                <button id="puzzle-show-value" type="button" on:click=move |_| dispatch(Action::PuzzleShowValue)>
                    "Show the value"
                </button>
                <button
                    id="puzzle-show-move"
                    type="button"
                    hidden=move || !matches!(kind(), Some(PuzzleKind::Move | PuzzleKind::EveryMove | PuzzleKind::Game))
                    on:click=move |_| dispatch(Action::PuzzleShowMove)
                >
                    "Show one winning move"
                </button>
                <button
                    id="puzzle-prev"
                    type="button"
                    aria-label="Previous puzzle"
                    hidden=move || !several()
                    disabled=move || p.with(|p| p.as_ref().is_some_and(|p| p.at == 0))
                    on:click=move |_| dispatch(Action::PuzzlePrev)
                >
                    "◀"
                </button>
                <button
                    id="puzzle-next"
                    type="button"
                    aria-label="Next puzzle"
                    hidden=move || !several()
                    disabled=move || p.with(|p| p.as_ref().is_some_and(|p| p.at + 1 >= p.count))
                    on:click=move |_| dispatch(Action::PuzzleNext)
                >
                    "▶"
                </button>
            </div>
            <p id="puzzle-help" class="help" aria-live="polite">{get(|p| p.help.clone())}</p>
            <p id="puzzle-hints" class="help">{get(|p| format!("Hints used: {}", p.hints_used))}</p>
            <div class="toolbar">
                <button id="puzzle-set-copy" type="button" on:click=move |_| dispatch(Action::CopyLink(LinkScope::Puzzle))>
                    "Copy puzzle link"
                </button>
                <button id="puzzle-set-qr" type="button" on:click=move |_| dispatch(Action::ShowQr(LinkScope::Puzzle))>
                    "QR code"
                </button>
            </div>
            <NoticeLine place=Place::PuzzleSet id="puzzle-link-note"/>
        </section>
    }
}
