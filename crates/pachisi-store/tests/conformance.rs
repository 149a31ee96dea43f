//! The same story on both backends: SQLite always, PostgreSQL on a throwaway cluster of the
//! tests' own (tests/cluster). Games, actions and events survive reopening; an undo deletes the
//! tail; an event number already taken is a conflict that writes nothing; a missing game is not
//! found; the server's time is kept. Then what only PostgreSQL has: several servers on one
//! database, each game owned by one of them (its lease fencing every other's commit) and an
//! event number another took refused, the leases shared between the live servers and held
//! until they run out, the password never shown, and a database that restarts or drops the
//! connection is found again.

mod cluster;

use cluster::Cluster;
use pachisi_store::{Commit, Database, ErrorKind, Owner, Store, StoredGame};
use std::time::Duration;

fn game(id: &str) -> StoredGame {
    StoredGame {
        id: id.into(),
        created: 1_800_000_000,
        updated: 1_800_000_000,
        ruleset: "pachisi".into(),
        overrides: vec!["moves.split=true".into(), "throw.grace=[1,6]".into()],
        seats: vec!["human".into(), "bot:expectimax".into()],
        seed: u64::MAX,
        host: Some("ab".repeat(32)),
        opening: Some(String::new()),
        server_seed: Some("cd".repeat(32)),
        player_seeds: None,
        room: Some("{\"seats\":[]}".into()),
        creator: Some("198.51.100.7".into()),
        actions: Vec::new(),
        snapshot: None,
        events: vec![(1, "{\"kind\":\"created\"}".into())],
    }
}

fn actions(from: usize, tokens: &[&str], events: &[(u64, &str)], at: i64) -> Commit {
    Commit {
        id: "a".into(),
        actions: Some((from, tokens.iter().map(|t| (*t).to_string()).collect())),
        // Every story's commit from a later index takes actions back (an undo).
        takes_back: from > 0,
        events: events.iter().map(|(n, b)| (*n, (*b).to_string())).collect(),
        at,
        ..Commit::default()
    }
}

/// The story every backend must tell alike.
fn story(database: &Database) {
    {
        let store = Store::open(database).expect("open");
        assert!(store.load_all().expect("empty").is_empty());
        store.insert(&game("a")).expect("insert");
        // A snapshot of the table at four actions goes with them.
        store
            .commit(Commit {
                snapshot: Some((4, "{\"at\":4}".into())),
                ..actions(
                    0,
                    &["(25)", "E25", "(3)", "1+3"],
                    &[(2, "{\"kind\":\"play\"}")],
                    1_800_000_001,
                )
            })
            .expect("append");
        let read = store.load("a", 0).expect("load").expect("there");
        assert_eq!(read.snapshot, Some((4, "{\"at\":4}".to_string())));
        // An undo back to two actions, then one more: the snapshot stood for an action taken
        // back, and goes.
        store
            .commit(actions(
                2,
                &["(3)"],
                &[(3, "{\"kind\":\"play\"}")],
                1_800_000_002,
            ))
            .expect("undo and append");
        let twice = store.insert(&game("a")).expect_err("ids are unique");
        assert_eq!(twice.kind(), ErrorKind::Conflict, "{twice}");

        // Event 3 is taken: the change is refused whole, its actions and room not written.
        let mut late = actions(0, &["(6)"], &[(3, "{\"kind\":\"play\"}")], 1_800_000_009);
        late.room = Some("{\"changed\":true}".into());
        let conflict = store.commit(late).expect_err("event 3 is taken");
        assert_eq!(conflict.kind(), ErrorKind::Conflict, "{conflict}");

        store.insert(&game("b")).expect("insert");
        // The games of an address are counted by the database, whoever holds them.
        store
            .insert(&StoredGame {
                creator: Some("2001:db8::1".into()),
                ..game("c")
            })
            .expect("insert");
        assert_eq!(store.created_by("198.51.100.7").expect("count"), 2);
        assert_eq!(store.created_by("2001:db8::1").expect("count"), 1);
        assert_eq!(store.created_by("203.0.113.9").expect("count"), 0);
        store.delete("c").expect("delete");
        store.delete("b").expect("delete");
        assert_eq!(store.created_by("198.51.100.7").expect("count"), 1);
        assert_eq!(store.created_by("2001:db8::1").expect("count"), 0);
        let gone = store
            .commit(Commit {
                id: "b".into(),
                at: 1,
                ..Commit::default()
            })
            .expect_err("a deleted game takes no change");
        assert_eq!(gone.kind(), ErrorKind::NotFound, "{gone}");

        assert_eq!(store.alive().expect("alive"), 0);
        store.set_alive(41_000).expect("heartbeat");
        store.set_alive(42_000).expect("heartbeat");
    }
    let store = Store::open(database).expect("reopen");
    let games = store.load_all().expect("load");
    let mut expected = game("a");
    expected.updated = 1_800_000_002;
    expected.actions = vec!["(25)".into(), "E25".into(), "(3)".into()];
    expected.events.push((2, "{\"kind\":\"play\"}".into()));
    expected.events.push((3, "{\"kind\":\"play\"}".into()));
    assert_eq!(games, [expected]);
    assert_eq!(store.alive().expect("alive"), 42_000);
}

#[test]
fn sqlite_keeps_games_actions_and_events_and_refuses_a_taken_event() {
    let dir = tempfile::tempdir().expect("temporary directory");
    story(&Database::Sqlite(dir.path().join("games.sqlite")));
}

#[test]
fn sqlite_refuses_a_file_that_is_no_database_naming_it() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join("not-a-db.sqlite");
    std::fs::write(
        &path,
        "this is not a database, just text that is long enough",
    )
    .expect("write");
    let e = Store::open(&Database::Sqlite(path)).err().expect("refused");
    assert!(e.to_string().contains("not-a-db.sqlite"), "{e}");
}

#[test]
fn postgres_keeps_games_actions_and_events_and_refuses_a_taken_event() {
    let Some(cluster) = Cluster::start("postgres_keeps_games_actions_and_events") else {
        return;
    };
    story(&Database::parse(&cluster.database()).expect("a URL"));
}

/// A database written before the creators' column: its games take their creator from their
/// rooms when it is added, and a room not as the server writes it leaves it unknown.
#[test]
fn postgres_games_written_before_the_creators_column_take_it_from_their_rooms() {
    let Some(cluster) = Cluster::start("postgres_games_written_before_the_creators") else {
        return;
    };
    let url = cluster.database();
    let database = Database::parse(&url).expect("a URL");
    drop(Store::open(&database).expect("the schema"));
    // The schema as it was before: the column gone, its migration not applied.
    cluster.query(
        &url,
        "DROP INDEX games_creator; ALTER TABLE games DROP COLUMN creator;
         DELETE FROM schema_migrations WHERE name = 'creators';
         INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed, room) VALUES
           ('a', 1, 1, 'ludo', '', 'human', '0', '{\"seats\":[],\"creator\":\"192.0.2.1\"}'),
           ('b', 1, 1, 'ludo', '', 'human', '0', '{\"creator\": 7'),
           ('c', 1, 1, 'ludo', '', 'human', '0', NULL),
           ('d', 1, 1, 'ludo', '', 'human', '0', '{\"creator\":\"2001:db8::1\"}');",
    );
    let store = Store::open(&database).expect("opened and brought up to date");
    assert_eq!(store.created_by("192.0.2.1").expect("count"), 1);
    assert_eq!(store.created_by("2001:db8::1").expect("count"), 1);
    let creators: Vec<Option<String>> = store
        .load_all()
        .expect("read")
        .into_iter()
        .map(|g| g.creator)
        .collect();
    assert_eq!(
        creators,
        [
            Some("192.0.2.1".into()),
            None,
            None,
            Some("2001:db8::1".into())
        ]
    );
}

#[test]
fn postgres_lets_several_servers_share_a_database_each_game_written_by_its_owner_only() {
    let Some(cluster) = Cluster::start("postgres_lets_several_servers_share_a_database") else {
        return;
    };
    let database = Database::parse(&cluster.database()).expect("a URL");
    let first = Store::open(&database).expect("open");
    let second = Store::open(&database).expect("a second server opens the same database");
    assert!(first.is_shared());
    let long = Duration::from_secs(30);

    // A game written with its lease is its writer's from the first moment, at the address
    // its owner gives in its rounds.
    assert_eq!(first.owner("a").expect("owner"), Owner::Missing);
    first
        .lease("one", Some("10.0.0.1:9001"), long)
        .expect("a round");
    first.insert_held(&game("a"), "one", long).expect("insert");
    assert_eq!(
        second.owner("a").expect("owner"),
        Owner::Held {
            instance: "one".into(),
            address: Some("10.0.0.1:9001".into())
        }
    );
    let owned = |mut commit: Commit, owner: &str| {
        commit.owner = Some(owner.into());
        commit
    };
    first
        .commit(owned(
            actions(0, &["(25)", "E25"], &[(2, "{\"kind\":\"play\"}")], 2),
            "one",
        ))
        .expect("the owner writes");
    // Another instance's commit naming itself is refused whole: the lease fences the game.
    let refused = second.commit(owned(actions(2, &["(3)"], &[(3, "{}")], 3), "two"));
    assert_eq!(
        refused.expect_err("not the owner").kind(),
        ErrorKind::NotOwner
    );
    let read = second.load("a", 1).expect("load").expect("there");
    assert_eq!(read.actions, ["(25)", "E25"]);
    assert_eq!(read.events, [(2, "{\"kind\":\"play\"}".to_string())]);

    // Its lease given up, the game is nobody's; taken by the second, the first can write no
    // more to it.
    first.release("one").expect("release");
    assert_eq!(second.owner("a").expect("owner"), Owner::Free);
    assert!(second.claim("a", "two", long).expect("claim"));
    let late = first.commit(owned(actions(2, &["(3)"], &[(3, "{}")], 3), "one"));
    assert_eq!(late.expect_err("lost").kind(), ErrorKind::NotOwner);
    second
        .commit(owned(actions(2, &["(6)"], &[(3, "{}")], 3), "two"))
        .expect("the new owner writes");

    // Two telling the same event: exactly one is written, the other refused whole.
    let again = second.commit(actions(3, &["(2)"], &[(3, "{}")], 4));
    assert_eq!(
        again.expect_err("event 3 is taken").kind(),
        ErrorKind::Conflict
    );
    let read = first.load("a", 0).expect("load").expect("there");
    assert_eq!(read.actions, ["(25)", "E25", "(6)"]);

    // The instances' key: the first kept, whoever asks after.
    assert_eq!(first.shared_key("k1").expect("key"), "k1");
    assert_eq!(second.shared_key("k2").expect("key"), "k1");

    second.delete("a").expect("delete");
    assert_eq!(first.load("a", 0).expect("load"), None);
    assert_eq!(first.owner("a").expect("owner"), Owner::Missing);

    // The server's time only goes forward, whoever writes it.
    first.set_alive(50_000).expect("heartbeat");
    second.set_alive(40_000).expect("heartbeat");
    assert_eq!(second.alive().expect("alive"), 50_000);
}

#[test]
fn postgres_leases_each_game_to_one_server_until_its_lease_runs_out() {
    let Some(cluster) = Cluster::start("postgres_leases_each_game_to_one_server") else {
        return;
    };
    let database = Database::parse(&cluster.database()).expect("a URL");
    let first = Store::open(&database).expect("open");
    let second = Store::open(&database).expect("open");
    first.insert(&game("a")).expect("insert");
    first.insert(&game("b")).expect("insert");
    let long = Duration::from_secs(30);
    assert_eq!(
        first.lease("one", None, long).expect("lease").held,
        ["a", "b"]
    );
    // Held, and renewed: the second takes nothing while the first holds them...
    assert!(second
        .lease("two", None, long)
        .expect("lease")
        .held
        .is_empty());
    // ...until the first, two instances being alive now, gives up what is over its share.
    let kept = first.lease("one", None, long).expect("renew").held;
    assert_eq!(kept.len(), 1, "{kept:?}");
    let taken = second.lease("two", None, long).expect("its share").held;
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert_ne!(kept, taken, "each game to one server");

    // A lease that runs out unrenewed goes to whoever asks next.
    let short = Duration::from_millis(300);
    first.lease("one", None, short).expect("renew briefly");
    std::thread::sleep(Duration::from_millis(600));
    assert_eq!(
        second.lease("two", None, long).expect("take over").held,
        ["a", "b"]
    );
    assert!(
        first
            .lease("one", None, long)
            .expect("too late")
            .held
            .is_empty(),
        "the first took its games back from the second"
    );

    // Given up, they are taken at once; a deleted game's lease goes with it.
    second.release("two").expect("release");
    second.delete("b").expect("delete");
    assert_eq!(first.lease("one", None, long).expect("lease").held, ["a"]);
}

#[test]
fn postgres_shares_the_games_between_the_live_servers() {
    let Some(cluster) = Cluster::start("postgres_shares_the_games") else {
        return;
    };
    let database = Database::parse(&cluster.database()).expect("a URL");
    let stores: Vec<Store> = (0..3)
        .map(|_| Store::open(&database).expect("open"))
        .collect();
    for n in 0..30 {
        stores[0]
            .insert(&game(&format!("{n:012x}")))
            .expect("insert");
    }
    let long = Duration::from_secs(30);
    let names = ["one", "two", "three"];
    // Rounds of every live instance, as their renewals come; the holdings after the last.
    let rounds = |live: &[usize], n: usize| -> Vec<Vec<String>> {
        let mut held = vec![Vec::new(); stores.len()];
        for _ in 0..n {
            for &i in live {
                held[i] = stores[i].lease(names[i], None, long).expect("lease").held;
            }
        }
        held
    };
    // Alone, the first drives every game.
    assert_eq!(rounds(&[0], 1)[0].len(), 30);
    // Two more come: within a few rounds each holds its third, and no game is held twice.
    let held = rounds(&[0, 1, 2], 3);
    let counts: Vec<usize> = held.iter().map(Vec::len).collect();
    assert_eq!(counts, [10, 10, 10], "{counts:?}");
    let mut all: Vec<&String> = held.iter().flatten().collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 30, "each game held once");

    // The third dies (its leases and its life run out unrenewed): its games are spread over
    // the two left, neither taking them all.
    let short = Duration::from_millis(300);
    stores[2]
        .lease("three", None, short)
        .expect("renew briefly");
    std::thread::sleep(Duration::from_millis(600));
    let held = rounds(&[0, 1], 3);
    let counts: Vec<usize> = held.iter().map(Vec::len).collect();
    assert_eq!(counts, [15, 15, 0], "{counts:?}");

    // One stopping gives up its games and its place: the other takes them all.
    stores[1].release("two").expect("release");
    assert_eq!(rounds(&[0], 1)[0].len(), 30);

    // A game just created is claimed by its creator at once, and by nobody else after.
    stores[1].insert(&game("ffffffffffff")).expect("insert");
    assert!(stores[1].claim("ffffffffffff", "two", long).expect("claim"));
    assert!(!stores[0].claim("ffffffffffff", "one", long).expect("claim"));
    assert!(
        stores[1].claim("ffffffffffff", "two", long).expect("claim"),
        "claimed again by its holder"
    );
    assert!(
        !stores[0].claim("nonesuch", "one", long).expect("claim"),
        "no such game"
    );
    assert_eq!(
        stores[1].lease("two", None, long).expect("lease").held,
        ["ffffffffffff"],
        "renewed with the others"
    );
}

#[test]
fn postgres_never_shows_the_password() {
    let database = Database::parse("postgres://asha:s3cret@127.0.0.1:1/none").expect("a URL");
    assert_eq!(database.to_string(), "postgres://asha@127.0.0.1:1/none");
    assert!(!format!("{database:?}").contains("s3cret"));
    let e = Store::open(&database)
        .err()
        .expect("nothing listens on port 1");
    assert!(!e.to_string().contains("s3cret"), "{e}");
    assert!(e.to_string().contains("asha@127.0.0.1:1"), "{e}");
}

/// Writes `commit` until it is taken, for at most ten seconds: the first write after the
/// connection was lost may fail (its transaction was cut off), the store then connects again.
fn write_until_taken(store: &Store, commit: &Commit) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        match store.commit(commit.clone()) {
            Ok(()) => return,
            Err(e) => {
                assert_eq!(e.kind(), ErrorKind::Backend, "{e}");
                assert!(
                    std::time::Instant::now() < deadline,
                    "never connected again: {e}"
                );
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        }
    }
}

#[test]
fn postgres_connects_again_after_a_restart_or_a_killed_connection() {
    let Some(cluster) = Cluster::start("postgres_connects_again") else {
        return;
    };
    let database = Database::parse(&cluster.database()).expect("a URL");
    let store = Store::open(&database).expect("open");
    store.insert(&game("a")).expect("insert");
    store
        .commit(actions(0, &["(25)"], &[(2, "{}")], 1))
        .expect("first");

    cluster.kill_connections();
    write_until_taken(&store, &actions(1, &["E25"], &[(3, "{}")], 2));

    cluster.restart();
    write_until_taken(&store, &actions(2, &["(3)"], &[(4, "{}")], 3));

    let games = store.load_all().expect("load");
    assert_eq!(games[0].actions, ["(25)", "E25", "(3)"]);
    let numbers: Vec<u64> = games[0].events.iter().map(|(n, _)| *n).collect();
    assert_eq!(numbers, [1, 2, 3, 4]);
}

/// Many games' commits waiting at once are written together (one transaction, a few statements
/// over arrays): each game gets exactly its own rows, a room and a start with them, and one
/// commit refused (its event number taken, or its game no longer its writer's) spoils none of
/// the others.
#[test]
fn postgres_writes_many_games_commits_together_and_one_refused_spoils_none() {
    let Some(cluster) = Cluster::start("postgres_writes_many_games_commits_together") else {
        return;
    };
    let database = Database::parse(&cluster.database()).expect("a URL");
    let store = std::sync::Arc::new(Store::open(&database).expect("open"));
    let long = Duration::from_secs(30);
    let ids: Vec<String> = (0..40).map(|n| format!("{n:012x}")).collect();
    for id in &ids {
        store.insert_held(&game(id), "one", long).expect("insert");
    }
    let commit = |id: &str, n: u64, owner: &str| Commit {
        id: id.into(),
        actions: Some((0, vec!["(25)".into(), format!("E{n}")])),
        takes_back: false,
        events: vec![(2, format!("{{\"by\":\"{id}\"}}"))],
        room: Some(format!("{{\"seats\":[{n}]}}")),
        start: Some((format!("seeds {n}"), String::new())),
        at: 1_800_000_000 + n as i64,
        snapshot: Some((2, format!("{{\"snapshot\":{n}}}"))),
        owner: Some(owner.into()),
        // People's commits and bots' mixed: the people's go first in the batch.
        urgent: n % 3 == 0,
    };
    // Every game's commit at once from its own thread, so that they queue and go together;
    // game 7 has its event 2 written already, and game 9 is claimed by another instance.
    store
        .commit(Commit {
            events: vec![(2, "{\"first\":true}".into())],
            ..commit(&ids[7], 7, "one")
        })
        .expect("game 7's event 2");
    store.release("one").expect("release");
    for (n, id) in ids.iter().enumerate() {
        let owner = if n == 9 { "two" } else { "one" };
        assert!(store.claim(id, owner, long).expect("claim"));
    }
    let answers: Vec<_> = ids
        .iter()
        .enumerate()
        .map(|(n, id)| {
            let (store, id) = (store.clone(), id.clone());
            std::thread::spawn(move || store.commit(commit(&id, n as u64, "one")))
        })
        .collect();
    for (n, answer) in answers.into_iter().enumerate() {
        let answer = answer.join().expect("the thread");
        match n {
            7 => assert_eq!(answer.expect_err("taken").kind(), ErrorKind::Conflict),
            9 => assert_eq!(answer.expect_err("not its").kind(), ErrorKind::NotOwner),
            _ => answer.expect("written"),
        }
    }
    for (n, id) in ids.iter().enumerate() {
        let read = store.load(id, 1).expect("load").expect("there");
        if n == 9 {
            assert!(
                read.actions.is_empty() && read.events.is_empty(),
                "{read:?}"
            );
            continue;
        }
        assert_eq!(read.actions, ["(25)".to_string(), format!("E{n}")]);
        let by = if n == 7 {
            "{\"first\":true}".to_string()
        } else {
            format!("{{\"by\":\"{id}\"}}")
        };
        assert_eq!(read.events, [(2, by)]);
        assert_eq!(read.room, Some(format!("{{\"seats\":[{n}]}}")));
        assert_eq!(read.player_seeds, Some(format!("seeds {n}")));
        assert_eq!(read.updated, 1_800_000_000 + n as i64);
        assert_eq!(read.snapshot, Some((2, format!("{{\"snapshot\":{n}}}"))));
    }
}
