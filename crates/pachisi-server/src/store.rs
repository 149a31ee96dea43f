//! The SQLite database that keeps every game: its header (ruleset, overrides, seats, the secret
//! seed of its throws), its room (who holds each seat, as `room::Room` in JSON: tokens only as
//! hashes), its actions in order, and its numbered events (what the players and watchers were
//! told, chat included), and the server's time at its last heartbeat (`clock`: what a turn's
//! clock goes on from after a restart). An action is committed before the server
//! tells anyone of it, so a game is always exactly its rows, whenever the server stops.
//!
//! One thread owns the connection that writes. Changes wait in a queue and go to disk together,
//! many games' actions in one transaction (one sync to disk for all of them): under load a
//! change waits for at most one transaction ahead of its own, where one connection taken in
//! turns made every game wait for every other's sync. If a shared transaction fails, each of its
//! changes is tried again alone, so one game's failure never refuses another's action. Reads
//! (only at start) use a connection of their own.

use pachisi_core::{Action, GameRecord};
use rusqlite::{params, Connection};
use std::path::Path;
use std::sync::mpsc;

/// Why the database failed.
#[derive(Clone, Debug, thiserror::Error)]
#[error("the database {path}: {reason}")]
pub struct StoreError {
    path: String,
    reason: String,
}

/// A game as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// Seconds since 1970 when it was created.
    pub created: i64,
    /// Seconds since 1970 when it last changed (created, or its last action).
    pub updated: i64,
    /// The built-in ruleset.
    pub ruleset: String,
    /// Optional rules switched (`FIELD=VALUE`).
    pub overrides: Vec<String>,
    /// Who plays each seat (`human`, `bot:SPEC`).
    pub seats: Vec<String>,
    /// The seed of the throws and bots of a game that does not throw fairly (one made with a
    /// chosen seed, for practice, or stored before fair throws); 0 otherwise.
    pub seed: u64,
    /// The server's secret seed (hex) of a game with fair throws (docs/fair-throws.md).
    pub server_seed: Option<String>,
    /// The players' seeds, as the record's `PlayerSeeds` tag, fixed when the game began.
    pub player_seeds: Option<String>,
    /// Who is at the table (JSON of `room::Room`); `None` for a game stored before rooms.
    pub room: Option<String>,
    /// The events told so far, by number (JSON each).
    pub events: Vec<(u64, String)>,
    /// The SHA-256 of the host's token (hex), for games created with one.
    pub host: Option<String>,
    /// The throw-off that chose who begins, as a record's `Opening` tag keeps it (empty when the
    /// rules have none); `None` for a game stored before the throw-off, which seat 0 began.
    pub opening: Option<String>,
    /// The actions in order, as record tokens (`(25)`, `E25`).
    pub actions: Vec<String>,
}

/// A change to the database.
enum Change {
    Insert(StoredGame),
    /// One change to a game, in one transaction: its actions from `from` on become `actions`
    /// (an undo took back the ones beyond), its room or start, and the events that tell of it.
    Commit(Commit),
    Delete(String),
    /// The server's time at a heartbeat (`clock::ServerTime`, milliseconds).
    Alive(i64),
}

/// What one commit changes of a game; `None` and empty parts stay as they are.
#[derive(Clone, Debug, Default)]
pub struct Commit {
    /// The game.
    pub id: String,
    /// The actions from this index on are replaced by `actions`.
    pub actions: Option<(usize, Vec<String>)>,
    /// The room, as JSON.
    pub room: Option<String>,
    /// The players' seeds and the throw-off, fixed when the game begins.
    pub start: Option<(String, String)>,
    /// Events to add, by number.
    pub events: Vec<(u64, String)>,
    /// When.
    pub at: i64,
}

/// A change and where its outcome goes.
type Job = (Change, mpsc::SyncSender<Result<(), String>>);

/// Most changes written in one transaction.
const BATCH: usize = 256;

/// The database: a writer thread fed by a queue, and a connection for reading.
pub struct Store {
    jobs: mpsc::Sender<Job>,
    reader: std::sync::Mutex<Connection>,
    path: String,
}

/// Opens `path` with the settings and tables every connection needs.
fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open(path)?;
    // Every commit reaches the disk before it is reported: a game survives the process being
    // killed at any moment. WAL lets the reader work beside the writer.
    connection.execute_batch(
        "PRAGMA journal_mode = WAL;
         PRAGMA synchronous = FULL;
         PRAGMA foreign_keys = ON;
         PRAGMA busy_timeout = 5000;
         CREATE TABLE IF NOT EXISTS games (
             id TEXT PRIMARY KEY,
             created INTEGER NOT NULL,
             ruleset TEXT NOT NULL,
             overrides TEXT NOT NULL,
             seats TEXT NOT NULL,
             seed TEXT NOT NULL
         );
         CREATE TABLE IF NOT EXISTS actions (
             game TEXT NOT NULL REFERENCES games(id),
             seq INTEGER NOT NULL,
             action TEXT NOT NULL,
             PRIMARY KEY (game, seq)
         );
         CREATE TABLE IF NOT EXISTS events (
             game TEXT NOT NULL REFERENCES games(id),
             n INTEGER NOT NULL,
             body TEXT NOT NULL,
             PRIMARY KEY (game, n)
         );
         CREATE TABLE IF NOT EXISTS server (
             key TEXT PRIMARY KEY,
             value INTEGER NOT NULL
         );",
    )?;
    // Columns added since the first version: a database written by an older server gains them
    // (its games have no host, and count as changed when they were created).
    let columns: Vec<String> = connection
        .prepare("SELECT name FROM pragma_table_info('games')")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    if !columns.iter().any(|c| c == "updated") {
        connection.execute_batch(
            "ALTER TABLE games ADD COLUMN updated INTEGER;
             UPDATE games SET updated = created;",
        )?;
    }
    if !columns.iter().any(|c| c == "host") {
        connection.execute_batch("ALTER TABLE games ADD COLUMN host TEXT;")?;
    }
    for column in ["opening", "server_seed", "player_seeds", "room"] {
        if !columns.iter().any(|c| c == column) {
            connection.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} TEXT;"))?;
        }
    }
    Ok(connection)
}

impl Store {
    /// Opens (or creates) the database at `path` and starts its writer.
    ///
    /// # Errors
    /// When the file cannot be opened or is not a database of games.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let name = path.display().to_string();
        let fail = |e: rusqlite::Error| StoreError {
            path: name.clone(),
            reason: e.to_string(),
        };
        let writer = connect(path).map_err(fail)?;
        let reader = connect(path).map_err(fail)?;
        let (jobs, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("pachisi-store".into())
            .spawn(move || write_loop(writer, &queue))
            .map_err(|e| StoreError {
                path: name.clone(),
                reason: format!("cannot start the writer: {e}"),
            })?;
        Ok(Store {
            jobs,
            reader: std::sync::Mutex::new(reader),
            path: name,
        })
    }

    /// Sends `change` to the writer and waits until it is on disk.
    fn write(&self, change: Change) -> Result<(), StoreError> {
        let (reply, outcome) = mpsc::sync_channel(1);
        let fail = |reason: String| StoreError {
            path: self.path.clone(),
            reason,
        };
        self.jobs
            .send((change, reply))
            .map_err(|_| fail("the writer has stopped".into()))?;
        outcome
            .recv()
            .map_err(|_| fail("the writer has stopped".into()))?
            .map_err(fail)
    }

    /// Adds a new game with no actions.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub fn insert(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.write(Change::Insert(game.clone()))
    }

    /// Makes the game's actions from `from` on equal `actions`, in one transaction: new actions
    /// are appended, and actions an undo took back are deleted. `at` is the time of the change.
    ///
    /// # Errors
    /// When the database refuses the write; nothing is changed then.
    pub fn set_actions(
        &self,
        id: &str,
        from: usize,
        actions: &[Action],
        at: i64,
    ) -> Result<(), StoreError> {
        self.commit(Commit {
            id: id.to_string(),
            actions: Some((from, actions.iter().map(token).collect())),
            at,
            ..Commit::default()
        })
    }

    /// Writes one change of a game (its actions, room, start and events) in one transaction.
    ///
    /// # Errors
    /// When the database refuses the write; nothing is changed then.
    pub fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        self.write(Change::Commit(commit))
    }

    /// Deletes a game and its actions.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.write(Change::Delete(id.to_string()))
    }

    /// Writes the server's time (milliseconds) at a heartbeat.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub fn set_alive(&self, ms: i64) -> Result<(), StoreError> {
        self.write(Change::Alive(ms))
    }

    /// The server's time at the last heartbeat written (0 before the first).
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn alive(&self) -> Result<i64, StoreError> {
        let connection = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        connection
            .query_row("SELECT value FROM server WHERE key = 'alive'", [], |row| {
                row.get::<_, i64>(0)
            })
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(0),
                e => Err(e),
            })
            .map_err(|e| StoreError {
                path: self.path.clone(),
                reason: e.to_string(),
            })
    }

    /// Every game, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let connection = self.reader.lock().unwrap_or_else(|e| e.into_inner());
        read_all(&connection).map_err(|e| StoreError {
            path: self.path.clone(),
            reason: e.to_string(),
        })
    }
}

fn read_all(connection: &Connection) -> rusqlite::Result<Vec<StoredGame>> {
    let mut games = Vec::new();
    let mut query = connection.prepare(
        "SELECT id, created, updated, ruleset, overrides, seats, seed, host, opening,
                server_seed, player_seeds, room
         FROM games ORDER BY created, id",
    )?;
    let rows = query.query_map([], |row| {
        let overrides: String = row.get(4)?;
        let seats: String = row.get(5)?;
        let seed: String = row.get(6)?;
        let created: i64 = row.get(1)?;
        Ok(StoredGame {
            id: row.get(0)?,
            created,
            updated: row.get::<_, Option<i64>>(2)?.unwrap_or(created),
            ruleset: row.get(3)?,
            overrides: overrides
                .lines()
                .filter(|l| !l.is_empty())
                .map(String::from)
                .collect(),
            seats: seats.split(',').map(String::from).collect(),
            seed: seed.parse().unwrap_or(0),
            host: row.get(7)?,
            opening: row.get(8)?,
            server_seed: row.get(9)?,
            player_seeds: row.get(10)?,
            room: row.get(11)?,
            actions: Vec::new(),
            events: Vec::new(),
        })
    })?;
    for game in rows {
        games.push(game?);
    }
    let mut actions =
        connection.prepare("SELECT action FROM actions WHERE game = ?1 ORDER BY seq")?;
    for game in &mut games {
        let rows = actions.query_map([&game.id], |row| row.get::<_, String>(0))?;
        for action in rows {
            game.actions.push(action?);
        }
    }
    let mut events = connection.prepare("SELECT n, body FROM events WHERE game = ?1 ORDER BY n")?;
    for game in &mut games {
        let rows = events.query_map([&game.id], |row| {
            Ok((
                row.get::<_, i64>(0)?.max(0) as u64,
                row.get::<_, String>(1)?,
            ))
        })?;
        for event in rows {
            game.events.push(event?);
        }
    }
    Ok(games)
}

/// The writer: takes every change waiting, writes them in one transaction, and answers each.
fn write_loop(mut connection: Connection, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let together = apply(&mut connection, batch.iter().map(|(change, _)| change));
        for (change, reply) in &batch {
            let outcome = match &together {
                Ok(()) => Ok(()),
                // One change may have spoilt the rest: each is tried again on its own.
                Err(_) if batch.len() > 1 => apply(&mut connection, std::iter::once(change)),
                Err(e) => Err(e.clone()),
            };
            // The caller may have given up waiting; the change stands all the same.
            let _ = reply.send(outcome);
        }
    }
}

/// Writes `changes` in one transaction: all of them, or none.
fn apply<'a>(
    connection: &mut Connection,
    changes: impl Iterator<Item = &'a Change>,
) -> Result<(), String> {
    let write = |connection: &mut Connection| -> rusqlite::Result<()> {
        let tx = connection.transaction()?;
        for change in changes {
            match change {
                Change::Insert(game) => {
                    tx.execute(
                        "INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed, host,
                                            opening, server_seed, player_seeds, room)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                        params![
                            game.id,
                            game.created,
                            game.updated,
                            game.ruleset,
                            game.overrides.join("\n"),
                            game.seats.join(","),
                            game.seed.to_string(),
                            game.host,
                            game.opening,
                            game.server_seed,
                            game.player_seeds,
                            game.room,
                        ],
                    )?;
                    let mut insert = tx
                        .prepare_cached("INSERT INTO events (game, n, body) VALUES (?1, ?2, ?3)")?;
                    for (n, body) in &game.events {
                        insert.execute(params![game.id, *n as i64, body])?;
                    }
                }
                Change::Commit(commit) => write_commit(&tx, commit)?,
                Change::Alive(ms) => {
                    tx.execute(
                        "INSERT INTO server (key, value) VALUES ('alive', ?1)
                         ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                        params![ms],
                    )?;
                }
                Change::Delete(id) => {
                    tx.execute("DELETE FROM actions WHERE game = ?1", params![id])?;
                    tx.execute("DELETE FROM events WHERE game = ?1", params![id])?;
                    tx.execute("DELETE FROM games WHERE id = ?1", params![id])?;
                }
            }
        }
        tx.commit()
    };
    write(connection).map_err(|e| match e {
        rusqlite::Error::QueryReturnedNoRows => "no such game in the database".to_string(),
        e => e.to_string(),
    })
}

/// Writes one commit of a game within `tx`.
fn write_commit(tx: &rusqlite::Transaction<'_>, commit: &Commit) -> rusqlite::Result<()> {
    let id = &commit.id;
    let changed = tx.execute(
        "UPDATE games SET updated = ?2 WHERE id = ?1",
        params![id, commit.at],
    )?;
    if changed == 0 {
        return Err(rusqlite::Error::QueryReturnedNoRows);
    }
    if let Some((from, actions)) = &commit.actions {
        tx.execute(
            "DELETE FROM actions WHERE game = ?1 AND seq >= ?2",
            params![id, *from as i64],
        )?;
        let mut insert =
            tx.prepare_cached("INSERT INTO actions (game, seq, action) VALUES (?1, ?2, ?3)")?;
        for (i, action) in actions.iter().enumerate() {
            insert.execute(params![id, (from + i) as i64, action])?;
        }
    }
    if let Some(room) = &commit.room {
        tx.execute(
            "UPDATE games SET room = ?2 WHERE id = ?1",
            params![id, room],
        )?;
    }
    if let Some((seeds, opening)) = &commit.start {
        tx.execute(
            "UPDATE games SET player_seeds = ?2, opening = ?3 WHERE id = ?1",
            params![id, seeds, opening],
        )?;
    }
    // The number is the primary key: an event is never told twice under one number.
    let mut insert = tx.prepare_cached("INSERT INTO events (game, n, body) VALUES (?1, ?2, ?3)")?;
    for (n, body) in &commit.events {
        insert.execute(params![id, *n as i64, body])?;
    }
    Ok(())
}

/// An action as a record writes it.
pub fn token(action: &Action) -> String {
    match action {
        Action::Throw(name) => format!("({name})"),
        Action::Move(mv) => mv.to_string(),
        Action::Seat(letter) => format!("{letter}:"),
    }
}

/// The record of a stored game: `header` (its tags) followed by its actions.
///
/// # Errors
/// When the stored actions do not read as a record.
pub fn record_of(game: &StoredGame, header: &GameRecord) -> Result<GameRecord, String> {
    let mut record = header.clone();
    let body = GameRecord::parse(&format!("[Ruleset \"-\"]\n\n{}\n", game.actions.join(" ")))
        .map_err(|e| format!("game {}: {e}", game.id))?;
    record.actions = body.actions;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            created: 1_800_000_000,
            updated: 1_800_000_000,
            ruleset: "pachisi".into(),
            overrides: vec!["moves.split=true".into()],
            seats: vec!["human".into(), "bot:expectimax".into()],
            seed: u64::MAX,
            host: Some("ab".repeat(32)),
            opening: Some(String::new()),
            server_seed: Some("cd".repeat(32)),
            player_seeds: None,
            room: Some("{}".into()),
            actions: Vec::new(),
            events: vec![(1, "{\"kind\":\"created\"}".into())],
        }
    }

    #[test]
    fn games_and_actions_survive_reopening_and_undo_deletes_the_tail() {
        let dir = std::env::temp_dir().join(format!("pachisi-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            let store = Store::open(&path).expect("open");
            store.insert(&game("a")).expect("insert");
            let actions: Vec<Action> = ["(25)", "E25", "(3)", "1+3"]
                .iter()
                .map(|t| {
                    GameRecord::parse(&format!("[Ruleset \"x\"]\n\n{t}\n"))
                        .expect("t")
                        .actions[0]
                        .0
                })
                .collect();
            store
                .set_actions("a", 0, &actions, 1_800_000_001)
                .expect("append");
            // An undo back to two actions, then one more.
            store
                .set_actions("a", 2, &actions[2..3], 1_800_000_002)
                .expect("undo and append");
            assert!(store.insert(&game("a")).is_err(), "ids are unique");
            store.insert(&game("b")).expect("insert");
            store.delete("b").expect("delete");
            assert!(
                store.set_actions("b", 0, &actions, 0).is_err(),
                "a deleted game takes no actions"
            );
        }
        let store = Store::open(&path).expect("reopen");
        let games = store.load_all().expect("load");
        assert_eq!(games.len(), 1);
        let mut expected = game("a");
        expected.updated = 1_800_000_002;
        expected.actions = vec!["(25)".into(), "E25".into(), "(3)".into()];
        assert_eq!(games[0], expected);
        std::fs::remove_dir_all(&dir).ok();
    }

    /// Changes written together: one that fails is refused alone, and the others stand.
    #[test]
    fn a_failing_change_in_a_shared_transaction_spoils_no_other() {
        let dir = std::env::temp_dir().join(format!("pachisi-store-batch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        let connection = connect(&path).expect("open");
        let (jobs, queue) = mpsc::channel();
        let mut outcomes = Vec::new();
        let changes = [
            Change::Insert(game("a")),
            Change::Commit(Commit {
                id: "missing".into(),
                actions: Some((0, vec!["(3)".into()])),
                ..Commit::default()
            }),
            Change::Insert(game("b")),
        ];
        for change in changes {
            let (reply, outcome) = mpsc::sync_channel(1);
            jobs.send((change, reply)).expect("queued");
            outcomes.push(outcome);
        }
        drop(jobs);
        // All three wait in the queue, so the writer takes them in one batch.
        write_loop(connection, &queue);
        let outcomes: Vec<bool> = outcomes
            .iter()
            .map(|o| o.recv().expect("answered").is_ok())
            .collect();
        assert_eq!(outcomes, [true, false, true]);
        let ids: Vec<String> = read_all(&connect(&path).expect("reopen"))
            .expect("read")
            .into_iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(ids, ["a", "b"]);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_file_that_is_no_database_is_refused_with_its_name() {
        let dir = std::env::temp_dir().join(format!("pachisi-store-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("not-a-db.sqlite");
        std::fs::write(
            &path,
            "this is not a database, just text that is long enough",
        )
        .expect("write");
        let e = Store::open(&path).err().expect("refused");
        assert!(e.to_string().contains("not-a-db.sqlite"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
