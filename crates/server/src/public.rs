//! Public pages (公开页面): events, pairings, standings, players — read-only.

/// The routes of this part of the application.
pub fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
}
