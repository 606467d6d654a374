//! The words the page shows around a value, from typed rules and answers
//! (one source, so `www/` never re-parses a rules string): the rule card,
//! what an answer is the value of, the outcome row and the presenter
//! caption, and the caption of an exported picture ([`ExportCaption`]).

use serde::Serialize;

use crate::analysis::options::Precision;
use crate::analysis::{Answer, Request, Rules};
use crate::game::Outcome;
use crate::quantum::{Flavour, Width};
use crate::sync::Conflict;

/// The rules in words: `normal play`, `quantum, flavour C, width 3`,
/// `synchronous, conflict replay`.
pub fn rules_phrase(rules: &Rules) -> String {
    match rules {
        Rules::Normal => "normal play".into(),
        Rules::Misere => "misère play".into(),
        Rules::Childish => "childish".into(),
        Rules::Uncolored => "uncoloured".into(),
        Rules::Quantum(q) => format!(
            "quantum, flavour {}, width {}",
            q.setting.flavour, q.setting.width
        ),
        Rules::Sync(s) => {
            let mut words = String::from("synchronous");
            let default_precision = s.precision == Precision::default();
            if s.conflict != Conflict::default() || !default_precision {
                words += &format!(", conflict {}", s.conflict);
            }
            if !default_precision {
                words += &format!(", precision {}", s.precision);
            }
            words
        }
    }
}

/// What an answer is the value of: `BR R · quantum, flavour C, width 3 ·
/// after 2 moves`.
pub fn describe(req: &Request) -> String {
    let mut parts = vec![req.position.clone(), rules_phrase(&req.rules)];
    parts.extend(moves_phrase(req.moves.len()));
    parts.join(" · ")
}

/// `after 2 moves` (nothing for none).
fn moves_phrase(n: usize) -> Option<String> {
    match n {
        0 => None,
        1 => Some("after 1 move".into()),
        n => Some(format!("after {n} moves")),
    }
}

/// The note of a caption whose slide's `n` moves are not drawn.
pub fn undrawn_phrase(n: usize) -> Option<String> {
    match n {
        0 => None,
        1 => Some("its move is not drawn (too large to replay here)".into()),
        n => Some(format!(
            "its {n} moves are not drawn (too large to replay here)"
        )),
    }
}

/// The rule card: how a move goes, and how the game is won (quantum: what
/// a superposed move does at this width, and what the flavour allows).
pub fn rule_card(rules: &Rules) -> [String; 2] {
    let card = |a: &str, b: &str| [a.to_string(), b.to_string()];
    match rules {
        Rules::Normal => card(
            "Cut an edge of your colour (Left blue, Right red, green either); whatever is no longer grounded falls.",
            "Normal play: the player who cannot move loses.",
        ),
        Rules::Misere => card(
            "Same moves as normal play.",
            "Misère play: the player who cannot move wins.",
        ),
        Rules::Childish => card(
            "A cut is legal only if nothing else falls with it.",
            "The player who cannot move loses.",
        ),
        Rules::Uncolored => card(
            "While uncoloured (X) edges remain, a move colours one: Left paints blue, Right red.",
            "Then play continues as normal Hackenbush.",
        ),
        Rules::Sync(_) => card(
            "Both choose in secret (Left first, Right looks away), Left a blue or green edge, Right a red or green one; then both are revealed and cut.",
            "The value is that of the matrix game; the optimal mixed strategies show beside the edges.",
        ),
        Rules::Quantum(q) => {
            let width = match q.setting.width {
                Width::Unbounded => "any number of".to_string(),
                Width::Limited(2) => "2".to_string(),
                Width::Limited(w) => format!("2 to {w}"),
            };
            [
                format!("A superposed move names {width} edges: each realisation splits into one per named edge you may cut there; where you may cut none, it collapses."),
                flavour_card(q.setting.flavour).to_string(),
            ]
        }
    }
}

fn flavour_card(f: Flavour) -> &'static str {
    match f {
        Flavour::A => "Flavour A: an edge is never cut alone; every move superposes edges.",
        Flavour::B => "Flavour B: an edge may be cut alone only when it is the only edge you may cut anywhere.",
        Flavour::C => "Flavour C: an edge may be cut alone only when you may cut it in every realisation.",
        Flavour::CPrime => "Flavour C′: alone only if you may cut it in every realisation where you can move at all.",
        Flavour::CPrimeU => "Flavour C′u: alone when flavour B or C would allow it.",
        Flavour::D => "Flavour D: an edge may always be cut alone (realisations where it is not yours collapse).",
    }
}

/// An outcome class as the value card and the caption show it: the
/// sentence, then its letter.
pub fn outcome_line(o: Outcome) -> String {
    format!("{} ({})", outcome_sentence(o), o.letter())
}

/// An outcome class as a sentence (normal-play rulesets).
fn outcome_sentence(o: Outcome) -> &'static str {
    match o {
        Outcome::L => "Left (blue) wins whoever starts",
        Outcome::R => "Right (red) wins whoever starts",
        Outcome::P => "The second player wins",
        Outcome::N => "The first player wins",
    }
}

/// The value card and presenter caption for one answer, ready to show.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnswerView {
    /// What this is the value of (see [`describe`]).
    pub value_of: String,
    /// The value in plain notation, and as people write it.
    pub value: String,
    pub pretty: String,
    /// Misère answers are an outcome class, not a value: the value rows
    /// and the birthday are not shown.
    pub misere: bool,
    pub birthday: Option<String>,
    /// `Outcome`, `Who is ahead` (synchronous: nobody starts) or
    /// `Misère outcome`.
    pub outcome_label: String,
    pub outcome: String,
    /// Best moves (and synchronous strategies) in board labels.
    pub advice: AdviceView,
    /// The presenter caption: the value, and the outcome beside it.
    pub caption_value: String,
    pub caption_outcome: String,
}

/// The longest value the presenter caption writes out, in characters:
/// about what one caption line holds beside a short position at a
/// projector's size. A canonical form of hundreds of characters filled the
/// line, squeezed the position to its first letter and hid the outcome,
/// and was cut mid-form itself.
pub const CAPTION_VALUE_CHARS: usize = 40;

/// The presenter caption's value: `= value`, or where that is longer than
/// [`CAPTION_VALUE_CHARS`], its length (the value panel beside the board
/// writes it out), as for a value too long to print at all.
pub(crate) fn caption_value(pretty: &str) -> String {
    let n = pretty.chars().count();
    if n <= CAPTION_VALUE_CHARS {
        format!("= {pretty}")
    } else {
        value_of_length(n as u64)
    }
}

/// The caption of a value by its length alone.
fn value_of_length(chars: u64) -> String {
    format!("value of {} characters", grouped(chars))
}

/// The view of `answer` to `req`; `advice` is the best moves in board
/// labels (the session maps the engine's labels).
pub fn view(req: &Request, answer: &Answer, advice: AdviceView) -> AnswerView {
    let pretty = shown_value(answer);
    let letter = answer.outcome.map(|o| o.letter().to_string());
    let (label, outcome) = match &req.rules {
        Rules::Misere => (
            "Misère outcome",
            format!(
                "Misère outcome {}: {}",
                letter.as_deref().unwrap_or(&answer.value),
                answer.outcome_sentence
            ),
        ),
        Rules::Sync(_) => (
            "Who is ahead",
            match &answer.outcome_unknown {
                Some(why) => format!("{} ({why})", answer.outcome_sentence),
                None => answer.outcome_sentence.clone(),
            },
        ),
        _ => (
            "Outcome",
            match answer.outcome {
                Some(o) => outcome_line(o),
                None if !answer.outcome_sentence.is_empty() => answer.outcome_sentence.clone(),
                None => "not decided".into(),
            },
        ),
    };
    let misere = matches!(req.rules, Rules::Misere);
    AnswerView {
        value_of: describe(req),
        // Empty for a value too long to show: the page hides the row.
        value: answer.value.clone(),
        caption_value: if misere {
            format!("misère {}", letter.as_deref().unwrap_or(&answer.value))
        } else if let Some(e) = answer.elided {
            value_of_length(e.chars)
        } else {
            caption_value(&pretty)
        },
        caption_outcome: match req.rules {
            Rules::Misere | Rules::Sync(_) => answer.outcome_sentence.clone(),
            _ => outcome.clone(),
        },
        pretty,
        misere,
        birthday: answer.birthday.filter(|_| !misere).map(|b| b.to_string()),
        outcome_label: label.into(),
        outcome,
        advice,
    }
}

/// The value card's best moves, in board labels: a line per player, then
/// the synchronous strategies. Shown as text it is what the card used to
/// read as one string (`Left (blue) wins with: 1 · Right (red) best
/// (losing): 2, 3`, `—` when there is nothing), and what tests compare.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct AdviceView {
    pub lines: Vec<MoveLine>,
    /// Synchronous rules: both optimal mixed strategies as a sentence.
    pub strategies: Option<String>,
}

/// One player's best moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveLine {
    /// `Left (blue)` or `Right (red)`.
    pub player: String,
    /// Whether the moves win; unused when there are none.
    pub winning: bool,
    /// The moves as the board names them (`3`, `1+4`), classical first.
    pub moves: Vec<String>,
}

/// A line of more than this many moves shows its first [`FOLD_SHOWN`] and
/// folds the rest behind a button: a quantum drawing of ten edges has
/// hundreds of best superposed moves, and listed whole they push the
/// rules and the position off a projector's screen.
pub const FOLD_OVER: usize = 16;
/// How many moves a folded line shows.
pub const FOLD_SHOWN: usize = 12;

/// Where a list of `len` items folds: its first [`FOLD_SHOWN`] items stay
/// in view when it has more than [`FOLD_OVER`], all of them otherwise.
fn fold_at(len: usize) -> usize {
    if len > FOLD_OVER {
        FOLD_SHOWN
    } else {
        len
    }
}

/// Which items of a list its folded view hides: each past the fold
/// ([`fold_at`]) that is not `essential` (the explorer's options kept in
/// the canonical form stay in view, however far down their player's list
/// they come).
pub fn folded_away(essential: &[bool]) -> Vec<bool> {
    let fold = fold_at(essential.len());
    essential
        .iter()
        .enumerate()
        .map(|(i, &keep)| i >= fold && !keep)
        .collect()
}

impl MoveLine {
    /// `Left (blue) wins with`, `Right (red) best (losing)` or
    /// `Left (blue): no move`: the words before the moves.
    pub fn lead(&self) -> String {
        match (self.moves.is_empty(), self.winning) {
            (true, _) => format!("{}: no move", self.player),
            (false, true) => format!("{} wins with", self.player),
            (false, false) => format!("{} best (losing)", self.player),
        }
    }

    /// The moves shown while the line is folded, and the ones folded away
    /// (none when the line is short enough to show whole).
    pub fn folded(&self) -> (&[String], &[String]) {
        self.moves.split_at(fold_at(self.moves.len()))
    }

    /// The line as text, folded: the moves [`Self::folded`] keeps in
    /// view, then how many more there are ("Left (blue) wins with: 1,
    /// 2+5, … and 85 more"), where no button can unfold it (the value
    /// card's list of what is known while the answer is coming).
    pub fn folded_text(&self) -> String {
        let (shown, away) = self.folded();
        let mut text = self.lead();
        if !shown.is_empty() {
            text += &format!(": {}", shown.join(", "));
        }
        if !away.is_empty() {
            text += &format!(" … and {} more", away.len());
        }
        text
    }
}

impl std::fmt::Display for MoveLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.lead())?;
        if !self.moves.is_empty() {
            write!(f, ": {}", self.moves.join(", "))?;
        }
        Ok(())
    }
}

impl AdviceView {
    /// No best moves and no strategies: the card shows `—`.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty() && self.strategies.is_none()
    }
}

impl std::fmt::Display for AdviceView {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.is_empty() {
            return f.write_str("—");
        }
        for (i, line) in self.lines.iter().enumerate() {
            if i > 0 {
                f.write_str(" · ")?;
            }
            write!(f, "{line}")?;
        }
        if let Some(s) = &self.strategies {
            if !self.lines.is_empty() {
                f.write_str("\n")?;
            }
            f.write_str(s)?;
        }
        Ok(())
    }
}

/// The caption under an exported picture or a handout page: the slide's
/// title (else what stands on the board), the rules, and the value only
/// when the answer on hand is the answer for this very board.
///
/// Shown as one line: `Quantum circus tent · quantum, flavour C, width 2 ·
/// value ½`, or without a title `BR R · normal play · after 1 move`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ExportCaption {
    /// The slide's title (`None` when untitled).
    pub title: Option<String>,
    /// The position as text (`empty board` when nothing stands), shown
    /// only when there is no title.
    pub position: String,
    /// The rules in words ([`rules_phrase`]).
    pub rules: String,
    /// Moves played that the value takes into account (quantum play
    /// replays them; other rules show the board after them).
    pub moves: usize,
    /// Moves of the slide that are not drawn: replaying them would take
    /// the page too long (a heavy quantum slide not on screen), so its
    /// picture shows the position before them.
    pub undrawn: usize,
    pub value: Option<CaptionValue>,
}

/// The value in a caption: a value, or under misère play an outcome class.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum CaptionValue {
    Value(String),
    MisereOutcome(String),
}

impl std::fmt::Display for CaptionValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CaptionValue::Value(v) => write!(f, "value {v}"),
            CaptionValue::MisereOutcome(o) => write!(f, "misère outcome {o}"),
        }
    }
}

impl ExportCaption {
    /// The caption for a board under `rules` titled `title` (blank: none),
    /// whose engine request is `req` (`None`: nothing stands), with
    /// `answer` if it is the answer to `req`.
    pub fn new(
        title: Option<&str>,
        rules: &Rules,
        req: Option<&Request>,
        answer: Option<&Answer>,
    ) -> ExportCaption {
        let value = req.zip(answer).map(|(req, a)| match req.rules {
            Rules::Misere => CaptionValue::MisereOutcome(
                a.outcome
                    .map_or_else(|| a.value.clone(), |o| o.letter().to_string()),
            ),
            _ => CaptionValue::Value(shown_value(a)),
        });
        ExportCaption {
            title: title
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(String::from),
            position: req.map_or_else(|| "empty board".into(), |r| r.position.clone()),
            rules: rules_phrase(req.map_or(rules, |r| &r.rules)),
            moves: req.map_or(0, |r| r.moves.len()),
            undrawn: 0,
            value,
        }
    }

    /// What the picture is: the title, else the position.
    pub fn subject(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.position)
    }

    /// The rest of the line: rules, moves, value.
    pub fn details(&self) -> String {
        let mut parts = vec![self.rules.clone()];
        parts.extend(moves_phrase(self.moves));
        parts.extend(undrawn_phrase(self.undrawn));
        parts.extend(self.value.as_ref().map(ToString::to_string));
        parts.join(" · ")
    }
}

impl std::fmt::Display for ExportCaption {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} · {}", self.subject(), self.details())
    }
}

/// The value as the page shows it: the pretty form, else the plain one,
/// or for a value too long to show, its length.
fn shown_value(answer: &Answer) -> String {
    match answer.elided {
        Some(e) => format!("too long to show ({} characters)", grouped(e.chars)),
        None if answer.pretty.is_empty() => answer.value.clone(),
        None => answer.pretty.clone(),
    }
}

/// The page's message when values are too long to show (`None` for the
/// other limits, which have advice of their own).
pub fn too_long_message(e: &crate::budget::Exceeded) -> Option<String> {
    match e {
        crate::budget::Exceeded::Text { .. } => Some(format!(
            "Too long to show here: {e} — the command-line tool prints it (hackenbush options)"
        )),
        _ => None,
    }
}

/// `46123456` as `46,123,456`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The message shown when the page's time limit stops an analysis: what
/// to try instead (a narrower width only where the width is not 2 already).
pub fn stopped_message(req: &Request, seconds: u32) -> String {
    format!(
        "Too large to analyse here within {seconds} s — try {} (the command-line tool has no time limit).",
        narrower(req)
    )
}

/// The Keep computing button's words for a limit of `seconds`: "Keep
/// computing (up to 5 min)", in seconds below two minutes.
pub fn keep_computing_label(seconds: u32) -> String {
    let span = if seconds >= 120 {
        format!("{} min", seconds.div_ceil(60))
    } else {
        format!("{seconds} s")
    };
    format!("Keep computing (up to {span})")
}

/// What to try when `req` is too large for the page: a narrower width
/// than the one in force (width 3 first: it keeps the most of the rules
/// asked for, and the wide moves it leaves out are what make unbounded
/// width costly), or fewer edges.
pub fn narrower(req: &Request) -> &'static str {
    use crate::quantum::Width;
    match req.rules.setting().map(|s| s.width) {
        Some(Width::Unbounded) => "width 3 or 2, or fewer edges",
        Some(Width::Limited(w)) if w > 3 => "width 3 or 2, or fewer edges",
        Some(Width::Limited(3)) => "width 2 or fewer edges",
        _ => "fewer edges",
    }
}
