//! Computer players for Pachisi and its family, on the rules engine's public API alone.
//!
//! Every bot implements [`Bot`] and plays under every ruleset, with any number of seats and in
//! team play (a bot plays for its seat's team: partners' pieces count as its own). Bots are
//! named by spec strings ([`BotSpec`]), `name` followed by `:key=value` options:
//!
//! - `random`: uniform over the legal moves, the baseline;
//! - `heuristic`: one ply, the move whose resulting position the evaluation ([`eval`]) likes
//!   best;
//! - `neural`: one ply with a learned network as the evaluation ([`neural`]: a small network per
//!   ruleset, trained by self-play with `pachisi train`; `net=NAME|PATH`);
//! - `expectimax`: searches throws with their exact probabilities (chance nodes), to a depth
//!   counted in throws, with Star1 pruning between two sides and a transposition table;
//! - `mcts`: Monte Carlo tree search with explicit chance nodes and a playout or time budget.
//!
//! `expectimax` and `mcts` search with the heuristic evaluation, or with a network
//! (`eval=neural`).
//!
//! [`calibration`] measures how well a bot's winning chances match the outcomes of games
//! (`pachisi calibrate`).
//!
//! [`analysis`] grades every decision of a recorded game against the best move and weighs the
//! luck of every throw (`pachisi analyze`).
//!
//! [`endgame`] solves races between two sides with few pieces left exactly (retrograde analysis
//! over the engine's moves and throws); `heuristic`, `neural` and `expectimax` use its values
//! with the option `endgame=N`.
//!
//! [`rollout`] plays every legal move of a position out to the end many times with a bot in
//! every seat, with common throws across the moves and stratified first throws, and estimates
//! each move's winning chance with an interval (`pachisi hint --rollouts`).
//!
//! A bot built from a spec and a seed always plays the same moves in the same positions (a time
//! budget aside, which depends on the machine).
//!
//! ```
//! use pachisi_bots::{Bot, BotSpec};
//! use pachisi_core::{builtin_rules, Position};
//! use std::sync::Arc;
//!
//! let rules = Arc::new(builtin_rules("pachisi", &[]).unwrap());
//! let spec: BotSpec = "expectimax:depth=1".parse().unwrap();
//! let mut bot = spec.build(rules.clone(), 7);
//! let mut pos = Position::new(&rules);
//! pos.apply_throw(&rules, rules.throw_by_value(25).unwrap()).unwrap();
//! let mv = bot.choose(&pos);
//! assert!(pos.is_legal(&rules, mv));
//! ```

pub mod analysis;
pub mod calibration;
pub mod endgame;
mod estimate;
pub mod eval;
pub mod expectimax;
pub mod heuristic;
pub mod mcts;
mod net;
pub mod neural;
pub mod random;
pub mod rollout;
mod seats;
mod spec;
mod standing;
mod values;
mod weights;

pub use endgame::{EndgameError, EndgameTable};
pub use eval::Evaluator;
pub use rollout::{roll_out, RolloutError, RolloutSettings, Rollouts, Sampling};
pub use seats::SeatBots;
pub use spec::{BotKind, BotSpec, Budget, SpecError, BUILTIN_WEIGHTS};
pub use values::Values;
pub use weights::Weights;

use pachisi_core::{Move, Position, Rules};

/// A legal move with the bot's estimate of the mover's team's winning chance after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RankedMove {
    /// The move.
    pub mv: Move,
    /// Estimated chance, from 0 to 1, that the mover's team wins if it plays this move.
    pub win_chance: f64,
}

/// A computer player.
pub trait Bot: Send {
    /// Chooses a legal move in a position waiting for a move (`Phase::Move`).
    fn choose(&mut self, pos: &Position) -> Move;

    /// Every legal move with its estimated winning chance, best first; `None` for a bot that
    /// makes no estimates (`random`).
    fn rank(&mut self, pos: &Position) -> Option<Vec<RankedMove>>;

    /// Every team's estimated winning chance in `pos`, in any phase: before a throw, after the
    /// game, or (waiting for a move) after the move the bot rates best, so that it agrees with
    /// the first of [`Bot::rank`]. `None` for a bot that makes no such estimate: `random`, and
    /// `mcts`, whose tree grows from decisions only. [`analysis`] needs it to weigh a throw's luck.
    fn value(&mut self, pos: &Position) -> Option<Values> {
        let _ = pos;
        None
    }
}

/// The legal moves of a position; a pass where the engine lists none (so a bot always answers).
pub(crate) fn legal_moves(rules: &Rules, pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves_into(rules, &mut moves);
    if moves.is_empty() {
        moves.push(Move::Pass);
    }
    moves
}

/// The position after a legal move.
pub(crate) fn after(rules: &Rules, pos: &Position, mv: Move) -> Position {
    let mut child = *pos;
    child.play_unchecked(rules, mv);
    child
}

/// Sorts ranked moves best first, keeping the engine's order among equals.
pub(crate) fn sort_ranked(ranked: &mut [RankedMove]) {
    ranked.sort_by(|a, b| b.win_chance.total_cmp(&a.win_chance));
}
