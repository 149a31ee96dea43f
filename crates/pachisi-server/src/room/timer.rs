//! The rules of a room's turn timer (its data is `clock`'s [`Timer`], kept in the room): the
//! running turn's clock started and stopped as the game goes, a clock run out (the turn the
//! stand-in's, one more miss, the seat away after too many), a person present in or back to their
//! seat, and whether the stand-in is to play now. All of it is pure: the caller holds the game's
//! locks, and commits the room with the events returned.
//!
//! [`Timer`]: crate::clock::Timer

use super::{Holder, Room};
use crate::clock::Clock;
use pachisi_core::Phase;
use pachisi_table::Table;

/// Whether the seat to act is a person's (their token's, not a bot's nor open).
fn person_to_act(room: &Room, table: &Table) -> Option<u8> {
    let seat = table.position().to_move();
    matches!(
        room.seats.get(usize::from(seat)),
        Some(Holder::Person { .. })
    )
    .then_some(seat)
}

/// Whether the game is being played: begun, not over, not stopped.
fn in_play(room: &Room, table: &Table) -> bool {
    room.started && room.stopped.is_none() && table.position().phase() != Phase::Over
}

/// Whether the stand-in is to play now: a person's seat is to act (not a pass the server plays
/// anyway), and the seat is away or its turn's time ran out.
pub(crate) fn stand_in_due(room: &Room, table: &Table) -> bool {
    if !in_play(room, table) || table.automatic_due() {
        return false;
    }
    let Some(seat) = person_to_act(room, table) else {
        return false;
    };
    room.timer.is_away(seat)
        || room
            .timer
            .clock
            .is_some_and(|c| c.seat == seat && c.expired)
}

/// Brings the clock in line with the game as it now stands, at server time `now`: it stops when
/// its turn passes to another seat, when its seat is no longer a person's, when the timer is
/// turned off or the game ends; it starts when a person (not away) is due and none runs.
/// Returns whether the timer changed.
pub(crate) fn settle(room: &mut Room, table: &Table, now: i64) -> bool {
    let before = room.timer.clock;
    let over = !in_play(room, table);
    let person = person_to_act(room, table);
    let timer = &mut room.timer;
    if timer
        .clock
        .is_some_and(|c| over || person != Some(c.seat) || timer.turn_seconds.is_none())
    {
        timer.clock = None;
    }
    if let (None, Some(seconds), false, Some(seat)) =
        (timer.clock, timer.turn_seconds, over, person)
    {
        if !timer.is_away(seat) && !table.automatic_due() {
            timer.clock = Some(Clock {
                seat,
                seconds,
                started_ms: now,
                deadline_ms: now.saturating_add(i64::from(seconds) * 1000),
                expired: false,
            });
        }
    }
    timer.clock != before
}

/// A person acted in their own `seat`: they missed no turn. Returns whether the timer changed.
pub(crate) fn present(room: &mut Room, seat: u8) -> bool {
    let changed = room.timer.misses(seat) != 0;
    room.timer.set_misses(seat, 0);
    changed
}

/// The person takes `seat` back: it is not away and its misses are forgiven. The clock of a
/// turn in progress is not theirs to reset: a turn whose time ran out is played to its end by
/// the stand-in, and a running clock keeps running (were coming back to start the turn's clock
/// again, a player who never acts could hold the game still for ever by coming back each time
/// the stand-in is due). An away seat whose turn it is, and which so has no clock, is on a new
/// one from [`settle`]: its player is back for it. Returns the `seat` event when anything
/// changed.
pub(crate) fn back(room: &mut Room, table: &Table, seat: u8) -> Option<serde_json::Value> {
    let was_away = room.timer.is_away(seat);
    let misses = room.timer.misses(seat);
    room.timer.set_away(seat, false);
    room.timer.set_misses(seat, 0);
    (was_away || misses > 0).then(|| seat_event(room, table, seat))
}

/// The `seat` event of a person's seat: its holder and whether it is away.
fn seat_event(room: &Room, table: &Table, seat: u8) -> serde_json::Value {
    serde_json::json!({
        "kind": "seat",
        "seat": seat,
        "colour": table.rules().seat_colour(seat),
        "holder": "person",
        "name": room.name_at(seat),
        "away": room.timer.is_away(seat),
    })
}

/// The clock with `deadline` ran out at server time `now`: the turn is the stand-in's, the seat
/// has missed one more turn (and is away once it missed `Timer::away_after` in a row). Returns
/// the events, or `None` when that clock is no longer running (the turn passed, or it was
/// stopped) or `now` is before its deadline.
pub(crate) fn ran_out(
    room: &mut Room,
    table: &Table,
    deadline: i64,
    now: i64,
) -> Option<Vec<serde_json::Value>> {
    let clock = room.timer.clock.as_mut()?;
    if clock.expired || clock.deadline_ms != deadline || now < deadline {
        return None;
    }
    clock.expired = true;
    let seat = clock.seat;
    let misses = room.timer.misses(seat).saturating_add(1);
    room.timer.set_misses(seat, misses);
    let mut events = vec![serde_json::json!({
        "kind": "timeout",
        "seat": seat,
        "colour": table.rules().seat_colour(seat),
        "misses": misses,
        "stand_in": room.timer.stand_in,
    })];
    if misses >= room.timer.away_after && !room.timer.is_away(seat) {
        room.timer.set_away(seat, true);
        events.push(seat_event(room, table, seat));
    }
    Some(events)
}
