//! The arbiter's desk (裁判台): events, players, rounds, results, exports.

/// The routes of this part of the application.
pub fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
}
