//! Quantum play: what committing a move would do to the realisations,
//! shown while edges are picked or hovered, before anything is played.
//!
//! Each realisation either splits (several named edges are the mover's to
//! cut there: one realisation per such edge), goes on as one (exactly one
//! is), or collapses (none is); results that coincide merge. The referee's
//! flavour and width checks say whether the move would be accepted at all.

use std::collections::HashMap;

use serde::Serialize;

use crate::position::EdgeSet;
use crate::quantum::check_move;
use crate::rules::{Hackenbush, Player, Ruleset};

use super::play::Game;

/// Past this many realisations no preview is computed (it runs on every
/// pointer move; the game record itself may hold far more).
pub const PREVIEW_LIMIT: usize = 4096;

/// What one realisation would become.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "into", rename_all = "lowercase")]
pub enum Fate {
    /// Into this many realisations (two or more).
    Splits(usize),
    /// One named edge is the mover's here: one realisation still.
    Continues,
    /// No named edge is the mover's here: it dies.
    Collapses,
}

/// One realisation's part in the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RealisationPreview {
    pub fate: Fate,
    /// Some of its results coincide with other results (they merge).
    pub merges: bool,
}

/// The preview of a move: labels (1-based), the count before and after,
/// each realisation's fate (in the board's order), and a one-line summary.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MovePreview {
    pub labels: Vec<usize>,
    pub before: usize,
    pub after: usize,
    pub realisations: Vec<RealisationPreview>,
    /// Results that coincide with an earlier result (the merges).
    pub merged: usize,
    /// Why the move would be refused (flavour, width), if it would.
    pub refused: Option<String>,
    pub summary: String,
}

/// The preview of `p` naming `labels` (1-based) on the game's board, or
/// `None` outside quantum play, with no labels, or past [`PREVIEW_LIMIT`].
pub fn preview(game: &Game, p: Player, labels: &[usize]) -> Option<MovePreview> {
    let realisations = &game.board().realisations;
    let setting = game.setup().rules.setting()?;
    if !game.is_quantum() || labels.is_empty() || realisations.len() > PREVIEW_LIMIT {
        return None;
    }
    let n = game.start().edges.len();
    if labels.iter().any(|&l| l == 0 || l > n) {
        return None;
    }
    let base = Hackenbush::new(game.start().clone());
    let named: Vec<usize> = labels.iter().map(|l| l - 1).collect();
    let mut seen: HashMap<EdgeSet, usize> = HashMap::new();
    let children: Vec<Vec<EdgeSet>> = realisations
        .iter()
        .map(|r| {
            let legal = base.moves(r, p);
            named
                .iter()
                .filter(|e| legal.contains(e))
                .map(|e| base.play(r, e))
                .collect()
        })
        .collect();
    for c in children.iter().flatten() {
        *seen.entry(*c).or_insert(0) += 1;
    }
    let total: usize = children.iter().map(Vec::len).sum();
    let after = seen.len();
    let per: Vec<RealisationPreview> = children
        .iter()
        .map(|cs| RealisationPreview {
            fate: match cs.len() {
                0 => Fate::Collapses,
                1 => Fate::Continues,
                k => Fate::Splits(k),
            },
            merges: cs.iter().any(|c| seen[c] > 1),
        })
        .collect();
    let refused = check_move(&base, realisations, p, setting, &named).err();
    let mut out = MovePreview {
        labels: labels.to_vec(),
        before: realisations.len(),
        after,
        realisations: per,
        merged: total - after,
        refused,
        summary: String::new(),
    };
    out.summary = summary(&out);
    Some(out)
}

/// At most this many realisations are named in the summary.
const NAMED: usize = 4;

/// "2 realisations → 3: #1 splits in 2, #2 collapses; 1 merge."
fn summary(m: &MovePreview) -> String {
    let list: Vec<String> = m.labels.iter().map(|l| l.to_string()).collect();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let head = format!(
        "{} {}: {} realisation{} → {}",
        if m.labels.len() == 1 {
            "Cutting"
        } else {
            "Superposing"
        },
        list.join(" + "),
        m.before,
        plural(m.before),
        m.after
    );
    if let Some(why) = &m.refused {
        return format!("{head}, but the move would be refused: {why}");
    }
    let notable: Vec<String> = m
        .realisations
        .iter()
        .enumerate()
        .filter_map(|(k, r)| match r.fate {
            Fate::Splits(x) => Some(format!("#{} splits in {x}", k + 1)),
            Fate::Collapses => Some(format!("#{} collapses", k + 1)),
            Fate::Continues => None,
        })
        .collect();
    let mut s = head;
    if notable.is_empty() {
        s += ": each goes on as one";
    } else {
        s += ": ";
        s += &notable[..notable.len().min(NAMED)].join(", ");
        if notable.len() > NAMED {
            s += &format!(" and {} more", notable.len() - NAMED);
        }
    }
    if m.merged > 0 {
        s += &format!("; {} merge{}", m.merged, plural(m.merged));
    }
    if m.after == 0 {
        s += " (every realisation would collapse)";
    }
    s.push('.');
    s
}
