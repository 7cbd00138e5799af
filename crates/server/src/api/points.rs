//! `POST /api/v1/points/{system}`: platform point systems (积分, regulations
//! §6). A game in — the JSON line shape of `qiyuan points`
//! (`{"id": "g1", "red": "a", "black": "b", "result": "1-0", "plies": 80}`)
//! — both players' new points out, durably and idempotently by game id,
//! through the store's
//! [`PointsService`](qiyuan_store::points::PointsService), kept in
//! [`AppState::points`] (one writer per process, started on the first game
//! posted; several `qiyuan serve` processes on one database give the totals
//! of one writer: see `docs/deploy.md`).
//!
//! **Who may post:** rating officers (等级分管理员) and administrators. The
//! points are a rating matter, and the platform that reports its games
//! is given an officer's token (`qiyuan token create --role officer`);
//! arbiters run events at the desk, not platforms' ladders.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use qiyuan_store::points::{PointsError, PointsGame};

use super::{ApiError, ApiJson, Caller};
use crate::AppState;
use crate::auth::{Role, require_role};

fn internal(detail: &str) -> ApiError {
    ApiError::from(crate::error::AppError::Internal(detail.to_string()))
}

fn points_error(e: PointsError) -> ApiError {
    let en = e.to_string();
    let zh = e.text(crate::i18n::Lang::Zh);
    match e {
        PointsError::UnknownSystem { .. } => {
            ApiError::new(StatusCode::NOT_FOUND, "unknown_system", en, zh).field("system")
        }
        PointsError::InvalidGame { field, .. } => {
            ApiError::bad_request("invalid_body", en, format!("对局数据有误：{zh}")).field(field)
        }
        PointsError::Rejected(_) => {
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "rejected", en, zh)
        }
        PointsError::Store(_) | PointsError::Stopped => {
            eprintln!("qiyuan-server: points: {en}");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "not_stored",
                format!("{en}; posting the game again is safe"),
                match e {
                    PointsError::Stopped => format!("对局未能保存（{zh}）；可以安全地重新提交"),
                    _ => format!("{zh}；可以安全地重新提交"),
                },
            )
        }
        _ => internal(&en),
    }
}

/// `POST /api/v1/points/{system}`: applies one game; answers 200 with the
/// body of a `qiyuan points` output line (`id`, `scored`, `white_change`,
/// `black_change`, `white_points`, `black_points`, `white_level`,
/// `black_level`; for `glicko2` the ratings, deviations and volatilities).
/// A game id already applied in this system gets the stored answer again
/// and the header `X-Qiyuan-Replayed: true`; nothing changes.
pub async fn post_game(
    State(state): State<AppState>,
    Caller(user): Caller,
    Path(system): Path<String>,
    ApiJson(game): ApiJson<PointsGame>,
) -> Result<Response, ApiError> {
    require_role(&user, &[Role::Officer])?;
    let service = state
        .points
        .get(&state.store)
        .await
        .map_err(|e| internal(&e.to_string()))?;
    let outcome = service.apply(&system, game).await.map_err(points_error)?;
    let mut resp = (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "application/json")],
        outcome.body,
    )
        .into_response();
    resp.headers_mut().insert(
        "x-qiyuan-replayed",
        HeaderValue::from_static(if outcome.replayed { "true" } else { "false" }),
    );
    Ok(resp)
}
