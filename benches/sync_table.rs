//! Sums of halves `m × BR + n × RB` in synchronous Hackenbush, exactly, with
//! timings. Run with `cargo bench --bench sync_table -- [MAX ...]`
//! (default: 9 then 12). Each size starts from an empty memo so the timings
//! are independent.

use std::time::Instant;

use hackenbush_lab::sync::{format_rational, halves_table_with, Conflict};

fn main() {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() { vec![9, 12] } else { sizes };
    for max in sizes {
        println!("== m × BR + n × RB, m, n ≤ {max} (rows m, columns n) ==");
        let start = Instant::now();
        let mut row_done = Vec::new();
        let mut states = 0;
        let table = halves_table_with(max, max, Conflict::Shared, |_, n, _, s| {
            states = s;
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
            let cells: Vec<String> = row.iter().map(format_rational).collect();
            println!(
                "m={m:2} [{:8.3}s] {}",
                row_done[m].as_secs_f64(),
                cells.join("  ")
            );
        }
        let width = table
            .iter()
            .flatten()
            .map(|v| v.denom().bits())
            .max()
            .unwrap_or(0);
        println!(
            "total {:.3}s, {states} positions memoised, largest denominator {width} bits\n",
            total.as_secs_f64()
        );
    }
}
