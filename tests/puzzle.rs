//! Puzzles: question texts round-trip, answers against an independent
//! search, `--unique` puzzles really have one answer, wrong answers are
//! explained, links carry puzzles (and old links still read).

use hackenbush_lab::analysis::Rules;
use hackenbush_lab::budget::{Budget, ByteSize};
use hackenbush_lab::puzzle::{
    check, generate, solve, GenerateOptions, Puzzle, PuzzleError, Question,
};
use hackenbush_lab::quantum::{Flavour, Quantum, Setting, Width};
use hackenbush_lab::rules::{Hackenbush, Player, Ruleset};
use hackenbush_lab::solve::Solver;
use hackenbush_lab::ui::puzzle_link::{puzzle_fragment, read_puzzles};
use hackenbush_lab::ui::share;

fn budget() -> Budget {
    Budget::new(ByteSize::mib(512), None)
}

fn puzzle(position: &str, question: &str) -> Puzzle {
    Puzzle {
        position: position.into(),
        question: question.parse().unwrap(),
        ..Puzzle::default()
    }
}

/// Left's (Right's) winning moves by a plain search of the position.
fn winning_moves(position: &str, p: Player) -> Vec<String> {
    let rules = Hackenbush::new(position.parse().unwrap());
    let start = rules.start();
    let mut solver = Solver::without_splitting(rules);
    let moves = solver.rules.moves(&start, p);
    moves
        .into_iter()
        .filter(|m| {
            let next = solver.rules.play(&start, m);
            !solver.wins_moving_first(&next, p.opponent()).unwrap()
        })
        .map(|m| (m + 1).to_string())
        .collect()
}

#[test]
fn questions_round_trip() {
    for text in [
        "win:L", "win:R", "all:L", "all:R", "value", "first:L", "first:R", "beat:L", "beat:R",
    ] {
        let q: Question = text.parse().unwrap();
        assert_eq!(q.to_string(), text);
    }
    for bad in ["", "win", "win:X", "lose:L", "value:L", "first:"] {
        assert!(bad.parse::<Question>().is_err(), "{bad}");
    }
}

#[test]
fn answers_match_an_independent_search() {
    let options = GenerateOptions {
        rules: Rules::Normal,
        question: Question::WinningMove(Player::Left),
        edges: (4, 7),
        count: 12,
        seed: 3,
        unique: false,
    };
    let found = generate(&options, &budget()).unwrap();
    assert_eq!(found.len(), 12);
    for g in &found {
        let pos = &g.puzzle.position;
        assert_eq!(g.solution.answer, winning_moves(pos, Player::Left), "{pos}");
        // The other questions on the same position.
        for q in ["all:R", "first:L", "first:R", "value"] {
            let p = puzzle(pos, q);
            match solve(&p, &budget()) {
                Ok(s) if q == "all:R" => {
                    assert_eq!(s.answer, winning_moves(pos, Player::Right), "{pos}")
                }
                Err(PuzzleError::NoSolution(_)) if q == "all:R" => {
                    assert!(winning_moves(pos, Player::Right).is_empty(), "{pos}")
                }
                Ok(s) if q.starts_with("first") => {
                    let first: Player = q[6..].parse().unwrap();
                    let wins = !winning_moves(pos, first).is_empty();
                    let winner = if wins { first } else { first.opponent() };
                    assert_eq!(s.answer, vec![winner.to_string()], "{pos} {q}");
                }
                Ok(s) => assert_eq!(s.answer, vec![s.value.clone()]),
                Err(e) => panic!("{pos} {q}: {e}"),
            }
        }
    }
}

#[test]
fn unique_puzzles_have_one_answer() {
    for (rules, question) in [
        (Rules::Normal, "win:L"),
        (Rules::Normal, "win:R"),
        ("quantum:D:2".parse().unwrap(), "win:L"),
    ] {
        let options = GenerateOptions {
            rules: rules.clone(),
            question: question.parse().unwrap(),
            edges: (5, 6),
            count: 5,
            seed: 9,
            unique: true,
        };
        let found = generate(&options, &budget()).unwrap();
        assert!(!found.is_empty(), "{rules} {question}");
        for g in found {
            assert_eq!(g.solution.answer.len(), 1, "{}", g.puzzle.position);
            if rules == Rules::Normal {
                let p = question[4..].parse().unwrap();
                assert_eq!(winning_moves(&g.puzzle.position, p), g.solution.answer);
            } else {
                // The plain definition of quantum play (no reductions).
                let base = Hackenbush::new(g.puzzle.position.parse().unwrap());
                let start = vec![base.start()];
                let setting = Setting::new(Flavour::D, Width::Limited(2));
                let mut solver = Solver::without_splitting(Quantum::new(base, setting));
                let moves = solver.rules.moves(&start, Player::Left);
                let winning: Vec<String> = moves
                    .into_iter()
                    .filter(|m| {
                        let next = solver.rules.play(&start, m);
                        !solver.wins_moving_first(&next, Player::Right).unwrap()
                    })
                    .map(|m| {
                        m.iter()
                            .map(|e| (e + 1).to_string())
                            .collect::<Vec<_>>()
                            .join("+")
                    })
                    .collect();
                assert_eq!(winning, g.solution.answer, "{}", g.puzzle.position);
            }
        }
    }
}

#[test]
fn wrong_answers_are_explained() {
    // BRR + G = 1/4*: Left wins only by cutting the green edge 4.
    let p = puzzle("BRR G", "win:L");
    let s = solve(&p, &budget()).unwrap();
    assert_eq!(s.answer, vec!["4"]);
    let wrong = check(&p, &s, "1", &budget()).unwrap();
    assert!(!wrong.correct);
    assert_eq!(
        wrong.explanation,
        "after 1 (value *), Right wins with 4 (value 0)"
    );
    let illegal = check(&p, &s, "2", &budget()).unwrap();
    assert!(!illegal.correct && illegal.explanation.contains("not a move"));
    assert!(check(&p, &s, " 4 ", &budget()).unwrap().correct);
    let v = puzzle("BRR G", "value");
    let s = solve(&v, &budget()).unwrap();
    assert!(check(&v, &s, "1/4*", &budget()).unwrap().correct);
    let off = check(&v, &s, "1/4", &budget()).unwrap();
    assert!(!off.correct && off.explanation.contains("confused with 1/4"));
    assert!(check(&v, &s, "{|", &budget())
        .unwrap()
        .explanation
        .contains("read"));
    // Quantum: superposed moves are one answer, written either way.
    let mut q = puzzle("BR BR", "win:L");
    q.rules = "quantum:A:2".parse().unwrap();
    let s = solve(&q, &budget()).unwrap();
    assert_eq!(s.answer, vec!["1+3"]);
    assert!(check(&q, &s, "3,1", &budget()).unwrap().correct);
}

#[test]
fn puzzles_without_a_solution_are_refused() {
    let p = puzzle("R", "win:L");
    assert!(matches!(
        solve(&p, &budget()),
        Err(PuzzleError::NoSolution(_))
    ));
    let mut m = puzzle("BR", "value");
    m.rules = Rules::Misere;
    assert!(matches!(
        solve(&m, &budget()),
        Err(PuzzleError::Unsupported(_))
    ));
}

#[test]
fn links_carry_puzzles_and_old_links_still_read() {
    let mut a = puzzle("0-1:B 1-2:R 0-3:B 3-2:R G", "win:L");
    a.title = "Circus".into();
    a.hint = "Look at the green edge".into();
    let mut b = puzzle("BR BR RB", "value");
    b.rules = "quantum:C:2".parse().unwrap();
    let fragment = puzzle_fragment(&[a.clone(), b.clone()]).unwrap();
    let back = read_puzzles(&fragment).unwrap();
    for (want, got) in [a, b].iter().zip(&back) {
        let got = got.as_ref().unwrap();
        assert_eq!(got.question, want.question);
        assert_eq!(got.rules, want.rules);
        assert_eq!((&got.title, &got.hint), (&want.title, &want.hint));
        assert_eq!(
            solve(got, &budget()).unwrap(),
            solve(want, &budget()).unwrap(),
            "same answer from the link"
        );
    }
    // The plain share decoder reads puzzle links, and old links have no puzzle.
    let shared = share::decode(&fragment).unwrap();
    assert_eq!(shared.slides.len(), 2);
    let old = share::encode(&shared);
    assert_eq!(read_puzzles(&old).unwrap(), vec![None, None]);
}

mod common;
use common::run_cli;

#[test]
fn the_puzzles_command_prints_json_with_links() {
    let out = run_cli(&[
        "puzzles",
        "--edges",
        "5..6",
        "--count",
        "3",
        "--seed",
        "4",
        "--unique",
        "--base-url",
        "https://lab.test/",
        "--json",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 3);
    for p in list {
        for field in ["position", "rules", "question", "answer", "link"] {
            assert!(p.get(field).is_some(), "{field} missing in {p}");
        }
        assert_eq!(p["answer"].as_array().unwrap().len(), 1);
        let link = p["link"].as_str().unwrap();
        let fragment = link.strip_prefix("https://lab.test/#").unwrap();
        let back = read_puzzles(fragment).unwrap();
        assert_eq!(
            back[0].as_ref().unwrap().position,
            p["position"].as_str().unwrap()
        );
    }
    for (args, code) in [
        (vec!["puzzles", "--question", "nope"], 2),
        (vec!["puzzles", "--rules", "sync"], 2),
        (vec!["puzzle", "R", "--question", "win:L"], 2),
        (vec!["puzzles", "--count", "0"], 2),
    ] {
        let out = run_cli(&args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
    let judged = run_cli(&["puzzle", "BRR G", "--answer", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&judged.stdout).unwrap();
    assert_eq!(v["correct"], false);
    assert!(v["explanation"]
        .as_str()
        .unwrap()
        .contains("Right wins with 4"));
}

#[test]
fn damaged_puzzle_links_are_errors_not_panics() {
    let fragment = puzzle_fragment(&[puzzle("BR G", "win:L")]).unwrap();
    let mut rng = hackenbush_lab::rng::SplitMix64::new(5);
    for _ in 0..300 {
        let mut bytes = fragment.clone().into_bytes();
        let at = 3 + rng.below(bytes.len() - 3);
        bytes[at] = b"AZaz09-_=+"[rng.below(10)];
        let cut = 3 + rng.below(bytes.len() - 3);
        let text =
            String::from_utf8_lossy(&bytes[..if rng.below(4) == 0 { cut } else { bytes.len() }])
                .to_string();
        let _ = read_puzzles(&text);
    }
    // A question the engine does not know is a one-line error.
    let json = r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0},{"x":0,"y":1}],"edges":[{"u":0,"v":1,"colour":"B"}]},"q":{"k":"lose:L"}}],"i":0}"#;
    let b64 = hackenbush_lab::ui::base64url::encode(json.as_bytes());
    let err = read_puzzles(&format!("v1={b64}")).unwrap_err();
    assert!(err.contains("puzzle") && !err.contains('\n'), "{err}");
}
