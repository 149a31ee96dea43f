//! How a route answers: a refusal as its status and `{"error": "..."}` body ([`ApiError`], with
//! the game's state when another server instance changed the game first), JSON text as it is,
//! and the work a route asks for run off the async threads: `blocking` for the database and the
//! bots' building, `heavy` for thinking on the shared pool, refused with 503 when no thread comes
//! to it within seconds rather than queued without end. And how long a request may take
//! ([`REQUEST_TIMEOUT`]). The routes (`api`, `ws`) and forwarding (`forward`) all answer so.

use crate::error::GameError;
use crate::games::Games;
use crate::guard;
use axum::extract::rejection::JsonRejection;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

/// The longest a request may take, its body included; a client that sends its body slower is
/// answered 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// An error answer; with the game's state when another server instance changed it first.
pub struct ApiError(
    pub(crate) StatusCode,
    pub(crate) String,
    pub(crate) Option<Arc<str>>,
);

impl ApiError {
    /// What the error says.
    pub fn message(&self) -> &str {
        &self.1
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let status = match e {
            GameError::NotFound(_) => StatusCode::NOT_FOUND,
            GameError::BadRequest(_) => StatusCode::BAD_REQUEST,
            GameError::NotNow(_) | GameError::Unplayable(_) => StatusCode::CONFLICT,
            GameError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::Forbidden(_) => StatusCode::FORBIDDEN,
            GameError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            GameError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            GameError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            GameError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
            GameError::Moved(message, state) => {
                return ApiError(StatusCode::CONFLICT, message, Some(state))
            }
        };
        ApiError(status, e.to_string(), None)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        let status = match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, e.body_text(), None)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Some(state) = &self.2 {
            // The state is JSON text already: it goes in as it is.
            let message = serde_json::Value::from(self.1.as_str());
            return json_text(self.0, format!("{{\"error\":{message},\"state\":{state}}}"));
        }
        let mut response = guard::error_response(self.0, &self.1);
        if matches!(
            self.0,
            StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS
        ) {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
        }
        response
    }
}

/// A handler's answer, or its error.
pub(crate) type ApiResult<T> = Result<T, ApiError>;

/// JSON text as a response.
pub(crate) fn json_text(status: StatusCode, text: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.into(),
    )
        .into_response()
}

/// Runs `work` off the async threads: building and running bots and writing the database block.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string(), None))?
        .map_err(ApiError::from)
}

/// The longest a request waits for a thread of the shared pool.
const WORK_WAIT: Duration = Duration::from_secs(5);

/// Runs heavy `work` for `client` on a thread of the shared pool (its turn among the addresses
/// that wait, `crate::work`), or answers 503 when none comes to it within [`WORK_WAIT`].
pub(crate) async fn heavy<T: Send + 'static>(
    games: &Games,
    client: Option<IpAddr>,
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> ApiResult<T> {
    // A request that gives up leaves its place in the queue (the future is dropped).
    let permit = tokio::time::timeout(WORK_WAIT, games.work().acquire(client))
        .await
        .ok()
        .flatten()
        .ok_or_else(|| {
            ApiError::from(GameError::Busy(
                "the server is busy thinking: try again in a few seconds".into(),
            ))
        })?;
    blocking(move || {
        let _permit = permit;
        work()
    })
    .await
}
