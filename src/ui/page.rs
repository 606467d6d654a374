//! The page as data: what goes in ([`Action`]) and what comes out
//! ([`PageView`]).
//!
//! The whole page state lives in the [`Session`](super::session::Session).
//! Every control, card and caption is rendered from one `PageView`, made
//! by `Session::page_view` after every action, so two parts of the page
//! can never describe different states (the pickers one slide, the value
//! another). Actions are typed values: the DOM layer turns an event into
//! an `Action`, `Session::dispatch` applies it and returns the
//! [`Effect`]s only a browser can carry out (copying, downloading, full
//! screen, printing). Nothing in the page keeps a copy of the state, and
//! no feature drives the page by clicking its own controls.

use super::answer_view::AnswerView;
use super::board_matrix::BoardMatrix;
use super::editor::Tool;
use super::jobs::{Job, JobReply, Lane};
use super::move_preview::MovePreview;
use super::opponent::Controller;
use super::puzzle_board::BoardExploration;
use super::quantum_views::QuantumViews;
use super::session::Mode;
use super::thermograph::ThermalView;
use crate::analysis::RulesKind;
use crate::game::Outcome;
use crate::position::Colour;
use crate::puzzle::Question;
use crate::quantum::{Flavour, Width};
use crate::rules::Player;
use crate::sync::Conflict;

/// Where a message is shown: next to the control that caused it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// Under the board (a refused cut, a bad drawing edit).
    Board,
    /// Under the position box.
    Text,
    /// In the rules card.
    Rules,
    /// Beside the link and QR buttons.
    Link,
    /// Beside the export buttons.
    Export,
    /// In the slide list.
    Deck,
    /// Beside the preset form.
    Presets,
    /// In the puzzle card (make or solve).
    Puzzle,
    /// Beside the link and QR buttons of a puzzle set being solved.
    PuzzleSet,
    /// In the explorer.
    Explorer,
    /// The link the page was opened with (at the top, once).
    Opened,
    /// In the value card (Keep computing).
    Value,
}

/// A message for a place: information or an error (shown as an alert).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notice {
    pub place: Place,
    pub text: String,
    pub error: bool,
}

/// Why an action was refused: typed, shown next to the control that was
/// used (its [`Place`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct UiError {
    pub place: Place,
    pub message: String,
}

impl UiError {
    pub fn at(place: Place, message: impl Into<String>) -> UiError {
        UiError {
            place,
            message: message.into(),
        }
    }
}

/// What a share link opens at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkScope {
    /// The whole deck, opening at slide 1 (what a lecturer hands out).
    Deck,
    /// The deck, opening at the slide on screen.
    ThisSlide,
    /// The puzzle set made in the puzzle card.
    Puzzle,
}

/// The exported picture's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Png,
    Svg,
    /// A TikZ picture in a LaTeX document (`.tex`).
    Tikz,
}

/// A view a presenter can put on the screen beside (or instead of) the
/// value: the explorer or the payoff matrix of the slide's state. Each
/// slide keeps its own (it travels in links), so a lesson can go from a
/// position's value to its game tree and on to a payoff matrix.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PresenterPanel {
    #[default]
    Value,
    Explorer,
    Matrix,
}

/// Everything a person can do on the page.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    // ---- the board (CSS pixels on the canvas; `now` in milliseconds) ----
    PointerDown {
        x: f64,
        y: f64,
    },
    PointerMove {
        x: f64,
        y: f64,
    },
    PointerUp {
        x: f64,
        y: f64,
    },
    PointerCancel,
    /// The pointer moved over the board with no button pressed.
    Hover {
        x: f64,
        y: f64,
    },
    PointerLeave,
    /// A key pressed on the focused board.
    BoardKey {
        key: String,
        ctrl: bool,
        shift: bool,
    },
    /// A key pressed anywhere else but a text field (presenter keys, `?`,
    /// `H`, `V`, undo and redo).
    PageKey {
        key: String,
        ctrl: bool,
        shift: bool,
    },
    Resize {
        width: f64,
        height: f64,
    },

    // ---- editing ----
    SetMode(Mode),
    SetTool(Tool),
    SetColour(Colour),
    Undo,
    Redo,
    Clear,
    DeleteSelection,
    /// The position box's text (applied after a pause, or on Analyse).
    SetText(String),
    /// Analyse: apply the text now and ask again even if asked before.
    Analyse(String),
    LoadPreset(usize),
    LoadPresetForm {
        index: usize,
        values: Vec<String>,
    },

    // ---- rules ----
    SetRulesKind(RulesKind),
    SetFlavour(Option<Flavour>),
    SetWidth(Option<Width>),
    SetConflict(Option<Conflict>),
    SetFirst(Player),
    SetController {
        player: Player,
        controller: Controller,
    },

    // ---- play ----
    Takeback,
    Restart,
    Jump(usize),
    Commit,
    ClearPicks,
    SetSuperpose(bool),
    /// A vertex of the entanglement graph hovered (`None`: left).
    HoverLabel(Option<usize>),
    /// A realisation thumbnail hovered (0-based; `None`: left).
    HoverRealisation(Option<usize>),
    /// Zoom realisation k (0-based), or close the zoom.
    Zoom(Option<usize>),

    // ---- view ----
    SetHideValues(bool),
    SetColourBlind(bool),
    SetHalos(bool),
    SetCaption(bool),

    // ---- deck and presenting ----
    AddSlide,
    GoToSlide(usize),
    NextSlide,
    PrevSlide,
    SetSlideTitle(String),
    MoveSlide {
        from: usize,
        to: usize,
    },
    DeleteSlide(usize),
    SetPresenting(bool),
    SetPresenterPanel(PresenterPanel),

    // ---- sharing and export ----
    /// A link the page was opened with, or pasted into the address bar.
    OpenLink(String),
    CopyLink(LinkScope),
    /// The browser copied (or could not copy) the text of a place.
    Copied {
        place: Place,
        ok: bool,
    },
    ShowQr(LinkScope),
    CloseQr,
    SetExportHalos(bool),
    SetExportCaption(bool),
    Export(ExportFormat),
    /// The whole deck as one LaTeX document, a TikZ picture per slide.
    ExportDeckTikz,
    PrintHandout,

    // ---- newcomers ----
    SetIntro(bool),
    SetShortcuts(bool),
    SetLegend(bool),

    // ---- the engine ----
    /// The page sent `job` to its worker (`now`: when).
    JobStarted {
        job: Job,
    },
    /// The worker answered.
    JobDone(Box<JobReply>),
    /// Part of a running job's answer, known before the whole of it (the
    /// outcome, bounds, winning moves found so far).
    JobStage {
        job: Job,
        stage: Box<crate::analysis::Stage>,
    },
    /// Cancel the work of a lane (the Cancel button).
    CancelLane(Lane),
    /// Ask the board's question again, letting it run longer than the
    /// page's time limit that stopped it (the Keep computing button).
    KeepComputing,
    /// The page's time limit stopped `job` after `seconds`.
    TimedOut {
        job: Job,
        seconds: u32,
    },
    /// The engine opponent's turn: `random` samples a mixed strategy.
    EngineMove {
        random: u32,
    },

    // ---- teaching: explorer, matrix, making puzzles ----
    SetExplorerOpen(bool),
    ExploreStep(String),
    ExploreBack,
    SetMatrixOpen(bool),
    /// Play a cell of the payoff matrix on the board (board labels).
    MatrixStep {
        left: usize,
        right: usize,
    },
    SetDraftQuestion(Question),
    SetDraftTitle(String),
    SetDraftHint(String),
    MakePuzzle,
    AddPuzzleToSet,

    // ---- solving puzzles ----
    PuzzlePick(String),
    SetPuzzleAnswer(String),
    PuzzleCheck,
    PuzzleHint,
    PuzzleShowValue,
    PuzzleShowMove,
    PuzzleNext,
    PuzzlePrev,
    PuzzleTryAgain,
}

/// What only the browser can do, asked for by an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Put `text` on the clipboard; answer with [`Action::Copied`].
    Copy { place: Place, text: String },
    /// Offer a file for download.
    Download {
        name: String,
        mime: String,
        content: Download,
    },
    /// Enter or leave full screen.
    Fullscreen(bool),
    /// Open `html` in a new window and print it.
    Print { html: String },
    /// Remember whether the how-to-play card shows on the next visit
    /// (`false`: it was dismissed).
    RememberIntro(bool),
    /// Put the address bar's fragment (no history entry).
    ReplaceFragment(String),
}

/// A download's content.
#[derive(Clone, Debug, PartialEq)]
pub enum Download {
    /// Text (an SVG or LaTeX document).
    Text(String),
    /// The board drawn as a PNG by the page, with this caption band.
    Png {
        halos: bool,
        caption: Option<String>,
    },
}

// ------------------------------------------------------------- the view

/// Everything the page shows, from one state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PageView {
    pub mode: Mode,
    pub presenting: bool,
    pub presenter_panel: PresenterPanel,
    pub board: BoardView,
    pub edit: EditView,
    pub play: PlayView,
    pub rules: RulesView,
    pub text: TextView,
    pub value: ValueView,
    pub options: ViewOptions,
    pub history: HistoryView,
    pub quantum: Option<QuantumPanel>,
    pub deck: DeckView,
    pub share: ShareView,
    pub teach: TeachView,
    pub puzzle: Option<PuzzleView>,
    pub help: HelpView,
    /// Messages next to the controls that caused them.
    pub notices: Vec<Notice>,
}

impl PageView {
    /// The message shown at `place`, if any.
    pub fn notice(&self, place: Place) -> Option<&Notice> {
        self.notices.iter().rev().find(|n| n.place == place)
    }
}

/// The caption above the drawing and the lines under it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardView {
    /// The slide's title, or its position text.
    pub caption: String,
    /// `2/3` when there are several slides (presenter caption).
    pub slide_of: Option<String>,
    /// The rules in words, under the presenter caption: on a projector the
    /// rules card is hidden, and a deck steps between flavours and widths.
    pub caption_rules: String,
    /// The value and outcome beside the caption (empty when hidden or
    /// not known for this board).
    pub caption_value: String,
    pub caption_outcome: String,
    /// The caption's outcome is a computation's progress, not an answer
    /// (the page lets it appear after a moment, so that a quick answer
    /// does not flash it on a projector).
    pub caption_pending: bool,
    /// Whose turn, how the game ended, or what editing does.
    pub turn: String,
    /// How to pick a quantum move, after the turn ("" when presenting:
    /// the class needs whose turn it is; a phone's page hides it too, as
    /// its buttons say it and the bar is one line wide).
    pub turn_how: String,
    /// What a hovered edge would take down.
    pub preview: String,
    /// The engine as opponent: how it plays, or why it cannot move.
    pub engine_note: String,
    pub engine_blocked: bool,
    /// Edges not connected to the ground, in words ("" if none).
    pub ungrounded: String,
    /// The canvas's accessible description.
    pub description: String,
    /// In Play (a puzzle is always in Play), the board's height in CSS
    /// pixels that shows the drawing at the board's width with no more sky
    /// than its margin ([`crate::ui::viewport::Viewport::height_to_fit`]):
    /// a phone's page sizes the board so, which leaves the value or the
    /// puzzle on the first screen. The game's drawing never changes (only
    /// cuts are played), so neither does the height while it is played.
    /// `None` in Edit, where a drawing grows upward into the sky.
    pub fit_height: Option<f64>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EditView {
    pub tool: Tool,
    pub colour: Colour,
    pub can_undo: bool,
    pub can_redo: bool,
    pub can_delete: bool,
    /// A puzzle is on the board: the drawing cannot be changed.
    pub locked: bool,
}

impl Default for EditView {
    fn default() -> Self {
        EditView {
            tool: Tool::Draw,
            colour: Colour::Blue,
            can_undo: false,
            can_redo: false,
            can_delete: false,
            locked: false,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayView {
    pub left: Controller,
    pub right: Controller,
    pub first: Player,
    /// A puzzle decides who plays: the pickers are not offered.
    pub players_locked: bool,
    pub can_takeback: bool,
    pub can_restart: bool,
    pub game_over: bool,
    /// Quantum play: how a click on an edge acts.
    pub pick: Option<PickView>,
    /// Edges picked for the next move, in board labels.
    pub picked: Vec<usize>,
    /// The commit button's words, when there is a move to commit.
    pub commit: Option<String>,
    /// Why the picked move cannot be committed (the flavour refuses it).
    pub refused: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct PickView {
    /// A click picks edges for a superposed move (else it cuts one).
    pub superpose: bool,
    /// The flavour lets some edge be cut alone now ("Cut one" offered).
    pub single_cut: bool,
}

/// The rule pickers and the rule card, all of the slide on screen.
#[derive(Clone, Debug, PartialEq)]
pub struct RulesView {
    pub kind: RulesKind,
    /// Quantum only (`None`: the default).
    pub flavour: Option<Flavour>,
    pub width: Option<Width>,
    /// Synchronous only.
    pub conflict: Option<Conflict>,
    /// Two lines in words.
    pub card: [String; 2],
    /// A puzzle fixes the rules.
    pub locked: bool,
}

impl Default for RulesView {
    fn default() -> Self {
        RulesView {
            kind: RulesKind::Normal,
            flavour: None,
            width: None,
            conflict: None,
            card: Default::default(),
            locked: false,
        }
    }
}

/// The position box.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TextView {
    /// The drawing's text (what the box shows unless the person is typing).
    pub text: String,
    /// Bumped whenever the drawing changes, so the box is refilled.
    pub revision: u64,
}

/// The value card.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ValueView {
    /// Values are hidden (by the person, or by a puzzle).
    pub hidden: bool,
    pub state: ValueState,
    /// The mean, temperature and thermograph of the answer on show, when
    /// its value has one (not misère or synchronous) and values are shown.
    pub thermal: Option<ThermalView>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub enum ValueState {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// Nothing to analyse (no edges left).
    Empty,
    /// Asked: `what` is being computed; `known` says what has been found
    /// so far, each line labelled with what it is (e.g. "Outcome: …"),
    /// `outcome` the outcome class once a stage has proved it and `value`
    /// the value (people-friendly form) once it is known, before the best
    /// moves (the presenter's caption shows both while the rest is still
    /// coming).
    Computing {
        what: String,
        known: Vec<String>,
        outcome: Option<Outcome>,
        value: Option<String>,
    },
    /// The answer for the state on screen.
    Answer(Box<AnswerView>),
    /// No answer: why (too large, stopped, a bad request), and what the
    /// analysis had proved before it stopped (`known` and `outcome` as
    /// while computing, without the search's progress): still true of
    /// the state on screen.
    /// `may_extend_to`: the page's time limit stopped it, and it may run
    /// this long (seconds) if the person asks (Keep computing).
    Failed {
        what: String,
        message: String,
        known: Vec<String>,
        outcome: Option<Outcome>,
        may_extend_to: Option<u32>,
    },
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ViewOptions {
    pub hide_values: bool,
    /// A puzzle keeps values hidden: the toggle is not offered.
    pub hide_locked: bool,
    pub colour_blind: bool,
    /// Best-move halos on the board (always off while values are hidden).
    pub halos: bool,
    /// The presenter caption shows the value.
    pub caption: bool,
    pub export_halos: bool,
    pub export_caption: bool,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct HistoryView {
    /// "Start", then one entry per move (later ones after a takeback).
    pub entries: Vec<String>,
    pub cursor: usize,
}

/// Quantum play: the realisations and the entanglement graph.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantumPanel {
    pub views: QuantumViews,
    pub preview: Option<MovePreview>,
    /// The highlighted edge (graph vertex hovered, or board hover).
    pub hot: Option<usize>,
    pub hot_realisation: Option<usize>,
    /// The zoomed realisation (0-based) with its picture.
    pub zoom: Option<Zoom>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Zoom {
    pub index: usize,
    pub svg: String,
    pub caption: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeckView {
    /// Each slide's title (its position text when untitled).
    pub slides: Vec<String>,
    pub current: usize,
    /// The current slide's own title ("" when untitled).
    pub title: String,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShareView {
    /// The fragment of the whole state (the address bar).
    pub fragment: String,
    /// The QR code on show: the link and its picture.
    pub qr: Option<QrView>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct QrView {
    pub scope: LinkScope,
    pub link: String,
    /// An SVG document, or why there is none (too long).
    pub svg: Result<String, String>,
}

/// The explorer, the payoff matrix and the puzzle maker.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TeachView {
    pub explorer_open: bool,
    pub explorer: Panel<BoardExploration>,
    /// The explored state's thermograph (none while values are hidden).
    pub explorer_thermal: Option<ThermalView>,
    /// Steps taken from the board's state (board labels).
    pub path: Vec<String>,
    /// Synchronous rules only.
    pub matrix_offered: bool,
    pub matrix_open: bool,
    /// Left out (closed) while values are hidden.
    pub matrix: Panel<BoardMatrix>,
    /// Values are hidden (by the person, or by a puzzle): the explorer's
    /// content comes without them ([`BoardExploration::without_values`])
    /// and the payoff matrix is left out.
    pub values_hidden: bool,
    pub draft: DraftView,
}

/// A teaching panel's content: for the state on screen, or being made.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Panel<T> {
    #[default]
    Closed,
    Computing,
    Ready(Box<T>),
    Failed(String),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct DraftView {
    pub question: Question,
    pub title: String,
    pub hint: String,
    /// Puzzles kept for a set (made by Add to set).
    pub set: usize,
    /// The link made, once made.
    pub link: Option<String>,
    pub checking: bool,
}

/// A puzzle being solved (from a puzzle link).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PuzzleView {
    pub title: String,
    /// "Puzzle 2 of 3 · solved 1 of 3".
    pub progress: String,
    pub at: usize,
    pub count: usize,
    pub solved: usize,
    /// The question in words.
    pub question: String,
    pub kind: PuzzleKind,
    /// What the puzzle is about in words (position, rules, moves before).
    pub about: String,
    /// The moves to pick from (move questions), with whether picked.
    pub choices: Vec<(String, bool)>,
    pub choices_loading: bool,
    /// The answer typed or picked so far.
    pub answer: String,
    /// What the answer box takes, as an example in the puzzle's own
    /// notation (the box's placeholder): a value, an edge's label, a
    /// superposed move under quantum rules, a colouring under uncoloured.
    pub answer_hint: String,
    pub verdict: Option<VerdictView>,
    pub checking: bool,
    /// A game against the engine: where it stands.
    pub game: Option<String>,
    pub help: String,
    pub hints_used: usize,
    pub has_hint: bool,
    /// This puzzle is solved: Next is offered (the last one: the set is done).
    pub solved_here: bool,
    pub can_try_again: bool,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PuzzleKind {
    /// Pick or type one winning move.
    #[default]
    Move,
    /// Pick every winning move.
    EveryMove,
    /// Type the value.
    Value,
    /// Say who wins (L or R).
    Winner,
    /// Play against the engine on the board.
    Game,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerdictView {
    pub correct: bool,
    pub text: String,
    /// A wrong answer: the refutation is being played on the board.
    pub refuting: bool,
}

/// The newcomer's help: the how-to-play card, the legend, the shortcuts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HelpView {
    pub intro: bool,
    pub legend: bool,
    pub shortcuts: bool,
}
