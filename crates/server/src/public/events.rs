pub(crate) fn routes() -> axum::Router<crate::AppState> {
    axum::Router::new()
}
