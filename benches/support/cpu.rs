//! CPU time from /proc, for benchmarks on a shared machine (wall time
//! would measure the neighbours too).

/// The sum of two 1-based fields of a /proc `stat` file (e.g. 14 and 15,
/// utime and stime, of `/proc/thread-self/stat`), in seconds; clock ticks
/// are 1/100 s on Linux. 0 where /proc is unavailable. Schedstat would be
/// finer but is often disabled.
pub fn stat_seconds(path: &str, a: usize, b: usize) -> f64 {
    let Ok(stat) = std::fs::read_to_string(path) else {
        return 0.0;
    };
    // Fields after the command name (which may contain spaces); after ')'
    // the 1-based field n is at index n - 3.
    let rest = stat.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    (f.get(a - 3).copied().unwrap_or(0.0) + f.get(b - 3).copied().unwrap_or(0.0)) / 100.0
}
