//! The position box (kept in sync with the drawing unless the person is
//! typing in it) and the preset gallery with its parameter form.

use std::cell::RefCell;
use std::time::Duration;

use leptos::html::{Form, Input};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{dispatch, mounted, notice_at, part, set_typing, typing, NoticeLine, GALLERY_LATER};
use crate::position::presets::FieldKind;
use crate::ui::gallery;
use crate::ui::page::{Action, Place};
use crate::ui::svg::data_url;

thread_local! {
    /// The pending SetText of the position box (typing applies after a pause).
    static PENDING: RefCell<Option<TimeoutHandle>> = const { RefCell::new(None) };
}

fn cancel_pending() {
    PENDING.with(|p| {
        if let Some(t) = p.borrow_mut().take() {
            t.clear();
        }
    });
}

#[component]
pub(super) fn PositionBox() -> impl IntoView {
    let text = part(|v| v.text.clone());
    let input = NodeRef::<Input>::new();
    let notice = notice_at(Place::Text);
    // The drawing's text refills the box whenever the drawing changes,
    // unless the person is typing there.
    Effect::new(move |_| {
        let t = text.get();
        if let Some(i) = input.get() {
            if !typing() && i.value() != t.text {
                i.set_value(&t.text);
            }
        }
    });
    view! {
        <form
            id="analyse-form"
            class="card"
            autocomplete="off"
            novalidate
            on:submit=move |e| {
                e.prevent_default();
                cancel_pending();
                let value = input.get_untracked().map(|i| i.value()).unwrap_or_default();
                dispatch(Action::Analyse(value));
                // Refused text stays, to be mended where the error points
                // (typing on, so no change of the drawing refills the box
                // before another action); accepted text shows as the
                // drawing's text, its spacing made regular.
                if notice.get_untracked().is_some_and(|n| n.error) {
                    set_typing(true);
                    return;
                }
                let t = text.get_untracked().text;
                if let Some(i) = input.get_untracked() {
                    if i.value() != t {
                        i.set_value(&t);
                    }
                }
            }
        >
            <div class="field">
                <label for="position">"Position"</label>
                <div class="inline">
                    <input
                        id="position"
                        name="position"
                        type="text"
                        spellcheck="false"
                        placeholder="BR BR R"
                        aria-describedby="position-help text-error"
                        node_ref=input
                        on:input=move |_| {
                            set_typing(true);
                            cancel_pending();
                            let handle = set_timeout_with_handle(
                                move || {
                                    PENDING.with(|p| p.borrow_mut().take());
                                    if let Some(i) = input.get_untracked() {
                                        dispatch(Action::SetText(i.value()));
                                    }
                                },
                                Duration::from_millis(400),
                            )
                            .ok();
                            PENDING.with(|p| *p.borrow_mut() = handle);
                        }
                    />
                    <button id="analyse" type="submit" class="primary">"Analyse"</button>
                </div>
                <NoticeLine place=Place::Text id="text-error"/>
                <p id="position-help" class="help">
                    "Kept in sync with the drawing. Stalks from the ground up ("
                    <code>"B"</code> " blue, " <code>"R"</code> " red, " <code>"G"</code> " green, "
                    <code>"X"</code> " uncoloured), separated by spaces or " <code>"+"</code>
                    "; single edges as " <code>"0-1:B"</code> " (vertex 0 is the ground)."
                </p>
            </div>
        </form>
    }
}

#[component]
pub(super) fn Presets() -> impl IntoView {
    // Which preset's parameter form is open: browser plumbing only (the
    // board shows the preset itself, from the session).
    let open = RwSignal::new(None::<usize>);
    let form = NodeRef::<Form>::new();
    let locked = part(|v| v.edit.locked);
    // A card's value is a value like any other: hidden with them.
    let hidden = part(|v| v.options.hide_values);
    // Its picture is patterned as the board is, in colour-blind mode (a
    // QA pass found Sprig's red and green edges alike there).
    let colour_blind = part(|v| v.options.colour_blind);
    let card = move |i: usize| {
        let e = &gallery::ENTRIES[i];
        let picture = gallery::card_picture(i, false);
        let value = gallery::card_value_pretty(i);
        view! {
            <button
                type="button"
                class="preset"
                disabled=move || locked.get()
                on:click=move |_| {
                    open.set(Some(i));
                    dispatch(Action::LoadPreset(i));
                }
            >
                <strong>{e.title}</strong>
                <span>{e.note}</span>
                {value.map(|v| view! { <span class="preset-value" hidden=move || hidden.get()>{format!("value {v}")}</span> })}
                {match picture {
                    Some(svg) => {
                        // Its size given, a picture loaded lazily takes its
                        // place at once: the cards never move under the
                        // pointer as pictures come in.
                        let (w, h) = gallery::CARD_PICTURE;
                        let plain = data_url(&svg);
                        // The patterned picture is drawn when first asked.
                        let patterned = Memo::new(move |_| {
                            colour_blind
                                .get()
                                .then(|| gallery::card_picture(i, true).map(|svg| data_url(&svg)))
                                .flatten()
                        });
                        view! {
                            <img
                                class="card-picture"
                                src=move || patterned.get().unwrap_or_else(|| plain.clone())
                                alt=""
                                aria-hidden="true"
                                width=w.to_string()
                                height=h.to_string()
                                loading="lazy"
                                decoding="async"
                            />
                        }
                            .into_any()
                    }
                    // A card without a picture shows its text.
                    None => {
                        let text = gallery::load(i).map(|d| d.text()).unwrap_or_default();
                        view! { <code>{text}</code> }.into_any()
                    }
                }}
            </button>
        }
    };
    // The cards' pictures and values take a while to build: a third of
    // them in each of this and the next two tasks of start-up (see
    // `mounted`).
    let n = gallery::ENTRIES.len();
    let (first, second) = (n / 3, 2 * n / 3);
    let [later, last] = GALLERY_LATER.map(mounted);
    view! {
        <details id="presets" class="card" open>
            <summary>"Presets"</summary>
            <form
                id="preset-form"
                class="preset-form"
                autocomplete="off"
                novalidate
                node_ref=form
                hidden=move || open.get().is_none_or(|i| gallery::form(i).is_empty())
                on:submit=move |e| {
                    e.prevent_default();
                    let Some(index) = open.get_untracked() else { return };
                    let mut values = Vec::new();
                    if let Some(f) = form.get_untracked() {
                        if let Ok(list) = f.query_selector_all("input") {
                            for k in 0..list.length() {
                                if let Some(i) = list.get(k).and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                                    values.push(i.value());
                                }
                            }
                        }
                    }
                    dispatch(Action::LoadPresetForm { index, values });
                }
            >
                <strong id="preset-form-title">
                    {move || open.get().and_then(|i| gallery::ENTRIES.get(i)).map(|e| format!("{}:", e.title))}
                </strong>
                <span id="preset-fields" class="preset-fields">
                    {move || {
                        open.get()
                            .map(gallery::form)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|f| {
                                let input = match f.field.kind {
                                    FieldKind::Count { min, max } => {
                                        view! {
                                            <input
                                                type="number"
                                                min=min.to_string()
                                                max=max.to_string()
                                                step="1"
                                                inputmode="numeric"
                                                data-field=f.field.name
                                                value=f.value.clone()
                                            />
                                        }
                                            .into_any()
                                    }
                                    kind => {
                                        view! {
                                            <input
                                                type="text"
                                                spellcheck="false"
                                                placeholder=if kind == FieldKind::List { "e.g. 1 2 3" } else { "" }
                                                data-field=f.field.name
                                                value=f.value.clone()
                                            />
                                        }
                                            .into_any()
                                    }
                                };
                                view! { <label>{f.field.name} " " {input}</label> }
                            })
                            .collect_view()
                    }}
                </span>
                <button type="submit" id="preset-build">"Build"</button>
            </form>
            <NoticeLine place=Place::Presets id="preset-error"/>
            <div id="gallery" class="gallery">
                {(0..first).map(card).collect_view()}
                {move || later.get().then(|| (first..second).map(card).collect_view())}
                {move || last.get().then(|| (second..n).map(card).collect_view())}
            </div>
        </details>
    }
}
