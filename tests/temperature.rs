//! Temperature theory against its definitions (Siegel, *Combinatorial
//! Game Theory*, 2013, II.5–II.7), on every game born by day 3, random
//! games born by day 4 and childish Hackenbush positions:
//!
//! - thermographs against cooling by the definition, G_t = {G^L_t − t |
//!   G^R_t + t} unless some colder G′_{t′} is infinitesimally close to a
//!   number x (then G_t = x), integers frozen: the walls at t are the
//!   stops of G_t, the temperature is where cooling freezes;
//! - the order modulo infinitesimals (A ≤ B + ε for an infinitesimal ε)
//!   against multiples of ↑;
//! - reduced canonical forms: infinitesimally close to the game, one per
//!   class of games infinitesimally close to each other, and no older
//!   than any game of its class;
//! - atomic weights: additive over sums, the two-ahead rule, n·↑ + *m.
//!
//! The oracles here share nothing with `src/game/temperature/` but the
//! arena's canonical forms and sums.

use hackenbush_lab::analysis::{analyse, Request, Rules};
use hackenbush_lab::budget::Budget;
use hackenbush_lab::game::temperature::Thermal;
use hackenbush_lab::game::{Arena, Dyadic, GameId, Outcome, Relation};
use hackenbush_lab::rng::SplitMix64;
use num_bigint::BigInt;
use std::collections::HashMap;

/// Stops by the definition: a game equal to a number x stops at x,
/// otherwise L(G) = max R(G^L) and R(G) = min L(G^R).
fn stops(
    a: &mut Arena,
    g: GameId,
    memo: &mut HashMap<GameId, (Dyadic, Dyadic)>,
) -> (Dyadic, Dyadic) {
    if let Some(x) = a.as_number(g) {
        return (x.clone(), x.clone());
    }
    if let Some(s) = memo.get(&g) {
        return s.clone();
    }
    let (gl, gr) = a.options(g);
    let l = gl
        .iter()
        .map(|&x| stops(a, x, memo).1)
        .max()
        .expect("both sides");
    let r = gr
        .iter()
        .map(|&x| stops(a, x, memo).0)
        .min()
        .expect("both sides");
    memo.insert(g, (l.clone(), r.clone()));
    (l, r)
}

/// Cooling by the definition, on a grid of temperatures k/2^exp ≥ −1.
struct Cooling {
    exp: u32,
    stops: HashMap<GameId, (Dyadic, Dyadic)>,
    raw: HashMap<(GameId, Dyadic), GameId>,
    /// Per game: the first grid temperature at which {G^L_t − t | G^R_t +
    /// t} is infinitesimally close to a number, and that number.
    freeze: HashMap<GameId, (Dyadic, Dyadic)>,
}

impl Cooling {
    fn new(exp: u32) -> Cooling {
        Cooling {
            exp,
            stops: HashMap::new(),
            raw: HashMap::new(),
            freeze: HashMap::new(),
        }
    }

    fn grid(&self, k: i64) -> Dyadic {
        Dyadic::new(BigInt::from(k), self.exp)
    }

    /// {G^L_t − t | G^R_t + t}.
    fn raw(&mut self, a: &mut Arena, g: GameId, t: &Dyadic) -> GameId {
        if let Some(&h) = self.raw.get(&(g, t.clone())) {
            return h;
        }
        let (gl, gr) = a.options(g);
        let tg = a.number(t.clone());
        let mut left = Vec::new();
        for &x in gl.iter() {
            let c = self.cool(a, x, t);
            left.push(a.sub(c, tg));
        }
        let mut right = Vec::new();
        for &x in gr.iter() {
            let c = self.cool(a, x, t);
            right.push(a.add(c, tg));
        }
        let h = a.make(left, right);
        self.raw.insert((g, t.clone()), h);
        h
    }

    /// Where G freezes: the first grid t′ ≥ −1 at which raw(G, t′) has
    /// equal stops (is infinitesimally close to a number).
    fn freeze(&mut self, a: &mut Arena, g: GameId) -> (Dyadic, Dyadic) {
        if let Some(f) = self.freeze.get(&g) {
            return f.clone();
        }
        let start = -(1i64 << self.exp);
        for k in start.. {
            let t = self.grid(k);
            assert!(t < Dyadic::integer(16), "{} never freezes", a.plain(g));
            let h = self.raw(a, g, &t);
            let (l, r) = stops(a, h, &mut self.stops);
            if l == r {
                self.freeze.insert(g, (t.clone(), l.clone()));
                return (t, l);
            }
        }
        unreachable!()
    }

    /// G cooled by t (t ≥ −1, on the grid).
    fn cool(&mut self, a: &mut Arena, g: GameId, t: &Dyadic) -> GameId {
        if a.as_number(g).is_some_and(|x| x.is_integer()) {
            return g;
        }
        let (tf, x) = self.freeze(a, g);
        if &tf < t {
            a.number(x)
        } else {
            self.raw(a, g, t)
        }
    }
}

/// Every canonical game born by day `days` (1474 by day 3), each made
/// from two antichains of the games born by the day before.
fn born_by(a: &mut Arena, days: u32) -> Vec<GameId> {
    let mut all = vec![a.zero()];
    for _ in 0..days {
        let mut antichains: Vec<Vec<GameId>> = Vec::new();
        antichains_from(a, &all, 0, &mut Vec::new(), &mut antichains);
        let mut next = Vec::new();
        for l in &antichains {
            for r in &antichains {
                next.push(a.make(l.clone(), r.clone()));
            }
        }
        next.sort();
        next.dedup();
        all = next;
    }
    all
}

fn antichains_from(
    a: &mut Arena,
    games: &[GameId],
    from: usize,
    chosen: &mut Vec<GameId>,
    out: &mut Vec<Vec<GameId>>,
) {
    out.push(chosen.clone());
    for i in from..games.len() {
        let g = games[i];
        if chosen.iter().all(|&c| a.relation(c, g) == Relation::Fuzzy) {
            chosen.push(g);
            antichains_from(a, games, i + 1, chosen, out);
            chosen.pop();
        }
    }
}

/// Random games born by day 4: options drawn from every game born by day
/// 3, up to three a side.
fn random_day_four(a: &mut Arena, day3: &[GameId], seed: u64, count: usize) -> Vec<GameId> {
    let mut rng = SplitMix64(seed);
    (0..count)
        .map(|_| {
            let pick = |rng: &mut SplitMix64| -> Vec<GameId> {
                (0..1 + rng.below(3))
                    .map(|_| day3[rng.below(day3.len())])
                    .collect()
            };
            let (l, r) = (pick(&mut rng), pick(&mut rng));
            a.make(l, r)
        })
        .collect()
}

/// The thermograph of each game against cooling by the definition: at
/// every grid temperature from −1 to past the mast, the walls are the
/// stops of G_t; the temperature is where G freezes (−1 for integers)
/// and the mean is what it freezes to.
fn check_against_cooling(a: &mut Arena, games: &[GameId], exp: u32) {
    let mut thermal = Thermal::default();
    let mut cooling = Cooling::new(exp);
    for &g in games {
        let th = thermal.thermograph(a, g).expect("a thermograph");
        let name = a.plain(g);
        for wall in [th.left(), th.right()] {
            for p in wall.pieces() {
                assert!(
                    p.t.exponent() <= exp,
                    "{name}: a breakpoint {} finer than the grid",
                    p.t
                );
            }
        }
        let (tf, x) = match a.as_number(g).filter(|x| x.is_integer()) {
            Some(n) => (Dyadic::integer(-1), n.clone()),
            None => cooling.freeze(a, g),
        };
        assert_eq!(th.temperature(), &tf, "temperature of {name} ({th})");
        assert_eq!(th.mean(), &x, "mean of {name} ({th})");
        let last = th.temperature().add(&Dyadic::integer(2));
        let mut k = -(1i64 << exp);
        loop {
            let t = cooling.grid(k);
            if t > last {
                break;
            }
            let cooled = cooling.cool(a, g, &t);
            let s = stops(a, cooled, &mut cooling.stops);
            assert_eq!(
                th.at(&t),
                s,
                "{name} cooled by {t} is {} ({th})",
                a.plain(cooled)
            );
            k += 1;
        }
    }
}

#[test]
fn thermographs_of_every_game_born_by_day_three_are_cooling() {
    let mut a = Arena::new();
    let games = born_by(&mut a, 3);
    assert_eq!(games.len(), 1474, "games born by day 3");
    check_against_cooling(&mut a, &games, 3);
}

#[test]
fn thermographs_of_random_games_born_by_day_four_are_cooling() {
    let mut a = Arena::new();
    let day3 = born_by(&mut a, 3);
    let games = random_day_four(&mut a, &day3, 7, 150);
    check_against_cooling(&mut a, &games, 4);
}

/// Childish Hackenbush is hot: random childish positions, valued by the
/// engine, against cooling.
#[test]
fn thermographs_of_childish_positions_are_cooling() {
    let mut rng = SplitMix64(25);
    let mut a = Arena::new();
    let mut games = Vec::new();
    let colours = ['B', 'R', 'G'];
    for _ in 0..40 {
        // A few stalks and a tree edge or two.
        let stalks: Vec<String> = (0..1 + rng.below(3))
            .map(|_| {
                (0..1 + rng.below(3))
                    .map(|_| colours[rng.below(3)])
                    .collect()
            })
            .collect();
        let text = stalks.join(" ");
        let answer = analyse(&Request::new(&text, Rules::Childish), &Budget::unlimited())
            .expect("childish positions value");
        games.push(a.parse(&answer.value).expect("a plain value"));
    }
    assert!(
        games.iter().any(|&g| a.as_number(g).is_none()),
        "some childish position is not a number"
    );
    check_against_cooling(&mut a, &games, 4);
}

/// n·↑ by sums.
fn ups(a: &mut Arena, n: i64) -> GameId {
    let up = a.parse("↑").unwrap();
    let one = if n < 0 { a.neg(up) } else { up };
    let mut g = a.zero();
    for _ in 0..n.unsigned_abs() {
        g = a.add(g, one);
    }
    g
}

/// A ≤ B modulo infinitesimals iff A ≤ B + k·↑ for some k (↑-multiples
/// reach past every infinitesimal of these birthdays).
#[test]
fn the_order_modulo_infinitesimals_is_the_definition() {
    let mut a = Arena::new();
    let mut games = born_by(&mut a, 2);
    let day3 = born_by(&mut a, 3);
    let mut rng = SplitMix64(3);
    games.extend((0..40).map(|_| day3[rng.below(day3.len())]));
    let big = ups(&mut a, 12);
    let mut thermal = Thermal::default();
    for &x in &games {
        for &y in &games {
            let shifted = a.add(y, big);
            let by_definition = a.le(x, shifted);
            let fast = thermal.inf_le(&mut a, x, y).unwrap();
            assert_eq!(
                fast,
                by_definition,
                "{} ≤ {} mod Inf",
                a.plain(x),
                a.plain(y)
            );
        }
    }
}

#[test]
fn reduced_forms_are_the_simplest_of_their_class() {
    let mut a = Arena::new();
    let games = born_by(&mut a, 3);
    let mut thermal = Thermal::default();
    let mut memo = HashMap::new();
    // rcf → the games reducing to it.
    let mut classes: HashMap<GameId, Vec<GameId>> = HashMap::new();
    for &g in &games {
        let r = thermal.reduced(&mut a, g).unwrap();
        // Infinitesimally close to G: both stops of G − r are 0.
        let d = a.sub(g, r);
        let (l, rr) = stops(&mut a, d, &mut memo);
        assert!(
            l.is_zero() && rr.is_zero(),
            "{} − {} is not infinitesimal",
            a.plain(g),
            a.plain(r)
        );
        assert_eq!(
            thermal.reduced(&mut a, r).unwrap(),
            r,
            "rcf of {} is reduced",
            a.plain(g)
        );
        classes.entry(r).or_default().push(g);
    }
    // Distinct reduced forms are never infinitesimally close.
    let reps: Vec<GameId> = classes.keys().copied().collect();
    for (i, &x) in reps.iter().enumerate() {
        for &y in &reps[i + 1..] {
            let d = a.sub(x, y);
            let (l, r) = stops(&mut a, d, &mut memo);
            assert!(
                !(l.is_zero() && r.is_zero()),
                "{} and {} are infinitesimally close",
                a.plain(x),
                a.plain(y)
            );
        }
    }
    // No member of a class is born before its reduced form.
    for (r, members) in &classes {
        let youngest = members.iter().map(|&g| a.birthday(g)).min().unwrap();
        assert!(
            a.birthday(*r) <= youngest,
            "{} is older than a game of its class",
            a.plain(*r)
        );
    }
    assert!(classes.len() > 50, "{} classes", classes.len());
}

/// All-small games born by day `days`: every option list empty on both
/// sides or on neither, drawn at random.
fn all_small_pool(a: &mut Arena, seed: u64, days: u32, per_day: usize) -> Vec<GameId> {
    let mut rng = SplitMix64(seed);
    let mut pool = vec![a.zero()];
    for _ in 0..days {
        let born = pool.clone();
        for _ in 0..per_day {
            let pick = |rng: &mut SplitMix64| -> Vec<GameId> {
                (0..1 + rng.below(3))
                    .map(|_| born[rng.below(born.len())])
                    .collect()
            };
            let (l, r) = (pick(&mut rng), pick(&mut rng));
            let g = a.make(l, r);
            if !pool.contains(&g) {
                pool.push(g);
            }
        }
    }
    pool
}

#[test]
fn atomic_weights_add_up_and_obey_the_two_ahead_rule() {
    let mut a = Arena::new();
    let pool = all_small_pool(&mut a, 11, 5, 60);
    assert!(pool.len() > 60, "{} all-small games", pool.len());
    let mut thermal = Thermal::default();
    let mut aw = |a: &mut Arena, g: GameId| -> GameId {
        thermal
            .atomic_weight(a, g)
            .unwrap()
            .unwrap_or_else(|why| panic!("{}: {why}", a.plain(g)))
    };
    let zero = a.zero();
    let two = a.integer(2);
    let minus_two = a.integer(-2);
    for &g in &pool {
        let w = aw(&mut a, g);
        let name = a.plain(g);
        if a.le(two, w) {
            assert_eq!(a.outcome(g), Outcome::L, "{name} weighs {} ≥ 2", a.plain(w));
        }
        if a.le(w, minus_two) {
            assert_eq!(
                a.outcome(g),
                Outcome::R,
                "{name} weighs {} ≤ −2",
                a.plain(w)
            );
        }
        assert_eq!(a.relation(w, zero) == Relation::Equal, w == zero);
    }
    let mut rng = SplitMix64(12);
    for _ in 0..400 {
        let (g, h) = (pool[rng.below(pool.len())], pool[rng.below(pool.len())]);
        let sum = a.add(g, h);
        let (wg, wh, ws) = (aw(&mut a, g), aw(&mut a, h), aw(&mut a, sum));
        let total = a.add(wg, wh);
        assert_eq!(ws, total, "aw({} + {})", a.plain(g), a.plain(h));
    }
}

#[test]
fn atomic_weight_of_ups_and_nimbers() {
    let mut a = Arena::new();
    let mut thermal = Thermal::default();
    for n in -5i64..=5 {
        for m in 0..4u32 {
            let u = ups(&mut a, n);
            let s = a.nimber(m);
            let g = a.add(u, s);
            let w = thermal.atomic_weight(&mut a, g).unwrap().unwrap();
            assert_eq!(a.plain(w), n.to_string(), "aw({}↑ + *{m})", n);
        }
    }
}

/// Green Hackenbush values are nimbers (weight 0); a position with a
/// blue edge on a green stalk (a sprig) is all-small.
#[test]
fn atomic_weights_of_hackenbush_positions() {
    let mut a = Arena::new();
    let mut thermal = Thermal::default();
    let value = |a: &mut Arena, text: &str| {
        let answer = analyse(&Request::new(text, Rules::Normal), &Budget::unlimited()).unwrap();
        a.parse(&answer.value).unwrap()
    };
    let g = value(&mut a, "GGG GG");
    assert_eq!(
        thermal
            .atomic_weight(&mut a, g)
            .unwrap()
            .map(|w| a.plain(w)),
        Ok("0".into())
    );
    // Sprigs: a green edge with a blue one on top is ↑*... G then B: {0, *|0}.
    let g = value(&mut a, "GB");
    let w = thermal.atomic_weight(&mut a, g).unwrap().unwrap();
    assert_eq!(a.plain(w), "1");
    let g = value(&mut a, "GB GB");
    let w = thermal.atomic_weight(&mut a, g).unwrap().unwrap();
    assert_eq!(a.plain(w), "2");
    let g = value(&mut a, "GR GB");
    let w = thermal.atomic_weight(&mut a, g).unwrap().unwrap();
    assert_eq!(a.plain(w), "0");
}
