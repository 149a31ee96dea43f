//! `pachisi simulate`: many games on all cores, counted and summarised.

use crate::batch::{run, simulation, timing, Players, Timing};
use crate::SimulateArgs;
use anyhow::Result;
use pachisi_core::Rules;
use pachisi_sim::{Proportion, Summary};
use serde::Serialize;
use std::sync::Arc;

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
