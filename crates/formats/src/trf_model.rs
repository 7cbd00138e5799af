//! Between TRF records and the tournament model.
