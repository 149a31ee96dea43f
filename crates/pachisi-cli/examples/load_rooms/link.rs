//! The rooms' connections to the instances: the WebSocket (opened with `hello` from a given
//! event on, its welcome read) and the HTTP requests (create, read, delete). With several
//! instances a game just created on one may not yet be known to another (it is once the
//! creation's notification is heard): a socket refused 404 there tries again. In a fault run an
//! instance that does not answer (killed, starting again) is skipped for the next one up, until
//! the stall time runs out.

use crate::shared::Shared;
use crate::tally::Live;
use crate::wire::begin;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::time::Duration;
use tokio::time::{timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Error as WsError, Message, Utf8Bytes};

/// A room's WebSocket.
pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Why a connection or a request failed: the error's kind and text.
pub type Failure = (&'static str, String);

/// The pause before trying again.
const AGAIN: Duration = Duration::from_millis(50);

/// What a socket received.
pub enum Incoming {
    Text(Utf8Bytes),
    Binary,
    Closed(String),
    /// Closed with 1012: the game moved to another instance; the client connects again.
    Again(String),
}

impl Incoming {
    /// The message, or why there is none, for an error's text.
    pub fn describe(&self) -> String {
        match self {
            Incoming::Text(t) => begin(t.as_str()),
            Incoming::Binary => "a binary message".to_string(),
            Incoming::Closed(why) => format!("the connection closed: {why}"),
            Incoming::Again(why) => format!("told to connect again: {why}"),
        }
    }
}

/// The next text message of `socket` (pings and pongs skipped).
pub async fn next(socket: &mut Socket, live: &Live) -> Incoming {
    loop {
        match socket.next().await {
            Some(Ok(Message::Text(t))) => {
                Live::add(&live.messages, 1);
                Live::add(&live.bytes, t.len() as u64);
                return Incoming::Text(t);
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => continue,
            Some(Ok(Message::Binary(_))) => return Incoming::Binary,
            Some(Ok(Message::Close(frame))) => {
                let again = frame.as_ref().is_some_and(|f| u16::from(f.code) == 1012);
                let why = format!("close frame {frame:?}");
                return if again {
                    Incoming::Again(why)
                } else {
                    Incoming::Closed(why)
                };
            }
            Some(Err(e)) => return Incoming::Closed(e.to_string()),
            None => return Incoming::Closed("end of stream".to_string()),
        }
    }
}

/// The next message of an optional socket; never resolves without one.
pub async fn next_maybe(socket: &mut Option<Socket>, live: &Live) -> Incoming {
    match socket {
        Some(s) => next(s, live).await,
        None => std::future::pending().await,
    }
}

/// Opens game `id`'s WebSocket on instance `from` (or, in a fault run, the next one up when it
/// does not answer), says hello with `credential` and `after`, and reads the welcome: the
/// socket, the welcome's text and the instance.
pub async fn connect(
    shared: &Shared,
    from: usize,
    id: &str,
    credential: &str,
    after: u64,
) -> Result<(Socket, Utf8Bytes, usize), Failure> {
    let deadline = Instant::now() + shared.stall;
    let mut at = shared.endpoints.up_from(from);
    loop {
        let failed = match connect_once(shared, at, id, credential, after).await {
            Ok((socket, welcome)) => return Ok((socket, welcome, at)),
            Err(f) => f,
        };
        let unknown = failed.0 == "not yet known";
        if !(unknown || shared.faults) || Instant::now() >= deadline {
            return Err(failed);
        }
        if unknown {
            Live::add(&shared.live.unknown, 1);
        } else {
            Live::add(&shared.live.retried, 1);
            at = shared.endpoints.up_from(at + 1);
        }
        tokio::time::sleep(AGAIN).await;
    }
}

/// One attempt of [`connect`] on instance `at`.
async fn connect_once(
    shared: &Shared,
    at: usize,
    id: &str,
    credential: &str,
    after: u64,
) -> Result<(Socket, Utf8Bytes), Failure> {
    let live = &shared.live;
    let url = format!(
        "{}/api/games/{id}/ws",
        shared.endpoints.url(at).replacen("http://", "ws://", 1)
    );
    // A small read buffer (the default is 128 KiB a socket), and no delay on small sends, as
    // browsers do.
    let config = WebSocketConfig::default().read_buffer_size(16 * 1024);
    let opening = tokio_tungstenite::connect_async_with_config(url, Some(config), true);
    let mut socket = match timeout(shared.stall, opening).await {
        Ok(Ok((socket, _))) => socket,
        Ok(Err(WsError::Http(r))) if r.status().as_u16() == 404 && shared.endpoints.count() > 1 => {
            return Err(("not yet known", format!("{id}: 404 on instance {at}")));
        }
        Ok(Err(e)) => return Err(("connect", e.to_string())),
        Err(_) => return Err(("connect", "no WebSocket within the stall time".to_string())),
    };
    let hello = json!({"type": "hello", "token": credential, "after": after});
    if let Err(e) = socket.send(Message::Text(hello.to_string().into())).await {
        return Err(("connect", format!("hello: {e}")));
    }
    let welcome = match timeout(shared.stall, next(&mut socket, live)).await {
        Ok(Incoming::Text(t)) => t,
        Ok(other) => return Err(("welcome", other.describe())),
        Err(_) => return Err(("welcome", "no welcome within the stall time".to_string())),
    };
    if !welcome.as_str().starts_with(r#"{"type":"welcome""#) {
        return Err(("welcome", begin(welcome.as_str())));
    }
    Ok((socket, welcome))
}

/// Sends the request `build` makes for an instance's address to instance `from` (or, in a fault
/// run, the next one up when it does not answer); the answer's status and text.
pub async fn request(
    shared: &Shared,
    from: usize,
    build: impl Fn(&str) -> reqwest::RequestBuilder,
) -> Result<(u16, String), String> {
    let deadline = Instant::now() + shared.stall;
    let mut at = shared.endpoints.up_from(from);
    loop {
        let answer = build(&shared.endpoints.url(at)).send().await;
        let error = match answer {
            Ok(r) => {
                let status = r.status().as_u16();
                match r.text().await {
                    Ok(text) => return Ok((status, text)),
                    Err(e) => e.to_string(),
                }
            }
            Err(e) => e.to_string(),
        };
        if !shared.faults || Instant::now() >= deadline {
            return Err(error);
        }
        Live::add(&shared.live.retried, 1);
        at = shared.endpoints.up_from(at + 1);
        tokio::time::sleep(AGAIN).await;
    }
}

/// Creates a room on instance `at`: the answer's JSON.
pub async fn create(shared: &Shared, at: usize) -> Result<serde_json::Value, String> {
    let body = json!({"ruleset": shared.ruleset, "seats": shared.seats, "name": "Load"});
    let (status, text) = request(shared, at, |url| {
        shared
            .http
            .post(format!("{url}/api/games"))
            .header("content-type", "application/json")
            .body(body.to_string())
    })
    .await?;
    if status != 201 {
        return Err(format!("{status}: {}", begin(&text)));
    }
    serde_json::from_str(&text).map_err(|e| format!("the answer is not JSON: {e}"))
}

/// The number of game `id`'s last event, read over HTTP from instance `at`.
pub async fn last_event(shared: &Shared, at: usize, id: &str, token: &str) -> Result<u64, String> {
    let (status, text) = request(shared, at, |url| {
        shared
            .http
            .get(format!("{url}/api/games/{id}"))
            .header("authorization", format!("Bearer {token}"))
    })
    .await?;
    if status != 200 {
        return Err(format!("{status}: {}", begin(&text)));
    }
    let state: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("{e}: {}", begin(&text)))?;
    state["event"]
        .as_u64()
        .ok_or_else(|| format!("no event number in the state: {}", begin(&text)))
}

/// Deletes game `id` through instance `at` (its sockets closed first). In a fault run a 404
/// after a request that went unanswered is the delete done.
pub async fn delete(shared: &Shared, at: usize, id: &str, token: &str) -> Result<(), String> {
    let (status, text) = request(shared, at, |url| {
        shared
            .http
            .delete(format!("{url}/api/games/{id}"))
            .header("authorization", format!("Bearer {token}"))
    })
    .await?;
    match status {
        204 => Ok(()),
        404 if shared.faults => Ok(()),
        _ => Err(format!("{id}: {status}: {}", begin(&text))),
    }
}
