//! Turn timers on a real `pachisi serve` process, over real HTTP and WebSocket connections: a
//! person who does nothing is played for by the seat's stand-in when the turn's time runs out,
//! is away after the room's number of missed turns, and takes the seat back with their token
//! alone; a server killed outright (SIGKILL) mid-turn goes on with the time the turn had left,
//! every away mark, seat, token and chat line kept; a finished game's rematch seats the same
//! tokens in a new room (docs/api.md, "Turn timer" and "Rematch").
//!
//! Turns are of 2 seconds (the shortest a room may choose) where the test waits for them to run
//! out. Every wait polls with a deadline; the only bounds on time are the ones that tell a clock
//! that goes on from one that started again or lost the time the server was down, with margins
//! of seconds.

use futures_util::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{json, Value};
mod common;

use common::api::{bearer, next_action, Api};
use common::{fresh_database, Server};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

/// The longest any one wait of these tests may take: a bound against a hang, not a measure.
const DEADLINE: Duration = Duration::from_secs(60);

impl Api {
    /// Reads the state until `done` gives something, failing after [`DEADLINE`].
    async fn until<T>(
        &self,
        id: &str,
        token: &str,
        what: &str,
        done: impl Fn(&Value) -> Option<T>,
    ) -> T {
        let start = Instant::now();
        loop {
            let state = self.state(id, token).await;
            if let Some(found) = done(&state) {
                return found;
            }
            assert!(start.elapsed() < DEADLINE, "never {what}: {state}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Every event of game `id` so far.
    async fn all_events(&self, id: &str, token: &str) -> Vec<Value> {
        let events = self.events(id, token, 0).await;
        events["events"].as_array().expect("events").clone()
    }

    /// The person to act in `state` throws, or plays the first listed move, with `token`.
    async fn step(&self, id: &str, token: &str, state: &Value) -> (u16, Value) {
        self.post(
            &format!("/api/games/{id}/actions"),
            Some(token),
            &next_action(state),
        )
        .await
    }

    /// Plays `seat` with `token` (taking it back when it is away) until `done` holds of the
    /// state.
    async fn play(&self, id: &str, token: &str, seat: u64, done: impl Fn(&Value) -> bool) {
        let start = Instant::now();
        loop {
            let state = self.state(id, token).await;
            if done(&state) {
                return;
            }
            if state["room"]["seats"][usize::try_from(seat).expect("seat")]["away"] == true {
                let path = format!("/api/games/{id}/seats/{seat}/back");
                let (status, back) = self.post(&path, Some(token), &json!({})).await;
                assert_eq!(status, 200, "{back}");
            } else if state["to_move"] == seat && state["awaiting"] == "human" {
                // 409 when the game moved on meanwhile (the turn's time ran out).
                let (status, after) = self.step(id, token, &state).await;
                assert!(status == 200 || status == 409, "{after}");
            }
            assert!(start.elapsed() < DEADLINE, "never: {state}");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Changes the room's options as its host.
    async fn options(&self, id: &str, token: &str, options: &Value) -> (u16, Value) {
        self.send(
            Method::PATCH,
            &format!("/api/games/{id}/room"),
            Some(&bearer(token)),
            Some(options),
        )
        .await
    }
}

/// The events of `kind` in a list of events.
fn of_kind<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["kind"] == kind).collect()
}

/// The running clock of a state when it is `seat`'s, of `seconds`.
fn clock_of(state: &Value, seat: u64, seconds: u64) -> Option<Value> {
    let clock = &state["clock"];
    (clock["seat"] == seat && clock["seconds"] == seconds).then(|| clock.clone())
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the game's WebSocket with `credential` and reads the welcome.
async fn welcome(api: &Api, id: &str, credential: &str) -> (Socket, Value) {
    let (mut socket, _) = tokio_tungstenite::connect_async(api.ws_url(id))
        .await
        .expect("the WebSocket opens");
    let hello = json!({"type": "hello", "token": credential, "after": 0});
    socket
        .send(Message::Text(hello.to_string().into()))
        .await
        .expect("hello");
    let welcome = next_json(&mut socket).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    (socket, welcome["state"].clone())
}

/// The next text message, as JSON.
async fn next_json(socket: &mut Socket) -> Value {
    loop {
        match tokio::time::timeout(DEADLINE, socket.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                return serde_json::from_str(t.as_str()).expect("a message is JSON")
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            other => panic!("no message: {other:?}"),
        }
    }
}

/// Reads the WebSocket until an event for which `wanted` holds comes; returns it and the state
/// told with it, kept in `state` (the welcome's, then each state or patch told taken in).
async fn event_where(
    socket: &mut Socket,
    state: &mut Value,
    wanted: impl Fn(&Value) -> bool,
) -> (Value, Value) {
    loop {
        let message = next_json(socket).await;
        assert_eq!(message["type"], "events", "{message}");
        common::take_state(state, &message);
        if let Some(event) = message["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| wanted(e))
        {
            return (event.clone(), state.clone());
        }
    }
}

/// 1. A person who does nothing: when the 2 seconds of their turn run out, the stand-in plays
///    the turn (a `timeout` event, told live); after two turns missed the seat is away and the
///    stand-in plays every turn of it, on no clock. Nobody but the seat's holder takes it back;
///    the holder does, with their token, and acts in it again.
#[tokio::test]
async fn the_stand_in_plays_for_a_person_out_of_time_until_they_take_the_seat_back() {
    let server = Server::start(&fresh_database("timers-stand-in"), 200);
    let api = Api::new(&server);
    let room = api
        .create(
            &json!({"ruleset": "ludo", "name": "Asha", "turn_seconds": 2,
                        "seats": ["me", "bot:random", "bot:random", "bot:random"]}),
        )
        .await;
    let id = room.id.as_str();
    let created = api.state(id, &room.token).await;
    assert_eq!(created["room"]["turn_seconds"], 2, "{}", created["room"]);
    assert_eq!(created["room"]["away_after"], 2);
    assert_eq!(created["room"]["stand_in"], "heuristic");
    let (mut socket, mut told) = welcome(&api, id, &room.watch).await;

    // Seat 0's turn comes on a clock of 2 seconds, counting down.
    let clock = api
        .until(id, &room.token, "seat 0 on the clock", |s| {
            clock_of(s, 0, 2)
        })
        .await;
    let left = clock["left_ms"].as_i64().expect("left_ms");
    assert!((0..=2000).contains(&left), "{clock}");

    // Nobody acts: the stand-in's turn, told live.
    let (timeout, state) = event_where(&mut socket, &mut told, |e| e["kind"] == "timeout").await;
    assert_eq!(timeout["seat"], 0, "{timeout}");
    assert_eq!(timeout["misses"], 1);
    assert_eq!(timeout["stand_in"], "heuristic");
    assert_eq!(state["room"]["seats"][0]["misses"], 1, "{}", state["room"]);
    assert_eq!(state["room"]["seats"][0]["away"], false);
    assert!(state["clock"].is_null(), "{}", state["clock"]);
    assert_eq!(state["awaiting"], "bot", "the server plays the turn");

    // A second turn missed: the seat is away.
    let (away, state) = event_where(&mut socket, &mut told, |e| e["kind"] == "seat").await;
    assert_eq!(away["seat"], 0, "{away}");
    assert_eq!(away["away"], true);
    assert_eq!(away["holder"], "person");
    assert_eq!(state["room"]["seats"][0]["away"], true, "{}", state["room"]);
    let events = api.all_events(id, &room.token).await;
    let timeouts = of_kind(&events, "timeout");
    assert_eq!(timeouts.len(), 2, "{timeouts:?}");
    assert_eq!(timeouts[1]["misses"], 2);

    // Away, seat 0's turns are the stand-in's on no clock, and nobody misses anything more.
    let seat_0_played = |s: &Value| {
        (s["to_move"] == 0 && s["awaiting"] == "bot" && s["clock"].is_null()).then_some(())
    };
    api.until(id, &room.token, "the missed turn passed on", |s| {
        (s["to_move"] != 0).then_some(())
    })
    .await;
    api.until(id, &room.token, "an away turn", seat_0_played)
        .await;
    assert_eq!(
        of_kind(&api.all_events(id, &room.token).await, "timeout").len(),
        2
    );

    // Only the seat's holder takes it back, with their token: not the watcher, nor nobody.
    let back = format!("/api/games/{id}/seats/0/back");
    for token in [Some(room.watch.as_str()), None, Some("0123456789abcdef")] {
        let (status, refused) = api.post(&back, token, &json!({})).await;
        assert_eq!(status, 403, "{token:?}: {refused}");
    }
    assert_eq!(
        api.state(id, &room.token).await["room"]["seats"][0]["away"],
        true
    );
    // Longer turns from the next on, so the person has time to act below.
    let (status, changed) = api
        .options(id, &room.token, &json!({"turn_seconds": 60}))
        .await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["room"]["turn_seconds"], 60);
    let (status, state) = api.post(&back, Some(&room.token), &json!({})).await;
    assert_eq!(status, 200, "{state}");
    assert_eq!(
        state["room"]["seats"][0]["away"], false,
        "{}",
        state["room"]
    );
    assert_eq!(state["room"]["seats"][0]["misses"], 0);
    let (returned, _) = event_where(&mut socket, &mut told, |e| e["kind"] == "seat").await;
    assert_eq!(returned["away"], false, "{returned}");

    // Seat 0's person plays their turn again, on the clock.
    let state = api
        .until(id, &room.token, "seat 0's own turn", |s| {
            (s["to_move"] == 0 && s["awaiting"] == "human" && s["clock"]["seat"] == 0)
                .then(|| s.clone())
        })
        .await;
    let (status, after) = api.step(id, &room.token, &state).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["room"]["seats"][0]["misses"], 0);
    assert_eq!(
        of_kind(&api.all_events(id, &room.token).await, "timeout").len(),
        2,
        "no turn missed since"
    );
}

/// 2. A server killed outright (SIGKILL) mid-turn and started again on its database: the
///    clock goes on with the time the turn had left (not a whole turn again, and not less the
///    time the server was down), and every room, seat, token, away mark and chat line is kept.
#[tokio::test]
async fn a_server_killed_mid_turn_goes_on_with_the_time_left_and_every_away_mark() {
    let db = fresh_database("timers-killed");
    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    // The host is away after one missed turn of 2 seconds; the friend plays.
    let room = api
        .create(
            &json!({"ruleset": "ludo", "name": "Asha", "turn_seconds": 2, "away_after": 1,
                        "seats": ["me", "open", "bot:random", "bot:random"]}),
        )
        .await;
    let id = room.id.as_str();
    let (friend, _) = api.join_friend(&room, "Ravi").await;
    // The friend plays meanwhile (and takes their seat back, should a turn of 2 seconds have
    // run out on them), until the host is away.
    api.play(id, &friend, 1, |s| s["room"]["seats"][0]["away"] == true)
        .await;
    // Turns of 30 seconds from the next on; the friend plays until one of theirs runs.
    let (status, changed) = api
        .options(id, &room.token, &json!({"turn_seconds": 30}))
        .await;
    assert_eq!(status, 200, "{changed}");
    api.play(id, &friend, 1, |s| clock_of(s, 1, 30).is_some())
        .await;
    let (status, said) = api
        .post(
            &format!("/api/games/{id}/chat"),
            Some(&friend),
            &json!({"text": "my turn, thinking"}),
        )
        .await;
    assert_eq!(status, 204, "{said}");
    // Some of the turn goes by, then the server is killed.
    let before = api
        .until(id, &friend, "4 seconds of the turn gone", |s| {
            clock_of(s, 1, 30).filter(|c| c["left_ms"].as_i64().is_some_and(|l| l <= 26_000))?;
            Some(s.clone())
        })
        .await;
    server.kill();
    let left = before["clock"]["left_ms"].as_i64().expect("left_ms");

    // Down for 6 seconds.
    tokio::time::sleep(Duration::from_secs(6)).await;
    let server = Server::start(&db, 0);
    let api = Api::new(&server);
    let after = api.state(id, &friend).await;
    let clock = clock_of(&after, 1, 30).unwrap_or_else(|| panic!("no clock: {after}"));
    let resumed = clock["left_ms"].as_i64().expect("left_ms");
    // At most a heartbeat (1 s) given back beyond the time the server was down, with a margin;
    // none of the 6 seconds down taken (the restart and this read take far less than 5).
    assert!(
        resumed <= left + 2_000,
        "not a whole turn again: {left} ms left before, {resumed} after"
    );
    assert!(
        resumed >= left - 5_000,
        "the time the server was down is not the turn's: {left} ms left before, {resumed} after"
    );
    // Everything else as it was.
    for key in ["room", "position", "actions", "to_move", "fair"] {
        assert_eq!(after[key], before[key], "{key}");
    }
    assert_eq!(after["room"]["seats"][0]["away"], true);
    assert_eq!(after["room"]["turn_seconds"], 30);
    let host = api.state(id, &room.token).await;
    assert_eq!(host["you"]["seats"], json!([0]), "the host's token");
    assert_eq!(after["you"]["seats"], json!([1]), "the friend's token");
    let events = api.all_events(id, &room.watch).await;
    let chat = of_kind(&events, "chat");
    assert_eq!(chat.len(), 1, "{chat:?}");
    assert_eq!(chat[0]["text"], "my turn, thinking");
    let timeouts = of_kind(&events, "timeout");
    assert!(
        timeouts.iter().any(|e| e["seat"] == 0 && e["misses"] == 1),
        "the host's miss: {timeouts:?}"
    );
    // The clock counts down from there, and the friend plays on with their token.
    let later = api
        .until(id, &friend, "the clock counting down", |s| {
            clock_of(s, 1, 30).filter(|c| c["left_ms"].as_i64().is_some_and(|l| l < resumed))
        })
        .await;
    assert!(later["left_ms"].as_i64().is_some_and(|l| l > 0), "{later}");
    let (status, played) = api.step(id, &friend, &after).await;
    assert_eq!(status, 200, "{played}");
}

/// 3. A finished game's rematch: asked for by a player (not a watcher, not before the end), a
///    new room where the same tokens hold the same seats, the same bots play, the options are
///    the same; the finished game tells its players where it is, and asking again gives the
///    same room.
#[tokio::test]
async fn a_rematch_seats_the_same_tokens_in_a_new_room() {
    let server = Server::start(&fresh_database("timers-rematch"), 0);
    let api = Api::new(&server);
    // One piece each, and both people away after one missed turn: the game plays itself out.
    let room = api
        .create(
            &json!({"ruleset": "ludo", "name": "Asha", "turn_seconds": 2, "away_after": 1,
                        "set": ["players.pieces=1"],
                        "seats": ["me", "open", "bot:random", "bot:random"]}),
        )
        .await;
    let id = room.id.as_str();
    let (friend, _) = api.join_friend(&room, "Ravi").await;
    let rematch = format!("/api/games/{id}/rematch");
    let (status, early) = api.post(&rematch, Some(&friend), &json!({})).await;
    assert_eq!(status, 409, "not over: {early}");
    let (mut socket, mut shown) = welcome(&api, id, &room.token).await;
    api.until(id, &friend, "the end", |s| {
        (s["phase"] == "over").then_some(())
    })
    .await;

    let (status, refused) = api.post(&rematch, Some(&room.watch), &json!({})).await;
    assert_eq!(status, 403, "a watcher: {refused}");
    let (status, next) = api.post(&rematch, Some(&friend), &json!({})).await;
    assert_eq!(status, 201, "{next}");
    let next_id = next["id"].as_str().expect("id").to_string();
    assert_ne!(next_id, id);
    assert_eq!(next["room"]["turn_seconds"], 2, "{}", next["room"]);
    assert_eq!(next["room"]["away_after"], 1);
    // No timer in the new room, so that the people play there at their ease below.
    let (status, changed) = api
        .options(&next_id, &room.token, &json!({"turn_seconds": null}))
        .await;
    assert_eq!(status, 200, "{changed}");
    assert!(changed["clock"].is_null(), "{}", changed["clock"]);
    assert!(changed["room"]["turn_seconds"].is_null());
    assert_eq!(
        next["you"]["seats"],
        json!([1]),
        "the friend's seat: {}",
        next["you"]
    );
    let (told, _) = event_where(&mut socket, &mut shown, |e| e["kind"] == "rematch").await;
    assert_eq!(told["game"], next_id.as_str(), "{told}");
    let (status, again) = api.post(&rematch, Some(&room.token), &json!({})).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], next_id.as_str(), "the same room");
    assert_eq!(again["you"]["seats"], json!([0]), "the host's seat");
    assert_eq!(
        api.state(id, &friend).await["room"]["rematch"],
        next_id.as_str()
    );

    // The new room: the same people and bots in the same seats, the same options, fresh throws.
    let state = api.state(&next_id, &room.token).await;
    let old = api.state(id, &room.token).await;
    for (seat, (a, b)) in state["room"]["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .zip(old["room"]["seats"].as_array().expect("seats"))
        .enumerate()
    {
        for key in ["holder", "name", "bot", "host"] {
            assert_eq!(a[key], b[key], "seat {seat}: {key}");
        }
        assert_eq!(a["away"], false, "seat {seat} is back");
    }
    assert!(state["fair"]["commitment"].is_string(), "{}", state["fair"]);
    assert_ne!(state["fair"]["commitment"], old["fair"]["commitment"]);
    assert_eq!(
        api.state(&next_id, &room.watch).await["you"]["watcher"],
        true
    );

    // The people play, each with their old token.
    let tokens = [room.token.clone(), friend.clone()];
    let mut acted = [false, false];
    let start = Instant::now();
    while acted != [true, true] {
        let state = api.state(&next_id, &friend).await;
        assert_ne!(state["phase"], "over", "both people acted first: {state}");
        // A seat whose first turn ran out before the timer was turned off is taken back.
        for (seat, token) in tokens.iter().enumerate() {
            if state["room"]["seats"][seat]["away"] == true {
                let path = format!("/api/games/{next_id}/seats/{seat}/back");
                let (status, back) = api.post(&path, Some(token), &json!({})).await;
                assert_eq!(status, 200, "{back}");
            }
        }
        let seat = state["to_move"].as_u64().expect("to_move");
        if seat < 2 && state["awaiting"] == "human" {
            let (status, after) = api
                .step(
                    &next_id,
                    &tokens[usize::try_from(seat).expect("seat")],
                    &state,
                )
                .await;
            assert_eq!(status, 200, "seat {seat}: {after}");
            acted[usize::try_from(seat).expect("seat")] = true;
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the people never acted: {state}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
