//! The bots' turns of a game, and the turns a stand-in plays for a person (`clock`): one task
//! per game plays them one every `--pace`, each thought out on the shared pool of threads (asked
//! for under the address that created the game, `work`) and committed like any action, backing
//! off when the database refuses.

use super::{Actor, Games};
use crate::clock;
use crate::error::GameError;
use crate::game::Game;
use crate::room::timer;
use pachisi_core::Move;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// The longest wait between two tries of a bot whose action the database refused.
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// The first such wait.
const FIRST_BACKOFF: Duration = Duration::from_millis(100);

/// Whether the server is to act in `game` now: a bot's turn, a pass forced on a person, or a
/// person's turn that the stand-in plays.
fn server_due(game: &Game) -> bool {
    let table = game.table();
    let room = game.room();
    room.started
        && room.stopped.is_none()
        && (table.automatic_due() || timer::stand_in_due(&room, &table))
}

impl Games {
    /// Plays the bots' (and stand-ins') actions of `game` one every `pace`, in the background,
    /// until a person must act or the game is over; a forced pass (nothing but a pass is legal, for a bot or a
    /// person) is played without the pace. At most one such task runs per game; bots think only
    /// on a thread of the shared pool, asked for under the address that created the game.
    pub(crate) fn drive(self: &Arc<Games>, game: &Arc<Game>) {
        // Only the instance that holds the game's lease plays its bots (`cluster`).
        if !self.drives(game) || game.driving.swap(true, Ordering::AcqRel) {
            return;
        }
        let games = self.clone();
        let game = game.clone();
        tokio::spawn(async move {
            let mut backoff = FIRST_BACKOFF;
            loop {
                let due = server_due(&game);
                let forced_pass = game.table().legal_moves() == [Move::Pass];
                if game.is_deleted() || game.is_moved() || !due || !games.drives(&game) {
                    break;
                }
                let wait = if forced_pass {
                    games.pass_pace
                } else {
                    // The room's choice, within what the server allows (`Pace`).
                    game.room().pace.of(games.pace)
                };
                if !wait.is_zero() {
                    tokio::time::sleep(wait).await;
                }
                // The work is the game creator's: their games share their part of the threads.
                let Some(permit) = games.work.acquire(game.creator).await else {
                    break;
                };
                let g = game.clone();
                let gs = games.clone();
                // Bots think on a blocking thread: a search must not stall the server.
                let step = tokio::task::spawn_blocking(move || {
                    let permit = permit;
                    let mut table = g.table();
                    // The lease may have gone while the bot waited its pace.
                    if g.is_deleted() || !gs.drives(&g) {
                        return None;
                    }
                    let prior = table.record().clone();
                    let (started, stand_in) = {
                        let room = g.room();
                        let stand_in =
                            timer::stand_in_due(&room, &table).then(|| room.timer.stand_in.clone());
                        (room.started, stand_in)
                    };
                    if !started {
                        return None;
                    }
                    let played = match stand_in {
                        Some(spec) => clock::stand_in_step(&mut table, &spec, &gs.limits.bots),
                        None => table.step_automatic().is_some(),
                    };
                    // The thinking is done: the thread goes back to the pool before the write,
                    // so that writes of many games wait for the database together (and are
                    // written in one batch) rather than one per thread of the pool.
                    drop(permit);
                    played.then(|| gs.commit(&g, &mut table, &prior, Actor::Server))
                })
                .await;
                match step {
                    // Another instance acted first: the game was caught up, and the bots look
                    // again at what is due now.
                    Ok(Some(Ok(_) | Err(GameError::Moved(..)))) => backoff = FIRST_BACKOFF,
                    // The game moved to another instance: its bots are that one's now.
                    Ok(Some(Err(_))) if game.is_moved() => break,
                    Ok(Some(Err(e))) => {
                        // The game was put back as it was; the bots try again later and later.
                        // Whoever runs the server must hear why nothing moves.
                        eprintln!(
                            "game {}: a bot's action could not be saved, trying again in {:.1} s: {e}",
                            game.id(),
                            backoff.as_secs_f64()
                        );
                        tokio::time::sleep(backoff).await;
                        backoff = (backoff * 2).min(MAX_BACKOFF);
                    }
                    _ => break,
                }
            }
            game.driving.store(false, Ordering::Release);
            // A person may have acted between the last check and the flag going down.
            if !game.is_deleted()
                && games.drives(&game)
                && server_due(&game)
                && !game.driving.load(Ordering::Acquire)
            {
                games.drive(&game);
            }
        });
    }
}
