//! The quantum engine against the published facts of RULES.md §5 and
//! against a deliberately naive implementation of the definition (no
//! merged moves, no covered-realisation dropping, no symmetry).

use hackenbush_lab::budget::{Budget, ByteSize, Exceeded, Timeout};
use hackenbush_lab::game::{Arena, GameId, Outcome};
use hackenbush_lab::position::{presets, Colour, EdgeSet, Position};
use hackenbush_lab::quantum::{
    apply_move, Flavour, Quantum, QuantumBase, QuantumGame, QuantumSolver, Reductions, Setting,
    Width,
};
use hackenbush_lab::rules::{Hackenbush, Nim, NimLabels, Player};
use hackenbush_lab::solve::Solver;
use std::collections::{BTreeSet, HashMap};

const W2: Width = Width::Limited(2);
const FLAVOURS: [Flavour; 6] = Flavour::ALL;

// ---------------------------------------------------------------------
// The naive reference: RULES.md §3 read literally.
// ---------------------------------------------------------------------

/// A base ruleset seen by the naive implementation: labels as integers.
trait NaiveBase {
    type R: Ord + Clone + std::hash::Hash + std::fmt::Debug;
    fn legal(&self, r: &Self::R, p: Player) -> Vec<u32>;
    fn cut(&self, r: &Self::R, label: u32) -> Self::R;
}

struct NaiveHackenbush(Position);

impl NaiveBase for NaiveHackenbush {
    type R = EdgeSet;
    fn legal(&self, r: &EdgeSet, p: Player) -> Vec<u32> {
        r.iter()
            .filter(|&e| self.0.edges[e].colour.cuttable_by(p))
            .map(|e| e as u32)
            .collect()
    }
    fn cut(&self, r: &EdgeSet, label: u32) -> EdgeSet {
        self.0.cut(*r, label as usize)
    }
}

struct NaiveNim(NimLabels);

impl NaiveBase for NaiveNim {
    type R = Vec<u32>;
    fn legal(&self, r: &Vec<u32>, _: Player) -> Vec<u32> {
        (0..r.len() as u32)
            .flat_map(|i| (1..=r[i as usize]).map(move |k| i * 1000 + k))
            .collect()
    }
    fn cut(&self, r: &Vec<u32>, label: u32) -> Vec<u32> {
        let (i, k) = ((label / 1000) as usize, label % 1000);
        let mut out = r.clone();
        out[i] = match self.0 {
            NimLabels::Subtract => r[i] - k,
            NimLabels::Cut => k - 1,
        };
        out
    }
}

struct Naive<'a, B: NaiveBase> {
    base: &'a B,
    flavour: Flavour,
    width: usize,
    arena: Arena,
    memo: HashMap<Vec<B::R>, GameId>,
}

impl<'a, B: NaiveBase> Naive<'a, B> {
    fn new(base: &'a B, flavour: Flavour, width: Width) -> Self {
        let width = match width {
            Width::Limited(w) => w,
            Width::Unbounded => usize::MAX,
        };
        Naive {
            base,
            flavour,
            width,
            arena: Arena::new(),
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, state: &[B::R]) -> GameId {
        let key: Vec<B::R> = state
            .iter()
            .cloned()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let mut sides = [vec![], vec![]];
        for (side, p) in [Player::Left, Player::Right].into_iter().enumerate() {
            let legal: Vec<Vec<u32>> = key.iter().map(|r| self.base.legal(r, p)).collect();
            let labels: Vec<u32> = legal
                .iter()
                .flatten()
                .copied()
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            assert!(labels.len() < 20, "naive reference: too many labels");
            for mask in 1u32..(1 << labels.len()) {
                let chosen: Vec<u32> = (0..labels.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| labels[i])
                    .collect();
                if chosen.len() > self.width {
                    continue;
                }
                if chosen.len() == 1 {
                    let e = chosen[0];
                    let on_all = legal.iter().all(|l| l.contains(&e));
                    let on_movers = legal.iter().all(|l| l.is_empty() || l.contains(&e));
                    let only = labels.len() == 1;
                    let ok = match self.flavour {
                        Flavour::A => false,
                        Flavour::B => only,
                        Flavour::C => on_all,
                        Flavour::CPrime => on_movers,
                        Flavour::CPrimeU => only || on_all,
                        Flavour::D => true,
                    };
                    if !ok {
                        continue;
                    }
                }
                let mut next = Vec::new();
                for (r, l) in key.iter().zip(&legal) {
                    for &e in &chosen {
                        if l.contains(&e) {
                            next.push(self.base.cut(r, e));
                        }
                    }
                }
                let v = self.value(&next);
                sides[side].push(v);
            }
        }
        let [l, r] = sides;
        let v = self.arena.make(l, r);
        self.memo.insert(key, v);
        v
    }

    fn plain(&mut self, state: &[B::R]) -> String {
        let v = self.value(state);
        self.arena.plain(v)
    }
}

// ---------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------

fn hack(p: Position, flavour: Flavour, width: Width) -> (QuantumSolver<Hackenbush>, EdgeSet) {
    hackenbush_lab::quantum::hackenbush_solver(p, Setting::new(flavour, width))
}

fn hack_value(p: Position, flavour: Flavour, width: Width) -> String {
    let (mut s, start) = hack(p, flavour, width);
    let v = s.value_of_start(&start).unwrap();
    s.arena.plain(v)
}

fn nim_value(heaps: &[u32], labels: NimLabels, flavour: Flavour, width: Width) -> String {
    nim_state_value(&[heaps.to_vec()], labels, flavour, width)
}

fn nim_state_value(state: &[Vec<u32>], labels: NimLabels, f: Flavour, w: Width) -> String {
    let start = state[0].clone();
    let mut s = QuantumSolver::new(Nim { labels }, &start, Setting::new(f, w));
    let v = s.value(state).unwrap();
    s.arena.plain(v)
}

/// `v` equals the game printed as `want` (from another arena, so the
/// options may be listed in another order: compare canonical ids).
fn assert_same(arena: &mut Arena, v: GameId, want: &str, context: &str) {
    let w = arena.parse(want).expect("reference value parses");
    assert_eq!(v, w, "{context}: got {}, want {want}", arena.plain(v));
}

fn nimber(k: i64) -> String {
    match k {
        0 => "0".into(),
        1 => "*".into(),
        k => format!("*{k}"),
    }
}

// ---------------------------------------------------------------------
// RULES.md §5: Blue Meadow, width 2
// ---------------------------------------------------------------------

#[test]
fn blue_meadow_outcome_table_width_2() {
    let table = [
        (Flavour::A, ["PPRR", "PRRR", "LLRR", "LLRR"]),
        (Flavour::B, ["PRRR", "LRRR", "LRRR", "LPRR"]),
        (Flavour::C, ["PRRR", "LRRR", "LPRR", "LLRR"]),
        (Flavour::CPrime, ["PRRR", "LRRR", "LRRR", "LPRR"]),
        (Flavour::D, ["PRRR", "LRRR", "LRRR", "LLRR"]),
    ];
    for (flavour, rows) in table {
        for (n, row) in rows.iter().enumerate() {
            for (m, want) in row.chars().enumerate() {
                let (mut s, start) = hack(presets::blue_meadow(n, m), flavour, W2);
                let got = s.outcome_by_search(&[start]).unwrap();
                assert_eq!(got.letter(), want, "{flavour} n={n} m={m}");
                if n + m <= 4 {
                    assert_eq!(s.outcome(&[start]).unwrap(), got, "{flavour} n={n} m={m}");
                }
            }
        }
    }
}

/// Blue Meadow values (n × BR + m × R, n, m ≤ 3) under `flavour` at
/// `width`, row by row.
fn meadow_values(flavour: Flavour, width: Width) -> Vec<Vec<String>> {
    use hackenbush_lab::quantum::table::{blue_meadow_table, TableKind};
    let cells = blue_meadow_table(
        0..=3,
        0..=3,
        Setting::new(flavour, width),
        TableKind::Value,
        &Budget::unlimited(),
        |_, _, _| {},
    )
    .unwrap();
    (0..=3)
        .map(|n| {
            cells
                .iter()
                .filter(|c| c.n == n)
                .map(|c| c.result.clone().unwrap())
                .collect()
        })
        .collect()
}

/// What §4.5 of the 2024 thesis says in words of its Table 4.3 (the
/// table itself is withheld): B, C′ and D seem to agree at unbounded
/// width, and B and C′ at width 2 but for 3 · H₂ (n = 3, m = 0); and
/// Theorem 4.6: no Blue Meadow value exceeds the classical n/2 − m, but
/// under A for one red edge alone ({−H₁} = 0 > −1).
///
/// Theorem 4.6 misses a second exception under A, which the thesis' own
/// outcome table shows (RULES.md §5: A, n = 2, m = 1 is L, where the
/// classical value is 0): 2 · BR + R is 1/4 at widths 2 and unbounded.
/// By hand (labels 1, 3 blue under the red 2, 4; 5 the red whole):
/// Left's only move is 1 + 3; whoever starts, her second 1 + 3 (after any
/// replies of Right's) leaves the red whole 5 alone in every realisation,
/// which Right cannot play under A (a lone label is never allowed), so
/// Right is the first without a move.
///
/// And what the random classroom drawings do not show: under D the width
/// matters. 1,600 random connected states of 3–7 edges had the same value
/// under D at widths 2, 3 and unbounded (every other flavour differed
/// somewhere), which suggests skipping D's wide moves; three blue halves
/// refute it (5/4 at width 2, 7/8 at unbounded width).
#[test]
fn blue_meadow_values_agree_with_section_4_5_and_width_matters_under_d() {
    let unbounded: Vec<_> = [Flavour::B, Flavour::CPrime, Flavour::D]
        .into_iter()
        .map(|f| meadow_values(f, Width::Unbounded))
        .collect();
    assert_eq!(unbounded[0], unbounded[1], "B and C' at unbounded width");
    assert_eq!(unbounded[0], unbounded[2], "B and D at unbounded width");
    let b2 = meadow_values(Flavour::B, W2);
    let c2 = meadow_values(Flavour::CPrime, W2);
    for n in 0..=3 {
        for m in 0..=3 {
            assert_eq!(
                b2[n][m] == c2[n][m],
                (n, m) != (3, 0),
                "B {} and C' {} at width 2, n={n} m={m}",
                b2[n][m],
                c2[n][m]
            );
        }
    }
    let mut arena = Arena::new();
    for f in Flavour::ALL {
        for w in [W2, Width::Unbounded] {
            let rows = meadow_values(f, w);
            for (n, row) in rows.iter().enumerate() {
                for (m, text) in row.iter().enumerate() {
                    let v = arena.parse(text).unwrap();
                    let classical = arena
                        .parse(&format!("{}/2", n as i64 - 2 * m as i64))
                        .unwrap();
                    let exception = f == Flavour::A && [(0, 1), (2, 1)].contains(&(n, m));
                    assert_eq!(
                        arena.le(v, classical),
                        !exception,
                        "{f} width {w} n={n} m={m}: {text}"
                    );
                }
            }
        }
    }
    assert_eq!(meadow_values(Flavour::D, W2)[3][0], "5/4");
    assert_eq!(unbounded[2][3][0], "7/8");
}

// ---------------------------------------------------------------------
// Single stalks (Theorems 4.4 and 4.5 of the 2024 thesis)
// ---------------------------------------------------------------------

/// Theorem 4.1's sign-expansion rule on a blue/red string, as a fraction.
fn sign_expansion(colours: &[Colour]) -> String {
    let Some(&first) = colours.first() else {
        return "0".into();
    };
    let sign = |c: Colour| if c == Colour::Blue { 1i64 } else { -1 };
    let run = colours.iter().take_while(|&&c| c == first).count();
    let scale = 1i64 << 20;
    let mut num = sign(first) * run as i64 * scale;
    for (j, &c) in colours[run..].iter().enumerate() {
        num += sign(c) * (scale >> (j + 1));
    }
    let mut den = scale;
    while den > 1 && num % 2 == 0 {
        num /= 2;
        den /= 2;
    }
    if den == 1 {
        num.to_string()
    } else {
        format!("{num}/{den}")
    }
}

fn without_first(colours: &[Colour], c: Colour) -> Vec<Colour> {
    let mut out = colours.to_vec();
    if let Some(i) = out.iter().position(|&x| x == c) {
        out.remove(i);
    }
    out
}

fn all_stalks(max_len: usize) -> Vec<Vec<Colour>> {
    let mut out = Vec::new();
    for len in 1..=max_len {
        for bits in 0u32..(1 << len) {
            out.push(
                (0..len)
                    .map(|i| {
                        if bits >> i & 1 == 0 {
                            Colour::Blue
                        } else {
                            Colour::Red
                        }
                    })
                    .collect(),
            );
        }
    }
    out
}

fn letters(c: &[Colour]) -> String {
    c.iter().map(|c| c.letter()).collect()
}

#[test]
fn single_stalks_follow_theorems_4_4_and_4_5() {
    for colours in all_stalks(8) {
        let text = letters(&colours);
        let classic = sign_expansion(&colours);
        // The rule itself, checked against the classical solver.
        let mut solver = Solver::new(Hackenbush::new(presets::stalk(&text)));
        let start = solver.rules.start();
        let v = solver.value(&start).unwrap();
        assert_eq!(solver.arena.plain(v), classic, "classical {text}");
        let a_rule = sign_expansion(&without_first(
            &without_first(&colours, Colour::Blue),
            Colour::Red,
        ));
        let widths: &[Width] = if colours.len() <= 6 {
            &[W2, Width::Unbounded]
        } else {
            &[W2]
        };
        for &w in widths {
            for f in [Flavour::B, Flavour::CPrime, Flavour::D] {
                let got = hack_value(presets::stalk(&text), f, w);
                assert_eq!(got, classic, "{f} width {w} stalk {text}");
            }
            let got = hack_value(presets::stalk(&text), Flavour::A, w);
            assert_eq!(got, a_rule, "A width {w} stalk {text}");
        }
    }
}

// ---------------------------------------------------------------------
// Circus tents (Theorems 5.3 and 5.4)
// ---------------------------------------------------------------------

#[test]
fn circus_tents() {
    for n in 2..=3 {
        for f in FLAVOURS {
            let want = match f {
                Flavour::C => "1",
                Flavour::CPrimeU => continue,
                _ => "1/2",
            };
            assert_eq!(
                hack_value(presets::circus_tent(n), f, W2),
                want,
                "{f} tent {n}"
            );
            if n == 2 {
                let got = hack_value(presets::circus_tent(n), f, Width::Unbounded);
                assert_eq!(got, want, "{f} tent {n} unbounded");
            }
        }
    }
}

// ---------------------------------------------------------------------
// Quantum Nim (Dorbec & Mhalla 2017)
// ---------------------------------------------------------------------

/// Lemmas 6–10: the value of a superposition of single heaps.
fn lemma_value(f: Flavour, heaps: &BTreeSet<u32>) -> Option<String> {
    let k = *heaps.iter().max()? as i64;
    let has = |h: i64| h >= 0 && heaps.contains(&(h as u32));
    Some(match f {
        Flavour::A => nimber((k - 1).max(0)),
        Flavour::B => match k {
            0 => nimber(0),
            1 => nimber(1),
            2 => nimber(0),
            _ => nimber(k - 1),
        },
        Flavour::D => nimber(k),
        Flavour::C => {
            if heaps.len() == 1 {
                nimber(k)
            } else {
                nimber((k - 1).max(0))
            }
        }
        Flavour::CPrime => {
            let rest: BTreeSet<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
            if k == 2 && has(1) && rest.len() == 2 {
                nimber(0)
            } else if k == 1 {
                nimber(1)
            } else if k >= 1 && has(k - 1) {
                nimber(k - 1)
            } else {
                nimber(k)
            }
        }
        Flavour::CPrimeU => return None,
    })
}

#[test]
fn quantum_nim_single_heaps_follow_lemmas_6_to_10() {
    for f in FLAVOURS {
        // Classical starts {Nim(k)}, both labellings, widths 2 and unbounded.
        for k in 0..=8u32 {
            let Some(want) = lemma_value(f, &[k].into()) else {
                continue;
            };
            for labels in [NimLabels::Subtract, NimLabels::Cut] {
                for w in [W2, Width::Unbounded] {
                    assert_eq!(
                        nim_value(&[k], labels, f, w),
                        want,
                        "{f} {labels:?} width {w} heap {k}"
                    );
                }
            }
        }
        // Every superposition of single heaps up to 7 (subtract labels,
        // the labelling the lemmas are stated in).
        for set in 1u32..(1 << 8) {
            let heaps: BTreeSet<u32> = (0..8).filter(|h| set >> h & 1 == 1).collect();
            let Some(want) = lemma_value(f, &heaps) else {
                continue;
            };
            let state: Vec<Vec<u32>> = heaps.iter().map(|&h| vec![h]).collect();
            let got = nim_state_value(&state, NimLabels::Subtract, f, Width::Unbounded);
            assert_eq!(got, want, "{f} {heaps:?}");
        }
    }
}

#[test]
fn nim_1_1_1_under_a_depends_on_width() {
    assert_eq!(
        nim_value(&[1, 1, 1], NimLabels::Subtract, Flavour::A, W2),
        "0"
    );
    assert_eq!(
        nim_value(
            &[1, 1, 1],
            NimLabels::Subtract,
            Flavour::A,
            Width::Unbounded
        ),
        "*"
    );
    // The intermediate states of the 2017 paper's argument.
    let s = [vec![1, 0, 1], vec![0, 1, 1]];
    assert_eq!(
        nim_state_value(&s, NimLabels::Subtract, Flavour::A, W2),
        "*2"
    );
}

fn nim_outcome(heaps: &[u32], f: Flavour) -> Outcome {
    let mut s = QuantumSolver::new(
        Nim {
            labels: NimLabels::Subtract,
        },
        &heaps.to_vec(),
        Setting::new(f, W2),
    );
    s.outcome_by_search(&[heaps.to_vec()]).unwrap()
}

#[test]
fn nim_2_2_example_4() {
    assert_eq!(nim_outcome(&[2, 2], Flavour::D), Outcome::N);
    assert_eq!(nim_outcome(&[2, 2], Flavour::CPrime), Outcome::P);
}

#[test]
fn lemma_11_two_superposed_single_heaps_under_a() {
    for i in 1..=5u32 {
        for j in 1..=5u32 {
            let want = nimber(i.max(j) as i64 - 1 + i64::from(i == j));
            let state = [vec![i, 0], vec![0, j]];
            for w in [W2, Width::Unbounded] {
                let got = nim_state_value(&state, NimLabels::Subtract, Flavour::A, w);
                assert_eq!(got, want, "i={i} j={j} width {w}");
            }
        }
    }
}

// ---------------------------------------------------------------------
// The fast engine against the naive definition
// ---------------------------------------------------------------------

/// Small random positions (≤ 7 edges), all colours, some uncoloured.
fn random_positions(count: u64) -> Vec<Position> {
    (0..count)
        .map(|seed| {
            let edges = 1 + (seed % 7) as usize;
            let palette: &[Colour] = if seed % 5 == 4 {
                &[Colour::Blue, Colour::Red, Colour::Green, Colour::Uncoloured]
            } else {
                &[Colour::Blue, Colour::Red, Colour::Green]
            };
            presets::random(seed * 7919 + 13, edges, palette)
        })
        .collect()
}

const WIDTHS: [Width; 3] = [Width::Limited(2), Width::Limited(3), Width::Unbounded];

/// A width for the k-th case: wide moves only on small positions, since
/// the naive reference (and C, C' with no covering) grows fast with width.
fn width_for(edges: usize, k: usize) -> Width {
    match (k % 3, edges) {
        (2, e) if e <= 5 => Width::Unbounded,
        (1, e) | (2, e) if e <= 5 => Width::Limited(3),
        _ => W2,
    }
}

#[test]
fn fast_engine_matches_naive_definition_on_random_positions() {
    let positions = random_positions(240);
    for (k, p) in positions.iter().enumerate() {
        // Spread the settings over the positions to keep the run short,
        // while every position meets several flavours and widths.
        // Half the flavours per position, alternating, so every flavour
        // meets every size and width while the run stays short.
        for (j, f) in FLAVOURS
            .iter()
            .enumerate()
            .filter(|(j, _)| (k + j) % 2 == 0)
        {
            let w = width_for(p.edge_count(), k + j / 2);
            let naive_base = NaiveHackenbush(p.clone());
            let mut naive = Naive::new(&naive_base, *f, w);
            let start = Hackenbush::new(p.clone()).start();
            let want = naive.plain(&[start]);
            let (mut fast, start) = hack(p.clone(), *f, w);
            let v = fast.value_of_start(&start).unwrap();
            assert_same(&mut fast.arena, v, &want, &format!("{f} width {w} {p:?}"));
            let o = fast.outcome_by_search(&[start]).unwrap();
            assert_eq!(o, fast.arena.outcome(v), "outcome {f} width {w} {p:?}");
        }
    }
}

/// Play `steps` random allowed moves (alternating from a random player)
/// from the classical start; the exact superposed state reached.
fn random_walk(base: &Hackenbush, setting: Setting, seed: u64, steps: usize) -> Vec<EdgeSet> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut state = vec![base.start()];
    let mut p = if next() % 2 == 0 {
        Player::Left
    } else {
        Player::Right
    };
    for _ in 0..steps {
        let moves = hackenbush_lab::quantum::allowed_moves(base, &state, p, setting);
        if moves.is_empty() {
            break;
        }
        let mv = &moves[(next() % moves.len() as u64) as usize];
        state = apply_move(base, &state, p, mv);
        p = p.opponent();
    }
    state
}

#[test]
fn fast_engine_matches_naive_definition_on_superposed_states() {
    let positions = random_positions(120);
    for (k, p) in positions.iter().enumerate() {
        let f = FLAVOURS[k % 6];
        let w = width_for(p.edge_count(), k / 6);
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let state = random_walk(&base, setting, k as u64, 1 + k % 3);
        let naive_base = NaiveHackenbush(p.clone());
        let want = Naive::new(&naive_base, f, w).plain(&state);
        let mut fast = QuantumSolver::new(base.clone(), &base.start(), setting);
        let v = fast.value(&state).unwrap();
        assert_same(
            &mut fast.arena,
            v,
            &want,
            &format!("{f} width {w} {p:?} {state:?}"),
        );
        // The generic solver over the quantum ruleset agrees too.
        let rules = Quantum::new(base.clone(), setting);
        let mut generic = Solver::new(rules);
        let g = generic.value(&state).unwrap();
        assert_same(
            &mut generic.arena,
            g,
            &want,
            &format!("generic {f} width {w} {p:?}"),
        );
    }
}

/// The bounds the outcome search decides from (`quantum/solver/run_bounds.rs`):
/// every superposed state G satisfies t_L − M_R ≤ G ≤ M_L − t_R, where M_p
/// is the largest [`QuantumBase::run_bound`] of p over its realisations
/// and t_p the fewest [`QuantumBase::immune_labels`] of p on any of them
/// (one fewer under A and B); and −W_R − 1 < G < W_L + 1 with W the
/// greatest [`QuantumBase::blocked_run_bound`] (every flavour), or U the
/// greatest [`QuantumBase::unopposed_run_bound`] (all but A and C).
/// Checked against the naive definition on random states of every
/// flavour and width, on drawings with edges at the ground; each bound
/// must also be met with equality now and then, or need its margin, so
/// that a bound one too tight would fail.
#[test]
fn values_lie_within_the_players_runs_tempo_moves_and_unopposed_runs() {
    let mut positions = random_positions(150);
    // Stalks and sprigs from the ground: immune edges on every realisation.
    for seed in 0..60u64 {
        let p = presets::random(
            seed * 31 + 7,
            2 + (seed % 5) as usize,
            &[Colour::Blue, Colour::Red, Colour::Green],
        );
        let extra: String = (0..1 + seed % 3)
            .map(|k| if (seed + k) % 2 == 0 { " B" } else { " R" })
            .collect();
        positions.push(format!("{p}{extra}").parse::<Position>().unwrap());
    }
    let (mut tight_low, mut tight_high, mut with_tempo, mut needed_one) = (0, 0, 0, 0);
    for (k, p) in positions.iter().enumerate() {
        let f = FLAVOURS[k % 6];
        let w = width_for(p.edge_count(), k / 6);
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let state = random_walk(&base, setting, k as u64 + 500, k % 4);
        let naive_base = NaiveHackenbush(p.clone());
        let mut naive = Naive::new(&naive_base, f, w);
        let v = naive.value(&state);
        let most = |q: Player| greatest(&state, |r| base.run_bound(r, q));
        let tempo = |q: Player| {
            let t = state
                .iter()
                .map(|r| base.immune_labels(r, q))
                .min()
                .unwrap_or(0);
            let t = i64::try_from(t).unwrap();
            match f {
                Flavour::A | Flavour::B => (t - 1).max(0),
                _ => t,
            }
        };
        let (l, r) = (Player::Left, Player::Right);
        if tempo(l) + tempo(r) > 0 {
            with_tempo += 1;
        }
        let arena = &mut naive.arena;
        let low = arena.integer(tempo(l) - most(r));
        let high = arena.integer(most(l) - tempo(r));
        let at = format!("{f} width {w} {p:?} {state:?}: {}", arena.plain(v));
        assert!(
            arena.le(v, high),
            "above Left's runs and Right's tempo: {at}"
        );
        assert!(
            arena.le(low, v),
            "below Right's runs and Left's tempo: {at}"
        );
        tight_low += usize::from(v == low && tempo(l) > 0);
        tight_high += usize::from(v == high && tempo(r) > 0);
        // Under every flavour, the blocked runs bound the value; under
        // all but A and C the unopposed runs do.
        let (below, above) = alone_bounds(arena, &base, &state, v, Alone::Blocked);
        assert!(below && above, "beyond the blocked runs: {at}");
        if never_blocked(f) {
            let (below, above) = alone_bounds(arena, &base, &state, v, Alone::Unopposed);
            assert!(below && above, "beyond the unopposed runs: {at}");
            needed_one += usize::from(needs_margin(arena, &base, &state, v, Alone::Unopposed));
        }
    }
    assert!(with_tempo >= 60, "{with_tempo} states had tempo moves");
    assert!(
        tight_low >= 5 && tight_high >= 5,
        "bounds with tempo met {tight_low} and {tight_high} times"
    );
    assert!(
        needed_one >= 5,
        "the margin of the unopposed runs was needed {needed_one} times"
    );
    // Under A and C a lone label can be refused, and the unopposed runs
    // fail to bound the value; the blocked runs still do, and need their
    // margin now and then (about one state in a hundred).
    for f in [Flavour::A, Flavour::C] {
        let (mut beyond_unopposed, mut needed_one_blocked) = (0, 0);
        for (k, p) in random_positions(1500).into_iter().enumerate() {
            let w = width_for(p.edge_count(), k);
            let base = Hackenbush::new(p.clone());
            let state = random_walk(&base, Setting::new(f, w), k as u64 + 900, k % 4);
            let naive_base = NaiveHackenbush(p.clone());
            let mut naive = Naive::new(&naive_base, f, w);
            let v = naive.value(&state);
            let arena = &mut naive.arena;
            let at = format!("{f} width {w} {p:?} {state:?}: {}", arena.plain(v));
            let (below, above) = alone_bounds(arena, &base, &state, v, Alone::Blocked);
            assert!(below && above, "beyond the blocked runs: {at}");
            let (below, above) = alone_bounds(arena, &base, &state, v, Alone::Unopposed);
            beyond_unopposed += usize::from(!(below && above));
            needed_one_blocked +=
                usize::from(needs_margin(arena, &base, &state, v, Alone::Blocked));
        }
        assert!(
            beyond_unopposed > 0,
            "no state under {f} lies beyond its unopposed runs"
        );
        assert!(
            needed_one_blocked >= 5,
            "under {f} the margin of the blocked runs was needed {needed_one_blocked} times"
        );
    }
}

/// Whether a player with a legal label always has an allowed move
/// (`run_bounds.rs`: the flavours the unopposed runs bound).
fn never_blocked(f: Flavour) -> bool {
    !matches!(f, Flavour::A | Flavour::C)
}

/// Which count bounds a player's moves once the opponent is short of
/// labels (`run_bounds.rs`).
#[derive(Clone, Copy)]
enum Alone {
    /// The opponent has none: `unopposed_run_bound`.
    Unopposed,
    /// The opponent has at most one: `blocked_run_bound`.
    Blocked,
}

/// The greatest such run of `q` over the state's realisations.
fn alone_run(base: &Hackenbush, state: &[EdgeSet], q: Player, alone: Alone) -> i64 {
    greatest(state, |r| match alone {
        Alone::Unopposed => base.unopposed_run_bound(r, q),
        Alone::Blocked => base.blocked_run_bound(r, q),
    })
}

/// The greatest count over the state's realisations (0 for none).
fn greatest(state: &[EdgeSet], count: impl Fn(&EdgeSet) -> u64) -> i64 {
    let most = state.iter().map(count).max().unwrap_or(0);
    i64::try_from(most).unwrap()
}

/// Whether the "+ 1" of the runs of kind `alone` is needed: v does not
/// lie within −U_R ≤ v ≤ U_L, U the greatest such runs.
fn needs_margin(
    arena: &mut Arena,
    base: &Hackenbush,
    state: &[EdgeSet],
    v: GameId,
    alone: Alone,
) -> bool {
    let low = arena.integer(-alone_run(base, state, Player::Right, alone));
    let high = arena.integer(alone_run(base, state, Player::Left, alone));
    !arena.le(low, v) || !arena.le(v, high)
}

/// Whether −U_R − 1 < v and v < U_L + 1 (strictly), U the greatest
/// runs of kind `alone`.
fn alone_bounds(
    arena: &mut Arena,
    base: &Hackenbush,
    state: &[EdgeSet],
    v: GameId,
    alone: Alone,
) -> (bool, bool) {
    let low = arena.integer(-alone_run(base, state, Player::Right, alone) - 1);
    let high = arena.integer(alone_run(base, state, Player::Left, alone) + 1);
    let below = arena.le(low, v) && !arena.le(v, low);
    let above = arena.le(v, high) && !arena.le(high, v);
    (below, above)
}

#[test]
fn fast_engine_matches_naive_definition_on_quantum_nim() {
    for f in FLAVOURS {
        for labels in [NimLabels::Subtract, NimLabels::Cut] {
            for heaps in [
                vec![1, 1, 1],
                vec![2, 1],
                vec![2, 2],
                vec![3, 1],
                vec![2, 1, 1],
            ] {
                for w in WIDTHS {
                    let naive_base = NaiveNim(labels);
                    let want = Naive::new(&naive_base, f, w).plain(std::slice::from_ref(&heaps));
                    let mut s = QuantumSolver::new(Nim { labels }, &heaps, Setting::new(f, w));
                    let v = s.value(std::slice::from_ref(&heaps)).unwrap();
                    assert_same(
                        &mut s.arena,
                        v,
                        &want,
                        &format!("{f} {labels:?} {w} {heaps:?}"),
                    );
                }
            }
        }
    }
}

/// Superposed Nim states against the definition, valued by a solver
/// started at the heaps' maximum (every realisation below it, so covering
/// is tested on words) and by one started at the state's first
/// realisation (others past it: the solver drops the words when it meets
/// one, and tests covering on the states). Random states of 2–4
/// realisations of heaps up to 2, 2, 1, every flavour and width.
#[test]
fn superposed_nim_states_match_the_definition_with_and_without_words() {
    let top = [2u32, 2, 1];
    let mut rng = hackenbush_lab::rng::SplitMix64::new(31);
    for round in 0..24 {
        let labels = [NimLabels::Subtract, NimLabels::Cut][round % 2];
        let size = 2 + rng.below(3);
        let state: Vec<Vec<u32>> = (0..size)
            .map(|_| {
                top.iter()
                    .map(|&h| rng.below(h as usize + 1) as u32)
                    .collect()
            })
            .collect();
        let max: Vec<u32> = (0..top.len())
            .map(|i| state.iter().map(|r| r[i]).max().unwrap_or(0))
            .collect();
        for f in FLAVOURS {
            for w in WIDTHS {
                let want = Naive::new(&NaiveNim(labels), f, w).plain(&state);
                for start in [&max, &state[0]] {
                    let mut s = QuantumSolver::new(Nim { labels }, start, Setting::new(f, w));
                    let v = s.value(&state).unwrap();
                    let context = format!("{f} {labels:?} {w} {state:?} from {start:?}");
                    assert_same(&mut s.arena, v, &want, &context);
                }
            }
        }
    }
}

/// Identical components make the symmetry reduction do real work; the
/// reduced engine must agree with the unreduced one.
#[test]
fn symmetry_and_covering_agree_with_unreduced_engine() {
    let texts = [
        "BR BR R R",
        "G G BR BR",
        "BRG BRG R",
        "BR BR BR R",
        "GB GB RG",
    ];
    for text in texts {
        let p: Position = text.parse().unwrap();
        for f in FLAVOURS {
            let widths: &[Width] = if p.edge_count() <= 5 {
                &[W2, Width::Unbounded]
            } else {
                &[W2]
            };
            for &w in widths {
                let base = Hackenbush::new(p.clone());
                let start = base.start();
                let setting = Setting::new(f, w);
                let mut plain = QuantumSolver::with_reductions(
                    base.clone(),
                    &start,
                    setting,
                    Reductions::none(),
                );
                let mut reduced = QuantumSolver::new(base, &start, setting);
                let a = plain.value_of_start(&start).unwrap();
                let b = reduced.value_of_start(&start).unwrap();
                let want = plain.arena.plain(a);
                assert_same(&mut reduced.arena, b, &want, &format!("{f} {w} {text}"));
            }
        }
    }
}

/// A random sum of repeated small stalks (1–3 copies each of up to three
/// random blue/red/green stalks of 1–2 edges, at most `max_edges` edges in
/// all): identical components give the symmetry reductions (orbit
/// representatives, one move per orbit of twin
/// blocks) real work, unlike most random graphs.
fn random_symmetric_position(seed: u64, max_edges: usize) -> Position {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = |k: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % k
    };
    let mut terms: Vec<String> = Vec::new();
    let mut edges = 0;
    for _ in 0..1 + next(3) {
        let stalk: String = (0..1 + next(2))
            .map(|_| ['B', 'R', 'G'][next(3) as usize])
            .collect();
        for _ in 0..1 + next(3) {
            if edges + stalk.len() > max_edges {
                break;
            }
            edges += stalk.len();
            terms.push(stalk.clone());
        }
    }
    if terms.is_empty() {
        terms.push("B".into());
    }
    terms.join(" ").parse().unwrap()
}

/// The reduced engine (every reduction, and each symmetry reduction
/// alone) against the naive definition on random sums of identical
/// components, every flavour, widths 2, 3 and unbounded, at the classical
/// start and at random reachable superposed states.
#[test]
fn reductions_agree_with_naive_definition_on_symmetric_positions() {
    let alone = [
        Reductions::all(),
        Reductions {
            twin_moves: true,
            ..Reductions::none()
        },
        Reductions {
            symmetry: true,
            ..Reductions::none()
        },
    ];
    let mut twins_seen = 0;
    for k in 0..90u64 {
        let f = FLAVOURS[k as usize % 6];
        let w = WIDTHS[(k / 6) as usize % 3];
        let max_edges = if w == W2 { 7 } else { 5 };
        let p = random_symmetric_position(k, max_edges);
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        let setting = Setting::new(f, w);
        let mut states = vec![vec![start]];
        for walk in 0..3 {
            states.push(random_walk(
                &base,
                setting,
                k * 31 + walk,
                1 + walk as usize,
            ));
        }
        let naive_base = NaiveHackenbush(p.clone());
        let mut naive = Naive::new(&naive_base, f, w);
        for (r, reductions) in alone.into_iter().enumerate() {
            let mut fast =
                QuantumSolver::with_reductions(base.clone(), &start, setting, reductions);
            for state in &states {
                let want = naive.plain(state);
                let v = fast.value(state).unwrap();
                let context = format!("{f} width {w} {p:?} reductions #{r} {state:?}");
                assert_same(&mut fast.arena, v, &want, &context);
                let o = fast.outcome_by_search(state).unwrap();
                assert_eq!(o, fast.arena.outcome(v), "outcome, {context}");
            }
        }
        if !base.symmetry(&start).is_trivial() {
            twins_seen += 1;
        }
    }
    // Most cases have interchangeable components (so the test can fail).
    assert!(twins_seen > 60, "{twins_seen}");
}

// ---------------------------------------------------------------------
// Values found by comparing with numbers (outcome searches only)
// ---------------------------------------------------------------------

/// `number_value` on one state against the value from the options (each
/// in its own solver, so no memo is shared): the same number when the
/// value is one, `None` when it is not. Returns whether it was a number.
fn check_number_value<B: QuantumBase + Clone>(
    base: &B,
    start: &B::State,
    setting: Setting,
    state: &[B::State],
    context: &str,
) -> bool {
    let mut by_options = QuantumSolver::new(base.clone(), start, setting);
    let v = by_options.value(state).unwrap();
    let mut by_comparison = QuantumSolver::new(base.clone(), start, setting);
    let x = by_comparison.number_value(state, 0).unwrap();
    let want = by_options.arena.as_number(v).cloned();
    assert_eq!(
        x,
        want,
        "{context}: value {}, by comparison {x:?}",
        by_options.arena.plain(v)
    );
    // A solver trying numbers first gives the same value and best moves
    // (found by outcome searches when some move wins).
    by_comparison.try_numbers_first(true);
    let w = by_comparison.value(state).unwrap();
    assert_eq!(
        by_comparison.arena.plain(w),
        by_options.arena.plain(v),
        "{context}"
    );
    // So does a solver valuing by probes (numbers and numbers plus
    // nimbers by outcome searches, options that cannot be best dropped by
    // one outcome search each), in a solver of its own.
    let mut probing = QuantumSolver::new(base.clone(), start, setting);
    probing.probe_values(true);
    let u = probing.value(state).unwrap();
    let want_plain = by_options.arena.plain(v);
    assert_same(
        &mut probing.arena,
        u,
        &want_plain,
        &format!("{context}: by probes"),
    );
    for p in Player::BOTH {
        let want = by_options.best_moves(state, p).unwrap();
        assert_eq!(
            by_comparison.best_moves(state, p).unwrap(),
            want,
            "{context} {p:?}"
        );
        assert_eq!(
            probing.best_moves(state, p).unwrap(),
            want,
            "{context} {p:?} by probes"
        );
    }
    want.is_some()
}

/// Random positions of every colour (so many values are not numbers) and
/// random reachable superposed states, every flavour, widths 2, 3 and
/// unbounded.
#[test]
fn values_by_comparison_match_values_by_options_on_random_states() {
    let (mut numbers, mut others) = (0, 0);
    for (k, p) in random_positions(150).iter().enumerate() {
        let f = FLAVOURS[k % 6];
        let w = width_for(p.edge_count(), k / 6);
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        for walk in 0..3 {
            let state = random_walk(&base, setting, k as u64 * 7 + walk, walk as usize);
            let context = format!("{f} width {w} {p:?} {state:?}");
            if check_number_value(&base, &start, setting, &state, &context) {
                numbers += 1;
            } else {
                others += 1;
            }
            // And against the naive definition itself.
            let naive_base = NaiveHackenbush(p.clone());
            let want = Naive::new(&naive_base, f, w).plain(&state);
            let mut numbers_first = QuantumSolver::new(base.clone(), &start, setting);
            numbers_first.try_numbers_first(true);
            let v = numbers_first.value(&state).unwrap();
            assert_same(&mut numbers_first.arena, v, &want, &context);
        }
    }
    // Both answers occur often (so the test can fail either way).
    assert!(
        numbers > 100 && others > 50,
        "{numbers} numbers, {others} others"
    );
}

/// Sums of identical stalks (symmetry and twin reductions at work) and
/// quantum Nim, whose values are mostly nimbers.
#[test]
fn values_by_comparison_match_on_symmetric_positions_and_nim() {
    let mut others = 0;
    for k in 0..60u64 {
        let f = FLAVOURS[k as usize % 6];
        let w = WIDTHS[(k / 6) as usize % 3];
        let p = random_symmetric_position(k, if w == W2 { 7 } else { 5 });
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        let state = random_walk(&base, setting, k, (k % 3) as usize);
        let context = format!("{f} width {w} {p:?} {state:?}");
        if !check_number_value(&base, &start, setting, &state, &context) {
            others += 1;
        }
    }
    for f in FLAVOURS {
        for heaps in [
            vec![1, 1],
            vec![2, 1],
            vec![2, 2],
            vec![3, 1],
            vec![2, 1, 1],
        ] {
            for w in WIDTHS {
                let base = Nim {
                    labels: NimLabels::Subtract,
                };
                let context = format!("{f} {w} {heaps:?}");
                let state = std::slice::from_ref(&heaps);
                if !check_number_value(&base, &heaps, Setting::new(f, w), state, &context) {
                    others += 1;
                }
            }
        }
    }
    assert!(others > 40, "{others}");
}

/// A joint solver compares each of its flavours under that flavour's own
/// moves, and `values` trying numbers first gives what it gives without, on Blue
/// Meadow (numbers) and on positions with green edges (mostly not).
#[test]
fn joint_values_by_comparison_match_values_by_options() {
    for text in [
        "BR BR R",
        "BR BR BR R R",
        "BR R R",
        "BRG R",
        "G BR GB",
        "BR G",
    ] {
        let p: Position = text.parse().unwrap();
        for family in [
            [Flavour::A, Flavour::B, Flavour::D],
            [Flavour::C, Flavour::CPrime, Flavour::CPrimeU],
        ] {
            for w in [W2, Width::Unbounded] {
                let base = Hackenbush::new(p.clone());
                let start = base.start();
                let setting = Setting::new(family[0], w);
                let joint = || QuantumSolver::jointly(base.clone(), &start, setting, &family);
                let mut by_options = joint().unwrap();
                let want = by_options.values(&[start]).unwrap();
                let mut by_comparison = joint().unwrap();
                by_comparison.try_numbers_first(true);
                let got = by_comparison.values(&[start]).unwrap();
                for k in 0..3 {
                    let context = format!("{} {w} {text}", family[k]);
                    let plain = by_options.arena.plain(want[k]);
                    assert_same(&mut by_comparison.arena, got[k], &plain, &context);
                    let x = by_comparison.number_value(&[start], k).unwrap();
                    assert_eq!(x.as_ref(), by_options.arena.as_number(want[k]), "{context}");
                }
            }
        }
    }
}

// ---------------------------------------------------------------------
// Play: game record, refusals in words
// ---------------------------------------------------------------------

#[test]
fn game_record_plays_takes_back_and_explains_refusals() {
    let p: Position = "BR BR R".parse().unwrap();
    let base = Hackenbush::new(p);
    let start = base.start();
    let mut game = QuantumGame::new(base, start, Setting::new(Flavour::C, W2));
    // Red edge 2 is Right's, not Left's.
    let e = game.play_text(Player::Left, "2").unwrap_err();
    assert_eq!(e, "edge 2 is not Left's to cut in any realisation");
    let e = game.play_text(Player::Left, "1,3,4").unwrap_err();
    assert_eq!(e, "width 2: a superposed move has at most 2 edges");
    let e = game.play_text(Player::Left, "9").unwrap_err();
    assert!(e.contains("no edge 9"), "{e}");
    game.play_text(Player::Left, "1,3").unwrap();
    assert_eq!(game.state().len(), 2);
    // Edge 4 (blue of the second stalk) ... is edge 3; edge 4 is its red.
    let e = game.play_text(Player::Right, "4").unwrap_err();
    assert_eq!(e, "flavour C: edge 4 is missing from 1 of 2 realisations");
    game.play_text(Player::Right, "5").unwrap();
    assert_eq!(game.history().len(), 2);
    assert!(!game.is_present(&4)); // edge 5 (index 4) is gone everywhere
    assert!(game.is_present(&0));
    assert!(game.takeback());
    assert!(game.is_present(&4));
    assert!(game.takeback());
    assert!(!game.takeback());
    assert_eq!(game.state()[..], [start]);
    let mut a = QuantumGame::new(
        Hackenbush::new("BR".parse().unwrap()),
        EdgeSet::first(2),
        Setting::new(Flavour::A, W2),
    );
    let e = a.play_text(Player::Left, "1").unwrap_err();
    assert_eq!(e, "flavour A: unsuperposed moves are never allowed");
}

// ---------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------

fn cli(args: &[&str]) -> Result<String, String> {
    let mut out = Vec::new();
    let argv = std::iter::once("hackenbush").chain(args.iter().copied());
    hackenbush_lab::cli::run(argv, &mut out).map_err(|e| {
        assert_eq!(e.exit_code(), 2);
        e.to_string()
    })?;
    Ok(String::from_utf8(out).expect("UTF-8 output"))
}

#[test]
fn cli_quantum_value_and_table() {
    let v = |a: &[&str]| cli(a).unwrap();
    assert_eq!(
        v(&["value", "--rules", "quantum", "--flavour", "A", "nim:1,1,1"]),
        "0\n"
    );
    assert_eq!(
        v(&[
            "value",
            "--rules",
            "quantum",
            "--flavour",
            "A",
            "--width",
            "unbounded",
            "nim:1,1,1"
        ]),
        "*\n"
    );
    assert_eq!(
        v(&[
            "value",
            "--rules",
            "quantum",
            "--flavour",
            "C",
            "0-1:B 1-3:R 0-2:B 2-3:R"
        ]),
        "1\n"
    );
    let json = v(&[
        "value",
        "--rules",
        "quantum",
        "--json",
        "--flavour",
        "D",
        "nim:2,2",
    ]);
    assert!(
        json.contains("\"outcome\":\"N\"") && json.contains("\"birthday\""),
        "{json}"
    );
    let cut = v(&[
        "value",
        "--rules",
        "quantum",
        "--labels",
        "cut",
        "--flavour",
        "A",
        "nim:4",
    ]);
    assert_eq!(cut, "*3\n");
    for bad in [
        &["value", "--rules", "quantum", "--width", "1", "BR"][..],
        &["value", "--rules", "quantum", "--labels", "cut", "BR"],
        &["value", "--rules", "quantum", "--flavour", "E", "BR"],
        &["value", "--rules", "quantum", "BQ"],
        &["table", "--n", "3..1"],
        &["table", "--bogus"],
    ] {
        let e = cli(bad).unwrap_err();
        assert!(!e.contains('\n') && !e.is_empty(), "{bad:?}: {e}");
    }
    let table = v(&[
        "table",
        "--quiet",
        "--flavour",
        "C'",
        "--n",
        "0..3",
        "--m",
        "0..3",
    ]);
    assert!(table.contains("| 3 | L | P | R | R |"), "{table}");
    let csv = v(&[
        "table",
        "--quiet",
        "--csv",
        "--values",
        "--flavour",
        "D",
        "--n",
        "1",
        "--m",
        "0..1",
    ]);
    assert_eq!(csv, "n,m=0,m=1\n1,\"1/2\",\"-1/2\"\n");
}

/// The parallel table runner returns every cell once, in row order, with
/// the same text as solving the cells one by one.
#[test]
fn parallel_table_matches_single_cells() {
    use hackenbush_lab::quantum::table::{blue_meadow_cell, blue_meadow_table, TableKind};
    let budget = Budget::unlimited();
    for flavour in [Flavour::A, Flavour::C] {
        let setting = Setting::new(flavour, W2);
        let cells = blue_meadow_table(
            0..=2,
            0..=3,
            setting,
            TableKind::Value,
            &budget,
            |_, _, _| {},
        )
        .unwrap();
        let order: Vec<(usize, usize)> = cells.iter().map(|c| (c.n, c.m)).collect();
        let expected: Vec<(usize, usize)> =
            (0..=2).flat_map(|n| (0..=3).map(move |m| (n, m))).collect();
        assert_eq!(order, expected);
        for c in &cells {
            let one = blue_meadow_cell(c.n, c.m, setting, TableKind::Value, &budget).unwrap();
            assert!(c.result.is_ok(), "n={} m={}", c.n, c.m);
            assert_eq!(c.result, one.result, "n={} m={}", c.n, c.m);
        }
    }
    // Every cell gave its bytes back.
    assert_eq!(budget.used(), 0);
}

// ---------------------------------------------------------------------
// Budgets: every search stops cleanly within its memory and time
// ---------------------------------------------------------------------

fn quantum_solver(
    text: &str,
    setting: Setting,
    budget: &Budget,
) -> (QuantumSolver<Hackenbush>, EdgeSet) {
    let base = Hackenbush::new(text.parse().unwrap());
    let start = base.start();
    (
        QuantumSolver::with_budget(base, &start, setting, budget),
        start,
    )
}

#[test]
fn a_tiny_budget_stops_the_search_with_a_memory_error() {
    let tiny = ByteSize(256 << 10);
    let budget = Budget::new(tiny, None);
    for (text, f) in [
        ("BRBRBR BRBRBR GGG", Flavour::D),
        ("BR BR BR BR R R", Flavour::C),
    ] {
        let (mut s, start) = quantum_solver(text, Setting::new(f, W2), &budget);
        assert_eq!(
            s.value_of_start(&start),
            Err(Exceeded::Memory(tiny)),
            "{text}"
        );
    }
    // Best moves are budgeted too; so is the outcome search, whose tables
    // stay small here: the realisation index of 15 edges (128 KiB) alone
    // exceeds 64 KiB.
    let setting = Setting::new(Flavour::D, W2);
    let small = Budget::new(ByteSize(64 << 10), None);
    let (mut s, start) = quantum_solver("BRBRBR BRBRBR GGG", setting, &small);
    assert_eq!(
        s.outcome_by_search(&[start]),
        Err(Exceeded::Memory(ByteSize(64 << 10)))
    );
    let (mut s, start) = quantum_solver("BRBRBR BRBRBR GGG", setting, &budget);
    assert_eq!(
        s.best_moves(&[start], Player::Right),
        Err(Exceeded::Memory(tiny))
    );
    drop(s);
    // Every solver gave its bytes back.
    assert_eq!(budget.used(), 0);
}

#[test]
fn values_under_a_budget_are_the_values_without_one() {
    let budget = Budget::default();
    for (k, p) in random_positions(60).into_iter().enumerate() {
        let f = FLAVOURS[k % 6];
        let w = width_for(p.edge_count(), k);
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let state = random_walk(&base, setting, k as u64, k % 3);
        let mut free = QuantumSolver::new(base.clone(), &base.start(), setting);
        let mut held = QuantumSolver::with_budget(base.clone(), &base.start(), setting, &budget);
        let a = free.value(&state).unwrap();
        let b = held.value(&state).unwrap();
        let want = free.arena.plain(a);
        assert_same(&mut held.arena, b, &want, &format!("{f} {w} {p:?}"));
        assert_eq!(
            held.outcome_by_search(&state).unwrap(),
            free.outcome_by_search(&state).unwrap()
        );
        let best = |s: &mut QuantumSolver<Hackenbush>| s.best_moves(&state, Player::Left).unwrap();
        assert_eq!(best(&mut held), best(&mut free));
    }
    // A moderate position is charged (its tables pass the reporting
    // grain), and the bytes come back when the solver goes.
    let (mut s, start) = quantum_solver("BRBR BRB GG R", Setting::new(Flavour::D, W2), &budget);
    s.value_of_start(&start).unwrap();
    assert!(budget.used() > 1 << 20, "{}", budget.used());
    assert_eq!(budget.used(), s.charged_bytes());
    drop(s);
    assert_eq!(budget.used(), 0);
}

/// `--width unbounded` on 12 edges searches for minutes; a deadline
/// stops it within a fraction of a second of passing.
#[test]
fn a_deadline_stops_an_unbounded_width_search_promptly() {
    let limit = Timeout { millis: 300 };
    for text in ["BRG BRG BRG BRG", "BR BR BR BR BR BR"] {
        let budget = Budget::new(ByteSize::gib(2), Some(limit));
        let clock = std::time::Instant::now();
        let (mut s, start) =
            quantum_solver(text, Setting::new(Flavour::C, Width::Unbounded), &budget);
        let r = s.value_of_start(&start);
        let took = clock.elapsed().as_secs_f64();
        assert_eq!(r, Err(Exceeded::Time(limit)), "{text}");
        assert!(took < 1.5, "{text}: stopped after {took:.2}s");
    }
}

/// nim:64,64 at unbounded width: a player's options are the subsets of
/// 128 labels, so enumerating one state's options never ends. Both the
/// deadline and the memory budget stop the enumeration itself.
#[test]
fn enumerating_vast_moves_is_stopped_by_the_budget() {
    let heaps = vec![64, 64];
    let setting = Setting::new(Flavour::D, Width::Unbounded);
    let solver = |budget: &Budget| {
        let base = Nim {
            labels: NimLabels::Subtract,
        };
        QuantumSolver::with_budget(base, &heaps, setting, budget)
    };
    let limit = Timeout { millis: 200 };
    let budget = Budget::new(ByteSize::gib(2), Some(limit));
    let clock = std::time::Instant::now();
    let mut s = solver(&budget);
    assert_eq!(
        s.value(std::slice::from_ref(&heaps)),
        Err(Exceeded::Time(limit))
    );
    assert!(clock.elapsed().as_secs_f64() < 1.5);
    let budget = Budget::new(ByteSize::gib(2), Some(limit));
    let clock = std::time::Instant::now();
    let mut s = solver(&budget);
    assert_eq!(
        s.outcome_by_search(std::slice::from_ref(&heaps)),
        Err(Exceeded::Time(limit))
    );
    assert!(clock.elapsed().as_secs_f64() < 1.5);
    let budget = Budget::new(ByteSize::mib(16), None);
    let mut s = solver(&budget);
    assert_eq!(
        s.value(std::slice::from_ref(&heaps)),
        Err(Exceeded::Memory(ByteSize::mib(16)))
    );
    assert!(matches!(
        s.best_moves(std::slice::from_ref(&heaps), Player::Left),
        Err(Exceeded::Memory(_))
    ));
    // Cancelling stops it too.
    let budget = Budget::unlimited();
    budget.cancel();
    let mut s = solver(&budget);
    assert_eq!(
        s.value(std::slice::from_ref(&heaps)),
        Err(Exceeded::Cancelled)
    );
}

/// Cells share one budget: the big ones run out, give their memory back,
/// and every other cell finishes with its usual value.
#[test]
fn table_cells_over_budget_are_reported_per_cell() {
    use hackenbush_lab::quantum::table::{
        blue_meadow_table, footnote, format_table, TableFormat, TableKind, OVER_BUDGET,
    };
    let setting = Setting::new(Flavour::C, W2);
    let budget = Budget::new(ByteSize::mib(1), None);
    let mut seen = 0;
    let cells = blue_meadow_table(
        0..=5,
        0..=5,
        setting,
        TableKind::Value,
        &budget,
        |_, _, _| seen += 1,
    )
    .unwrap();
    assert_eq!((cells.len(), seen), (36, 36));
    let unlimited = Budget::unlimited();
    let reference = blue_meadow_table(
        0..=5,
        0..=5,
        setting,
        TableKind::Value,
        &unlimited,
        |_, _, _| {},
    )
    .unwrap();
    let (mut over, mut done) = (0, 0);
    for (c, r) in cells.iter().zip(&reference) {
        match &c.result {
            Ok(text) => {
                done += 1;
                assert_eq!(Ok(text), r.result.as_ref(), "n={} m={}", c.n, c.m);
            }
            Err(e) => {
                over += 1;
                assert_eq!(*e, Exceeded::Memory(ByteSize::mib(1)));
            }
        }
    }
    // The small cells never come near the budget.
    assert!(cells
        .iter()
        .filter(|c| c.n + c.m <= 2)
        .all(|c| c.result.is_ok()));
    assert!(over > 0 && done > 0, "{over} over, {done} done");
    let table = format_table(&cells, setting, TableFormat::Markdown);
    assert!(table.contains(OVER_BUDGET), "{table}");
    let note = footnote(&cells).unwrap();
    assert!(table.trim_end().ends_with(&note), "{table}");
    assert!(note.contains("memory budget of 1M") && note.contains(&format!("({over} cell")));
    let csv = format_table(&cells, setting, TableFormat::Csv);
    assert!(!csv.contains("not finished"), "{csv}");
    assert_eq!(budget.used(), 0);
}

/// A share link with 64 blue and 64 red grounded edges, each move
/// superposing every edge of the mover's colour: the exact states grow
/// by a factor of ~60 a move (8 GB by the fifth). Under a budget the
/// replay stops with Exceeded before building what does not fit.
#[test]
fn hostile_replay_stops_within_the_budget() {
    use hackenbush_lab::quantum::MoveError;
    let text = ["B"; 64].join(" ") + " " + &["R"; 64].join(" ");
    let base = Hackenbush::new(text.parse().unwrap());
    let start = base.start();
    let setting = Setting::new(Flavour::D, Width::Unbounded);
    let budget = Budget::new(ByteSize::mib(64), None);
    let mut game = QuantumGame::with_budget(base, start, setting, &budget);
    let blue: Vec<usize> = (0..64).collect();
    let red: Vec<usize> = (64..128).collect();
    let clock = std::time::Instant::now();
    let mut stopped = None;
    for k in 0..5 {
        let (p, labels) = if k % 2 == 0 {
            (Player::Left, &blue)
        } else {
            (Player::Right, &red)
        };
        if let Err(e) = game.try_play(p, labels) {
            stopped = Some((k, e));
            break;
        }
        assert!(budget.used() <= 64 << 20);
    }
    let took = clock.elapsed().as_secs_f64();
    let (k, e) = stopped.expect("the replay must stop");
    assert_eq!(e, MoveError::Exceeded(Exceeded::Memory(ByteSize::mib(64))));
    assert_eq!(game.history().len(), k, "the refused move left no trace");
    assert!(took < 5.0, "took {took:.2}s");
    // The message of the unbudgeted API names the limit.
    let msg = game
        .play(
            if k % 2 == 0 {
                Player::Left
            } else {
                Player::Right
            },
            if k % 2 == 0 { &blue } else { &red },
        )
        .unwrap_err();
    assert!(msg.contains("memory budget of 64M"), "{msg}");
    // Take-back still works and gives bytes back.
    let before = budget.used();
    assert!(game.takeback());
    assert!(budget.used() < before);
    drop(game);
    assert_eq!(budget.used(), 0);
}

// ---------------------------------------------------------------------
// Symmetry: every identification is by an automorphism of the start
// ---------------------------------------------------------------------

/// Is `perm` (label e goes to `perm[e]`) an automorphism of the start
/// position: a bijection of labels mapping the start's edges onto
/// themselves, preserving colours, and induced by a bijection of vertices
/// that fixes the ground? Every start edge is connected to the ground, so
/// the vertex map is forced edge by edge outwards from the ground; the
/// check builds it and then verifies every edge.
fn is_automorphism(p: &Position, start: EdgeSet, perm: &[usize]) -> bool {
    use hackenbush_lab::position::GROUND;
    let n = p.edge_count();
    if perm.len() != n {
        return false;
    }
    let mut hit = vec![false; n];
    for &x in perm {
        if x >= n || hit[x] {
            return false;
        }
        hit[x] = true;
    }
    for e in start.iter() {
        if !start.contains(perm[e]) || p.edges[e].colour != p.edges[perm[e]].colour {
            return false;
        }
    }
    let mut phi: Vec<Option<usize>> = vec![None; p.vertex_count];
    phi[GROUND] = Some(GROUND);
    let mut changed = true;
    while changed {
        changed = false;
        for e in start.iter() {
            let (a, b) = (p.edges[e].u, p.edges[e].v);
            let (x, y) = (p.edges[perm[e]].u, p.edges[perm[e]].v);
            for (from, to) in [(a, b), (b, a)] {
                let Some(f) = phi[from] else { continue };
                let image = if f == x {
                    y
                } else if f == y {
                    x
                } else {
                    return false;
                };
                if phi[to].is_none() {
                    phi[to] = Some(image);
                    changed = true;
                }
            }
        }
    }
    let mut used = vec![false; p.vertex_count];
    for f in phi.iter().flatten() {
        if used[*f] {
            return false;
        }
        used[*f] = true;
    }
    start.iter().all(|e| {
        let (a, b) = (p.edges[e].u, p.edges[e].v);
        let (x, y) = (p.edges[perm[e]].u, p.edges[perm[e]].v);
        match (phi[a], phi[b]) {
            (Some(fa), Some(fb)) => (fa, fb) == (x, y) || (fa, fb) == (y, x),
            _ => false,
        }
    })
}

/// The permutations a symmetry hands out: every swap of two blocks of a
/// group (they generate all block permutations, and automorphisms compose)
/// and the sorting permutations for random signatures (what the solver
/// applies).
fn symmetry_perms(sym: &hackenbush_lab::quantum::symmetry::Symmetry, seed: u64) -> Vec<Vec<usize>> {
    let mut perms = Vec::new();
    for group in sym.groups() {
        for i in 0..group.len() {
            for j in i + 1..group.len() {
                let mut perm: Vec<usize> = (0..sym.coords()).collect();
                for (&a, &b) in group[i].iter().zip(&group[j]) {
                    perm[a] = b;
                    perm[b] = a;
                }
                perms.push(perm);
            }
        }
    }
    let mut x = seed | 1;
    for _ in 0..8 {
        let sig: Vec<u64> = (0..sym.block_count())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x % 4
            })
            .collect();
        perms.extend(sym.sorting_perm(&sig));
    }
    perms
}

/// `p` followed by copies of itself on fresh vertices, the copies' edges
/// listed in turn (`interleave`) or one copy after another.
fn copies(p: &Position, k: usize, interleave: bool) -> Position {
    use hackenbush_lab::position::{Edge, GROUND};
    let shift = |e: &Edge, c: usize| {
        let off = |v: usize| {
            if v == GROUND {
                v
            } else {
                v + c * p.vertex_count
            }
        };
        Edge {
            u: off(e.u),
            v: off(e.v),
            colour: e.colour,
        }
    };
    let edges: Vec<Edge> = if interleave {
        p.edges
            .iter()
            .flat_map(|e| (0..k).map(move |c| shift(e, c)))
            .collect()
    } else {
        (0..k)
            .flat_map(|c| p.edges.iter().map(move |e| shift(e, c)))
            .collect()
    };
    Position::from_edges(edges)
}

#[test]
fn symmetries_of_hackenbush_are_automorphisms_of_the_start() {
    use hackenbush_lab::quantum::QuantumBase;
    // A deliberately wrong permutation is caught: the checker can fail.
    let wrong: [(&str, Vec<usize>); 6] = [
        ("BR BR", vec![1, 0, 2, 3]),          // blue onto red
        ("BB", vec![1, 0]),                   // a grounded edge onto a hanging one
        ("BR RB", vec![2, 3, 0, 1]),          // whole stalks of other colours
        ("GG GG", vec![3, 2, 1, 0]),          // stalks swapped upside down
        ("0-1:B 1-2:B 0-3:B", vec![0, 2, 1]), // same colours, other incidence
        ("BR BR", vec![0, 0, 2, 3]),          // not a bijection
    ];
    for (text, perm) in wrong {
        let p: Position = text.parse().unwrap();
        let start = Hackenbush::new(p.clone()).start();
        assert!(!is_automorphism(&p, start, &perm), "{text} {perm:?}");
    }
    // ... and right ones pass.
    let p: Position = "BR BR".parse().unwrap();
    assert!(is_automorphism(&p, p.full_set(), &[2, 3, 0, 1]));
    assert!(is_automorphism(&p, p.full_set(), &[0, 1, 2, 3]));
    let tents: Position = "0-1:B 1-3:R 0-2:B 2-3:R".parse().unwrap();
    assert!(is_automorphism(&tents, tents.full_set(), &[2, 3, 0, 1]));

    let mut positions: Vec<Position> = Vec::new();
    for seed in 0..300u64 {
        let edges = 1 + (seed % 9) as usize;
        let p = presets::random(seed * 104_729 + 7, edges, &[]);
        if seed % 3 == 0 && edges <= 6 {
            positions.push(copies(&p, 2 + (seed % 2) as usize, seed % 2 == 0));
        }
        positions.push(p);
    }
    for n in 0..=4 {
        for m in 0..=4 {
            positions.push(presets::blue_meadow(n, m));
        }
    }
    for legs in 2..=4 {
        let tent = presets::circus_tent(legs);
        positions.push(copies(&tent, 2, false));
        positions.push(copies(&tent, 3, true));
        positions.push(tent);
    }
    for text in [
        "BR BR R R",
        "G G BR BR",
        "BRG BRG R",
        "GB GB RG",
        "BB BB B B",
    ] {
        positions.push(text.parse().unwrap());
    }
    let (mut checked, mut nontrivial) = (0, 0);
    for (k, p) in positions.iter().enumerate() {
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        let sym = base.symmetry(&start);
        assert_eq!(sym.coords(), p.edge_count());
        if !sym.is_trivial() {
            nontrivial += 1;
        }
        for perm in symmetry_perms(&sym, k as u64 + 1) {
            assert!(is_automorphism(p, start, &perm), "{p} {perm:?}");
            // The solver moves realisations with `permute`: the image of
            // a realisation is the image of its edge set.
            let r = start;
            let image: EdgeSet = r.iter().map(|e| perm[e]).collect();
            assert_eq!(base.permute(&r, &perm), image);
            checked += 1;
        }
    }
    // Identical components are found: the test exercises real symmetries.
    assert!(nontrivial > 100 && checked > 500, "{nontrivial} {checked}");
    let meadow = Hackenbush::new(presets::blue_meadow(3, 2));
    let groups = meadow.symmetry(&meadow.start()).groups().to_vec();
    assert_eq!(groups.len(), 2, "{groups:?}");
}

/// Quantum Nim's symmetries permute equal heaps only, and values do not
/// change under them (compared with the unreduced engine).
#[test]
fn symmetries_of_quantum_nim_permute_equal_heaps() {
    use hackenbush_lab::quantum::QuantumBase;
    use hackenbush_lab::rules::Ruleset;
    let nim = Nim {
        labels: NimLabels::Subtract,
    };
    for start in [
        vec![3, 2],
        vec![2, 2],
        vec![1, 2, 1, 2],
        vec![3, 1, 3, 1, 3],
        vec![4],
    ] {
        let sym = nim.symmetry(&start);
        for (k, perm) in symmetry_perms(&sym, 99).into_iter().enumerate() {
            // A permutation of the heaps (coordinates), moving only equal ones.
            assert!(
                (0..start.len()).all(|i| start[perm[i]] == start[i]),
                "{start:?} {perm:?}"
            );
            assert_eq!(nim.permute(&start, &perm), start);
            // It is an automorphism of the rules: labels move with heaps.
            let r: Vec<u32> = start
                .iter()
                .map(|&h| h.saturating_sub(k as u32 % 2))
                .collect();
            let pr = nim.permute(&r, &perm);
            let mut moved: Vec<(usize, u32)> = nim
                .moves(&r, Player::Left)
                .into_iter()
                .map(|(i, t)| (perm[i], t))
                .collect();
            moved.sort();
            let mut direct = nim.moves(&pr, Player::Left);
            direct.sort();
            assert_eq!(moved, direct);
            for (i, t) in nim.moves(&r, Player::Left) {
                assert_eq!(
                    nim.permute(&nim.play(&r, &(i, t)), &perm),
                    nim.play(&pr, &(perm[i], t))
                );
            }
            // And values agree on a superposed state and its image (on
            // small heaps: the unreduced engine grows fast).
            if start.iter().sum::<u32>() > 5 {
                continue;
            }
            let state = vec![r.clone(), start.iter().map(|&h| h / 2).collect()];
            let image: Vec<Vec<u32>> = state.iter().map(|x| nim.permute(x, &perm)).collect();
            for f in [Flavour::A, Flavour::C] {
                let setting = Setting::new(f, W2);
                let mut plain = QuantumSolver::with_reductions(
                    nim.clone(),
                    &start,
                    setting,
                    Reductions::none(),
                );
                let a = plain.value(&state).unwrap();
                let b = plain.value(&image).unwrap();
                assert_eq!(a, b, "{start:?} {perm:?} {f}");
            }
        }
    }
    assert!(nim.symmetry(&vec![3, 2]).is_trivial());
    assert!(nim.symmetry(&vec![4]).is_trivial());
    assert_eq!(nim.symmetry(&vec![1, 2, 1, 2]).groups().len(), 2);
}

// ---------------------------------------------------------------------
// `--moves`: the CLI's replay against the library and the naive definition
// ---------------------------------------------------------------------

/// Like [`random_walk`], but also the first player and each move as the
/// CLI types it (labels joined by `+`).
fn random_walk_typed(
    base: &Hackenbush,
    setting: Setting,
    seed: u64,
    steps: usize,
) -> (Vec<EdgeSet>, Player, Vec<String>) {
    use hackenbush_lab::quantum::QuantumBase;
    let mut rng = seed.wrapping_mul(0xD1B5_4A32_D192_ED03) | 1;
    let mut next = || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let first = if next() % 2 == 0 {
        Player::Left
    } else {
        Player::Right
    };
    let (mut state, mut p, mut typed) = (vec![base.start()], first, Vec::new());
    for _ in 0..steps {
        let moves = hackenbush_lab::quantum::allowed_moves(base, &state, p, setting);
        if moves.is_empty() {
            break;
        }
        let mv = &moves[(next() % moves.len() as u64) as usize];
        let text: Vec<String> = mv.iter().map(|m| base.label_text(m)).collect();
        typed.push(text.join("+"));
        state = apply_move(base, &state, p, mv);
        p = p.opponent();
    }
    (state, first, typed)
}

/// Realisations as sorted lists of 1-based labels, sorted.
fn realisation_labels(state: &[EdgeSet]) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = state
        .iter()
        .map(|r| r.iter().map(|e| (e + 1).to_string()).collect())
        .collect();
    out.sort();
    out
}

fn json_realisations(json: &serde_json::Value) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = json["realisations"]
        .as_array()
        .expect("realisations in the JSON")
        .iter()
        .map(|r| {
            let mut labels: Vec<String> = r
                .as_array()
                .expect("a realisation is a list")
                .iter()
                .map(|l| l.as_str().expect("labels are strings").to_string())
                .collect();
            labels.sort_by_key(|l| l.parse::<usize>().unwrap_or(usize::MAX));
            labels
        })
        .collect();
    out.sort();
    out
}

#[test]
fn cli_moves_match_library_replay_and_naive_definition() {
    let positions = random_positions(90);
    for (k, p) in positions.iter().enumerate() {
        let f = FLAVOURS[k % 6];
        let w = width_for(p.edge_count(), k / 6);
        let setting = Setting::new(f, w);
        let base = Hackenbush::new(p.clone());
        let (state, first, typed) = random_walk_typed(&base, setting, 1000 + k as u64, 1 + k % 4);
        let text = p.to_string();
        let (flavour, width, first_text) = (f.to_string(), w.to_string(), first.to_string());
        let moves = typed.join(" ");
        let mut args = vec![
            "value",
            "--rules",
            "quantum",
            "--flavour",
            &flavour,
            "--width",
            &width,
            "--json",
            "--first",
            &first_text,
        ];
        if !typed.is_empty() {
            args.extend(["--moves", &moves]);
        }
        args.push(&text);
        let out = cli(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let json: serde_json::Value = serde_json::from_str(out.trim()).expect("one JSON object");
        let context = format!("{f} width {w} {text} first {first} moves {moves:?}");
        // The naive definition on the state the walk reached.
        let naive_base = NaiveHackenbush(p.clone());
        let mut naive = Naive::new(&naive_base, f, w);
        let want = naive.plain(&state);
        let mut arena = Arena::new();
        let got = arena
            .parse(json["value"].as_str().expect("value"))
            .expect("plain notation");
        assert_same(&mut arena, got, &want, &context);
        // The realisations printed are those of the state.
        assert_eq!(
            json_realisations(&json),
            realisation_labels(&state),
            "{context}"
        );
        // The library's game record replays the same text to the same state.
        let mut game = QuantumGame::new(base.clone(), base.start(), setting);
        let mut player = first;
        for m in &typed {
            game.play_text(player, &m.replace('+', ","))
                .unwrap_or_else(|e| panic!("{context}: {m}: {e}"));
            player = player.opponent();
        }
        let mut replayed = game.state().to_vec();
        replayed.sort();
        let mut reached = state.clone();
        reached.sort();
        assert_eq!(replayed, reached, "{context}");
    }
}

#[test]
fn cli_moves_on_quantum_nim_use_heap_labels() {
    for f in FLAVOURS {
        let flavour = f.to_string();
        let args = [
            "value",
            "--rules",
            "quantum",
            "--flavour",
            &flavour,
            "--json",
            "--moves",
            "1:2+2:1",
            "nim:2,2",
        ];
        let json: serde_json::Value =
            serde_json::from_str(cli(&args).unwrap().trim()).expect("JSON");
        // Left took 2 from heap 1 or 1 from heap 2: two realisations.
        let state = vec![vec![0, 2], vec![2, 1]];
        let want = Naive::new(&NaiveNim(NimLabels::Subtract), f, W2).plain(&state);
        let mut arena = Arena::new();
        let got = arena.parse(json["value"].as_str().unwrap()).unwrap();
        assert_same(&mut arena, got, &want, &format!("{f} nim:2,2 1:2+2:1"));
        let realisations = json["realisations"].as_array().unwrap();
        assert_eq!(realisations.len(), 2, "{f}: {json}");
        // The same moves through the library's replay.
        let lib = nim_state_value(&state, NimLabels::Subtract, f, W2);
        let l = arena.parse(&lib).unwrap();
        assert_eq!(l, got, "{f}: library {lib}");
    }
    // Then Right cuts at 2 in heap 2 (cut labels): only realisations whose
    // heap 2 has two tokens survive.
    let v = cli(&[
        "value",
        "--rules",
        "quantum",
        "--labels",
        "cut",
        "--flavour",
        "D",
        "--json",
        "--moves",
        "1:1+2:2 2:2",
        "nim:2,2",
    ])
    .unwrap();
    let json: serde_json::Value = serde_json::from_str(v.trim()).unwrap();
    let naive = Naive::new(&NaiveNim(NimLabels::Cut), Flavour::D, W2).plain(&[vec![0, 1]]);
    let mut arena = Arena::new();
    let got = arena.parse(json["value"].as_str().unwrap()).unwrap();
    assert_same(&mut arena, got, &naive, "cut labels");
}

#[test]
fn cli_illegal_moves_name_the_move() {
    let e = cli(&[
        "value",
        "--rules",
        "quantum",
        "--flavour",
        "C",
        "--moves",
        "1+3 4",
        "BR BR R",
    ])
    .unwrap_err();
    assert!(e.contains("move 2") && e.contains('4'), "{e}");
    assert!(!e.contains('\n'), "{e}");
    let e = cli(&["value", "--rules", "quantum", "--moves", "3:1", "nim:2,2"]).unwrap_err();
    assert!(e.contains("move 1") && e.contains("3:1"), "{e}");
    let e = cli(&["value", "--rules", "quantum", "--moves", "1+x", "BR"]).unwrap_err();
    assert!(e.contains("move 1"), "{e}");
    let e = cli(&[
        "value", "--rules", "quantum", "--first", "R", "--moves", "1", "BR",
    ])
    .unwrap_err();
    assert!(e.contains("Right"), "{e}");
}

/// The census found `R BRBB` (5 edges) against Conjectures 8.4 and 8.6 of
/// the 2024 thesis: under C′ it is * (an N-position) at width 2 and
/// unbounded, while B gives 1/2 and D −1/8 at unbounded width. The naive
/// definition agrees.
#[test]
fn census_counterexamples_hold_under_the_naive_definition() {
    let p: Position = "R BRBB".parse().unwrap();
    let start = Hackenbush::new(p.clone()).start();
    let naive_base = NaiveHackenbush(p.clone());
    for (f, w, want) in [
        (Flavour::CPrime, W2, "*"),
        (Flavour::CPrime, Width::Unbounded, "*"),
        (Flavour::B, Width::Unbounded, "1/2"),
        (Flavour::D, Width::Unbounded, "-1/8"),
    ] {
        let got = Naive::new(&naive_base, f, w).plain(&[start]);
        assert_eq!(got, want, "{f} width {w}");
        assert_eq!(
            hack_value(p.clone(), f, w),
            want,
            "fast engine, {f} width {w}"
        );
    }
}

/// The smallest graph the census found against Conjecture 8.4: a triangle
/// on the ground with a red edge hanging, * under A at width 2.
#[test]
fn census_graph_counterexample_holds_under_the_naive_definition() {
    let g: Position = "0-1:B 0-2:R 1-2:B 1-3:R".parse().unwrap();
    let start = Hackenbush::new(g.clone()).start();
    let naive_base = NaiveHackenbush(g.clone());
    assert_eq!(Naive::new(&naive_base, Flavour::A, W2).plain(&[start]), "*");
    assert_eq!(hack_value(g, Flavour::A, W2), "*");
}

/// The smallest tree the census found against Conjecture 8.6: `BR B`.
/// Under B Left may not cut the lone blue edge 1 alone (edge 3 is also
/// hers), so her options are the superposed {1, 3} (worth 1/2); Right's
/// lone red edge leaves `B B` = 2: {1/2 | 2} = 1. Under C′ and D she cuts
/// edge 1 alone, leaving `B` = 1: {1 | 2} = 3/2.
#[test]
fn census_smallest_counterexample_to_8_6_holds_under_the_naive_definition() {
    let p: Position = "BR B".parse().unwrap();
    let start = Hackenbush::new(p.clone()).start();
    let naive_base = NaiveHackenbush(p.clone());
    for (f, want) in [
        (Flavour::B, "1"),
        (Flavour::CPrime, "3/2"),
        (Flavour::D, "3/2"),
    ] {
        let w = Width::Unbounded;
        assert_eq!(Naive::new(&naive_base, f, w).plain(&[start]), want, "{f}");
        assert_eq!(hack_value(p.clone(), f, w), want, "fast engine, {f}");
    }
}

/// Valuing a family of flavours in one search (`QuantumSolver::jointly`)
/// gives each flavour exactly the value its own search gives, on random
/// positions and on superposed states reached by random moves, at widths
/// 2, 3 and unbounded; a family that does not share a normalisation is
/// refused.
#[test]
fn joint_flavours_value_like_separate_searches() {
    let families: [&[Flavour]; 4] = [
        &[Flavour::A, Flavour::B, Flavour::D],
        &[Flavour::C, Flavour::CPrime, Flavour::CPrimeU],
        &[Flavour::D, Flavour::A],
        &[Flavour::CPrimeU, Flavour::C],
    ];
    let mut compared = 0;
    for (k, p) in random_positions(160).iter().enumerate() {
        let family = families[k % families.len()];
        let w = width_for(p.edge_count(), k / 4);
        let base = Hackenbush::new(p.clone());
        let start = base.start();
        let walk_setting = Setting::new(family[0], w);
        let states = [
            vec![start],
            random_walk(&base, walk_setting, k as u64, 1 + k % 3),
        ];
        let setting = Setting::new(family[0], w);
        let mut joint = QuantumSolver::jointly(base.clone(), &start, setting, family).unwrap();
        assert_eq!(joint.flavours(), family);
        for state in &states {
            let values = joint.values(state).unwrap();
            assert_eq!(values.len(), family.len());
            for (&f, &v) in family.iter().zip(&values) {
                let mut alone = QuantumSolver::new(base.clone(), &start, Setting::new(f, w));
                let want = alone.value(state).unwrap();
                let want = alone.arena.plain(want);
                let context = format!("{f} in {family:?} width {w} {p:?} {state:?}");
                assert_same(&mut joint.arena, v, &want, &context);
                compared += 1;
            }
            // The first flavour's value is also what `value` answers.
            assert_eq!(joint.value(state).unwrap(), values[0]);
        }
    }
    assert!(compared > 700, "{compared}");
    let base = Hackenbush::new("BR R".parse().unwrap());
    let start = base.start();
    for refused in [
        &[Flavour::A, Flavour::C][..],
        &[Flavour::B, Flavour::A],
        &[Flavour::A, Flavour::B, Flavour::D, Flavour::A],
    ] {
        let setting = Setting::new(Flavour::A, W2);
        assert!(
            QuantumSolver::jointly(base.clone(), &start, setting, refused).is_none(),
            "{refused:?}"
        );
    }
}

/// A Blue Meadow row valued jointly under a family has, cell by cell, the
/// values of each flavour's own cells.
#[test]
fn joint_table_rows_match_single_cells() {
    use hackenbush_lab::quantum::table::{blue_meadow_cell, blue_meadow_row, TableKind};
    let budget = Budget::unlimited();
    for family in [
        &[Flavour::A, Flavour::B, Flavour::D][..],
        &[Flavour::C, Flavour::CPrime, Flavour::CPrimeU],
    ] {
        let settings: Vec<Setting> = family.iter().map(|&f| Setting::new(f, W2)).collect();
        for n in 0..=3 {
            let mut seen = 0;
            blue_meadow_row(
                n,
                0..=3,
                &settings,
                TableKind::Value,
                &budget,
                |_| None,
                |k, c| {
                    let one =
                        blue_meadow_cell(n, c.m, settings[k], TableKind::Value, &budget).unwrap();
                    assert_eq!(c.result, one.result, "{} n={n} m={}", family[k], c.m);
                    seen += 1;
                },
            )
            .unwrap();
            assert_eq!(seen, 4 * family.len());
        }
        // Outcome rows are searched one flavour at a time.
        assert!(blue_meadow_row(
            1,
            0..=1,
            &settings,
            TableKind::Outcome,
            &budget,
            |_| None,
            |_, _| {}
        )
        .is_err());
    }
    assert_eq!(budget.used(), 0);
}

/// `table --flavour A,B,…` prints one table per flavour, each equal to
/// the table of that flavour alone (value tables of a family are valued
/// in one search); CSV gets a flavour column; a flavour named twice or
/// unknown is bad input.
#[test]
fn cli_tables_of_several_flavours() {
    let v = |args: &[&str]| cli(args).unwrap();
    for kind in ["--values", "--outcomes"] {
        let range = ["--n", "0..3", "--m", "0..2"];
        let mut args = vec!["table", "--quiet", kind, "--flavour", "all"];
        args.extend(range);
        let all = v(&args);
        let alone: Vec<String> = Flavour::ALL
            .iter()
            .map(|f| {
                let name = f.to_string();
                let mut args = vec!["table", "--quiet", kind, "--flavour", name.as_str()];
                args.extend(range);
                v(&args)
            })
            .collect();
        assert_eq!(all, alone.join("\n"), "{kind}");
    }
    let csv = v(&[
        "table",
        "--quiet",
        "--csv",
        "--values",
        "--flavours",
        "C',D",
        "--n",
        "1",
        "--m",
        "0..1",
    ]);
    assert_eq!(
        csv,
        "flavour,n,m=0,m=1\n\"C'\",1,\"1/2\",\"-1/2\"\n\"D\",1,\"1/2\",\"-1/2\"\n"
    );
    for bad in ["A,A", "A,E", ""] {
        let e = cli(&["table", "--flavour", bad]).unwrap_err();
        assert!(!e.contains('\n') && e.contains("flavour"), "{bad}: {e}");
    }
}

/// Conjecture 8.6 of the 2024 thesis says every HACKENBUSH classical state
/// (red-blue, there) has the same value under B, C′ and D at unbounded
/// width. Four edges refute it: a blue edge carrying two red ones, beside
/// a blue ground edge, is 1/2 under B and 5/4 (its classical value) under
/// C′ and D, by the naive definition and the fast engine alike; its mirror
/// image is −1/2 and −5/4. Under B, Left, with two blue labels, may cut
/// neither alone. With a green edge two suffice: a green and a blue ground
/// edge are 0 under B ({* | 1}: Left's only move superposes both) and 1*
/// under C′ and D.
#[test]
fn flavours_b_and_d_differ_at_unbounded_width_on_classical_starts() {
    for (text, under_b, under_d) in [
        ("0-1:B 1-2:R 1-3:R B", "1/2", "5/4"),
        ("0-1:R 1-2:B 1-3:B R", "-1/2", "-5/4"),
        ("G B", "0", "1*"),
    ] {
        let p: Position = text.parse().unwrap();
        for (f, want) in [
            (Flavour::B, under_b),
            (Flavour::CPrime, under_d),
            (Flavour::D, under_d),
        ] {
            let naive_base = NaiveHackenbush(p.clone());
            let mut naive = Naive::new(&naive_base, f, Width::Unbounded);
            let start = Hackenbush::new(p.clone()).start();
            assert_eq!(naive.plain(&[start]), want, "naive {text} {f}");
            assert_eq!(
                hack_value(p.clone(), f, Width::Unbounded),
                want,
                "{text} {f}"
            );
        }
    }
}
