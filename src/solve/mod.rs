//! Memoised search over a ruleset: value, outcome, birthday, best moves.
