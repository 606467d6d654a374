//! Sharing and export: copy a link (the deck from slide 1, or this
//! slide), show it as a QR code large enough to scan from the back of a
//! hall, and export the board (PNG, SVG, a printable handout of the deck).

use leptos::html::Dialog;
use leptos::prelude::*;

use super::{dispatch, part, NoticeLine};
use crate::ui::page::{Action, ExportFormat, LinkScope, Place};
use crate::ui::svg::data_url;

#[component]
pub(super) fn ShareRegion() -> impl IntoView {
    let options = part(|v| v.options.clone());
    view! {
        <section id="share-card" class="card" aria-labelledby="share-heading">
            <h2 id="share-heading">"Share and export"</h2>
            <div class="toolbar" role="toolbar" aria-label="Share">
                <button id="copy-link" type="button" title="A link to the whole deck, opening at slide 1" on:click=move |_| dispatch(Action::CopyLink(LinkScope::Deck))>
                    "Copy link"
                </button>
                <button id="copy-slide-link" type="button" title="A link opening at the slide on screen" on:click=move |_| dispatch(Action::CopyLink(LinkScope::ThisSlide))>
                    "Link to this slide"
                </button>
                <button id="show-qr" type="button" title="The deck's link as a QR code, to scan in the hall" on:click=move |_| dispatch(Action::ShowQr(LinkScope::Deck))>
                    "QR code"
                </button>
            </div>
            <NoticeLine place=Place::Link id="link-note"/>
            <div class="toolbar" role="toolbar" aria-label="Export">
                <button id="export-png" type="button" on:click=move |_| dispatch(Action::Export(ExportFormat::Png))>
                    "PNG"
                </button>
                <button id="export-svg" type="button" on:click=move |_| dispatch(Action::Export(ExportFormat::Svg))>
                    "SVG"
                </button>
                <button id="export-tikz" type="button" title="The board as a TikZ picture in a LaTeX document (.tex)" on:click=move |_| dispatch(Action::Export(ExportFormat::Tikz))>
                    "TikZ"
                </button>
                <label class="export-opt" title="Draw the engine's best-move halos and strategies in the picture">
                    <input
                        id="export-analysis"
                        type="checkbox"
                        prop:checked=move || options.with(|o| o.export_halos)
                        on:change=move |e| dispatch(Action::SetExportHalos(event_target_checked(&e)))
                    />
                    " halos"
                </label>
                <label class="export-opt" title="Add a line with the slide title, rules and value under the picture">
                    <input
                        id="export-caption"
                        type="checkbox"
                        prop:checked=move || options.with(|o| o.export_caption)
                        on:change=move |e| dispatch(Action::SetExportCaption(event_target_checked(&e)))
                    />
                    " caption"
                </label>
                <button id="print" type="button" title="Every slide on a page of its own, with its caption" on:click=move |_| dispatch(Action::PrintHandout)>
                    "Print handout"
                </button>
                <button id="export-deck-tikz" type="button" title="Every slide as a TikZ picture, one a page, in one LaTeX document (.tex)" on:click=move |_| dispatch(Action::ExportDeckTikz)>
                    "Deck as TikZ"
                </button>
            </div>
            <NoticeLine place=Place::Export id="export-note"/>
        </section>
    }
}

/// A link as a QR code, shown large (or why there is none), with the
/// link written out beneath it.
#[component]
pub(super) fn QrDialog() -> impl IntoView {
    let qr = part(|v| v.share.qr.clone());
    let dialog = NodeRef::<Dialog>::new();
    Effect::new(move |_| {
        let open = qr.with(|q| q.is_some());
        if let Some(d) = dialog.get() {
            if open && !d.open() {
                let _ = d.show_modal();
            } else if !open && d.open() {
                d.close();
            }
        }
    });
    let what = move || {
        qr.with(|q| match q.as_ref().map(|q| q.scope) {
            Some(LinkScope::ThisSlide) => "this slide",
            Some(LinkScope::Puzzle) => "the puzzle set",
            _ => "the deck",
        })
    };
    view! {
        <dialog
            id="qr"
            class="qr"
            aria-labelledby="qr-heading"
            node_ref=dialog
            on:close=move |_| {
                if qr.with_untracked(|q| q.is_some()) {
                    dispatch(Action::CloseQr);
                }
            }
        >
            <h2 id="qr-heading">{move || format!("Link to {}", what())}</h2>
            {move || {
                qr.get()
                    .map(|q| match q.svg {
                        Ok(svg) => {
                            view! {
                                <img class="qr-code" src=data_url(&svg) alt=format!("QR code for the link to {}", what())/>
                            }
                                .into_any()
                        }
                        Err(why) => view! { <p class="error" role="alert">{why}</p> }.into_any(),
                    })
            }}
            <p class="qr-link">
                <code>{move || qr.with(|q| q.as_ref().map(|q| q.link.clone()).unwrap_or_default())}</code>
            </p>
            <div class="toolbar">
                <button
                    type="button"
                    on:click=move |_| {
                        if let Some(scope) = qr.with_untracked(|q| q.as_ref().map(|q| q.scope)) {
                            dispatch(Action::CopyLink(scope));
                        }
                    }
                >
                    "Copy link"
                </button>
                <button type="button" class="primary" on:click=move |_| dispatch(Action::CloseQr)>
                    "Close"
                </button>
            </div>
        </dialog>
    }
}
