//! Tests of `games`: commits and the database, the bots' pace, limits, deletion, expiry, and
//! games stored by older servers.

use super::*;
use crate::game::Update;
use crate::store::{Database, StoredGame};
use crate::testing::{open, temp_db};
use pachisi_core::{builtin_rules, Move};
use std::net::IpAddr;

fn new_game(ruleset: &str, seats: &[&str], seed: u64) -> NewGame {
    NewGame {
        ruleset: ruleset.into(),
        seats: seats.iter().map(ToString::to_string).collect(),
        seed: Some(seed),
        ..NewGame::default()
    }
}

/// A new game of `ruleset` with `seats` and `seed`.
fn create(games: &Arc<Games>, ruleset: &str, seats: &[&str], seed: u64) -> Arc<Game> {
    games
        .create(new_game(ruleset, seats, seed), None)
        .expect("created")
        .game
}

#[tokio::test]
async fn a_refused_write_leaves_the_game_as_the_database_has_it() {
    let path = temp_db("refused");
    let games = open(&path, Duration::ZERO, Limits::default());
    let game = create(&games, "pachisi", &["human"; 4], 3);
    games.perform(&game, Request::Throw {}).expect("a throw");
    // A pass that is the only move is the server's to play: wait until a person must act.
    while game.table().automatic_due() {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let before = game.table().record().clone();
    // Another program breaks the database under the server.
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute_batch("DROP TABLE actions;"))
        .expect("drop");
    let moves = game.table().legal_moves();
    let request = if moves.is_empty() {
        Request::Throw {}
    } else {
        Request::Move {
            notation: Some(moves[0].to_string()),
            index: None,
        }
    };
    let e = games.perform(&game, request).expect_err("the write fails");
    assert!(matches!(e, GameError::Store(_)), "{e}");
    assert_eq!(*game.table().record(), before, "the game is as it was");
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

/// Bots whose action cannot be saved do not play it, and try again until the database takes
/// it: the game goes on once the database is mended.
#[tokio::test]
async fn bots_try_again_until_the_database_takes_their_actions() {
    let path = temp_db("bots-retry");
    let pace = Duration::from_millis(5);
    let games = open(&path, pace, Limits::default());
    let game = create(&games, "ludo", &["bot:random"; 4], 8);
    rusqlite::Connection::open(&path)
        .and_then(|c| c.execute_batch("DROP TABLE actions;"))
        .expect("drop");
    // Whatever was in flight settles; from then on nothing is played.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let stalled = game.table().record().actions.len();
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        game.table().record().actions.len(),
        stalled,
        "no unsaved action"
    );
    assert!(game.table().automatic_due(), "the bots are still due");
    // The table made again, as whoever broke the database would mend it.
    rusqlite::Connection::open(&path)
        .and_then(|c| {
            c.execute_batch(
                "CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id),
                     seq INTEGER NOT NULL, action TEXT NOT NULL, PRIMARY KEY (game, seq));",
            )
        })
        .expect("mended");
    let mut waited = 0;
    while game.table().record().actions.len() <= stalled + 5 && waited < 500 {
        tokio::time::sleep(Duration::from_millis(10)).await;
        waited += 1;
    }
    assert!(
        game.table().record().actions.len() > stalled + 5,
        "the bots went on"
    );
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn requests_out_of_turn_or_illegal_change_nothing() {
    let path = temp_db("refusals");
    let games = open(&path, Duration::ZERO, Limits::default());
    let game = create(&games, "ludo", &["human"; 4], 1);
    let undo = games.perform(&game, Request::Undo {}).expect_err("no undo");
    assert!(matches!(undo, GameError::NotNow(_)), "{undo}");
    let early = games
        .perform(
            &game,
            Request::Move {
                notation: Some("-".into()),
                index: None,
            },
        )
        .expect_err("a throw is due");
    assert!(matches!(early, GameError::NotNow(_)), "{early}");
    assert!(games.perform(&game, Request::Throw {}).is_ok());
    assert_eq!(game.table().record().actions.len(), 1);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

/// Bots (and forced passes) wait an hour, so that the tests see the moment before they act.
fn paused(name: &str) -> (Arc<Games>, std::path::PathBuf) {
    let path = temp_db(name);
    let hour = Duration::from_secs(3600);
    let store = Store::open(&Database::Sqlite(path.to_path_buf())).expect("open");
    let games = Games::load_paced(store, hour, hour, Limits::default()).expect("load");
    (games, path)
}

/// Pachisi's opening, where only 6, 10 and 25 bring a piece in: the bots pass turn after
/// turn, and a forced pass waits no pace. On tokio's paused clock, which moves only while every task
/// waits, the time taken is the pace times the actions that are not forced passes.
#[tokio::test(start_paused = true)]
async fn forced_passes_do_not_wait_the_pace() {
    let path = temp_db("unpaced");
    let pace = Duration::from_secs(10);
    let games = open(&path, pace, Limits::default());
    let start = tokio::time::Instant::now();
    let game = create(&games, "pachisi", &["bot:heuristic"; 4], 8);
    while game.table().record().actions.len() < 40 {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let elapsed = start.elapsed();
    let record = game.table().record().clone();
    // Which of the actions were forced passes: the record played again.
    let rules = game.table().rules().clone();
    let mut header = record.clone();
    header.actions.clear();
    let humans = vec![pachisi_table::SeatSpec::Human; 4];
    let mut again = Table::new(rules, &humans, 8, header).expect("table");
    let mut forced = 0u32;
    for &(action, _, _) in &record.actions {
        forced += u32::from(again.legal_moves() == [Move::Pass]);
        again.apply_action(action).expect("replays");
    }
    let paced = record.actions.len() as u32 - forced;
    assert!(forced >= 5, "{forced} forced passes");
    let expected = pace * paced;
    assert!(
        elapsed.abs_diff(expected) < pace / 2,
        "{elapsed:?} for {paced} paced actions and {forced} forced passes, at {pace:?} each"
    );
}

#[tokio::test]
async fn a_person_is_told_to_wait_for_a_forced_pass_or_a_bot() {
    let (games, path) = paused("waits");
    // A Pachisi opening throw without a grace leaves a pass as the only move.
    let game = (0..100)
        .map(|seed| {
            let game = create(&games, "pachisi", &["human"; 4], seed);
            games.perform(&game, Request::Throw {}).expect("a throw");
            game
        })
        .find(|game| game.table().automatic_due())
        .expect("a seed whose first throw enters nothing");
    let pass = Request::Move {
        notation: Some("-".into()),
        index: None,
    };
    for request in [pass, Request::Throw {}] {
        let e = games
            .perform(&game, request)
            .expect_err("the server plays the pass");
        assert!(matches!(e, GameError::NotNow(_)), "{e}");
        assert!(e.to_string().contains("no move but a pass"), "{e}");
    }
    assert_eq!(game.table().record().actions.len(), 1, "nothing was played");

    let game = create(
        &games,
        "ludo",
        &["bot:random", "human", "human", "human"],
        1,
    );
    let e = games
        .perform(&game, Request::Throw {})
        .expect_err("a bot's turn");
    assert!(matches!(e, GameError::NotNow(_)), "{e}");
    assert!(e.to_string().contains("which a bot plays"), "{e}");
    assert!(game.table().record().actions.is_empty());
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn the_list_is_read_without_locking_any_game() {
    let path = temp_db("list");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let game = create(&games, "ludo", &["human"; 4], 2);
    create(&games, "pachisi", &["human"; 4], 3);
    let (done, finished) = std::sync::mpsc::channel();
    let table = game.table();
    let reader = games.clone();
    std::thread::spawn(move || {
        let _ = done.send(reader.lobby().len() + reader.count());
    });
    // A table held as long as a bot's search: the list does not wait for it.
    let listed = finished.recv_timeout(Duration::from_secs(20));
    drop(table);
    assert_eq!(listed, Ok(2), "the lobby answered while a game was locked");
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn creation_is_bounded_per_client_and_overall() {
    let path = temp_db("limits");
    let limits = Limits {
        max_games: 3,
        max_games_per_client: 2,
        ..Limits::default()
    };
    let games = open(&path, Duration::from_secs(3600), limits);
    let (a, b): (IpAddr, IpAddr) = (
        "10.0.0.1".parse().expect("ip"),
        "10.0.0.2".parse().expect("ip"),
    );
    let new = || new_game("ludo", &["human"; 4], 1);
    games.create(new(), Some(a)).expect("first");
    games.create(new(), Some(a)).expect("second");
    let e = games.create(new(), Some(a)).err().expect("a third from a");
    assert!(matches!(e, GameError::TooMany(_)), "{e}");
    games.create(new(), Some(b)).expect("b's first");
    let e = games
        .create(new(), Some(b))
        .err()
        .expect("the server is full");
    assert!(matches!(e, GameError::TooMany(_)), "{e}");
    assert!(e.to_string().contains("limit of 3 games"), "{e}");
    assert_eq!(games.count(), 3);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn new_games_are_bounded_and_their_bots_read_no_file() {
    let path = temp_db("fields");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let refused = |new: NewGame| games.create(new, None).err().expect("refused");
    let mut many = new_game("pachisi", &["human"; 4], 1);
    many.set = vec!["moves.split=true".into(); 33];
    let e = refused(many);
    assert!(matches!(e, GameError::BadRequest(_)), "{e}");
    let e = refused(new_game(
        "ludo",
        &["human", "human", "human", &"x".repeat(201)],
        1,
    ));
    assert!(matches!(e, GameError::BadRequest(_)), "{e}");
    let e = refused(new_game("ludo", &["human"; 17], 1));
    assert!(matches!(e, GameError::BadRequest(_)), "{e}");
    let e = refused(new_game(
        "ludo",
        &["human", "human", "human", "bot:mcts:ms=600000"],
        1,
    ));
    assert!(
        matches!(e, GameError::Invalid(_)) && e.to_string().contains("`ms`"),
        "{e}"
    );
    for file in ["/dev/zero", "/no/such/file.toml"] {
        let seat = format!("bot:heuristic:weights={file}");
        let e = refused(new_game("ludo", &["human", "human", "human", &seat], 1));
        assert!(e.to_string().contains("not built-in weights"), "{e}");
    }
    assert!(games.count() == 0);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn the_host_deletes_a_game_and_its_watchers_hear_of_it() {
    let path = temp_db("delete");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let created = games
        .create(new_game("ludo", &["human"; 4], 1), None)
        .expect("created");
    let id = created.game.id().to_string();
    let (_, _, _, mut updates) = created.game.watch(0);
    for token in [None, Some("0".repeat(32).as_str()), Some("")] {
        let e = games.delete(&id, token).expect_err("not the host");
        assert!(matches!(e, GameError::Forbidden(_)), "{e}");
    }
    assert!(games.get(&id).is_ok());
    games
        .delete(&id, Some(&created.token))
        .expect("the host deletes");
    assert!(matches!(games.get(&id), Err(GameError::NotFound(_))));
    assert!(matches!(updates.recv().await, Ok(Update::Deleted)));
    let e = games
        .perform(&created.game, Request::Throw {})
        .expect_err("gone");
    assert!(matches!(e, GameError::NotFound(_)), "{e}");
    drop(games);
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    assert!(games.count() == 0, "deleted from the database too");
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

#[tokio::test]
async fn games_abandoned_past_the_limit_are_deleted() {
    let path = temp_db("expire");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let old = create(&games, "ludo", &["human"; 4], 1);
    let month = 31 * 24 * 3600;
    assert_eq!(games.expire(now()).expect("expire"), 0);
    assert_eq!(games.expire(now() + month).expect("expire"), 1);
    assert!(old.is_deleted());
    assert!(games.count() == 0);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

/// A game stored before the throw-off (no `opening` in its row) began with seat 0 and still
/// restores; a new game keeps its throw-off, and restores with it.
#[tokio::test]
async fn games_stored_before_the_throw_off_restore_as_seat_0_began() {
    let path = temp_db("opening");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let new = create(&games, "pachisi", &["human"; 4], 11);
    let opening = new.table().record().tag("Opening").map(String::from);
    assert!(opening.is_some(), "pachisi throws off (000)");
    let id = new.id().to_string();
    drop((new, games));
    // The same seed's game as seat 0 began it, stored as an older server stored it.
    let rules = Arc::new(builtin_rules("pachisi", &[]).expect("rules"));
    let mut header = GameRecord::new("pachisi");
    header.set_tag(
        "Start",
        pachisi_core::Position::new(&rules).to_notation(&rules),
    );
    let mut table =
        Table::new(rules, &vec![pachisi_table::SeatSpec::Human; 4], 11, header).expect("table");
    table.human_throw();
    let store = Store::open(&Database::Sqlite(path.to_path_buf())).expect("open");
    store
        .insert(&StoredGame {
            id: "old".into(),
            created: now(),
            updated: now(),
            ruleset: "pachisi".into(),
            overrides: Vec::new(),
            seats: vec!["human".into(); 4],
            seed: 11,
            host: None,
            opening: None,
            server_seed: None,
            player_seeds: None,
            room: None,
            actions: Vec::new(),
            snapshot: None,
            creator: None,
            events: Vec::new(),
        })
        .expect("insert");
    let actions: Vec<_> = table.record().actions.iter().map(|a| a.0).collect();
    store
        .commit(Commit {
            id: "old".into(),
            actions: Some((0, actions.iter().map(crate::store::token).collect())),
            at: now(),
            ..Commit::default()
        })
        .expect("actions");
    drop(store);
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let old = games.get("old").expect("restores");
    assert_eq!(old.table().record().actions.len(), actions.len());
    let again = games.get(&id).expect("restores");
    assert_eq!(
        again.table().record().tag("Opening").map(String::from),
        opening
    );
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}

/// A stored game the server would refuse today (a weights file, a search of ten minutes, a
/// ruleset that is gone) is kept as unplayable, and the server starts with every other.
#[tokio::test]
async fn a_game_that_cannot_be_played_leaves_the_others_playable() {
    let path = temp_db("unplayable");
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    let good = create(&games, "ludo", &["human"; 4], 1).id().to_string();
    drop(games);
    let store = Store::open(&Database::Sqlite(path.to_path_buf())).expect("open");
    let bad = |id: &str, ruleset: &str, seat: &str| StoredGame {
        id: id.into(),
        created: now(),
        updated: now(),
        ruleset: ruleset.into(),
        overrides: Vec::new(),
        seats: ["human", "human", "human", seat].map(String::from).to_vec(),
        seed: 1,
        host: None,
        opening: Some(String::new()),
        server_seed: None,
        player_seeds: None,
        room: None,
        actions: Vec::new(),
        snapshot: None,
        creator: None,
        events: Vec::new(),
    };
    store
        .insert(&bad("file", "ludo", "bot:heuristic:weights=/dev/zero"))
        .expect("insert");
    store
        .insert(&bad("slow", "ludo", "bot:mcts:ms=600000"))
        .expect("insert");
    store
        .insert(&bad("gone", "no-such-ruleset", "human"))
        .expect("insert");
    drop(store);
    let games = open(&path, Duration::from_secs(3600), Limits::default());
    assert!(games.get(&good).is_ok());
    for id in ["file", "slow", "gone"] {
        let e = games.get(id).err().expect("unplayable");
        assert!(matches!(e, GameError::Unplayable(_)), "{id}: {e}");
    }
    assert_eq!(games.count(), 4);
    std::fs::remove_dir_all(path.parent().expect("dir")).ok();
}
