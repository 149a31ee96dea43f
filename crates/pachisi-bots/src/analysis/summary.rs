//! The summaries of an analysis: each seat's, and each team's where partners play together.

use super::{Decision, Mark, ThrowLuck};
use pachisi_core::Rules;
use serde::{Deserialize, Serialize};

/// What a seat (or a team) did over the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The seats summarised: one for a seat, the partners for a team.
    pub seats: Vec<u8>,
    /// Their team.
    pub team: u8,
    /// Decisions with a real choice.
    pub decisions: usize,
    /// The losses summed, in winning chance.
    pub total_loss: f64,
    /// The mean loss per decision (0 without decisions).
    pub average_loss: f64,
    /// Decisions marked `?!`.
    pub inaccuracies: usize,
    /// Decisions marked `?`.
    pub mistakes: usize,
    /// Decisions marked `??`.
    pub blunders: usize,
    /// Throws made.
    pub throws: usize,
    /// The luck of those throws summed: how much more they gave the team's winning chance than
    /// average throws would have.
    pub luck: f64,
}

impl Summary {
    fn of(seats: Vec<u8>, team: u8, decisions: &[&Decision], throws: &[&ThrowLuck]) -> Summary {
        let count = |mark| decisions.iter().filter(|d| d.mark == Some(mark)).count();
        let total_loss: f64 = decisions.iter().map(|d| d.loss).sum();
        Summary {
            seats,
            team,
            decisions: decisions.len(),
            total_loss,
            average_loss: if decisions.is_empty() {
                0.0
            } else {
                total_loss / decisions.len() as f64
            },
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            throws: throws.len(),
            luck: throws.iter().map(|t| t.luck).sum(),
        }
    }
}

/// Every seat's summary, and every team's where a team has more than one seat.
pub(super) fn summarise(
    rules: &Rules,
    decisions: &[Decision],
    throws: &[ThrowLuck],
) -> (Vec<Summary>, Vec<Summary>) {
    let summary = |seats: Vec<u8>, team: u8| {
        let d: Vec<&Decision> = decisions
            .iter()
            .filter(|d| seats.contains(&d.seat))
            .collect();
        let t: Vec<&ThrowLuck> = throws.iter().filter(|t| seats.contains(&t.seat)).collect();
        Summary::of(seats, team, &d, &t)
    };
    let seats = (0..rules.seats())
        .map(|s| summary(vec![s], rules.team_of(s)))
        .collect();
    let teams = if rules.teams() < rules.seats() {
        (0..rules.teams())
            .map(|team| {
                let members = (0..rules.seats())
                    .filter(|&s| rules.team_of(s) == team)
                    .collect();
                summary(members, team)
            })
            .collect()
    } else {
        Vec::new()
    };
    (seats, teams)
}
