//! The WebSocket's messages as far as the load reads them (docs/api.md, "Live updates"): the
//! envelope, the events' numbers and what a `play` event applied, and of the state (whole in a
//! welcome, else what changed of it: a patch) only what a person needs to act, kept up to date
//! by each patch. Everything else in a message (the board, the pieces, the log) is skipped while
//! parsing, without being built, so that the client spends its cores on the connections rather
//! than on the server's states.

use serde::de::IgnoredAny;
use serde::Deserialize;

/// A `welcome`, `events` or `error` message (or any other `type`, refused by the caller).
#[derive(Deserialize)]
pub struct Envelope<S, P> {
    /// `welcome`, `events`, `error`, `closed`, `deleted`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The number of the game's last event.
    pub event: Option<u64>,
    /// The events.
    pub events: Option<Vec<EventIn>>,
    /// The state after them, whole (a welcome's, or one sent to a client that fell behind).
    pub state: Option<S>,
    /// What changed of the state since the one told before, when they changed it.
    pub patch: Option<P>,
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

/// What a person reads of a patch: the fields of [`State`] it names, each whole (`Some(None)`
/// for a field it sets to null).
#[derive(Deserialize, Default)]
pub struct Patch {
    #[serde(default, deserialize_with = "named")]
    awaiting: Option<Option<String>>,
    #[serde(default, deserialize_with = "named")]
    to_move: Option<Option<u64>>,
    #[serde(default, deserialize_with = "named")]
    actions: Option<Option<u64>>,
    #[serde(default, deserialize_with = "named")]
    phase: Option<Option<String>>,
    #[serde(default, deserialize_with = "named")]
    moves: Option<Option<Vec<MoveIn>>>,
}

/// A field a patch names, null or not (a field it does not name is `None`, by `default`).
fn named<'de, D, T>(deserializer: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer).map(Some)
}

impl State {
    /// Takes in what `patch` changed.
    pub fn apply(&mut self, patch: Patch) {
        if let Some(awaiting) = patch.awaiting {
            self.awaiting = awaiting;
        }
        if let Some(to_move) = patch.to_move {
            self.to_move = to_move;
        }
        if let Some(actions) = patch.actions {
            self.actions = actions;
        }
        if let Some(phase) = patch.phase {
            self.phase = phase;
        }
        if let Some(moves) = patch.moves {
            self.moves = moves.unwrap_or_default();
        }
    }
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
pub type Watched = Envelope<IgnoredAny, IgnoredAny>;

/// A person reads the state.
pub type Played = Envelope<State, Patch>;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_changes_only_the_fields_it_names() {
        let welcome: Played = parse(
            r#"{"type": "welcome", "event": 3, "events": [], "state": {"awaiting": "human",
                "to_move": 0, "actions": 4, "phase": "move", "board": {"side": 15},
                "moves": [{"index": 0, "move": "1+6"}, {"index": 1, "move": "-"}]}}"#,
        )
        .expect("a welcome");
        let mut state = welcome.state.expect("a state");
        let message: Played = parse(
            r#"{"type": "events", "event": 4, "events": [{"n": 4, "kind": "play", "from": 4,
                "actions": ["1+6"]}], "patch": {"phase": "throw", "actions": 5, "moves": [],
                "log_keep": 2, "log": ["Y: (6) 1+6"]}}"#,
        )
        .expect("events");
        assert!(message.state.is_none());
        state.apply(message.patch.expect("a patch"));
        assert_eq!(state.phase.as_deref(), Some("throw"));
        assert_eq!(state.actions, Some(5));
        assert!(state.moves.is_empty());
        assert_eq!(state.awaiting.as_deref(), Some("human"), "not named: kept");
        assert_eq!(state.to_move, Some(0));
        let over: Played = parse(
            r#"{"type": "events", "event": 5, "events": [], "patch": {"awaiting": null,
                "phase": "over"}}"#,
        )
        .expect("events");
        state.apply(over.patch.expect("a patch"));
        assert_eq!(state.awaiting, None, "set to null");
        assert_eq!(state.phase.as_deref(), Some("over"));
    }
}
