//! `pachisi train`: a network for the `neural` bot trained by self-play
//! (`pachisi_bots::neural::train` does the work), with a progress bar and checkpoints.

use crate::checks::{check_games, check_threads};
use crate::files::write_atomically;
use crate::progress::GamesBar;
use crate::shell::command_line;
use crate::RulesArgs;
use anyhow::{bail, Context, Result};
use clap::Args;
use pachisi_bots::neural::train::{Method, TeacherEval, TrainConfig, Trainer};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The long help of `pachisi train`.
pub(crate) const HELP: &str = "\
Train a network for the `neural` bot by self-play.

The network starts as the heuristic evaluation (it scores positions as the `heuristic` bot does) \
and learns from games it plays against itself: batches of --batch games are played on all cores \
with the network as it stands, every seat choosing its move one ply ahead, then the batch's \
examples are learned in a shuffled order by gradient descent. With --method expectimax (the \
default) the examples are, at --decisions decisions drawn from each game, every legal move's \
position, labelled with the value an expectimax search --teacher-depth throws deep gives it with \
the heuristic evaluation: the network learns to rank moves as that search does, at the cost of \
one evaluation per move. With --teacher-eval network the search scores its horizon with the \
network itself (as it stands for the batch), so each batch learns one search beyond the network \
that labels it and training can go past what the heuristic's search knows. With --method td it learns every position after a move towards its \
λ-return (TD(λ): the next positions' values, and in the end who finished first). docs/neural.md \
explains the network, its inputs, the methods and why the search is the default.

The same --seed gives the same network on any number of threads. Every --checkpoint-every games \
the network so far and where training stands are written to FILE.checkpoint (written to a \
temporary file first, then renamed, so a checkpoint is never half written); --resume \
FILE.checkpoint goes on from there and ends with exactly the network an uninterrupted run gives. \
--resume also takes a finished network (its file keeps the settings) to train it further, to \
--games games in all. When the run ends FILE holds the network and the checkpoint is removed.

The file records the ruleset, the seed and this command (made_by). Use it with \
`neural:net=FILE`, `expectimax:eval=neural:net=FILE` or `mcts:eval=neural:net=FILE`; measure it \
with `pachisi tournament --bots heuristic,neural:net=FILE` and `pachisi calibrate`.

Example: pachisi train --rules ludo --games 2000 --seed 1 --out ludo.json

Example: pachisi train --rules ludo --games 4000 --resume ludo.json.checkpoint --out ludo.json";

/// The settings of `pachisi train`.
#[derive(Args, Debug)]
pub(crate) struct TrainArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Self-play games in all (a resumed run counts the games already played).
    #[arg(long)]
    games: u64,
    /// Seed of the games and of the network's first weights (default 1; a resumed run keeps its
    /// own).
    #[arg(long)]
    seed: Option<u64>,
    /// Where to write the network (JSON).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Go on from a checkpoint (or a trained network's file).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Threads to play on (default: one per core). The network does not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Games between two checkpoints (rounded up to whole batches; 0: none).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    checkpoint_every: u64,
    /// Hidden units (1 to 64).
    #[arg(long, value_name = "N")]
    hidden: Option<usize>,
    /// Step of gradient descent.
    #[arg(long, value_name = "RATE")]
    learning_rate: Option<f32>,
    /// TD(λ)'s λ, from 0 (learn from the next position) to 1 (from the outcome).
    #[arg(long, value_name = "λ")]
    lambda: Option<f32>,
    /// Games per batch, played with one network before it learns from them.
    #[arg(long, value_name = "N")]
    batch: Option<u64>,
    /// The share of seats the heuristic plays in the training games, from 0 (pure self-play)
    /// to 1 (the network learns the heuristic's games).
    #[arg(long, value_name = "SHARE")]
    heuristic_share: Option<f32>,
    /// What the network learns from: `td` (TD(λ), the games' own outcomes) or `expectimax`
    /// (an expectimax search's values of every move at a few decisions a game).
    #[arg(long, value_name = "METHOD")]
    method: Option<String>,
    /// With --method expectimax: throws the search looks ahead (0 to 2).
    #[arg(long, value_name = "N")]
    teacher_depth: Option<u32>,
    /// The linear part's learning rate as a share of --learning-rate, from 0 (it keeps the
    /// heuristic it starts as, and only the hidden units learn) to 1.
    #[arg(long, value_name = "SHARE")]
    linear_rate: Option<f32>,
    /// With --method expectimax: decisions labelled per game.
    #[arg(long, value_name = "N")]
    decisions: Option<u32>,
    /// With --method expectimax: what scores the search's horizon, `heuristic` (the default) or
    /// `network` (the network being trained, as it stands for each batch).
    #[arg(long, value_name = "EVAL")]
    teacher_eval: Option<String>,
}

/// `pachisi train`.
pub(crate) fn train(args: &TrainArgs) -> Result<()> {
    check_games(args.games)?;
    check_threads(args.threads)?;
    let rules = Arc::new(args.rules.load()?);
    let command = command_line();
    let checkpoint = checkpoint_path(&args.out);
    let mut trainer = match &args.resume {
        None => {
            let mut config = TrainConfig::new(args.games, args.seed.unwrap_or(1));
            config.hidden = args.hidden.unwrap_or(config.hidden);
            config.learning_rate = args.learning_rate.unwrap_or(config.learning_rate);
            config.lambda = args.lambda.unwrap_or(config.lambda);
            config.batch = args.batch.unwrap_or(config.batch);
            config.heuristic_share = args.heuristic_share.unwrap_or(config.heuristic_share);
            config.method = method(args)?;
            config.linear_rate = args.linear_rate.unwrap_or(config.linear_rate);
            Trainer::new(rules.clone(), config, &command)?
        }
        Some(path) => resume(args, rules.clone(), path, &command)?,
    };
    trainer = trainer.with_threads(args.threads)?;
    let start = Instant::now();
    let done_before = trainer.state().games_done;
    let bar = GamesBar::new(args.games, "");
    bar.update(done_before);
    let mut last_checkpoint = done_before;
    let mut last = None;
    while !trainer.finished() {
        last = Some(trainer.run_batch(&|done| bar.update(done)));
        let done = trainer.state().games_done;
        if args.checkpoint_every > 0
            && done - last_checkpoint >= args.checkpoint_every
            && !trainer.finished()
        {
            write_atomically(&checkpoint, &trainer.checkpoint())?;
            last_checkpoint = done;
        }
    }
    bar.finish();
    write_atomically(&args.out, &trainer.checkpoint())?;
    if checkpoint.exists() {
        std::fs::remove_file(&checkpoint)
            .with_context(|| format!("cannot remove {}", checkpoint.display()))?;
    }
    let net = trainer.network();
    outln!(
        "trained {} games ({} in this run) in {:.1} s{}; wrote {} ({} weights, {} hidden units)",
        trainer.state().games_done,
        trainer.state().games_done - done_before,
        start.elapsed().as_secs_f64(),
        last.map_or(String::new(), |r| format!(
            ", last batch's loss {:.4} over {} positions",
            r.loss, r.positions
        )),
        args.out.display(),
        net.weight_count(),
        net.hidden()
    );
    Ok(())
}

/// The run of a checkpoint, to `--games` games, with this command added to its `made_by`.
fn resume(
    args: &TrainArgs,
    rules: Arc<pachisi_core::Rules>,
    path: &Path,
    command: &str,
) -> Result<Trainer> {
    if args.hidden.is_some()
        || args.learning_rate.is_some()
        || args.lambda.is_some()
        || args.batch.is_some()
        || args.heuristic_share.is_some()
        || args.method.is_some()
        || args.teacher_depth.is_some()
        || args.decisions.is_some()
        || args.teacher_eval.is_some()
        || args.linear_rate.is_some()
    {
        bail!(
            "--resume goes on with the checkpoint's own settings: leave out --hidden, \
             --learning-rate, --lambda, --batch, --heuristic-share, --method, --teacher-depth, \
             --decisions, --teacher-eval and --linear-rate"
        );
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut trainer = Trainer::resume(rules, &text, &path.display().to_string(), args.games)?;
    let state = trainer.state();
    if let Some(seed) = args.seed {
        if seed != state.config.seed {
            bail!(
                "--seed {seed}, but {} was trained with seed {}: leave --seed out to go on",
                path.display(),
                state.config.seed
            );
        }
    }
    if args.games < state.games_done {
        bail!(
            "--games {}, but {} has already played {} games: ask for more",
            args.games,
            path.display(),
            state.games_done
        );
    }
    let made_by = format!(
        "{}; resumed with: {command}",
        trainer.network().info().made_by
    );
    trainer.set_made_by(made_by);
    Ok(trainer)
}

/// The method of --method, --teacher-depth, --decisions and --teacher-eval.
fn method(args: &TrainArgs) -> Result<Method> {
    let Method::Expectimax {
        depth, decisions, ..
    } = Method::DEFAULT_EXPECTIMAX
    else {
        bail!("the default teacher is an expectimax search");
    };
    let teacher_options =
        args.teacher_depth.is_some() || args.decisions.is_some() || args.teacher_eval.is_some();
    match args.method.as_deref() {
        None | Some("expectimax") => Ok(Method::Expectimax {
            depth: args.teacher_depth.unwrap_or(depth),
            decisions: args.decisions.unwrap_or(decisions),
            eval: match args.teacher_eval.as_deref() {
                None | Some("heuristic") => TeacherEval::Heuristic,
                Some("network") => TeacherEval::Network,
                Some(other) => {
                    bail!("--teacher-eval {other}: the teacher's evaluations are `heuristic` and `network`")
                }
            },
        }),
        Some("td") if !teacher_options => Ok(Method::Td),
        Some("td") => {
            bail!("--teacher-depth, --decisions and --teacher-eval go with --method expectimax")
        }
        Some(other) => bail!("--method {other}: the methods are `expectimax` and `td`"),
    }
}

/// Where the checkpoints of a run writing `out` go.
fn checkpoint_path(out: &Path) -> PathBuf {
    let mut name = out.as_os_str().to_owned();
    name.push(".checkpoint");
    PathBuf::from(name)
}
