//! Many games stepped together: the engine of the Python `VecEnv`. Pure Rust, tested without
//! Python.
//!
//! [`Games`] holds `N` games, each with its own generator (the simulation's fast one,
//! `pachisi_sim::Draws`, seeded for game `i` with `game_seed(seed, i)`), and steps them all in
//! one call on a thread pool of its own, built on first use. A step takes one action per game
//! and writes each game's next observation, legal-action mask, rewards, whether an episode
//! ended, and who acts next: into fresh buffers ([`Batch`], from [`Games::step`]) or into
//! buffers the caller keeps and reuses ([`Rows`], through [`Games::step_into`]), every entry
//! overwritten.
//!
//! - **Observations on request.** With observations off ([`Games::set_observations`]) a step
//!   writes none (the rows' observation width is 0), and [`Games::observe_into`] encodes the
//!   current ones when they are wanted; masks, rewards and players are the same either way.
//! - **Throws.** With [`Chance::Inside`] a step draws the throws itself and stops at the next
//!   decision, so every row is a decision. With [`Chance::Explicit`] a throw is a step of its
//!   own: the row's player is -1 and the actions are the throws' indices (their mask is true at
//!   `0..max_chance_outcomes`). Where the rules decide who begins by a throw-off, a game opens
//!   with its throws ([`crate::opening`]), drawn or exposed like every throw.
//! - **Auto-reset, in the same step.** When an action ends a game, that step's row carries the
//!   ended game's returns (`rewards`, by seat) and `terminated = true`, while its observation,
//!   mask and player are already those of the next game, begun at once (with the throws to its
//!   first decision drawn, under [`Chance::Inside`]). Rows of games that did not end have zero
//!   rewards. Gymnasium calls this mode `SameStep`.
//! - **Illegal actions.** Every action is checked before any game moves: one illegal action
//!   refuses the whole step, naming its game, and leaves every game as it was.
//!
//! The results depend on the seed and the actions alone, never on the number of threads.

use crate::encode::{returns, Layout};
use crate::opening::Opening;
use pachisi_core::plain::MAX_PLAIN_MOVES;
use pachisi_core::{ActionSpace, Move, Phase, PlainGame, Position, Rules, Throw};
use pachisi_sim::{game_seed, Draws};
use rayon::iter::Either;
use rayon::prelude::*;
use std::fmt;
use std::sync::Arc;

/// `player` of a row at a chance node (OpenSpiel's chance player).
pub const CHANCE_ROW: i32 = -1;

/// How throws are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chance {
    /// Drawn inside each step, with the rules' probabilities, from the game's generator.
    Inside,
    /// Exposed as steps of their own, the caller choosing the throw.
    Explicit,
}

/// Why a step or a reset was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VecError {
    /// An action that is not legal in its game; nothing was applied.
    Illegal {
        /// The game's index.
        game: usize,
        /// What was wrong.
        reason: String,
    },
    /// Anything else: a wrong number of actions, a pool that could not be built.
    Other(String),
}

impl fmt::Display for VecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VecError::Illegal { game, reason } => write!(f, "game {game}: {reason}"),
            VecError::Other(reason) => f.write_str(reason),
        }
    }
}

/// One step's results, row `i` for game `i`, each a flat row-major buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Batch {
    /// `N × obs_len` ([`Games::row_obs_len`]: 0 with observations off): the observation from
    /// the acting seat's point of view (the thrower's at a chance node).
    pub obs: Vec<f32>,
    /// `N × num_actions`: true at the legal actions.
    pub mask: Vec<bool>,
    /// `N × seats`: the returns of a game that ended in this step, by seat; else zeros.
    pub rewards: Vec<f32>,
    /// `N`: whether the game ended in this step (and a new one began).
    pub terminated: Vec<bool>,
    /// `N`: the seat to act next, or [`CHANCE_ROW`] when a throw is due.
    pub player: Vec<i32>,
}

impl Batch {
    /// The buffers as [`Rows`], to be written again by [`Games::step_into`].
    pub fn rows(&mut self) -> Rows<'_> {
        Rows {
            obs: &mut self.obs,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            player: &mut self.player,
        }
    }
}

/// Buffers the caller keeps, laid out as a [`Batch`]'s, for [`Games::step_into`] and
/// [`Games::reset_into`] to overwrite entirely: whatever they held is never read.
#[derive(Debug)]
pub struct Rows<'a> {
    /// `N × row_obs_len` floats.
    pub obs: &'a mut [f32],
    /// `N × num_actions`.
    pub mask: &'a mut [bool],
    /// `N × seats`.
    pub rewards: &'a mut [f32],
    /// `N`.
    pub terminated: &'a mut [bool],
    /// `N`.
    pub player: &'a mut [i32],
}

/// The rules and encodings every game shares.
#[derive(Debug)]
struct Shared {
    rules: Arc<Rules>,
    space: ActionSpace,
    layout: Layout,
    chance: Chance,
    obs_len: usize,
    actions: usize,
    seats: usize,
    /// Whether a step writes observations.
    observations: bool,
    /// Whether a move and the throws after it are played on the compact [`PlainGame`] (the
    /// same game, several times quicker): the rules allow it and the throws are drawn inside.
    plain: bool,
}

/// One game and its generator.
#[derive(Clone, Debug)]
struct Slot {
    pos: Position,
    /// The throw-off before the game, where the rules have one.
    opening: Opening,
    draws: Draws,
    /// The legal moves with their action numbers, increasing, at a decision node.
    legal: Vec<(u32, Move)>,
    /// The move generator's list, kept to be filled again without allocating.
    moves: Vec<Move>,
}

/// An action checked against its game.
#[derive(Clone, Copy, Debug)]
enum Checked {
    Throw(Throw),
    Move(Move),
}

/// One game's row of [`Rows`], being written.
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    player: &'a mut i32,
}

/// `N` games stepped together.
#[derive(Debug)]
pub struct Games {
    shared: Shared,
    slots: Vec<Slot>,
    threads: usize,
    /// The pool and the process that built it: a child of `fork` has none of its threads, so
    /// it builds its own.
    pool: Option<(u32, rayon::ThreadPool)>,
    /// Whether [`Games::reset`] has been called.
    started: bool,
}

impl Games {
    /// `n` games under `rules` (whose action numbering is `space`), game `i`'s generator
    /// seeded with `seed` on stream `i`, stepped on `threads` threads. The games stand at their
    /// start until [`Games::reset`].
    pub fn new(
        rules: Arc<Rules>,
        space: ActionSpace,
        n: usize,
        seed: u64,
        chance: Chance,
        threads: usize,
    ) -> Result<Games, VecError> {
        if n == 0 {
            return Err(VecError::Other(
                "a vector of games needs at least 1 game".into(),
            ));
        }
        if threads == 0 {
            return Err(VecError::Other("num_threads must be at least 1".into()));
        }
        let actions = space.len() as usize;
        if chance == Chance::Explicit && rules.outcomes().len() > actions {
            return Err(VecError::Other(format!(
                "these rules have {} throws but {actions} actions: explicit chance needs the throws to fit the action mask",
                rules.outcomes().len()
            )));
        }
        let layout = Layout::new(&rules, &space);
        let plain = PlainGame::supports(&rules) && chance == Chance::Inside;
        let start = Position::new(&rules);
        let slots = (0..n as u64)
            .map(|i| Slot {
                pos: start,
                opening: Opening::begin(&rules),
                draws: Draws::new(game_seed(seed, i)),
                legal: Vec::new(),
                moves: Vec::new(),
            })
            .collect();
        Ok(Games {
            shared: Shared {
                obs_len: layout.len(),
                seats: usize::from(rules.seats()),
                rules,
                space,
                layout,
                chance,
                actions,
                observations: true,
                plain,
            },
            slots,
            threads,
            pool: None,
            started: false,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether there are no games (never).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// The floats in an observation (of [`Games::observe_into`], and of a step's row with
    /// observations on).
    pub fn obs_len(&self) -> usize {
        self.shared.obs_len
    }

    /// Whether a step writes observations (at first it does).
    pub fn observations(&self) -> bool {
        self.shared.observations
    }

    /// Turns the observations of later steps on or off. Off, a step's observation rows are
    /// empty, and [`Games::observe_into`] gives them when wanted.
    pub fn set_observations(&mut self, on: bool) {
        self.shared.observations = on;
    }

    /// The floats in a step's observation row: [`Games::obs_len`], or 0 with observations off.
    pub fn row_obs_len(&self) -> usize {
        if self.shared.observations {
            self.shared.obs_len
        } else {
            0
        }
    }

    /// Zeroed buffers of a step's sizes, to be filled by [`Games::step_into`].
    pub fn batch(&self) -> Batch {
        let n = self.slots.len();
        let sh = &self.shared;
        Batch {
            obs: vec![0.0; n * self.row_obs_len()],
            mask: vec![false; n * sh.actions],
            rewards: vec![0.0; n * sh.seats],
            terminated: vec![false; n],
            player: vec![0; n],
        }
    }

    /// The entries in a mask row: the number of decision actions.
    pub fn num_actions(&self) -> usize {
        self.shared.actions
    }

    /// The number of seats (the columns of the rewards).
    pub fn seats(&self) -> usize {
        self.shared.seats
    }

    /// How throws are made.
    pub fn chance(&self) -> Chance {
        self.shared.chance
    }

    /// The number of threads of the pool.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Game `i`'s position.
    pub fn position(&self, i: usize) -> Option<&Position> {
        self.slots.get(i).map(|s| &s.pos)
    }

    /// Where game `i` stands with its throw-off.
    pub fn opening(&self, i: usize) -> Option<&Opening> {
        self.slots.get(i).map(|s| &s.opening)
    }

    /// Starts a new game in every slot (the generators go on from where they are) and returns
    /// the first rows: no rewards, nothing terminated.
    pub fn reset(&mut self) -> Result<Batch, VecError> {
        let mut batch = self.batch();
        self.reset_into(batch.rows())?;
        Ok(batch)
    }

    /// [`Games::reset`], its rows written into `out`.
    pub fn reset_into(&mut self, out: Rows<'_>) -> Result<(), VecError> {
        self.fits(&out)?;
        let steps = vec![None; self.slots.len()];
        self.run(&steps, true, out)?;
        self.started = true;
        Ok(())
    }

    /// Applies `actions[i]` to game `i` (a throw's index at a chance node, a decision action
    /// otherwise) and returns the next rows. Refuses the whole step, changing nothing, when
    /// there is not one action per game or any action is illegal.
    pub fn step(&mut self, actions: &[i64]) -> Result<Batch, VecError> {
        let mut batch = self.batch();
        self.step_into(actions, batch.rows())?;
        Ok(batch)
    }

    /// [`Games::step`], its rows written into `out`. A refused step writes nothing.
    pub fn step_into(&mut self, actions: &[i64], out: Rows<'_>) -> Result<(), VecError> {
        if !self.started {
            return Err(VecError::Other(
                "call reset() before the first step()".into(),
            ));
        }
        if actions.len() != self.slots.len() {
            return Err(VecError::Other(format!(
                "{} actions for {} games: give one action per game",
                actions.len(),
                self.slots.len()
            )));
        }
        self.fits(&out)?;
        let steps = self
            .slots
            .iter()
            .zip(actions)
            .enumerate()
            .map(|(game, (slot, &action))| {
                check(&self.shared, slot, action)
                    .map(Some)
                    .map_err(|reason| VecError::Illegal { game, reason })
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.run(&steps, false, out)
    }

    /// Writes every game's current observation, as a step with observations on would, into
    /// `obs` (`N × obs_len` floats), whether or not steps write them.
    pub fn observe_into(&mut self, obs: &mut [f32]) -> Result<(), VecError> {
        if !self.started {
            return Err(VecError::Other(
                "call reset() before observing the games".into(),
            ));
        }
        let sh = &self.shared;
        let n = self.slots.len();
        if obs.len() != n * sh.obs_len {
            return Err(VecError::Other(format!(
                "the observations take {n} × {} floats, not {}",
                sh.obs_len,
                obs.len()
            )));
        }
        if sh.obs_len == 0 {
            return Ok(());
        }
        let pool = pool(&mut self.pool, self.threads)?;
        let slots = &self.slots;
        pool.install(|| {
            obs.par_chunks_mut(sh.obs_len)
                .zip(slots.par_iter())
                .for_each(|(row, slot)| {
                    sh.layout
                        .observe_into(&sh.rules, &slot.pos, slot.seat(), row);
                });
        });
        Ok(())
    }

    /// Checks that `out` has this vector's sizes.
    fn fits(&self, out: &Rows<'_>) -> Result<(), VecError> {
        let n = self.slots.len();
        let sh = &self.shared;
        let sizes = [
            ("obs", out.obs.len(), self.row_obs_len()),
            ("mask", out.mask.len(), sh.actions),
            ("rewards", out.rewards.len(), sh.seats),
            ("terminated", out.terminated.len(), 1),
            ("player", out.player.len(), 1),
        ];
        for (name, len, per_game) in sizes {
            if len != n * per_game {
                return Err(VecError::Other(format!(
                    "the {name} buffer holds {len} entries where {n} games need {n} × {per_game}"
                )));
            }
        }
        Ok(())
    }

    /// Runs every game's step (or reset) on the pool, writing `out` (of checked sizes).
    fn run(
        &mut self,
        steps: &[Option<Checked>],
        reset: bool,
        out: Rows<'_>,
    ) -> Result<(), VecError> {
        let n = self.slots.len();
        let width = self.row_obs_len();
        let sh = &self.shared;
        let pool = pool(&mut self.pool, self.threads)?;
        let slots = &mut self.slots;
        // Without observations every row's is the empty slice (chunks of 0 cannot be split).
        let obs_rows = if width > 0 {
            Either::Left(out.obs.par_chunks_mut(width))
        } else {
            Either::Right((0..n).into_par_iter().map(|_| <&mut [f32]>::default()))
        };
        let result: Result<(), (usize, String)> = pool.install(|| {
            obs_rows
                .zip(out.mask.par_chunks_mut(sh.actions))
                .zip(out.rewards.par_chunks_mut(sh.seats))
                .zip(out.terminated.par_iter_mut())
                .zip(out.player.par_iter_mut())
                .zip(slots.par_iter_mut())
                .zip(steps.par_iter())
                .enumerate()
                .try_for_each(
                    |(i, ((((((obs, mask), rewards), terminated), player), slot), step))| {
                        let row = Row {
                            obs,
                            mask,
                            rewards,
                            terminated,
                            player,
                        };
                        run_one(sh, slot, *step, reset, row).map_err(|e| (i, e))
                    },
                )
        });
        result.map_err(|(game, reason)| VecError::Other(format!("game {game}: {reason}")))
    }
}

/// The thread pool, built on first use by the process that uses it.
fn pool(
    slot: &mut Option<(u32, rayon::ThreadPool)>,
    threads: usize,
) -> Result<&rayon::ThreadPool, VecError> {
    let pid = std::process::id();
    if slot.as_ref().is_some_and(|(built_by, _)| *built_by != pid) {
        // Forked: the parent's threads are not in this process, so the pool can neither run
        // work nor be shut down; it is left alone, and a new one built.
        if let Some(stale) = slot.take() {
            std::mem::forget(stale);
        }
    }
    if slot.is_none() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("pachisi-vec-{i}"))
            .build()
            .map_err(|e| VecError::Other(format!("cannot start the thread pool: {e}")))?;
        *slot = Some((pid, pool));
    }
    match slot.as_ref() {
        Some((_, pool)) => Ok(pool),
        None => Err(VecError::Other("no thread pool".into())),
    }
}

/// Checks an action against its game's node.
fn check(sh: &Shared, slot: &Slot, action: i64) -> Result<Checked, String> {
    match slot.phase() {
        Phase::Throw => {
            let throws = sh.rules.outcomes().len();
            match u8::try_from(action) {
                Ok(t) if sh.chance == Chance::Explicit && usize::from(t) < throws => {
                    Ok(Checked::Throw(Throw(t)))
                }
                _ => Err(format!(
                    "{action} is no throw: a throw is due and the chance actions are 0 to {}",
                    throws - 1
                )),
            }
        }
        Phase::Move => {
            let found = u32::try_from(action)
                .ok()
                .and_then(|a| slot.legal.binary_search_by_key(&a, |&(i, _)| i).ok());
            match found.and_then(|k| slot.legal.get(k)) {
                Some(&(_, mv)) => Ok(Checked::Move(mv)),
                None => {
                    let legal: Vec<String> = slot
                        .legal
                        .iter()
                        .take(12)
                        .map(|(i, mv)| format!("{i} ({mv})"))
                        .collect();
                    let more = if slot.legal.len() > 12 { ", ..." } else { "" };
                    Err(format!(
                        "action {action} is not legal for seat {}: the legal actions are {}{more}",
                        slot.pos.to_move(),
                        legal.join(", ")
                    ))
                }
            }
        }
        Phase::Over => Err("the game is over".into()),
    }
}

impl Slot {
    /// A new game: the start, with its throw-off where the rules have one.
    fn begin(&mut self, rules: &Rules) {
        self.pos = Position::new(rules);
        self.opening = Opening::begin(rules);
    }

    /// What happens next: a throw while the throw-off is thrown, else the position's phase.
    fn phase(&self) -> Phase {
        match self.opening.pending() {
            Some(_) => Phase::Throw,
            None => self.pos.phase(),
        }
    }

    /// The seat to throw or move.
    fn seat(&self) -> u8 {
        match self.opening.pending() {
            Some(steps) => steps.seat(),
            None => self.pos.to_move(),
        }
    }

    /// A throw: the throw-off's next, or the game's.
    fn throw(&mut self, rules: &Rules, throw: Throw) -> Result<(), String> {
        if let Opening::Pending(steps) = &mut self.opening {
            if let Some(off) = steps.throw(rules, throw) {
                self.pos = off.start(rules);
                self.opening = Opening::Decided(off);
            }
            return Ok(());
        }
        self.pos
            .apply_throw(rules, throw)
            .map_err(|e| e.to_string())
    }
}

/// One game's step (or reset), its row written.
fn run_one(
    sh: &Shared,
    slot: &mut Slot,
    step: Option<Checked>,
    reset: bool,
    row: Row<'_>,
) -> Result<(), String> {
    let rules = &sh.rules;
    if reset {
        slot.begin(rules);
    }
    let mut plain = None;
    match step {
        Some(Checked::Throw(t)) => slot.throw(rules, t)?,
        // `check` found the move among this position's legal moves, listed by `write_row`: the
        // engine need not list them again to check it.
        Some(Checked::Move(mv)) => match plain_game(sh, slot) {
            Some(mut game) => {
                game.play_unchecked(mv);
                // The same throws from the same draws as the loop below.
                while game.phase() == Phase::Throw {
                    game.apply_throw(rules.draw_throw(&mut slot.draws))
                        .map_err(|e| e.to_string())?;
                }
                slot.pos = game.to_position();
                // A game that ended goes the general way, which begins the next.
                plain = (game.phase() == Phase::Move).then_some(game);
            }
            None => slot.pos.play_unchecked(rules, mv),
        },
        None => {}
    }
    // The buffers may hold an earlier step's row: every entry is written.
    *row.terminated = false;
    row.rewards.fill(0.0);
    if let Some(game) = plain {
        // The move and the throws to the next decision were played on the compact game; the
        // next decision's moves come from it too.
        return write_row(sh, slot, Some(&game), row.obs, row.mask, row.player);
    }
    let mut ended = false;
    loop {
        match slot.phase() {
            Phase::Throw if sh.chance == Chance::Inside => {
                let throw = rules.draw_throw(&mut slot.draws);
                slot.throw(rules, throw)?;
            }
            Phase::Over => {
                if ended {
                    return Err("a new game ended before its first decision".into());
                }
                ended = true;
                *row.terminated = true;
                for (r, v) in row.rewards.iter_mut().zip(returns(rules, &slot.pos)) {
                    *r = v as f32;
                }
                slot.begin(rules);
            }
            _ => break,
        }
    }
    write_row(sh, slot, None, row.obs, row.mask, row.player)
}

/// The game as a [`PlainGame`], where the vector plays on one ([`Shared::plain`]) and the game
/// is past its throw-off.
fn plain_game<'r>(sh: &'r Shared, slot: &Slot) -> Option<PlainGame<'r>> {
    if !sh.plain || slot.opening.pending().is_some() {
        return None;
    }
    PlainGame::from_position(&sh.rules, &slot.pos)
}

/// Writes a game's observation (unless its row has none), mask and player, and caches its
/// legal moves.
fn write_row(
    sh: &Shared,
    slot: &mut Slot,
    plain: Option<&PlainGame>,
    obs: &mut [f32],
    mask: &mut [bool],
    player: &mut i32,
) -> Result<(), String> {
    let rules = &sh.rules;
    if !obs.is_empty() {
        sh.layout.observe_into(rules, &slot.pos, slot.seat(), obs);
    }
    mask.fill(false);
    slot.legal.clear();
    match slot.phase() {
        Phase::Throw => {
            *player = CHANCE_ROW;
            for m in mask.iter_mut().take(rules.outcomes().len()) {
                *m = true;
            }
        }
        _ => {
            *player = i32::from(slot.pos.to_move());
            match plain {
                Some(game) => {
                    let mut moves = [Move::Pass; MAX_PLAIN_MOVES];
                    let n = game.legal_moves(&mut moves);
                    slot.moves.clear();
                    slot.moves.extend_from_slice(&moves[..n]);
                }
                None => slot.pos.legal_moves_into(rules, &mut slot.moves),
            }
            for &mv in &slot.moves {
                let index = sh
                    .space
                    .index(mv)
                    .ok_or_else(|| format!("the legal move {mv} has no action number"))?;
                slot.legal.push((index, mv));
                if let Some(m) = mask.get_mut(index as usize) {
                    *m = true;
                }
            }
            slot.legal.sort_unstable_by_key(|&(i, _)| i);
            if slot.legal.is_empty() {
                return Err(format!("seat {} has no legal move", slot.pos.to_move()));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
