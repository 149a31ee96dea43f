//! `pachisi replay`: the replay viewer, with the game's analysis on opening (`--analyze`) or on a
//! key (`pachisi_tui` draws it, `pachisi_bots::analysis` grades the game).

use crate::checks::check_threads;
use crate::record_io::rules_of_record;
use anyhow::{anyhow, Context, Result};
use clap::Args;
use pachisi_bots::analysis::DEFAULT_EVALUATOR;
use pachisi_bots::BotSpec;
use pachisi_core::GameRecord;
use pachisi_tui::ReplayAnalysis;
use std::path::PathBuf;
use std::sync::Arc;

/// The long help of `pachisi replay`.
pub(crate) const HELP: &str = "\
Step through a saved game forwards and backwards on the board, and see its analysis.

The record's ruleset is its Ruleset tag with the overrides of its Set tag (and any --set given \
here). Right and left arrows step one action (a throw or a move), down and up one turn, Home and \
End go to the start and the end; ? lists every key.

--analyze grades the game as it opens, as `pachisi analyze` does (the key a does it later when \
it was not given): on a background thread, with its progress in the status line, the viewer \
usable meanwhile. Then the log marks inaccuracies (?!), mistakes (?) and blunders (??); a panel \
grades the action shown (the move played and the best, with the mover's side's winning chances \
and the loss, or the throw's luck); n and N go to the next and the previous marked move; c draws \
every side's winning chance through the game (also under the board where the window has room); \
s sums the game up per seat and team. --bot names the evaluator, a bot that estimates winning \
chances, as for `pachisi analyze`; docs/analysis.md explains the analysis.

Example: pachisi replay pachisi-42.record

Example: pachisi replay --analyze --bot expectimax:depth=1 game.record";

/// The settings of `pachisi replay`.
#[derive(Args, Debug)]
pub(crate) struct ReplayArgs {
    /// The record file (written by `pachisi play` or `pachisi record random`).
    file: PathBuf,
    /// Override a field of the record's ruleset (repeatable).
    #[arg(long = "set", value_name = "FIELD=VALUE")]
    set: Vec<String>,
    /// Analyse the game as the viewer opens (otherwise the key a does).
    #[arg(long)]
    analyze: bool,
    /// The evaluator of the analysis: a bot that estimates winning chances, e.g. `heuristic`,
    /// `expectimax:depth=1`.
    #[arg(long, default_value = DEFAULT_EVALUATOR, value_name = "SPEC")]
    bot: String,
    /// Worker threads of the analysis (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// The language of the viewer's words, a tag such as `en` (default: the environment's,
    /// LC_ALL, LC_MESSAGES or LANG); English where no catalogue of it is shipped.
    #[arg(long, value_name = "TAG")]
    lang: Option<String>,
}

/// Steps through a saved game. Every error (the file, the record, the evaluator) is told before
/// the screen opens.
pub(crate) fn replay(args: &ReplayArgs) -> Result<()> {
    check_threads(args.threads)?;
    let evaluator: BotSpec = args
        .bot
        .parse()
        .map_err(|e| anyhow!("bad bot spec `{}`: {e}", args.bot))?;
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let record = GameRecord::parse(&text).with_context(|| args.file.display().to_string())?;
    let (rules, _) = rules_of_record(&record, &args.set)?;
    record
        .replay(&rules)
        .with_context(|| args.file.display().to_string())?;
    let name = args.file.file_name().map_or_else(
        || args.file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let analysis = ReplayAnalysis {
        evaluator,
        threads: args.threads,
        at_once: args.analyze,
        words: crate::language::chosen(args.lang.as_deref()),
    };
    pachisi_tui::replay(Arc::new(rules), &record, &name, analysis)
}
