//! The stages of a staged analysis, collected for the tests that check
//! their order and what they say.

use hackenbush_lab::analysis::Stage;
use std::cell::RefCell;
use std::rc::Rc;

/// What `run` returns, given a sink for stages, and the stages it sent
/// there, without the reports of how far a search got (they may come
/// between any two).
pub fn collected<T>(run: impl FnOnce(Box<dyn FnMut(Stage)>) -> T) -> (T, Vec<Stage>) {
    let stages = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&stages);
    let out = run(Box::new(move |s| sink.borrow_mut().push(s)));
    let found = stages
        .borrow()
        .iter()
        .filter(|s| !matches!(s, Stage::Searching { .. }))
        .cloned()
        .collect();
    (out, found)
}
