//! Editing commands from the toolbar and the text box.

use super::*;

impl Session {
    // ---------- editing commands ----------

    /// Text from the text box: replaces the drawing (one undo step).
    pub fn set_text(&mut self, text: &str) -> Result<(), String> {
        let before = self.editor.revision();
        self.editor.set_text(text)?;
        if self.editor.revision() != before {
            self.fit();
        }
        self.sync_game();
        Ok(())
    }

    pub fn load_preset(&mut self, index: usize) -> Result<(), String> {
        let d = gallery::load(index)?;
        self.replace(d)
    }

    /// Gallery entry `index` built from its parameter form's values; on
    /// error nothing changes.
    pub fn load_preset_form(&mut self, index: usize, values: &[&str]) -> Result<(), String> {
        let d = gallery::load_form(index, values)?;
        self.replace(d)
    }

    pub(super) fn replace(&mut self, d: Drawing) -> Result<(), String> {
        self.editor.apply(crate::ui::Edit::Replace(d))?;
        self.fit();
        self.sync_game();
        Ok(())
    }

    /// Empty the board (one undo step).
    pub fn clear(&mut self) {
        // An empty drawing always passes the checks.
        let _ = self.replace(Drawing::empty());
    }

    pub fn undo(&mut self) {
        self.editor.undo();
        self.sync_game();
    }

    pub fn redo(&mut self) {
        self.editor.redo();
        self.sync_game();
    }

    pub fn set_colour(&mut self, colour: Colour) -> Result<(), String> {
        let r = self.editor.choose_colour(colour);
        self.sync_game();
        r
    }

    pub fn set_tool(&mut self, tool: Tool) {
        self.editor.tool = tool;
    }

    pub fn delete_selection(&mut self) -> Result<(), String> {
        let r = self.editor.delete_selection();
        self.sync_game();
        r
    }

    /// Fit the drawing to the board: zoomed up to fill it when presenting.
    pub fn fit(&mut self) {
        let cap = if self.presenting {
            crate::ui::viewport::PRESENT_SCALE
        } else {
            crate::ui::viewport::DEFAULT_SCALE
        };
        self.viewport.fit_within(self.editor.drawing(), cap);
    }
}
