//! The `puzzles` generator and the `puzzle` solver/judge.

use super::args::{PuzzleArgs, PuzzlesArgs};
use super::error::CliError;
use crate::analysis::Rules;
use crate::puzzle::{self, GenerateOptions, Puzzle};
use crate::ui::puzzle_link::puzzle_link;
use serde_json::json;

pub fn generate(a: &PuzzlesArgs) -> Result<String, CliError> {
    let rules = Rules::from_parts(a.rules.parts())?;
    let budget = a.budget.budget();
    super::progress::counting("candidates tried");
    let options = GenerateOptions {
        rules,
        question: a.question,
        edges: (a.edges.first, a.edges.last),
        count: a.count as usize,
        seed: a.seed,
        unique: a.unique,
    };
    let found = puzzle::generate(&options, &budget)?;
    if found.is_empty() {
        return Err(CliError::Usage(format!(
            "no puzzle found for {} with {} edges (try other edges, rules or seed)",
            a.question, a.edges
        )));
    }
    let mut rows = Vec::new();
    for g in &found {
        let link = puzzle_link(&a.base_url, std::slice::from_ref(&g.puzzle))?;
        rows.push((g, link));
    }
    if a.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(g, link)| {
                json!({
                    "position": g.puzzle.position,
                    "rules": g.puzzle.rules.to_string(),
                    "question": g.puzzle.question.to_string(),
                    "answer": g.solution.answer,
                    "value": g.solution.value,
                    "link": link,
                })
            })
            .collect();
        return Ok(format!("{}\n", json!(list)));
    }
    let mut out = String::new();
    let all: Vec<Puzzle> = found.iter().map(|g| g.puzzle.clone()).collect();
    for (k, (g, link)) in rows.iter().enumerate() {
        out.push_str(&format!(
            "{}. `{}` ({}): {} [open]({link}) — answer: {}\n",
            k + 1,
            g.puzzle.position,
            g.puzzle.rules,
            g.puzzle.question.sentence(),
            g.solution.answer.join(", ")
        ));
    }
    out.push_str(&format!(
        "\nThe whole set in one link: {}\n",
        puzzle_link(&a.base_url, &all)?
    ));
    Ok(out)
}

pub fn one(a: &PuzzleArgs) -> Result<String, CliError> {
    let p = Puzzle {
        position: a.position.join(" "),
        rules: Rules::from_parts(a.rules.parts())?,
        moves: a.moves.list(),
        first: a.moves.first,
        question: a.question,
        title: String::new(),
        hint: String::new(),
    };
    let budget = a.budget.budget();
    let s = puzzle::solve(&p, &budget)?;
    let link = match &a.link {
        Some(base) => Some(puzzle_link(base, std::slice::from_ref(&p))?),
        None => None,
    };
    let Some(answer) = &a.answer else {
        return Ok(if a.json {
            let mut v = json!({"question": p.question.to_string(), "answer": s.answer, "value": s.value, "outcome": s.outcome.to_string()});
            if let Some(link) = link {
                v["link"] = json!(link);
            }
            format!("{v}\n")
        } else {
            let line = format!("{}\n", s.answer.join(", "));
            match link {
                Some(link) => format!("{line}{link}\n"),
                None => line,
            }
        });
    };
    let v = puzzle::check(&p, &s, answer, &budget)?;
    Ok(if a.json {
        format!(
            "{}\n",
            json!({"correct": v.correct, "explanation": v.explanation})
        )
    } else {
        format!(
            "{}: {}\n",
            if v.correct { "correct" } else { "wrong" },
            v.explanation
        )
    })
}
