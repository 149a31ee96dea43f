//! `pachisi calibrate`: a bot's winning chances against the outcomes of held-out games, and
//! with `--fit-scale` a network's softmax scale fitted to them and written to a new file
//! (`pachisi_bots::calibration` does the work), as text or JSON, with a progress bar.

use crate::checks::{check_games, check_threads};
use crate::files::write_atomically;
use crate::progress::GamesBar;
use crate::shell::command_line;
use crate::RulesArgs;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use pachisi_bots::calibration::scale::{fit_scale, ScaleFit};
use pachisi_bots::calibration::{calibrate, Calibration, CalibrationSettings};
use pachisi_bots::BotSpec;
use pachisi_core::Rules;
use std::path::PathBuf;
use std::sync::Arc;

/// The long help of `pachisi calibrate`.
pub(crate) const HELP: &str = "\
Measure how well a bot's winning chances match what happens.

Plays --games games to the end with --players in every seat (by default the bot itself), each \
from a seed derived from --seed in a stream of its own, apart from the games `pachisi train` \
learns from. Before every --every-th throw, while no team has finished, the bot gives every \
team's winning chance; at the end each team's outcome is 1 if it finished first, else 0.

The report gives the Brier score (the mean squared difference between chance and outcome over \
every position and team; lower is better, and always saying 1/teams scores (teams-1)/teams²), \
the log loss (the mean of -ln of the chance the winner was given), and the reliability table: \
the chances in ten bins, each with its mean chance, how often those teams won, and how many \
chances fell in it. A calibrated bot's two columns agree. The same seed gives the same report \
on any number of threads; docs/neural.md compares the heuristic and the networks.

The bot must estimate chances: heuristic, neural or expectimax (random and mcts do not).

With --fit-scale the bot's network (neural, or a search with eval=neural) gets a softmax scale fitted to the outcomes: the factor its scores are multiplied by before the softmax, chosen to minimise the log loss of the winners' chances by a golden-section search (from 0.02 to 50, rounded to four decimals, and 1 unless it does better). The even-numbered games fit it, the odd-numbered games measure it: the report gives the Brier score, log loss and reliability table of the held-out half before and after. --out FILE writes the network with the fitted scale (its `calibration` field) to FILE, through a temporary file renamed into place; an existing FILE is replaced only with --overwrite. The weights are unchanged; in games of two teams no one-ply choice changes, with more teams some can (docs/neural.md).

Example: pachisi calibrate --rules ludo --bot neural --games 2000 --seed 1

Example: pachisi calibrate --rules pachisi --bot heuristic --players neural --games 1000 --json

Example: pachisi calibrate --rules ludo --bot neural --games 300 --fit-scale --out /tmp/ludo-scaled.json";

/// The settings of `pachisi calibrate`.
#[derive(Args, Debug)]
pub(crate) struct CalibrateArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// The bot whose chances are measured, e.g. `heuristic`, `neural`, `expectimax:depth=0`.
    #[arg(long, value_name = "SPEC")]
    bot: String,
    /// The bot in every seat (default: the measured bot).
    #[arg(long, value_name = "SPEC")]
    players: Option<String>,
    /// Games to play.
    #[arg(long, default_value_t = 1000)]
    games: u64,
    /// Seed of the games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Sample a position before every N-th throw.
    #[arg(long, value_name = "N", default_value_t = 8)]
    every: u64,
    /// Threads to play on (default: one per core). The report does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
    /// Fit the softmax scale of the bot's network to the outcomes (even-numbered games) and
    /// measure it on the odd-numbered games.
    #[arg(long)]
    fit_scale: bool,
    /// With --fit-scale: write the network with the fitted scale to FILE.
    #[arg(long, value_name = "FILE", requires = "fit_scale")]
    out: Option<PathBuf>,
    /// Replace FILE when it exists (the bot's own network file included).
    #[arg(long, requires = "out")]
    overwrite: bool,
}

/// `pachisi calibrate`.
pub(crate) fn calibrate_command(args: &CalibrateArgs) -> Result<()> {
    check_games(args.games)?;
    check_threads(args.threads)?;
    let rules = Arc::new(args.rules.load()?);
    let parse = |text: &str| {
        text.parse::<BotSpec>()
            .map_err(|e| anyhow!("bad bot spec `{text}`: {e}"))
    };
    let bot = parse(&args.bot)?;
    let players = match &args.players {
        Some(text) => parse(text)?,
        None => bot.clone(),
    };
    let settings = CalibrationSettings {
        games: args.games,
        seed: args.seed,
        every: args.every,
        threads: args.threads,
    };
    if args.fit_scale {
        return fit_command(args, &rules, &bot, &players, &settings);
    }
    let bar = GamesBar::new(args.games, "");
    let report = calibrate(&rules, &bot, &players, &settings, &|done| bar.update(done));
    bar.finish();
    let report = report?;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&args.rules, &report)?;
    }
    Ok(())
}

/// `pachisi calibrate --fit-scale`.
fn fit_command(
    args: &CalibrateArgs,
    rules: &Arc<Rules>,
    bot: &BotSpec,
    players: &BotSpec,
    settings: &CalibrationSettings,
) -> Result<()> {
    if let Some(out) = &args.out {
        if out.exists() && !args.overwrite {
            bail!(
                "{} exists: give another --out, or --overwrite to replace it",
                out.display()
            );
        }
    }
    let bar = GamesBar::new(args.games, "");
    let fit = fit_scale(rules, bot, players, settings, &|done| bar.update(done));
    bar.finish();
    let fit = fit?;
    if let Some(out) = &args.out {
        // The spec's network was checked against the rules when the games were played.
        let network = bot
            .network(rules)?
            .ok_or_else(|| anyhow!("bot `{bot}` has no network"))?;
        let fitted = network
            .as_ref()
            .clone()
            .with_fitted_scale(fit.scale, command_line())?;
        write_atomically(out, &fitted.to_json())
            .with_context(|| format!("cannot write the network to {}", out.display()))?;
    }
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&fit)?);
    } else {
        print_fit(&args.rules, &fit)?;
        if let Some(out) = &args.out {
            outln!();
            outln!("wrote {} with softmax scale {}", out.display(), fit.scale);
        }
    }
    Ok(())
}

fn print_fit(rules: &RulesArgs, f: &ScaleFit) -> Result<()> {
    outln!(
        "Softmax scale of the network of {} under {}, players {}",
        f.bot,
        rules.name,
        f.players
    );
    outln!(
        "fitted on {} games ({} positions), measured on {} held-out games ({} positions)",
        f.fit_games,
        f.fit_positions,
        f.before.games,
        f.before.positions
    );
    outln!("scale {} -> {}", f.previous_scale, f.scale);
    outln!(
        "fitting half: log loss {:.4} -> {:.4}",
        f.fit_log_loss_before,
        f.fit_log_loss_after
    );
    outln!(
        "held-out half: Brier {:.4} -> {:.4} (always 1/teams: {:.4}), log loss {:.4} -> {:.4}",
        f.before.brier,
        f.after.brier,
        f.before.brier_uniform,
        f.before.log_loss,
        f.after.log_loss
    );
    outln!();
    let scale = |s: f64| format!("scale {s}");
    let columns = format!("{:>9}  {:>8}  {:>8}", "predicted", "observed", "count");
    outln!(
        "held out  {:<29}  {}",
        scale(f.previous_scale),
        scale(f.scale)
    );
    outln!("chance    {columns}  {columns}");
    for (b, a) in f.before.bins.iter().zip(&f.after.bins) {
        outln!(
            "{:>3.0}-{:<3.0}%  {}  {}",
            b.low * 100.0,
            b.high * 100.0,
            bin_cells(b),
            bin_cells(a)
        );
    }
    Ok(())
}

/// A bin's mean chance, frequency of wins and count, or dashes when it is empty.
fn bin_cells(b: &pachisi_bots::calibration::Bin) -> String {
    if b.count == 0 {
        format!("{:>8}  {:>8}  {:>8}", "-", "-", 0)
    } else {
        format!(
            "{:>8.1}%  {:>7.1}%  {:>8}",
            b.mean_predicted * 100.0,
            b.observed * 100.0,
            b.count
        )
    }
}

fn print_report(rules: &RulesArgs, r: &Calibration) -> Result<()> {
    outln!(
        "Calibration of {} under {}, players {}: {} games, {} positions, {} chances",
        r.bot,
        rules.name,
        r.players,
        r.games,
        r.positions,
        r.predictions
    );
    outln!(
        "Brier score {:.4} (always 1/teams: {:.4}), log loss {:.4}",
        r.brier,
        r.brier_uniform,
        r.log_loss
    );
    outln!();
    outln!("chance      mean predicted  observed     count");
    for b in &r.bins {
        if b.count == 0 {
            outln!(
                "{:>3.0}-{:<3.0}%            -          -          0",
                b.low * 100.0,
                b.high * 100.0
            );
        } else {
            outln!(
                "{:>3.0}-{:<3.0}%       {:>6.1}%    {:>6.1}%  {:>8}",
                b.low * 100.0,
                b.high * 100.0,
                b.mean_predicted * 100.0,
                b.observed * 100.0,
                b.count
            );
        }
    }
    Ok(())
}
