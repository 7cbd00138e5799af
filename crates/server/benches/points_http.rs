//! Load test of `POST /api/v1/points/{system}` (being written).
fn main() {}
