//! Blue Meadow tables.
