//! Winning chances, the vocabulary every evaluation and search speaks: [`Values`], every team's
//! estimated chance of winning; the part of it that is exact (teams already finished, and which
//! still play); and the softmax that shares the rest among the teams still playing, which the
//! heuristic's scores and a network's go through alike.

use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Position, Rules};

/// Estimated winning chances, indexed by team.
pub type Values = [f64; MAX_SEATS];

/// Every team's value as far as finishing decides it (1 for a team whose pieces are all home,
/// else 0), and which teams still play: the part of [`crate::Evaluator::evaluate`] that is exact.
pub(crate) fn finished_teams(rules: &Rules, pos: &Position) -> (Values, [bool; MAX_SEATS]) {
    let teams = usize::from(rules.teams());
    let mut values = [0.0; MAX_SEATS];
    let mut playing = [false; MAX_SEATS];
    for (t, (value, playing)) in values.iter_mut().zip(&mut playing).take(teams).enumerate() {
        let seats = rules.team_seats(t as u8);
        let finished = (0..rules.seats())
            .filter(|s| seats & (1 << s) != 0)
            .all(|s| pos.seat_finished(rules, s));
        *value = if finished { 1.0 } else { 0.0 };
        *playing = !finished;
    }
    (values, playing)
}

/// Shares one chance among the teams still `playing` by a softmax of their `scores` times
/// `scale`; the others' values are left as they are.
pub(crate) fn share_among_playing(
    values: &mut Values,
    playing: &[bool; MAX_SEATS],
    scores: &Values,
    scale: f64,
) {
    let best = (0..MAX_SEATS)
        .filter(|&t| playing[t])
        .map(|t| scores[t])
        .fold(f64::NEG_INFINITY, f64::max);
    let mut total = 0.0;
    for t in (0..MAX_SEATS).filter(|&t| playing[t]) {
        values[t] = (scale * (scores[t] - best)).exp();
        total += values[t];
    }
    for t in (0..MAX_SEATS).filter(|&t| playing[t]) {
        values[t] /= total;
    }
}
