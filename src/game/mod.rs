//! Short-game values: a hash-consed arena of canonical games.
