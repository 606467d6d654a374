//! wasm32 bindings: the worker API and canvas drawing.

mod canvas;
pub mod playground;
