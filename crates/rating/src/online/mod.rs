//! Online platforms' point systems and Glicko-2: one game (or one rating
//! period) at a time, at high volume.
