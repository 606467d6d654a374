//! The browser side of the session's [`Effect`]s (clipboard, downloads,
//! full screen, printing, the remembered intro, the address bar) and the
//! window's own events (keys outside text fields, a pasted link, leaving
//! full screen).

use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use super::{dispatch, shell, Shell};
use crate::ui::page::{Action, Download, Effect, Place};
use crate::web::export;

/// Where the dismissed how-to-play card is remembered.
const INTRO_KEY: &str = "hackenbush-lab.intro";

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn storage() -> Option<web_sys::Storage> {
    window()?.local_storage().ok().flatten()
}

/// The how-to-play card shows on the first visit; a person who dismissed
/// it does not see it again (until they ask for it).
pub(super) fn restore_intro() {
    let dismissed =
        storage().and_then(|s| s.get_item(INTRO_KEY).ok().flatten()) == Some("dismissed".into());
    dispatch(Action::SetIntro(!dismissed));
}

pub(super) fn carry_out(shell: &Shell, effect: Effect) {
    match effect {
        Effect::Copy { place, text } => copy(place, text),
        Effect::Download {
            name,
            mime,
            content,
        } => {
            let done = match content {
                Download::Text(text) => {
                    export::text_blob(&text, &mime).and_then(|b| export::download_blob(&b, &name))
                }
                Download::Png { halos, caption } => {
                    let scene = shell.session.borrow().export_scene(halos);
                    let scale = window().map_or(2.0, |w| w.device_pixel_ratio()).max(2.0);
                    export::png_canvas(&scene, caption.as_deref(), scale)
                        .and_then(|c| export::download_png(&c, &name))
                }
            };
            if let Err(e) = done {
                failed(Place::Export, "could not export", &e);
            }
        }
        Effect::Fullscreen(on) => fullscreen(on),
        Effect::Print { html } => {
            // Opening the window takes tens of milliseconds of the main
            // thread: in a task of its own, after the one that built the
            // handout (the click's user activation lasts for seconds).
            leptos::prelude::set_timeout(
                move || {
                    if let Err(e) = export::print(&html) {
                        failed(Place::Export, "could not print", &e);
                    }
                },
                std::time::Duration::ZERO,
            );
        }
        Effect::RememberIntro(show) => {
            if let Some(s) = storage() {
                let _ = s.set_item(INTRO_KEY, if show { "show" } else { "dismissed" });
            }
        }
        Effect::ReplaceFragment(fragment) => {
            if let Some(h) = window().and_then(|w| w.history().ok()) {
                let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&format!("#{fragment}")));
            }
        }
    }
}

/// A browser refusal (a blocked pop-up, a canvas too large to encode):
/// the session has no action for it yet, so it goes to the console.
fn failed(place: Place, what: &str, e: &JsValue) {
    web_sys::console::warn_2(&format!("{what} ({place:?}):").into(), e);
}

fn copy(place: Place, text: String) {
    let Some(w) = window() else { return };
    let promise = w.navigator().clipboard().write_text(&text);
    leptos::task::spawn_local(async move {
        let ok = JsFuture::from(promise).await.is_ok();
        dispatch(Action::Copied { place, ok });
    });
}

fn fullscreen(on: bool) {
    let Some(doc) = window().and_then(|w| w.document()) else {
        return;
    };
    if on && doc.fullscreen_element().is_none() {
        if let Some(el) = doc.document_element() {
            if let Ok(p) = js_sys::Reflect::get(&el, &"requestFullscreen".into())
                .and_then(|f| f.dyn_into::<js_sys::Function>())
                .and_then(|f| f.call0(&el))
            {
                // A refusal (no user gesture, an iframe) is not an error.
                if let Ok(p) = p.dyn_into::<js_sys::Promise>() {
                    leptos::task::spawn_local(async move {
                        let _ = JsFuture::from(p).await;
                    });
                }
            }
        }
    } else if !on && doc.fullscreen_element().is_some() {
        doc.exit_fullscreen();
    }
}

/// Keys anywhere but a text field or the board, a link pasted into the
/// address bar, and leaving full screen (which leaves presenter mode).
pub(super) fn listen_to_window() {
    let Some(w) = window() else { return };
    let keydown = Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(|e: web_sys::KeyboardEvent| {
        if e.alt_key() || e.default_prevented() {
            return;
        }
        let in_field = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| {
                el.closest("input, select, textarea, canvas, [contenteditable]")
                    .ok()
                    .flatten()
                    .is_some()
            });
        if in_field {
            return;
        }
        let key = e.key();
        let ctrl = e.ctrl_key() || e.meta_key();
        let presenting = shell().view.with_untracked(|v| v.presenting);
        // The keys the page always takes (no browser default is wanted).
        let take = (ctrl && (key.eq_ignore_ascii_case("z") || key.eq_ignore_ascii_case("y")))
            || key == "?"
            || (!ctrl
                && presenting
                && matches!(
                    key.as_str(),
                    "ArrowLeft" | "ArrowRight" | "PageUp" | "PageDown" | " " | "Home" | "End"
                ));
        if take {
            e.prevent_default();
        }
        if ctrl && !take {
            return;
        }
        dispatch(Action::PageKey {
            key,
            ctrl,
            shift: e.shift_key(),
        });
    });
    let _ = w.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref());
    keydown.forget();

    let hashchange = Closure::<dyn FnMut()>::new(|| {
        let hash = window()
            .and_then(|w| w.location().hash().ok())
            .unwrap_or_default();
        let fragment = hash.strip_prefix('#').unwrap_or(&hash).to_string();
        let same = shell()
            .view
            .with_untracked(|v| v.share.fragment == fragment);
        if !fragment.is_empty() && !same {
            dispatch(Action::OpenLink(fragment));
        }
    });
    let _ = w.add_event_listener_with_callback("hashchange", hashchange.as_ref().unchecked_ref());
    hashchange.forget();

    if let Some(doc) = w.document() {
        let change = Closure::<dyn FnMut()>::new(|| {
            let out = window()
                .and_then(|w| w.document())
                .is_some_and(|d| d.fullscreen_element().is_none());
            if out && shell().view.with_untracked(|v| v.presenting) {
                dispatch(Action::SetPresenting(false));
            }
        });
        let _ = doc
            .add_event_listener_with_callback("fullscreenchange", change.as_ref().unchecked_ref());
        change.forget();
    }
}
