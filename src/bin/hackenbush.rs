//! The `hackenbush` command-line tool (RULES.md §4). Argument handling and
//! output live in the library's `cli` module so they can be tested; this
//! file only maps the result to an exit status.

use std::io::Write;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match hackenbush_lab::cli::run(&args) {
        Ok(out) => {
            let mut stdout = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an error worth a panic.
            let _ = stdout.write_all(out.as_bytes());
            0
        }
        Err(e) => {
            eprintln!("hackenbush: {e}");
            e.exit_code()
        }
    };
    std::process::exit(code);
}
