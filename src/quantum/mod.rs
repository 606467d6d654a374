//! Quantum-inspired play: superposed states over any labelled ruleset.
