//! A game brought up to date in place from its rows, when another server instance sharing the
//! database changed it (`cluster`): the same [`Game`], so its WebSockets stay open, with its
//! table rebuilt from the stored actions (every throw checked again), its room as stored, and
//! the events it had not told published in order, each once.

use super::{header_of, player_seeds, restore, room_of, Event, Game};
use crate::game::parse_seats;
use crate::limits::BotLimits;
use crate::store::{record_of, StoredGame};
use pachisi_core::builtin_rules;
use pachisi_table::Table;

impl Game {
    /// Brings the game up to `fresh`, its row as the database has it now with (at least) the
    /// events after this game's last. The caller holds the table's lock (`table`), so no local
    /// writer numbers events meanwhile. Returns whether anything changed.
    ///
    /// # Errors
    /// When the stored game no longer replays here, or its events have a gap: the game is left
    /// as it was.
    pub(crate) fn catch_up(
        &self,
        table: &mut Table,
        fresh: &StoredGame,
        limits: &BotLimits,
    ) -> Result<bool, String> {
        let last = self.last_event();
        let events: Vec<Event> = fresh
            .events
            .iter()
            .filter(|(n, _)| *n > last)
            .map(|(n, json)| Event::stored(*n, json))
            .collect();
        let room = room_of(fresh)?;
        if events.is_empty() && *self.room() == room {
            return Ok(false);
        }
        // The rows are numbered without a gap; a gap here would tell a client a story with a
        // hole in it, so nothing is told.
        if let Some(first) = events.first().filter(|e| e.n != last + 1) {
            return Err(format!(
                "game {}: event {} follows {last} in the database",
                fresh.id, first.n
            ));
        }
        let specs = parse_seats(&room.seat_kinds(), limits)?;
        let rules = builtin_rules(&fresh.ruleset, &fresh.overrides)
            .map_err(|e| format!("game {}: {e}", fresh.id))?;
        let players = player_seeds(&rules, fresh)?;
        let header = header_of(fresh, &rules, self.fair.as_ref(), &players, &specs)?;
        let record = record_of(fresh, &header)?;
        let restored = restore(fresh, self.fair.as_ref(), &specs, &record)?;
        *table = restored;
        let watched = {
            let mut now = self.room();
            let watched = now.watch.is_some() && room.watch.is_none();
            *now = room;
            watched
        };
        if watched {
            self.watch_off();
        }
        self.publish(table, events, fresh.updated, true)
            .map_err(|e| e.to_string())?;
        Ok(true)
    }
}
