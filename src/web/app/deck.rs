//! The deck ("Slides"): previous and next, the slide list (go, move,
//! delete), the current slide's title, Add slide, and in presenter mode
//! the value caption toggle.

use leptos::prelude::*;

use super::{dispatch, part, tf, NoticeLine};
use crate::ui::page::{Action, Place};

#[component]
pub(super) fn DeckRegion() -> impl IntoView {
    let deck = part(|v| v.deck.clone());
    let presenting = part(|v| v.presenting);
    let caption = part(|v| v.options.caption);
    let count = move || deck.with(|d| d.slides.len());
    view! {
        <section id="deck-card" class="card" aria-labelledby="deck-heading">
            <h2 id="deck-heading">"Slides"</h2>
            <div id="deck" class="toolbar" role="toolbar" aria-label="Slide navigation">
                <button
                    id="prev-slide"
                    type="button"
                    disabled=move || deck.with(|d| d.current == 0)
                    on:click=move |_| dispatch(Action::PrevSlide)
                >
                    "◀ Previous"
                </button>
                <span id="slide-of">
                    {move || deck.with(|d| format!("Slide {} of {}", d.current + 1, d.slides.len().max(1)))}
                </span>
                <button
                    id="next-slide"
                    type="button"
                    disabled=move || deck.with(|d| d.current + 1 >= d.slides.len())
                    on:click=move |_| dispatch(Action::NextSlide)
                >
                    "Next ▶"
                </button>
                <button
                    id="caption-toggle"
                    type="button"
                    title="Show or hide the value caption (V)"
                    hidden=move || !presenting.get()
                    aria-pressed=move || tf(caption.get())
                    on:click=move |_| dispatch(Action::SetCaption(!caption.get_untracked()))
                >
                    "Value caption"
                </button>
            </div>
            <div class="field deck-edit">
                <label for="slide-title">"Title of this slide"</label>
                <input
                    id="slide-title"
                    type="text"
                    maxlength="200"
                    placeholder="e.g. Quantum circus tent, flavour C"
                    prop:value=move || deck.with(|d| d.title.clone())
                    on:change=move |e| dispatch(Action::SetSlideTitle(event_target_value(&e)))
                />
            </div>
            <NoticeLine place=Place::Deck id="deck-error"/>
            <ol id="slides" class="slides deck-edit">
                {move || {
                    let d = deck.get();
                    let n = d.slides.len();
                    d.slides
                        .into_iter()
                        .enumerate()
                        .map(|(k, title)| {
                            let current = k == d.current;
                            view! {
                                <li class=if current { "current" } else { "" }>
                                    <button
                                        type="button"
                                        class="slide-go"
                                        aria-current=current.then_some("true")
                                        on:click=move |_| dispatch(Action::GoToSlide(k))
                                    >
                                        {format!("{}. {}", k + 1, if title.is_empty() { "(empty)".to_string() } else { title })}
                                    </button>
                                    <button
                                        type="button"
                                        aria-label=format!("Move slide {} up", k + 1)
                                        disabled={k == 0}
                                        on:click=move |_| dispatch(Action::MoveSlide { from: k, to: k - 1 })
                                    >
                                        "↑"
                                    </button>
                                    <button
                                        type="button"
                                        aria-label=format!("Move slide {} down", k + 1)
                                        disabled={k + 1 >= n}
                                        on:click=move |_| dispatch(Action::MoveSlide { from: k, to: k + 1 })
                                    >
                                        "↓"
                                    </button>
                                    <button
                                        type="button"
                                        aria-label=format!("Delete slide {}", k + 1)
                                        disabled={n < 2}
                                        on:click=move |_| dispatch(Action::DeleteSlide(k))
                                    >
                                        "✕"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <div class="toolbar deck-edit">
                <button
                    id="add-slide"
                    type="button"
                    title="Keep this position as a slide and start a new one"
                    on:click=move |_| dispatch(Action::AddSlide)
                >
                    "Add slide"
                </button>
                <span class="help">{move || format!("{} slide{}", count().max(1), if count() > 1 { "s" } else { "" })}</span>
            </div>
            <p class="help deck-edit">
                "Add slide keeps this position (rules, moves) as a slide; Present shows the deck full screen (arrows step, V hides the value, H the halos, Escape leaves)."
            </p>
        </section>
    }
}
