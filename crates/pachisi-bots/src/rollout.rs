//! Rollouts: every legal move of a decision position played out to the end of the game many
//! times, a bot from a spec in every seat, and the mover's team's chance of taking first place
//! after each move estimated with a 95% interval ([`Estimate`], from the crate's estimates of
//! repeated trials, which the endgame measure shares).
//!
//! Two samplings ([`Sampling`]):
//!
//! - **Paired** (common random numbers and quasi-random first throws): rollout `i` of every
//!   candidate draws its throws from one stream and seeds its bots alike, so the candidates are
//!   compared on the same luck and the difference between two moves has a small variance. The
//!   stream is consumed in order: a candidate whose game throws sooner or more often than
//!   another's (a bonus throw, a turn passed) simply takes the stream's next throws, so the games
//!   share their throws by number, not by turn. The first two throws of the stream are not drawn
//!   at random: rollout `i` takes the point `(i + offset) / N` (one random offset per set of
//!   rollouts) through the inverse distribution of pairs of throws, ordered by the first throw,
//!   so that every first throw, and every pair of first two, appears in proportion to its exact
//!   probability, give or take one rollout. The rest of each stream draws normally.
//! - **Plain** Monte Carlo: every candidate's every rollout draws its own independent throws and
//!   bot seeds; the baseline against which the gain of the first is measured.
//!
//! Rollouts are split among threads by index and put back in order, so the results are the same
//! on any number of threads.

use crate::estimate::{independent, stratified};
use crate::{after, legal_moves, BotSpec, SeatBots};
use pachisi_core::{Move, Phase, Position, Rules, Throw};
use pachisi_sim::{game_seed, Draws, Policy, SeededThrows, MAX_THROWS_PER_GAME};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

#[cfg(test)]
mod tests;

pub mod estimate {
    //! The estimates rollouts report: [`Estimate`], a mean with its standard error and 95%
    //! interval (independent results, or stratified by their first throw).
    pub use crate::estimate::Estimate;
}

pub use estimate::Estimate;

/// Mixed into the seed for the plain samples' streams, apart from the paired ones.
const PLAIN_STREAM: u64 = 0x504C_4149_4E00_0000;
/// The index of the stream that draws the offset of the stratified first throws.
const OFFSET_STREAM: u64 = 0x4F46_4653_4554_0000;

/// How the rollouts draw their throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// Common random numbers across candidates and stratified first two throws.
    Paired,
    /// Independent throws for every rollout of every candidate.
    Plain,
}

/// What to roll out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutSettings {
    /// Rollouts of each candidate move (at least 2, for an interval).
    pub rollouts: u32,
    /// The seed of every throw and every bot.
    pub seed: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// How the throws are drawn.
    pub sampling: Sampling,
}

/// Why rollouts could not run.
#[derive(Debug, thiserror::Error)]
pub enum RolloutError {
    /// Fewer than two rollouts per move give no interval.
    #[error("at least 2 rollouts per move are needed for an interval (got {0})")]
    TooFew(u32),
    /// The position waits for a throw, or the game is over.
    #[error("no move is due in this position")]
    NoDecision,
    /// The thread pool could not be started.
    #[error("cannot start {threads} worker threads")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// What the system said.
        source: rayon::ThreadPoolBuildError,
    },
}

/// The results of a set of rollouts: one win or loss per candidate and rollout.
#[derive(Clone, Debug)]
pub struct Rollouts {
    sampling: Sampling,
    moves: Vec<Move>,
    /// `wins[k][i]`: whether rollout `i` of move `k` won for the mover's team.
    wins: Vec<Vec<bool>>,
    /// The stratum (first throw) of each rollout, for the paired sampling.
    strata: Vec<u8>,
}

impl Rollouts {
    /// The candidate moves, in the engine's order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Rollouts per move.
    pub fn rollouts(&self) -> u32 {
        self.wins.first().map_or(0, |w| w.len() as u32)
    }

    /// How the throws were drawn.
    pub fn sampling(&self) -> Sampling {
        self.sampling
    }

    /// The mover's team's winning chance after move `k`.
    pub fn chance(&self, k: usize) -> Estimate {
        let values = self.wins[k].iter().map(|&w| f64::from(u8::from(w)));
        let (mean, se) = match self.sampling {
            Sampling::Paired => stratified(values, &self.strata),
            Sampling::Plain => independent(values),
        };
        Estimate::new(mean, se, 0.0, 1.0)
    }

    /// The winning chance after move `k` less that after move `j`. Paired rollouts give it from
    /// the differences rollout by rollout, whose variance is small where the two moves' games
    /// went alike; plain ones from the two independent estimates.
    pub fn difference(&self, k: usize, j: usize) -> Estimate {
        let (mean, se) = match self.sampling {
            Sampling::Paired => {
                let diffs = self.wins[k]
                    .iter()
                    .zip(&self.wins[j])
                    .map(|(&a, &b)| f64::from(u8::from(a)) - f64::from(u8::from(b)));
                stratified(diffs, &self.strata)
            }
            Sampling::Plain => {
                let (a, b) = (self.chance(k), self.chance(j));
                (a.mean - b.mean, a.se.hypot(b.se))
            }
        };
        Estimate::new(mean, se, -1.0, 1.0)
    }

    /// The indices of the moves, best first (the engine's order among equal chances).
    pub fn ranking(&self) -> Vec<usize> {
        let chances: Vec<f64> = (0..self.moves.len()).map(|k| self.chance(k).mean).collect();
        let mut order: Vec<usize> = (0..self.moves.len()).collect();
        order.sort_by(|&a, &b| chances[b].total_cmp(&chances[a]));
        order
    }
}

/// Plays every legal move of `pos` (a position waiting for a move) out `settings.rollouts`
/// times, `policy` in every seat; `progress` is told the number of games finished.
///
/// # Errors
/// Fewer than two rollouts, a position with no move due, or worker threads that cannot start.
pub fn roll_out(
    rules: &Arc<Rules>,
    pos: &Position,
    policy: &BotSpec,
    settings: RolloutSettings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Rollouts, RolloutError> {
    let plan = Plan::new(rules, pos, policy, settings)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(settings.threads)
        .build()
        .map_err(|source| RolloutError::Threads {
            threads: settings.threads,
            source,
        })?;
    let candidates = plan.moves.len();
    let done = AtomicU64::new(0);
    let by_rollout: Vec<Vec<bool>> = pool.install(|| {
        (0..settings.rollouts)
            .into_par_iter()
            .map(|i| {
                let wins = (0..candidates).map(|k| plan.play(k, i, |_| {})).collect();
                let games = candidates as u64;
                progress(done.fetch_add(games, Ordering::Relaxed) + games);
                wins
            })
            .collect()
    });
    let wins = (0..candidates)
        .map(|k| by_rollout.iter().map(|w| w[k]).collect())
        .collect();
    let strata = (0..settings.rollouts)
        .filter_map(|i| plan.lead(i).map(|[first, _]| first.0))
        .collect();
    Ok(Rollouts {
        sampling: settings.sampling,
        moves: plan.moves,
        wins,
        strata,
    })
}

/// The throws of one rollout, in the order the game asks for them.
#[derive(Clone, Debug)]
pub struct RolloutThrows {
    /// The stratified first two throws, if any.
    lead: Option<[Throw; 2]>,
    /// Throws drawn so far.
    drawn: usize,
    /// Every throw after the lead.
    rest: SeededThrows,
}

impl RolloutThrows {
    /// The next throw.
    pub fn next_throw(&mut self, rules: &Rules) -> Throw {
        let t = match self.lead.and_then(|lead| lead.get(self.drawn).copied()) {
            Some(t) => t,
            None => self.rest.next_throw(rules),
        };
        self.drawn += 1;
        t
    }
}

/// The first two throws at the point `u` of [0, 1) through the inverse distribution of pairs,
/// ordered by the first throw and then the second: the first is the throw at `u`, and the second
/// the throw at where `u` falls within the first's share.
pub fn stratified_pair(rules: &Rules, u: f64) -> [Throw; 2] {
    let first = rules.throw_for(u);
    let i = usize::from(first.0);
    let below: f64 = rules.outcomes()[..i].iter().map(|o| o.probability).sum();
    let p = rules.outcomes()[i].probability;
    let within = ((u - below) / p).clamp(0.0, 1.0 - f64::EPSILON);
    [first, rules.throw_for(within)]
}

/// Everything a rollout needs, shared by all of them.
struct Plan<'a> {
    rules: &'a Arc<Rules>,
    start: Position,
    team: u8,
    moves: Vec<Move>,
    specs: Vec<BotSpec>,
    settings: RolloutSettings,
    /// The offset of the stratified first throws, in [0, 1).
    offset: f64,
}

impl<'a> Plan<'a> {
    fn new(
        rules: &'a Arc<Rules>,
        pos: &Position,
        policy: &BotSpec,
        settings: RolloutSettings,
    ) -> Result<Plan<'a>, RolloutError> {
        if settings.rollouts < 2 {
            return Err(RolloutError::TooFew(settings.rollouts));
        }
        if pos.phase() != Phase::Move {
            return Err(RolloutError::NoDecision);
        }
        let offset = Draws::new(game_seed(settings.seed, OFFSET_STREAM)).unit();
        Ok(Plan {
            rules,
            start: *pos,
            team: rules.team_of(pos.to_move()),
            moves: legal_moves(rules, pos),
            specs: vec![policy.clone(); usize::from(rules.seats())],
            settings,
            offset,
        })
    }

    /// The seed of rollout `i` of candidate `k`: its throws after the lead, and its bots.
    fn game_seed(&self, k: usize, i: u32) -> u64 {
        match self.settings.sampling {
            Sampling::Paired => game_seed(self.settings.seed, u64::from(i)),
            Sampling::Plain => game_seed(
                game_seed(self.settings.seed ^ PLAIN_STREAM, k as u64),
                u64::from(i),
            ),
        }
    }

    /// The stratified first two throws of rollout `i` (paired sampling only).
    fn lead(&self, i: u32) -> Option<[Throw; 2]> {
        (self.settings.sampling == Sampling::Paired).then(|| {
            let u = (f64::from(i) + self.offset) / f64::from(self.settings.rollouts);
            stratified_pair(self.rules, u)
        })
    }

    /// The throws of rollout `i` of candidate `k`.
    fn throws(&self, k: usize, i: u32) -> RolloutThrows {
        RolloutThrows {
            lead: self.lead(i),
            drawn: 0,
            rest: SeededThrows::new(self.game_seed(k, i)),
        }
    }

    /// Plays rollout `i` of candidate `k`; `observe` sees every throw. Whether the mover's team
    /// won.
    fn play(&self, k: usize, i: u32, observe: impl FnMut(Throw)) -> bool {
        let rules = self.rules;
        let pos = after(rules, &self.start, self.moves[k]);
        let mut bots = SeatBots::new(&self.specs, rules, self.game_seed(k, i));
        let mut throws = self.throws(k, i);
        play_out(rules, pos, self.team, &mut throws, &mut bots, observe)
    }
}

/// Plays from `pos` until a team has taken first place, `policy` choosing every move and the
/// throws from `throws`; whether that team is `team`. A game that reaches
/// [`MAX_THROWS_PER_GAME`] unfinished counts as not won.
pub fn play_out<P: Policy>(
    rules: &Rules,
    mut pos: Position,
    team: u8,
    throws: &mut RolloutThrows,
    policy: &mut P,
    mut observe: impl FnMut(Throw),
) -> bool {
    let mut legal = Vec::with_capacity(32);
    let mut thrown = 0u64;
    // The rest of the game after the first place decides nothing: stop there.
    while pos.placings().is_empty() && thrown < MAX_THROWS_PER_GAME {
        match pos.phase() {
            Phase::Over => break,
            Phase::Throw => {
                let t = throws.next_throw(rules);
                observe(t);
                // The phase is Throw and the outcome comes from the rules: this cannot fail.
                let _ = pos.apply_throw(rules, t);
                thrown += 1;
            }
            Phase::Move => {
                pos.legal_moves_into(rules, &mut legal);
                let mv = policy.choose(rules, &pos, &legal);
                pos.play_unchecked(rules, mv);
            }
        }
    }
    pos.winner() == Some(team)
}
