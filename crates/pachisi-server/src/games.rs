//! The games the server holds: each a [`Table`] behind a lock, the people watching it (a
//! broadcast channel of states), and the bots' turns played in the background. Every action is
//! committed to the database before it is broadcast; if the commit fails, the game is rebuilt
//! from the database, which stays the truth.

use crate::store::{record_of, Store, StoredGame};
use crate::view;
use pachisi_bots::BotSpec;
use pachisi_core::ruleset::Device;
use pachisi_core::{builtin_rules, GameRecord};
use pachisi_table::{record_header, SeatSpec, Table};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
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

/// How to set up a new game (`POST /api/games`).
#[derive(Clone, Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// A built-in ruleset.
    pub ruleset: String,
    /// Who plays each seat.
    #[serde(default)]
    pub seats: Vec<String>,
    /// The seed.
    pub seed: Option<u64>,
    /// The chance a cowrie falls mouth up.
    pub cowrie_p: Option<f64>,
    /// Optional rules, `FIELD=VALUE`.
    #[serde(default)]
    pub set: Vec<String>,
}

/// One game.
pub struct Game {
    /// The game's row: its id, when it was created, the rules, the seats and the seed. Its
    /// actions are the table's, from the moment the game is built.
    stored: StoredGame,
    table: Mutex<Table>,
    /// States, as JSON text, to everyone watching.
    updates: broadcast::Sender<Arc<str>>,
    /// Whether a task is playing the bots' turns.
    driving: AtomicBool,
}

impl Game {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.stored.id
    }

    fn lock(&self) -> MutexGuard<'_, Table> {
        // A panic while a table was locked leaves it as the last complete action left it.
        self.table.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The state as JSON text.
    pub fn state_json(&self) -> Result<Arc<str>, GameError> {
        self.state_of(&self.lock())
    }

    /// Watches the game: its state now, and every state after an action from then on. Both are
    /// taken under the game's lock (states are broadcast under it too), so the first update
    /// always follows the state returned.
    pub fn watch(&self) -> Result<(Arc<str>, broadcast::Receiver<Arc<str>>), GameError> {
        let table = self.lock();
        let state = self.state_of(&table)?;
        Ok((state, self.updates.subscribe()))
    }

    /// A summary for the list of games.
    pub fn summary(&self) -> serde_json::Value {
        let table = self.lock();
        let pos = table.position();
        serde_json::json!({
            "id": self.stored.id,
            "ruleset": self.stored.ruleset,
            "created": self.stored.created,
            "phase": view::phase_name(pos.phase()),
            "to_move": pos.to_move(),
            "actions": table.record().actions.len(),
            "result": view::result(table.rules(), pos),
        })
    }

    /// The record as text.
    pub fn record_text(&self) -> Result<String, GameError> {
        let table = self.lock();
        table
            .record_to_save()
            .to_text(table.rules())
            .map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The state of this game at `table` (its own, locked) as JSON text.
    fn state_of(&self, table: &Table) -> Result<Arc<str>, GameError> {
        let state = view::game_state(&self.stored.id, table, &self.stored.seats)
            .map_err(GameError::Invalid)?;
        serde_json::to_string(&state)
            .map(Arc::from)
            .map_err(|e| GameError::Invalid(e.to_string()))
    }

    /// The hint bot's ranking of the moves.
    pub fn hint(&self, bot: &BotSpec) -> Result<serde_json::Value, GameError> {
        // The bot searches without the game's lock, which would hold up the game's actions, its
        // state and the list of games for as long as the search takes.
        let (rules, pos, seed) = {
            let table = self.lock();
            if !table.awaits_human() || table.position().phase() != pachisi_core::Phase::Move {
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

/// Every game, the database, and how bots are paced.
pub struct Games {
    games: Mutex<HashMap<String, Arc<Game>>>,
    store: Mutex<Store>,
    pace: Duration,
}

impl Games {
    /// Opens the games kept in `store`, rebuilding each from its actions.
    ///
    /// # Errors
    /// When the database cannot be read or a stored game no longer replays.
    pub fn load(store: Store, pace: Duration) -> Result<Arc<Games>, String> {
        let stored = store.load_all().map_err(|e| e.to_string())?;
        let games = Arc::new(Games {
            games: Mutex::new(HashMap::new()),
            store: Mutex::new(store),
            pace,
        });
        for s in stored {
            let game = build(s)?;
            games.map().insert(game.stored.id.clone(), Arc::new(game));
        }
        Ok(games)
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Game>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn store(&self) -> MutexGuard<'_, Store> {
        self.store.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game `id`.
    ///
    /// # Errors
    /// When there is none.
    pub fn get(&self, id: &str) -> Result<Arc<Game>, GameError> {
        self.map()
            .get(id)
            .cloned()
            .ok_or_else(|| GameError::NotFound(id.to_string()))
    }

    /// Every game, newest first.
    pub fn list(&self) -> Vec<Arc<Game>> {
        let mut games: Vec<Arc<Game>> = self.map().values().cloned().collect();
        games.sort_by(|a, b| {
            (b.stored.created, &b.stored.id).cmp(&(a.stored.created, &a.stored.id))
        });
        games
    }

    /// Starts the bots' turns of every game where a bot is to act (after a restart).
    pub fn resume(self: &Arc<Games>) {
        for game in self.list() {
            self.drive(&game);
        }
    }

    /// Creates a game, stores it, and starts the bots if they act first.
    ///
    /// # Errors
    /// When the ruleset, seats or options are invalid, or the database fails.
    pub fn create(self: &Arc<Games>, new: NewGame) -> Result<Arc<Game>, GameError> {
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
        let seats = if new.seats.is_empty() {
            (0..rules.seats())
                .map(|s| {
                    if s == 0 {
                        "human".to_string()
                    } else {
                        "bot".to_string()
                    }
                })
                .collect()
        } else {
            new.seats.clone()
        };
        if seats.len() != usize::from(rules.seats()) {
            return Err(GameError::Invalid(format!(
                "seats lists {} seats, but {} has {}",
                seats.len(),
                new.ruleset,
                rules.seats()
            )));
        }
        let specs = parse_seats(&seats).map_err(GameError::Invalid)?;
        view::BoardView::of(&rules).map_err(GameError::Invalid)?;
        let stored = StoredGame {
            id: new_id(),
            created: now(),
            ruleset: new.ruleset.clone(),
            overrides,
            seats: specs.iter().map(ToString::to_string).collect(),
            seed: new.seed.unwrap_or_else(|| rand::random::<u32>().into()),
            actions: Vec::new(),
        };
        let game = build(stored).map_err(GameError::Invalid)?;
        self.store()
            .insert(&game.stored)
            .map_err(|e| GameError::Store(e.to_string()))?;
        let game = Arc::new(game);
        self.map().insert(game.stored.id.clone(), game.clone());
        self.drive(&game);
        Ok(game)
    }

    /// Applies a person's action, commits it, tells everyone, and lets the bots answer.
    ///
    /// # Errors
    /// When the action is not due or not legal, or the database fails; the game is unchanged.
    pub fn act(
        self: &Arc<Games>,
        game: &Arc<Game>,
        request: Request,
    ) -> Result<Arc<str>, GameError> {
        let state = {
            let mut table = game.lock();
            let prior = table.record().clone();
            apply(&mut table, request)?;
            self.commit(game, &mut table, &prior)?
        };
        self.drive(game);
        Ok(state)
    }

    /// Commits the actions played since the record was `prior` (an undo takes actions back, so
    /// the rows from the first difference on are replaced), then broadcasts the state. If the
    /// database refuses, the game goes back to `prior`, as the database still has it.
    fn commit(
        &self,
        game: &Game,
        table: &mut Table,
        prior: &GameRecord,
    ) -> Result<Arc<str>, GameError> {
        let actions = &table.record().actions;
        let from = prior.actions.len().min(actions.len());
        let new: Vec<_> = actions[from..].iter().map(|a| a.0).collect();
        let written = self.store().set_actions(&game.stored.id, from, &new);
        if let Err(e) = written {
            if let Ok(restored) = restore(&game.stored, prior) {
                *table = restored;
            }
            return Err(GameError::Store(e.to_string()));
        }
        let state = game.state_of(table)?;
        // Nobody watching is not an error.
        let _ = game.updates.send(state.clone());
        Ok(state)
    }

    /// Plays the bots' actions of `game` one every `pace`, in the background, until a person
    /// must act or the game is over. At most one such task runs per game.
    fn drive(self: &Arc<Games>, game: &Arc<Game>) {
        if game.driving.swap(true, Ordering::AcqRel) {
            return;
        }
        let games = self.clone();
        let game = game.clone();
        tokio::spawn(async move {
            loop {
                if !game.lock().automatic_due() {
                    break;
                }
                tokio::time::sleep(games.pace).await;
                let games = games.clone();
                let g = game.clone();
                // Bots think on a blocking thread: a search must not stall the server.
                let step = tokio::task::spawn_blocking(move || {
                    let mut table = g.lock();
                    let prior = table.record().clone();
                    table
                        .step_automatic()
                        .map(|_| games.commit(&g, &mut table, &prior))
                })
                .await;
                match step {
                    Ok(Some(Ok(_))) => {}
                    Ok(Some(Err(e))) => {
                        // The game was put back as it was; the bots try again after the pace
                        // (below). Whoever runs the server must hear why nothing moves.
                        eprintln!(
                            "game {}: a bot's action could not be saved, trying again: {e}",
                            game.id()
                        );
                        break;
                    }
                    _ => break,
                }
            }
            game.driving.store(false, Ordering::Release);
            // A person may have acted between the last check and the flag going down.
            if game.lock().automatic_due() && !game.driving.load(Ordering::Acquire) {
                games.drive(&game);
            }
        });
    }
}

fn apply(table: &mut Table, request: Request) -> Result<(), GameError> {
    use pachisi_core::Phase;
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
fn person_due(table: &Table) -> Result<pachisi_core::Phase, GameError> {
    match table.position().phase() {
        pachisi_core::Phase::Over => Err(GameError::NotNow("the game is over".into())),
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

fn parse_seats(seats: &[String]) -> Result<Vec<SeatSpec>, String> {
    seats.iter().map(|s| s.parse::<SeatSpec>()).collect()
}

/// The table of a stored game as it stood at `record`.
fn restore(stored: &StoredGame, record: &GameRecord) -> Result<Table, String> {
    let rules = Arc::new(
        builtin_rules(&stored.ruleset, &stored.overrides)
            .map_err(|e| format!("game {}: {e}", stored.id))?,
    );
    let specs = parse_seats(&stored.seats)?;
    Table::restore(rules, &specs, stored.seed, record)
        .map_err(|e| format!("game {}: {e}", stored.id))
}

/// Builds a game from its stored form, replaying its actions.
fn build(mut stored: StoredGame) -> Result<Game, String> {
    let specs = parse_seats(&stored.seats)?;
    let header = record_header(
        &stored.ruleset,
        &stored.overrides,
        stored.seed,
        Some(&specs),
    )?;
    let record = record_of(&stored, &header)?;
    let table = restore(&stored, &record)?;
    stored.actions.clear();
    let (updates, _) = broadcast::channel(64);
    Ok(Game {
        stored,
        table: Mutex::new(table),
        updates,
        driving: AtomicBool::new(false),
    })
}

fn new_id() -> String {
    format!("{:012x}", rand::random::<u64>() >> 16)
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("pachisi-games-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        path
    }

    /// A new game of `ruleset` with `seats` and `seed`.
    fn create(games: &Arc<Games>, ruleset: &str, seats: &[&str], seed: u64) -> Arc<Game> {
        games
            .create(NewGame {
                ruleset: ruleset.into(),
                seats: seats.iter().map(ToString::to_string).collect(),
                seed: Some(seed),
                ..NewGame::default()
            })
            .expect("created")
    }

    #[tokio::test]
    async fn a_refused_write_leaves_the_game_as_the_database_has_it() {
        let path = temp_db("refused");
        let games = Games::load(Store::open(&path).expect("open"), Duration::ZERO).expect("load");
        let game = create(&games, "pachisi", &["human"; 4], 3);
        games.act(&game, Request::Throw {}).expect("a throw");
        // A pass that is the only move is the server's to play: wait until a person must act.
        while game.lock().automatic_due() {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let before = game.lock().record().clone();
        // Another program breaks the database under the server.
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute_batch("DROP TABLE actions;"))
            .expect("drop");
        let moves = game.lock().legal_moves();
        let request = if moves.is_empty() {
            Request::Throw {}
        } else {
            Request::Move {
                notation: Some(moves[0].to_string()),
                index: None,
            }
        };
        let e = games.act(&game, request).expect_err("the write fails");
        assert!(matches!(e, GameError::Store(_)), "{e}");
        assert_eq!(*game.lock().record(), before, "the game is as it was");
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// Bots whose action cannot be saved do not play it, and try again until the database takes
    /// it: the game goes on once the database is mended.
    #[tokio::test]
    async fn bots_try_again_until_the_database_takes_their_actions() {
        let path = temp_db("bots-retry");
        let pace = Duration::from_millis(5);
        let games = Games::load(Store::open(&path).expect("open"), pace).expect("load");
        let game = create(&games, "ludo", &["bot:random"; 4], 8);
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute_batch("DROP TABLE actions;"))
            .expect("drop");
        // Whatever was in flight settles; from then on nothing is played.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let stalled = game.lock().record().actions.len();
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(
            game.lock().record().actions.len(),
            stalled,
            "no unsaved action"
        );
        assert!(game.lock().automatic_due(), "the bots are still due");
        // Opening the store again creates the missing table.
        drop(Store::open(&path).expect("mended"));
        let mut waited = 0;
        while game.lock().record().actions.len() <= stalled + 5 && waited < 500 {
            tokio::time::sleep(Duration::from_millis(10)).await;
            waited += 1;
        }
        assert!(
            game.lock().record().actions.len() > stalled + 5,
            "the bots went on"
        );
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn requests_out_of_turn_or_illegal_change_nothing() {
        let path = temp_db("refusals");
        let games = Games::load(Store::open(&path).expect("open"), Duration::ZERO).expect("load");
        let game = create(&games, "ludo", &["human"; 4], 1);
        let undo = games.act(&game, Request::Undo {}).expect_err("no undo");
        assert!(matches!(undo, GameError::NotNow(_)), "{undo}");
        let early = games
            .act(
                &game,
                Request::Move {
                    notation: Some("-".into()),
                    index: None,
                },
            )
            .expect_err("a throw is due");
        assert!(matches!(early, GameError::NotNow(_)), "{early}");
        assert!(games.act(&game, Request::Throw {}).is_ok());
        assert_eq!(game.lock().record().actions.len(), 1);
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// Bots (and forced passes) wait an hour, so that the tests see the moment before they act.
    fn paused(name: &str) -> (Arc<Games>, std::path::PathBuf) {
        let path = temp_db(name);
        let store = Store::open(&path).expect("open");
        let games = Games::load(store, Duration::from_secs(3600)).expect("load");
        (games, path)
    }

    #[tokio::test]
    async fn a_person_is_told_to_wait_for_a_forced_pass_or_a_bot() {
        let (games, path) = paused("waits");
        // A Pachisi opening throw without a grace leaves a pass as the only move.
        let game = (0..100)
            .map(|seed| {
                let game = create(&games, "pachisi", &["human"; 4], seed);
                games.act(&game, Request::Throw {}).expect("a throw");
                game
            })
            .find(|game| game.lock().automatic_due())
            .expect("a seed whose first throw enters nothing");
        let pass = Request::Move {
            notation: Some("-".into()),
            index: None,
        };
        for request in [pass, Request::Throw {}] {
            let e = games
                .act(&game, request)
                .expect_err("the server plays the pass");
            assert!(matches!(e, GameError::NotNow(_)), "{e}");
            assert!(e.to_string().contains("no move but a pass"), "{e}");
        }
        assert_eq!(game.lock().record().actions.len(), 1, "nothing was played");

        let game = create(
            &games,
            "ludo",
            &["bot:random", "human", "human", "human"],
            1,
        );
        let e = games
            .act(&game, Request::Throw {})
            .expect_err("a bot's turn");
        assert!(matches!(e, GameError::NotNow(_)), "{e}");
        assert!(e.to_string().contains("which a bot plays"), "{e}");
        assert!(game.lock().record().actions.is_empty());
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[test]
    fn a_finished_game_cannot_be_undone() {
        let stored = StoredGame {
            id: "over".into(),
            created: 0,
            ruleset: "ludo".into(),
            overrides: Vec::new(),
            seats: ["human", "bot:random", "bot:random", "bot:random"]
                .map(String::from)
                .to_vec(),
            seed: 5,
            actions: Vec::new(),
        };
        let game = build(stored).expect("built");
        let mut table = game.lock();
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
