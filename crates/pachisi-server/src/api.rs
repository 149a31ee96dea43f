//! The HTTP routes: the router of the page, the JSON API and the WebSocket of each game
//! (docs/api.md), and the handlers of the API (the WebSocket's is `ws`'s; forwarding to another
//! instance, `forward`'s, wraps them). What the handlers share is below them: the state and the
//! caller (`app`), and how they answer (`answer`). Every failure is answered with a status and
//! `{"error": "..."}`; no input can make a handler panic. Heavy work (bots' hints, replays,
//! analyses) runs on blocking threads of the shared pool, asked for under the client's address
//! (`crate::work`), and is refused with 503 when no thread comes to it within seconds rather than
//! queued without end.

use crate::action::Request;
use crate::answer::{blocking, heavy, json_text, ApiResult};
use crate::app::{you, Client};
use crate::error::GameError;
use crate::games::NewGame;
use crate::guard::{self, Site};
use crate::replay::{replay_json, RecordBounds, RecordRequest};
use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use std::sync::Arc;
use tower_http::timeout::TimeoutLayer;

// The vocabulary of the handlers is below, in modules of its own; these keep the paths the API
// has always had.
pub use crate::answer::{ApiError, REQUEST_TIMEOUT};
pub use crate::app::AppState;

pub(crate) use crate::app::credential;

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
        .route("/rules/{name}", get(crate::how_to_play::rules_page))
        .route("/learn", get(crate::web::learn))
        .route("/learn.css", get(crate::web::learn_style))
        .route("/how-to-play.css", get(crate::web::how_to_play_style))
        .route("/api/learn", get(crate::learn::tours))
        .route(
            "/api/learn/{tour}/{step}",
            get(crate::learn::step)
                .post(crate::learn::act)
                .layer(DefaultBodyLimit::max(crate::learn::MAX_LEARN_BODY)),
        )
        .route("/api/rulesets", get(rulesets))
        .route("/api/games", post(create_game))
        .route("/api/lobby", get(lobby))
        .route("/api/games/{id}", get(read_game).delete(delete_game))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/invitation", get(invitation))
        .route("/api/games/{id}/seats/{seat}", post(hand_over))
        .route("/api/games/{id}/seats/{seat}/back", post(back))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/room", get(host_view).patch(room_options))
        .route("/api/games/{id}/chat", post(chat))
        .route("/api/games/{id}/events", get(events))
        .route("/api/games/{id}/hint", get(hint))
        .route("/api/games/{id}/words", get(crate::speak::board))
        .route("/api/games/{id}/ask", post(crate::speak::ask))
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
            post(analyze).layer(DefaultBodyLimit::max(replay_body)),
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

/// The rulesets, described in the language the request asks for (`crate::language::chosen`).
async fn rulesets(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let lang = crate::language::chosen(&headers).lang();
    let list = state
        .rulesets
        .iter()
        .find(|(tag, _)| *tag == lang)
        .or_else(|| state.rulesets.first())
        .map_or("[]", |(_, json)| json.as_str());
    let mut response = json_text(StatusCode::OK, list);
    response.headers_mut().insert(
        header::VARY,
        axum::http::HeaderValue::from_static("Cookie, Accept-Language"),
    );
    response
}

async fn lobby(
    State(state): State<AppState>,
    peer: Option<axum::Extension<crate::peers::FromPeer>>,
) -> Json<Vec<serde_json::Value>> {
    Json(crate::forward::lobby(&state.games, state.forward.as_deref(), peer.is_some()).await)
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

/// `GET /api/games/{id}/invitation`, the invitation's code shown as the credential: what the
/// invitation is for (the game, its seat and colour, who invites), so that the person invited
/// knows before they take the seat. Nothing else of the game is shown.
async fn invitation(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Json<serde_json::Value>> {
    let game = state.games.get(&id)?;
    let Some(code) = credential(&headers) else {
        return Err(GameError::Forbidden(
            "show the invitation's code as `Authorization: Bearer CODE`".into(),
        )
        .into());
    };
    let (seat, host) = {
        let room = game.room();
        let seat = room.invited_seat(&code).map_err(GameError::from)?;
        let host = room.people.iter().find(|p| p.host).map(|p| p.name.clone());
        (seat, host)
    };
    let table = game.table();
    let rules = table.rules();
    let ruleset = rules.ruleset();
    Ok(Json(serde_json::json!({
        "ruleset": ruleset.name,
        "title": ruleset.title,
        "seat": seat,
        "colour": rules.seat_colour(seat),
        "host": host,
    })))
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

/// `POST /api/analyze`: the analysis of a record sent as `{"record": "..."}`.
async fn analyze(
    State(state): State<AppState>,
    Client(client): Client,
    body: Result<Json<RecordRequest>, JsonRejection>,
) -> ApiResult<Response> {
    let Json(request) = body?;
    let limits = state.games.limits();
    let bounds = RecordBounds::of(limits);
    let max_positions = limits.max_analysis_positions;
    let evaluator = state.analysis_bot.clone();
    let value = heavy(&state.games, client, move || {
        crate::analysis::analysis_json(&request.record, bounds, max_positions, &evaluator)
    })
    .await?;
    Ok(json_text(StatusCode::OK, value.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_rulesets_are_described_in_the_language_asked_for() {
        let path = crate::testing::temp_db("rulesets-language");
        let games =
            crate::testing::open(&path, std::time::Duration::ZERO, crate::Limits::default());
        let state = AppState::new(games, "heuristic".parse().expect("a bot")).expect("state");
        for (lang, _) in pachisi_words::SHIPPED {
            let mut headers = HeaderMap::new();
            headers.insert(
                header::COOKIE,
                format!("lang={lang}").parse().expect("a cookie"),
            );
            let response = rulesets(State(state.clone()), headers).await;
            let vary = response.headers().get(header::VARY).cloned();
            assert!(vary.is_some_and(|v| v.to_str().is_ok_and(|v| v.contains("Cookie"))));
            let body = axum::body::to_bytes(response.into_body(), 1 << 20)
                .await
                .expect("body");
            let list: serde_json::Value = serde_json::from_slice(&body).expect("json");
            let pachisi = &list[0];
            let rules = pachisi_core::builtin_rules("pachisi", &[]).expect("builtin");
            let words = pachisi_words::words(lang);
            assert_eq!(pachisi["name"], "pachisi");
            assert_eq!(
                pachisi["description"],
                pachisi_learn::explain::summary(&rules, words),
                "{lang}"
            );
        }
        crate::testing::remove(&path);
    }
}
