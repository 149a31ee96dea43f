//! Calibration: how well a bot's winning chances match what happens (`pachisi calibrate`).
//!
//! Games are played to the end with a bot in every seat, each from its own seed derived from the
//! run's seed in a stream of its own ([`calibration_seed`]), so that they are held out from
//! training, whose games take [`pachisi_sim::game_seed`] of the training seed directly. Before
//! every `every`-th throw of a game, while no team has finished, the predictor ([`crate::Bot::value`])
//! gives every team's chance; once the game is over, each team's outcome is 1 if it finished
//! first, else 0. Over every (position, team) pair:
//!
//! - the Brier score is the mean of `(chance - outcome)²` (0 is perfect; always saying
//!   `1 / teams` scores `(teams - 1) / teams²`);
//! - the log loss is the mean over positions of `-ln` of the chance given to the team that won;
//! - the reliability table puts the pairs in ten bins by chance (0-10%, ..., 90-100%) and gives
//!   each bin's mean chance and the frequency of wins in it: a calibrated bot's agree.
//!
//! Games are played on a rayon pool and gathered in order: the same seed gives the same report
//! on any number of threads.
//!
//! [`scale`] fits a network's softmax scale to the same kind of games' outcomes
//! (`pachisi calibrate --fit-scale`).

pub mod scale;

use crate::{BotSpec, SeatBots, SpecError, Values};
use pachisi_core::{Phase, Position, Rules};
use pachisi_sim::{game_seed, play_game, start_position, Step};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Bins of the reliability table.
pub const BINS: usize = 10;

/// The stream of calibration games' seeds, apart from training's.
const CALIBRATION_STREAM: u64 = 0xCA11_B8A7_10E5_0000;

/// The seed of calibration game `index` of a run with seed `seed`.
pub fn calibration_seed(seed: u64, index: u64) -> u64 {
    game_seed(game_seed(seed, CALIBRATION_STREAM), index)
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct CalibrationSettings {
    /// Games to play.
    pub games: u64,
    /// The run's seed.
    pub seed: u64,
    /// A position is sampled before every `every`-th throw (1: every throw).
    pub every: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
}

/// One bin of the reliability table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// The bin's lowest chance.
    pub low: f64,
    /// The bin's highest chance (excluded but for the last bin).
    pub high: f64,
    /// The mean chance predicted in the bin.
    pub mean_predicted: f64,
    /// The frequency of wins in the bin.
    pub observed: f64,
    /// Predictions in the bin.
    pub count: u64,
}

/// A calibration report (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// The predictor's spec.
    pub bot: String,
    /// The players' spec.
    pub players: String,
    /// Games played to the end.
    pub games: u64,
    /// Positions sampled.
    pub positions: u64,
    /// Chances compared (a position gives one per team).
    pub predictions: u64,
    /// Mean squared difference between chance and outcome.
    pub brier: f64,
    /// Mean of `-ln` of the winner's chance, per position.
    pub log_loss: f64,
    /// The Brier score of always predicting `1 / teams`, for comparison.
    pub brier_uniform: f64,
    /// The reliability table, [`BINS`] bins from 0 to 1.
    pub bins: Vec<Bin>,
}

/// Why a calibration could not be run.
#[derive(Debug, thiserror::Error)]
pub enum CalibrationError {
    /// A bot cannot play these rules.
    #[error("bot `{spec}`: {source}")]
    Spec {
        /// The spec.
        spec: String,
        /// Why.
        source: SpecError,
    },
    /// The predictor makes no estimate of a position's value.
    #[error("bot `{0}` gives no winning chances for a position (random and mcts do not); use heuristic, neural or expectimax")]
    NoEstimates(String),
    /// A setting out of range.
    #[error("calibration settings: {0}")]
    Settings(String),
    /// The worker threads could not be started.
    #[error("cannot start worker threads: {0}")]
    Threads(String),
    /// The bot has no network whose scale could be fitted.
    #[error("bot `{0}` has no network to fit a softmax scale to: use neural, or expectimax or mcts with eval=neural")]
    NoNetwork(String),
    /// Too few positions to fit or to measure on.
    #[error("{0}")]
    TooFew(String),
}

/// A position's log loss: `-ln` of the chance given to the team that won (a chance of 0 counts
/// as 1e-12, so that one certain mistake does not make the mean infinite).
fn winner_loss(values: &Values, winner: usize) -> f64 {
    -values[winner].clamp(1e-12, 1.0).ln()
}

/// Sums of one game's predictions.
#[derive(Clone, Debug, Default)]
struct Tally {
    positions: u64,
    predictions: u64,
    squared: f64,
    log_loss: f64,
    bins: [(f64, u64, u64); BINS],
}

impl Tally {
    /// One position's chances `values` of `teams` teams, against the team that won.
    fn add_position(&mut self, values: &Values, winner: usize, teams: usize) {
        self.positions += 1;
        self.log_loss += winner_loss(values, winner);
        for (t, &p) in values.iter().enumerate().take(teams) {
            let y = u64::from(t == winner);
            self.predictions += 1;
            self.squared += (p - y as f64).powi(2);
            let bin = ((p * BINS as f64) as usize).min(BINS - 1);
            self.bins[bin].0 += p;
            self.bins[bin].1 += 1;
            self.bins[bin].2 += y;
        }
    }

    /// The report of these sums, over `games` games under `rules`.
    fn report(&self, rules: &Rules, bot: String, players: String, games: u64) -> Calibration {
        let teams = f64::from(rules.teams());
        let per = |x: f64, n: u64| if n == 0 { 0.0 } else { x / n as f64 };
        Calibration {
            bot,
            players,
            games,
            positions: self.positions,
            predictions: self.predictions,
            brier: per(self.squared, self.predictions),
            log_loss: per(self.log_loss, self.positions),
            brier_uniform: (teams - 1.0) / (teams * teams),
            bins: self
                .bins
                .iter()
                .enumerate()
                .map(|(i, &(sum, count, wins))| Bin {
                    low: i as f64 / BINS as f64,
                    high: (i + 1) as f64 / BINS as f64,
                    mean_predicted: per(sum, count),
                    observed: per(wins as f64, count),
                    count,
                })
                .collect(),
        }
    }

    fn add(&mut self, other: &Tally) {
        self.positions += other.positions;
        self.predictions += other.predictions;
        self.squared += other.squared;
        self.log_loss += other.log_loss;
        for (a, b) in self.bins.iter_mut().zip(&other.bins) {
            a.0 += b.0;
            a.1 += b.1;
            a.2 += b.2;
        }
    }
}

/// Plays the games and compares `bot`'s chances with their outcomes; `players` plays every
/// seat. `progress` is told the games finished so far.
///
/// # Errors
/// When a bot cannot play the rules, the predictor gives no chances, or the settings are out of
/// range.
pub fn calibrate(
    rules: &Arc<Rules>,
    bot: &BotSpec,
    players: &BotSpec,
    settings: &CalibrationSettings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Calibration, CalibrationError> {
    for spec in [bot, players] {
        check_spec(rules, spec)?;
    }
    check_settings(settings)?;
    if bot
        .build(rules.clone(), 0)
        .value(&Position::new(rules))
        .is_none()
    {
        return Err(CalibrationError::NoEstimates(bot.to_string()));
    }
    let tallies = play_games(
        rules,
        players,
        settings,
        progress,
        |seed, sampled, winner| {
            let mut predictor = bot.build(rules.clone(), seed);
            let teams = usize::from(rules.teams());
            let mut tally = Tally::default();
            for pos in sampled {
                if let Some(values) = predictor.value(pos) {
                    tally.add_position(&values, winner, teams);
                }
            }
            tally
        },
    )?;
    let mut total = Tally::default();
    let mut games = 0;
    for t in tallies.iter().flatten() {
        total.add(t);
        games += 1;
    }
    Ok(total.report(rules, bot.to_string(), players.to_string(), games))
}

/// Whether `spec` can play under `rules`.
fn check_spec(rules: &Rules, spec: &BotSpec) -> Result<(), CalibrationError> {
    spec.check(rules).map_err(|source| CalibrationError::Spec {
        spec: spec.to_string(),
        source,
    })
}

/// Whether the settings are in range.
fn check_settings(settings: &CalibrationSettings) -> Result<(), CalibrationError> {
    if settings.every == 0 {
        return Err(CalibrationError::Settings(
            "--every must be at least 1".into(),
        ));
    }
    if settings.games == 0 {
        return Err(CalibrationError::Settings(
            "--games must be at least 1".into(),
        ));
    }
    Ok(())
}

/// Plays the settings' games with `players` in every seat on the settings' threads, and gives
/// each finished game's seed, sampled positions and first team home to `judge`; the results in
/// the games' order (`None` for a game abandoned unfinished), whatever the threads.
fn play_games<T: Send>(
    rules: &Arc<Rules>,
    players: &BotSpec,
    settings: &CalibrationSettings,
    progress: &(dyn Fn(u64) + Sync),
    judge: impl Fn(u64, &[Position], usize) -> T + Sync,
) -> Result<Vec<Option<T>>, CalibrationError> {
    let specs = vec![players.clone(); usize::from(rules.seats())];
    let done = AtomicU64::new(0);
    let run = || -> Vec<Option<T>> {
        (0..settings.games)
            .into_par_iter()
            .map(|g| {
                let seed = calibration_seed(settings.seed, g);
                let result = sample_game(rules, &specs, seed, settings.every)
                    .map(|(sampled, winner)| judge(seed, &sampled, winner));
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                result
            })
            .collect()
    };
    match settings.threads {
        Some(n) => Ok(rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build()
            .map_err(|e| CalibrationError::Threads(e.to_string()))?
            .install(run)),
        None => Ok(run()),
    }
}

/// One game's sampled positions and the team that finished first; `None` for a game
/// abandoned unfinished.
fn sample_game(
    rules: &Arc<Rules>,
    players: &[BotSpec],
    seed: u64,
    every: u64,
) -> Option<(Vec<Position>, usize)> {
    let mut policy = SeatBots::new(players, rules, seed);
    let mut sampled: Vec<Position> = Vec::new();
    let mut throws = 0u64;
    let result = play_game(
        rules,
        start_position(rules, seed),
        seed,
        &mut policy,
        |step, pos| {
            // A position waiting for a throw, reached by a move: the chance before the throw.
            if matches!(step, Step::Move { .. }) && pos.phase() == Phase::Throw {
                throws += 1;
                let nobody_home = pos.placings().is_empty();
                if throws % every == 0 && nobody_home {
                    sampled.push(*pos);
                }
            }
        },
    );
    let winner = usize::from(*result.placings.first()?);
    Some((sampled, winner))
}
