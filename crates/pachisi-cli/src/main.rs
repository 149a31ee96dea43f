//! The `pachisi` command: a thin layer over the rules engine and the simulator.

mod describe;
mod run;

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Pachisi, the cross-and-circle race game of India, and its family.
///
/// Every command that takes --rules accepts the name of a built-in ruleset (see `pachisi rules
/// list`) or the path of a ruleset file (TOML, see docs/rules.md), and any number of
/// `--set FIELD=VALUE` to switch optional rules on or off, e.g. `--set moves.split=true`.
///
/// Positions are written in one line (docs/notation.md); `start` is the starting position.
/// Try: pachisi moves --rules pachisi --position start --throw 25
#[derive(Parser, Debug)]
#[command(name = "pachisi", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List, show and inspect rulesets.
    #[command(subcommand)]
    Rules(RulesCommand),
    /// List the legal moves in a position after a throw, each with the position it leads to.
    ///
    /// Example: pachisi moves --rules pachisi --position start --throw 25
    Moves {
        #[command(flatten)]
        rules: RulesArgs,
        /// The position in one-line notation (docs/notation.md), or `start`.
        #[arg(long, default_value = "start")]
        position: String,
        /// The throw: its value (25), or two separate dice (5-3) where each die counts on its
        /// own; needed when the position waits for a throw.
        #[arg(long)]
        throw: Option<pachisi_core::ThrowName>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the move sequences over a number of throws (summed over every throw outcome).
    ///
    /// Example: pachisi perft --rules pachisi --position start --depth 3
    Perft {
        #[command(flatten)]
        rules: RulesArgs,
        /// The position in one-line notation (docs/notation.md), or `start`.
        #[arg(long, default_value = "start")]
        position: String,
        /// Number of throws.
        #[arg(long)]
        depth: u32,
        /// Also print the count below each throw outcome or move of the first step.
        #[arg(long)]
        divide: bool,
    },
    /// Play games between random players and print what happened.
    ///
    /// Each game's seed is derived from --seed and the game's number, so runs are reproducible.
    /// Example: pachisi simulate --rules herklots-1832 --games 10000 --seed 1
    Simulate {
        #[command(flatten)]
        rules: RulesArgs,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Measure the engine: random games per second and throws per second for every built-in
    /// ruleset, on one thread. docs/performance.md records the figures.
    Bench {
        /// Games per ruleset.
        #[arg(long, default_value_t = 2000)]
        games: u64,
        /// Master seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Write and check game records.
    #[command(subcommand)]
    Record(RecordCommand),
}

#[derive(Subcommand, Debug)]
enum RulesCommand {
    /// List the built-in rulesets.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Show a ruleset: its description, board, throw outcomes with probabilities, and every field.
    Show {
        /// A built-in ruleset name or a ruleset file.
        name: String,
        /// Override a field, e.g. `--set moves.split=true` (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Show a seat's route: every square in order, castles marked.
    Route {
        /// A built-in ruleset name or a ruleset file.
        name: String,
        /// The seat (0 moves first), or its colour letter.
        #[arg(long, default_value = "0")]
        seat: String,
        /// Override a field, e.g. `--set board.direction=clockwise` (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand, Debug)]
enum RecordCommand {
    /// Play one game between random players and print its record.
    ///
    /// Overrides given with --set are kept in the record's Set tag, so `record check` replays it
    /// under the same rules.
    Random {
        #[command(flatten)]
        rules: RulesArgs,
        /// Seed of the throws and choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the record to this file instead of standard output.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Replay a record, check it, and print the final position.
    ///
    /// The record's ruleset is its Ruleset tag, with the overrides of its Set tag (written by
    /// `record random --set`) and then any given here.
    Check {
        /// The record file.
        file: PathBuf,
        /// Override a field of the record's ruleset (repeatable).
        #[arg(long = "set", value_name = "FIELD=VALUE")]
        set: Vec<String>,
    },
}

/// The ruleset to play under.
#[derive(Args, Debug, Clone)]
struct RulesArgs {
    /// A built-in ruleset name (`pachisi rules list`) or a ruleset file.
    #[arg(long = "rules", default_value = "pachisi")]
    name: String,
    /// Override a field, e.g. `--set moves.split=true` (repeatable).
    #[arg(long = "set", value_name = "FIELD=VALUE")]
    set: Vec<String>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
