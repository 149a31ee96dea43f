//! Which command runs: each subcommand handed to the module that does it. Nothing here is used
//! by the commands themselves.

use crate::{Cli, Command, RecordCommand};
use anyhow::Result;

/// Runs the command given on the command line.
pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Rules(command) => crate::rules::rules(command),
        Command::Moves { rules, at, json } => {
            crate::moves::moves(&rules.load()?, &at.position, at.throw, json)
        }
        Command::Perft {
            rules,
            position,
            depth,
            divide,
            force,
        } => crate::perft::perft(&rules.load()?, &position, depth, divide, force),
        Command::Simulate(args) => crate::simulate::simulate_command(&args),
        Command::Bench(args) => crate::bench::bench_command(&args),
        Command::Record(RecordCommand::Random {
            rules,
            seed,
            out,
            fair,
        }) if fair.fair => crate::verify::record_random_fair(&rules, seed, out.as_deref(), &fair),
        Command::Record(RecordCommand::Random {
            rules, seed, out, ..
        }) => crate::record::record_random(&rules, seed, out.as_deref()),
        Command::Verify(args) => crate::verify::verify(&args),
        Command::Record(RecordCommand::Check { file, set }) => {
            crate::record::record_check(&file, &set)
        }
        Command::Tournament(args) => crate::tournament::tournament(&args),
        Command::Report(args) => crate::report::report(&args),
        Command::Play(args) => crate::play::play(&args),
        Command::Learn(args) => crate::learn::learn(&args),
        Command::Replay(args) => crate::replay::replay(&args),
        Command::Serve(args) => crate::serve::serve_command(&args),
        Command::Hint(args) => crate::hint::hint(&args),
        Command::Analyze(args) => crate::analyze::analyze(&args),
        Command::Endgame(command) => crate::endgame::endgame(&command),
        Command::Train(args) => crate::train::train(&args),
        Command::Calibrate(args) => crate::calibrate::calibrate_command(&args),
    }
}
