//! `VecEnv`: the Python class on [`crate::vector::Games`], `N` games stepped in one call with
//! the interpreter released, their rows handed to NumPy without copying (each buffer is moved
//! into its array). docs/python.md gives the arrays' layout and the auto-reset.

use crate::errors;
use crate::game::{Game, GameCore};
use crate::state::State;
use crate::vector::{Batch, Chance, Games, VecError};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::Arc;

/// `reset()`'s arrays: observations, masks, players.
type Reset<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray1<i32>>,
);
/// `step()`'s arrays: observations, masks, rewards, terminated, players.
type Step<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i32>>,
);

fn error(e: VecError) -> PyErr {
    match e {
        VecError::Illegal { .. } => errors::illegal(e),
        VecError::Other(_) => errors::engine(e),
    }
}

/// A flat buffer as a 2-D array, moved into NumPy without copying.
fn matrix<'py, T: numpy::Element>(
    py: Python<'py>,
    rows: usize,
    data: Vec<T>,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    let cols = data.len() / rows.max(1);
    Ok(Array2::from_shape_vec((rows, cols), data)
        .map_err(errors::engine)?
        .into_pyarray(py))
}

/// N games stepped together in Rust, with the interpreter released; docs/python.md.
#[pyclass(module = "pachisi")]
pub struct VecEnv {
    core: Arc<GameCore>,
    games: Games,
    seed: u64,
}

impl VecEnv {
    fn arrays<'py>(&self, py: Python<'py>, b: Batch) -> PyResult<Step<'py>> {
        let n = self.games.len();
        Ok((
            matrix(py, n, b.obs)?,
            matrix(py, n, b.mask)?,
            matrix(py, n, b.rewards)?,
            Array1::from_vec(b.terminated).into_pyarray(py),
            Array1::from_vec(b.player).into_pyarray(py),
        ))
    }
}

/// The actions of a step: an integer array (any integer dtype) or a sequence of ints.
fn actions(value: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(a) = value.extract::<PyReadonlyArray1<'_, i32>>() {
        return Ok(a.as_array().iter().map(|&x| i64::from(x)).collect());
    }
    if let Ok(a) = value.extract::<PyReadonlyArray1<'_, i64>>() {
        return Ok(a.as_array().to_vec());
    }
    value.extract::<Vec<i64>>().map_err(|_| {
        errors::illegal("actions are one integer per game: an int32 or int64 array, or a list")
    })
}

#[pymethods]
impl VecEnv {
    /// `num_envs` games of `game`, game `i` drawing its throws from a generator of its own
    /// seeded with `game_seed(seed, i)`; steps run on a pool of `num_threads` threads
    /// (default: one per core), built on the first step. `chance="explicit"` makes every
    /// throw a step of its own.
    #[new]
    #[pyo3(signature = (game, num_envs, seed = 0, num_threads = None, chance = "inside"))]
    fn new(
        game: PyRef<'_, Game>,
        num_envs: usize,
        seed: u64,
        num_threads: Option<usize>,
        chance: &str,
    ) -> PyResult<VecEnv> {
        let chance = match chance {
            "inside" => Chance::Inside,
            "explicit" => Chance::Explicit,
            other => {
                return Err(errors::engine(format!(
                    "chance is \"inside\" or \"explicit\", not {other:?}"
                )))
            }
        };
        let threads = match num_threads {
            Some(t) => t,
            None => std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        let core = game.core.clone();
        let games = Games::new(
            core.rules.clone(),
            core.space.clone(),
            num_envs,
            seed,
            chance,
            threads,
        )
        .map_err(error)?;
        Ok(VecEnv { core, games, seed })
    }

    /// How an ended episode is reported: in the same step that ends it, its row already
    /// the next game's.
    #[classattr]
    fn autoreset_mode() -> &'static str {
        "SameStep"
    }

    /// The game every slot plays.
    #[getter]
    fn game(&self) -> Game {
        Game {
            core: self.core.clone(),
        }
    }

    /// The number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.games.len()
    }

    /// The seed given at construction.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The threads of the pool.
    #[getter]
    fn num_threads(&self) -> usize {
        self.games.threads()
    }

    /// `"inside"` or `"explicit"`.
    #[getter]
    fn chance(&self) -> &'static str {
        match self.games.chance() {
            Chance::Inside => "inside",
            Chance::Explicit => "explicit",
        }
    }

    /// The number of seats: the columns of the rewards.
    #[getter]
    fn num_players(&self) -> usize {
        self.games.seats()
    }

    /// The columns of the masks: `game.num_distinct_actions()`.
    #[getter]
    fn num_actions(&self) -> usize {
        self.games.num_actions()
    }

    /// The columns of the observations: `game.observation_shape()[0]`.
    #[getter]
    fn observation_size(&self) -> usize {
        self.games.obs_len()
    }

    /// Every throw's probability, in chance-action order (the actions at a chance node
    /// under `chance="explicit"`).
    fn chance_probabilities<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        let p: Vec<f64> = self
            .core
            .rules
            .outcomes()
            .iter()
            .map(|o| o.probability)
            .collect();
        p.into_pyarray(py)
    }

    /// Starts a new game in every slot; returns `(obs, mask, current_player)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Reset<'py>> {
        let games = &mut self.games;
        let batch = py.detach(|| games.reset()).map_err(error)?;
        let (obs, mask, _, _, player) = self.arrays(py, batch)?;
        Ok((obs, mask, player))
    }

    /// Applies one action per game; returns `(obs, mask, rewards, terminated,
    /// current_player)`, an ended game's row already the next game's.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let actions = self::actions(actions)?;
        let games = &mut self.games;
        let batch = py.detach(|| games.step(&actions)).map_err(error)?;
        self.arrays(py, batch)
    }

    /// A `State` at game `i`'s position (without its history; in the middle of a throw-off,
    /// with the throw-off's throws so far).
    fn state(&self, i: usize) -> PyResult<State> {
        let (pos, opening) = self
            .games
            .position(i)
            .zip(self.games.opening(i))
            .ok_or_else(|| {
                errors::engine(format!(
                    "game {i} does not exist: the games are 0 to {}",
                    self.games.len() - 1
                ))
            })?;
        match opening.pending() {
            Some(steps) => State::with_throw_off(self.core.clone(), steps.clone()),
            None => Ok(State::new(self.core.clone(), *pos)),
        }
    }

    fn __len__(&self) -> usize {
        self.games.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "VecEnv({:?}, num_envs={}, seed={}, num_threads={}, chance={:?})",
            self.core.name,
            self.games.len(),
            self.seed,
            self.games.threads(),
            self.chance()
        )
    }
}
