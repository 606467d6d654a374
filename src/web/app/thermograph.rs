//! A value's temperature theory beside it: the exact mean and temperature
//! and the thermograph plot, drawn by `ui::thermograph` (this component
//! only places what the session's view holds: nothing when values are
//! hidden or the value has no thermograph).

use leptos::prelude::*;

use crate::ui::thermograph::ThermalView;

/// The mean, temperature (and, where computed, the reduced canonical form
/// and atomic weight) and the plot; `small` in the explorer.
#[component]
pub(super) fn Thermal(
    thermal: Memo<Option<ThermalView>>,
    #[prop(into)] id: String,
    #[prop(optional)] small: bool,
) -> impl IntoView {
    move || {
        thermal.get().map(|t| {
            let row = |label: &'static str, class: &'static str, value: String, title: &'static str| {
                view! {
                    <div>
                        <dt title=title>{label}</dt>
                        <dd class=class>{value}</dd>
                    </div>
                }
            };
            view! {
                <div id=id.clone() class=if small { "thermal small" } else { "thermal" }>
                    <dl class="thermal-facts">
                        {row("Mean", "mean", t.mean.clone(), "Where the thermograph's mast stands: the value the game is worth on average in sums")}
                        {row("Temperature", "temperature", t.temperature.clone(), "Where the mast starts: how much a move here is worth (below 0 for numbers)")}
                        {(!small).then(|| t.reduced.clone().map(|r| row("Reduced", "reduced", r, "The reduced canonical form: the simplest game infinitesimally close")))}
                        {(!small).then(|| t.atomic_weight.clone().map(|w| row("Atomic weight", "atomic-weight", w, "The atomic weight of an all-small value, in units of ↑")))}
                    </dl>
                    <figure class="thermograph-plot" inner_html=t.svg()></figure>
                </div>
            }
        })
    }
}
