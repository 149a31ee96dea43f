//! Bots, simulations and tournaments from Python. Each runs with the interpreter released
//! (`Python::detach`), so other Python threads go on meanwhile; their statistics come back as
//! plain Python data (dicts, lists, numbers), the JSON `pachisi simulate` and `pachisi
//! tournament` print.

use crate::errors;
use crate::game::{Game, GameCore};
use crate::state::State;
use pachisi_bots::{BotKind, BotSpec, SeatBots};
use pachisi_core::{Phase, Position};
use pachisi_sim::{simulate as sim_bots, simulate_random, Simulation};
use pachisi_tournament::Tournament;
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// A bot spec, or a `BotSpecError` with the engine's reason.
fn parse_spec(text: &str) -> PyResult<BotSpec> {
    text.parse::<BotSpec>()
        .map_err(|e| errors::bot_spec(format!("bad bot spec `{text}`: {e}")))
}

/// A bot built for one game's rules.
struct Built {
    core: Arc<GameCore>,
    bot: Box<dyn pachisi_bots::Bot>,
}

/// A computer player, built from a spec string such as `expectimax:depth=2`.
#[pyclass(module = "pachisi", frozen)]
pub struct Bot {
    spec: BotSpec,
    seed: u64,
    /// The bot for the game it was last asked about (built on first use, and again for another
    /// game); locked only with the interpreter released.
    built: Mutex<Option<Built>>,
}

impl Bot {
    /// Runs `f` on the bot for `core`'s game with the interpreter released.
    fn with_bot<T: Send>(
        &self,
        py: Python<'_>,
        core: Arc<GameCore>,
        f: impl FnOnce(&mut dyn pachisi_bots::Bot) -> T + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut slot = self
                .built
                .lock()
                .map_err(|_| errors::engine("the bot failed in an earlier call"))?;
            let stale = !slot.as_ref().is_some_and(|b| b.core.same_as(&core));
            if stale {
                let bot = self.spec.build(core.rules.clone(), self.seed);
                *slot = Some(Built { core, bot });
            }
            match slot.as_mut() {
                Some(built) => Ok(f(built.bot.as_mut())),
                None => Err(errors::engine("the bot could not be built")),
            }
        })
    }
}

/// The position of a decision node, or an error naming what the state is.
fn decision(state: &State) -> PyResult<(Arc<GameCore>, Position)> {
    match state.pos.phase() {
        Phase::Move => Ok((state.core.clone(), state.pos)),
        Phase::Throw => Err(errors::engine(
            "a bot chooses moves, but this state is a chance node: a throw is due",
        )),
        Phase::Over => Err(errors::engine(
            "the game is over: there is no move to choose",
        )),
    }
}

#[pymethods]
impl Bot {
    /// A bot from its spec (`random`, `heuristic`, `expectimax:depth=2`, `mcts:playouts=300`,
    /// docs/bots.md); `seed` fixes its random choices.
    #[new]
    #[pyo3(signature = (spec, seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Bot> {
        Ok(Bot {
            spec: parse_spec(spec)?,
            seed,
            built: Mutex::new(None),
        })
    }

    /// The spec, written in full.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The bot's choice at a decision node, as an action number.
    fn choose(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<u32> {
        let (core, pos) = decision(&state)?;
        let legal = state.legal()?;
        drop(state);
        let mv = self.with_bot(py, core, |bot| bot.choose(&pos))?;
        legal
            .iter()
            .find(|(_, m)| *m == mv)
            .map(|(i, _)| *i)
            .ok_or_else(|| errors::engine(format!("the bot chose {mv}, which is not legal here")))
    }

    /// Every legal move as `(action, winning chance)`, best first: the bot's estimate of the
    /// mover's team's chance to win after it. `None` for a bot that makes no estimates
    /// (`random`).
    fn rank(&self, py: Python<'_>, state: PyRef<'_, State>) -> PyResult<Option<Vec<(u32, f64)>>> {
        let (core, pos) = decision(&state)?;
        let space = core.space.clone();
        drop(state);
        let ranked = self.with_bot(py, core, |bot| bot.rank(&pos))?;
        ranked
            .map(|moves| {
                moves
                    .into_iter()
                    .map(|r| {
                        space.index(r.mv).map(|i| (i, r.win_chance)).ok_or_else(|| {
                            errors::engine(format!("the move {} has no action number", r.mv))
                        })
                    })
                    .collect()
            })
            .transpose()
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, seed={})", self.spec.to_string(), self.seed)
    }
}

/// Plain Python data from a serialisable value, through JSON.
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(errors::engine)?;
    py.import("json")?.call_method1("loads", (text,))
}

fn check_threads(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(errors::engine(
            "threads must be at least 1 (leave it out for one thread per core)",
        )),
        other => Ok(other.unwrap_or(0)),
    }
}

/// What a simulation reports, besides the statistics.
#[derive(serde::Serialize)]
struct SimulateReport {
    rules: String,
    title: String,
    overrides: Vec<String>,
    seed: u64,
    bots: Vec<String>,
    games: u64,
    threads: usize,
    seconds: f64,
    #[serde(flatten)]
    summary: pachisi_sim::Summary,
}

/// Plays `games` seeded games and returns their statistics as `pachisi simulate --json`
/// does: game lengths, wins by seat and team with 95% intervals, captures, throw frequencies.
/// `bots`: one spec for every seat, or one per seat; random play without.
#[pyfunction]
#[pyo3(signature = (game, games = 1000, seed = 1, bots = None, threads = None))]
pub fn simulate<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    games: u64,
    seed: u64,
    bots: Option<Vec<String>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let core = game.core.clone();
    drop(game);
    if games == 0 {
        return Err(errors::engine("games must be at least 1"));
    }
    let sim = Simulation {
        games,
        seed,
        threads: check_threads(threads)?,
    };
    let rules = core.rules.clone();
    let seats = usize::from(rules.seats());
    let specs = bots
        .unwrap_or_default()
        .iter()
        .map(|s| parse_spec(s))
        .collect::<PyResult<Vec<_>>>()?;
    let specs = match specs.len() {
        0 => Vec::new(),
        1 => vec![specs[0].clone(); seats],
        n if n == seats => specs,
        n => {
            return Err(errors::bot_spec(format!(
                "{n} bots for {seats} seats: give one bot for every seat, or one for all of them"
            )))
        }
    };
    let random = specs.iter().all(|s| s.kind() == BotKind::Random);
    let names: Vec<String> = if specs.is_empty() {
        vec!["random".into(); seats]
    } else {
        specs.iter().map(ToString::to_string).collect()
    };
    let outcome = py.detach(|| {
        if random {
            simulate_random(&rules, sim, &|_| {})
        } else {
            sim_bots(
                &rules,
                sim,
                |_, game| SeatBots::new(&specs, &rules, game),
                &|_| {},
            )
        }
    });
    let outcome = outcome.map_err(errors::engine)?;
    let report = SimulateReport {
        rules: rules.ruleset().name.clone(),
        title: rules.ruleset().title.clone(),
        overrides: core.overrides.clone(),
        seed,
        bots: names,
        games,
        threads: outcome.threads,
        seconds: outcome.elapsed.as_secs_f64(),
        summary: outcome.stats.summary(&rules),
    };
    to_python(py, &report)
}

/// Plays a duplicate tournament between `bots` (at least two specs) and returns its report as
/// `pachisi tournament --json` does: score rates with intervals, Elo ratings, every pairing.
#[pyfunction]
#[pyo3(signature = (game, bots, games = 200, seed = 1, threads = None))]
pub fn tournament<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let core = game.core.clone();
    drop(game);
    check_threads(threads)?;
    let ruleset = if core.overrides.is_empty() {
        core.name.clone()
    } else {
        format!("{} with {}", core.name, core.overrides.join(", "))
    };
    let t = Tournament {
        rules: core.rules.clone(),
        ruleset,
        bots: bots
            .iter()
            .map(|s| parse_spec(s))
            .collect::<PyResult<_>>()?,
        games_per_pairing: games,
        seed,
        threads,
    };
    t.plan().map_err(errors::engine)?;
    let report = py.detach(|| t.run(&|_| {})).map_err(errors::engine)?;
    to_python(py, &report)
}
