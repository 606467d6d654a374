//! Quantum play beside the board: a thumbnail per realisation (with what
//! the move being picked would do to it), the entanglement graph, and a
//! realisation zoomed to board size. Pictures are the session's own SVG
//! documents, shown through `<img>` data URLs so they never become markup.

use std::fmt::Write;

use leptos::html::Dialog;
use leptos::prelude::*;

use super::{dispatch, part, ByPointer};
use crate::ui::move_preview::Fate;
use crate::ui::page::Action;
use crate::ui::quantum_views::QuantumViews;
use crate::ui::svg::data_url;

fn words(labels: &[usize]) -> String {
    if labels.is_empty() {
        "none".into()
    } else {
        labels
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The realisations and the entanglement graph (quantum play only).
#[component]
pub(super) fn QuantumRegion() -> impl IntoView {
    let shown = part(|v| v.quantum.is_some());
    view! {
        <aside class="quantum-col" aria-label="Quantum views" hidden=move || !shown.get()>
            <Realisations/>
            <Entanglement/>
        </aside>
    }
}

#[component]
fn Realisations() -> impl IntoView {
    let thumbs = part(|v| {
        v.quantum
            .as_ref()
            .map(|q| (q.views.count, q.views.thumbs.clone(), q.views.note.clone()))
    });
    // What the picked move would do to realisation k: a badge and a class.
    let fates = part(|v| {
        v.quantum.as_ref().and_then(|q| {
            q.preview
                .as_ref()
                .filter(|p| p.refused.is_none())
                .map(|p| p.realisations.clone())
        })
    });
    let hot = part(|v| v.quantum.as_ref().and_then(|q| q.hot));
    let count = move || thumbs.with(|t| t.as_ref().map_or(0, |t| t.0));
    view! {
        <section id="realisations-card" class="card" aria-labelledby="realisations-heading">
            <h2 id="realisations-heading">
                "Realisations " <span id="realisation-count" class="count">{move || format!("({})", count())}</span>
            </h2>
            <p id="realisation-note" class="help" aria-live="polite">
                {move || thumbs.with(|t| t.as_ref().map(|t| t.2.clone()).unwrap_or_default())}
            </p>
            <ul id="realisations" class="thumbs">
                {move || {
                    let list = thumbs.with(|t| t.as_ref().map(|t| t.1.clone()).unwrap_or_default());
                    list.into_iter()
                        .enumerate()
                        .map(|(k, t)| {
                            let labels = t.labels.clone();
                            let spaced = format!(" {} ", labels.iter().map(usize::to_string).collect::<Vec<_>>().join(" "));
                            let has = labels.clone();
                            let fate = move || fates.with(|f| f.as_ref().and_then(|f| f.get(k).copied()));
                            let alt = format!("Realisation {}: edges {}", k + 1, words(&labels));
                            let caption = format!(
                                "#{} · {}",
                                k + 1,
                                if labels.is_empty() { "(empty)".to_string() } else { labels.iter().map(usize::to_string).collect::<Vec<_>>().join(" ") },
                            );
                            // Thumbnails load lazily: 24 SVG images made at
                            // once took ~90 ms of the task that installs a
                            // replayed board (issue 26).
                            view! {
                                <li
                                    data-k=(k + 1).to_string()
                                    data-labels=spaced
                                    data-fate=move || match fate().map(|f| f.fate) {
                                        Some(Fate::Splits(_)) => "splits",
                                        Some(Fate::Continues) => "continues",
                                        Some(Fate::Collapses) => "collapses",
                                        None => "",
                                    }
                                    class:has-hot=move || hot.get().is_some_and(|h| has.contains(&h))
                                    class:merges=move || fate().is_some_and(|f| f.merges)
                                >
                                    <button
                                        type="button"
                                        class="thumb"
                                        title=format!("Realisation {}: click to zoom", k + 1)
                                        on:click=move |_| dispatch(Action::Zoom(Some(k)))
                                        on:pointerenter=move |_| dispatch(Action::HoverRealisation(Some(k)))
                                        on:pointerleave=move |_| dispatch(Action::HoverRealisation(None))
                                        on:focus=move |_| dispatch(Action::HoverRealisation(Some(k)))
                                        on:blur=move |_| dispatch(Action::HoverRealisation(None))
                                    >
                                        <img src=data_url(&t.svg) alt=alt width="210" height="140" loading="lazy" decoding="async"/>
                                        <span>{caption}</span>
                                        <em class="fate" hidden=move || fate().is_none()>
                                            {move || {
                                                fate()
                                                    .map(|f| {
                                                        let w = match f.fate {
                                                            Fate::Splits(n) => format!("splits in {n}"),
                                                            Fate::Continues => "goes on".into(),
                                                            Fate::Collapses => "collapses".into(),
                                                        };
                                                        if f.merges { format!("{w}, merges") } else { w }
                                                    })
                                                    .unwrap_or_default()
                                            }}
                                        </em>
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
            <p id="realisations-more" class="help" hidden=move || thumbs.with(|t| t.as_ref().is_none_or(|t| t.0 <= t.1.len()))>
                {move || thumbs.with(|t| t.as_ref().map(|t| format!("and {} more", t.0.saturating_sub(t.1.len()))).unwrap_or_default())}
            </p>
            <p class="help">
                "Faded edges are absent from that realisation; "
                <ByPointer mouse="hover one to see it on the board, click to zoom." touch="tap one to zoom in."/>
                " On the board, edges drawn lighter stand in some realisations only."
            </p>
        </section>
    }
}

/// The entanglement graph's SVG content (inside a 0..100 box): links
/// first, then a vertex per edge of the start with its label.
fn graph_svg(v: &QuantumViews, hot: Option<usize>, cb: bool) -> String {
    let mut s = String::new();
    for link in &v.links {
        let stroke = if link.side == 'L' {
            "#1f5fbf"
        } else {
            "#c62828"
        };
        let dash = if cb && link.side == 'R' {
            r#" stroke-dasharray="4 2.5""#
        } else {
            ""
        };
        let _ = write!(s, r#"<g class="link" data-move="{}">"#, link.number);
        if let Some([ax, ay, cx, cy, bx, by]) = link.curve {
            let _ = write!(
                s,
                r#"<path d="M{ax} {ay} Q{cx} {cy} {bx} {by}" fill="none" stroke="{stroke}" stroke-width="1.6"{dash}/>"#
            );
        } else {
            for [x2, y2] in &link.spokes {
                let _ = write!(
                    s,
                    r#"<line x1="{}" y1="{}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="1.6"{dash}/>"#,
                    link.x, link.y
                );
            }
            let _ = write!(
                s,
                r#"<circle cx="{}" cy="{}" r="1.8" fill="{stroke}"/>"#,
                link.x, link.y
            );
        }
        let _ = write!(
            s,
            r##"<circle cx="{x}" cy="{y}" r="4.2" fill="#fff" stroke="{stroke}" stroke-width="0.8"/><text x="{x}" y="{ty}" text-anchor="middle" font-size="5.5" fill="{stroke}">{n}</text></g>"##,
            x = link.x,
            y = link.y,
            ty = link.y + 1.9,
            n = link.number
        );
    }
    for x in &v.vertices {
        let class = format!(
            "vertex{}{}",
            if x.absent { " absent" } else { "" },
            if Some(x.label) == hot { " hot" } else { "" }
        );
        let _ = write!(
            s,
            r#"<g class="{class}" data-label="{}" tabindex="0" role="img" aria-label="Edge {}{}">"#,
            x.label,
            x.label,
            if x.absent {
                " (gone from every realisation)"
            } else {
                ""
            }
        );
        let (fill, extra) = if x.absent {
            ("#eee", r#" stroke-dasharray="2 1.5" opacity="0.7""#)
        } else {
            ("#fff", "")
        };
        let _ = write!(
            s,
            r#"<circle cx="{}" cy="{}" r="6" fill="{fill}" stroke="{}" stroke-width="2"{extra}/>"#,
            x.x, x.y, x.colour
        );
        if x.absent {
            let _ = write!(
                s,
                r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#8a8f99" stroke-width="1"/>"##,
                x.x - 7.0,
                x.y + 7.0,
                x.x + 7.0,
                x.y - 7.0
            );
        }
        if cb {
            let _ = write!(
                s,
                r##"<text class="cb-letter" x="{}" y="{}" font-size="4.5" fill="#1d1f24">{}</text>"##,
                x.x + 7.5,
                x.y + 7.5,
                x.letter
            );
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" text-anchor="middle" font-size="6.5" fill="#1d1f24">{}</text><title>Edge {}</title></g>"##,
            x.x,
            x.y + 2.2,
            x.label,
            x.label
        );
    }
    s
}

/// The graph vertex (edge label) an event happened on, if any.
fn label_of(e: &web_sys::Event) -> Option<usize> {
    let el: web_sys::Element = wasm_bindgen::JsCast::dyn_into(e.target()?).ok()?;
    el.closest(".vertex")
        .ok()
        .flatten()?
        .get_attribute("data-label")?
        .parse()
        .ok()
}

#[component]
fn Entanglement() -> impl IntoView {
    let graph = part(|v| {
        v.quantum
            .as_ref()
            .map(|q| graph_svg(&q.views, q.hot, v.options.colour_blind))
            .unwrap_or_default()
    });
    let summary = part(|v| {
        v.quantum
            .as_ref()
            .map(|q| q.views.summary.clone())
            .unwrap_or_default()
    });
    let over = move |e: web_sys::Event| dispatch(Action::HoverLabel(label_of(&e)));
    view! {
        <section id="entanglement-card" class="card" aria-labelledby="entanglement-heading">
            <h2 id="entanglement-heading">"Entanglement"</h2>
            <svg
                id="entanglement"
                viewBox="0 0 100 100"
                role="img"
                aria-labelledby="entanglement-summary"
                inner_html=move || graph.get()
                on:pointerover=move |e| over(e.into())
                on:focusin=move |e| over(e.into())
                on:pointerleave=move |_| dispatch(Action::HoverLabel(None))
                on:focusout=move |_| dispatch(Action::HoverLabel(None))
            ></svg>
            <p id="entanglement-summary" class="help">{move || summary.get()}</p>
            <p class="help">
                "One vertex per edge of the start; a numbered link per superposed move. Crossed-out vertices are gone from every realisation."
                <ByPointer mouse=" Hover a vertex to find its edge." touch=""/>
            </p>
        </section>
    }
}

/// A realisation zoomed to board size (a click or Escape closes it).
#[component]
pub(super) fn ZoomDialog() -> impl IntoView {
    let zoom = part(|v| v.quantum.as_ref().and_then(|q| q.zoom.clone()));
    let dialog = NodeRef::<Dialog>::new();
    Effect::new(move |_| {
        let open = zoom.with(|z| z.is_some());
        if let Some(d) = dialog.get() {
            if open && !d.open() {
                let _ = d.show_modal();
            } else if !open && d.open() {
                d.close();
            }
        }
    });
    view! {
        <dialog
            id="zoom"
            class="zoom"
            aria-labelledby="zoom-caption"
            node_ref=dialog
            on:click=move |_| dispatch(Action::Zoom(None))
            on:close=move |_| {
                if zoom.with_untracked(|z| z.is_some()) {
                    dispatch(Action::Zoom(None));
                }
            }
        >
            <div id="zoom-picture">
                {move || {
                    zoom.get()
                        .map(|z| {
                            view! {
                                <img
                                    id="zoom-image"
                                    src=data_url(&z.svg)
                                    alt=format!("Realisation {}: {}", z.index + 1, z.caption)
                                />
                            }
                        })
                }}
            </div>
            <p id="zoom-caption">{move || zoom.with(|z| z.as_ref().map(|z| z.caption.clone()).unwrap_or_default())}</p>
            <p class="help"><ByPointer mouse="Click or press Escape to close." touch="Tap to close."/></p>
        </dialog>
    }
}
