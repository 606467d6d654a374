//! The hash-consed arena: every game is stored once, in canonical form, and
//! named by a [`GameId`]. Equal games therefore have equal ids, and the
//! caches of comparisons and sums are keyed by ids.

use super::dyadic::Dyadic;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// A hash of a game's two option lists (each list hashes its length, so
/// where one ends is part of the hash).
fn options_hash(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

/// A canonical short game in an [`Arena`]. Ids are only meaningful within
/// the arena that made them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub(crate) u32);

impl GameId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A game's Left and Right options, shared cheaply.
pub type OptionLists = (Rc<[GameId]>, Rc<[GameId]>);

/// How a canonical game is stored. Numbers and number-plus-nimber games are
/// kept symbolic (their options are made on demand), so that huge numbers
/// cost nothing and the common arithmetic on them is direct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Node {
    /// The number x.
    Number(Dyadic),
    /// x + *n with n ≥ 1.
    Nimbered(Dyadic, u32),
    /// Any other canonical game, by its (sorted) option lists.
    Other {
        left: Rc<[GameId]>,
        right: Rc<[GameId]>,
    },
}

/// Two games as one cache key.
pub(crate) fn pair_key(g: GameId, h: GameId) -> u64 {
    (u64::from(g.0) << 32) | u64::from(h.0)
}

/// The arena of canonical games with its operation caches.
pub struct Arena {
    pub(crate) nodes: Vec<Node>,
    /// Option lists, filled at creation for `Other` and lazily for numbers.
    pub(crate) options: Vec<Option<OptionLists>>,
    pub(crate) birthdays: Vec<u64>,
    /// Numbers and x + *n by value.
    pub(crate) index: FxHashMap<Node, GameId>,
    /// Other games by a hash of their option lists (see
    /// [`Arena::intern_other`]): looked up from the lists as built, so a
    /// game already here costs no allocation.
    others: FxHashMap<u64, GameId>,
    /// Further games whose option lists hash alike (rare).
    clashes: FxHashMap<u64, Vec<GameId>>,
    /// Comparisons and sums by [`pair_key`]: one word, hashed in one step.
    pub(crate) le_cache: FxHashMap<u64, bool>,
    pub(crate) sum_cache: FxHashMap<u64, GameId>,
    pub(crate) neg_cache: FxHashMap<GameId, GameId>,
}

impl Default for Arena {
    fn default() -> Self {
        Arena::new()
    }
}

impl Arena {
    pub fn new() -> Arena {
        let mut arena = Arena {
            nodes: Vec::new(),
            options: Vec::new(),
            birthdays: Vec::new(),
            index: FxHashMap::default(),
            others: FxHashMap::default(),
            clashes: FxHashMap::default(),
            le_cache: FxHashMap::default(),
            sum_cache: FxHashMap::default(),
            neg_cache: FxHashMap::default(),
        };
        let zero = arena.number(Dyadic::zero());
        debug_assert_eq!(zero, GameId(0));
        arena
    }

    /// Room for the games and comparisons of a small search, made by a
    /// solver before its first one: even a small search makes hundreds of
    /// games and compares thousands of pairs, and growing the tables from
    /// empty costs a good share of it.
    pub(crate) fn reserve_for_a_search(&mut self) {
        const GAMES: usize = 256;
        self.nodes.reserve(GAMES);
        self.options.reserve(GAMES);
        self.birthdays.reserve(GAMES);
        self.index.reserve(GAMES);
        self.others.reserve(GAMES);
        self.le_cache.reserve(8 * GAMES);
        self.sum_cache.reserve(2 * GAMES);
    }

    /// How many distinct canonical games the arena holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The bytes the arena's tables take: nodes and their option lists,
    /// the index and the operation caches (for budgets; an estimate that
    /// counts table slots and option arrays, not allocator overhead).
    pub fn approx_bytes(&self) -> u64 {
        use crate::budget::table_bytes;
        use std::mem::size_of;
        let per_game = size_of::<Node>() + size_of::<Option<OptionLists>>() + size_of::<u64>();
        let option_ids: usize = self
            .options
            .iter()
            .flatten()
            .map(|(l, r)| l.len() + r.len())
            .sum();
        (self.nodes.capacity() * per_game + option_ids * size_of::<GameId>()) as u64
            + table_bytes(&self.index)
            + table_bytes(&self.others)
            + table_bytes(&self.clashes)
            + table_bytes(&self.le_cache)
            + table_bytes(&self.sum_cache)
            + table_bytes(&self.neg_cache)
    }

    /// Intern a node known to be canonical.
    pub(crate) fn intern(&mut self, node: Node) -> GameId {
        if let Node::Other { left, right } = &node {
            return self.intern_other(left, right);
        }
        if let Some(&id) = self.index.get(&node) {
            return id;
        }
        let birthday = match &node {
            Node::Number(x) => x.birthday(),
            Node::Nimbered(x, n) => x.birthday().saturating_add(*n as u64),
            Node::Other { .. } => unreachable!("interned by option lists"),
        };
        let id = self.push(node.clone(), None, birthday);
        self.index.insert(node, id);
        id
    }

    /// Intern the canonical game {left | right} (sorted option lists, not
    /// a number or x + *n).
    pub(crate) fn intern_other(&mut self, left: &[GameId], right: &[GameId]) -> GameId {
        let hash = options_hash(left, right);
        let same = |arena: &Arena, id: GameId| match arena.node(id) {
            Node::Other { left: l, right: r } => **l == *left && **r == *right,
            _ => false,
        };
        let first = self.others.get(&hash).copied();
        if let Some(id) = first {
            if same(self, id) {
                return id;
            }
            if let Some(ids) = self.clashes.get(&hash) {
                if let Some(&id) = ids.iter().find(|&&id| same(self, id)) {
                    return id;
                }
            }
        }
        let birthday = left
            .iter()
            .chain(right)
            .map(|g| self.birthdays[g.index()])
            .max()
            .map_or(0, |m| m.saturating_add(1));
        let (left, right): (Rc<[GameId]>, Rc<[GameId]>) = (left.into(), right.into());
        let node = Node::Other {
            left: left.clone(),
            right: right.clone(),
        };
        let id = self.push(node, Some((left, right)), birthday);
        match first {
            Some(_) => self.clashes.entry(hash).or_default().push(id),
            None => {
                self.others.insert(hash, id);
            }
        }
        id
    }

    fn push(&mut self, node: Node, options: Option<OptionLists>, birthday: u64) -> GameId {
        let id = GameId(u32::try_from(self.nodes.len()).expect("arena overflow"));
        self.nodes.push(node);
        self.options.push(options);
        self.birthdays.push(birthday);
        id
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.index()]
    }

    /// The game 0 = {|}.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The number x.
    pub fn number(&mut self, x: Dyadic) -> GameId {
        self.intern(Node::Number(x))
    }

    pub fn integer(&mut self, n: i64) -> GameId {
        self.number(Dyadic::integer(n))
    }

    /// The nimber *n.
    pub fn nimber(&mut self, n: u32) -> GameId {
        self.number_nimber(Dyadic::zero(), n)
    }

    /// The game x + *n.
    pub fn number_nimber(&mut self, x: Dyadic, n: u32) -> GameId {
        if n == 0 {
            self.number(x)
        } else {
            self.intern(Node::Nimbered(x, n))
        }
    }

    /// The number this game equals, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<&Dyadic> {
        match self.node(g) {
            Node::Number(x) => Some(x),
            _ => None,
        }
    }

    /// (x, n) if this game equals x + *n (n may be 0 for numbers).
    pub fn as_number_nimber(&self, g: GameId) -> Option<(&Dyadic, u32)> {
        match self.node(g) {
            Node::Number(x) => Some((x, 0)),
            Node::Nimbered(x, n) => Some((x, *n)),
            Node::Other { .. } => None,
        }
    }

    pub fn is_number(&self, g: GameId) -> bool {
        matches!(self.node(g), Node::Number(_))
    }

    /// The birthday of the canonical form.
    pub fn birthday(&self, g: GameId) -> u64 {
        self.birthdays[g.index()]
    }

    /// Both canonical option lists.
    pub fn options(&mut self, g: GameId) -> OptionLists {
        if let Some(o) = &self.options[g.index()] {
            return o.clone();
        }
        let (left, right): (Vec<GameId>, Vec<GameId>) = match self.node(g).clone() {
            Node::Number(x) => {
                let (l, r) = x.options();
                (
                    l.into_iter().map(|d| self.number(d)).collect(),
                    r.into_iter().map(|d| self.number(d)).collect(),
                )
            }
            Node::Nimbered(x, n) => {
                let opts: Vec<GameId> = (0..n).map(|k| self.number_nimber(x.clone(), k)).collect();
                (opts.clone(), opts)
            }
            Node::Other { left, right } => (left.to_vec(), right.to_vec()),
        };
        let o: OptionLists = (left.into(), right.into());
        self.options[g.index()] = Some(o.clone());
        o
    }

    /// The Left options alone (only that list's count is touched).
    pub fn left_options(&mut self, g: GameId) -> Rc<[GameId]> {
        match &self.options[g.index()] {
            Some((left, _)) => left.clone(),
            None => self.options(g).0,
        }
    }

    /// The Right options alone.
    pub fn right_options(&mut self, g: GameId) -> Rc<[GameId]> {
        match &self.options[g.index()] {
            Some((_, right)) => right.clone(),
            None => self.options(g).1,
        }
    }
}
