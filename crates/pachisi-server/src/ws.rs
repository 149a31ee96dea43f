//! The WebSocket of a game (`GET /api/games/{id}/ws`). The client says who it is first
//! (`{"type": "hello", "token": ..., "after": N}`: a player's token or the watch link's code, and
//! the number of the last event it saw); the server answers with the events since then and the
//! state, then sends every event as it happens, each exactly once and in order, whatever the
//! client missed while away or while too slow to read. Players send actions and chat lines as
//! messages.
//!
//! Each connection holds a place (`places`): strangers cannot use up the places of a game's
//! players, and a person of the table always gets in. A connection is kept small (4 KiB read
//! buffer, one message on its way at a time: a client too slow to read is sent what it missed
//! from the game's list, not a queue without end), pinged, and closed when it answers nothing
//! for two and a half times [`Limits::socket_ping`], and when its caller is no longer who it was
//! (the watch link turned off, the seat handed away, the game deleted), whatever it had queued.
//! Close codes: 1008 for a credential refused or a caller sent away, 1013 when the places are
//! full, 1001 for silence, 1009 for a message over the limit, 1007 for text that is not UTF-8,
//! 1002 for a broken frame.
//!
//! [`Limits::socket_ping`]: crate::Limits::socket_ping

#[cfg(test)]
mod tests;

use crate::answer::{blocking, ApiError};
use crate::app::{you, AppState, Client};
use crate::error::GameError;
use crate::game::{Event, Game, Published, Update};
use crate::games::Games;
use crate::places::{Place, Places, Waiting};
use crate::room::Caller;
use axum::body::Bytes;
use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, State};
use axum::response::Response;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::mpsc::error::TrySendError;
use tokio::sync::{mpsc, oneshot, Notify};
use tokio::time::{Instant, MissedTickBehavior};

/// The read buffer of a connection: messages are small, and thousands of watchers may be open.
const READ_BUFFER: usize = 4 * 1024;

/// How long a new connection has to say who it is.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// How long the last words of a closing connection may take to go out: a client that does not
/// read them is dropped without.
const FAREWELL: Duration = Duration::from_secs(2);

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

/// Opens the WebSocket of the game `id`. Only an unidentified place is taken here, bounded per
/// address (429 beyond): the places of a game, an address and the server go to those who say
/// who they are.
pub(crate) async fn websocket(
    State(state): State<AppState>,
    Path(id): Path<String>,
    Client(client): Client,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let game = state.games.get(&id)?;
    let limits = state.games.limits();
    let waiting = state
        .sockets
        .wait(client, limits)
        .map_err(|e| ApiError::from(GameError::TooMany(e)))?;
    let link = Link {
        games: state.games.clone(),
        game,
        places: state.sockets.clone(),
        client,
    };
    let max = limits.max_body;
    Ok(upgrade
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| connection(socket, link, waiting)))
}

/// What a connection is to.
struct Link {
    games: Arc<Games>,
    game: Arc<Game>,
    places: Arc<Places>,
    client: Option<IpAddr>,
}

type Sender = SplitSink<WebSocket, Message>;
type Receiver = SplitStream<WebSocket>;

/// The last words of a connection: messages, then a close frame.
struct Farewell {
    texts: Vec<String>,
    code: u16,
    reason: &'static str,
}

impl Farewell {
    /// Closes with `code` and `reason`, saying nothing before.
    fn close(code: u16, reason: &'static str) -> Farewell {
        Farewell {
            texts: Vec::new(),
            code,
            reason,
        }
    }

    /// Refuses the connection with `error`, closing it as a policy violation.
    fn refuse(error: &str) -> Farewell {
        Farewell {
            texts: vec![envelope_error(error)],
            code: close_code::POLICY,
            reason: "refused",
        }
    }

    /// Closes a connection whose caller was sent away, saying `why`.
    fn closed(why: &str, reason: &'static str) -> Farewell {
        Farewell {
            texts: vec![serde_json::json!({ "type": "closed", "reason": why }).to_string()],
            code: close_code::POLICY,
            reason,
        }
    }
}

/// One connection: a writer that sends what it is given, one message at a time, and the
/// connection's own work (the hello, then events out and actions in), which never waits on the
/// writer, so that it hears of a removal however far behind the client reads.
async fn connection(socket: WebSocket, link: Link, waiting: Waiting) {
    let (sender, receiver) = socket.split();
    // One message waits while another is sent: more would be a queue the client does not read.
    let (queue, outbox) = mpsc::channel(1);
    let (say, farewell) = oneshot::channel();
    let mut place = Place::Waiting(waiting);
    let work = async {
        if let Some(end) = follow(&link, receiver, &queue, &mut place).await {
            let _ = say.send(end);
        }
        drop(queue);
    };
    tokio::join!(work, write(sender, outbox, farewell));
    // The place is given back only once the connection is gone.
    drop(place);
}

/// Sends the messages of `outbox` until it ends, or until a farewell comes: then whatever was
/// being sent is dropped, and the farewell is sent within [`FAREWELL`].
async fn write(
    mut sender: Sender,
    mut outbox: mpsc::Receiver<Message>,
    mut farewell: oneshot::Receiver<Farewell>,
) {
    loop {
        let message = tokio::select! {
            biased;
            end = &mut farewell => return say_farewell(&mut sender, end.ok()).await,
            message = outbox.recv() => match message {
                Some(m) => m,
                None => return,
            },
        };
        tokio::select! {
            biased;
            end = &mut farewell => return say_farewell(&mut sender, end.ok()).await,
            sent = sender.send(message) => if sent.is_err() {
                return;
            },
        }
    }
}

/// Sends `end`'s messages and close frame, for at most [`FAREWELL`].
async fn say_farewell(sender: &mut Sender, end: Option<Farewell>) {
    let Some(end) = end else {
        return;
    };
    let _ = tokio::time::timeout(FAREWELL, async {
        for text in end.texts {
            if sender.send(Message::Text(text.into())).await.is_err() {
                return;
            }
        }
        let _ = sender.send(close(end.code, end.reason)).await;
    })
    .await;
}

/// The hello, then events out and actions in, until the connection ends; the farewell to send,
/// if any.
async fn follow(
    link: &Link,
    mut receiver: Receiver,
    queue: &mpsc::Sender<Message>,
    place: &mut Place,
) -> Option<Farewell> {
    let game = &link.game;
    let limits = link.games.limits();
    let hello = match tokio::time::timeout(HELLO_TIMEOUT, receiver.next()).await {
        Ok(Some(Ok(Message::Text(text)))) => serde_json::from_str::<Said>(text.as_str()),
        Err(_) => {
            return Some(Farewell::refuse(
                "say hello first: {\"type\": \"hello\", \"token\": ...}",
            ))
        }
        _ => return None,
    };
    let Ok(Said::Hello { token, after }) = hello else {
        return Some(Farewell::refuse(
            "the first message is {\"type\": \"hello\", \"token\": ..., \"after\": N}",
        ));
    };
    let who = game.room().who(Some(&token));
    let Some(caller) = who else {
        return Some(Farewell::refuse(
            "the token is neither a player's of this game nor its watch link's",
        ));
    };
    let Place::Waiting(waiting) = std::mem::replace(place, Place::Gone) else {
        return None;
    };
    let replaced = match caller {
        Caller::Watcher => match link.places.watch(waiting, game, limits) {
            Ok(watching) => {
                *place = Place::Watching { _held: watching };
                None
            }
            Err(full) => {
                return Some(Farewell {
                    texts: vec![envelope_error(&full)],
                    code: close_code::AGAIN,
                    reason: "try again later",
                })
            }
        },
        Caller::Person(p) => {
            let seated = link.places.seat(waiting, game, p, limits);
            let replaced = seated.replaced.clone();
            *place = Place::Seated { _held: seated };
            Some(replaced)
        }
    };
    let key = link
        .client
        .map_or_else(|| "local".to_string(), |c| c.to_string());
    let (from, mut updates) = game.follow(after.unwrap_or(u64::MAX));
    let (mut last, mut version) = (from.last, from.version);
    // Sent away between the hello and the watch, which no update would then say.
    if let Some(end) = removed(game, caller, &token) {
        return Some(end);
    }
    let told = last;
    // What the client saw on another instance is never told again, should this one hear of it
    // only after the welcome.
    if link.games.store().is_shared() {
        last = last.max(after.unwrap_or(0));
    }
    let welcome = format!(
        "{{\"type\":\"welcome\",\"you\":{},\"event\":{told},\"events\":{},\"state\":{}}}",
        you(game, Some(&token)),
        events_array(&from.events),
        from.state,
    );
    if queue.send(Message::Text(welcome.into())).await.is_err() {
        return None;
    }
    // Events skipped while the writer was busy: sent from the game's own list once it is free.
    let mut behind = false;
    // An answer to the client, waiting for the writer; the client is not read meanwhile.
    let mut reply: Option<String> = None;
    let every = limits.socket_ping.max(Duration::from_millis(10));
    let silent = every * 5 / 2;
    let silence = tokio::time::sleep(silent);
    tokio::pin!(silence);
    let mut ping = tokio::time::interval_at(Instant::now() + every, every);
    ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            biased;
            () = wait_for(replaced.as_deref()) => {
                return Some(Farewell::closed(
                    "this seat's game was opened in another window or device, which follows \
                     it instead of this one",
                    "opened elsewhere",
                ));
            }
            () = queue.closed() => return None,
            () = &mut silence => {
                return Some(Farewell::close(close_code::AWAY, "no answer to pings"));
            }
            update = updates.recv() => {
                if matches!(update, Err(RecvError::Closed)) {
                    return None;
                }
                // An update may change who the caller is: a seat handed away, the watch link
                // turned off, the game deleted. A state published with the room as it was
                // changes none of it but the last.
                let same_room = matches!(&update, Ok(Update::Events(_, Some(p))) if !p.room);
                let end = if same_room {
                    deleted(game)
                } else {
                    removed(game, caller, &token)
                };
                if let Some(end) = end {
                    return Some(end);
                }
                match update {
                    Ok(Update::Events(events, published)) if !behind => {
                        let fresh: Vec<Event> =
                            events.iter().filter(|e| e.n > last).cloned().collect();
                        let state = published.as_deref().and_then(|p| state_told(p, version));
                        // Events told already and no new state: nothing to say. (Events this
                        // client saw on another instance may come with a state it has not had
                        // here: that is said, with no event.)
                        if fresh.is_empty() && state.is_none() {
                            continue;
                        }
                        let newest = fresh.last().map_or(last, |e| e.n);
                        let text = envelope(&fresh, newest, state);
                        match queue.try_send(Message::Text(text.into())) {
                            Ok(()) => {
                                last = newest;
                                if let Some(p) = &published {
                                    version = version.max(p.version);
                                }
                            }
                            Err(TrySendError::Full(_)) => behind = true,
                            Err(TrySendError::Closed(_)) => return None,
                        }
                    }
                    Err(RecvError::Lagged(_)) => behind = true,
                    _ => {}
                }
            }
            permit = queue.reserve(), if behind || reply.is_some() => {
                let Ok(permit) = permit else {
                    return None;
                };
                if let Some(text) = reply.take() {
                    permit.send(Message::Text(text.into()));
                } else {
                    // Too slow to take every update: what was skipped is sent from the game's
                    // own list, each event once, with the newest state whole.
                    behind = false;
                    let now = game.since(last);
                    let fresh: Vec<Event> =
                        now.events.into_iter().filter(|e| e.n > last).collect();
                    if !fresh.is_empty() || now.version != version {
                        last = last.max(now.last);
                        version = now.version;
                        let text = envelope(&fresh, last, Some(Told::State(&now.state)));
                        permit.send(Message::Text(text.into()));
                    }
                }
            }
            incoming = receiver.next(), if reply.is_none() => {
                // Anything heard, a pong included, shows the client is there.
                silence.as_mut().reset(Instant::now() + silent);
                reply = match incoming {
                    Some(Ok(Message::Text(text))) => {
                        answer(&link.games, game, &token, &key, text.as_str()).await
                    }
                    Some(Ok(Message::Binary(_))) => Some(envelope_error("messages are JSON text")),
                    Some(Ok(Message::Close(_))) | None => return None,
                    Some(Ok(_)) => None,
                    Some(Err(e)) => {
                        let (code, reason) = close_reason(e);
                        return Some(Farewell::close(code, reason));
                    }
                };
            }
            _ = ping.tick() => {
                // A writer still busy with a message needs no ping on top: the silence is
                // timed either way.
                let _ = queue.try_send(Message::Ping(Bytes::new()));
            }
        }
    }
}

/// Waits until `signal` is notified; for ever without one.
async fn wait_for(signal: Option<&Notify>) {
    match signal {
        Some(s) => s.notified().await,
        None => std::future::pending().await,
    }
}

/// The farewell of a connection whose caller is no longer what it was: the game deleted, the
/// watch link turned off, or (for a person) every seat handed away; `None` while it still is.
fn removed(game: &Game, caller: Caller, token: &str) -> Option<Farewell> {
    if let Some(end) = deleted(game) {
        return Some(end);
    }
    if game.is_moved() {
        // The client connects again, and reaches the game's new owner.
        return Some(Farewell {
            texts: Vec::new(),
            code: close_code::RESTART,
            reason: "the game moved to another server: connect again",
        });
    }
    if game.room().who(Some(token)) == Some(caller) {
        return None;
    }
    Some(match caller {
        Caller::Watcher => {
            Farewell::closed("the host turned watching off", "watching was turned off")
        }
        Caller::Person(_) => Farewell::closed(
            "your seat was handed over: this browser no longer follows the game",
            "the seat was handed over",
        ),
    })
}

/// The farewell of a connection to a deleted game; `None` while it is not.
fn deleted(game: &Game) -> Option<Farewell> {
    game.is_deleted().then(|| Farewell {
        texts: vec![r#"{"type":"deleted"}"#.into()],
        code: close_code::NORMAL,
        reason: "the game was deleted",
    })
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
        let (request, actions) = match crate::action::parse_request(body) {
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

/// The state an events message tells a connection whose state is number `version`: nothing
/// when it has `published` already, the patch when `published` is the next, the whole state
/// when states were skipped.
fn state_told(published: &Published, version: u64) -> Option<Told<'_>> {
    if published.version <= version {
        None
    } else if published.version == version + 1 {
        Some(Told::Patch(&published.patch))
    } else {
        Some(Told::State(&published.state))
    }
}

/// The state in an events message: whole, or what changed since the state before.
enum Told<'a> {
    State(&'a str),
    Patch(&'a str),
}

/// `{"type": "events", "event": LAST, "events": [...], "state": ...}` (the state only when it
/// changed); `last` is the number of the game's last event, which may be before `events`' first
/// when none is listed.
pub(crate) fn envelope_events(events: &[Event], last: u64, state: Option<&str>) -> String {
    envelope(events, last, state.map(Told::State))
}

/// `{"type": "events", "event": LAST, "events": [...]}` with the state (`"state"`) or what
/// changed of it (`"patch"`), when told.
fn envelope(events: &[Event], last: u64, told: Option<Told<'_>>) -> String {
    let events = events_array(events);
    match told {
        Some(Told::State(state)) => format!(
            "{{\"type\":\"events\",\"event\":{last},\"events\":{events},\"state\":{state}}}"
        ),
        Some(Told::Patch(patch)) => format!(
            "{{\"type\":\"events\",\"event\":{last},\"events\":{events},\"patch\":{patch}}}"
        ),
        None => format!("{{\"type\":\"events\",\"event\":{last},\"events\":{events}}}"),
    }
}

fn envelope_error(error: &str) -> String {
    serde_json::json!({ "type": "error", "error": error }).to_string()
}
