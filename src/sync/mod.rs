//! Synchronous Hackenbush: exact matrix games and Nash values.
