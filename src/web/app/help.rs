//! Words for newcomers: a dismissible how-to-play card, the legend of
//! what the board draws (halos, faded and dashed edges, labels), and the
//! keyboard shortcuts (`?`).

use leptos::html::Dialog;
use leptos::prelude::*;

use super::{dispatch, part, tf, ByPointer};
use crate::ui::page::Action;

#[component]
pub(super) fn Intro() -> impl IntoView {
    let help = part(|v| v.help.clone());
    // A puzzle's board is in play and cannot be drawn on.
    let puzzle = part(|v| v.puzzle.is_some());
    view! {
        <section id="intro" class="card intro" aria-labelledby="intro-heading" hidden=move || !help.with(|h| h.intro)>
            <h2 id="intro-heading">"How to play"</h2>
            <ol>
                <li>"Each edge belongs to a player: Left cuts blue, Right cuts red, either may cut green."</li>
                <li>"Cutting an edge removes it and everything no longer connected to the ground."</li>
                <li>"Players take turns; in normal play whoever cannot move loses."</li>
                <li hidden=move || puzzle.get()>"Draw in Edit (drag from the ground), then press Play and " <ByPointer mouse="click" touch="tap"/> " an edge to cut it."</li>
                <li hidden=move || !puzzle.get()>"The puzzle is played on the board: " <ByPointer mouse="click" touch="tap"/> " an edge to cut it."</li>
                // A puzzle hides the Value card: the rule stands on its own.
                <li>{move || if puzzle.get() { "A value" } else { "The Value card" }} " says who wins: a positive value favours Left, negative Right, 0 the second player."</li>
            </ol>
            <div class="toolbar">
                <button type="button" class="primary" on:click=move |_| dispatch(Action::SetIntro(false))>
                    "Got it"
                </button>
                <button type="button" aria-pressed=move || tf(help.with(|h| h.legend)) on:click=move |_| dispatch(Action::SetLegend(!help.with_untracked(|h| h.legend)))>
                    "Legend"
                </button>
                <button type="button" on:click=move |_| dispatch(Action::SetShortcuts(true))>
                    "Keyboard shortcuts"
                </button>
            </div>
        </section>
    }
}

#[component]
pub(super) fn Legend() -> impl IntoView {
    let help = part(|v| v.help.clone());
    view! {
        <section id="legend-card" class="card" aria-labelledby="legend-heading">
            <h2 id="legend-heading">"Help"</h2>
            <div class="toolbar">
                <button
                    id="show-intro"
                    type="button"
                    hidden=move || help.with(|h| h.intro)
                    on:click=move |_| dispatch(Action::SetIntro(true))
                >
                    "How to play"
                </button>
                <button
                    id="show-legend"
                    type="button"
                    aria-expanded=move || tf(help.with(|h| h.legend))
                    aria-controls="legend"
                    on:click=move |_| dispatch(Action::SetLegend(!help.with_untracked(|h| h.legend)))
                >
                    "Legend"
                </button>
                <button id="show-shortcuts" type="button" on:click=move |_| dispatch(Action::SetShortcuts(true))>
                    "Keyboard shortcuts (?)"
                </button>
            </div>
            <dl id="legend" class="legend" hidden=move || !help.with(|h| h.legend)>
                <div><dt><span class="swatch-line halo-left"></span>" Blue halo"</dt><dd>"A best move for Left (solid)."</dd></div>
                <div><dt><span class="swatch-line halo-right"></span>" Red halo"</dt><dd>"A best move for Right (dashed in colour-blind mode)."</dd></div>
                <div><dt><span class="swatch-line halo-both"></span>" Purple halo"</dt><dd>"A best move for both (dotted in colour-blind mode)."</dd></div>
                <div><dt><span class="swatch-line dashed"></span>" Dashed edge"</dt><dd>"Falls with the edge under the pointer."</dd></div>
                <div><dt><span class="swatch-line faded"></span>" Faded edge"</dt><dd>"Quantum: stands in some realisations only (or not connected to the ground while editing)."</dd></div>
                <div><dt>"1, 2, 3 …"</dt><dd>"Edge labels: moves and answers name edges by them."</dd></div>
                <div><dt>"L R P N"</dt><dd>"Outcomes: Left wins, Right wins, the second player (P) or the first player (N) wins, whoever starts."</dd></div>
                <div><dt>"Plain"</dt><dd>"The value as the command line writes and reads it."</dd></div>
                <div><dt>"Birthday"</dt><dd>"How many rounds it takes to build the value from 0."</dd></div>
                <div><dt>"best (losing)"</dt><dd>"Every move loses; this one loses least."</dd></div>
            </dl>
        </section>
    }
}

const SHORTCUTS: [(&str, &str); 12] = [
    ("?", "Show these shortcuts"),
    ("Tab, arrow keys", "Select an edge on the board"),
    ("Enter", "Cut the selected edge; commit the picked edges"),
    ("b r g x", "Colour the selected edge (editing)"),
    ("Delete", "Delete the selection (editing)"),
    ("Ctrl+Z, Ctrl+Y", "Undo, redo"),
    ("P", "Presenter mode"),
    ("← →, Page Up/Down", "Previous and next slide (presenting)"),
    ("V", "Show or hide the value caption (presenting)"),
    ("H", "Best-move halos on or off"),
    ("Escape", "Leave presenter mode, close a dialog"),
    ("Backspace", "Step out in the game tree"),
];

#[component]
pub(super) fn Shortcuts() -> impl IntoView {
    let open = part(|v| v.help.shortcuts);
    let dialog = NodeRef::<Dialog>::new();
    Effect::new(move |_| {
        let on = open.get();
        if let Some(d) = dialog.get() {
            if on && !d.open() {
                let _ = d.show_modal();
            } else if !on && d.open() {
                d.close();
            }
        }
    });
    view! {
        <dialog
            id="shortcuts"
            aria-labelledby="shortcuts-heading"
            node_ref=dialog
            on:close=move |_| {
                if open.get_untracked() {
                    dispatch(Action::SetShortcuts(false));
                }
            }
        >
            <h2 id="shortcuts-heading">"Keyboard shortcuts"</h2>
            <table class="shortcuts">
                {SHORTCUTS
                    .iter()
                    .map(|(k, what)| view! { <tr><th scope="row"><kbd>{*k}</kbd></th><td>{*what}</td></tr> })
                    .collect_view()}
            </table>
            <button type="button" class="primary" on:click=move |_| dispatch(Action::SetShortcuts(false))>
                "Close"
            </button>
        </dialog>
    }
}
