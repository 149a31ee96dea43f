//! `pachisi hint --rollouts`: every legal move played out to the end of the game, its winning
//! chance and its difference to the best move with 95% intervals; with `--compare-plain`, the
//! same by plain Monte Carlo, and the games plain Monte Carlo would need for the same interval.

use crate::checks::check_threads;
use crate::progress::GamesBar;
use crate::HintArgs;
use anyhow::{anyhow, bail, Result};
use pachisi_bots::rollout::Estimate;
use pachisi_bots::{roll_out, BotSpec, RolloutSettings, Rollouts, Sampling};
use pachisi_core::describe::describe_move;
use pachisi_core::{Position, Rules};
use serde::Serialize;
use std::sync::Arc;

/// What `pachisi hint --rollouts --json` prints.
#[derive(Serialize)]
struct Report {
    position: String,
    seat: u8,
    team: u8,
    rollout_bot: String,
    rollouts: u32,
    seed: u64,
    /// The moves, best first.
    moves: Vec<MoveReport>,
    /// The best move less the second best, where there are two moves.
    best_two: Option<DifferenceReport>,
}

#[derive(Serialize)]
struct MoveReport {
    #[serde(rename = "move")]
    notation: String,
    description: String,
    position: String,
    win_percent: f64,
    interval_percent: [f64; 2],
    standard_error_percent: f64,
    /// This move's chance less the best move's, in percentage points.
    versus_best_percent: f64,
    versus_best_interval_percent: [f64; 2],
    plain: Option<PlainReport>,
}

#[derive(Serialize)]
struct DifferenceReport {
    moves: [String; 2],
    difference_percent: f64,
    interval_percent: [f64; 2],
    standard_error_percent: f64,
    plain: Option<PlainReport>,
}

/// The same estimate by plain Monte Carlo.
#[derive(Serialize)]
struct PlainReport {
    estimate_percent: f64,
    interval_percent: [f64; 2],
    standard_error_percent: f64,
    /// N × (se_plain / se_paired)²; `null` where the paired estimate has no variance.
    games_for_same_interval: Option<f64>,
}

/// Rolls out every legal move of `pos` (a position waiting for a move) `n` times.
pub(super) fn hint_rollouts(
    rules: &Arc<Rules>,
    pos: &Position,
    args: &HintArgs,
    n: u32,
) -> Result<()> {
    if n < 2 {
        bail!("--rollouts must be at least 2 (an interval needs two rollouts of each move)");
    }
    check_threads(args.threads)?;
    let spec: BotSpec = args
        .rollout_bot
        .parse()
        .map_err(|e| anyhow!("bad --rollout-bot spec `{}`: {e}", args.rollout_bot))?;
    let settings = |sampling| RolloutSettings {
        rollouts: n,
        seed: args.seed,
        threads: args.threads.unwrap_or(0),
        sampling,
    };
    let games = pos.legal_moves(rules).len().max(1) as u64 * u64::from(n);
    let runs = if args.compare_plain { 2 } else { 1 };
    let bar = GamesBar::new(games * runs, "");
    let paired = roll_out(rules, pos, &spec, settings(Sampling::Paired), &|d| {
        bar.update(d)
    });
    let plain = match (&paired, args.compare_plain) {
        (Ok(_), true) => Some(roll_out(
            rules,
            pos,
            &spec,
            settings(Sampling::Plain),
            &|d| bar.update(games + d),
        )?),
        _ => None,
    };
    bar.finish();
    let report = report(rules, pos, args, &paired?, plain.as_ref());
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_text(rules, &report, plain.is_some())?;
    }
    Ok(())
}

fn percent(e: &Estimate) -> (f64, [f64; 2], f64) {
    (
        100.0 * e.mean,
        [100.0 * e.low, 100.0 * e.high],
        100.0 * e.se,
    )
}

/// The plain estimate beside the paired one.
fn plain_report(n: u32, paired: &Estimate, plain: &Estimate) -> PlainReport {
    let (estimate_percent, interval_percent, standard_error_percent) = percent(plain);
    PlainReport {
        estimate_percent,
        interval_percent,
        standard_error_percent,
        games_for_same_interval: (paired.se > 0.0)
            .then(|| f64::from(n) * (plain.se / paired.se).powi(2)),
    }
}

fn report(
    rules: &Rules,
    pos: &Position,
    args: &HintArgs,
    paired: &Rollouts,
    plain: Option<&Rollouts>,
) -> Report {
    let order = paired.ranking();
    let best = order[0];
    let n = paired.rollouts();
    let moves = order
        .iter()
        .map(|&k| {
            let d = describe_move(rules, pos, paired.moves()[k]);
            let chance = paired.chance(k);
            let (win_percent, interval_percent, standard_error_percent) = percent(&chance);
            let (versus_best_percent, versus_best_interval_percent, _) =
                percent(&paired.difference(k, best));
            MoveReport {
                notation: d.notation,
                description: d.description,
                position: d.position,
                win_percent,
                interval_percent,
                standard_error_percent,
                versus_best_percent,
                versus_best_interval_percent,
                plain: plain.map(|p| plain_report(n, &chance, &p.chance(k))),
            }
        })
        .collect();
    let best_two = order.get(1).map(|&second| {
        let diff = paired.difference(best, second);
        let (difference_percent, interval_percent, standard_error_percent) = percent(&diff);
        let name = |k: usize| paired.moves()[k].to_string();
        DifferenceReport {
            moves: [name(best), name(second)],
            difference_percent,
            interval_percent,
            standard_error_percent,
            plain: plain.map(|p| plain_report(n, &diff, &p.difference(best, second))),
        }
    });
    let seat = pos.to_move();
    Report {
        position: pos.to_notation(rules),
        seat,
        team: rules.team_of(seat),
        rollout_bot: args.rollout_bot.clone(),
        rollouts: n,
        seed: args.seed,
        moves,
        best_two,
    }
}

/// `12.3 (10.1-14.5)` or, where the interval may be negative, `-1.2 (-2.0 to -0.4)`.
fn interval(mean: f64, [low, high]: [f64; 2]) -> String {
    if low < 0.0 || high < 0.0 {
        format!("{mean:+.1} ({low:+.1} to {high:+.1})")
    } else {
        format!("{mean:.1} ({low:.1}-{high:.1})")
    }
}

/// N × (se_plain / se_paired)², with the factor.
fn games(plain: &PlainReport, n: u32) -> String {
    match plain.games_for_same_interval {
        Some(g) => format!("{g:.0} ({:.1}x)", g / f64::from(n)),
        None => "no variance here".to_string(),
    }
}

fn print_text(rules: &Rules, r: &Report, compare: bool) -> Result<()> {
    outln!("Position: {}", r.position);
    outln!(
        "Seat {} ({}, team {}) to move. The chance that the mover's side wins after each move, \
         from {} rollouts of each with {} in every seat (every move's rollout i draws the same \
         throws, the first two spread over the rollouts in their exact proportions; seed {}), \
         best first, with 95% intervals, in percent:",
        r.seat,
        rules.seat_colour(r.seat),
        r.team,
        r.rollouts,
        r.rollout_bot,
        r.seed
    );
    outln!(
        "  {:<10} {:<20} {}",
        "move",
        "win chance",
        "versus the best"
    );
    for (i, m) in r.moves.iter().enumerate() {
        let versus = if i == 0 {
            "best".to_string()
        } else {
            interval(m.versus_best_percent, m.versus_best_interval_percent)
        };
        outln!(
            "  {:<10} {:<20} {:<22} {}",
            m.notation,
            interval(m.win_percent, m.interval_percent),
            versus,
            m.description
        );
    }
    if !compare {
        return Ok(());
    }
    outln!();
    outln!(
        "Plain Monte Carlo, {} rollouts of each move with independent throws, against the above: \
         standard errors in percentage points, and the rollouts plain Monte Carlo needs for the \
         same interval, N x (se plain / se above)^2:",
        r.rollouts
    );
    outln!(
        "  {:<12} {:<20} {:>9} {:>9}  {}",
        "move",
        "plain win chance",
        "se above",
        "se plain",
        "plain rollouts for the same interval"
    );
    let rows = r.moves.iter().map(|m| {
        (
            m.notation.clone(),
            m.standard_error_percent,
            m.plain.as_ref(),
        )
    });
    let best_two = r.best_two.iter().map(|d| {
        (
            format!("{} - {}", d.moves[0], d.moves[1]),
            d.standard_error_percent,
            d.plain.as_ref(),
        )
    });
    for (name, se, plain) in rows.chain(best_two) {
        if let Some(p) = plain {
            outln!(
                "  {:<12} {:<20} {:>9.2} {:>9.2}  {}",
                name,
                interval(p.estimate_percent, p.interval_percent),
                se,
                p.standard_error_percent,
                games(p, r.rollouts)
            );
        }
    }
    if let Some(d) = &r.best_two {
        outln!(
            "  (the last row is the difference between the two best moves, {} less {})",
            d.moves[0],
            d.moves[1]
        );
    }
    Ok(())
}
