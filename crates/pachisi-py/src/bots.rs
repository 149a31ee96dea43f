//! Bots, simulations and tournaments from Python. Each runs with the interpreter released
//! (`Python::detach`), so other Python threads go on meanwhile; their statistics come back as
//! plain Python data (dicts, lists, numbers), the JSON `pachisi simulate` and `pachisi
//! tournament` print.

use crate::errors;
use crate::ruleset::{Game, GameCore};
use crate::state::State;
use pachisi_bots::{BotKind, BotSpec, SeatBots};
use pachisi_core::{Phase, Position};
use pachisi_sim::{simulate as sim_bots, simulate_random, Simulation};
use pachisi_tournament::{DealResult, Tournament};
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

/// The bots of a simulation: the specs (empty for random play), their names for the report,
/// and whether every seat plays at random.
fn seat_specs(
    rules: &pachisi_core::Rules,
    bots: Option<Vec<String>>,
) -> PyResult<(Vec<BotSpec>, Vec<String>, bool)> {
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
    Ok((specs, names, random))
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
    let (specs, names, random) = seat_specs(&rules, bots)?;
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
/// With `ladder`, each bot plays only the next one named (`pachisi tournament --ladder`).
#[pyfunction]
#[pyo3(signature = (game, bots, games = 200, seed = 1, threads = None, ladder = false))]
pub fn tournament<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    threads: Option<usize>,
    ladder: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let core = game.core.clone();
    drop(game);
    let t = make_tournament(&core, &bots, games, seed, threads, ladder)?;
    let report = py.detach(|| t.run(&|_| {})).map_err(errors::engine)?;
    to_python(py, &report)
}

/// A tournament's settings, checked.
fn make_tournament(
    core: &GameCore,
    bots: &[String],
    games: u64,
    seed: u64,
    threads: Option<usize>,
    ladder: bool,
) -> PyResult<Tournament> {
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
        pairs: if ladder {
            pachisi_tournament::Pairs::Ladder
        } else {
            pachisi_tournament::Pairs::Every
        },
    };
    t.plan().map_err(errors::engine)?;
    Ok(t)
}

/// The counts of a [`Stats`](pachisi_sim::Stats) as plain data, to travel between processes
/// as JSON: histograms as `(value, games)` pairs.
#[derive(serde::Serialize, serde::Deserialize)]
struct Counts {
    games: u64,
    unfinished: u64,
    throws: Vec<(u64, u64)>,
    turns: Vec<(u64, u64)>,
    moves: Vec<(u64, u64)>,
    passes: u64,
    forced_passes: u64,
    captures: u64,
    pieces_sent_back: u64,
    seat_wins: Vec<u64>,
    first_seats: Vec<u64>,
    team_wins: Vec<u64>,
    outcomes: Vec<u64>,
}

impl Counts {
    fn of(s: &pachisi_sim::Stats) -> Counts {
        Counts {
            games: s.games,
            unfinished: s.unfinished,
            throws: s.throws.counts().collect(),
            turns: s.turns.counts().collect(),
            moves: s.moves.counts().collect(),
            passes: s.passes,
            forced_passes: s.forced_passes,
            captures: s.captures,
            pieces_sent_back: s.pieces_sent_back,
            seat_wins: s.seat_wins.clone(),
            first_seats: s.first_seats.clone(),
            team_wins: s.team_wins.clone(),
            outcomes: s.outcomes.clone(),
        }
    }

    /// The counts as `Stats` of `rules`, or `None` when they are sized for other rules.
    fn into_stats(self, rules: &pachisi_core::Rules) -> Option<pachisi_sim::Stats> {
        let mut s = pachisi_sim::Stats::new(rules);
        let sized = s.seat_wins.len() == self.seat_wins.len()
            && s.first_seats.len() == self.first_seats.len()
            && s.team_wins.len() == self.team_wins.len()
            && s.outcomes.len() == self.outcomes.len();
        if !sized {
            return None;
        }
        s.games = self.games;
        s.unfinished = self.unfinished;
        s.throws = self.throws.into_iter().collect();
        s.turns = self.turns.into_iter().collect();
        s.moves = self.moves.into_iter().collect();
        s.passes = self.passes;
        s.forced_passes = self.forced_passes;
        s.captures = self.captures;
        s.pieces_sent_back = self.pieces_sent_back;
        s.seat_wins = self.seat_wins;
        s.first_seats = self.first_seats;
        s.team_wins = self.team_wins;
        s.outcomes = self.outcomes;
        Some(s)
    }
}

/// Plays games `first .. first + count` of the simulation `simulate(game, seed=seed,
/// bots=bots)` on one thread, game `i` seeded as there, and returns their counts as JSON text
/// for `_simulate_merge` (pachisi.ray spreads a simulation over processes with these).
#[pyfunction]
#[pyo3(signature = (game, seed, first, count, bots = None))]
pub fn _simulate_part(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    seed: u64,
    first: u64,
    count: u64,
    bots: Option<Vec<String>>,
) -> PyResult<String> {
    let core = game.core.clone();
    drop(game);
    let rules = core.rules.clone();
    let (specs, _, random) = seat_specs(&rules, bots)?;
    let end = first
        .checked_add(count)
        .ok_or_else(|| errors::engine("first + count is too large"))?;
    let stats = py.detach(|| {
        let mut stats = pachisi_sim::Stats::new(&rules);
        for i in first..end {
            let game_seed = pachisi_sim::game_seed(seed, i);
            if random {
                pachisi_sim::play_random_counted(&rules, game_seed, &mut stats);
            } else {
                let mut policy = SeatBots::new(&specs, &rules, game_seed);
                pachisi_sim::play_counted(&rules, game_seed, &mut policy, &mut stats);
            }
        }
        stats
    });
    serde_json::to_string(&Counts::of(&stats)).map_err(errors::engine)
}

/// The report `simulate(game, games, seed, bots)` returns, from the counts of parts
/// (`_simulate_part`) that together played every game once; `threads` and `seconds` are
/// reported as given.
#[pyfunction]
#[pyo3(signature = (game, seed, parts, bots = None, threads = 1, seconds = 0.0))]
pub fn _simulate_merge<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    seed: u64,
    parts: Vec<String>,
    bots: Option<Vec<String>>,
    threads: usize,
    seconds: f64,
) -> PyResult<Bound<'py, PyAny>> {
    let core = game.core.clone();
    drop(game);
    let rules = core.rules.clone();
    let (_, names, _) = seat_specs(&rules, bots)?;
    let mut stats = pachisi_sim::Stats::new(&rules);
    for part in parts {
        let counts: Counts = serde_json::from_str(&part).map_err(errors::engine)?;
        let part = counts
            .into_stats(&rules)
            .ok_or_else(|| errors::engine("counts of a simulation under other rules"))?;
        stats.merge(&part);
    }
    if stats.games == 0 {
        return Err(errors::engine("games must be at least 1"));
    }
    let report = SimulateReport {
        rules: rules.ruleset().name.clone(),
        title: rules.ruleset().title.clone(),
        overrides: core.overrides.clone(),
        seed,
        bots: names,
        games: stats.games,
        threads,
        seconds,
        summary: stats.summary(&rules),
    };
    to_python(py, &report)
}

/// The deals of `tournament(game, bots, games)` and the games of each: deal `d` of pairing `p`
/// is deal `p * deals_per_pairing + d`, the numbering `_tournament_part` takes.
#[pyfunction]
#[pyo3(signature = (game, bots, games = 200, ladder = false))]
pub fn _tournament_plan(
    game: PyRef<'_, Game>,
    bots: Vec<String>,
    games: u64,
    ladder: bool,
) -> PyResult<(u64, u64)> {
    let t = make_tournament(&game.core, &bots, games, 0, None, ladder)?;
    let plan = t.plan().map_err(errors::engine)?;
    let deals = t.deals().map_err(errors::engine)?;
    Ok((deals, plan.seatings.per_deal()))
}

/// One deal's result as plain data: wins of each side, draws, throws, decisions of each side,
/// thinking nanoseconds of each side.
type Deal = (u64, u64, u64, u64, u64, u64, u64, u64);

/// Plays deals `first .. first + count` of `tournament(game, bots, games, seed)` on `threads`
/// threads and returns their results for `_tournament_merge`.
#[pyfunction]
#[pyo3(signature = (game, bots, games, seed, first, count, threads = None, ladder = false))]
#[allow(clippy::too_many_arguments)]
pub fn _tournament_part(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    first: u64,
    count: u64,
    threads: Option<usize>,
    ladder: bool,
) -> PyResult<Vec<Deal>> {
    let core = game.core.clone();
    drop(game);
    let t = make_tournament(&core, &bots, games, seed, threads, ladder)?;
    let deals = py
        .detach(|| t.play_deals(first..first.saturating_add(count)))
        .map_err(errors::engine)?;
    let nanos = |d: std::time::Duration| u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
    Ok(deals
        .iter()
        .map(|d| {
            (
                d.wins[0],
                d.wins[1],
                d.draws,
                d.throws,
                d.decisions[0],
                d.decisions[1],
                nanos(d.thinking[0]),
                nanos(d.thinking[1]),
            )
        })
        .collect())
}

/// The report `tournament(game, bots, games, seed)` returns, from every deal's result in
/// order (`_tournament_part`); `threads` and `seconds` are reported as given.
#[pyfunction]
#[pyo3(signature = (game, bots, games, seed, deals, threads = 1, seconds = 0.0, ladder = false))]
#[allow(clippy::too_many_arguments)]
pub fn _tournament_merge<'py>(
    py: Python<'py>,
    game: PyRef<'_, Game>,
    bots: Vec<String>,
    games: u64,
    seed: u64,
    deals: Vec<Deal>,
    threads: usize,
    seconds: f64,
    ladder: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let core = game.core.clone();
    drop(game);
    let t = make_tournament(&core, &bots, games, seed, None, ladder)?;
    let deals: Vec<DealResult> = deals
        .into_iter()
        .map(|(w0, w1, draws, throws, d0, d1, t0, t1)| DealResult {
            wins: [w0, w1],
            draws,
            throws,
            decisions: [d0, d1],
            thinking: [
                std::time::Duration::from_nanos(t0),
                std::time::Duration::from_nanos(t1),
            ],
        })
        .collect();
    let mut report = t.report_of(&deals).map_err(errors::engine)?;
    report.threads = threads;
    report.elapsed_seconds = seconds;
    to_python(py, &report)
}
