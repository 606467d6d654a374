//! The page as one view of the session, and actions applied to it
//! (see `ui::page`).

use super::*;
use crate::ui::jobs::Job;
use crate::ui::page::{Action, Effect, PageView, UiError};

impl Session {
    /// Everything the page shows, from this state.
    pub fn page_view(&self) -> PageView {
        PageView::default()
    }

    /// Apply `action` at time `now` (milliseconds); returns what only the
    /// browser can do. A refused action changes nothing and says why,
    /// next to the control that was used.
    pub fn dispatch(&mut self, action: Action, now: f64) -> Result<Vec<Effect>, UiError> {
        let _ = (action, now);
        Ok(Vec::new())
    }

    /// The questions the engine must answer for the state on screen, at
    /// most one per lane: the page sends those it has not sent, and
    /// cancels work no longer wanted.
    pub fn wanted_jobs(&mut self) -> Vec<Job> {
        Vec::new()
    }
}
