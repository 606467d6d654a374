//! Snapshot undo/redo. Documents here are small (at most 128 edges), so
//! storing whole snapshots is simpler and sturdier than inverse commands:
//! every edit is undoable by construction.

/// Past and future snapshots around the current document.
#[derive(Clone, Debug)]
pub struct History<T> {
    undo: Vec<T>,
    redo: Vec<T>,
    limit: usize,
}

impl<T> History<T> {
    /// Keep at most `limit` undo steps (the oldest are forgotten).
    pub fn new(limit: usize) -> History<T> {
        History {
            undo: Vec::new(),
            redo: Vec::new(),
            limit: limit.max(1),
        }
    }

    /// An edit happened; `before` is the document as it was. A new edit
    /// forks history, so the redo branch is dropped.
    pub fn record(&mut self, before: T) {
        self.undo.push(before);
        if self.undo.len() > self.limit {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    /// Step back: returns the document to restore, keeping `current` for redo.
    pub fn undo(&mut self, current: T) -> Option<T> {
        let previous = self.undo.pop()?;
        self.redo.push(current);
        Some(previous)
    }

    /// Step forward again after an undo.
    pub fn redo(&mut self, current: T) -> Option<T> {
        let next = self.redo.pop()?;
        self.undo.push(current);
        Some(next)
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
}
