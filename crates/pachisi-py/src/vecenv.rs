//! `VecEnv`: the Python class on [`crate::vector::Games`], `N` games stepped in one call. By
//! default each call's rows are written with the interpreter released into fresh buffers,
//! handed to NumPy without copying (each buffer is moved into its array); with
//! `reuse_buffers=True` the engine writes, with the interpreter held, into the same five
//! arrays every call, checked first to be still as they were made. docs/python.md gives the
//! arrays' layout, the auto-reset and the options.

use crate::errors;
use crate::ruleset::{Game, GameCore};
use crate::state::State;
use crate::vector::{Batch, Chance, Games, Rows, VecError};
use numpy::ndarray::{Array1, Array2};
use numpy::ndarray::{Dimension, Ix1, Ix2};
use numpy::{
    Element, IntoPyArray, PyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1,
    PyReadwriteArray, PyUntypedArrayMethods,
};
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

/// With `reuse_buffers=True`: the arrays every `reset()` and `step()` overwrite and return.
/// Kept untyped: Python may change an array in place (its shape, its dtype, its flags), so
/// each is checked again before every write.
struct Kept {
    obs: Py<PyAny>,
    mask: Py<PyAny>,
    rewards: Py<PyAny>,
    terminated: Py<PyAny>,
    player: Py<PyAny>,
    /// Their shapes: `(N, obs columns)`, `(N, A)`, `(N, S)`.
    widths: [usize; 3],
}

impl Kept {
    fn new(py: Python<'_>, games: &Games) -> Kept {
        let n = games.len();
        let widths = [games.row_obs_len(), games.num_actions(), games.seats()];
        Kept {
            obs: PyArray2::<f32>::zeros(py, [n, widths[0]], false)
                .into_any()
                .unbind(),
            mask: PyArray2::<bool>::zeros(py, [n, widths[1]], false)
                .into_any()
                .unbind(),
            rewards: PyArray2::<f32>::zeros(py, [n, widths[2]], false)
                .into_any()
                .unbind(),
            terminated: PyArray1::<bool>::zeros(py, [n], false).into_any().unbind(),
            player: PyArray1::<i32>::zeros(py, [n], false).into_any().unbind(),
            widths,
        }
    }
}

/// A kept array and its borrow for writing.
type Writing<'py, T, D> = (Bound<'py, PyArray<T, D>>, PyReadwriteArray<'py, T, D>);

/// A kept array, checked to be still what it was made (its dtype, its shape, C-contiguous,
/// writeable) and borrowed for writing through NumPy's borrow flags; else a `PachisiError`.
fn writable<'py, T: Element, D: Dimension>(
    py: Python<'py>,
    name: &str,
    array: &Py<PyAny>,
    shape: &[usize],
) -> PyResult<Writing<'py, T, D>> {
    let refuse = |why: String| {
        errors::engine(format!(
            "cannot write the {name} array: {why}; with reuse_buffers=True, reset() and step() overwrite the arrays they returned, which must stay as they were made"
        ))
    };
    let bound = array.bind(py);
    let typed = bound
        .cast::<PyArray<T, D>>()
        .map_err(|_| {
            refuse(format!(
                "it is no longer a {}-dimensional {} array",
                shape.len(),
                numpy::dtype::<T>(py)
            ))
        })?
        .clone();
    if typed.shape() != shape {
        return Err(refuse(format!(
            "its shape is now {:?}, not {shape:?}",
            typed.shape()
        )));
    }
    if !typed.is_c_contiguous() {
        return Err(refuse("it is no longer C-contiguous".into()));
    }
    let rw = typed.try_readwrite().map_err(|e| refuse(e.to_string()))?;
    Ok((typed, rw))
}

/// The slice of a borrowed kept array, checked C-contiguous by [`writable`].
fn slice<'a, T: Element, D: Dimension>(
    rw: &'a mut PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    rw.as_slice_mut().map_err(errors::engine)
}

/// N games stepped together in Rust; docs/python.md.
#[pyclass(module = "pachisi")]
pub struct VecEnv {
    core: Arc<GameCore>,
    games: Games,
    seed: u64,
    /// The arrays steps overwrite, with `reuse_buffers=True`.
    kept: Option<Kept>,
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

    /// A reset (`actions` None) or a step, fresh arrays or the kept ones overwritten.
    fn run<'py>(&mut self, py: Python<'py>, actions: Option<Vec<i64>>) -> PyResult<Step<'py>> {
        let games = &mut self.games;
        let Some(kept) = self.kept.as_ref() else {
            let batch = py
                .detach(|| match &actions {
                    Some(a) => games.step(a),
                    None => games.reset(),
                })
                .map_err(error)?;
            return self.arrays(py, batch);
        };
        let n = games.len();
        let [w_obs, w_mask, w_rewards] = kept.widths;
        let (obs, mut o) = writable::<f32, Ix2>(py, "obs", &kept.obs, &[n, w_obs])?;
        let (mask, mut m) = writable::<bool, Ix2>(py, "mask", &kept.mask, &[n, w_mask])?;
        let (rewards, mut r) = writable::<f32, Ix2>(py, "rewards", &kept.rewards, &[n, w_rewards])?;
        let (terminated, mut t) = writable::<bool, Ix1>(py, "terminated", &kept.terminated, &[n])?;
        let (player, mut p) = writable::<i32, Ix1>(py, "current_player", &kept.player, &[n])?;
        let rows = Rows {
            obs: slice(&mut o)?,
            mask: slice(&mut m)?,
            rewards: slice(&mut r)?,
            terminated: slice(&mut t)?,
            player: slice(&mut p)?,
        };
        // The engine writes into memory Python can see, so the interpreter stays held: no
        // Python code runs until the rows are written. (Writing into buffers of its own with
        // it released, then copying, was measured 4 to 7% slower at 1,024 games.)
        match &actions {
            Some(a) => games.step_into(a, rows),
            None => games.reset_into(rows),
        }
        .map_err(error)?;
        drop((o, m, r, t, p));
        Ok((obs, mask, rewards, terminated, player))
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
    #[pyo3(signature = (game, num_envs, seed = 0, num_threads = None, chance = "inside", observations = true, reuse_buffers = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: PyRef<'_, Game>,
        num_envs: usize,
        seed: u64,
        num_threads: Option<usize>,
        chance: &str,
        observations: bool,
        reuse_buffers: bool,
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
        let mut games = Games::new(
            core.rules.clone(),
            core.space.clone(),
            num_envs,
            seed,
            chance,
            threads,
        )
        .map_err(error)?;
        games.set_observations(observations);
        let kept = reuse_buffers.then(|| Kept::new(py, &games));
        Ok(VecEnv {
            core,
            games,
            seed,
            kept,
        })
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

    /// Whether steps return observations (else an `(N, 0)` array; `observe()` gives them).
    #[getter]
    fn observations(&self) -> bool {
        self.games.observations()
    }

    /// Whether every call returns the same arrays, overwritten.
    #[getter]
    fn reuse_buffers(&self) -> bool {
        self.kept.is_some()
    }

    /// Starts a new game in every slot; returns `(obs, mask, current_player)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Reset<'py>> {
        let (obs, mask, _, _, player) = self.run(py, None)?;
        Ok((obs, mask, player))
    }

    /// Applies one action per game; returns `(obs, mask, rewards, terminated,
    /// current_player)`, an ended game's row already the next game's.
    fn step<'py>(&mut self, py: Python<'py>, actions: &Bound<'py, PyAny>) -> PyResult<Step<'py>> {
        let actions = self::actions(actions)?;
        self.run(py, Some(actions))
    }

    /// Every game's current observation, `float32 (N, observation_size)`, a fresh array
    /// whatever the options: what `step()` returns as `obs` with `observations=True`.
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let games = &mut self.games;
        let mut obs = vec![0.0; games.len() * games.obs_len()];
        py.detach(|| games.observe_into(&mut obs)).map_err(error)?;
        matrix(py, self.games.len(), obs)
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
            "VecEnv({:?}, num_envs={}, seed={}, num_threads={}, chance={:?}, observations={}, reuse_buffers={})",
            self.core.name,
            self.games.len(),
            self.seed,
            self.games.threads(),
            self.chance(),
            if self.games.observations() { "True" } else { "False" },
            if self.kept.is_some() { "True" } else { "False" },
        )
    }
}
