//! Baku acceleration (FIDE C.04.5.1): the virtual points a player's pairing
//! score gets in the first rounds, to be given to the engine as
//! [`crate::Player::acceleration`] (and in a TRF as `XXA`/`250` records).
//!
//! * GA, the first group, is the first half of the players rounded up to
//!   the nearest even number: `2 × ⌈n / 4⌉` (161 players: 82).
//! * The accelerated rounds are the first half of the rounds, rounded up.
//!   Before the first half (rounded up) of them, GA players get 1 virtual
//!   point; before the others, 0.5. GB players, and every round after the
//!   accelerated ones, get none. (Nine rounds: five accelerated, 1 point in
//!   rounds 1–3, 0.5 in rounds 4–5.)

use crate::Score;

/// The number of GA players among `players` (C.04.5.1 "Initial groups
/// division"): the first half rounded up to an even number.
///
/// ```
/// use qiyuan_swiss::baku::ga_size;
/// assert_eq!(ga_size(161), 82); // the example of C.04.5.1
/// assert_eq!(ga_size(8), 4);
/// assert_eq!(ga_size(9), 6);
/// ```
pub fn ga_size(players: u32) -> u32 {
    2 * players.div_ceil(4)
}

/// The virtual points, in tenths, of a player at position `rank` (1-based,
/// in the initial pairing list) before round `round` of a `rounds`-round
/// tournament of `players` players.
///
/// ```
/// use qiyuan_swiss::baku::virtual_points;
/// // Nine rounds, 20 players (GA = 10): 1 point in rounds 1-3, 0.5 in
/// // rounds 4-5, none afterwards; GB players never.
/// assert_eq!(virtual_points(20, 9, 3, 10), 10);
/// assert_eq!(virtual_points(20, 9, 4, 10), 5);
/// assert_eq!(virtual_points(20, 9, 6, 10), 0);
/// assert_eq!(virtual_points(20, 9, 1, 11), 0);
/// ```
pub fn virtual_points(players: u32, rounds: u32, round: u32, rank: u32) -> Score {
    let accelerated = rounds.div_ceil(2);
    let full = accelerated.div_ceil(2);
    if rank == 0 || rank > ga_size(players) || round == 0 || round > accelerated {
        0
    } else if round <= full {
        10
    } else {
        5
    }
}
