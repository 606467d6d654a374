//! The rules card: the ruleset pickers and the rule card, all rendered
//! from the slide on screen (`PageView.rules`), so a picker can never show
//! another slide's rules.

use leptos::prelude::*;

use super::{dispatch, part, NoticeLine};
use crate::analysis::RulesKind;
use crate::quantum::{Flavour, Width};
use crate::sync::Conflict;
use crate::ui::page::{Action, Place};

const KINDS: [(RulesKind, &str); 6] = [
    (RulesKind::Normal, "Normal"),
    (RulesKind::Misere, "Misère"),
    (RulesKind::Childish, "Childish"),
    (RulesKind::Uncolored, "Uncoloured"),
    (RulesKind::Quantum, "Quantum"),
    (RulesKind::Sync, "Synchronous"),
];

const FLAVOURS: [(Option<Flavour>, &str, &str); 7] = [
    (None, "", "default (D)"),
    (Some(Flavour::A), "A", "A"),
    (Some(Flavour::B), "B", "B"),
    (Some(Flavour::C), "C", "C"),
    (Some(Flavour::CPrime), "C'", "C′"),
    (Some(Flavour::CPrimeU), "C'u", "C′u"),
    (Some(Flavour::D), "D", "D"),
];

const WIDTHS: [(Option<Width>, &str, &str); 5] = [
    (None, "", "default (2)"),
    (Some(Width::Limited(2)), "2", "2"),
    (Some(Width::Limited(3)), "3", "3"),
    (Some(Width::Limited(4)), "4", "4"),
    (Some(Width::Unbounded), "unbounded", "unbounded"),
];

const CONFLICTS: [(Option<Conflict>, &str, &str); 4] = [
    (None, "", "default (shared)"),
    (Some(Conflict::Shared), "shared", "shared"),
    (Some(Conflict::Tie), "tie", "tie"),
    (Some(Conflict::Replay), "replay", "replay"),
];

/// The entry of `list` whose value is `v` (the select's option values
/// are this table's, so an unknown value cannot come back).
fn pick<T: Copy>(list: &[(T, &str, &str)], v: &str) -> Option<T> {
    list.iter()
        .find(|(_, key, _)| *key == v)
        .map(|(t, _, _)| *t)
}

#[component]
pub(super) fn RulesRegion() -> impl IntoView {
    let rules = part(|v| v.rules.clone());
    let kind = move || rules.with(|r| r.kind);
    view! {
        <section id="rules-card" class="card" aria-labelledby="rules-heading">
            <h2 id="rules-heading">"Rules"</h2>
            <div class="row">
                <div class="field">
                    <label for="rules">"Ruleset"</label>
                    <select
                        id="rules"
                        disabled=move || rules.with(|r| r.locked)
                        on:change=move |e| {
                            if let Ok(k) = event_target_value(&e).parse::<RulesKind>() {
                                dispatch(Action::SetRulesKind(k));
                            }
                        }
                    >
                        {KINDS
                            .iter()
                            .map(|&(k, name)| {
                                view! { <option value=k.name() prop:selected=move || kind() == k>{name}</option> }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field" hidden=move || kind() != RulesKind::Quantum>
                    <label for="flavour">"Flavour"</label>
                    <select
                        id="flavour"
                        disabled=move || rules.with(|r| r.locked)
                        on:change=move |e| dispatch(Action::SetFlavour(pick(&FLAVOURS, &event_target_value(&e)).flatten()))
                    >
                        {FLAVOURS
                            .iter()
                            .map(|&(f, key, name)| {
                                view! { <option value=key prop:selected=move || rules.with(|r| r.flavour == f)>{name}</option> }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field" hidden=move || kind() != RulesKind::Quantum>
                    <label for="width">"Width"</label>
                    <select
                        id="width"
                        disabled=move || rules.with(|r| r.locked)
                        on:change=move |e| dispatch(Action::SetWidth(pick(&WIDTHS, &event_target_value(&e)).flatten()))
                    >
                        {WIDTHS
                            .iter()
                            .map(|&(w, key, name)| {
                                view! { <option value=key prop:selected=move || rules.with(|r| r.width == w)>{name}</option> }
                            })
                            .collect_view()}
                    </select>
                </div>
                <div class="field" hidden=move || kind() != RulesKind::Sync>
                    <label for="conflict">"Green conflict"</label>
                    <select
                        id="conflict"
                        disabled=move || rules.with(|r| r.locked)
                        on:change=move |e| dispatch(Action::SetConflict(pick(&CONFLICTS, &event_target_value(&e)).flatten()))
                    >
                        {CONFLICTS
                            .iter()
                            .map(|&(c, key, name)| {
                                view! { <option value=key prop:selected=move || rules.with(|r| r.conflict == c)>{name}</option> }
                            })
                            .collect_view()}
                    </select>
                </div>
            </div>
            <p class="rule-card">
                <span id="rule-card-1">{move || rules.with(|r| r.card[0].clone())}</span>
                <br/>
                <span id="rule-card-2">{move || rules.with(|r| r.card[1].clone())}</span>
            </p>
            <p class="help" hidden=move || !rules.with(|r| r.locked)>"The puzzle sets the rules."</p>
            <NoticeLine place=Place::Rules id="rules-error"/>
        </section>
    }
}
