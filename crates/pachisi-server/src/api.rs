//! The HTTP routes: the page, the JSON API and the WebSocket of each game (docs/api.md). Every
//! failure is answered with a status and `{"error": "..."}`; no input can make a handler panic.
//! Heavy work (bots' hints, replays, analyses) runs on blocking threads of the shared pool, asked
//! for under the client's address (`crate::work`), and is refused with 503 when no thread comes
//! to it within seconds rather than queued without end.

use crate::action::Request;
use crate::error::GameError;
use crate::games::{Games, NewGame};
use crate::guard::{self, Site};
use crate::replay::{replay_json, RecordBounds, RecordRequest};
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
    /// The evaluator of the analyses (`POST /api/analyze`): the server's, never a visitor's.
    pub analysis_bot: BotSpec,
    /// The list of rulesets as JSON, made once.
    rulesets: Arc<str>,
    /// The places of the open WebSockets.
    pub(crate) sockets: Arc<crate::ws::Places>,
    /// The address the server is reached at, for links (`--public-url`); without one, links
    /// are made from the request's `Host`.
    pub(crate) public_url: Option<String>,
    /// Forwarding to the games' owners, on a database shared by several instances.
    pub(crate) forward: Option<Arc<crate::forward::Forward>>,
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
            analysis_bot: crate::analysis::evaluator(pachisi_bots::analysis::DEFAULT_EVALUATOR)?,
            rulesets: rulesets.into(),
            sockets: Arc::default(),
            public_url: None,
            forward: None,
        })
    }

    /// The same state, making links to `url` (no trailing slash needed).
    #[must_use]
    pub fn with_public_url(mut self, url: Option<&str>) -> AppState {
        self.public_url = url.map(|u| u.trim_end_matches('/').to_string());
        self
    }

    /// The same state, forwarding requests about games owned by other instances.
    #[must_use]
    pub fn with_forward(mut self, forward: Option<Arc<crate::forward::Forward>>) -> AppState {
        self.forward = forward;
        self
    }

    /// The same state, analysing with `bot` (checked by [`crate::analysis::evaluator`]).
    #[must_use]
    pub fn with_analysis_bot(mut self, bot: BotSpec) -> AppState {
        self.analysis_bot = bot;
        self
    }

    /// The address links point to: the public address, or the request's own host.
    fn base(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        // The guard has checked the Host header against the names the server answers to.
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("localhost");
        format!("http://{host}")
    }
}

/// The credential a request shows: `Authorization: Bearer TOKEN` (a player's token or a watch
/// link's code).
pub(crate) fn credential(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
}

/// An error answer; with the game's state when another server instance changed it first.
pub struct ApiError(StatusCode, String, Option<Arc<str>>);

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

/// The address of the client as its limits count it ([`crate::net::client_key`]), when the
/// server was told it (it always is, but for tests that call the router directly).
pub(crate) struct Client(pub(crate) Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| crate::net::client_key(c.0.ip())),
        ))
    }
}

/// The router of the whole server, answering as `site`.
pub fn router(state: AppState, site: Site) -> Router {
    let limits = state.games.limits().clone();
    let forward = state.forward.clone();
    // A record travels as a JSON string, where escapes may double its length.
    let replay_body = 2 * limits.max_record + 1024;
    let routed = Router::new()
        .route("/", get(crate::web::index))
        .route("/app.js", get(crate::web::script))
        .route("/style.css", get(crate::web::style))
        .route("/online.css", get(crate::web::online_style))
        .route("/analysis.css", get(crate::web::analysis_style))
        .route("/js/{name}", get(crate::web::module))
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", post(create_game))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{id}", get(read_game).delete(delete_game))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/seats/{seat}", post(hand_over))
        .route("/api/games/{id}/seats/{seat}/back", post(back))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/room", get(host_view).patch(room_options))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(crate::ws::websocket))
        .route(
            "/api/verify",
            post(verify).layer(DefaultBodyLimit::max(replay_body)),
        )
        .route(
            "/api/replay",
            post(replay).layer(DefaultBodyLimit::max(replay_body)),
        )
        .route(
            "/api/analyze",
            post(crate::analysis::analyze).layer(DefaultBodyLimit::max(replay_body)),
        )
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body))
        .with_state(state);
    // On a shared database, a game's requests are answered by its owner.
    let routed = match forward {
        Some(forward) => routed.layer(middleware::from_fn_with_state(
            forward,
            crate::forward::route,
        )),
        None => routed,
    };
    routed
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
    ApiError(StatusCode::NOT_FOUND, "no such page".into(), None)
}

async fn rulesets(State(state): State<AppState>) -> Response {
    json_text(StatusCode::OK, state.rulesets.to_string())
}

async fn lobby(
    State(state): State<AppState>,
    peer: Option<axum::Extension<crate::peers::FromPeer>>,
) -> Json<Vec<serde_json::Value>> {
    Json(crate::forward::lobby(&state, peer.is_some()).await)
}

/// A state's JSON text with more fields.
fn state_with(state: &str, more: serde_json::Value) -> ApiResult<Response> {
    let mut value: serde_json::Value = serde_json::from_str(state)
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, e.to_string(), None))?;
    if let (Some(value), serde_json::Value::Object(more)) = (value.as_object_mut(), more) {
        value.extend(more);
    }
    Ok(json_text(StatusCode::OK, value.to_string()))
}

async fn create_game(
    State(state): State<AppState>,
    Client(client): Client,
    headers: HeaderMap,
    body: Result<Json<NewGame>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(new) = body?;
    let games = state.games.clone();
    let created = blocking(move || games.create(new, client)).await?;
    let host = state
        .games
        .host_view(&created.game, Some(&created.token), &state.base(&headers))?;
    let (text, event) = created.game.state_now();
    // The creator's token is shown this once.
    let mut response = state_with(
        &text,
        serde_json::json!({
            "event": event,
            "token": created.token,
            "you": you(&created.game, Some(&created.token)),
            "links": host,
        }),
    )?;
    *response.status_mut() = StatusCode::CREATED;
    Ok(response)
}

/// Who the credential is in `game`: a person (their seats, whether host) or a watcher.
pub(crate) fn you(game: &crate::game::Game, credential: Option<&str>) -> serde_json::Value {
    let room = game.room();
    match room.who(credential) {
        Some(crate::room::Caller::Person(p)) => serde_json::json!({
            "name": room.people[p].name,
            "seats": room.seats_of(p),
            "host": room.people[p].host,
        }),
        Some(crate::room::Caller::Watcher) => serde_json::json!({ "watcher": true }),
        None => serde_json::Value::Null,
    }
}

/// The game `id` for a caller who may see it: a person at its table, or a watcher.
async fn visible(
    state: &AppState,
    id: &str,
    credential: Option<&str>,
) -> ApiResult<Arc<crate::game::Game>> {
    let game = state.games.get(id)?;
    if game.room().who(credential).is_none() {
        return Err(GameError::Forbidden(
            "this game is seen by its players (with their token) and watchers (with the watch link)"
                .into(),
        )
        .into());
    }
    Ok(game)
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

async fn read_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let credential = credential(&headers);
    let game = visible(&state, &id, credential.as_deref()).await?;
    let (text, event) = game.state_now();
    state_with(
        &text,
        serde_json::json!({ "event": event, "you": you(&game, credential.as_deref()) }),
    )
}

async fn delete_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<StatusCode> {
    let token = credential(&headers);
    let games = state.games.clone();
    blocking(move || games.delete(&id, token.as_deref())).await?;
    Ok(StatusCode::NO_CONTENT)
}

async fn act(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let Json(body) = body?;
    let (request, actions) = crate::action::parse_request(body)?;
    let games = state.games.clone();
    let credential = credential(&headers);
    let text = blocking(move || games.act(&game, credential.as_deref(), request, actions)).await?;
    Ok(json_text(StatusCode::OK, text.to_string()))
}

/// `POST /api/games/{id}/join`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Join {
    invite: String,
    name: String,
    seed: Option<String>,
}

async fn join(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<Join>, JsonRejection>,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let Json(join) = body?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let g = game.clone();
    let joined = blocking(move || {
        games.join(
            &g,
            &join.invite,
            &join.name,
            join.seed.as_deref(),
            credential.as_deref(),
        )
    })
    .await?;
    let event = game.last_event();
    state_with(
        &joined.state,
        serde_json::json!({
            "event": event,
            "token": joined.token,
            "seat": joined.seat,
            "you": you(&game, Some(&joined.token)),
        }),
    )
}

async fn hand_over(
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
    body: Result<Json<crate::rooms::HandOver>, JsonRejection>,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let Json(to) = body?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let g = game.clone();
    let (invite, text) =
        blocking(move || games.hand_over(&g, seat, &to, credential.as_deref())).await?;
    let link = match invite {
        Some(code) => {
            let url = format!("{}/#join={}.{code}", state.base(&headers), game.id());
            let qr = crate::room::qr_svg(&url).map_err(GameError::Invalid)?;
            serde_json::json!({ "link": url, "qr_svg": qr })
        }
        None => serde_json::Value::Null,
    };
    state_with(&text, serde_json::json!({ "invite": link }))
}

/// `POST /api/games/{id}/seats/{seat}/back`: the seat's player takes it back from its stand-in.
async fn back(
    State(state): State<AppState>,
    Path((id, seat)): Path<(String, u8)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let text = blocking(move || games.back(&game, seat, credential.as_deref())).await?;
    Ok(json_text(StatusCode::OK, text.to_string()))
}

/// `POST /api/games/{id}/rematch`: the rematch's room, made by the first player who asks
/// (201), the same for everyone after (200).
async fn rematch(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let token = credential.clone();
    let (next, created) = blocking(move || games.rematch(&game, token.as_deref(), client)).await?;
    let (text, event) = next.state_now();
    let mut response = state_with(
        &text,
        serde_json::json!({ "event": event, "you": you(&next, credential.as_deref()) }),
    )?;
    if created {
        *response.status_mut() = StatusCode::CREATED;
    }
    Ok(response)
}

async fn host_view(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let view = state.games.host_view(
        &game,
        credential(&headers).as_deref(),
        &state.base(&headers),
    )?;
    Ok(Json(view).into_response())
}

async fn room_options(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Result<Json<crate::rooms::RoomOptions>, JsonRejection>,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let Json(options) = body?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let text = blocking(move || games.set_options(&game, &options, credential.as_deref())).await?;
    Ok(json_text(StatusCode::OK, text.to_string()))
}

/// `POST /api/games/{id}/chat`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Say {
    text: String,
    /// A watcher's name (players speak under theirs).
    name: Option<String>,
}

async fn chat(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    headers: HeaderMap,
    body: Result<Json<Say>, JsonRejection>,
) -> ApiResult<StatusCode> {
    let game = state.games.get(&id)?;
    let Json(say) = body?;
    let credential = credential(&headers);
    let games = state.games.clone();
    let key = client.map_or_else(|| "local".to_string(), |c| c.to_string());
    blocking(move || {
        games.chat(
            &game,
            credential.as_deref(),
            say.name.as_deref(),
            &say.text,
            &key,
        )
    })
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /api/games/{id}/events?after=N`.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct After {
    #[serde(default)]
    after: u64,
}

async fn events(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    query: Result<axum::extract::Query<After>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Response> {
    let axum::extract::Query(after) =
        query.map_err(|e| ApiError(StatusCode::BAD_REQUEST, e.body_text(), None))?;
    let game = visible(&state, &id, credential(&headers).as_deref()).await?;
    let (events, text, last, _) = game.watch(after.after);
    Ok(json_text(
        StatusCode::OK,
        crate::ws::envelope_events(&events, last, Some(&text)),
    ))
}

async fn hint(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = state.games.get(&id)?;
    let credential = credential(&headers);
    {
        let table = game.table();
        crate::action::authorize(
            &game.room(),
            &table,
            credential.as_deref(),
            &Request::Throw {},
        )?;
        let room = game.room();
        if room.players() > 1 && !room.hints {
            return Err(GameError::Forbidden(
                "hints are off in a game between people (the host may allow them when creating the room)"
                    .into(),
            )
            .into());
        }
    }
    let bot = state.hint_bot.clone();
    let value = heavy(&state.games, client, move || game.hint(&bot)).await?;
    Ok(Json(value).into_response())
}

/// Checks every throw of a finished record against its revealed seed (docs/fair-throws.md).
async fn verify(
    State(state): State<AppState>,
    Client(client): Client,
    body: Result<Json<RecordRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(request) = body?;
    let max = state.games.limits().max_record;
    let value = heavy(&state.games, client, move || {
        crate::replay::verify_json(&request.record, max)
    })
    .await?;
    Ok(Json(value).into_response())
}

async fn record(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let game = visible(&state, &id, credential(&headers).as_deref()).await?;
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
    Client(client): Client,
    body: Result<Json<RecordRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(request) = body?;
    let bounds = RecordBounds::of(state.games.limits());
    let text = heavy(&state.games, client, move || {
        replay_json(&request.record, bounds)
    })
    .await?;
    Ok(json_text(StatusCode::OK, text))
}
