//! The explorer against independent searches: every option's value against
//! a solver that never splits into components (classical) or the plain
//! definition of quantum play (no reductions), and the dominated and
//! reversible marks against their definitions, on random positions and on
//! quantum states reached by random moves.

use hackenbush_lab::analysis::{Request, Rules};
use hackenbush_lab::budget::{Budget, ByteSize};
use hackenbush_lab::explore::{explore, moves, Exploration};
use hackenbush_lab::game::{Arena, GameId};
use hackenbush_lab::position::{presets, Colour};
use hackenbush_lab::quantum::{Flavour, Quantum, QuantumGame, Setting, Width};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::uncolored::UncoloredMove;
use hackenbush_lab::rules::{Childish, Hackenbush, Player, Ruleset, Uncolored};
use hackenbush_lab::solve::Solver;

fn budget() -> Budget {
    Budget::new(ByteSize::mib(512), None)
}

/// The moves listed without values are the explorer's options, in its
/// order, for each player.
fn check_moves(req: &Request, e: &Exploration, what: &str) {
    for p in Player::BOTH {
        let explored: Vec<&str> = e
            .options
            .iter()
            .filter(|o| o.player == p)
            .map(|o| o.mv.as_str())
            .collect();
        assert_eq!(
            moves(req, p, &budget()).unwrap(),
            explored,
            "{what}: {p:?}'s moves"
        );
    }
}

/// Is `a` at least as good as `b` for `p`?
fn as_good(arena: &mut Arena, p: Player, a: GameId, b: GameId) -> bool {
    match p {
        Player::Left => arena.le(b, a),
        Player::Right => arena.le(a, b),
    }
}

/// Check `e`, the exploration of state `s`, against `solver` searching
/// the same ruleset without the explorer's engine.
fn check<R: Ruleset>(
    solver: &mut Solver<R>,
    s: &R::State,
    label: impl Fn(&R::Move) -> String,
    e: &Exploration,
    what: &str,
) {
    let g = solver.value(s).unwrap();
    // Values are compared as games: options print in any order.
    let read = |arena: &mut Arena, text: &str| arena.parse(text).expect("plain notation");
    assert_eq!(read(&mut solver.arena, &e.value), g, "{what}: value");
    for p in Player::BOTH {
        let moves = solver.rules.moves(s, p);
        let shown: Vec<_> = e.options.iter().filter(|o| o.player == p).collect();
        let labels: Vec<String> = moves.iter().map(&label).collect();
        let shown_labels: Vec<String> = shown.iter().map(|o| o.mv.clone()).collect();
        assert_eq!(shown_labels, labels, "{what}: {p}'s moves");
        let children: Vec<R::State> = moves.iter().map(|m| solver.rules.play(s, m)).collect();
        let values: Vec<GameId> = children.iter().map(|c| solver.value(c).unwrap()).collect();
        for (i, o) in shown.iter().enumerate() {
            let a = &mut solver.arena;
            assert_eq!(
                read(a, &o.value),
                values[i],
                "{what}: value of {p}'s {} ({})",
                o.mv,
                o.value
            );
            match &o.dominated {
                Some(by) => {
                    let j = labels.iter().position(|l| l == by).unwrap();
                    assert_ne!(i, j);
                    assert!(
                        as_good(a, p, values[j], values[i]),
                        "{what}: {p}'s {} is not dominated by {by}",
                        o.mv
                    );
                }
                None => {
                    for j in 0..values.len() {
                        let better = as_good(a, p, values[j], values[i])
                            && (j < i || !as_good(a, p, values[i], values[j]));
                        assert!(
                            j == i || !better,
                            "{what}: {p}'s {} is dominated by {} but not marked",
                            o.mv,
                            labels[j]
                        );
                    }
                }
            }
            // Reversible: an answer of the opponent from the option that
            // is at least as good for the opponent as the whole game.
            let q = p.opponent();
            let answers = solver.rules.moves(&children[i], q);
            let mut reversing = Vec::new();
            for m in &answers {
                let w = solver.value(&solver.rules.play(&children[i], m)).unwrap();
                if as_good(&mut solver.arena, q, w, g) {
                    reversing.push((label(m), w));
                }
            }
            match &o.reversible {
                Some(r) => {
                    let found = reversing.iter().find(|(l, _)| *l == r.through);
                    let (_, w) = found.unwrap_or_else(|| {
                        panic!(
                            "{what}: {p}'s {} does not reverse through {}",
                            o.mv, r.through
                        )
                    });
                    assert_eq!(read(&mut solver.arena, &r.value), *w);
                    let (left, right) = solver.arena.options(*w);
                    let bypass = if p == Player::Left { left } else { right };
                    let mut want: Vec<GameId> = bypass.to_vec();
                    let mut shown: Vec<GameId> = r
                        .bypass
                        .iter()
                        .map(|x| read(&mut solver.arena, x))
                        .collect();
                    want.sort();
                    shown.sort();
                    assert_eq!(shown, want, "{what}: bypass of {p}'s {}", o.mv);
                }
                None => assert!(
                    reversing.is_empty(),
                    "{what}: {p}'s {} reverses through {} but is not marked",
                    o.mv,
                    reversing[0].0
                ),
            }
        }
    }
}

fn cut_label(e: &usize) -> String {
    (e + 1).to_string()
}

#[test]
fn classical_options_match_the_definitions() {
    for seed in 0..40u64 {
        let edges = 4 + (seed % 4) as usize;
        let pos = presets::random(seed, edges, &[]);
        let text = pos.to_string();
        for (rules, name) in [(Rules::Normal, "normal"), (Rules::Childish, "childish")] {
            let req = Request::new(text.clone(), rules.clone());
            let e = explore(&req, &budget()).unwrap();
            let what = format!("{name} {text}");
            check_moves(&req, &e, &what);
            if name == "normal" {
                let r = Hackenbush::new(pos.clone());
                let s = r.start();
                // Each option's thumbnail in words: the edges left standing.
                for o in &e.options {
                    let cut: usize = o.mv.parse::<usize>().unwrap() - 1;
                    let left: Vec<String> = r
                        .play(&s, &cut)
                        .iter()
                        .map(|x| (x + 1).to_string())
                        .collect();
                    assert_eq!(o.after, vec![left], "{what}: after {}", o.mv);
                }
                check(&mut Solver::without_splitting(r), &s, cut_label, &e, &what);
            } else {
                let r = Childish::new(pos.clone());
                let s = r.start();
                check(&mut Solver::without_splitting(r), &s, cut_label, &e, &what);
            }
        }
    }
}

#[test]
fn normal_play_options_of_larger_positions_match_the_whole_graph_search() {
    // Normal play explores through the block solver: every child and
    // grandchild is a state of the position's block frames.
    for seed in 0..30u64 {
        let pos = presets::random(500 + seed, 8 + (seed % 7) as usize, &[]);
        let text = pos.to_string();
        let e = explore(&Request::new(text.clone(), Rules::Normal), &budget()).unwrap();
        let r = Hackenbush::new(pos.clone());
        let s = r.start();
        let what = format!("normal {text}");
        check(&mut Solver::without_splitting(r), &s, cut_label, &e, &what);
    }
}

#[test]
fn uncolored_options_match_the_definitions() {
    let palette = [Colour::Blue, Colour::Red, Colour::Uncoloured];
    for seed in 0..15u64 {
        let pos = presets::random(seed, 4, &palette);
        let text = pos.to_string();
        let req = Request::new(text.clone(), Rules::Uncolored);
        let e = explore(&req, &budget()).unwrap();
        check_moves(&req, &e, &format!("uncolored {text}"));
        let r = Uncolored::new(pos);
        let s = r.start();
        let label = |m: &UncoloredMove| match m {
            UncoloredMove::Colour(e, c) => format!("{}{}", e + 1, c.letter()),
            UncoloredMove::Cut(e) => cut_label(e),
        };
        check(&mut Solver::without_splitting(r), &s, label, &e, &text);
    }
}

#[test]
fn classical_moves_are_replayed() {
    // After Left cuts 1 in BR BR, the state is BR alone minus nothing:
    // the second half, value 1/2 ... and Right to move next.
    let mut req = Request::new("BR BR", Rules::Normal);
    req.moves = vec!["1".into()];
    let e = explore(&req, &budget()).unwrap();
    assert_eq!(e.value, "1/2");
    req.moves = vec!["2".into()];
    assert!(explore(&req, &budget()).is_err(), "2 is red: not Left's");
}

/// Up to two random allowed moves from Left on, played in `game`; the
/// moves as the CLI writes them.
fn random_moves(game: &mut QuantumGame<Hackenbush>, rng: &mut SplitMix64) -> Vec<String> {
    let mut moves = Vec::new();
    let mut p = Player::Left;
    for _ in 0..rng.below(3) {
        let allowed = game.allowed(p);
        if allowed.is_empty() {
            break;
        }
        let mv = allowed[rng.below(allowed.len())].clone();
        game.play(p, &mv).unwrap();
        moves.push(mv.iter().map(cut_label).collect::<Vec<_>>().join("+"));
        p = p.opponent();
    }
    moves
}

/// Explore `pos` under `setting` after up to two random moves, and check
/// the exploration against the generic solver over the definition.
fn check_after_random_moves(
    pos: &hackenbush_lab::position::Position,
    setting: Setting,
    rng: &mut SplitMix64,
) {
    let base = Hackenbush::new(pos.clone());
    let mut game = QuantumGame::new(base.clone(), base.start(), setting);
    let moves = random_moves(&mut game, rng);
    let Setting { flavour, width } = setting;
    let rules: Rules = format!("quantum:{flavour}:{width}").parse().unwrap();
    let mut req = Request::new(pos.to_string(), rules);
    req.moves = moves.clone();
    let e = explore(&req, &budget()).unwrap();
    let state = game.state().to_vec();
    let what = format!("{flavour} {width} {pos} after {moves:?}");
    check_moves(&req, &e, &what);
    let label = |m: &Vec<usize>| m.iter().map(cut_label).collect::<Vec<_>>().join("+");
    let mut reference = Solver::without_splitting(Quantum::new(base, setting));
    check(&mut reference, &state, label, &e, &what);
    assert_eq!(e.realisations.as_ref().map(Vec::len), Some(state.len()));
}

#[test]
fn quantum_states_reached_by_random_moves_match_the_definition() {
    let mut rng = SplitMix64::new(11);
    for seed in 0..24u64 {
        let flavour = Flavour::ALL[(seed % 6) as usize];
        let setting = Setting {
            flavour,
            width: Width::Limited(2),
        };
        let pos = presets::random(100 + seed, 4 + (seed % 2) as usize, &[]);
        check_after_random_moves(&pos, setting, &mut rng);
    }
}

/// Blue-red sums are explored with values found by comparison with
/// numbers first: the same options, values and marks as the definition.
#[test]
fn blue_red_sums_explored_by_numbers_match_the_definition() {
    let mut rng = SplitMix64::new(5);
    let sums = ["BR BR R", "BR RB B R", "BRB R R", "BR BR BR R", "RB B B"];
    for (k, text) in sums.iter().enumerate() {
        for flavour in Flavour::ALL {
            let width = if k % 2 == 0 {
                Width::Unbounded
            } else {
                Width::Limited(2)
            };
            let setting = Setting { flavour, width };
            check_after_random_moves(&text.parse().unwrap(), setting, &mut rng);
        }
    }
}

#[test]
fn the_circus_tent_shows_its_reversible_options() {
    // Value 1 = {0 |}: Left's cuts reverse through Right's answers to 0.
    let req = Request::new("0-1:B 1-2:R 0-3:B 3-2:R", Rules::Normal);
    let e = explore(&req, &budget()).unwrap();
    assert_eq!(e.value, "1");
    assert_eq!(e.canonical_left, vec!["0"]);
    assert!(e.canonical_right.is_empty());
    for o in &e.options {
        assert!(o.reversible.is_some(), "{} {}", o.player, o.mv);
    }
    let right = e
        .options
        .iter()
        .find(|o| o.player == Player::Right)
        .unwrap();
    assert!(right.reasons[0].starts_with("reversible through Left's"));
}

mod common;
use common::run_cli;

#[test]
fn the_options_command_keeps_the_cli_contract() {
    let out = run_cli(&[
        "options", "--json", "--rules", "quantum", "--moves", "1+3", "BR BR",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["value"], "1/2");
    for o in v["options"].as_array().unwrap() {
        for field in ["player", "move", "value", "dominated", "reversible"] {
            assert!(o.get(field).is_some(), "{field} missing in {o}");
        }
    }
    let md = run_cli(&["options", "BRR", "G"]);
    let text = String::from_utf8(md.stdout).unwrap();
    assert!(text.contains("## Left's options") && text.contains("dominated by 4"));
    for (args, code) in [
        (vec!["options", "--moves", "2", "BR"], 2),
        (vec!["options", "--rules", "sync", "BR"], 2),
        (vec!["options", "--rules", "misere", "BR"], 2),
        (vec!["options", "B)"], 2),
        (
            vec![
                "options",
                "--max-memory",
                "1M",
                "--rules",
                "quantum",
                "--width",
                "unbounded",
                "BRG BRG BRG RGB GRB",
            ],
            3,
        ),
    ] {
        let out = run_cli(&args);
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn moves_may_name_their_player() {
    // Left twice in a row: B B B minus two blue edges is B, value 1.
    let mut req = Request::new("B B B R", Rules::Normal);
    req.moves = vec!["L:1".into(), "L:2".into()];
    assert_eq!(explore(&req, &budget()).unwrap().value, "0");
    req.moves = vec!["R:4".into()];
    assert_eq!(explore(&req, &budget()).unwrap().value, "3");
    let mut q = Request::new("BR BR", "quantum:D:2".parse().unwrap());
    q.moves = vec!["L:1+3".into(), "L:1".into()];
    assert!(explore(&q, &budget()).is_ok());
}

/// The values an exploration prints count against the budget's text
/// limit: past it, the exploration stops with `Exceeded::Text` instead of
/// building megabytes of strings.
#[test]
fn explorations_stop_at_the_text_limit() {
    use hackenbush_lab::analysis::AnalysisError;
    use hackenbush_lab::budget::Exceeded;
    let req = Request::new("BRGRBGGBRRGB", Rules::Normal);
    let whole = explore(&req, &budget()).unwrap();
    let printed: usize = whole.value.len()
        + whole.pretty.len()
        + whole.options.iter().map(|o| o.value.len()).sum::<usize>();
    let tight = budget().with_text_limit(printed as u64 / 2);
    match explore(&req, &tight) {
        Err(AnalysisError::Budget(Exceeded::Text { chars, limit })) => {
            assert_eq!(limit, printed as u64 / 2);
            assert!(chars > limit);
        }
        other => panic!("expected the text limit, got {other:?}"),
    }
}
