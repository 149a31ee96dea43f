//! A game's WebSocket relayed to its owner: the owner's handshake is made first (so that a
//! refusal, 429 or 421, is answered as the owner gave it), then the client's is accepted, and
//! every frame goes across as it came, each way, until one side closes: the close frame (the
//! owner's "connect again" when the game moves) goes across too. An owner that goes away
//! without a close frame is said to the client as "connect again" (1012): it reconnects and
//! reaches the game's new owner.

use super::{outgoing, Forward, NotAnswered};
use axum::body::Body;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequestParts, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio_tungstenite::tungstenite;
use tungstenite::client::IntoClientRequest;
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::{CloseFrame as OwnerClose, WebSocketConfig};

type Upstream =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Relays the WebSocket `request` to the owner at `address`.
pub(super) async fn relay(
    forward: &Forward,
    request: Request,
    address: &str,
) -> Result<Response, NotAnswered> {
    let (mut parts, _) = request.into_parts();
    let upgrade = match WebSocketUpgrade::from_request_parts(&mut parts, &()).await {
        Ok(upgrade) => upgrade,
        Err(rejection) => return Ok(rejection.into_response()),
    };
    let target = match parts.uri.path_and_query() {
        Some(pq) => format!("ws://{address}{pq}"),
        None => return Err(NotAnswered::because("no path")),
    };
    let mut owner_request = target.into_client_request().map_err(NotAnswered::because)?;
    let headers = outgoing(forward, &parts.headers, &parts.extensions)?;
    for (name, value) in &headers {
        // The handshake's own headers (the key, the version, the host of the URL) are made by
        // the relay's handshake; the client's host stays, for the owner's check of names.
        owner_request.headers_mut().insert(name, value.clone());
    }
    let max = forward.games.limits().max_body;
    let config = WebSocketConfig::default()
        .max_message_size(Some(max))
        .max_frame_size(Some(max));
    let connected =
        tokio_tungstenite::connect_async_with_config(owner_request, Some(config), true).await;
    let upstream = match connected {
        Ok((upstream, _)) => upstream,
        Err(tungstenite::Error::Http(answer)) => {
            let (parts, body) = answer.into_parts();
            if parts.status == StatusCode::MISDIRECTED_REQUEST {
                return Err(NotAnswered::moved());
            }
            let body = body.unwrap_or_default();
            return Ok(Response::from_parts(parts, Body::from(body)));
        }
        Err(e) => return Err(NotAnswered::because(e)),
    };
    Ok(upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |client| pump(client, upstream)))
}

/// Carries frames both ways until either side closes.
async fn pump(client: WebSocket, upstream: Upstream) {
    let (mut to_client, mut from_client) = client.split();
    let (mut to_owner, mut from_owner) = upstream.split();
    loop {
        tokio::select! {
            heard = from_owner.next() => match heard {
                Some(Ok(message)) => {
                    let closing = matches!(message, tungstenite::Message::Close(_));
                    if let Some(message) = to_client_message(message) {
                        if to_client.send(message).await.is_err() {
                            let _ = to_owner.close().await;
                            return;
                        }
                    }
                    if closing {
                        return;
                    }
                }
                // Gone without a close frame: the client connects again.
                _ => {
                    let _ = to_client
                        .send(Message::Close(Some(CloseFrame {
                            code: axum::extract::ws::close_code::RESTART,
                            reason: "the game's server went away: connect again".into(),
                        })))
                        .await;
                    return;
                }
            },
            heard = from_client.next() => match heard {
                Some(Ok(message)) => {
                    let closing = matches!(message, Message::Close(_));
                    if to_owner.send(to_owner_message(message)).await.is_err() {
                        return;
                    }
                    if closing {
                        return;
                    }
                }
                _ => {
                    let _ = to_owner.close().await;
                    return;
                }
            },
        }
    }
}

/// A frame of the owner's, for the client (a raw frame is never produced when reading).
fn to_client_message(message: tungstenite::Message) -> Option<Message> {
    Some(match message {
        tungstenite::Message::Text(text) => Message::Text(text.as_str().into()),
        tungstenite::Message::Binary(bytes) => Message::Binary(bytes),
        tungstenite::Message::Ping(bytes) => Message::Ping(bytes),
        tungstenite::Message::Pong(bytes) => Message::Pong(bytes),
        tungstenite::Message::Close(frame) => Message::Close(frame.map(|f| CloseFrame {
            code: f.code.into(),
            reason: f.reason.as_str().into(),
        })),
        tungstenite::Message::Frame(_) => return None,
    })
}

/// A frame of the client's, for the owner.
fn to_owner_message(message: Message) -> tungstenite::Message {
    match message {
        Message::Text(text) => tungstenite::Message::Text(text.as_str().into()),
        Message::Binary(bytes) => tungstenite::Message::Binary(bytes),
        Message::Ping(bytes) => tungstenite::Message::Ping(bytes),
        Message::Pong(bytes) => tungstenite::Message::Pong(bytes),
        Message::Close(frame) => tungstenite::Message::Close(frame.map(|f| OwnerClose {
            code: CloseCode::from(f.code),
            reason: f.reason.as_str().into(),
        })),
    }
}
