//! The rating office pages (等级分办公室): imports, periods, publication.

/// The routes of this part of the application.
pub fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
}
