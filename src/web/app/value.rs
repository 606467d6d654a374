//! The value card (idle, nothing to analyse, computing with a Cancel
//! button, the answer, or why there is none) and the view toggles.

use leptos::html::Section;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::thermograph::Thermal;
use super::{computing_seconds, dispatch, last_ms, part, NoticeLine};
use crate::ui::answer_view::{self, AdviceView, MoveLine};
use crate::ui::jobs::Lane;
use crate::ui::page::{Action, Place, ValueState, ValueView};

/// The border-box height of the first observed element: what its bounding
/// rectangle's height would be (the card is never transformed).
fn border_box_height(entries: &js_sys::Array) -> Option<f64> {
    let entry = entries
        .get(0)
        .dyn_into::<web_sys::ResizeObserverEntry>()
        .ok()?;
    let size = entry
        .border_box_size()
        .get(0)
        .dyn_into::<web_sys::ResizeObserverSize>()
        .ok()?;
    Some(size.block_size())
}

/// While a new answer computes, the card keeps at least the height its
/// last answer had, so what lies below it stays put: "Computing…"
/// replacing a long answer and the new answer coming moved every card
/// under this one twice (the rules on a laptop in quantum play, the
/// entanglement graph a lecturer points at, the position box), now at
/// most once, by the difference between the two answers. The height is
/// followed by a resize observer whenever nothing computes (an unfolded
/// move list, a thermograph), and applied as a min-height while
/// something does (not while values are hidden: the card is one line
/// then, by the reader's choice).
fn hold_height_while_computing(card: NodeRef<Section>, value: Memo<ValueView>) {
    let holding = |v: &ValueView| !v.hidden && matches!(v.state, ValueState::Computing { .. });
    let last = StoredValue::new(0.0f64);
    Effect::new(move |observing: Option<bool>| {
        let busy = value.with(holding);
        let Some(el) = card.get() else {
            return false;
        };
        if observing != Some(true) {
            // The height comes with the observer's entry: asking the
            // element for it here would lay the page out again inside the
            // frame that reported the resize (the frame that opens a
            // quantum link resizes the board too, and a second layout
            // there made it one of the page's longest tasks).
            let on_resize =
                Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
                    if value.with_untracked(holding) {
                        return;
                    }
                    if let Some(height) = border_box_height(&entries) {
                        last.set_value(height);
                    }
                });
            if let Ok(observer) = web_sys::ResizeObserver::new(on_resize.as_ref().unchecked_ref()) {
                observer.observe(&el);
            }
            on_resize.forget();
            last.set_value(el.get_bounding_client_rect().height());
        }
        let style = el.style();
        let _ = if busy {
            style.set_property("min-height", &format!("{}px", last.get_value()))
        } else {
            style.remove_property("min-height").map(|_| ())
        };
        true
    });
}

#[component]
pub(super) fn ValueRegion() -> impl IntoView {
    let value = part(|v| v.value.clone());
    let options = part(|v| v.options.clone());
    let seconds = computing_seconds();
    let ms = last_ms();
    let status = move || {
        value.with(|v| match &v.state {
            ValueState::Idle => String::new(),
            ValueState::Empty => "No edges left to analyse.".into(),
            ValueState::Computing { what, .. } => format!("Computing {what}…"),
            ValueState::Answer(_) => match ms.get() {
                Some(ms) => format!("Done in {} ms.", ms.round()),
                None => "Done.".into(),
            },
            ValueState::Failed { what, .. } => format!("Could not analyse {what}."),
        })
    };
    let answer = move || {
        value.with(|v| match &v.state {
            ValueState::Answer(a) => Some((**a).clone()),
            _ => None,
        })
    };
    let computing = move || value.with(|v| matches!(v.state, ValueState::Computing { .. }));
    let card = NodeRef::<Section>::new();
    let failure = move || {
        value.with(|v| match &v.state {
            ValueState::Failed { message, .. } => Some(message.clone()),
            _ => None,
        })
    };
    hold_height_while_computing(card, value);
    view! {
        <section node_ref=card id="output" class="card" aria-labelledby="output-heading">
            <h2 id="output-heading">"Value"</h2>
            <p id="values-hidden" class="help" hidden=move || !value.with(|v| v.hidden)>
                "Values are hidden."
            </p>
            <div id="values" hidden=move || value.with(|v| v.hidden)>
                <p id="status" role="status" aria-live="polite">{status}</p>
                <span id="busy" class="busy" hidden=move || !computing()>
                    <span class="spinner" aria-hidden="true"></span>
                    <span id="busy-text">{move || format!("computing… {} s", seconds.get())}</span>
                    <button id="cancel" type="button" on:click=move |_| dispatch(Action::CancelLane(Lane::Analysis))>
                        "Cancel"
                    </button>
                </span>
                {move || {
                    let known = value.with(|v| match &v.state {
                        ValueState::Computing { known, .. } => known.clone(),
                        _ => Vec::new(),
                    });
                    (!known.is_empty()).then(|| view! {
                        <ul id="known-so-far" class="known" aria-label="Known so far">
                            {known.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                        </ul>
                    })
                }}
                <p id="error" class="error" role="alert" hidden=move || failure().is_none()>
                    {move || failure().unwrap_or_default()}
                </p>
                // Stopped by the page's time limit: the person may let it
                // run longer (the Cancel button stops it again).
                {move || {
                    let seconds = value.with(|v| match &v.state {
                        ValueState::Failed { may_extend_to, .. } => *may_extend_to,
                        _ => None,
                    })?;
                    Some(view! {
                        <button id="keep-computing" type="button" on:click=move |_| dispatch(Action::KeepComputing)>
                            {answer_view::keep_computing_label(seconds)}
                        </button>
                    })
                }}
                <NoticeLine place=Place::Value id="value-note"/>
                // What the stopped analysis had proved stays true of the
                // board: under the reason, as the facts it has.
                {move || {
                    let proved = value.with(|v| match &v.state {
                        ValueState::Failed { known, .. } => known.clone(),
                        _ => Vec::new(),
                    });
                    (!proved.is_empty()).then(|| view! {
                        <p id="proved-heading" class="help">"Proved before it stopped:"</p>
                        <ul id="proved-before-stop" class="known" aria-labelledby="proved-heading">
                            {proved.into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
                        </ul>
                    })
                }}
                {move || {
                    answer()
                        .map(|a| {
                            view! {
                                <dl id="report">
                                    <div>
                                        <dt>"Value of"</dt>
                                        <dd id="value-of">{whole_words(&a.value_of)}</dd>
                                    </div>
                                    <div id="row-pretty" hidden=a.misere>
                                        <dt>"Value"</dt>
                                        <dd id="pretty" class="pretty">{a.pretty.clone()}</dd>
                                    </div>
                                    <div id="row-value" hidden=a.misere || a.value.is_empty()>
                                        <dt title="The value in plain notation, as the command line prints it and reads it back">"Plain"</dt>
                                        <dd><code id="value" data-testid="value">{a.value.clone()}</code></dd>
                                    </div>
                                    <div>
                                        <dt id="outcome-label" title="Who wins: L Left (blue) whoever starts, R Right (red), P the second player, N the first player">{a.outcome_label.clone()}</dt>
                                        <dd id="outcome">{a.outcome.clone()}</dd>
                                    </div>
                                    <div id="row-birthday" hidden=a.birthday.is_none()>
                                        <dt title="The day the value is born: how many rounds of {left options | right options} it takes to build it from 0">"Birthday"</dt>
                                        <dd id="birthday">{a.birthday.clone().unwrap_or_else(|| "—".into())}</dd>
                                    </div>
                                    <div>
                                        <dt>"Best moves"</dt>
                                        <dd id="advice"><Advice advice=a.advice.clone()/></dd>
                                    </div>
                                </dl>
                            }
                        })
                }}
                <Thermal thermal=part(|v| v.value.thermal.clone()) id="value-thermal"/>
            </div>
            <div class="toggles" role="group" aria-label="View">
                <label>
                    <input
                        id="hide-values"
                        type="checkbox"
                        prop:checked=move || options.with(|o| o.hide_values)
                        disabled=move || options.with(|o| o.hide_locked)
                        on:change=move |e| dispatch(Action::SetHideValues(event_target_checked(&e)))
                    />
                    " Hide values"
                </label>
                <label>
                    <input
                        id="colour-blind"
                        type="checkbox"
                        prop:checked=move || options.with(|o| o.colour_blind)
                        on:change=move |e| dispatch(Action::SetColourBlind(event_target_checked(&e)))
                    />
                    " Colour-blind mode"
                </label>
                <label title="Halos mark the best moves on the board (H); off while values are hidden">
                    <input
                        id="halos"
                        type="checkbox"
                        prop:checked=move || options.with(|o| o.halos && !o.hide_values)
                        disabled=move || options.with(|o| o.hide_values)
                        on:change=move |e| dispatch(Action::SetHalos(event_target_checked(&e)))
                    />
                    " Best-move halos"
                </label>
            </div>
        </section>
    }
}

/// The best moves: a line per player, a long one folded behind a button
/// (its first moves shown, the others one click away), then the
/// synchronous strategies.
#[component]
fn Advice(advice: AdviceView) -> impl IntoView {
    let empty = advice.is_empty();
    view! {
        {empty.then_some("—")}
        {advice.lines.into_iter().map(|line| view! { <MoveLineView line/> }).collect_view()}
        {advice.strategies.map(|s| view! { <span class="advice-line">{s}</span> })}
    }
}

#[component]
fn MoveLineView(line: MoveLine) -> impl IntoView {
    let (shown, folded) = line.folded();
    let (shown, folded) = (shown.join(", "), folded.join(", "));
    let total = line.moves.len();
    let open = RwSignal::new(false);
    let lead = line.lead();
    let more = (!folded.is_empty()).then(|| {
        let label = format!("Show all {total} best moves of {}", line.player);
        view! {
            <span class="advice-rest" hidden=move || !open.get()>{format!(", {folded}")}</span>
            <span aria-hidden="true" hidden=move || open.get()>", …"</span>
            " "
            <button
                type="button"
                class="advice-fold"
                aria-expanded=move || open.get().to_string()
                aria-label=move || if open.get() { format!("Show fewer best moves of {}", line.player) } else { label.clone() }
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {move || if open.get() { "Show fewer".to_string() } else { format!("Show all {total}") }}
            </button>
        }
    });
    view! {
        <span class="advice-line">
            {lead}
            {(!shown.is_empty()).then(|| format!(": {shown}"))}
            {more}
        </span>
    }
}

/// `text` with each word in a box of its own, so that lines break between
/// words and not inside one (a position's edge, `0-1:B`, would otherwise
/// break after its hyphen), unless a word is wider than the line.
fn whole_words(text: &str) -> impl IntoView {
    text.split(' ')
        .enumerate()
        .map(|(i, word)| {
            view! {
                {(i > 0).then_some(" ")}
                <span class="word">{word.to_string()}</span>
            }
        })
        .collect_view()
}
