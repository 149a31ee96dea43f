//! The `expectimax` bot: a search over moves and throws, with the throws' exact probabilities.
//!
//! The tree alternates decision nodes, where the seat to move picks the child best for its team,
//! and chance nodes, whose value is the probability-weighted mean of every outcome of the throw
//! ([`pachisi_core::Rules::outcomes`]). Depth counts throws: at depth 0 the bot plans the rest of
//! its turn (every increment it still holds) and scores the position before the next throw with
//! the evaluation; each further level searches one more throw and everything it lets the thrower
//! do. Consecutive decisions of one seat within a throw (two dice, bonus steps) are searched in
//! full, since a throw's increments are only worth what their combination achieves.
//!
//! Between two sides (team play, or two seats) the search keeps a window on the first team's
//! winning chance and prunes: decision nodes as in alpha-beta, chance nodes with Star1 (Ballard,
//! 1983), which stops summing outcomes once even the best or worst possible value of the rest
//! cannot bring the mean back into the window. That is sound because the evaluation's chances lie
//! in [0, 1]. With three or more sides every side maximises its own chance and nothing is pruned.
//! A transposition table keeps positions reached by different orders of the same increments.

use crate::{after, sort_ranked, Bot, Evaluator, RankedMove, Values};
use pachisi_core::ruleset::MAX_SEATS;
use pachisi_core::{Move, Phase, Position, Rules, Throw};
use rustc_hash::FxHashMap;

/// The settings of an expectimax search.
#[derive(Clone, Debug, PartialEq)]
pub struct ExpectimaxConfig {
    /// Throws searched beyond the current one (0: plan the current turn only).
    pub depth: u32,
    /// Most positions searched per decision: once spent, the positions left are scored by the
    /// evaluation where they stand. It bounds rulesets whose turns branch without limit (a throw
    /// split between pieces); the default was not reached in
    /// sixteen Parcheesi games.
    pub nodes: u64,
}

impl ExpectimaxConfig {
    /// Default depth in throws.
    pub const DEFAULT_DEPTH: u32 = 1;
    /// Default node budget per decision.
    pub const DEFAULT_NODES: u64 = 2_000_000;
}

/// What a stored value says about the true one (on the first team's chance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    depth: u32,
    bound: Bound,
    values: Values,
}

/// Expectimax search to a fixed number of throws.
pub struct ExpectimaxBot {
    eval: Evaluator,
    config: ExpectimaxConfig,
    /// Pruning is sound only when exactly two sides play.
    two_sides: bool,
    table: FxHashMap<Position, Entry>,
    /// Spare move lists, so the search allocates nothing once warmed up.
    buffers: Vec<Vec<Move>>,
    /// Positions searched by the last call, for measurements.
    nodes: u64,
}

impl ExpectimaxBot {
    /// An expectimax bot scoring its horizon with `eval`.
    pub fn new(eval: Evaluator, config: ExpectimaxConfig) -> ExpectimaxBot {
        let two_sides = eval.rules().teams() == 2;
        ExpectimaxBot {
            eval,
            config,
            two_sides,
            table: FxHashMap::default(),
            buffers: Vec::new(),
            nodes: 0,
        }
    }

    /// Positions searched by the last call to `choose` or `rank`.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn rules(&self) -> &Rules {
        self.eval.rules()
    }

    fn legal(&mut self, pos: &Position) -> Vec<Move> {
        let mut moves = self.buffers.pop().unwrap_or_default();
        pos.legal_moves_into(self.eval.rules(), &mut moves);
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// The value of `pos` with `depth` throws left to search, within the window
    /// `(alpha, beta)` on the first team's chance (fail-soft: outside it, a bound).
    fn search(&mut self, pos: &Position, depth: u32, alpha: f64, beta: f64) -> Values {
        self.nodes += 1;
        match pos.phase() {
            Phase::Over => return self.eval.evaluate(pos),
            Phase::Throw if depth == 0 => return self.eval.evaluate(pos),
            _ if self.nodes > self.config.nodes => return self.eval.evaluate(pos),
            _ => {}
        }
        if let Some(e) = self.table.get(pos) {
            if e.depth == depth {
                let v = e.values[0];
                match e.bound {
                    Bound::Exact => return e.values,
                    Bound::Lower if v >= beta => return e.values,
                    Bound::Upper if v <= alpha => return e.values,
                    _ => {}
                }
            }
        }
        let values = if pos.phase() == Phase::Throw {
            self.chance(pos, depth, alpha, beta)
        } else {
            self.decision(pos, depth, alpha, beta)
        };
        let v = values[0];
        let bound = if !self.two_sides || (v > alpha && v < beta) {
            Bound::Exact
        } else if v <= alpha {
            Bound::Upper
        } else {
            Bound::Lower
        };
        self.table.insert(
            *pos,
            Entry {
                depth,
                bound,
                values,
            },
        );
        values
    }

    /// A decision node: the child best for the mover's team.
    fn decision(&mut self, pos: &Position, depth: u32, alpha: f64, beta: f64) -> Values {
        // Ordering only pays where it lets pruning cut.
        self.best_child(pos, depth, alpha, beta, depth > 0).0
    }

    /// The value of the child best for the mover's team, and the first move leading to it;
    /// `order` sorts the moves by the evaluation first (between two sides).
    fn best_child(
        &mut self,
        pos: &Position,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        order: bool,
    ) -> (Values, Move) {
        let team = usize::from(self.rules().team_of(pos.to_move()));
        let mut moves = self.legal(pos);
        if self.two_sides && order && moves.len() > 1 {
            self.order(pos, &mut moves, team);
        }
        let mut best: Option<(Values, Move)> = None;
        for &mv in &moves {
            let child = after(self.rules(), pos, mv);
            let v = self.search(&child, depth, alpha, beta);
            if best.map_or(true, |(b, _)| v[team] > b[team]) {
                best = Some((v, mv));
            }
            // Only a strictly better move matters: narrow the window to beat the best so far.
            if self.two_sides {
                if team == 0 {
                    alpha = alpha.max(v[0]);
                } else {
                    beta = beta.min(v[0]);
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        self.buffers.push(moves);
        best.unwrap_or_else(|| (self.eval.evaluate(pos), Move::Pass))
    }

    /// Sorts moves best first for the mover by the evaluation after them, so pruning comes early.
    fn order(&self, pos: &Position, moves: &mut [Move], team: usize) {
        let rules = self.rules();
        let mut keyed: Vec<(f64, Move)> = moves
            .iter()
            .map(|&mv| (-self.eval.evaluate(&after(rules, pos, mv))[team], mv))
            .collect();
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }

    /// A chance node: the mean over every outcome of the throw, with Star1 pruning.
    fn chance(&mut self, pos: &Position, depth: u32, alpha: f64, beta: f64) -> Values {
        // The first team's chance lies in [LOW, HIGH].
        const LOW: f64 = 0.0;
        const HIGH: f64 = 1.0;
        let outcomes = self.rules().outcomes().len();
        let mut sum = [0.0; MAX_SEATS];
        let mut done = 0.0;
        for i in 0..outcomes {
            let p = self.rules().outcomes()[i].probability;
            let rest = (1.0 - done - p).max(0.0);
            // The child's window: outside it, the mean is outside ours whatever the rest gives.
            let child_alpha = (alpha - sum[0] - HIGH * rest) / p;
            let child_beta = (beta - sum[0] - LOW * rest) / p;
            let mut child = *pos;
            // The phase is Throw and the index an outcome of the rules: this cannot fail.
            let _ = child.apply_throw(self.rules(), Throw(i as u8));
            let v = self.search(
                &child,
                depth - 1,
                child_alpha.max(LOW - 1.0),
                child_beta.min(HIGH + 1.0),
            );
            for (s, x) in sum.iter_mut().zip(v) {
                *s += p * x;
            }
            done += p;
            if self.two_sides && (v[0] <= child_alpha || v[0] >= child_beta) {
                // Cut off: report the bound the unseen outcomes allow, on the side that failed.
                let edge = if v[0] <= child_alpha { HIGH } else { LOW };
                let bound = sum[0] + edge * rest;
                return two_sided(bound);
            }
        }
        sum
    }

    /// The value of each legal move, searched with a full window.
    fn scored(&mut self, pos: &Position) -> Vec<RankedMove> {
        self.table.clear();
        self.nodes = 0;
        let team = usize::from(self.rules().team_of(pos.to_move()));
        let moves = self.legal(pos);
        let ranked = moves
            .iter()
            .map(|&mv| {
                let child = after(self.rules(), pos, mv);
                let v = self.search(&child, self.config.depth, f64::NEG_INFINITY, f64::INFINITY);
                RankedMove {
                    mv,
                    win_chance: v[team],
                }
            })
            .collect();
        self.buffers.push(moves);
        ranked
    }
}

/// The values of two sides from the first side's chance.
fn two_sided(first: f64) -> Values {
    let mut v = [0.0; MAX_SEATS];
    v[0] = first;
    v[1] = 1.0 - first;
    v
}

impl Bot for ExpectimaxBot {
    fn choose(&mut self, pos: &Position) -> Move {
        self.table.clear();
        self.nodes = 0;
        let moves = self.legal(pos);
        let only = (moves.len() == 1).then(|| moves[0]);
        self.buffers.push(moves);
        if let Some(only) = only {
            return only;
        }
        let (alpha, beta) = (f64::NEG_INFINITY, f64::INFINITY);
        self.best_child(pos, self.config.depth, alpha, beta, true).1
    }

    fn rank(&mut self, pos: &Position) -> Option<Vec<RankedMove>> {
        let mut ranked = self.scored(pos);
        sort_ranked(&mut ranked);
        Some(ranked)
    }

    fn value(&mut self, pos: &Position) -> Option<Values> {
        self.table.clear();
        self.nodes = 0;
        // The depth `scored` gives each move's child, so a position's value and a move's agree.
        let full = (f64::NEG_INFINITY, f64::INFINITY);
        Some(self.search(pos, self.config.depth, full.0, full.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Weights;
    use pachisi_core::builtin_rules;
    use pachisi_sim::SeededThrows;
    use std::sync::Arc;

    fn bot(name: &str, depth: u32) -> (Arc<Rules>, ExpectimaxBot) {
        let rules = Arc::new(builtin_rules(name, &[]).expect("built-in"));
        let eval = Evaluator::new(rules.clone(), Weights::default());
        (
            rules,
            ExpectimaxBot::new(
                eval,
                ExpectimaxConfig {
                    depth,
                    nodes: ExpectimaxConfig::DEFAULT_NODES,
                },
            ),
        )
    }

    /// Plays a game with the bot in every seat, checking each move, and returns the moves.
    fn self_play(name: &str, depth: u32, seed: u64, max_moves: usize) -> Vec<Move> {
        let (rules, mut b) = bot(name, depth);
        let mut throws = SeededThrows::new(seed);
        let mut pos = Position::new(&rules);
        let mut played = Vec::new();
        while pos.phase() != Phase::Over && played.len() < max_moves {
            if pos.phase() == Phase::Throw {
                pos.apply_throw(&rules, throws.next_throw(&rules))
                    .expect("throw");
                continue;
            }
            let mv = b.choose(&pos);
            assert!(
                pos.is_legal(&rules, mv),
                "{mv} in {}",
                pos.to_notation(&rules)
            );
            pos.play(&rules, mv).expect("legal");
            played.push(mv);
        }
        played
    }

    #[test]
    fn pruned_choice_equals_the_full_window_best() {
        // Star1 and alpha-beta must never change the value of the best move.
        let (rules, mut b) = bot("pachisi", 1);
        let mut throws = SeededThrows::new(11);
        let mut pos = Position::new(&rules);
        let mut checked = 0;
        while pos.phase() != Phase::Over && checked < 40 {
            if pos.phase() == Phase::Throw {
                pos.apply_throw(&rules, throws.next_throw(&rules))
                    .expect("throw");
                continue;
            }
            let ranked = b.rank(&pos).expect("estimates");
            let chosen = b.choose(&pos);
            let best = ranked[0].win_chance;
            let chosen_value = ranked
                .iter()
                .find(|r| r.mv == chosen)
                .expect("chosen move is ranked")
                .win_chance;
            assert!(
                (best - chosen_value).abs() < 1e-9,
                "chose {chosen} ({chosen_value}) but {} is worth {best} in {}",
                ranked[0].mv,
                pos.to_notation(&rules)
            );
            if ranked.len() > 1 {
                checked += 1;
            }
            pos.play(&rules, chosen).expect("legal");
        }
    }

    #[test]
    fn moves_are_legal_under_dice_and_four_sides() {
        self_play("parcheesi-sr", 1, 5, 150);
        self_play("ludo", 1, 6, 150);
    }

    #[test]
    fn the_same_game_gives_the_same_moves() {
        assert_eq!(
            self_play("pachisi", 1, 9, 120),
            self_play("pachisi", 1, 9, 120)
        );
    }

    #[test]
    fn the_node_budget_bounds_the_search() {
        let rules =
            Arc::new(builtin_rules("pachisi", &["moves.split=true".into()]).expect("valid"));
        let eval = Evaluator::new(rules.clone(), Weights::default());
        let mut b = ExpectimaxBot::new(
            eval,
            ExpectimaxConfig {
                depth: 1,
                nodes: 500,
            },
        );
        let pos = Position::from_notation(
            &rules,
            "20,5,0,0/30,0,0,0/12,0,0,0/40,0,0,0 Ym 25 entered=YGBR",
        )
        .expect("valid position");
        let mv = b.choose(&pos);
        assert!(pos.is_legal(&rules, mv));
        // Past the budget every position is scored where it stands: one more per open node.
        assert!(b.nodes() < 1000, "{} positions", b.nodes());
    }

    #[test]
    fn ranks_every_legal_move_with_a_chance() {
        let (rules, mut b) = bot("pachisi", 1);
        let mut pos = Position::new(&rules);
        pos.apply_throw(&rules, rules.throw_by_value(25).expect("25"))
            .expect("throw");
        let ranked = b.rank(&pos).expect("estimates");
        assert_eq!(ranked.len(), pos.legal_moves(&rules).len());
        assert!(ranked.iter().all(|r| (0.0..=1.0).contains(&r.win_chance)));
        assert!(ranked
            .windows(2)
            .all(|w| w[0].win_chance >= w[1].win_chance));
    }

    #[test]
    fn deeper_search_looks_at_more_positions() {
        let (rules, mut shallow) = bot("pachisi", 0);
        let (_, mut deep) = bot("pachisi", 1);
        let pos = Position::from_notation(
            &rules,
            "20,5,0,0/30,0,0,0/12,0,0,0/40,0,0,0 Ym 3 entered=YGBR",
        )
        .expect("valid position");
        shallow.rank(&pos);
        deep.rank(&pos);
        assert!(
            deep.nodes() > shallow.nodes() * 3,
            "{} vs {}",
            deep.nodes(),
            shallow.nodes()
        );
    }
}
