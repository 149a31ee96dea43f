//! Several `pachisi serve` instances sharing one PostgreSQL database (docs/deploy.md). Each game
//! lives in exactly one instance, its **owner**: the holder of its lease in the database
//! ([`LEASE`], renewed every [`RENEW`]), which alone holds it in memory, plays its bots, stand-ins
//! and turn timer, and writes its changes. The other instances hold nothing of it: they forward
//! its requests and WebSockets to the owner (`forward`), at the address the owner keeps in the
//! database.
//!
//! - **Balanced.** The leases are shared evenly between the live instances: one over its share
//!   gives games up, one under it takes games nobody holds, so a new instance takes its share
//!   and a dead one's games are spread over the survivors. A new game is owned by the instance
//!   that creates it from the first moment (its lease written with it).
//! - **Taking over.** A game taken is read from the database and built (from its latest
//!   snapshot and the actions after it, `game::restore`) on a task of its own, so the renewal of the leases is never late for a takeover
//!   however large. A game asked for while nobody holds it (its owner killed, its lease run out)
//!   is taken by the instance asked, at once.
//! - **Giving up.** A game given up (over the share, or the lease lost) is dropped from memory
//!   and its connections are closed with "connect again": they reach the new owner.
//! - **Fenced.** Every commit names its owner, and the database writes it only while that
//!   instance holds the lease, the lease's row locked until the commit ends (`pachisi-store`):
//!   an instance that lost a game can never write to it again, and one taking it over reads it
//!   after the last commit in flight. A commit refused so gives the game up here; one refused
//!   because its event numbers were taken (a change that came first) reads the game again.
//!
//! On SQLite the one server owns every game and none of this runs.

use super::Games;
use crate::error::GameError;
use crate::game::{lock, Game};
use crate::store::{ErrorKind, Owner, Peer, StoreError};
use pachisi_table::Table;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a lease lasts unrenewed: the most a room waits for another instance to take over
/// from one killed is this and one [`RENEW`], unless a request for it comes first.
pub const LEASE: Duration = Duration::from_secs(3);
/// How often an instance renews its leases and brings its holding to its share.
pub const RENEW: Duration = Duration::from_secs(1);

/// What a request refused by another instance's change is told.
const MOVED: &str = "the game changed on another server before your request was saved: nothing of it was done; `state` is the game now";

/// What a request refused because the game moved to another instance is told.
const GONE_ELSEWHERE: &str = "the game moved to another server while your request was made: nothing of it was done; send it again";

/// Where a request for a game is answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// Here: the game lives in this instance (or nowhere, and this instance answers so).
    Here,
    /// At the instance of this address (`host:port`), its owner.
    There(String),
}

impl Games {
    /// Whether this instance drives `game` (its bots, stand-ins and turn timer): always on a
    /// database of one server, else while it holds the game's lease.
    pub(crate) fn drives(&self, game: &Game) -> bool {
        !self.store.is_shared() || game.leased.load(Ordering::Acquire)
    }

    /// The connection of the leases and the owners' lookups (on SQLite, the one store).
    pub(crate) fn leases(&self) -> &crate::store::Store {
        self.leases.as_ref().unwrap_or(&self.store)
    }

    /// The owner a commit names: this instance, on a shared database.
    pub(crate) fn owner_name(&self) -> Option<String> {
        self.store.is_shared().then(|| self.instance.clone())
    }

    /// Marks `game` held by this instance from now (created here, or taken outside a round).
    pub(crate) fn hold_now(&self, game: &Game) {
        if self.store.is_shared() {
            *lock(&game.claimed) = Some(Instant::now());
            game.leased.store(true, Ordering::Release);
        }
    }

    /// The address where the other instances reach this one, once it listens for them.
    pub(crate) fn set_address(&self, address: String) {
        let _ = self.address.set(address);
    }

    /// The live instances and their games, as the last round of leases saw them.
    pub fn peers(&self) -> Vec<Peer> {
        lock(&self.peers).clone()
    }

    /// What a request whose commit the database refused with `e` is answered: when another
    /// change took the event numbers first, the game (its table locked by the caller as
    /// `table`) is read again and the answer carries its state now; when the game moved to
    /// another instance, it is given up here and the request is to be sent again (it reaches the
    /// new owner); otherwise the database's failure.
    pub(crate) fn refused(
        self: &Arc<Games>,
        game: &Arc<Game>,
        table: &mut Table,
        e: StoreError,
    ) -> GameError {
        match e.kind() {
            ErrorKind::Conflict => match self.sync_locked(game, table) {
                Ok(_) => {
                    self.arm(game);
                    self.drive(game);
                    GameError::Moved(MOVED.into(), game.state_json())
                }
                Err(why) => {
                    GameError::Store(format!("{e}; and the game could not be read again: {why}"))
                }
            },
            ErrorKind::NotOwner => {
                self.let_go_of(game);
                GameError::Busy(GONE_ELSEWHERE.into())
            }
            _ => GameError::Store(e.to_string()),
        }
    }

    /// Brings `game` (its table locked by the caller) up to its rows. Returns whether it changed.
    fn sync_locked(&self, game: &Arc<Game>, table: &mut Table) -> Result<bool, String> {
        match self.store.load(game.id(), game.last_event()) {
            Ok(Some(fresh)) => game.catch_up(table, &fresh, &self.limits.bots),
            Ok(None) => {
                self.let_go_of(game);
                Ok(true)
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Drops `game` from this instance (it moved to another, or is gone): its bots and clock
    /// stop, and its connections are closed, to connect again and reach its owner. The map
    /// loses it only if it still holds this very game (not one taken here again since).
    fn let_go_of(&self, game: &Arc<Game>) {
        game.leased.store(false, Ordering::Release);
        game.mark_moved();
        let mut map = self.map();
        if map
            .get(game.id())
            .is_some_and(|held| Arc::ptr_eq(held, game))
        {
            map.remove(game.id());
        }
    }

    /// Where a request for the game `id` is answered. Here when the game lives here, when the
    /// database is not shared, or when there is no such game (the route answers 404); at its
    /// owner's address when another instance holds it. A game nobody holds (its owner killed,
    /// its lease run out) is taken here at once. The database is read off the async threads,
    /// and only for an id of the form games have.
    ///
    /// # Errors
    /// [`GameError::Busy`] when the database cannot be read or the owner gave no address.
    pub async fn locate(self: &Arc<Games>, id: &str) -> Result<Place, GameError> {
        if !self.store.is_shared() || !looks_like_an_id(id) || self.is_here(id) {
            return Ok(Place::Here);
        }
        let games = self.clone();
        let key = id.to_string();
        tokio::task::spawn_blocking(move || games.find_owner(&key))
            .await
            .map_err(|e| GameError::Busy(format!("the game's server could not be found: {e}")))?
    }

    /// Whether the game `id` is held here (playable or not).
    fn is_here(&self, id: &str) -> bool {
        self.map().contains_key(id) || lock(&self.unplayable).contains_key(id)
    }

    /// The owner of game `id` in the database, taking the game here when nobody holds it.
    fn find_owner(self: &Arc<Games>, id: &str) -> Result<Place, GameError> {
        let busy = |e: StoreError| GameError::Busy(format!("the database did not answer: {e}"));
        // Twice at most: a game taken by another instance between the read and the claim is
        // read again.
        for _ in 0..2 {
            match self.leases().owner(id).map_err(busy)? {
                Owner::Missing => return Ok(Place::Here),
                Owner::Held { instance, address } if instance != self.instance => {
                    return match address {
                        Some(address) => Ok(Place::There(address)),
                        None => Err(GameError::Busy(
                            "the game's server gives no address for the other servers: try again shortly".into(),
                        )),
                    };
                }
                // Held here already (a round gave it a moment ago), or nobody's: taken here.
                Owner::Held { .. } | Owner::Free => {
                    if self
                        .leases()
                        .claim(id, &self.instance, LEASE)
                        .map_err(busy)?
                    {
                        let _ = self.take(id, true);
                        return Ok(Place::Here);
                    }
                }
            }
        }
        Err(GameError::Busy(
            "the game is changing servers: try again shortly".into(),
        ))
    }

    /// Builds the game `id` from the database as this instance's (its lease held), arms its
    /// clock and resumes its bots; `claimed` when the lease was taken outside a round. `None`
    /// when it is not in the database or cannot be played here.
    fn take(self: &Arc<Games>, id: &str, claimed: bool) -> Option<Arc<Game>> {
        let game = {
            // Under the lock of creations: a game this instance is creating is added to the
            // map before the lock goes, so it is never built twice.
            let _creating = lock(&self.creating);
            // The map's guard goes before `add`, which locks the map again.
            let known = self.map().get(id).cloned();
            if let Some(game) = known {
                game
            } else {
                if lock(&self.unplayable).contains_key(id) {
                    return None;
                }
                match self.store.load(id, 0) {
                    Ok(Some(stored)) => {
                        let built = crate::game::build(stored, None, &self.limits.bots, &self.time);
                        self.add(built);
                        self.map().get(id).cloned()?
                    }
                    Ok(None) => return None,
                    Err(e) => {
                        eprintln!("game {id}: could not be read: {e}");
                        return None;
                    }
                }
            }
        };
        if claimed {
            self.hold_now(&game);
        }
        if !game.leased.swap(true, Ordering::AcqRel) || claimed {
            self.arm(&game);
            self.drive(&game);
        }
        Some(game)
    }

    /// Takes part with the other instances on a shared database: keeps this instance's leases.
    /// Nothing on SQLite.
    pub(crate) fn share(self: &Arc<Games>) {
        if !self.store.is_shared() {
            return;
        }
        eprintln!(
            "instance {} shares its database with any other pachisi server on it, reached by them at {}",
            self.instance,
            self.address.get().map_or("no address", String::as_str)
        );
        self.keep_leases();
    }

    /// Renews this instance's leases every [`RENEW`] and brings its holding to its share of the
    /// games (`Store::lease`). Taking games over is another task's, fed the latest holding:
    /// however many games a round takes, the next renewal is never late for it, so a survivor
    /// taking thousands of games keeps its own leases.
    fn keep_leases(self: &Arc<Games>) {
        let (tell, mut heard) = tokio::sync::watch::channel(Vec::<String>::new());
        let games = self.clone();
        tokio::spawn(async move {
            while heard.changed().await.is_ok() {
                let held = heard.borrow_and_update().clone();
                let g = games.clone();
                let _ = tokio::task::spawn_blocking(move || g.hold(&held)).await;
            }
        });
        let games = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(RENEW);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut failing = false;
            loop {
                every.tick().await;
                let began = Instant::now();
                let g = games.clone();
                let round = tokio::task::spawn_blocking(move || {
                    g.leases()
                        .lease(&g.instance, g.address.get().map(String::as_str), LEASE)
                });
                // A round that fails changes nothing here: the games this instance holds stay
                // in memory and go on (if their leases ran out meanwhile and another instance
                // took them, the fence refuses their next commit and they are let go then).
                let holding = match round.await {
                    Ok(Ok(holding)) => {
                        failing = false;
                        holding
                    }
                    Ok(Err(e)) => {
                        if !failing {
                            eprintln!("the leases could not be renewed (this instance takes no game until the database answers): {e}");
                        }
                        failing = true;
                        continue;
                    }
                    Err(_) => continue,
                };
                *lock(&games.peers) = holding.peers;
                // The games no longer held stop at once, whatever the takeover task is busy
                // with.
                games.renewed(&holding.held, began);
                if tell.send(holding.held).is_err() {
                    break;
                }
            }
        });
    }

    /// Stops at once every game not among `held`, the games a round of leases that began at
    /// `began` left this instance (their bots before their next action, their clocks): another
    /// instance may take them at its next round. A game claimed after the round began is not in
    /// it, and stays.
    fn renewed(&self, held: &[String], began: Instant) {
        let kept: HashSet<&str> = held.iter().map(String::as_str).collect();
        for game in self.all() {
            let fresh = lock(&game.claimed).is_some_and(|at| at >= began);
            if !fresh && !kept.contains(game.id()) && game.leased.swap(false, Ordering::AcqRel) {
                game.disarm();
            }
        }
    }

    /// This instance now holds the games `held`: those new here are read and built, their
    /// clocks armed and their bots resumed; those it holds no more (let go by the renewal) are
    /// dropped, their connections sent to the new owner.
    fn hold(self: &Arc<Games>, held: &[String]) {
        for game in self.all() {
            if !game.leased.load(Ordering::Acquire) {
                self.let_go_of(&game);
            }
        }
        let kept: HashSet<&str> = held.iter().map(String::as_str).collect();
        lock(&self.unplayable).retain(|id, _| kept.contains(id.as_str()));
        for id in held {
            self.take(id, false);
        }
    }

    /// Gives up this instance's leases (a server stopping), so that others take its games at
    /// once.
    pub(crate) fn leave(&self) {
        if self.store.is_shared() {
            if let Err(e) = self.leases().release(&self.instance) {
                eprintln!("the games' leases could not be given up: {e}");
            }
        }
    }
}

/// Whether `id` has the form of a game's id (twelve lowercase hexadecimal digits), so that a
/// request for anything else costs no read of the database.
pub(crate) fn looks_like_an_id(id: &str) -> bool {
    id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[path = "cluster_tests.rs"]
#[cfg(test)]
mod tests;
