//! The PostgreSQL backend: the same rows as SQLite, for several server instances sharing one
//! database. A connection lost (the server restarted, the connection killed) is opened again at
//! the next request; a transaction cut off by the loss is reported as failed, and nothing of it
//! was written.
//!
//! Each game is owned by one instance, the one its row in `drivers` names, for as long as that
//! instance's own lease in `instances` runs, timed by PostgreSQL's own clock (so the instances'
//! clocks never matter). An instance renews its one row, never its games' rows: a renewal takes
//! no lock a commit waits for (renewing each game's row locked every row a commit reads, and
//! held a whole instance's commits for up to a second at each round). A game whose instance is
//! not alive is free, and taken by the next instance short of its share. A commit that names its
//! owner first locks the game's row in `drivers` (`FOR SHARE`, the batch's rows in the order of
//! their games, so two transactions never wait on each other in a circle) and is refused if the
//! row names another instance or the owner is not alive any more: the row is a fencing token,
//! and another instance taking the game over waits for a commit in flight, then reads it.

use crate::migrate::{self, Migration};
use crate::StoredGame;
use crate::{join_overrides, split_overrides, Backend, Change, Commit, ErrorKind, StoreError};
use crate::{Holding, Lease, Owner, Peer};
use postgres::error::SqlState;
use postgres::{Client, NoTls, Transaction};

mod batch;

/// A key for the lock that lets one server at a time bring the schema up to date ("pachisi"
/// in ASCII, as a number).
const MIGRATION_LOCK: i64 = 0x0070_6163_6869_7369;

/// PostgreSQL's clock now, in milliseconds since 1970 (`clock_timestamp`, not the transaction's
/// start, so that a lease is timed from the moment it is written).
const NOW_MS: &str = "(extract(epoch from clock_timestamp()) * 1000)::BIGINT";

/// Of a game's row in `drivers` (as `drivers`): the instance it names is not alive, so the game
/// is free to take.
fn free() -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM instances i WHERE i.instance = drivers.instance
                     AND i.expires >= {NOW_MS})"
    )
}

/// Makes `instance` alive for at least `ttl_ms` from now (a new instance's row, or its lease
/// lengthened, never shortened), when it takes a game outside its rounds.
fn alive_for(tx: &mut Transaction<'_>, instance: &str, ttl_ms: i64) -> Result<(), StoreError> {
    tx.execute(
        &format!(
            "INSERT INTO instances (instance, expires) VALUES ($1, {NOW_MS} + $2)
             ON CONFLICT (instance) DO UPDATE
             SET expires = GREATEST(instances.expires, excluded.expires)"
        ),
        &[&instance, &ttl_ms],
    )
    .map_err(failure)?;
    Ok(())
}

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

/// Connects to the database at `url`.
pub(crate) fn connect(url: &str) -> Result<Client, StoreError> {
    Client::connect(url, NoTls).map_err(|e| {
        StoreError::backend(format!("cannot connect to {}: {e}", without_password(url)))
    })
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
    if e.is_closed() {
        return StoreError::backend(e).lost();
    }
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
        batch::check_owners(&mut tx, changes)?;
        // Commits of different games in a row are written together; a game twice in the batch
        // (never, as a game waits for its commit before the next) is written one by one.
        let mut run: Vec<&Commit> = Vec::new();
        for change in changes {
            match change {
                Change::Commit(commit) if !run.iter().any(|c| c.id == commit.id) => {
                    run.push(commit);
                }
                other => {
                    batch::write_commits(&mut tx, &run)?;
                    run.clear();
                    match other {
                        Change::Commit(commit) => run.push(commit),
                        other => write(&mut tx, other)?,
                    }
                }
            }
        }
        batch::write_commits(&mut tx, &run)?;
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

    fn read_game(&mut self, id: &str, after: u64) -> Result<Option<StoredGame>, StoreError> {
        let client = self.client()?;
        read_game(client, id, after).map_err(failure)
    }

    fn lease(
        &mut self,
        instance: &str,
        address: Option<&str>,
        ttl_ms: i64,
    ) -> Result<Holding, StoreError> {
        let client = self.client()?;
        let mut tx = client.transaction().map_err(failure)?;
        // This instance is alive until its lease runs out; instances gone quiet are forgotten.
        tx.execute(
            &format!(
                "INSERT INTO instances (instance, expires, address) VALUES ($1, {NOW_MS} + $2, $3)
                 ON CONFLICT (instance) DO UPDATE
                 SET expires = excluded.expires, address = excluded.address"
            ),
            &[&instance, &ttl_ms, &address],
        )
        .map_err(failure)?;
        // The games' rows of an instance gone stay as they are: they name an instance not
        // alive, so the games are free.
        tx.execute(
            &format!("DELETE FROM instances WHERE expires < {NOW_MS}"),
            &[],
        )
        .map_err(failure)?;
        // Each live instance's share of the games, rounded up, so that the shares hold them
        // all: one holding more gives the rest up (another takes them at its next round), one
        // holding fewer takes games nobody holds or whose holder let its lease run out.
        let counts = tx
            .query_one(
                &format!(
                    "SELECT (SELECT count(*) FROM instances WHERE expires >= {NOW_MS}),
                            (SELECT count(*) FROM games),
                            (SELECT count(*) FROM drivers WHERE instance = $1)"
                ),
                &[&instance],
            )
            .map_err(failure)?;
        let (live, games, held): (i64, i64, i64) = (counts.get(0), counts.get(1), counts.get(2));
        let share = fair_share(games, live);
        // A little over its share, an instance keeps its games: games come and go all the
        // time, and a game given up sends its players' connections to another instance. Well
        // over it (a new instance came), it gives up down to its share.
        if held > share + slack(share) {
            tx.execute(
                "DELETE FROM drivers WHERE game IN
                 (SELECT game FROM drivers WHERE instance = $1 ORDER BY game DESC LIMIT $2)",
                &[&instance, &(held - share)],
            )
            .map_err(failure)?;
        } else if held < share {
            // The games to take are picked in an order of this instance's own (so that
            // instances taking at once mostly pick different ones), then locked in the order
            // of their ids (so that two contending for the same take their locks in one order).
            // Two taking the same game: the row's lock orders them, and the second finds the
            // lease fresh and leaves it.
            tx.execute(
                &format!(
                    "INSERT INTO drivers (game, instance)
                     SELECT free.id, $1 FROM
                       (SELECT g.id FROM games g
                        LEFT JOIN drivers d ON d.game = g.id
                        LEFT JOIN instances i ON i.instance = d.instance AND i.expires >= {NOW_MS}
                        WHERE i.instance IS NULL
                        ORDER BY md5(g.id || $1) LIMIT $2) AS free
                     ORDER BY free.id
                     ON CONFLICT (game) DO UPDATE
                     SET instance = excluded.instance
                     WHERE {free}",
                    free = free()
                ),
                &[&instance, &(share - held)],
            )
            .map_err(failure)?;
        }
        let held = tx
            .query(
                "SELECT game FROM drivers WHERE instance = $1 ORDER BY game",
                &[&instance],
            )
            .map_err(failure)?
            .iter()
            .map(|row| row.get(0))
            .collect();
        let peers = tx
            .query(
                &format!(
                    "SELECT i.instance, i.address, count(d.game) FROM instances i
                     LEFT JOIN drivers d ON d.instance = i.instance
                     WHERE i.expires >= {NOW_MS}
                     GROUP BY i.instance, i.address ORDER BY i.instance"
                ),
                &[],
            )
            .map_err(failure)?
            .iter()
            .map(|row| Peer {
                instance: row.get(0),
                address: row.get(1),
                games: number(row.get(2)),
            })
            .collect();
        tx.commit().map_err(failure)?;
        Ok(Holding { held, peers })
    }

    fn claim(&mut self, game: &str, instance: &str, ttl_ms: i64) -> Result<bool, StoreError> {
        let client = self.client()?;
        let mut tx = client.transaction().map_err(failure)?;
        // The instance claiming is alive (it is answering a request): its lease runs at least
        // `ttl_ms` from now, so that the game it takes is not free again at once.
        alive_for(&mut tx, instance, ttl_ms)?;
        let taken = tx
            .execute(
                &format!(
                    "INSERT INTO drivers (game, instance)
                     SELECT id, $2 FROM games WHERE id = $1
                     ON CONFLICT (game) DO UPDATE
                     SET instance = excluded.instance
                     WHERE drivers.instance = excluded.instance OR {free}",
                    free = free()
                ),
                &[&game, &instance],
            )
            .map_err(failure)?;
        tx.commit().map_err(failure)?;
        Ok(taken == 1)
    }

    fn release(&mut self, instance: &str) -> Result<(), StoreError> {
        let client = self.client()?;
        client
            .execute("DELETE FROM drivers WHERE instance = $1", &[&instance])
            .map_err(failure)?;
        // Gone: the others share the games without it.
        client
            .execute("DELETE FROM instances WHERE instance = $1", &[&instance])
            .map_err(failure)?;
        Ok(())
    }

    fn created_by(&mut self, creator: &str) -> Result<u64, StoreError> {
        let client = self.client()?;
        let row = client
            .query_one("SELECT count(*) FROM games WHERE creator = $1", &[&creator])
            .map_err(failure)?;
        Ok(number(row.get(0)))
    }

    fn owner(&mut self, game: &str) -> Result<Owner, StoreError> {
        let client = self.client()?;
        let row = client
            .query_opt(
                &format!(
                    "SELECT i.instance, i.address FROM games g
                     LEFT JOIN drivers d ON d.game = g.id
                     LEFT JOIN instances i ON i.instance = d.instance AND i.expires >= {NOW_MS}
                     WHERE g.id = $1"
                ),
                &[&game],
            )
            .map_err(failure)?;
        Ok(match row {
            None => Owner::Missing,
            Some(row) => match row.get::<_, Option<String>>(0) {
                None => Owner::Free,
                Some(instance) => Owner::Held {
                    instance,
                    address: row.get(1),
                },
            },
        })
    }

    fn key(&mut self, candidate: &str) -> Result<String, StoreError> {
        let client = self.client()?;
        client
            .execute(
                "INSERT INTO cluster (name, value) VALUES ('key', $1)
                 ON CONFLICT (name) DO NOTHING",
                &[&candidate],
            )
            .map_err(failure)?;
        let row = client
            .query_one("SELECT value FROM cluster WHERE name = 'key'", &[])
            .map_err(failure)?;
        Ok(row.get(0))
    }
}

/// One live instance's share of `games` shared by `live` instances: rounded up, so that the
/// shares hold every game.
fn fair_share(games: i64, live: i64) -> i64 {
    let live = live.max(1);
    (games + live - 1) / live
}

/// How far over its share an instance may hold games before it gives some up: an eighth of
/// the share (none below 8 games).
fn slack(share: i64) -> i64 {
    share / 8
}

/// An event number as the database keeps it (BIGINT, never negative).
fn number(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}

/// A sequence number as the database keeps it (INTEGER).
fn seq(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

fn write(tx: &mut Transaction<'_>, change: &Change) -> Result<(), StoreError> {
    match change {
        Change::Insert(game, lease) => {
            let seed = game.seed.to_string();
            tx.execute(
                "INSERT INTO games (id, created, updated, ruleset, overrides, seats, seed, host,
                                    opening, server_seed, player_seeds, room, creator)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
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
                    &game.creator,
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
            if let Some(Lease { instance, ttl_ms }) = lease {
                alive_for(tx, instance, *ttl_ms)?;
                tx.execute(
                    "INSERT INTO drivers (game, instance) VALUES ($1, $2)",
                    &[&game.id, instance],
                )
                .map_err(failure)?;
            }
        }
        Change::Commit(commit) => batch::write_commits(tx, &[commit])?,
        Change::Alive(ms) => {
            // Every instance counts the same time: the value only ever goes forward, so an
            // instance behind the others never takes it back.
            tx.execute(
                "INSERT INTO server (key, value) VALUES ('alive', $1)
                 ON CONFLICT (key) DO UPDATE SET value = GREATEST(server.value, excluded.value)",
                &[ms],
            )
            .map_err(failure)?;
        }
        Change::Delete(id) => {
            // Actions, events and the driver's lease go with their game (ON DELETE CASCADE).
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

/// The columns of a game's row, in the order [`game_of`] reads them.
const COLUMNS: &str = "id, created, updated, ruleset, overrides, seats, seed, host, opening,
                       server_seed, player_seeds, room, creator";

/// A game's row, without its actions and events.
fn game_of(row: &postgres::Row) -> StoredGame {
    StoredGame {
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
        creator: row.get(12),
        actions: Vec::new(),
        snapshot: None,
        events: Vec::new(),
    }
}

/// Game `id` with all its actions and its events after number `after`, read in one
/// transaction (a change committed meanwhile is either all in it or not at all).
fn read_game(
    client: &mut Client,
    id: &str,
    after: u64,
) -> Result<Option<StoredGame>, postgres::Error> {
    let mut tx = client
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()?;
    let Some(row) = tx.query_opt(
        &format!("SELECT {COLUMNS} FROM games WHERE id = $1"),
        &[&id],
    )?
    else {
        return Ok(None);
    };
    let mut game = game_of(&row);
    game.actions = tx
        .query(
            "SELECT action FROM actions WHERE game = $1 ORDER BY seq",
            &[&id],
        )?
        .iter()
        .map(|row| row.get(0))
        .collect();
    game.snapshot = tx
        .query_opt(
            "SELECT actions, body FROM snapshots WHERE game = $1",
            &[&id],
        )?
        .map(|row| {
            (
                usize::try_from(row.get::<_, i32>(0)).unwrap_or(0),
                row.get(1),
            )
        });
    let after = i64::try_from(after).unwrap_or(i64::MAX);
    game.events = tx
        .query(
            "SELECT n, body FROM events WHERE game = $1 AND n > $2 ORDER BY n",
            &[&id, &after],
        )?
        .iter()
        .map(|row| (number(row.get(0)), row.get(1)))
        .collect();
    tx.commit()?;
    Ok(Some(game))
}

/// Every game, read in one transaction, so that each game's actions and events are of the
/// same moment although other instances write meanwhile.
fn read_all(client: &mut Client) -> Result<Vec<StoredGame>, postgres::Error> {
    let mut tx = client
        .build_transaction()
        .isolation_level(postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()?;
    let mut games: Vec<StoredGame> = tx
        .query(
            &format!("SELECT {COLUMNS} FROM games ORDER BY created, id"),
            &[],
        )?
        .iter()
        .map(game_of)
        .collect();
    let index: std::collections::HashMap<String, usize> = games
        .iter()
        .enumerate()
        .map(|(i, g)| (g.id.clone(), i))
        .collect();
    for row in tx.query("SELECT game, action FROM actions ORDER BY game, seq", &[])? {
        if let Some(&i) = index.get(row.get::<_, &str>(0)) {
            games[i].actions.push(row.get(1));
        }
    }
    for row in tx.query("SELECT game, actions, body FROM snapshots", &[])? {
        if let Some(&i) = index.get(row.get::<_, &str>(0)) {
            games[i].snapshot = Some((
                usize::try_from(row.get::<_, i32>(1)).unwrap_or(0),
                row.get(2),
            ));
        }
    }
    for row in tx.query("SELECT game, n, body FROM events ORDER BY game, n", &[])? {
        if let Some(&i) = index.get(row.get::<_, &str>(0)) {
            games[i].events.push((number(row.get(1)), row.get(2)));
        }
    }
    tx.commit()?;
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
