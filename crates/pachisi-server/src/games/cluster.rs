//! Several `pachisi serve` instances sharing one PostgreSQL database (docs/deploy.md). Each
//! instance holds every game in memory and serves every room; the rows are the truth, and this
//! module keeps the instance in step with them:
//!
//! - **Changes heard.** Every change is announced by PostgreSQL (`NOTIFY`, with the game and its
//!   last event's number); a thread hears them and brings the game up to date in place
//!   (`Game::catch_up`), so local WebSockets are told another instance's events in order, each
//!   once. A game new here is loaded, a game deleted is dropped. After the listener's
//!   connection was lost every game is compared with the database, since notifications sent
//!   meanwhile are gone.
//! - **Conflicts.** A commit refused because another instance took its event numbers first
//!   ([`ErrorKind::Conflict`]) is never applied: the game is caught up and the request answered
//!   with the state now ([`GameError::Moved`]).
//! - **Driving.** Bots, stand-ins and turn timers are played by one instance per game, the holder
//!   of its lease in the database ([`LEASE`], renewed every [`RENEW`]). The leases are shared
//!   evenly between the live instances: one over its share gives games up, one under it takes
//!   games nobody holds, so a new instance takes its share and a dead one's games are spread
//!   over the others. A lease not renewed (its instance killed, or cut off) is taken over by
//!   another, which catches the game up, arms its clock and resumes its bots, on a task of its
//!   own, so that the renewal is never late for a takeover however large. The event numbers'
//!   key stays the final guard: an ex-driver that wakes up late is refused, so a turn never gets
//!   two bot moves.
//!
//! On SQLite the one server drives every game and none of this runs.

use super::Games;
use crate::game::{lock, Game, GameError};
use crate::store::{ErrorKind, Notice, StoreError};
use pachisi_table::Table;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{mpsc, Arc};
use std::time::Duration;

/// How long a lease lasts unrenewed: the most a room waits for another instance to take over
/// from one killed is this and one [`RENEW`].
pub const LEASE: Duration = Duration::from_secs(3);
/// How often an instance renews its leases and brings its holding to its share.
pub const RENEW: Duration = Duration::from_secs(1);

/// The wait before the games are compared with the database again after it failed to answer.
const RESYNC: Duration = Duration::from_millis(500);

/// What a request refused by another instance's change is told.
const MOVED: &str = "the game changed on another server before your request was saved: nothing of it was done; `state` is the game now";

impl Games {
    /// Whether this instance drives `game` (its bots, stand-ins and turn timer): always on a
    /// database of one server, else while it holds the game's lease.
    pub(crate) fn drives(&self, game: &Game) -> bool {
        !self.store.is_shared() || game.leased.load(Ordering::Acquire)
    }

    /// What a request whose commit the database refused with `e` is answered: when another
    /// instance took the event numbers first, the game (its table locked by the caller as
    /// `table`) is caught up and the answer carries its state now; otherwise the database's
    /// failure.
    pub(crate) fn refused(
        self: &Arc<Games>,
        game: &Arc<Game>,
        table: &mut Table,
        e: StoreError,
    ) -> GameError {
        if e.kind() != ErrorKind::Conflict {
            return GameError::Store(e.to_string());
        }
        match self.sync_locked(game, table) {
            Ok(_) => {
                // The notice of the change that came first finds this instance up to date
                // already: the bots and clock due after it are started here.
                self.arm(game);
                self.drive(game);
                GameError::Moved(MOVED.into(), game.state_json())
            }
            Err(why) => {
                GameError::Store(format!("{e}; and the game could not be read again: {why}"))
            }
        }
    }

    /// Brings `game` (its table locked by the caller) up to its rows. Returns whether it changed.
    fn sync_locked(&self, game: &Arc<Game>, table: &mut Table) -> Result<bool, String> {
        match self.store.load(game.id(), game.last_event()) {
            Ok(Some(fresh)) => game.catch_up(table, &fresh, &self.limits.bots),
            Ok(None) => {
                self.forget(game.id());
                Ok(true)
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Brings `game` up to its rows, then arms its clock and lets its bots play if they are due
    /// (and this instance drives it). Returns false when the database could not be read.
    pub(crate) fn catch_up(self: &Arc<Games>, game: &Arc<Game>) -> bool {
        let synced = {
            let mut table = game.table();
            if game.is_deleted() {
                return true;
            }
            self.sync_locked(game, &mut table)
        };
        match synced {
            Ok(true) => {
                self.arm(game);
                self.drive(game);
                true
            }
            Ok(false) => true,
            Err(e) => {
                eprintln!("game {}: could not be brought up to date: {e}", game.id());
                false
            }
        }
    }

    /// Drops the game `id`, deleted by another instance, and tells its watchers.
    fn forget(&self, id: &str) {
        if let Some(game) = self.map().remove(id) {
            game.mark_deleted();
        }
        lock(&self.unplayable).remove(id);
    }

    /// The game `id` for a request: from memory, or, with a database shared with other
    /// instances, from the database when this instance has not heard of it yet (a room created
    /// on another instance a moment ago, whose invitation was just opened here). The database
    /// is read off the async threads, and only for an id of the form games have.
    ///
    /// # Errors
    /// As [`Games::get`].
    pub async fn find(self: &Arc<Games>, id: &str) -> Result<Arc<Game>, GameError> {
        match self.get(id) {
            Err(GameError::NotFound(_)) if self.store.is_shared() && looks_like_an_id(id) => {
                let games = self.clone();
                let key = id.to_string();
                tokio::task::spawn_blocking(move || games.load_new(&key))
                    .await
                    .ok()
                    .flatten()
                    .ok_or_else(|| GameError::NotFound(id.to_string()))
            }
            other => other,
        }
    }

    /// The game `id`, loaded from the database if it is new here (created by another
    /// instance); `None` when it is not in the database or cannot be played here.
    fn load_new(&self, id: &str) -> Option<Arc<Game>> {
        // Under the lock of creations: a game this instance is creating is added to the map
        // before the lock goes, so it is never built twice.
        let _creating = lock(&self.creating);
        if let Some(game) = self.map().get(id) {
            return Some(game.clone());
        }
        if lock(&self.unplayable).contains_key(id) {
            return None;
        }
        match self.store.load(id, 0) {
            Ok(Some(stored)) => {
                self.add(crate::game::build(
                    stored,
                    None,
                    &self.limits.bots,
                    &self.time,
                ));
                self.map().get(id).cloned()
            }
            Ok(None) => None,
            Err(e) => {
                eprintln!("game {id}: could not be read: {e}");
                None
            }
        }
    }

    /// What to do about a notice. Returns false when the database could not be read: the
    /// games are then compared with it again later.
    fn heard(self: &Arc<Games>, notice: Notice) -> bool {
        match notice {
            Notice::Changed { game: id, head } => {
                let known = self.map().get(&id).cloned();
                match known {
                    // This instance's own change, or one it has caught up with already. (0: a
                    // change that told no event, read again.)
                    Some(game) if head != 0 && head <= game.last_event() => true,
                    Some(game) => self.catch_up(&game),
                    None => {
                        if let Some(game) = self.load_new(&id) {
                            self.arm(&game);
                            self.drive(&game);
                        }
                        true
                    }
                }
            }
            Notice::Deleted { game } => {
                self.forget(&game);
                true
            }
            Notice::Reconnected => self.resync(),
        }
    }

    /// Compares every game with the database: notices may have been missed while the listener
    /// was away. Games behind are caught up, games new are loaded, games gone are dropped.
    fn resync(self: &Arc<Games>) -> bool {
        let heads = match self.store.heads() {
            Ok(heads) => heads,
            Err(e) => {
                eprintln!("the games could not be compared with the database: {e}");
                return false;
            }
        };
        let stored: HashSet<&str> = heads.iter().map(|(id, _)| id.as_str()).collect();
        let gone: Vec<String> = self
            .map()
            .keys()
            .chain(lock(&self.unplayable).keys())
            .filter(|id| !stored.contains(id.as_str()))
            .cloned()
            .collect();
        for id in gone {
            self.forget(&id);
        }
        let mut read = true;
        for (id, head) in &heads {
            read &= self.heard(Notice::Changed {
                game: id.clone(),
                head: (*head).max(1),
            });
        }
        read
    }

    /// Takes part with the other instances on a shared database: hears their changes on a
    /// thread of its own and keeps this instance's leases. Nothing on SQLite.
    pub(crate) fn share(self: &Arc<Games>) {
        if !self.store.is_shared() {
            return;
        }
        eprintln!(
            "instance {} shares its database with any other pachisi server on it",
            self.instance
        );
        let notices = match self.store.listen() {
            Ok(Some(notices)) => notices,
            Ok(None) => return,
            Err(e) => {
                eprintln!("other instances' changes cannot be heard: {e}");
                return;
            }
        };
        let games = self.clone();
        let runtime = tokio::runtime::Handle::current();
        let listening = std::thread::Builder::new()
            .name("pachisi-sync".into())
            .spawn(move || {
                // Catching up arms clocks and starts bots, which are tasks of the runtime.
                let _runtime = runtime.enter();
                // A notice that could not be acted on (the database did not answer, as when
                // the writer's connection was lost with the listener's) is not heard again:
                // every game is compared with the database until that succeeds.
                let mut behind = false;
                loop {
                    match notices.recv_timeout(RESYNC) {
                        Ok(notice) => behind |= !games.heard(notice),
                        Err(mpsc::RecvTimeoutError::Timeout) => {}
                        Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    }
                    if behind {
                        behind = !games.resync();
                    }
                }
            });
        if let Err(e) = listening {
            eprintln!("other instances' changes cannot be heard: {e}");
        }
        self.keep_leases();
    }

    /// Renews this instance's leases every [`RENEW`] and brings its holding to its share of the
    /// games (`Store::lease`). Taking games over (catching each up, arming its clock, resuming
    /// its bots) is another task's, fed the latest holding: however many games a round takes,
    /// the next renewal is never late for it, so a survivor taking thousands of games keeps its
    /// own leases.
    fn keep_leases(self: &Arc<Games>) {
        let (tell, mut heard) = tokio::sync::watch::channel(Vec::<String>::new());
        let games = self.clone();
        tokio::spawn(async move {
            while heard.changed().await.is_ok() {
                let held = heard.borrow_and_update().clone();
                let g = games.clone();
                let _ = tokio::task::spawn_blocking(move || g.hold(held)).await;
            }
        });
        let games = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(RENEW);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut failing = false;
            loop {
                every.tick().await;
                let g = games.clone();
                let round = tokio::task::spawn_blocking(move || g.store.lease(&g.instance, LEASE));
                // A round slower than the lease leaves nothing sure: the leases may have run
                // out meanwhile, so none is held.
                let held = match tokio::time::timeout(LEASE - RENEW, round).await {
                    Ok(Ok(Ok(held))) => {
                        failing = false;
                        Some(held)
                    }
                    Ok(Ok(Err(e))) => {
                        if !failing {
                            eprintln!(
                                "this instance drives no game until the database answers: {e}"
                            );
                        }
                        failing = true;
                        None
                    }
                    _ => None,
                };
                // The games no longer held are let go at once (their bots stop before their
                // next action), whatever the takeover task is busy with: another instance may
                // take them at its next round.
                let held = held.unwrap_or_default();
                let kept: HashSet<&str> = held.iter().map(String::as_str).collect();
                for game in games.all() {
                    if !kept.contains(game.id()) && game.leased.swap(false, Ordering::AcqRel) {
                        game.disarm();
                    }
                }
                if tell.send(held).is_err() {
                    break;
                }
            }
        });
    }

    /// This instance now drives the games `held`: those it did not drive before are caught up,
    /// their clocks armed and their bots resumed. (The games it no longer holds were let go by
    /// the renewal itself, at once.)
    fn hold(self: &Arc<Games>, held: Vec<String>) {
        for id in &held {
            // The map's guard must be gone before `load_new`, which locks the map again.
            let known = self.map().get(id).cloned();
            let game = known.or_else(|| self.load_new(id));
            let Some(game) = game else { continue };
            if !game.leased.swap(true, Ordering::AcqRel) {
                // Its last driver may have acted just before it stopped.
                self.catch_up(&game);
                self.arm(&game);
                self.drive(&game);
            }
        }
    }

    /// Takes the lease of a game this instance just created, so that its bots and clock start
    /// at once rather than at the next round of leases (a second on PostgreSQL). Should the
    /// database not answer, the next round gives the game to an instance.
    pub(crate) fn claim(&self, game: &Game) {
        if !self.store.is_shared() {
            return;
        }
        match self.store.claim(game.id(), &self.instance, LEASE) {
            Ok(held) => game.leased.store(held, Ordering::Release),
            Err(e) => eprintln!(
                "game {}: its lease waits for the next round: {e}",
                game.id()
            ),
        }
    }

    /// Gives up this instance's leases (a server stopping), so that others take its games at
    /// once.
    pub(crate) fn leave(&self) {
        if self.store.is_shared() {
            if let Err(e) = self.store.release(&self.instance) {
                eprintln!("the games' leases could not be given up: {e}");
            }
        }
    }
}

/// Whether `id` has the form of a game's id (twelve lowercase hexadecimal digits), so that a
/// request for anything else costs no read of the database.
fn looks_like_an_id(id: &str) -> bool {
    id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[cfg(test)]
#[path = "cluster_tests.rs"]
mod tests;
