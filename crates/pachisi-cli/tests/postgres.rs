//! `pachisi serve --database postgres://...` as a real process on a real PostgreSQL server (a
//! throwaway cluster of the test's own, crates/pachisi-store/tests/cluster): a room plays, the
//! server is killed outright and started again, and the game goes on from its rows, every event
//! numbered without a gap. Several servers on one database: tests/instances.rs. Where PostgreSQL
//! is not installed the tests say so and pass, except under `CI=true`.

#[path = "../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;
mod common;

use cluster::Cluster;
use common::Server;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(30);

async fn send(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut request = http.request(method, url);
    if let Some(token) = token {
        request = request.header("authorization", format!("Bearer {token}"));
    }
    if let Some(body) = body {
        request = request
            .header("content-type", "application/json")
            .body(body.to_string());
    }
    let response = request.send().await.expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Every event of the game, by number: they must run 1, 2, 3 ... without a gap.
fn assert_contiguous(events: &Value) -> u64 {
    let numbers: Vec<u64> = events["events"]
        .as_array()
        .expect("events")
        .iter()
        .map(|e| e["n"].as_u64().expect("n"))
        .collect();
    let expected: Vec<u64> = (1..=numbers.len() as u64).collect();
    assert_eq!(
        numbers, expected,
        "event numbers with a gap or out of order"
    );
    numbers.len() as u64
}

#[tokio::test]
async fn a_room_on_postgresql_survives_its_server_killed_and_goes_on() {
    let Some(cluster) = Cluster::start("a_room_on_postgresql_survives_its_server_killed") else {
        return;
    };
    let url = cluster.database();
    let http = reqwest::Client::new();
    let server = Server::start(Path::new(&url), 0);
    let (status, created) = send(
        &http,
        reqwest::Method::POST,
        format!("{}/api/games", server.url),
        None,
        Some(&json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "name": "Asha"})),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("id").to_string();
    let token = created["token"].as_str().expect("token").to_string();
    let game = |base: &str| format!("{base}/api/games/{id}");

    // The host plays a few turns (the bots answer at once).
    let mut acted = 0;
    let until = Instant::now() + DEADLINE;
    while acted < 6 && Instant::now() < until {
        let (_, state) = send(
            &http,
            reqwest::Method::GET,
            game(&server.url),
            Some(&token),
            None,
        )
        .await;
        let mine = state["to_move"] == 0 && state["awaiting"] == "human";
        if !mine {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let action = if state["phase"] == "throw" {
            json!({"action": "throw", "actions": state["actions"]})
        } else {
            json!({"action": "move", "index": 0, "actions": state["actions"]})
        };
        let (status, answer) = send(
            &http,
            reqwest::Method::POST,
            format!("{}/actions", game(&server.url)),
            Some(&token),
            Some(&action),
        )
        .await;
        assert!(status == 200 || status == 409, "{status}: {answer}");
        acted += usize::from(status == 200);
    }
    assert_eq!(acted, 6, "the host could not play");
    let (_, before) = send(
        &http,
        reqwest::Method::GET,
        game(&server.url),
        Some(&token),
        None,
    )
    .await;
    server.kill();

    // Started again on the same database: the same game, the same token, the same events.
    let again = Server::start(Path::new(&url), 0);
    let (status, after) = send(
        &http,
        reqwest::Method::GET,
        game(&again.url),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(status, 200, "{after}");
    let actions = |s: &Value| s["actions"].as_u64().expect("actions");
    assert!(
        actions(&after) >= actions(&before),
        "actions lost: {before} then {after}"
    );
    let (_, events) = send(
        &http,
        reqwest::Method::GET,
        format!("{}/events?after=0", game(&again.url)),
        Some(&token),
        None,
    )
    .await;
    let told = assert_contiguous(&events);
    assert!(
        told >= before["event"].as_u64().expect("event"),
        "events lost"
    );

    // The record replays and checks.
    let record = http
        .get(format!("{}/record", game(&again.url)))
        .header("authorization", format!("Bearer {token}"))
        .send()
        .await
        .expect("record")
        .text()
        .await
        .expect("text");
    let dir = tempfile::tempdir().expect("temporary directory");
    let file = dir.path().join("game.record");
    std::fs::write(&file, record).expect("write");
    let check = Command::new(env!("CARGO_BIN_EXE_pachisi"))
        .args(["record", "check"])
        .arg(&file)
        .output()
        .expect("runs");
    assert!(
        check.status.success(),
        "{}{}",
        String::from_utf8_lossy(&check.stdout),
        String::from_utf8_lossy(&check.stderr)
    );
}
