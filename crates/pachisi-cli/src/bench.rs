//! `pachisi bench`: how fast the engine plays, per ruleset: random games and throws per second
//! on one thread and on all cores (the code `pachisi simulate` runs, statistics included), and
//! the playouts per second of Monte Carlo tree search on positions of a random game.

use crate::batch::{run, simulation, timing, Players, Timing};
use crate::ruleset::load_rules;
use crate::BenchArgs;
use anyhow::{bail, Result};
use pachisi_bots::{BotSpec, Budget};
use pachisi_core::{Phase, Position, Rules, BUILTIN_RULESETS};
use pachisi_sim::{game_seed, play_game, start_position, RandomPolicy, Simulation};
use serde::Serialize;
use std::sync::Arc;
use std::time::Instant;

/// The searches `pachisi bench` times: the `mcts` bot as players meet it (heuristic playouts cut
/// off after a throw), and playouts to the end of the game with random moves, which measure the
/// engine's own speed inside a search.
const MCTS_SPECS: [&str; 2] = ["mcts", "mcts:playouts=100:rollout=random:cutoff=0"];

/// Decisions (positions with a choice) each search is timed on.
const MCTS_DECISIONS: usize = 10;

/// One search's speed on one ruleset.
#[derive(Serialize)]
struct SearchTiming {
    spec: String,
    decisions: usize,
    playouts: u64,
    elapsed_seconds: f64,
    playouts_per_second: f64,
}

/// One ruleset's line of `pachisi bench --json`.
#[derive(Serialize)]
struct BenchLine {
    rules: String,
    throws_per_game: f64,
    one_thread: Timing,
    all_threads: Timing,
    /// Absent with `--no-mcts`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    mcts: Vec<SearchTiming>,
}

/// What `pachisi bench --json` prints.
#[derive(Serialize)]
struct BenchReport {
    games: u64,
    seed: u64,
    threads: usize,
    rulesets: Vec<BenchLine>,
}

/// `pachisi bench`.
pub fn bench_command(args: &BenchArgs) -> Result<()> {
    simulation(args.games, args.seed, args.threads)?;
    let names: Vec<String> = if args.rules.is_empty() {
        BUILTIN_RULESETS
            .iter()
            .map(|(n, _)| n.to_string())
            .collect()
    } else {
        args.rules.clone()
    };
    let rulesets = names
        .iter()
        .map(|n| load_rules(n, &[]).map(Arc::new))
        .collect::<Result<Vec<_>>>()?;
    let many = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from));
    if !args.json {
        outln!(
            "{} random games per ruleset, seed {}, on 1 thread and on {many}",
            args.games,
            args.seed
        );
        outln!(
            "{:<26} {:>10} {:>12} {:>10} {:>12} {:>8} {:>11}",
            "ruleset",
            "games/s",
            "throws/s",
            "games/s",
            "throws/s",
            "speed-up",
            "throws/game"
        );
        outln!(
            "{:<26} {:>23} {:>23}",
            "",
            "(1 thread)",
            format!("({many} threads)")
        );
    }
    let mut lines = Vec::new();
    for (name, rules) in names.iter().zip(&rulesets) {
        let sim = |threads| Simulation {
            games: args.games,
            seed: args.seed,
            threads,
        };
        let one = run(rules, &Players::Random, sim(1), !args.json)?;
        let all = run(rules, &Players::Random, sim(many), !args.json)?;
        let mcts = if args.no_mcts {
            Vec::new()
        } else {
            MCTS_SPECS
                .iter()
                .map(|spec| time_search(rules, spec, args.seed))
                .collect::<Result<Vec<_>>>()?
        };
        let line = BenchLine {
            rules: name.clone(),
            throws_per_game: one.stats.throws.mean(),
            one_thread: timing(&one),
            all_threads: timing(&all),
            mcts,
        };
        if !args.json {
            outln!(
                "{:<26} {:>10.0} {:>12.0} {:>10.0} {:>12.0} {:>7.2}x {:>11.1}",
                line.rules,
                line.one_thread.games_per_second,
                line.one_thread.throws_per_second,
                line.all_threads.games_per_second,
                line.all_threads.throws_per_second,
                line.all_threads.games_per_second / line.one_thread.games_per_second,
                line.throws_per_game
            );
            for t in &line.mcts {
                outln!(
                    "{:<26} {:>10.0} playouts/s, 1 thread: {} ({} playouts on {} decisions)",
                    "",
                    t.playouts_per_second,
                    t.spec,
                    t.playouts,
                    t.decisions
                );
            }
        }
        lines.push(line);
    }
    if args.json {
        let report = BenchReport {
            games: args.games,
            seed: args.seed,
            threads: many,
            rulesets: lines,
        };
        outln!("{}", serde_json::to_string_pretty(&report)?);
    }
    Ok(())
}

/// Times the search `spec` on one thread over [`MCTS_DECISIONS`] decisions with a choice of the
/// random game `seed` ([`decisions`]).
fn time_search(rules: &Arc<Rules>, spec: &str, seed: u64) -> Result<SearchTiming> {
    let parsed: BotSpec = spec.parse().map_err(anyhow::Error::msg)?;
    let Budget::Mcts {
        playouts,
        time: None,
        ..
    } = parsed.budget()
    else {
        bail!("`{spec}` is not a search with a number of playouts");
    };
    let playouts_each = u64::from(playouts);
    let positions = decisions(rules, seed, MCTS_DECISIONS);
    let mut bot = parsed.build(rules.clone(), seed);
    let started = Instant::now();
    for pos in &positions {
        bot.choose(pos);
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let playouts = playouts_each * positions.len() as u64;
    Ok(SearchTiming {
        spec: spec.to_string(),
        decisions: positions.len(),
        playouts,
        elapsed_seconds: secs,
        playouts_per_second: playouts as f64 / secs,
    })
}

/// `n` positions with more than one legal move, spread evenly through the random game `seed`
/// (from beginning to end, where searches cost differently), or through the next games too when
/// one has fewer.
fn decisions(rules: &Rules, seed: u64, n: usize) -> Vec<Position> {
    let mut found = Vec::new();
    for index in 0..100 {
        let game = game_seed(seed, index);
        let mut policy = RandomPolicy::for_game(game);
        play_game(
            rules,
            start_position(rules, game),
            game,
            &mut policy,
            |_, after| {
                if after.phase() == Phase::Move && after.legal_moves(rules).len() > 1 {
                    found.push(*after);
                }
            },
        );
        if found.len() >= n {
            break;
        }
    }
    let every = (found.len() / n.max(1)).max(1);
    found.into_iter().step_by(every).take(n).collect()
}
