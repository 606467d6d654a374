//! The classroom family of issue 24: seeded random connected drawings of
//! 8–10 edges (blue, red and green; trees with a few cycles, as
//! `presets::random` grows them), valued under quantum rules in every
//! flavour at widths 2, 3 and unbounded. A cell is what `value --json`
//! computes: the value, the outcome and both players' best moves (through
//! `analysis::analyse`, the CLI's and the page's one entry).
//!
//! `cargo bench --bench quantum_classroom -- [--drawings N] [--seed S]
//! [--cap SECONDS] [--flavours A,C,D] [--widths 2,3,unbounded]
//! [--old PATH] [--old-cap SECONDS] [--only K] [--play K] [--stages]
//! [--list]`
//!
//! Times are CPU seconds (user + system, 10 ms resolution; the machine is
//! shared, so wall time would measure the neighbours). Every cell runs
//! under a `--cap` wall-clock deadline (default 60 s) and reports "over"
//! past it. `--old PATH` also runs each cell through another build
//! of the `hackenbush` binary (e.g. main's, built in a separate worktree)
//! as `value --json --timeout CAP` in a child process, side by side, and
//! checks that both give the same value, outcome and best moves. Then this
//! build runs each cell the same way, through its own `hackenbush` binary
//! in a child process, so both figures include process start-up (a few
//! ms) and the page faults of fresh tables: the same code analysed in
//! this process, which reuses memory its earlier cells freed, measured
//! 1.0–1.7 times faster by family than in a child process, which would
//! count as a speed-up that is not there. `--old-cap` bounds the
//! old runs separately (they can be much slower). `--only K` runs drawing
//! K alone. `--play K` then plays up to K moves of each finished cell
//! (each side's first best move in turn) and times the analysis of every
//! position reached as the page's worker makes it: with the solver kept
//! from the cell's analysis (`analysis::keep_solvers`); the line shows the
//! slowest of them after "play". `--stages` analyses each cell in stages,
//! as the page and `value --progress` do, and shows when each stage came
//! (CPU seconds from the start): the outcome, the value, and each
//! player's best moves (`L`, `R`; `L*` when they win); the family table
//! then counts the cells whose value came after 1 s, apart from those
//! whose best moves did. `--list` prints the drawings alone, a
//! `K POSITION` line each (what `benches/page_play.mjs` times in the page
//! with `CELLS=FILE`).
//!
//! Prints one line per cell, then per family (flavour × width) the number
//! of cells, the slowest cell, the cells over 1 s (with `--stages`, also
//! those whose value came after 1 s) and, with `--old`, the ratio of
//! total times (cells over the cap counted at the cap).
//! Not run by CI.

/// As in the `hackenbush` binary, so the figures are what the tool does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use hackenbush_lab::analysis::{
    analyse, analyse_in_stages, keep_solvers, thermal, Answer, QuantumOptions, Request, Rules,
    Stage,
};
use hackenbush_lab::budget::{Budget, ByteSize, Timeout};
use hackenbush_lab::position::{presets, Colour};
use hackenbush_lab::quantum::{Flavour, Setting, Width};
use hackenbush_lab::rules::Player;
use std::process::Command;

#[path = "support/cpu.rs"]
mod cpu;

/// CPU seconds (user + system) of this thread, and of the children this
/// process has waited for, from /proc in clock ticks (1/100 s): the
/// machine is shared, so wall time measures the neighbours too. 0 where
/// /proc is unavailable.
fn cpu_seconds() -> (f64, f64) {
    (
        cpu::stat_seconds("/proc/thread-self/stat", 14, 15),
        cpu::stat_seconds("/proc/self/stat", 16, 17),
    )
}

struct Opts {
    drawings: usize,
    seed: u64,
    cap: f64,
    old_cap: f64,
    flavours: Vec<Flavour>,
    widths: Vec<Width>,
    old: Option<String>,
    only: Option<usize>,
    play: usize,
    stages: bool,
    list: bool,
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        drawings: 10,
        seed: 24,
        cap: 60.0,
        old_cap: 60.0,
        flavours: Flavour::ALL.to_vec(),
        widths: vec![Width::Limited(2), Width::Limited(3), Width::Unbounded],
        old: None,
        only: None,
        play: 0,
        stages: false,
        list: false,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--drawings" => o.drawings = val.parse().expect("--drawings N"),
            "--seed" => o.seed = val.parse().expect("--seed S"),
            "--cap" => o.cap = val.parse().expect("--cap SECONDS"),
            "--old-cap" => o.old_cap = val.parse().expect("--old-cap SECONDS"),
            "--old" => o.old = Some(val),
            "--only" => o.only = Some(val.parse().expect("--only K")),
            "--play" => o.play = val.parse().expect("--play K"),
            "--list" => {
                o.list = true;
                i += 1;
                continue;
            }
            "--stages" => {
                o.stages = true;
                i += 1;
                continue;
            }
            "--flavours" => {
                o.flavours = val
                    .split(',')
                    .map(|f| {
                        *Flavour::ALL
                            .iter()
                            .find(|x| x.name() == f)
                            .expect("a flavour")
                    })
                    .collect()
            }
            "--widths" => {
                o.widths = val
                    .split(',')
                    .map(|w| match w {
                        "unbounded" => Width::Unbounded,
                        n => Width::Limited(n.parse().expect("a width")),
                    })
                    .collect()
            }
            // cargo bench passes --bench.
            _ => {
                i += 1;
                continue;
            }
        }
        i += 2;
    }
    assert!(
        !(o.stages && o.old.is_some()),
        "--stages analyses cells in this process, --old runs both builds as child processes: use one"
    );
    o
}

/// The drawing of index `k`: 8, 9 or 10 edges, connected (every edge
/// reaches the ground by construction), with at least one cycle or
/// parallel edge where the generator made one.
fn drawing(seed: u64, k: usize) -> String {
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let edges = 8 + k % 3;
    presets::random(
        seed.wrapping_mul(1000).wrapping_add(k as u64),
        edges,
        &colours,
    )
    .to_string()
}

/// What a cell's answer is compared on: value, outcome, best moves.
fn summary(value: &str, outcome: &str, left: &[String], right: &[String]) -> String {
    let mut l = left.to_vec();
    let mut r = right.to_vec();
    l.sort();
    r.sort();
    format!("{value} {outcome} L[{}] R[{}]", l.join(" "), r.join(" "))
}

enum Run {
    Done(Cell),
    Over,
}

/// A finished cell.
struct Cell {
    /// CPU seconds of the whole analysis.
    secs: f64,
    /// What the answer is compared on ([`summary`]).
    answer: String,
    /// With `--stages`, when the value came (CPU seconds from the start).
    value_secs: Option<f64>,
    /// Shown after the time: the stages' times, the slowest analysis in
    /// play.
    notes: Vec<String>,
}

/// The stages of one analysis as they came, each with this thread's CPU
/// seconds when it came.
type StageLog = std::rc::Rc<std::cell::RefCell<Vec<(Stage, f64)>>>;

/// When the value came in `log` (CPU seconds from `start`), and the line
/// shown for the cell: the outcome, the value and each player's best
/// moves, each with its time.
fn stage_times(log: &[(Stage, f64)], start: f64) -> (Option<f64>, String) {
    let mut value = None;
    let mut parts = Vec::new();
    for (stage, at) in log {
        let name = match stage {
            Stage::Outcome { .. } => "outcome".to_string(),
            Stage::Value { .. } => {
                value = Some(at - start);
                "value".to_string()
            }
            Stage::BestMoves {
                player, winning, ..
            } => format!("{player}{}", if *winning { "*" } else { "" }),
            _ => continue,
        };
        parts.push(format!("{name} {:.2}", at - start));
    }
    (value, format!("stages {}", parts.join(" ")))
}

fn cell_budget(cap: f64) -> Budget {
    Budget::new(
        ByteSize::gib(2),
        Some(Timeout {
            millis: (cap * 1000.0) as u64,
        }),
    )
}

/// The slowest analysis (CPU seconds) of up to `moves` positions reached
/// by playing each side's first best move in turn from `req`, with the
/// solver kept from the analysis of `req` (`None`: one did not finish).
fn play_on(mut req: Request, first: Answer, moves: usize, cap: f64) -> Option<f64> {
    let mut slowest: f64 = 0.0;
    let mut answer = first;
    let mut mover = Player::Left;
    for _ in 0..moves {
        let advice = match mover {
            Player::Left => answer.left_moves,
            Player::Right => answer.right_moves,
        };
        let Some(mv) = advice.and_then(|a| a.labels.first().cloned()) else {
            break;
        };
        req.moves.push(mv);
        mover = mover.opponent();
        let budget = cell_budget(cap);
        let t = cpu_seconds().0;
        answer = analyse(&req, &budget).ok()?;
        let _ = thermal(&answer, &req.rules, &budget);
        slowest = slowest.max(cpu_seconds().0 - t);
    }
    Some(slowest)
}

fn run_new(
    position: &str,
    flavour: Flavour,
    width: Width,
    cap: f64,
    play: usize,
    stages: bool,
) -> Run {
    let rules = Rules::Quantum(QuantumOptions {
        setting: Setting::new(flavour, width),
        ..Default::default()
    });
    let req = Request::new(position, rules.clone());
    let budget = cell_budget(cap);
    keep_solvers(play > 0);
    let log = StageLog::default();
    let t = cpu_seconds().0;
    let analysed = if stages {
        let log = log.clone();
        analyse_in_stages(&req, &budget, move |stage| {
            log.borrow_mut().push((stage, cpu_seconds().0))
        })
    } else {
        analyse(&req, &budget)
    };
    match analysed {
        Ok(a) => {
            let _ = thermal(&a, &rules, &budget);
            let secs = cpu_seconds().0 - t;
            let moves = |m: &Option<hackenbush_lab::analysis::MoveAdvice>| {
                m.as_ref().map(|m| m.labels.clone()).unwrap_or_default()
            };
            let outcome = a
                .outcome
                .map(|o| o.letter().to_string())
                .unwrap_or_default();
            let text = summary(
                &a.value,
                &outcome,
                &moves(&a.left_moves),
                &moves(&a.right_moves),
            );
            let mut notes = Vec::new();
            let mut value_secs = None;
            if stages {
                let (value, line) = stage_times(&log.borrow(), t);
                value_secs = value;
                notes.push(line);
            }
            if play > 0 {
                let slowest = play_on(req, a, play, cap);
                keep_solvers(false);
                notes.push(match slowest {
                    Some(s) => format!("play {s:.3}s"),
                    None => "play over".into(),
                });
            }
            Run::Done(Cell {
                secs,
                answer: text,
                value_secs,
                notes,
            })
        }
        Err(_) => Run::Over,
    }
}

/// This build's `hackenbush` binary (Cargo builds it for benchmarks).
const THIS_BUILD: &str = env!("CARGO_BIN_EXE_hackenbush");

/// A cell run by the `hackenbush` binary `bin` as `value --json` in a
/// child process, timed by the CPU time of the children waited for.
fn run_binary(bin: &str, position: &str, flavour: Flavour, width: Width, cap: f64) -> Run {
    let t = cpu_seconds().1;
    let out = Command::new(bin)
        .args([
            "value",
            "--rules",
            "quantum",
            "--flavour",
            flavour.name(),
            "--width",
            &width.to_string(),
            "--timeout",
            &format!("{cap}"),
            "--json",
            position,
        ])
        .output()
        .unwrap_or_else(|e| panic!("run {bin}: {e}"));
    let secs = cpu_seconds().1 - t;
    if !out.status.success() {
        return Run::Over;
    }
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("the JSON of value --json");
    let labels = |key: &str| -> Vec<String> {
        v[key]["labels"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|x| x.as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    };
    Run::Done(Cell {
        secs,
        answer: summary(
            v["value"].as_str().unwrap_or(""),
            v["outcome"].as_str().unwrap_or(""),
            &labels("left_moves"),
            &labels("right_moves"),
        ),
        value_secs: None,
        notes: Vec::new(),
    })
}

#[derive(Default)]
struct Family {
    cells: usize,
    total: f64,
    old_total: f64,
    slowest: (f64, String),
    old_slowest: (f64, String),
    over_1s: usize,
    /// With `--stages`: cells whose value came after 1 s (or not at all).
    value_over_1s: usize,
    old_over_1s: usize,
    over_cap: usize,
    old_over_cap: usize,
}

fn show(r: &Run) -> String {
    match r {
        Run::Done(c) => format!("{:8.3}s", c.secs),
        Run::Over => "    over".into(),
    }
}

fn main() {
    let o = parse_opts();
    if o.list {
        for k in 0..o.drawings {
            println!("{k} {}", drawing(o.seed, k));
        }
        return;
    }
    let mut families: Vec<((Flavour, Width), Family)> = Vec::new();
    for &w in &o.widths {
        for &f in &o.flavours {
            families.push(((f, w), Family::default()));
        }
    }
    let mut mismatches = 0;
    for k in 0..o.drawings {
        if o.only.is_some_and(|only| only != k) {
            continue;
        }
        let position = drawing(o.seed, k);
        println!("drawing {k}: {position}");
        for ((f, w), fam) in families.iter_mut() {
            // Against another build, both sides run as child processes
            // alike (see the module doc); played cells need the solver
            // kept in this process.
            let new = match &o.old {
                Some(_) if o.play == 0 => run_binary(THIS_BUILD, &position, *f, *w, o.cap),
                _ => run_new(&position, *f, *w, o.cap, o.play, o.stages),
            };
            let old = o
                .old
                .as_ref()
                .map(|bin| run_binary(bin, &position, *f, *w, o.old_cap));
            let name = format!("d{k} {f} w{w}");
            fam.cells += 1;
            let t = match &new {
                Run::Done(c) => c.secs,
                Run::Over => {
                    fam.over_cap += 1;
                    o.cap
                }
            };
            fam.total += t;
            if t > 1.0 {
                fam.over_1s += 1;
            }
            let value_at = match &new {
                Run::Done(c) => c.value_secs.unwrap_or(c.secs),
                Run::Over => o.cap,
            };
            if value_at > 1.0 {
                fam.value_over_1s += 1;
            }
            if t > fam.slowest.0 {
                fam.slowest = (t, name.clone());
            }
            let mut line = format!("  {f:3} w{w:9} new {}", show(&new));
            if let Some(old) = &old {
                let t = match old {
                    Run::Done(c) => c.secs,
                    Run::Over => {
                        fam.old_over_cap += 1;
                        o.old_cap
                    }
                };
                fam.old_total += t;
                if t > 1.0 {
                    fam.old_over_1s += 1;
                }
                if t > fam.old_slowest.0 {
                    fam.old_slowest = (t, name.clone());
                }
                line += &format!("  old {}", show(old));
                if let (Run::Done(a), Run::Done(b)) = (&new, old) {
                    let (a, b) = (&a.answer, &b.answer);
                    if a != b {
                        mismatches += 1;
                        line += &format!("  MISMATCH new {a} / old {b}");
                    }
                }
            }
            if let Run::Done(c) = &new {
                for note in &c.notes {
                    line += &format!("  {note}");
                }
                line += &format!("  {}", c.answer);
            }
            println!("{line}");
        }
    }
    println!();
    if o.stages {
        println!("| family | cells | total | slowest | >1s | value >1s | over |");
        println!("|---|---|---|---|---|---|---|");
        for ((f, w), fam) in &families {
            println!(
                "| {f} w{w} | {} | {:.3}s | {:.3}s ({}) | {} | {} | {} |",
                fam.cells,
                fam.total,
                fam.slowest.0,
                fam.slowest.1,
                fam.over_1s,
                fam.value_over_1s,
                fam.over_cap,
            );
        }
        return;
    }
    println!("| family | cells | new total | new slowest | new >1s | new over | old total | old slowest | old >1s | old over | old/new |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for ((f, w), fam) in &families {
        let ratio = if fam.total > 0.0 && o.old.is_some() {
            format!("{:.1}×", fam.old_total / fam.total)
        } else {
            "-".into()
        };
        println!(
            "| {f} w{w} | {} | {:.3}s | {:.3}s ({}) | {} | {} | {:.3}s | {:.3}s ({}) | {} | {} | {ratio} |",
            fam.cells,
            fam.total,
            fam.slowest.0,
            fam.slowest.1,
            fam.over_1s,
            fam.over_cap,
            fam.old_total,
            fam.old_slowest.0,
            fam.old_slowest.1,
            fam.old_over_1s,
            fam.old_over_cap,
        );
    }
    if mismatches > 0 {
        println!("{mismatches} cells differ between old and new");
        std::process::exit(1);
    }
}
