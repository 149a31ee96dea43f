//! Why a request about a game failed: one [`GameError`] for every refusal of the server's game
//! logic, below everything that can refuse (the room, the timer, a person's action, the games),
//! each mapped to an HTTP status by the routes (docs/api.md).

use std::sync::Arc;

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
    /// Another server instance changed the game first: nothing of the request was done, and
    /// this is the game's state now (answered with it, docs/api.md).
    #[error("{0}")]
    Moved(String, Arc<str>),
}
