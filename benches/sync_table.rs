//! Sums of halves `m × BR + n × RB` in synchronous Hackenbush, exactly, with
//! timings. Run with `cargo bench --bench sync_table -- [--exact] [MAX ...]`
//! (default: 9 then 10). Each size starts from an empty memo so the timings
//! are independent. The table is filled row by row with one memo, so a
//! cell's time is the work it added (the positions it needed that no earlier
//! cell did); the per-cell table shows those increments in seconds.
//!
//! The values are exact, but their denominators reach thousands of digits,
//! so the table shows 6-decimal roundings (computed with integers) and then
//! every entry whose fraction is short; `--exact` prints every fraction.

/// As in the `hackenbush` binary, so the figures are what the tool does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::time::Instant;

use hackenbush_lab::sync::{format_rational, halves_table_with, Conflict};
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;

/// `v` rounded to `digits` decimals, by integer arithmetic only.
fn decimal(v: &BigRational, digits: u32) -> String {
    let scale = BigInt::from(10u32).pow(digits);
    let twice: BigInt = v.numer() * &scale * 2 + v.denom();
    let rounded = twice.div_floor(&(v.denom() * BigInt::from(2)));
    let (sign, mag) = if rounded < BigInt::from(0) {
        ("-", -rounded)
    } else {
        ("", rounded)
    };
    let (int, frac) = mag.div_rem(&scale);
    format!("{sign}{int}.{frac:0>width$}", width = digits as usize)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let exact = args.iter().any(|a| a == "--exact");
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let sizes = if sizes.is_empty() { vec![9, 10] } else { sizes };
    for max in sizes {
        println!("== m × BR + n × RB, m, n ≤ {max}: rows m, columns n ==");
        let start = Instant::now();
        let mut row_done = Vec::new();
        let mut cell_secs = vec![vec![0.0f64; max + 1]; max + 1];
        let mut last = 0.0f64;
        let mut states = 0;
        let budget = hackenbush_lab::budget::Budget::default();
        let table = halves_table_with(max, max, Conflict::Shared, &budget, |m, n, _, s| {
            states = s;
            let now = start.elapsed().as_secs_f64();
            cell_secs[m][n] = now - last;
            last = now;
            if n == max {
                row_done.push(start.elapsed());
            }
        });
        let total = start.elapsed();
        let table = match table {
            Ok(t) => t,
            Err(e) => {
                println!("failed: {e}");
                continue;
            }
        };
        for (m, row) in table.iter().enumerate() {
            let cells: Vec<String> = row
                .iter()
                .map(|v| format!("{:>10}", decimal(v, 6)))
                .collect();
            println!(
                "m={m:2} [{:8.3}s] {}",
                row_done[m].as_secs_f64(),
                cells.join("")
            );
        }
        println!("seconds per cell (rows m, columns n):");
        for (m, row) in cell_secs.iter().enumerate() {
            let cells: Vec<String> = row.iter().map(|t| format!("{t:>9.3}")).collect();
            println!("m={m:2} {}", cells.join(""));
        }
        let bits = table
            .iter()
            .flatten()
            .map(|v| v.denom().bits())
            .max()
            .unwrap_or(0);
        println!(
            "total {:.3}s, {states} positions memoised, largest denominator {bits} bits",
            total.as_secs_f64()
        );
        println!("exact values (m ≥ n; the table is antisymmetric):");
        for (m, row) in table.iter().enumerate() {
            for (n, v) in row.iter().enumerate().take(m + 1) {
                let s = format_rational(v);
                if exact || s.len() <= 40 {
                    println!("  V({m},{n}) = {s}");
                } else {
                    println!(
                        "  V({m},{n}) = <{}-digit numerator>/<{}-digit denominator> ≈ {}",
                        v.numer().to_string().len(),
                        v.denom().to_string().len(),
                        decimal(v, 12)
                    );
                }
            }
        }
        println!();
    }
}
