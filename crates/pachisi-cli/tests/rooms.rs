//! Rooms on a real `pachisi serve` process, over real HTTP and WebSocket connections: seats that
//! belong to their token's holder, invitations, the watch link, hints by the room's choice, fair
//! throws committed to and revealed, numbered events that a client reconnecting gets exactly,
//! chat within its limits, and all of it kept across a server killed outright (docs/api.md,
//! "Rooms, people and tokens" on; docs/fair-throws.md).
//!
//! Every wait polls with a deadline; every choice is deterministic (the first listed move).

use futures_util::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{json, Value};
mod common;

use common::api::{bearer, code_of, next_action, Api, Room};
use common::{fresh_database, Server};
use std::collections::HashMap;
use std::process::Command;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const PACHISI: &str = env!("CARGO_BIN_EXE_pachisi");

/// The longest any one wait of these tests may take: a bound against a hang, not a measure.
const DEADLINE: Duration = Duration::from_secs(30);

/// A Ludo room of the host, a friend invited by link, and two random bots.
fn with_friend() -> Value {
    json!({"ruleset": "ludo", "seats": ["me", "open", "bot:random", "bot:random"], "name": "Asha"})
}

/// A Ludo room of the host and three random bots.
fn against_bots() -> Value {
    json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "name": "Asha"})
}

impl Api {
    /// Waits until nobody but a person (or nobody: the game is over) is due to act.
    async fn settle(&self, id: &str, token: &str) -> Value {
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
    async fn step(&self, id: &str, token: &str, state: &Value) -> Value {
        let action = next_action(state);
        let (status, after) = self
            .post(&format!("/api/games/{id}/actions"), Some(token), &action)
            .await;
        assert_eq!(status, 200, "{action} on {state}: {after}");
        after
    }

    /// Plays the people's turns (each seat with its token in `seats`), the bots playing theirs,
    /// until `done` holds of a settled state or the game is over; returns that state.
    async fn play_until(
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

    async fn chat(&self, id: &str, token: &str, body: &Value) -> (u16, Value) {
        self.post(&format!("/api/games/{id}/chat"), Some(token), body)
            .await
    }
}

/// Which seats each of the two people holds, from the host's creation answer and the friend's
/// join answer: seat to token.
fn seat_tokens(people: &[(&str, &Value)]) -> HashMap<u64, String> {
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
fn fingerprint(state: &Value) -> Value {
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
fn numbers(events: &Value) -> Vec<u64> {
    events
        .as_array()
        .unwrap_or_else(|| panic!("not a list of events: {events}"))
        .iter()
        .map(|e| e["n"].as_u64().unwrap_or_else(|| panic!("no n: {e}")))
        .collect()
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the game's WebSocket and says hello with `credential` and `after`.
async fn open_socket(api: &Api, id: &str, credential: &str, after: Option<u64>) -> Socket {
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
async fn welcome(api: &Api, id: &str, credential: &str, after: Option<u64>) -> (Socket, Value) {
    let mut socket = open_socket(api, id, credential, after).await;
    let welcome = next_json(&mut socket).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (socket, welcome)
}

/// Sends a JSON message.
async fn say(socket: &mut Socket, message: &Value) {
    socket
        .send(Message::Text(message.to_string().into()))
        .await
        .expect("sent");
}

/// The next message: text as JSON, or the close frame's code as `{"close": CODE}`.
async fn next_message(socket: &mut Socket) -> Value {
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
async fn next_json(socket: &mut Socket) -> Value {
    let message = next_message(socket).await;
    assert!(message["type"].is_string(), "no message: {message}");
    message
}

/// Reads messages until one is an error, failing on any event: nothing may change.
async fn next_error(socket: &mut Socket, what: &str) -> Value {
    let message = next_json(socket).await;
    assert_eq!(message["type"], "error", "{what}: {message}");
    assert!(
        message["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{what}: {message}"
    );
    message
}

/// Reads event messages until the event numbered `last` has come; returns every event number
/// read, in order, and the last state sent.
async fn read_events_until(socket: &mut Socket, last: u64) -> (Vec<u64>, Value) {
    let mut seen = Vec::new();
    let mut state = Value::Null;
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
        if message.get("state").is_some() {
            state = message["state"].clone();
        }
    }
    (seen, state)
}

/// Lower-case hex.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The bytes of lower-case or upper-case hex.
fn unhex(text: &str) -> Vec<u8> {
    assert!(text.len() % 2 == 0, "odd hex: {text}");
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// SHA-256 (FIPS 180-4), written out here so that the commitment is checked independently of
/// the server's code.
fn sha256(data: &[u8]) -> [u8; 32] {
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

/// What a refused request must be answered.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Want {
    /// 403.
    Forbidden,
    /// Anything but success (the action is not due, or not allowed for other reasons).
    NotOk,
}

/// A credential that must be refused: what it is, and the whole `Authorization` header sent
/// (`None`: no header).
type Credential = (String, Option<String>);

/// The credentials that are not `target`'s: none, malformed ones (made from `target` itself, so
/// that only the form is wrong), another game's token and watch code, this game's watch code,
/// and `other` (the other player's token).
fn not_the_token_of(
    target: &str,
    other: &str,
    foreign: &Room,
    watch: &str,
) -> Vec<(Credential, Want)> {
    let mut list: Vec<(&str, Option<String>)> = vec![
        ("no Authorization header", None),
        ("an empty bearer token", Some("Bearer ".into())),
        (
            "a bearer token that is no token",
            Some("Bearer not-a-token".into()),
        ),
        ("the token without `Bearer`", Some(target.to_string())),
        (
            "the token as Basic credentials",
            Some(format!("Basic {target}")),
        ),
        (
            "the token and one character more",
            Some(bearer(&format!("{target}0"))),
        ),
        (
            "the token less its last character",
            Some(bearer(&target[..target.len() - 1])),
        ),
        (
            "the token's SHA-256, what the server keeps",
            Some(bearer(&hex(&sha256(target.as_bytes())))),
        ),
        ("another game's host token", Some(bearer(&foreign.token))),
        ("another game's watch code", Some(bearer(&foreign.watch))),
        ("this game's watch code", Some(bearer(watch))),
        ("the other player's token", Some(bearer(other))),
    ];
    if target.to_uppercase() != target {
        list.push((
            "the token in upper case",
            Some(bearer(&target.to_uppercase())),
        ));
    }
    list.into_iter()
        .map(|(what, header)| ((what.to_string(), header), Want::Forbidden))
        .collect()
}

/// A game whose state, read with `reader`, must not change when a request is refused.
struct Guarded<'a> {
    api: &'a Api,
    id: &'a str,
    reader: &'a str,
}

impl Guarded<'_> {
    /// Sends `method path body` with every credential of `list`, checking that each is answered
    /// as wanted and that the game is unchanged after each.
    async fn refused(
        &self,
        what: &str,
        method: Method,
        path: &str,
        body: Option<&Value>,
        list: &[(Credential, Want)],
    ) {
        let before = self.api.state(self.id, self.reader).await;
        for ((credential, header), want) in list {
            let (status, answer) = self
                .api
                .send(method.clone(), path, header.as_deref(), body)
                .await;
            match want {
                Want::Forbidden => assert_eq!(
                    status, 403,
                    "{what} with {credential} was not refused: {method} {path} {body:?}: {answer}"
                ),
                Want::NotOk => assert!(
                    !(200..300).contains(&status),
                    "{what} with {credential} was taken ({status}): {method} {path} {body:?}: {answer}"
                ),
            }
            assert!(
                answer["error"].as_str().is_some_and(|e| !e.is_empty()),
                "{what} with {credential}: a refusal says why: {answer}"
            );
            let after = self.api.state(self.id, self.reader).await;
            assert_eq!(
                fingerprint(&after),
                fingerprint(&before),
                "{what} with {credential} ({status}: {answer}) changed the game"
            );
        }
    }
}

/// 1. Every kind of action checks the token: the seat to act's for a throw, move or pass; a
///    player's for undo; the seat's holder's or the host's for a hand-over; a player's or the
///    watch code's for chat; the host's for the room's options, its links and deletion. Anything
///    else is refused and changes nothing.
#[tokio::test]
async fn every_action_refuses_missing_malformed_foreign_watch_and_other_players_tokens() {
    let server = Server::start(&fresh_database("rooms-tokens"), 0);
    let api = Api::new(&server);
    let foreign = api.create(&against_bots()).await;
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let invite = room.invite.clone().expect("seat 1 is open");
    // The host reads the same invitation from the room's links.
    let (status, links) = api.get(&format!("/api/games/{id}/room"), &room.token).await;
    assert_eq!(status, 200, "{links}");
    assert_eq!(
        links["invites"][0]["link"], room.created["links"]["invites"][0]["link"],
        "{links}"
    );
    assert_eq!(code_of(&links["watch"]["link"], "watch", &id), room.watch);
    // Nothing is played before the friend comes.
    let (status, early) = api
        .post(
            &format!("/api/games/{id}/actions"),
            Some(&room.token),
            &json!({"action": "throw"}),
        )
        .await;
    assert_eq!(status, 409, "the game has not begun: {early}");
    let joined = api.join(&id, &invite, "Ravi").await;
    let friend = joined["token"].as_str().expect("token").to_string();
    assert_eq!(joined["seat"], 1, "{joined}");
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    assert_eq!(seats.len(), 2, "{seats:?}");
    let host_seat = room.created["you"]["seats"][0].as_u64().expect("seat");
    let state = api.settle(&id, &room.token).await;
    assert_eq!(
        state["room"]["seats"][1]["name"], "Ravi",
        "the friend holds seat 1: {state}"
    );

    let game = Guarded {
        api: &api,
        id: &id,
        reader: &room.token,
    };
    let actions = format!("/api/games/{id}/actions");
    let other_of = |token: &str| {
        if token == room.token {
            friend.clone()
        } else {
            room.token.clone()
        }
    };

    // Undo: only a player may ask, and with two people at the table even a player is refused.
    let mut list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    for (credential, want) in &mut list {
        if credential.0 == "the other player's token" {
            *want = Want::NotOk;
        }
    }
    list.push((
        ("the host's own token".into(), Some(bearer(&room.token))),
        Want::NotOk,
    ));
    let undo = json!({"action": "undo"});
    game.refused("undo", Method::POST, &actions, Some(&undo), &list)
        .await;

    // Hand-over of the host's seat: not by the friend, nor anyone else but the host.
    let to_bot = json!({"to": "bot:random"});
    let list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    let path = format!("/api/games/{id}/seats/{host_seat}");
    game.refused("hand-over", Method::POST, &path, Some(&to_bot), &list)
        .await;
    // Nor a bot's seat by the friend, to a bot or to another person.
    let friend_only = [(
        ("the friend's token".to_string(), Some(bearer(&friend))),
        Want::Forbidden,
    )];
    for to in [json!({"to": "bot:random"}), json!({"to": "open"})] {
        let path = format!("/api/games/{id}/seats/2");
        game.refused(
            "hand-over of a bot's seat",
            Method::POST,
            &path,
            Some(&to),
            &friend_only,
        )
        .await;
    }

    // Chat: a player or the watch code, nobody else.
    let list: Vec<(Credential, Want)> =
        not_the_token_of(&room.token, &friend, &foreign, &room.watch)
            .into_iter()
            .filter(|((what, _), _)| what != "the other player's token")
            .map(|((what, header), want)| {
                // A watcher speaks under a name; without one the line is refused.
                let want = if what == "this game's watch code" {
                    Want::NotOk
                } else {
                    want
                };
                ((what, header), want)
            })
            .collect();
    let line = json!({"text": "who is this?"});
    let path = format!("/api/games/{id}/chat");
    game.refused("chat", Method::POST, &path, Some(&line), &list)
        .await;

    // The room's options, its links and deletion: the host only.
    let list = not_the_token_of(&room.token, &friend, &foreign, &room.watch);
    let options = json!({"watch": false, "public": true});
    let path = format!("/api/games/{id}/room");
    game.refused("room options", Method::PATCH, &path, Some(&options), &list)
        .await;
    game.refused("the room's links", Method::GET, &path, None, &list)
        .await;
    let path = format!("/api/games/{id}");
    game.refused("delete", Method::DELETE, &path, None, &list)
        .await;

    // Throw, move and pass: only the token of the seat to act. Played on, people and bots,
    // until each was tried when due.
    let (mut throw_tried, mut move_tried) = (false, false);
    let start = Instant::now();
    while !(throw_tried && move_tried) {
        let state = api.settle(&id, &room.token).await;
        assert_ne!(state["phase"], "over", "the game ended first: {state}");
        let seat = state["to_move"].as_u64().expect("to_move");
        let mover = seats.get(&seat).expect("a person's turn").clone();
        let list = not_the_token_of(&mover, &other_of(&mover), &foreign, &room.watch);
        let not_due: Vec<(Credential, Want)> = list
            .iter()
            .map(|(credential, _)| (credential.clone(), Want::NotOk))
            .collect();
        let throw = json!({"action": "throw"});
        let pass = json!({"action": "move", "move": "-"});
        if state["phase"] == "throw" && !throw_tried {
            game.refused("a throw", Method::POST, &actions, Some(&throw), &list)
                .await;
            let by_index = json!({"action": "move", "index": 0});
            for body in [&by_index, &pass] {
                game.refused(
                    "a move not due",
                    Method::POST,
                    &actions,
                    Some(body),
                    &not_due,
                )
                .await;
            }
            throw_tried = true;
        }
        let moves = state["moves"].as_array().expect("moves");
        if state["phase"] == "move" && !moves.is_empty() && !move_tried {
            let notation = moves[0]["move"].as_str().expect("move");
            let by_index = json!({"action": "move", "index": 0, "actions": state["actions"]});
            let by_notation = json!({"action": "move", "move": notation});
            for body in [&by_index, &by_notation] {
                game.refused("a move", Method::POST, &actions, Some(body), &list)
                    .await;
            }
            // A pass is checked as a move: the token first, whether it is legal after.
            game.refused("a pass", Method::POST, &actions, Some(&pass), &list)
                .await;
            game.refused(
                "a throw not due",
                Method::POST,
                &actions,
                Some(&throw),
                &not_due,
            )
            .await;
            move_tried = true;
        }
        api.step(&id, &mover, &state).await;
        assert!(start.elapsed() < DEADLINE, "no move came: {state}");
    }

    // What the friend may do, they do under their own name: a chat line naming the host is
    // said by the friend, on the table's line.
    let before = api.state(&id, &room.token).await;
    let (status, answer) = api
        .chat(&id, &friend, &json!({"text": "Asha here", "name": "Asha"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    let (status, answer) = api
        .chat(
            &id,
            &room.watch,
            &json!({"text": "watching", "name": "Mina"}),
        )
        .await;
    assert_eq!(status, 204, "{answer}");
    let after = before["event"].as_u64().expect("event");
    let events = api.events(&id, &room.token, after).await;
    let said: Vec<Value> = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| json!([e["kind"], e["line"], e["name"], e["text"]]))
        .collect();
    assert_eq!(
        said,
        vec![
            json!(["chat", "table", "Ravi", "Asha here"]),
            json!(["chat", "watchers", "Mina", "watching"]),
        ],
        "{events}"
    );

    // The host deletes: the friend and a watcher connected are told, the connection closes
    // (1000), and every credential then finds no game.
    let (mut friend_socket, _) = welcome(&api, &id, &friend, None).await;
    let (mut watcher_socket, _) = welcome(&api, &id, &room.watch, None).await;
    let (status, answer) = api
        .send(
            Method::DELETE,
            &format!("/api/games/{id}"),
            Some(&bearer(&room.token)),
            None,
        )
        .await;
    assert_eq!(status, 204, "{answer}");
    for socket in [&mut friend_socket, &mut watcher_socket] {
        let told = next_message(socket).await;
        assert_eq!(told, json!({"type": "deleted"}), "{told}");
        let closed = next_message(socket).await;
        assert_eq!(closed, json!({"close": 1000}), "{closed}");
    }
    for token in [&room.token, &friend, &room.watch] {
        let (status, answer) = api.get(&format!("/api/games/{id}"), token).await;
        assert_eq!(status, 404, "{answer}");
    }
    // The other game was never touched.
    let other = api.state(&foreign.id, &foreign.token).await;
    assert_eq!(other["room"]["seats"][0]["name"], "Asha", "{other}");
}

/// 2. Over the WebSocket too, the friend cannot act for the host and a watcher cannot act at
///    all: each is answered an error on its own connection, and nothing changes.
#[tokio::test]
async fn over_the_websocket_a_friend_cannot_act_for_the_host_and_a_watcher_not_at_all() {
    let server = Server::start(&fresh_database("rooms-ws-refusals"), 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let joined = api
        .join(&id, room.invite.as_deref().expect("open"), "Ravi")
        .await;
    let friend = joined["token"].as_str().expect("token").to_string();
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    let host_seat = room.created["you"]["seats"][0].as_u64().expect("seat");
    // Played on until the host is to act: in a throw, then (further on) with moves to choose.
    for phase in ["throw", "move"] {
        let state = api
            .play_until(&id, &seats, |s| {
                s["to_move"].as_u64() == Some(host_seat)
                    && s["phase"] == phase
                    && s["awaiting"] == "human"
                    && (phase == "throw" || s["moves"].as_array().is_some_and(|m| !m.is_empty()))
            })
            .await;
        assert_eq!(state["phase"], phase, "{state}");
        let (mut by_friend, hello) = welcome(&api, &id, &friend, None).await;
        assert_eq!(hello["you"]["name"], "Ravi", "{hello}");
        let (mut by_watcher, hello) = welcome(&api, &id, &room.watch, None).await;
        assert_eq!(hello["you"], json!({"watcher": true}), "{hello}");
        let before = fingerprint(&api.state(&id, &room.token).await);
        let mut tries = vec![
            json!({"action": "throw"}),
            json!({"action": "move", "index": 0}),
            json!({"action": "move", "move": "-"}),
            json!({"action": "undo"}),
        ];
        if let Some(notation) = state["moves"][0]["move"].as_str() {
            tries.push(json!({"action": "move", "move": notation, "actions": state["actions"]}));
        }
        for action in &tries {
            say(&mut by_friend, action).await;
            next_error(&mut by_friend, &format!("the friend's {action}")).await;
            say(&mut by_watcher, action).await;
            next_error(&mut by_watcher, &format!("the watcher's {action}")).await;
            let after = fingerprint(&api.state(&id, &room.token).await);
            assert_eq!(after, before, "{action} on the WebSocket changed the game");
        }
        // A watcher's line needs a name, and a second hello does not make the watcher the host.
        say(&mut by_watcher, &json!({"type": "chat", "text": "hi"})).await;
        next_error(&mut by_watcher, "a watcher's line without a name").await;
        say(
            &mut by_watcher,
            &json!({"type": "hello", "token": room.token}),
        )
        .await;
        next_error(&mut by_watcher, "a second hello with the host's token").await;
        say(&mut by_watcher, &json!({"action": "throw"})).await;
        next_error(&mut by_watcher, "a throw after a second hello").await;
        let after = fingerprint(&api.state(&id, &room.token).await);
        assert_eq!(after, before, "the WebSocket changed the game");
        // The host's own action on the same game goes through, and both connections hear it.
        let played = api.step(&id, &room.token, &state).await;
        for socket in [&mut by_friend, &mut by_watcher] {
            let message = next_json(socket).await;
            assert_eq!(message["type"], "events", "{message}");
            assert_eq!(message["events"][0]["kind"], "play", "{message}");
            assert!(
                message["state"]["actions"].as_u64() >= played["actions"].as_u64(),
                "{message}"
            );
        }
    }
}

/// 2. Hints: refused in a game between two people (to the one to move as well), given in a room
///    created to allow them, and never to the one not to move or to a watcher.
#[tokio::test]
async fn hints_are_refused_between_people_unless_the_room_allows_them() {
    let server = Server::start_with(
        &fresh_database("rooms-hints"),
        0,
        &["--hint-bot", "heuristic"],
    );
    let api = Api::new(&server);
    for allowed in [false, true] {
        let mut new = with_friend();
        new["hints"] = allowed.into();
        let room = api.create(&new).await;
        let id = room.id.clone();
        assert_eq!(room.created["room"]["hints"], allowed, "{}", room.created);
        let joined = api
            .join(&id, room.invite.as_deref().expect("open"), "Ravi")
            .await;
        let friend = joined["token"].as_str().expect("token").to_string();
        let seats = seat_tokens(&[
            (&room.token, &room.created["you"]),
            (&friend, &joined["you"]),
        ]);
        let state = api
            .play_until(&id, &seats, |s| {
                s["phase"] == "move"
                    && s["awaiting"] == "human"
                    && s["moves"].as_array().is_some_and(|m| !m.is_empty())
            })
            .await;
        assert_eq!(state["phase"], "move", "{state}");
        let seat = state["to_move"].as_u64().expect("to_move");
        let mover = seats[&seat].clone();
        let other = if mover == friend {
            room.token.clone()
        } else {
            friend.clone()
        };
        let path = format!("/api/games/{id}/hint");
        let (status, hint) = api.get(&path, &mover).await;
        if allowed {
            assert_eq!(status, 200, "hints allowed: {hint}");
            assert_eq!(
                hint["moves"].as_array().map(Vec::len),
                state["moves"].as_array().map(Vec::len),
                "every legal move ranked: {hint} for {state}"
            );
        } else {
            assert_eq!(status, 403, "hints between people: {hint}");
        }
        for (who, token) in [("the other player", &other), ("the watcher", &room.watch)] {
            let (status, hint) = api.get(&path, token).await;
            assert_eq!(status, 403, "{who} asked a hint: {hint}");
        }
        let (status, hint) = api.send(Method::GET, &path, None, None).await;
        assert_eq!(status, 403, "nobody asked a hint: {hint}");
        // Hints are chosen before the game begins.
        let (status, answer) = api
            .send(
                Method::PATCH,
                &format!("/api/games/{id}/room"),
                Some(&bearer(&room.token)),
                Some(&json!({"hints": !allowed})),
            )
            .await;
        assert_eq!(status, 409, "{answer}");
    }
    // Against bots alone, the host needs no permission.
    let room = api.create(&against_bots()).await;
    let seats = seat_tokens(&[(&room.token, &room.created["you"])]);
    let state = api
        .play_until(&room.id, &seats, |s| {
            s["phase"] == "move" && s["moves"].as_array().is_some_and(|m| !m.is_empty())
        })
        .await;
    let (status, hint) = api
        .get(&format!("/api/games/{}/hint", room.id), &room.token)
        .await;
    assert_eq!(status, 200, "{hint} at {state}");
}

/// Checks a welcome after `after`: its events are exactly `after + 1 ..= event`, and they are the
/// events `GET .../events?after=` answers.
async fn check_welcome(api: &Api, id: &str, token: &str, after: u64, welcome: &Value) -> u64 {
    let last = welcome["event"].as_u64().expect("event");
    let got = numbers(&welcome["events"]);
    let want: Vec<u64> = (after + 1..=last).collect();
    assert_eq!(got, want, "after {after}: {welcome}");
    let listed = api.events(id, token, after).await;
    let listed_numbers = numbers(&listed["events"]);
    assert!(
        listed_numbers.starts_with(&got),
        "GET events after {after} tells the same events: {listed} and {welcome}"
    );
    for (a, b) in listed["events"]
        .as_array()
        .expect("events")
        .iter()
        .zip(welcome["events"].as_array().expect("events"))
    {
        assert_eq!(a, b, "the same event, told twice");
    }
    last
}

/// 3. A client that reconnects with the number of the last event it saw gets exactly the events
///    after it, whatever the gap (1, 5, 50 and more), and the live events go on from there.
#[tokio::test]
async fn a_reconnecting_client_gets_exactly_the_events_it_missed_then_the_live_ones() {
    let server = Server::start_with(
        &fresh_database("rooms-reconnect"),
        0,
        &["--chat-lines", "1000"],
    );
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let (id, token) = (room.id.clone(), room.token.clone());
    let seats = seat_tokens(&[(&token, &room.created["you"])]);
    let state = api.settle(&id, &token).await;
    let (socket, hello) = welcome(&api, &id, &token, None).await;
    assert_eq!(
        hello["events"],
        json!([]),
        "no past events without `after`: {hello}"
    );
    assert_eq!(hello["event"], state["event"], "{hello} {state}");
    let mut last = hello["event"].as_u64().expect("event");
    drop(socket);

    // Gaps of 1 and 5: chat lines said while away.
    for gap in [1, 5] {
        for i in 0..gap {
            let (status, answer) = api
                .chat(
                    &id,
                    &token,
                    &json!({"text": format!("gap {gap}, line {i}")}),
                )
                .await;
            assert_eq!(status, 204, "{answer}");
        }
        let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
        let now = check_welcome(&api, &id, &token, last, &hello).await;
        assert_eq!(now, last + gap, "{hello}");
        let texts: Vec<&str> = hello["events"]
            .as_array()
            .expect("events")
            .iter()
            .map(|e| e["text"].as_str().expect("a chat line"))
            .collect();
        let want: Vec<String> = (0..gap).map(|i| format!("gap {gap}, line {i}")).collect();
        assert_eq!(texts, want, "{hello}");
        // The next line comes live, numbered next, without a state (a line changes none).
        let (status, _) = api.chat(&id, &token, &json!({"text": "live"})).await;
        assert_eq!(status, 204);
        let message = next_json(&mut socket).await;
        assert_eq!(numbers(&message["events"]), vec![now + 1], "{message}");
        assert!(message.get("state").is_none(), "{message}");
        last = now + 1;
    }

    // A gap of 50 and more: the person plays, the bots answer, while nobody is connected.
    let target = last + 50;
    let state = api
        .play_until(&id, &seats, |s| {
            s["event"].as_u64().is_some_and(|e| e >= target)
        })
        .await;
    assert_ne!(
        state["phase"], "over",
        "the game ended before 50 events: {state}"
    );
    let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
    let now = check_welcome(&api, &id, &token, last, &hello).await;
    assert!(now >= last + 50, "{hello}");
    assert_eq!(hello["state"]["actions"], state["actions"], "{hello}");
    // Live from there: an action, and the bots' answers, each once, numbered on.
    let played = api.step(&id, &token, &state).await;
    let settled = api.settle(&id, &token).await;
    let end = settled["event"].as_u64().expect("event");
    let (seen, live_state) = read_events_until(&mut socket, end).await;
    assert_eq!(seen, (now + 1..=end).collect::<Vec<_>>(), "after {played}");
    assert_eq!(live_state["actions"], settled["actions"], "{live_state}");
    drop(socket);

    // A client that reconnects while the bots are playing misses nothing either.
    let state = api.settle(&id, &token).await;
    let last = state["event"].as_u64().expect("event");
    api.step(&id, &token, &state).await;
    let (mut socket, hello) = welcome(&api, &id, &token, Some(last)).await;
    let first = check_welcome(&api, &id, &token, last, &hello).await;
    let settled = api.settle(&id, &token).await;
    let end = settled["event"].as_u64().expect("event");
    let mut seen = numbers(&hello["events"]);
    if first < end {
        let (live, _) = read_events_until(&mut socket, end).await;
        seen.extend(live);
    }
    assert_eq!(seen, (last + 1..=end).collect::<Vec<_>>(), "{hello}");
    // The whole list, from the start, has every number once.
    let all = api.events(&id, &token, 0).await;
    assert_eq!(
        numbers(&all["events"]),
        (1..=end).collect::<Vec<_>>(),
        "{all}"
    );
    assert_eq!(all["state"]["actions"], settled["actions"]);
}

/// `GET .../events?after=N` says the number of the last event, as the WebSocket's welcome does,
/// even when nothing came after N: a client polling with the number it was told must not be
/// sent back to the start.
#[tokio::test]
async fn events_after_the_last_one_still_say_the_last_number() {
    let server = Server::start(&fresh_database("rooms-events-last"), 0);
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let state = api.settle(&room.id, &room.token).await;
    let last = state["event"].as_u64().expect("event");
    assert!(last >= 2, "{state}");
    let before = api.events(&room.id, &room.token, last - 1).await;
    assert_eq!(before["event"].as_u64(), Some(last), "{before}");
    let nothing_new = api.events(&room.id, &room.token, last).await;
    assert_eq!(nothing_new["events"], json!([]), "{nothing_new}");
    assert_eq!(
        nothing_new["event"].as_u64(),
        Some(last),
        "the last event is {last}: {nothing_new}"
    );
}

/// 4. A server killed outright (SIGKILL) and started again on its database keeps every room:
///    seats, names, holders, tokens that still act, the watch code, invitations, chat lines as
///    the same numbered events, and the numbering going on from the last.
#[tokio::test]
async fn a_server_killed_outright_keeps_every_room_token_chat_line_and_event_number() {
    let db = fresh_database("rooms-restart");
    // Bots wait 5 ms, so that the game of bots below is still at play when the server dies.
    let server = Server::start(&db, 5);
    let api = Api::new(&server);
    // A game between two people, played a while, with lines on both lines of chat.
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let joined = api
        .join(&id, room.invite.as_deref().expect("open"), "Ravi")
        .await;
    let friend = joined["token"].as_str().expect("token").to_string();
    let seats = seat_tokens(&[
        (&room.token, &room.created["you"]),
        (&friend, &joined["you"]),
    ]);
    for (token, body) in [
        (&room.token, json!({"text": "namaste"})),
        (&friend, json!({"text": "good luck, Asha"})),
        (&room.watch, json!({"text": "go red", "name": "Mina"})),
    ] {
        let (status, answer) = api.chat(&id, token, &body).await;
        assert_eq!(status, 204, "{answer}");
    }
    let state = api
        .play_until(&id, &seats, |s| {
            s["actions"].as_u64().is_some_and(|a| a >= 12)
        })
        .await;
    assert_ne!(state["phase"], "over", "{state}");
    let (status, answer) = api
        .chat(&id, &friend, &json!({"text": "well played"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    // A public room waiting for its guest, and a game of bots at play when the server dies.
    let mut public = with_friend();
    public["public"] = true.into();
    public["name"] = "Lata".into();
    let waiting = api.create(&public).await;
    let bots = api
        .create(&json!({"ruleset": "ludo", "seats": vec!["bot:random"; 4]}))
        .await;

    let before = api.settle(&id, &room.token).await;
    let events_before = api.events(&id, &room.token, 0).await;
    let (_, links_before) = api
        .get(&format!("/api/games/{}/room", waiting.id), &waiting.token)
        .await;
    let waiting_before = api.state(&waiting.id, &waiting.token).await;
    let (_, lobby_before) = api.send(Method::GET, "/api/lobby", None, None).await;
    let bots_before = api.events(&bots.id, &bots.token, 0).await;
    server.kill();

    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let after = api.state(&id, &room.token).await;
    assert_eq!(
        fingerprint(&after),
        fingerprint(&before),
        "the game: {after}"
    );
    assert_eq!(after["room"], before["room"], "seats, names and holders");
    assert_eq!(after["fair"], before["fair"], "the commitment");
    for (who, token) in [("the friend", &friend), ("the watcher", &room.watch)] {
        let seen = api.state(&id, token).await;
        assert_eq!(fingerprint(&seen), fingerprint(&before), "{who}: {seen}");
    }
    let watcher = api.state(&id, &room.watch).await;
    assert_eq!(watcher["you"], json!({"watcher": true}), "{watcher}");
    let events_after = api.events(&id, &room.token, 0).await;
    assert_eq!(
        events_after["events"], events_before["events"],
        "every event, chat lines included, with its number"
    );
    let chat: Vec<Value> = events_after["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "chat")
        .map(|e| json!([e["line"], e["name"], e["text"]]))
        .collect();
    assert_eq!(
        chat,
        vec![
            json!(["table", "Asha", "namaste"]),
            json!(["table", "Ravi", "good luck, Asha"]),
            json!(["watchers", "Mina", "go red"]),
            json!(["table", "Ravi", "well played"]),
        ],
        "{events_after}"
    );
    // The old tokens act, and the events are numbered on from the last.
    let last = before["event"].as_u64().expect("event");
    let seat = after["to_move"].as_u64().expect("to_move");
    let mover = seats[&seat].clone();
    let other = if mover == friend {
        room.token.clone()
    } else {
        friend.clone()
    };
    let action = if after["phase"] == "throw" {
        json!({"action": "throw"})
    } else {
        json!({"action": "move", "index": 0})
    };
    let (status, refused) = api
        .post(&format!("/api/games/{id}/actions"), Some(&other), &action)
        .await;
    assert_eq!(
        status, 403,
        "the other player still may not act for the seat to move: {refused}"
    );
    let played = api.step(&id, &mover, &after).await;
    assert_eq!(
        played["actions"].as_u64(),
        after["actions"].as_u64().map(|a| a + 1),
        "{played}"
    );
    // The other player's old token acts too, once its seat is to act.
    let other_seat = *seats
        .iter()
        .find(|(_, token)| **token == other)
        .expect("the other's seat")
        .0;
    let state = api
        .play_until(&id, &seats, |s| {
            s["to_move"].as_u64() == Some(other_seat) && s["awaiting"] == "human"
        })
        .await;
    assert_eq!(state["to_move"].as_u64(), Some(other_seat), "{state}");
    let played = api.step(&id, &other, &state).await;
    assert_eq!(
        played["actions"].as_u64(),
        state["actions"].as_u64().map(|a| a + 1),
        "{played}"
    );
    let (status, answer) = api
        .chat(&id, &room.token, &json!({"text": "still here"}))
        .await;
    assert_eq!(status, 204, "{answer}");
    let settled = api.settle(&id, &room.token).await;
    let next = api.events(&id, &room.token, last).await;
    let end = settled["event"].as_u64().expect("event");
    assert_eq!(
        numbers(&next["events"]),
        (last + 1..=end).collect::<Vec<_>>(),
        "{next}"
    );
    assert_eq!(next["events"][0]["kind"], "play", "{next}");
    assert!(
        next["events"]
            .as_array()
            .expect("events")
            .iter()
            .any(|e| e["text"] == "still here"),
        "{next}"
    );

    // The waiting room: its links, its place in the lobby, and its invitation still taken.
    let (status, links_after) = api
        .get(&format!("/api/games/{}/room", waiting.id), &waiting.token)
        .await;
    assert_eq!(status, 200, "{links_after}");
    // The server's port is a new one; the codes are the same.
    let codes = |links: &Value| {
        json!({
            "invites": links["invites"].as_array().map(|l| l.iter().map(|i| json!([i["seat"], code_of(&i["link"], "join", &waiting.id)])).collect::<Vec<_>>()),
            "watch": code_of(&links["watch"]["link"], "watch", &waiting.id),
        })
    };
    assert_eq!(
        codes(&links_after),
        codes(&links_before),
        "the same invitation and watch link"
    );
    assert_eq!(
        codes(&links_before)["invites"][0][1],
        waiting.invite.as_deref().expect("open"),
        "{links_before}"
    );
    let waiting_after = api.state(&waiting.id, &waiting.token).await;
    assert_eq!(
        fingerprint(&waiting_after),
        fingerprint(&waiting_before),
        "{waiting_after}"
    );
    let (_, lobby_after) = api.send(Method::GET, "/api/lobby", None, None).await;
    assert_eq!(lobby_after, lobby_before, "the lobby");
    let joined = api
        .join(
            &waiting.id,
            waiting.invite.as_deref().expect("open"),
            "Tara",
        )
        .await;
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let waited = api
        .events(
            &waiting.id,
            &waiting.token,
            waiting_before["event"].as_u64().expect("event"),
        )
        .await;
    let kinds: Vec<&Value> = waited["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| &e["kind"])
        .collect();
    assert_eq!(kinds[..2], [&json!("seat"), &json!("start")], "{waited}");
    assert_eq!(
        waited["events"][0]["n"].as_u64(),
        waiting_before["event"].as_u64().map(|n| n + 1),
        "{waited}"
    );

    // The bots' game: what was told before the kill is kept, and it went on, numbered on.
    let bots_after = api.settle(&bots.id, &bots.token).await;
    let all = api.events(&bots.id, &bots.token, 0).await;
    let told = bots_before["events"].as_array().expect("events");
    assert_eq!(
        all["events"].as_array().expect("events")[..told.len()],
        told[..],
        "the bots' events told before the kill"
    );
    assert_eq!(
        numbers(&all["events"]),
        (1..=bots_after["event"].as_u64().expect("event")).collect::<Vec<_>>(),
        "{all}"
    );
    assert_eq!(bots_after["phase"], "over", "{bots_after}");
}

/// How many throws the throw-off of a record threw (its `Opening` tag: `Y 3, G 3; Y 5, G 10`).
fn throw_off_throws(record: &str) -> u64 {
    record
        .lines()
        .find_map(|l| l.strip_prefix("[Opening \""))
        .map_or(0, |tag| {
            tag.trim_end_matches("\"]")
                .split([',', ';'])
                .filter(|t| !t.trim().is_empty())
                .count() as u64
        })
}

/// The record with its first game throw `(N)` changed to another face of the die; the old and
/// new values.
fn with_first_throw_changed(record: &str) -> (String, u8, u8) {
    let (head, body) = record.split_once("\n\n").expect("a header and a body");
    let mut changed = None;
    let body: Vec<String> = body
        .lines()
        .map(|line| {
            line.split(' ')
                .map(|token| {
                    let value = token.strip_prefix('(').and_then(|t| t.strip_suffix(')'));
                    match (value, changed) {
                        (Some(value), None) => {
                            let value: u8 = value.parse().expect("a die's face");
                            let other = value % 6 + 1;
                            changed = Some((value, other));
                            format!("({other})")
                        }
                        _ => token.to_string(),
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let (was, now) = changed.expect("a throw");
    (format!("{head}\n\n{}\n", body.join("\n")), was, now)
}

/// 5. A game of fair throws: the record hides the seed while the game goes on and carries the
///    commitment; at the end the seed is revealed, hashes to the commitment, and verifies, on
///    the server and with `pachisi verify`; a record with a throw changed is refused, naming it.
#[tokio::test]
async fn fair_throws_are_committed_before_revealed_after_and_a_changed_throw_is_named() {
    // The SHA-256 here agrees with the published vector (docs/fair-throws.md, seed A).
    let seed_a = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
    assert_eq!(
        hex(&sha256(&unhex(seed_a))),
        "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
    );
    let server = Server::start(&fresh_database("rooms-fair"), 0);
    let api = Api::new(&server);
    let mut new = against_bots();
    new["player_seed"] = "lucky 7".into();
    let room = api.create(&new).await;
    let (id, token) = (room.id.clone(), room.token.clone());
    let fair = &room.created["fair"];
    let commitment = fair["commitment"].as_str().expect("commitment").to_string();
    assert_eq!(commitment.len(), 64, "{fair}");
    assert_eq!(fair["server_seed"], Value::Null, "{fair}");
    assert!(
        fair["player_seeds"]
            .as_str()
            .is_some_and(|s| s.contains("lucky 7")),
        "{fair}"
    );
    let seats = seat_tokens(&[(&token, &room.created["you"])]);

    // Mid-game.
    let state = api
        .play_until(&id, &seats, |s| {
            s["actions"].as_u64().is_some_and(|a| a >= 10)
        })
        .await;
    assert_ne!(state["phase"], "over", "{state}");
    assert_eq!(state["fair"]["server_seed"], Value::Null, "{state}");
    for reader in [&token, &room.watch] {
        let record = api.record(&id, reader).await;
        assert!(!record.contains("[Seed "), "{record}");
        assert!(!record.contains("[ServerSeed "), "{record}");
        assert!(
            record.contains(&format!("[ServerSeedCommitment \"{commitment}\"]")),
            "{record}"
        );
        assert!(record.contains("lucky 7"), "{record}");
    }

    // To the end.
    let state = api.play_until(&id, &seats, |_| false).await;
    assert_eq!(state["phase"], "over", "{state}");
    assert_eq!(state["fair"]["commitment"], commitment.as_str(), "{state}");
    let seed = state["fair"]["server_seed"]
        .as_str()
        .unwrap_or_else(|| panic!("the seed is revealed: {state}"))
        .to_string();
    assert_eq!(seed.len(), 64, "{state}");
    assert_eq!(
        hex(&sha256(&unhex(&seed))),
        commitment,
        "the revealed seed's SHA-256 is the commitment: {state}"
    );
    let events = api.events(&id, &token, 0).await;
    let over = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .find(|e| e["kind"] == "over")
        .unwrap_or_else(|| panic!("an over event: {events}"))
        .clone();
    assert_eq!(over["server_seed"], seed.as_str(), "{over}");
    let record = api.record(&id, &token).await;
    assert!(
        record.contains(&format!("[ServerSeed \"{seed}\"]")),
        "{record}"
    );
    assert!(
        record.contains(&format!("[ServerSeedCommitment \"{commitment}\"]")),
        "{record}"
    );
    let throws_in_record = record
        .split_once("\n\n")
        .map_or(0, |(_, body)| body.matches('(').count() as u64)
        + throw_off_throws(&record);

    let (status, verified) = api
        .post("/api/verify", None, &json!({"record": record}))
        .await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(verified["ok"], true, "{verified}");
    assert_eq!(verified["seed_matches_commitment"], true, "{verified}");
    assert_eq!(verified["mismatches"], json!([]), "{verified}");
    assert_eq!(
        verified["throws"].as_u64(),
        Some(throws_in_record),
        "{verified}"
    );

    let (tampered, was, now) = with_first_throw_changed(&record);
    let number = throw_off_throws(&record);
    let (status, refused) = api
        .post("/api/verify", None, &json!({"record": tampered}))
        .await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["ok"], false, "{refused}");
    assert_eq!(refused["seed_matches_commitment"], true, "{refused}");
    let first = &refused["mismatches"][0];
    assert_eq!(first["number"].as_u64(), Some(number), "{refused}");
    assert_eq!(first["expected"], was.to_string(), "{refused}");
    assert_eq!(first["recorded"], now.to_string(), "{refused}");
    assert!(
        first["description"]
            .as_str()
            .is_some_and(|d| d.starts_with(&format!("throw {number} (turn "))),
        "{refused}"
    );

    // The command says the same.
    let dir = fresh_database("rooms-fair-records");
    let honest_path = dir.with_extension("honest.record");
    let tampered_path = dir.with_extension("tampered.record");
    std::fs::write(&honest_path, &record).expect("written");
    std::fs::write(&tampered_path, &tampered).expect("written");
    let out = Command::new(PACHISI)
        .arg("verify")
        .arg(&honest_path)
        .output()
        .expect("verify runs");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains(&format!(
            "the server seed matches its commitment {commitment}"
        )),
        "{said}"
    );
    assert!(
        said.contains(&format!("all {throws_in_record} throws match")),
        "{said}"
    );
    let out = Command::new(PACHISI)
        .arg("verify")
        .arg(&tampered_path)
        .output()
        .expect("verify runs");
    let said = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains(&format!("throw {number} (turn ")), "{said}");
    assert!(
        said.contains(&format!("should be {was} but the record says {now}")),
        "{said}"
    );
}

/// 6. The lobby lists a public room's open seat with its invitation, never a private room, and
///    no room once its seat is taken; a game for practice (a chosen seed) cannot invite anyone.
#[tokio::test]
async fn the_lobby_lists_public_open_seats_only_until_taken_and_practice_games_invite_nobody() {
    let server = Server::start(&fresh_database("rooms-lobby"), 0);
    let api = Api::new(&server);
    let lobby = || async { api.send(Method::GET, "/api/lobby", None, None).await };
    let private = api.create(&with_friend()).await;
    let mut new = with_friend();
    new["public"] = true.into();
    let public = api.create(&new).await;
    assert_eq!(public.created["room"]["public"], true, "{}", public.created);
    let (status, listed) = lobby().await;
    assert_eq!(status, 200, "{listed}");
    let lines = listed.as_array().expect("a list");
    assert_eq!(lines.len(), 1, "only the public room: {listed}");
    let line = &lines[0];
    assert_eq!(line["id"], public.id.as_str(), "{listed}");
    assert_eq!(line["started"], false, "{listed}");
    assert_eq!(line["host"], "Asha", "{listed}");
    assert_eq!(
        line["invites"],
        json!([{"seat": 1, "invite": public.invite.clone().expect("open")}]),
        "{listed}"
    );
    let text = listed.to_string();
    for secret in [&public.token, &public.watch, &private.token, &private.watch] {
        assert!(
            !text.contains(secret.as_str()),
            "a secret in the lobby: {listed}"
        );
    }
    assert!(
        !text.contains(private.invite.as_deref().expect("open")),
        "{listed}"
    );
    // The invitation from the lobby takes the seat; then the room is gone from the lobby, and
    // the invitation cannot be used again.
    let joined = api
        .join(&public.id, public.invite.as_deref().expect("open"), "Ravi")
        .await;
    assert_eq!(joined["room"]["started"], true, "{joined}");
    let (_, listed) = lobby().await;
    assert_eq!(listed, json!([]), "{listed}");
    let (status, again) = api
        .post(
            &format!("/api/games/{}/join", public.id),
            None,
            &json!({"invite": public.invite, "name": "Ravi"}),
        )
        .await;
    assert_eq!(status, 409, "{again}");
    // A private room turned public joins the lobby; a game for practice cannot.
    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{}/room", private.id),
            Some(&bearer(&private.token)),
            Some(&json!({"public": true})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let (_, listed) = lobby().await;
    assert_eq!(
        listed
            .as_array()
            .map(|l| l.iter().map(|g| g["id"].clone()).collect::<Vec<_>>()),
        Some(vec![json!(private.id)]),
        "{listed}"
    );
    for new in [
        json!({"ruleset": "ludo", "seats": ["me", "open", "bot:random", "bot:random"], "seed": 7}),
        json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "seed": 7, "public": true}),
    ] {
        let (status, answer) = api.post("/api/games", None, &new).await;
        assert_eq!(status, 422, "{new}: {answer}");
        assert!(
            answer["error"]
                .as_str()
                .is_some_and(|e| e.contains("practice")),
            "{answer}"
        );
    }
    let practice = api
        .create(&json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "seed": 7}))
        .await;
    assert_eq!(
        practice.created["fair"],
        Value::Null,
        "{}",
        practice.created
    );
    let (status, answer) = api
        .post(
            &format!("/api/games/{}/seats/1", practice.id),
            Some(&practice.token),
            &json!({"to": "open"}),
        )
        .await;
    assert_eq!(
        status, 422,
        "a practice game's seat to another person: {answer}"
    );
    let (_, listed) = lobby().await;
    assert_eq!(listed.as_array().map(Vec::len), Some(1), "{listed}");
}

/// 7. The host turns watching off: watchers are sent away (`closed`, then close 1008) and the old
///    code is refused everywhere; players stay. Turned on again, the link is a new one.
#[tokio::test]
async fn watching_turned_off_sends_watchers_away_and_refuses_the_old_code() {
    let server = Server::start(&fresh_database("rooms-watch-off"), 0);
    let api = Api::new(&server);
    let room = api.create(&against_bots()).await;
    let (id, token, old) = (room.id.clone(), room.token.clone(), room.watch.clone());
    api.settle(&id, &token).await;
    let (mut watcher, hello) = welcome(&api, &id, &old, None).await;
    assert_eq!(hello["you"], json!({"watcher": true}), "{hello}");
    let (mut player, _) = welcome(&api, &id, &token, None).await;

    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{id}/room"),
            Some(&bearer(&token)),
            Some(&json!({"watch": false})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(state["room"]["watching"], false, "{state}");
    // The watcher: perhaps the room's event, then `closed`, then the close frame.
    let mut told = Vec::new();
    let code = loop {
        let message = next_message(&mut watcher).await;
        if message.get("close").is_some() {
            break message["close"].as_u64();
        }
        assert!(
            message.get("gone").is_none(),
            "no close frame: {told:?} {message}"
        );
        told.push(message);
    };
    assert_eq!(code, Some(1008), "{told:?}");
    assert_eq!(
        told.last().map(|m| m["type"].clone()),
        Some(json!("closed")),
        "{told:?}"
    );
    // The player hears of it and stays.
    let message = next_json(&mut player).await;
    assert_eq!(message["events"][0]["kind"], "room", "{message}");
    assert_eq!(message["events"][0]["watching"], false, "{message}");
    say(&mut player, &json!({"type": "chat", "text": "still here"})).await;
    let message = next_json(&mut player).await;
    assert_eq!(message["events"][0]["text"], "still here", "{message}");

    // The old code is refused: reading, events, the record, chat and the WebSocket.
    let forbidden = [
        format!("/api/games/{id}"),
        format!("/api/games/{id}/events?after=0"),
        format!("/api/games/{id}/record"),
    ];
    for path in &forbidden {
        let (status, answer) = api.get(path, &old).await;
        assert_eq!(status, 403, "{path}: {answer}");
    }
    let (status, answer) = api
        .chat(&id, &old, &json!({"text": "hello?", "name": "Mina"}))
        .await;
    assert_eq!(status, 403, "{answer}");
    let mut again = open_socket(&api, &id, &old, None).await;
    let refused = next_json(&mut again).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(next_message(&mut again).await["close"], 1008);
    let (status, links) = api.get(&format!("/api/games/{id}/room"), &token).await;
    assert_eq!(status, 200, "{links}");
    assert_eq!(links["watch"], Value::Null, "{links}");

    // On again: a new link; the old code stays refused.
    let (status, state) = api
        .send(
            Method::PATCH,
            &format!("/api/games/{id}/room"),
            Some(&bearer(&token)),
            Some(&json!({"watch": true})),
        )
        .await;
    assert_eq!(status, 200, "{state}");
    let (_, links) = api.get(&format!("/api/games/{id}/room"), &token).await;
    let new = code_of(&links["watch"]["link"], "watch", &id);
    assert_ne!(new, old, "{links}");
    let seen = api.state(&id, &new).await;
    assert_eq!(seen["you"], json!({"watcher": true}), "{seen}");
    let (status, answer) = api.get(&format!("/api/games/{id}"), &old).await;
    assert_eq!(status, 403, "{answer}");
}

/// 8. Chat keeps to its limits (length, emptiness, control characters, rate) and keeps a line as
///    it was said: markup is text, told verbatim.
#[tokio::test]
async fn chat_lines_keep_to_their_limits_and_are_kept_verbatim() {
    let server = Server::start(&fresh_database("rooms-chat"), 0);
    let api = Api::new(&server);
    let room = api.create(&with_friend()).await;
    let id = room.id.clone();
    let joined = api
        .join(&id, room.invite.as_deref().expect("open"), "Ravi")
        .await;
    let friend = joined["token"].as_str().expect("token").to_string();
    let state = api.settle(&id, &room.token).await;
    let (mut listener, _) = welcome(
        &api,
        &id,
        &friend,
        Some(state["event"].as_u64().expect("n")),
    )
    .await;
    let before = fingerprint(&state);

    let refused = [
        (json!({"text": "x".repeat(301)}), 413),
        (json!({"text": "é".repeat(301)}), 413),
        (json!({"text": ""}), 400),
        (json!({"text": "   "}), 400),
        (json!({"text": "bell\u{7}"}), 400),
        (json!({"text": "two\nlines"}), 400),
        (json!({"text": "tab\there"}), 400),
        (json!({"text": "\u{1b}[31mred"}), 400),
        (json!({"text": "nul\u{0}"}), 400),
        (json!({"text": 7}), 400),
        (json!({"say": "hi"}), 400),
    ];
    for (body, want) in &refused {
        let (status, answer) = api.chat(&id, &room.token, body).await;
        assert_eq!(status, *want, "{body}: {answer}");
        assert!(answer["error"].is_string(), "{body}: {answer}");
        let now = api.state(&id, &room.token).await;
        assert_eq!(fingerprint(&now), before, "{body} was kept");
    }

    let script = "<script>alert(1)</script>";
    let longest = "é".repeat(300);
    let lines = [script, &longest, "<b>bold</b> & \"quoted\"", "four", "five"];
    for text in lines {
        let (status, answer) = api.chat(&id, &room.token, &json!({"text": text})).await;
        assert_eq!(status, 204, "{text}: {answer}");
    }
    // The sixth within ten seconds.
    let r = api
        .response(
            Method::POST,
            &format!("/api/games/{id}/chat"),
            Some(&bearer(&room.token)),
            Some(&json!({"text": "six"})),
        )
        .await;
    assert_eq!(r.status().as_u16(), 429);
    assert!(
        r.headers().get("retry-after").is_some(),
        "{:?}",
        r.headers()
    );
    let answer: Value = r.json().await.expect("json");
    assert!(answer["error"].is_string(), "{answer}");
    // The limit is the speaker's: the friend and a watcher still speak.
    let (status, answer) = api.chat(&id, &friend, &json!({"text": "my turn"})).await;
    assert_eq!(status, 204, "{answer}");
    let (status, answer) = api
        .chat(&id, &room.watch, &json!({"text": script, "name": "Mina"}))
        .await;
    assert_eq!(status, 204, "{answer}");

    let start = state["event"].as_u64().expect("event");
    let events = api.events(&id, &room.token, start).await;
    let said: Vec<Value> = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| json!([e["kind"], e["line"], e["name"], e["text"]]))
        .collect();
    let mut want: Vec<Value> = lines
        .iter()
        .map(|t| json!(["chat", "table", "Asha", t]))
        .collect();
    want.push(json!(["chat", "table", "Ravi", "my turn"]));
    want.push(json!(["chat", "watchers", "Mina", script]));
    assert_eq!(said, want, "{events}");
    // Live, each line is told once, verbatim, with no state.
    let end = start + want.len() as u64;
    let mut told = Vec::new();
    while told.len() < want.len() {
        let message = next_json(&mut listener).await;
        assert_eq!(message["type"], "events", "{message}");
        assert!(
            message.get("state").is_none(),
            "a line changes no state: {message}"
        );
        told.extend(
            message["events"]
                .as_array()
                .expect("events")
                .iter()
                .cloned(),
        );
    }
    assert_eq!(
        numbers(&Value::Array(told.clone())),
        (start + 1..=end).collect::<Vec<_>>()
    );
    assert_eq!(told[0]["text"], script, "{}", told[0]);
    let game = api.state(&id, &room.token).await;
    assert_eq!(game["actions"], state["actions"], "chat plays nothing");
}
