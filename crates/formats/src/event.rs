//! The qiyuan event file (JSON or TOML): reading it into a validated rating event.
