//! The `heuristic` bot: one ply. It plays the move after which the evaluation ([`crate::eval`])
//! gives its team the best winning chance.

use crate::{after, legal_moves, sort_ranked, Bot, Evaluator, RankedMove, Values};
use pachisi_core::{Move, Phase, Position};

/// Plays the move with the best evaluation one ply ahead.
#[derive(Clone, Debug)]
pub struct HeuristicBot {
    eval: Evaluator,
}

impl HeuristicBot {
    /// A heuristic bot using `eval`.
    pub fn new(eval: Evaluator) -> HeuristicBot {
        HeuristicBot { eval }
    }

    /// The mover's team's winning chance after each legal move, in the engine's order.
    fn scored(&self, pos: &Position) -> Vec<RankedMove> {
        let rules = self.eval.rules();
        let team = usize::from(rules.team_of(pos.to_move()));
        legal_moves(rules, pos)
            .into_iter()
            .map(|mv| RankedMove {
                mv,
                win_chance: self.eval.evaluate(&after(rules, pos, mv))[team],
            })
            .collect()
    }
}

impl Bot for HeuristicBot {
    fn choose(&mut self, pos: &Position) -> Move {
        self.eval
            .best_move(pos, &legal_moves(self.eval.rules(), pos))
    }

    fn rank(&mut self, pos: &Position) -> Option<Vec<RankedMove>> {
        let mut ranked = self.scored(pos);
        sort_ranked(&mut ranked);
        Some(ranked)
    }

    fn value(&mut self, pos: &Position) -> Option<Values> {
        Some(match pos.phase() {
            Phase::Move => {
                let best = self.choose(pos);
                self.eval.evaluate(&after(self.eval.rules(), pos, best))
            }
            Phase::Throw | Phase::Over => self.eval.evaluate(pos),
        })
    }
}
