//! Many games stepped together: the engine of the Python `VecEnv`. Pure Rust, tested without
//! Python.
//!
//! [`Games`] holds `N` games, each with its own generator (the simulation's fast one,
//! `pachisi_sim::Draws`, seeded for game `i` with `game_seed(seed, i)`), and steps them all in one call on a thread pool of its own, built on first use. A step
//! takes one action per game and writes, into fresh buffers ([`Batch`]), each game's next
//! observation, legal-action mask, rewards, whether an episode ended, and who acts next.
//!
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
use pachisi_core::{ActionSpace, Move, Phase, Position, Rules, Throw};
use pachisi_sim::{game_seed, Draws};
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
    /// `N × obs_len`: the observation from the acting seat's point of view (the thrower's at a
    /// chance node).
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

/// One row of a [`Batch`], being written.
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

    /// The floats in an observation row.
    pub fn obs_len(&self) -> usize {
        self.shared.obs_len
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
        let steps = vec![None; self.slots.len()];
        let batch = self.run(&steps, true)?;
        self.started = true;
        Ok(batch)
    }

    /// Applies `actions[i]` to game `i` (a throw's index at a chance node, a decision action
    /// otherwise) and returns the next rows. Refuses the whole step, changing nothing, when
    /// there is not one action per game or any action is illegal.
    pub fn step(&mut self, actions: &[i64]) -> Result<Batch, VecError> {
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
        self.run(&steps, false)
    }

    /// Runs every game's step (or reset) on the pool, writing fresh buffers.
    fn run(&mut self, steps: &[Option<Checked>], reset: bool) -> Result<Batch, VecError> {
        let n = self.slots.len();
        let sh = &self.shared;
        let mut batch = Batch {
            obs: vec![0.0; n * sh.obs_len],
            mask: vec![false; n * sh.actions],
            rewards: vec![0.0; n * sh.seats],
            terminated: vec![false; n],
            player: vec![0; n],
        };
        let pid = std::process::id();
        if self
            .pool
            .as_ref()
            .is_some_and(|(built_by, _)| *built_by != pid)
        {
            // Forked: the parent's threads are not in this process, so the pool can neither run
            // work nor be shut down; it is left alone, and a new one built.
            if let Some(stale) = self.pool.take() {
                std::mem::forget(stale);
            }
        }
        if self.pool.is_none() {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(self.threads)
                .thread_name(|i| format!("pachisi-vec-{i}"))
                .build()
                .map_err(|e| VecError::Other(format!("cannot start the thread pool: {e}")))?;
            self.pool = Some((pid, pool));
        }
        let Some((_, pool)) = self.pool.as_ref() else {
            return Err(VecError::Other("no thread pool".into()));
        };
        let slots = &mut self.slots;
        let result: Result<(), (usize, String)> = pool.install(|| {
            batch
                .obs
                .par_chunks_mut(sh.obs_len)
                .zip(batch.mask.par_chunks_mut(sh.actions))
                .zip(batch.rewards.par_chunks_mut(sh.seats))
                .zip(batch.terminated.par_iter_mut())
                .zip(batch.player.par_iter_mut())
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
        result.map_err(|(game, reason)| VecError::Other(format!("game {game}: {reason}")))?;
        Ok(batch)
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
    match step {
        Some(Checked::Throw(t)) => slot.throw(rules, t)?,
        // `check` found the move among this position's legal moves, listed by `write_row`: the
        // engine need not list them again to check it.
        Some(Checked::Move(mv)) => slot.pos.play_unchecked(rules, mv),
        None => {}
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
    write_row(sh, slot, row.obs, row.mask, row.player)
}

/// Writes a game's observation, mask and player, and caches its legal moves.
fn write_row(
    sh: &Shared,
    slot: &mut Slot,
    obs: &mut [f32],
    mask: &mut [bool],
    player: &mut i32,
) -> Result<(), String> {
    let rules = &sh.rules;
    sh.layout.observe_into(rules, &slot.pos, slot.seat(), obs);
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
            slot.pos.legal_moves_into(rules, &mut slot.moves);
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
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn games(name: &str, n: usize, seed: u64, chance: Chance, threads: usize) -> Games {
        let rules = Arc::new(builtin_rules(name, &[]).expect("builtin"));
        let space = ActionSpace::new(&rules);
        Games::new(rules, space, n, seed, chance, threads).expect("games")
    }

    /// The first legal action of every row, or a throw chosen by the step count.
    fn choose(b: &Games, batch: &Batch, k: usize) -> Vec<i64> {
        (0..b.len())
            .map(|i| {
                let mask = &batch.mask[i * b.num_actions()..(i + 1) * b.num_actions()];
                let legal: Vec<usize> = (0..mask.len()).filter(|&a| mask[a]).collect();
                legal[(k * 7 + i) % legal.len()] as i64
            })
            .collect()
    }

    fn play(mut g: Games, steps: usize) -> Vec<Batch> {
        let mut out = vec![g.reset().expect("reset")];
        for k in 0..steps {
            let actions = choose(&g, out.last().expect("a batch"), k);
            out.push(g.step(&actions).expect("legal"));
        }
        out
    }

    #[test]
    fn rows_have_their_shapes_and_masks_their_legal_moves() {
        let mut g = games("ludo", 3, 5, Chance::Inside, 1);
        let batch = g.reset().expect("reset");
        assert_eq!(batch.obs.len(), 3 * g.obs_len());
        assert_eq!(batch.mask.len(), 3 * g.num_actions());
        assert_eq!(batch.rewards.len(), 3 * g.seats());
        for i in 0..3 {
            let pos = g.position(i).expect("a game");
            assert_eq!(pos.phase(), Phase::Move);
            assert_eq!(batch.player[i], i32::from(pos.to_move()));
            let legal = pos.legal_moves(&g.shared.rules).len();
            let row = &batch.mask[i * g.num_actions()..(i + 1) * g.num_actions()];
            assert_eq!(row.iter().filter(|&&m| m).count(), legal);
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_games_on_any_number_of_threads() {
        let one = play(games("ludo", 5, 9, Chance::Inside, 1), 300);
        let two = play(games("ludo", 5, 9, Chance::Inside, 2), 300);
        assert_eq!(one, two);
        let other = play(games("ludo", 5, 10, Chance::Inside, 2), 300);
        assert_ne!(one, other);
    }

    #[test]
    fn an_ended_game_reports_its_returns_and_starts_again() {
        let batches = play(games("ludo", 2, 1, Chance::Inside, 2), 3000);
        let mut ended = 0;
        for b in &batches {
            for i in 0..2 {
                let rewards = &b.rewards[i * 4..(i + 1) * 4];
                if b.terminated[i] {
                    ended += 1;
                    let total: f32 = rewards.iter().sum();
                    assert!(total.abs() < 1e-5, "{rewards:?}");
                    assert!(rewards.contains(&1.0));
                    // The row is already the new game's: every piece waits at the start.
                    assert_eq!(b.obs[i * b.obs.len() / 2], 1.0);
                } else {
                    assert_eq!(rewards, [0.0; 4]);
                }
            }
        }
        assert!(ended >= 2, "{ended} games ended");
    }

    #[test]
    fn explicit_chance_makes_throws_steps() {
        let mut g = games("pachisi", 2, 3, Chance::Explicit, 1);
        let throws = g.shared.rules.outcomes().len();
        let batch = g.reset().expect("reset");
        assert_eq!(batch.player, [CHANCE_ROW, CHANCE_ROW]);
        let row = &batch.mask[..g.num_actions()];
        assert!(row[..throws].iter().all(|&m| m) && !row[throws..].iter().any(|&m| m));
        // Pachisi opens with the throw-off: seat 0's 25 is the highest of the four throws.
        for throw in [0, 1, 2, 3] {
            let next = g.step(&[throw, throw]).expect("throw-off throws");
            assert_eq!(next.player, [CHANCE_ROW, CHANCE_ROW]);
        }
        let next = g.step(&[0, 0]).expect("throws");
        assert_eq!(next.player, [0, 0]);
        let err = g.step(&[0, 100_000]).expect_err("illegal");
        assert!(matches!(err, VecError::Illegal { game: 1, .. }), "{err}");
    }

    #[test]
    fn games_open_with_the_throw_off_where_the_rules_have_one() {
        // Explicit: every seat throws in turn, ties again, and the highest throws first.
        let mut g = games("pachisi", 1, 3, Chance::Explicit, 1);
        g.reset().expect("reset");
        let rules = g.shared.rules.clone();
        let name = |t: usize| rules.outcomes()[t].value;
        assert!(
            name(0) > name(1) && name(1) != name(2),
            "25 is the highest throw"
        );
        // Seats 1 and 3 tie on 25, then seat 3 throws higher.
        for throw in [1, 0, 2, 0, 2, 1] {
            let next = g.step(&[throw]).expect("throw-off throws");
            assert_eq!(next.player, [CHANCE_ROW]);
        }
        let pos = g.position(0).expect("a game");
        assert_eq!((pos.phase(), pos.to_move()), (Phase::Throw, 3));
        // Inside: the first decision of new games falls to several seats, not always seat 0.
        let mut g = games("pachisi", 16, 8, Chance::Inside, 1);
        let batch = g.reset().expect("reset");
        let firsts: std::collections::BTreeSet<i32> = batch.player.iter().copied().collect();
        assert!(firsts.len() > 1, "{firsts:?}");
        // Rules that name the first seat have no throw-off: seat 0 throws first.
        let mut g = games("ludo", 1, 3, Chance::Explicit, 1);
        g.reset().expect("reset");
        assert_eq!(g.slots[0].opening, Opening::None);
    }

    #[test]
    fn an_illegal_action_changes_no_game() {
        let mut g = games("ludo", 2, 4, Chance::Inside, 1);
        let batch = g.reset().expect("reset");
        let before: Vec<Position> = (0..2)
            .map(|i| g.position(i).copied().expect("game"))
            .collect();
        let mut actions = choose(&g, &batch, 0);
        actions[1] = -3;
        let err = g.step(&actions).expect_err("illegal");
        assert!(
            err.to_string()
                .starts_with("game 1: action -3 is not legal"),
            "{err}"
        );
        let after: Vec<Position> = (0..2)
            .map(|i| g.position(i).copied().expect("game"))
            .collect();
        assert_eq!(before, after);
        assert!(matches!(g.step(&[0]), Err(VecError::Other(_))));
        let mut fresh = games("ludo", 1, 4, Chance::Inside, 1);
        let err = fresh.step(&[0]).expect_err("not started");
        assert!(err.to_string().contains("reset()"), "{err}");
    }
}
