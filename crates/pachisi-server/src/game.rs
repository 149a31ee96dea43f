//! One game on the server: its [`Table`] and its [`Room`] behind locks, what is shown of it (its
//! state, its line in the lobby and its numbered events, kept apart from the table's lock so
//! that reading them never waits for a bot's search or a write to the database), and the
//! channel that tells its players and watchers of every event. A game that cannot be played here
//! (its bot names a file, or asks more than the server allows, or its actions no longer replay)
//! is kept as [`Unplayable`], with the reason.
//!
//! Every change of a game is made by a writer holding the table's lock: the writer numbers the
//! change's events, commits them with the change, and only then publishes them (`Game::publish`),
//! so events are told in the order of their numbers and never before they are on disk.

use crate::clock::ServerTime;
use crate::limits::BotLimits;
use crate::room::{Holder, Room};
use crate::store::{record_of, StoredGame};
use crate::view;
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, GameRecord, Phase, Position, Rules};
use pachisi_fair::{Commitment, FairDice, PlayerSeeds, ServerSeed};
use pachisi_table::{fair_record_header, record_header, SeatSpec, Table};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

use events::{tail, ChatCount};
pub use events::{ChatLine, Event, Published, Update};
use shown::{Fields, RoomShown, StateText};

// A person's action and the errors of a game are their own modules, below this one; they are
// named here too, where the API has always had them.
pub use crate::action::{parse_request, Request};
pub use crate::error::GameError;

/// What is shown of a game without locking its table: changed with every commit.
struct Shown {
    /// The state, its clock's time left brought up to date when it is read.
    state: StateText,
    summary: serde_json::Value,
    updated: i64,
    /// Every event so far, in order.
    events: Vec<Event>,
    /// The chat lines among them on each line, the table's and the watchers', counted as they
    /// come (the chat's bound is checked at every line said).
    said: ChatCount,
}

/// What a connection that watches a game starts from ([`Game::follow`]).
pub struct Following {
    /// The events after the number asked for.
    pub events: Vec<Event>,
    /// The state now, its clock's time left as of now.
    pub state: Arc<str>,
    /// The number of the last event.
    pub last: u64,
    /// The state's number ([`Published::version`]): the next state published has one more.
    pub version: u64,
}

/// The fair throws of a game: the server's secret seed and its published commitment.
pub(crate) struct Fair {
    pub(crate) server: ServerSeed,
    pub(crate) commitment: Commitment,
}

/// One game.
pub struct Game {
    /// The game's row: its id, when it was created, the rules, the seats and the seed. Its
    /// actions, room and events are kept in the table, room and shown events from the moment
    /// the game is built.
    pub(crate) stored: StoredGame,
    /// The address that created it (for the limit per client), kept in its room.
    pub(crate) creator: Option<IpAddr>,
    /// The fair throws' seeds; `None` for a game of a chosen seed.
    pub(crate) fair: Option<Fair>,
    table: Mutex<Table>,
    /// Who is at the table; changed only by a writer holding the table's lock.
    room: Mutex<Room>,
    shown: Mutex<Shown>,
    /// The state's texts of the room, kept by the writers (who hold the table's lock).
    room_shown: Mutex<RoomShown>,
    updates: broadcast::Sender<Update>,
    /// When each speaker last chatted, and when the room last changed, for the rate limits.
    pub(crate) rates: Mutex<crate::rate::Recent>,
    /// Whether a task is playing the bots' turns.
    pub(crate) driving: AtomicBool,
    /// Whether this server instance holds the game's lease, and so drives its bots and turn
    /// timer (`cluster`); always on a database of one server.
    pub(crate) leased: AtomicBool,
    /// Whether the game was deleted (its task and its watchers stop).
    deleted: AtomicBool,
    /// Whether the game moved to another server instance (its connections are closed, to
    /// connect again there).
    moved: AtomicBool,
    /// When this instance took the game's lease outside a round of leases (creating it, or
    /// asked for it while nobody held it): a round that began before then does not know of it.
    pub(crate) claimed: Mutex<Option<std::time::Instant>>,
    /// Open WebSockets on this game.
    pub(crate) sockets: Arc<AtomicUsize>,
    /// The server's time, which the turn clocks count in.
    pub(crate) time: Arc<ServerTime>,
    /// The deadline of the clock whose timer is armed, and its task (`Games::arm`).
    pub(crate) armed: Mutex<Option<(i64, tokio::task::AbortHandle)>>,
}

/// Locks `mutex`; a panic while it was held leaves the value as the last complete change left it.
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

impl Game {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.stored.id
    }

    pub(crate) fn table(&self) -> MutexGuard<'_, Table> {
        lock(&self.table)
    }

    /// The room (who holds each seat). A writer changes it only while holding the table's lock.
    pub(crate) fn room(&self) -> MutexGuard<'_, Room> {
        lock(&self.room)
    }

    /// When each speaker last chatted, and when the room last changed (the rate limits).
    pub(crate) fn rates(&self) -> MutexGuard<'_, crate::rate::Recent> {
        lock(&self.rates)
    }

    /// The chat lines said so far on `line`.
    pub(crate) fn chat_count(&self, line: ChatLine) -> usize {
        lock(&self.shown).said.on(line)
    }

    /// The number of the last event (0 before the first).
    pub fn last_event(&self) -> u64 {
        lock(&self.shown).events.last().map_or(0, |e| e.n)
    }

    /// The state as JSON text, as of the last action (its clock's time left as of now).
    pub fn state_json(&self) -> Arc<str> {
        let shown = lock(&self.shown);
        self.fresh(&shown)
    }

    /// The state shown, its clock's time left brought up to now.
    fn fresh(&self, shown: &Shown) -> Arc<str> {
        shown.state.fresh(self.time.now_ms())
    }

    /// The game's line in the list of games.
    pub fn summary(&self) -> serde_json::Value {
        lock(&self.shown).summary.clone()
    }

    /// When the game last changed (seconds since 1970).
    pub fn updated(&self) -> i64 {
        lock(&self.shown).updated
    }

    /// Whether the game was deleted.
    pub fn is_deleted(&self) -> bool {
        self.deleted.load(Ordering::Acquire)
    }

    /// Whether the game moved to another server instance.
    pub fn is_moved(&self) -> bool {
        self.moved.load(Ordering::Acquire)
    }

    /// The state now and the number of the last event it follows.
    pub fn state_now(&self) -> (Arc<str>, u64) {
        let shown = lock(&self.shown);
        (self.fresh(&shown), shown.events.last().map_or(0, |e| e.n))
    }

    /// The events after number `after`, in order (all of them when `after` is 0).
    pub fn events_after(&self, after: u64) -> Vec<Event> {
        let shown = lock(&self.shown);
        tail(&shown.events, after).to_vec()
    }

    /// Watches the game from event `after` on: the events since then, the state now, and every
    /// update from then on. All three are taken under the lock that `Game::publish` holds, so
    /// the updates begin exactly after the last event returned: none is missed, none told twice.
    /// The number returned is the last event's, taken under the same lock.
    pub fn watch(&self, after: u64) -> (Vec<Event>, Arc<str>, u64, broadcast::Receiver<Update>) {
        let (from, updates) = self.follow(after);
        (from.events, from.state, from.last, updates)
    }

    /// Watches the game from event `after` on, as [`Game::watch`] does, with the state's number,
    /// from which the updates' patches follow one after another.
    pub fn follow(&self, after: u64) -> (Following, broadcast::Receiver<Update>) {
        let shown = lock(&self.shown);
        (self.following(&shown, after), self.updates.subscribe())
    }

    /// The events after `after`, the state now and its number, without watching.
    pub fn since(&self, after: u64) -> Following {
        self.following(&lock(&self.shown), after)
    }

    fn following(&self, shown: &Shown, after: u64) -> Following {
        Following {
            events: tail(&shown.events, after).to_vec(),
            state: self.fresh(shown),
            last: shown.events.last().map_or(0, |e| e.n),
            version: shown.state.version(),
        }
    }

    /// Numbers `bodies` as the game's next events (the caller holds the table's lock, so no
    /// other writer takes the same numbers).
    pub(crate) fn number(&self, bodies: Vec<serde_json::Value>) -> Vec<Event> {
        let last = self.last_event();
        bodies
            .into_iter()
            .zip(last + 1..)
            .map(|(body, n)| Event::new(n, body))
            .collect()
    }

    /// Publishes `events` (committed) and, when `state_changed`, the state after them at `table`
    /// (this game's, locked) with what changed since the state before, to readers and watchers;
    /// the state is returned.
    pub(crate) fn publish(
        &self,
        table: &Table,
        events: Vec<Event>,
        updated: i64,
        state_changed: bool,
    ) -> Result<Arc<str>, GameError> {
        let (fields, summary, clock, room_changed) = {
            let room = self.room();
            let mut made = lock(&self.room_shown);
            let changed = made.update(&room, table.rules())?;
            let fields = if state_changed {
                Some(Fields::of(self.fair.as_ref(), table, &room, &made)?)
            } else {
                None
            };
            // The lobby's line changes with the room, and with the phase (set below).
            let summary = changed.then(|| summary(&self.stored, table, &room, made.lobby()));
            (fields, summary, room.timer.clock, changed)
        };
        let now = self.time.now_ms();
        let mut shown = lock(&self.shown);
        let published = fields.map(|fields| {
            let patch = shown.state.update(fields, table.log(), clock, now);
            Arc::new(Published {
                version: shown.state.version(),
                patch,
                state: shown.state.whole().clone(),
                room: room_changed,
            })
        });
        match summary {
            Some(summary) => shown.summary = summary,
            None => {
                if let Some(phase) = shown.summary.get_mut("phase") {
                    *phase = view::phase_name(table.position().phase()).into();
                }
            }
        }
        shown.updated = updated;
        shown.said.add(&events);
        shown.events.extend(events.iter().cloned());
        // Nobody watching is not an error.
        let _ = self.updates.send(Update::Events(events.into(), published));
        Ok(shown.state.whole().clone())
    }

    /// Sends watchers away: the host turned watching off.
    pub(crate) fn watch_off(&self) {
        let _shown = lock(&self.shown);
        let _ = self.updates.send(Update::WatchOff);
    }

    /// Replaces the table (when the game begins, with the players' seeds fixed).
    pub(crate) fn set_table(&self, table: &mut MutexGuard<'_, Table>, new: Table) {
        **table = new;
    }

    /// Marks the game deleted and tells its watchers.
    pub(crate) fn mark_deleted(&self) {
        self.deleted.store(true, Ordering::Release);
        // The turn's timer has nothing left to time.
        self.disarm();
        let _shown = lock(&self.shown);
        let _ = self.updates.send(Update::Deleted);
    }

    /// Marks the game moved to another server instance: its timer stops and its connections
    /// are told to connect again (they reach the new owner).
    pub(crate) fn mark_moved(&self) {
        self.moved.store(true, Ordering::Release);
        self.disarm();
        let _shown = lock(&self.shown);
        let _ = self.updates.send(Update::Moved);
    }

    /// Stops the turn's timer, if one is armed.
    pub(crate) fn disarm(&self) {
        if let Some((_, task)) = lock(&self.armed).take() {
            task.abort();
        }
    }

    /// The record as text. Until the game is over it has no seed and nothing else that would
    /// tell a future throw; after, it has the seed (the server's, revealed, for fair throws).
    pub fn record_text(&self) -> Result<String, GameError> {
        let table = self.table();
        let mut record = table.record_to_save();
        let over = finished(&table, &self.room());
        if !over {
            record.remove_tag("Seed");
        } else if let Some(fair) = &self.fair {
            pachisi_fair::reveal(&mut record, &fair.server);
        }
        record
            .to_text(table.rules())
            .map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The hint bot's ranking of the moves.
    pub fn hint(&self, bot: &BotSpec) -> Result<serde_json::Value, GameError> {
        // The bot searches without the game's lock, which would hold up the game's actions for
        // as long as the search takes.
        let (rules, pos, seed) = {
            let table = self.table();
            if !table.awaits_human() || table.position().phase() != Phase::Move {
                return Err(GameError::NotNow(
                    "a hint is for a person's move: none is due".into(),
                ));
            }
            (
                table.rules().clone(),
                *table.position(),
                table.throw_count(),
            )
        };
        let mut hinter = bot.build(rules.clone(), seed);
        let ranked = hinter
            .rank(&pos)
            .ok_or_else(|| GameError::Invalid(format!("the bot {bot} gives no winning chances")))?;
        let moves: Vec<_> = ranked
            .iter()
            .map(|r| {
                serde_json::json!({
                    "move": r.mv.to_string(),
                    "win_chance": r.win_chance,
                    "description": pachisi_core::describe::describe_move(&rules, &pos, r.mv).description,
                })
            })
            .collect();
        Ok(serde_json::json!({ "bot": bot.to_string(), "moves": moves }))
    }
}

/// Whether no throw will fall in the game any more: it is over, or it was stopped unfinished
/// (so its seed may be revealed).
pub(crate) fn finished(table: &Table, room: &Room) -> bool {
    table.position().phase() == Phase::Over || room.stopped.is_some()
}

/// A game's line in the lobby, with `seats` as the room shows them.
fn summary(
    stored: &StoredGame,
    table: &Table,
    room: &Room,
    seats: serde_json::Value,
) -> serde_json::Value {
    let pos = table.position();
    serde_json::json!({
        "id": stored.id,
        "ruleset": stored.ruleset,
        "name": table.rules().ruleset().title,
        "created": stored.created,
        "phase": view::phase_name(pos.phase()),
        "started": room.started,
        "host": room.people.first().map(|p| p.name.clone()),
        "seats": seats,
    })
}

/// A stored game that cannot be played on this server, and why.
pub struct Unplayable {
    /// Its row.
    pub(crate) stored: StoredGame,
    /// Why it cannot be played.
    pub(crate) reason: String,
}

impl Unplayable {
    /// Its line in the list of games.
    pub fn summary(&self) -> serde_json::Value {
        serde_json::json!({
            "id": self.stored.id,
            "ruleset": self.stored.ruleset,
            "created": self.stored.created,
            "phase": "unplayable",
            "problem": self.reason,
        })
    }
}

/// Parses the seats of a game as a visitor may give them: a bot's weights must be built in, and
/// its budget within `limits`. Stored games are parsed the same way, so that a spec the server
/// would refuse today (a file to read, a search of ten minutes) is never run again.
pub(crate) fn parse_seats(seats: &[String], limits: &BotLimits) -> Result<Vec<SeatSpec>, String> {
    seats
        .iter()
        .map(|s| {
            let seat = SeatSpec::parse_untrusted(s)?;
            if let SeatSpec::Bot(spec) = &seat {
                limits.check(spec)?;
            }
            Ok(seat)
        })
        .collect()
}

/// The room of a stored game: its own, or, for a game stored before rooms, one where the host
/// (if it had one, with the host's token) holds every person's seat and nobody may watch.
pub(crate) fn room_of(stored: &StoredGame) -> Result<Room, String> {
    if let Some(json) = &stored.room {
        let room: Room = serde_json::from_str(json)
            .map_err(|e| format!("game {}: its room does not read: {e}", stored.id))?;
        if room.seats.len() != stored.seats.len() {
            return Err(format!(
                "game {}: its room has the wrong number of seats",
                stored.id
            ));
        }
        return Ok(room);
    }
    let host = crate::room::Person {
        // A hash no token has: nobody can act for a game that had no host.
        token: stored.host.clone().unwrap_or_default(),
        name: "Host".into(),
        host: true,
        seed: String::new(),
    };
    let holders = stored
        .seats
        .iter()
        .map(|s| match s.strip_prefix("bot:") {
            Some(spec) => Holder::Bot { spec: spec.into() },
            None if s == "bot" => Holder::Bot {
                spec: pachisi_table::DEFAULT_BOT.into(),
            },
            None => Holder::Person { person: 0 },
        })
        .collect();
    let mut room = Room::new(host, holders, false, false);
    room.watch = None;
    room.started = true;
    Ok(room)
}

/// The fair throws' seeds of a stored game, if it throws fairly.
pub(crate) fn fair_of(stored: &StoredGame) -> Result<Option<Fair>, String> {
    let Some(hex) = &stored.server_seed else {
        return Ok(None);
    };
    let server = ServerSeed::from_hex(hex)
        .map_err(|e| format!("game {}: its server seed does not read: {e}", stored.id))?;
    Ok(Some(Fair {
        commitment: server.commitment(),
        server,
    }))
}

/// The players' seeds of a game, as its row keeps them (none before it began).
fn player_seeds(rules: &Rules, stored: &StoredGame) -> Result<PlayerSeeds, String> {
    match &stored.player_seeds {
        Some(tag) => PlayerSeeds::from_tag(rules, tag)
            .map_err(|e| format!("game {}: its players' seeds do not read: {e}", stored.id)),
        None => Ok(PlayerSeeds::new()),
    }
}

/// The record's header of a game: its rules, seats and how its throws are drawn (the
/// commitment and the players' seeds, or the chosen seed), and who began.
pub(crate) fn header_of(
    stored: &StoredGame,
    rules: &Rules,
    fair: Option<&Fair>,
    players: &PlayerSeeds,
    specs: &[SeatSpec],
) -> Result<GameRecord, String> {
    let mut header = match fair {
        Some(fair) => fair_record_header(
            &stored.ruleset,
            &stored.overrides,
            &fair.commitment,
            players,
            rules,
            Some(specs),
        )?,
        None => record_header(&stored.ruleset, &stored.overrides, stored.seed, Some(specs))?,
    };
    match stored.opening.as_deref() {
        Some("") => {}
        Some(opening) => header.set_tag("Opening", opening),
        // Stored before the throw-off: seat 0 began, which a Start tag says.
        None => header.set_tag("Start", Position::new(rules).to_notation(rules)),
    }
    Ok(header)
}

/// The table of a stored game as it stood at `record`, its throws checked against its seeds:
/// from its latest snapshot and the actions after it when it has one that fits (taking a game
/// over replays only those), else from the first action.
pub(crate) fn restore(
    stored: &StoredGame,
    fair: Option<&Fair>,
    specs: &[SeatSpec],
    record: &GameRecord,
) -> Result<Table, String> {
    let rules = Arc::new(
        builtin_rules(&stored.ruleset, &stored.overrides)
            .map_err(|e| format!("game {}: {e}", stored.id))?,
    );
    if let Some((_, text)) = &stored.snapshot {
        // A snapshot that does not fit (another version, actions taken back since) is passed
        // over: the whole record replays.
        let resumed = pachisi_table::TableSnapshot::from_json(text)
            .and_then(|snapshot| resume(&rules, stored, fair, specs, record, &snapshot));
        if let Ok(table) = resumed {
            return Ok(table);
        }
    }
    let table = match fair {
        Some(fair) => {
            let dice =
                fair_dice(&rules, fair, record).map_err(|e| format!("game {}: {e}", stored.id))?;
            Table::restore_fair(rules, specs, dice, fair.server.bot_seed(), record)
        }
        None => Table::restore(rules, specs, stored.seed, record),
    };
    table.map_err(|e| format!("game {}: {e}", stored.id))
}

/// The fair dice of a game at `record` (its players' seeds in the record's tag).
fn fair_dice(rules: &Rules, fair: &Fair, record: &GameRecord) -> Result<FairDice, String> {
    let players = PlayerSeeds::from_tag(
        rules,
        record.tag(pachisi_fair::PLAYER_SEEDS_TAG).unwrap_or(""),
    )
    .map_err(|e| e.to_string())?;
    FairDice::new(rules, &fair.server, &players).map_err(|e| e.to_string())
}

/// The table at `record` resumed from `snapshot`.
fn resume(
    rules: &Arc<Rules>,
    stored: &StoredGame,
    fair: Option<&Fair>,
    specs: &[SeatSpec],
    record: &GameRecord,
    snapshot: &pachisi_table::TableSnapshot,
) -> Result<Table, String> {
    match fair {
        Some(fair) => {
            let dice = fair_dice(rules, fair, record)?;
            let bots = fair.server.bot_seed();
            Table::resume_fair(rules.clone(), specs, dice, bots, record, snapshot)
        }
        None => Table::resume(rules.clone(), specs, stored.seed, record, snapshot),
    }
}

/// Builds a game from its stored form, replaying its actions.
///
/// # Errors
/// When its seats are refused or its actions do not replay: the reason, for [`Unplayable`].
pub(crate) fn build(
    mut stored: StoredGame,
    creator: Option<IpAddr>,
    limits: &BotLimits,
    time: &Arc<ServerTime>,
) -> Result<Game, Box<Unplayable>> {
    let built = (|| {
        let room = room_of(&stored)?;
        let fair = fair_of(&stored)?;
        let specs = parse_seats(&room.seat_kinds(), limits)?;
        let rules = builtin_rules(&stored.ruleset, &stored.overrides)
            .map_err(|e| format!("game {}: {e}", stored.id))?;
        let players = player_seeds(&rules, &stored)?;
        let header = header_of(&stored, &rules, fair.as_ref(), &players, &specs)?;
        let record = record_of(&stored, &header)?;
        let table = restore(&stored, fair.as_ref(), &specs, &record)?;
        let mut made = RoomShown::default();
        made.update(&room, table.rules())
            .map_err(|e| e.to_string())?;
        let fields = Fields::of(fair.as_ref(), &table, &room, &made).map_err(|e| e.to_string())?;
        let fixed = shown::fixed(&stored.id, table.rules())?;
        let state = StateText::new(fixed, fields, table.log(), room.timer.clock, time.now_ms());
        let summary = summary(&stored, &table, &room, made.lobby());
        let events = stored
            .events
            .iter()
            .map(|(n, json)| Event::stored(*n, json))
            .collect::<Vec<Event>>();
        Ok::<_, String>((table, room, fair, state, summary, made, events))
    })();
    let (table, room, fair, state, summary, made, events) = match built {
        Ok(built) => built,
        Err(reason) => {
            stored.actions.clear();
            stored.events.clear();
            return Err(Box::new(Unplayable { stored, reason }));
        }
    };
    stored.actions.clear();
    stored.events.clear();
    stored.snapshot = None;
    // A game read back from the database was created by the address its room keeps.
    let creator = creator.or_else(|| room.creator.as_deref().and_then(|c| c.parse().ok()));
    let (updates, _) = broadcast::channel(64);
    Ok(Game {
        shown: Mutex::new(Shown {
            state,
            summary,
            updated: stored.updated,
            said: ChatCount::of(&events),
            events,
        }),
        room_shown: Mutex::new(made),
        stored,
        creator,
        fair,
        table: Mutex::new(table),
        room: Mutex::new(room),
        updates,
        rates: Mutex::default(),
        driving: AtomicBool::new(false),
        leased: AtomicBool::new(false),
        deleted: AtomicBool::new(false),
        moved: AtomicBool::new(false),
        claimed: Mutex::new(None),
        sockets: Arc::new(AtomicUsize::new(0)),
        time: time.clone(),
        armed: Mutex::new(None),
    })
}

/// A fresh table for a game that begins now, with the players' seeds fixed: the throw-off (if
/// the rules have one) is the first throws of the fair dice. Returns the table and the
/// `Opening` tag's text (empty without a throw-off).
pub(crate) fn begin(
    stored: &StoredGame,
    fair: Option<&Fair>,
    players: &PlayerSeeds,
    specs: &[SeatSpec],
) -> Result<(Table, String), String> {
    let rules = Arc::new(
        builtin_rules(&stored.ruleset, &stored.overrides)
            .map_err(|e| format!("game {}: {e}", stored.id))?,
    );
    let Some(fair) = fair else {
        let opening = pachisi_table::throw_off(&rules, stored.seed)
            .map(|o| o.to_text(&rules))
            .unwrap_or_default();
        let mut header =
            record_header(&stored.ruleset, &stored.overrides, stored.seed, Some(specs))?;
        if !opening.is_empty() {
            header.set_tag("Opening", opening.clone());
        }
        return Ok((Table::new(rules, specs, stored.seed, header)?, opening));
    };
    let mut header = fair_record_header(
        &stored.ruleset,
        &stored.overrides,
        &fair.commitment,
        players,
        &rules,
        Some(specs),
    )?;
    let mut dice = FairDice::new(&rules, &fair.server, players).map_err(|e| e.to_string())?;
    dice.begin(&rules, &mut header);
    let opening = header.tag("Opening").unwrap_or("").to_string();
    let table = Table::new_fair(rules, specs, dice, fair.server.bot_seed(), header)?;
    Ok((table, opening))
}

mod events;
mod shown;
mod sync;
#[cfg(test)]
mod tests;
