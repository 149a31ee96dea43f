//! The WebSocket of a game (`GET /api/games/{id}/ws`). The client says who it is first
//! (`{"type": "hello", "token": ..., "after": N}`: a player's token or the watch link's code, and
//! the number of the last event it saw); the server answers with the events since then and the
//! state, then sends every event as it happens, each exactly once and in order, whatever the
//! client missed while away or while too slow to read. Players send actions and chat lines as
//! messages. Connections are counted against the server's limits, kept small (4 KiB read
//! buffer), and closed with the code the protocol gives for what went wrong: 1008 for a
//! credential refused or watching turned off, 1009 for a message over the limit, 1007 for text
//! that is not UTF-8, 1002 for a broken frame.

use crate::api::{blocking, ApiError, AppState};
use crate::game::{Event, Game, GameError, Update};
use crate::games::Games;
use crate::room::Caller;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;

/// The read buffer of a connection: messages are small, and thousands of watchers may be open.
const READ_BUFFER: usize = 4 * 1024;

/// How long a new connection has to say who it is.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// One place in a count of open connections, given back when dropped.
struct Slot {
    count: Arc<AtomicUsize>,
}

impl Slot {
    /// A place in `count` if it is below `limit`.
    fn take(count: &Arc<AtomicUsize>, limit: usize) -> Option<Slot> {
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < limit).then_some(n + 1)
            })
            .ok()?;
        Some(Slot {
            count: count.clone(),
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.count.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What a client sends.
#[derive(serde::Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum Said {
    /// Who the client is, and the last event it saw.
    Hello {
        token: String,
        #[serde(default)]
        after: Option<u64>,
    },
    /// A chat line (a watcher gives a name).
    Chat { text: String, name: Option<String> },
}

/// Opens the WebSocket of the game `id`, within the server's and the game's limits.
pub(crate) async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    crate::api::Client(client): crate::api::Client,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = state.games.find(&id).await?;
    let limits = state.games.limits();
    let busy = |what: String| ApiError::from(GameError::Busy(what));
    let everyone = Slot::take(&state.sockets, limits.max_sockets).ok_or_else(|| {
        busy(format!(
            "the server has its limit of {} live connections open: try again later",
            limits.max_sockets
        ))
    })?;
    let here = Slot::take(&game.sockets, limits.max_sockets_per_game).ok_or_else(|| {
        busy(format!(
            "game {id} has its limit of {} connections: try again later",
            limits.max_sockets_per_game
        ))
    })?;
    let games = state.games.clone();
    let max = limits.max_body;
    let key = client.map_or_else(|| "local".to_string(), |c| c.to_string());
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| async move {
            connection(socket, games, game, key).await;
            drop((here, everyone));
        }))
}

type Sender = SplitSink<WebSocket, Message>;

/// Sends `text`; false when the connection is gone.
async fn send(sender: &mut Sender, text: String) -> bool {
    sender.send(Message::Text(text.into())).await.is_ok()
}

/// Refuses the connection with `error`, closing it as a policy violation.
async fn refuse(sender: &mut Sender, error: &str) {
    let _ = send(sender, envelope_error(error)).await;
    let _ = sender.send(close(close_code::POLICY, "refused")).await;
}

/// One connection: the hello, then events out and actions in.
async fn connection(socket: WebSocket, games: Arc<Games>, game: Arc<Game>, key: String) {
    let (mut sender, mut receiver) = socket.split();
    let hello = match tokio::time::timeout(HELLO_TIMEOUT, receiver.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<Said>(text.as_str()),
        Err(_) => {
            refuse(
                &mut sender,
                "say hello first: {\"type\": \"hello\", \"token\": ...}",
            )
            .await;
            return;
        }
        _ => return,
    };
    let (token, after) = match hello {
        Ok(Said::Hello { token, after }) => (token, after),
        _ => {
            refuse(
                &mut sender,
                "the first message is {\"type\": \"hello\", \"token\": ..., \"after\": N}",
            )
            .await;
            return;
        }
    };
    let Some(caller) = game.room().who(Some(&token)) else {
        refuse(
            &mut sender,
            "the token is neither a player's of this game nor its watch link's",
        )
        .await;
        return;
    };
    // A client that saw more of the game on another instance than this one has heard of yet:
    // the game is read again first, so the welcome tells it everything after its number.
    if after.is_some_and(|a| a > game.last_event()) && games.store().is_shared() {
        let (g, gm) = (games.clone(), game.clone());
        let _ = tokio::task::spawn_blocking(move || g.catch_up(&gm)).await;
    }
    let (missed, state, mut last, mut updates) = game.watch(after.unwrap_or(u64::MAX));
    let told = last;
    // What the client saw on another instance is never told again, should this one hear of it
    // only after the welcome.
    if games.store().is_shared() {
        last = last.max(after.unwrap_or(0));
    }
    let welcome = format!(
        "{{\"type\":\"welcome\",\"you\":{},\"event\":{told},\"events\":{},\"state\":{state}}}",
        crate::api::you(&game, Some(&token)),
        events_array(&missed),
    );
    if !send(&mut sender, welcome).await {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => {
                let text = match update {
                    Ok(Update::Events(events, state)) => {
                        let fresh: Vec<Event> = events.iter().filter(|e| e.n > last).cloned().collect();
                        if fresh.is_empty() {
                            continue;
                        }
                        last = fresh.last().map_or(last, |e| e.n);
                        envelope_events(&fresh, last, state.as_deref())
                    }
                    Ok(Update::WatchOff) if caller == Caller::Watcher => {
                        let _ = send(&mut sender, serde_json::json!({ "type": "closed", "reason": "the host turned watching off" }).to_string()).await;
                        let _ = sender.send(close(close_code::POLICY, "watching was turned off")).await;
                        break;
                    }
                    Ok(Update::WatchOff) => continue,
                    Ok(Update::Deleted) => {
                        let _ = send(&mut sender, r#"{"type":"deleted"}"#.into()).await;
                        let _ = sender.send(close(close_code::NORMAL, "the game was deleted")).await;
                        break;
                    }
                    // Too slow to take every update: what was skipped is sent from the game's
                    // own list, each event once, with the newest state.
                    Err(RecvError::Lagged(_)) => {
                        let (missed, state, now, _) = game.watch(last);
                        last = now;
                        envelope_events(&missed, last, Some(&state))
                    }
                    Err(RecvError::Closed) => break,
                };
                if !send(&mut sender, text).await {
                    break;
                }
            }
            incoming = receiver.next() => {
                let reply = match incoming {
                    Some(Ok(Message::Text(text))) => answer(&games, &game, &token, &key, text.as_str()).await,
                    Some(Ok(Message::Binary(_))) => Some(envelope_error("messages are JSON text")),
                    Some(Ok(Message::Close(_))) | None => break,
                    Some(Ok(_)) => None,
                    Some(Err(e)) => {
                        let (code, reason) = close_reason(e);
                        let _ = sender.send(close(code, reason)).await;
                        break;
                    }
                };
                if let Some(reply) = reply {
                    if !send(&mut sender, reply).await {
                        break;
                    }
                }
            }
        }
    }
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }))
}

/// The close code and reason for a connection that broke the protocol.
fn close_reason(e: axum::Error) -> (u16, &'static str) {
    match e.into_inner().downcast::<tungstenite::Error>().map(|e| *e) {
        Ok(tungstenite::Error::Capacity(_)) => (close_code::SIZE, "message too large"),
        Ok(tungstenite::Error::Utf8(_)) => (close_code::INVALID, "text is not UTF-8"),
        Ok(tungstenite::Error::Protocol(_)) => (close_code::PROTOCOL, "protocol error"),
        _ => (close_code::ERROR, "connection error"),
    }
}

/// Plays an action or says a chat line sent on the WebSocket; an error goes back to that
/// connection only (what changed reaches everyone as events).
async fn answer(
    games: &Arc<Games>,
    game: &Arc<Game>,
    token: &str,
    key: &str,
    text: &str,
) -> Option<String> {
    let body: serde_json::Value = match serde_json::from_str(text) {
        Ok(b) => b,
        Err(e) => return Some(envelope_error(&format!("bad message: {e}"))),
    };
    let games = games.clone();
    let game = game.clone();
    let token = token.to_string();
    let key = key.to_string();
    let refused = if body.get("type").is_some() {
        let said: Said = match serde_json::from_value(body) {
            Ok(s) => s,
            Err(e) => return Some(envelope_error(&format!("bad message: {e}"))),
        };
        let Said::Chat { text, name } = said else {
            return Some(envelope_error("hello is said once, first"));
        };
        blocking(move || games.chat(&game, Some(&token), name.as_deref(), &text, &key))
            .await
            .err()?
    } else {
        let (request, actions) = match crate::game::parse_request(body) {
            Ok(r) => r,
            Err(e) => return Some(envelope_error(&format!("bad message: {e}"))),
        };
        blocking(move || games.act(&game, Some(&token), request, actions).map(|_| ()))
            .await
            .err()?
    };
    Some(envelope_error(refused.message()))
}

/// Events as a JSON array.
fn events_array(events: &[Event]) -> String {
    let mut text = String::from("[");
    for (i, e) in events.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&e.json);
    }
    text.push(']');
    text
}

/// `{"type": "events", "event": LAST, "events": [...], "state": ...}` (the state only when it
/// changed); `last` is the number of the game's last event, which may be before `events`' first
/// when none is listed.
pub(crate) fn envelope_events(events: &[Event], last: u64, state: Option<&str>) -> String {
    match state {
        Some(state) => format!(
            "{{\"type\":\"events\",\"event\":{last},\"events\":{},\"state\":{state}}}",
            events_array(events)
        ),
        None => format!(
            "{{\"type\":\"events\",\"event\":{last},\"events\":{}}}",
            events_array(events)
        ),
    }
}

fn envelope_error(error: &str) -> String {
    serde_json::json!({ "type": "error", "error": error }).to_string()
}
