//! Playing a position: the ruleset choice, whose turn it is, legal moves,
//! and a history of moves with takeback and jump-to-move.
//!
//! A move is a list of labels (1-based, as shown on the board) and the side
//! that makes it: one label for a classical cut (or, in Uncolored
//! Hackenbush, colouring an X edge), two for a synchronous turn (Left's,
//! then Right's), and 2..w for a quantum superposed move once the quantum
//! engine lands. Boards are recomputed from the moves, so a move list read
//! from a link is validated by replaying it.
//!
//! Only the rules of play live here (which cuts are legal, what falls);
//! values and advice come from the engine.

use crate::analysis::{Options, RulesChoice, RulesKind};
use crate::position::{print, Colour, EdgeSet, Position};
use crate::rules::Player;

/// At most this many moves are kept (a 128-edge game ends far sooner; the
/// limit bounds what a hostile link can make us replay).
pub const MAX_MOVES: usize = 1024;

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
pub struct Move {
    pub side: Side,
    pub labels: Vec<usize>,
}

impl Move {
    pub fn cut(p: Player, label: usize) -> Move {
        Move {
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

    /// Read [`Move::code`]; the labels are checked later, against a board.
    pub fn from_code(code: &str) -> Result<Move, String> {
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
        Ok(Move { side, labels })
    }
}

/// Which ruleset to play and who starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub choice: RulesChoice,
    pub first: Player,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            choice: RulesChoice {
                rules: "normal".into(),
                ..RulesChoice::default()
            },
            first: Player::Left,
        }
    }
}

/// The board between moves: each label's colour while it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub colours: Vec<Option<Colour>>,
    /// Set when a rule ended the game early (synchronous `tie`).
    pub ended: Option<String>,
}

impl Board {
    pub fn present(&self) -> EdgeSet {
        (0..self.colours.len())
            .filter(|&i| self.colours[i].is_some())
            .collect()
    }

    pub fn stands(&self, label: usize) -> bool {
        label >= 1 && self.colours.get(label - 1).is_some_and(Option::is_some)
    }
}

/// What to send the engine for the board now: the standing edges as their
/// own position (relabelled 1..), and how to map its labels back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisRequest {
    pub position: String,
    pub choice: RulesChoice,
    /// `labels[k]` is the board label of the request's label `k + 1`.
    pub labels: Vec<usize>,
}

impl AnalysisRequest {
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
}

/// A game in progress.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    setup: Setup,
    kind: RulesKind,
    moves: Vec<Move>,
    /// `boards[k]` is the board after the first `k` moves.
    boards: Vec<Board>,
    cursor: usize,
    selection: Vec<usize>,
}

impl Game {
    pub fn new(start: Position, setup: Setup) -> Result<Game, String> {
        let kind = Options::from_choice(&setup.choice)?.kind;
        let grounded = start.grounded(start.full_set());
        let board = Board {
            // Ungrounded edges fall before the game begins.
            colours: (0..start.edges.len())
                .map(|i| grounded.contains(i).then_some(start.edges[i].colour))
                .collect(),
            ended: None,
        };
        Ok(Game {
            start,
            setup,
            kind,
            moves: Vec::new(),
            boards: vec![board],
            cursor: 0,
            selection: Vec::new(),
        })
    }

    /// A game with `moves` replayed; the first illegal one is an error.
    pub fn replay(
        start: Position,
        setup: Setup,
        moves: &[Move],
        cursor: usize,
    ) -> Result<Game, String> {
        if moves.len() > MAX_MOVES {
            return Err(format!("too many moves (at most {MAX_MOVES})"));
        }
        let mut g = Game::new(start, setup)?;
        for (k, m) in moves.iter().enumerate() {
            g.play(m.clone())
                .map_err(|e| format!("move {} ({}): {e}", k + 1, m.code()))?;
        }
        g.jump(cursor.min(moves.len()));
        Ok(g)
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn board(&self) -> &Board {
        &self.boards[self.cursor]
    }

    pub fn selection(&self) -> &[usize] {
        &self.selection
    }

    /// Who moves now.
    pub fn to_move(&self) -> Side {
        if self.kind == RulesKind::Sync {
            let board = self.board();
            return match (
                !self.legal(board, Player::Left).is_empty(),
                !self.legal(board, Player::Right).is_empty(),
            ) {
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

    /// The labels `p` may play now (for a colouring move in Uncolored
    /// Hackenbush: the X edges it may colour).
    pub fn legal_labels(&self, p: Player) -> Vec<usize> {
        self.legal(self.board(), p).iter().map(|i| i + 1).collect()
    }

    fn legal(&self, board: &Board, p: Player) -> EdgeSet {
        if board.ended.is_some() || self.kind == RulesKind::Quantum {
            return EdgeSet::EMPTY;
        }
        let present = board.present();
        let pos = self.board_position(board);
        if self.kind == RulesKind::Uncolored {
            let pending: EdgeSet = present
                .iter()
                .filter(|&i| board.colours[i] == Some(Colour::Uncoloured))
                .collect();
            if !pending.is_empty() {
                return pending;
            }
        }
        let cuttable = pos.cuttable(present, p);
        if self.kind == RulesKind::Childish {
            return cuttable
                .iter()
                .filter(|&e| pos.cut(present, e) == present.without(e))
                .collect();
        }
        cuttable
    }

    /// The start position with the board's colours (X edges coloured so far).
    fn board_position(&self, board: &Board) -> Position {
        let mut p = self.start.clone();
        for (e, c) in p.edges.iter_mut().zip(&board.colours) {
            if let Some(c) = c {
                e.colour = *c;
            }
        }
        p
    }

    /// Is the game over, and if so, the sentence saying how.
    pub fn result(&self) -> Option<String> {
        let board = self.board();
        if let Some(why) = &board.ended {
            return Some(why.clone());
        }
        if self.kind == RulesKind::Quantum {
            return None;
        }
        let stuck = |p: Player| self.legal(board, p).is_empty();
        match self.to_move() {
            Side::Both => (stuck(Player::Left) && stuck(Player::Right))
                .then(|| "Neither player can move: the game is over.".to_string()),
            side => {
                let p = if side == Side::Left {
                    Player::Left
                } else {
                    Player::Right
                };
                if !stuck(p) {
                    return None;
                }
                if self.kind == RulesKind::Sync {
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
    pub fn play(&mut self, m: Move) -> Result<(), String> {
        if self.moves.len() >= MAX_MOVES {
            return Err(format!("too many moves (at most {MAX_MOVES})"));
        }
        let next = self.after(&m)?;
        self.moves.truncate(self.cursor);
        self.boards.truncate(self.cursor + 1);
        self.moves.push(m);
        self.boards.push(next);
        self.cursor += 1;
        self.selection.clear();
        Ok(())
    }

    /// Cut (or colour) `label` for the player to move: a click on the board.
    pub fn play_label(&mut self, label: usize) -> Result<(), String> {
        match self.to_move() {
            Side::Left => self.play(Move::cut(Player::Left, label)),
            Side::Right => self.play(Move::cut(Player::Right, label)),
            Side::Both => Err(
                "both players choose at once: select Left's edge, then Right's, and commit".into(),
            ),
        }
    }

    /// The board after `m`, played at the cursor.
    fn after(&self, m: &Move) -> Result<Board, String> {
        let board = self.board();
        if self.kind == RulesKind::Quantum {
            return Err(
                "quantum play needs the quantum engine, which is not in this build yet".into(),
            );
        }
        if board.ended.is_some() {
            return Err("the game is over".into());
        }
        let side = self.to_move();
        if m.side != side {
            return Err(match side {
                Side::Both => "both players move at once under synchronous rules".into(),
                Side::Left | Side::Right => format!(
                    "it is {}'s turn",
                    player_name(if side == Side::Left {
                        Player::Left
                    } else {
                        Player::Right
                    })
                ),
            });
        }
        let check = |p: Player, label: usize| -> Result<usize, String> {
            let i = label.wrapping_sub(1);
            if !board.stands(label) {
                return Err(format!("edge {label} is not on the board"));
            }
            if !self.legal(board, p).contains(i) {
                return Err(format!("{} may not play edge {label}", player_name(p)));
            }
            Ok(i)
        };
        let pos = self.board_position(board);
        let mut next = board.clone();
        let fall = |next: &mut Board, present: EdgeSet| {
            for (i, c) in next.colours.iter_mut().enumerate() {
                if !present.contains(i) {
                    *c = None;
                }
            }
        };
        match (m.side, m.labels.as_slice()) {
            (Side::Left | Side::Right, [label]) => {
                let p = if m.side == Side::Left {
                    Player::Left
                } else {
                    Player::Right
                };
                let i = check(p, *label)?;
                if board.colours[i] == Some(Colour::Uncoloured) {
                    next.colours[i] = Some(match p {
                        Player::Left => Colour::Blue,
                        Player::Right => Colour::Red,
                    });
                } else {
                    fall(&mut next, pos.cut(board.present(), i));
                }
                Ok(next)
            }
            (Side::Both, [l, r]) => {
                let a = check(Player::Left, *l)?;
                let b = check(Player::Right, *r)?;
                if a == b {
                    match self.setup.choice.conflict.as_deref().unwrap_or("shared") {
                        "tie" => {
                            next.ended = Some(format!(
                                "Both chose edge {l}: under the tie rule the game ends at 0."
                            ));
                            return Ok(next);
                        }
                        "replay" => {
                            return Err(format!(
                                "both chose edge {l}: under the replay rule, choose again"
                            ))
                        }
                        _ => {}
                    }
                }
                let present = board.present().without(a).without(b);
                fall(&mut next, pos.grounded(present));
                Ok(next)
            }
            (Side::Both, _) => Err("a synchronous move is one edge for each player".into()),
            (_, []) => Err("a move needs an edge".into()),
            (_, _) => Err("a superposed move (several edges at once) needs quantum rules".into()),
        }
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

    pub fn clear_selection(&mut self) {
        self.selection.clear();
    }

    /// Play the selection as one move (synchronous: Left's edge then
    /// Right's; quantum: a superposed move).
    pub fn commit_selection(&mut self) -> Result<(), String> {
        let m = Move {
            side: self.to_move(),
            labels: self.selection.clone(),
        };
        self.play(m)
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
    /// left to analyse, or for quantum states, which are not positions).
    pub fn analysis_request(&self) -> Option<AnalysisRequest> {
        if self.kind == RulesKind::Quantum && self.cursor > 0 {
            return None;
        }
        let board = self.board();
        let present = board.present();
        if present.is_empty() || board.ended.is_some() {
            return None;
        }
        let pos = self.board_position(board).restrict(present);
        Some(AnalysisRequest {
            position: print(&pos),
            choice: self.setup.choice.clone(),
            labels: present.iter().map(|i| i + 1).collect(),
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
                let p = if side == Side::Left {
                    Player::Left
                } else {
                    Player::Right
                };
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
