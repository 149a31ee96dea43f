//! Several `pachisi serve` processes on one PostgreSQL database (a throwaway cluster of the
//! test's own, crates/pachisi-store/tests/cluster), over real HTTP and WebSocket connections:
//! each room lives in one instance, and moves made through one instance are seen live on
//! another's WebSocket (relayed to the owner), in order; the same action sent at once through
//! two instances is applied once, the other answered with the state now; the instance owning a
//! room of bots killed outright, another takes the room over with no action lost or played
//! twice, every socket connecting again and told every event once; and every PostgreSQL connection killed, or PostgreSQL itself
//! restarted, the instances carry on by themselves. Where PostgreSQL is not installed the tests
//! say so and pass, except under `CI=true`.

#[path = "../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;
mod common;

use cluster::Cluster;
use common::api::{bearer, Api};
use common::Server;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

const DEADLINE: Duration = Duration::from_secs(30);

/// A request through the server at `base` with `token` (status 0 when it cannot be reached).
async fn send(
    http: &reqwest::Client,
    method: reqwest::Method,
    base: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let api = Api {
        http: http.clone(),
        url: base.to_string(),
    };
    api.send(method, path, token.map(bearer).as_deref(), body)
        .await
}

/// A game created through `server` with `seats`, by a host named Asha: its id and host token.
async fn create(http: &reqwest::Client, server: &Server, seats: &[&str]) -> (String, String) {
    let (status, created) = send(
        http,
        reqwest::Method::POST,
        &server.url,
        "/api/games",
        None,
        Some(&json!({"ruleset": "ludo", "seats": seats, "name": "Asha"})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    (
        created["id"].as_str().expect("id").to_string(),
        created["token"].as_str().expect("token").to_string(),
    )
}

/// The game's state through `server`, once it answers 200 (another instance's new game is
/// loaded when its notice comes).
async fn state(http: &reqwest::Client, server: &Server, id: &str, token: &str) -> Value {
    let until = Instant::now() + DEADLINE;
    loop {
        let (status, state) = send(
            http,
            reqwest::Method::GET,
            &server.url,
            &format!("/api/games/{id}"),
            Some(token),
            None,
        )
        .await;
        if status == 200 {
            return state;
        }
        assert!(
            Instant::now() < until,
            "{} never served {id}: {status} {state}",
            server.url
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The host's next action in `state` (a throw, or the first listed move), if the host is due.
fn next_action(state: &Value) -> Option<Value> {
    (state["awaiting"] == "human" && state["phase"] != "over")
        .then(|| common::api::next_action(state))
}

/// The host acts once through `server` when due; the status (0: nothing was due, or the server
/// could not be reached).
async fn act(http: &reqwest::Client, server: &Server, id: &str, token: &str) -> (u16, Value) {
    let (status, state) = send(
        http,
        reqwest::Method::GET,
        &server.url,
        &format!("/api/games/{id}"),
        Some(token),
        None,
    )
    .await;
    let Some(action) = (status == 200).then(|| next_action(&state)).flatten() else {
        return (0, state);
    };
    send(
        http,
        reqwest::Method::POST,
        &server.url,
        &format!("/api/games/{id}/actions"),
        Some(token),
        Some(&action),
    )
    .await
}

/// Acts through `server` until `count` actions were accepted, within the deadline.
async fn play(http: &reqwest::Client, server: &Server, id: &str, token: &str, count: usize) {
    let until = Instant::now() + DEADLINE;
    let mut done = 0;
    while done < count {
        let (status, answer) = act(http, server, id, token).await;
        // 409: the game moved on meanwhile (a pass the server played); 500: the database's
        // connection was just lost and is opened again.
        assert!([0, 200, 409, 500].contains(&status), "{status}: {answer}");
        done += usize::from(status == 200);
        assert!(
            Instant::now() < until,
            "only {done} of {count} actions through {}: {status} {answer}\n{}",
            server.url,
            server.output()
        );
        if status != 200 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Every event a WebSocket was told, in the order told.
#[derive(Clone, Default)]
struct Heard(Arc<Mutex<Vec<Value>>>);

impl Heard {
    /// The actions the `play` events numbered up to `event` told. A state answered at event `E`
    /// holds exactly these for `E` (the server returns a state with its event number); events
    /// told since, such as a forced pass the driving instance played, are left out.
    fn actions_told_up_to(&self, event: u64) -> u64 {
        self.0
            .lock()
            .expect("heard")
            .iter()
            .filter(|e| e["kind"] == "play" && e["n"].as_u64() <= Some(event))
            .map(|e| e["actions"].as_array().map_or(0, |a| a.len() as u64))
            .sum()
    }

    /// The `play` events heard tell each action once: each goes on from where the last ended.
    fn assert_each_action_told_once(&self) {
        let told: Vec<Value> = self.0.lock().expect("heard").clone();
        let mut next = 0;
        for play in told.iter().filter(|e| e["kind"] == "play") {
            assert_eq!(
                play["from"].as_u64(),
                Some(next),
                "an action told twice or lost: {play}"
            );
            next += play["actions"].as_array().map_or(0, |a| a.len() as u64);
        }
    }

    fn numbers(&self) -> Vec<u64> {
        self.0
            .lock()
            .expect("heard")
            .iter()
            .map(|e| e["n"].as_u64().expect("n"))
            .collect()
    }

    fn last(&self) -> u64 {
        self.numbers().last().copied().unwrap_or(0)
    }

    /// Waits until event `n` was told.
    async fn wait_for(&self, n: u64, what: &str) {
        let until = Instant::now() + DEADLINE;
        while self.last() < n {
            assert!(
                Instant::now() < until,
                "{what}: the WebSocket was told up to {} of {n}",
                self.last()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The events told were 1, 2, 3 ... without a gap or a repeat.
    fn assert_contiguous(&self) {
        let numbers = self.numbers();
        let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
        assert_eq!(
            numbers, expected,
            "events told with a gap, a repeat or out of order"
        );
    }
}

/// Opens the game's WebSocket on `server` from the first event, and keeps every event it is
/// told in the background.
async fn listen(server: &Server, id: &str, token: &str) -> Heard {
    let heard = Heard::default();
    listen_on(server, id, token, &heard).await;
    heard
}

/// Opens the game's WebSocket on `server` after the last event `heard` holds, and adds every
/// event it is told to `heard` in the background (a client reconnecting with its last number).
/// Like the page, it connects again (to the same server) when told to (1012: the game moved to
/// another instance, or its owner went away), with the last number it heard.
async fn listen_on(server: &Server, id: &str, token: &str, heard: &Heard) {
    let url = format!(
        "{}/api/games/{id}/ws",
        server.url.replacen("http://", "ws://", 1)
    );
    let mut socket = connect(&url, token, heard)
        .await
        .expect("the WebSocket opens");
    let keep = heard.clone();
    let token = token.to_string();
    tokio::spawn(async move {
        loop {
            let mut again = false;
            while let Some(Ok(message)) = socket.next().await {
                let text = match message {
                    Message::Text(text) => text,
                    Message::Close(frame) => {
                        again = frame.is_some_and(|f| u16::from(f.code) == 1012);
                        break;
                    }
                    _ => continue,
                };
                let Ok(value) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                if let Some(events) = value["events"].as_array() {
                    keep.0.lock().expect("heard").extend(events.iter().cloned());
                }
            }
            if !again {
                return;
            }
            match connect(&url, &token, &keep).await {
                Some(next) => socket = next,
                None => return,
            }
        }
    });
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// The WebSocket at `url`, its hello said after the last event `heard` holds; tried again for
/// a while when refused for now (503, while a game changes owner).
async fn connect(url: &str, token: &str, heard: &Heard) -> Option<Socket> {
    let until = Instant::now() + DEADLINE;
    loop {
        match tokio_tungstenite::connect_async(url).await {
            Ok((mut socket, _)) => {
                let hello = json!({"type": "hello", "token": token, "after": heard.last()});
                socket
                    .send(Message::Text(hello.to_string().into()))
                    .await
                    .ok()?;
                return Some(socket);
            }
            Err(e) if Instant::now() >= until => {
                eprintln!("the WebSocket never opened again: {e}");
                return None;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// The record of the game through `server` passes `pachisi record check`.
async fn assert_record_checks(http: &reqwest::Client, server: &Server, id: &str, token: &str) {
    let api = Api {
        http: http.clone(),
        url: server.url.clone(),
    };
    common::api::assert_record_checks(&api.record(id, token).await);
}

/// A game whose four seats are all the host's: every action is a person's, but for forced
/// passes, which the driving instance plays.
const ALL_MINE: [&str; 4] = ["me", "me", "me", "me"];

#[tokio::test]
async fn moves_through_one_instance_are_told_live_on_another_in_order() {
    let Some(cluster) = Cluster::start("moves_through_one_instance_are_told_live_on_another")
    else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let a = Server::start(Path::new(&url), 0);
    let b = Server::start(Path::new(&url), 0);
    let (id, token) = create(&http, &a, &ALL_MINE).await;
    state(&http, &b, &id, &token).await;
    let on_b = listen(&b, &id, &token).await;

    play(&http, &a, &id, &token, 12).await;
    let through_a = state(&http, &a, &id, &token).await;
    let last = through_a["event"].as_u64().expect("event");
    on_b.wait_for(last, "B hears A's moves").await;
    on_b.assert_contiguous();
    // B tells the same game: its state at event E holds exactly the actions its events up to E
    // told. (The instance driving the game may play a forced pass after A's state was read, so
    // B's state and its socket are compared at one event number, not at "now".)
    let through_b = state(&http, &b, &id, &token).await;
    assert!(through_b["actions"].as_u64() >= through_a["actions"].as_u64());
    let at = through_b["event"].as_u64().expect("event");
    on_b.wait_for(at, "B tells the events of its own state")
        .await;
    assert_eq!(
        Some(on_b.actions_told_up_to(at)),
        through_b["actions"].as_u64(),
        "actions told on B up to event {at}"
    );

    // And the other way round, live on A's WebSocket.
    let on_a = listen(&a, &id, &token).await;
    play(&http, &b, &id, &token, 4).await;
    let last = state(&http, &b, &id, &token).await["event"]
        .as_u64()
        .expect("event");
    on_a.wait_for(last, "A hears B's moves").await;
    on_a.assert_contiguous();
}

/// A room created through A, its invitation opened at once through B (as a load balancer may
/// send the friend): B reads the game from the database rather than answer 404.
#[tokio::test]
async fn an_invitation_opened_on_another_instance_at_once_takes_the_seat() {
    let Some(cluster) = Cluster::start("an_invitation_opened_on_another_instance") else {
        return;
    };
    let url = cluster.database();
    let a = Server::start(Path::new(&url), 0);
    let b = Server::start(Path::new(&url), 0);
    for round in 0..5 {
        let room = Api::new(&a)
            .create(&json!({"ruleset": "ludo", "seats": ["me", "open", "bot:random", "bot:random"], "name": "Asha"}))
            .await;
        let invite = room.invite.as_deref().expect("an open seat");
        // No wait: the first request through B.
        let joined = Api::new(&b).join(&room.id, invite, "Ravi").await;
        assert_eq!(joined["seat"], 1, "round {round}: {joined}");
    }
    // An id no game has is still not found, and a malformed one costs no database read.
    let (status, _) = Api::new(&b).get("/api/games/0123456789ab", "x").await;
    assert_eq!(status, 404);
    let (status, _) = Api::new(&b).get("/api/games/not-an-id", "x").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn the_same_action_sent_through_two_instances_at_once_is_applied_once() {
    let Some(cluster) = Cluster::start("the_same_action_sent_through_two_instances") else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let a = Server::start(Path::new(&url), 0);
    let b = Server::start(Path::new(&url), 0);
    let (id, token) = create(&http, &a, &ALL_MINE).await;
    let on_a = listen(&a, &id, &token).await;
    let mut raced = 0;
    let until = Instant::now() + DEADLINE;
    while raced < 8 {
        assert!(Instant::now() < until, "only {raced} races run");
        let now = state(&http, &a, &id, &token).await;
        // Both instances see the same state before the race.
        let there = state(&http, &b, &id, &token).await;
        let Some(action) = next_action(&now) else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        if there["actions"] != now["actions"] {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let before = now["actions"].as_u64().expect("actions");
        let path = format!("/api/games/{id}/actions");
        let post = reqwest::Method::POST;
        let ((first, one), (second, other)) = tokio::join!(
            send(
                &http,
                post.clone(),
                &a.url,
                &path,
                Some(&token),
                Some(&action)
            ),
            send(&http, post, &b.url, &path, Some(&token), Some(&action)),
        );
        let mut statuses = [first, second];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{one}\n{other}");
        let refused = if first == 409 { &one } else { &other };
        assert!(refused["error"].is_string(), "{refused}");
        assert!(
            refused["state"]["actions"].as_u64() > Some(before),
            "the refused request is answered with the state now: {refused}"
        );
        raced += 1;
    }
    // Every race applied one action: the events tell each action once, and the record replays.
    // A refused request is answered from the database, so the instance that refused it may still
    // be catching up: wait until both instances agree on the state before counting.
    // The state and the socket are compared at the state's event number: the instance driving
    // the game may play a forced pass after it.
    let last = agreed_state(&http, &a, &b, &id, &token).await;
    let at = last["event"].as_u64().expect("event");
    on_a.wait_for(at, "A's events").await;
    on_a.assert_contiguous();
    on_a.assert_each_action_told_once();
    assert_eq!(Some(on_a.actions_told_up_to(at)), last["actions"].as_u64());
    assert_record_checks(&http, &b, &id, &token).await;
}

/// The state once instances `a` and `b` agree on it (each catches up with the other's actions
/// after the notice arrives).
async fn agreed_state(
    http: &reqwest::Client,
    a: &Server,
    b: &Server,
    id: &str,
    token: &str,
) -> Value {
    let until = Instant::now() + DEADLINE;
    loop {
        let on_a = state(http, a, id, token).await;
        let on_b = state(http, b, id, token).await;
        if on_a["actions"] == on_b["actions"] && on_a["event"] == on_b["event"] {
            return on_a;
        }
        assert!(
            Instant::now() < until,
            "the instances never agreed: A at {} actions, B at {}",
            on_a["actions"],
            on_b["actions"]
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Which instance's id drives `id` now, from the database.
fn driver(cluster: &Cluster, url: &str, id: &str) -> String {
    cluster.query(
        url,
        &format!("SELECT d.instance FROM drivers d JOIN instances i ON i.instance = d.instance WHERE d.game = '{id}' AND i.expires > (extract(epoch from clock_timestamp()) * 1000)::BIGINT"),
    )
}

/// The instance id a server printed at start.
fn instance_of(server: &Server) -> String {
    let until = Instant::now() + DEADLINE;
    loop {
        let output = server.output();
        if let Some(id) = output
            .lines()
            .find_map(|l| l.strip_prefix("instance "))
            .and_then(|rest| rest.split_whitespace().next())
        {
            return id.to_string();
        }
        assert!(Instant::now() < until, "no instance id printed:\n{output}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[tokio::test]
async fn the_instance_driving_a_room_of_bots_killed_another_takes_it_over() {
    let Some(cluster) = Cluster::start("the_instance_driving_a_room_of_bots_killed") else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let mut servers: Vec<Option<Server>> = (0..3)
        .map(|_| Some(Server::start(Path::new(&url), 40)))
        .collect();
    let ids: Vec<String> = servers
        .iter()
        .map(|s| instance_of(s.as_ref().expect("running")))
        .collect();
    let first = servers[0].as_ref().expect("running");
    let bots = ["bot:random"; 4];
    let (id, token) = create(&http, first, &bots).await;

    // Some instance takes the room's lease and its bots play.
    let until = Instant::now() + DEADLINE;
    let driving = loop {
        let now = driver(&cluster, &url, &id);
        if let Some(i) = ids.iter().position(|x| *x == now) {
            break i;
        }
        assert!(Instant::now() < until, "nobody drives the room: {now:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let survivor = servers[(driving + 1) % 3].take().expect("running");
    let heard = listen(&survivor, &id, &token).await;
    heard.wait_for(10, "the bots play").await;
    // A client of the instance about to die.
    let doomed = servers[driving].take().expect("running");
    let client = listen(&doomed, &id, &token).await;
    client.wait_for(12, "the driver's client").await;

    doomed.kill();
    // The client reconnects to another instance with its last number.
    let other = servers.iter().flatten().next().expect("a third instance");
    listen_on(other, &id, &token, &client).await;
    let at_kill = state(&http, &survivor, &id, &token).await["actions"]
        .as_u64()
        .expect("actions");

    // Another instance drives the room on, within a few seconds.
    let until = Instant::now() + DEADLINE;
    loop {
        let now = state(&http, &survivor, &id, &token).await;
        if now["actions"].as_u64().expect("actions") >= at_kill + 20 || now["phase"] == "over" {
            break;
        }
        assert!(
            Instant::now() < until,
            "the room stopped at {at_kill} actions when its driver was killed: {now}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let now = driver(&cluster, &url, &id);
    assert_ne!(
        now, ids[driving],
        "the killed instance still holds the lease"
    );
    assert!(ids.contains(&now), "driven by {now:?}");

    let last = state(&http, &survivor, &id, &token).await["event"]
        .as_u64()
        .expect("event");
    heard.wait_for(last, "the survivor's events").await;
    heard.assert_contiguous();
    client
        .wait_for(last, "the reconnected client's events")
        .await;
    client.assert_contiguous();
    heard.assert_each_action_told_once();
    assert_record_checks(&http, &survivor, &id, &token).await;
}

#[tokio::test]
async fn instances_recover_by_themselves_when_postgresql_connections_die_or_it_restarts() {
    let Some(cluster) = Cluster::start("instances_recover_by_themselves") else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let a = Server::start(Path::new(&url), 0);
    let b = Server::start(Path::new(&url), 0);
    let (id, token) = create(&http, &a, &ALL_MINE).await;
    state(&http, &b, &id, &token).await;
    let on_a = listen(&a, &id, &token).await;
    let on_b = listen(&b, &id, &token).await;
    play(&http, &a, &id, &token, 3).await;

    for cut in ["connections killed", "PostgreSQL restarted"] {
        if cut == "connections killed" {
            cluster.kill_connections();
        } else {
            cluster.restart();
        }
        // Actions go through again on both, and each WebSocket hears the other's.
        play(&http, &a, &id, &token, 3).await;
        play(&http, &b, &id, &token, 3).await;
        let last = state(&http, &b, &id, &token).await["event"]
            .as_u64()
            .expect("event");
        on_a.wait_for(last, cut).await;
        on_b.wait_for(last, cut).await;
        // A game created after the cut is known to the other instance too.
        let (other, other_token) = create(&http, &b, &ALL_MINE).await;
        state(&http, &a, &other, &other_token).await;
    }
    on_a.assert_contiguous();
    on_b.assert_contiguous();
    assert_record_checks(&http, &a, &id, &token).await;
}

/// A room of bots is played at once by the instance that made it (its lease is written with
/// it): the first bot's action comes without waiting for a round of leases. The times from the
/// request that made each room to its first action heard on a WebSocket (opened at once on the
/// other instance, relayed to the owner) are printed.
#[tokio::test]
async fn a_new_room_of_bots_is_played_at_once_by_the_instance_that_made_it() {
    let Some(cluster) = Cluster::start("a_new_room_of_bots_is_played_at_once") else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let a = Server::start(Path::new(&url), 0);
    let b = Server::start(Path::new(&url), 0);
    let mut times = Vec::new();
    for _ in 0..10 {
        let began = Instant::now();
        let (id, token) = create(&http, &a, &["bot:random"; 4]).await;
        let heard = listen(&b, &id, &token).await;
        let until = Instant::now() + DEADLINE;
        while !heard
            .0
            .lock()
            .expect("heard")
            .iter()
            .any(|e| e["kind"] == "play")
        {
            assert!(Instant::now() < until, "no bot played in room {id}");
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        times.push(began.elapsed());
    }
    times.sort();
    eprintln!(
        "a new room's first bot action heard on another instance's socket: median {:.1} ms, the slowest {:.1} ms (10 rooms)",
        times[5].as_secs_f64() * 1000.0,
        times[9].as_secs_f64() * 1000.0
    );
}
