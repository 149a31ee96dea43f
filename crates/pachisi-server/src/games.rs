//! The games the server holds ([`Game`]s, and the [`Unplayable`] ones), how they are created
//! within the server's limits, deleted by their host or when abandoned, and how their actions are
//! committed and their bots driven. Every action is committed to the database before it is
//! broadcast; if the commit fails, the game is put back as the database has it, which stays the
//! truth. Each commit also brings the turn's clock in line with the game (`room::timer`), in the same
//! transaction. Bots (and stand-ins, `games/drive.rs`) think on a pool of threads shared by
//! every game ([`Limits::work_threads`]), and a bot whose action the database refuses tries
//! again later and later, never in a spin.

use crate::action::{apply, authorize, Request};
use crate::clock::{self, ServerTime};
use crate::error::GameError;
use crate::game::{build, lock, restore, Event, Game, Unplayable};
use crate::limits::Limits;
use crate::room::timer;
use crate::room::{self, check_name, secret, token_hash, Holder, Person, Room};
use crate::store::{Commit, Store, StoredGame};
use crate::view;
use crate::work::WorkPool;
use pachisi_core::ruleset::Device;
use pachisi_core::{builtin_rules, GameRecord, Phase};
use pachisi_table::Table;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How to set up a new game (`POST /api/games`).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A built-in ruleset.
    pub ruleset: String,
    /// Who plays each seat: `me` (or `human`: the creator), `open` (a person invited by link),
    /// `bot` or `bot:SPEC`.
    #[serde(default)]
    pub seats: Vec<String>,
    /// The creator's display name.
    pub name: Option<String>,
    /// The creator's seed, added to the throws (docs/fair-throws.md).
    pub player_seed: Option<String>,
    /// Whether the open seats are listed in the lobby.
    #[serde(default)]
    pub public: bool,
    /// Whether hints may be asked for although several people play.
    #[serde(default)]
    pub hints: bool,
    /// A chosen seed: a game for practice, whose throws whoever knows the seed can tell, so it
    /// has no seat for another person. Without it the throws are fair (docs/fair-throws.md).
    pub seed: Option<u64>,
    /// The chance a cowrie falls mouth up.
    pub cowrie_p: Option<f64>,
    /// Optional rules, `FIELD=VALUE`.
    #[serde(default)]
    pub set: Vec<String>,
    /// Seconds per turn (the turn timer); none or 0: no timer.
    pub turn_seconds: Option<u32>,
    /// Turns missed in a row after which a seat is away.
    pub away_after: Option<u8>,
    /// The bot that plays a person's turn when their time runs out.
    pub stand_in: Option<String>,
}

/// What a new game's row is made of, besides its room.
pub(crate) struct Founding {
    /// The built-in ruleset.
    pub(crate) ruleset: String,
    /// Optional rules switched.
    pub(crate) overrides: Vec<String>,
    /// Who plays each seat, as seat specs.
    pub(crate) seats: Vec<String>,
    /// A chosen seed (a game for practice), or none: fair throws.
    pub(crate) seed: Option<u64>,
    /// The SHA-256 of the host's token.
    pub(crate) host: String,
}

/// A game just created, and the token of its creator (shown once, kept nowhere but as its
/// hash): it acts for the creator's seats and manages the room.
pub struct Created {
    /// The game.
    pub game: Arc<Game>,
    /// The creator's token.
    pub token: String,
}

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

    /// Checks a new game's fields against the limits before anything is parsed.
    fn check_fields(&self, new: &NewGame) -> Result<(), GameError> {
        let limits = &self.limits;
        let long = |what: &str, text: &str| {
            (text.chars().count() > limits.max_field).then(|| {
                GameError::BadRequest(format!(
                    "{what} is {} characters long; at most {} are allowed",
                    text.chars().count(),
                    limits.max_field
                ))
            })
        };
        if new.set.len() > limits.max_overrides {
            return Err(GameError::BadRequest(format!(
                "`set` lists {} options; at most {} are allowed",
                new.set.len(),
                limits.max_overrides
            )));
        }
        // No ruleset has more seats than this; longer lists are refused before any is parsed.
        if new.seats.len() > 16 {
            return Err(GameError::BadRequest(format!(
                "`seats` lists {} seats; no ruleset has more than 16",
                new.seats.len()
            )));
        }
        let fields = std::iter::once(("the ruleset", &new.ruleset))
            .chain(new.stand_in.iter().map(|s| ("the stand-in", s)))
            .chain(new.seats.iter().map(|s| ("a seat", s)))
            .chain(new.set.iter().map(|s| ("an option of `set`", s)));
        for (what, text) in fields {
            if let Some(e) = long(what, text) {
                return Err(e);
            }
        }
        Ok(())
    }

    /// Whether `client` may add a game now.
    fn check_room(&self, client: Option<IpAddr>) -> Result<(), GameError> {
        let map = self.map();
        let held = map.len() + lock(&self.unplayable).len();
        if held >= self.limits.max_games {
            return Err(GameError::TooMany(format!(
                "the server holds its limit of {} games: try again when some are finished or deleted",
                self.limits.max_games
            )));
        }
        if let Some(client) = client {
            let mine = map.values().filter(|g| g.creator == Some(client)).count();
            if mine >= self.limits.max_games_per_client {
                return Err(GameError::TooMany(format!(
                    "your address has created {mine} games on this server, its limit: delete one to start another"
                )));
            }
        }
        Ok(())
    }

    /// Creates a game for `client`, stores it, and starts the bots if they act first.
    ///
    /// # Errors
    /// When the ruleset, seats or options are invalid or over the limits, the server holds
    /// all the games it may, or the database fails.
    pub fn create(
        self: &Arc<Games>,
        new: NewGame,
        client: Option<IpAddr>,
    ) -> Result<Created, GameError> {
        self.check_fields(&new)?;
        // A client at its limit costs no compiling of rules nor building of bots; the check is
        // made again, final, under the lock that adds the game.
        self.check_room(client)?;
        let mut overrides = new.set.clone();
        if let Some(p) = new.cowrie_p {
            overrides.push(format!("throw.p_up={p}"));
        }
        let rules = builtin_rules(&new.ruleset, &overrides)
            .map_err(|e| GameError::Invalid(format!("ruleset `{}`: {e}", new.ruleset)))?;
        if new.cowrie_p.is_some() && rules.ruleset().throw.device != Device::Cowries {
            return Err(GameError::Invalid(format!(
                "cowrie_p sets how cowrie shells fall, but {} is played with dice",
                new.ruleset
            )));
        }
        check_cowries(&rules)?;
        let asked: Vec<String> = if new.seats.is_empty() {
            (0..rules.seats())
                .map(|s| if s == 0 { "me" } else { "bot" }.to_string())
                .collect()
        } else {
            new.seats.clone()
        };
        if asked.len() != usize::from(rules.seats()) {
            return Err(GameError::Invalid(format!(
                "`seats` names {} players, but {} is played by {}: give one entry per seat, e.g. [\"me\", \"open\", \"bot\", ...]",
                asked.len(),
                new.ruleset,
                rules.seats()
            )));
        }
        // `me` and `open` seats are people's: checked as `human`.
        let kinds: Vec<String> = asked
            .iter()
            .map(|s| match s.as_str() {
                "me" | "open" => "human".to_string(),
                other => other.to_string(),
            })
            .collect();
        let specs =
            crate::game::parse_seats(&kinds, &self.limits.bots).map_err(GameError::Invalid)?;
        let holders: Vec<Holder> = asked
            .iter()
            .zip(&specs)
            .map(|(asked, spec)| match (asked.as_str(), spec) {
                (_, pachisi_table::SeatSpec::Bot(b)) => Holder::Bot {
                    spec: b.to_string(),
                },
                ("open", _) => Holder::Open { invite: secret() },
                _ => Holder::Person { person: 0 },
            })
            .collect();
        if new.seed.is_some()
            && (new.public || holders.iter().any(|h| matches!(h, Holder::Open { .. })))
        {
            return Err(GameError::Invalid(
                "a game with a chosen seed is for practice: whoever knows the seed knows every throw, so it has no seat for another person. Leave `seed` out for fair throws".into(),
            ));
        }
        let name = check_name(new.name.as_deref().unwrap_or("Host"))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
        let seed_text = new.player_seed.clone().unwrap_or_default();
        if !seed_text.is_empty() {
            pachisi_fair::PlayerSeed::new(&seed_text)
                .map_err(|e| GameError::Invalid(format!("your seed: {e}")))?;
        }
        view::BoardView::of(&rules).map_err(GameError::Invalid)?;
        // A turn of 0 seconds is no timer, as in the room's options.
        let turn_seconds = new.turn_seconds.filter(|&s| s != 0);
        let stand_in = clock::check_options(
            turn_seconds,
            new.away_after,
            new.stand_in.as_deref(),
            &self.limits.bots,
        )?;
        let token = secret();
        let host = Person {
            token: token_hash(&token),
            name,
            host: true,
            seed: seed_text,
        };
        let mut room = Room::new(host, holders, new.public, new.hints);
        room.timer.turn_seconds = turn_seconds;
        room.timer.away_after = new.away_after.unwrap_or(room.timer.away_after);
        if let Some(spec) = stand_in {
            room.timer.stand_in = spec;
        }
        let seats = specs.iter().map(ToString::to_string).collect();
        let game = self.found(
            Founding {
                ruleset: new.ruleset,
                overrides,
                seats,
                seed: new.seed,
                host: token_hash(&token),
            },
            room,
            client,
        )?;
        Ok(Created { game, token })
    }

    /// Makes a game of `room` (new, or a rematch's copy) as `founding` says, stores it, and
    /// starts its bots and clock: the game begins at once when no seat is open.
    pub(crate) fn found(
        self: &Arc<Games>,
        founding: Founding,
        mut room: Room,
        client: Option<IpAddr>,
    ) -> Result<Arc<Game>, GameError> {
        let server_seed = match founding.seed {
            Some(_) => None,
            None => Some(
                pachisi_fair::ServerSeed::generate()
                    .map_err(|e| GameError::Store(e.to_string()))?
                    .to_hex(),
            ),
        };
        let created = now();
        let mut stored = StoredGame {
            id: new_id(),
            created,
            updated: created,
            ruleset: founding.ruleset,
            overrides: founding.overrides,
            seats: founding.seats,
            seed: founding.seed.unwrap_or(0),
            server_seed,
            player_seeds: None,
            room: None,
            host: Some(founding.host),
            // Who begins is thrown for when the game begins.
            opening: Some(String::new()),
            actions: Vec::new(),
            snapshot: None,
            events: Vec::new(),
        };
        // Kept with the room, so that the games of an address are counted after a restart too.
        room.creator = client.map(|c| c.to_string());
        let mut events = vec![serde_json::json!({ "kind": "created" })];
        if room.started {
            let (table, seeds, opening) = self.start_of(&stored, &room)?;
            stored.player_seeds = Some(seeds);
            stored.opening = Some(opening.clone());
            events.push(serde_json::json!({ "kind": "start", "opening": opening }));
            // A person who throws first is on the clock from now.
            timer::settle(&mut room, &table, self.time.now_ms());
        }
        stored.room = Some(room_json(&room)?);
        stored.events = events
            .into_iter()
            .zip(1..)
            .map(|(body, n)| (n, Event::new(n, body).json.to_string()))
            .collect();
        let row = stored.clone();
        let game = build(stored, client, &self.limits.bots, &self.time)
            .map_err(|u| GameError::Invalid(u.reason))?;
        let game = {
            let _creating = lock(&self.creating);
            self.check_room(client)?;
            // Owned by this instance from the first moment (its lease written with it), so its
            // bots and clock start at once.
            let written = if self.store.is_shared() {
                self.store.insert_held(&row, &self.instance, cluster::LEASE)
            } else {
                self.store.insert(&row)
            };
            written.map_err(|e| GameError::Store(e.to_string()))?;
            let game = Arc::new(game);
            self.hold_now(&game);
            self.map().insert(game.stored.id.clone(), game.clone());
            game
        };
        self.arm(&game);
        self.drive(&game);
        Ok(game)
    }

    /// A game that begins with `room` as it is: its fresh table, the players' seeds (as the
    /// record's tag: each person's seed goes with the first seat they hold) and the throw-off (as
    /// its `Opening` tag, empty without one).
    pub(crate) fn start_of(
        &self,
        stored: &StoredGame,
        room: &Room,
    ) -> Result<(Table, String, String), GameError> {
        let seeds = room::player_seeds(room).map_err(|e| GameError::Invalid(e.to_string()))?;
        let fair = crate::game::fair_of(stored).map_err(GameError::Invalid)?;
        let specs = crate::game::parse_seats(&room.seat_kinds(), &self.limits.bots)
            .map_err(GameError::Invalid)?;
        let (table, opening) = crate::game::begin(stored, fair.as_ref(), &seeds, &specs)
            .map_err(GameError::Invalid)?;
        let tag = seeds.to_tag(table.rules());
        Ok((table, tag, opening))
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

/// The chances of a cowrie falling mouth up that the server plays with
/// (the rest are refused when a game is created): measured in docs/security.md ("Games that
/// end").
pub const COWRIE_P_UP: std::ops::RangeInclusive<f64> = 0.3..=0.7;

/// Refuses shells that fall so unevenly that a game cannot be expected to end in reasonable
/// time: far from even, nearly every throw is the same, and in some rulesets that throw brings
/// no piece in (every turn passes) or gives another throw for ever.
///
/// # Errors
/// [`GameError::Invalid`], naming the range accepted, when the rules' chance is outside it.
pub(crate) fn check_cowries(rules: &pachisi_core::Rules) -> Result<(), GameError> {
    let throw = &rules.ruleset().throw;
    if throw.device != Device::Cowries || COWRIE_P_UP.contains(&throw.p_up) {
        return Ok(());
    }
    Err(GameError::Invalid(format!(
        "with cowries that fall mouth up with a chance of {}, a game could go on for days without end: this server plays chances from {} to {} (0.5 is an even fall)",
        throw.p_up,
        COWRIE_P_UP.start(),
        COWRIE_P_UP.end()
    )))
}

/// A room as the database keeps it.
pub(crate) fn room_json(room: &Room) -> Result<String, GameError> {
    serde_json::to_string(room).map_err(|e| GameError::Store(e.to_string()))
}

fn new_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
}

/// Seconds since 1970.
pub(crate) fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

mod clocks;
pub mod cluster;
mod drive;
#[cfg(test)]
mod tests;
