//! The `hackenbush` binary against the RULES.md §4 contract: one line of
//! plain notation by default, a JSON object with `--json`, and for every kind
//! of bad input exit status 2 with exactly one line on stderr, never a panic.

use hackenbush_lab::game::Arena;
use std::process::{Command, Output};

mod common;
use common::run_cli as run;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

/// A successful run: exit 0, nothing on stderr, exactly one line on stdout.
fn ok_line(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{args:?}: stderr {stderr}");
    assert!(stderr.is_empty(), "{args:?}: stderr {stderr}");
    assert!(stdout.ends_with('\n'), "{args:?}: {stdout:?}");
    assert_eq!(stdout.lines().count(), 1, "{args:?}: {stdout:?}");
    stdout.trim_end().to_string()
}

/// A usage error: exit 2, nothing on stdout, one line on stderr, no panic.
fn usage_error(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {stderr:?}");
    assert!(stdout.is_empty(), "{args:?}: stdout {stdout:?}");
    assert!(stderr.ends_with('\n'), "{args:?}: {stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr:?}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert!(!stderr.contains("RUST_BACKTRACE"), "{args:?}: {stderr}");
    assert!(stderr.trim().len() > 10, "{args:?}: says what is wrong");
    stderr
}

/// The printed value equals `expected` as a game (options may come in any
/// order inside braces).
fn assert_value(printed: &str, expected: &str, what: &str) {
    let mut arena = Arena::new();
    let got = arena
        .parse(printed)
        .unwrap_or_else(|e| panic!("{what}: output {printed:?} is not plain notation: {e}"));
    let want = arena.parse(expected).unwrap();
    assert_eq!(got, want, "{what}: printed {printed}, expected {expected}");
}

fn json(args: &[&str]) -> serde_json::Value {
    let line = ok_line(args);
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{args:?}: not JSON ({e}): {line}"))
}

#[test]
fn normal_play_default_output() {
    assert_eq!(ok_line(&["value", "BR"]), "1/2");
    assert_eq!(ok_line(&["value", "BRR"]), "1/4");
    assert_eq!(ok_line(&["value", "RRB"]), "-3/2");
    assert_eq!(ok_line(&["value", "BR BR R"]), "0");
    assert_eq!(ok_line(&["value", "BR", "BR", "R"]), "0");
    assert_eq!(ok_line(&["value", "BR+BRR"]), "3/4");
    assert_eq!(ok_line(&["value", "G"]), "*");
    assert_eq!(ok_line(&["value", "GG"]), "*2");
    assert_eq!(ok_line(&["value", "G G"]), "0");
    assert_eq!(ok_line(&["value", "BR G"]), "1/2*");
    assert_eq!(ok_line(&["value", "0-1:B 1-3:R 0-2:B 2-3:R"]), "1");
    assert_eq!(ok_line(&["value", "--rules", "normal", "B"]), "1");
    assert_eq!(ok_line(&["value", "--rules=normal", "RR"]), "-2");
    // *:1 (a blue edge on a green one) is {0, * | 0}.
    let v = ok_line(&["value", "GB"]);
    assert_value(&v, "{0,*|0}", "GB");
}

#[test]
fn normal_play_json() {
    let j = json(&["value", "--json", "BR"]);
    assert_eq!(j["value"], "1/2");
    assert_eq!(j["outcome"], "L");
    assert_eq!(j["birthday"], 2);
    let j = json(&["value", "G", "--json"]);
    assert_eq!(j["value"], "*");
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["birthday"], 1);
    let j = json(&["value", "--json", "BR BR R"]);
    assert_eq!(j["value"], "0");
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["birthday"], 0);
    let j = json(&["value", "--json", "RRB"]);
    assert_eq!(j["value"], "-3/2");
    assert_eq!(j["outcome"], "R");
    assert_eq!(j["birthday"], 3);
    assert!(j["birthday"].is_u64());
}

#[test]
fn misere_output() {
    // *:x has the misère outcome of x under normal play (Theorem 2.1).
    assert_eq!(ok_line(&["value", "--rules", "misere", "G"]), "P");
    assert_eq!(ok_line(&["value", "--rules", "misere", "GB"]), "L");
    assert_eq!(ok_line(&["value", "--rules", "misere", "GRB"]), "R");
    assert_eq!(ok_line(&["value", "--rules", "misere", "GBR"]), "L");
    // A misère heap of 2 is a first-player win (take one, leave *).
    assert_eq!(ok_line(&["value", "--rules", "misere", "GG"]), "N");
    // B + R is 0 (P) under normal play but N under misère play: whoever
    // starts cuts their edge, the other must cut theirs, and the starter,
    // left without a move, wins.
    assert_eq!(ok_line(&["value", "--rules", "misere", "B R"]), "N");
    let j = json(&["value", "--rules", "misere", "--json", "GB"]);
    assert_eq!(j["outcome"], "L");
    assert!(j["value"].is_string());
}

#[test]
fn childish_output() {
    // Example 3.1.1: BR is 0 in Childish Hackenbush.
    assert_eq!(ok_line(&["value", "--rules", "childish", "BR"]), "0");
    // Theorem 3.1.4: BRR is −1, BBR is 0, BRRB is 0, BRBB is 2.
    assert_eq!(ok_line(&["value", "--rules", "childish", "BRR"]), "-1");
    assert_eq!(ok_line(&["value", "--rules", "childish", "BBR"]), "0");
    assert_eq!(ok_line(&["value", "--rules", "childish", "BRBB"]), "2");
    assert_eq!(ok_line(&["value", "--rules", "childish", "BRRB"]), "0");
    // The 2-leg circus tent is a redwood bed with m = n = 2: 0.
    assert_eq!(
        ok_line(&["value", "--rules", "childish", "0-1:B 1-3:R 0-2:B 2-3:R"]),
        "0"
    );
    let j = json(&["value", "--rules", "childish", "--json", "BBB"]);
    assert_eq!(j["value"], "3");
    assert_eq!(j["outcome"], "L");
    assert_eq!(j["birthday"], 3);
}

#[test]
fn uncolored_output() {
    // S_1 = ±1, S_2 = ±{2 | 1/2}, C_2 = 0, C_3 = ±1 (2023 thesis §3.2).
    let v = ok_line(&["value", "--rules", "uncolored", "X"]);
    assert_value(&v, "{1|-1}", "X");
    let v = ok_line(&["value", "--rules", "uncolored", "XX"]);
    assert_value(&v, "{{2|1/2}|{-1/2|-2}}", "XX");
    let v = ok_line(&["value", "--rules", "uncolored", "0-1:X 1-0:X"]);
    assert_value(&v, "0", "C_2");
    let v = ok_line(&["value", "--rules", "uncolored", "0-1:X 1-2:X 2-0:X"]);
    assert_value(&v, "{1|-1}", "C_3");
    // Already coloured edges play as usual.
    assert_eq!(ok_line(&["value", "--rules", "uncolored", "BR"]), "1/2");
    let j = json(&["value", "--rules", "uncolored", "--json", "X"]);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["birthday"], 2);
    assert_value(j["value"].as_str().unwrap(), "{1|-1}", "json X");
}

/// `value --json` carries the value's temperature theory: mean,
/// temperature, the thermograph's walls as exact `[t, value]`
/// breakpoints from t = −1 to the mast, the reduced canonical form and
/// the atomic weight (null with a reason unless all-small).
#[test]
fn temperature_fields_in_json() {
    let walls = |j: &serde_json::Value| -> (Vec<Vec<String>>, Vec<Vec<String>>) {
        let side = |k: &str| -> Vec<Vec<String>> {
            serde_json::from_value(j["thermograph"][k].clone()).expect("breakpoints")
        };
        (side("left"), side("right"))
    };
    let points = |ps: &[(&str, &str)]| -> Vec<Vec<String>> {
        ps.iter()
            .map(|(t, v)| vec![t.to_string(), v.to_string()])
            .collect()
    };
    // ±1 (an uncoloured edge): mean 0, temperature 1, walls 1 − t + 1 …
    let j = json(&["value", "--rules", "uncolored", "--json", "X"]);
    assert_eq!(
        (j["mean"].as_str(), j["temperature"].as_str()),
        (Some("0"), Some("1"))
    );
    assert_eq!(
        walls(&j),
        (
            points(&[("-1", "2"), ("1", "0")]),
            points(&[("-1", "-2"), ("1", "0")])
        )
    );
    assert_eq!(j["reduced"], "{1|-1}");
    assert!(j["atomic_weight"].is_null());
    let why = j["atomic_weight_reason"].as_str().unwrap();
    assert!(why.starts_with("not all-small"), "{why}");
    // ±{2|1/2}: temperature 5/4 (the option {2|1/2} freezes at 3/4 to 5/4).
    let j = json(&["value", "--rules", "uncolored", "--json", "XX"]);
    assert_eq!(
        (j["mean"].as_str(), j["temperature"].as_str()),
        (Some("0"), Some("5/4"))
    );
    // ↑ (a green edge beside a sprig): all-small, atomic weight 1,
    // reduced to 0.
    let j = json(&["value", "--json", "G GB"]);
    assert_eq!(j["pretty"], "↑");
    assert_eq!(
        (j["mean"].as_str(), j["temperature"].as_str()),
        (Some("0"), Some("0"))
    );
    assert_eq!(
        (j["atomic_weight"].as_str(), j["reduced"].as_str()),
        (Some("1"), Some("0"))
    );
    assert!(j.get("atomic_weight_reason").is_none());
    // Numbers: Siegel's convention, temperature −1/2^k for m/2^k.
    let j = json(&["value", "--json", "BR"]);
    assert_eq!(
        (j["mean"].as_str(), j["temperature"].as_str()),
        (Some("1/2"), Some("-1/2"))
    );
    assert_eq!(walls(&j).0, points(&[("-1", "1"), ("-1/2", "1/2")]));
    let j = json(&["value", "--json", "B"]);
    assert_eq!(j["temperature"], "-1");
    // A hot childish position (green edges): {1|0}, mean 1/2,
    // temperature 1/2.
    let j = json(&[
        "value",
        "--rules",
        "childish",
        "--json",
        "4-3:G 3-0:R 0-2:B 1-4:B 1-2:G",
    ]);
    assert_value(j["value"].as_str().unwrap(), "{1|0}", "childish");
    assert_eq!(
        (j["mean"].as_str(), j["temperature"].as_str()),
        (Some("1/2"), Some("1/2"))
    );
    // Quantum values are short games too.
    let j = json(&["value", "--rules", "quantum", "--json", "GB"]);
    assert!(j["temperature"].is_string() && j["mean"].is_string());
    // Misère and synchronous answers: null, with the reason.
    for args in [
        &["value", "--rules", "misere", "--json", "GB"][..],
        &["value", "--rules", "sync", "--json", "BR G"][..],
    ] {
        let j = json(args);
        for key in [
            "mean",
            "temperature",
            "thermograph",
            "reduced",
            "atomic_weight",
        ] {
            assert!(j[key].is_null(), "{args:?}: {key}");
        }
        assert!(j["temperature_reason"].is_string(), "{args:?}");
        assert!(j["atomic_weight_reason"].is_string(), "{args:?}");
    }
}

#[test]
fn unknown_flag() {
    let e = usage_error(&["value", "--frobnicate", "BR"]);
    assert!(e.contains("--frobnicate"), "{e}");
    usage_error(&["value", "--json=yes", "BR"]);
}

#[test]
fn malformed_positions_name_the_column() {
    let e = usage_error(&["value", "BR Q"]);
    assert!(e.contains("column 4"), "{e}");
    let e = usage_error(&["value", "0-1:B 1-2:Q"]);
    assert!(e.contains("column 11"), "{e}");
    let e = usage_error(&["value", "BR +"]);
    assert!(e.contains("column"), "{e}");
    let e = usage_error(&["value", "br"]);
    assert!(e.contains("column 1"), "{e}");
    for rules in ["normal", "misere", "childish", "uncolored"] {
        let e = usage_error(&["value", "--rules", rules, "B-R"]);
        assert!(e.contains("column"), "{rules}: {e}");
    }
    // A huge vertex number or far too many edges is still just bad input.
    usage_error(&["value", "0-99999999999999999999999:B"]);
    usage_error(&["value", &"B".repeat(1000)]);
}

#[test]
fn width_below_two() {
    for w in ["1", "0", "-3", "two"] {
        let e = usage_error(&["value", "--rules", "quantum", "--width", w, "BR"]);
        assert!(e.contains("width"), "{w}: {e}");
    }
}

#[test]
fn flavour_without_quantum() {
    for rules in [
        &["value", "--flavour", "A", "BR"][..],
        &["value", "--rules", "normal", "--flavour", "D", "BR"],
        &["value", "--rules", "childish", "--flavour", "C", "BR"],
        &["value", "--rules", "misere", "--width", "3", "BR"],
    ] {
        let e = usage_error(rules);
        assert!(e.contains("quantum"), "{rules:?}: {e}");
    }
    usage_error(&["value", "--rules", "quantum", "--flavour", "E", "BR"]);
    usage_error(&["value", "--conflict", "shared", "BR"]);
}

#[test]
fn missing_position_and_missing_values() {
    usage_error(&["value"]);
    usage_error(&["value", "--json"]);
    usage_error(&["value", "--rules", "childish"]);
    usage_error(&["value", "--rules"]);
    usage_error(&["value", "   "]);
}

#[test]
fn unknown_command_and_rules() {
    let e = usage_error(&["frobnicate", "BR"]);
    assert!(e.contains("frobnicate"), "{e}");
    usage_error(&[]);
    let e = usage_error(&["value", "--rules", "bogus", "BR"]);
    assert!(e.contains("bogus"), "{e}");
}

/// Synchronous values are exact rationals; `--json` carries both mixed
/// strategies as label → exact probability.
#[test]
fn sync_values_and_strategies() {
    assert_eq!(
        ok_line(&["value", "--rules", "sync", "BR", "BR", "BR"]),
        "5/6"
    );
    assert_eq!(ok_line(&["value", "--rules", "sync", "BR BR RB"]), "1/4");
    assert_eq!(
        ok_line(&["value", "--rules=sync", "--conflict", "tie", "BR B G"]),
        "2/3"
    );
    let j = json(&[
        "value",
        "--rules",
        "sync",
        "--json",
        "0-1:B 1-3:R 0-2:B 2-3:R",
    ]);
    assert_eq!(j["value"], "1/2");
    assert_eq!(j["outcome"], "L");
    assert_eq!(j["approximate"], false);
    assert_eq!(j["left_strategy"]["1"], "1/2");
    assert_eq!(j["left_strategy"]["3"], "1/2");
    assert_eq!(j["right_strategy"]["2"], "1/2");
    assert!(j.get("birthday").is_none(), "not a short game: {j}");
    // Shared green conflict (RULES.md §5): BR BR G = 1/2, Left plays green.
    let j = json(&["value", "--rules", "sync", "--json", "BR BR G"]);
    assert_eq!(j["value"], "1/2");
    assert_eq!(j["left_strategy"]["5"], "1");
}

/// Under replay the value may be irrational (BG RB G is √2 − 1): it is an
/// interval of at most the requested width, marked approximate.
#[test]
fn sync_replay_is_an_interval_of_the_stated_precision() {
    let j = json(&[
        "value",
        "--rules",
        "sync",
        "--conflict",
        "replay",
        "--precision",
        "1/1000",
        "--json",
        "BG RB G",
    ]);
    assert_eq!(j["approximate"], true);
    let v = j["value"].as_str().unwrap();
    let inner = v
        .strip_prefix("~[")
        .and_then(|s| s.strip_suffix(']'))
        .unwrap();
    let (lo, hi) = inner.split_once(", ").unwrap();
    let parse = |t: &str| {
        let (n, d) = t.split_once('/').unwrap();
        n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
    };
    let (lo, hi) = (parse(lo), parse(hi));
    let root = 2f64.sqrt() - 1.0;
    assert!(lo <= root && root <= hi && hi - lo <= 1e-3, "{v}");
    for bad in ["0", "-1/2", "abc", "1/0"] {
        let e = usage_error(&["value", "--rules", "sync", "--precision", bad, "BR"]);
        assert!(e.contains("--precision"), "{bad}: {e}");
    }
    usage_error(&["value", "--precision", "1/2", "BR"]);
    usage_error(&["value", "--rules", "sync", "X"]);
}

/// The sums-of-halves table: exact, antisymmetric, with the thesis' 9/14.
#[test]
fn sync_halves_table() {
    let out = run(&[
        "table", "--rules", "sync", "--m", "0..3", "--n", "0..3", "--csv", "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let csv = text(&out.stdout);
    let rows: Vec<Vec<String>> = csv
        .lines()
        .skip(1)
        .map(|l| {
            l.split(',')
                .skip(1)
                .map(|c| c.trim_matches('"').to_string())
                .collect()
        })
        .collect();
    assert_eq!(rows[3][1], "9/14");
    assert_eq!(rows[2][0], "1/2");
    let neg = |v: &str| match v.strip_prefix('-') {
        Some(pos) => pos.to_string(),
        None if v == "0" => v.to_string(),
        None => format!("-{v}"),
    };
    for (m, row) in rows.iter().enumerate() {
        for (n, v) in row.iter().enumerate() {
            assert_eq!(rows[n][m], neg(v), "V({n},{m}) = -V({m},{n})");
        }
    }
    usage_error(&["table", "--rules", "sync", "--flavour", "A"]);
}

// ---------------------------------------------------------------------
// Budgets and hostile input (issue 8): exit 2 for bad input, exit 3 with
// one line for work past its budget, never a panic, an abort or a hang.
// ---------------------------------------------------------------------

/// A run past its budget: exit 3, nothing but one line on stderr naming
/// the limit and the flag that raises it.
fn budget_stop(args: &[&str], flag: &str) -> (String, Output) {
    let out = run(args);
    let stderr = text(&out.stderr);
    let what: Vec<&str> = args
        .iter()
        .map(|a| if a.len() > 40 { "…" } else { a })
        .collect();
    assert_eq!(out.status.code(), Some(3), "{what:?}: stderr {stderr:?}");
    assert_eq!(stderr.lines().count(), 1, "{what:?}: {stderr:?}");
    assert!(stderr.contains(flag), "{what:?}: names {flag}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    (stderr, out)
}

/// A red/blue grid of `rows` × 6 vertices standing on the ground (its
/// first `edges` edges): connected, cycles everywhere, far beyond the
/// whole-graph search at 40 edges.
fn big_graph(edges: usize) -> String {
    let (rows, cols) = (edges / 8 + 1, 6);
    let v = |r: usize, c: usize| 1 + r * cols + c;
    let mut list: Vec<(usize, usize)> = (0..cols).map(|c| (0, v(0, c))).collect();
    for r in 0..rows {
        list.extend((0..cols - 1).map(|c| (v(r, c), v(r, c + 1))));
        if r + 1 < rows {
            list.extend((0..cols).map(|c| (v(r, c), v(r + 1, c))));
        }
    }
    list.iter()
        .take(edges)
        .enumerate()
        .map(|(i, (a, b))| format!("{a}-{b}:{}", if i * 7 % 3 == 0 { 'R' } else { 'B' }))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn misere_on_forty_edges_stops_at_the_memory_budget() {
    let position = big_graph(40);
    let start = std::time::Instant::now();
    let (stderr, _) = budget_stop(
        &[
            "value",
            "--rules",
            "misere",
            "--max-memory",
            "256M",
            &position,
        ],
        "--max-memory",
    );
    assert!(stderr.contains("256M"), "{stderr}");
    assert!(start.elapsed().as_secs() < 60, "stops promptly");
}

#[test]
fn every_classical_ruleset_honours_the_timeout() {
    let position = big_graph(40);
    for rules in ["normal", "childish", "misere"] {
        let (stderr, _) = budget_stop(
            &["value", "--rules", rules, "--timeout", "0.5", &position],
            "--timeout",
        );
        assert!(stderr.contains("0.5 s"), "{rules}: {stderr}");
    }
    let (_, _) = budget_stop(
        &[
            "value",
            "--rules",
            "uncolored",
            "--timeout",
            "0.5",
            "XXXXXXXXXXXXX XXXXXXXXXXX XXXXXXX",
        ],
        "--timeout",
    );
    let (_, _) = budget_stop(
        &[
            "value",
            "--rules",
            "sync",
            "--timeout",
            "0.5",
            &big_graph(60),
        ],
        "--timeout",
    );
}

#[test]
fn budget_flags_are_typed() {
    for bad in [
        &["value", "--max-memory", "lots", "BR"][..],
        &["value", "--max-memory", "0", "BR"],
        &["value", "--max-memory", "-1G", "BR"],
        &["value", "--timeout", "soon", "BR"],
        &["value", "--timeout", "0", "BR"],
        &["table", "--max-memory", "1Q"],
    ] {
        let e = usage_error(bad);
        assert!(e.contains("--max-memory") || e.contains("--timeout"), "{e}");
    }
    assert_eq!(
        ok_line(&["value", "--max-memory", "512M", "--timeout", "30", "BR"]),
        "1/2"
    );
}

#[test]
fn arguments_that_are_not_utf8_are_bad_input() {
    use std::os::unix::ffi::OsStrExt;
    let arg = std::ffi::OsStr::from_bytes(b"B\xffR");
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .arg("value")
        .arg(arg)
        .output()
        .expect("the binary runs");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("UTF-8"), "{stderr}");
}

#[test]
fn positions_past_the_edge_limit_are_bad_input() {
    // As green stalks (classical rules) Nim heaps are edges.
    let e = usage_error(&["value", "nim:64,64,1"]);
    assert!(e.contains("too many edges: 129 (at most 128)"), "{e}");
    let e = usage_error(&["value", &"B ".repeat(129)]);
    assert!(e.contains("too many edges: 129 (at most 128)"), "{e}");
}

#[test]
fn output_that_cannot_be_written_is_an_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // not every system has /dev/full
    };
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(["value", "BR"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("cannot write the output"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn replay_outcome_is_known_or_explained() {
    let v = json(&[
        "value",
        "--json",
        "--rules",
        "sync",
        "--conflict",
        "replay",
        "RBB G BG R",
    ]);
    match v["outcome"].as_str() {
        Some(o) => assert!(["L", "R", "P", "N"].contains(&o), "{v}"),
        None => {
            let why = v["outcome_unknown"]
                .as_str()
                .expect("why the outcome is unknown");
            assert!(why.contains("the value lies in"), "{why}");
        }
    }
    assert_ne!(v["outcome"], "?");
}

#[test]
fn pretty_notation_as_people_write_it() {
    assert_eq!(ok_line(&["value", "--pretty", "BR G GR"]), "1/2↓");
    assert_eq!(ok_line(&["value", "--pretty", "B GR"]), "1↓*");
    assert_eq!(ok_line(&["value", "BR G GR"]), "{1/2*|1/2}");
    assert_eq!(
        ok_line(&["value", "--pretty", "--rules", "misere", "G"]),
        "misère outcome P"
    );
}

#[test]
fn help_and_version_go_to_stdout() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("value"));
    let out = run(&["help", "value"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("--max-memory"));
    assert!(text(&run(&["--version"]).stdout).starts_with("hackenbush "));
}

#[test]
fn tables_print_every_finished_cell_and_mark_the_rest() {
    let out = run(&[
        "table",
        "--n",
        "0..8",
        "--m",
        "0..8",
        "--max-memory",
        "8M",
        "--quiet",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--max-memory"), "{stderr}");
    // Small cells are finished (RULES.md §5: row n = 0 is P R R …), large
    // ones marked, and the table says why.
    assert!(stdout.contains("| 0 | P | R | R |"), "{stdout}");
    assert!(stdout.contains("| — |"), "{stdout}");
    assert!(
        stdout.contains("not finished: the memory budget of 8M is used up"),
        "{stdout}"
    );
    // Sums of halves: the entries finished before the budget ran out.
    let out = run(&[
        "table",
        "--rules",
        "sync",
        "--m",
        "0..9",
        "--n",
        "0..9",
        "--max-memory",
        "256K",
        "--quiet",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("| 0 | 0 |"), "{stdout}");
    assert!(stdout.contains("—"), "{stdout}");
}

/// The 12 × 12 sums-of-halves table needs only a few thousand positions, but
/// each can take a second of big-number arithmetic: the deadline must still
/// stop it (the clock is read at every position, not every few thousand).
#[test]
fn sync_halves_table_honours_the_timeout() {
    let out = run(&[
        "table",
        "--rules",
        "sync",
        "--m",
        "0..12",
        "--n",
        "0..12",
        "--timeout",
        "1",
        "--quiet",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--timeout"), "{stderr}");
    // Issue 26: the run ends within 1.1 × the timeout + 0.5 s. A step of
    // big-number arithmetic can outlast that; then the process stops with
    // the same line but without the table, else it prints the cells done.
    if !stdout.is_empty() {
        assert!(stdout.contains("| 0 | 0 |"), "{stdout}");
        assert!(stdout.contains("—"), "{stdout}");
    }
}

#[test]
fn quantum_moves_replay_and_illegal_moves() {
    // Left superposes both blue halves, Right cuts the red whole.
    let v = ok_line(&[
        "value",
        "--rules",
        "quantum",
        "--flavour",
        "D",
        "--moves",
        "1+3 5",
        "BR BR R",
    ]);
    assert!(!v.is_empty());
    let j = json(&[
        "value", "--rules", "quantum", "--json", "--moves", "1:2+2:1", "nim:2,2",
    ]);
    assert_eq!(j["realisations"].as_array().map(Vec::len), Some(2), "{j}");
    let e = usage_error(&[
        "value",
        "--rules",
        "quantum",
        "--flavour",
        "C",
        "--moves",
        "1+3 4",
        "BR BR R",
    ]);
    assert!(e.contains("move 2") && e.contains("4"), "{e}");
    let e = usage_error(&["value", "--rules", "quantum", "--moves", "5:1", "nim:2,2"]);
    assert!(e.contains("5:1"), "{e}");
}

#[test]
fn census_counts_checks_and_errors() {
    let out = run(&["census", "--quiet", "--class", "stalks", "--size", "3"]);
    assert_eq!(out.status.code(), Some(0));
    let printed = text(&out.stdout);
    assert!(
        printed.contains("| 3 | 8 | 8 | 0 |") && printed.contains("14 positions"),
        "{printed}"
    );
    let out = run(&[
        "census",
        "--quiet",
        "--property",
        "8.4",
        "--class",
        "stalks",
        "--colours",
        "G",
        "--size",
        "1",
    ]);
    let printed = text(&out.stdout);
    assert!(
        printed.contains("Fails on 1 of 1") && printed.contains("`G`"),
        "{printed}"
    );
    for bad in [
        &["census", "--class", "forests"][..],
        &["census", "--property", "8.2"],
        &["census", "--colours", "BQ"],
        &["census", "--property", "quantum:A:1 = normal"],
        &["census", "--property", "green", "--colours", "BG"],
        &["census", "--size", "5..2"],
    ] {
        usage_error(bad);
    }
    // Past the budget: what was checked is printed, then exit 3.
    let out = run(&[
        "census",
        "--quiet",
        "--property",
        "8.6",
        "--size",
        "12",
        "--timeout",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr).lines().count(), 1);
    assert!(
        text(&out.stdout).contains("Stopped: the time limit"),
        "{}",
        text(&out.stdout)
    );
}

/// A mixed stalk of 30 edges is valued at once, but its plain form has
/// billions of characters (the canonical form is a DAG; printing expands
/// it): `value` stops with exit 3 before printing, naming the budget that
/// would print it, instead of spending minutes and gigabytes on braces.
#[test]
fn values_too_long_to_print_stop_at_the_text_limit() {
    let stalk = "BRGRBGGBRRGBBGRGBRGGBRBGRGBGRB";
    for args in [
        &["value", stalk][..],
        &["value", "--json", stalk],
        &["options", stalk],
    ] {
        let (stderr, out) = budget_stop(args, "--max-memory");
        assert!(stderr.contains("characters"), "{stderr}");
        if args[0] == "value" {
            // What is known without the text.
            assert!(
                stderr.trim_end().ends_with("; outcome L, birthday 30"),
                "{stderr}"
            );
        }
        assert!(out.stdout.is_empty());
    }
    // A smaller budget lowers the limit: this 14-edge stalk prints 19,109
    // characters, over a quarter of 64K; the budget the message names
    // prints it.
    let short = "BRGRBGGBRRGBBG";
    let printed = ok_line(&["value", short]);
    assert_eq!(printed.len(), 19_109);
    let (stderr, _) = budget_stop(&["value", "--max-memory", "64K", short], "--max-memory");
    assert!(stderr.contains("19109 characters"), "{stderr}");
    let needed = stderr.split("--max-memory ").nth(1).unwrap();
    let needed = needed.split_whitespace().next().unwrap();
    assert_eq!(ok_line(&["value", "--max-memory", needed, short]), printed);
}

// ---------- issue 25: CGSuite strings, convert, draw, LaTeX ----------

/// A successful run's whole stdout (several lines allowed).
fn ok_text(args: &[&str]) -> String {
    let out = run(args);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{args:?}: stderr {stderr}");
    assert!(stderr.is_empty(), "{args:?}: stderr {stderr}");
    stdout
}

#[test]
fn cgsuite_strings_are_positions_everywhere() {
    assert_eq!(ok_line(&["value", "cgsuite:lrlrrllr"]), "77/128");
    assert_eq!(
        ok_line(&["value", "--rules", "childish", "cgsuite::{g}llllllrrrr:{g}"]),
        "{4|-2}"
    );
    // Puzzles, options and moves read them too (labels in string order).
    let options = ok_text(&["options", "cgsuite:l(l;rl)"]);
    assert!(options.contains("3/2"), "{options}");
    assert_eq!(
        ok_line(&["puzzle", "--question", "win:L", "cgsuite:lr"]),
        "1"
    );
    let e = usage_error(&["value", "cgsuite:lrlr;lr"]);
    assert!(
        e.contains("column 14") && e.contains("not connected"),
        "{e}"
    );
    let e = usage_error(&["value", "cgsuite:l(l;r"]);
    assert!(e.contains("column 10"), "{e}");
}

/// There and back through the binary: the same value, the same string.
#[test]
fn convert_round_trips() {
    for position in [
        "BR BR R",
        "0-1:B 1-3:R 0-2:B 2-3:R",
        "0-1:G 0-1:G 1-1:B 1-2:R 2-0:B",
        "nim:3,2",
        "cgsuite:e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))",
    ] {
        let cg = ok_line(&["convert", "--to", "cgsuite", position]);
        assert!(cg.starts_with("cgsuite:"), "{cg}");
        let edges = ok_line(&["convert", "--to", "edges", &cg]);
        let json = ok_line(&["convert", "--to", "json", &edges]);
        assert_eq!(ok_line(&["convert", "--to", "cgsuite", &json]), cg);
        assert_eq!(ok_line(&["convert", "--to", "cgsuite", &edges]), cg);
        let value = ok_line(&["value", position]);
        for other in [&cg, &edges] {
            assert_value(&ok_line(&["value", other]), &value, other);
        }
    }
}

#[test]
fn convert_refuses_what_a_notation_cannot_write() {
    let e = usage_error(&["convert", "--to", "cgsuite", "BXB"]);
    assert!(e.contains("edge 2 is uncoloured"), "{e}");
    let e = usage_error(&["convert", "--to", "cgsuite", "B 1-2:R"]);
    assert!(e.contains("does not reach the ground"), "{e}");
    let e = usage_error(&["convert", "--to", "edges", "cgsuite:."]);
    assert!(e.contains("no edges"), "{e}");
    let e = usage_error(&[
        "convert",
        "--to",
        "cgsuite",
        "{\"version\":1,\"vertices\":[{\"x\":0,\"y\":0}],\"edges\":[]}",
    ]);
    assert!(e.contains("empty position"), "{e}");
    usage_error(&["convert", "--to", "dot", "BR"]);
    usage_error(&["convert", "--to", "edges", "{\"version\":1}"]);
}

#[test]
fn latex_values() {
    let cases = [
        ("BRR", "\\frac{1}{4}"),
        ("BRR R", "-\\frac{3}{4}"),
        ("cgsuite:l(l;rl)", "1\\frac{1}{2}"),
        ("GG", "{*}2"),
        ("GB", "\\uparrow{*}"),
        ("cgsuite:l(e;r)", "\\frac{1}{2}{*}"),
        (
            "cgsuite:lrlerrr",
            "\\{\\frac{3}{4} \\mid \\frac{3}{4}, \\{\\frac{3}{4} \\mid \\frac{3}{4}, \\frac{3}{4}\\downarrow{*}\\}\\}",
        ),
    ];
    for (position, latex) in cases {
        assert_eq!(
            ok_line(&["value", "--latex", position]),
            latex,
            "{position}"
        );
    }
    let hot = [
        "value",
        "--latex",
        "--rules",
        "childish",
        "cgsuite::{g}llllllrrrr:{g}",
    ];
    assert_eq!(ok_line(&hot), "1\\pm 3");
    assert_eq!(
        ok_line(&["value", "--latex", "--rules", "sync", "BR BR BR"]),
        "\\frac{5}{6}"
    );
    assert_eq!(
        ok_line(&["value", "--latex", "--rules", "misere", "BR"]),
        "\\mathcal{R}"
    );
    usage_error(&["value", "--latex", "--json", "BR"]);
}

#[test]
fn draw_tikz_and_svg() {
    let tex = ok_text(&["draw", "--labels", "BR G"]);
    assert!(tex.contains("\\begin{document}") && tex.contains("\\end{tikzpicture}"));
    assert_eq!(tex.matches("\\draw[blue edge]").count(), 1);
    assert_eq!(tex.matches("\\draw[red edge]").count(), 1);
    assert_eq!(tex.matches("\\draw[green edge]").count(), 1);
    assert_eq!(tex.matches("\\node[edge label]").count(), 3);
    let bare = ok_text(&["draw", "--bare", "--caption", "BR"]);
    assert!(bare.starts_with("\\begin{tikzpicture}") && !bare.contains("documentclass"));
    assert!(bare.contains("value $\\frac{1}{2}$"), "{bare}");
    let svg = ok_text(&["draw", "--format", "svg", "--caption", "BR"]);
    assert!(
        svg.starts_with("<svg") && svg.contains("value 1/2"),
        "{svg}"
    );
    assert_eq!(svg.matches("<path").count(), 2);
    // Position JSON keeps its coordinates.
    let json = r#"{"version":1,"vertices":[{"x":0,"y":0},{"x":3,"y":2}],"edges":[{"u":0,"v":1,"colour":"G"}]}"#;
    let tex = ok_text(&["draw", "--bare", json]);
    assert!(tex.contains("\\draw[green edge] (3,0) -- (3,2);"), "{tex}");
    usage_error(&["draw", "--format", "svg", "--bare", "BR"]);
    usage_error(&["draw", "--format", "pdf", "BR"]);
    usage_error(&["draw", "--caption", "--flavour", "A", "BR"]);
    // A value past the caption's budget is left out, not an error.
    let slow = ok_text(&["draw", "--caption", "--timeout", "0.001", &"BGR".repeat(12)]);
    assert!(
        slow.contains("normal play") && !slow.contains("value"),
        "{slow}"
    );
}

#[test]
fn help_for_the_new_commands() {
    let convert = ok_text(&["help", "convert"]);
    assert!(
        convert.contains("--to") && convert.contains("cgsuite"),
        "{convert}"
    );
    let draw = ok_text(&["help", "draw"]);
    assert!(draw.contains("--format") && draw.contains("tikz"), "{draw}");
}
