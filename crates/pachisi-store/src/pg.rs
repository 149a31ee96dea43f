//! The PostgreSQL backend: the same rows as SQLite, for several server instances sharing one
//! database. A connection lost (the server restarted, the connection killed) is opened again at
//! the next request; a transaction cut off by the loss is reported as failed, and nothing of it
//! was written.

use crate::migrate::{self, Migration};
use crate::StoredGame;
use crate::{join_overrides, split_overrides, Backend, Change, Commit, ErrorKind, StoreError};
use postgres::error::SqlState;
use postgres::{Client, NoTls, Transaction};

/// A key for the lock that lets one server at a time bring the schema up to date ("pachisi"
/// in ASCII, as a number).
const MIGRATION_LOCK: i64 = 0x0070_6163_6869_7369;

/// A key for the lock a server holds on its connection while it uses the database: each server
/// keeps every game in memory and would not see another's changes, so a second server is
/// refused rather than let the two tell different stories.
const SERVER_LOCK: i64 = 0x0070_6163_6869_736a;

pub(crate) struct Postgres {
    url: String,
    client: Client,
}

/// `url` without its password, to be shown: the user information ends at the last `@`.
pub(crate) fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    match rest.rsplit_once('@') {
        Some((user, after)) => {
            let user = user.split_once(':').map_or(user, |(name, _)| name);
            format!("{scheme}://{user}@{after}")
        }
        None => url.to_string(),
    }
}

/// Connects and takes the server's lock (released by PostgreSQL when the connection ends, so a
/// server killed leaves the database free for the next).
fn connect(url: &str) -> Result<Client, StoreError> {
    let mut client = Client::connect(url, NoTls).map_err(|e| {
        StoreError::backend(format!("cannot connect to {}: {e}", without_password(url)))
    })?;
    let row = client
        .query_one("SELECT pg_try_advisory_lock($1)", &[&SERVER_LOCK])
        .map_err(failure)?;
    if !row.get::<_, bool>(0) {
        return Err(StoreError::backend(
            "another pachisi server is using this database: one server at a time may use it",
        ));
    }
    Ok(client)
}

impl Postgres {
    pub(crate) fn open(url: &str) -> Result<Postgres, StoreError> {
        let mut client = connect(url)?;
        migrate_postgres(&mut client).map_err(failure)?;
        Ok(Postgres {
            url: url.to_string(),
            client,
        })
    }

    /// The connection, opened again if it was lost.
    fn client(&mut self) -> Result<&mut Client, StoreError> {
        if self.client.is_closed() {
            self.client = connect(&self.url)?;
        }
        Ok(&mut self.client)
    }
}

/// Applies the migrations the database lacks, one server at a time (the others wait on the
/// lock, then find nothing left to do).
fn migrate_postgres(client: &mut Client) -> Result<(), postgres::Error> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(migrate::TABLE)?;
    let applied: Vec<i64> = tx
        .query("SELECT version FROM schema_migrations", &[])?
        .iter()
        .map(|row| row.get(0))
        .collect();
    for Migration { version, name, sql } in migrate::pending(migrate::POSTGRES, &applied) {
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)",
            &[version, name, &migrate::now()],
        )?;
    }
    tx.commit()
}

/// The kind of a failure: a key taken is a conflict; anything else the backend's.
fn failure(e: postgres::Error) -> StoreError {
    if e.code() == Some(&SqlState::UNIQUE_VIOLATION) {
        return StoreError::new(ErrorKind::Conflict, format!("already written: {e}"));
    }
    // The server's own words, where it gave some.
    match e.as_db_error() {
        Some(db) => StoreError::backend(format!("{}: {}", db.code().code(), db.message())),
        None => StoreError::backend(e),
    }
}

impl Backend for Postgres {
    fn apply(&mut self, changes: &[&Change]) -> Result<(), StoreError> {
        let client = self.client()?;
        let mut tx = client.transaction().map_err(failure)?;
        for change in changes {
            write(&mut tx, change)?;
        }
        tx.commit().map_err(failure)
    }

    fn read_all(&mut self) -> Result<Vec<StoredGame>, StoreError> {
        let client = self.client()?;
        read_all(client).map_err(failure)
    }

    fn alive(&mut self) -> Result<i64, StoreError> {
        let client = self.client()?;
        let row = client
            .query_opt("SELECT value FROM server WHERE key = 'alive'", &[])
            .map_err(failure)?;
        Ok(row.map_or(0, |r| r.get(0)))
    }
}

/// A sequence number as the database keeps it (INTEGER).
fn seq(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn write(tx: &mut Transaction<'_>, change: &Change) -> Result<(), StoreError> {
    match change {
        Change::Insert(game) => {
            let seed = game.seed.to_string();
            tx.execute(
                "INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed, host,
                                    opening, server_seed, player_seeds, room)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                &[
                    &game.id,
                    &game.created,
                    &game.updated,
                    &game.ruleset,
                    &join_overrides(&game.overrides),
                    &game.seats.join(","),
                    &seed,
                    &game.host,
                    &game.opening,
                    &game.server_seed,
                    &game.player_seeds,
                    &game.room,
                ],
            )
            .map_err(failure)?;
            for (i, action) in game.actions.iter().enumerate() {
                tx.execute(
                    "INSERT INTO actions (game, seq, action) VALUES ($1, $2, $3)",
                    &[&game.id, &seq(i), action],
                )
                .map_err(failure)?;
            }
            insert_events(tx, &game.id, &game.events)?;
        }
        Change::Commit(commit) => write_commit(tx, commit)?,
        Change::Alive(ms) => {
            tx.execute(
                "INSERT INTO server (key, value) VALUES ('alive', $1)
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                &[ms],
            )
            .map_err(failure)?;
        }
        Change::Delete(id) => {
            // Actions and events go with their game (ON DELETE CASCADE).
            tx.execute("DELETE FROM games WHERE id = $1", &[id])
                .map_err(failure)?;
        }
    }
    Ok(())
}

fn insert_events(
    tx: &mut Transaction<'_>,
    id: &str,
    events: &[(u64, String)],
) -> Result<(), StoreError> {
    for (n, body) in events {
        let n = i64::try_from(*n).unwrap_or(i64::MAX);
        tx.execute(
            "INSERT INTO events (game, n, body) VALUES ($1, $2, $3)",
            &[&id, &n, body],
        )
        .map_err(failure)?;
    }
    Ok(())
}

/// Writes one commit of a game within `tx`.
fn write_commit(tx: &mut Transaction<'_>, commit: &Commit) -> Result<(), StoreError> {
    let id = &commit.id;
    let changed = tx
        .execute(
            "UPDATE games SET updated = $2 WHERE id = $1",
            &[id, &commit.at],
        )
        .map_err(failure)?;
    if changed == 0 {
        return Err(StoreError::new(
            ErrorKind::NotFound,
            "no such game in the database",
        ));
    }
    // The events first: their numbers are the key, so a change whose numbers another server
    // took is refused before anything of it is written.
    insert_events(tx, id, &commit.events)?;
    if let Some((from, actions)) = &commit.actions {
        tx.execute(
            "DELETE FROM actions WHERE game = $1 AND seq >= $2",
            &[id, &seq(*from)],
        )
        .map_err(failure)?;
        for (i, action) in actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game, seq, action) VALUES ($1, $2, $3)",
                &[id, &seq(from + i), action],
            )
            .map_err(failure)?;
        }
    }
    if let Some(room) = &commit.room {
        tx.execute("UPDATE games SET room = $2 WHERE id = $1", &[id, room])
            .map_err(failure)?;
    }
    if let Some((seeds, opening)) = &commit.start {
        tx.execute(
            "UPDATE games SET player_seeds = $2, opening = $3 WHERE id = $1",
            &[id, seeds, opening],
        )
        .map_err(failure)?;
    }
    Ok(())
}

fn read_all(client: &mut Client) -> Result<Vec<StoredGame>, postgres::Error> {
    let mut games: Vec<StoredGame> = client
        .query(
            "SELECT id, created, updated, ruleset, overrides, seats, seed, host, opening,
                    server_seed, player_seeds, room
             FROM games ORDER BY created, id",
            &[],
        )?
        .iter()
        .map(|row| StoredGame {
            id: row.get(0),
            created: row.get(1),
            updated: row.get(2),
            ruleset: row.get(3),
            overrides: split_overrides(row.get(4)),
            seats: row.get::<_, &str>(5).split(',').map(String::from).collect(),
            seed: row.get::<_, &str>(6).parse().unwrap_or(0),
            host: row.get(7),
            opening: row.get(8),
            server_seed: row.get(9),
            player_seeds: row.get(10),
            room: row.get(11),
            actions: Vec::new(),
            events: Vec::new(),
        })
        .collect();
    let index: std::collections::HashMap<String, usize> = games
        .iter()
        .enumerate()
        .map(|(i, g)| (g.id.clone(), i))
        .collect();
    for row in client.query("SELECT game, action FROM actions ORDER BY game, seq", &[])? {
        if let Some(&i) = index.get(row.get::<_, &str>(0)) {
            games[i].actions.push(row.get(1));
        }
    }
    for row in client.query("SELECT game, n, body FROM events ORDER BY game, n", &[])? {
        if let Some(&i) = index.get(row.get::<_, &str>(0)) {
            let n: i64 = row.get(1);
            games[i]
                .events
                .push((u64::try_from(n).unwrap_or(0), row.get(2)));
        }
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn a_url_is_shown_without_its_password() {
        assert_eq!(
            without_password("postgres://asha:s3cret@db.example:5432/pachisi"),
            "postgres://asha@db.example:5432/pachisi"
        );
        assert_eq!(
            without_password("postgresql://asha@localhost/pachisi"),
            "postgresql://asha@localhost/pachisi"
        );
        assert_eq!(
            without_password("postgres://localhost"),
            "postgres://localhost"
        );
        assert_eq!(
            without_password("postgres://u:p/@q@h/d?sslmode=disable"),
            "postgres://u@h/d?sslmode=disable"
        );
    }
}
