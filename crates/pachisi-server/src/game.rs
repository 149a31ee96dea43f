//! One game on the server: its [`Table`] behind a lock, what is shown of it (its state and its
//! line in the list, kept apart from the table's lock so that reading them never waits for a
//! bot's search or a write to the database), and the channel that tells its watchers of every
//! change. A game that cannot be played here (its bot names a file, or asks more than the
//! server allows, or its actions no longer replay) is kept as [`Unplayable`], with the reason.

use crate::limits::BotLimits;
use crate::store::{record_of, StoredGame};
use crate::view;
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, GameRecord, Phase, Position};
use pachisi_table::{record_header, SeatSpec, Table};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::broadcast;

/// Why a request about a game failed; each maps to an HTTP status (docs/api.md).
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No game has the id.
    #[error("there is no game {0}")]
    NotFound(String),
    /// The request is malformed.
    #[error("{0}")]
    BadRequest(String),
    /// The action is not due now.
    #[error("{0}")]
    NotNow(String),
    /// The action, ruleset or bot is not valid.
    #[error("{0}")]
    Invalid(String),
    /// The caller may not do this.
    #[error("{0}")]
    Forbidden(String),
    /// A limit of the server is reached.
    #[error("{0}")]
    TooMany(String),
    /// A request is larger than the server takes.
    #[error("{0}")]
    TooLarge(String),
    /// The server is too busy for the request now; it may be sent again later.
    #[error("{0}")]
    Busy(String),
    /// The game is kept but cannot be played on this server.
    #[error("{0}")]
    Unplayable(String),
    /// The database failed.
    #[error("{0}")]
    Store(String),
}

/// What a client asks a game to do.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(tag = "action", rename_all = "lowercase", deny_unknown_fields)]
pub enum Request {
    /// A person throws. (Written as a struct variant so that unknown fields are refused.)
    Throw {},
    /// A person moves: by notation, or by index into the listed moves.
    Move {
        /// The move in notation.
        #[serde(rename = "move")]
        notation: Option<String>,
        /// The move's index in the state's `moves`.
        index: Option<usize>,
    },
    /// A person takes back their last move.
    Undo {},
}

/// What the watchers of a game hear.
#[derive(Clone, Debug)]
pub enum Update {
    /// The state after an action, as JSON text.
    State(Arc<str>),
    /// The game was deleted: nothing more will come.
    Deleted,
}

/// What is shown of a game without locking its table: changed with every commit.
struct Shown {
    state: Arc<str>,
    summary: serde_json::Value,
    updated: i64,
}

/// One game.
pub struct Game {
    /// The game's row: its id, when it was created, the rules, the seats and the seed. Its
    /// actions are the table's, from the moment the game is built.
    pub(crate) stored: StoredGame,
    /// The address that created it, while this server runs (for the limit per client).
    pub(crate) creator: Option<IpAddr>,
    table: Mutex<Table>,
    shown: Mutex<Shown>,
    updates: broadcast::Sender<Update>,
    /// Whether a task is playing the bots' turns.
    pub(crate) driving: AtomicBool,
    /// Whether the game was deleted (its task and its watchers stop).
    deleted: AtomicBool,
    /// Open WebSockets on this game.
    pub(crate) sockets: Arc<AtomicUsize>,
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

    /// The state as JSON text, as of the last action.
    pub fn state_json(&self) -> Arc<str> {
        lock(&self.shown).state.clone()
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

    /// Watches the game: its state now, and every update from then on. Both are taken under
    /// the lock that `Game::show` holds while it publishes, so the first update always
    /// follows the state returned.
    pub fn watch(&self) -> (Arc<str>, broadcast::Receiver<Update>) {
        let shown = lock(&self.shown);
        (shown.state.clone(), self.updates.subscribe())
    }

    /// Publishes `table` (this game's, locked, just committed): its state for readers and
    /// watchers, and its line in the list. The state is returned.
    pub(crate) fn show(&self, table: &Table, updated: i64) -> Result<Arc<str>, GameError> {
        let state = state_of(&self.stored, table)?;
        let mut shown = lock(&self.shown);
        *shown = Shown {
            state: state.clone(),
            summary: summary(&self.stored, table),
            updated,
        };
        // Nobody watching is not an error.
        let _ = self.updates.send(Update::State(state.clone()));
        Ok(state)
    }

    /// Marks the game deleted and tells its watchers.
    pub(crate) fn mark_deleted(&self) {
        self.deleted.store(true, Ordering::Release);
        let _shown = lock(&self.shown);
        let _ = self.updates.send(Update::Deleted);
    }

    /// The record as text.
    pub fn record_text(&self) -> Result<String, GameError> {
        let table = self.table();
        table
            .record_to_save()
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

/// The state of the game `stored` at `table` as JSON text.
fn state_of(stored: &StoredGame, table: &Table) -> Result<Arc<str>, GameError> {
    let state = view::game_state(&stored.id, table, &stored.seats).map_err(GameError::Invalid)?;
    serde_json::to_string(&state)
        .map(Arc::from)
        .map_err(|e| GameError::Invalid(e.to_string()))
}

/// A game's line in the list of games.
fn summary(stored: &StoredGame, table: &Table) -> serde_json::Value {
    let pos = table.position();
    serde_json::json!({
        "id": stored.id,
        "ruleset": stored.ruleset,
        "created": stored.created,
        "phase": view::phase_name(pos.phase()),
        "to_move": pos.to_move(),
        "actions": table.record().actions.len(),
        "result": view::result(table.rules(), pos),
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

/// The table of a stored game as it stood at `record`.
pub(crate) fn restore(
    stored: &StoredGame,
    record: &GameRecord,
    limits: &BotLimits,
) -> Result<Table, String> {
    let rules = Arc::new(
        builtin_rules(&stored.ruleset, &stored.overrides)
            .map_err(|e| format!("game {}: {e}", stored.id))?,
    );
    let specs = parse_seats(&stored.seats, limits)?;
    Table::restore(rules, &specs, stored.seed, record)
        .map_err(|e| format!("game {}: {e}", stored.id))
}

/// Builds a game from its stored form, replaying its actions.
///
/// # Errors
/// When its seats are refused or its actions do not replay: the reason, for [`Unplayable`].
pub(crate) fn build(
    mut stored: StoredGame,
    creator: Option<IpAddr>,
    limits: &BotLimits,
) -> Result<Game, Box<Unplayable>> {
    let built = (|| {
        let specs = parse_seats(&stored.seats, limits)?;
        let mut header = record_header(
            &stored.ruleset,
            &stored.overrides,
            stored.seed,
            Some(&specs),
        )?;
        match stored.opening.as_deref() {
            Some("") => {}
            Some(opening) => header.set_tag("Opening", opening),
            // Stored before the throw-off: seat 0 began, which a Start tag says.
            None => {
                let rules = builtin_rules(&stored.ruleset, &stored.overrides)
                    .map_err(|e| format!("game {}: {e}", stored.id))?;
                header.set_tag("Start", Position::new(&rules).to_notation(&rules));
            }
        }
        let record = record_of(&stored, &header)?;
        let table = restore(&stored, &record, limits)?;
        let state = state_of(&stored, &table).map_err(|e| e.to_string())?;
        Ok::<_, String>((table, state))
    })();
    let (table, state) = match built {
        Ok(built) => built,
        Err(reason) => {
            stored.actions.clear();
            return Err(Box::new(Unplayable { stored, reason }));
        }
    };
    stored.actions.clear();
    let (updates, _) = broadcast::channel(64);
    Ok(Game {
        shown: Mutex::new(Shown {
            state,
            summary: summary(&stored, &table),
            updated: stored.updated,
        }),
        stored,
        creator,
        table: Mutex::new(table),
        updates,
        driving: AtomicBool::new(false),
        deleted: AtomicBool::new(false),
        sockets: Arc::new(AtomicUsize::new(0)),
    })
}

/// Plays a person's request on `table`.
pub(crate) fn apply(table: &mut Table, request: Request) -> Result<(), GameError> {
    match request {
        Request::Undo {} => table.undo().map_err(GameError::NotNow),
        Request::Throw {} => match person_due(table)? {
            Phase::Throw => {
                table.human_throw();
                Ok(())
            }
            _ => Err(GameError::NotNow("a move is due, not a throw".into())),
        },
        Request::Move { notation, index } => {
            if person_due(table)? != Phase::Move {
                return Err(GameError::NotNow("a throw is due, not a move".into()));
            }
            let legal = table.legal_moves();
            let mv = match (notation, index) {
                (Some(text), None) => text
                    .parse::<pachisi_core::Move>()
                    .map_err(|e| GameError::BadRequest(e.to_string()))?,
                (None, Some(i)) => *legal.get(i).ok_or_else(|| {
                    GameError::Invalid(format!("there is no move {i}: {} are legal", legal.len()))
                })?,
                _ => {
                    return Err(GameError::BadRequest(
                        "a move gives either `move` (its notation) or `index`".into(),
                    ))
                }
            };
            table.human_move(mv).map(|_| ()).map_err(GameError::Invalid)
        }
    }
}

/// The phase a person is to act in, or why no person may act now.
fn person_due(table: &Table) -> Result<Phase, GameError> {
    match table.position().phase() {
        Phase::Over => Err(GameError::NotNow("the game is over".into())),
        _ if table.automatic_due() => {
            let seat = table.position().to_move();
            let colour = table.rules().seat_colour(seat);
            Err(GameError::NotNow(if table.is_human(seat) {
                format!("{colour} has no move but a pass, which the server plays: wait for the next state")
            } else {
                format!("it is {colour}'s turn, which a bot plays: wait for the next state")
            }))
        }
        phase => Ok(phase),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_finished_game_cannot_be_undone() {
        let stored = StoredGame {
            id: "over".into(),
            created: 0,
            updated: 0,
            host: None,
            opening: Some(String::new()),
            ruleset: "ludo".into(),
            overrides: Vec::new(),
            seats: ["human", "bot:random", "bot:random", "bot:random"]
                .map(String::from)
                .to_vec(),
            seed: 5,
            actions: Vec::new(),
        };
        let game = build(stored, None, &BotLimits::default())
            .ok()
            .expect("built");
        let mut table = game.table();
        let can_undo = |table: &Table| {
            let state = view::game_state("over", table, &game.stored.seats).expect("state");
            serde_json::to_value(state).expect("json")["can_undo"] == true
        };
        for _ in 0..100_000 {
            while table.step_automatic().is_some() {}
            match table.position().phase() {
                pachisi_core::Phase::Over => break,
                pachisi_core::Phase::Throw => apply(&mut table, Request::Throw {}).expect("throw"),
                pachisi_core::Phase::Move => {
                    let request = Request::Move {
                        notation: None,
                        index: Some(0),
                    };
                    apply(&mut table, request).expect("move");
                    assert!(can_undo(&table), "a move of the person's can be taken back");
                }
            }
        }
        assert_eq!(table.position().phase(), pachisi_core::Phase::Over);
        assert!(
            !table.can_undo(),
            "the table takes no move back once the game is over"
        );
        assert!(
            !can_undo(&table),
            "the state offers no undo once the game is over"
        );
        let before = table.record().clone();
        let e = apply(&mut table, Request::Undo {}).expect_err("refused");
        assert!(matches!(e, GameError::NotNow(_)), "{e}");
        assert!(e.to_string().contains("the game is over"), "{e}");
        assert_eq!(*table.record(), before, "the result stands");
    }
}
