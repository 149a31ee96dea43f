//! A network's softmax scale fitted to the outcomes of games (`pachisi calibrate --fit-scale`).
//!
//! A network's chances are the softmax of `scale × score` over the teams still playing. Its
//! weights learned a teacher's values, and the teacher scores its horizon with the heuristic's
//! softmax, so the chances inherit the heuristic's overconfidence (docs/neural.md). One number
//! corrects most of it without touching the weights: the scale, fitted to what happens.
//!
//! [`fit_scale`] plays held-out games as [`super::calibrate`] does (the same seeds, positions
//! sampled before every `every`-th throw while no team has finished) and records the network's
//! raw scores at each position with the team that won. The even-numbered games fit the scale,
//! the odd-numbered games measure it: the halves are split by game and not by position because
//! the positions of one game share its outcome, so a split by position would measure on
//! outcomes the fit has seen.
//!
//! The fit ([`fit`]) minimises the log loss of the winners' chances. As a function of the scale
//! the log loss is convex (a log-sum-exp of a linear function, minus a linear function), so as a
//! function of the scale's logarithm it has a single minimum: a golden-section search over
//! `ln scale` from [`MIN_SCALE`] to [`MAX_SCALE`], a fixed number of steps, finds it
//! deterministically. The result is rounded to four decimals (what the file holds), and kept
//! only when it lowers the fitting half's log loss below that of scale 1.
//!
//! A common factor keeps the order of the teams' scores, so in a game of two teams no one-ply
//! choice changes; with more teams the mover's chance is not a function of its own score alone,
//! and a choice can.

use super::{
    check_settings, check_spec, play_games, winner_loss, Calibration, CalibrationError,
    CalibrationSettings, Tally,
};
use crate::values::{finished_teams, share_among_playing};
use crate::{BotSpec, Evaluator, Values, Weights};
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::Rules;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The smallest scale the fit considers.
pub const MIN_SCALE: f64 = 0.02;

/// The largest scale the fit considers.
pub const MAX_SCALE: f64 = 50.0;

/// Steps of the golden-section search: each keeps 0.618 of the interval, so 60 leave about
/// 1e-12 of `ln 2500`, far below the four decimals kept.
const STEPS: usize = 60;

/// One sampled position: the network's raw scores, the teams still playing and the team that
/// won the game.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredPosition {
    /// Every team's score before the softmax.
    pub scores: Values,
    /// The teams still playing, among which the softmax shares the chance.
    pub playing: [bool; MAX_SEATS],
    /// The team that finished first.
    pub winner: usize,
}

impl ScoredPosition {
    /// Every team's chance with the scores multiplied by `scale`, as the evaluation computes it.
    pub fn chances(&self, scale: f64) -> Values {
        let mut values = [0.0; MAX_SEATS];
        share_among_playing(&mut values, &self.playing, &self.scores, scale);
        values
    }
}

/// The mean over `samples` of `-ln` of the winner's chance with scale `scale` (0 without
/// samples).
pub fn log_loss(samples: &[ScoredPosition], scale: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| winner_loss(&s.chances(scale), s.winner))
        .sum();
    total / samples.len() as f64
}

/// The scale that minimises [`log_loss`] on `samples` (see the [module docs](self)), rounded to
/// four decimals; 1 when no scale in range does better than 1.
pub fn fit(samples: &[ScoredPosition]) -> f64 {
    let loss = |u: f64| log_loss(samples, u.exp());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (MIN_SCALE.ln(), MAX_SCALE.ln());
    let mut c = b - ratio * (b - a);
    let mut d = a + ratio * (b - a);
    let (mut fc, mut fd) = (loss(c), loss(d));
    for _ in 0..STEPS {
        if fc <= fd {
            (b, d, fd) = (d, c, fc);
            c = b - ratio * (b - a);
            fc = loss(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + ratio * (b - a);
            fd = loss(d);
        }
    }
    let best = (((a + b) / 2.0).exp() * 1e4).round() / 1e4;
    if best > 0.0 && log_loss(samples, best) < log_loss(samples, 1.0) {
        best
    } else {
        1.0
    }
}

/// What a fit found (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScaleFit {
    /// The bot whose network was fitted.
    pub bot: String,
    /// The players' spec.
    pub players: String,
    /// The network's scale before the fit (1 without a fitted one).
    pub previous_scale: f64,
    /// The fitted scale.
    pub scale: f64,
    /// Finished games of the fitting half (the even-numbered games).
    pub fit_games: u64,
    /// Positions of the fitting half.
    pub fit_positions: u64,
    /// The fitting half's log loss with the previous scale.
    pub fit_log_loss_before: f64,
    /// The fitting half's log loss with the fitted scale.
    pub fit_log_loss_after: f64,
    /// The held-out half (the odd-numbered games) with the previous scale.
    pub before: Calibration,
    /// The held-out half with the fitted scale.
    pub after: Calibration,
}

/// Plays the games of `settings` with `players` in every seat and fits the softmax scale of
/// `bot`'s network to their outcomes; `progress` is told the games finished so far.
///
/// # Errors
/// When a bot cannot play the rules, `bot` has no network, the settings are out of range (at
/// least two games: one half fits, the other measures), or a half has no position.
pub fn fit_scale(
    rules: &Arc<Rules>,
    bot: &BotSpec,
    players: &BotSpec,
    settings: &CalibrationSettings,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<ScaleFit, CalibrationError> {
    for spec in [bot, players] {
        check_spec(rules, spec)?;
    }
    check_settings(settings)?;
    if settings.games < 2 {
        return Err(CalibrationError::Settings(
            "--fit-scale needs at least 2 games: the even-numbered fit the scale, the \
             odd-numbered measure it"
                .into(),
        ));
    }
    let network = bot
        .network(rules)
        .map_err(|source| CalibrationError::Spec {
            spec: bot.to_string(),
            source,
        })?
        .ok_or_else(|| CalibrationError::NoNetwork(bot.to_string()))?;
    // The network's scores need only the heuristic's tables, which compute its inputs.
    let features = Evaluator::new(rules.clone(), Weights::default());
    let games = play_games(rules, players, settings, progress, |_, sampled, winner| {
        sampled
            .iter()
            .map(|pos| ScoredPosition {
                scores: network.scores(&features, pos).map(f64::from),
                playing: finished_teams(rules, pos).1,
                winner,
            })
            .collect::<Vec<_>>()
    })?;
    let (mut fitting, mut held_out) = (Vec::new(), Vec::new());
    let (mut fit_games, mut held_games) = (0, 0);
    for (g, game) in games.into_iter().enumerate() {
        let Some(positions) = game else { continue };
        if g % 2 == 0 {
            fitting.extend(positions);
            fit_games += 1;
        } else {
            held_out.extend(positions);
            held_games += 1;
        }
    }
    if fitting.is_empty() || held_out.is_empty() {
        return Err(CalibrationError::TooFew(format!(
            "{} positions to fit and {} to measure on: play more games or lower --every",
            fitting.len(),
            held_out.len()
        )));
    }
    let previous = network.scale();
    let scale = fit(&fitting);
    let teams = usize::from(rules.teams());
    let measure = |scale: f64| {
        let mut tally = Tally::default();
        for s in &held_out {
            tally.add_position(&s.chances(scale), s.winner, teams);
        }
        tally.report(
            rules,
            format!("{bot} (scale {scale})"),
            players.to_string(),
            held_games,
        )
    };
    Ok(ScaleFit {
        bot: bot.to_string(),
        players: players.to_string(),
        previous_scale: previous,
        scale,
        fit_games,
        fit_positions: fitting.len() as u64,
        fit_log_loss_before: log_loss(&fitting, previous),
        fit_log_loss_after: log_loss(&fitting, scale),
        before: measure(previous),
        after: measure(scale),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_sim::Draws;

    /// `n` positions of four teams whose winners are drawn from the softmax of true scores,
    /// and whose recorded scores are the true ones times `inflate`: the scale that fits is
    /// `1 / inflate`.
    fn synthetic(n: usize, inflate: f64, seed: u64) -> Vec<ScoredPosition> {
        let mut draws = Draws::new(seed);
        let mut playing = [false; MAX_SEATS];
        playing[..4].fill(true);
        (0..n)
            .map(|_| {
                let mut truth = [0.0; MAX_SEATS];
                for t in truth.iter_mut().take(4) {
                    *t = (draws.unit() * 2.0 - 1.0) * 2.0;
                }
                let chances = ScoredPosition {
                    scores: truth,
                    playing,
                    winner: 0,
                }
                .chances(1.0);
                let u = draws.unit();
                let mut winner = 3;
                let mut sum = 0.0;
                for (t, p) in chances.iter().enumerate().take(4) {
                    sum += p;
                    if u < sum {
                        winner = t;
                        break;
                    }
                }
                ScoredPosition {
                    scores: truth.map(|x| x * inflate),
                    playing,
                    winner,
                }
            })
            .collect()
    }

    #[test]
    fn the_fit_recovers_a_known_scale() {
        // Overconfident on purpose: scores 2.5 times too large; and underconfident.
        for (inflate, want) in [(2.5, 0.4), (0.5, 2.0)] {
            let samples = synthetic(20_000, inflate, 7);
            let got = fit(&samples);
            assert!(
                (got - want).abs() / want < 0.06,
                "inflated {inflate}: fitted {got}, want {want}"
            );
        }
    }

    #[test]
    fn the_fit_is_deterministic() {
        let samples = synthetic(3_000, 1.7, 11);
        assert_eq!(fit(&samples).to_bits(), fit(&samples).to_bits());
    }

    #[test]
    fn the_fit_never_makes_the_fitting_loss_worse_than_scale_one() {
        // Calibrated, overconfident, underconfident, tiny, and scores that say nothing.
        let mut cases = vec![
            synthetic(2_000, 1.0, 1),
            synthetic(2_000, 3.0, 2),
            synthetic(2_000, 0.3, 3),
            synthetic(1, 1.0, 4),
            Vec::new(),
        ];
        let mut noise = synthetic(2_000, 1.0, 5);
        for (i, s) in noise.iter_mut().enumerate() {
            s.winner = i % 4;
        }
        cases.push(noise);
        for samples in &cases {
            let scale = fit(samples);
            assert!(scale > 0.0 && scale.is_finite());
            assert!(
                log_loss(samples, scale) <= log_loss(samples, 1.0),
                "{} samples: scale {scale}",
                samples.len()
            );
        }
        // Scores that all agree say nothing either way: the scale stays 1.
        let mut flat = synthetic(100, 1.0, 6);
        for s in &mut flat {
            s.scores = [0.5; MAX_SEATS];
        }
        assert_eq!(fit(&flat), 1.0);
    }

    fn ludo() -> Arc<Rules> {
        Arc::new(pachisi_core::builtin_rules("ludo", &[]).expect("built-in"))
    }

    fn settings(games: u64, threads: usize) -> CalibrationSettings {
        CalibrationSettings {
            games,
            seed: 2,
            every: 8,
            threads: Some(threads),
        }
    }

    #[test]
    fn a_fit_of_a_shipped_network_is_the_same_on_any_number_of_threads() {
        let rules = ludo();
        let bot: BotSpec = "neural".parse().expect("spec");
        let players: BotSpec = "heuristic".parse().expect("spec");
        let one = fit_scale(&rules, &bot, &players, &settings(6, 1), &|_| {}).expect("fits");
        let two = fit_scale(&rules, &bot, &players, &settings(6, 2), &|_| {}).expect("fits");
        assert_eq!(one, two);
        assert_eq!((one.fit_games, one.before.games), (3, 3));
        // The shipped network's own fitted scale is where the fit starts from.
        let shipped = bot.network(&rules).expect("fits").expect("a network");
        assert!(shipped.fitted_scale().is_some());
        assert_eq!(one.previous_scale, shipped.scale());
        assert!(one.fit_log_loss_after <= one.fit_log_loss_before);
        assert_eq!(one.before.positions, one.after.positions);
        assert!(one.fit_positions > 0 && one.before.positions > 0);
    }

    #[test]
    fn a_bot_without_a_network_or_too_few_games_are_refused() {
        let rules = ludo();
        let heuristic: BotSpec = "heuristic".parse().expect("spec");
        let e = fit_scale(&rules, &heuristic, &heuristic, &settings(4, 1), &|_| {})
            .expect_err("no network");
        assert!(e.to_string().contains("no network"), "{e}");
        let neural: BotSpec = "neural".parse().expect("spec");
        let e =
            fit_scale(&rules, &neural, &heuristic, &settings(1, 1), &|_| {}).expect_err("one game");
        assert!(e.to_string().contains("at least 2 games"), "{e}");
    }
}
