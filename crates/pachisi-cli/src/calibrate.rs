//! `pachisi calibrate`: a bot's winning chances against the outcomes of held-out games
//! (`pachisi_bots::calibration` does the work), as text or JSON, with a progress bar.

use crate::run::{check_games, check_threads, GamesBar};
use crate::RulesArgs;
use anyhow::{anyhow, Result};
use clap::Args;
use pachisi_bots::calibration::{calibrate, Calibration, CalibrationSettings};
use pachisi_bots::BotSpec;
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

Example: pachisi calibrate --rules ludo --bot neural --games 2000 --seed 1

Example: pachisi calibrate --rules pachisi --bot heuristic --players neural --games 1000 --json";

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
