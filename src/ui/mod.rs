//! Editor and game state machines for the playground, in plain Rust.
