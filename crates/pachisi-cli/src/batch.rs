//! Batches of games played on all cores with a progress bar, as `pachisi simulate` and
//! `pachisi bench` run them: who plays each seat, the run's settings checked, and its rates.

use crate::checks::{check_games, check_threads, parse_specs};
use crate::progress::GamesBar;
use anyhow::{bail, Result};
use pachisi_bots::{BotKind, BotSpec, SeatBots};
use pachisi_core::Rules;
use pachisi_sim::{simulate, simulate_random, Outcome, Simulation};
use serde::Serialize;
use std::sync::Arc;

/// Who plays each seat: one random player for the table (the fast path), or a bot per seat.
pub(crate) enum Players {
    Random,
    Bots(Vec<BotSpec>),
}

impl Players {
    /// One spec for every seat, or one per seat; plain `random` everywhere is the fast path.
    pub(crate) fn parse(rules: &Rules, texts: &[String]) -> Result<Players> {
        let specs = parse_specs(texts)?;
        let seats = usize::from(rules.seats());
        let specs = match specs.len() {
            0 => return Ok(Players::Random),
            1 => vec![specs[0].clone(); seats],
            n if n == seats => specs,
            n => bail!(
                "--bots gives {n} bots, but the ruleset has {seats} seats: give one bot for \
                 every seat, or one for all of them"
            ),
        };
        for spec in &specs {
            spec.check(rules)
                .map_err(|e| anyhow::anyhow!("bot `{spec}`: {e}"))?;
        }
        // `random` takes no options: a table of random bots is the fast path's random player.
        if specs.iter().all(|s| s.kind() == BotKind::Random) {
            return Ok(Players::Random);
        }
        Ok(Players::Bots(specs))
    }

    /// The spec of each seat, for reports.
    pub(crate) fn names(&self, rules: &Rules) -> Vec<String> {
        match self {
            Players::Random => vec!["random".to_string(); usize::from(rules.seats())],
            Players::Bots(specs) => specs.iter().map(ToString::to_string).collect(),
        }
    }
}

/// Runs the simulation with a progress bar (shown only on a terminal).
pub(crate) fn run(
    rules: &Arc<Rules>,
    players: &Players,
    sim: Simulation,
    bar: bool,
) -> Result<Outcome> {
    let bar = if bar {
        GamesBar::new(sim.games, "")
    } else {
        GamesBar::hidden()
    };
    let progress = |done: u64| bar.update(done);
    let outcome = match players {
        Players::Random => simulate_random(rules, sim, &progress),
        Players::Bots(specs) => simulate(
            rules,
            sim,
            |_, seed| SeatBots::new(specs, rules, seed),
            &progress,
        ),
    };
    bar.finish();
    Ok(outcome?)
}

/// A run's settings, checked.
pub(crate) fn simulation(games: u64, seed: u64, threads: Option<usize>) -> Result<Simulation> {
    check_games(games)?;
    check_threads(threads)?;
    Ok(Simulation {
        games,
        seed,
        threads: threads.unwrap_or(0),
    })
}

/// How long a run took, on how many threads.
#[derive(Serialize)]
pub(crate) struct Timing {
    pub(crate) threads: usize,
    pub(crate) elapsed_seconds: f64,
    pub(crate) games_per_second: f64,
    pub(crate) throws_per_second: f64,
}

/// The rates of a run.
pub(crate) fn timing(outcome: &Outcome) -> Timing {
    let secs = outcome.elapsed.as_secs_f64().max(1e-9);
    Timing {
        threads: outcome.threads,
        games_per_second: outcome.stats.games as f64 / secs,
        throws_per_second: outcome.stats.total_throws() as f64 / secs,
        elapsed_seconds: secs,
    }
}
