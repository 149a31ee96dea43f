//! The turn timer of a room: its options (seconds per turn, the misses after which a seat is
//! away, the stand-in bot), each seat's missed turns and away mark, and the clock of the turn
//! running now. All of it is a [`Timer`] kept in the room's JSON, so it is committed with the
//! change that moves it and survives a restart. This module owns the timer's data and what needs
//! no room: the options' bounds, the stand-in's action, what a state shows of a clock, and the
//! server's time that clocks count in. The timer's rules on a room (a clock started, stopped or
//! run out, a seat away or back) are `room::timer`'s; the task that waits for each clock and the
//! heartbeat are `games::clocks`'.
//!
//! A turn is a seat's from the moment it is due until the turn passes to another seat: its
//! throws and moves, extra throws included, share one clock. When the clock runs out the seat's
//! stand-in plays the rest of that turn, one action every `--pace` like a bot, through the same
//! commit as every action; after [`Timer::away_after`] turns missed in a row the seat is away,
//! and the stand-in plays all its turns until the person takes the seat back.
//!
//! Time is the server's own ([`ServerTime`]): milliseconds that stop while the server is down.
//! A heartbeat writes it to the database every [`HEARTBEAT`] while a clock runs, and a server
//! that starts again goes on from the last value written, so a clock goes on with the time it
//! had left when the server stopped (at most one heartbeat more), never with less. Instances
//! sharing a PostgreSQL database keep one time: a heartbeat never moves the stored value back,
//! and each instance moves its own time forward to it, so a clock armed again by another
//! instance keeps its time to within about a heartbeat.

use crate::error::GameError;
use crate::limits::BotLimits;
use pachisi_bots::BotSpec;
use pachisi_core::{Move, Phase};
use pachisi_table::Table;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

/// The shortest turn a room may choose, in seconds: short enough for a quick game (and for
/// tests), long enough to click.
pub const MIN_TURN_SECONDS: u32 = 2;
/// The longest turn a room may choose, in seconds (an hour).
pub const MAX_TURN_SECONDS: u32 = 3600;
/// Turns missed in a row after which a seat is away, unless the room chooses.
pub const DEFAULT_AWAY_AFTER: u8 = 2;
/// The most turns missed in a row that a room may allow before a seat is away.
pub const MAX_AWAY_AFTER: u8 = 10;
/// The bot that plays a person's turn when their time runs out, unless the room chooses: the
/// one-ply bot, which answers at once and plays sensibly.
pub const DEFAULT_STAND_IN: &str = "heuristic";
/// How often the server's time is written while a clock runs: the most time a clock can be
/// given back beyond what the server lost when killed.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// A room's turn timer (docs/api.md, "Turn timer").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Timer {
    /// Seconds per turn; `None`: no timer.
    pub turn_seconds: Option<u32>,
    /// Turns missed in a row after which a seat is away.
    pub away_after: u8,
    /// The stand-in's bot spec (`heuristic`).
    pub stand_in: String,
    /// Each seat's turns missed in a row (a seat beyond the list has missed none).
    pub misses: Vec<u8>,
    /// Which seats are away (a seat beyond the list is not).
    pub away: Vec<bool>,
    /// The clock of the turn running now.
    pub clock: Option<Clock>,
}

impl Default for Timer {
    fn default() -> Timer {
        Timer {
            turn_seconds: None,
            away_after: DEFAULT_AWAY_AFTER,
            stand_in: DEFAULT_STAND_IN.into(),
            misses: Vec::new(),
            away: Vec::new(),
            clock: None,
        }
    }
}

/// The clock of one turn, in the server's time ([`ServerTime`], milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The seat whose turn it is.
    pub seat: u8,
    /// The turn's length when it began.
    pub seconds: u32,
    /// When it began.
    pub started_ms: i64,
    /// When it runs out.
    pub deadline_ms: i64,
    /// Whether it ran out: the stand-in plays the rest of the turn.
    pub expired: bool,
}

impl Timer {
    /// Whether `seat` is away.
    pub fn is_away(&self, seat: u8) -> bool {
        self.away.get(usize::from(seat)).copied().unwrap_or(false)
    }

    /// The turns `seat` missed in a row.
    pub fn misses(&self, seat: u8) -> u8 {
        self.misses.get(usize::from(seat)).copied().unwrap_or(0)
    }

    /// Marks `seat` away, or not.
    pub(crate) fn set_away(&mut self, seat: u8, away: bool) {
        let i = usize::from(seat);
        if self.away.len() <= i {
            self.away.resize(i + 1, false);
        }
        self.away[i] = away;
    }

    /// Sets the turns `seat` missed in a row.
    pub(crate) fn set_misses(&mut self, seat: u8, misses: u8) {
        let i = usize::from(seat);
        if self.misses.len() <= i {
            self.misses.resize(i + 1, 0);
        }
        self.misses[i] = misses;
    }

    /// Forgets what `seat`'s last holder missed (the seat changed hands).
    pub(crate) fn reset_seat(&mut self, seat: u8) {
        self.set_away(seat, false);
        self.set_misses(seat, 0);
        if self.clock.is_some_and(|c| c.seat == seat) {
            self.clock = None;
        }
    }
}

/// Checks the timer's options as a room gives them: `turn_seconds` within
/// [`MIN_TURN_SECONDS`]`..=`[`MAX_TURN_SECONDS`], `away_after` within `1..=`[`MAX_AWAY_AFTER`],
/// and the stand-in a bot the server allows (`heuristic` or `bot:heuristic`). Returns the
/// stand-in's spec as kept.
///
/// # Errors
/// When an option is out of its bounds or the bot is not one the server plays.
pub(crate) fn check_options(
    turn_seconds: Option<u32>,
    away_after: Option<u8>,
    stand_in: Option<&str>,
    limits: &BotLimits,
) -> Result<Option<String>, GameError> {
    if let Some(s) = turn_seconds {
        if !(MIN_TURN_SECONDS..=MAX_TURN_SECONDS).contains(&s) {
            return Err(GameError::Invalid(format!(
                "`turn_seconds` is from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS} seconds (or null: no timer), not {s}"
            )));
        }
    }
    if let Some(n) = away_after {
        if !(1..=MAX_AWAY_AFTER).contains(&n) {
            return Err(GameError::Invalid(format!(
                "`away_after` is from 1 to {MAX_AWAY_AFTER} missed turns, not {n}"
            )));
        }
    }
    let Some(text) = stand_in else {
        return Ok(None);
    };
    let text = text.trim();
    let text = text.strip_prefix("bot:").unwrap_or(text);
    let spec = BotSpec::parse_untrusted(text)
        .map_err(|e| GameError::Invalid(format!("the stand-in `{text}`: {e}")))?;
    limits.check(&spec).map_err(GameError::Invalid)?;
    Ok(Some(spec.to_string()))
}

/// The stand-in that plays for a person: the room's bot, or [`DEFAULT_STAND_IN`] should the
/// kept spec be one this server no longer allows.
fn stand_in_bot(spec: &str, limits: &BotLimits) -> Option<BotSpec> {
    BotSpec::parse_untrusted(spec)
        .ok()
        .filter(|s| limits.check(s).is_ok())
        .or_else(|| BotSpec::parse_untrusted(DEFAULT_STAND_IN).ok())
}

/// The stand-in plays one action of the person's seat to act: the throw, or the bot's move
/// (checked, as a bot's is, and kept for undo as a person's move is). Returns whether it played.
pub(crate) fn stand_in_step(table: &mut Table, spec: &str, limits: &BotLimits) -> bool {
    match table.position().phase() {
        Phase::Throw => table.human_throw().is_some(),
        Phase::Move => {
            let chosen = stand_in_bot(spec, limits).map(|bot| {
                bot.build(table.rules().clone(), table.throw_count())
                    .choose(table.position())
            });
            let legal = table.legal_moves();
            let mv = match chosen {
                Some(mv) if legal.contains(&mv) => mv,
                _ => legal.first().copied().unwrap_or(Move::Pass),
            };
            table.human_move(mv).is_ok()
        }
        Phase::Over => false,
    }
}

/// What the state shows of the clock at server time `now`, as JSON text: `{"left_ms", "seat",
/// "seconds"}`, or `null` when no clock runs (no timer, a bot's turn, or the stand-in playing).
/// A state is made when its game changes, and its clock's `left_ms` brought up to date when it
/// is read (a page counts down from the moment it is sent).
pub(crate) fn clock_json(clock: Option<Clock>, now: i64) -> String {
    match clock {
        Some(c) if !c.expired => format!(
            "{{\"left_ms\":{},\"seat\":{},\"seconds\":{}}}",
            left_ms(&c, now),
            c.seat,
            c.seconds
        ),
        _ => "null".into(),
    }
}

/// The milliseconds `clock` has left at `now`, within its length.
fn left_ms(clock: &Clock, now: i64) -> i64 {
    clock
        .deadline_ms
        .saturating_sub(now)
        .clamp(0, i64::from(clock.seconds) * 1000)
}

/// The server's time: milliseconds that go on from the last heartbeat of the server before,
/// so that the time a server was down is no time at all to a clock. Several instances sharing a
/// database count one time: none runs behind the latest heartbeat any of them wrote
/// (`ServerTime::advance_to`).
#[derive(Debug)]
pub struct ServerTime {
    base: AtomicI64,
    start: tokio::time::Instant,
}

impl ServerTime {
    /// Time going on from `base` milliseconds.
    pub(crate) fn resume(base: i64) -> ServerTime {
        ServerTime {
            base: AtomicI64::new(base),
            start: tokio::time::Instant::now(),
        }
    }

    /// The time now.
    pub(crate) fn now_ms(&self) -> i64 {
        let elapsed = i64::try_from(self.start.elapsed().as_millis()).unwrap_or(i64::MAX);
        self.base.load(Ordering::Acquire).saturating_add(elapsed)
    }

    /// Moves the time forward to `ms` if it is behind (another instance's heartbeat); it never
    /// goes back.
    pub(crate) fn advance_to(&self, ms: i64) {
        let behind = ms.saturating_sub(self.now_ms());
        if behind > 0 {
            self.base.fetch_add(behind, Ordering::AcqRel);
        }
    }

    /// The instant at which the time is `ms` (now, if that has passed).
    pub(crate) fn instant(&self, ms: i64) -> tokio::time::Instant {
        let base = self.base.load(Ordering::Acquire);
        let after = u64::try_from(ms.saturating_sub(base)).unwrap_or(0);
        self.start + Duration::from_millis(after)
    }
}

#[cfg(test)]
mod tests;
