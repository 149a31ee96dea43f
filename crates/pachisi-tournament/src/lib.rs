//! Duplicate tournaments between bots, with honest error bars.
//!
//! Every pair of the listed bots (a *pairing*) plays a match. Luck dominates a race game, so the
//! matches are played *duplicate*, as bridge and backgammon tournaments are:
//!
//! 1. A *deal* is a seed for the throws, derived from the master seed, the pairing and the
//!    deal's number ([`schedule::deal_seed`]).
//! 2. Every deal is played once for each *seating* of the pairing ([`Seatings`]): at least as
//!    dealt and with the sides swapped. Every game of a deal draws its throws from the same
//!    [`SeededThrows`](pachisi_sim::SeededThrows) stream, so each bot meets the throws its
//!    opponent met. (The games share the sequence of throws; once the bots choose differently
//!    the same throw may fall at a different moment of the game.)
//! 3. With two teams (Pachisi's partners, or a two-seat game) each bot plays every seat of one
//!    team. With more teams (every seat alone, as in Ludo or Parcheesi) the bots alternate around
//!    the table and a bot wins when any of its seats does; with an odd number of seats the pattern
//!    is also rotated so each bot holds the extra seat equally often.
//! 4. The games asked for per pairing are rounded up to whole deals.
//!
//! Each seat gets its own bot instance, seeded from the deal and the seat
//! ([`schedule::bot_seed`]). A seat with one legal move plays it without asking its bot; every
//! other choice is timed and checked with the engine's [`Position::play`](pachisi_core::Position::play):
//! an illegal move, or a bot that panics, stops the tournament with a [`TournamentError`] naming
//! the bot, the ruleset and the position. A game longer than
//! [`MAX_THROWS_PER_GAME`](pachisi_sim::MAX_THROWS_PER_GAME) throws is abandoned as a draw.
//!
//! Deals are played in parallel on a [rayon] pool of the requested size, and their results are
//! collected by deal, not by the order they finish in, so a tournament's [`Report`] is the same
//! on any number of threads (its timing aside). The statistics ([`stats`]) treat the deal, not
//! the game, as the unit of sampling, since the games of a deal are correlated: score rates with
//! 95% Wilson intervals over deals, and Elo ratings from a Bradley–Terry fit with seeded
//! bootstrap intervals, or the reason an interval is not estimable.
//!
//! ```
//! use pachisi_tournament::{Pairs, Tournament};
//! use std::sync::Arc;
//!
//! let rules = Arc::new(pachisi_core::builtin_rules("ludo", &[]).unwrap());
//! let tournament = Tournament {
//!     rules,
//!     ruleset: "ludo".into(),
//!     bots: vec!["random".parse().unwrap(), "heuristic".parse().unwrap()],
//!     games_per_pairing: 4,
//!     seed: 1,
//!     threads: Some(1),
//!     pairs: Pairs::Every,
//! };
//! let report = tournament.run(&|_games_done| {}).unwrap();
//! assert_eq!(report.games, 4);
//! assert_eq!(report.bots[0].elo, 0.0);
//! ```

mod game;
pub mod report;
pub mod schedule;
pub mod stats;

pub use report::{BotResult, DealResult, PairingResult, Report};
pub use schedule::{Pairs, SeatingMethod, Seatings};
pub use stats::{Interval, NotEstimable};

use game::{play_game, Table};
use pachisi_bots::BotSpec;
use pachisi_core::Rules;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// Why a tournament could not be played to the end.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// Fewer than two bots were listed.
    #[error("a tournament needs at least two bots; {0} given")]
    TooFewBots(usize),
    /// No games were asked for.
    #[error("a tournament needs at least one game per pairing")]
    NoGames,
    /// More games than can be counted or stored were asked for.
    #[error("{0} games per pairing are too many to play")]
    TooManyGames(u64),
    /// The ruleset has a single team, so two bots cannot play each other.
    #[error("the ruleset has a single team: two bots cannot play against each other")]
    OneTeam,
    /// A bot cannot play under the rules (a network that does not fit them, or none ships).
    #[error("bot `{bot}` cannot play under {ruleset}: {reason}")]
    Unplayable {
        /// The bot's spec.
        bot: String,
        /// The ruleset's name.
        ruleset: String,
        /// Why.
        reason: String,
    },
    /// The thread pool could not be built.
    #[error("cannot start the threads: {0}")]
    ThreadPool(String),
    /// A bot chose a move the engine refuses.
    #[error(
        "bot `{bot}` chose the illegal move {mv} under {ruleset} in position {position}: {reason}"
    )]
    IllegalMove {
        /// The bot's spec.
        bot: String,
        /// The ruleset's name.
        ruleset: String,
        /// The position, in one-line notation.
        position: String,
        /// The move chosen.
        mv: String,
        /// The engine's reason.
        reason: String,
    },
    /// A report was asked of some deals but not all.
    #[error("the tournament has {expected} deals, but {got} were given")]
    Incomplete {
        /// Deals in the tournament.
        expected: u64,
        /// Deals given.
        got: u64,
    },
    /// A bot panicked while choosing a move.
    #[error("bot `{bot}` failed under {ruleset} in position {position}: {message}")]
    BotPanicked {
        /// The bot's spec.
        bot: String,
        /// The ruleset's name.
        ruleset: String,
        /// The position, in one-line notation.
        position: String,
        /// The panic's message.
        message: String,
    },
    /// The engine refused a throw or a forced move (a bug in the engine, not in a bot).
    #[error("the engine failed under {ruleset} in position {position}: {reason}")]
    Engine {
        /// The ruleset's name.
        ruleset: String,
        /// The position, in one-line notation.
        position: String,
        /// The engine's reason.
        reason: String,
    },
}

/// A tournament's settings. [`Tournament::plan`] says what it will play, [`Tournament::run`]
/// plays it.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The rules every game is played under.
    pub rules: Arc<Rules>,
    /// The ruleset's name, for the report and errors.
    pub ruleset: String,
    /// The bots, at least two; a kind may appear more than once with different options.
    pub bots: Vec<BotSpec>,
    /// Games per pairing, rounded up to whole deals.
    pub games_per_pairing: u64,
    /// The master seed every deal and bot seed derives from.
    pub seed: u64,
    /// Threads to play on; `None` (or 0) for one per core.
    pub threads: Option<usize>,
    /// Which bots meet: every pair, or each only its neighbours in a ladder.
    pub pairs: Pairs,
}

/// What a tournament will play.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// The seatings every deal is played in.
    pub seatings: Seatings,
    /// The pairings, `(i, j)` with `i < j`, as indices into [`Tournament::bots`]: every pair,
    /// or in a ladder `(0, 1), (1, 2), ...`.
    pub pairings: Vec<(usize, usize)>,
    /// Deals per pairing.
    pub deals_per_pairing: u64,
    /// Games per pairing: the deals times the games of a deal.
    pub games_per_pairing: u64,
    /// Games in all.
    pub total_games: u64,
}

impl Tournament {
    /// Checks the settings and works out the schedule.
    ///
    /// # Errors
    /// Fewer than two bots, no games, too many games, a ruleset with a single team, or a bot
    /// that cannot play under the rules ([`BotSpec::check`]).
    pub fn plan(&self) -> Result<Plan, TournamentError> {
        if self.bots.len() < 2 {
            return Err(TournamentError::TooFewBots(self.bots.len()));
        }
        if self.games_per_pairing == 0 {
            return Err(TournamentError::NoGames);
        }
        // A bot that cannot play here must say so, rather than play with another evaluation.
        for bot in &self.bots {
            bot.check(&self.rules)
                .map_err(|e| TournamentError::Unplayable {
                    bot: bot.to_string(),
                    ruleset: self.ruleset.clone(),
                    reason: e.to_string(),
                })?;
        }
        let seatings = Seatings::for_rules(&self.rules)?;
        let pairings = self.pairs.of(self.bots.len());
        let deals_per_pairing = schedule::deals_for(self.games_per_pairing, seatings.per_deal());
        let too_many = TournamentError::TooManyGames(self.games_per_pairing);
        let games_per_pairing = deals_per_pairing
            .checked_mul(seatings.per_deal())
            .ok_or_else(|| too_many.clone())?;
        let total_games = games_per_pairing
            .checked_mul(pairings.len() as u64)
            .ok_or_else(|| too_many.clone())?;
        let jobs = deals_per_pairing.checked_mul(pairings.len() as u64);
        if jobs.and_then(|j| usize::try_from(j).ok()).is_none() {
            return Err(too_many);
        }
        Ok(Plan {
            seatings,
            pairings,
            deals_per_pairing,
            games_per_pairing,
            total_games,
        })
    }

    /// Plays the tournament. `progress` is called from the worker threads each time a game
    /// finishes, with the number of games finished so far (calls from different threads may
    /// arrive slightly out of order).
    ///
    /// # Errors
    /// Those of [`Tournament::plan`]; a thread pool that cannot start; a bot that chooses an
    /// illegal move or panics; an engine that refuses a throw or a forced move.
    pub fn run(&self, progress: &(dyn Fn(u64) + Sync)) -> Result<Report, TournamentError> {
        let started = Instant::now();
        let plan = self.plan()?;
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| TournamentError::ThreadPool(e.to_string()))?;
        let done = AtomicU64::new(0);
        let on_game = || progress(done.fetch_add(1, Ordering::Relaxed) + 1);
        let jobs = usize::try_from(plan.deals_per_pairing * plan.pairings.len() as u64)
            .map_err(|_| TournamentError::TooManyGames(self.games_per_pairing))?;
        let deals: Vec<DealResult> = pool.install(|| {
            (0..jobs)
                .into_par_iter()
                .map(|job| self.play_deal(&plan, job as u64, &on_game))
                .collect::<Result<_, _>>()
        })?;
        let mut report = report::build(
            self,
            &plan.seatings,
            &plan.pairings,
            plan.deals_per_pairing,
            &deals,
        );
        report.threads = pool.current_num_threads();
        report.elapsed_seconds = started.elapsed().as_secs_f64();
        Ok(report)
    }

    /// The deals of the whole tournament: deal `d` of pairing `p` is deal number
    /// `p * deals_per_pairing + d`, the numbering [`Tournament::play_deals`] takes.
    ///
    /// # Errors
    /// Those of [`Tournament::plan`].
    pub fn deals(&self) -> Result<u64, TournamentError> {
        let plan = self.plan()?;
        Ok(plan.deals_per_pairing * plan.pairings.len() as u64)
    }

    /// Plays the deals numbered `deals` (cut to [`Tournament::deals`]) on this tournament's
    /// threads and returns them in order. Each deal is seeded from the master seed and its
    /// number alone, so deals played in parts (other processes, other machines) and added up
    /// by [`Tournament::report_of`] give the report [`Tournament::run`] does.
    ///
    /// # Errors
    /// As [`Tournament::run`].
    pub fn play_deals(
        &self,
        deals: std::ops::Range<u64>,
    ) -> Result<Vec<DealResult>, TournamentError> {
        let plan = self.plan()?;
        let total = plan.deals_per_pairing * plan.pairings.len() as u64;
        let deals = deals.start.min(total)..deals.end.min(total);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.unwrap_or(0))
            .build()
            .map_err(|e| TournamentError::ThreadPool(e.to_string()))?;
        pool.install(|| {
            deals
                .into_par_iter()
                .map(|job| self.play_deal(&plan, job, &|| {}))
                .collect::<Result<_, _>>()
        })
    }

    /// The report of every deal of the tournament, in [`Tournament::deals`]' numbering;
    /// `threads` and `elapsed_seconds` are left at 0 for the caller.
    ///
    /// # Errors
    /// Those of [`Tournament::plan`], and [`TournamentError::Incomplete`] when `deals` is not
    /// every deal.
    pub fn report_of(&self, deals: &[DealResult]) -> Result<Report, TournamentError> {
        let plan = self.plan()?;
        let total = plan.deals_per_pairing * plan.pairings.len() as u64;
        if deals.len() as u64 != total {
            return Err(TournamentError::Incomplete {
                expected: total,
                got: deals.len() as u64,
            });
        }
        let mut report = report::build(
            self,
            &plan.seatings,
            &plan.pairings,
            plan.deals_per_pairing,
            deals,
        );
        report.threads = 0;
        report.elapsed_seconds = 0.0;
        Ok(report)
    }

    /// Plays every game of deal `job % deals` of pairing `job / deals`.
    fn play_deal(
        &self,
        plan: &Plan,
        job: u64,
        on_game: &(dyn Fn() + Sync),
    ) -> Result<DealResult, TournamentError> {
        let pairing = usize::try_from(job / plan.deals_per_pairing).unwrap_or(usize::MAX);
        let (first, second) = plan.pairings[pairing];
        let seed = schedule::deal_seed(self.seed, pairing, job % plan.deals_per_pairing);
        let table = Table {
            rules: &self.rules,
            ruleset: &self.ruleset,
            specs: [&self.bots[first], &self.bots[second]],
        };
        let mut deal = DealResult::default();
        for sides in &plan.seatings.games {
            let game = play_game(&table, sides, seed)?;
            match game.winner {
                Some(side) => deal.wins[usize::from(side)] += 1,
                None => deal.draws += 1,
            }
            deal.throws += game.throws;
            for side in 0..2 {
                deal.decisions[side] += game.decisions[side];
                deal.thinking[side] += game.thinking[side];
            }
            on_game();
        }
        Ok(deal)
    }
}
