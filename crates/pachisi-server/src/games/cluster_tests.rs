//! Tests of `cluster` on a real throwaway PostgreSQL cluster (crates/pachisi-store/tests/cluster;
//! they say so and pass where PostgreSQL is not installed, and fail under `CI=true`).

use super::*;
use crate::games::NewGame;
use crate::limits::Limits;
use crate::store::{Database, Store};
use std::time::Duration;

#[path = "../../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;

fn on(url: &str) -> Arc<Games> {
    let store = Store::open(&Database::Postgres(url.to_string())).expect("open");
    Games::load(store, Duration::ZERO, Limits::default()).expect("load")
}

/// A room created on one instance is found on another that has not heard of it yet (its
/// listener not started here): read from the database, not answered 404.
#[tokio::test]
async fn a_game_another_instance_just_created_is_read_from_the_database() {
    let Some(cluster) = cluster::Cluster::start("a_game_another_instance_just_created") else {
        return;
    };
    let url = cluster.database();
    let a = on(&url);
    let b = on(&url);
    let created = a
        .create(
            NewGame {
                ruleset: "ludo".into(),
                seats: vec!["me".into(), "open".into(), "bot".into(), "bot".into()],
                ..NewGame::default()
            },
            None,
        )
        .expect("created");
    let id = created.game.id().to_string();
    assert!(
        matches!(b.get(&id), Err(GameError::NotFound(_))),
        "B has not heard of it"
    );
    let found = b.find(&id).await.expect("B reads it from the database");
    assert_eq!(found.id(), id);
    assert!(b.get(&id).is_ok(), "and keeps it");
    assert!(matches!(
        b.find("0123456789ab").await,
        Err(GameError::NotFound(_))
    ));
    assert!(matches!(
        b.find("not-an-id").await,
        Err(GameError::NotFound(_))
    ));
}

#[test]
fn only_ids_of_the_form_games_have_are_looked_for() {
    assert!(looks_like_an_id("4f2a9c0b11d2"));
    assert!(!looks_like_an_id("4F2A9C0B11D2"));
    assert!(!looks_like_an_id("4f2a9c0b11d"));
    assert!(!looks_like_an_id("../etc/passwd"));
}
