//! The board as the teaching panel reads it: the explorer follows moves
//! played (classical cuts renumbered back to the board's labels, superposed
//! states as `hackenbush options --moves` sees them) with a drawn thumbnail
//! per option; a `beat:` puzzle played to a win and to a loss, by the state
//! machine and from a board's record; puzzles after quantum moves in links.

use hackenbush_lab::analysis::{parse_position, Request, Rules};
use hackenbush_lab::budget::{Budget, ByteSize, Timeout};
use hackenbush_lab::explore::explore;
use hackenbush_lab::position::Colour;
use hackenbush_lab::puzzle::{hint, judge, solve, Beat, BeatStatus, Puzzle, PuzzleError};
use hackenbush_lab::rules::Player;
use hackenbush_lab::sync::{matrix_json, payoff_matrix, Conflict};
use hackenbush_lab::ui::board_matrix::{board_matrix, step_into_cell};
use hackenbush_lab::ui::puzzle_board::{
    explore_board, moves_since, puzzle_request, read_board, to_board,
};
use hackenbush_lab::ui::puzzle_link::{puzzle_fragment, read_puzzles};
use hackenbush_lab::ui::{share, Drawing, Setup, Shared, Side, SidedMove, Slide};

mod common;
use common::run_cli as cli;

/// The JSON the command-line tool prints for `args` (which must succeed).
fn cli_json(args: &[&str]) -> serde_json::Value {
    let out = cli(args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn budget() -> Budget {
    Budget::new(ByteSize::mib(512), None)
}

/// A link fragment of `position` under `rules` with `moves` played.
fn board_link(position: &str, rules: &str, moves: &[SidedMove]) -> String {
    let mut slide = Slide::new(Drawing::from_text(position).unwrap());
    slide.setup = Setup {
        rules: rules.parse().unwrap(),
        first: Player::Left,
    };
    slide.moves = moves.to_vec();
    slide.cursor = moves.len();
    slide.view.play = true;
    share::encode(&Shared::single(slide))
}

fn mv(side: Side, labels: &[usize]) -> SidedMove {
    SidedMove {
        side,
        labels: labels.to_vec(),
    }
}

/// `<path` elements of a thumbnail drawn without colour-blind patterns:
/// one per edge drawn.
fn paths(svg: &str) -> usize {
    svg.matches("<path").count()
}

#[test]
fn the_explorer_follows_a_superposed_move_as_the_cli_does() {
    let link = board_link("BRG GR", "quantum:D:2", &[mv(Side::Left, &[1, 4])]);
    let board = read_board(&link).unwrap();
    let b = explore_board(&board, &[], false, true, &budget()).unwrap();
    assert_eq!(b.request.moves, vec!["1,4".to_string()]);
    let direct = explore(&b.request, &budget()).unwrap();
    assert_eq!(b.exploration, direct);
    assert!(b.exploration.realisations.as_ref().unwrap().len() > 1);
    assert_eq!(b.realisations, b.exploration.realisations);
    // The same state through the command line.
    let cli = cli_json(&[
        "options",
        "--rules",
        "quantum",
        "--flavour",
        "D",
        "--width",
        "2",
        "BRG",
        "GR",
        "--moves",
        "1+4",
        "--json",
    ]);
    let page = serde_json::to_value(&b.exploration).unwrap();
    assert_eq!(cli["options"], page["options"]);
    assert_eq!(cli["value"], page["value"]);
    // A thumbnail per option; labels are the board's (nothing renumbered).
    assert_eq!(b.shown.len(), b.exploration.options.len());
    for (o, s) in b.exploration.options.iter().zip(&b.shown) {
        assert_eq!(s.label, o.mv);
        assert!(s.svg.starts_with("<svg"), "{}", s.svg);
        let standing: std::collections::BTreeSet<&String> = o.after.iter().flatten().collect();
        assert_eq!(paths(&s.svg), standing.len(), "{} {:?}", o.mv, o.after);
        // Edges standing in only some realisations are drawn lighter.
        let everywhere = standing
            .iter()
            .filter(|l| o.after.iter().all(|r| r.contains(l)))
            .count();
        assert_eq!(
            s.svg.matches(r#"opacity="0.55""#).count(),
            standing.len() - everywhere
        );
    }
}

#[test]
fn the_explorer_follows_classical_cuts_in_the_boards_labels() {
    // Left cuts the bottom of the first stalk: BR falls, BR is left as
    // edges 3 and 4, which the engine's request renumbers 1 and 2.
    let link = board_link("BR BR", "normal", &[mv(Side::Left, &[1])]);
    let board = read_board(&link).unwrap();
    assert_eq!(board.request.as_ref().unwrap().labels, vec![3, 4]);
    let b = explore_board(&board, &[], false, true, &budget()).unwrap();
    assert_eq!(b.exploration.value, "1/2");
    let shown: Vec<&str> = b.shown.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(shown, ["3", "4"]);
    // Left's 3 leaves nothing, Right's 4 leaves edge 3 (the engine's 1).
    assert_eq!(paths(&b.shown[0].svg), 0);
    assert_eq!(paths(&b.shown[1].svg), 1);
    assert_eq!(b.exploration.options[1].after, vec![vec!["1".to_string()]]);
    assert_eq!(b.shown[1].after, vec![vec!["3".to_string()]]);
    assert!(b.shown[1].svg.contains(">3</text>"), "{}", b.shown[1].svg);
    // A path deeper, shown in the board's labels.
    let deeper = explore_board(&board, &["R:2".into()], false, true, &budget()).unwrap();
    assert_eq!(deeper.exploration.value, "1");
    assert_eq!(deeper.path, vec!["R:4".to_string()]);
    // While editing, the explorer shows the drawing's start.
    let mut shared = share::decode(&link).unwrap();
    shared.slides[0].view.play = false;
    let start = read_board(&share::encode(&shared)).unwrap();
    assert_eq!(start.request.unwrap().position, "BR BR");
}

#[test]
fn board_labels_are_rewritten_number_by_number() {
    assert_eq!(to_board(&[3, 4, 7], "L:1+3"), "L:3+7");
    assert_eq!(to_board(&[3, 4, 7], "2B"), "4B");
    assert_eq!(to_board(&[3], "9"), "9");
}

fn beat(position: &str, question: &str) -> Puzzle {
    Puzzle {
        position: position.into(),
        question: question.parse().unwrap(),
        ..Puzzle::default()
    }
}

#[test]
fn a_game_against_the_engine_won_and_lost() {
    // BB R has value 1: Left wins by cutting the top blue edge (2), never
    // the bottom one (1), which takes both blue edges away.
    let budget = budget();
    let mut game = Beat::new(beat("BB R", "beat:L"), &budget).unwrap();
    assert_eq!(game.status(&budget).unwrap(), BeatStatus::Play);
    assert_eq!(hint(&game.puzzle, &[], &budget).unwrap(), Some("2".into()));
    // The engine answers at once with its only move.
    assert_eq!(game.play("2", &budget).unwrap(), BeatStatus::Play);
    assert_eq!(game.history, ["L:2", "R:3"]);
    assert_eq!(
        hint(&game.puzzle, &game.history, &budget).unwrap(),
        Some("1".into())
    );
    match game.play("1", &budget).unwrap() {
        BeatStatus::Won { explanation } => {
            assert_eq!(explanation, "Right has no move left: Left wins in 2 moves")
        }
        other => panic!("{other:?}"),
    }
    // Nothing more to play, and no hint.
    assert!(game.play("1", &budget).is_err());
    assert_eq!(hint(&game.puzzle, &game.history, &budget).unwrap(), None);

    game.restart();
    match game.play("1", &budget).unwrap() {
        BeatStatus::Lost { explanation } => assert_eq!(
            explanation,
            "after 1 (value -1), Right wins with 3 (value 0)"
        ),
        other => panic!("{other:?}"),
    }
    // An illegal move is refused and changes nothing.
    game.restart();
    assert!(matches!(
        game.play("3", &budget),
        Err(PuzzleError::Input(_))
    ));
    assert!(game.history.is_empty());
    // A position the student cannot win is no puzzle.
    assert!(matches!(
        Beat::new(beat("B RR", "beat:L"), &budget),
        Err(PuzzleError::NoSolution(_))
    ));
    // Only beat: questions are games.
    assert!(Beat::new(beat("BB R", "win:L"), &budget).is_err());
}

#[test]
fn the_engine_replies_with_its_best_move() {
    // Right plays second from a position it loses: its best reply is the
    // one the canonical form keeps, never a dominated one (of its equal
    // cuts 4 and 5, the first).
    let budget = budget();
    let p = beat("BBB R R", "beat:L");
    let status = judge(&p, &["L:3".into()], &budget).unwrap();
    let BeatStatus::Engine { reply } = status else {
        panic!("{status:?}")
    };
    assert!(reply.starts_with("R:"), "{reply}");
    let e = explore(
        &Request {
            position: p.position.clone(),
            rules: Rules::Normal,
            moves: vec!["L:3".into()],
            first: Player::Left,
        },
        &budget,
    )
    .unwrap();
    let chosen = e
        .options
        .iter()
        .find(|o| format!("R:{}", o.mv) == reply)
        .unwrap();
    assert_eq!(chosen.dominated, None);
    assert_eq!(reply, "R:4");
}

#[test]
fn a_beat_puzzle_is_judged_from_the_boards_record() {
    let budget = budget();
    let p = beat("BB R", "beat:R");
    // Right cannot win BB R moving first: refused.
    assert!(solve(&p, &budget).is_err());
    let p = beat("RR B", "beat:R");
    let fragment = puzzle_fragment(std::slice::from_ref(&p)).unwrap();
    let mut shared = share::decode(&fragment).unwrap();
    // The student (Right) starts the game on the board.
    assert_eq!(shared.slides[0].setup.first, Player::Right);
    let judge_board = |shared: &Shared| {
        let board = read_board(&share::encode(shared)).unwrap();
        judge(&p, &moves_since(&board.game, 0).unwrap(), &budget).unwrap()
    };
    assert_eq!(judge_board(&shared), BeatStatus::Play);
    shared.slides[0].moves = vec![mv(Side::Right, &[2])];
    shared.slides[0].cursor = 1;
    assert_eq!(
        judge_board(&shared),
        BeatStatus::Engine {
            reply: "L:3".into()
        }
    );
    shared.slides[0].moves.push(mv(Side::Left, &[3]));
    shared.slides[0].moves.push(mv(Side::Right, &[1]));
    shared.slides[0].cursor = 3;
    assert!(matches!(judge_board(&shared), BeatStatus::Won { .. }));
    // A losing first move instead.
    shared.slides[0].moves = vec![mv(Side::Right, &[1])];
    shared.slides[0].cursor = 1;
    assert!(matches!(judge_board(&shared), BeatStatus::Lost { .. }));
}

#[test]
fn puzzles_after_quantum_moves_travel_in_links() {
    let budget = budget();
    let p = Puzzle {
        position: "BRG GR".into(),
        rules: "quantum:D:2".parse().unwrap(),
        moves: vec!["1+4".into()],
        first: Player::Left,
        question: "value".parse().unwrap(),
        title: "After a superposed move".into(),
        hint: String::new(),
    };
    let fragment = puzzle_fragment(std::slice::from_ref(&p)).unwrap();
    let back = read_puzzles(&fragment).unwrap();
    assert_eq!(back, vec![Some(p.clone())]);
    // The page opens the link on the superposed state the puzzle is about.
    let board = read_board(&fragment).unwrap();
    assert_eq!(
        board.request.as_ref().unwrap().moves,
        vec!["1,4".to_string()]
    );
    assert!(board.game.board().realisations.len() > 1);
    // The answer is recomputed on that state, not on the start.
    let mid = solve(&p, &budget).unwrap();
    let start = solve(
        &Puzzle {
            moves: vec![],
            ..p.clone()
        },
        &budget,
    )
    .unwrap();
    let direct = explore(&board.request().unwrap().to_request(), &budget).unwrap();
    assert_eq!(mid.value, direct.value);
    assert_ne!(mid.value, start.value);
    // Moves may name their player; illegal ones are refused, in words.
    let named = Puzzle {
        moves: vec!["L:1+4".into()],
        ..p.clone()
    };
    assert_eq!(
        read_puzzles(&puzzle_fragment(&[named]).unwrap()).unwrap(),
        vec![Some(p.clone())]
    );
    let bad = Puzzle {
        moves: vec!["2".into()],
        ..p.clone()
    };
    let e = puzzle_fragment(&[bad]).unwrap_err();
    assert!(matches!(e, PuzzleError::Moves(_)), "{e}");
    let no_edge = Puzzle {
        moves: vec!["x".into()],
        ..p
    };
    assert!(matches!(
        puzzle_fragment(&[no_edge]),
        Err(PuzzleError::Moves(_))
    ));
}

#[test]
fn a_whole_game_typed_at_once_is_judged_as_a_game() {
    // The CLI's `puzzle --question beat:L --answer "2 1"`.
    let budget = budget();
    let p = beat("BB R", "beat:L");
    let s = solve(&p, &budget).unwrap();
    let judged = |answer: &str| hackenbush_lab::puzzle::check(&p, &s, answer, &budget).unwrap();
    let won = judged("2 1");
    assert!(won.correct, "{}", won.explanation);
    assert_eq!(
        won.explanation,
        "Left 2, Right 3, Left 1: Right has no move left: Left wins in 2 moves"
    );
    let lost = judged("1");
    assert!(!lost.correct);
    assert_eq!(
        lost.explanation,
        "Left 1: after 1 (value -1), Right wins with 3 (value 0)"
    );
    // A winning first move alone is not yet a won game.
    let unfinished = judged("2");
    assert!(!unfinished.correct);
    assert!(
        unfinished.explanation.contains("the game goes on"),
        "{}",
        unfinished.explanation
    );
    let illegal = judged("3");
    assert!(!illegal.correct);
    assert!(
        illegal
            .explanation
            .starts_with("3 is not a move Left can make here: "),
        "{}",
        illegal.explanation
    );
    // Why, once: not the replay's "move 1 (Left: 3) is illegal: …".
    assert!(
        !illegal.explanation.contains("is illegal") && !illegal.explanation.contains("(Left: 3)"),
        "{}",
        illegal.explanation
    );
}

#[test]
fn the_cli_links_a_puzzle_after_quantum_moves() {
    let v = cli_json(&[
        "puzzle",
        "--rules",
        "quantum",
        "--flavour",
        "D",
        "--moves",
        "1+4",
        "--question",
        "value",
        "--link",
        "https://example.org/lab/",
        "--json",
        "BRG",
        "GR",
    ]);
    let link = v["link"].as_str().unwrap();
    let fragment = link.strip_prefix("https://example.org/lab/#").unwrap();
    let back = read_puzzles(fragment).unwrap();
    let p = back[0].as_ref().unwrap();
    assert_eq!(p.moves, vec!["1+4".to_string()]);
    assert_eq!(p.position, "BRG GR");
    // The link carries no answer; the value printed is the reached state's.
    let (shared, puzzles) = share::decode_with_puzzles(fragment).unwrap();
    let old = share::encode_v1(&shared, &puzzles);
    let doc = hackenbush_lab::ui::base64url::decode(old.strip_prefix("v1=").unwrap()).unwrap();
    let doc = String::from_utf8(doc).unwrap();
    assert!(doc.contains(r#""m":["L1.4"]"#), "{doc}");
    assert!(!doc.contains("1/2"), "{doc}");
    let budget = budget();
    assert_eq!(
        solve(p, &budget).unwrap().value,
        v["value"].as_str().unwrap()
    );
    // An illegal move is refused with exit 2 and one line.
    let bad = cli(&[
        "puzzle",
        "--rules",
        "quantum",
        "--moves",
        "2",
        "--question",
        "value",
        "--link",
        "",
        "BRG",
        "GR",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8_lossy(&bad.stderr).lines().count(), 1);
}

#[test]
fn damaged_boards_are_errors_not_panics() {
    for bad in ["", "v1=", "v1=@@@", "v1=eyJzIjpbXX0", "#v1=e30"] {
        assert!(read_board(bad).is_err(), "{bad}");
    }
    // An empty board has no request, and says why.
    let board = read_board(&board_link("", "normal", &[])).unwrap();
    assert_eq!(board.request().unwrap_err(), "no edges left on the board");
    assert!(explore_board(&board, &[], false, true, &budget()).is_err());
    // A puzzle claiming more moves than the board holds judges no moves.
    let board = read_board(&board_link("BB R", "normal", &[])).unwrap();
    assert!(moves_since(&board.game, 5).unwrap().is_empty());
    // A path the rules refuse is an error in words.
    let board = read_board(&board_link("BB R", "normal", &[])).unwrap();
    let e = explore_board(&board, &["R:1".into()], false, true, &budget()).unwrap_err();
    assert!(e.contains("Right may play 3"), "{e}");
    // Synchronous play points to the payoff matrix, not the command line.
    let board = read_board(&board_link("BR BR RB", "sync", &[])).unwrap();
    let e = explore_board(&board, &[], false, true, &budget()).unwrap_err();
    assert!(e.contains("the payoff matrix shows each turn"), "{e}");
}

#[test]
fn thumbnails_draw_uncoloured_edges_in_the_colour_a_move_gives_them() {
    let board = read_board(&board_link("X B", "uncolored", &[])).unwrap();
    let b = explore_board(&board, &[], false, true, &budget()).unwrap();
    let shown: Vec<(&str, &[Vec<String>])> = b
        .shown
        .iter()
        .map(|s| (s.label.as_str(), s.after.as_slice()))
        .collect();
    assert_eq!(
        shown,
        [
            ("1B", &[vec!["1B".to_string(), "2".to_string()]][..]),
            ("1R", &[vec!["1R".to_string(), "2".to_string()]][..]),
        ]
    );
    let strokes = |svg: &str, css: &str| svg.matches(&format!(r#"stroke="{css}""#)).count();
    let (blue, red, black) = ("#1f5fbf", "#c62828", "#222222");
    assert_eq!(
        (
            strokes(&b.shown[0].svg, blue),
            strokes(&b.shown[0].svg, red),
            strokes(&b.shown[0].svg, black)
        ),
        (2, 0, 0)
    );
    assert_eq!(
        (
            strokes(&b.shown[1].svg, blue),
            strokes(&b.shown[1].svg, red),
            strokes(&b.shown[1].svg, black)
        ),
        (1, 1, 0)
    );
    // On the board, colouring an X edge is a one-label move: read back
    // with its colour, as the explorer and puzzles take it; a cut is not.
    let played = read_board(&board_link(
        "X R",
        "uncolored",
        &[mv(Side::Left, &[1]), mv(Side::Right, &[2])],
    ))
    .unwrap();
    let history = moves_since(&played.game, 0).unwrap();
    assert_eq!(history, ["L:1B", "R:2"]);
    // Replayed by the explorer: Left's blue edge is all that is left.
    let e = explore(
        &Request {
            position: "X R".into(),
            rules: Rules::Uncolored,
            moves: history,
            first: Player::Left,
        },
        &budget(),
    )
    .unwrap();
    assert_eq!(e.value, "1");
}

#[test]
fn playing_the_hints_always_wins_against_the_engine() {
    use hackenbush_lab::position::{presets, Colour};
    use hackenbush_lab::rng::SplitMix64;
    let budget = budget();
    let mut rng = SplitMix64::new(11);
    for rules in ["normal", "quantum:D:2"] {
        let mut games = 0;
        for _ in 0..12 {
            let edges = 3 + rng.below(3);
            let position = presets::random(
                rng.next_u64(),
                edges,
                &[Colour::Blue, Colour::Red, Colour::Green],
            )
            .to_string();
            for side in ["L", "R"] {
                let p = Puzzle {
                    position: position.clone(),
                    rules: rules.parse().unwrap(),
                    question: format!("beat:{side}").parse().unwrap(),
                    ..Puzzle::default()
                };
                let Ok(mut game) = Beat::new(p, &budget) else {
                    continue;
                };
                games += 1;
                let mut status = game.status(&budget).unwrap();
                let mut moves = 0;
                while status == BeatStatus::Play {
                    let m = hint(&game.puzzle, &game.history, &budget)
                        .unwrap()
                        .expect("a winning move while winning");
                    status = game.play(&m, &budget).unwrap();
                    moves += 1;
                    // A superposed move may cut no edge everywhere: a
                    // generous bound, only against a loop.
                    assert!(moves <= 64, "{position} {rules}: no end");
                }
                assert!(
                    matches!(status, BeatStatus::Won { .. }),
                    "{position} {rules} beat:{side}: {status:?} after {:?}",
                    game.history
                );
            }
        }
        assert!(games >= 5, "only {games} games under {rules}");
    }
}

#[test]
fn a_quantum_beat_game_is_judged_from_the_boards_record() {
    let budget = budget();
    let p = Puzzle {
        position: "BRG GR".into(),
        rules: "quantum:D:2".parse().unwrap(),
        question: "beat:L".parse().unwrap(),
        ..Puzzle::default()
    };
    let mut shared = share::decode(&puzzle_fragment(std::slice::from_ref(&p)).unwrap()).unwrap();
    let mut judge_moves = |moves: Vec<SidedMove>| {
        shared.slides[0].cursor = moves.len();
        shared.slides[0].moves = moves;
        let board = read_board(&share::encode(&shared)).unwrap();
        let history = moves_since(&board.game, 0).unwrap();
        (history.clone(), judge(&p, &history, &budget).unwrap())
    };
    // A superposed move that gives the win away, read back as L:1+4.
    let (history, status) = judge_moves(vec![mv(Side::Left, &[1, 4])]);
    assert_eq!(history, ["L:1+4"]);
    assert_eq!(
        status,
        BeatStatus::Lost {
            explanation: "after 1+4 (value {1/2|0,*}), Right wins with 4 (value 0)".into()
        }
    );
    // Cutting the top green edge wins.
    let (_, status) = judge_moves(vec![
        mv(Side::Left, &[3]),
        mv(Side::Right, &[4]),
        mv(Side::Left, &[1]),
    ]);
    assert!(matches!(status, BeatStatus::Won { .. }), "{status:?}");
}

/// The page's payoff matrix of a board link, and the engine's matrix of
/// the same standing edges (relabelled from 1).
fn matrices(link: &str) -> (serde_json::Value, serde_json::Value, Vec<usize>) {
    let board = read_board(link).unwrap();
    let labels = board.request.as_ref().unwrap().labels.clone();
    let shown = board_matrix(&board, &budget()).unwrap();
    let position = parse_position(&shown.request.position).unwrap();
    let direct = payoff_matrix(&position, Conflict::Shared, None, &budget()).unwrap();
    (shown.matrix, matrix_json(&direct), labels)
}

#[test]
fn the_payoff_matrix_follows_the_board_in_its_labels() {
    // Left cuts 1, Right cuts 2: the first half is gone, BR RB stands as
    // edges 3 to 6, which the engine renumbers 1 to 4.
    let link = board_link("BR BR RB", "sync", &[mv(Side::Both, &[1, 2])]);
    let (shown, direct, labels) = matrices(&link);
    assert_eq!(labels, [3, 4, 5, 6]);
    assert_eq!(shown["cells"], direct["cells"]);
    assert_eq!(shown["value"], direct["value"]);
    assert_eq!(shown["positions"], direct["positions"]);
    let label_of = |m: &serde_json::Value, side: &str| -> Vec<u64> {
        m[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["label"].as_u64().unwrap())
            .collect()
    };
    // The engine's Left picks 1 and 4 are the board's 3 and 6; Right's 2
    // and 3 are 4 and 5.
    assert_eq!(label_of(&direct, "rows"), [1, 4]);
    assert_eq!(label_of(&shown, "rows"), [3, 6]);
    assert_eq!(label_of(&shown, "cols"), [4, 5]);
    for side in ["rows", "cols"] {
        for (a, b) in shown[side]
            .as_array()
            .unwrap()
            .iter()
            .zip(direct[side].as_array().unwrap())
        {
            assert_eq!(a["probability"], b["probability"]);
            assert_eq!(a["dominated"], b["dominated"]);
        }
    }
    // The same matrix from the command line, for BR RB.
    let out = cli(&["matrix", "--json", "BR", "RB"]);
    assert!(out.status.success());
    let cli: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(cli["cells"], shown["cells"]);
    assert_eq!(cli["value"], shown["value"]);

    // Every cell played on the board as a turn reaches the cell's
    // position, and the matrix there is that position's.
    let rows = label_of(&shown, "rows");
    let cols = label_of(&shown, "cols");
    for (i, &l) in rows.iter().enumerate() {
        for (j, &r) in cols.iter().enumerate() {
            let next = step_into_cell(&link, l as usize, r as usize).unwrap();
            let board = read_board(&next).unwrap();
            assert_eq!(board.game.cursor(), 2);
            // Nothing left: the board has nothing to ask the engine.
            assert_eq!(
                board.request.as_ref().map_or("", |q| q.position.as_str()),
                shown["positions"][i][j].as_str().unwrap(),
                "cell {l},{r}"
            );
        }
    }
    // Left 6 and Right 5 leave BR as edges 3 and 4: its matrix is in the
    // board's labels again.
    let next = step_into_cell(&link, 6, 5).unwrap();
    let (shown, direct, labels) = matrices(&next);
    assert_eq!(labels, [3, 4]);
    assert_eq!(shown["value"], direct["value"]);
    assert_eq!(label_of(&shown, "rows"), [3]);
    assert_eq!(label_of(&shown, "cols"), [4]);
}

#[test]
fn a_cell_steps_in_from_the_editor_and_refuses_what_the_board_refuses() {
    // While editing, the matrix is of the drawing; a cell starts play.
    let mut shared = share::decode(&board_link("BR BR RB", "sync", &[])).unwrap();
    shared.slides[0].view.play = false;
    let editing = share::encode(&shared);
    let (shown, direct, labels) = matrices(&editing);
    assert_eq!(labels, [1, 2, 3, 4, 5, 6]);
    assert_eq!(shown, direct);
    assert_eq!(shown["value"], "1/4");
    let next = share::decode(&step_into_cell(&editing, 6, 5).unwrap()).unwrap();
    assert!(next.slides[0].view.play);
    assert_eq!(next.slides[0].moves, vec![mv(Side::Both, &[6, 5])]);
    // Moves taken back are dropped, as a move on the board drops them.
    let mut back = share::decode(&board_link(
        "BR BR RB",
        "sync",
        &[mv(Side::Both, &[1, 2]), mv(Side::Both, &[3, 4])],
    ))
    .unwrap();
    back.slides[0].cursor = 1;
    let next = share::decode(&step_into_cell(&share::encode(&back), 6, 5).unwrap()).unwrap();
    assert_eq!(
        next.slides[0].moves,
        vec![mv(Side::Both, &[1, 2]), mv(Side::Both, &[6, 5])]
    );
    // A fallen edge, a wrong colour, no such edge: one line each.
    let link = board_link("BR BR RB", "sync", &[mv(Side::Both, &[1, 2])]);
    for (l, r) in [(1, 4), (4, 5), (3, 9)] {
        let e = step_into_cell(&link, l, r).unwrap_err();
        assert_eq!(e.lines().count(), 1, "{e}");
    }
    // Other rules have no matrix; a finished game has nothing to show.
    let normal = read_board(&board_link("BR", "normal", &[])).unwrap();
    assert!(board_matrix(&normal, &budget())
        .unwrap_err()
        .contains("synchronous"));
    let over = read_board(&board_link("BR", "sync", &[mv(Side::Both, &[1, 2])])).unwrap();
    assert!(board_matrix(&over, &budget()).is_err());
}

/// A puzzle posed on the board's state, as *Make puzzle* drafts it.
fn posed_on(link: &str, question: &str) -> Puzzle {
    let r = puzzle_request(&read_board(link).unwrap()).unwrap();
    Puzzle {
        position: r.position,
        rules: r.rules,
        moves: r.moves,
        first: r.first,
        question: question.parse().unwrap(),
        title: "Mid-game".into(),
        hint: String::new(),
    }
}

#[test]
fn a_classical_puzzle_made_mid_game_keeps_the_board_and_its_labels() {
    let budget = budget();
    // Left cuts 1 and Right 2: BB R stands as the board's edges 3 to 5
    // (value 1); Left wins by cutting the top blue edge, 4, never 3.
    let link = board_link(
        "B R BB R",
        "normal",
        &[mv(Side::Left, &[1]), mv(Side::Right, &[2])],
    );
    let p = posed_on(&link, "all:L");
    assert_eq!(p.position, "B R BB R");
    assert_eq!(p.moves, ["1", "2"]);
    let s = solve(&p, &budget).unwrap();
    assert_eq!(s.answer, ["4"]);
    assert_eq!(s.value, "1");
    // The engine's answer for the standing edges alone is the same move,
    // renumbered.
    let alone = solve(&beat("BB R", "all:L"), &budget).unwrap();
    assert_eq!(alone.answer, ["2"]);
    assert_eq!(alone.value, s.value);

    // The link carries the start, the rules and the moves, and reads back
    // as the same puzzle; the student's board has the played edges gone.
    let fragment = puzzle_fragment(std::slice::from_ref(&p)).unwrap();
    assert_eq!(read_puzzles(&fragment).unwrap(), vec![Some(p.clone())]);
    let student = read_board(&fragment).unwrap();
    assert_eq!(student.game.cursor(), 2);
    assert_eq!(student.request.as_ref().unwrap().labels, [3, 4, 5]);
    assert_eq!(student.drawing.edges.len(), 5);
    // Answers and explanations are in the board's labels.
    let check = |answer: &str| hackenbush_lab::puzzle::check(&p, &s, answer, &budget).unwrap();
    assert!(check("4").correct);
    let wrong = check("3");
    assert!(!wrong.correct);
    assert_eq!(
        wrong.explanation,
        "after 3 (value -1), Right wins with 5 (value 0)"
    );
    assert!(!check("1").correct, "a fallen edge is no answer");
    // A value question: the state's value, not the start's (Left's 3
    // takes BB down, Right's 2 leaves B and R).
    let after = board_link(
        "B R BB R",
        "normal",
        &[mv(Side::Left, &[3]), mv(Side::Right, &[2])],
    );
    let v = posed_on(&after, "value");
    assert_eq!(v.moves, ["3", "2"]);
    assert_eq!(solve(&v, &budget).unwrap().value, "0");
    assert_eq!(
        solve(&Puzzle { moves: vec![], ..v }, &budget)
            .unwrap()
            .value,
        "1"
    );
}

#[test]
fn uncoloured_edges_coloured_mid_game_keep_their_colour_in_the_link() {
    let budget = budget();
    // Left colours 1 blue, Right colours 3 red: B B R stands, worth 1.
    let link = board_link(
        "X B X",
        "uncolored",
        &[mv(Side::Left, &[1]), mv(Side::Right, &[3])],
    );
    let p = posed_on(&link, "value");
    assert_eq!(p.moves, ["1B", "3R"]);
    assert_eq!(solve(&p, &budget).unwrap().value, "1");
    let fragment = puzzle_fragment(std::slice::from_ref(&p)).unwrap();
    assert_eq!(read_puzzles(&fragment).unwrap(), vec![Some(p.clone())]);
    let student = read_board(&fragment).unwrap();
    assert_eq!(
        student.game.board().colours,
        [Some(Colour::Blue), Some(Colour::Blue), Some(Colour::Red)]
    );
}

#[test]
fn puzzles_mid_game_agree_with_the_standing_edges_alone() {
    // Random games played on the board (its referee), then every move
    // question posed on the state: the puzzle's replay (the rules' own
    // moves) must reach the position the board's analysis request names,
    // and its answers must be the engine's there, renumbered.
    use hackenbush_lab::position::presets;
    use hackenbush_lab::rng::SplitMix64;
    let budget = budget();
    let mut rng = SplitMix64::new(29);
    let mut posed = 0;
    for rules in ["normal", "childish", "uncolored"] {
        for _ in 0..12 {
            let colours = if rules == "uncolored" {
                vec![Colour::Blue, Colour::Red, Colour::Uncoloured]
            } else {
                vec![Colour::Blue, Colour::Red, Colour::Green]
            };
            let position = presets::random(rng.next_u64(), 4 + rng.below(4), &colours).to_string();
            let mut game = hackenbush_lab::ui::Game::new(
                parse_position(&position).unwrap(),
                Setup {
                    rules: rules.parse().unwrap(),
                    first: Player::Left,
                },
            );
            for _ in 0..1 + rng.below(3) {
                let p = match game.to_move() {
                    Side::Right => Player::Right,
                    _ => Player::Left,
                };
                let legal = game.legal_labels(p);
                if legal.is_empty() {
                    break;
                }
                game.play_label(legal[rng.below(legal.len())]).unwrap();
            }
            let played: Vec<SidedMove> = game.moves().to_vec();
            let link = board_link(&position, rules, &played);
            let board = read_board(&link).unwrap();
            let Some(asked) = board.request.clone() else {
                continue;
            };
            let mover = if played.len().is_multiple_of(2) {
                "L"
            } else {
                "R"
            };
            for question in ["value", &format!("all:{mover}")] {
                let p = posed_on(&link, question);
                let alone = Puzzle {
                    position: asked.position.clone(),
                    rules: asked.rules.clone(),
                    question: question.parse().unwrap(),
                    ..Puzzle::default()
                };
                let (mid, direct) = (solve(&p, &budget), solve(&alone, &budget));
                match (mid, direct) {
                    (Ok(mid), Ok(direct)) => {
                        let mapped: Vec<String> = if question == "value" {
                            direct.answer.clone()
                        } else {
                            direct
                                .answer
                                .iter()
                                .map(|a| to_board(&asked.labels, a))
                                .collect()
                        };
                        assert_eq!(
                            mid.value, direct.value,
                            "{position} {rules} {:?} {played:?} {asked:?}",
                            p.moves
                        );
                        assert_eq!(mid.answer, mapped, "{position} {rules} {:?}", p.moves);
                        posed += 1;
                    }
                    (Err(PuzzleError::NoSolution(_)), Err(PuzzleError::NoSolution(_))) => {}
                    (mid, direct) => {
                        panic!("{position} {rules} {:?}: {mid:?} vs {direct:?}", p.moves)
                    }
                }
                // The link reads back as the puzzle made.
                let fragment = puzzle_fragment(std::slice::from_ref(&p)).unwrap();
                assert_eq!(read_puzzles(&fragment).unwrap(), vec![Some(p)]);
            }
        }
    }
    assert!(posed >= 40, "only {posed} puzzles posed");
}

#[test]
fn the_cli_poses_and_links_a_classical_puzzle_after_moves() {
    let v = cli_json(&[
        "puzzle",
        "--question",
        "win:L",
        "--moves",
        "1 2",
        "--link",
        "https://example.org/lab/",
        "--json",
        "B R BB R",
    ]);
    assert_eq!(v["answer"], serde_json::json!(["4"]));
    let link = v["link"].as_str().unwrap();
    let fragment = link.strip_prefix("https://example.org/lab/#").unwrap();
    let p = read_puzzles(fragment).unwrap()[0].clone().unwrap();
    assert_eq!(
        (p.position.as_str(), p.moves.as_slice()),
        ("B R BB R", &["1".to_string(), "2".to_string()][..])
    );
    // An illegal move: exit 2 and one line, naming the legal ones.
    let bad = cli(&[
        "puzzle",
        "--question",
        "value",
        "--moves",
        "1 3",
        "B R BB R",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("Right may play 2, 5"), "{err}");
}

#[test]
fn a_puzzle_without_moves_starts_the_board_with_the_player_asked_about() {
    // So the student can answer a move question by cutting it on the board.
    for (question, first) in [
        ("win:R", Player::Right),
        ("all:L", Player::Left),
        ("first:R", Player::Right),
        ("beat:R", Player::Right),
        ("value", Player::Left),
    ] {
        let fragment = puzzle_fragment(&[beat("RR B", question)]).unwrap();
        let shared = share::decode(&fragment).unwrap();
        assert_eq!(shared.slides[0].setup.first, first, "{question}");
        // What the board shows is still the puzzle's position.
        let back = read_puzzles(&fragment).unwrap()[0].clone().unwrap();
        let want = solve(&beat("RR B", question), &budget());
        if let Ok(want) = want {
            assert_eq!(solve(&back, &budget()).unwrap(), want, "{question}");
        }
    }
}

/// While values are hidden the explorer values nothing: its exploration
/// without values is the valued one with the values left out (the same
/// options, in the same order, each leaving the same realisations, the
/// same thumbnails and path), under classical and quantum rules, at the
/// board's state and a path deeper.
#[test]
fn the_explorer_without_values_shows_the_same_tree_unvalued() {
    let boards = [
        board_link("BR BRG G", "normal", &[mv(Side::Left, &[1])]),
        board_link("BRR GB", "childish", &[]),
        board_link("BR B", "uncolored", &[]),
        board_link("BRG GR", "quantum:D:2", &[mv(Side::Left, &[1, 4])]),
        board_link(
            "BRG GR B",
            "quantum:C:unbounded",
            &[mv(Side::Left, &[1, 4, 6])],
        ),
    ];
    let mut options = 0;
    for link in &boards {
        let board = read_board(link).unwrap();
        let first = explore_board(&board, &[], false, true, &budget()).unwrap();
        let paths = [
            vec![],
            vec![format!(
                "R:{}",
                first.exploration.options.last().unwrap().mv
            )],
        ];
        for path in &paths {
            let valued = explore_board(&board, path, false, true, &budget()).unwrap();
            assert!(!valued.exploration.value.is_empty(), "{link} {path:?}");
            let unvalued = explore_board(&board, path, false, false, &budget()).unwrap();
            assert_eq!(unvalued, valued.without_values(), "{link} {path:?}");
            options += unvalued.shown.len();
        }
    }
    assert!(options > 20, "{options}");
}

/// Listing the options of a state whose value is beyond the budget still
/// works while values are hidden: the student walking the tree of a heavy
/// quantum drawing sees its options, not "too large".
#[test]
fn the_explorer_without_values_lists_options_valuing_would_not_reach() {
    // Seed-28 classroom drawing 2 (`quantum_classroom`), whose value and
    // best moves take tens of seconds under C′u at unbounded width.
    let drawing = "0-1:R 1-1:G 0-2:G 2-3:G 2-2:B 2-2:G 2-2:B 2-0:G 3-4:R 3-1:B";
    let link = board_link(drawing, "quantum:C'u:unbounded", &[]);
    let board = read_board(&link).unwrap();
    // A budget's time runs from when it is made.
    let tight = || Budget::new(ByteSize::mib(512), Some(Timeout { millis: 2000 }));
    assert!(explore_board(&board, &[], false, true, &tight()).is_err());
    let b = explore_board(&board, &[], false, false, &tight()).unwrap();
    assert!(b.shown.len() > 200, "{}", b.shown.len());
    assert!(b.exploration.value.is_empty());
}
