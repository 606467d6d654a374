//! The page as one state: after any sequence of actions, every part of the
//! page view (pickers, rule card, position box, caption, slide list, value
//! card) describes the same state, and a value on show is the value of
//! that state. The engine runs natively here (`ui::jobs::run`), with its
//! answers delivered late at random, as a worker would.

use hackenbush_lab::analysis::{self, Request, Rules, RulesKind, RulesParts};
use hackenbush_lab::budget::{Budget, ByteSize};
use hackenbush_lab::quantum::{Flavour, Width};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::Player;
use hackenbush_lab::ui::answer_view::{rule_card, rules_phrase};
use hackenbush_lab::ui::jobs::{self, JobReply};
use hackenbush_lab::ui::page::{Action, PageView, Place, ValueState};
use hackenbush_lab::ui::session::{Mode, Session};

#[path = "common/stages.rs"]
mod stages;
#[path = "common/tikz_edges.rs"]
mod tikz_edges;
use tikz_edges::drawn_edges;

fn budget() -> Budget {
    Budget::new(ByteSize::mib(64), None).with_text_limit(100_000)
}

/// The page with a worker: jobs sent are answered, now or later.
struct Page {
    session: Session,
    now: f64,
    /// Replies not yet delivered (a slow worker).
    late: Vec<JobReply>,
    next_id: u32,
}

impl Page {
    fn new() -> Page {
        Page {
            session: Session::new(800.0, 500.0),
            now: 0.0,
            late: Vec::new(),
            next_id: 1,
        }
    }

    fn act(&mut self, a: Action) -> Result<(), String> {
        self.now += 700.0;
        self.session
            .dispatch(a, self.now)
            .map(|_| ())
            .map_err(|e| e.to_string())
    }

    /// Send the jobs the session wants; answer them at once or keep the
    /// reply for later (`defer`).
    fn work(&mut self, defer: bool) {
        for job in self.session.wanted_jobs() {
            let running = self.late.iter().any(|r| r.job == job);
            if running {
                continue;
            }
            self.act(Action::JobStarted { job: job.clone() }).unwrap();
            let result = jobs::run(&job, &budget());
            let reply = JobReply {
                id: self.next_id,
                job,
                result,
            };
            self.next_id += 1;
            if defer {
                self.late.push(reply);
            } else {
                let _ = self.act(Action::JobDone(Box::new(reply)));
            }
        }
    }

    fn deliver_late(&mut self) {
        for reply in std::mem::take(&mut self.late) {
            let _ = self.act(Action::JobDone(Box::new(reply)));
        }
    }

    /// Answer everything until the session wants nothing more.
    fn settle(&mut self) {
        self.deliver_late();
        for _ in 0..8 {
            if self.session.wanted_jobs().is_empty() {
                return;
            }
            self.work(false);
        }
    }

    fn view(&self) -> PageView {
        self.session.page_view()
    }
}

/// The rules the pickers show.
fn picked_rules(v: &PageView) -> Rules {
    Rules::from_parts(RulesParts {
        kind: Some(v.rules.kind),
        flavour: v.rules.flavour,
        width: v.rules.width,
        conflict: v.rules.conflict,
        ..RulesParts::default()
    })
    .expect("the pickers show rules that exist")
}

/// Every part of the view describes one state.
fn check_consistent(p: &Page, step: &str) {
    let v = p.view();
    let rules = picked_rules(&v);
    assert_eq!(
        v.rules.card,
        rule_card(&rules),
        "{step}: rule card vs pickers"
    );
    assert_eq!(
        v.board.caption_rules,
        format!("Rules: {}", rules_phrase(&rules)),
        "{step}: presenter's rules line vs pickers"
    );
    let slide_title = &v.deck.slides[v.deck.current];
    assert_eq!(
        &v.board.caption, slide_title,
        "{step}: caption vs slide list"
    );
    if v.deck.title.is_empty() {
        assert_eq!(
            v.board.caption, v.text.text,
            "{step}: untitled caption vs box"
        );
    } else {
        assert_eq!(v.board.caption, v.deck.title, "{step}: caption vs title");
    }
    match &v.value.state {
        ValueState::Answer(a) => {
            assert!(
                a.value_of.contains(&rules_phrase(&rules)),
                "{step}: value card ({}) vs pickers ({})",
                a.value_of,
                rules_phrase(&rules)
            );
            let at_start = v.history.cursor == 0;
            if at_start && v.text.text.len() < 40 {
                assert!(
                    a.value_of.starts_with(&v.text.text),
                    "{step}: value card ({}) vs position box ({})",
                    a.value_of,
                    v.text.text
                );
                // The value on show is the value of the state on screen.
                let fresh = analysis::analyse(&Request::new(v.text.text.clone(), rules), &budget());
                if let Ok(fresh) = fresh {
                    assert_eq!(a.value, fresh.value, "{step}: value on show vs fresh");
                }
            }
        }
        ValueState::Computing { what, .. } | ValueState::Failed { what, .. } => {
            assert!(
                what.contains(&rules_phrase(&rules)),
                "{step}: computing {what} vs pickers"
            );
        }
        ValueState::Idle | ValueState::Empty => {}
    }
    if v.puzzle.is_some() {
        assert!(
            v.options.hide_values && v.options.hide_locked,
            "{step}: puzzle hides values"
        );
        assert!(
            v.edit.locked && v.rules.locked,
            "{step}: puzzle locks the board"
        );
        assert_eq!(v.mode, Mode::Play, "{step}: a puzzle is played");
    }
}

/// A three-slide deck: normal, misère, quantum (flavour C).
fn deck(p: &mut Page) {
    p.act(Action::SetText("BR BR R".into())).unwrap();
    p.act(Action::SetSlideTitle("Normal stalks".into()))
        .unwrap();
    p.act(Action::AddSlide).unwrap();
    p.act(Action::SetText("B BR RR".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Misere)).unwrap();
    p.act(Action::SetSlideTitle("Misère".into())).unwrap();
    p.act(Action::AddSlide).unwrap();
    p.act(Action::SetText("BR R G".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::C))).unwrap();
    p.act(Action::SetSlideTitle("Quantum, flavour C".into()))
        .unwrap();
    p.settle();
}

#[test]
fn switching_slides_shows_each_slides_rules_and_value() {
    let mut p = Page::new();
    deck(&mut p);
    let kinds = [RulesKind::Normal, RulesKind::Misere, RulesKind::Quantum];
    for round in 0..2 {
        for k in (0..3).chain((0..3).rev()) {
            p.act(Action::GoToSlide(k)).unwrap();
            let v = p.view();
            assert_eq!(v.rules.kind, kinds[k], "slide {k}, round {round}");
            // While the worker computes, no other slide's value is shown.
            match &v.value.state {
                ValueState::Answer(_) => {}
                ValueState::Idle | ValueState::Computing { .. } => {}
                other => panic!("slide {k}: {other:?}"),
            }
            p.settle();
            check_consistent(&p, &format!("slide {k}"));
            assert!(matches!(p.view().value.state, ValueState::Answer(_)));
        }
    }
    // Changing a picker changes this slide only.
    p.act(Action::GoToSlide(1)).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Childish)).unwrap();
    p.act(Action::GoToSlide(0)).unwrap();
    assert_eq!(p.view().rules.kind, RulesKind::Normal);
    p.act(Action::GoToSlide(2)).unwrap();
    assert_eq!(p.view().rules.kind, RulesKind::Quantum);
    assert_eq!(p.view().rules.flavour, Some(Flavour::C));
    p.act(Action::GoToSlide(1)).unwrap();
    assert_eq!(p.view().rules.kind, RulesKind::Childish);
}

#[test]
fn analyse_after_a_slide_switch_keeps_the_slide() {
    let mut p = Page::new();
    deck(&mut p);
    p.act(Action::GoToSlide(0)).unwrap();
    let text = p.view().text.text;
    assert_eq!(text, p.view().text.text);
    p.act(Action::Analyse(text.clone())).unwrap();
    p.act(Action::GoToSlide(1)).unwrap();
    assert_eq!(p.view().text.text, "B BR RR");
    p.act(Action::GoToSlide(0)).unwrap();
    assert_eq!(p.view().text.text, text);
}

#[test]
fn a_late_answer_for_another_slide_is_never_shown() {
    let mut p = Page::new();
    deck(&mut p);
    p.act(Action::GoToSlide(0)).unwrap();
    p.act(Action::Analyse("BR BR R B".into())).unwrap();
    p.work(true); // the worker is slow
    p.act(Action::GoToSlide(1)).unwrap();
    p.deliver_late(); // the answer for slide 1's old text arrives now
    if let ValueState::Answer(a) = p.view().value.state {
        assert!(a.value_of.contains("misère"), "{}", a.value_of)
    }
    check_consistent(&p, "late answer");
}

#[test]
fn the_stopped_message_never_suggests_the_width_in_force() {
    let mut p = Page::new();
    p.act(Action::SetText("BR BR BR".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetWidth(Some(Width::Limited(2)))).unwrap();
    let job = p.session.wanted_jobs().remove(0);
    p.act(Action::JobStarted { job: job.clone() }).unwrap();
    p.act(Action::TimedOut { job, seconds: 30 }).unwrap();
    match p.view().value.state {
        ValueState::Failed { message, .. } => {
            assert!(message.contains("fewer edges"), "{message}");
            assert!(!message.contains("width 2"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // Analyse asks again.
    p.act(Action::Analyse("BR BR BR".into())).unwrap();
    assert_eq!(p.session.wanted_jobs().len(), 1);
}

fn key(p: &mut Page, k: &str) {
    let _ = p.act(Action::BoardKey {
        key: k.into(),
        ctrl: false,
        shift: false,
    });
}

/// In Play the board's height to fit is the drawing's at the board's
/// width (a phone's page sizes the board so); it stays while the game is
/// played (edges fall, the drawing played from does not change) and is
/// gone in Edit, where a drawing grows upward.
#[test]
fn a_board_in_play_asks_for_the_height_of_its_drawing() {
    let mut p = Page::new();
    p.act(Action::Resize {
        width: 388.0,
        height: 600.0,
    })
    .unwrap();
    p.act(Action::SetText("BR RB G".into())).unwrap();
    assert_eq!(p.view().board.fit_height, None, "not in Edit");
    p.act(Action::SetMode(Mode::Play)).unwrap();
    // Four units wide at 388 px (a 48 px margin each side): 73 px a unit,
    // two units tall, and the margin above and below.
    let h = p.view().board.fit_height.expect("in Play");
    assert_eq!(h.round(), 242.0, "{h}");
    let now = p.now;
    p.session.play_label(1, now).unwrap();
    p.settle();
    assert!(p.view().history.cursor >= 1, "a cut was played");
    assert_eq!(p.view().board.fit_height, Some(h), "unchanged by a cut");
    p.act(Action::SetMode(Mode::Edit)).unwrap();
    assert_eq!(p.view().board.fit_height, None);
}

#[test]
fn a_refused_single_cut_is_not_offered() {
    let mut p = Page::new();
    p.act(Action::SetText("BR BR".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::C))).unwrap();
    p.act(Action::SetMode(Mode::Play)).unwrap();
    // Left superposes the two blue edges: one realisation keeps 1 2, the
    // other 3 4.
    for k in ["Tab", " ", "Tab", "Tab", " "] {
        key(&mut p, k);
    }
    assert_eq!(p.view().play.picked, vec![1, 3]);
    p.act(Action::Commit).unwrap();
    assert_eq!(p.view().quantum.as_ref().unwrap().views.count, 2);
    // Right picks 2 alone: flavour C refuses it (2 is not in every
    // realisation), so no button offers to cut it.
    p.act(Action::SetSuperpose(true)).unwrap();
    // (a click on edge 2 does this)
    let now = p.now;
    p.session.play_label(2, now).unwrap();
    let v = p.view();
    assert_eq!(v.play.picked, vec![2], "{:?}", v.board.turn);
    assert!(v.play.refused.is_some(), "the preview refuses the cut");
    assert_eq!(v.play.commit, None, "no button offers a refused move");
}

/// Seeded random sessions: every action leaves a consistent page.
#[test]
fn random_actions_keep_every_part_of_the_page_in_agreement() {
    let texts = ["BR BR R", "B BR", "G R B", "BRB R", "RR B G"];
    let kinds = RulesKind::ALL;
    for seed in 0..12u64 {
        let mut rng = SplitMix64::new(seed);
        let mut p = Page::new();
        deck(&mut p);
        for step in 0..60 {
            let pick = rng.next_u64() % 15;
            let action = match pick {
                0 => Action::GoToSlide((rng.next_u64() % 3) as usize),
                1 => Action::NextSlide,
                2 => Action::PrevSlide,
                3 => {
                    let k = kinds[(rng.next_u64() % kinds.len() as u64) as usize];
                    // Quantum and synchronous values of these drawings are
                    // quick; keep them small all the same.
                    Action::SetRulesKind(k)
                }
                4 => Action::SetMode(if rng.next_u64().is_multiple_of(2) {
                    Mode::Play
                } else {
                    Mode::Edit
                }),
                5 => Action::BoardKey {
                    key: "Tab".into(),
                    ctrl: false,
                    shift: false,
                },
                6 => Action::BoardKey {
                    key: "Enter".into(),
                    ctrl: false,
                    shift: false,
                },
                7 => Action::Takeback,
                8 => Action::Undo,
                9 => Action::SetText(texts[(rng.next_u64() % texts.len() as u64) as usize].into()),
                10 => Action::SetPresenting(rng.next_u64().is_multiple_of(2)),
                11 => Action::SetFirst(if rng.next_u64().is_multiple_of(2) {
                    Player::Left
                } else {
                    Player::Right
                }),
                12 => Action::Commit,
                13 => Action::SetFlavour(Some(Flavour::ALL[(rng.next_u64() % 6) as usize])),
                _ => Action::SetHideValues(rng.next_u64().is_multiple_of(2)),
            };
            let label = format!("seed {seed} step {step} {action:?}");
            let _ = p.act(action);
            // Sometimes the worker is slow: answers arrive after later actions.
            let slow = rng.next_u64().is_multiple_of(3);
            p.work(slow);
            if !slow && rng.next_u64().is_multiple_of(2) {
                p.deliver_late();
            }
            check_consistent(&p, &label);
        }
        p.settle();
        check_consistent(&p, &format!("seed {seed} settled"));
    }
}

#[test]
fn errors_are_shown_next_to_the_control_used() {
    let mut p = Page::new();
    let e = p.act(Action::SetText("BQ".into())).unwrap_err();
    assert!(!e.is_empty());
    let v = p.view();
    let n = v.notice(Place::Text).expect("the error is beside the box");
    assert!(n.error);
    assert!(v.notice(Place::Link).is_none());
}

fn puzzle_set() -> String {
    use hackenbush_lab::puzzle::{Puzzle, Question};
    let p = |position: &str, question: Question| Puzzle {
        position: position.into(),
        rules: Rules::Normal,
        moves: Vec::new(),
        first: Player::Left,
        question,
        title: String::new(),
        hint: "look at the blue edges".into(),
    };
    hackenbush_lab::ui::puzzle_link::puzzle_fragment(&[
        p("BR B R", Question::WinningMove(Player::Left)),
        p("BR B", Question::Value),
        p("B R", Question::Winner(Player::Left)),
    ])
    .unwrap()
}

/// The answer box says, by example, what it takes: a superposed move
/// under quantum rules, a colouring under uncoloured ones, nothing where
/// buttons or the board answer.
#[test]
fn a_puzzles_answer_box_shows_the_notation_it_takes() {
    use hackenbush_lab::puzzle::{Puzzle, Question};
    let p = |position: &str, rules: &str, question: Question| Puzzle {
        position: position.into(),
        rules: rules.parse::<Rules>().unwrap(),
        moves: Vec::new(),
        first: Player::Left,
        question,
        title: String::new(),
        hint: String::new(),
    };
    let set = [
        p(
            "BR BR B",
            "quantum:D:2",
            Question::WinningMove(Player::Left),
        ),
        p(
            "BR BR B",
            "quantum:D:2",
            Question::EveryWinningMove(Player::Left),
        ),
        p("X X", "uncolored", Question::WinningMove(Player::Left)),
        p("BR B", "normal", Question::EveryWinningMove(Player::Left)),
        p("B R", "normal", Question::Winner(Player::Left)),
    ];
    let expected = [
        "a move, e.g. 3 or 1+3",
        "moves, e.g. 3 1+5",
        "a move, e.g. 3B, 3R or 3",
        "edge labels, e.g. 3 5",
        "",
    ];
    let mut page = Page::new();
    let link = hackenbush_lab::ui::puzzle_link::puzzle_fragment(&set).unwrap();
    page.act(Action::OpenLink(link)).unwrap();
    page.settle();
    for (k, want) in expected.iter().enumerate() {
        let v = page.view();
        assert_eq!(v.deck.current, k);
        assert_eq!(v.puzzle.unwrap().answer_hint, *want, "puzzle {}", k + 1);
        if k + 1 < expected.len() {
            page.act(Action::PuzzleNext).unwrap();
            page.settle();
        }
    }
}

/// A wrong move is refuted on the board (played, and answered by the
/// engine); the right answer checked after it is checked, and shown, on
/// the puzzle's own state: the refuting line is taken back, not left under
/// "Solved!".
#[test]
fn a_right_answer_after_a_refuted_one_leaves_the_refutation() {
    let mut p = Page::new();
    p.act(Action::OpenLink(puzzle_set())).unwrap();
    p.settle();
    p.act(Action::SetPuzzleAnswer("3".into())).unwrap();
    p.act(Action::PuzzleCheck).unwrap();
    p.settle();
    let v = p.view();
    let puzzle = v.puzzle.unwrap();
    assert!(!puzzle.verdict.expect("judged").correct);
    assert!(
        v.history.cursor >= 1,
        "the wrong move is played on the board"
    );
    assert!(puzzle.can_try_again);
    p.act(Action::SetPuzzleAnswer("1".into())).unwrap();
    p.act(Action::PuzzleCheck).unwrap();
    p.settle();
    let v = p.view();
    let puzzle = v.puzzle.unwrap();
    assert!(puzzle.verdict.expect("judged").correct);
    assert!(puzzle.solved_here);
    assert_eq!(v.history.cursor, 0, "the board is back on the question");
    assert!(!puzzle.can_try_again, "nothing to try again");
}

#[test]
fn a_puzzle_set_is_solved_with_a_cut_on_the_board_and_next() {
    let mut p = Page::new();
    p.act(Action::OpenLink(puzzle_set())).unwrap();
    p.settle();
    let v = p.view();
    let puzzle = v.puzzle.as_ref().expect("the link holds puzzles");
    assert_eq!(puzzle.count, 3);
    assert!(v.edit.locked && v.options.hide_values && v.options.hide_locked);
    assert_eq!(puzzle.choices.len(), 2, "{:?}", puzzle.choices);
    assert_eq!(puzzle.answer_hint, "an edge's label, e.g. 3");
    // Values cannot be shown, the board cannot be edited, the rules are fixed.
    assert!(p.act(Action::SetHideValues(false)).is_err());
    assert!(p.act(Action::SetMode(Mode::Edit)).is_err());
    assert!(p.act(Action::SetRulesKind(RulesKind::Misere)).is_err());
    assert_eq!(p.view().rules.kind, RulesKind::Normal);
    // A wrong answer typed: the verdict says so.
    p.act(Action::SetPuzzleAnswer("3".into())).unwrap();
    p.act(Action::PuzzleCheck).unwrap();
    p.settle();
    let verdict = p.view().puzzle.unwrap().verdict.expect("judged");
    assert!(!verdict.correct, "{}", verdict.text);
    p.act(Action::PuzzleTryAgain).unwrap();
    // The winning cut made on the board is taken back and checked.
    let now = p.now;
    p.session.play_label(1, now).unwrap();
    let _ = p.act(Action::PointerLeave);
    p.settle();
    let v = p.view();
    let puzzle = v.puzzle.unwrap();
    assert_eq!(v.history.cursor, 0, "the board stays on the question");
    assert!(puzzle.solved_here, "{:?}", puzzle.verdict);
    assert!(puzzle.verdict.unwrap().correct);
    // Next: the value question, answered by typing.
    p.act(Action::PuzzleNext).unwrap();
    p.settle();
    let v = p.view();
    assert_eq!(v.deck.current, 1);
    assert!(
        v.puzzle.as_ref().unwrap().verdict.is_none(),
        "a fresh puzzle"
    );
    assert!(v.puzzle.as_ref().unwrap().choices.is_empty());
    assert_eq!(
        v.puzzle.as_ref().unwrap().answer_hint,
        "a value, e.g. -3/4 or {1|0}"
    );
    p.act(Action::SetPuzzleAnswer("3/2".into())).unwrap();
    p.act(Action::PuzzleCheck).unwrap();
    p.settle();
    let puzzle = p.view().puzzle.unwrap();
    assert!(puzzle.solved_here);
    // The engine's explanation, as a sentence of its own.
    let text = puzzle.verdict.expect("judged").text;
    assert!(text.starts_with("Solved! The value is 3/2."), "{text}");
    p.act(Action::PuzzleHint).unwrap();
    assert!(p.view().puzzle.unwrap().help.contains("blue edges"));
    // Back to the first puzzle (BR B R): its value and a winning move as
    // hints, each counted (over the set: the hint above is the first).
    p.act(Action::PuzzlePrev).unwrap();
    p.settle();
    p.act(Action::PuzzleShowValue).unwrap();
    p.settle();
    let puzzle = p.view().puzzle.unwrap();
    assert_eq!(puzzle.help, "The puzzle's value is 1/2.");
    p.act(Action::PuzzleShowMove).unwrap();
    p.settle();
    let puzzle = p.view().puzzle.unwrap();
    assert_eq!(puzzle.help, "One winning move: 1.");
    assert_eq!(puzzle.hints_used, 3);
    check_consistent(&p, "puzzle");
}

#[test]
fn the_gallery_writes_values_as_the_value_card_does() {
    use hackenbush_lab::ui::gallery;
    let mut seen = 0;
    for i in 0..gallery::ENTRIES.len() {
        let Some(pretty) = gallery::card_value_pretty(i) else {
            continue;
        };
        let mut p = Page::new();
        p.act(Action::LoadPreset(i)).unwrap();
        p.settle();
        match p.view().value.state {
            ValueState::Answer(a) => assert_eq!(a.pretty, pretty, "entry {i}"),
            other => panic!("entry {i}: {other:?}"),
        }
        seen += 1;
    }
    assert!(seen > 3, "the gallery has pictures with values");
}

#[test]
fn an_exported_svg_names_the_slide_and_hides_hidden_values() {
    use hackenbush_lab::ui::page::{Download, Effect, ExportFormat};
    let mut p = Page::new();
    deck(&mut p);
    p.act(Action::GoToSlide(0)).unwrap();
    p.settle();
    let svg = |p: &mut Page| {
        p.now += 1.0;
        let effects = p
            .session
            .dispatch(Action::Export(ExportFormat::Svg), p.now)
            .unwrap();
        match &effects[..] {
            [Effect::Download {
                content: Download::Text(svg),
                ..
            }] => svg.clone(),
            other => panic!("{other:?}"),
        }
    };
    let shown = svg(&mut p);
    assert!(shown.contains("Normal stalks"), "the slide title");
    assert!(shown.contains("normal play"), "the rules");
    assert!(shown.contains("value"), "the value of this board");
    p.act(Action::SetHideValues(true)).unwrap();
    let hidden = svg(&mut p);
    assert!(hidden.contains("Normal stalks"));
    assert!(!hidden.contains("value"), "hidden values stay hidden");
    p.act(Action::SetExportCaption(false)).unwrap();
    assert!(!svg(&mut p).contains("Normal stalks"));
}

#[test]
fn the_address_bar_follows_the_state_but_not_a_puzzle() {
    use hackenbush_lab::ui::page::Effect;
    let mut p = Page::new();
    let fragment = |p: &mut Page, a: Action| -> Option<String> {
        p.now += 1.0;
        let effects = p.session.dispatch(a, p.now).unwrap_or_default();
        effects.into_iter().find_map(|e| match e {
            Effect::ReplaceFragment(f) => Some(f),
            _ => None,
        })
    };
    let f = fragment(&mut p, Action::SetText("BR R".into())).expect("a new drawing");
    assert_eq!(f, p.session.link());
    assert_eq!(
        fragment(&mut p, Action::PointerMove { x: 1.0, y: 1.0 }),
        None
    );
    assert_eq!(
        fragment(&mut p, Action::SetText("BR R".into())),
        None,
        "unchanged"
    );
    assert!(fragment(&mut p, Action::SetRulesKind(RulesKind::Misere)).is_some());
    // A reload opens the fragment: the same state.
    let mut q = Page::new();
    q.act(Action::OpenLink(p.session.link())).unwrap();
    assert_eq!(q.view().rules.kind, RulesKind::Misere);
    assert_eq!(q.view().text.text, "BR R");
    // A puzzle link stays in the address bar as it was opened.
    assert_eq!(fragment(&mut p, Action::OpenLink(puzzle_set())), None);
}

/// On a phone-wide board the synchronous strategies beside the edges
/// ("6: L 50%") stay on the canvas: a note that would run past its right
/// side stands left of its edge (it was cut on the rightmost stalk).
#[test]
fn edge_notes_stay_on_a_phone_wide_board() {
    use hackenbush_lab::ui::geometry::LabelSide;
    use hackenbush_lab::ui::scene::{label_left, label_scale, label_text, label_width};
    let mut p = Page::new();
    p.session = Session::new(360.0, 420.0);
    p.act(Action::SetText("BR BR RB".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    p.act(Action::SetMode(Mode::Play)).unwrap();
    p.settle();
    let scene = p.session.scene(p.now);
    let k = label_scale(&scene);
    let mut noted = 0;
    for e in &scene.edges {
        let text = label_text(e);
        noted += usize::from(e.note.is_some());
        let w = label_width(&text, k);
        let x = label_left(e.shape.midpoint(), w, k, scene.width, e.shape.label_side());
        assert!(
            x >= 0.0 && x + w <= scene.width,
            "{text:?} at {x}..{} on a {} px board",
            x + w,
            scene.width
        );
    }
    assert_eq!(noted, 6, "every edge has its strategy note");
    // Where there is room on the right, a label stays right of its edge.
    let at = hackenbush_lab::position::Point { x: 10.0, y: 50.0 };
    let w = label_width("6: L 50%", 1.0);
    assert!(label_left(at, w, 1.0, 360.0, LabelSide::Right) > at.x);
    let near = hackenbush_lab::position::Point { x: 340.0, y: 50.0 };
    assert!(label_left(near, w, 1.0, 360.0, LabelSide::Right) < near.x);
    // A loop leaning left is labelled on its left, where there is room.
    assert!(label_left(near, w, 1.0, 360.0, LabelSide::Left) < near.x);
    assert!(label_left(at, w, 1.0, 360.0, LabelSide::Left) > at.x);
}

/// The turn line says whose turn it is, and apart from it how to pick a
/// quantum move (a phone's page hides that part, as its buttons say it;
/// presenting, it is not said at all).
#[test]
fn the_turn_line_keeps_whose_turn_apart_from_how_to_pick() {
    let mut p = Page::new();
    p.act(Action::SetText("BR BR R".into())).unwrap();
    p.act(Action::SetMode(Mode::Play)).unwrap();
    let v = p.view();
    assert_eq!(v.board.turn, "Left (blue) to move.");
    assert_eq!(v.board.turn_how, "", "classical play: a click cuts");
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    let v = p.view();
    assert_eq!(v.board.turn, "Left (blue) to move.");
    assert_eq!(
        v.board.turn_how,
        "Click edges to pick them, then Commit (Enter)."
    );
    p.act(Action::SetPresenting(true)).unwrap();
    let v = p.view();
    assert_eq!(v.board.turn, "Left (blue) to move.");
    assert_eq!(v.board.turn_how, "");
}

#[test]
fn a_refused_third_pick_leaves_the_two_picks_committable() {
    let mut p = Page::new();
    p.act(Action::SetText("BR BR B".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::D))).unwrap();
    p.act(Action::SetMode(Mode::Play)).unwrap();
    let now = p.now;
    p.session.play_label(1, now).unwrap();
    p.session.play_label(3, now).unwrap();
    assert!(p.session.play_label(5, now).is_err(), "width 2");
    // The board's focus is on 5 (refused), but the picks are 1 and 3.
    let v = p.view();
    assert_eq!(v.play.picked, vec![1, 3]);
    assert_eq!(v.play.refused, None);
    assert_eq!(
        v.play.commit.as_deref(),
        Some("Commit superposed move (1 + 3)")
    );
}

#[test]
fn start_up_actions_leave_the_opened_link_alone() {
    use hackenbush_lab::ui::page::Effect;
    let mut p = Page::new();
    // The page restores the intro card, then opens the link it was given.
    let effects = p.session.dispatch(Action::SetIntro(true), 1.0).unwrap();
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::ReplaceFragment(_))),
        "{effects:?}"
    );
}

#[test]
fn each_slide_keeps_its_presenter_panel_and_links_carry_it() {
    use hackenbush_lab::ui::page::PresenterPanel;
    let mut p = Page::new();
    deck(&mut p);
    p.act(Action::SetPresenting(true)).unwrap();
    p.act(Action::GoToSlide(1)).unwrap();
    p.act(Action::SetPresenterPanel(PresenterPanel::Explorer))
        .unwrap();
    assert!(p.view().teach.explorer_open, "the game tree shows at once");
    // A matrix panel on a slide that is not synchronous shows the value.
    p.act(Action::GoToSlide(2)).unwrap();
    p.act(Action::SetPresenterPanel(PresenterPanel::Matrix))
        .unwrap();
    assert_eq!(p.view().presenter_panel, PresenterPanel::Value);
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    assert_eq!(p.view().presenter_panel, PresenterPanel::Matrix);
    let expected = [
        PresenterPanel::Value,
        PresenterPanel::Explorer,
        PresenterPanel::Matrix,
    ];
    for (k, want) in expected.iter().enumerate() {
        p.act(Action::GoToSlide(k)).unwrap();
        assert_eq!(p.view().presenter_panel, *want, "slide {k}");
    }
    // The deck's link opens with each slide's panel.
    let link = p.session.deck_link(false);
    let mut q = Page::new();
    q.act(Action::OpenLink(link)).unwrap();
    for (k, want) in expected.iter().enumerate() {
        q.act(Action::GoToSlide(k)).unwrap();
        assert_eq!(q.view().presenter_panel, *want, "opened slide {k}");
    }
    q.act(Action::GoToSlide(1)).unwrap();
    assert!(q.view().teach.explorer_open);
}

#[test]
fn copying_a_puzzle_set_link_says_so_beside_its_button_only() {
    use hackenbush_lab::ui::page::{Effect, LinkScope};
    let mut p = Page::new();
    p.act(Action::OpenLink(puzzle_set())).unwrap();
    p.settle();
    p.now += 1.0;
    let effects = p
        .session
        .dispatch(Action::CopyLink(LinkScope::Puzzle), p.now)
        .unwrap();
    let place = effects
        .iter()
        .find_map(|e| match e {
            Effect::Copy { place, text } => {
                assert!(text.ends_with(&format!("#{}", puzzle_set())), "{text}");
                Some(*place)
            }
            _ => None,
        })
        .expect("a copy");
    assert_eq!(place, Place::PuzzleSet);
    p.act(Action::Copied { place, ok: true }).unwrap();
    let v = p.view();
    assert!(v.notice(Place::PuzzleSet).is_some());
    assert!(v.notice(Place::Link).is_none(), "not in the share card");
    assert!(v.notice(Place::Puzzle).is_none(), "not at the verdict");
}

// ---------------------------------- TikZ export and thermographs on the page

/// The `tikzpicture` environments of a document, in order.
fn tikz_pictures(doc: &str) -> Vec<&str> {
    doc.split("\\begin{tikzpicture}")
        .skip(1)
        .map(|p| p.split("\\end{tikzpicture}").next().unwrap())
        .collect()
}

/// The text of the one download an action offers.
fn download(p: &mut Page, a: Action) -> (String, String) {
    use hackenbush_lab::ui::page::{Download, Effect};
    p.now += 1.0;
    let effects = p.session.dispatch(a, p.now).unwrap();
    match &effects[..] {
        [Effect::Download {
            name,
            content: Download::Text(text),
            ..
        }, ..] => (name.clone(), text.clone()),
        other => panic!("{other:?}"),
    }
}

/// Compile `doc` with pdflatex if it is installed (says so and skips if
/// not).
fn compiles_with_pdflatex(doc: &str, name: &str) {
    if !tikz_edges::pdflatex_present() {
        eprintln!("skipped compiling {name}: pdflatex is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("hackenbush-page-tikz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    tikz_edges::assert_compiles(&dir, name, doc.as_bytes());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The deck as TikZ: one picture per slide, in order, each holding exactly
/// its slide's standing edges (colours and ends, in the page's layout),
/// captioned with its number and title; the value only on the slide shown
/// and never while values are hidden. A board in play shows what stands.
#[test]
fn the_decks_tikz_has_each_slides_edges_in_one_picture_per_slide() {
    use hackenbush_lab::position::Colour;
    use hackenbush_lab::ui::Drawing;
    let mut p = Page::new();
    deck(&mut p);
    // A fourth slide in play: edge 1 of `BR B` cut takes edge 2 with it.
    p.act(Action::AddSlide).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Normal)).unwrap();
    p.act(Action::SetText("BR B".into())).unwrap();
    p.act(Action::SetSlideTitle("In play".into())).unwrap();
    p.act(Action::SetMode(Mode::Play)).unwrap();
    let now = p.now;
    p.session.play_label(1, now).unwrap();
    p.act(Action::GoToSlide(0)).unwrap();
    p.settle();

    let (name, doc) = download(&mut p, Action::ExportDeckTikz);
    assert!(name.ends_with(".tex"), "{name}");
    assert!(doc.starts_with("\\documentclass{article}"));
    assert!(doc.trim_end().ends_with("\\end{document}"));
    let pictures = tikz_pictures(&doc);
    assert_eq!(pictures.len(), 4, "one picture per slide");
    // (text, the standing edges' labels, title)
    let slides: [(&str, &[usize], &str); 4] = [
        ("BR BR R", &[1, 2, 3, 4, 5], "Normal stalks"),
        ("B BR RR", &[1, 2, 3, 4, 5], "Misère"),
        ("BR R G", &[1, 2, 3, 4], "Quantum, flavour C"),
        ("BR B", &[3], "In play"),
    ];
    for (k, (picture, (text, standing, title))) in pictures.iter().zip(slides).enumerate() {
        let d = Drawing::from_text(text).unwrap();
        let drawn = drawn_edges(picture, &d);
        let want: Vec<(Colour, usize, usize)> = standing
            .iter()
            .map(|&l| {
                let e = &d.edges[l - 1];
                (e.colour, e.u, e.v)
            })
            .collect();
        let ends = |v: &[(Colour, usize, usize)]| {
            v.iter()
                .map(|&(c, a, b)| (c, a.min(b), a.max(b)))
                .collect::<Vec<_>>()
        };
        assert_eq!(ends(&drawn), ends(&want), "slide {}: its edges", k + 1);
        let labels: Vec<String> = standing.iter().map(|l| format!("{{{l}}};")).collect();
        let drawn_labels: Vec<&str> = picture
            .lines()
            .filter(|l| l.starts_with("\\node[edge label]"))
            .map(|l| l.rsplit(' ').next().unwrap())
            .collect();
        assert_eq!(drawn_labels, labels, "slide {}: the board's labels", k + 1);
        assert!(
            picture.contains(&format!("{} / 4\\quad \\textbf{{{title}}}", k + 1)),
            "slide {}: numbered and titled as in the handout:\n{picture}",
            k + 1
        );
        // The value only on the slide shown (slide 1: BR BR R = 0).
        assert_eq!(picture.contains("value $"), k == 0, "slide {}", k + 1);
    }
    assert!(pictures[0].contains("value $0$"), "{}", pictures[0]);
    compiles_with_pdflatex(&doc, "deck");

    p.act(Action::SetHideValues(true)).unwrap();
    let (_, hidden) = download(&mut p, Action::ExportDeckTikz);
    assert!(!hidden.contains("value $"), "hidden values stay hidden");
    assert_eq!(tikz_pictures(&hidden).len(), 4);
}

/// The board's TikZ: what stands on it now, captioned like the SVG, and
/// a document that compiles.
#[test]
fn the_boards_tikz_is_what_stands_on_it() {
    use hackenbush_lab::ui::page::ExportFormat;
    use hackenbush_lab::ui::Drawing;
    let mut p = Page::new();
    p.act(Action::SetText("BR BR R".into())).unwrap();
    p.act(Action::SetSlideTitle("Stalks & 50%".into())).unwrap();
    p.settle();
    let (name, doc) = download(&mut p, Action::Export(ExportFormat::Tikz));
    assert_eq!(name, "hackenbush.tex");
    let pictures = tikz_pictures(&doc);
    assert_eq!(pictures.len(), 1);
    let d = Drawing::from_text("BR BR R").unwrap();
    assert_eq!(drawn_edges(pictures[0], &d).len(), 5);
    assert!(pictures[0].contains("\\textbf{Stalks \\& 50\\%}"), "{doc}");
    assert!(pictures[0].contains("value $0$"), "{doc}");
    compiles_with_pdflatex(&doc, "board");
    p.act(Action::SetMode(Mode::Play)).unwrap();
    let now = p.now;
    p.session.play_label(1, now).unwrap();
    p.settle();
    let (_, doc) = download(&mut p, Action::Export(ExportFormat::Tikz));
    let drawn = drawn_edges(tikz_pictures(&doc)[0], &d);
    assert_eq!(drawn.len(), 3, "edges 1 and 2 are gone: {drawn:?}");
    p.act(Action::SetExportCaption(false)).unwrap();
    let (_, doc) = download(&mut p, Action::Export(ExportFormat::Tikz));
    assert!(!doc.contains("Stalks"));
}

/// The thermograph's geometry for `{4|-2}`: mean 1, temperature 3; Left's
/// wall from 5 at t = −1 down to the mast's foot (1 at t = 3), Right's from
/// −3 up to it, drawn with Left's values on the left and the temperature
/// upward; the mast stands on the foot; the exact breakpoints are in the
/// plot's title.
#[test]
fn the_thermograph_of_4_minus_2_is_drawn_with_left_on_the_left() {
    use hackenbush_lab::ui::thermograph::{ThermalView, Xy};
    let t = analysis::thermal_of("{4|-2}", &Rules::Normal, &budget());
    let v = ThermalView::new("{4|-2}", &t).expect("a thermograph");
    assert_eq!((v.mean.as_str(), v.temperature.as_str()), ("1", "3"));
    assert_eq!(v.name, "Thermograph of {4|-2}");
    assert!(
        v.description.contains("(-1, 5) (3, 1)") && v.description.contains("(-1, -3) (3, 1)"),
        "{}",
        v.description
    );
    let p = &v.plot;
    let (l, r) = (&p.left, &p.right);
    assert_eq!((l.len(), r.len()), (2, 2), "{l:?} {r:?}");
    let close = |a: Xy, b: Xy| (a.x - b.x).abs() < 1e-9 && (a.y - b.y).abs() < 1e-9;
    // Both walls end at the mast's foot; the mast rises from it.
    assert!(close(l[1], p.mast[0]) && close(r[1], p.mast[0]));
    assert!((p.mast[1].x - p.mast[0].x).abs() < 1e-9 && p.mast[1].y < p.mast[0].y);
    // At t = −1 (the bottom, same height), Left's wall (value 5) is left
    // of Right's (value −3); both rise towards the foot.
    assert!((l[0].y - r[0].y).abs() < 1e-9 && l[0].x < r[0].x);
    assert!(
        l[0].y > l[1].y && l[0].x < l[1].x,
        "Left's wall falls in value"
    );
    assert!(
        r[0].y > r[1].y && r[0].x > r[1].x,
        "Right's wall rises in value"
    );
    // One unit of value is one of temperature: the walls at 45°, and the
    // foot 4 units above the bottom, 4 units right of Left's start.
    let unit = (l[1].x - l[0].x) / 4.0;
    assert!(((l[0].y - l[1].y) - 4.0 * unit).abs() < 1e-9);
    assert!(((r[0].x - r[1].x) - 4.0 * unit).abs() < 1e-9);
    // The value axis at t = 0 runs one unit above the bottom.
    assert!((p.axis[0].y - (l[0].y - unit)).abs() < 1e-9);
    let svg = v.svg();
    assert!(svg.contains("role=\"img\"") && svg.contains("aria-label=\"Thermograph of {4|-2}\""));
    assert!(svg.contains("<title>Thermograph of {4|-2}: left wall"));
    let labels: Vec<&str> = p.labels.iter().map(|l| l.text.as_str()).collect();
    for want in ["1", "4", "-2", "3"] {
        assert!(labels.contains(&want), "{labels:?}");
    }
}

/// The value card shows the thermograph of the answer on show (computed
/// by the engine with the value), not while values are hidden, not under
/// misère play, and never another board's.
#[test]
fn the_value_card_shows_the_thermograph_of_the_state_on_screen() {
    let mut p = Page::new();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.settle();
    let v = p.view();
    let t = v.value.thermal.as_ref().expect("a thermograph");
    // 1/2* : mean 1/2, temperature -1/2 (a number plus a nimber freezes
    // where the number does).
    assert_eq!(t.mean, "1/2");
    assert!(t.name.starts_with("Thermograph of "), "{}", t.name);
    // A new board: no thermograph until its answer comes.
    p.act(Action::SetText("BRR BR".into())).unwrap();
    p.work(true);
    assert!(p.view().value.thermal.is_none(), "not the old board's");
    p.deliver_late();
    p.settle();
    assert_eq!(p.view().value.thermal.as_ref().unwrap().mean, "3/4");
    p.act(Action::SetHideValues(true)).unwrap();
    assert!(p.view().value.thermal.is_none(), "hidden with the values");
    p.act(Action::SetHideValues(false)).unwrap();
    assert!(p.view().value.thermal.is_some());
    p.act(Action::SetRulesKind(RulesKind::Misere)).unwrap();
    p.settle();
    assert!(matches!(p.view().value.state, ValueState::Answer(_)));
    assert!(p.view().value.thermal.is_none(), "misère values have none");
}

/// The explorer shows the explored state's thermograph and each option's
/// mean and temperature, and hides them with the values.
#[test]
fn the_explorer_shows_the_thermograph_and_each_options_heat() {
    use hackenbush_lab::ui::page::Panel;
    let mut p = Page::new();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.act(Action::SetExplorerOpen(true)).unwrap();
    p.settle();
    let v = p.view();
    let t = v.teach.explorer_thermal.as_ref().expect("a thermograph");
    assert_eq!(t.mean, "1/2");
    let Panel::Ready(b) = &v.teach.explorer else {
        panic!("{:?}", v.teach.explorer)
    };
    let heats: Vec<_> = b.shown.iter().map(|o| o.heat.clone()).collect();
    assert_eq!(heats.len(), b.exploration.options.len());
    for (o, h) in b.exploration.options.iter().zip(&heats) {
        let h = h.as_ref().expect("every option has a mean");
        // The options of 1/2* are numbers and numbers plus *: the mean is
        // the number.
        let want = analysis::thermal_of(&o.value, &Rules::Normal, &budget());
        assert_eq!(Some(&h.mean), want.mean.as_ref(), "{}", o.value);
        assert_eq!(Some(&h.temperature), want.temperature.as_ref());
    }
    p.act(Action::SetHideValues(true)).unwrap();
    p.settle();
    let v = p.view();
    assert!(v.teach.explorer_thermal.is_none() && v.teach.values_hidden);
    let Panel::Ready(b) = &v.teach.explorer else {
        panic!()
    };
    assert!(b.shown.iter().all(|o| o.heat.is_none()) && b.thermal.is_none());
    // No value is left in the tree either (the issue of a QA pass: the
    // value card said the values were hidden while the tree showed them),
    // nor what the canonical form keeps; the options stay, to be walked.
    let e = &b.exploration;
    assert!(e.value.is_empty() && e.pretty.is_empty() && e.outcome.is_empty());
    assert!(e.canonical_left.is_empty() && e.canonical_right.is_empty());
    assert_eq!(e.options.len(), heats.len());
    assert!(e.options.iter().all(|o| o.value.is_empty()
        && o.reasons.is_empty()
        && o.dominated.is_none()
        && o.reversible.is_none()));
    // Shown again, the tree has its values back.
    p.act(Action::SetHideValues(false)).unwrap();
    p.settle();
    let v = p.view();
    let Panel::Ready(b) = &v.teach.explorer else {
        panic!("{:?}", v.teach.explorer)
    };
    assert_eq!(b.exploration.value, "1/2*");
    assert!(!v.teach.values_hidden && v.teach.explorer_thermal.is_some());
}

#[test]
fn a_malformed_link_says_why_and_the_address_bar_links_to_the_state_shown() {
    use hackenbush_lab::ui::page::Effect;
    let mut p = Page::new();
    p.act(Action::SetText("BR R".into())).unwrap();
    p.now += 1.0;
    let effects = p
        .session
        .dispatch(Action::OpenLink("v1=eyJzIjpbXX0".into()), p.now)
        .expect("shown as a notice, not refused");
    let notice = p.view().notice(Place::Opened).cloned().expect("a notice");
    assert!(notice.error && notice.text.contains("could not be opened"));
    assert_eq!(p.view().text.text, "BR R", "the drawing is kept");
    let replaced = effects.iter().find_map(|e| match e {
        Effect::ReplaceFragment(f) => Some(f.clone()),
        _ => None,
    });
    assert_eq!(replaced, Some(p.session.link()));
}

#[test]
fn the_presenter_caption_says_what_is_computing() {
    for (kind, words) in [
        (RulesKind::Normal, "computing the value…"),
        (RulesKind::Misere, "computing the misère outcome…"),
    ] {
        let mut p = Page::new();
        p.act(Action::SetText("BR R".into())).unwrap();
        p.act(Action::SetRulesKind(kind)).unwrap();
        assert_eq!(p.view().board.caption_outcome, "", "nothing asked yet");
        let job = p.session.wanted_jobs().into_iter().next().expect("a job");
        p.act(Action::JobStarted { job }).unwrap();
        let board = p.view().board;
        assert_eq!(board.caption_outcome, words);
        assert!(board.caption_pending, "shown after a moment, not at once");
        // The answer replaces it.
        p.settle();
        let board = p.view().board;
        assert!(!board.caption_pending);
        assert!(
            !board.caption_outcome.contains("computing"),
            "{}",
            board.caption_outcome
        );
    }
}

/// A page whose board (a small drawing under quantum rules) is being
/// valued: the analysis job it asked for, started in the worker.
fn quantum_question_started() -> (Page, jobs::Job) {
    let mut p = Page::new();
    p.act(Action::SetText("BR R G 0-1:B 1-1:R".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    let job = p.session.wanted_jobs().into_iter().next().expect("a job");
    p.act(Action::JobStarted { job: job.clone() }).unwrap();
    (p, job)
}

/// The card lists the bounds found while computing as one line with the
/// tightest bound of each side, in the place of the first bound, where
/// it listed every bound, each looser than the next (six on a classroom
/// drawing): the stages as the worker sends them on a slow drawing.
#[test]
fn the_bounds_known_so_far_are_one_line_with_the_tightest_of_each_side() {
    use hackenbush_lab::analysis::{BoundRelation, Stage};
    use hackenbush_lab::game::Outcome;
    let (mut p, job) = quantum_question_started();
    let bound = |relation, number: &str| Stage::Bound {
        relation,
        number: number.into(),
    };
    let searching = |millis| Stage::Searching {
        states: 79_113,
        charged_bytes: 3 << 20,
        millis,
    };
    let send = |p: &mut Page, stage: Stage| {
        p.act(Action::JobStage {
            job: job.clone(),
            stage: Box::new(stage),
        })
        .unwrap()
    };
    let known = |p: &Page| match p.view().value.state {
        ValueState::Computing { known, .. } => known,
        other => panic!("{other:?}"),
    };
    send(
        &mut p,
        Stage::Outcome {
            outcome: Outcome::R,
        },
    );
    send(
        &mut p,
        Stage::WinningMove {
            player: "R".into(),
            labels: "1".into(),
        },
    );
    send(&mut p, bound(BoundRelation::Less, "-1"));
    assert_eq!(known(&p)[2], "Bound: the value is less than -1");
    send(&mut p, searching(1000));
    send(&mut p, bound(BoundRelation::Less, "-2"));
    assert_eq!(known(&p)[2], "Bound: the value is less than -2");
    for (relation, number) in [
        (BoundRelation::Greater, "-4"),
        (BoundRelation::Greater, "-3"),
        (BoundRelation::Less, "-5/2"),
        (BoundRelation::Less, "-11/4"),
    ] {
        send(&mut p, bound(relation, number));
    }
    send(&mut p, searching(2000));
    let lines = known(&p);
    assert_eq!(lines.len(), 4, "{lines:?}");
    assert!(lines[0].starts_with("Outcome (by search): R"), "{lines:?}");
    assert_eq!(lines[1], "Winning move for Right (found so far): 1");
    assert_eq!(
        lines[2],
        "Bounds: the value is more than -3 and less than -11/4"
    );
    // No clock (the busy line has it), the count in groups of digits.
    assert_eq!(
        lines[3], "Searching: 79,113 states so far, 3 MiB of tables",
        "{lines:?}"
    );
    // A comparison that ends the walk keeps a line of its own.
    send(&mut p, bound(BoundRelation::Confused, "-23/8"));
    let lines = known(&p);
    assert_eq!(lines.len(), 5, "{lines:?}");
    assert_eq!(
        lines[3],
        "Bound: the value is confused with -23/8, so it is not a number"
    );
    assert!(lines[4].starts_with("Searching:"), "last: {lines:?}");
}

#[test]
fn staged_answers_show_while_computing_and_belong_to_the_board_on_screen() {
    use hackenbush_lab::analysis::Stage;
    let (mut p, job) = quantum_question_started();
    // The worker's stages, computed for real.
    let (result, stages) =
        stages::collected(|sink| jobs::run_in_stages(&job, &budget(), Some(sink)));
    assert!(
        matches!(stages.first(), Some(Stage::Outcome { .. })),
        "the outcome comes first: {stages:?}"
    );
    let known = |p: &Page| match p.view().value.state {
        ValueState::Computing { known, .. } => known,
        other => panic!("{other:?}"),
    };
    assert!(known(&p).is_empty());
    assert_eq!(p.view().board.caption_outcome, "computing the value…");
    p.act(Action::JobStage {
        job: job.clone(),
        stage: Box::new(stages[0].clone()),
    })
    .unwrap();
    let shown = known(&p);
    assert_eq!(shown.len(), 1);
    assert!(shown[0].starts_with("Outcome"), "{shown:?}");
    // The presenter's caption says who wins while the value is coming.
    let Stage::Outcome { outcome } = stages[0] else {
        unreachable!()
    };
    let caption = p.view().board.caption_outcome;
    assert_eq!(
        caption,
        format!(
            "{}; the value is coming…",
            hackenbush_lab::ui::answer_view::outcome_line(outcome)
        )
    );
    // Hidden values hide what is known too.
    p.act(Action::SetHideValues(true)).unwrap();
    assert!(known(&p).is_empty());
    assert_eq!(p.view().board.caption_outcome, "");
    p.act(Action::SetHideValues(false)).unwrap();
    // A new board: its question starts with nothing known, and a late
    // stage of the old question is not shown.
    p.act(Action::SetText("BR BR".into())).unwrap();
    let next = p.session.wanted_jobs().into_iter().next().expect("a job");
    assert_ne!(next, job);
    p.act(Action::JobStarted { job: next.clone() }).unwrap();
    for s in &stages {
        p.act(Action::JobStage {
            job: job.clone(),
            stage: Box::new(s.clone()),
        })
        .unwrap();
    }
    assert!(known(&p).is_empty(), "never mixed with another board's");
    assert_eq!(p.view().board.caption_outcome, "computing the value…");
    // The whole answer replaces the stages.
    p.act(Action::SetText("BR R G 0-1:B 1-1:R".into())).unwrap();
    p.act(Action::JobStarted { job: job.clone() }).unwrap();
    p.act(Action::JobStage {
        job: job.clone(),
        stage: Box::new(stages[0].clone()),
    })
    .unwrap();
    p.act(Action::JobDone(Box::new(JobReply { id: 1, job, result })))
        .unwrap();
    assert!(matches!(p.view().value.state, ValueState::Answer(_)));
}

/// The value shows as soon as it is known, before the best moves (which
/// can take longer than the value where a player has no winning move):
/// the card lists it in the people-friendly form and the presenter's
/// caption shows it with who wins, saying the best moves are coming; the
/// whole answer then replaces both. The worker's stages, computed for
/// real, come in that order: the outcome first, then the value, then
/// each player's best moves.
#[test]
fn the_value_shows_before_the_best_moves_and_the_answer_replaces_it() {
    use hackenbush_lab::analysis::Stage;
    let (mut p, job) = quantum_question_started();
    let (result, stages) =
        stages::collected(|sink| jobs::run_in_stages(&job, &budget(), Some(sink)));
    let at = stages
        .iter()
        .position(|s| matches!(s, Stage::Value { .. }))
        .expect("a value stage");
    assert!(matches!(stages[0], Stage::Outcome { .. }), "{stages:?}");
    assert_eq!(
        at,
        stages.len() - 3,
        "the value before both players' best moves: {stages:?}"
    );
    assert!(
        matches!(&stages[at + 1..], [Stage::BestMoves { player: a, winning: first, .. }, Stage::BestMoves { player: b, winning: second, .. }] if a != b && (*first || !*second)),
        "{stages:?}"
    );
    let Stage::Value { value, pretty } = &stages[at] else {
        unreachable!()
    };
    assert!(!value.is_empty() && !pretty.is_empty(), "{stages:?}");
    let Stage::Outcome { outcome } = stages[0] else {
        unreachable!()
    };
    for stage in &stages[..=at] {
        p.act(Action::JobStage {
            job: job.clone(),
            stage: Box::new(stage.clone()),
        })
        .unwrap();
    }
    let view = p.view();
    match &view.value.state {
        ValueState::Computing { known, .. } => {
            assert_eq!(known.last(), Some(&format!("Value: {pretty}")), "{known:?}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(view.board.caption_value, format!("= {pretty}"));
    assert_eq!(
        view.board.caption_outcome,
        format!(
            "{}; best moves are coming…",
            hackenbush_lab::ui::answer_view::outcome_line(outcome)
        )
    );
    // Hidden values hide it too.
    p.act(Action::SetHideValues(true)).unwrap();
    assert_eq!(p.view().board.caption_value, "");
    p.act(Action::SetHideValues(false)).unwrap();
    // The first player's best moves: a line of their own, the value
    // still shown.
    p.act(Action::JobStage {
        job: job.clone(),
        stage: Box::new(stages[at + 1].clone()),
    })
    .unwrap();
    match p.view().value.state {
        ValueState::Computing { known, .. } => {
            let Stage::BestMoves { player, .. } = &stages[at + 1] else {
                unreachable!()
            };
            let whose = if player == "L" {
                "Left (blue) "
            } else {
                "Right (red) "
            };
            assert!(known.last().unwrap().starts_with(whose), "{known:?}");
            assert_eq!(known[known.len() - 2], format!("Value: {pretty}"));
        }
        other => panic!("{other:?}"),
    }
    // The whole answer replaces the stages, with the same value.
    p.act(Action::JobDone(Box::new(JobReply { id: 1, job, result })))
        .unwrap();
    let view = p.view();
    assert!(matches!(view.value.state, ValueState::Answer(_)));
    assert_eq!(view.board.caption_value, format!("= {pretty}"));
}

/// Moves the card lists while computing are named as the board names its
/// edges, as the answer's are: a drawing with an edge not connected to
/// the ground is asked about without it, so the engine's edge 1 is the
/// board's edge 2 (the card said "1", an edge not even in play). A
/// player's best moves read as the answer's line does, folded past
/// sixteen moves, where a wide quantum state's hundred moves filled the
/// card.
#[test]
fn staged_moves_are_named_as_the_board_names_them_and_folded() {
    use hackenbush_lab::analysis::Stage;
    let mut p = Page::new();
    p.act(Action::SetText("1-2:G BR R".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    let job = p.session.wanted_jobs().into_iter().next().expect("a job");
    let jobs::Job::Analyse { request, .. } = &job else {
        panic!("{job:?}")
    };
    assert_eq!(request.position, "BR R", "the ungrounded edge is left out");
    p.act(Action::JobStarted { job: job.clone() }).unwrap();
    let send = |p: &mut Page, stage: Stage| {
        p.act(Action::JobStage {
            job: job.clone(),
            stage: Box::new(stage),
        })
        .unwrap();
    };
    send(
        &mut p,
        Stage::WinningMove {
            player: "L".into(),
            labels: "1".into(),
        },
    );
    send(
        &mut p,
        Stage::BestMoves {
            player: "L".into(),
            winning: true,
            labels: vec!["1".into(), "1,2".into()],
        },
    );
    // Twenty moves of Right's (labels repeat: only the count matters).
    send(
        &mut p,
        Stage::BestMoves {
            player: "R".into(),
            winning: false,
            labels: (0..20).map(|k| format!("{}", 2 + k % 2)).collect(),
        },
    );
    let known = match p.view().value.state {
        ValueState::Computing { known, .. } => known,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        known,
        [
            "Winning move for Left (found so far): 2",
            "Left (blue) wins with: 2, 2+3",
            "Right (red) best (losing): 3, 4, 3, 4, 3, 4, 3, 4, 3, 4, 3, 4 … and 8 more",
        ]
    );
}

/// The stages a slow analysis had sent (outcome, a winning move, bounds,
/// progress), for the stopped-analysis tests.
fn send_proved_stages(p: &mut Page, job: &jobs::Job) {
    use hackenbush_lab::analysis::{BoundRelation, Stage};
    use hackenbush_lab::game::Outcome;
    for stage in [
        Stage::Outcome {
            outcome: Outcome::L,
        },
        Stage::WinningMove {
            player: "L".into(),
            labels: "1".into(),
        },
        Stage::Bound {
            relation: BoundRelation::Greater,
            number: "2".into(),
        },
        Stage::Searching {
            states: 4_344_595,
            charged_bytes: 223 << 20,
            millis: 19_000,
        },
    ] {
        p.act(Action::JobStage {
            job: job.clone(),
            stage: Box::new(stage),
        })
        .unwrap();
    }
}

/// What a stopped analysis shows: why, what it had proved, and the
/// presenter's caption.
fn stopped_view(p: &Page) -> (String, Vec<String>, String) {
    let view = p.view();
    match view.value.state {
        ValueState::Failed { message, known, .. } => (message, known, view.board.caption_outcome),
        other => panic!("{other:?}"),
    }
}

/// An analysis the page's budget stops keeps what its searches had
/// proved: the outcome, the winning move and the bound stay on the card
/// under the reason (the search's progress goes), and the presenter's
/// caption still says who wins. They were dropped with the value: on
/// seed-25 classroom drawing 8 under C at unbounded width the card showed
/// "Left wins whoever starts", a winning move and two bounds for 19 s,
/// then only "Too large to analyse here".
#[test]
fn a_stopped_analysis_keeps_what_it_had_proved() {
    use hackenbush_lab::ui::answer_view::outcome_line;
    let (mut p, job) = quantum_question_started();
    send_proved_stages(&mut p, &job);
    p.act(Action::JobDone(Box::new(JobReply {
        id: 1,
        job: job.clone(),
        result: Err(jobs::JobError::Budget(
            "Too large to analyse here: the memory budget of 256M is used up".into(),
        )),
    })))
    .unwrap();
    let (message, known, caption) = stopped_view(&p);
    assert!(message.starts_with("Too large"), "{message}");
    assert_eq!(
        known,
        [
            "Outcome (by search): L (Left wins whoever starts)".to_string(),
            "Winning move for Left (found so far): 1".to_string(),
            "Bound: the value is more than 2".to_string(),
        ]
    );
    assert_eq!(
        caption,
        format!(
            "{}; no value computed",
            outcome_line(hackenbush_lab::game::Outcome::L)
        )
    );
    // Hidden values hide what was proved too.
    p.act(Action::SetHideValues(true)).unwrap();
    let (_, known, caption) = stopped_view(&p);
    assert!(known.is_empty() && caption.is_empty());
    p.act(Action::SetHideValues(false)).unwrap();
    // Asked again, the run starts with nothing known.
    p.act(Action::Analyse("BR R G 0-1:B 1-1:R".into())).unwrap();
    let again = p.session.wanted_jobs().remove(0);
    assert_eq!(again, job);
    p.act(Action::JobStarted { job: again }).unwrap();
    match p.view().value.state {
        ValueState::Computing { known, .. } => assert!(known.is_empty(), "{known:?}"),
        other => panic!("{other:?}"),
    }
}

/// Cancel and the page's time limit keep what was proved as well; a
/// failure of another board's question takes nothing of this one's.
#[test]
fn cancelling_or_timing_out_keeps_what_was_proved() {
    let (mut p, job) = quantum_question_started();
    send_proved_stages(&mut p, &job);
    p.act(Action::CancelLane(jobs::Lane::Analysis)).unwrap();
    let (message, known, caption) = stopped_view(&p);
    assert!(message.starts_with("Cancelled"), "{message}");
    assert_eq!(known.len(), 3, "{known:?}");
    assert!(caption.ends_with("; no value computed"), "{caption}");

    let (mut p, job) = quantum_question_started();
    send_proved_stages(&mut p, &job);
    p.act(Action::TimedOut {
        job: job.clone(),
        seconds: 30,
    })
    .unwrap();
    let (message, known, _) = stopped_view(&p);
    assert!(message.contains("within 30 s"), "{message}");
    assert_eq!(known.len(), 3, "{known:?}");

    // The board changes while its question runs: the old question's
    // failure arrives late and the new question's stages stay its own.
    let (mut p, old) = quantum_question_started();
    p.act(Action::SetText("BR BR".into())).unwrap();
    let new = p.session.wanted_jobs().remove(0);
    p.act(Action::JobStarted { job: new.clone() }).unwrap();
    send_proved_stages(&mut p, &new);
    p.act(Action::JobDone(Box::new(JobReply {
        id: 1,
        job: old,
        result: Err(jobs::JobError::Budget("Too large".into())),
    })))
    .unwrap();
    match p.view().value.state {
        ValueState::Computing { known, .. } => assert_eq!(known.len(), 4, "{known:?}"),
        other => panic!("{other:?}"),
    }
}

/// Keep computing: an analysis the page's time limit stopped may run
/// ten times as long once the person asks (the classroom drawings the
/// page cannot value in 30 s take one to three minutes there); stopped
/// again at the longer limit it is not offered again, and the board's next
/// question runs at the page's limit.
#[test]
fn a_question_stopped_by_the_time_limit_may_keep_computing() {
    use hackenbush_lab::ui::answer_view::keep_computing_label;
    // Nothing stopped: nothing to keep computing, said in the value card.
    let (mut p, job) = quantum_question_started();
    let refused = p.act(Action::KeepComputing).unwrap_err();
    assert!(refused.contains("Nothing to keep computing"), "{refused}");
    assert!(p.view().notice(Place::Value).is_some());
    // Cancelled by the person: not offered (they asked it to stop).
    p.act(Action::CancelLane(jobs::Lane::Analysis)).unwrap();
    match p.view().value.state {
        ValueState::Failed { may_extend_to, .. } => assert_eq!(may_extend_to, None),
        other => panic!("{other:?}"),
    }

    let (mut p, job2) = quantum_question_started();
    assert_eq!(job2, job);
    assert_eq!(job.time_limit(30), 30);
    send_proved_stages(&mut p, &job);
    p.act(Action::TimedOut {
        job: job.clone(),
        seconds: 30,
    })
    .unwrap();
    match p.view().value.state {
        ValueState::Failed {
            may_extend_to,
            known,
            ..
        } => {
            assert_eq!(may_extend_to, Some(300));
            assert_eq!(known.len(), 3, "{known:?}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(keep_computing_label(300), "Keep computing (up to 5 min)");
    assert_eq!(keep_computing_label(20), "Keep computing (up to 20 s)");
    // Not asked again by itself.
    assert!(p.session.wanted_jobs().is_empty());
    p.act(Action::KeepComputing).unwrap();
    let long = p.session.wanted_jobs().remove(0);
    assert_ne!(long, job);
    assert_eq!(long.time_limit(30), 300);
    p.act(Action::JobStarted { job: long.clone() }).unwrap();
    // The longer run shows what the stopped one had proved at once.
    match p.view().value.state {
        ValueState::Computing { known, .. } => assert_eq!(known.len(), 3, "{known:?}"),
        other => panic!("{other:?}"),
    }
    // Stopped again, at the longer limit: the message says so, and no
    // further extension is offered.
    p.act(Action::TimedOut {
        job: long.clone(),
        seconds: 300,
    })
    .unwrap();
    match p.view().value.state {
        ValueState::Failed {
            message,
            may_extend_to,
            ..
        } => {
            assert!(message.contains("within 300 s"), "{message}");
            assert_eq!(may_extend_to, None);
        }
        other => panic!("{other:?}"),
    }
    assert!(p.act(Action::KeepComputing).is_err());
    // The board's next question runs at the page's limit again.
    p.act(Action::SetText("BR BR".into())).unwrap();
    let next = p.session.wanted_jobs().remove(0);
    assert_eq!(next.time_limit(30), 30);
    // An answer to the extended question is shown as any answer is.
    let (mut p, job) = quantum_question_started();
    p.act(Action::TimedOut {
        job: job.clone(),
        seconds: 30,
    })
    .unwrap();
    p.act(Action::KeepComputing).unwrap();
    p.work(false);
    assert!(
        matches!(p.view().value.state, ValueState::Answer(_)),
        "{:?}",
        p.view().value.state
    );
}

/// The advice of a stopped analysis names a width narrower than the one
/// in force, width 3 first (at width 3 a classroom drawing is valued in a
/// fraction of unbounded width's time), never the width in force.
#[test]
fn a_stopped_analysis_suggests_narrower_widths_than_the_one_in_force() {
    for (width, want, not) in [
        (Width::Unbounded, "width 3 or 2, or fewer edges", None),
        (Width::Limited(5), "width 3 or 2, or fewer edges", None),
        (Width::Limited(3), "width 2 or fewer edges", Some("width 3")),
    ] {
        let mut p = Page::new();
        p.act(Action::SetText("BR BR BR".into())).unwrap();
        p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
        p.act(Action::SetWidth(Some(width))).unwrap();
        let job = p.session.wanted_jobs().remove(0);
        p.act(Action::JobStarted { job: job.clone() }).unwrap();
        p.act(Action::TimedOut { job, seconds: 30 }).unwrap();
        let (message, _, _) = stopped_view(&p);
        assert!(message.contains(want), "{width}: {message}");
        if let Some(not) = not {
            assert!(!message.contains(not), "{width}: {message}");
        }
    }
}

/// Issue 26, item 4: a link's quantum moves are replayed by the worker
/// (`Job::Replay`), never while the link opens.
mod replayed_links {
    use super::*;
    use hackenbush_lab::position::parse;
    use hackenbush_lab::ui::jobs::{Job, JobAnswer};
    use hackenbush_lab::ui::play::{Side, SidedMove};
    use hackenbush_lab::ui::share::{self, Shared, Slide};
    use hackenbush_lab::ui::Drawing;

    /// `stalks` one-edge green stalks, quantum D unbounded, and `moves`
    /// moves each superposing every stalk (the heavy link).
    fn heavy_slide(stalks: usize, moves: usize) -> Slide {
        let p = parse(&vec!["G"; stalks].join(" ")).unwrap();
        let mut slide = Slide::new(Drawing::auto(&p));
        slide.setup.rules = "quantum:D:unbounded".parse::<Rules>().unwrap();
        slide.moves = (0..moves)
            .map(|k| SidedMove {
                side: if k % 2 == 0 { Side::Left } else { Side::Right },
                labels: (1..=stalks).collect(),
            })
            .collect();
        slide.cursor = moves;
        slide.view.play = true;
        slide
    }

    fn replay_job(s: &mut Session) -> Job {
        s.wanted_jobs()
            .into_iter()
            .find(|j| matches!(j, Job::Replay { .. }))
            .expect("the session asks the worker to replay the moves")
    }

    fn opened_notice(p: &Page) -> Option<String> {
        p.session
            .page_view()
            .notices
            .iter()
            .find(|n| n.place == Place::Opened)
            .map(|n| n.text.clone())
    }

    #[test]
    fn a_heavy_link_opens_at_its_position_and_the_reply_installs_the_game() {
        let link = share::encode(&Shared::single(heavy_slide(60, 5)));
        let mut p = Page::new();
        let start = std::time::Instant::now();
        p.act(Action::OpenLink(link.clone())).unwrap();
        assert!(
            start.elapsed().as_millis() < 500,
            "opening replays nothing: {:?}",
            start.elapsed()
        );
        // The position, no moves yet, and a notice that they are coming.
        assert!(p.session.replay_pending());
        assert_eq!(p.session.game().moves().len(), 0);
        assert_eq!(p.session.status().text, vec!["G"; 60].join(" "));
        let notice = opened_notice(&p).expect("a notice while replaying");
        assert!(notice.contains("Replaying"), "{notice}");
        // The link keeps every move while they are replayed.
        assert_eq!(p.session.link(), link);
        // No analysis of the start position, no engine move meanwhile.
        let job = replay_job(&mut p.session);
        assert!(!p
            .session
            .wanted_jobs()
            .iter()
            .any(|j| matches!(j, Job::Analyse { .. })));
        assert!(p.session.play_label(1, 1.0).is_err());
        // The worker replays what fits in the page's record memory.
        let result = jobs::run(&job, &budget());
        let Ok(JobAnswer::Replayed { replay }) = &result else {
            panic!("{result:?}")
        };
        assert!(replay.played < 5 && replay.played >= 3, "{}", replay.played);
        p.act(Action::JobDone(Box::new(JobReply { id: 1, job, result })))
            .unwrap();
        assert!(!p.session.replay_pending());
        let played = p.session.game().moves().len();
        assert!((3..5).contains(&played), "{played}");
        assert_eq!(p.session.game().cursor(), played);
        let notice = opened_notice(&p).expect("says the replay stopped");
        assert!(notice.starts_with("Replayed "), "{notice}");
        assert!(notice.contains("too large to replay here"), "{notice}");
        // Still all five moves in the link.
        assert_eq!(p.session.link(), link);
        // The board is usable: legal labels without a replay.
        let start = std::time::Instant::now();
        let view = p.session.page_view();
        assert!(start.elapsed().as_millis() < 1000, "{:?}", start.elapsed());
        drop(view);
        // Now the board's question is asked.
        assert!(p
            .session
            .wanted_jobs()
            .iter()
            .any(|j| matches!(j, Job::Analyse { .. })));
    }

    #[test]
    fn a_light_link_replays_every_move_in_the_worker() {
        let link = share::encode(&Shared::single(heavy_slide(6, 3)));
        let mut p = Page::new();
        p.act(Action::OpenLink(link.clone())).unwrap();
        assert!(p.session.replay_pending());
        p.work(false);
        assert!(!p.session.replay_pending());
        assert_eq!(p.session.game().moves().len(), 3);
        assert_eq!(p.session.game().board().realisations.len(), 20);
        assert_eq!(opened_notice(&p), None);
        assert_eq!(p.session.link(), link);
        // Play goes on from there, on the page.
        p.session.superpose = true;
        p.session.play_label(1, 1.0).unwrap();
        p.session.play_label(2, 1.0).unwrap();
        p.session.commit(1.0).unwrap();
        assert_eq!(p.session.game().moves().len(), 4);
        assert_ne!(p.session.link(), link);
    }

    #[test]
    fn a_replay_for_a_slide_no_longer_shown_is_refused() {
        let first = heavy_slide(6, 3);
        let second = heavy_slide(7, 2);
        let link = share::encode(&Shared::deck(vec![first, second], 0));
        let mut p = Page::new();
        p.act(Action::OpenLink(link)).unwrap();
        let job = replay_job(&mut p.session);
        let result = jobs::run(&job, &budget());
        // The person moves on before the worker answers.
        p.session.go_to_slide(1).unwrap();
        assert!(p.session.replay_pending());
        let stale = JobReply {
            id: 1,
            job: job.clone(),
            result,
        };
        let _ = p.act(Action::JobDone(Box::new(stale)));
        assert!(
            p.session.replay_pending(),
            "the stale reply installed nothing"
        );
        assert_eq!(p.session.game().moves().len(), 0);
        assert_eq!(p.session.game().start().edges.len(), 7);
        let now = replay_job(&mut p.session);
        assert_ne!(now, job);
        p.work(false);
        assert_eq!(p.session.game().moves().len(), 2);
        // Back on the first slide, its moves travel on and replay again.
        p.session.go_to_slide(0).unwrap();
        assert!(p.session.replay_pending());
        p.work(false);
        assert_eq!(p.session.game().moves().len(), 3);
    }

    #[test]
    fn illegal_moves_found_by_the_worker_leave_the_position_and_the_link() {
        let mut slide = heavy_slide(3, 1);
        // A Right move first: not Right's turn.
        slide.moves[0].side = Side::Right;
        let link = share::encode(&Shared::single(slide));
        let mut p = Page::new();
        p.act(Action::OpenLink(link.clone())).unwrap();
        p.work(false);
        assert!(!p.session.replay_pending());
        assert_eq!(p.session.game().moves().len(), 0);
        let notice = opened_notice(&p).expect("says why");
        assert!(notice.contains("not replayed"), "{notice}");
        assert_eq!(p.session.link(), link);
    }

    /// Item 4 of issue 26, for the person's own move: a quantum move too
    /// heavy for the page is refused on the clock (the game's move time
    /// limit), with the reason under the board, and the game unchanged.
    #[test]
    fn a_move_too_heavy_for_the_page_is_refused_in_time() {
        let link = share::encode(&Shared::single(heavy_slide(60, 3)));
        let mut p = Page::new();
        p.act(Action::OpenLink(link.clone())).unwrap();
        p.work(false);
        assert_eq!(p.session.game().moves().len(), 3);
        // Left superposes every stalk once more.
        p.session.superpose = true;
        for l in 1..=60 {
            p.session.play_label(l, 1.0).unwrap();
        }
        let start = std::time::Instant::now();
        let err = p.act(Action::Commit).unwrap_err();
        let took = start.elapsed();
        assert!(took.as_millis() < 400, "refused after {took:?}");
        assert!(err.contains("too large to play here"), "{err}");
        assert!(err.contains("time limit"), "{err}");
        let notice = p
            .session
            .page_view()
            .notices
            .iter()
            .find(|n| n.place == Place::Board)
            .cloned()
            .expect("a notice under the board");
        assert!(notice.error, "{notice:?}");
        assert!(notice.text.contains("too large to play here"), "{notice:?}");
        // Nothing was played: the same moves, the same link.
        assert_eq!(p.session.game().moves().len(), 3);
        assert_eq!(p.session.link(), link);
        // A small move on a small board is still played at once.
        let mut q = Page::new();
        q.act(Action::OpenLink(share::encode(&Shared::single(
            heavy_slide(6, 1),
        ))))
        .unwrap();
        q.work(false);
        q.session.superpose = true;
        q.session.play_label(1, 1.0).unwrap();
        q.session.play_label(2, 1.0).unwrap();
        q.act(Action::Commit).unwrap();
        assert_eq!(q.session.game().moves().len(), 2);
    }

    /// Exports of slides not on screen replay their moves on the page's
    /// main thread within one short deadline: a heavy slide is drawn at
    /// its position with a note, and the export stays quick.
    #[test]
    fn exports_draw_heavy_slides_without_replaying_them() {
        let slides = (0..6).map(|_| heavy_slide(60, 5)).collect();
        let mut p = Page::new();
        p.act(Action::OpenLink(share::encode(&Shared::deck(slides, 0))))
            .unwrap();
        // The slide shown is replayed (by the worker) as far as it fits.
        p.work(false);
        for (what, export) in [
            (
                "handout",
                Box::new(|s: &Session| s.handout()) as Box<dyn Fn(&Session) -> String>,
            ),
            ("TikZ deck", Box::new(|s: &Session| s.tikz_deck(false))),
        ] {
            let start = std::time::Instant::now();
            let out = export(&p.session);
            let took = start.elapsed();
            // 20 ms of replays and the pictures (about 35 ms here).
            assert!(took.as_millis() < 250, "{what} took {took:?}");
            let notes = out.matches("its 5 moves are not drawn").count();
            assert_eq!(notes, 5, "{what}: the five slides not on screen say so");
        }
        // Light slides are replayed and drawn as their boards show them.
        let slides = (0..3).map(|_| heavy_slide(6, 2)).collect();
        let mut q = Page::new();
        q.act(Action::OpenLink(share::encode(&Shared::deck(slides, 0))))
            .unwrap();
        q.work(false);
        let handout = q.session.handout();
        assert!(!handout.contains("not drawn"), "{handout}");
        assert_eq!(handout.matches("after 2 moves").count(), 3, "{handout}");
        let tikz = q.session.tikz_deck(false);
        assert!(!tikz.contains("not drawn"));
        assert_eq!(tikz.matches("after 2 moves").count(), 3);
    }
}

/// Every cell of a synchronous position's payoff matrix is a value: while
/// values are hidden the matrix is left out (the page says why), and it
/// comes back with them.
#[test]
fn the_payoff_matrix_is_left_out_while_values_are_hidden() {
    use hackenbush_lab::ui::page::Panel;
    let mut p = Page::new();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    p.act(Action::SetMatrixOpen(true)).unwrap();
    p.settle();
    assert!(matches!(p.view().teach.matrix, Panel::Ready(_)));
    p.act(Action::SetHideValues(true)).unwrap();
    p.settle();
    let v = p.view();
    assert!(v.teach.values_hidden && v.teach.matrix_open);
    assert_eq!(v.teach.matrix, Panel::Closed);
    p.act(Action::SetHideValues(false)).unwrap();
    p.settle();
    assert!(matches!(p.view().teach.matrix, Panel::Ready(_)));
}

/// Under misère play the game tree says, in the page's words, why there is
/// none (the engine's own message names the command line), and no job is
/// asked for; back under normal play the tree comes.
#[test]
fn the_explorer_under_misere_play_says_why_in_the_pages_words() {
    use hackenbush_lab::ui::page::Panel;
    let mut p = Page::new();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.act(Action::SetExplorerOpen(true)).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Misere)).unwrap();
    let explore = |j: &jobs::Job| matches!(j, jobs::Job::Explore { .. });
    assert!(!p.session.wanted_jobs().iter().any(explore));
    p.settle();
    match p.view().teach.explorer {
        Panel::Failed(why) => {
            assert!(
                why.starts_with("a misère value is no canonical form"),
                "{why}"
            );
            assert!(!why.contains("hackenbush") && !why.contains('`'), "{why}");
        }
        other => panic!("{other:?}"),
    }
    p.act(Action::SetRulesKind(RulesKind::Normal)).unwrap();
    assert!(p.session.wanted_jobs().iter().any(explore));
    p.settle();
    assert!(matches!(p.view().teach.explorer, Panel::Ready(_)));
}

/// A ruleset chosen again comes back as the person left it: quantum rules
/// with their flavour and width, synchronous ones with their conflict rule
/// (a QA pass found them back at their defaults); the pickers still show
/// exactly the rules in force meanwhile.
#[test]
fn a_ruleset_chosen_again_comes_back_with_its_parts() {
    use hackenbush_lab::sync::Conflict;
    let mut p = Page::new();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::A))).unwrap();
    p.act(Action::SetWidth(Some(Width::Limited(3)))).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    p.act(Action::SetConflict(Some(Conflict::Tie))).unwrap();
    let v = p.view();
    assert_eq!((v.rules.flavour, v.rules.width), (None, None));
    p.act(Action::SetRulesKind(RulesKind::Normal)).unwrap();
    assert_eq!(p.view().rules.conflict, None);
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    let v = p.view();
    assert_eq!(v.rules.flavour, Some(Flavour::A));
    assert_eq!(v.rules.width, Some(Width::Limited(3)));
    assert_eq!(p.session.setup().rules.to_string(), "quantum:A:3");
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    assert_eq!(p.view().rules.conflict, Some(Conflict::Tie));
    // The defaults chosen are remembered as such.
    p.act(Action::SetConflict(None)).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(None)).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Sync)).unwrap();
    assert_eq!(p.view().rules.conflict, Some(Conflict::Shared));
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    let v = p.view();
    assert_eq!(v.rules.flavour, Some(Flavour::D));
    assert_eq!(v.rules.width, Some(Width::Limited(3)));
}

/// Presenting, labels are drawn up to twice their size as the drawing's
/// units grow: on a projector's board (units past 64 px) twice, on a
/// presenter's board a phone shrinks (the House at 20-odd px units) no
/// larger than in Edit, where twice the size hid the drawing (a QA pass).
#[test]
fn presenting_labels_grow_with_the_drawing_not_past_it() {
    use hackenbush_lab::ui::gallery;
    use hackenbush_lab::ui::scene::label_scale;
    let house = gallery::ENTRIES
        .iter()
        .position(|e| e.title == "House")
        .expect("the House preset");
    let presented = |w: f64, h: f64| {
        let mut p = Page::new();
        p.session = Session::new(w, h);
        p.act(Action::LoadPreset(house)).unwrap();
        p.act(Action::SetPresenting(true)).unwrap();
        let scene = p.session.scene(p.now);
        (scene.unit, label_scale(&scene))
    };
    let (unit, k) = presented(1600.0, 900.0);
    assert!(
        unit >= 64.0 && k == 2.0,
        "projector: unit {unit}, labels {k}×"
    );
    let (unit, k) = presented(330.0, 200.0);
    assert!(unit < 24.0, "a phone's presenter board: unit {unit}");
    assert!(
        k <= 1.0 && 12.0 * k <= unit,
        "phone: unit {unit}, labels {k}×"
    );
}

/// Rules changed in the middle of a game start it again, and the page says
/// so beside the rules (a QA pass saw the moves vanish without a word);
/// with no move played it says nothing.
#[test]
fn new_rules_in_the_middle_of_a_game_say_the_game_starts_again() {
    let mut p = Page::new();
    p.act(Action::SetText("BR BR".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Misere)).unwrap();
    assert!(p.view().notice(Place::Rules).is_none());
    p.act(Action::SetMode(Mode::Play)).unwrap();
    p.session.play_label(1, p.now).unwrap();
    p.session.play_label(4, p.now).unwrap();
    assert_eq!(p.session.game().moves().len(), 2);
    p.act(Action::SetRulesKind(RulesKind::Normal)).unwrap();
    assert!(p.session.game().moves().is_empty());
    let n = p
        .view()
        .notice(Place::Rules)
        .cloned()
        .expect("said beside the rules");
    assert!(!n.error);
    assert_eq!(
        n.text,
        "New rules: the game starts again from the drawing (its 2 moves cleared)."
    );
}

/// Rules left by showing another slide come back too: a slide under
/// quantum A at width 3, left for a normal-play slide that is then
/// switched to quantum rules, gets A at width 3 (the picker alone last
/// left quantum A at width 2, before the width was set).
#[test]
fn rules_left_on_another_slide_come_back_when_chosen_again() {
    let mut p = Page::new();
    p.act(Action::SetText("B R".into())).unwrap();
    p.act(Action::AddSlide).unwrap();
    p.act(Action::SetText("BR G".into())).unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::A))).unwrap();
    p.act(Action::SetWidth(Some(Width::Limited(3)))).unwrap();
    assert_eq!(p.session.setup().rules.to_string(), "quantum:A:3");
    p.act(Action::GoToSlide(0)).unwrap();
    assert_eq!(p.view().rules.kind, RulesKind::Normal);
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    assert_eq!(p.session.setup().rules.to_string(), "quantum:A:3");
}

/// While values are hidden the explorer's job values nothing (its answer
/// would be stripped of every value anyway): on a classroom drawing whose
/// value takes tens of seconds, the tree's options come at once; shown
/// again, the values are asked for.
#[test]
fn the_explorer_values_nothing_while_values_are_hidden() {
    use hackenbush_lab::ui::page::Panel;
    let wants_values = |p: &mut Page| {
        p.session.wanted_jobs().iter().find_map(|j| match j {
            jobs::Job::Explore { values, .. } => Some(*values),
            _ => None,
        })
    };
    let mut p = Page::new();
    // Seed-28 classroom drawing 2 under C′u at unbounded width.
    p.act(Action::SetText(
        "0-1:R 1-1:G 0-2:G 2-3:G 2-2:B 2-2:G 2-2:B 2-0:G 3-4:R 3-1:B".into(),
    ))
    .unwrap();
    p.act(Action::SetRulesKind(RulesKind::Quantum)).unwrap();
    p.act(Action::SetFlavour(Some(Flavour::CPrimeU))).unwrap();
    p.act(Action::SetWidth(Some(Width::Unbounded))).unwrap();
    p.act(Action::SetHideValues(true)).unwrap();
    p.act(Action::SetExplorerOpen(true)).unwrap();
    assert_eq!(wants_values(&mut p), Some(false));
    // The explorer's job alone (the value card's would take its time).
    let job = p
        .session
        .wanted_jobs()
        .into_iter()
        .find(|j| matches!(j, jobs::Job::Explore { .. }))
        .unwrap();
    p.act(Action::JobStarted { job: job.clone() }).unwrap();
    let result = jobs::run(&job, &budget());
    let reply = JobReply { id: 1, job, result };
    p.act(Action::JobDone(Box::new(reply))).unwrap();
    let v = p.view();
    let Panel::Ready(b) = &v.teach.explorer else {
        panic!("{:?}", v.teach.explorer)
    };
    assert!(b.shown.len() > 200 && b.exploration.value.is_empty());
    p.act(Action::SetHideValues(false)).unwrap();
    assert_eq!(wants_values(&mut p), Some(true));
}
