//! From TRF records to the Swiss pairing engine's input, and pairings back.
