//! `pachisi simulate`: many games on all cores, counted and summarised.

use crate::run::{check_games, check_threads, GamesBar};
use crate::SimulateArgs;
use anyhow::{bail, Result};
use pachisi_bots::{BotKind, BotSpec, SeatBots};
use pachisi_core::Rules;
use pachisi_sim::{simulate, simulate_random, Outcome, Proportion, Simulation, Summary};
use serde::Serialize;
use std::sync::Arc;

/// Who plays each seat: one random player for the table (the fast path), or a bot per seat.
pub(crate) enum Players {
    Random,
    Bots(Vec<BotSpec>),
}

impl Players {
    /// One spec for every seat, or one per seat; plain `random` everywhere is the fast path.
    fn parse(rules: &Rules, texts: &[String]) -> Result<Players> {
        let specs = crate::tournament::parse_specs(texts)?;
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
    fn names(&self, rules: &Rules) -> Vec<String> {
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

/// What `pachisi simulate --json` prints.
#[derive(Serialize)]
struct SimulateReport {
    rules: String,
    title: String,
    overrides: Vec<String>,
    seed: u64,
    bots: Vec<String>,
    #[serde(flatten)]
    timing: Timing,
    #[serde(flatten)]
    summary: Summary,
}

/// `pachisi simulate`.
pub fn simulate_command(args: &SimulateArgs) -> Result<()> {
    let rules = Arc::new(args.rules.load()?);
    let sim = simulation(args.games, args.seed, args.threads)?;
    let players = Players::parse(&rules, &args.bots)?;
    let outcome = run(&rules, &players, sim, true)?;
    let report = SimulateReport {
        rules: rules.ruleset().name.clone(),
        title: rules.ruleset().title.clone(),
        overrides: args.rules.set.clone(),
        seed: args.seed,
        bots: players.names(&rules),
        timing: timing(&outcome),
        summary: outcome.stats.summary(&rules),
    };
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_summary(&rules, &report)?;
    }
    Ok(())
}

fn percent(p: &Proportion) -> String {
    format!(
        "{:>5.1}%  ({:.1}-{:.1})",
        100.0 * p.rate,
        100.0 * p.low,
        100.0 * p.high
    )
}

fn print_summary(rules: &Rules, r: &SimulateReport) -> Result<()> {
    let s = &r.summary;
    let players = if r.bots.iter().all(|b| b == "random") {
        "random players".to_string()
    } else {
        r.bots.join(", ")
    };
    outln!("{} ({}), seed {}, {players}", r.title, r.rules, r.seed);
    if !r.overrides.is_empty() {
        outln!("with {}", r.overrides.join(", "));
    }
    outln!("games played:     {}", s.games);
    if s.unfinished > 0 {
        outln!(
            "unfinished:       {} (stopped at {} throws; nobody's win)",
            s.unfinished,
            pachisi_sim::MAX_THROWS_PER_GAME
        );
    }
    outln!(
        "\nper game              mean     sd    min    5%   25% median   75%   95%   99%    max"
    );
    for (name, d) in [
        ("throws", &s.throws_per_game),
        ("turns", &s.turns_per_game),
        ("moves", &s.moves_per_game),
    ] {
        outln!(
            "  {name:<14} {:>9.1} {:>6.1} {:>6} {:>5} {:>5} {:>6} {:>5} {:>5} {:>5} {:>6}",
            d.mean,
            d.sd,
            d.min,
            d.p5,
            d.p25,
            d.median,
            d.p75,
            d.p95,
            d.p99,
            d.max
        );
    }
    outln!("  captures       {:>9.2}", s.captures_per_game);
    outln!("  sent back      {:>9.2}", s.pieces_sent_back_per_game);
    outln!(
        "  passes         {:>9.2}  ({:.2} forced: nothing else was legal)",
        s.passes_per_game,
        s.forced_passes_per_game
    );
    outln!("\nwins per seat (95% interval)");
    for (i, w) in s.seat_wins.iter().enumerate() {
        outln!("  {i} {:<14} {}", w.name, percent(&w.share));
    }
    match rules.ruleset().turn.first {
        pachisi_core::ruleset::FirstSeat::HighestThrow => {
            outln!("began the game, by the throw-off (95% interval)");
            for (i, w) in s.first_seats.iter().enumerate() {
                outln!("  {i} {:<14} {}", w.name, percent(&w.share));
            }
        }
        pachisi_core::ruleset::FirstSeat::FirstSeat => {
            outln!("began the game: seat 0 in every game (turn.first = \"first-seat\")");
        }
    }
    if rules.teams() < rules.seats() {
        outln!("wins per team (95% interval)");
        for (i, w) in s.team_wins.iter().enumerate() {
            outln!("  {i} {:<14} {}", w.name, percent(&w.share));
        }
    }
    let t = &s.throws;
    outln!("\nthrows: {} in all", t.total);
    outln!("  throw  value    count  observed     exact");
    for o in &t.outcomes {
        outln!(
            "  {:<6} {:>5} {:>8} {:>9.5} {:>9.5}",
            o.throw,
            o.value,
            o.count,
            o.observed,
            o.exact
        );
    }
    outln!(
        "  chi-square {:.2} on {} degrees of freedom: p = {:.3} (small p: the throws do not \
         follow the exact probabilities)",
        t.chi_square,
        t.degrees_of_freedom,
        t.p_value
    );
    let t = &r.timing;
    let threads = match t.threads {
        1 => "1 thread".to_string(),
        n => format!("{n} threads"),
    };
    outln!(
        "\nelapsed: {:.3} s on {threads} ({:.0} games/s, {:.0} throws/s)",
        t.elapsed_seconds,
        t.games_per_second,
        t.throws_per_second
    );
    Ok(())
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
