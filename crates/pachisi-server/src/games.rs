//! The games the server holds ([`Game`]s, and the [`Unplayable`] ones), how they are created
//! within the server's limits, deleted by their host or when abandoned, and how their actions are
//! committed and their bots driven. Every action is committed to the database before it is
//! broadcast; if the commit fails, the game is put back as the database has it, which stays the
//! truth. Bots think on a pool of threads shared by every game ([`Limits::work_threads`]), and
//! a bot whose action the database refuses tries again later and later, never in a spin.

use crate::game::{apply, build, lock, restore, Game, GameError, Request, Unplayable};
use crate::limits::Limits;
use crate::store::{Store, StoredGame};
use crate::view;
use pachisi_core::ruleset::Device;
use pachisi_core::{builtin_rules, GameRecord, Move};
use pachisi_table::Table;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;
use subtle::ConstantTimeEq;
use tokio::sync::Semaphore;

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

/// A game just created, and the token that lets its host delete it (shown once, kept nowhere
/// but as its hash).
pub struct Created {
    /// The game.
    pub game: Arc<Game>,
    /// The host's token.
    pub host_token: String,
}

/// The longest wait between two tries of a bot whose action the database refused.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// The first such wait.
const FIRST_BACKOFF: Duration = Duration::from_millis(100);

/// Every game, the database, the limits, and the threads that do the heavy work.
pub struct Games {
    games: Mutex<HashMap<String, Arc<Game>>>,
    unplayable: Mutex<HashMap<String, Unplayable>>,
    /// Held while a game is counted and added, so that the limits hold under concurrent
    /// creations.
    creating: Mutex<()>,
    store: Store,
    /// The wait before each action of a bot, so people can follow them.
    pace: Duration,
    /// The wait before a forced pass (a seat, a bot's or a person's, whose only legal move is a
    /// pass): none, so a run of passes goes by at once; tests that must see the moment before
    /// it set one.
    pass_pace: Duration,
    limits: Limits,
    /// Permits to think (bots, hints, replays): at most [`Limits::work_threads`] at once.
    work: Arc<Semaphore>,
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
        let stored = store.load_all().map_err(|e| e.to_string())?;
        let games = Arc::new(Games {
            games: Mutex::new(HashMap::new()),
            unplayable: Mutex::new(HashMap::new()),
            creating: Mutex::new(()),
            store,
            pace,
            pass_pace,
            work: Arc::new(Semaphore::new(limits.work_threads.max(1))),
            limits,
        });
        let oldest = games.oldest_kept(now());
        for s in stored {
            if s.updated < oldest {
                games.store.delete(&s.id).map_err(|e| e.to_string())?;
                continue;
            }
            games.add(build(s, None, &games.limits.bots));
        }
        Ok(games)
    }

    /// The permits for heavy work, shared with the routes (hints, replays).
    pub fn work(&self) -> &Arc<Semaphore> {
        &self.work
    }

    /// The limits the server keeps.
    pub fn limits(&self) -> &Limits {
        &self.limits
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

    /// Every game's line in the list, newest first. No game's table is locked: the lines are
    /// kept apart, changed with each commit.
    pub fn list(&self) -> Vec<serde_json::Value> {
        let games: Vec<Arc<Game>> = self.map().values().cloned().collect();
        let mut lines: Vec<(i64, String, serde_json::Value)> = games
            .iter()
            .map(|g| (g.stored.created, g.stored.id.clone(), g.summary()))
            .collect();
        lines.extend(
            lock(&self.unplayable)
                .values()
                .map(|u| (u.stored.created, u.stored.id.clone(), u.summary())),
        );
        lines.sort_by(|a, b| (b.0, &b.1).cmp(&(a.0, &a.1)));
        lines.into_iter().map(|(_, _, line)| line).collect()
    }

    /// Starts the bots' turns of every game where a bot is to act (after a restart).
    pub fn resume(self: &Arc<Games>) {
        let games: Vec<Arc<Game>> = self.map().values().cloned().collect();
        for game in games {
            self.drive(&game);
        }
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
        let seats = if new.seats.is_empty() {
            (0..rules.seats())
                .map(|s| if s == 0 { "human" } else { "bot" }.to_string())
                .collect()
        } else {
            new.seats.clone()
        };
        if seats.len() != usize::from(rules.seats()) {
            return Err(GameError::Invalid(format!(
                "`seats` names {} players, but {} is played by {}: give one entry per seat, e.g. [\"human\", \"bot\", ...]",
                seats.len(),
                new.ruleset,
                rules.seats()
            )));
        }
        let specs =
            crate::game::parse_seats(&seats, &self.limits.bots).map_err(GameError::Invalid)?;
        view::BoardView::of(&rules).map_err(GameError::Invalid)?;
        let host_token = secret_token();
        let seed = new.seed.unwrap_or_else(|| rand::random::<u32>().into());
        let created = now();
        let stored = StoredGame {
            id: new_id(),
            created,
            updated: created,
            ruleset: new.ruleset.clone(),
            overrides,
            seats: specs.iter().map(ToString::to_string).collect(),
            seed,
            host: Some(token_hash(&host_token)),
            // Who begins: the throw-off, where the rules have one (000, 001, 003, 004).
            opening: Some(
                pachisi_table::throw_off(&rules, seed)
                    .map(|o| o.to_text(&rules))
                    .unwrap_or_default(),
            ),
            actions: Vec::new(),
        };
        let game =
            build(stored, client, &self.limits.bots).map_err(|u| GameError::Invalid(u.reason))?;
        let game = {
            let _creating = lock(&self.creating);
            self.check_room(client)?;
            self.store
                .insert(&game.stored)
                .map_err(|e| GameError::Store(e.to_string()))?;
            let game = Arc::new(game);
            self.map().insert(game.stored.id.clone(), game.clone());
            game
        };
        self.drive(&game);
        Ok(Created { game, host_token })
    }

    /// Deletes the game `id` for its host, who shows the token given at creation.
    ///
    /// # Errors
    /// When there is no such game, the token is not its host's, or the database fails.
    pub fn delete(&self, id: &str, token: Option<&str>) -> Result<(), GameError> {
        let host = match (self.map().get(id), lock(&self.unplayable).get(id)) {
            (Some(game), _) => game.stored.host.clone(),
            (None, Some(u)) => u.stored.host.clone(),
            (None, None) => return Err(GameError::NotFound(id.to_string())),
        };
        let Some(host) = host else {
            return Err(GameError::Forbidden(format!(
                "game {id} has no host (it was created before hosts could delete games): it is deleted when abandoned"
            )));
        };
        let Some(token) = token else {
            return Err(GameError::Forbidden(
                "deleting a game takes its host's token: `Authorization: Bearer TOKEN`".into(),
            ));
        };
        if !bool::from(token_hash(token).as_bytes().ct_eq(host.as_bytes())) {
            return Err(GameError::Forbidden(
                "the token is not this game's host's".into(),
            ));
        }
        self.remove(id)
    }

    /// Deletes the game `id` from the database, then from memory, and tells its watchers.
    fn remove(&self, id: &str) -> Result<(), GameError> {
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
            let mut table = game.table();
            if game.is_deleted() {
                return Err(GameError::NotFound(game.id().to_string()));
            }
            let prior = table.record().clone();
            apply(&mut table, request)?;
            self.commit(game, &mut table, &prior)?
        };
        self.drive(game);
        Ok(state)
    }

    /// Commits the actions played since the record was `prior` (an undo takes actions back, so
    /// the rows from the first difference on are replaced), then shows the state. If the
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
        let at = now();
        if let Err(e) = self.store.set_actions(&game.stored.id, from, &new, at) {
            if let Ok(restored) = restore(&game.stored, prior, &self.limits.bots) {
                *table = restored;
            }
            return Err(GameError::Store(e.to_string()));
        }
        game.show(table, at)
    }

    /// Plays the bots' actions of `game` one every `pace`, in the background, until a person
    /// must act or the game is over; a forced pass (nothing but a pass is legal, for a bot or a
    /// person) is played without the pace. At most one such task runs per game; bots think only
    /// with a permit of the shared pool.
    fn drive(self: &Arc<Games>, game: &Arc<Game>) {
        if game.driving.swap(true, Ordering::AcqRel) {
            return;
        }
        let games = self.clone();
        let game = game.clone();
        tokio::spawn(async move {
            let mut backoff = FIRST_BACKOFF;
            loop {
                let (due, forced_pass) = {
                    let table = game.table();
                    (table.automatic_due(), table.legal_moves() == [Move::Pass])
                };
                if game.is_deleted() || !due {
                    break;
                }
                let wait = if forced_pass {
                    games.pass_pace
                } else {
                    games.pace
                };
                if !wait.is_zero() {
                    tokio::time::sleep(wait).await;
                }
                let Ok(permit) = games.work.clone().acquire_owned().await else {
                    break;
                };
                let g = game.clone();
                let gs = games.clone();
                // Bots think on a blocking thread: a search must not stall the server.
                let step = tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    let mut table = g.table();
                    if g.is_deleted() {
                        return None;
                    }
                    let prior = table.record().clone();
                    table
                        .step_automatic()
                        .map(|_| gs.commit(&g, &mut table, &prior))
                })
                .await;
                match step {
                    Ok(Some(Ok(_))) => backoff = FIRST_BACKOFF,
                    Ok(Some(Err(e))) => {
                        // The game was put back as it was; the bots try again later and later.
                        // Whoever runs the server must hear why nothing moves.
                        eprintln!(
                            "game {}: a bot's action could not be saved, trying again in {:.1} s: {e}",
                            game.id(),
                            backoff.as_secs_f64()
                        );
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(MAX_BACKOFF);
                    }
                    _ => break,
                }
            }
            game.driving.store(false, Ordering::Release);
            // A person may have acted between the last check and the flag going down.
            if !game.is_deleted()
                && game.table().automatic_due()
                && !game.driving.load(Ordering::Acquire)
            {
                games.drive(&game);
            }
        });
    }
}

/// A new secret: 128 bits from the operating system's generator, in hex.
fn secret_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    hex(&bytes)
}

/// The SHA-256 of a token, in hex: what the database keeps instead of the token.
fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Update;

    fn temp_db(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("pachisi-games-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        path
    }

    fn new_game(ruleset: &str, seats: &[&str], seed: u64) -> NewGame {
        NewGame {
            ruleset: ruleset.into(),
            seats: seats.iter().map(ToString::to_string).collect(),
            seed: Some(seed),
            ..NewGame::default()
        }
    }

    /// A new game of `ruleset` with `seats` and `seed`.
    fn create(games: &Arc<Games>, ruleset: &str, seats: &[&str], seed: u64) -> Arc<Game> {
        games
            .create(new_game(ruleset, seats, seed), None)
            .expect("created")
            .game
    }

    fn open(path: &std::path::Path, pace: Duration, limits: Limits) -> Arc<Games> {
        Games::load(Store::open(path).expect("open"), pace, limits).expect("load")
    }

    #[tokio::test]
    async fn a_refused_write_leaves_the_game_as_the_database_has_it() {
        let path = temp_db("refused");
        let games = open(&path, Duration::ZERO, Limits::default());
        let game = create(&games, "pachisi", &["human"; 4], 3);
        games.act(&game, Request::Throw {}).expect("a throw");
        // A pass that is the only move is the server's to play: wait until a person must act.
        while game.table().automatic_due() {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let before = game.table().record().clone();
        // Another program breaks the database under the server.
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute_batch("DROP TABLE actions;"))
            .expect("drop");
        let moves = game.table().legal_moves();
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
        assert_eq!(*game.table().record(), before, "the game is as it was");
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// Bots whose action cannot be saved do not play it, and try again until the database takes
    /// it: the game goes on once the database is mended.
    #[tokio::test]
    async fn bots_try_again_until_the_database_takes_their_actions() {
        let path = temp_db("bots-retry");
        let pace = Duration::from_millis(5);
        let games = open(&path, pace, Limits::default());
        let game = create(&games, "ludo", &["bot:random"; 4], 8);
        rusqlite::Connection::open(&path)
            .and_then(|c| c.execute_batch("DROP TABLE actions;"))
            .expect("drop");
        // Whatever was in flight settles; from then on nothing is played.
        tokio::time::sleep(Duration::from_millis(100)).await;
        let stalled = game.table().record().actions.len();
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(
            game.table().record().actions.len(),
            stalled,
            "no unsaved action"
        );
        assert!(game.table().automatic_due(), "the bots are still due");
        // Opening the store again creates the missing table.
        drop(Store::open(&path).expect("mended"));
        let mut waited = 0;
        while game.table().record().actions.len() <= stalled + 5 && waited < 500 {
            tokio::time::sleep(Duration::from_millis(10)).await;
            waited += 1;
        }
        assert!(
            game.table().record().actions.len() > stalled + 5,
            "the bots went on"
        );
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn requests_out_of_turn_or_illegal_change_nothing() {
        let path = temp_db("refusals");
        let games = open(&path, Duration::ZERO, Limits::default());
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
        assert_eq!(game.table().record().actions.len(), 1);
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// Bots (and forced passes) wait an hour, so that the tests see the moment before they act.
    fn paused(name: &str) -> (Arc<Games>, std::path::PathBuf) {
        let path = temp_db(name);
        let hour = Duration::from_secs(3600);
        let store = Store::open(&path).expect("open");
        let games = Games::load_paced(store, hour, hour, Limits::default()).expect("load");
        (games, path)
    }

    /// Pachisi's opening, where only 6, 10 and 25 bring a piece in: the bots pass turn after
    /// turn, and a forced pass waits no pace. On tokio's paused clock, which moves only while every task
    /// waits, the time taken is the pace times the actions that are not forced passes.
    #[tokio::test(start_paused = true)]
    async fn forced_passes_do_not_wait_the_pace() {
        let path = temp_db("unpaced");
        let pace = Duration::from_secs(10);
        let games = open(&path, pace, Limits::default());
        let start = tokio::time::Instant::now();
        let game = create(&games, "pachisi", &["bot:heuristic"; 4], 8);
        while game.table().record().actions.len() < 40 {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        let elapsed = start.elapsed();
        let record = game.table().record().clone();
        // Which of the actions were forced passes: the record played again.
        let rules = game.table().rules().clone();
        let mut header = record.clone();
        header.actions.clear();
        let humans = vec![pachisi_table::SeatSpec::Human; 4];
        let mut again = Table::new(rules, &humans, 8, header).expect("table");
        let mut forced = 0u32;
        for &(action, _, _) in &record.actions {
            forced += u32::from(again.legal_moves() == [Move::Pass]);
            again.apply_action(action).expect("replays");
        }
        let paced = record.actions.len() as u32 - forced;
        assert!(forced >= 5, "{forced} forced passes");
        let expected = pace * paced;
        assert!(
            elapsed.abs_diff(expected) < pace / 2,
            "{elapsed:?} for {paced} paced actions and {forced} forced passes, at {pace:?} each"
        );
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
            .find(|game| game.table().automatic_due())
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
        assert_eq!(game.table().record().actions.len(), 1, "nothing was played");

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
        assert!(game.table().record().actions.is_empty());
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn the_list_is_read_without_locking_any_game() {
        let path = temp_db("list");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let game = create(&games, "ludo", &["human"; 4], 2);
        create(&games, "pachisi", &["human"; 4], 3);
        let (done, finished) = std::sync::mpsc::channel();
        let table = game.table();
        let reader = games.clone();
        std::thread::spawn(move || {
            let _ = done.send(reader.list().len());
        });
        // A table held as long as a bot's search: the list does not wait for it.
        let listed = finished.recv_timeout(Duration::from_secs(20));
        drop(table);
        assert_eq!(listed, Ok(2), "the list answered while a game was locked");
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn creation_is_bounded_per_client_and_overall() {
        let path = temp_db("limits");
        let limits = Limits {
            max_games: 3,
            max_games_per_client: 2,
            ..Limits::default()
        };
        let games = open(&path, Duration::from_secs(3600), limits);
        let (a, b): (IpAddr, IpAddr) = (
            "10.0.0.1".parse().expect("ip"),
            "10.0.0.2".parse().expect("ip"),
        );
        let new = || new_game("ludo", &["human"; 4], 1);
        games.create(new(), Some(a)).expect("first");
        games.create(new(), Some(a)).expect("second");
        let e = games.create(new(), Some(a)).err().expect("a third from a");
        assert!(matches!(e, GameError::TooMany(_)), "{e}");
        games.create(new(), Some(b)).expect("b's first");
        let e = games
            .create(new(), Some(b))
            .err()
            .expect("the server is full");
        assert!(matches!(e, GameError::TooMany(_)), "{e}");
        assert!(e.to_string().contains("limit of 3 games"), "{e}");
        assert_eq!(games.list().len(), 3);
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn new_games_are_bounded_and_their_bots_read_no_file() {
        let path = temp_db("fields");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let refused = |new: NewGame| games.create(new, None).err().expect("refused");
        let mut many = new_game("pachisi", &["human"; 4], 1);
        many.set = vec!["moves.split=true".into(); 33];
        let e = refused(many);
        assert!(matches!(e, GameError::BadRequest(_)), "{e}");
        let e = refused(new_game(
            "ludo",
            &["human", "human", "human", &"x".repeat(201)],
            1,
        ));
        assert!(matches!(e, GameError::BadRequest(_)), "{e}");
        let e = refused(new_game("ludo", &["human"; 17], 1));
        assert!(matches!(e, GameError::BadRequest(_)), "{e}");
        let e = refused(new_game(
            "ludo",
            &["human", "human", "human", "bot:mcts:ms=600000"],
            1,
        ));
        assert!(
            matches!(e, GameError::Invalid(_)) && e.to_string().contains("`ms`"),
            "{e}"
        );
        for file in ["/dev/zero", "/no/such/file.toml"] {
            let seat = format!("bot:heuristic:weights={file}");
            let e = refused(new_game("ludo", &["human", "human", "human", &seat], 1));
            assert!(e.to_string().contains("not built-in weights"), "{e}");
        }
        assert!(games.list().is_empty());
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn the_host_deletes_a_game_and_its_watchers_hear_of_it() {
        let path = temp_db("delete");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let created = games
            .create(new_game("ludo", &["human"; 4], 1), None)
            .expect("created");
        let id = created.game.id().to_string();
        let (_, mut updates) = created.game.watch();
        for token in [None, Some("0".repeat(32).as_str()), Some("")] {
            let e = games.delete(&id, token).expect_err("not the host");
            assert!(matches!(e, GameError::Forbidden(_)), "{e}");
        }
        assert!(games.get(&id).is_ok());
        games
            .delete(&id, Some(&created.host_token))
            .expect("the host deletes");
        assert!(matches!(games.get(&id), Err(GameError::NotFound(_))));
        assert!(matches!(updates.recv().await, Ok(Update::Deleted)));
        let e = games
            .act(&created.game, Request::Throw {})
            .expect_err("gone");
        assert!(matches!(e, GameError::NotFound(_)), "{e}");
        drop(games);
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        assert!(games.list().is_empty(), "deleted from the database too");
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    #[tokio::test]
    async fn games_abandoned_past_the_limit_are_deleted() {
        let path = temp_db("expire");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let old = create(&games, "ludo", &["human"; 4], 1);
        let month = 31 * 24 * 3600;
        assert_eq!(games.expire(now()).expect("expire"), 0);
        assert_eq!(games.expire(now() + month).expect("expire"), 1);
        assert!(old.is_deleted());
        assert!(games.list().is_empty());
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// A game stored before the throw-off (no `opening` in its row) began with seat 0 and still
    /// restores; a new game keeps its throw-off, and restores with it.
    #[tokio::test]
    async fn games_stored_before_the_throw_off_restore_as_seat_0_began() {
        let path = temp_db("opening");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let new = create(&games, "pachisi", &["human"; 4], 11);
        let opening = new.table().record().tag("Opening").map(String::from);
        assert!(opening.is_some(), "pachisi throws off (000)");
        let id = new.id().to_string();
        drop((new, games));
        // The same seed's game as seat 0 began it, stored as an older server stored it.
        let rules = Arc::new(builtin_rules("pachisi", &[]).expect("rules"));
        let mut header = GameRecord::new("pachisi");
        header.set_tag(
            "Start",
            pachisi_core::Position::new(&rules).to_notation(&rules),
        );
        let mut table =
            Table::new(rules, &vec![pachisi_table::SeatSpec::Human; 4], 11, header).expect("table");
        table.human_throw();
        let store = Store::open(&path).expect("open");
        store
            .insert(&StoredGame {
                id: "old".into(),
                created: now(),
                updated: now(),
                ruleset: "pachisi".into(),
                overrides: Vec::new(),
                seats: vec!["human".into(); 4],
                seed: 11,
                host: None,
                opening: None,
                actions: Vec::new(),
            })
            .expect("insert");
        let actions: Vec<_> = table.record().actions.iter().map(|a| a.0).collect();
        store
            .set_actions("old", 0, &actions, now())
            .expect("actions");
        drop(store);
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let old = games.get("old").expect("restores");
        assert_eq!(old.table().record().actions.len(), actions.len());
        let again = games.get(&id).expect("restores");
        assert_eq!(
            again.table().record().tag("Opening").map(String::from),
            opening
        );
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }

    /// A stored game the server would refuse today (a weights file, a search of ten minutes, a
    /// ruleset that is gone) is kept as unplayable, and the server starts with every other.
    #[tokio::test]
    async fn a_game_that_cannot_be_played_leaves_the_others_playable() {
        let path = temp_db("unplayable");
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        let good = create(&games, "ludo", &["human"; 4], 1).id().to_string();
        drop(games);
        let store = Store::open(&path).expect("open");
        let bad = |id: &str, ruleset: &str, seat: &str| StoredGame {
            id: id.into(),
            created: now(),
            updated: now(),
            ruleset: ruleset.into(),
            overrides: Vec::new(),
            seats: ["human", "human", "human", seat].map(String::from).to_vec(),
            seed: 1,
            host: None,
            opening: Some(String::new()),
            actions: Vec::new(),
        };
        store
            .insert(&bad("file", "ludo", "bot:heuristic:weights=/dev/zero"))
            .expect("insert");
        store
            .insert(&bad("slow", "ludo", "bot:mcts:ms=600000"))
            .expect("insert");
        store
            .insert(&bad("gone", "no-such-ruleset", "human"))
            .expect("insert");
        drop(store);
        let games = open(&path, Duration::from_secs(3600), Limits::default());
        assert!(games.get(&good).is_ok());
        for id in ["file", "slow", "gone"] {
            let e = games.get(id).err().expect("unplayable");
            assert!(matches!(e, GameError::Unplayable(_)), "{id}: {e}");
        }
        let list = games.list();
        assert_eq!(list.len(), 4);
        assert_eq!(
            list.iter().filter(|g| g["phase"] == "unplayable").count(),
            3,
            "{list:?}"
        );
        std::fs::remove_dir_all(path.parent().expect("dir")).ok();
    }
}
