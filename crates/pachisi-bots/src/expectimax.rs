//! The `expectimax` bot (being written).

use crate::{Bot, Evaluator, RankedMove};
use pachisi_core::{Move, Position};

/// The settings of an expectimax search.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectimaxConfig {
    /// Throws searched beyond the current one.
    pub depth: u32,
}

/// Expectimax search.
pub struct ExpectimaxBot {
    eval: Evaluator,
}

impl ExpectimaxBot {
    /// An expectimax bot.
    pub fn new(eval: Evaluator, _config: ExpectimaxConfig) -> ExpectimaxBot {
        ExpectimaxBot { eval }
    }
}

impl Bot for ExpectimaxBot {
    fn choose(&mut self, pos: &Position) -> Move {
        crate::legal_moves(self.eval.rules(), pos)[0]
    }
    fn rank(&mut self, _pos: &Position) -> Option<Vec<RankedMove>> {
        None
    }
}
