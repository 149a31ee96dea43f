//! The server's side of its database: the store itself is `pachisi-store` (SQLite or
//! PostgreSQL, with the same rows); here, how the server writes an action as a record token and
//! reads a stored game back as a record.

pub use pachisi_store::{
    Commit, Database, ErrorKind, Holding, Owner, Peer, Store, StoreError, StoredGame,
};

use pachisi_core::{Action, GameRecord};

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
