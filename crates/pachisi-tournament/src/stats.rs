//! The statistics of a tournament: score intervals, Elo ratings and their bootstrap intervals.
//!
//! Duplicate games are not independent: the games of a deal share their throws, so they win and
//! lose together. The unit of every interval here is therefore the deal, never the game. A deal
//! gives each of its two bots one score: its points over the deal's games divided by their
//! number (a win is a point, a draw half a point).
//!
//! - A score rate's 95% interval is a Wilson score interval, which stays inside [0, 1] and keeps
//!   its width at small samples and near 0 and 1 (a bot that won all of 2 deals gets 34.2% to
//!   100%, not 100% to 100%). Its sample size is the deals' effective number of games,
//!   `deals · p(1 − p) / s²` (`p` the mean deal score, `s²` the deal scores' sample variance: the
//!   number of independent games that would spread as the deals do), kept between the number of
//!   deals and the number of games. So it never counts more than one game per deal when the deals
//!   show no spread to measure (all won, or all lost), and never more than the games played. One
//!   deal gives no spread at all, so its interval is unknown (`None`).
//! - Elo ratings are the maximum-likelihood Bradley–Terry fit of every pairing's points: the
//!   expected score of `i` against `j` is `1 / (1 + 10^((r_j − r_i) / 400))`. The fit runs the
//!   minorization–maximization iteration (Hunter, 2004). So that a pairing won or lost in full
//!   has a finite rating difference, each pairing counts one more game, a draw ([`PRIOR_DRAWS`]):
//!   half a point to each bot. Ratings are relative to the first bot, which is rated 0.
//! - Their 95% intervals come from a seeded bootstrap: every pairing's deals are resampled with
//!   replacement, the ratings are fitted again, and the 2.5th and 97.5th percentiles of each
//!   bot's rating are taken. The first bot's interval is [0, 0] by construction; the others say
//!   how far each stands from it. An interval is not estimable ([`NotEstimable`]) when a
//!   pairing has fewer than [`MIN_DEALS_FOR_ELO_INTERVAL`] deals, too few for a bootstrap, or
//!   when the bot's results do not link it to the first bot both ways (it won, or lost, every
//!   game against the others, directly or through other bots): the likelihood then grows
//!   without bound as the gap widens, the rating is the added draw's alone, and a bootstrap
//!   would only repeat it.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// The normal quantile of a two-sided 95% interval.
pub const Z95: f64 = 1.96;

/// Virtual drawn games added to each pairing before fitting Elo ratings, so that a pairing won
/// or lost in full still has a finite rating difference.
pub const PRIOR_DRAWS: f64 = 1.0;

/// Bootstrap resamples for the Elo intervals.
pub const BOOTSTRAP_RESAMPLES: u32 = 400;

/// Deals every pairing needs before its Elo intervals are estimated: with fewer, a bootstrap
/// resamples too few distinct values and its percentiles understate the spread.
pub const MIN_DEALS_FOR_ELO_INTERVAL: usize = 10;

/// Fitting stops when no rating moves by more than this (Elo points) in an iteration.
const FIT_TOLERANCE: f64 = 1e-9;

/// Fitting stops after this many iterations in any case.
const FIT_MAX_ITERATIONS: usize = 100_000;

/// A 95% interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The lower bound.
    pub low: f64,
    /// The upper bound.
    pub high: f64,
}

/// Why a bot's Elo interval is not given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NotEstimable {
    /// A pairing has fewer than [`MIN_DEALS_FOR_ELO_INTERVAL`] deals.
    FewDeals,
    /// The bot's results do not link it to the first bot both ways: it won, or lost, every
    /// game against the others (directly or through other bots), so its rating difference has
    /// no finite estimate.
    Sweep,
}

/// The mean of `scores` (each in [0, 1], one per deal of `games_per_deal` games) with its 95%
/// Wilson score interval over the deals' effective number of games (module documentation);
/// the interval is `None` with fewer than two scores, and the mean 0 with none.
pub fn mean_with_interval(scores: &[f64], games_per_deal: u64) -> (f64, Option<Interval>) {
    let n = scores.len() as f64;
    if scores.is_empty() {
        return (0.0, None);
    }
    let mean = scores.iter().sum::<f64>() / n;
    if scores.len() < 2 {
        return (mean, None);
    }
    let variance = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    let games = n * games_per_deal.max(1) as f64;
    let binomial = mean * (1.0 - mean);
    let effective = if binomial <= 0.0 {
        n
    } else if variance <= 0.0 {
        games
    } else {
        (n * binomial / variance).clamp(n, games)
    };
    (mean, Some(wilson(mean, effective)))
}

/// The 95% Wilson score interval of a proportion `p` observed over `n` trials (`n` > 0).
pub fn wilson(p: f64, n: f64) -> Interval {
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denominator;
    Interval {
        low: (centre - half).clamp(0.0, 1.0),
        high: (centre + half).clamp(0.0, 1.0),
    }
}

/// The Elo difference at which the stronger side's expected score is `score`, e.g. +190.8 for
/// 0.75. Infinite at 0 and 1.
pub fn elo_from_score(score: f64) -> f64 {
    400.0 * (score / (1.0 - score)).log10()
}

/// The expected score of a side rated `diff` Elo points above its opponent.
pub fn expected_score(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// The Elo difference of one pairing from its points, with the [`PRIOR_DRAWS`] added (finite for
/// every result).
pub fn pairing_elo(first_points: f64, games: f64) -> f64 {
    let prior = PRIOR_DRAWS / 2.0;
    elo_from_score((first_points + prior) / (games + PRIOR_DRAWS))
}

/// One pairing's deals: the first bot's points in each.
#[derive(Clone, Debug, PartialEq)]
pub struct PairDeals {
    /// Index of the pairing's first bot.
    pub first: usize,
    /// Index of its second bot.
    pub second: usize,
    /// Games in each deal.
    pub games_per_deal: f64,
    /// The first bot's points in each deal.
    pub points: Vec<f64>,
}

/// A pairing's totals, as the fit takes them.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Totals {
    first: usize,
    second: usize,
    first_points: f64,
    games: f64,
}

/// The maximum-likelihood Elo ratings of `bots` bots from their pairings' points (module
/// documentation), the first bot rated 0.
pub fn fit_elo(bots: usize, pairs: &[PairDeals]) -> Vec<f64> {
    let totals: Vec<Totals> = pairs
        .iter()
        .map(|p| Totals {
            first: p.first,
            second: p.second,
            first_points: p.points.iter().sum(),
            games: p.points.len() as f64 * p.games_per_deal,
        })
        .collect();
    fit(bots, &totals)
}

/// The minorization–maximization iteration for Bradley–Terry strengths `γ = 10^(r/400)`:
/// `γ_i ← W_i / Σ_j n_ij / (γ_i + γ_j)`, with `W_i` bot `i`'s points and `n_ij` the games of
/// pairing `ij`, both with the prior draw added; then rescaled so that `γ_0 = 1`.
fn fit(bots: usize, pairs: &[Totals]) -> Vec<f64> {
    let prior = PRIOR_DRAWS / 2.0;
    let mut points = vec![0.0; bots];
    for p in pairs {
        points[p.first] += p.first_points + prior;
        points[p.second] += p.games - p.first_points + prior;
    }
    let mut strength = vec![1.0f64; bots];
    for _ in 0..FIT_MAX_ITERATIONS {
        let mut denominators = vec![0.0; bots];
        for p in pairs {
            let n = (p.games + PRIOR_DRAWS) / (strength[p.first] + strength[p.second]);
            denominators[p.first] += n;
            denominators[p.second] += n;
        }
        let mut next: Vec<f64> = (0..bots)
            .map(|i| match denominators[i] {
                d if d > 0.0 => points[i] / d,
                _ => strength[i],
            })
            .collect();
        let base = next.first().copied().unwrap_or(1.0);
        next.iter_mut().for_each(|g| *g /= base);
        let moved = next
            .iter()
            .zip(&strength)
            .map(|(a, b)| (400.0 * (a / b).log10()).abs())
            .fold(0.0, f64::max);
        strength = next;
        if moved < FIT_TOLERANCE {
            break;
        }
    }
    strength.iter().map(|g| 400.0 * g.log10()).collect()
}

/// 95% intervals of the fitted ratings by a bootstrap over deals seeded with `seed` (module
/// documentation); `None` when a pairing has fewer than two deals, whose spread is unknown.
pub fn bootstrap_elo(
    bots: usize,
    pairs: &[PairDeals],
    resamples: u32,
    seed: u64,
) -> Option<Vec<Interval>> {
    if resamples == 0 || pairs.iter().any(|p| p.points.len() < 2) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut ratings: Vec<Vec<f64>> = vec![Vec::with_capacity(resamples as usize); bots];
    for _ in 0..resamples {
        let totals: Vec<Totals> = pairs.iter().map(|p| resample(p, &mut rng)).collect();
        for (bot, r) in fit(bots, &totals).into_iter().enumerate() {
            ratings[bot].push(r);
        }
    }
    Some(
        ratings
            .iter_mut()
            .map(|r| {
                r.sort_by(f64::total_cmp);
                Interval {
                    low: percentile(r, 0.025),
                    high: percentile(r, 0.975),
                }
            })
            .collect(),
    )
}

/// Each bot's Elo interval, or why it is not estimable (module documentation): the bootstrap's
/// ([`bootstrap_elo`]) when every pairing has at least [`MIN_DEALS_FOR_ELO_INTERVAL`] deals and
/// the bot's results link it to the first bot both ways.
pub fn elo_intervals(
    bots: usize,
    pairs: &[PairDeals],
    resamples: u32,
    seed: u64,
) -> Vec<Result<Interval, NotEstimable>> {
    let linked = linked_to_first(bots, pairs);
    let enough = pairs
        .iter()
        .all(|p| p.points.len() >= MIN_DEALS_FOR_ELO_INTERVAL);
    let bootstrap = if enough {
        bootstrap_elo(bots, pairs, resamples, seed)
    } else {
        None
    };
    (0..bots)
        .map(|bot| match (&bootstrap, linked[bot]) {
            (_, false) => Err(NotEstimable::Sweep),
            (Some(intervals), true) => Ok(intervals[bot]),
            (None, true) => Err(NotEstimable::FewDeals),
        })
        .collect()
}

/// Whether each bot's results link it to the first bot both ways: a chain of pairings from the
/// first bot to it, each of whose earlier bots scored a point or half a point against the next,
/// and such a chain back. A bot not linked has no finite maximum-likelihood rating difference to
/// the first.
pub fn linked_to_first(bots: usize, pairs: &[PairDeals]) -> Vec<bool> {
    let mut scored = vec![vec![false; bots]; bots];
    for p in pairs {
        let first_points: f64 = p.points.iter().sum();
        let games = p.points.len() as f64 * p.games_per_deal;
        scored[p.first][p.second] |= first_points > 0.0;
        scored[p.second][p.first] |= first_points < games;
    }
    let reach = |from: usize, forward: bool| {
        let mut seen = vec![false; bots];
        let mut stack = vec![from];
        while let Some(a) = stack.pop() {
            if std::mem::replace(&mut seen[a], true) {
                continue;
            }
            for b in 0..bots {
                let edge = if forward { scored[a][b] } else { scored[b][a] };
                if edge && !seen[b] {
                    stack.push(b);
                }
            }
        }
        seen
    };
    if bots == 0 {
        return Vec::new();
    }
    let (to, from) = (reach(0, true), reach(0, false));
    to.iter().zip(&from).map(|(a, b)| *a && *b).collect()
}

/// A pairing's totals over its deals drawn with replacement.
fn resample(p: &PairDeals, rng: &mut ChaCha8Rng) -> Totals {
    let n = p.points.len();
    let first_points = (0..n).map(|_| p.points[rng.gen_range(0..n)]).sum();
    Totals {
        first: p.first,
        second: p.second,
        first_points,
        games: n as f64 * p.games_per_deal,
    }
}

/// The `q` quantile of sorted, non-empty `values`, interpolating between neighbours.
fn percentile(values: &[f64], q: f64) -> f64 {
    let last = values.len().saturating_sub(1);
    let at = q * last as f64;
    let below = at.floor() as usize;
    let above = (below + 1).min(last);
    let (a, b) = (values[below.min(last)], values[above]);
    a + (b - a) * (at - below as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn a_75_percent_score_is_190_8_elo() {
        assert!(close(elo_from_score(0.75), 190.85, 0.01));
        assert!(close(elo_from_score(0.5), 0.0, 1e-12));
        assert!(close(expected_score(elo_from_score(0.3)), 0.3, 1e-12));
    }

    #[test]
    fn the_fit_recovers_a_known_score() {
        // 74.5 points of 99 games, with the prior draw: 75 of 100.
        let pairs = [PairDeals {
            first: 0,
            second: 1,
            games_per_deal: 1.0,
            points: [vec![1.0; 74], vec![0.5], vec![0.0; 24]].concat(),
        }];
        let r = fit_elo(2, &pairs);
        assert_eq!(r[0], 0.0);
        assert!(close(r[1], -190.85, 0.01), "{r:?}");
        assert!(close(pairing_elo(74.5, 99.0), 190.85, 0.01));
    }

    #[test]
    fn the_fit_matches_consistent_scores_among_three_bots() {
        // B is 100 Elo above A, C 200 above A: scores taken from the model itself.
        let pair = |first, second, diff: f64| PairDeals {
            first,
            second,
            games_per_deal: 1.0e6,
            points: vec![1.0e6 * expected_score(diff)],
        };
        let pairs = [pair(0, 1, -100.0), pair(0, 2, -200.0), pair(1, 2, -100.0)];
        let r = fit_elo(3, &pairs);
        assert!(
            close(r[1], 100.0, 0.01) && close(r[2], 200.0, 0.01),
            "{r:?}"
        );
    }

    #[test]
    fn a_clean_sweep_has_a_finite_rating() {
        let pairs = [PairDeals {
            first: 0,
            second: 1,
            games_per_deal: 2.0,
            points: vec![2.0; 10],
        }];
        let r = fit_elo(2, &pairs);
        assert!(r[1].is_finite() && r[1] < -400.0, "{r:?}");
        assert!(pairing_elo(20.0, 20.0).is_finite());
    }

    #[test]
    fn a_constant_score_keeps_the_width_of_the_games_played() {
        // Twelve deals of two games, each split: no spread between deals, so the interval is
        // the Wilson interval of 12 wins in 24 games, never [0.5, 0.5].
        let (mean, interval) = mean_with_interval(&[0.5; 12], 2);
        assert_eq!(mean, 0.5);
        assert_eq!(interval, Some(wilson(0.5, 24.0)));
        let i = interval.expect("twelve deals");
        assert!(
            close(i.low, 0.3143, 1e-4) && close(i.high, 0.6857, 1e-4),
            "{i:?}"
        );
        assert_eq!(mean_with_interval(&[0.75], 2), (0.75, None));
    }

    #[test]
    fn a_clean_sweep_of_few_deals_has_a_wide_interval() {
        // Two deals, both won in full: each deal counts as one trial (Wilson, 2 of 2).
        let (mean, interval) = mean_with_interval(&[1.0, 1.0], 2);
        let i = interval.expect("two deals");
        assert_eq!(mean, 1.0);
        assert_eq!(i.high, 1.0);
        assert!(close(i.low, 2.0 / (2.0 + Z95 * Z95), 1e-12), "{i:?}");
        assert!(i.low < 0.35, "{i:?}");
        let (_, lost) = mean_with_interval(&[0.0, 0.0], 2);
        let lost = lost.expect("two deals");
        assert_eq!(lost.low, 0.0);
        assert!(close(lost.high, 1.0 - i.low, 1e-12), "{lost:?}");
    }

    #[test]
    fn wilson_intervals_match_published_values() {
        // 81 of 263 (Newcombe 1998, table I, example 1): 0.2553 to 0.3662.
        let i = wilson(81.0 / 263.0, 263.0);
        assert!(
            close(i.low, 0.2553, 5e-4) && close(i.high, 0.3662, 5e-4),
            "{i:?}"
        );
    }

    #[test]
    fn the_score_interval_counts_the_deals_spread_between_deals_and_games() {
        // Scores 0.25/0.75 alternate: p = 0.5, s² = 1/12, effective games 4 · 0.25 · 12 = 12,
        // more than the 4 deals and less than the 16 games.
        let (mean, interval) = mean_with_interval(&[0.25, 0.75, 0.25, 0.75], 4);
        assert_eq!(mean, 0.5);
        assert_eq!(interval, Some(wilson(0.5, 12.0)));
        // Deals spread as much as single games can: one game per deal.
        let (_, interval) = mean_with_interval(&[0.0, 1.0, 0.0, 1.0], 4);
        assert_eq!(interval, Some(wilson(0.5, 4.0)));
        let (_, interval) = mean_with_interval(&[1.0, 1.0, 1.0, 0.5], 2);
        let i = interval.expect("four deals");
        assert!(i.high <= 1.0 && i.low < 0.875 && i.high > 0.875, "{i:?}");
    }

    #[test]
    fn the_bootstrap_is_seeded_and_brackets_the_fit() {
        let pairs = [PairDeals {
            first: 0,
            second: 1,
            games_per_deal: 2.0,
            points: vec![2.0, 1.0, 1.0, 0.0, 2.0, 1.5, 1.0, 2.0],
        }];
        let a = bootstrap_elo(2, &pairs, 400, 9).expect("enough deals");
        let b = bootstrap_elo(2, &pairs, 400, 9).expect("enough deals");
        assert_eq!(a, b);
        assert_eq!(
            a[0],
            Interval {
                low: 0.0,
                high: 0.0
            }
        );
        let r = fit_elo(2, &pairs)[1];
        assert!(a[1].low < r && r < a[1].high, "{r} outside {:?}", a[1]);
        assert_ne!(bootstrap_elo(2, &pairs, 400, 10), Some(a));
        let one_deal = [PairDeals {
            points: vec![1.0],
            ..pairs[0].clone()
        }];
        assert_eq!(bootstrap_elo(2, &one_deal, 400, 9), None);
    }

    #[test]
    fn elo_intervals_need_enough_deals_and_results_both_ways() {
        let mixed = PairDeals {
            first: 0,
            second: 1,
            games_per_deal: 2.0,
            points: [2.0, 1.0, 1.0, 0.0, 2.0, 1.5].repeat(2),
        };
        let v = elo_intervals(2, std::slice::from_ref(&mixed), 400, 9);
        assert_eq!(
            v[0],
            Ok(Interval {
                low: 0.0,
                high: 0.0
            })
        );
        assert!(matches!(v[1], Ok(i) if i.low < i.high), "{v:?}");
        // Too few deals: a bootstrap of 4 deals is not an interval to trust.
        let few = PairDeals {
            points: vec![2.0, 1.0, 1.0, 0.0],
            ..mixed.clone()
        };
        let v = elo_intervals(2, &[few], 400, 9);
        assert_eq!(
            v,
            [Err(NotEstimable::FewDeals), Err(NotEstimable::FewDeals)]
        );
        // The first bot won every game: the second is not linked back, however many deals.
        let sweep = PairDeals {
            points: vec![2.0; 20],
            ..mixed.clone()
        };
        let v = elo_intervals(2, std::slice::from_ref(&sweep), 400, 9);
        assert_eq!(v[1], Err(NotEstimable::Sweep));
        assert!(v[0].is_ok(), "{v:?}");
        // Three bots: 0 and 1 split their games, 2 loses every game to both.
        let lost = |first| PairDeals {
            first,
            second: 2,
            ..sweep.clone()
        };
        let pairs = [
            PairDeals {
                points: vec![1.0; 20],
                ..mixed.clone()
            },
            lost(0),
            lost(1),
        ];
        assert_eq!(linked_to_first(3, &pairs), [true, true, false]);
        let v = elo_intervals(3, &pairs, 400, 9);
        assert!(v[1].is_ok() && v[2] == Err(NotEstimable::Sweep), "{v:?}");
        // A draw links both ways.
        let drawn = PairDeals {
            points: vec![2.0, 2.0, 1.5],
            ..mixed
        };
        assert_eq!(linked_to_first(2, &[drawn]), [true, true]);
    }

    #[test]
    fn percentiles_interpolate() {
        let v = [0.0, 1.0, 2.0, 3.0, 4.0];
        assert_eq!(percentile(&v, 0.0), 0.0);
        assert_eq!(percentile(&v, 1.0), 4.0);
        assert_eq!(percentile(&v, 0.5), 2.0);
        assert_eq!(percentile(&v, 0.125), 0.5);
        assert_eq!(percentile(&[7.0], 0.975), 7.0);
    }
}
