//! What a tournament reports, and how deal results add up to it.

use crate::schedule::{SeatingMethod, Seatings};
use crate::stats::{self, Interval, NotEstimable, PairDeals};
use crate::Tournament;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The results of a tournament. Everything in it follows from the tournament's settings alone,
/// however many threads played it, except the timing: [`BotResult::ms_per_decision`],
/// [`BotResult::thinking_seconds`], [`Report::elapsed_seconds`] and [`Report::threads`]
/// (cleared by [`Report::without_timing`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The ruleset's name.
    pub ruleset: String,
    /// The master seed.
    pub seed: u64,
    /// How a pairing's two bots share the seats.
    pub seating: SeatingMethod,
    /// For each game of a deal, the side of every seat (0: a pairing's first bot, 1: its second).
    pub seatings: Vec<Vec<u8>>,
    /// Games per pairing asked for.
    pub games_requested: u64,
    /// Deals played by each pairing.
    pub deals_per_pairing: u64,
    /// Games in a deal (one per seating).
    pub games_per_deal: u64,
    /// Games played by each pairing: the request rounded up to whole deals.
    pub games_per_pairing: u64,
    /// Games played in all.
    pub games: u64,
    /// Games abandoned at [`Report::max_throws_per_game`] throws, counted as draws.
    pub unfinished: u64,
    /// The throw limit of a game.
    pub max_throws_per_game: u64,
    /// Mean throws per game.
    pub mean_throws_per_game: f64,
    /// Virtual drawn games added to each pairing before fitting Elo ratings.
    pub prior_draws: f64,
    /// Bootstrap resamples behind the Elo intervals.
    pub bootstrap_resamples: u32,
    /// Each bot's results, in the order the bots were listed.
    pub bots: Vec<BotResult>,
    /// Each pairing's results, `(0, 1), (0, 2), …, (1, 2), …`.
    pub pairings: Vec<PairingResult>,
    /// Threads the games were played on.
    pub threads: usize,
    /// Wall-clock time of the whole tournament, in seconds.
    pub elapsed_seconds: f64,
}

/// One bot's results over all its pairings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BotResult {
    /// The bot's spec string.
    pub spec: String,
    /// The bot's name in tables: its spec, numbered (`heuristic #1`, `heuristic #2`) when
    /// another bot has the same spec.
    pub label: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Games drawn (abandoned at the throw limit).
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Points per game: a win is a point, a draw half a point.
    pub score: f64,
    /// The score's 95% Wilson interval over deals; `None` (JSON `null`) when there is a single
    /// deal.
    pub score_interval: Option<Interval>,
    /// The Elo rating, relative to the first bot's 0 (with a drawn game added to each pairing).
    pub elo: f64,
    /// The rating's 95% bootstrap interval; `None` (JSON `null`) when it is not estimable.
    pub elo_interval: Option<Interval>,
    /// Why the rating's interval is not estimable (JSON `"few-deals"` or `"sweep"`); `None`
    /// (JSON `null`) when it is given.
    pub elo_not_estimable: Option<NotEstimable>,
    /// Decisions made: moves chosen where there was more than one legal move.
    pub decisions: u64,
    /// Mean thinking time per decision in milliseconds (0 without decisions).
    pub ms_per_decision: f64,
    /// Thinking time over all decisions, in seconds.
    pub thinking_seconds: f64,
}

/// One pairing's results, seen from its first bot.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingResult {
    /// Index of the first bot in [`Report::bots`].
    pub first_index: usize,
    /// Index of the second bot.
    pub second_index: usize,
    /// The first bot's spec.
    pub first: String,
    /// The second bot's spec.
    pub second: String,
    /// Deals played.
    pub deals: u64,
    /// Games played.
    pub games: u64,
    /// Games the first bot won.
    pub first_wins: u64,
    /// Games the second bot won.
    pub second_wins: u64,
    /// Games drawn (abandoned at the throw limit).
    pub draws: u64,
    /// The first bot's points per game.
    pub first_score: f64,
    /// Its 95% Wilson interval over deals; `None` (JSON `null`) with a single deal.
    pub first_score_interval: Option<Interval>,
    /// The first bot's rating minus the second's from this pairing alone, with the prior draw.
    pub elo_difference: f64,
    /// Whether both bots scored in this pairing. When one won every game the difference has no
    /// finite estimate: [`PairingResult::elo_difference`] is then the added draw's alone and
    /// grows with the number of games, whatever the gap.
    pub elo_difference_estimable: bool,
}

impl Report {
    /// The report with its timing zeroed: equal for every run of the same tournament.
    pub fn without_timing(&self) -> Report {
        let mut r = self.clone();
        r.threads = 0;
        r.elapsed_seconds = 0.0;
        for b in &mut r.bots {
            b.ms_per_decision = 0.0;
            b.thinking_seconds = 0.0;
        }
        r
    }
}

/// What one deal of a pairing came to: [`Tournament::play_deals`] plays deals,
/// [`Tournament::report_of`] adds them up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealResult {
    /// Games won by each side.
    pub wins: [u64; 2],
    /// Games drawn.
    pub draws: u64,
    /// Throws over the deal's games.
    pub throws: u64,
    /// Decisions made by each side.
    pub decisions: [u64; 2],
    /// Thinking time of each side.
    pub thinking: [Duration; 2],
}

impl DealResult {
    /// The first side's points.
    fn first_points(&self) -> f64 {
        self.wins[0] as f64 + self.draws as f64 / 2.0
    }
}

/// Salt of the bootstrap's seed.
const BOOTSTRAP_SALT: u64 = 0xB007_57A4;

/// Adds up the deal results, `deals[p * deals_per_pairing + d]` being deal `d` of pairing `p`.
pub(crate) fn build(
    t: &Tournament,
    seatings: &Seatings,
    pairings: &[(usize, usize)],
    deals_per_pairing: u64,
    deals: &[DealResult],
) -> Report {
    let per_deal = seatings.per_deal();
    let chunk = usize::try_from(deals_per_pairing)
        .unwrap_or(usize::MAX)
        .max(1);
    let pair_deals: Vec<PairDeals> = pairings
        .iter()
        .zip(deals.chunks(chunk))
        .map(|(&(first, second), ds)| PairDeals {
            first,
            second,
            games_per_deal: per_deal as f64,
            points: ds.iter().map(DealResult::first_points).collect(),
        })
        .collect();
    let n = t.bots.len();
    let elo = stats::fit_elo(n, &pair_deals);
    let seed = pachisi_sim::game_seed(t.seed, BOOTSTRAP_SALT);
    let elo_intervals = stats::elo_intervals(n, &pair_deals, stats::BOOTSTRAP_RESAMPLES, seed);
    let specs: Vec<String> = t.bots.iter().map(ToString::to_string).collect();
    let labels = labels(&specs);
    let bots = (0..n)
        .map(|bot| {
            let mut r = bot_result(
                t,
                bot,
                pairings,
                deals.chunks(chunk),
                per_deal,
                elo[bot],
                elo_intervals[bot],
            );
            r.label.clone_from(&labels[bot]);
            r
        })
        .collect();
    let pairing_results = pairings
        .iter()
        .zip(deals.chunks(chunk))
        .map(|(&pair, ds)| pairing_result(t, pair, ds, per_deal))
        .collect();
    let games = deals.len() as u64 * per_deal;
    let throws: u64 = deals.iter().map(|d| d.throws).sum();
    Report {
        ruleset: t.ruleset.clone(),
        seed: t.seed,
        seating: seatings.method,
        seatings: seatings.games.clone(),
        games_requested: t.games_per_pairing,
        deals_per_pairing,
        games_per_deal: per_deal,
        games_per_pairing: deals_per_pairing * per_deal,
        games,
        unfinished: deals.iter().map(|d| d.draws).sum(),
        max_throws_per_game: pachisi_sim::MAX_THROWS_PER_GAME,
        mean_throws_per_game: throws as f64 / games.max(1) as f64,
        prior_draws: stats::PRIOR_DRAWS,
        bootstrap_resamples: stats::BOOTSTRAP_RESAMPLES,
        bots,
        pairings: pairing_results,
        threads: 0,
        elapsed_seconds: 0.0,
    }
}

/// One bot's totals over the deals of the pairings it plays in.
fn bot_result<'a>(
    t: &Tournament,
    bot: usize,
    pairings: &[(usize, usize)],
    chunks: impl Iterator<Item = &'a [DealResult]>,
    per_deal: u64,
    elo: f64,
    elo_interval: Result<Interval, NotEstimable>,
) -> BotResult {
    let spec = t.bots[bot].to_string();
    let mut r = BotResult {
        label: spec.clone(),
        spec,
        games: 0,
        wins: 0,
        draws: 0,
        losses: 0,
        score: 0.0,
        score_interval: None,
        elo,
        elo_interval: elo_interval.ok(),
        elo_not_estimable: elo_interval.err(),
        decisions: 0,
        ms_per_decision: 0.0,
        thinking_seconds: 0.0,
    };
    let mut scores = Vec::new();
    let mut thinking = Duration::ZERO;
    for (&(first, second), ds) in pairings.iter().zip(chunks) {
        let side = match bot {
            b if b == first => 0,
            b if b == second => 1,
            _ => continue,
        };
        for d in ds {
            r.games += per_deal;
            r.wins += d.wins[side];
            r.losses += d.wins[1 - side];
            r.draws += d.draws;
            r.decisions += d.decisions[side];
            thinking += d.thinking[side];
            let points = d.wins[side] as f64 + d.draws as f64 / 2.0;
            scores.push(points / per_deal as f64);
        }
    }
    (r.score, r.score_interval) = stats::mean_with_interval(&scores, per_deal);
    r.thinking_seconds = thinking.as_secs_f64();
    if r.decisions > 0 {
        r.ms_per_decision = 1000.0 * r.thinking_seconds / r.decisions as f64;
    }
    r
}

/// One pairing's totals over its deals.
fn pairing_result(
    t: &Tournament,
    (first, second): (usize, usize),
    deals: &[DealResult],
    per_deal: u64,
) -> PairingResult {
    let scores: Vec<f64> = deals
        .iter()
        .map(|d| d.first_points() / per_deal as f64)
        .collect();
    let (first_score, first_score_interval) = stats::mean_with_interval(&scores, per_deal);
    let games = deals.len() as u64 * per_deal;
    let points: f64 = deals.iter().map(DealResult::first_points).sum();
    PairingResult {
        first_index: first,
        second_index: second,
        first: t.bots[first].to_string(),
        second: t.bots[second].to_string(),
        deals: deals.len() as u64,
        games,
        first_wins: deals.iter().map(|d| d.wins[0]).sum(),
        second_wins: deals.iter().map(|d| d.wins[1]).sum(),
        draws: deals.iter().map(|d| d.draws).sum(),
        first_score,
        first_score_interval,
        elo_difference: stats::pairing_elo(points, games as f64),
        elo_difference_estimable: points > 0.0 && points < games as f64,
    }
}

/// The bots' names in tables: each spec, numbered from 1 among the bots that share it.
pub fn labels(specs: &[String]) -> Vec<String> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let same = specs.iter().filter(|s| *s == spec).count();
            if same == 1 {
                spec.clone()
            } else {
                let number = specs[..=i].iter().filter(|s| *s == spec).count();
                format!("{spec} #{number}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::labels;

    #[test]
    fn bots_with_the_same_spec_are_numbered() {
        let specs = ["heuristic", "random", "heuristic", "mcts:playouts=50"].map(String::from);
        assert_eq!(
            labels(&specs),
            ["heuristic #1", "random", "heuristic #2", "mcts:playouts=50"]
        );
    }
}
