//! Hostile argument lists for the `hackenbush` CLI: words from every
//! subcommand's vocabulary (flags, values, positions, good and bad),
//! sometimes mutated, in random order; and heavy but valid commands a
//! researcher types (issue 26). Shared by `tests/cli_args.rs` (in-process,
//! thousands of lists) and `tests/soak.rs` (processes, budgets measured).

#![allow(dead_code)]

use hackenbush_lab::rng::SplitMix64;

/// Every subcommand.
pub const SUBCOMMANDS: &[&str] = &[
    "value", "table", "options", "matrix", "puzzles", "puzzle", "census", "convert", "draw",
    "merge", "help",
];

/// The subcommands that compute under a budget (`--max-memory`,
/// `--timeout`).
pub const COMPUTING: &[&str] = &[
    "value", "table", "options", "matrix", "puzzles", "puzzle", "census",
];

pub const WORDS: &[&str] = &[
    "value",
    "table",
    "options",
    "matrix",
    "puzzles",
    "puzzle",
    "census",
    "merge",
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
    "B",
    "C'",
    "C'u",
    "D",
    "E",
    "all",
    "A,B,D",
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
    "shared",
    "--precision",
    "1/1000",
    "0",
    "-1/2",
    "1e-3",
    "--json",
    "--pretty",
    "--latex",
    "--progress",
    "--moves",
    "1+3 2",
    "1,3",
    "L:3 R:1+2",
    "1:2+2:1",
    "3B",
    "--first",
    "L",
    "R",
    "X",
    "--max-memory",
    "16M",
    "1Q",
    "99999999999T",
    "--timeout",
    "0.0001",
    "1e9",
    "--n",
    "0..2",
    "0..40",
    "--m",
    "3..1",
    "0..10",
    "--values",
    "--csv",
    "--format",
    "markdown",
    "--quiet",
    "--shard",
    "1/2",
    "0/0",
    "3/2",
    "--class",
    "stalks",
    "meadow",
    "hollyhocks",
    "trees",
    "graphs",
    "--size",
    "6",
    "3..6",
    "99",
    "--colours",
    "BR",
    "BRG",
    "BQ",
    "--property",
    "8.1",
    "8.6",
    "green",
    "number",
    "not-N",
    "X = Y",
    "--show",
    "--count",
    "--seed",
    "7",
    "--edges",
    "6..9",
    "--question",
    "win:L",
    "all:R",
    "first:L",
    "beat:L",
    "lose:Q",
    "--unique",
    "--base-url",
    "https://example.org/",
    "--answer",
    "--link",
    "--",
    "BR BR R",
    "BRR",
    "GGG",
    "0-1:B 1-2:R 2-0:G",
    "nim:2,1",
    "nim:",
    "nim:64,64",
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
    "cgsuite:l(l;rl)",
    "cgsuite::A l:A",
    "cgsuite:lrlr;lr",
    "/nonexistent/shard.jsonl",
];

/// A random argument list (program name first): a subcommand most of the
/// time, then words from the vocabulary, sometimes mutated.
pub fn args(rng: &mut SplitMix64) -> Vec<String> {
    let n = rng.below(7);
    let mut out = vec!["hackenbush".to_string()];
    if rng.below(4) > 0 {
        out.push(SUBCOMMANDS[rng.below(SUBCOMMANDS.len())].to_string());
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

/// Whether `args` (program name first) runs a computing subcommand.
pub fn computes(args: &[String]) -> bool {
    args.get(1).is_some_and(|c| COMPUTING.contains(&c.as_str()))
}

/// `n` green stalks of one edge each.
fn green(n: usize) -> String {
    vec!["G"; n].join(" ")
}

/// The move superposing labels 1..=n.
fn every(n: usize) -> String {
    (1..=n).map(|k| k.to_string()).collect::<Vec<_>>().join("+")
}

/// A random graph of `edges` edges in `colours` on `edges / 2 + 1`
/// vertices above the ground, each edge joined to what came before.
pub fn random_graph(rng: &mut SplitMix64, edges: usize, colours: &[u8]) -> String {
    let mut list = Vec::new();
    let mut vertices = 1;
    for _ in 0..edges {
        let a = rng.below(vertices);
        let b = if vertices < edges / 2 + 1 && rng.below(2) == 0 {
            vertices += 1;
            vertices - 1
        } else {
            rng.below(vertices)
        };
        let c = colours[rng.below(colours.len())] as char;
        list.push(format!("{a}-{b}:{c}"));
    }
    list.join(" ")
}

/// A heavy but valid command (without the program name), as a researcher
/// types it: the rows and their neighbours.
pub fn heavy(rng: &mut SplitMix64) -> Vec<String> {
    let s = |v: &[&str]| v.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let n = 20 + rng.below(40);
    let flavour = ["A", "B", "C", "C'", "D"][rng.below(5)];
    match rng.below(12) {
        0 => s(&[
            "table",
            "--n",
            "0..40",
            "--m",
            "0..10",
            "--flavour",
            flavour,
        ]),
        1 => s(&[
            "table", "--width", "2", "--n", "0..40", "--m", "0..10", "--values",
        ]),
        2 => s(&["table", "--rules", "sync", "--m", "0..9", "--n", "0..9"]),
        3 => s(&[
            "value",
            "--rules",
            "quantum",
            "--flavour",
            flavour,
            &format!("nim:{n},{n}"),
        ]),
        4 => s(&[
            "census",
            "--size",
            "20",
            "--colours",
            "BRG",
            "--rules",
            "normal",
        ]),
        5 => s(&["puzzles", "--edges", "20..30"]),
        6 => s(&["matrix", &random_graph(rng, 30, b"BRG")]),
        7 => {
            let edges = 30 + rng.below(11);
            s(&["value", &random_graph(rng, edges, b"BR")])
        }
        8 => s(&[
            "options",
            "--rules",
            "childish",
            &random_graph(rng, 30, b"BRG"),
        ]),
        9 => {
            let k = 20 + rng.below(20);
            let moves = format!("{} {}", every(k), every(k));
            s(&[
                "value",
                "--rules",
                "quantum",
                "--width",
                "unbounded",
                "--moves",
                &moves,
                &green(k),
            ])
        }
        10 => s(&[
            "puzzle",
            "--question",
            "value",
            &random_graph(rng, 40, b"BRG"),
        ]),
        _ => s(&["value", "--rules", "sync", &random_graph(rng, 24, b"BRG")]),
    }
}
