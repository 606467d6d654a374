//! The moves played: "Start", then one numbered entry per move (words
//! from the session); later moves stay
//! (greyed) after a takeback until a new move replaces them. A click
//! jumps there.

use leptos::prelude::*;

use super::{dispatch, part};
use crate::ui::page::Action;

#[component]
pub(super) fn HistoryRegion() -> impl IntoView {
    let history = part(|v| v.history.clone());
    view! {
        <section id="history-card" class="card" aria-labelledby="history-heading">
            <h2 id="history-heading">"Moves"</h2>
            <ol id="history" class="history">
                {move || {
                    let h = history.get();
                    h.entries
                        .into_iter()
                        .enumerate()
                        .map(|(k, e)| {
                            let class = if k == h.cursor {
                                "current"
                            } else if k > h.cursor {
                                "future"
                            } else {
                                ""
                            };
                            view! {
                                <li>
                                    <button
                                        type="button"
                                        class=class
                                        aria-current=(k == h.cursor).then_some("step")
                                        on:click=move |_| dispatch(Action::Jump(k))
                                    >
                                        {e}
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
