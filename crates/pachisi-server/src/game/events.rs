//! A game's events: what its players and watchers are told, numbered in the order it happened
//! (docs/api.md, "Events"), the two lines of its chat that are counted apart, and the updates its
//! connections hear.

use std::sync::Arc;

/// One numbered event of a game: what its players and watchers are told (docs/api.md, "Events").
#[derive(Clone, Debug)]
pub struct Event {
    /// Its number: 1 for the first event of a game, then one more for each.
    pub n: u64,
    /// The event as JSON text, its number included.
    pub json: Arc<str>,
    /// The chat line it was said on, if it is a chat line (the lines a game may hold are
    /// counted on each).
    pub(crate) chat: Option<ChatLine>,
}

/// The two lines of a game's chat, whose lines are counted apart, so that watchers cannot use
/// up the players' chat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChatLine {
    /// The players'.
    Table,
    /// The watchers'.
    Watchers,
}

impl ChatLine {
    /// The line's name in a `chat` event.
    pub fn name(self) -> &'static str {
        match self {
            ChatLine::Table => "table",
            ChatLine::Watchers => "watchers",
        }
    }

    /// The line a chat event's body was said on; `None` for another event.
    fn of(body: &serde_json::Value) -> Option<ChatLine> {
        if body["kind"] != "chat" {
            return None;
        }
        Some(if body["line"] == "watchers" {
            ChatLine::Watchers
        } else {
            ChatLine::Table
        })
    }
}

impl Event {
    /// Event `n` with `body` (an object; its `n` is set here).
    pub(crate) fn new(n: u64, mut body: serde_json::Value) -> Event {
        body["n"] = n.into();
        Event {
            n,
            chat: ChatLine::of(&body),
            json: body.to_string().into(),
        }
    }

    /// Event `n` as the database keeps it.
    pub(crate) fn stored(n: u64, json: &str) -> Event {
        let chat = serde_json::from_str::<serde_json::Value>(json)
            .ok()
            .and_then(|body| ChatLine::of(&body));
        Event {
            n,
            chat,
            json: json.into(),
        }
    }
}

/// A state of a game as published with the events that led to it.
#[derive(Debug)]
pub struct Published {
    /// The state's number: one more than the state before it.
    pub version: u64,
    /// What changed since the state before, as the WebSocket tells it (docs/api.md, "Live
    /// updates"): a JSON object.
    pub patch: String,
    /// The whole state, as JSON text.
    pub state: Arc<str>,
    /// Whether the room changed since the state before (and so, perhaps, who a token is).
    pub room: bool,
}

/// What the players and watchers of a game hear.
#[derive(Clone, Debug)]
pub enum Update {
    /// Events, in order, and the state after them when they changed it.
    Events(Arc<[Event]>, Option<Arc<Published>>),
    /// The host turned watching off: watchers are sent away.
    WatchOff,
    /// The game was deleted: nothing more will come.
    Deleted,
    /// The game moved to another server instance: its connections are closed, to connect again
    /// there.
    Moved,
}

/// The events of `events` after number `after`.
pub(crate) fn tail(events: &[Event], after: u64) -> &[Event] {
    let from = events.partition_point(|e| e.n <= after);
    &events[from..]
}

/// How many chat lines a game holds on each line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ChatCount {
    table: usize,
    watchers: usize,
}

impl ChatCount {
    /// The chat lines among `events`.
    pub(crate) fn of(events: &[Event]) -> ChatCount {
        let mut count = ChatCount::default();
        count.add(events);
        count
    }

    /// Counts the chat lines among `events` too.
    pub(crate) fn add(&mut self, events: &[Event]) {
        for e in events {
            match e.chat {
                Some(ChatLine::Table) => self.table += 1,
                Some(ChatLine::Watchers) => self.watchers += 1,
                None => {}
            }
        }
    }

    /// The lines said on `line`.
    pub(crate) fn on(self, line: ChatLine) -> usize {
        match line {
            ChatLine::Table => self.table,
            ChatLine::Watchers => self.watchers,
        }
    }
}
