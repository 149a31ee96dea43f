//! `pachisi endgame build` and `pachisi endgame measure`: the exact endgame tables of
//! `pachisi_bots::endgame` built with a progress bar, and every bot measured against them.

use crate::RulesArgs;
use anyhow::{anyhow, bail, Context, Result};
use clap::{Args, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use pachisi_bots::endgame::measure::{measure, sample_positions, BotLoss};
use pachisi_bots::endgame::{BuildProgress, Domain, TableStats};
use pachisi_bots::{BotSpec, EndgameTable};
use serde::Serialize;
use std::io::IsTerminal;
use std::sync::Arc;

/// The long help of `pachisi endgame`.
pub(crate) const HELP: &str = "\
Exact endgame tables: endings between two sides with few pieces left, solved.

A position is in the table when the rules have two teams (two players, or two teams of \
partners) and each has 1 to N pieces left to bring home (--pieces, the rest home). With \
--domain race (the default) every piece left of at least one side must also stand in its home \
lane. No opponent ever enters a lane, so no capture or block can happen again: the ending is a \
race, even if the other side's pieces still wait to enter or go round the track. With --domain \
meeting the pieces left may stand anywhere, so the sides can still capture and block each other: \
far more positions, so fewer pieces are in reach.

`build` enumerates every such position at the start of a turn, and everything the engine's \
throws (with their exact probabilities, extra throws and streaks included) and legal moves \
lead to, then solves the winning chances with best play by both sides (value iteration to 10^-13). \
It prints the positions, the time and the largest error left in the equations.

`measure` draws random endgame decisions from the table (the first decision with moves of \
different value after a random placement of the pieces) and reports, for every bot, the \
winning chance its moves give up against the best move: the mean loss in percentage points with \
a 95% interval, the share of best moves, the worst loss.

Four-seat rulesets have two sides only as two players: --set players.seats=[0,2] --set \
players.colours=[]. Out of reach, with the reason: more than two teams, the goal in the lane \
(maedn), an opening throw, captures needed before home, a third doublet that sends a piece back \
(Parcheesi SR and MB, races only), a bounce from home out of the lane (ludopy, races), and \
tables of more than 2 million positions. Bots use the tables with the option endgame=N \
(heuristic:endgame=2, expectimax:endgame=2), and endgame-domain=meeting for the meeting tables \
(heuristic:endgame=1:endgame-domain=meeting). docs/endgames.md has the figures.

Example: pachisi endgame build --rules ludo --set players.seats=[0,2] --set players.colours=[]

Example: pachisi endgame measure --rules pachisi --pieces 1 --bots random,heuristic,expectimax

Example: pachisi endgame build --rules ludo --set players.seats=[0,2] --set players.colours=[] \
--pieces 1 --domain meeting";

/// The settings of `pachisi endgame`.
#[derive(Subcommand, Debug)]
pub(crate) enum EndgameCommand {
    /// Build a table and say how many positions it holds and how long it took.
    Build(BuildArgs),
    /// Measure bots against the exact values on random endgame decisions.
    Measure(MeasureArgs),
}

/// The table asked for.
#[derive(Args, Debug)]
pub(crate) struct TableArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Most pieces left a side (1 to the pieces of a team).
    #[arg(long, default_value_t = EndgameTable::DEFAULT_PIECES, value_name = "N")]
    pieces: u8,
    /// Which endings: `race` (a side's pieces left all in their home lanes, so the sides cannot
    /// meet) or `meeting` (the pieces left anywhere: captures and blocks still possible).
    #[arg(long, value_enum, default_value_t = DomainArg::Race)]
    domain: DomainArg,
}

/// `--domain`: which endings a table holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum DomainArg {
    /// Races: the sides can no longer meet.
    Race,
    /// Every placement of the pieces left: the sides may still meet.
    Meeting,
}

impl From<DomainArg> for Domain {
    fn from(d: DomainArg) -> Domain {
        match d {
            DomainArg::Race => Domain::Race,
            DomainArg::Meeting => Domain::Meeting,
        }
    }
}

/// The settings of `pachisi endgame build`.
#[derive(Args, Debug)]
pub(crate) struct BuildArgs {
    #[command(flatten)]
    table: TableArgs,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The settings of `pachisi endgame measure`.
#[derive(Args, Debug)]
pub(crate) struct MeasureArgs {
    #[command(flatten)]
    table: TableArgs,
    /// The bots to measure, as specs separated by commas.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "random,heuristic,expectimax",
        value_name = "SPEC,SPEC"
    )]
    bots: Vec<String>,
    /// Random endgame decisions to measure every bot on.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    positions: usize,
    /// Seed of the positions drawn and of the bots' random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// `pachisi endgame`.
pub(crate) fn endgame(command: &EndgameCommand) -> Result<()> {
    match command {
        EndgameCommand::Build(args) => build_command(args),
        EndgameCommand::Measure(args) => measure_command(args),
    }
}

/// What `build --json` prints.
#[derive(Serialize)]
struct Built<'a> {
    rules: &'a str,
    pieces: u8,
    domain: Domain,
    #[serde(flatten)]
    stats: &'a TableStats,
}

fn build_command(args: &BuildArgs) -> Result<()> {
    let table = build(&args.table)?;
    let stats = table.stats();
    let name = args.table.rules.name.as_str();
    if args.json {
        let built = Built {
            rules: name,
            pieces: table.pieces(),
            domain: table.domain(),
            stats,
        };
        outln!("{}", serde_json::to_string_pretty(&built)?);
        return Ok(());
    }
    describe(name, &table)?;
    Ok(())
}

/// The table's headline: what it covers, its size and its build time.
fn describe(name: &str, table: &EndgameTable) -> Result<()> {
    let s = table.stats();
    let what = match table.domain() {
        Domain::Race => "races",
        Domain::Meeting => "endings (the sides may still meet)",
    };
    outln!(
        "{name}: {what} with 1 to {} pieces left a side",
        table.pieces()
    );
    outln!("  turn starts:  {}", s.starts);
    outln!("  positions:    {}", s.positions);
    outln!(
        "  time:         {:.2} s to enumerate, {:.2} s to solve ({} sweeps, largest residual {:.1e})",
        s.enumerate_seconds,
        s.solve_seconds,
        s.sweeps,
        s.residual
    );
    Ok(())
}

/// Builds the table asked for, with a spinner on a terminal.
fn build(args: &TableArgs) -> Result<EndgameTable> {
    let rules = Arc::new(args.rules.load()?);
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {elapsed} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let table = EndgameTable::build(rules, args.pieces, args.domain.into(), &mut |p| match p {
        BuildProgress::Enumerating(n) => bar.set_message(format!("{n} positions enumerated")),
        BuildProgress::Sweep(n, change) => {
            bar.set_message(format!("sweep {n}, largest change {change:.1e}"));
        }
    });
    bar.finish_and_clear();
    table.with_context(|| format!("no endgame table for {}", args.rules.name))
}

/// What `measure --json` prints.
#[derive(Serialize)]
struct Measured<'a> {
    rules: &'a str,
    pieces: u8,
    domain: Domain,
    table: &'a TableStats,
    seed: u64,
    positions: usize,
    bots: &'a [BotLoss],
}

fn measure_command(args: &MeasureArgs) -> Result<()> {
    if args.positions == 0 {
        bail!("--positions must be at least 1");
    }
    let specs: Vec<BotSpec> = args
        .bots
        .iter()
        .map(|s| s.parse().map_err(|e| anyhow!("bad bot spec `{s}`: {e}")))
        .collect::<Result<_>>()?;
    let table = Arc::new(build(&args.table)?);
    let positions = sample_positions(&table, args.positions, args.seed);
    if positions.is_empty() {
        // More pieces give choices; a meeting table with two pieces a side is out of reach for
        // every ruleset (docs/endgames.md), so there only the race table can help.
        let advice = match table.domain() {
            Domain::Race => "try --pieces 2",
            Domain::Meeting => "try the race table with two pieces: --domain race --pieces 2",
        };
        bail!(
            "the table has no decision where the moves differ in value (with one piece a side \
             every move may be forced: {advice})"
        );
    }
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new((positions.len() * specs.len()) as u64);
        bar.set_style(
            ProgressStyle::with_template("{msg:24} {bar:32} {pos}/{len} decisions, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let mut results = Vec::new();
    for (k, spec) in specs.iter().enumerate() {
        bar.set_message(spec.to_string());
        let mut bot = spec.build(table.rules().clone(), args.seed);
        let before = (k * positions.len()) as u64;
        let loss = measure(
            &table,
            &spec.to_string(),
            bot.as_mut(),
            &positions,
            &mut |done| {
                bar.set_position(before + done as u64);
            },
        );
        results.push(loss);
    }
    bar.finish_and_clear();
    let name = args.table.rules.name.as_str();
    if args.json {
        let measured = Measured {
            rules: name,
            pieces: table.pieces(),
            domain: table.domain(),
            table: table.stats(),
            seed: args.seed,
            positions: positions.len(),
            bots: &results,
        };
        outln!("{}", serde_json::to_string_pretty(&measured)?);
        return Ok(());
    }
    describe(name, &table)?;
    outln!(
        "{} decisions with a choice (seed {}); loss = best move's winning chance minus the bot's, \
         in percentage points",
        positions.len(),
        args.seed
    );
    outln!();
    outln!(
        "{:<28} {:>10} {:>20} {:>10} {:>8}",
        "bot",
        "mean loss",
        "95% interval",
        "best move",
        "worst"
    );
    for r in &results {
        outln!(
            "{:<28} {:>10.3} {:>20} {:>9.1}% {:>8.2}",
            r.bot,
            100.0 * r.loss.mean,
            format!("{:.3} to {:.3}", 100.0 * r.loss.low, 100.0 * r.loss.high),
            100.0 * r.best_share,
            100.0 * r.worst
        );
    }
    Ok(())
}
