//! `pachisi analyze`: a recorded game's decisions graded and its throws' luck weighed
//! (`pachisi_bots::analysis` does the work), shown as tables or JSON, with a progress bar.

use crate::checks::check_threads;
use crate::record_io::rules_of_record;
use anyhow::{anyhow, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use pachisi_bots::analysis::{
    self, Analysis, ReplayedGame, Summary, BIG_LUCK, BLUNDER, DEFAULT_EVALUATOR, INACCURACY,
    MISTAKE,
};
use pachisi_bots::BotSpec;
use pachisi_core::{GameRecord, Rules};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;

/// The long help of `pachisi analyze`. Its figures are the library's constants (a test keeps
/// them in step).
pub(crate) const HELP: &str = "\
Grade every decision of a recorded game, and weigh the luck of every throw.

Every position where the seat to move had a real choice (legal moves leading to more than one \
position) is graded: the evaluator (--bot) estimates the mover's side's winning chance after \
every legal move; the loss is the best move's chance minus the played move's, in percentage \
points, never negative. A loss of 2 points or more is an inaccuracy (?!), 5 or more a mistake \
(?), 10 or more a blunder (??).

The luck of a throw is how much it changed the thrower's side's winning chance: the chance after \
it (at the best move it allows, or at the position when it allows none) minus the chance \
expected before it, the mean over every outcome of the throw with its exact probability. Luck \
averages to zero; a seat's total luck says how much more its throws gave than average throws \
would have. Throws that moved the chance by 5 points or more are listed.

The report lists the marked decisions (move number among the game's throws and moves, turn, \
seat, throws being spent, the move played and the best with their chances), the luckiest and \
unluckiest throws, then a summary per seat (and per team where partners play): decisions with a \
choice, average loss, marks, luck. --json prints every decision and throw. Records with an \
Opening throw-off, a Set tag or fair throws are read as `record check` reads them.

The evaluator is a bot spec that estimates winning chances: expectimax (default, depth=0: it \
plans the current turn and scores the position with the heuristic evaluation) or heuristic; \
expectimax:depth=1 searches one more throw, slower (minutes for a Parcheesi game with doublets). \
The estimates come from a heuristic evaluation and are not calibrated: read the marks as the \
evaluator's opinion. docs/analysis.md explains it.

Example: pachisi record random --rules ludo --seed 3 --out game.record && pachisi analyze game.record";

/// The settings of `pachisi analyze`.
#[derive(Args, Debug)]
pub(crate) struct AnalyzeArgs {
    /// The record file (docs/notation.md), as `pachisi record random`, `play` and the server
    /// write them.
    record: PathBuf,
    /// The evaluator: a bot that estimates winning chances, e.g. `heuristic`,
    /// `expectimax:depth=1`.
    #[arg(long, default_value = DEFAULT_EVALUATOR, value_name = "SPEC")]
    bot: String,
    /// Print every decision and throw as JSON instead of the report.
    #[arg(long)]
    json: bool,
    /// Worker threads (default: one per core); the results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// `pachisi analyze`.
pub(crate) fn analyze(args: &AnalyzeArgs) -> Result<()> {
    check_threads(args.threads)?;
    let file = args.record.display().to_string();
    let text =
        std::fs::read_to_string(&args.record).with_context(|| format!("cannot read {file}"))?;
    let record = GameRecord::parse(&text).with_context(|| file.clone())?;
    let (rules, name) = rules_of_record(&record, &[])?;
    let rules = Arc::new(rules);
    let game = ReplayedGame::from_record(&rules, &record).with_context(|| file.clone())?;
    let spec: BotSpec = args
        .bot
        .parse()
        .map_err(|e| anyhow!("bad bot spec `{}`: {e}", args.bot))?;
    spec.check(&rules)
        .map_err(|e| anyhow!("bot `{}`: {e}", args.bot))?;
    let bar = if std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(0);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} positions evaluated, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let progress = |done: u64, total: u64| {
        bar.set_length(total);
        // Threads finish out of order: the bar never moves backwards.
        if done > bar.position() {
            bar.set_position(done);
        }
    };
    let result = analysis::analyze(&rules, &game, &spec, args.threads, &progress);
    bar.finish_and_clear();
    let analysis = result?;
    if args.json {
        let mut value = serde_json::to_value(&analysis)?;
        if let Some(object) = value.as_object_mut() {
            object.insert("record".into(), file.into());
            object.insert("ruleset".into(), name.into());
        }
        outln!("{}", serde_json::to_string_pretty(&value)?);
        Ok(())
    } else {
        print_report(&rules, &file, &name, &analysis)
    }
}

/// A seat as the report names it: `Y (yellow)`.
fn seat_name(rules: &Rules, seat: u8) -> String {
    format!("{} ({})", rules.seat_letter(seat), rules.seat_colour(seat))
}

fn percent(chance: f64) -> String {
    format!("{:.1}%", 100.0 * chance)
}

fn points(change: f64) -> String {
    format!("{:+.1}", 100.0 * change)
}

fn print_report(rules: &Rules, file: &str, name: &str, a: &Analysis) -> Result<()> {
    outln!("Analysis of {file} ({name}) by {}.", a.evaluator);
    outln!(
        "Chances are the mover's side's estimated winning chance; losses and luck are in \
         percentage points. Marks: ?! a loss of {} points or more, ? {}, ?? {}.",
        100.0 * INACCURACY,
        100.0 * MISTAKE,
        100.0 * BLUNDER
    );
    outln!();
    let marked: Vec<_> = a.decisions.iter().filter(|d| d.mark.is_some()).collect();
    outln!(
        "Marked decisions: {} of {} with a choice ({} moves had none).",
        marked.len(),
        a.decisions.len(),
        a.forced
    );
    if !marked.is_empty() {
        outln!(
            "  {:>5} {:>5}  {:<12} {:<8} {:<10} {:>7}  {:<10} {:>7}  {:>6} mark",
            "move",
            "turn",
            "seat",
            "throws",
            "played",
            "chance",
            "best",
            "chance",
            "loss"
        );
        for d in marked {
            outln!(
                "  {:>5} {:>5}  {:<12} {:<8} {:<10} {:>7}  {:<10} {:>7}  {:>6} {}",
                d.number,
                d.turn,
                seat_name(rules, d.seat),
                d.throws,
                d.played,
                percent(d.played_chance),
                d.best,
                percent(d.best_chance),
                format!("{:.1}", 100.0 * d.loss),
                d.mark.map_or("", |m| m.symbol())
            );
        }
    }
    outln!();
    let big: Vec<_> = a
        .throws
        .iter()
        .filter(|t| t.luck.abs() >= BIG_LUCK)
        .collect();
    outln!(
        "Throws that changed the thrower's chance by {} points or more: {} of {}.",
        100.0 * BIG_LUCK,
        big.len(),
        a.throws.len()
    );
    if !big.is_empty() {
        outln!(
            "  {:>5} {:>5}  {:<12} {:<6} {:>8} {:>7} {:>6}",
            "throw",
            "turn",
            "seat",
            "throw",
            "expected",
            "after",
            "luck"
        );
        for t in big {
            outln!(
                "  {:>5} {:>5}  {:<12} {:<6} {:>8} {:>7} {:>6}",
                t.number,
                t.turn,
                seat_name(rules, t.seat),
                format!("({})", t.throw),
                percent(t.before),
                percent(t.after),
                points(t.luck)
            );
        }
    }
    outln!();
    outln!("Per seat:");
    print_summaries(&a.seats, |s| seat_name(rules, s.seats[0]))?;
    if !a.teams.is_empty() {
        outln!();
        outln!("Per team:");
        print_summaries(&a.teams, |s| {
            let letters: String = s.seats.iter().map(|&x| rules.seat_letter(x)).collect();
            format!("team {} ({letters})", s.team)
        })?;
    }
    Ok(())
}

fn print_summaries(summaries: &[Summary], label: impl Fn(&Summary) -> String) -> Result<()> {
    outln!(
        "  {:<14} {:>9} {:>9} {:>4} {:>4} {:>4} {:>7} {:>7}",
        "",
        "decisions",
        "avg loss",
        "?!",
        "?",
        "??",
        "throws",
        "luck"
    );
    for s in summaries {
        outln!(
            "  {:<14} {:>9} {:>9.2} {:>4} {:>4} {:>4} {:>7} {:>7}",
            label(s),
            s.decisions,
            100.0 * s.average_loss,
            s.inaccuracies,
            s.mistakes,
            s.blunders,
            s.throws,
            points(s.luck)
        );
    }
    Ok(())
}
