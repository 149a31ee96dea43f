//! The turn timer of a room: its options (seconds per turn, the misses after which a seat is
//! away, the stand-in bot), each seat's missed turns and away mark, and the clock of the turn
//! running now. All of it is a [`Timer`] kept in the room's JSON, so it is committed with the
//! change that moves it and survives a restart.
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
use crate::game::{lock, Game};
use crate::games::{now, room_json, Games};
use crate::limits::BotLimits;
use crate::room::{Holder, Room};
use crate::store::Commit;
use pachisi_bots::BotSpec;
use pachisi_core::{Move, Phase};
use pachisi_table::Table;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
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
/// The wait before a clock's run-out is tried again when the database refused it.
const RETRY: Duration = Duration::from_secs(1);

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

    fn set_away(&mut self, seat: u8, away: bool) {
        let i = usize::from(seat);
        if self.away.len() <= i {
            self.away.resize(i + 1, false);
        }
        self.away[i] = away;
    }

    fn set_misses(&mut self, seat: u8, misses: u8) {
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
/// has missed one more turn (and is away once it missed [`Timer::away_after`] in a row). Returns
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
    fn instant(&self, ms: i64) -> tokio::time::Instant {
        let base = self.base.load(Ordering::Acquire);
        let after = u64::try_from(ms.saturating_sub(base)).unwrap_or(0);
        self.start + Duration::from_millis(after)
    }
}

/// What happened when a clock's deadline came.
enum RunOut {
    /// Done: the stand-in has the turn, or the clock no longer ran.
    Done,
    /// Woken before the deadline: wait again.
    Early,
}

impl Games {
    /// Arms the timer of `game`'s running clock (once per clock: a clock armed already is left
    /// alone, one that stopped is disarmed). A task sleeps until the deadline, then
    /// [`Games::run_out`] gives the turn to the stand-in.
    pub(crate) fn arm(self: &Arc<Games>, game: &Arc<Game>) {
        // The clock is read under the lock of the armed timer: of two callers, the second
        // reads the room as the later change left it, and arms its clock last.
        let mut armed = lock(&game.armed);
        let deadline = game
            .room()
            .timer
            .clock
            .filter(|c| !c.expired)
            .map(|c| c.deadline_ms);
        if armed.as_ref().map(|a| a.0) == deadline {
            return;
        }
        if let Some((_, task)) = armed.take() {
            task.abort();
        }
        // Only the instance that drives the game times its turns (`cluster`).
        let Some(deadline) = deadline.filter(|_| !game.is_deleted() && self.drives(game)) else {
            return;
        };
        let games = self.clone();
        let g = game.clone();
        let task = tokio::spawn(async move {
            let mut at = games.time().instant(deadline);
            loop {
                tokio::time::sleep_until(at).await;
                let (gs, gg) = (games.clone(), g.clone());
                match tokio::task::spawn_blocking(move || gs.run_out(&gg, deadline)).await {
                    Ok(Ok(RunOut::Done)) | Err(_) => break,
                    Ok(Ok(RunOut::Early)) => at = games.time().instant(deadline + 1),
                    Ok(Err(e)) => {
                        // Nothing changed; whoever runs the server must hear why the clock
                        // waits.
                        eprintln!(
                            "game {}: a turn's time ran out but could not be saved, trying again in {} s: {e}",
                            g.id(),
                            RETRY.as_secs()
                        );
                        at = tokio::time::Instant::now() + RETRY;
                    }
                }
            }
        });
        *armed = Some((deadline, task.abort_handle()));
    }

    /// The clock with `deadline` of `game` ran out: the `timeout` event (and the seat's `seat`
    /// event when it is now away) is committed with the room, then the stand-in plays.
    fn run_out(self: &Arc<Games>, game: &Arc<Game>, deadline: i64) -> Result<RunOut, GameError> {
        let mut table = game.table();
        if game.is_deleted() || !self.drives(game) {
            return Ok(RunOut::Done);
        }
        let now_ms = self.time().now_ms();
        let mut room = game.room().clone();
        if room
            .timer
            .clock
            .is_some_and(|c| !c.expired && c.deadline_ms == deadline)
            && now_ms < deadline
        {
            return Ok(RunOut::Early);
        }
        let Some(bodies) = ran_out(&mut room, &table, deadline, now_ms) else {
            return Ok(RunOut::Done);
        };
        let events = game.number(bodies);
        let at = now();
        let written = self.store().commit(Commit {
            id: game.stored.id.clone(),
            room: Some(room_json(&room)?),
            events: events.iter().map(|e| (e.n, e.json.to_string())).collect(),
            at,
            owner: self.owner_name(),
            ..Commit::default()
        });
        if let Err(e) = written {
            // Another instance changed the game first: it is caught up, and its clock, if
            // still running out, is armed again from there.
            let refused = self.refused(game, &mut table, e);
            drop(table);
            return match refused {
                GameError::Moved(..) => {
                    self.arm(game);
                    self.drive(game);
                    Ok(RunOut::Done)
                }
                other => Err(other),
            };
        }
        *game.room() = room;
        game.publish(&table, events, at, true)?;
        drop(table);
        self.arm(game);
        self.drive(game);
        Ok(RunOut::Done)
    }

    /// Whether any game's clock runs (the heartbeat is written only then).
    fn clocks_running(&self) -> bool {
        self.all()
            .iter()
            .any(|g| g.room().timer.clock.is_some_and(|c| !c.expired))
    }

    /// Writes the server's time every [`HEARTBEAT`] while a clock runs, for a server started
    /// again after this one stops (docs/api.md, "Turn timer").
    pub(crate) fn heartbeat(self: &Arc<Games>) {
        let games = self.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(HEARTBEAT);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                let g = games.clone();
                let written = tokio::task::spawn_blocking(move || {
                    if g.clocks_running() {
                        g.store().set_alive(g.time().now_ms())?;
                    }
                    // Instances sharing the database keep one time: the latest written.
                    if g.store().is_shared() {
                        g.time().advance_to(g.store().alive()?);
                    }
                    Ok::<_, crate::store::StoreError>(())
                })
                .await;
                if let Ok(Err(e)) = written {
                    eprintln!("the server's time could not be saved: {e}");
                }
            }
        });
    }
}

/// The time a server starts at: the last heartbeat written (`alive`), or later when a clock
/// began after it (its start was committed, so the server was alive then).
pub(crate) fn resume_time(alive: i64, rooms: impl Iterator<Item = Room>) -> i64 {
    rooms
        .filter_map(|r| r.timer.clock)
        .map(|c| c.started_ms)
        .fold(alive, i64::max)
}

#[cfg(test)]
mod tests;
