//! The database of `pachisi serve`: every game's header (ruleset, overrides, seats, the secret
//! seed of its throws), its room (who holds each seat, as JSON: tokens only as hashes), its
//! actions in order and its numbered events (what players and watchers were told, chat
//! included), and the server's time at its last heartbeat.
//!
//! Two backends keep the same rows: SQLite, embedded, the default for one machine
//! ([`Database::Sqlite`]), and PostgreSQL for several server instances sharing one database
//! ([`Database::Postgres`]). Each has its schema as numbered migrations checked in under
//! `migrations/`, applied when the store opens.
//!
//! A change is committed before the server tells anyone of it, so a game is always exactly its
//! rows. An event's number is part of its key: when two servers try to tell event N of one game,
//! one of them is refused with [`ErrorKind::Conflict`] and nothing of its change is written.
//!
//! On PostgreSQL several instances share the rows, each game owned by one of them: a lease per
//! game ([`Store::lease`], timed by PostgreSQL's clock) says which instance holds it in memory,
//! plays its bots and turn timer and writes its changes; a commit that names its owner
//! ([`Commit::owner`]) is written only while that instance holds the lease, so an instance that
//! lost a game can never write to it again. [`Store::owner`] tells the others where to forward
//! a game's requests.
//!
//! One thread owns the connection. Changes wait in a queue and go to the database together, many
//! games' changes in one transaction (one sync to disk for all of them): under load a change
//! waits for at most one transaction ahead of its own. If a shared transaction fails, each of its
//! changes is tried again alone, so one game's failure never refuses another's.

mod migrate;
mod pg;
mod sqlite;
mod worker;

use std::fmt;
use std::path::PathBuf;
use std::sync::mpsc;

/// Which database, from `--database` or `DATABASE_URL`.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file (created if missing).
    Sqlite(PathBuf),
    /// A PostgreSQL server, by its URL (`postgres://USER:PASSWORD@HOST:PORT/NAME`).
    Postgres(String),
}

impl Database {
    /// Reads a database's address: `postgres://...` or `postgresql://...` for PostgreSQL,
    /// `sqlite:PATH` or a plain path for SQLite.
    ///
    /// # Errors
    /// When the address is empty.
    pub fn parse(text: &str) -> Result<Database, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("the database is empty: give a file or a postgres:// URL".into());
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Database::Postgres(text.to_string()));
        }
        let path = text
            .strip_prefix("sqlite://")
            .or_else(|| text.strip_prefix("sqlite:"));
        Ok(Database::Sqlite(PathBuf::from(path.unwrap_or(text))))
    }
}

impl fmt::Display for Database {
    /// The database as it may be shown: a PostgreSQL URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "{}", path.display()),
            Database::Postgres(url) => f.write_str(&pg::without_password(url)),
        }
    }
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Database({self})")
    }
}

/// What kind of failure a [`StoreError`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Another change took the event numbers first (another server acted on the game): read
    /// the game again and answer from what it is now.
    Conflict,
    /// The game is not in the database (deleted, or never there).
    NotFound,
    /// The commit named an owner that no longer holds the game's lease: another instance owns
    /// it now, and nothing was written.
    NotOwner,
    /// The database refused or could not be reached.
    Backend,
}

/// Why the database failed.
#[derive(Clone, Debug, thiserror::Error)]
#[error("the database {database}: {reason}")]
pub struct StoreError {
    database: String,
    kind: ErrorKind,
    reason: String,
    /// Whether the connection was found closed (the database restarted, the connection
    /// killed): the request is made once more on a new connection.
    lost: bool,
}

impl StoreError {
    fn new(kind: ErrorKind, reason: impl Into<String>) -> StoreError {
        StoreError {
            database: String::new(),
            kind,
            reason: reason.into(),
            lost: false,
        }
    }

    /// The same failure, the connection found closed.
    fn lost(mut self) -> StoreError {
        self.lost = true;
        self
    }

    fn backend(reason: impl fmt::Display) -> StoreError {
        StoreError::new(ErrorKind::Backend, reason.to_string())
    }

    fn of(mut self, database: &str) -> StoreError {
        database.clone_into(&mut self.database);
        self
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }
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
    /// The server's secret seed (hex) of a game with fair throws.
    pub server_seed: Option<String>,
    /// The players' seeds, as the record's `PlayerSeeds` tag, fixed when the game began.
    pub player_seeds: Option<String>,
    /// Who is at the table (JSON); `None` for a game stored before rooms.
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
    /// The latest snapshot of its table, if one was written: the number of actions it stands
    /// at, and its text (read back only; written with a [`Commit`]).
    pub snapshot: Option<(usize, String)>,
    /// The address that created it, by which the games of an address are counted on every
    /// instance ([`Store::created_by`]); `None` when not known.
    pub creator: Option<String>,
}

/// What one commit changes of a game; `None` and empty parts stay as they are.
#[derive(Clone, Debug, Default)]
pub struct Commit {
    /// The game.
    pub id: String,
    /// The actions from this index on are replaced by `actions`.
    pub actions: Option<(usize, Vec<String>)>,
    /// Whether the game has actions from that index on already, taken back first (an undo). A
    /// commit that says not only appends: PostgreSQL then looks for no row to delete (a search
    /// over a batch's games that its planner made a scan of the whole table of actions, the
    /// longer the slower), and an action already there is refused as a conflict, never
    /// overwritten.
    pub takes_back: bool,
    /// The room, as JSON.
    pub room: Option<String>,
    /// The players' seeds and the throw-off, fixed when the game begins.
    pub start: Option<(String, String)>,
    /// Events to add, by number.
    pub events: Vec<(u64, String)>,
    /// When.
    pub at: i64,
    /// A snapshot of the game's table after this commit: the number of actions it stands at,
    /// and its text. It replaces the game's last; a commit whose actions go back before the
    /// last snapshot (an undo) removes it.
    pub snapshot: Option<(usize, String)>,
    /// The instance that must hold the game's lease for the commit to be written (on
    /// PostgreSQL; SQLite has one server): an instance that lost the game is refused with
    /// [`ErrorKind::NotOwner`]. The lease's row is locked until the commit ends, so another
    /// instance taking the game over waits for it, and then reads it.
    pub owner: Option<String>,
    /// A person waits for this commit (their own action): it is written before the changes
    /// nobody waits for (bots' actions, clocks) that are waiting with it, so that a person's
    /// action is never queued behind a crowd of bots' on a busy server.
    pub urgent: bool,
}

/// Where a game lives, as [`Store::owner`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The game is not in the database.
    Missing,
    /// Nobody holds its lease (never taken, given up, or run out).
    Free,
    /// `instance` holds it, reached by the other instances at `address` (if it gave one).
    Held {
        /// The owner.
        instance: String,
        /// Its address for the instances' own traffic (`host:port`).
        address: Option<String>,
    },
}

/// A live instance on the database, as a round of leases sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Peer {
    /// Its name.
    pub instance: String,
    /// Its address for the instances' own traffic (`host:port`), if it gave one.
    pub address: Option<String>,
    /// How many games it holds.
    pub games: u64,
}

/// What a round of leases leaves an instance with.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Holding {
    /// The games it holds, by id.
    pub held: Vec<String>,
    /// Every live instance, itself included, with the games it holds.
    pub peers: Vec<Peer>,
}

/// The lease a new game is written with: its creator owns it from the first moment.
#[derive(Clone, Debug)]
pub(crate) struct Lease {
    pub(crate) instance: String,
    pub(crate) ttl_ms: i64,
}

/// A change to the database.
#[derive(Clone, Debug)]
pub(crate) enum Change {
    Insert(Box<StoredGame>, Option<Lease>),
    /// One change to a game, in one transaction.
    Commit(Commit),
    Delete(String),
    /// The server's time at a heartbeat (milliseconds).
    Alive(i64),
}

impl Change {
    /// Whether a person waits for it: written before the others waiting (`worker`).
    fn is_urgent(&self) -> bool {
        matches!(self, Change::Commit(commit) if commit.urgent)
    }
}

/// What a backend does: the same on SQLite and PostgreSQL.
pub(crate) trait Backend {
    /// Writes `changes` in one transaction: all of them, or none.
    fn apply(&mut self, changes: &[&Change]) -> Result<(), StoreError>;
    /// Every game, oldest first, with its actions and events.
    fn read_all(&mut self) -> Result<Vec<StoredGame>, StoreError>;
    /// The server's time at the last heartbeat written (0 before the first).
    fn alive(&mut self) -> Result<i64, StoreError>;
    /// Game `id` with all its actions and its events after number `after`.
    fn read_game(&mut self, id: &str, after: u64) -> Result<Option<StoredGame>, StoreError>;
    /// Renews `instance`'s lease for `ttl_ms` (and its address), which holds every game it owns,
    /// and brings its holding to its share of the games (giving up games over it, taking games
    /// nobody holds up to it).
    fn lease(
        &mut self,
        instance: &str,
        address: Option<&str>,
        ttl_ms: i64,
    ) -> Result<Holding, StoreError>;
    /// Takes game `game` for `instance` (alive for `ttl_ms` at least), if nobody holds it (or
    /// its holder's lease ran out); returns whether `instance` holds it now.
    fn claim(&mut self, game: &str, instance: &str, ttl_ms: i64) -> Result<bool, StoreError>;
    /// Gives up `instance`'s leases.
    fn release(&mut self, instance: &str) -> Result<(), StoreError>;
    /// Where game `game` lives.
    fn owner(&mut self, game: &str) -> Result<Owner, StoreError>;
    /// The instances' shared key: the one kept, or `candidate` kept now if there is none.
    fn key(&mut self, candidate: &str) -> Result<String, StoreError>;
    /// How many games the address `creator` created that are in the database.
    fn created_by(&mut self, creator: &str) -> Result<u64, StoreError>;
}

/// The database: a thread that owns the connection, fed by a queue.
pub struct Store {
    jobs: mpsc::Sender<worker::Job>,
    database: String,
    /// Whether the database is PostgreSQL, which instances share.
    shared: bool,
    /// The database, to open another connection to it.
    source: Database,
}

impl Store {
    /// Opens (or creates) the database, applies its migrations and starts its thread.
    ///
    /// # Errors
    /// When the database cannot be reached, is not a database of games, or its schema cannot
    /// be brought up to date.
    pub fn open(database: &Database) -> Result<Store, StoreError> {
        let name = database.to_string();
        let jobs = match database {
            Database::Sqlite(path) => {
                let path = path.clone();
                worker::start(move || sqlite::Sqlite::open(&path))
            }
            Database::Postgres(url) => {
                let url = url.clone();
                worker::start(move || pg::Postgres::open(&url))
            }
        }
        .map_err(|e| e.of(&name))?;
        let shared = matches!(database, Database::Postgres(_));
        Ok(Store {
            jobs,
            database: name,
            shared,
            source: database.clone(),
        })
    }

    /// Another store on the same database, with a connection and a thread of its own: its
    /// requests never wait behind this one's (the leases of an instance are renewed on one,
    /// whatever the writes queued on the other).
    ///
    /// # Errors
    /// As [`Store::open`].
    pub fn another(&self) -> Result<Store, StoreError> {
        Store::open(&self.source)
    }

    /// Whether other server instances may share the database (PostgreSQL), or this one is
    /// alone with it (SQLite).
    pub fn is_shared(&self) -> bool {
        self.shared
    }

    /// The database as it may be shown (no password).
    pub fn name(&self) -> &str {
        &self.database
    }

    fn ask(&self, request: worker::Request) -> Result<worker::Answer, StoreError> {
        let (reply, outcome) = mpsc::sync_channel(1);
        let stopped = || StoreError::backend("its thread has stopped").of(&self.database);
        self.jobs.send((request, reply)).map_err(|_| stopped())?;
        outcome
            .recv()
            .map_err(|_| stopped())?
            .map_err(|e| e.of(&self.database))
    }

    fn write(&self, change: Change) -> Result<(), StoreError> {
        self.ask(worker::Request::Change(change)).map(|_| ())
    }

    /// Adds a new game.
    ///
    /// # Errors
    /// When the database refuses the write (a game of that id exists: [`ErrorKind::Conflict`]).
    pub fn insert(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.write(Change::Insert(Box::new(game.clone()), None))
    }

    /// Adds a new game owned by `instance` from the first moment: its lease, for `ttl`, is
    /// written in the same transaction (on PostgreSQL; SQLite has one server).
    ///
    /// # Errors
    /// As [`Store::insert`].
    pub fn insert_held(
        &self,
        game: &StoredGame,
        instance: &str,
        ttl: std::time::Duration,
    ) -> Result<(), StoreError> {
        let lease = Lease {
            instance: instance.to_string(),
            ttl_ms: millis(ttl),
        };
        self.write(Change::Insert(Box::new(game.clone()), Some(lease)))
    }

    /// Writes one change of a game (its actions, room, start and events) in one transaction.
    ///
    /// # Errors
    /// When the database refuses the write; nothing is changed then. An event number already
    /// taken is [`ErrorKind::Conflict`], a game not there [`ErrorKind::NotFound`].
    pub fn commit(&self, commit: Commit) -> Result<(), StoreError> {
        self.write(Change::Commit(commit))
    }

    /// Deletes a game with its actions and events.
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
        match self.ask(worker::Request::Alive)? {
            worker::Answer::Alive(ms) => Ok(ms),
            _ => Err(StoreError::backend("a wrong answer").of(&self.database)),
        }
    }

    /// Every game, oldest first, with its actions and events.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        match self.ask(worker::Request::ReadAll)? {
            worker::Answer::Games(games) => Ok(games),
            _ => Err(self.wrong()),
        }
    }

    fn wrong(&self) -> StoreError {
        StoreError::backend("a wrong answer").of(&self.database)
    }

    /// Game `id` as it is now, with all its actions but only its events after number `after`
    /// (read in one transaction); `None` when it is not in the database.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load(&self, id: &str, after: u64) -> Result<Option<StoredGame>, StoreError> {
        match self.ask(worker::Request::ReadGame(id.to_string(), after))? {
            worker::Answer::Game(game) => Ok(game.map(|g| *g)),
            _ => Err(self.wrong()),
        }
    }

    /// Renews the leases of server instance `instance` for `ttl`, marks it alive as long and
    /// keeps `address`, where the other instances reach it. The games are shared evenly between
    /// the live instances: one holding more than its share (the games divided by the live
    /// instances, rounded up) gives the rest up, and one holding fewer takes games whose lease
    /// nobody holds or whose holder let it run out, up to its share; so a new instance takes its
    /// share within a few rounds and a dead one's games are spread over the others. Returns the
    /// games `instance` now holds and every live instance with its count. On SQLite the one
    /// server holds every game.
    ///
    /// # Errors
    /// When the database cannot be reached: the caller holds nothing then.
    pub fn lease(
        &self,
        instance: &str,
        address: Option<&str>,
        ttl: std::time::Duration,
    ) -> Result<Holding, StoreError> {
        let request = worker::Request::Lease(
            instance.to_string(),
            address.map(str::to_string),
            millis(ttl),
        );
        match self.ask(request)? {
            worker::Answer::Held(held) => Ok(held),
            _ => Err(self.wrong()),
        }
    }

    /// Takes the lease of the game `game` for server instance `instance`, for `ttl`, if nobody
    /// holds it or its holder let it run out (an instance asked for a game whose owner died
    /// takes it at once); returns whether `instance` holds it now. The shares are evened out at
    /// the next rounds ([`Store::lease`]). On SQLite the one server holds it.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn claim(
        &self,
        game: &str,
        instance: &str,
        ttl: std::time::Duration,
    ) -> Result<bool, StoreError> {
        let request = worker::Request::Claim(game.to_string(), instance.to_string(), millis(ttl));
        match self.ask(request)? {
            worker::Answer::Claimed(held) => Ok(held),
            _ => Err(self.wrong()),
        }
    }

    /// Gives up every lease of `instance` (a server stopping), so that others take its games
    /// at once rather than when the leases run out.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn release(&self, instance: &str) -> Result<(), StoreError> {
        self.ask(worker::Request::Release(instance.to_string()))
            .map(|_| ())
    }

    /// Where game `game` lives: which instance holds its lease, and at what address.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn owner(&self, game: &str) -> Result<Owner, StoreError> {
        match self.ask(worker::Request::Owner(game.to_string()))? {
            worker::Answer::Owner(owner) => Ok(owner),
            _ => Err(self.wrong()),
        }
    }

    /// How many games the address `creator` created that are in the database, whichever
    /// instance holds them: the count a limit of games per address is checked against when
    /// several instances share the database.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn created_by(&self, creator: &str) -> Result<u64, StoreError> {
        match self.ask(worker::Request::CreatedBy(creator.to_string()))? {
            worker::Answer::Count(count) => Ok(count),
            _ => Err(self.wrong()),
        }
    }

    /// The key the instances sharing the database show one another: the one kept there, or
    /// `candidate` (fresh from the operating system's generator) when this is the first
    /// instance. On SQLite, `candidate`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub fn shared_key(&self, candidate: &str) -> Result<String, StoreError> {
        match self.ask(worker::Request::Key(candidate.to_string()))? {
            worker::Answer::Key(key) => Ok(key),
            _ => Err(self.wrong()),
        }
    }
}

/// A duration in whole milliseconds, as the leases count.
fn millis(d: std::time::Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// The overrides as a column keeps them (one per line).
pub(crate) fn join_overrides(overrides: &[String]) -> String {
    overrides.join("\n")
}

/// The overrides from their column.
pub(crate) fn split_overrides(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}
