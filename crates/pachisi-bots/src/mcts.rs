//! The `mcts` bot (being written).

use crate::{Bot, Evaluator, RankedMove};
use pachisi_core::{Move, Position};
use std::time::Duration;

/// How playouts choose moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly at random.
    Random,
    /// The heuristic bot's move.
    Heuristic,
}

/// The settings of a Monte Carlo tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move.
    pub playouts: u32,
    /// A time budget per move instead of the playout count.
    pub time: Option<Duration>,
    /// The UCT exploration constant.
    pub exploration: f64,
    /// Throws after which a playout stops and the evaluation scores it (0: play to the end).
    pub cutoff: u32,
    /// How playouts choose moves.
    pub rollout: Rollout,
}

impl MctsConfig {
    /// Default playouts per move.
    pub const DEFAULT_PLAYOUTS: u32 = 300;
    /// Default exploration constant.
    pub const DEFAULT_EXPLORATION: f64 = 0.7;
    /// Default playout length in throws.
    pub const DEFAULT_CUTOFF: u32 = 8;
}

/// Monte Carlo tree search.
pub struct MctsBot {
    eval: Evaluator,
}

impl MctsBot {
    /// An MCTS bot.
    pub fn new(eval: Evaluator, _config: MctsConfig, _seed: u64) -> MctsBot {
        MctsBot { eval }
    }
}

impl Bot for MctsBot {
    fn choose(&mut self, pos: &Position) -> Move {
        crate::legal_moves(self.eval.rules(), pos)[0]
    }
    fn rank(&mut self, _pos: &Position) -> Option<Vec<RankedMove>> {
        None
    }
}
