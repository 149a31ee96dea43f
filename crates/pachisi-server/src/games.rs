//! The games the server holds ([`Game`]s, and the [`Unplayable`] ones): the registry of every
//! game, the lobby, deletion by their host or when abandoned, and how their actions are committed
//! and their bots driven. Every action is committed to the database before it is broadcast; if the
//! commit fails, the game is put back as the database has it, which stays the truth. Each commit
//! also brings the turn's clock in line with the game (`room::timer`), in the same transaction.
//! Bots (and stand-ins, `games/drive.rs`) think on a pool of threads shared by every game
//! ([`Limits::work_threads`]), and a bot whose action the database refuses tries again later and
//! later, never in a spin.
//!
//! Its submodules: `games/create.rs`, a new game within the limits; `games/clocks.rs`, the task
//! of each running clock and the heartbeat; `games/drive.rs`, the bots' turns; [`cluster`],
//! several instances on one database. What people do with a room is `rooms`', above.

use crate::action::{apply, authorize, Request};
use crate::clock::ServerTime;
use crate::error::GameError;
use crate::game::{build, lock, restore, Event, Game, Unplayable};
use crate::limits::Limits;
use crate::room::timer;
use crate::room::{self, token_hash, Holder, Room};
use crate::store::{Commit, Store};
use crate::view;
use crate::work::WorkPool;

pub(crate) use create::Founding;
pub use create::{Created, NewGame, COWRIE_P_UP};
use pachisi_core::{GameRecord, Phase};
use pachisi_table::Table;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Every game, the database, the limits, and the threads that do the heavy work.
pub struct Games {
    games: Mutex<HashMap<String, Arc<Game>>>,
    unplayable: Mutex<HashMap<String, Unplayable>>,
    /// Held while a game is counted and added, so that the limits hold under concurrent
    /// creations.
    creating: Mutex<()>,
    store: Store,
    /// On a shared database, a connection of its own for the leases and the owners' lookups, so
    /// that they never wait behind the writes queued on `store` (a lease renewed late is a game
    /// lost).
    leases: Option<Store>,
    /// The wait before each action of a bot, so people can follow them.
    pace: Duration,
    /// The wait before a forced pass (a seat, a bot's or a person's, whose only legal move is a
    /// pass): none, so a run of passes goes by at once; tests that must see the moment before
    /// it set one.
    pass_pace: Duration,
    limits: Limits,
    /// The threads that think (bots, hints, replays), shared fairly between addresses.
    work: WorkPool,
    /// The server's time, which the turn clocks count in, going on from the last server's.
    time: Arc<ServerTime>,
    /// This server instance's name among those sharing the database, new at every start
    /// (`cluster`).
    pub(crate) instance: String,
    /// Where the other instances reach this one (`host:port`), once it listens for them.
    pub(crate) address: std::sync::OnceLock<String>,
    /// The live instances and their games, as the last round of leases saw them.
    pub(crate) peers: Mutex<Vec<crate::store::Peer>>,
}

/// Who made the actions a commit writes.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Actor {
    /// A person, who waits for the answer: in the seat they acted in, `None` for an undo.
    Person(Option<u8>),
    /// The server: a bot, a stand-in or a forced pass.
    Server,
}

impl Games {
    /// Opens the games kept in `store`, rebuilding each from its actions. A game that has not
    /// changed within [`Limits::expire_after`] is deleted; one that cannot be played here is
    /// kept as unplayable, and the reason printed on standard error.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load(store: Store, pace: Duration, limits: Limits) -> Result<Arc<Games>, String> {
        Games::load_paced(store, pace, Duration::ZERO, limits)
    }

    /// As [`Games::load`], with forced passes waiting `pass_pace`.
    fn load_paced(
        store: Store,
        pace: Duration,
        pass_pace: Duration,
        limits: Limits,
    ) -> Result<Arc<Games>, String> {
        // On a database shared with other instances, each game lives in the one that holds
        // its lease: this instance loads its own as the rounds of leases give them to it.
        let stored = if store.is_shared() {
            Vec::new()
        } else {
            store.load_all().map_err(|e| e.to_string())?
        };
        let alive = store.alive().map_err(|e| e.to_string())?;
        let rooms = stored.iter().filter_map(|s| crate::game::room_of(s).ok());
        let time = Arc::new(ServerTime::resume(clocks::resume_time(alive, rooms)));
        let leases = if store.is_shared() {
            Some(store.another().map_err(|e| e.to_string())?)
        } else {
            None
        };
        let games = Arc::new(Games {
            leases,
            games: Mutex::new(HashMap::new()),
            unplayable: Mutex::new(HashMap::new()),
            creating: Mutex::new(()),
            store,
            pace,
            pass_pace,
            work: WorkPool::new(limits.work_threads),
            limits,
            time,
            instance: format!("{:016x}", rand::random::<u64>()),
            address: std::sync::OnceLock::new(),
            peers: Mutex::new(Vec::new()),
        });
        let oldest = games.oldest_kept(now());
        for s in stored {
            if s.updated < oldest {
                games.store.delete(&s.id).map_err(|e| e.to_string())?;
                continue;
            }
            games.add(build(s, None, &games.limits.bots, &games.time));
        }
        Ok(games)
    }

    /// The threads for heavy work, shared with the routes (hints, replays).
    pub fn work(&self) -> &WorkPool {
        &self.work
    }

    /// The limits the server keeps.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The database.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The server's time.
    pub(crate) fn time(&self) -> &Arc<ServerTime> {
        &self.time
    }

    /// Every playable game.
    pub(crate) fn all(&self) -> Vec<Arc<Game>> {
        self.map().values().cloned().collect()
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Game>>> {
        lock(&self.games)
    }

    /// Keeps a built game, or the reason it cannot be played.
    fn add(&self, built: Result<Game, Box<Unplayable>>) {
        match built {
            Ok(game) => {
                self.map().insert(game.stored.id.clone(), Arc::new(game));
            }
            Err(unplayable) => {
                eprintln!(
                    "game {} cannot be played on this server and is kept as it is: {}",
                    unplayable.stored.id, unplayable.reason
                );
                lock(&self.unplayable).insert(unplayable.stored.id.clone(), *unplayable);
            }
        }
    }

    /// The game `id`.
    ///
    /// # Errors
    /// When there is none, or it cannot be played here.
    pub fn get(&self, id: &str) -> Result<Arc<Game>, GameError> {
        if let Some(game) = self.map().get(id) {
            return Ok(game.clone());
        }
        match lock(&self.unplayable).get(id) {
            Some(u) => Err(GameError::Unplayable(format!(
                "game {id} cannot be played on this server: {}",
                u.reason
            ))),
            None => Err(GameError::NotFound(id.to_string())),
        }
    }

    /// The lobby: the public rooms that have not begun, each with its open seats and their
    /// invitations, newest first. No game's table is locked: the lines are kept apart,
    /// changed with each commit.
    pub fn lobby(&self) -> Vec<serde_json::Value> {
        let games: Vec<Arc<Game>> = self.map().values().cloned().collect();
        let mut lines: Vec<(i64, String, serde_json::Value)> = games
            .iter()
            .filter_map(|g| {
                let room = g.room();
                if !room.public || room.started {
                    return None;
                }
                let invites: Vec<serde_json::Value> = room
                    .seats
                    .iter()
                    .enumerate()
                    .filter_map(|(s, h)| match h {
                        Holder::Open { invite } => {
                            Some(serde_json::json!({ "seat": s, "invite": invite }))
                        }
                        _ => None,
                    })
                    .collect();
                drop(room);
                let mut line = g.summary();
                line["invites"] = invites.into();
                Some((g.stored.created, g.stored.id.clone(), line))
            })
            .collect();
        lines.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
        lines.into_iter().map(|(_, _, line)| line).collect()
    }

    /// How many games the server holds (playable or not).
    pub fn count(&self) -> usize {
        self.map().len() + lock(&self.unplayable).len()
    }

    /// Starts the bots' and stand-ins' turns of every game where one is to act, and the timers
    /// of the turns' clocks (after a restart), and the heartbeat that keeps the server's time.
    pub fn resume(self: &Arc<Games>) {
        for game in self.all() {
            self.arm(&game);
            self.drive(&game);
        }
        self.heartbeat();
        // With other instances on the database: this instance's share of the games' leases.
        self.share();
    }

    /// Deletes the game `id` for its host, who shows the token given at creation.
    ///
    /// # Errors
    /// When there is no such game, the token is not its host's, or the database fails.
    pub fn delete(&self, id: &str, token: Option<&str>) -> Result<(), GameError> {
        let host = match (self.map().get(id), lock(&self.unplayable).get(id)) {
            (Some(game), _) => {
                let room = game.room();
                let p = room
                    .person(token)
                    .map_err(|e| GameError::Forbidden(e.to_string()))?;
                room.people[p].host
            }
            (None, Some(u)) => match (&u.stored.host, token) {
                (Some(hash), Some(token)) => room::same_secret(hash, &token_hash(token)),
                _ => false,
            },
            (None, None) => return Err(GameError::NotFound(id.to_string())),
        };
        if !host {
            return Err(GameError::Forbidden(
                "only the host who created the game may delete it".into(),
            ));
        }
        self.remove(id)
    }

    /// Deletes the game `id` from the database, then from memory, and tells its watchers.
    pub(crate) fn remove(&self, id: &str) -> Result<(), GameError> {
        self.store
            .delete(id)
            .map_err(|e| GameError::Store(e.to_string()))?;
        if let Some(game) = self.map().remove(id) {
            game.mark_deleted();
        }
        lock(&self.unplayable).remove(id);
        Ok(())
    }

    /// The time before which a game that has not changed is deleted.
    fn oldest_kept(&self, now: i64) -> i64 {
        let age = i64::try_from(self.limits.expire_after.as_secs()).unwrap_or(i64::MAX);
        now.saturating_sub(age)
    }

    /// Deletes every game that has not changed within [`Limits::expire_after`] of `now`, and
    /// returns how many.
    ///
    /// # Errors
    /// When the database fails.
    pub fn expire(&self, now: i64) -> Result<usize, GameError> {
        let oldest = self.oldest_kept(now);
        let mut old: Vec<String> = self
            .map()
            .values()
            .filter(|g| g.updated() < oldest)
            .map(|g| g.stored.id.clone())
            .collect();
        old.extend(
            lock(&self.unplayable)
                .values()
                .filter(|u| u.stored.updated < oldest)
                .map(|u| u.stored.id.clone()),
        );
        for id in &old {
            self.remove(id)?;
        }
        Ok(old.len())
    }

    /// Whether `game` may hold one more event of chat or a room change: a game's events are
    /// bounded ([`crate::Limits::max_game_events`]), so that nobody can grow one without end.
    /// Its actions are bounded apart ([`crate::Limits::max_game_actions`]) and always told.
    ///
    /// # Errors
    /// [`GameError::TooMany`] when the game holds its limit.
    pub(crate) fn room_for_events(&self, game: &Game) -> Result<(), GameError> {
        let max = self.limits().max_game_events;
        if game.last_event() >= u64::try_from(max).unwrap_or(u64::MAX) {
            return Err(GameError::TooMany(format!(
                "this game holds its limit of {max} events (moves, chat lines and changes to the room): nothing more can be said or changed in it"
            )));
        }
        Ok(())
    }

    /// Counts one more room change or undo of `game` within the rate the limits allow
    /// ([`crate::Limits::changes`] in [`crate::Limits::change_window`]).
    ///
    /// # Errors
    /// [`GameError::TooMany`] when the game made as many lately as it may.
    pub(crate) fn admit_change(&self, game: &Game) -> Result<(), GameError> {
        let limits = self.limits();
        if game.rates().admit(
            "changes",
            limits.changes,
            limits.change_window,
            Instant::now(),
        ) {
            return Ok(());
        }
        Err(GameError::TooMany(format!(
            "at most {} changes to the room and undos in {} seconds: wait a moment",
            limits.changes,
            limits.change_window.as_secs()
        )))
    }

    /// Applies the action of the person who shows `credential`, commits it, tells everyone,
    /// and lets the bots answer. `actions`, when given, is the number of actions of the state
    /// the person chose in: if the game has moved on since, the action is refused (a click on
    /// an old state, or an old request sent again).
    ///
    /// # Errors
    /// When the credential is not the player's whose turn it is (or, for undo, of a player),
    /// the action is not due or not legal, or the database fails; the game is unchanged.
    pub fn act(
        self: &Arc<Games>,
        game: &Arc<Game>,
        credential: Option<&str>,
        request: Request,
        actions: Option<usize>,
    ) -> Result<Arc<str>, GameError> {
        let state = {
            let mut table = game.table();
            if game.is_deleted() {
                return Err(GameError::NotFound(game.id().to_string()));
            }
            authorize(&game.room(), &table, credential, &request)?;
            if matches!(request, Request::Undo {}) {
                self.room_for_events(game)?;
                self.admit_change(game)?;
            }
            if timer::stand_in_due(&game.room(), &table) {
                let seat = table.position().to_move();
                return Err(GameError::NotNow(format!(
                    "{}'s turn is played by its stand-in (the seat is away, or its time ran out): its player takes the seat back with POST /api/games/{}/seats/{seat}/back",
                    table.rules().seat_colour(seat),
                    game.id()
                )));
            }
            let now_at = table.record().actions.len();
            if actions.is_some_and(|seen| seen != now_at) {
                // Answered with the state now, as when another instance's change came first.
                return Err(GameError::Moved(
                    format!(
                        "the game has moved on since the state you acted on ({} actions then, {now_at} now): look at the new state and choose again",
                        actions.unwrap_or(0)
                    ),
                    game.state_json(),
                ));
            }
            // A person who throws or moves in their seat has missed no turn.
            let by = Actor::Person(match request {
                Request::Undo {} => None,
                _ => Some(table.position().to_move()),
            });
            let prior = table.record().clone();
            apply(&mut table, request)?;
            self.commit(game, &mut table, &prior, by)?
        };
        self.drive(game);
        Ok(state)
    }

    /// Applies `request` with no check of who asks: for tests of the game's own rules.
    #[cfg(test)]
    pub(crate) fn perform(
        self: &Arc<Games>,
        game: &Arc<Game>,
        request: Request,
    ) -> Result<Arc<str>, GameError> {
        let state = {
            let mut table = game.table();
            if game.is_deleted() {
                return Err(GameError::NotFound(game.id().to_string()));
            }
            let prior = table.record().clone();
            apply(&mut table, request)?;
            self.commit(game, &mut table, &prior, Actor::Server)?
        };
        self.drive(game);
        Ok(state)
    }

    /// Commits the actions played since the record was `prior` (an undo takes actions back, so
    /// the rows from the first difference on are replaced) with the events that tell of them,
    /// then publishes them, with the turn's clock brought in line (a person who acted in their
    /// seat missed no turn). If the database refuses, the game goes back to `prior`, as the
    /// database still has it.
    fn commit(
        self: &Arc<Games>,
        game: &Arc<Game>,
        table: &mut Table,
        prior: &GameRecord,
        by: Actor,
    ) -> Result<Arc<str>, GameError> {
        let acted = match by {
            Actor::Person(seat) => seat,
            Actor::Server => None,
        };
        let actions = &table.record().actions;
        let from = prior.actions.len().min(actions.len());
        let new: Vec<String> = actions[from..]
            .iter()
            .map(|a| crate::store::token(&a.0))
            .collect();
        let mut bodies = vec![serde_json::json!({ "kind": "play", "from": from, "actions": new })];
        let server_seed = game.fair.as_ref().map(|f| f.server.to_hex());
        let mut room = game.room().clone();
        let over = table.position().phase() == Phase::Over;
        if over {
            bodies.push(serde_json::json!({
                "kind": "over",
                "result": view::result(table.rules(), table.position()),
                "server_seed": server_seed,
            }));
        }
        // A game that would go on without end (or for longer than anyone follows) stops here,
        // unfinished: its seed is revealed, since no throw will fall after.
        let max = self.limits.max_game_actions;
        let stopped = !over && room.stopped.is_none() && actions.len() >= max;
        if stopped {
            let why = format!(
                "this game was stopped unfinished after {} actions, the most a game may have on this server",
                actions.len()
            );
            bodies.push(
                serde_json::json!({ "kind": "stopped", "reason": why, "server_seed": server_seed }),
            );
            room.stopped = Some(why);
        }
        let present = acted.is_some_and(|seat| timer::present(&mut room, seat));
        let timed = timer::settle(&mut room, table, self.time.now_ms());
        let room = (present || timed || stopped).then_some(room);
        let events = game.number(bodies);
        let at = now();
        // Every [`SNAPSHOT_EVERY`] actions a snapshot of the table goes with the commit, so that
        // an instance taking the game over replays only the actions after it.
        let snapshot = (actions.len() / SNAPSHOT_EVERY > from / SNAPSHOT_EVERY)
            .then(|| (actions.len(), table.snapshot().to_json()));
        let written = self.store.commit(Commit {
            id: game.stored.id.clone(),
            actions: Some((from, new)),
            takes_back: from < prior.actions.len(),
            snapshot,
            room: room.as_ref().map(room_json).transpose()?,
            events: events.iter().map(|e| (e.n, e.json.to_string())).collect(),
            at,
            owner: self.owner_name(),
            // A person's own action: written before the bots' waiting with it.
            urgent: matches!(by, Actor::Person(_)),
            ..Commit::default()
        });
        if let Err(e) = written {
            let specs = crate::game::parse_seats(&game.room().seat_kinds(), &self.limits.bots);
            if let Ok(restored) =
                specs.and_then(|specs| restore(&game.stored, game.fair.as_ref(), &specs, prior))
            {
                *table = restored;
            }
            return Err(self.refused(game, table, e));
        }
        if let Some(room) = room {
            *game.room() = room;
        }
        let state = game.publish(table, events, at, true)?;
        self.arm(game);
        Ok(state)
    }
}

/// How many actions apart a game's table is written as a snapshot.
pub const SNAPSHOT_EVERY: usize = 100;

/// A room as the database keeps it.
pub(crate) fn room_json(room: &Room) -> Result<String, GameError> {
    serde_json::to_string(room).map_err(|e| GameError::Store(e.to_string()))
}

impl Games {
    /// The commit of a change with no action played (the room's people, its chat, its clock):
    /// the `events` that tell it at `at`, with the `room` as it is now when it changed.
    /// `person_waits`: a person asked for it, and it is written before the bots' actions.
    pub(crate) fn room_commit(
        &self,
        game: &Game,
        room: Option<&Room>,
        events: &[Event],
        at: i64,
        person_waits: bool,
    ) -> Result<Commit, GameError> {
        Ok(Commit {
            id: game.stored.id.clone(),
            room: room.map(room_json).transpose()?,
            events: events.iter().map(|e| (e.n, e.json.to_string())).collect(),
            at,
            owner: self.owner_name(),
            urgent: person_waits,
            ..Commit::default()
        })
    }
}

/// Seconds since 1970.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

mod clocks;
pub mod cluster;
mod create;
mod drive;
#[cfg(test)]
mod tests;
