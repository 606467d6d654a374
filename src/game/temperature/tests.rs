//! Hand-computed cases (Siegel 2013, II.5–II.7). The checks against the
//! definitions on random games are in `tests/temperature.rs`.

use super::*;

#[allow(dead_code)]
fn d(s: &str) -> Dyadic {
    s.parse().unwrap()
}

fn thermo(text: &str) -> (Arena, Thermal, GameId) {
    let mut arena = Arena::new();
    let g = arena.parse(text).unwrap();
    (arena, Thermal::default(), g)
}

/// (mean, temperature, thermograph text) of a game.
fn summary(text: &str) -> (String, String, String) {
    let (mut arena, mut th, g) = thermo(text);
    let t = th.thermograph(&mut arena, g).unwrap();
    (
        t.mean().to_string(),
        t.temperature().to_string(),
        t.to_string(),
    )
}

#[test]
fn switches_and_hot_games() {
    // {4|-2}: mean 1, temperature 3; the walls 4 − t and −2 + t from
    // t = −1 (5 and −3) to the mast at t = 3.
    assert_eq!(
        summary("{4|-2}"),
        (
            "1".into(),
            "3".into(),
            "L (-1, 5) (3, 1); R (-1, -3) (3, 1)".into()
        )
    );
    // ±1: mean 0, temperature 1.
    assert_eq!(
        summary("{1|-1}"),
        (
            "0".into(),
            "1".into(),
            "L (-1, 2) (1, 0); R (-1, -2) (1, 0)".into()
        )
    );
    // {2|1||0}... the game {{2|1}|0}: Left's option {2|1} cools to 3/2 at
    // 1/2; the scaffolds 3/2 − t (from 1/2) and t meet at 3/4.
    let (mean, temp, _) = summary("{2|1||0}");
    assert_eq!((mean.as_str(), temp.as_str()), ("3/4", "3/4"));
    // {3|1}: mean 2, temperature 1.
    let (mean, temp, _) = summary("{3|1}");
    assert_eq!((mean.as_str(), temp.as_str()), ("2", "1"));
}

#[test]
fn numbers_follow_siegels_subzero_convention() {
    // Integers are frozen at −1; m/2^k (m odd) has temperature −1/2^k.
    for (x, temp) in [
        ("0", "-1"),
        ("3", "-1"),
        ("-2", "-1"),
        ("1/2", "-1/2"),
        ("-3/4", "-1/4"),
        ("5/8", "-1/8"),
    ] {
        let (mean, t, _) = summary(x);
        assert_eq!((mean.as_str(), t.as_str()), (x, temp), "{x}");
    }
    // 1/2 = {0|1}: the scaffolds −t and 1 + t meet at −1/2.
    assert_eq!(
        summary("1/2").2,
        "L (-1, 1) (-1/2, 1/2); R (-1, 0) (-1/2, 1/2)"
    );
}

#[test]
fn infinitesimals_have_temperature_zero() {
    for g in ["*", "↑", "↓*", "⇑*", "*3", "{0|↑}", "⧾₂", "1*", "-1/2↑"] {
        let (_, temp, _) = summary(g);
        assert_eq!(temp, "0", "{g}");
    }
    assert_eq!(summary("*").0, "0");
    assert_eq!(summary("1*").0, "1");
    assert_eq!(summary("*").2, "L (-1, 1) (0, 0); R (-1, -1) (0, 0)");
}

#[test]
fn stops_are_the_walls_at_zero() {
    for g in [
        "{4|-2}",
        "{2|1||0}",
        "↑",
        "{1|{0|-5}}",
        "±(1*)",
        "{3|{2|-4}||-1}",
    ] {
        let (mut arena, mut th, id) = thermo(g);
        let stops = th.stops(&mut arena, id).unwrap();
        let t = th.thermograph(&mut arena, id).unwrap();
        assert_eq!(t.at(&Dyadic::zero()), stops, "{g}");
    }
}

#[test]
fn thermographs_print_and_read_back() {
    for g in [
        "{4|-2}",
        "{2|1||0}",
        "↑",
        "7/8",
        "{3|{2|-4}||-1}",
        "{5|{1|-1}}",
    ] {
        let (mut arena, mut th, id) = thermo(g);
        let t = th.thermograph(&mut arena, id).unwrap();
        let back: Thermograph = t.to_string().parse().unwrap();
        assert_eq!(&back, t.as_ref(), "{g}");
    }
    for bad in [
        "",
        "L (-1, 1); R (-1, 2)",
        "L (-1, 0) (1, 1) (2, 1); R (-1, 0) (1, 1) (2, 1)",
        "(-1, 0); (-1, 0)",
    ] {
        assert!(bad.parse::<Thermograph>().is_err(), "{bad}");
    }
}

fn reduced(text: &str) -> String {
    let (mut arena, mut th, g) = thermo(text);
    let r = th.reduced(&mut arena, g).unwrap();
    arena.plain(r)
}

#[test]
fn reduced_canonical_forms_by_hand() {
    assert_eq!(reduced("↑"), "0");
    assert_eq!(reduced("*"), "0");
    assert_eq!(reduced("1*"), "1");
    assert_eq!(reduced("⇑*"), "0");
    assert_eq!(reduced("{4|-2}"), "{4|-2}");
    assert_eq!(reduced("{1*|-1}"), "{1|-1}");
    // ±1 + ↑ is ±1 modulo Inf.
    let (mut arena, mut th, pm) = thermo("{1|-1}");
    let up = arena.parse("↑").unwrap();
    let sum = arena.add(pm, up);
    assert_ne!(sum, pm);
    assert_eq!(th.reduced(&mut arena, sum).unwrap(), pm);
    assert_eq!(reduced("1/2"), "1/2");
    // {2|1||0} + * is still hot; its reduced form forgets the *.
    let (mut arena, mut th, g) = thermo("{2|1||0}");
    let star = arena.nimber(1);
    let gs = arena.add(g, star);
    let r = th.reduced(&mut arena, gs).unwrap();
    assert_eq!(r, g);
}

fn atomic(text: &str) -> Result<String, String> {
    let (mut arena, mut th, g) = thermo(text);
    match th.atomic_weight(&mut arena, g).unwrap() {
        Ok(w) => Ok(arena.plain(w)),
        Err(why) => Err(why.to_string()),
    }
}

#[test]
fn atomic_weights_by_hand() {
    assert_eq!(atomic("0"), Ok("0".into()));
    assert_eq!(atomic("*"), Ok("0".into()));
    assert_eq!(atomic("*5"), Ok("0".into()));
    assert_eq!(atomic("↑"), Ok("1".into()));
    assert_eq!(atomic("↓"), Ok("-1".into()));
    assert_eq!(atomic("↑*"), Ok("1".into()));
    assert_eq!(atomic("⇑"), Ok("2".into()));
    assert_eq!(atomic("⇑*"), Ok("2".into()));
    assert_eq!(atomic("↑³*2"), Ok("3".into()));
    // Up-second ↑² = {0|↓*} weighs nothing (it is far smaller than ↑).
    assert_eq!(atomic("{0|↓*}"), Ok("0".into()));
    // ±↑ = {↑|↓}.
    assert_eq!(atomic("{↑|↓}"), Ok("0".into()));
    // Not all-small.
    assert_eq!(
        atomic("{4|-2}"),
        Err("not all-small: not even infinitesimal (its stops are 4 and -2)".into())
    );
    assert_eq!(
        atomic("1/2"),
        Err("not all-small: not even infinitesimal (its stops are 1/2 and 1/2)".into())
    );
    // tiny-2 is infinitesimal, but its follower −2 is one-sided.
    assert_eq!(
        atomic("⧾₂"),
        Err("not all-small: its follower -2 has options for one player only".into())
    );
}

#[test]
fn far_star_is_beyond_the_birthday() {
    assert_eq!(atomic::far_star(0), 2);
    assert_eq!(atomic::far_star(1), 2);
    assert_eq!(atomic::far_star(2), 4);
    assert_eq!(atomic::far_star(4), 8);
    assert_eq!(atomic::far_star(7), 8);
    assert_eq!(atomic::far_star(8), 16);
}

/// Hostile text: the readers of walls and thermographs answer with an
/// error or a value, never a panic, and what they accept prints back.
#[test]
fn readers_take_any_text() {
    use crate::rng::SplitMix64;
    let tokens = [
        "(",
        ")",
        ",",
        ";",
        " ",
        "-1",
        "0",
        "1",
        "1/2",
        "-3/4",
        "7",
        "L",
        "R",
        "x",
        "/",
        "99999999999999999999",
    ];
    let mut rng = SplitMix64(77);
    for _ in 0..20_000 {
        let text: String = (0..rng.below(14))
            .map(|_| tokens[rng.below(tokens.len())])
            .collect();
        if let Ok(t) = text.parse::<Trajectory>() {
            assert_eq!(t.to_string().parse::<Trajectory>(), Ok(t.clone()), "{text}");
        }
        if let Ok(g) = text.parse::<Thermograph>() {
            assert_eq!(
                g.to_string().parse::<Thermograph>(),
                Ok(g.clone()),
                "{text}"
            );
        }
    }
}
