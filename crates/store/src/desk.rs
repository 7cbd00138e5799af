//! (being written by a helper; see ARCHITECTURE.md once it lands)
