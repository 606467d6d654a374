//! Playing a position: the ruleset choice, whose turn it is, legal moves,
//! and a history of moves with takeback and jump-to-move.
//!
//! A move is a list of labels (1-based, as shown on the board) and the side
//! that makes it: one label for a classical cut (or, in Uncolored
//! Hackenbush, colouring an X edge), two for a synchronous turn (Left's,
//! then Right's), and 1..w for a quantum move (several: superposed). Boards are recomputed from the moves, so a move list read
//! from a link is validated by replaying it.
//!
//! Legality and what falls are the engine's: every move goes through
//! [`Referee`] (the crate's rulesets and quantum game record). Values and
//! advice come from the engine too.

use super::referee::{record_budget, GameState, Referee};
use crate::analysis::{Request, Rules, RulesKind};
use crate::position::{print, Colour, EdgeSet, Position};
use crate::rules::Player;
use crate::sync::Conflict;
use std::sync::Arc;

/// At most this many moves are kept (a 128-edge game ends far sooner; the
/// limit bounds what a hostile link can make us replay).
pub const MAX_MOVES: usize = 1024;

/// How long the page may spend on one quantum move (with the moves before
/// it that the record replays after a takeback): moves run on the main
/// thread, so a move too heavy to play within this is refused with
/// [`PlayError::TooLarge`] instead of freezing the page (issue 26), well
/// under the 100 ms a task of the page may take.
pub const MOVE_TIMEOUT: crate::budget::Timeout = crate::budget::Timeout { millis: 50 };

/// Who makes a move: one player, or both at once (synchronous rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Left,
    Right,
    Both,
}

impl Side {
    pub fn of(p: Player) -> Side {
        match p {
            Player::Left => Side::Left,
            Player::Right => Side::Right,
        }
    }

    fn letter(self) -> char {
        match self {
            Side::Left => 'L',
            Side::Right => 'R',
            Side::Both => 'B',
        }
    }
}

/// The names the page uses for the players.
pub fn player_name(p: Player) -> &'static str {
    match p {
        Player::Left => "Left (blue)",
        Player::Right => "Right (red)",
    }
}

/// One move: its side and its labels (1-based).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SidedMove {
    pub side: Side,
    pub labels: Vec<usize>,
}

impl SidedMove {
    pub fn cut(p: Player, label: usize) -> SidedMove {
        SidedMove {
            side: Side::of(p),
            labels: vec![label],
        }
    }

    /// The compact form used in share links: side letter then labels joined
    /// by dots, e.g. `L3`, `R2.5`, `B1.4`.
    pub fn code(&self) -> String {
        let labels: Vec<String> = self.labels.iter().map(|l| l.to_string()).collect();
        format!("{}{}", self.side.letter(), labels.join("."))
    }

    /// Read [`SidedMove::code`]; the labels are checked later, against a board.
    pub fn from_code(code: &str) -> Result<SidedMove, String> {
        let mut chars = code.chars();
        let side = match chars.next() {
            Some('L') => Side::Left,
            Some('R') => Side::Right,
            Some('B') => Side::Both,
            _ => return Err(format!("move {code:?} must start with L, R or B")),
        };
        let rest = chars.as_str();
        let labels = rest
            .split('.')
            .map(|t| match t.parse::<usize>() {
                Ok(l) if (1..=crate::position::MAX_EDGES).contains(&l) => Ok(l),
                _ => Err(format!("move {code:?}: {t:?} is not an edge label")),
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SidedMove { side, labels })
    }
}

/// Which ruleset to play and who starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub rules: Rules,
    pub first: Player,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            rules: Rules::Normal,
            first: Player::Left,
        }
    }
}

/// The board between moves: each label's colour while it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Quantum: a label stands while it is present in some realisation.
    pub colours: Vec<Option<Colour>>,
    /// Set when a rule ended the game early (synchronous `tie`).
    pub ended: Option<String>,
    /// Quantum only: the realisations (sets of 0-based labels), sorted;
    /// the state's own, shared (a replayed link's boards hold hundreds of
    /// thousands, and one copy of them is enough).
    pub realisations: Arc<[EdgeSet]>,
    /// The labels (0-based) Left and Right may play on some realisation
    /// (`Referee::legal`), found once when the board is made: a quantum
    /// board may hold hundreds of thousands of realisations, and the page
    /// asks for these on every view.
    pub legal: [EdgeSet; 2],
    /// Quantum: what the move before this board did to the realisations,
    /// in words (`quantum_views::move_note`; "" at the start).
    pub note: String,
    /// Quantum: the labels (0-based) standing in every realisation, found
    /// once when the board is made (as `legal`: the page draws the others
    /// as partial on every view).
    pub everywhere: EdgeSet,
}

impl Board {
    /// Quantum play: the labels (1-based) standing in some realisations
    /// but not all.
    pub fn partial_labels(&self) -> Vec<usize> {
        if self.realisations.len() < 2 {
            return Vec::new();
        }
        self.present()
            .difference(self.everywhere)
            .iter()
            .map(|i| i + 1)
            .collect()
    }

    pub fn present(&self) -> EdgeSet {
        (0..self.colours.len())
            .filter(|&i| self.colours[i].is_some())
            .collect()
    }

    pub fn stands(&self, label: usize) -> bool {
        label >= 1 && self.colours.get(label - 1).is_some_and(Option::is_some)
    }
}

/// What to send the engine for the board now. Classical rules: the
/// standing edges as their own position (relabelled 1..). Quantum: the
/// start position and the moves played, which the engine replays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    pub position: String,
    pub rules: Rules,
    /// `labels[k]` is the board label of the request's label `k + 1`.
    pub labels: Vec<usize>,
    /// Quantum: the moves played, in request labels ("1,3").
    pub moves: Vec<String>,
    /// Who played the first of `moves`.
    pub first: Player,
}

/// An engine move in board labels, read once from the answer's text: the
/// labels of a superposed move (`"1,3"`), or one label with a colouring
/// suffix (`"3B"`: colour edge 3 blue).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMove {
    pub labels: Vec<usize>,
    pub suffix: String,
}

impl std::fmt::Display for BoardMove {
    /// `1+3`, `3B`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let labels: Vec<String> = self.labels.iter().map(|l| l.to_string()).collect();
        write!(f, "{}{}", labels.join("+"), self.suffix)
    }
}

impl AnalysisRequest {
    /// An engine move (`"1,3"`, `"3B"`) in board labels, or `None` if it
    /// names an edge the request does not have.
    pub fn board_move(&self, engine_move: &str) -> Option<BoardMove> {
        let mut suffix = String::new();
        let labels = engine_move
            .split(',')
            .map(|part| {
                suffix = part.chars().skip_while(char::is_ascii_digit).collect();
                self.board_label(part)
            })
            .collect::<Option<Vec<usize>>>()?;
        Some(BoardMove { labels, suffix })
    }

    /// The best moves of `advice` in board labels (moves naming unknown
    /// edges are left out).
    pub fn best_moves(&self, advice: &crate::analysis::MoveAdvice) -> Vec<BoardMove> {
        advice
            .labels
            .iter()
            .filter_map(|m| self.board_move(m))
            .collect()
    }

    /// Map an engine move label (`"3"`, or `"3B"` for a colouring move) back
    /// to the board's numbering.
    pub fn board_label(&self, engine_label: &str) -> Option<usize> {
        let digits: String = engine_label
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let k: usize = digits.parse().ok()?;
        self.labels.get(k.checked_sub(1)?).copied()
    }

    /// The engine's request (see `analysis::Request`).
    pub fn to_request(&self) -> Request {
        Request {
            position: self.position.clone(),
            rules: self.rules.clone(),
            moves: self.moves.clone(),
            first: self.first,
        }
    }
}

/// A quantum state replayed elsewhere (see [`Game::from_replayed`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedState {
    pub realisations: Arc<[EdgeSet]>,
    /// The labels Left and Right may play there (`Referee::legal`).
    pub legal: [EdgeSet; 2],
    /// What the move before it did, in words ("" at the start).
    pub note: String,
}

/// A game in progress. Legality and results come from [`Referee`].
pub struct Game {
    start: Position,
    setup: Setup,
    kind: RulesKind,
    referee: Referee,
    moves: Vec<SidedMove>,
    /// `states[k]` and `boards[k]`: after the first `k` moves.
    states: Vec<GameState>,
    boards: Vec<Board>,
    cursor: usize,
    selection: Vec<usize>,
    /// Set when a replay stopped early (see [`Game::replay`]).
    note: Option<String>,
    /// How long one quantum move may take ([`MOVE_TIMEOUT`] on the
    /// page, where moves run on the main thread); `None` while a replay
    /// runs within its own budget.
    move_timeout: Option<crate::budget::Timeout>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("setup", &self.setup)
            .field("moves", &self.moves)
            .field("cursor", &self.cursor)
            .finish()
    }
}

impl Game {
    /// A game at its start. Every setup plays every position (a setup is
    /// checked when it is parsed), so this cannot fail.
    pub fn new(start: Position, setup: Setup) -> Game {
        let budget = record_budget(None);
        let mut g = Game::within(start, setup, &budget);
        g.move_timeout = Some(MOVE_TIMEOUT);
        g
    }

    /// A new game whose quantum record is held within `budget`.
    fn within(start: Position, setup: Setup, budget: &crate::budget::Budget) -> Game {
        let kind = setup.rules.kind();
        let referee = Referee::new(&setup.rules, &start, budget);
        let state = referee.start();
        let board = board_of(&referee, &start, &state, None);
        Game {
            start,
            setup,
            kind,
            referee,
            moves: Vec::new(),
            states: vec![state],
            boards: vec![board],
            cursor: 0,
            selection: Vec::new(),
            note: None,
            move_timeout: None,
        }
    }

    /// A quantum game whose moves were replayed elsewhere (the page's
    /// worker, [`Game::replay_within`]): `states[k]` is after the first `k`
    /// of `moves`. Nothing is replayed here; the record only charges the
    /// page's memory for the states, and refuses them (an error) if they
    /// do not fit.
    pub fn from_replayed(
        start: Position,
        setup: Setup,
        moves: Vec<SidedMove>,
        states: Vec<ReplayedState>,
        cursor: usize,
        note: Option<String>,
    ) -> Result<Game, String> {
        if moves.len() > MAX_MOVES || states.len() != moves.len() + 1 {
            return Err("the replayed states do not match the moves".into());
        }
        let mut g = Game::new(start, setup);
        if !moves.is_empty() && !g.is_quantum() {
            return Err("only quantum moves are replayed elsewhere".into());
        }
        if let Some(q) = g.referee.quantum() {
            for (m, s) in moves.iter().zip(&states[1..]) {
                let labels: Vec<usize> = m.labels.iter().map(|l| l - 1).collect();
                q.push_replayed(side_player(m.side), labels, Arc::clone(&s.realisations))
                    .map_err(|e| format!("the replayed moves do not fit here ({e})"))?;
            }
        }
        let mut boards = Vec::with_capacity(states.len());
        g.states = states
            .into_iter()
            .map(|s| {
                let state = GameState::Quantum(s.realisations);
                boards.push(Board {
                    colours: g.referee.colours(&g.start, &state),
                    ended: None,
                    realisations: state.shared_realisations(),
                    legal: s.legal,
                    note: s.note,
                    everywhere: state.everywhere(),
                });
                state
            })
            .collect();
        g.moves = moves;
        g.boards = boards;
        g.note = note;
        g.jump(cursor);
        Ok(g)
    }

    /// A game with `moves` replayed; the first illegal one is an error.
    /// A move whose superposed state would not fit the page's memory ends
    /// the replay there: the game keeps the moves before it and says so
    /// ([`Game::note`]), so a link too large to replay still opens.
    pub fn replay(
        start: Position,
        setup: Setup,
        moves: &[SidedMove],
        cursor: usize,
    ) -> Result<Game, String> {
        let budget = record_budget(None);
        Game::replay_within(start, setup, moves, cursor, &budget)
    }

    /// [`Game::replay`] with the quantum record held within `budget`
    /// (memory and deadline: the page's worker replays a link's moves
    /// this way); running out ends the replay with a note, as memory does.
    pub fn replay_within(
        start: Position,
        setup: Setup,
        moves: &[SidedMove],
        cursor: usize,
        budget: &crate::budget::Budget,
    ) -> Result<Game, String> {
        if moves.len() > MAX_MOVES {
            return Err(format!("too many moves (at most {MAX_MOVES})"));
        }
        let mut g = Game::within(start, setup, budget);
        let quantum = g.is_quantum();
        for (k, m) in moves.iter().enumerate() {
            // Past the deadline the next quantum move is not started (its
            // meter might read the clock only after a stretch of work).
            let played = match budget.check_time() {
                Err(e) if quantum => Err(PlayError::TooLarge(e)),
                _ => g.try_play(m.clone()),
            };
            match played {
                Ok(()) => {}
                Err(PlayError::Illegal(e)) => {
                    return Err(format!("move {} ({}): {e}", k + 1, m.code()))
                }
                Err(PlayError::TooLarge(e)) => {
                    g.note = Some(format!(
                        "Replayed {k} of {} moves: move {} ({}) is too large to replay here ({e}).",
                        moves.len(),
                        k + 1,
                        m.code()
                    ));
                    g.move_timeout = Some(MOVE_TIMEOUT);
                    return Ok(g);
                }
            }
        }
        g.jump(cursor.min(moves.len()));
        g.move_timeout = Some(MOVE_TIMEOUT);
        Ok(g)
    }

    /// Why the game holds fewer moves than it was given, if it does.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn is_quantum(&self) -> bool {
        self.kind == RulesKind::Quantum
    }

    pub fn moves(&self) -> &[SidedMove] {
        &self.moves
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn board(&self) -> &Board {
        &self.boards[self.cursor]
    }

    /// The board after the first `k` moves (clamped to the moves made).
    pub fn board_at(&self, k: usize) -> &Board {
        &self.boards[k.min(self.moves.len())]
    }

    pub fn selection(&self) -> &[usize] {
        &self.selection
    }

    fn state(&self) -> &GameState {
        &self.states[self.cursor]
    }

    fn over(&self) -> bool {
        self.board().ended.is_some()
    }

    /// Who moves now.
    pub fn to_move(&self) -> Side {
        if self.kind == RulesKind::Sync {
            return match (self.can_move(Player::Left), self.can_move(Player::Right)) {
                (true, false) => Side::Left,
                (false, true) => Side::Right,
                _ => Side::Both,
            };
        }
        let p = if self.cursor.is_multiple_of(2) {
            self.setup.first
        } else {
            self.setup.first.opponent()
        };
        Side::of(p)
    }

    fn can_move(&self, p: Player) -> bool {
        if self.over() {
            return false;
        }
        // Only a lone legal label needs the flavour's word (quantum).
        match self.board().legal[player_index(p)].len() {
            0 => false,
            1 => self.referee.can_move(self.state(), p),
            _ => true,
        }
    }

    /// The labels `p` may play now (for a colouring move in Uncolored
    /// Hackenbush: the X edges it may colour; quantum: labels legal for
    /// `p` on some realisation).
    pub fn legal_labels(&self, p: Player) -> Vec<usize> {
        if self.over() {
            return Vec::new();
        }
        self.board().legal[player_index(p)]
            .iter()
            .map(|i| i + 1)
            .collect()
    }

    /// Is the game over, and if so, the sentence saying how.
    pub fn result(&self) -> Option<String> {
        if let Some(why) = &self.board().ended {
            return Some(why.clone());
        }
        let stuck = |p: Player| !self.can_move(p);
        match self.to_move() {
            Side::Both => (stuck(Player::Left) && stuck(Player::Right))
                .then(|| "Neither player can move: the game is over.".to_string()),
            side => {
                let p = side_player(side);
                if !stuck(p) || self.kind == RulesKind::Sync {
                    return None;
                }
                let winner = if self.kind == RulesKind::Misere {
                    p
                } else {
                    p.opponent()
                };
                Some(format!(
                    "{} cannot move: {} wins.",
                    player_name(p),
                    player_name(winner)
                ))
            }
        }
    }

    /// Play a move at the cursor; later moves (after a takeback) are dropped.
    pub fn play(&mut self, m: SidedMove) -> Result<(), String> {
        self.try_play(m).map_err(|e| e.to_string())
    }

    /// [`Game::play`], telling a refused move from one too large to play.
    pub fn try_play(&mut self, m: SidedMove) -> Result<(), PlayError> {
        if self.moves.len() >= MAX_MOVES {
            return Err(PlayError::Illegal(format!(
                "too many moves (at most {MAX_MOVES})"
            )));
        }
        let (state, ended) = self.after(&m)?;
        let mut board = board_of(&self.referee, &self.start, &state, ended);
        if self.kind == RulesKind::Quantum {
            let before = &self.boards[self.cursor].realisations;
            board.note =
                super::quantum_views::move_note(&self.start, before, &m, board.realisations.len());
        }
        self.moves.truncate(self.cursor);
        self.states.truncate(self.cursor + 1);
        self.boards.truncate(self.cursor + 1);
        self.moves.push(m);
        self.states.push(state);
        self.boards.push(board);
        self.cursor += 1;
        self.selection.clear();
        Ok(())
    }

    /// Cut (or colour) `label` for the player to move: a click on the board.
    /// Quantum: an unsuperposed move, if the flavour allows it.
    pub fn play_label(&mut self, label: usize) -> Result<(), String> {
        match self.to_move() {
            Side::Both => Err(
                "both players choose at once: select Left's edge, then Right's, and commit".into(),
            ),
            side => self.play(SidedMove::cut(side_player(side), label)),
        }
    }

    /// The engine state (and an early end, if a rule ends the game) after
    /// `m`, played at the cursor.
    fn after(&mut self, m: &SidedMove) -> Result<(GameState, Option<String>), PlayError> {
        if self.kind == RulesKind::Quantum && !self.over() && m.side == self.to_move() {
            return self.after_quantum(m).map(|s| (s, None));
        }
        Ok(self.after_classical(m)?)
    }

    fn after_classical(&mut self, m: &SidedMove) -> Result<(GameState, Option<String>), String> {
        if self.over() {
            return Err("the game is over".into());
        }
        let side = self.to_move();
        if m.side != side {
            return Err(match side {
                Side::Both => "both players move at once under synchronous rules".into(),
                Side::Left | Side::Right => {
                    format!("it is {}'s turn", player_name(side_player(side)))
                }
            });
        }
        for &l in &m.labels {
            if !(1..=self.start.edges.len()).contains(&l) {
                return Err(format!("there is no edge {l}"));
            }
        }
        let state = self.state().clone();
        let board = self.board();
        let present = |l: usize| -> Result<usize, String> {
            if board.stands(l) {
                Ok(l - 1)
            } else {
                Err(format!("edge {l} is not on the board"))
            }
        };
        match (m.side, m.labels.as_slice()) {
            (Side::Left | Side::Right, [label]) => {
                let e = present(*label)?;
                Ok((self.referee.play(&state, side_player(m.side), e)?, None))
            }
            (Side::Both, [l, r]) => {
                let (a, b) = (present(*l)?, present(*r)?);
                // Both choices are checked on the board before either cut.
                let left = self.referee.play(&state, Player::Left, a)?;
                self.referee.play(&state, Player::Right, b)?;
                if a == b {
                    let conflict = match &self.setup.rules {
                        Rules::Sync(options) => options.conflict,
                        _ => Conflict::Shared,
                    };
                    match conflict {
                        Conflict::Tie => {
                            let why = format!(
                                "Both chose edge {l}: under the tie rule the game ends at 0."
                            );
                            return Ok((state, Some(why)));
                        }
                        Conflict::Replay => {
                            return Err(format!(
                                "both chose edge {l}: under the replay rule, choose again"
                            ))
                        }
                        // Shared: the edge is cut once.
                        Conflict::Shared => return Ok((left, None)),
                    }
                }
                // Right's edge may have fallen with Left's cut.
                if left.present().contains(b) {
                    Ok((self.referee.play(&left, Player::Right, b)?, None))
                } else {
                    Ok((left, None))
                }
            }
            (Side::Both, _) => Err("a synchronous move is one edge for each player".into()),
            (_, []) => Err("a move needs an edge".into()),
            (_, _) => Err("a superposed move (several edges at once) needs quantum rules".into()),
        }
    }

    /// Play a quantum move through the engine's game record, which the
    /// referee keeps in step with the cursor.
    fn after_quantum(&mut self, m: &SidedMove) -> Result<GameState, PlayError> {
        let p = side_player(m.side);
        let cursor = self.cursor;
        let moves = self.moves.clone();
        let edges = self.start.edges.len();
        // One deadline for the move and whatever the record replays first.
        let clock = self.move_timeout.map(|t| record_budget(Some(t)));
        let Some(q) = self.referee.quantum() else {
            return Err(PlayError::Illegal("not a quantum game".into()));
        };
        sync_quantum(q, &moves, cursor, clock.as_ref())?;
        if let Some(&l) = m.labels.iter().find(|&&l| !(1..=edges).contains(&l)) {
            return Err(PlayError::Illegal(format!("there is no edge {l}")));
        }
        play_quantum(q, p, m, clock.as_ref())?;
        Ok(GameState::Quantum(q.state().clone()))
    }

    /// Take back the last move (it stays in the list until another move
    /// replaces it, so it can be replayed with [`Game::jump`]).
    pub fn takeback(&mut self) -> bool {
        if self.cursor == 0 {
            return false;
        }
        self.jump(self.cursor - 1);
        true
    }

    /// Show the board after the first `k` moves.
    pub fn jump(&mut self, k: usize) {
        self.cursor = k.min(self.moves.len());
        self.selection.clear();
    }

    /// Add or remove `label` from the selection (for moves of several edges).
    pub fn toggle_select(&mut self, label: usize) {
        if let Some(k) = self.selection.iter().position(|&l| l == label) {
            self.selection.remove(k);
        } else if self.board().stands(label) {
            self.selection.push(label);
        }
    }

    /// Add `label` to the selection even if it is there already (both
    /// players may choose the same green edge in a synchronous turn).
    pub fn pick(&mut self, label: usize) {
        if self.board().stands(label) {
            self.selection.push(label);
        }
    }

    pub fn clear_selection(&mut self) {
        self.selection.clear();
    }

    /// Play the selection as one move (synchronous: Left's edge then
    /// Right's; quantum: a superposed move).
    pub fn commit_selection(&mut self) -> Result<(), String> {
        let m = SidedMove {
            side: self.to_move(),
            labels: self.selection.clone(),
        };
        self.play(m)
    }

    /// The labels that would fall with `label` if the player choosing now
    /// cut it (the referee plays the cut on a copy of the board), or `None`
    /// when that player may not cut it. Quantum boards and colouring moves
    /// have no single answer and give `None`.
    pub fn would_fall(&self, label: usize) -> Option<Vec<usize>> {
        if self.kind == RulesKind::Quantum || self.over() {
            return None;
        }
        let board = self.board();
        if board.colours.get(label.checked_sub(1)?) == Some(&Some(Colour::Uncoloured)) {
            return None;
        }
        let p = match self.to_move() {
            Side::Both => match self.selection.len() {
                0 => Player::Left,
                1 => Player::Right,
                _ => return None,
            },
            side => side_player(side),
        };
        let after = self.referee.play(self.state(), p, label - 1).ok()?;
        Some(
            board
                .present()
                .difference(after.present())
                .iter()
                .map(|i| i + 1)
                .filter(|&l| l != label)
                .collect(),
        )
    }

    /// Labels that fell (rather than being cut) in the move just before the
    /// cursor, for the falling animation.
    pub fn just_fell(&self) -> Vec<usize> {
        if self.cursor == 0 {
            return Vec::new();
        }
        let (before, after) = (&self.boards[self.cursor - 1], &self.boards[self.cursor]);
        let cut = &self.moves[self.cursor - 1].labels;
        before
            .present()
            .difference(after.present())
            .iter()
            .map(|i| i + 1)
            .filter(|l| !cut.contains(l))
            .collect()
    }

    /// What to ask the engine about the board now (`None` once nothing is
    /// left to analyse).
    pub fn analysis_request(&self) -> Option<AnalysisRequest> {
        let board = self.board();
        let present = board.present();
        if present.is_empty() || board.ended.is_some() {
            return None;
        }
        if self.kind == RulesKind::Quantum {
            // The engine replays the moves from the grounded start, so the
            // request keeps every grounded edge and renumbers only past
            // edges that were never grounded.
            let grounded = self.boards[0].present();
            let labels: Vec<usize> = grounded.iter().map(|i| i + 1).collect();
            let to_request = |l: &usize| labels.iter().position(|b| b == l).map(|k| k + 1);
            let moves = self.moves[..self.cursor]
                .iter()
                .map(|m| {
                    m.labels
                        .iter()
                        .filter_map(to_request)
                        .map(|k| k.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            return Some(AnalysisRequest {
                position: print(&self.start.restrict(grounded)),
                rules: self.setup.rules.clone(),
                labels,
                moves,
                first: self.setup.first,
            });
        }
        let mut pos = self.start.clone();
        for (e, c) in pos.edges.iter_mut().zip(&board.colours) {
            if let Some(c) = c {
                e.colour = *c;
            }
        }
        Some(AnalysisRequest {
            position: print(&pos.restrict(present)),
            rules: self.setup.rules.clone(),
            labels: present.iter().map(|i| i + 1).collect(),
            moves: Vec::new(),
            first: self.setup.first,
        })
    }

    /// A sentence for the history strip.
    pub fn describe(&self, k: usize) -> String {
        let Some(m) = self.moves.get(k) else {
            return String::new();
        };
        let list = |ls: &[usize]| {
            ls.iter()
                .map(|l| l.to_string())
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let colouring = m.labels.len() == 1
            && self.boards[k].colours.get(m.labels[0] - 1) == Some(&Some(Colour::Uncoloured));
        match m.side {
            Side::Both => format!(
                "Left (blue) cuts {}, Right (red) cuts {}",
                m.labels.first().copied().unwrap_or(0),
                m.labels.get(1).copied().unwrap_or(0)
            ),
            side => {
                let p = side_player(side);
                if colouring {
                    let c = if p == Player::Left { "blue" } else { "red" };
                    format!("{} colours {} {c}", player_name(p), m.labels[0])
                } else {
                    format!("{} cuts {}", player_name(p), list(&m.labels))
                }
            }
        }
    }
}

/// The player of a one-player side (`Both` never reaches here).
fn side_player(side: Side) -> Player {
    if side == Side::Right {
        Player::Right
    } else {
        Player::Left
    }
}

fn player_index(p: Player) -> usize {
    match p {
        Player::Left => 0,
        Player::Right => 1,
    }
}

fn board_of(
    referee: &Referee,
    start: &Position,
    state: &GameState,
    ended: Option<String>,
) -> Board {
    Board {
        legal: [
            referee.legal(state, Player::Left),
            referee.legal(state, Player::Right),
        ],
        colours: referee.colours(start, state),
        ended,
        realisations: state.shared_realisations(),
        note: String::new(),
        everywhere: state.everywhere(),
    }
}

/// Bring the engine's quantum record to the first `k` of `moves` (it only
/// ever holds a prefix of them: moves are replaced only at the cursor).
fn sync_quantum(
    q: &mut crate::quantum::QuantumGame<crate::rules::Hackenbush>,
    moves: &[SidedMove],
    k: usize,
    clock: Option<&crate::budget::Budget>,
) -> Result<(), PlayError> {
    while q.history().len() > k {
        q.takeback();
    }
    for m in &moves[q.history().len()..k] {
        play_quantum(q, side_player(m.side), m, clock)?;
    }
    Ok(())
}

/// Play `m` for `p` on the quantum record, on `clock` when the move's work
/// has a deadline.
fn play_quantum(
    q: &mut crate::quantum::QuantumGame<crate::rules::Hackenbush>,
    p: Player,
    m: &SidedMove,
    clock: Option<&crate::budget::Budget>,
) -> Result<(), crate::quantum::MoveError> {
    let labels: Vec<usize> = m.labels.iter().map(|l| l - 1).collect();
    match clock {
        Some(c) => q.try_play_by(p, &labels, c),
        None => q.try_play(p, &labels),
    }
}

/// Why a move was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The rules refuse it (the message says why).
    #[error("{0}")]
    Illegal(String),
    /// Its superposed state would not fit the page's memory.
    #[error("this move is too large to play here ({0})")]
    TooLarge(crate::budget::Exceeded),
}

impl From<String> for PlayError {
    fn from(message: String) -> Self {
        PlayError::Illegal(message)
    }
}

impl From<crate::quantum::MoveError> for PlayError {
    fn from(e: crate::quantum::MoveError) -> Self {
        match e {
            crate::quantum::MoveError::Illegal(m) => PlayError::Illegal(m),
            crate::quantum::MoveError::Exceeded(e) => PlayError::TooLarge(e),
        }
    }
}
