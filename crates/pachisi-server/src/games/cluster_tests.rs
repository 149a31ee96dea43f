//! Tests of `cluster` on a real throwaway PostgreSQL cluster (crates/pachisi-store/tests/cluster;
//! they say so and pass where PostgreSQL is not installed, and fail under `CI=true`).

use super::*;
use crate::action::Request;
use crate::games::{NewGame, SNAPSHOT_EVERY};
use crate::limits::Limits;
use crate::store::{Database, Owner, Store};
use std::time::Duration;

#[path = "../../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;

/// An instance on the database at `url`, reached by the others at `address` (its first round
/// of leases written).
fn on(url: &str, address: &str) -> Arc<Games> {
    on_with(url, address, Limits::default())
}

/// As [`on`], with `limits`.
fn on_with(url: &str, address: &str, limits: Limits) -> Arc<Games> {
    let store = Store::open(&Database::Postgres(url.to_string())).expect("open");
    let games = Games::load(store, Duration::ZERO, limits).expect("load");
    games.set_address(address.to_string());
    games
        .store
        .lease(&games.instance, Some(address), LEASE)
        .expect("a round of leases");
    games
}

/// A throwaway PostgreSQL cluster named `name` (none where PostgreSQL is not installed) and two
/// instances on it, A and B.
fn two(name: &str) -> Option<(cluster::Cluster, Arc<Games>, Arc<Games>)> {
    let cluster = cluster::Cluster::start(name)?;
    let url = cluster.database();
    let a = on(&url, "127.0.0.1:7001");
    let b = on(&url, "127.0.0.1:7002");
    Some((cluster, a, b))
}

/// A room of one person, made on `games` (every seat the creator's, no bot: nothing moves by itself).
fn room(games: &Arc<Games>) -> (String, String) {
    let created = games
        .create(
            NewGame {
                ruleset: "ludo".into(),
                seats: vec!["me".into(); 4],
                seed: Some(7),
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    (created.game.id().to_string(), created.token)
}

/// An address's games are counted over every instance: at its limit on one, it makes no more
/// on another, and a game deleted anywhere frees a place.
#[tokio::test]
async fn the_games_of_an_address_are_counted_on_every_instance() {
    let Some(cluster) = cluster::Cluster::start("the_games_of_an_address_are_counted") else {
        return;
    };
    let url = cluster.database();
    let limits = || Limits {
        max_games_per_client: 2,
        ..Limits::default()
    };
    let a = on_with(&url, "127.0.0.1:7001", limits());
    let b = on_with(&url, "127.0.0.1:7002", limits());
    let client: std::net::IpAddr = "198.51.100.7".parse().expect("an address");
    let new = || NewGame {
        ruleset: "ludo".into(),
        seats: vec!["me".into(); 4],
        seed: Some(7),
        ..NewGame::default()
    };
    let first = a.create(new(), Some(client)).expect("a first game on A");
    b.create(new(), Some(client)).expect("a second on B");
    for (name, games) in [("A", &a), ("B", &b)] {
        let refused = games.create(new(), Some(client)).err();
        assert!(
            matches!(refused, Some(GameError::TooMany(_))),
            "a third on {name}: {refused:?}"
        );
    }
    // Another address is not held back.
    b.create(new(), Some("203.0.113.9".parse().expect("an address")))
        .expect("another address's game");
    a.delete(first.game.id(), Some(&first.token))
        .expect("deleted by its host");
    b.create(new(), Some(client))
        .expect("a place freed on A is free on B");
}

/// A room lives in the instance that created it; another instance holds nothing of it and
/// points at the owner's address; an id not in the database, or not of the form ids have, is
/// answered here (404 by the route).
#[tokio::test]
async fn a_room_lives_in_the_instance_that_created_it_and_the_others_point_there() {
    let Some((_cluster, a, b)) = two("a_room_lives_in_its_creator") else {
        return;
    };
    let (id, _) = room(&a);
    assert!(a.drives(&a.get(&id).expect("A holds it")));
    assert_eq!(
        b.locate(&id).await.expect("located"),
        Place::There("127.0.0.1:7001".into())
    );
    assert!(
        matches!(b.get(&id), Err(GameError::NotFound(_))),
        "B holds nothing of it"
    );
    assert_eq!(
        b.locate("0123456789ab").await.expect("located"),
        Place::Here
    );
    assert_eq!(b.locate("not-an-id").await.expect("located"), Place::Here);
}

/// A room whose owner let its lease go (a server stopped, or killed and its lease run out) is
/// taken by the instance asked for it, at once, and played on there from where it stood.
#[tokio::test]
async fn a_room_nobody_holds_is_taken_by_the_instance_asked_for_it() {
    let Some((_cluster, a, b)) = two("a_room_nobody_holds_is_taken") else {
        return;
    };
    let (id, token) = room(&a);
    let game = a.get(&id).expect("A holds it");
    // Whoever begins throws.
    a.act(&game, Some(&token), Request::Throw {}, None)
        .expect("a throw");
    let last = game.last_event();
    a.leave();
    assert_eq!(b.locate(&id).await.expect("located"), Place::Here);
    let taken = b.get(&id).expect("B holds it now");
    assert!(b.drives(&taken));
    assert_eq!(taken.last_event(), last, "every event A told is B's");
    assert_eq!(taken.state_json(), game.state_json());
}

/// The lease fences every write: an instance that lost a room (another holds it now) is
/// refused its commit, writes nothing, drops the room and closes its connections, and the
/// request is to be sent again (it reaches the new owner).
#[tokio::test]
async fn an_instance_that_lost_a_room_can_write_nothing_to_it() {
    let Some((_cluster, a, b)) = two("an_instance_that_lost_a_room") else {
        return;
    };
    let (id, token) = room(&a);
    let old = a.get(&id).expect("A holds it");
    // A's lease given up in the database behind its back (as when it ran out while A was cut
    // off), and the room taken by B.
    a.store.release(&a.instance).expect("released");
    assert_eq!(b.locate(&id).await.expect("located"), Place::Here);
    let head = b.get(&id).expect("B holds it").last_event();
    let refused = a.act(&old, Some(&token), Request::Throw {}, None);
    assert!(
        matches!(refused, Err(GameError::Busy(_))),
        "refused: {refused:?}"
    );
    assert!(old.is_moved(), "A's connections are sent to the new owner");
    assert!(matches!(a.get(&id), Err(GameError::NotFound(_))));
    let stored = b.store.load(&id, 0).expect("read").expect("there");
    assert_eq!(stored.events.len() as u64, head, "A wrote nothing");
    // B plays on.
    let now = b.get(&id).expect("B holds it");
    b.act(&now, Some(&token), Request::Throw {}, None)
        .expect("B takes the throw");
}

/// The rounds of leases share the rooms between the live instances: a new instance takes its
/// share from one that held them all.
#[tokio::test]
async fn a_new_instance_takes_its_share_of_the_rooms() {
    let Some(cluster) = cluster::Cluster::start("a_new_instance_takes_its_share") else {
        return;
    };
    let url = cluster.database();
    let a = on(&url, "127.0.0.1:7001");
    for _ in 0..6 {
        room(&a);
    }
    let b = on(&url, "127.0.0.1:7002");
    // A gives up what is over its share, then B takes it up.
    let began = Instant::now();
    let held_a = a
        .store
        .lease(&a.instance, Some("127.0.0.1:7001"), LEASE)
        .expect("A");
    let held_b = b
        .store
        .lease(&b.instance, Some("127.0.0.1:7002"), LEASE)
        .expect("B");
    assert_eq!(held_a.held.len(), 3);
    assert_eq!(held_b.held.len(), 3);
    a.renewed(&held_a.held, began);
    a.hold(&held_a.held);
    b.renewed(&held_b.held, began);
    b.hold(&held_b.held);
    assert_eq!(a.count(), 3, "A dropped the rooms it gave up");
    assert_eq!(b.count(), 3, "B built the rooms it took");
    let peers = b
        .store
        .lease(&b.instance, Some("127.0.0.1:7002"), LEASE)
        .expect("B");
    let counts: Vec<u64> = peers.peers.iter().map(|p| p.games).collect();
    assert_eq!(counts, vec![3, 3]);
}

#[test]
fn only_ids_of_the_form_games_have_are_looked_for() {
    assert!(looks_like_an_id("4f2a9c0b11d2"));
    assert!(!looks_like_an_id("4F2A9C0B11D2"));
    assert!(!looks_like_an_id("4f2a9c0b11d"));
    assert!(!looks_like_an_id("../etc/passwd"));
}

/// A survivor taking over many rooms at once keeps its own leases while it builds them: the
/// building runs beside the renewals, so no room it took is ever free again meanwhile (2,000
/// rooms here; `PACHISI_TAKEOVER_ROOMS` sets another number, and the time the takeover took is
/// printed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_survivor_taking_many_rooms_keeps_its_own_leases_meanwhile() {
    let Some(cluster) = cluster::Cluster::start("a_survivor_taking_many_rooms") else {
        return;
    };
    let rooms: usize = std::env::var("PACHISI_TAKEOVER_ROOMS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2_000);
    let url = cluster.database();
    let limits = Limits {
        max_games: rooms + 1,
        ..Limits::default()
    };
    let a = on_with(&url, "127.0.0.1:7001", limits);
    let ids: Vec<String> = (0..rooms).map(|_| room(&a).0).collect();
    // A dies: it renews nothing any more. B, alone alive once A's lease has run out, takes
    // every room.
    let b = on(&url, "127.0.0.1:7002");
    let watcher = on(&url, "127.0.0.1:7003");
    watcher
        .store
        .release(&watcher.instance)
        .expect("the watcher takes no part");
    let began = Instant::now();
    b.share();
    let sample: Vec<&String> = ids.iter().step_by((rooms / 20).max(1)).collect();
    let mut taken: HashSet<&String> = HashSet::new();
    let deadline = Instant::now() + Duration::from_secs(120);
    while b.count() < rooms || taken.len() < sample.len() {
        assert!(
            Instant::now() < deadline,
            "B holds {} of {rooms}",
            b.count()
        );
        for id in &sample {
            match watcher.store.owner(id).expect("owner") {
                Owner::Held { instance, .. } if instance == b.instance => {
                    taken.insert(id);
                }
                other => assert!(
                    !taken.contains(id),
                    "room {id} was B's, then {other:?}: B's lease ran out while it took rooms over"
                ),
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "{rooms} rooms taken over and built in {:.1} s (A's lease running out included)",
        began.elapsed().as_secs_f64()
    );
}

/// A room's table goes to the database as a snapshot every hundred actions, and an instance
/// taking the room over builds it from the latest snapshot and the actions after it: the same
/// game, played on from there.
#[tokio::test]
async fn a_room_taken_over_is_built_from_its_latest_snapshot_and_the_actions_after() {
    let Some((_cluster, a, b)) = two("a_room_taken_over_from_a_snapshot") else {
        return;
    };
    let (id, token) = room(&a);
    let game = a.get(&id).expect("A holds it");
    let mut played = 0;
    let mut renewed = Instant::now();
    while played < 250 {
        let state: serde_json::Value =
            serde_json::from_str(&game.state_json()).expect("the state is JSON");
        if state["awaiting"] == "bot" {
            // A forced pass, which the server plays itself.
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        let request = match state["phase"].as_str() {
            Some("throw") => Request::Throw {},
            Some("move") => Request::Move {
                notation: None,
                index: Some(0),
            },
            _ => break,
        };
        a.act(&game, Some(&token), request, None).expect("played");
        played = state["actions"].as_u64().unwrap_or(0);
        // A's rounds of leases, which a running server makes every second: the actions may
        // take longer than a lease on a busy machine.
        if renewed.elapsed() >= RENEW {
            a.store
                .lease(&a.instance, Some("127.0.0.1:7001"), LEASE)
                .expect("a round of leases");
            renewed = Instant::now();
        }
    }
    let stored = a.store.load(&id, 0).expect("read").expect("there");
    let (at, _) = stored.snapshot.clone().expect("a snapshot was written");
    assert!(at >= SNAPSHOT_EVERY && at % SNAPSHOT_EVERY == 0, "at {at}");
    assert!(stored.actions.len() > at, "actions after the snapshot");
    a.leave();
    assert_eq!(b.locate(&id).await.expect("located"), Place::Here);
    let taken = b.get(&id).expect("B holds it");
    assert_eq!(taken.state_json(), game.state_json());
    assert_eq!(taken.last_event(), game.last_event());
}
