//! The SQLite database that keeps every game: its header (ruleset, overrides, seats, seed) and
//! its actions in order. An action is committed before the server tells anyone of it, so a game
//! is always exactly its rows, whenever the server stops.

use pachisi_core::{Action, GameRecord};
use rusqlite::{params, Connection};
use std::path::Path;

/// Why the database failed.
#[derive(Debug, thiserror::Error)]
#[error("the database {path}: {source}")]
pub struct StoreError {
    path: String,
    #[source]
    source: rusqlite::Error,
}

/// A game as the database keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// Seconds since 1970 when it was created.
    pub created: i64,
    /// The built-in ruleset.
    pub ruleset: String,
    /// Optional rules switched (`FIELD=VALUE`).
    pub overrides: Vec<String>,
    /// Who plays each seat (`human`, `bot:SPEC`).
    pub seats: Vec<String>,
    /// The seed of the throws and bots.
    pub seed: u64,
    /// The actions in order, as record tokens (`(25)`, `E25`).
    pub actions: Vec<String>,
}

/// The database.
pub struct Store {
    connection: Connection,
    path: String,
}

impl Store {
    /// Opens (or creates) the database at `path`.
    ///
    /// # Errors
    /// When the file cannot be opened or is not a database of games.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let name = path.display().to_string();
        let fail = |source| StoreError {
            path: name.clone(),
            source,
        };
        let connection = Connection::open(path).map_err(fail)?;
        // Every commit reaches the disk before it is reported: a game survives the process
        // being killed at any moment.
        connection
            .execute_batch(
                "PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 PRAGMA foreign_keys = ON;
                 CREATE TABLE IF NOT EXISTS games (
                     id TEXT PRIMARY KEY,
                     created INTEGER NOT NULL,
                     ruleset TEXT NOT NULL,
                     overrides TEXT NOT NULL,
                     seats TEXT NOT NULL,
                     seed TEXT NOT NULL
                 );
                 CREATE TABLE IF NOT EXISTS actions (
                     game TEXT NOT NULL REFERENCES games(id),
                     seq INTEGER NOT NULL,
                     action TEXT NOT NULL,
                     PRIMARY KEY (game, seq)
                 );",
            )
            .map_err(fail)?;
        Ok(Store {
            connection,
            path: name,
        })
    }

    fn fail(&self, source: rusqlite::Error) -> StoreError {
        StoreError {
            path: self.path.clone(),
            source,
        }
    }

    /// Adds a new game with no actions.
    ///
    /// # Errors
    /// When the database refuses the write.
    pub fn insert(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.connection
            .execute(
                "INSERT INTO games (id, created, ruleset, overrides, seats, seed)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game.id,
                    game.created,
                    game.ruleset,
                    game.overrides.join("\n"),
                    game.seats.join(","),
                    game.seed.to_string()
                ],
            )
            .map_err(|e| self.fail(e))?;
        Ok(())
    }

    /// Makes the game's actions from `from` on equal `actions`, in one transaction: new actions
    /// are appended, and actions an undo took back are deleted.
    ///
    /// # Errors
    /// When the database refuses the write; nothing is changed then.
    pub fn set_actions(
        &mut self,
        id: &str,
        from: usize,
        actions: &[Action],
    ) -> Result<(), StoreError> {
        let tx = self.connection.transaction().map_err(|e| StoreError {
            path: self.path.clone(),
            source: e,
        })?;
        let result = (|| {
            tx.execute(
                "DELETE FROM actions WHERE game = ?1 AND seq >= ?2",
                params![id, from as i64],
            )?;
            let mut insert =
                tx.prepare("INSERT INTO actions (game, seq, action) VALUES (?1, ?2, ?3)")?;
            for (i, action) in actions.iter().enumerate() {
                insert.execute(params![id, (from + i) as i64, token(action)])?;
            }
            drop(insert);
            tx.commit()
        })();
        result.map_err(|e| self.fail(e))
    }

    /// Every game, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let read = || -> rusqlite::Result<Vec<StoredGame>> {
            let mut games = Vec::new();
            let mut query = self.connection.prepare(
                "SELECT id, created, ruleset, overrides, seats, seed FROM games ORDER BY created, id",
            )?;
            let rows = query.query_map([], |row| {
                let overrides: String = row.get(3)?;
                let seats: String = row.get(4)?;
                let seed: String = row.get(5)?;
                Ok(StoredGame {
                    id: row.get(0)?,
                    created: row.get(1)?,
                    ruleset: row.get(2)?,
                    overrides: overrides
                        .lines()
                        .filter(|l| !l.is_empty())
                        .map(String::from)
                        .collect(),
                    seats: seats.split(',').map(String::from).collect(),
                    seed: seed.parse().unwrap_or(0),
                    actions: Vec::new(),
                })
            })?;
            for game in rows {
                games.push(game?);
            }
            let mut actions = self
                .connection
                .prepare("SELECT action FROM actions WHERE game = ?1 ORDER BY seq")?;
            for game in &mut games {
                let rows = actions.query_map([&game.id], |row| row.get::<_, String>(0))?;
                for action in rows {
                    game.actions.push(action?);
                }
            }
            Ok(games)
        };
        read().map_err(|e| self.fail(e))
    }
}

/// An action as a record writes it.
pub fn token(action: &Action) -> String {
    match action {
        Action::Throw(name) => format!("({name})"),
        Action::Move(mv) => mv.to_string(),
        Action::Seat(letter) => format!("{letter}:"),
    }
}

/// The record of a stored game: `header` (its tags) followed by its actions.
///
/// # Errors
/// When the stored actions do not read as a record.
pub fn record_of(game: &StoredGame, header: &GameRecord) -> Result<GameRecord, String> {
    let mut record = header.clone();
    let body = GameRecord::parse(&format!("[Ruleset \"-\"]\n\n{}\n", game.actions.join(" ")))
        .map_err(|e| format!("game {}: {e}", game.id))?;
    record.actions = body.actions;
    Ok(record)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str) -> StoredGame {
        StoredGame {
            id: id.into(),
            created: 1_800_000_000,
            ruleset: "pachisi".into(),
            overrides: vec!["moves.split=true".into()],
            seats: vec!["human".into(), "bot:expectimax".into()],
            seed: u64::MAX,
            actions: Vec::new(),
        }
    }

    #[test]
    fn games_and_actions_survive_reopening_and_undo_deletes_the_tail() {
        let dir = std::env::temp_dir().join(format!("pachisi-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("games.sqlite");
        let _ = std::fs::remove_file(&path);
        {
            let mut store = Store::open(&path).expect("open");
            store.insert(&game("a")).expect("insert");
            let actions: Vec<Action> = ["(25)", "E25", "(3)", "1+3"]
                .iter()
                .map(|t| {
                    GameRecord::parse(&format!("[Ruleset \"x\"]\n\n{t}\n"))
                        .expect("t")
                        .actions[0]
                        .0
                })
                .collect();
            store.set_actions("a", 0, &actions).expect("append");
            // An undo back to two actions, then one more.
            store
                .set_actions("a", 2, &actions[2..3])
                .expect("undo and append");
            assert!(store.insert(&game("a")).is_err(), "ids are unique");
        }
        let store = Store::open(&path).expect("reopen");
        let games = store.load_all().expect("load");
        assert_eq!(games.len(), 1);
        let mut expected = game("a");
        expected.actions = vec!["(25)".into(), "E25".into(), "(3)".into()];
        assert_eq!(games[0], expected);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_file_that_is_no_database_is_refused_with_its_name() {
        let dir = std::env::temp_dir().join(format!("pachisi-store-bad-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let path = dir.join("not-a-db.sqlite");
        std::fs::write(
            &path,
            "this is not a database, just text that is long enough",
        )
        .expect("write");
        let e = Store::open(&path).err().expect("refused");
        assert!(e.to_string().contains("not-a-db.sqlite"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }
}
