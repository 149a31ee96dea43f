//! The SQLite backend: one file, every commit synced to disk before it is reported (a game
//! survives the process being killed at any moment), WAL so that a reader works beside the
//! writer.

use crate::migrate::{self, Migration};
use crate::StoredGame;
use crate::{join_overrides, split_overrides, Backend, Change, Commit, ErrorKind, StoreError};
use crate::{Holding, Owner, Peer};
use rusqlite::{params, Connection};
use std::path::Path;

pub(crate) struct Sqlite {
    connection: Connection,
}

impl Sqlite {
    pub(crate) fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let mut connection = Connection::open(path).map_err(StoreError::backend)?;
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 PRAGMA foreign_keys = ON;
                 PRAGMA busy_timeout = 5000;",
            )
            .map_err(StoreError::backend)?;
        migrate_sqlite(&mut connection).map_err(StoreError::backend)?;
        Ok(Sqlite { connection })
    }
}

/// Applies the migrations this file lacks, then gives a database written before the columns
/// of a later server the columns it lacks (its games have no host, and count as changed when
/// they were created).
fn migrate_sqlite(connection: &mut Connection) -> rusqlite::Result<()> {
    connection.execute_batch(migrate::TABLE)?;
    let applied: Vec<i64> = connection
        .prepare("SELECT version FROM schema_migrations")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for Migration { version, name, sql } in migrate::pending(migrate::SQLITE, &applied) {
        let tx = connection.transaction()?;
        tx.execute_batch(sql)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied) VALUES (?1, ?2, ?3)",
            params![version, name, migrate::now()],
        )?;
        tx.commit()?;
    }
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
    for column in ["host", "opening", "server_seed", "player_seeds", "room"] {
        if !columns.iter().any(|c| c == column) {
            connection.execute_batch(&format!("ALTER TABLE games ADD COLUMN {column} TEXT;"))?;
        }
    }
    // The address that created each game, so that the games of an address are counted by the
    // database as on PostgreSQL. The games written before it take theirs from their room, where
    // the server kept it (a room's text that is not JSON leaves it unknown).
    if !columns.iter().any(|c| c == "creator") {
        connection.execute_batch(
            "ALTER TABLE games ADD COLUMN creator TEXT;
             UPDATE games SET creator = json_extract(room, '$.creator')
             WHERE room IS NOT NULL AND json_valid(room);",
        )?;
    }
    connection.execute_batch("CREATE INDEX IF NOT EXISTS games_creator ON games (creator);")?;
    Ok(())
}

/// The kind of a failure: a key taken is a conflict, a game missing is not found.
fn failure(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::QueryReturnedNoRows => {
            StoreError::new(ErrorKind::NotFound, "no such game in the database")
        }
        rusqlite::Error::SqliteFailure(code, _)
            if code.code == rusqlite::ErrorCode::ConstraintViolation
                && matches!(
                    code.extended_code,
                    rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
                        | rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                ) =>
        {
            StoreError::new(ErrorKind::Conflict, format!("already written: {e}"))
        }
        _ => StoreError::backend(e),
    }
}

impl Backend for Sqlite {
    fn apply(&mut self, changes: &[&Change]) -> Result<(), StoreError> {
        let tx = self.connection.transaction().map_err(failure)?;
        for change in changes {
            write(&tx, change).map_err(failure)?;
        }
        tx.commit().map_err(failure)
    }

    fn read_all(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        read_all(&self.connection).map_err(failure)
    }

    fn alive(&mut self) -> Result<i64, StoreError> {
        self.connection
            .query_row("SELECT value FROM server WHERE key = 'alive'", [], |row| {
                row.get::<_, i64>(0)
            })
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(0),
                e => Err(e),
            })
            .map_err(failure)
    }

    fn read_game(&mut self, id: &str, after: u64) -> Result<Option<StoredGame>, StoreError> {
        read_game(&self.connection, id, after).map_err(failure)
    }

    /// One server uses an SQLite file: it holds every game.
    fn lease(
        &mut self,
        instance: &str,
        address: Option<&str>,
        _ttl_ms: i64,
    ) -> Result<Holding, StoreError> {
        let mut query = self
            .connection
            .prepare("SELECT id FROM games ORDER BY id")
            .map_err(failure)?;
        let held: Vec<String> = query
            .query_map([], |row| row.get::<_, String>(0))
            .map_err(failure)?
            .collect::<rusqlite::Result<_>>()
            .map_err(failure)?;
        let peers = vec![Peer {
            instance: instance.to_string(),
            address: address.map(str::to_string),
            games: held.len() as u64,
        }];
        Ok(Holding { held, peers })
    }

    fn claim(&mut self, _game: &str, _instance: &str, _ttl_ms: i64) -> Result<bool, StoreError> {
        Ok(true)
    }

    fn release(&mut self, _instance: &str) -> Result<(), StoreError> {
        Ok(())
    }

    /// The one server holds every game it has: one here is free for it.
    fn owner(&mut self, game: &str) -> Result<Owner, StoreError> {
        let found = self
            .connection
            .query_row("SELECT 1 FROM games WHERE id = ?1", [game], |_| Ok(()))
            .map(|()| true)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(false),
                e => Err(e),
            })
            .map_err(failure)?;
        Ok(if found { Owner::Free } else { Owner::Missing })
    }

    /// No other instance shares the file.
    fn key(&mut self, candidate: &str) -> Result<String, StoreError> {
        Ok(candidate.to_string())
    }

    fn created_by(&mut self, creator: &str) -> Result<u64, StoreError> {
        let count: i64 = self
            .connection
            .query_row(
                "SELECT count(*) FROM games WHERE creator = ?1",
                [creator],
                |row| row.get(0),
            )
            .map_err(failure)?;
        Ok(u64::try_from(count).unwrap_or(0))
    }
}

/// Game `id` with all its actions and its events after number `after`.
fn read_game(
    connection: &Connection,
    id: &str,
    after: u64,
) -> rusqlite::Result<Option<StoredGame>> {
    let found = read_games(connection, "WHERE id = ?1", &[&id], after)?;
    Ok(found.into_iter().next())
}

fn write(tx: &rusqlite::Transaction<'_>, change: &Change) -> rusqlite::Result<()> {
    match change {
        Change::Insert(game, _) => {
            tx.execute(
                "INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed, host,
                                    opening, server_seed, player_seeds, room, creator)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    game.id,
                    game.created,
                    game.updated,
                    game.ruleset,
                    join_overrides(&game.overrides),
                    game.seats.join(","),
                    game.seed.to_string(),
                    game.host,
                    game.opening,
                    game.server_seed,
                    game.player_seeds,
                    game.room,
                    game.creator,
                ],
            )?;
            let mut insert =
                tx.prepare_cached("INSERT INTO actions (game, seq, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in game.actions.iter().enumerate() {
                insert.execute(params![game.id, i as i64, action])?;
            }
            let mut insert =
                tx.prepare_cached("INSERT INTO events (game, n, body) VALUES (?1, ?2, ?3)")?;
            for (n, body) in &game.events {
                insert.execute(params![game.id, *n as i64, body])?;
            }
        }
        Change::Commit(commit) => write_commit(tx, commit)?,
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
    Ok(())
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
    // The events first: their numbers are the key, so a change whose numbers another server
    // took is refused before anything of it is written.
    let mut insert = tx.prepare_cached("INSERT INTO events (game, n, body) VALUES (?1, ?2, ?3)")?;
    for (n, body) in &commit.events {
        insert.execute(params![id, *n as i64, body])?;
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
    if let Some((from, _)) = &commit.actions {
        // A snapshot past the actions kept stands for actions taken back.
        tx.execute(
            "DELETE FROM snapshots WHERE game = ?1 AND actions > ?2",
            params![id, *from as i64],
        )?;
    }
    if let Some((at, body)) = &commit.snapshot {
        tx.execute(
            "INSERT INTO snapshots (game, actions, body) VALUES (?1, ?2, ?3)
             ON CONFLICT (game) DO UPDATE SET actions = excluded.actions, body = excluded.body",
            params![id, *at as i64, body],
        )?;
    }
    Ok(())
}

fn read_all(connection: &Connection) -> rusqlite::Result<Vec<StoredGame>> {
    read_games(connection, "", &[], 0)
}

/// The games `filter` selects, oldest first, with their actions and their events after `after`.
fn read_games(
    connection: &Connection,
    filter: &str,
    params: &[&dyn rusqlite::ToSql],
    after: u64,
) -> rusqlite::Result<Vec<StoredGame>> {
    let mut games = Vec::new();
    let mut query = connection.prepare(&format!(
        "SELECT id, created, updated, ruleset, overrides, seats, seed, host, opening,
                server_seed, player_seeds, room, creator
         FROM games {filter} ORDER BY created, id"
    ))?;
    let rows = query.query_map(params, |row| {
        let overrides: String = row.get(4)?;
        let seats: String = row.get(5)?;
        let seed: String = row.get(6)?;
        let created: i64 = row.get(1)?;
        Ok(StoredGame {
            id: row.get(0)?,
            created,
            updated: row.get::<_, Option<i64>>(2)?.unwrap_or(created),
            ruleset: row.get(3)?,
            overrides: split_overrides(&overrides),
            seats: seats.split(',').map(String::from).collect(),
            seed: seed.parse().unwrap_or(0),
            host: row.get(7)?,
            opening: row.get(8)?,
            server_seed: row.get(9)?,
            player_seeds: row.get(10)?,
            room: row.get(11)?,
            creator: row.get(12)?,
            actions: Vec::new(),
            snapshot: None,
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
    let mut events =
        connection.prepare("SELECT n, body FROM events WHERE game = ?1 AND n > ?2 ORDER BY n")?;
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    let mut snapshots =
        connection.prepare("SELECT actions, body FROM snapshots WHERE game = ?1")?;
    for game in &mut games {
        let mut rows = snapshots.query_map([&game.id], |row| {
            Ok((
                usize::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                row.get::<_, String>(1)?,
            ))
        })?;
        game.snapshot = rows.next().transpose()?;
    }
    for game in &mut games {
        let rows = events.query_map(params![game.id, after], |row| {
            Ok((
                u64::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                row.get::<_, String>(1)?,
            ))
        })?;
        for event in rows {
            game.events.push(event?);
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database written before the creators' column: its games take their creator from their
    /// rooms, and a room that is not JSON leaves it unknown.
    #[test]
    fn games_written_before_the_creators_column_take_it_from_their_rooms() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("before.sqlite");
        {
            let mut before = Connection::open(&path).expect("open");
            migrate_sqlite(&mut before).expect("the schema");
            before
                .execute_batch(
                    "DROP INDEX games_creator;
                     ALTER TABLE games DROP COLUMN creator;
                     INSERT INTO games (id, created, ruleset, overrides, seats, seed, room) VALUES
                       ('a', 1, 'ludo', '', 'human', '0', '{\"seats\":[],\"creator\":\"192.0.2.1\"}'),
                       ('b', 1, 'ludo', '', 'human', '0', '{\"creator\":\"192.0.2.1\"'),
                       ('c', 1, 'ludo', '', 'human', '0', NULL),
                       ('d', 1, 'ludo', '', 'human', '0', '{\"creator\":\"2001:db8::1\"}');",
                )
                .expect("games of before");
        }
        let mut sqlite = Sqlite::open(&path).expect("opened and brought up to date");
        assert_eq!(sqlite.created_by("192.0.2.1").expect("count"), 1);
        assert_eq!(sqlite.created_by("2001:db8::1").expect("count"), 1);
        let games = read_all(&sqlite.connection).expect("read");
        let creators: Vec<Option<&str>> = games.iter().map(|g| g.creator.as_deref()).collect();
        assert_eq!(
            creators,
            [Some("192.0.2.1"), None, None, Some("2001:db8::1")]
        );
    }
}
