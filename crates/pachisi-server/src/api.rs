//! The HTTP routes: the page, the JSON API and the WebSocket of each game (docs/api.md). Every
//! failure is answered with a status and `{"error": "..."}`; no input can make a handler panic.

use crate::games::{GameError, Games, NewGame, Request};
use crate::view;
use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, GameRecord, BUILTIN_RULESETS};
use pachisi_table::{record_overrides, SeatSpec, Table};
use std::sync::Arc;

/// The largest request body or WebSocket message accepted.
pub const MAX_MESSAGE: usize = 64 * 1024;
/// The largest record accepted by the replay viewer.
pub const MAX_RECORD: usize = 1024 * 1024;

/// What the handlers share.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub games: Arc<Games>,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
}

/// An error answer.
struct ApiError(StatusCode, String);

impl From<GameError> for ApiError {
    fn from(e: GameError) -> ApiError {
        let status = match e {
            GameError::NotFound(_) => StatusCode::NOT_FOUND,
            GameError::BadRequest(_) => StatusCode::BAD_REQUEST,
            GameError::NotNow(_) => StatusCode::CONFLICT,
            GameError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::Store(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError(status, e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> ApiError {
        let status = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            StatusCode::PAYLOAD_TOO_LARGE
        } else {
            StatusCode::BAD_REQUEST
        };
        ApiError(status, e.body_text())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// A state (already JSON text) as a response.
fn json_text(status: StatusCode, text: Arc<str>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response()
}

/// The router of the whole server.
pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(crate::web::index))
        .route("/app.js", get(crate::web::script))
        .route("/style.css", get(crate::web::style))
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(read_game))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(websocket))
        .route(
            "/api/replay",
            post(replay).layer(DefaultBodyLimit::max(MAX_RECORD)),
        )
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_MESSAGE))
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError(StatusCode::NOT_FOUND, "no such page".into())
}

async fn rulesets() -> ApiResult<Json<Vec<view::RulesetInfo>>> {
    let mut list = Vec::new();
    for (name, _) in BUILTIN_RULESETS {
        let rules = builtin_rules(name, &[])
            .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        list.push(view::RulesetInfo::of(&rules));
    }
    Ok(Json(list))
}

async fn list_games(State(state): State<AppState>) -> Json<Vec<serde_json::Value>> {
    Json(state.games.list().iter().map(|g| g.summary()).collect())
}

async fn create_game(
    State(state): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(new) = body?;
    let games = state.games.clone();
    let game = blocking(move || games.create(new)).await?;
    Ok(json_text(StatusCode::CREATED, game.state_json()?))
}

/// Runs `work` off the async threads: building and running bots and writing the database block.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, GameError> + Send + 'static,
) -> ApiResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?
        .map_err(ApiError::from)
}

async fn read_game(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    Ok(json_text(StatusCode::OK, game.state_json()?))
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
    Ok(json_text(StatusCode::OK, text))
}

async fn hint(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let bot = state.hint_bot.clone();
    let value = blocking(move || game.hint(&bot)).await?;
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
async fn replay(body: Bytes) -> ApiResult<Json<view::ReplayView>> {
    let invalid = |m: String| ApiError(StatusCode::UNPROCESSABLE_ENTITY, m);
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError(StatusCode::BAD_REQUEST, "a record is UTF-8 text".into()))?;
    let record = GameRecord::parse(text).map_err(|e| invalid(e.to_string()))?;
    let name = record.tag("Ruleset").unwrap_or_default().to_string();
    let rules = builtin_rules(&name, &record_overrides(&record))
        .map_err(|e| invalid(format!("ruleset `{name}`: {e}")))?;
    let rules = Arc::new(rules);
    let board = view::BoardView::of(&rules).map_err(invalid)?;
    let players: Vec<String> = record
        .tag("Seats")
        .map(|s| s.split(',').map(String::from).collect())
        .unwrap_or_default();
    let mut header = GameRecord::new(&name);
    if let Some(start) = record.tag("Start") {
        header.set_tag("Start", start);
    }
    let humans = vec![SeatSpec::Human; usize::from(rules.seats())];
    let mut table = Table::new(rules.clone(), &humans, 0, header).map_err(invalid)?;
    let mut frames = vec![view::frame(&table, None)];
    for &(action, line, column) in &record.actions {
        table
            .apply_action(action)
            .map_err(|e| invalid(format!("record line {line}, column {column}: {e}")))?;
        // A seat marker (`Y:`) checks whose turn it is; it is no action of the game.
        if !matches!(action, pachisi_core::Action::Seat(_)) {
            frames.push(view::frame(&table, Some(crate::store::token(&action))));
        }
    }
    Ok(Json(view::ReplayView {
        ruleset: view::brief(&rules),
        board,
        seats: view::seats(&rules, &players),
        frames,
    }))
}

async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let games = state.games.clone();
    Ok(upgrade
        .max_message_size(MAX_MESSAGE)
        .on_upgrade(move |socket| watch(socket, games, game)))
}

/// Sends the state now and after every action; takes actions sent as messages.
async fn watch(socket: WebSocket, games: Arc<Games>, game: Arc<crate::games::Game>) {
    let (mut sender, mut receiver) = socket.split();
    let (hello, mut updates) = match game.watch() {
        Ok((state, updates)) => (envelope_state(&state), updates),
        Err(e) => {
            let _ = sender
                .send(Message::Text(envelope_error(&e.to_string()).into()))
                .await;
            return;
        }
    };
    if sender.send(Message::Text(hello.into())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text = match update {
                    Ok(state) => envelope_state(&state),
                    // Too slow to keep up: the newest state says all there is.
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                        match game.state_json() {
                            Ok(state) => envelope_state(&state),
                            Err(_) => continue,
                        }
                    }
                    Err(_) => break,
                };
                if sender.send(Message::Text(text.into())).await.is_err() {
                    break;
                }
            }
            incoming = receiver.next() => {
                let reply = match incoming {
                    Some(Ok(Message::Text(text))) => answer(&games, &game, text.as_str()).await,
                    Some(Ok(Message::Binary(_))) => Some(envelope_error("messages are JSON text")),
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => None,
                    Some(Err(e)) => {
                        // A message over the limit: say so, then close.
                        let _ = sender
                            .send(Message::Close(Some(CloseFrame {
                                code: axum::extract::ws::close_code::SIZE,
                                reason: format!("{e}").into(),
                            })))
                            .await;
                        break;
                    }
                };
                if let Some(reply) = reply {
                    if sender.send(Message::Text(reply.into())).await.is_err() {
                        break;
                    }
                }
            }
        }
    }
}

/// Plays an action sent on the WebSocket; an error goes back to that connection only (the new
/// state reaches everyone through the broadcast).
async fn answer(games: &Arc<Games>, game: &Arc<crate::games::Game>, text: &str) -> Option<String> {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return Some(envelope_error(&format!("bad message: {e}"))),
    };
    let games = games.clone();
    let game = game.clone();
    let refused = blocking(move || games.act(&game, request)).await.err()?;
    Some(envelope_error(&refused.1))
}

fn envelope_state(state: &str) -> String {
    format!("{{\"type\":\"state\",\"state\":{state}}}")
}

fn envelope_error(error: &str) -> String {
    serde_json::json!({ "type": "error", "error": error }).to_string()
}
