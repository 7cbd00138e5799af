//! FIDE Tournament Report File (TRF16, TRF-2026, JaVaFo/bbpPairings extensions): reading and writing the records.
