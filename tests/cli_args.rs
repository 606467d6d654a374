//! The command-line parser under random and mutated argument lists over
//! every subcommand: every run ends in an answer or one line of error with
//! exit status 1, 2 or 3, never a panic. Runs in-process (`cli::run`), so
//! thousands of argument lists cost little; computing subcommands get a
//! short `--timeout` so a heavy combination (`census --size 99`) ends
//! soon. `tests/soak.rs` runs the same generator, and heavy valid commands,
//! as processes with their memory and time measured.

use hackenbush_lab::cli::{run, CliError};
use hackenbush_lab::rng::SplitMix64;
use std::panic::{catch_unwind, AssertUnwindSafe};

#[path = "common/hostile.rs"]
mod hostile;
use hostile::args;

#[test]
fn random_argument_lists_never_panic() {
    let mut rng = SplitMix64::new(2026);
    let mut outcomes = [0usize; 4];
    for _ in 0..3000 {
        let mut argv = args(&mut rng);
        if hostile::computes(&argv) && !argv.iter().any(|a| a == "--timeout") {
            argv.extend(["--timeout".to_string(), "0.3".to_string()]);
        }
        let mut out = Vec::new();
        let result = catch_unwind(AssertUnwindSafe(|| run(argv.clone(), &mut out)))
            .unwrap_or_else(|_| panic!("the CLI panicked on {argv:?}"));
        match result {
            Ok(()) => {
                outcomes[0] += 1;
                assert!(!out.is_empty(), "{argv:?}: no output");
            }
            Err(e) => {
                let code = e.exit_code();
                assert!([1, 2, 3].contains(&code), "{argv:?}: exit {code}");
                outcomes[code as usize] += 1;
                let text = e.to_string();
                assert!(!text.contains('\n'), "{argv:?}: {text:?}");
                assert!(text.len() > 5, "{argv:?}: says what is wrong: {text:?}");
                if let CliError::Usage(_) | CliError::Input(_) = e {
                    assert!(out.is_empty(), "{argv:?}: bad input printed output");
                }
            }
        }
    }
    // The generator reaches both answers and refusals.
    assert!(outcomes[0] > 100, "{outcomes:?}");
    assert!(outcomes[2] > 100, "{outcomes:?}");
}
