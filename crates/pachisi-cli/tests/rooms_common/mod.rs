//! What the tests of rooms share (rooms.rs, rooms_events.rs, rooms_fair.rs): the rooms they
//! make, playing a game to a point, what a refused request must leave unchanged, and a game's
//! WebSocket read message by message.

#![allow(dead_code)]

use super::common::api::{next_action, Api};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

pub const PACHISI: &str = env!("CARGO_BIN_EXE_pachisi");

/// The longest any one wait of these tests may take: a bound against a hang, not a measure.
pub const DEADLINE: Duration = Duration::from_secs(30);

/// A Ludo room of the host, a friend invited by link, and two random bots.
pub fn with_friend() -> Value {
    json!({"ruleset": "ludo", "seats": ["me", "open", "bot:random", "bot:random"], "name": "Asha"})
}

/// A Ludo room of the host and three random bots.
pub fn against_bots() -> Value {
    json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "name": "Asha"})
}

impl Api {
    /// Waits until nobody but a person (or nobody: the game is over) is due to act.
    pub async fn settle(&self, id: &str, token: &str) -> Value {
        let start = Instant::now();
        loop {
            let state = self.state(id, token).await;
            if state["awaiting"] != "bot" {
                return state;
            }
            assert!(
                start.elapsed() < DEADLINE,
                "the bots never stopped: {state}"
            );
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }

    /// The person to act in `state` throws, or plays the first listed move, with `token`.
    pub async fn step(&self, id: &str, token: &str, state: &Value) -> Value {
        let action = next_action(state);
        let (status, after) = self
            .post(&format!("/api/games/{id}/actions"), Some(token), &action)
            .await;
        assert_eq!(status, 200, "{action} on {state}: {after}");
        after
    }

    /// Plays the people's turns (each seat with its token in `seats`), the bots playing theirs,
    /// until `done` holds of a settled state or the game is over; returns that state.
    pub async fn play_until(
        &self,
        id: &str,
        seats: &HashMap<u64, String>,
        done: impl Fn(&Value) -> bool,
    ) -> Value {
        let reader = seats.values().next().expect("a person").clone();
        let start = Instant::now();
        loop {
            let state = self.settle(id, &reader).await;
            if state["phase"] == "over" || done(&state) {
                return state;
            }
            let seat = state["to_move"].as_u64().expect("to_move");
            let token = seats
                .get(&seat)
                .unwrap_or_else(|| panic!("nobody here holds seat {seat}: {state}"));
            self.step(id, token, &state).await;
            assert!(
                start.elapsed() < DEADLINE * 2,
                "the game does not end: {state}"
            );
        }
    }

    pub async fn chat(&self, id: &str, token: &str, body: &Value) -> (u16, Value) {
        self.post(&format!("/api/games/{id}/chat"), Some(token), body)
            .await
    }
}

/// Which seats each of the two people holds, from the host's creation answer and the friend's
/// join answer: seat to token.
pub fn seat_tokens(people: &[(&str, &Value)]) -> HashMap<u64, String> {
    let mut seats = HashMap::new();
    for (token, you) in people {
        for seat in you["seats"].as_array().expect("seats") {
            seats.insert(seat.as_u64().expect("seat"), (*token).to_string());
        }
    }
    seats
}

/// What must not change when a request is refused: the actions, the position, whose turn, the
/// last event's number (a chat line is an event) and the room.
pub fn fingerprint(state: &Value) -> Value {
    json!({
        "actions": state["actions"],
        "position": state["position"],
        "phase": state["phase"],
        "to_move": state["to_move"],
        "event": state["event"],
        "room": state["room"],
    })
}

/// The numbers of a list of events.
pub fn numbers(events: &Value) -> Vec<u64> {
    events
        .as_array()
        .unwrap_or_else(|| panic!("not a list of events: {events}"))
        .iter()
        .map(|e| e["n"].as_u64().unwrap_or_else(|| panic!("no n: {e}")))
        .collect()
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the game's WebSocket and says hello with `credential` and `after`.
pub async fn open_socket(api: &Api, id: &str, credential: &str, after: Option<u64>) -> Socket {
    let (mut socket, _) = tokio_tungstenite::connect_async(api.ws_url(id))
        .await
        .expect("the WebSocket opens");
    let mut hello = json!({"type": "hello", "token": credential});
    if let Some(after) = after {
        hello["after"] = after.into();
    }
    socket
        .send(Message::Text(hello.to_string().into()))
        .await
        .expect("hello");
    socket
}

/// Opens the game's WebSocket and reads the welcome.
pub async fn welcome(api: &Api, id: &str, credential: &str, after: Option<u64>) -> (Socket, Value) {
    let mut socket = open_socket(api, id, credential, after).await;
    let welcome = next_json(&mut socket).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (socket, welcome)
}

/// Sends a JSON message.
pub async fn say(socket: &mut Socket, message: &Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .expect("sent");
}

/// The next message: text as JSON, or the close frame's code as `{"close": CODE}`.
pub async fn next_message(socket: &mut Socket) -> Value {
    loop {
        match tokio::time::timeout(DEADLINE, socket.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(t.as_str()).expect("a message is JSON")
            }
            Ok(Some(Ok(Message::Close(frame)))) => {
                return json!({"close": frame.map(|f| u16::from(f.code))})
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            other => return json!({"gone": format!("{other:?}")}),
        }
    }
}

/// The next text message, as JSON.
pub async fn next_json(socket: &mut Socket) -> Value {
    let message = next_message(socket).await;
    assert!(message["type"].is_string(), "no message: {message}");
    message
}

/// Reads messages until one is an error, failing on any event: nothing may change.
pub async fn next_error(socket: &mut Socket, what: &str) -> Value {
    let message = next_json(socket).await;
    assert_eq!(message["type"], "error", "{what}: {message}");
    assert!(
        message["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: {message}"
    );
    message
}

/// Reads event messages until the event numbered `last` has come; returns every event number
/// read, in order, and the state told, from `state` (the welcome's) on.
pub async fn read_events_until(
    socket: &mut Socket,
    last: u64,
    mut state: Value,
) -> (Vec<u64>, Value) {
    let mut seen = Vec::new();
    while seen.last().copied().unwrap_or(0) < last {
        let message = next_json(socket).await;
        assert_eq!(message["type"], "events", "{message}");
        let n = numbers(&message["events"]);
        assert_eq!(
            message["event"].as_u64(),
            n.last().copied(),
            "a message's `event` is its last event's number: {message}"
        );
        seen.extend(n);
        crate::common::take_state(&mut state, &message);
    }
    (seen, state)
}

/// Lower-case hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lower-case or upper-case hex.
pub fn unhex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex: {text}");
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// SHA-256 (FIPS 180-4), written out here so that the commitment is checked independently of
/// the server's code.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    #[rustfmt::skip]
    const K: [u32; 64] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09_e667,
        0xbb67_ae85,
        0x3c6e_f372,
        0xa54f_f53a,
        0x510e_527f,
        0x9b05_688c,
        0x1f83_d9ab,
        0x5be0_cd19,
    ];
    let mut message = data.to_vec();
    let bits = (data.len() as u64).wrapping_mul(8);
    message.push(0x80);
    while message.len() % 64 != 56 {
        message.push(0);
    }
    message.extend_from_slice(&bits.to_be_bytes());
    for block in message.chunks(64) {
        let mut w = [0u32; 64];
        for (word, bytes) in w.iter_mut().zip(block.chunks(4)) {
            *word = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let mut v = h;
        for (k, word) in K.iter().zip(w) {
            let [a, b, c, d, e, f, g, hh] = v;
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(*k)
                .wrapping_add(word);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            v = [t1.wrapping_add(t2), a, b, c, d.wrapping_add(t1), e, f, g];
        }
        for (x, y) in h.iter_mut().zip(v) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (chunk, word) in out.chunks_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_be_bytes());
    }
    out
}

/// The chat lines (and any other events) told after event `after`, each as `[kind, line, name,
/// text]`.
pub async fn said_after(api: &Api, id: &str, token: &str, after: u64) -> Vec<Value> {
    let events = api.events(id, token, after).await;
    events["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| json!([e["kind"], e["line"], e["name"], e["text"]]))
        .collect()
}
