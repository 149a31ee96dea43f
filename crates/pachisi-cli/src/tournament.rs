//! `pachisi tournament`: runs a [`pachisi_tournament::Tournament`] and prints its report.

use crate::checks::{check_threads, parse_specs};
use crate::progress::GamesBar;
use crate::TournamentArgs;
use anyhow::{bail, Result};
use pachisi_bots::BotSpec;
use pachisi_core::Rules;
use pachisi_tournament::{Interval, NotEstimable, Pairs, Report, SeatingMethod, Tournament};
use std::sync::Arc;

/// Plays the tournament and prints the report.
pub fn tournament(args: &TournamentArgs) -> Result<()> {
    let rules = Arc::new(args.rules.load()?);
    check_threads(args.threads)?;
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
        pairs: if args.ladder {
            Pairs::Ladder
        } else {
            Pairs::Every
        },
    };
    let plan = t.plan()?;
    let bar = GamesBar::new(plan.total_games, "");
    let report = t.run(&|done| bar.update(done));
    bar.finish();
    let report = report?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&rules, &report, t.pairs)?;
    }
    Ok(())
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

fn print_report(rules: &Rules, r: &Report, pairs: Pairs) -> Result<()> {
    print_header(rules, r)?;
    if pairs == Pairs::Ladder {
        outln!("A ladder: each bot plays only the next one named.");
    }
    outln!();
    print_bots(r)?;
    outln!();
    print_pairings(r)?;
    outln!(
        "\nIntervals are 95% and count deals, not games, since the games of a deal share their \
         throws;\nscores have Wilson score intervals.\nElo: Bradley-Terry fit with {} drawn game \
         added to each pairing, relative to the first bot;\nits intervals come from {} bootstrap \
         resamples of the deals.",
        r.prior_draws,
        r.bootstrap_resamples
    );
    let reasons = |reason| r.bots.iter().any(|b| b.elo_not_estimable == Some(reason));
    if reasons(NotEstimable::FewDeals) {
        outln!(
            "Elo intervals not estimable: fewer than {} deals ({} games) per pairing; play more \
             games for them.",
            pachisi_tournament::stats::MIN_DEALS_FOR_ELO_INTERVAL,
            pachisi_tournament::stats::MIN_DEALS_FOR_ELO_INTERVAL as u64 * r.games_per_deal
        );
    }
    if reasons(NotEstimable::Sweep) || r.pairings.iter().any(|p| !p.elo_difference_estimable) {
        outln!(
            "Elo not estimable: a bot won or lost every game against the others, so the gap has \
             no finite estimate;\nits figure comes from the added drawn game alone and grows \
             with the number of games."
        );
    }
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
        .map(|b| b.label.len())
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
    for (i, b) in r.bots.iter().enumerate() {
        let interval = if i == 0 {
            "(reference)".to_string()
        } else {
            elo_interval(b.elo_interval)
        };
        outln!(
            "{:<w$}  {:>6}  {:>6}  {:>5}  {:>5.1}% {:<13}  {:>6} {:<17}  {:>11.3}  {:>9}",
            b.label,
            b.games,
            b.wins,
            b.draws,
            100.0 * b.score,
            percent_interval(b.score_interval),
            signed(b.elo),
            interval,
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
        .map(|p| {
            let label = |i: usize| r.bots.get(i).map_or("?", |b| b.label.as_str());
            format!("{} vs {}", label(p.first_index), label(p.second_index))
        })
        .collect();
    let w = names.iter().map(String::len).max().unwrap_or(0).max(7);
    outln!(
        "{:<w$}  {:>6}  {:>11}  {:>5}  {:>9} {:<13}  {:>13}",
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
            "{name:<w$}  {:>6}  {:>11}  {:>5}  {:>8.1}% {:<13}  {:>13}",
            p.games,
            format!("{}-{}", p.first_wins, p.second_wins),
            p.draws,
            100.0 * p.first_score,
            percent_interval(p.first_score_interval),
            if p.elo_difference_estimable {
                signed(p.elo_difference)
            } else {
                "not estimable".into()
            }
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
        None => "(not estimable)".into(),
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
