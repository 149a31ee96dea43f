//! Many games on many threads.
//!
//! Games are cut into fixed chunks by index, each chunk counted into its own [`Stats`] and the
//! chunks merged. Which thread plays a chunk, and in which order chunks finish, changes nothing:
//! game `i` always has seed [`game_seed`]`(seed, i)`, and merging counts is exact and
//! order-free. Memory stays flat in the number of games: nothing is kept per game.

use crate::{game_seed, play_counted, play_random_counted, Policy, Stats};
use pachisi_core::Rules;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Games per chunk: large enough that scheduling costs nothing next to play, small enough that
/// two threads share the work evenly and the progress bar moves.
const CHUNK: u64 = 512;

/// What to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simulation {
    /// Games to play.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
}

/// Why a simulation could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimulationError {
    /// The thread pool could not be started.
    #[error("cannot start {threads} worker threads")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        source: rayon::ThreadPoolBuildError,
    },
}

/// The counts of a simulation and how long it took.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The counts.
    pub stats: Stats,
    /// Wall-clock time.
    pub elapsed: Duration,
    /// Threads that played.
    pub threads: usize,
}

/// Plays `sim.games` games under `rules`, game `i` with seed [`game_seed`]`(sim.seed, i)` and the
/// policy `policy(i, seed)` choosing its moves; `progress` is told the number of games finished
/// after every chunk.
///
/// # Errors
/// When the worker threads cannot be started.
pub fn simulate<P, F>(
    rules: &Rules,
    sim: Simulation,
    policy: F,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome, SimulationError>
where
    P: Policy,
    F: Fn(u64, u64) -> P + Sync,
{
    run(rules, sim, progress, |i, seed, stats| {
        play_counted(rules, seed, &mut policy(i, seed), stats);
    })
}

/// [`simulate`] with every seat a random player ([`crate::RandomPolicy`]): the same games and
/// the same counts, played on a [`pachisi_core::PlainGame`] where the rules allow
/// ([`play_random_counted`]).
///
/// # Errors
/// When the worker threads cannot be started.
pub fn simulate_random(
    rules: &Rules,
    sim: Simulation,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Outcome, SimulationError> {
    run(rules, sim, progress, |_, seed, stats| {
        play_random_counted(rules, seed, stats);
    })
}

/// Plays game `i` with `play(i, seed, stats)` for every `i` below `sim.games`, in chunks on
/// `sim.threads` threads.
fn run<G>(
    rules: &Rules,
    sim: Simulation,
    progress: &(dyn Fn(u64) + Sync),
    play: G,
) -> Result<Outcome, SimulationError>
where
    G: Fn(u64, u64, &mut Stats) + Sync,
{
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(sim.threads)
        .build()
        .map_err(|source| SimulationError::Threads {
            threads: sim.threads,
            source,
        })?;
    let started = Instant::now();
    let done = AtomicU64::new(0);
    let chunks = sim.games.div_ceil(CHUNK);
    let play_chunk = |chunk: u64| {
        let mut stats = Stats::new(rules);
        let first = chunk * CHUNK;
        for i in first..(first + CHUNK).min(sim.games) {
            play(i, game_seed(sim.seed, i), &mut stats);
        }
        let finished = done.fetch_add(stats.games, Ordering::Relaxed) + stats.games;
        progress(finished);
        stats
    };
    let stats = pool.install(|| {
        (0..chunks).into_par_iter().map(play_chunk).reduce(
            || Stats::new(rules),
            |mut a, b| {
                a.merge(&b);
                a
            },
        )
    });
    Ok(Outcome {
        stats,
        elapsed: started.elapsed(),
        threads: pool.current_num_threads(),
    })
}
