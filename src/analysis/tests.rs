use super::*;
use crate::budget::{ByteSize, Exceeded};

fn quantum(position: &str, moves: &[&str]) -> Request {
    Request {
        position: position.into(),
        rules: "quantum:D".parse().unwrap(),
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Request::default()
    }
}

fn run(req: &Request) -> Result<Answer, AnalysisError> {
    analyse(req, &Budget::default())
}

#[test]
fn quantum_states_after_moves_are_valued_and_drawn() {
    let start = run(&quantum("BR BR R", &[])).unwrap();
    let labels = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        start.realisations,
        Some(vec![labels(&["1", "2", "3", "4", "5"])])
    );
    // Left superposes its two blue edges: two realisations, each with
    // one blue half gone (the red above it falls).
    let a = run(&quantum("BR BR R", &["1,3"])).unwrap();
    assert_eq!(
        a.realisations.unwrap(),
        vec![labels(&["1", "2", "5"]), labels(&["3", "4", "5"])]
    );
    // `+` joins labels as well as `,` (the CLI's notation).
    let plus = run(&quantum("BR BR R", &["1+3"])).unwrap();
    assert_eq!(plus.value, a.value);
    // Then Right cuts 5 unsuperposed (flavour D).
    let b = run(&quantum("BR BR R", &["1,3", "5"])).unwrap();
    assert_eq!(b.realisations.unwrap().len(), 2);
}

#[test]
fn illegal_moves_are_input_errors_naming_the_move() {
    let err = run(&quantum("BR BR R", &["1,2"])).unwrap_err();
    let text = err.to_string();
    assert!(matches!(
        err,
        AnalysisError::Input(InputError::IllegalMove { index: 1, .. })
    ));
    assert!(text.contains("move 1 (Left: 1,2) is illegal"), "{text}");
    assert!(text.contains("edge 2"), "{text}");
    let err = run(&quantum("BR BR R", &["9"])).unwrap_err().to_string();
    assert!(err.contains("no edge 9"), "{err}");
    let mut r = quantum("BR BR R", &["2,4"]);
    r.first = crate::rules::Player::Right;
    assert!(run(&r).is_ok());
    let normal = Request {
        position: "BR".into(),
        moves: vec!["1".into()],
        ..Request::default()
    };
    assert_eq!(
        run(&normal).unwrap_err(),
        AnalysisError::Input(InputError::MovesNeedQuantum)
    );
    let cut_labels = Request::new("BR", "quantum:D:2:cut".parse().unwrap());
    assert_eq!(
        run(&cut_labels).unwrap_err(),
        AnalysisError::Input(InputError::LabelsNeedNim)
    );
}

#[test]
fn budgets_stop_every_ruleset_family() {
    let tiny = Budget::new(ByteSize(4096), None);
    let big =
        "0-1:B 1-2:R 2-3:B 3-0:R 1-3:B 0-2:R 1-4:B 4-5:R 5-2:B 4-0:R 5-3:G 2-6:B 6-7:R 7-3:B 6-0:G";
    for rules in ["normal", "childish", "misere", "sync", "quantum:D:2"] {
        let req = Request::new(big, rules.parse().unwrap());
        match analyse(&req, &tiny) {
            Err(AnalysisError::Budget(Exceeded::Memory(ByteSize(4096)))) => {}
            other => panic!("{rules}: {other:?}"),
        }
    }
    let req = Request::new("XXXXXXXX XXXXXXX", Rules::Uncolored);
    assert!(matches!(
        analyse(&req, &tiny),
        Err(AnalysisError::Budget(_))
    ));
}

#[test]
fn synchronous_answers_carry_each_strategy_once() {
    let a = run(&Request::new("BR BR BR", "sync".parse().unwrap())).unwrap();
    assert_eq!(a.value, "5/6");
    assert_eq!(a.outcome, Some(crate::game::Outcome::L));
    let st = a.strategies.clone().unwrap();
    let total: u32 = st.left.iter().map(|w| w.percent).sum();
    assert!((99..=101).contains(&total), "{st:?}");
    assert!(st.right.iter().all(|w| [2, 4, 6].contains(&w.label)));
    assert_eq!(st.left[0].probability, "1/3");
    // The page reads answers back through serde: the round trip is exact.
    let text = serde_json::to_string(&a).unwrap();
    assert_eq!(serde_json::from_str::<Answer>(&text).unwrap(), a);
}

#[test]
fn replay_brackets_say_what_is_known_of_the_sign() {
    let req = Request::new("RBB G BG R", "sync:replay".parse().unwrap());
    let a = run(&req).unwrap();
    assert!(a.approximate);
    match (a.outcome, &a.outcome_unknown) {
        (Some(_), None) => {}
        (None, Some(why)) => assert!(why.contains("the value lies in ["), "{why}"),
        other => panic!("outcome and its explanation disagree: {other:?}"),
    }
}

#[test]
fn requests_round_trip_through_json() {
    let mut req = quantum("BR BR R", &["1+3", "5"]);
    req.first = crate::rules::Player::Right;
    let text = serde_json::to_string(&req).unwrap();
    assert!(text.contains(r#""rules":"quantum:D:2""#), "{text}");
    assert!(text.contains(r#""first":"R""#), "{text}");
    assert_eq!(serde_json::from_str::<Request>(&text).unwrap(), req);
    let bad = serde_json::from_str::<Request>(r#"{"position":"BR","rules":"quantum:Q"}"#);
    assert!(bad.unwrap_err().to_string().contains("unknown flavour 'Q'"));
}

/// A value longer than the budget's text limit is left out of the answer,
/// which keeps everything else: the page shows its length, outcome,
/// birthday and best moves, and the engine opponent can still move.
#[test]
fn values_past_the_text_limit_are_elided_not_lost() {
    let stalk = "BRGRBGGBRRGB";
    for rules in ["normal", "quantum:D:2"] {
        let req = Request::new(stalk, rules.parse().unwrap());
        let full = run(&req).unwrap();
        assert!(full.elided.is_none());
        let limit = full.value.len() as u64 - 1;
        let short = analyse(&req, &Budget::default().with_text_limit(limit)).unwrap();
        assert_eq!(
            short.elided,
            Some(crate::analysis::Elided {
                chars: full.value.len() as u64,
                limit
            }),
            "{rules}"
        );
        assert!(short.value.is_empty() && short.pretty.is_empty());
        assert_eq!(short.outcome, full.outcome);
        assert_eq!(short.birthday, full.birthday);
        assert_eq!(short.left_moves, full.left_moves);
        assert_eq!(short.right_moves, full.right_moves);
    }
}

/// States memoised by the solver kept on this thread (none kept: `None`).
fn kept_memo_len() -> Option<usize> {
    super::kept_solver::kept_memo_len()
}

#[test]
fn a_kept_solver_answers_a_games_later_positions_from_its_memo() {
    use crate::rules::Player;
    let games = [
        ("0-1:B 1-2:G 0-2:R 2-3:B 3-0:G 1-1:R", "quantum:A:3"),
        ("0-1:G 1-2:B 2-0:R 1-3:R 3-3:B", "quantum:C:unbounded"),
        ("BRG RB", "quantum:C'u:2"),
        ("nim:2,3", "quantum:D:unbounded"),
    ];
    for (position, rules) in games {
        let mut req = Request {
            position: position.into(),
            rules: rules.parse().unwrap(),
            ..Request::default()
        };
        keep_solvers(true);
        let mut mover = Player::Left;
        loop {
            let kept = run(&req).unwrap();
            let now = kept_memo_len().expect("the solver is kept");
            // Asked again (the page going back to a position), the kept
            // solver answers from its memos: nothing is searched.
            assert_eq!(run(&req).unwrap(), kept);
            assert_eq!(
                kept_memo_len(),
                Some(now),
                "{position} {rules} after {:?}",
                req.moves
            );
            // A fresh solver (on a thread of its own, where none is kept)
            // answers the same.
            let fresh = std::thread::scope(|s| s.spawn(|| run(&req)).join().unwrap()).unwrap();
            assert_eq!(kept, fresh, "{position} {rules} after {:?}", req.moves);
            let advice = match mover {
                Player::Left => kept.left_moves,
                Player::Right => kept.right_moves,
            };
            let Some(mv) = advice.and_then(|a| a.labels.last().cloned()) else {
                break;
            };
            req.moves.push(mv);
            mover = mover.opponent();
        }
        assert!(req.moves.len() >= 2, "{position}: {:?}", req.moves);
    }
    // A deck: the last KEPT_GAMES games stay kept, most recent first;
    // going back to a game answers it from its own memo.
    let slide = |position: &str| quantum(position, &[]);
    // Slides whose solvers hold more than the accounting's grain, so that
    // their sizes are seen.
    let first = slide("BRB RBR BR G");
    run(&first).unwrap();
    let memo = kept_memo_len().unwrap();
    for other in ["RBR BRB RB G", "BBR RRB BR G", "BRR RBB RB G"] {
        run(&slide(other)).unwrap();
    }
    assert_eq!(
        super::kept_solver::kept_games(),
        super::kept_solver::KEPT_GAMES
    );
    assert!(super::kept_solver::kept_bytes().iter().all(|&b| b > 0));
    run(&first).unwrap();
    assert_eq!(kept_memo_len(), Some(memo), "back to the first slide");
    let newest = slide("RRB BBR BR G");
    run(&newest).unwrap();
    assert_eq!(
        super::kept_solver::kept_games(),
        super::kept_solver::KEPT_GAMES
    );
    // All kept solvers take at most half of an analysis' budget: under a
    // small one the least recently used go (asked about the newest game,
    // which its own kept solver answers within that budget).
    let small = Budget::new(ByteSize(2 * kept_bytes_of_newest()), None);
    analyse(&newest, &small).unwrap();
    assert!(super::kept_solver::kept_games() < super::kept_solver::KEPT_GAMES);
    // Turning keeping off drops them.
    keep_solvers(false);
    assert_eq!(kept_memo_len(), None);
    assert_eq!(super::kept_solver::kept_games(), 0);
}

fn kept_bytes_of_newest() -> u64 {
    super::kept_solver::kept_bytes()
        .first()
        .copied()
        .unwrap_or(0)
}

/// The analysis values quantum states by probes (numbers and numbers plus
/// nimbers proved by outcome searches, options that cannot be best
/// dropped unvalued): on random classroom-like drawings, every flavour,
/// widths 2, 3 and unbounded, it answers what the full search answers.
#[test]
fn quantum_analysis_by_probes_matches_the_full_search() {
    use crate::position::presets;
    use crate::quantum::{hackenbush_solver, Flavour, Setting, Width};
    use crate::rules::Player;
    let widths = [Width::Limited(2), Width::Limited(3), Width::Unbounded];
    let (mut small, mut hot) = (0, 0);
    for seed in 0..36u64 {
        let position = presets::random(seed, 6 + (seed % 2) as usize, &[]);
        let flavour = Flavour::ALL[seed as usize % Flavour::ALL.len()];
        let width = widths[(seed / 6) as usize % 3];
        let setting = Setting::new(flavour, width);
        let req = Request {
            position: position.to_string(),
            rules: Rules::Quantum(QuantumOptions {
                setting,
                ..QuantumOptions::default()
            }),
            ..Request::default()
        };
        let context = format!("{} {flavour} {width}", req.position);
        let answer = run(&req).unwrap();
        let (mut full, start) = hackenbush_solver(position, setting);
        let v = full.value_of_start(&start).unwrap();
        let got = full.arena.parse(&answer.value).unwrap();
        assert_eq!(got, v, "{context}: {}", answer.value);
        assert_eq!(answer.outcome, Some(full.arena.outcome(v)), "{context}");
        if full.arena.as_number_nimber(v).is_some() {
            small += 1;
        } else {
            hot += 1;
        }
        for p in Player::BOTH {
            let best = full.best_moves(std::slice::from_ref(&start), p).unwrap();
            let want = MoveAdvice::of(&best, |mv| super::quantum::move_text(&full.base, mv));
            let got = match p {
                Player::Left => &answer.left_moves,
                Player::Right => &answer.right_moves,
            };
            assert_eq!(got.as_ref(), Some(&want), "{context} {p:?}");
        }
    }
    // Both kinds of value occur (so either path can fail the test).
    assert!(small > 8 && hot > 8, "{small} small, {hot} hot");
}
