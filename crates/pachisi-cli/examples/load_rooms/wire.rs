//! The WebSocket's messages as far as the load reads them (docs/api.md, "Live updates"): the
//! envelope, the events' numbers and what a `play` event applied, and of the state only what a
//! person needs to act. Everything else in a message (the board, the pieces, the log) is skipped
//! while parsing, without being built, so that the client spends its cores on the connections
//! rather than on the server's full states.

use serde::de::IgnoredAny;
use serde::Deserialize;

/// A `welcome`, `events` or `error` message (or any other `type`, refused by the caller).
#[derive(Deserialize)]
pub struct Envelope<S> {
    /// `welcome`, `events`, `error`, `closed`, `deleted`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The number of the game's last event.
    pub event: Option<u64>,
    /// The events.
    pub events: Option<Vec<EventIn>>,
    /// The state after them, when they changed it.
    pub state: Option<S>,
    /// An error's text.
    pub error: Option<String>,
}

/// One event.
#[derive(Deserialize)]
pub struct EventIn {
    /// Its number.
    pub n: Option<u64>,
    /// `play`, `over`, `start`, ...
    #[serde(default)]
    pub kind: String,
    /// A `play` event: the record's index of the first action it applies.
    pub from: Option<u64>,
    /// A `play` event: the actions it applies.
    #[serde(default)]
    pub actions: Vec<IgnoredAny>,
}

impl EventIn {
    /// The record index and the number of actions of a `play` event.
    pub fn applied(&self) -> (u64, u64) {
        (self.from.unwrap_or(0), self.actions.len() as u64)
    }
}

/// What a person reads of the state to act.
#[derive(Deserialize, Clone, Default)]
pub struct State {
    /// `human`, `bot` or null (over).
    pub awaiting: Option<String>,
    /// The seat to act.
    pub to_move: Option<u64>,
    /// The actions played so far (sent back with an action).
    pub actions: Option<u64>,
    /// `throw`, `move` or `over`.
    pub phase: Option<String>,
    /// The legal moves when a person must move.
    #[serde(default)]
    pub moves: Vec<MoveIn>,
}

/// One legal move of the state.
#[derive(Deserialize, Clone)]
pub struct MoveIn {
    /// Its place in the list.
    pub index: u64,
    /// Its notation (`-` for a pass).
    #[serde(rename = "move")]
    pub notation: String,
}

/// A watcher reads no state.
pub type Watched = Envelope<IgnoredAny>;

/// A person reads the state.
pub type Played = Envelope<State>;

/// Parses a message; the error names what was wrong and how the text began.
pub fn parse<'de, T: Deserialize<'de>>(text: &'de str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{e}: {}", begin(text)))
}

/// The beginning of a text, for an error's message.
pub fn begin(text: &str) -> String {
    if text.len() <= 200 {
        return text.to_string();
    }
    let mut cut = 200;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    format!("{}...", &text[..cut])
}
