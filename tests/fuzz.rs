//! Hostile input never panics, never overflows the stack and never
//! allocates without bound (issue 8): every text reader is fed thousands of
//! deterministic random and mutated inputs, each under `catch_unwind` and a
//! counting allocator, plus the specific inputs that once broke them.
//!
//! The generator is the crate's own SplitMix64 (no dependency), so a failure
//! reproduces exactly; the failing input is printed with the seed. The
//! cargo-fuzz targets under `fuzz/` explore further, outside CI.

use std::alloc::{GlobalAlloc, Layout as AllocLayout, System};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hackenbush_lab::game::{Arena, GameId};
use hackenbush_lab::position::json::{from_json, to_json_auto};
use hackenbush_lab::position::{cgsuite, presets, print, Position, MAX_EDGES};
use hackenbush_lab::rng::SplitMix64;
use hackenbush_lab::rules::nim::parse_nim;
use hackenbush_lab::rules::Player;
use hackenbush_lab::ui::base64url;
use hackenbush_lab::ui::drawing::Drawing;
use hackenbush_lab::ui::play::SidedMove;
use hackenbush_lab::ui::share::{self, PuzzleDoc, Shared, Slide};

// ---------- a counting allocator ----------

/// Bytes currently allocated by the whole test binary, and the highest
/// value since the last [`measure`] began.
static CURRENT: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// Refuse allocations past this many live bytes: a regression (such as the
/// 17 GB `*4294967295` expansion) then aborts with "memory allocation
/// failed" at once instead of swapping a shared machine for minutes.
const HARD_LIMIT: usize = 1 << 30;

/// The bound asserted per input: far above anything a reader of a few
/// kilobytes of text needs, far below what "proportional to a number in the
/// text" reaches.
const PER_INPUT_LIMIT: usize = 64 << 20;

/// Generous per-input time bound: catches quadratic blow-ups on the inputs
/// here without flaking on a loaded machine.
const PER_INPUT_TIME: Duration = Duration::from_secs(5);

struct Counting;

impl Counting {
    /// Account for `size` more bytes, or refuse past the hard limit.
    fn grow(size: usize) -> bool {
        let now = CURRENT.fetch_add(size, Ordering::Relaxed) + size;
        if now > HARD_LIMIT {
            CURRENT.fetch_sub(size, Ordering::Relaxed);
            return false;
        }
        PEAK.fetch_max(now, Ordering::Relaxed);
        true
    }
}

// SAFETY: every call is forwarded to the system allocator unchanged; the
// counters only observe sizes (and a refusal returns null, which the
// `GlobalAlloc` contract allows).
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: AllocLayout) -> *mut u8 {
        if !Counting::grow(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc(layout);
        if p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: AllocLayout) -> *mut u8 {
        if !Counting::grow(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc_zeroed(layout);
        if p.is_null() {
            CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: AllocLayout) {
        System.dealloc(ptr, layout);
        CURRENT.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: AllocLayout, new_size: usize) -> *mut u8 {
        let old = layout.size();
        if new_size > old && !Counting::grow(new_size - old) {
            return std::ptr::null_mut();
        }
        let p = System.realloc(ptr, layout, new_size);
        if p.is_null() {
            if new_size > old {
                CURRENT.fetch_sub(new_size - old, Ordering::Relaxed);
            }
        } else if new_size < old {
            CURRENT.fetch_sub(old - new_size, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The counters are global, so measured runs take turns (tests in this
/// file otherwise run on parallel threads and would count each other).
static SERIAL: Mutex<()> = Mutex::new(());

/// Run `f` on `input`, asserting that it neither panics, nor allocates more
/// than [`PER_INPUT_LIMIT`] bytes at its peak, nor takes longer than
/// [`PER_INPUT_TIME`]. `what` and `input` name the failure.
fn check<R>(what: &str, input: &str, f: impl FnOnce() -> R) -> R {
    let _turn = SERIAL
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let base = CURRENT.load(Ordering::Relaxed);
    PEAK.store(base, Ordering::Relaxed);
    let start = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    let elapsed = start.elapsed();
    let peak = PEAK.load(Ordering::Relaxed).saturating_sub(base);
    let shown = show(input);
    match result {
        Err(_) => panic!("{what} panicked on {shown}"),
        Ok(r) => {
            assert!(
                peak <= PER_INPUT_LIMIT,
                "{what} allocated {peak} bytes at its peak on {shown}"
            );
            assert!(
                elapsed <= PER_INPUT_TIME,
                "{what} took {elapsed:?} on {shown}"
            );
            r
        }
    }
}

/// An input for a failure message: escaped, long ones abbreviated.
fn show(input: &str) -> String {
    let n = input.chars().count();
    if n <= 300 {
        format!("{input:?}")
    } else {
        let head: String = input.chars().take(200).collect();
        format!("{head:?}… ({n} characters)")
    }
}

/// An error must print as one line: no line breaks of any kind, and no
/// control characters or direction overrides that could garble it.
fn one_line(what: &str, input: &str, error: &dyn std::fmt::Display) {
    let text = error.to_string();
    let breaks =
        |c: char| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}');
    assert!(
        !text.is_empty() && !text.chars().any(breaks),
        "{what}: error {text:?} on {}",
        show(input)
    );
}

// ---------- generators ----------

/// Pieces that hostile text is made of: the grammar's own tokens, numbers
/// at and past every limit, and characters that are not ASCII.
const NASTY: &[&str] = &[
    "",
    " ",
    "\t",
    "\n",
    "\u{0}",
    "é",
    "\u{202e}",
    "🀄",
    "\u{feff}",
    "\u{2028}",
    "\\n",
    "\\u2028",
    "0",
    "1",
    "-",
    "+",
    ":",
    ",",
    "/",
    "*",
    "|",
    "||",
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "=",
    "B",
    "R",
    "G",
    "X",
    "b",
    "nim:",
    "±",
    "↑",
    "⇓*",
    "64",
    "65",
    "128",
    "129",
    "1024",
    "1025",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "-0",
    "1/0",
    "1/3",
    "null",
    "true",
    "1e999",
    "NaN",
];

/// Numbers at and around every limit, and past every integer type.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "5",
    "16",
    "17",
    "63",
    "64",
    "65",
    "127",
    "128",
    "129",
    "200",
    "201",
    "1023",
    "1024",
    "1025",
    "4096",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999999999999",
    "-1",
    "0.5",
    "1e308",
];

/// A mutation that keeps the shape of the text: a digit run becomes another
/// number, or a colour letter another colour. Most such texts still parse,
/// so they reach the checks behind the syntax (vertex ranges, edge and heap
/// limits, move legality).
fn gentle(rng: &mut SplitMix64, chars: &mut Vec<char>) {
    let n = chars.len();
    if n == 0 {
        return;
    }
    let at = rng.below(n);
    let Some(i) = (0..n)
        .map(|k| (at + k) % n)
        .find(|&k| chars[k].is_ascii_digit() || "BRGX".contains(chars[k]))
    else {
        return;
    };
    if chars[i].is_ascii_digit() {
        let mut start = i;
        while start > 0 && chars[start - 1].is_ascii_digit() {
            start -= 1;
        }
        let mut end = i;
        while end < n && chars[end].is_ascii_digit() {
            end += 1;
        }
        let number = NUMBERS[rng.below(NUMBERS.len())];
        chars.splice(start..end, number.chars());
    } else {
        chars[i] = ['B', 'R', 'G', 'X'][rng.below(4)];
    }
}

/// Mutations of a valid sample: flip, insert, delete, duplicate, splice,
/// swap in a nasty token, or repeat a slice many times (deep nesting, long
/// runs, many terms).
fn mutate(rng: &mut SplitMix64, sample: &str, others: &[String]) -> String {
    let mut chars: Vec<char> = sample.chars().collect();
    let rounds = 1 + rng.below(4);
    for _ in 0..rounds {
        let n = chars.len();
        let at = rng.below(n + 1);
        match rng.below(9) {
            0 if n > 0 => {
                // Flip a bit of a byte, keeping the text valid UTF-8.
                let i = rng.below(n);
                let c = chars[i] as u32 ^ (1 << rng.below(8));
                chars[i] = char::from_u32(c).unwrap_or('\u{fffd}');
            }
            1 => {
                let token = NASTY[rng.below(NASTY.len())];
                chars.splice(at..at, token.chars());
            }
            2 if n > 0 => {
                let end = (at + 1 + rng.below(8)).min(n);
                chars.drain(at.min(end)..end);
            }
            3 if n > 0 => {
                // Duplicate a slice, once or hundreds of times.
                let start = rng.below(n);
                let end = (start + 1 + rng.below(12)).min(n);
                let piece: Vec<char> = chars[start..end].to_vec();
                let times = if rng.below(4) == 0 {
                    50 + rng.below(500)
                } else {
                    1
                };
                for _ in 0..times {
                    chars.splice(at..at, piece.iter().copied());
                }
            }
            4 if !others.is_empty() => {
                // Splice in part of another sample.
                let other: Vec<char> = others[rng.below(others.len())].chars().collect();
                let start = rng.below(other.len() + 1);
                let end = (start + rng.below(20)).min(other.len());
                chars.splice(at..at, other[start..end].iter().copied());
            }
            5 => gentle(rng, &mut chars),
            6 => {
                let c = char::from_u32(rng.below(0x11000) as u32).unwrap_or('\u{fffd}');
                chars.insert(at, c);
            }
            7 if n > 0 => {
                chars.truncate(at);
            }
            _ => {
                let token = NASTY[rng.below(NASTY.len())];
                chars.splice(at..(at + 1).min(n), token.chars());
            }
        }
    }
    chars.into_iter().collect()
}

/// Text made of random pieces: `alphabet` tokens and nasty ones.
fn random_text(rng: &mut SplitMix64, alphabet: &[&str]) -> String {
    let n = rng.below(40);
    (0..n)
        .map(|_| {
            if rng.below(4) == 0 {
                NASTY[rng.below(NASTY.len())]
            } else {
                alphabet[rng.below(alphabet.len())]
            }
        })
        .collect()
}

/// Random inputs for one reader: a third fully random, a third gently and a
/// third wildly mutated samples (the samples themselves first, so the good
/// path runs too).
fn inputs(seed: u64, count: usize, samples: &[String], alphabet: &[&str]) -> Vec<String> {
    let mut rng = SplitMix64(seed);
    let mut out = samples.to_vec();
    while out.len() < count {
        let roll = rng.below(3);
        if roll == 0 {
            out.push(random_text(&mut rng, alphabet));
        } else if roll == 1 {
            let mut chars: Vec<char> = samples[rng.below(samples.len())].chars().collect();
            for _ in 0..1 + rng.below(2) {
                gentle(&mut rng, &mut chars);
            }
            out.push(chars.into_iter().collect());
        } else {
            let sample = &samples[rng.below(samples.len())];
            out.push(mutate(&mut rng, sample, samples));
        }
    }
    out
}

fn random_positions(count: u64) -> Vec<Position> {
    (0..count)
        .map(|seed| presets::random(seed, 1 + (seed as usize * 7) % 20, &[]))
        .collect()
}

/// A random game of depth ≤ `depth` built from small numbers and nimbers.
fn random_game(a: &mut Arena, rng: &mut SplitMix64, depth: usize) -> GameId {
    if depth == 0 || rng.below(4) == 0 {
        return match rng.below(3) {
            0 => a.integer(rng.below(7) as i64 - 3),
            1 => a.nimber(rng.below(4) as u32),
            _ => {
                let text = format!("{}/{}", rng.below(9) as i64 - 4, 1 << rng.below(4));
                a.parse(&text).unwrap_or_else(|_| a.zero())
            }
        };
    }
    let left = (0..rng.below(3))
        .map(|_| random_game(a, rng, depth - 1))
        .collect();
    let right = (0..rng.below(3))
        .map(|_| random_game(a, rng, depth - 1))
        .collect();
    a.make(left, right)
}

// ---------- readers ----------

// Each reader returns whether the input was accepted, so the loops can
// check that both paths were exercised.

/// The position parser, and on success the printer and JSON round trip.
fn position_reader(text: &str) -> bool {
    check("position parser", text, || match text.parse::<Position>() {
        Ok(p) => {
            assert!(p.edge_count() <= MAX_EDGES);
            let printed = print(&p);
            let again: Position = printed.parse().expect("printed positions parse");
            assert_eq!(print(&again), printed);
            let (back, _) = from_json(&to_json_auto(&p)).expect("own JSON reads back");
            assert_eq!(back.edges, p.edges);
            true
        }
        Err(e) => {
            one_line("position parser", text, &e);
            false
        }
    })
}

fn value_reader(text: &str) -> bool {
    check("value parser", text, || {
        let mut a = Arena::new();
        match a.parse(text) {
            Ok(g) => {
                let plain = a.plain(g);
                assert_eq!(a.parse(&plain).ok(), Some(g), "{plain} reads back");
                true
            }
            Err(e) => {
                one_line("value parser", text, &e);
                false
            }
        }
    })
}

fn json_reader(text: &str) -> bool {
    let accepted = check("position JSON", text, || match from_json(text) {
        Ok((p, _)) => p.edge_count() <= MAX_EDGES,
        Err(e) => {
            one_line("position JSON", text, &e);
            false
        }
    });
    check("drawing JSON", text, || match Drawing::from_json(text) {
        Ok(d) => {
            d.check().expect("a read drawing is valid");
            let _ = d.text();
        }
        Err(e) => one_line("drawing JSON", text, &e),
    });
    accepted
}

fn nim_reader(text: &str) -> bool {
    let accepted = check("nim parser", text, || match parse_nim(text) {
        Ok(heaps) => {
            // As green stalks, or a clear error when there are too many.
            if let Err(e) = presets::nim_heaps(&heaps) {
                one_line("nim heaps", text, &e);
            }
            true
        }
        Err(e) => {
            one_line("nim parser", text, &e);
            false
        }
    });
    check("drawing text", text, || {
        if let Err(e) = Drawing::from_text(text) {
            one_line("drawing text", text, &e);
        }
    });
    accepted
}

fn share_reader(text: &str) -> bool {
    check("share::decode", text, || match share::decode(text) {
        Ok(_) => true,
        Err(e) => {
            one_line("share::decode", text, &e);
            false
        }
    })
}

/// Feed `texts` to `reader`; both outcomes must occur often enough that the
/// mutations neither only break the samples nor leave them intact.
fn feed(what: &str, texts: Vec<String>, reader: fn(&str) -> bool) {
    let total = texts.len();
    let accepted = texts.iter().filter(|t| reader(t)).count();
    assert!(
        accepted * 20 >= total && (total - accepted) * 20 >= total,
        "{what}: {accepted} of {total} inputs accepted"
    );
}

// ---------- random and mutated inputs ----------

const POSITION_TOKENS: &[&str] = &[
    "B", "R", "G", "X", "BR", "GGG", " ", " + ", "+", "0", "1", "2", "3", "-", ":", "0-1:B",
    "1-2:R", "2-2:G", "0-0:X", "9-0:G",
];

#[test]
fn position_parser_survives_random_and_mutated_text() {
    let mut samples: Vec<String> = random_positions(60).iter().map(print).collect();
    samples.push("BR BR R".into());
    samples.push("0-1:B 1-3:R 0-2:B 2-3:R".into());
    samples.push(format!("{} B", "G".repeat(MAX_EDGES - 1)));
    feed(
        "position parser",
        inputs(1, 10_000, &samples, POSITION_TOKENS),
        position_reader,
    );
}

/// CGSuite strings (`cgsuite:…`): on success the string written back reads
/// back to the same string, and the position's other round trips hold.
fn cgsuite_reader(text: &str) -> bool {
    let accepted = position_reader(text);
    check("cgsuite writer", text, || {
        if let Ok(p) = text.parse::<Position>() {
            match cgsuite::write(&p) {
                Ok(s) => {
                    let again: Position = format!("cgsuite:{s}").parse().expect("written reads");
                    assert_eq!(cgsuite::write(&again).as_deref(), Ok(s.as_str()));
                }
                // Only positions of the edges notation can be unwritable.
                Err(e) => {
                    assert!(!text.trim_start().starts_with("cgsuite:"), "{e}");
                    one_line("cgsuite writer", text, &e);
                }
            }
        }
    });
    accepted
}

const CGSUITE_TOKENS: &[&str] = &[
    "l", "r", "e", "lr", "lll", "(", ")", ";", ":", ":A", ":B", ":{g}", "{", "}", "{l}", ".", " ",
    "-", ">", "L",
];

#[test]
fn cgsuite_parser_survives_random_and_mutated_text() {
    let mut samples: Vec<String> = random_positions(60)
        .iter()
        .filter_map(|p| cgsuite::write(p).ok())
        .map(|s| format!("cgsuite:{s}"))
        .collect();
    samples.push("cgsuite:e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))".into());
    samples.push(format!("cgsuite:{}", "l".repeat(MAX_EDGES + 1)));
    samples.push(format!("cgsuite:{}", "(".repeat(100_000)));
    samples.push(format!("cgsuite:{}", ";".repeat(100_000)));
    let texts = inputs(25, 6_000, &samples, CGSUITE_TOKENS)
        .into_iter()
        .enumerate()
        .map(|(k, t)| {
            // Random texts get the prefix (mutations may lose it: fine).
            if k >= samples.len() && !t.contains("cgsuite:") {
                format!("cgsuite:{t}")
            } else {
                t
            }
        })
        .collect();
    feed("cgsuite parser", texts, cgsuite_reader);
}

const VALUE_TOKENS: &[&str] = &[
    "{", "}", "|", "||", "|||", ",", "0", "1", "-1", "1/2", "-3/8", "*", "*2", "1/2*", "±1", "↑",
    "↓*", "⇑", "{0|}", "{|0}", "{1|-1}",
];

#[test]
fn value_parser_survives_random_and_mutated_text() {
    let mut rng = SplitMix64(2);
    let mut a = Arena::new();
    let mut samples = Vec::new();
    for _ in 0..60 {
        let g = random_game(&mut a, &mut rng, 4);
        samples.push(a.plain(g));
        samples.push(a.pretty(g));
    }
    samples.push("{2|1||0}".into());
    samples.push("{{{3|3/2}|{3/4|1/4}}|{{-1/4|-3/4}|{-3/2|-3}}}".into());
    feed(
        "value parser",
        inputs(2, 10_000, &samples, VALUE_TOKENS),
        value_reader,
    );
}

const JSON_TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"version\"",
    "\"vertices\"",
    "\"edges\"",
    "\"u\"",
    "\"v\"",
    "\"colour\"",
    "\"B\"",
    "\"x\"",
    "\"y\"",
    "1",
    "0",
    "-1",
    "0.5",
    "1e308",
    "300",
];

#[test]
fn json_readers_survive_random_and_mutated_documents() {
    let mut samples: Vec<String> = random_positions(40).iter().map(to_json_auto).collect();
    samples.push(Drawing::from_text("BR BR R").unwrap().to_json());
    feed("JSON", inputs(3, 5000, &samples, JSON_TOKENS), json_reader);
}

const NIM_TOKENS: &[&str] = &["nim:", "3", ",", "64", " ", "0", "16", "1,1,1"];

#[test]
fn nim_parser_survives_random_and_mutated_text() {
    let samples: Vec<String> = vec![
        "nim:3,2".into(),
        "nim:1,1,1".into(),
        "nim:64,63,1".into(),
        format!("nim:{}", vec!["8"; 16].join(",")),
    ];
    feed("nim", inputs(4, 5000, &samples, NIM_TOKENS), nim_reader);
}

/// Real sessions: positions with rules, moves played, a deck of several.
fn sessions() -> Vec<Shared> {
    let mut out = Vec::new();
    for (k, p) in random_positions(12).into_iter().enumerate() {
        let mut slide = Slide::new(Drawing::auto(&p));
        if k % 3 == 1 {
            slide.setup.rules = hackenbush_lab::analysis::Rules::Childish;
        }
        // Left cuts the first edge she may, then Right the first he may.
        let first = |player: Player, not: usize| {
            (1..=p.edge_count()).find(|&l| l != not && p.edges[l - 1].colour.cuttable_by(player))
        };
        if let Some(l) = first(Player::Left, 0) {
            let mut moves = vec![SidedMove::cut(Player::Left, l)];
            if let Some(r) = first(Player::Right, l) {
                moves.push(SidedMove::cut(Player::Right, r));
            }
            // Keep only the moves that are legal (the first may topple the other).
            while !moves.is_empty() {
                let trial = Slide {
                    moves: moves.clone(),
                    cursor: moves.len(),
                    ..slide.clone()
                };
                if trial.game().is_ok() {
                    slide = trial;
                    break;
                }
                moves.pop();
            }
        }
        slide.title = format!("slide {k}");
        out.push(Shared::single(slide));
    }
    let deck = Shared::deck(out.iter().take(3).map(|s| s.slides[0].clone()).collect(), 2);
    out.push(deck);
    out
}

#[test]
fn share_decode_survives_mutated_links() {
    let links: Vec<String> = sessions().iter().map(share::encode).collect();
    for link in &links {
        share::decode(link).expect("a real link decodes");
    }
    // Mutating the base64 text mostly tests the base64 and UTF-8 layers…
    // (nearly every mutation breaks them, so no share of accepted links is
    // asked for here).
    for text in inputs(5, 3000, &links, &["v1=", "A", "_", "-", "=", "#"]) {
        share_reader(&text);
    }
    // … so also mutate the JSON inside and encode it properly again, which
    // reaches the position, rules and move checks.
    let docs: Vec<String> = sessions()
        .iter()
        .map(|s| {
            let l = share::encode_v1(s, &[]);
            let bytes = hackenbush_lab::ui::base64url::decode(&l[3..]).unwrap();
            String::from_utf8(bytes).unwrap()
        })
        .collect();
    let json_tokens = [
        "\"i\":",
        "\"s\":",
        "\"m\":[\"L1\"]",
        "\"at\":",
        "\"r\":{\"n\":\"sync\"}",
        "\"L2\"",
        "\"R1\"",
        "18446744073709551615",
        "4294967296",
        ",",
        "[",
        "]",
        "{",
        "}",
    ];
    let links = inputs(6, 3000, &docs, &json_tokens)
        .iter()
        .map(|doc| {
            format!(
                "#v1={}",
                hackenbush_lab::ui::base64url::encode(doc.as_bytes())
            )
        })
        .collect();
    feed("share links", links, share_reader);
}

/// The decks of [`sessions`] plus ones under every ruleset family, with
/// puzzles, the engine, presenter mode and a slide other than the first:
/// every part of a `v2=` payload is present in some sample.
fn v2_decks() -> Vec<(Shared, Vec<Option<PuzzleDoc>>)> {
    use hackenbush_lab::analysis::Rules;
    let mut out: Vec<_> = sessions().into_iter().map(|s| (s, Vec::new())).collect();
    let base = sessions();
    let rules = ["quantum:C:2", "quantum:D:unbounded", "sync:tie", "misere"];
    for (k, r) in rules.iter().enumerate() {
        let mut slide = base[k].slides[0].clone();
        slide.setup.rules = r.parse::<Rules>().unwrap();
        slide.moves.clear();
        slide.cursor = 0;
        slide.view.hide_values = k % 2 == 0;
        slide.view.colour_blind = k % 2 == 1;
        slide.title = format!("Quantum circus tent, flavour C é 🌷 {k}");
        let mut deck = Shared::deck(vec![slide, base[k + 4].slides[0].clone()], 1);
        deck.presenting = true;
        deck.opponents.right = hackenbush_lab::ui::opponent::Controller::Engine;
        let puzzle = PuzzleDoc {
            k: "win:L".into(),
            h: "Look at the green edge".into(),
        };
        out.push((deck, vec![Some(puzzle), None]));
    }
    out
}

/// The bytes inside a `v2=` fragment.
fn v2_payload(fragment: &str) -> Vec<u8> {
    let packed = base64url::decode(fragment.strip_prefix("v2=").unwrap()).unwrap();
    miniz_oxide::inflate::decompress_to_vec(&packed).unwrap()
}

/// A `v2=` fragment carrying `bytes`, however damaged.
fn v2_link(bytes: &[u8]) -> String {
    format!(
        "#v2={}",
        base64url::encode(&miniz_oxide::deflate::compress_to_vec(bytes, 6))
    )
}

/// Byte-wise mutations of a binary payload: flip a bit, overwrite a byte
/// with a boundary value, insert, delete, duplicate (once or hundreds of
/// times) or truncate.
fn mutate_bytes(rng: &mut SplitMix64, sample: &[u8]) -> Vec<u8> {
    const EDGY: [u8; 8] = [0, 1, 2, 0x7f, 0x80, 0xfe, 0xff, 0x3f];
    let mut bytes = sample.to_vec();
    for _ in 0..1 + rng.below(3) {
        let n = bytes.len();
        let at = rng.below(n + 1);
        match rng.below(6) {
            0 if n > 0 => bytes[at.min(n - 1)] ^= 1 << rng.below(8),
            1 if n > 0 => bytes[at.min(n - 1)] = EDGY[rng.below(EDGY.len())],
            2 => {
                let b = if rng.below(2) == 0 {
                    EDGY[rng.below(EDGY.len())]
                } else {
                    rng.below(256) as u8
                };
                bytes.insert(at, b);
            }
            3 if n > 0 => {
                let end = (at + 1 + rng.below(8)).min(n);
                bytes.drain(at.min(end)..end);
            }
            4 if n > 0 => {
                let start = rng.below(n);
                let end = (start + 1 + rng.below(12)).min(n);
                let piece = bytes[start..end].to_vec();
                let times = if rng.below(4) == 0 {
                    50 + rng.below(500)
                } else {
                    1
                };
                for _ in 0..times {
                    bytes.splice(at..at, piece.iter().copied());
                }
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

#[test]
fn share_decode_survives_mutated_v2_links() {
    let decks = v2_decks();
    let links: Vec<String> = decks
        .iter()
        .map(|(s, p)| share::encode_with_puzzles(s, p))
        .collect();
    for ((deck, puzzles), link) in decks.iter().zip(&links) {
        assert!(link.starts_with("v2="), "{link}");
        let (back, read) = share::decode_with_puzzles(link).expect("a real link decodes");
        assert_eq!(back.slides.len(), deck.slides.len());
        assert_eq!(
            read.iter().flatten().count(),
            puzzles.iter().flatten().count()
        );
    }
    // The text: base64, DEFLATE and truncation (nearly all refused).
    for text in inputs(7, 2000, &links, &["v2=", "A", "_", "-", "=", "#"]) {
        share_reader(&text);
    }
    for link in &links {
        for cut in (0..link.len()).step_by(3) {
            share_reader(&link[..cut]);
        }
    }
    // The payload: mutated byte-wise and packed properly again, which
    // reaches the counts, rules, positions and moves behind the packing.
    let payloads: Vec<Vec<u8>> = links.iter().map(|l| v2_payload(l)).collect();
    let mut rng = SplitMix64(8);
    let mutated = (0..4000)
        .map(|_| {
            let sample = &payloads[rng.below(payloads.len())];
            v2_link(&mutate_bytes(&mut rng, sample))
        })
        .collect();
    feed("v2 payloads", mutated, share_reader);
    // Every truncation of a payload, and random payloads.
    for p in &payloads {
        for cut in 0..p.len() {
            share_reader(&v2_link(&p[..cut]));
        }
    }
    for _ in 0..2000 {
        let n = rng.below(64);
        let bytes: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
        share_reader(&v2_link(&bytes));
        // Random bytes as the packed data itself (broken DEFLATE).
        share_reader(&format!("#v2={}", base64url::encode(&bytes)));
    }
}

#[test]
fn a_v2_link_that_unpacks_too_far_is_refused_within_the_limit() {
    // Megabytes of one byte pack into a few kilobytes: refused at 256 KiB,
    // without the allocation growing past it.
    for byte in [0u8, 0x80, 0xff] {
        let link = v2_link(&vec![byte; 4 << 20]);
        assert!(!share_reader(&link));
        let e = share::decode(&link).unwrap_err();
        assert!(e.contains("more than 256 KiB"), "{e}");
    }
}

#[test]
fn preset_builders_survive_random_parameters() {
    use hackenbush_lab::position::presets::Preset;
    use hackenbush_lab::ui::gallery;
    let mut rng = SplitMix64(7);
    let words = [
        "blue", "red", "B", "R", "BRR", "GX", "1,2,3", "1-2,2-3", "1-", ",", "BRGXQ",
    ];
    let mut built = 0;
    for _ in 0..3000 {
        let name = match rng.below(8) {
            0 => NASTY[rng.below(NASTY.len())],
            _ => Preset::ALL[rng.below(Preset::ALL.len())].name(),
        };
        let params: Vec<String> = (0..rng.below(4))
            .map(|_| match rng.below(4) {
                0 => NASTY[rng.below(NASTY.len())].to_string(),
                1 => words[rng.below(words.len())].to_string(),
                2 => NUMBERS[rng.below(NUMBERS.len())].to_string(),
                // Long lists and long letter runs.
                _ => vec![NUMBERS[rng.below(8)]; 1 + rng.below(100)].join(","),
            })
            .collect();
        let params: Vec<&str> = params.iter().map(String::as_str).collect();
        let input = format!("{name} {params:?}");
        let ok = check("presets::build", &input, || {
            match presets::build(name, &params) {
                Ok(p) => {
                    assert!(p.edge_count() <= MAX_EDGES);
                    true
                }
                Err(e) => {
                    one_line("presets::build", &input, &e);
                    false
                }
            }
        });
        built += usize::from(ok);
        check("gallery::build", &input, || {
            if let Err(e) = gallery::build(name, &params) {
                one_line("gallery::build", &input, &e);
            }
        });
    }
    assert!(built > 100, "only {built} presets built");
}

/// Random editing sessions: pointer gestures, edits with valid and invalid
/// indices, undo and redo, text. The editor refuses what would break the
/// drawing (the 129th edge among it) and never panics.
#[test]
fn editor_sessions_survive_random_gestures_and_edits() {
    use hackenbush_lab::position::{Colour, Point};
    use hackenbush_lab::ui::{Anchor, Edit, Editor, Selection, Tool};
    let mut rng = SplitMix64(8);
    let mut ed = Editor::new(Drawing::from_text(&"B ".repeat(MAX_EDGES - 2)).unwrap());
    let coordinate = |rng: &mut SplitMix64| match rng.below(20) {
        0 => f64::NAN,
        1 => f64::INFINITY,
        2 => -1e300,
        _ => rng.below(4000) as f64 / 100.0 - 5.0,
    };
    let mut refused_edge = false;
    for step in 0..4000 {
        let pt = Point {
            x: coordinate(&mut rng),
            y: coordinate(&mut rng),
        };
        let n = ed.drawing().edges.len();
        let v = ed.drawing().points.len();
        let colour = Colour::ALL[rng.below(4)];
        let anchor = |rng: &mut SplitMix64| match rng.below(3) {
            0 => Anchor::Vertex(rng.below(v + 2)),
            1 => Anchor::Ground(pt.x),
            _ => Anchor::Free(pt),
        };
        let input = format!("step {step}");
        // Edges are added often and the text replaced rarely, so the
        // drawing keeps reaching the edge limit.
        let result = check("editor", &input, || match rng.below(20) {
            0 | 14..=18 => {
                let edit = Edit::AddEdge {
                    from: anchor(&mut rng),
                    to: anchor(&mut rng),
                    colour,
                };
                let r = ed.apply(edit);
                if n == MAX_EDGES {
                    let e = r.clone().unwrap_err();
                    assert!(e.contains("too many edges: 129 (at most 128)"), "{e}");
                }
                r
            }
            1 => ed.apply(Edit::AddVertex(pt)),
            2 => ed.apply(Edit::DeleteEdge(rng.below(n + 2))),
            3 => ed.apply(Edit::DeleteVertex(rng.below(v + 2))),
            4 => ed.apply(Edit::Recolour {
                edge: rng.below(n + 2),
                colour,
            }),
            5 => ed.apply(Edit::MoveVertex {
                vertex: rng.below(v + 2),
                to: pt,
            }),
            6 => {
                ed.undo();
                Ok(())
            }
            7 => {
                ed.redo();
                Ok(())
            }
            8 => {
                ed.select(match rng.below(3) {
                    0 => Selection::Edge(rng.below(n + 2)),
                    1 => Selection::Vertex(rng.below(v + 2)),
                    _ => Selection::None,
                });
                ed.delete_selection()
            }
            9 => ed.choose_colour(colour),
            10 => {
                ed.tool = [Tool::Draw, Tool::Move, Tool::Erase][rng.below(3)];
                ed.pointer_down(pt, 0.3);
                Ok(())
            }
            11 => {
                ed.pointer_move(pt, 0.3);
                Ok(())
            }
            12 => ed.pointer_up(pt, 0.3),
            13 => {
                let text = random_text(&mut rng, POSITION_TOKENS);
                ed.set_text(&text)
            }
            _ => ed.set_text(&"G ".repeat(MAX_EDGES - rng.below(3))),
        });
        if let Err(e) = result {
            one_line("editor", &input, &e);
            refused_edge |= e.contains("too many edges");
        }
        let d = ed.drawing();
        assert!(d.edges.len() <= MAX_EDGES, "step {step}");
        d.check().unwrap_or_else(|e| panic!("step {step}: {e}"));
    }
    assert!(refused_edge, "the 129th edge was never tried");
}

// ---------- the inputs that once broke things ----------

#[test]
fn nim_heaps_past_128_edges_are_an_error() {
    // Regression: panicked with "at most 128 edges" in Position::from_edges.
    for text in [
        "nim:64,64,1",
        "nim:64,64,64,64,64,64,64,64,64,64,64,64,64,64,64,64",
    ] {
        nim_reader(text);
        let heaps = parse_nim(text).unwrap();
        let e = presets::nim_heaps(&heaps).unwrap_err();
        assert!(e.to_string().starts_with("too many edges: "), "{text}: {e}");
        assert!(e.to_string().ends_with("(at most 128)"), "{text}: {e}");
        let e = Drawing::from_text(text).unwrap_err();
        assert!(
            e.contains("too many edges: 129 (at most 128)") || e.contains("too many edges: 1024"),
            "{e}"
        );
    }
    assert_eq!(presets::nim_heaps(&[64, 64]).unwrap().edge_count(), 128);
    // Heaps built from u32s are checked before anything is allocated.
    assert!(presets::nim_heaps(&[u32::MAX, u32::MAX]).is_err());
}

#[test]
fn too_many_edges_are_counted_in_the_message() {
    let text = "B ".repeat(MAX_EDGES + 1);
    let e = text.parse::<Position>().unwrap_err();
    assert!(
        e.message.contains("too many edges: 129 (at most 128)"),
        "{e}"
    );
    let json = format!(
        r#"{{"version":1,"vertices":[{{"x":0,"y":0}},{{"x":0,"y":1}}],"edges":[{}]}}"#,
        vec![r#"{"u":0,"v":1,"colour":"B"}"#; 129].join(",")
    );
    let e = from_json(&json).unwrap_err();
    assert!(
        e.to_string().contains("too many edges: 129 (at most 128)"),
        "{e}"
    );
}

#[test]
fn huge_nimbers_are_refused_before_expansion() {
    // Regression: expanded *4294967295 into its options (17 GB).
    for text in [
        "{*4294967295|}",
        "*4294967295",
        "{0|*99999}",
        "1/2*4294967295",
    ] {
        value_reader(text);
        let mut a = Arena::new();
        let e = a.parse(text).unwrap_err();
        assert!(e.message.contains("nimber"), "{text}: {e}");
    }
}

#[test]
fn the_value_limits_are_exact() {
    use hackenbush_lab::game::{MAX_EXPONENT, MAX_NIMBER};
    let mut a = Arena::new();
    assert!(a.parse(&format!("{{*{MAX_NIMBER}|}}")).is_ok());
    let e = a.parse(&format!("*{}", MAX_NIMBER + 1)).unwrap_err();
    assert_eq!((e.column, e.token.as_str()), (2, "1025"));
    let den = num_bigint::BigInt::from(1) << MAX_EXPONENT;
    assert!(a.parse(&format!("{{3/{den}, *|-1}}")).is_ok());
    let e = a.parse(&format!("{{0|1/{}}}", den * 2)).unwrap_err();
    assert!(e.message.contains("2^1025"), "{e}");
    assert_eq!(e.column, 4);
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    // Regression: 20 000 nested braces overflowed the stack.
    let deep = "{0|".repeat(20_000);
    value_reader(&deep);
    let e = Arena::new().parse(&deep).unwrap_err();
    assert!(e.message.contains("nested more than 200"), "{e}");
    // Closed nesting, and bar notation nesting without braces.
    let closed = format!("{}{}", "{0|".repeat(5000), "}".repeat(5000));
    value_reader(&closed);
    let bars: String = (1..400)
        .map(|k| format!("0{}", "|".repeat(k)))
        .collect::<String>()
        + "0";
    value_reader(&bars);
    assert!(Arena::new().parse(&bars).is_err());
    // 200 levels are fine.
    let ok = format!("{}{}", "{0|".repeat(200), "}".repeat(200));
    assert!(Arena::new().parse(&ok).is_ok());
    // JSON nesting is bounded by serde_json's recursion limit.
    json_reader(&"[".repeat(100_000));
    position_reader(&"(".repeat(100_000));
}

#[test]
fn huge_numbers_are_bounded() {
    let cases = [
        format!("1/{}", num_bigint::BigInt::from(1) << 100_000),
        format!("{{1/{}, *|}}", num_bigint::BigInt::from(1) << 2000),
        "9".repeat(100_000),
        format!("{{{}|}}", "9".repeat(5000)),
        format!("{{2|1{}0}}", "|".repeat(1_000_000)),
        "↑".repeat(10_000),
        // Many distinct options: dominance checks compare every pair.
        format!(
            "{{{}|}}",
            (0..5000)
                .map(|k| format!("{k}*"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        format!(
            "{{{}|}}",
            (0..4000)
                .map(|k| format!("{k}*"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        format!("{{{}|}}", vec!["↑"; 2000].join(",")),
    ];
    for text in &cases {
        value_reader(text);
    }
    let e = Arena::new().parse(&cases[6]).unwrap_err();
    assert!(e.message.contains("more than 4096 options"), "{e}");
    assert!(Arena::new().parse(&cases[7]).is_ok());
    // Vertex numbers are names, not sizes: nothing is allocated per number.
    for text in [
        "0-99999999999:B",
        "18446744073709551615-18446744073709551614:R",
        "0-18446744073709551616:B",
    ] {
        position_reader(text);
    }
    assert_eq!(
        "0-99999999999:B".parse::<Position>().unwrap().vertex_count,
        2
    );
}

#[test]
fn share_link_slide_index_at_usize_max_is_an_error() {
    // Regression: `doc.i + 1` overflowed (a panic in debug builds).
    let doc = r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]}}],"i":18446744073709551615}"#;
    let link = format!(
        "#v1={}",
        hackenbush_lab::ui::base64url::encode(doc.as_bytes())
    );
    share_reader(&link);
    let e = share::decode(&link).unwrap_err();
    assert!(
        e.contains("18446744073709551616") || e.contains("18446744073709551615"),
        "{e}"
    );
    for at in ["18446744073709551615", "18446744073709551616", "-1"] {
        let doc = format!(
            r#"{{"s":[{{"p":{{"version":1,"vertices":[{{"x":0,"y":0}}],"edges":[]}},"m":[],"at":{at}}}]}}"#
        );
        share_reader(&format!(
            "#v1={}",
            hackenbush_lab::ui::base64url::encode(doc.as_bytes())
        ));
    }
}

#[test]
fn quoted_line_breaks_stay_escaped() {
    // Found by the cargo-fuzz targets: serde_json quotes an unknown field
    // name verbatim, so a JSON escape `\n` in a key became a line break in
    // the message; ruleset names from links were echoed the same way.
    let texts = [
        r#"{"ver\nsion":1}"#.to_string(),
        r#"{"version":1,"vertices":[{"x":0,"y":0,"\u2028":1}],"edges":[]}"#.to_string(),
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fuzz_inputs/position_json_newline.json"
        ))
        .unwrap(),
    ];
    for text in &texts {
        json_reader(text);
        assert!(from_json(text).is_err());
    }
    let hostile = [
        r#"{"s":[{"p":{"version":1,"vertices":[{"\n":0}],"edges":[]}}]}"#,
        r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"r":{"n":"a\nb"}}]}"#,
        r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"f":"\u202e"}]}"#,
        r#"{"s":[{"p":{"version":1,"vertices":[{"x":0,"y":0}],"edges":[]},"m":["L\n1"]}]}"#,
    ];
    for doc in hostile {
        let link = format!(
            "#v1={}",
            hackenbush_lab::ui::base64url::encode(doc.as_bytes())
        );
        assert!(!share_reader(&link), "{doc}");
    }
}

/// The harness itself must be able to fail: a panicking or allocating
/// reader is caught and reported with its input.
#[test]
fn the_checks_catch_panics_and_allocations() {
    let panicked = catch_unwind(|| check("planted", "input", || panic!("planted panic")));
    assert!(panicked.is_err());
    let hog = catch_unwind(|| {
        check("planted", "input", || {
            let v = std::hint::black_box(vec![1u8; PER_INPUT_LIMIT + 1]);
            v.len()
        })
    });
    assert!(hog.is_err());
    assert_eq!(check("fine", "input", || vec![0u8; 1000].len()), 1000);
}
