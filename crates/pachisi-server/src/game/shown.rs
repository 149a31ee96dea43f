//! A game's state as JSON text, kept field by field (docs/api.md, "Read" and "Live updates"):
//! what never changes during a game (its id, ruleset and board) is written once; every other
//! top-level field is written once per change of the game, as text, and compared with the text
//! before, so that the WebSocket tells only the fields that changed (the state's `patch`); the
//! log is kept line by line, and told as the lines kept and the lines after them. The whole
//! state is assembled from the parts when the game changes, and its clock's time left brought up
//! to date when it is read.

use super::{finished, Fair};
use crate::clock::{clock_json, Clock};
use crate::error::GameError;
use crate::room::timer::stand_in_due;
use crate::room::Room;
use crate::view;
use pachisi_core::Rules;
use pachisi_table::Table;
use std::sync::Arc;

/// The names of the fields a state's [`Fields`] hold, in the state's order (after `id`,
/// `ruleset` and `board`; then come `log` and `clock`).
const NAMES: [&str; 18] = [
    "seats",
    "position",
    "phase",
    "to_move",
    "thrower",
    "awaiting",
    "pieces",
    "pool",
    "last_throw",
    "last_move",
    "moves",
    "why_not",
    "placings",
    "result",
    "actions",
    "can_undo",
    "room",
    "fair",
];

/// The opening of a game's state, which never changes during the game: `{"id":...,"ruleset":
/// ...,"board":...` (the object left open).
///
/// # Errors
/// When the board cannot be drawn (not four arms).
pub(crate) fn fixed(id: &str, rules: &Rules) -> Result<Arc<str>, String> {
    let text = |e: serde_json::Error| e.to_string();
    let board = view::BoardView::of(rules)?;
    Ok(format!(
        "{{\"id\":{},\"ruleset\":{},\"board\":{}",
        serde_json::to_string(id).map_err(text)?,
        serde_json::to_string(&view::brief(rules)).map_err(text)?,
        serde_json::to_string(&board).map_err(text)?,
    )
    .into())
}

/// What the state shows of a game's room (its seats and the room), made again only when the
/// room changed: most changes of a game leave it as it was. Kept by the game's writers.
#[derive(Default)]
pub(crate) struct RoomShown {
    /// The room the texts were made of.
    room: Option<Room>,
    /// The state's `seats` and `room`, as JSON text.
    seats: String,
    text: String,
    /// The room's seats as the lobby shows them.
    lobby: serde_json::Value,
}

impl RoomShown {
    /// Makes the texts of `room` again if it changed since they were made; returns whether it
    /// did.
    pub(crate) fn update(&mut self, room: &Room, rules: &Rules) -> Result<bool, GameError> {
        if self.room.as_ref() == Some(room) {
            return Ok(false);
        }
        let view = room.public_view(rules);
        self.seats = serde_json::to_string(&view::seats(rules, &room.seat_kinds()))
            .map_err(|e| GameError::Invalid(e.to_string()))?;
        self.text = view.to_string();
        self.lobby = view["seats"].clone();
        self.room = Some(room.clone());
        Ok(true)
    }

    /// The room's seats as the lobby's line shows them.
    pub(crate) fn lobby(&self) -> serde_json::Value {
        self.lobby.clone()
    }
}

/// The fields of a state that may change with each change of the game, each as JSON text, in
/// the order of [`NAMES`].
pub(crate) struct Fields {
    texts: [String; NAMES.len()],
}

impl Fields {
    /// The fields of a game at `table`, with its room (`room`, its texts in `shown`, brought up
    /// to date first) and `fair` (its fair throws, if it throws fairly): the position and what
    /// is due, the room (names and holders, no secret), the fair throws' commitment (and the
    /// seed, once over).
    pub(crate) fn of(
        fair: Option<&Fair>,
        table: &Table,
        room: &Room,
        shown: &RoomShown,
    ) -> Result<Fields, GameError> {
        let mut m = view::moment(table);
        // The table offers undo against bots; the server takes back only what nobody else has
        // seen: no throw, no other person's move (`action::undo_allowed`).
        if m.can_undo && crate::action::undo_allowed(room, table).is_err() {
            m.can_undo = false;
        }
        if let Some(why) = &room.stopped {
            // Stopped unfinished: nobody is awaited, and the reason stands where a result would.
            m.awaiting = None;
            m.moves.clear();
            m.can_undo = false;
            m.result = Some(why.clone());
        }
        // While the stand-in plays the seat to act, the server is the one awaited: no moves
        // offered, no undo (docs/api.md, "Turn timer").
        if stand_in_due(room, table) {
            m.awaiting = Some("bot");
            m.moves.clear();
            m.why_not.clear();
            m.can_undo = false;
        }
        let fair = match fair {
            Some(fair) => serde_json::json!({
                "commitment": fair.commitment.to_hex(),
                "player_seeds": table.record().tag(pachisi_fair::PLAYER_SEEDS_TAG),
                "server_seed": finished(table, room).then(|| fair.server.to_hex()),
            }),
            None => serde_json::Value::Null,
        };
        let json = |r: serde_json::Result<String>| r.map_err(|e| GameError::Invalid(e.to_string()));
        let texts = [
            shown.seats.clone(),
            json(serde_json::to_string(&m.position))?,
            json(serde_json::to_string(m.phase))?,
            m.to_move.to_string(),
            json(serde_json::to_string(&m.thrower))?,
            json(serde_json::to_string(&m.awaiting))?,
            json(serde_json::to_string(&m.pieces))?,
            json(serde_json::to_string(&m.pool))?,
            json(serde_json::to_string(&m.last_throw))?,
            json(serde_json::to_string(&m.last_move))?,
            json(serde_json::to_string(&m.moves))?,
            json(serde_json::to_string(&m.why_not))?,
            json(serde_json::to_string(&m.placings))?,
            json(serde_json::to_string(&m.result))?,
            m.actions.to_string(),
            m.can_undo.to_string(),
            shown.text.clone(),
            fair.to_string(),
        ];
        Ok(Fields { texts })
    }
}

/// A game's state as shown: each part's text, and the whole assembled from them.
pub(crate) struct StateText {
    /// The opening that never changes ([`fixed`]).
    fixed: Arc<str>,
    /// The other fields but the log and the clock.
    texts: [String; NAMES.len()],
    /// The log's lines, and each as JSON text.
    log: Vec<String>,
    log_json: Vec<String>,
    /// The clock the state shows, and its text as of the state's making.
    clock: Option<Clock>,
    clock_json: String,
    /// The whole state as made, and where its clock's text begins in it.
    whole: Arc<str>,
    clock_at: usize,
    /// One more with each change: a patch takes a state from one number to the next.
    version: u64,
}

impl StateText {
    /// The state made of `fixed`, `fields`, `log` and `clock` at server time `now`.
    pub(crate) fn new(
        fixed: Arc<str>,
        fields: Fields,
        log: &[String],
        clock: Option<Clock>,
        now: i64,
    ) -> StateText {
        let mut state = StateText {
            fixed,
            texts: fields.texts,
            log: log.to_vec(),
            log_json: log.iter().map(|l| json_string(l)).collect(),
            clock,
            clock_json: clock_json(clock, now),
            whole: Arc::from(""),
            clock_at: 0,
            version: 0,
        };
        state.assemble();
        state
    }

    /// Moves the state on to `fields`, `log` and `clock` at server time `now`, and returns the
    /// patch from the state before to this one (docs/api.md, "Live updates"): an object of the
    /// top-level fields whose text changed, each whole; the log as `log_keep` (the lines kept)
    /// and `log` (the lines after them) when it changed; and the clock whenever one runs, since
    /// its time left is of the moment.
    pub(crate) fn update(
        &mut self,
        fields: Fields,
        log: &[String],
        clock: Option<Clock>,
        now: i64,
    ) -> String {
        let mut patch = String::from("{");
        for ((name, old), new) in NAMES.iter().zip(&mut self.texts).zip(fields.texts) {
            if *old != new {
                push_field(&mut patch, name, &new);
                *old = new;
            }
        }
        let keep = self
            .log
            .iter()
            .zip(log)
            .take_while(|(old, new)| old == new)
            .count();
        if keep < self.log.len() || keep < log.len() {
            self.log.truncate(keep);
            self.log_json.truncate(keep);
            self.log.extend(log[keep..].iter().cloned());
            self.log_json
                .extend(log[keep..].iter().map(|l| json_string(l)));
            push_field(&mut patch, "log_keep", &keep.to_string());
            push_field(&mut patch, "log", &json_array(&self.log_json[keep..]));
        }
        let clock_text = clock_json(clock, now);
        if clock_text != self.clock_json || clock_text != "null" {
            push_field(&mut patch, "clock", &clock_text);
        }
        self.clock = clock;
        self.clock_json = clock_text;
        patch.push('}');
        self.version += 1;
        self.assemble();
        patch
    }

    /// Assembles the whole state from its parts.
    fn assemble(&mut self) {
        let size = self.fixed.len()
            + self.texts.iter().map(|t| t.len() + 24).sum::<usize>()
            + self.log_json.iter().map(|l| l.len() + 1).sum::<usize>()
            + self.clock_json.len()
            + 32;
        let mut whole = String::with_capacity(size);
        whole.push_str(&self.fixed);
        for (name, text) in NAMES.iter().zip(&self.texts) {
            push_field(&mut whole, name, text);
        }
        push_field(&mut whole, "log", "");
        whole.push('[');
        push_joined(&mut whole, &self.log_json);
        whole.push(']');
        push_field(&mut whole, "clock", "");
        self.clock_at = whole.len();
        whole.push_str(&self.clock_json);
        whole.push('}');
        self.whole = whole.into();
    }

    /// The whole state as made at its last change.
    pub(crate) fn whole(&self) -> &Arc<str> {
        &self.whole
    }

    /// The whole state, its clock's time left as of server time `now` (a running clock's; the
    /// rest is as made).
    pub(crate) fn fresh(&self, now: i64) -> Arc<str> {
        if !self.clock.is_some_and(|c| !c.expired) {
            return self.whole.clone();
        }
        let clock = clock_json(self.clock, now);
        let head = &self.whole[..self.clock_at];
        let mut text = String::with_capacity(head.len() + clock.len() + 1);
        text.push_str(head);
        text.push_str(&clock);
        text.push('}');
        text.into()
    }

    /// The state's number: 0 when the game was built here, one more with each change.
    pub(crate) fn version(&self) -> u64 {
        self.version
    }
}

/// Adds `"name":text` to an object's text (a comma first unless the object just opened).
fn push_field(object: &mut String, name: &str, text: &str) {
    if !object.ends_with('{') {
        object.push(',');
    }
    object.push('"');
    object.push_str(name);
    object.push_str("\":");
    object.push_str(text);
}

/// Texts of JSON values, separated by commas.
fn push_joined(out: &mut String, items: &[String]) {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(item);
    }
}

/// Texts of JSON values as an array.
fn json_array(items: &[String]) -> String {
    let mut out = String::from("[");
    push_joined(&mut out, items);
    out.push(']');
    out
}

/// A string as JSON text.
fn json_string(text: &str) -> String {
    serde_json::Value::from(text).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The state after `patch` is applied to `before`, as docs/api.md tells a client to.
    fn apply(before: &str, patch: &str) -> serde_json::Value {
        let mut state: serde_json::Value = serde_json::from_str(before).expect("state");
        let patch: serde_json::Value = serde_json::from_str(patch).expect("patch");
        let patch = patch.as_object().expect("an object");
        for (name, value) in patch {
            if name != "log" && name != "log_keep" {
                state[name] = value.clone();
            }
        }
        if let Some(keep) = patch.get("log_keep").and_then(serde_json::Value::as_u64) {
            let mut log = state["log"].as_array().cloned().unwrap_or_default();
            log.truncate(usize::try_from(keep).expect("small"));
            log.extend(patch["log"].as_array().cloned().unwrap_or_default());
            state["log"] = log.into();
        }
        state
    }

    fn fields(texts: [&str; NAMES.len()]) -> Fields {
        Fields {
            texts: texts.map(String::from),
        }
    }

    #[test]
    fn a_patch_takes_the_state_before_to_the_state_after() {
        let mut base = ["1"; NAMES.len()];
        let log = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let mut state = StateText::new(
            Arc::from("{\"id\":\"g\""),
            fields(base),
            &log(&["Y: (4) -"]),
            None,
            0,
        );
        let steps: Vec<(usize, &str, Vec<String>)> = vec![
            // A line added.
            (1, "\"b\"", log(&["Y: (4) -", "G: (3) 1+3"])),
            // The last line extended (a pass folded into it), nothing else.
            (1, "\"b\"", log(&["Y: (4) -", "G: (3) 1+3  B: (4) -"])),
            // An undo: the log shrinks, and its last line changes.
            (2, "true", log(&["Y: (4) -", "G: (3)"])),
            // Back to the beginning, a line with a quote in it.
            (0, "[]", log(&["R: \"x\""])),
            (0, "[]", Vec::new()),
        ];
        for (field, text, lines) in steps {
            let before = state.whole().to_string();
            base[field] = text;
            let patch = state.update(fields(base), &lines, None, 0);
            assert_eq!(
                apply(&before, &patch),
                serde_json::from_str::<serde_json::Value>(state.whole()).expect("state"),
                "{patch}"
            );
            assert!(!patch.contains("\"room\""), "{patch}");
        }
        // Nothing changed: nothing to tell.
        let patch = state.update(fields(base), &[], None, 0);
        assert_eq!(patch, "{}");
        assert_eq!(state.version(), 6);
    }

    #[test]
    fn a_running_clock_is_in_every_patch_and_fresh_when_read() {
        let clock = Clock {
            seat: 1,
            seconds: 30,
            started_ms: 0,
            deadline_ms: 30_000,
            expired: false,
        };
        let base = ["1"; NAMES.len()];
        let mut state = StateText::new(Arc::from("{"), fields(base), &[], Some(clock), 0);
        let read = |text: &str| serde_json::from_str::<serde_json::Value>(text).expect("state");
        assert_eq!(read(state.whole())["clock"]["left_ms"], 30_000);
        assert_eq!(read(&state.fresh(1_000))["clock"]["left_ms"], 29_000);
        let patch = state.update(fields(base), &[], Some(clock), 2_000);
        assert_eq!(read(&patch)["clock"]["left_ms"], 28_000);
        let patch = state.update(fields(base), &[], None, 3_000);
        assert_eq!(read(&patch)["clock"], serde_json::Value::Null);
        assert_eq!(state.update(fields(base), &[], None, 4_000), "{}");
        assert_eq!(*state.fresh(5_000), **state.whole());
    }
}
