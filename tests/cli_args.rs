//! The command-line parser under random and mutated argument lists: every
//! run ends in an answer or one line of error with exit status 1, 2 or 3,
//! never a panic. Runs in-process (`cli::run`), so thousands of argument
//! lists cost little; the positions in the vocabulary are small, so every
//! accepted command finishes at once.

use hackenbush_lab::cli::{run, CliError};
use hackenbush_lab::rng::SplitMix64;
use std::panic::{catch_unwind, AssertUnwindSafe};

const WORDS: &[&str] = &[
    "value",
    "table",
    "help",
    "--help",
    "--version",
    "--rules",
    "normal",
    "misere",
    "childish",
    "uncolored",
    "sync",
    "quantum",
    "--flavour",
    "--flavor",
    "A",
    "C'",
    "C'u",
    "D",
    "E",
    "--width",
    "2",
    "3",
    "unbounded",
    "1",
    "-3",
    "--labels",
    "cut",
    "subtract",
    "--conflict",
    "tie",
    "replay",
    "--precision",
    "1/1000",
    "0",
    "-1/2",
    "1e-3",
    "--json",
    "--pretty",
    "--moves",
    "1+3 2",
    "1,3",
    "--first",
    "L",
    "R",
    "X",
    "--max-memory",
    "16M",
    "1Q",
    "--timeout",
    "2",
    "0.0001",
    "--n",
    "0..2",
    "--m",
    "1",
    "3..1",
    "--values",
    "--csv",
    "--format",
    "markdown",
    "--quiet",
    "--",
    "BR BR R",
    "BRR",
    "GGG",
    "0-1:B 1-2:R 2-0:G",
    "nim:2,1",
    "nim:",
    "XBX",
    "",
    "=",
    "--rules=quantum",
    "--width=2",
    "--json=yes",
    "convert",
    "draw",
    "--to",
    "cgsuite",
    "edges",
    "json",
    "tikz",
    "svg",
    "--caption",
    "--bare",
    "--latex",
    "cgsuite:l(l;rl)",
    "cgsuite::A l:A",
    "cgsuite:lrlr;lr",
];

/// A random argument list: words from the vocabulary, sometimes mutated.
fn args(rng: &mut SplitMix64) -> Vec<String> {
    let n = rng.below(7);
    let mut out = vec!["hackenbush".to_string()];
    if rng.below(4) > 0 {
        out.push(["value", "table", "convert", "draw"][rng.below(4)].to_string());
    }
    for _ in 0..n {
        let mut w = WORDS[rng.below(WORDS.len())].to_string();
        if rng.below(5) == 0 && !w.is_empty() {
            let mut chars: Vec<char> = w.chars().collect();
            let i = rng.below(chars.len());
            match rng.below(4) {
                0 => {
                    chars.remove(i);
                }
                1 => chars.insert(i, ['-', '=', ':', '+', '9', 'é', '\0'][rng.below(7)]),
                2 => chars[i] = chars[rng.below(chars.len())],
                _ => chars.extend(std::iter::repeat_n('9', rng.below(30))),
            }
            w = chars.into_iter().collect();
        }
        out.push(w);
    }
    out
}

#[test]
fn random_argument_lists_never_panic() {
    let mut rng = SplitMix64::new(2026);
    let mut outcomes = [0usize; 4];
    for _ in 0..3000 {
        let argv = args(&mut rng);
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
