//! What the integration tests share: running the `hackenbush` binary.

use std::process::{Command, Output};

/// The `hackenbush` binary's output for `args` (without a backtrace
/// setting from the environment, so error output is the one line users see).
pub fn run_cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .output()
        .expect("the binary runs")
}
