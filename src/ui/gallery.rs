//! The preset gallery: a few named positions from the literature, built by
//! `presets::build` and laid out with the automatic layout (stalks as
//! columns, components side by side), ready for the editor.

use serde::Serialize;

use crate::position::presets::{Field, Preset};
use crate::position::{pictures, presets};

use super::drawing::Drawing;
use super::quantum_views::fit;
use super::scene::{self, SceneOptions};
use super::svg;

/// One gallery entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub title: &'static str,
    /// A preset name for `presets::build`.
    pub preset: &'static str,
    pub params: &'static [&'static str],
    /// One line for the gallery card (where it comes from; no values: the
    /// engine computes those).
    pub note: &'static str,
}

pub const ENTRIES: &[Entry] = &[
    Entry {
        title: "Stalks",
        preset: "stalks",
        params: &["BR", "RB"],
        note: "Stalks side by side: a blue half BR beside a red half RB.",
    },
    Entry {
        title: "Hollyhock",
        preset: "hollyhock",
        params: &["4"],
        note: "A blue edge carrying red ones (Winning Ways).",
    },
    Entry {
        title: "Blue Meadow",
        preset: "blue-meadow",
        params: &["2", "1"],
        note: "Two blue halves and a red whole (quantum thesis, 2024).",
    },
    Entry {
        title: "Circus tent",
        preset: "circus-tent",
        params: &["3"],
        note: "Blue legs, red tops joined at one vertex.",
    },
    Entry {
        title: "Redwood table",
        preset: "redwood-furniture",
        params: &["1,2,3,4", "1-2,2-3,3-4"],
        note: "Blue feet on the ground, red everywhere else (Winning Ways).",
    },
    Entry {
        title: "Redwood bed",
        preset: "redwood-bed",
        params: &["2", "3"],
        note: "From the Childish Hackenbush thesis (2023).",
    },
    Entry {
        title: "Sprig",
        preset: "sprig",
        params: &["BR"],
        note: "A green edge with a blue-red stalk on top (misère sprigs).",
    },
    Entry {
        title: "Nim heaps",
        preset: "nim-heaps",
        params: &["3", "2"],
        note: "Green stalks are Nim heaps.",
    },
    Entry {
        title: "Random",
        preset: "random",
        params: &["7", "8"],
        note: "A seeded random graph: same seed, same graph.",
    },
    // Pictures (`position::pictures`): drawn with their own coordinates.
    Entry {
        title: "Tree",
        preset: "picture",
        params: &["tree"],
        note: "A trunk that forks four times; green leaves.",
    },
    Entry {
        title: "Flower",
        preset: "picture",
        params: &["flower"],
        note: "A stem with two leaves and six petals.",
    },
    Entry {
        title: "House",
        preset: "picture",
        params: &["house"],
        note: "Walls and roof in one block, windows, door, chimney.",
    },
    Entry {
        title: "Person",
        preset: "picture",
        params: &["person"],
        note: "A stick figure holding a balloon.",
    },
    Entry {
        title: "Bridge",
        preset: "picture",
        params: &["bridge"],
        note: "A deck on a pier between two banks, with towers.",
    },
    Entry {
        title: "Ladder",
        preset: "picture",
        params: &["ladder"],
        note: "Four rungs, a bucket on a hook, a bird on top.",
    },
    Entry {
        title: "Dog",
        preset: "picture",
        params: &["dog"],
        note: "Four legs, a wagging tail and a collar (after Winning Ways).",
    },
    Entry {
        title: "Snowman",
        preset: "picture",
        params: &["snowman"],
        note: "Three stacked rings, twig arms, a hat.",
    },
    Entry {
        title: "Pine",
        preset: "picture",
        params: &["pine"],
        note: "Triangular tiers on a trunk, baubles and a star.",
    },
    Entry {
        title: "Sailboat",
        preset: "picture",
        params: &["sailboat"],
        note: "Hull, mast, mainsail, jib and a flag.",
    },
    Entry {
        title: "Sun",
        preset: "picture",
        params: &["sun"],
        note: "A ring on a stalk with long and short rays.",
    },
    Entry {
        title: "Butterfly",
        preset: "picture",
        params: &["butterfly"],
        note: "Four wing cycles, spots and antennae.",
    },
    Entry {
        title: "Garden",
        preset: "picture",
        params: &["garden"],
        note: "A flower and a butterfly: a sum of two pictures.",
    },
];

/// Build gallery entry `index` as a drawing.
pub fn load(index: usize) -> Result<Drawing, String> {
    let e = ENTRIES
        .get(index)
        .ok_or_else(|| format!("there is no preset {index}"))?;
    if let Some(d) = picture_drawing(e) {
        return Ok(d);
    }
    build(e.preset, e.params)
}

/// A picture entry with the coordinates it was drawn with.
fn picture_drawing(e: &Entry) -> Option<Drawing> {
    if e.preset != "picture" {
        return None;
    }
    let pic = pictures::picture(e.params.first()?)?;
    Some(Drawing::from_position(&pic.position, &pic.layout))
}

/// The size a card's drawing is laid out at, in pixels: twice what the
/// card shows, so vertices and edges come out half as thick beside the
/// picture (the page's CSS scales it down).
pub const CARD_PICTURE: (f64, f64) = (480.0, 300.0);

/// Entry `index` drawn for its card as an SVG document (no labels: at card
/// size they would hide the picture), with the board's patterns in
/// colour-blind mode, or `None` for an entry that does not build.
pub fn card_picture(index: usize, colour_blind: bool) -> Option<String> {
    let d = load(index).ok()?;
    let options = SceneOptions {
        show_labels: false,
        colour_blind,
        ..SceneOptions::default()
    };
    Some(svg::to_svg(&scene::build(
        &d,
        &fit(&d, CARD_PICTURE),
        &options,
    )))
}

/// The normal-play value to print on entry `index`'s card, where it is
/// known without computing (the pictures' pinned values).
pub fn card_value(index: usize) -> Option<&'static str> {
    let e = ENTRIES.get(index)?;
    if e.preset != "picture" {
        return None;
    }
    Some(pictures::picture(e.params.first()?)?.value)
}

/// [`card_value`] as the value card writes it (`1 113/256`, not
/// `369/256`): one number format on the whole page.
pub fn card_value_pretty(index: usize) -> Option<String> {
    let plain = card_value(index)?;
    let mut arena = crate::game::Arena::new();
    let g = arena.parse(plain).ok()?;
    Some(arena.pretty(g))
}

/// Build any preset by name with string parameters (the preset form).
pub fn build(name: &str, params: &[&str]) -> Result<Drawing, String> {
    Ok(Drawing::auto(&presets::build(name, params)?))
}

/// One field of an entry's parameter form, with the entry's value in it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FormField {
    #[serde(flatten)]
    pub field: Field,
    pub value: String,
}

fn preset_of(index: usize) -> Result<(&'static Entry, Preset), String> {
    let e = ENTRIES
        .get(index)
        .ok_or_else(|| format!("there is no preset {index}"))?;
    let preset =
        Preset::from_name(e.preset).ok_or_else(|| format!("unknown preset {:?}", e.preset))?;
    Ok((e, preset))
}

/// Entry `index`'s parameters as a form filled with its own values
/// (empty for pictures and unknown entries). A list field takes all the
/// remaining parameters, joined by spaces.
pub fn form(index: usize) -> Vec<FormField> {
    let Ok((e, preset)) = preset_of(index) else {
        return Vec::new();
    };
    let mut rest = e.params.iter();
    preset
        .fields()
        .iter()
        .map(|&field| FormField {
            field,
            value: match field.kind {
                presets::FieldKind::List => rest.by_ref().copied().collect::<Vec<_>>().join(" "),
                _ => rest.next().copied().unwrap_or_default().to_string(),
            },
        })
        .collect()
}

/// Build entry `index`'s preset from its form's values (checked; an error
/// names the field).
pub fn load_form(index: usize, values: &[&str]) -> Result<Drawing, String> {
    let (_, preset) = preset_of(index)?;
    if preset.fields().is_empty() {
        return Err("this preset has no parameters".into());
    }
    Ok(Drawing::auto(&preset.build_form(values)?))
}
