//! The clocks' tasks on the games: a timer armed for each running clock, which gives the turn to
//! the stand-in when it runs out (committed like any change, tried again when the database
//! refuses), and the heartbeat that writes the server's time while a clock runs, so that a
//! server started again goes on from it (`clock`, docs/api.md, "Turn timer").

use super::{now, Games};
use crate::clock::HEARTBEAT;
use crate::error::GameError;
use crate::game::{lock, Game};
use crate::room::timer::ran_out;
use crate::room::Room;
use std::sync::Arc;
use std::time::Duration;

/// The wait before a clock's run-out is tried again when the database refused it.
const RETRY: Duration = Duration::from_secs(1);

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
        let written =
            self.store()
                .commit(self.room_commit(game, Some(&room), &events, at, false)?);
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
