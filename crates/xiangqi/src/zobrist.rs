//! Zobrist hashing keys, generated at compile time by a const fn PRNG
//! (SplitMix64 from a fixed seed), so hashes are the same on every run and
//! every machine, and there is no global mutable state.

/// SplitMix64 step: returns the next state and the output.
const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// The fixed seed ("qiyuan" in ASCII).
const SEED: u64 = 0x7169_7975_616E;

/// `PIECE_SQUARE[piece.index()][square.index()]`.
pub(crate) static PIECE_SQUARE: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = SEED;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (next, out) = splitmix64(state);
            state = next;
            t[p][s] = out;
            s += 1;
        }
        p += 1;
    }
    t
};

/// XORed in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = splitmix64(SEED ^ 0xB1AC_C000_0000_0001).1;
