//! `pachisi tournament`: runs a [`pachisi_tournament::Tournament`] and prints its report.

use crate::TournamentArgs;
use anyhow::{anyhow, bail, Result};
use pachisi_bots::BotSpec;
use pachisi_core::Rules;
use pachisi_tournament::{Interval, Report, SeatingMethod, Tournament};
use std::sync::Arc;

/// Plays the tournament and prints the report.
pub fn tournament(args: &TournamentArgs) -> Result<()> {
    let rules = Arc::new(args.rules.load()?);
    crate::run::check_threads(args.threads)?;
    let ruleset = if args.rules.set.is_empty() {
        args.rules.name.clone()
    } else {
        format!("{} with {}", args.rules.name, args.rules.set.join(", "))
    };
    let t = Tournament {
        rules: rules.clone(),
        ruleset,
        bots: parse_bots(&args.bots)?,
        games_per_pairing: args.games,
        seed: args.seed,
        threads: args.threads,
    };
    let plan = t.plan()?;
    let bar = crate::run::GamesBar::new(plan.total_games, "");
    let report = t.run(&|done| bar.update(done));
    bar.finish();
    let report = report?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&rules, &report)?;
    }
    Ok(())
}

/// Bot specs, each refused with the reason when it does not parse.
pub(crate) fn parse_specs(texts: &[String]) -> Result<Vec<BotSpec>> {
    texts
        .iter()
        .map(|text| {
            text.parse::<BotSpec>()
                .map_err(|e| anyhow!("bad bot spec `{text}`: {e}"))
        })
        .collect()
}

/// The bot specs, at least two.
fn parse_bots(texts: &[String]) -> Result<Vec<BotSpec>> {
    let bots = parse_specs(texts)?;
    if bots.len() < 2 {
        bail!(
            "a tournament needs at least two bots, e.g. --bots random,heuristic; {} given",
            bots.len()
        );
    }
    Ok(bots)
}

fn print_report(rules: &Rules, r: &Report) -> Result<()> {
    print_header(rules, r)?;
    outln!();
    print_bots(r)?;
    outln!();
    print_pairings(r)?;
    outln!(
        "\nIntervals are 95% and count deals, not games, since the games of a deal share their \
         throws.\nElo: Bradley-Terry fit with {} drawn game added to each pairing, relative to \
         the first bot;\nits intervals come from {} bootstrap resamples of the deals.",
        r.prior_draws,
        r.bootstrap_resamples
    );
    Ok(())
}

fn print_header(rules: &Rules, r: &Report) -> Result<()> {
    let title = &rules.ruleset().title;
    let pairings = r.pairings.len();
    outln!(
        "Tournament under {title} ({}), seed {}: {} bots, {pairings} pairing{}",
        r.ruleset,
        r.seed,
        r.bots.len(),
        if pairings == 1 { "" } else { "s" }
    );
    match r.seating {
        SeatingMethod::Teams => outln!(
            "Seating: two teams ({}); each bot plays every seat of one team",
            team_names(rules).join(" against ")
        ),
        SeatingMethod::Alternating => outln!(
            "Seating: {} teams; the two bots alternate around the table, and a bot wins when any \
             of its seats does",
            rules.teams()
        ),
    }
    let seatings: Vec<String> = r
        .seatings
        .iter()
        .map(|g| g.iter().map(|&s| if s == 0 { 'A' } else { 'B' }).collect())
        .collect();
    outln!(
        "Duplicate deals: every deal of throws is played {} times, seats {} (A: the pairing's \
         first bot, B: its second)",
        r.games_per_deal,
        seatings.join(" ")
    );
    let rounded = if r.games_per_pairing == r.games_requested {
        String::new()
    } else {
        format!(
            ", {} asked for and rounded up to whole deals",
            r.games_requested
        )
    };
    outln!(
        "Games: {} deal{} = {} games per pairing{rounded}; {} in all, {:.1} throws per game",
        r.deals_per_pairing,
        if r.deals_per_pairing == 1 { "" } else { "s" },
        r.games_per_pairing,
        r.games,
        r.mean_throws_per_game
    );
    if r.unfinished > 0 {
        outln!(
            "Unfinished: {} games stopped at {} throws, counted as draws",
            r.unfinished,
            r.max_throws_per_game
        );
    }
    Ok(())
}

fn team_names(rules: &Rules) -> Vec<String> {
    (0..rules.teams())
        .map(|t| pachisi_sim::team_name(rules, t))
        .collect()
}

fn print_bots(r: &Report) -> Result<()> {
    let w = r
        .bots
        .iter()
        .map(|b| b.spec.len())
        .max()
        .unwrap_or(0)
        .max(3);
    outln!(
        "{:<w$}  {:>6}  {:>6}  {:>5}  {:>6} {:<13}  {:>6} {:<17}  {:>11}  {:>9}",
        "bot",
        "games",
        "wins",
        "draws",
        "score",
        "(95% CI)",
        "Elo",
        "(95% CI)",
        "ms/decision",
        "decisions"
    );
    for b in &r.bots {
        outln!(
            "{:<w$}  {:>6}  {:>6}  {:>5}  {:>5.1}% {:<13}  {:>6} {:<17}  {:>11.3}  {:>9}",
            b.spec,
            b.games,
            b.wins,
            b.draws,
            100.0 * b.score,
            percent_interval(b.score_interval),
            signed(b.elo),
            elo_interval(b.elo_interval),
            b.ms_per_decision,
            b.decisions
        );
    }
    Ok(())
}

fn print_pairings(r: &Report) -> Result<()> {
    let names: Vec<String> = r
        .pairings
        .iter()
        .map(|p| format!("{} vs {}", p.first, p.second))
        .collect();
    let w = names.iter().map(String::len).max().unwrap_or(0).max(7);
    outln!(
        "{:<w$}  {:>6}  {:>11}  {:>5}  {:>9} {:<13}  {:>8}",
        "pairing",
        "games",
        "wins",
        "draws",
        "1st score",
        "(95% CI)",
        "Elo diff"
    );
    for (p, name) in r.pairings.iter().zip(&names) {
        outln!(
            "{name:<w$}  {:>6}  {:>11}  {:>5}  {:>8.1}% {:<13}  {:>8}",
            p.games,
            format!("{}-{}", p.first_wins, p.second_wins),
            p.draws,
            100.0 * p.first_score,
            percent_interval(p.first_score_interval),
            signed(p.elo_difference)
        );
    }
    Ok(())
}

fn percent_interval(i: Option<Interval>) -> String {
    match i {
        Some(i) => format!("({:.1}-{:.1})", 100.0 * i.low, 100.0 * i.high),
        None => "(unknown)".into(),
    }
}

fn elo_interval(i: Option<Interval>) -> String {
    match i {
        Some(i) => format!("({} to {})", signed(i.low), signed(i.high)),
        None => "(unknown)".into(),
    }
}

/// An Elo figure rounded to a whole number, with its sign.
fn signed(elo: f64) -> String {
    let rounded = elo.round();
    if rounded == 0.0 {
        "0".into()
    } else {
        format!("{rounded:+.0}")
    }
}
