//! The `hackenbush` command-line tool (RULES.md §4).
fn main() {
    eprintln!("hackenbush: not built yet");
    std::process::exit(2);
}
