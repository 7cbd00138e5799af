//! The JSON API under `/api/v1` (besides `/api/v1/health` and `/api/v1/whoami`).

/// The routes of this part of the application.
pub fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
}
