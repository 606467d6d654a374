//! The `hackenbush` command-line tool (RULES.md §4). Argument handling and
//! output live in the library's `cli` module so they can be tested; this
//! file only maps the result to an exit status.

use std::io::Write;

/// The searches make and drop many small option lists and table entries,
/// which mimalloc serves faster than the system allocator (the benchmarks
/// allocate the same way, so they measure what this tool does).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let mut stdout = std::io::stdout().lock();
    let code = match hackenbush_lab::cli::run(std::env::args_os(), &mut stdout) {
        Ok(()) => 0,
        // A reader that stopped reading (`| head`) wants no more output.
        Err(hackenbush_lab::cli::CliError::Output(e))
            if e.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            0
        }
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "hackenbush: {e}");
            e.exit_code()
        }
    };
    std::process::exit(code);
}
