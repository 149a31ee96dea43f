//! `pachisi serve --database postgres://...` as a real process on a real PostgreSQL server (a
//! throwaway cluster of the test's own, crates/pachisi-store/tests/cluster): a room plays, the
//! server is killed outright and started again, and the game goes on from its rows, every event
//! numbered without a gap. Several servers on one database: tests/instances.rs. Where PostgreSQL
//! is not installed the tests say so and pass, except under `CI=true`.

#[path = "../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;
mod common;

use cluster::Cluster;
use common::api::{assert_record_checks, next_action, Api};
use common::Server;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(30);

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
    let server = Server::start(Path::new(&url), 0);
    let api = Api::new(&server);
    let room = api
        .create(&json!({"ruleset": "ludo", "seats": ["me", "bot:random", "bot:random", "bot:random"], "name": "Asha"}))
        .await;
    let (id, token) = (room.id.as_str(), room.token.as_str());

    // The host plays a few turns (the bots answer at once).
    let mut acted = 0;
    let until = Instant::now() + DEADLINE;
    while acted < 6 && Instant::now() < until {
        let state = api.state(id, token).await;
        if !(state["to_move"] == 0 && state["awaiting"] == "human") {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let (status, answer) = api
            .post(
                &format!("/api/games/{id}/actions"),
                Some(token),
                &next_action(&state),
            )
            .await;
        assert!(status == 200 || status == 409, "{status}: {answer}");
        acted += usize::from(status == 200);
    }
    assert_eq!(acted, 6, "the host could not play");
    let before = api.state(id, token).await;
    server.kill();

    // Started again on the same database: the same game, the same token, the same events.
    let again = Server::start(Path::new(&url), 0);
    let api = Api::new(&again);
    let after = api.state(id, token).await;
    let actions = |s: &Value| s["actions"].as_u64().expect("actions");
    assert!(
        actions(&after) >= actions(&before),
        "actions lost: {before} then {after}"
    );
    let told = assert_contiguous(&api.events(id, token, 0).await);
    assert!(
        told >= before["event"].as_u64().expect("event"),
        "events lost"
    );
    assert_record_checks(&api.record(id, token).await);
}
