//! Classical (normal-play Red-Blue-Green) values of larger positions:
//! random 16–24-edge graphs and sums of 10 random stalks. Run with
//! `cargo bench --bench classical`; prints the time per position and the
//! search's size (memoised states, arena games, components).
//!
//! `HACKENBUSH_BENCH_QUICK=1` runs one position per size (a smoke run).

use hackenbush_lab::position::{self, presets, Colour, Position};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::Hackenbush;
use hackenbush_lab::solve::Solver;
use std::time::{Duration, Instant};

/// Solve one position; print a line and return the time taken.
fn solve(label: &str, p: Position) -> Duration {
    let edges = p.edge_count();
    let text = position::print(&p);
    let rules = Hackenbush::new(p);
    let start = rules.start();
    let components = rules.position.components(start).len();
    let t = Instant::now();
    let mut solver = Solver::new(rules);
    let v = solver.value(&start).unwrap();
    let elapsed = t.elapsed();
    let mut value = solver.arena.plain(v);
    if value.len() > 40 {
        value = format!("{}… ({} chars)", &value[..40], value.len());
    }
    println!(
        "{label:<12} {edges:>2} edges {components:>2} comps {:>10.3} ms  states {:>8}  arena {:>7}  {value}  [{text}]",
        elapsed.as_secs_f64() * 1e3,
        solver.memo_len(),
        solver.arena.len(),
    );
    elapsed
}

fn summary(label: &str, times: &[Duration]) {
    let total: Duration = times.iter().sum();
    let max = times.iter().max().copied().unwrap_or_default();
    println!(
        "== {label}: {} positions, mean {:.3} ms, max {:.3} ms, total {:.3} s",
        times.len(),
        total.as_secs_f64() * 1e3 / times.len().max(1) as f64,
        max.as_secs_f64() * 1e3,
        total.as_secs_f64()
    );
}

fn main() {
    let quick = std::env::var_os("HACKENBUSH_BENCH_QUICK").is_some();
    let per_size = if quick { 1 } else { 4 };
    let rbg = [Colour::Blue, Colour::Red, Colour::Green];
    let rb = [Colour::Blue, Colour::Red];

    for (name, palette) in [("random-RB", &rb[..]), ("random-RBG", &rbg[..])] {
        let mut times = Vec::new();
        for edges in (16..=24).step_by(2) {
            for k in 0..per_size {
                let seed = 1000 * edges as u64 + k;
                times.push(solve(name, presets::random(seed, edges, palette)));
            }
        }
        summary(name, &times);
    }

    let mut rng = SplitMix64(10);
    let stalk_count = if quick { 2 } else { 8 };
    for (name, letters) in [
        ("stalks-RB", &['B', 'R'][..]),
        ("stalks-RBG", &['B', 'R', 'G'][..]),
    ] {
        let mut times = Vec::new();
        for _ in 0..stalk_count {
            let stalks: Vec<String> = (0..10)
                .map(|_| {
                    let len = 2 + rng.below(4);
                    (0..len)
                        .map(|_| letters[rng.below(letters.len())])
                        .collect()
                })
                .collect();
            let p = position::parse(&stalks.join(" ")).expect("stalk notation");
            times.push(solve(name, p));
        }
        summary(name, &times);
    }
}
