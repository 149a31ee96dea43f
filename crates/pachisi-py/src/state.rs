//! `State`: a position with the actions that led to it, in OpenSpiel's shape with explicit
//! chance: chance nodes (a throw is due) and decision nodes (the seat to move spends its
//! throws), integer actions, returns, clone, notation, records and pickling.

use crate::encode::returns;
use crate::errors;
use crate::opening::Opening;
use crate::ruleset::{Game, GameCore, SET_SEPARATOR};
use numpy::{IntoPyArray, PyArray1};
use pachisi_core::record::Action;
use pachisi_core::{GameRecord, Move, Phase, Position, Throw, ThrowOff, ThrowOffSteps};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// `current_player()` at a chance node (OpenSpiel's `kChancePlayerId`).
pub const CHANCE_PLAYER: i64 = -1;
/// `current_player()` once the game is over (OpenSpiel's `kTerminalPlayerId`).
pub const TERMINAL_PLAYER: i64 = -4;

/// What a pickled state is rebuilt from (`_restore_state`'s arguments): the game, the record,
/// and the throw-off's throws while it is still being thrown.
type Pickled = (Game, String, Option<Vec<u32>>);

/// One step of a game's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A throw, by its index among the rules' outcomes (its chance action).
    Throw(Throw),
    /// A throw of the throw-off before the game, as a chance action too.
    Opening(Throw),
    /// A move.
    Move(Move),
}

/// A game in progress.
#[pyclass(module = "pachisi")]
pub struct State {
    pub(crate) core: Arc<GameCore>,
    start: Position,
    pub(crate) pos: Position,
    history: Vec<Step>,
    opening: Opening,
}

impl State {
    /// A state at `start` with no history.
    pub fn new(core: Arc<GameCore>, start: Position) -> State {
        State {
            core,
            start,
            pos: start,
            history: Vec::new(),
            opening: Opening::None,
        }
    }

    /// A new game, opening with its throw-off where the rules ask for one.
    pub fn opening(core: Arc<GameCore>) -> State {
        let opening = Opening::begin(&core.rules);
        let mut state = State::new(core.clone(), Position::new(&core.rules));
        state.opening = opening;
        state
    }

    /// A new game whose throw-off stands at `steps`, its throws so far the history.
    pub fn with_throw_off(core: Arc<GameCore>, steps: ThrowOffSteps) -> PyResult<State> {
        let mut state = State::opening(core);
        if state.opening.pending().is_none() {
            return Err(errors::engine("these rules have no throw-off"));
        }
        state.history = steps.throws().map(|(_, t)| Step::Opening(t)).collect();
        state.opening = Opening::Pending(steps);
        Ok(state)
    }

    /// A pickled state whose throw-off was still being thrown: the new game with `throws` thrown.
    pub fn pending_opening(core: Arc<GameCore>, throws: &[u32]) -> PyResult<State> {
        let mut state = State::opening(core);
        if state.opening.pending().is_none() {
            return Err(errors::notation("these rules have no throw-off"));
        }
        for &t in throws {
            if state.opening.pending().is_none() {
                return Err(errors::notation(
                    "more throw-off throws than the throw-off takes",
                ));
            }
            state.apply_action(i64::from(t))?;
        }
        Ok(state)
    }

    /// What happens next: a throw while the throw-off is being thrown, else the position's phase.
    fn phase(&self) -> Phase {
        if self.opening.pending().is_some() {
            Phase::Throw
        } else {
            self.pos.phase()
        }
    }

    /// A state replaying a record's actions under `core`'s rules.
    pub fn from_record(core: Arc<GameCore>, text: &str) -> PyResult<State> {
        let record = GameRecord::parse(text).map_err(errors::notation)?;
        let rules = &core.rules;
        // The engine's replay checks every action, and says where the first bad one stands.
        record.replay(rules).map_err(errors::notation)?;
        let start = record.start_position(rules).map_err(errors::notation)?;
        let mut state = State::new(core.clone(), start);
        if let Some(text) = record.tag("Opening") {
            let off = ThrowOff::parse(rules, text).map_err(errors::notation)?;
            for &(_, throw) in off.rounds().iter().flatten() {
                state.history.push(Step::Opening(throw));
            }
            state.opening = Opening::Decided(off);
        }
        for &(action, ..) in &record.actions {
            match action {
                Action::Seat(_) => {}
                Action::Throw(name) => {
                    let throw = rules.throw_named(name).map_err(errors::notation)?;
                    state.throw(throw)?;
                }
                Action::Move(mv) => state.play(mv)?,
            }
        }
        Ok(state)
    }

    fn throw(&mut self, throw: Throw) -> PyResult<()> {
        if let Opening::Pending(steps) = &mut self.opening {
            let decided = steps.throw(&self.core.rules, throw);
            self.history.push(Step::Opening(throw));
            if let Some(off) = decided {
                self.start = off.start(&self.core.rules);
                self.pos = self.start;
                self.opening = Opening::Decided(off);
            }
            return Ok(());
        }
        self.pos
            .apply_throw(&self.core.rules, throw)
            .map_err(errors::illegal)?;
        self.history.push(Step::Throw(throw));
        Ok(())
    }

    fn play(&mut self, mv: Move) -> PyResult<()> {
        self.pos
            .play(&self.core.rules, mv)
            .map_err(errors::illegal)?;
        self.history.push(Step::Move(mv));
        Ok(())
    }

    /// The legal moves with their action numbers, in action order.
    pub(crate) fn legal(&self) -> PyResult<Vec<(u32, Move)>> {
        let mut out = Vec::new();
        for mv in self.pos.legal_moves(&self.core.rules) {
            let index = self.core.space.index(mv).ok_or_else(|| {
                errors::engine(format!("the legal move {mv} has no action number"))
            })?;
            out.push((index, mv));
        }
        out.sort_unstable_by_key(|&(i, _)| i);
        Ok(out)
    }

    fn record(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<GameRecord> {
        let rules = &self.core.rules;
        let mut record = GameRecord::new(&self.core.name);
        if !self.core.overrides.is_empty() {
            record.set_tag(
                "Set",
                self.core.overrides.join(&format!(" {SET_SEPARATOR} ")),
            );
        }
        match &self.opening {
            Opening::Decided(off) => record.set_tag("Opening", off.to_text(rules)),
            Opening::Pending(_) => {}
            Opening::None if self.start != Position::new(rules) => {
                record.set_tag("Start", self.start.to_notation(rules));
            }
            Opening::None => {}
        }
        if let Some(tags) = tags {
            for (key, value) in tags.iter() {
                let key: String = key
                    .extract()
                    .map_err(|_| errors::notation("tag names are str"))?;
                let value: String = value.str()?.to_cow()?.into_owned();
                let reserved =
                    ["Ruleset", "Set", "Start", "Opening", "Final"].contains(&key.as_str());
                if reserved
                    || key.is_empty()
                    || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    || value.contains(['\n', '\r'])
                {
                    return Err(errors::notation(format!(
                        "bad tag `{key}`: a tag is a name of letters, digits and _ (not Ruleset, Set, Start, Opening or Final) with a value on one line"
                    )));
                }
                record.set_tag(&key, value);
            }
        }
        for step in &self.history {
            record.push(match *step {
                Step::Throw(t) => Action::Throw(rules.outcome(t).name),
                Step::Move(mv) => Action::Move(mv),
                // In the Opening tag.
                Step::Opening(_) => continue,
            });
        }
        record.set_tag("Final", self.pos.to_notation(rules));
        Ok(record)
    }

    fn record_text(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.record(tags)?
            .to_text(&self.core.rules)
            .map_err(errors::notation)
    }

    fn copy(&self) -> State {
        State {
            core: self.core.clone(),
            start: self.start,
            pos: self.pos,
            history: self.history.clone(),
            opening: self.opening.clone(),
        }
    }

    fn observer(&self, player: Option<i64>) -> PyResult<u8> {
        let seats = self.core.rules.seats();
        match player {
            None => Ok(self.seat_to_move()),
            Some(p) => u8::try_from(p).ok().filter(|&s| s < seats).ok_or_else(|| {
                errors::engine(format!(
                    "player {p} does not exist: the players are 0 to {}",
                    seats - 1
                ))
            }),
        }
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self) -> Game {
        Game {
            core: self.core.clone(),
        }
    }

    /// The seat to act: `CHANCE_PLAYER` (-1) when a throw is due, `TERMINAL_PLAYER` (-4) once
    /// the game is over.
    fn current_player(&self) -> i64 {
        match self.phase() {
            Phase::Throw => CHANCE_PLAYER,
            Phase::Move => i64::from(self.pos.to_move()),
            Phase::Over => TERMINAL_PLAYER,
        }
    }

    /// The seat whose turn it is, at chance nodes too (the seat that throws).
    fn seat_to_move(&self) -> u8 {
        match self.opening.pending() {
            Some(steps) => steps.seat(),
            None => self.pos.to_move(),
        }
    }

    /// Whether a throw is due.
    fn is_chance_node(&self) -> bool {
        self.phase() == Phase::Throw
    }

    /// Whether the seat to move must choose a move.
    fn is_player_node(&self) -> bool {
        self.phase() == Phase::Move
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.phase() == Phase::Over
    }

    /// At a chance node, every throw as `(chance action, exact probability)`; else empty.
    fn chance_outcomes(&self) -> Vec<(u32, f64)> {
        if self.phase() != Phase::Throw {
            return Vec::new();
        }
        (0u32..)
            .zip(self.core.rules.outcomes())
            .map(|(i, o)| (i, o.probability))
            .collect()
    }

    /// The legal actions in increasing order: the throws at a chance node, the moves' action
    /// numbers at a decision node, none once the game is over or for another `player`.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<u32>> {
        if player.is_some_and(|p| p != self.current_player()) {
            return Ok(Vec::new());
        }
        match self.phase() {
            Phase::Throw => Ok((0..self.core.rules.outcomes().len() as u32).collect()),
            Phase::Move => Ok(self.legal()?.into_iter().map(|(i, _)| i).collect()),
            Phase::Over => Ok(Vec::new()),
        }
    }

    /// A `bool` array of `num_distinct_actions()`, true at the legal decision actions (all false
    /// at chance nodes and at the end).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut mask = vec![false; self.core.space.len() as usize];
        for (i, _) in self.legal()? {
            mask[i as usize] = true;
        }
        Ok(mask.into_pyarray(py))
    }

    /// The legal moves in notation, in action order.
    fn legal_moves(&self) -> PyResult<Vec<String>> {
        Ok(self
            .legal()?
            .into_iter()
            .map(|(_, m)| m.to_string())
            .collect())
    }

    /// Applies a chance action (a throw) or a decision action (a move).
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        match self.phase() {
            Phase::Throw => {
                let throw = u8::try_from(action)
                    .ok()
                    .filter(|&t| usize::from(t) < self.core.rules.outcomes().len())
                    .ok_or_else(|| {
                        errors::illegal(format!(
                            "{action} is no throw: the chance actions are 0 to {}",
                            self.core.rules.outcomes().len() - 1
                        ))
                    })?;
                self.throw(Throw(throw))
            }
            Phase::Move => {
                let mv = self.core.decode(action)?;
                self.play(mv)
            }
            Phase::Over => Err(errors::illegal(format!(
                "the game is over: no action {action}"
            ))),
        }
    }

    /// The text of an action here: a throw's name (`25`, `5-3`) at a chance node, a move's
    /// notation otherwise.
    fn action_to_string(&self, action: i64) -> PyResult<String> {
        if self.phase() == Phase::Throw {
            let outcomes = self.core.rules.outcomes();
            return usize::try_from(action)
                .ok()
                .and_then(|i| outcomes.get(i))
                .map(|o| o.name.to_string())
                .ok_or_else(|| errors::illegal(format!("{action} is no throw of these rules")));
        }
        Ok(self.core.decode(action)?.to_string())
    }

    /// The action a text names here: a throw's name at a chance node, a move otherwise.
    fn string_to_action(&self, text: &str) -> PyResult<u32> {
        if self.phase() == Phase::Throw {
            let name = text.trim().parse().map_err(errors::notation)?;
            let throw = self
                .core
                .rules
                .throw_named(name)
                .map_err(errors::notation)?;
            return Ok(u32::from(throw.0));
        }
        self.core.move_action(text)
    }

    /// Each seat's return (see the module `encode`): 0 until the end, then by the team's place,
    /// 1 for the first and -1 for the last.
    fn returns(&self) -> Vec<f64> {
        returns(&self.core.rules, &self.pos)
    }

    /// Every seat's pieces as their progress along the seat's route: 0 waiting to enter,
    /// 1 to `game.route_length()` on the board (1 is the first square of the route), and
    /// `game.route_length() + 1` home. Pieces of one seat are listed in the engine's order, which
    /// may change as they move: compare them as sorted lists.
    fn pieces(&self) -> Vec<Vec<u32>> {
        // As numbers: a `Vec<u8>` would reach Python as `bytes`.
        (0..self.core.rules.seats())
            .map(|seat| {
                self.pos
                    .pieces_of(seat)
                    .iter()
                    .map(|&p| u32::from(p))
                    .collect()
            })
            .collect()
    }

    /// The teams in the order they finished so far.
    fn placings(&self) -> Vec<u32> {
        self.pos.placings().iter().map(|&t| u32::from(t)).collect()
    }

    /// Every action so far (throws as chance actions, moves as decision actions), from the
    /// state this one started at.
    fn history(&self) -> PyResult<Vec<u32>> {
        self.history
            .iter()
            .map(|step| match *step {
                Step::Throw(t) | Step::Opening(t) => Ok(u32::from(t.0)),
                Step::Move(mv) => {
                    self.core.space.index(mv).ok_or_else(|| {
                        errors::engine(format!("the move {mv} has no action number"))
                    })
                }
            })
            .collect()
    }

    /// The observation from `player`'s point of view (default: the seat to move), a `float32`
    /// array of `game.observation_shape()`; docs/python.md gives its layout.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let observer = self.observer(player)?;
        Ok(self
            .core
            .layout
            .observe(&self.core.rules, &self.pos, observer)
            .into_pyarray(py))
    }

    /// The position in one-line notation.
    fn to_notation(&self) -> String {
        self.pos.to_notation(&self.core.rules)
    }

    /// The game record: header tags (`Ruleset`, `Set`, `Start`, your `tags`, `Final`) and
    /// every throw and move.
    #[pyo3(signature = (tags = None))]
    fn to_record(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        self.record_text(tags)
    }

    /// An independent copy.
    fn clone(&self) -> State {
        self.copy()
    }

    fn __copy__(&self) -> State {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.copy()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        let Ok(other) = other.extract::<PyRef<'_, State>>() else {
            return false;
        };
        self.core.same_as(&other.core)
            && self.start == other.start
            && self.pos == other.pos
            && self.history == other.history
            && self.opening == other.opening
    }

    fn __str__(&self) -> String {
        self.to_notation()
    }

    fn __repr__(&self) -> String {
        format!("<State {:?}: {}>", self.core.name, self.to_notation())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Pickled)> {
        let restore = py.import("pachisi._pachisi")?.getattr("_restore_state")?;
        // A throw-off still being thrown is no record yet: its throws travel beside one.
        let pending = self
            .opening
            .pending()
            .map(|steps| steps.throws().map(|(_, t)| u32::from(t.0)).collect());
        Ok((restore, (self.game(), self.record_text(None)?, pending)))
    }
}

/// A state replaying a game record, under the ruleset its `Ruleset` and `Set` tags name.
#[pyfunction]
pub fn load_record(text: &str) -> PyResult<State> {
    let record = GameRecord::parse(text).map_err(errors::notation)?;
    let name = record
        .tag("Ruleset")
        .ok_or_else(|| errors::notation("the record has no Ruleset tag"))?;
    let overrides = record
        .tag("Set")
        .map(|s| {
            s.split(SET_SEPARATOR)
                .map(|o| o.trim().to_string())
                .filter(|o| !o.is_empty())
                .collect()
        })
        .unwrap_or_default();
    let core = Arc::new(GameCore::load(name, overrides)?);
    State::from_record(core, text)
}

/// Rebuilds a pickled state: from its record, or, while its throw-off was being thrown, from
/// the throw-off's throws so far.
#[pyfunction]
#[pyo3(signature = (game, record, opening = None))]
pub fn _restore_state(
    game: PyRef<'_, Game>,
    record: &str,
    opening: Option<Vec<u32>>,
) -> PyResult<State> {
    match opening {
        None => State::from_record(game.core.clone(), record),
        Some(throws) => State::pending_opening(game.core.clone(), &throws),
    }
}
