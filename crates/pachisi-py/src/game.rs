//! `Game`'s Python methods: a ruleset, built in or from a file, with its `--set` overrides; the
//! action numbering and observation layout that go with it; its states; and the list of
//! built-in rulesets. The `Game` class itself and its `GameCore` are `ruleset`'s.

use crate::errors;
use crate::ruleset::{builtin_names, Game, GameCore};
use crate::state::State;
use pachisi_core::{builtin_text, Position};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use std::sync::Arc;

/// The names of the built-in rulesets.
#[pyfunction]
pub fn rulesets() -> Vec<&'static str> {
    builtin_names()
}

/// The TOML text of a built-in ruleset.
#[pyfunction]
pub fn ruleset_text(name: &str) -> PyResult<&'static str> {
    builtin_text(name).ok_or_else(|| {
        errors::ruleset(format!(
            "no built-in ruleset is called `{name}`; the built-in rulesets are: {}",
            builtin_names().join(", ")
        ))
    })
}

/// A pickled game's arguments: the name or path, the overrides, a ruleset file's text.
type GameArgs = (String, Vec<String>, Option<String>);

/// A Python value as the text of a TOML value: strings as they are at the top (as `--set`
/// takes bare words) and quoted inside lists.
fn toml_text(value: &Bound<'_, PyAny>, top: bool) -> PyResult<String> {
    if value.is_instance_of::<PyBool>() {
        return Ok(if value.extract::<bool>()? {
            "true"
        } else {
            "false"
        }
        .into());
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(value.extract::<i64>().map_err(errors::ruleset)?.to_string());
    }
    if value.is_instance_of::<PyFloat>() {
        let f: f64 = value.extract()?;
        if !f.is_finite() {
            return Err(errors::ruleset(format!(
                "{f} is not a number a ruleset takes"
            )));
        }
        return Ok(format!("{f:?}"));
    }
    if let Ok(s) = value.cast::<PyString>() {
        let s = s.to_cow()?;
        return Ok(if top {
            s.to_string()
        } else {
            format!("{:?}", s)
        });
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items = value
            .try_iter()?
            .map(|item| toml_text(&item?, false))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(format!("[{}]", items.join(", ")));
    }
    Err(errors::ruleset(format!(
        "a ruleset option takes a bool, int, float, str or list, not {}",
        value.get_type().name()?
    )))
}

/// `set=` as `field=value` overrides: a dict, or a list of `field=value` strings.
fn overrides(set: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(set) = set.filter(|s| !s.is_none()) else {
        return Ok(Vec::new());
    };
    if let Ok(dict) = set.cast::<PyDict>() {
        let mut out = Vec::new();
        for (key, value) in dict.iter() {
            let key: String = key
                .extract()
                .map_err(|_| errors::ruleset("the keys of set= are field names, as str"))?;
            out.push(format!("{key}={}", toml_text(&value, true)?));
        }
        return Ok(out);
    }
    if set.is_instance_of::<PyString>() {
        return Err(errors::ruleset(
            "set= takes a dict such as {\"moves.split\": True} or a list of \"field=value\" strings",
        ));
    }
    set.try_iter()
        .map_err(|_| errors::ruleset("set= takes a dict or a list of \"field=value\" strings"))?
        .map(|item| {
            item?
                .extract::<String>()
                .map_err(|_| errors::ruleset("set= lists \"field=value\" strings"))
        })
        .collect()
}

#[pymethods]
impl Game {
    /// A game under a built-in ruleset (`pachisi.rulesets()`) or a ruleset file, with options
    /// as `pachisi ... --set` takes them.
    #[new]
    #[pyo3(signature = (name_or_path, set = None))]
    fn new(name_or_path: &str, set: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
        Ok(Game {
            core: Arc::new(GameCore::load(name_or_path, overrides(set)?)?),
        })
    }

    /// The built-in ruleset's name, or the ruleset file's path.
    #[getter]
    fn name(&self) -> &str {
        &self.core.name
    }

    /// The overrides, as `field=value` strings.
    #[getter]
    fn overrides(&self) -> Vec<String> {
        self.core.overrides.clone()
    }

    /// The ruleset's title.
    #[getter]
    fn title(&self) -> &str {
        &self.core.rules.ruleset().title
    }

    /// The ruleset as TOML, overrides applied.
    fn ruleset_toml(&self) -> String {
        self.core.rules.ruleset().to_toml()
    }

    /// The number of players (seats).
    fn num_players(&self) -> u8 {
        self.core.rules.seats()
    }

    /// The number of teams (a seat playing alone is a team).
    fn num_teams(&self) -> u8 {
        self.core.rules.teams()
    }

    /// The team of a seat.
    fn team_of(&self, seat: i64) -> PyResult<u8> {
        Ok(self.core.rules.team_of(self.seat(seat)?))
    }

    /// Pieces per seat.
    fn num_pieces(&self) -> u8 {
        self.core.rules.pieces()
    }

    /// The squares of a seat's route, Charkoni and nest not counted: a piece at progress
    /// `route_length() + 1` is home (see `State.pieces()`).
    fn route_length(&self) -> u8 {
        self.core.rules.route_len()
    }

    /// The letter naming a seat in notation and records (`Y`, `G`, ...).
    fn seat_letter(&self, seat: i64) -> PyResult<String> {
        Ok(self.core.rules.seat_letter(self.seat(seat)?).to_string())
    }

    /// The number of decision actions: every legal action is below it.
    fn num_distinct_actions(&self) -> u32 {
        self.core.space.len()
    }

    /// The number of throws (chance outcomes) of the device.
    fn max_chance_outcomes(&self) -> usize {
        self.core.rules.outcomes().len()
    }

    /// Every throw as `(name, probability)`, in chance-action order.
    fn throws(&self) -> Vec<(String, f64)> {
        self.core
            .rules
            .outcomes()
            .iter()
            .map(|o| (o.name.to_string(), o.probability))
            .collect()
    }

    /// The increment values of the action numbering and of the observation's pool.
    fn increment_values(&self) -> Vec<u32> {
        self.core
            .space
            .values()
            .iter()
            .map(|&v| u32::from(v))
            .collect()
    }

    /// The move notation of a decision action.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        Ok(self.core.decode(action)?.to_string())
    }

    /// The decision action of a move in notation; `NotationError` when it does not parse,
    /// `IllegalActionError` when these rules can never make it.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        self.core.move_action(text)
    }

    /// The observation's shape: `(n,)`, a flat vector.
    fn observation_shape(&self) -> (usize,) {
        (self.core.layout.len(),)
    }

    /// Every field of the observation: name -> (first index, shape).
    fn observation_layout(&self) -> Vec<(&'static str, usize, Vec<usize>)> {
        self.core.layout.fields()
    }

    /// A new game. Where the rules decide who begins by a throw-off (`turn.first =
    /// "highest-throw"`), its throws are the first chance nodes and their winner throws first;
    /// otherwise seat 0 throws first. `first_seat` skips the throw-off: that seat throws first.
    #[pyo3(signature = (first_seat = None))]
    fn new_initial_state(&self, first_seat: Option<i64>) -> PyResult<State> {
        match first_seat {
            None => Ok(State::opening(self.core.clone())),
            Some(seat) => {
                let start = Position::starting_with(&self.core.rules, self.seat(seat)?);
                Ok(State::new(self.core.clone(), start))
            }
        }
    }

    /// A state at a position in one-line notation (`start` for the starting position).
    fn new_state_from_notation(&self, notation: &str) -> PyResult<State> {
        let pos = Position::from_notation(&self.core.rules, notation).map_err(errors::notation)?;
        Ok(State::new(self.core.clone(), pos))
    }

    /// A state replaying a game record under this game's rules.
    fn new_state_from_record(&self, record: &str) -> PyResult<State> {
        State::from_record(self.core.clone(), record)
    }

    fn __repr__(&self) -> String {
        if self.core.overrides.is_empty() {
            format!("Game({:?})", self.core.name)
        } else {
            format!("Game({:?}, set={:?})", self.core.name, self.core.overrides)
        }
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, GameArgs)> {
        let restore = py.import("pachisi._pachisi")?.getattr("_restore_game")?;
        Ok((
            restore,
            (
                self.core.name.clone(),
                self.core.overrides.clone(),
                self.core.text.clone(),
            ),
        ))
    }
}

impl Game {
    fn seat(&self, seat: i64) -> PyResult<u8> {
        u8::try_from(seat)
            .ok()
            .filter(|&s| s < self.core.rules.seats())
            .ok_or_else(|| {
                errors::engine(format!(
                    "seat {seat} does not exist: {} has seats 0 to {}",
                    self.core.name,
                    self.core.rules.seats() - 1
                ))
            })
    }
}

/// Rebuilds a pickled game.
#[pyfunction]
#[pyo3(signature = (name, overrides, text = None))]
pub fn _restore_game(name: &str, overrides: Vec<String>, text: Option<String>) -> PyResult<Game> {
    Ok(Game {
        core: Arc::new(GameCore::new(name, text, overrides)?),
    })
}
