//! The places of the open WebSockets: how many each address, each game and the whole server
//! hold, and which connections each person of a table has open.
//!
//! A connection takes a place in three steps, so that the places a stranger can take never keep
//! a player out:
//!
//! - at the upgrade, before the client says who it is, only an unidentified place ([`Waiting`]),
//!   at most [`Limits::max_unidentified_per_client`] per address (the hello timeout drops the
//!   silent ones);
//! - a watcher then takes a place of the game ([`Limits::max_sockets_per_game`]), of its address
//!   ([`Limits::max_sockets_per_client`]) and of the server ([`Limits::max_sockets`], which
//!   counts the unidentified too), or is refused;
//! - a person of the table is never refused: their connections are bounded by
//!   [`Limits::max_sockets_per_person`] at each game, a newer one closing their oldest.
//!
//! [`Limits::max_unidentified_per_client`]: crate::Limits::max_unidentified_per_client
//! [`Limits::max_sockets_per_game`]: crate::Limits::max_sockets_per_game
//! [`Limits::max_sockets_per_client`]: crate::Limits::max_sockets_per_client
//! [`Limits::max_sockets`]: crate::Limits::max_sockets
//! [`Limits::max_sockets_per_person`]: crate::Limits::max_sockets_per_person

use crate::game::{lock, Game};
use crate::limits::Limits;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::Notify;

/// The places of every WebSocket of the server.
#[derive(Default)]
pub(crate) struct Places {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    /// Connections counted against the whole server's limit: the unidentified and the
    /// watchers. People of a table are not, so that no number of strangers keeps them out.
    counted: usize,
    /// What each address holds (the address as [`crate::net::client_key`] gives it; `None` for
    /// a server told no address). An address holding nothing has no entry.
    clients: HashMap<Option<IpAddr>, Held>,
    /// The open connections of each person at each game (game id, index of the person), oldest
    /// first, each with the signal that closes it.
    people: HashMap<Person, VecDeque<(u64, Arc<Notify>)>>,
    /// The number of the next person's connection.
    next: u64,
}

/// A person at a game: the game's id and the person's index in its room.
type Person = (String, usize);

/// What one address holds.
#[derive(Default, Clone, Copy)]
struct Held {
    unidentified: usize,
    watchers: usize,
}

impl Inner {
    fn held(&mut self, client: Option<IpAddr>) -> &mut Held {
        self.clients.entry(client).or_default()
    }

    /// Forgets an address that holds nothing any more, so the map stays as small as the
    /// addresses connected.
    fn tidy(&mut self, client: Option<IpAddr>) {
        if self
            .clients
            .get(&client)
            .is_some_and(|h| h.unidentified == 0 && h.watchers == 0)
        {
            self.clients.remove(&client);
        }
    }
}

/// The place of a connection that has not said who it is yet.
pub(crate) struct Waiting {
    /// Taken when the place becomes a watcher's or a person's.
    places: Option<Arc<Places>>,
    client: Option<IpAddr>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(places) = self.places.take() {
            let mut inner = lock(&places.inner);
            inner.counted = inner.counted.saturating_sub(1);
            let held = inner.held(self.client);
            held.unidentified = held.unidentified.saturating_sub(1);
            inner.tidy(self.client);
        }
    }
}

/// A watcher's place: in its game, its address and the server.
pub(crate) struct Watching {
    places: Arc<Places>,
    client: Option<IpAddr>,
    game: Arc<AtomicUsize>,
}

impl Drop for Watching {
    fn drop(&mut self) {
        self.game.fetch_sub(1, Ordering::AcqRel);
        let mut inner = lock(&self.places.inner);
        inner.counted = inner.counted.saturating_sub(1);
        let held = inner.held(self.client);
        held.watchers = held.watchers.saturating_sub(1);
        inner.tidy(self.client);
    }
}

/// A person's connection to a game, and the signal that closes it when they open too many.
pub(crate) struct Seated {
    places: Arc<Places>,
    key: Person,
    number: u64,
    /// Notified when a newer connection of the same person takes this one's place.
    pub(crate) replaced: Arc<Notify>,
}

impl Drop for Seated {
    fn drop(&mut self) {
        let mut inner = lock(&self.places.inner);
        if let Some(open) = inner.people.get_mut(&self.key) {
            open.retain(|(n, _)| *n != self.number);
            if open.is_empty() {
                inner.people.remove(&self.key);
            }
        }
    }
}

/// The place a connection holds, as far as it has come; each is given back when dropped, so a
/// watcher's and a person's are only held, never read.
pub(crate) enum Place {
    /// Between two of the others.
    Gone,
    /// Not yet said who it is.
    Waiting(Waiting),
    /// A watcher.
    Watching { _held: Watching },
    /// A person of the table.
    Seated { _held: Seated },
}

/// Why a watcher gets no place: a text for them.
pub(crate) type Full = String;

impl Places {
    /// An unidentified place for a connection from `client`, unless the address already has
    /// `limits.max_unidentified_per_client` of them. The whole server's count takes it, but
    /// never refuses it: a player's connection is unidentified too until it says hello, and
    /// strangers from many addresses must not keep it out.
    pub(crate) fn wait(
        self: &Arc<Places>,
        client: Option<IpAddr>,
        limits: &Limits,
    ) -> Result<Waiting, Full> {
        let mut inner = lock(&self.inner);
        let held = inner.held(client);
        if held.unidentified >= limits.max_unidentified_per_client.max(1) {
            return Err(format!(
                "this address has {} connections that have not said who they are yet: \
                 try again in a few seconds",
                held.unidentified
            ));
        }
        held.unidentified += 1;
        inner.counted += 1;
        Ok(Waiting {
            places: Some(self.clone()),
            client,
        })
    }

    /// Turns `waiting` into a watcher's place at `game`, if the game, the address and the
    /// server have room for one more. Refused, `waiting` gives its place back as it is dropped,
    /// after this function's lock (a parameter outlives the locals).
    pub(crate) fn watch(
        self: &Arc<Places>,
        mut waiting: Waiting,
        game: &Game,
        limits: &Limits,
    ) -> Result<Watching, Full> {
        let client = waiting.client;
        let mut inner = lock(&self.inner);
        // Every place of a watcher is taken under this lock, so a count read here is not
        // overtaken before it is raised.
        let per_game = limits.max_sockets_per_game;
        if game.sockets.load(Ordering::Acquire) >= per_game {
            return Err(format!(
                "game {} has its limit of {per_game} watchers: try again later",
                game.id()
            ));
        }
        if inner.held(client).watchers >= limits.max_sockets_per_client {
            return Err(format!(
                "this address has its limit of {} watching connections open: close one, or \
                 try again later",
                limits.max_sockets_per_client
            ));
        }
        // This connection is counted already, as unidentified.
        if inner.counted > limits.max_sockets {
            return Err(format!(
                "the server has its limit of {} live connections open: try again later",
                limits.max_sockets
            ));
        }
        game.sockets.fetch_add(1, Ordering::AcqRel);
        let held = inner.held(client);
        held.unidentified = held.unidentified.saturating_sub(1);
        held.watchers += 1;
        // The count of the server stays: the unidentified place is the watcher's now.
        waiting.places = None;
        Ok(Watching {
            places: self.clone(),
            client,
            game: game.sockets.clone(),
        })
    }

    /// Turns `waiting` into the connection of person `person` at `game`, always: if they now
    /// have more than `limits.max_sockets_per_person` open there, their oldest is told to close.
    pub(crate) fn seat(
        self: &Arc<Places>,
        mut waiting: Waiting,
        game: &Game,
        person: usize,
        limits: &Limits,
    ) -> Seated {
        let client = waiting.client;
        let replaced = Arc::new(Notify::new());
        let key = (game.id().to_string(), person);
        let mut inner = lock(&self.inner);
        inner.counted = inner.counted.saturating_sub(1);
        let held = inner.held(client);
        held.unidentified = held.unidentified.saturating_sub(1);
        inner.tidy(client);
        waiting.places = None;
        let number = inner.next;
        inner.next += 1;
        let open = inner.people.entry(key.clone()).or_default();
        open.push_back((number, replaced.clone()));
        while open.len() > limits.max_sockets_per_person.max(1) {
            if let Some((_, oldest)) = open.pop_front() {
                // Kept until the connection wakes, should it not be waiting right now.
                oldest.notify_one();
            }
        }
        Seated {
            places: self.clone(),
            key,
            number,
            replaced,
        }
    }
}
