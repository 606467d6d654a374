//! Printing a two-parameter family of results (Blue Meadow cells, sums of
//! halves) as a Markdown or CSV grid, so every table looks the same.

/// How a table is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    Markdown,
    Csv,
}

/// What a cell stopped by the budget shows, in every table.
pub const OVER_BUDGET: &str = "—";

/// The line a Markdown table ends with when some of its cells were
/// stopped by the budget (`why` names the limit); a CSV table stays plain
/// CSV.
pub fn over_budget_note(format: TableFormat, why: &str) -> String {
    match format {
        TableFormat::Markdown => format!("\n{OVER_BUDGET} not finished: {why}\n"),
        TableFormat::Csv => String::new(),
    }
}

/// A grid with one row per value of `row_axis` and one column per value of
/// `col_axis`; `cell(row, col)` gives each entry's text.
pub struct Grid<'a> {
    /// A line printed above a Markdown table.
    pub title: &'a str,
    pub row_axis: &'a str,
    pub col_axis: &'a str,
    pub rows: &'a [usize],
    pub cols: &'a [usize],
}

impl Grid<'_> {
    pub fn format(&self, format: TableFormat, cell: impl Fn(usize, usize) -> String) -> String {
        let (r, c) = (self.row_axis, self.col_axis);
        let mut out = String::new();
        match format {
            TableFormat::Markdown => {
                out.push_str(&format!("{}\n\n| {r} \\ {c} |", self.title));
                for col in self.cols {
                    out.push_str(&format!(" {col} |"));
                }
                out.push_str("\n|---|");
                out.push_str(&"---|".repeat(self.cols.len()));
                out.push('\n');
                for &row in self.rows {
                    out.push_str(&format!("| {row} |"));
                    for &col in self.cols {
                        // A `|` inside a value would break the Markdown row.
                        out.push_str(&format!(" {} |", cell(row, col).replace('|', "\\|")));
                    }
                    out.push('\n');
                }
            }
            TableFormat::Csv => {
                out.push_str(r);
                for col in self.cols {
                    out.push_str(&format!(",{c}={col}"));
                }
                out.push('\n');
                for &row in self.rows {
                    out.push_str(&row.to_string());
                    for &col in self.cols {
                        // Values contain commas: quote every cell.
                        out.push_str(&format!(",\"{}\"", cell(row, col).replace('"', "\"\"")));
                    }
                    out.push('\n');
                }
            }
        }
        out
    }
}
