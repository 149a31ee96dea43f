//! The WebSocket of a game (`GET /api/games/{id}/ws`): the state now, then every update, and
//! actions taken as messages. Connections are counted against the server's limits, kept small
//! (4 KiB read buffer), and closed with the code the protocol gives for what went wrong: 1009
//! for a message over the limit, 1007 for text that is not UTF-8, 1002 for a broken frame. A
//! watcher too slow to take every state is told so (`{"type": "resync"}`) and sent the newest.

use crate::api::{blocking, ApiError, AppState};
use crate::game::{Game, GameError, Request, Update};
use crate::games::Games;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tokio::sync::broadcast::error::RecvError;

/// The read buffer of a connection: messages are small, and thousands of watchers may be open.
const READ_BUFFER: usize = 4 * 1024;

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

/// Opens the WebSocket of the game `id`, within the server's and the game's limits.
pub async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = state.games.get(&id)?;
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
            "game {id} has its limit of {} watchers: try again later",
            limits.max_sockets_per_game
        ))
    })?;
    let games = state.games.clone();
    let max = limits.max_body;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| async move {
            watch(socket, games, game).await;
            drop((here, everyone));
        }))
}

/// Sends the state now and after every action; takes actions sent as messages.
async fn watch(socket: WebSocket, games: Arc<Games>, game: Arc<Game>) {
    let (mut sender, mut receiver) = socket.split();
    let (hello, mut updates) = game.watch();
    if sender
        .send(Message::Text(envelope_state(&hello).into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            update = updates.recv() => {
                let texts = match update {
                    Ok(Update::State(state)) => vec![envelope_state(&state)],
                    Ok(Update::Deleted) => {
                        let _ = sender.send(Message::Text(r#"{"type":"deleted"}"#.into())).await;
                        let _ = sender.send(close(close_code::NORMAL, "the game was deleted")).await;
                        break;
                    }
                    // Too slow to take every state: say so, then send the newest, which says
                    // all there is.
                    Err(RecvError::Lagged(skipped)) => vec![
                        serde_json::json!({ "type": "resync", "skipped": skipped }).to_string(),
                        envelope_state(&game.state_json()),
                    ],
                    Err(RecvError::Closed) => break,
                };
                let mut sent = true;
                for text in texts {
                    sent = sent && sender.send(Message::Text(text.into())).await.is_ok();
                }
                if !sent {
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
                        let (code, reason) = close_reason(e);
                        let _ = sender.send(close(code, reason)).await;
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

/// Plays an action sent on the WebSocket; an error goes back to that connection only (the new
/// state reaches everyone through the broadcast).
async fn answer(games: &Arc<Games>, game: &Arc<Game>, text: &str) -> Option<String> {
    let request: Request = match serde_json::from_str(text) {
        Ok(r) => r,
        Err(e) => return Some(envelope_error(&format!("bad message: {e}"))),
    };
    let games = games.clone();
    let game = game.clone();
    let refused = blocking(move || games.act(&game, request)).await.err()?;
    Some(envelope_error(refused.message()))
}

fn envelope_state(state: &str) -> String {
    format!("{{\"type\":\"state\",\"state\":{state}}}")
}

fn envelope_error(error: &str) -> String {
    serde_json::json!({ "type": "error", "error": error }).to_string()
}
