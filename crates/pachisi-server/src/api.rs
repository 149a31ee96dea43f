//! The HTTP routes: the page, the JSON API and the WebSocket of each game (docs/api.md). Every
//! failure is answered with a status and `{"error": "..."}`; no input can make a handler panic.
//! Heavy work (bots' hints, replays) runs on blocking threads with a permit of the shared pool,
//! and is refused with 503 when the pool is full rather than queued without end.

use crate::game::GameError;
use crate::game::Request;
use crate::games::{Games, NewGame};
use crate::guard::{self, Site};
use crate::replay::{replay_json, ReplayRequest};
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, BUILTIN_RULESETS};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::AtomicUsize;
use std::sync::Arc;
use std::time::Duration;
use tower_http::timeout::TimeoutLayer;

/// The longest a request may take, its body included; a client that sends its body slower is
/// answered 408.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// What the handlers share.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub games: Arc<Games>,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
    /// The list of rulesets as JSON, made once.
    rulesets: Arc<str>,
    /// Open WebSockets.
    pub(crate) sockets: Arc<AtomicUsize>,
}

impl AppState {
    /// The state of a server of `games`, with hints from `hint_bot`.
    ///
    /// # Errors
    /// When a built-in ruleset does not compile (a defect of the build).
    pub fn new(games: Arc<Games>, hint_bot: BotSpec) -> Result<AppState, String> {
        let mut list = Vec::new();
        for (name, _) in BUILTIN_RULESETS {
            let rules = builtin_rules(name, &[]).map_err(|e| format!("ruleset {name}: {e}"))?;
            list.push(crate::view::RulesetInfo::of(&rules));
        }
        let rulesets = serde_json::to_string(&list).map_err(|e| e.to_string())?;
        Ok(AppState {
            games,
            hint_bot,
            rulesets: rulesets.into(),
            sockets: Arc::new(AtomicUsize::new(0)),
        })
    }
}

/// An error answer.
pub struct ApiError(StatusCode, String);

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
        };
        ApiError(status, e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        let status = match e.status() {
            StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, e.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
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

type ApiResult<T> = Result<T, ApiError>;

/// JSON text as a response.
fn json_text(status: StatusCode, text: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.into(),
    )
        .into_response()
}

/// The address of the client, when the server was told it (it always is, but for tests that
/// call the router directly).
struct Client(Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| c.0.ip()),
        ))
    }
}

/// The router of the whole server, answering as `site`.
pub fn router(state: AppState, site: Site) -> Router {
    let limits = state.games.limits().clone();
    // A record travels as a JSON string, where escapes may double its length.
    let replay_body = 2 * limits.max_record + 1024;
    Router::new()
        .route("/", get(crate::web::index))
        .route("/app.js", get(crate::web::script))
        .route("/style.css", get(crate::web::style))
        .route("/js/{name}", get(crate::web::module))
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(read_game).delete(delete_game))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(crate::ws::websocket))
        .route(
            "/api/replay",
            post(replay).layer(DefaultBodyLimit::max(replay_body)),
        )
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .with_state(state)
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ))
        .layer(middleware::from_fn_with_state(
            Arc::new(site),
            guard::check_site,
        ))
        .layer(middleware::from_fn(guard::finish))
}

async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such page".into())
}

async fn rulesets(State(state): State<AppState>) -> Response {
    json_text(StatusCode::OK, state.rulesets.to_string())
}

async fn list_games(State(state): State<AppState>) -> Json<Vec<serde_json::Value>> {
    Json(state.games.list())
}

async fn create_game(
    State(state): State<AppState>,
    Client(client): Client,
    body: Result<Json<NewGame>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(new) = body?;
    let games = state.games.clone();
    let created = blocking(move || games.create(new, client)).await?;
    // The state with the host's token, which is shown this once.
    let mut state: serde_json::Value = serde_json::from_str(&created.game.state_json())
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    state["host_token"] = created.host_token.into();
    Ok(json_text(StatusCode::CREATED, state.to_string()))
}

/// Runs `work` off the async threads: building and running bots and writing the database block.
pub(crate) async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(ApiError::from)
}

/// The longest a request waits for a permit of the shared pool.
const WORK_WAIT: Duration = Duration::from_secs(5);

/// Runs heavy `work` with a permit of the shared pool, or answers 503 when none comes free
/// within [`WORK_WAIT`].
async fn heavy<T: Send + 'static>(
    games: &Games,
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> ApiResult<T> {
    let permit = tokio::time::timeout(WORK_WAIT, games.work().clone().acquire_owned())
        .await
        .ok()
        .and_then(Result::ok)
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

async fn read_game(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    Ok(json_text(StatusCode::OK, game.state_json().to_string()))
}

async fn delete_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<StatusCode> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string());
    let games = state.games.clone();
    blocking(move || games.delete(&id, token.as_deref())).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn act(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Result<Json<Request>, JsonRejection>,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let Json(request) = body?;
    let games = state.games.clone();
    let text = blocking(move || games.act(&game, request)).await?;
    Ok(json_text(StatusCode::OK, text.to_string()))
}

async fn hint(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let bot = state.hint_bot.clone();
    let value = heavy(&state.games, move || game.hint(&bot)).await?;
    Ok(Json(value).into_response())
}

async fn record(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let text = game.record_text()?;
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"pachisi-{}.record\"", game.id()),
            ),
        ],
        text,
    )
        .into_response())
}

/// Every frame of a record, for the replay viewer.
async fn replay(
    State(state): State<AppState>,
    body: Result<Json<ReplayRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(request) = body?;
    let limits = state.games.limits();
    let (bytes, actions) = (limits.max_record, limits.max_replay_actions);
    let text = heavy(&state.games, move || {
        replay_json(&request.record, bytes, actions)
    })
    .await?;
    Ok(json_text(StatusCode::OK, text))
}
