//! The `mcts` bot: Monte Carlo tree search with explicit chance nodes.
//!
//! This module owns the search tree, the playouts that score its leaves and the budget that
//! bounds them; the rules come from `pachisi-core` and the scoring of unfinished games from
//! [`crate::eval`].
//!
//! # How the search works
//!
//! Every call to [`Bot::choose`] or [`Bot::rank`] grows a fresh tree from the position. A game
//! alternates two kinds of node, and the tree keeps them apart:
//!
//! - a **decision node** (`Phase::Move`) has one child per legal move, in the engine's order,
//!   created the first time the search takes that move. Selection takes the first move never
//!   tried, then the move with the highest UCT score `mean + c * sqrt(ln N / n)`, where `mean`
//!   is the average value *for the mover's team*, `N` the node's visits and `n` the child's;
//! - a **chance node** (`Phase::Throw`) has one child per throw outcome. Selection samples the
//!   outcome with its exact probability, so the visits of each child follow the throw odds and
//!   the average over them is the expectation over throws;
//! - a **finished game** (`Phase::Over`) is worth its exact result.
//!
//! Each iteration descends from the root to the first move not yet in the tree, adds its node and
//! plays out from there: moves by the rollout policy ([`Rollout`]), throws sampled with their
//! probabilities, until the game ends or after [`MctsConfig::cutoff`] throws, when the evaluation
//! ([`Evaluator::evaluate`]) scores the position. The score is a vector with every team's
//! winning chance. The whole vector is added to every node on the path, so each node can read its
//! own mover's component: the same tree serves two partnerships and three or four players who
//! each play alone, and a seat that makes several moves in a row (a Parcheesi throw of two dice)
//! simply has several decision nodes in a row.
//!
//! After the budget, [`Bot::choose`] plays the root move with the most visits, and
//! [`Bot::rank`] reports the mean value of every root move.
//!
//! # Cost
//!
//! The tree lives in an arena of small nodes (values, visits and where the children are) that is
//! reused from one call to the next; positions are not stored but replayed along the path as the
//! search descends, which is as cheap as copying them and keeps nodes small (64 bytes). Move
//! lists are reused as well, so the search itself allocates nothing once the arena has grown.
//!
//! # Determinism
//!
//! The random number generator is seeded once when the bot is built and advances with every
//! search, so a bot built with the same seed, given the same positions in the same order with a
//! playout budget, plays the same moves. A time budget makes the number of playouts, and so the
//! moves, depend on the machine.

use crate::{after, sort_ranked, Bot, Evaluator, RankedMove, Values};
use pachisi_core::plain::{PlainMove, MAX_PLAIN_MOVES};
use pachisi_core::{Move, Phase, PlainGame, Position, RandomBits, Rules, Throw};
use pachisi_sim::Draws;
use std::time::{Duration, Instant};

/// How playouts choose moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly at random.
    Random,
    /// The heuristic bot's move: the one after which the evaluation gives the mover's team the
    /// best winning chance.
    Heuristic,
}

/// The settings of a Monte Carlo tree search.
#[derive(Clone, Debug, PartialEq)]
pub struct MctsConfig {
    /// Playouts per move (ignored when [`MctsConfig::time`] is set).
    pub playouts: u32,
    /// A time budget per move instead of the playout count.
    pub time: Option<Duration>,
    /// The UCT exploration constant `c`.
    pub exploration: f64,
    /// Throws after which a playout stops and the evaluation scores it (0: play to the end).
    pub cutoff: u32,
    /// How playouts choose moves.
    pub rollout: Rollout,
}

impl MctsConfig {
    /// Default playouts per move: about 1.5 ms per move with a choice in 4-player Pachisi and
    /// 6 to 9 ms under Parcheesi's dice (whose move generation costs more), on one core of a
    /// busy 2-core Xeon virtual machine.
    pub const DEFAULT_PLAYOUTS: u32 = 500;
    /// Default exploration constant. Values are winning chances, whose differences between
    /// moves are small, so a low constant lets the visits settle on the best move sooner; 0.3
    /// did better against `heuristic` than 0.15 and 0.6.
    pub const DEFAULT_EXPLORATION: f64 = 0.3;
    /// Default playout length in throws. Longer heuristic playouts made the bot weaker (the
    /// evaluation probably already prices the next throw's risks, and each throw adds noise):
    /// one throw did best, 8 much worse.
    pub const DEFAULT_CUTOFF: u32 = 1;
}

impl Default for MctsConfig {
    /// The defaults of the `mcts` spec: [`MctsConfig::DEFAULT_PLAYOUTS`] playouts with heuristic
    /// rollouts cut off after [`MctsConfig::DEFAULT_CUTOFF`] throws.
    fn default() -> Self {
        MctsConfig {
            playouts: MctsConfig::DEFAULT_PLAYOUTS,
            time: None,
            exploration: MctsConfig::DEFAULT_EXPLORATION,
            cutoff: MctsConfig::DEFAULT_CUTOFF,
            rollout: Rollout::Heuristic,
        }
    }
}

/// Marks a child not yet in the tree.
const NONE: u32 = u32::MAX;

/// Throws after which a playout without a cutoff stops anyway. Random play finishes the built-in
/// rulesets in 170 to 1,700 throws on average (docs/performance.md), so this only guards against
/// a ruleset where play could go round in circles.
const MAX_PLAYOUT_THROWS: u32 = 100_000;

/// The most memory the tree may take, nodes and child slots together. The search stops early
/// when it is full: only budgets of millions of playouts reach it, and it keeps a long time
/// budget from exhausting memory.
const MAX_TREE_BYTES: usize = 256 << 20;

/// The deepest path a descent follows. Chains of throws that earn another throw make paths
/// longer than the number of moves, but never by this much in a real game; it guards the loop.
const MAX_DEPTH: usize = 10_000;

/// Playouts between two looks at the clock under a time budget: reading the clock costs about
/// as much as a short playout.
const CLOCK_EVERY: u32 = 8;

/// Monte Carlo tree search with explicit chance nodes (see the [module docs](self)).
pub struct MctsBot {
    eval: Evaluator,
    config: MctsConfig,
    tree: Tree,
}

impl MctsBot {
    /// An MCTS bot scoring playouts with `eval`; `seed` drives its throws and random choices.
    pub fn new(eval: Evaluator, config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot {
            eval,
            config,
            tree: Tree::new(seed),
        }
    }

    /// The settings in use.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }
}

impl Bot for MctsBot {
    fn choose(&mut self, pos: &Position) -> Move {
        let rules = self.eval.rules();
        pos.legal_moves_into(rules, &mut self.tree.moves);
        match self.tree.moves.as_slice() {
            // A forced move needs no search (and most Pachisi turns have one).
            [] => return Move::Pass,
            [only] => return *only,
            _ => {}
        }
        self.tree.search(&self.eval, &self.config, pos);
        self.tree
            .best_root_move(usize::from(rules.team_of(pos.to_move())))
    }

    fn rank(&mut self, pos: &Position) -> Option<Vec<RankedMove>> {
        let rules = self.eval.rules();
        if pos.phase() != Phase::Move {
            return Some(vec![RankedMove {
                mv: Move::Pass,
                win_chance: self.eval.evaluate(pos)[usize::from(rules.team_of(pos.to_move()))],
            }]);
        }
        self.tree.search(&self.eval, &self.config, pos);
        let team = usize::from(rules.team_of(pos.to_move()));
        let root = self.tree.nodes[0];
        let mut ranked: Vec<RankedMove> = self.tree.slots[root.children()]
            .iter()
            .map(|slot| RankedMove {
                mv: slot.mv,
                win_chance: match self.tree.child(slot) {
                    Some(child) => child.mean(team),
                    // Never tried (a budget smaller than the number of moves): the heuristic's
                    // estimate is the best there is.
                    None => self.eval.evaluate(&after(rules, pos, slot.mv))[team],
                },
            })
            .collect();
        sort_ranked(&mut ranked);
        Some(ranked)
    }
}

/// A node of the tree. Which kind it is follows from the position it stands for, which the
/// search replays on the way down rather than stores.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Every team's value summed over the playouts through the node.
    sum: Values,
    /// Playouts through the node.
    visits: u32,
    /// The first of the node's child slots in [`Tree::slots`].
    first: u32,
    /// How many child slots it has: legal moves or throw outcomes; 0 until it is expanded.
    len: u32,
}

impl Node {
    const NEW: Node = Node {
        sum: [0.0; pachisi_core::ruleset::MAX_SEATS],
        visits: 0,
        first: 0,
        len: 0,
    };

    /// The slots of its children in [`Tree::slots`].
    fn children(&self) -> std::ops::Range<usize> {
        let first = self.first as usize;
        first..first + self.len as usize
    }

    /// A team's mean value over the node's playouts.
    fn mean(&self, team: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sum[team] / f64::from(self.visits)
        }
    }
}

/// The edge to a child: the move that leads there (at a decision node; a chance node's slot is
/// the throw of the same index), and the child's node once it is in the tree.
#[derive(Clone, Copy, Debug)]
struct Slot {
    mv: Move,
    child: u32,
}

/// What selection found at a decision node.
enum Selected {
    /// A move never tried: its slot.
    New(usize),
    /// The best child already in the tree: its slot and node.
    Known(usize, usize),
}

/// The search's state, kept between calls so that its buffers are reused and its random number
/// generator advances.
struct Tree {
    nodes: Vec<Node>,
    slots: Vec<Slot>,
    /// The nodes of the current descent, for backpropagation.
    path: Vec<u32>,
    /// Move generation buffer.
    moves: Vec<Move>,
    /// The random numbers of the playouts and chance nodes (the simulation's fast generator).
    draws: Draws,
}

impl Tree {
    fn new(seed: u64) -> Tree {
        Tree {
            nodes: Vec::new(),
            slots: Vec::new(),
            path: Vec::new(),
            moves: Vec::new(),
            draws: Draws::new(seed),
        }
    }

    /// The child's node, once it is in the tree.
    fn child(&self, slot: &Slot) -> Option<&Node> {
        (slot.child != NONE).then(|| &self.nodes[slot.child as usize])
    }

    /// Grows a fresh tree from `root` (waiting for a move) until the budget is spent.
    fn search(&mut self, eval: &Evaluator, config: &MctsConfig, root: &Position) {
        self.nodes.clear();
        self.slots.clear();
        self.nodes.push(Node::NEW);
        self.expand_decision(eval, 0, root);
        let start = Instant::now();
        // Every root move gets one playout even under a time budget, so each has an estimate.
        let at_least = self.nodes[0].len;
        let mut done = 0u32;
        loop {
            let spent = match config.time {
                Some(limit) => {
                    done >= at_least && done % CLOCK_EVERY == 0 && start.elapsed() >= limit
                }
                None => done >= config.playouts,
            };
            if spent || self.bytes() >= MAX_TREE_BYTES {
                break;
            }
            self.iterate(eval, config, root);
            done = done.saturating_add(1);
        }
    }

    /// The memory the tree takes.
    fn bytes(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node>()
            + self.slots.len() * std::mem::size_of::<Slot>()
    }

    /// Adds a decision node's children slots, one per legal move.
    fn expand_decision(&mut self, eval: &Evaluator, node: usize, pos: &Position) {
        pos.legal_moves_into(eval.rules(), &mut self.moves);
        if self.moves.is_empty() {
            self.moves.push(Move::Pass);
        }
        self.nodes[node].first = self.slots.len() as u32;
        self.nodes[node].len = self.moves.len() as u32;
        self.slots
            .extend(self.moves.iter().map(|&mv| Slot { mv, child: NONE }));
    }

    /// Adds a chance node's children slots, one per throw outcome.
    fn expand_chance(&mut self, eval: &Evaluator, node: usize) {
        let outcomes = eval.rules().outcomes().len();
        self.nodes[node].first = self.slots.len() as u32;
        self.nodes[node].len = outcomes as u32;
        let slot = Slot {
            mv: Move::Pass,
            child: NONE,
        };
        self.slots.resize(self.slots.len() + outcomes, slot);
    }

    /// Adds a node to the arena and links it from `slot`.
    fn add_child(&mut self, slot: usize) -> usize {
        let node = self.nodes.len();
        self.nodes.push(Node::NEW);
        self.slots[slot].child = node as u32;
        node
    }

    /// One descent, playout and backpropagation.
    fn iterate(&mut self, eval: &Evaluator, config: &MctsConfig, root: &Position) {
        let rules = eval.rules();
        let mut pos = *root;
        let mut at = 0usize;
        self.path.clear();
        let value = loop {
            self.path.push(at as u32);
            if self.path.len() > MAX_DEPTH {
                break eval.evaluate(&pos);
            }
            match pos.phase() {
                Phase::Over => break eval.evaluate(&pos),
                Phase::Throw => {
                    if self.nodes[at].len == 0 {
                        self.expand_chance(eval, at);
                    }
                    let throw = rules.draw_throw(&mut self.draws);
                    if pos.apply_throw(rules, throw).is_err() {
                        // Cannot happen (the phase is Throw and the throw is an outcome); score
                        // the position rather than loop.
                        break eval.evaluate(&pos);
                    }
                    let slot = self.nodes[at].first as usize + usize::from(throw.0);
                    // A throw leads to no choice of its own: the descent goes on through new
                    // outcomes, so every playout starts after a move the tree has tried.
                    at = match self.slots[slot].child {
                        NONE => self.add_child(slot),
                        child => child as usize,
                    };
                }
                Phase::Move => {
                    if self.nodes[at].len == 0 {
                        self.expand_decision(eval, at, &pos);
                    }
                    let team = usize::from(rules.team_of(pos.to_move()));
                    match self.select(at, team, config.exploration) {
                        Selected::New(slot) => {
                            pos.play_unchecked(rules, self.slots[slot].mv);
                            let child = self.add_child(slot);
                            self.path.push(child as u32);
                            break self.playout(eval, config, pos);
                        }
                        Selected::Known(slot, child) => {
                            pos.play_unchecked(rules, self.slots[slot].mv);
                            at = child;
                        }
                    }
                }
            }
        };
        let teams = usize::from(rules.teams());
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            for (sum, v) in node.sum[..teams].iter_mut().zip(&value[..teams]) {
                *sum += v;
            }
        }
    }

    /// UCT at a decision node whose mover plays for `team`: the first move never tried, else the
    /// best `mean + c * sqrt(ln N / n)`, the first of equals in the engine's order.
    fn select(&self, node: usize, team: usize, exploration: f64) -> Selected {
        let parent = &self.nodes[node];
        let log_n = f64::from(parent.visits.max(1)).ln();
        let mut best = (f64::NEG_INFINITY, 0, 0);
        for slot in parent.children() {
            let child = self.slots[slot].child;
            if child == NONE {
                return Selected::New(slot);
            }
            let c = &self.nodes[child as usize];
            let n = f64::from(c.visits.max(1));
            let score = c.sum[team] / n + exploration * (log_n / n).sqrt();
            // Node 0 is the root, never a child: it marks no choice yet, so that even a score
            // that is not a number selects a real child.
            if score > best.0 || best.2 == 0 {
                best = (score, slot, child as usize);
            }
        }
        Selected::Known(best.1, best.2)
    }

    /// Plays on from a new leaf and scores the result for every team.
    fn playout(&mut self, eval: &Evaluator, config: &MctsConfig, pos: Position) -> Values {
        let rules = eval.rules();
        let limit = if config.cutoff == 0 {
            MAX_PLAYOUT_THROWS
        } else {
            config.cutoff
        };
        // Heuristic playouts (the default) need the general position: no compact game is made.
        let plain = match config.rollout {
            Rollout::Random => PlainGame::from_position(rules, &pos),
            Rollout::Heuristic => None,
        };
        let end = match plain {
            Some(mut game) => self.random_plain_playout(rules, &mut game, limit),
            None => self.general_playout(eval, config.rollout, pos, limit),
        };
        eval.evaluate(&end)
    }

    /// Plays on from `pos` for at most `limit` throws, choosing moves as `rollout` says; returns
    /// where it stopped.
    fn general_playout(
        &mut self,
        eval: &Evaluator,
        rollout: Rollout,
        mut pos: Position,
        limit: u32,
    ) -> Position {
        let rules = eval.rules();
        let mut throws = 0u32;
        loop {
            match pos.phase() {
                Phase::Over => break,
                Phase::Throw => {
                    if throws >= limit {
                        break;
                    }
                    throws += 1;
                    let throw: Throw = rules.draw_throw(&mut self.draws);
                    if pos.apply_throw(rules, throw).is_err() {
                        break;
                    }
                }
                Phase::Move => {
                    pos.legal_moves_into(rules, &mut self.moves);
                    let mv = match (self.moves.as_slice(), rollout) {
                        ([], _) => Move::Pass,
                        ([only], _) => *only,
                        (moves, Rollout::Random) => {
                            moves[self.draws.below(moves.len() as u32) as usize]
                        }
                        (moves, Rollout::Heuristic) => eval.best_move(&pos, moves),
                    };
                    pos.play_unchecked(rules, mv);
                }
            }
        }
        pos
    }

    /// A random playout on the compact [`PlainGame`], where the rules allow one: the same throws
    /// and choices from the same draws as [`Tree::general_playout`], so the same
    /// game, several times quicker. Returns where it stopped.
    fn random_plain_playout(
        &mut self,
        rules: &Rules,
        game: &mut PlainGame,
        limit: u32,
    ) -> Position {
        let mut legal = [PlainMove::PASS; MAX_PLAIN_MOVES];
        let mut throws = 0u32;
        loop {
            match game.phase() {
                Phase::Over => break,
                Phase::Throw => {
                    if throws >= limit {
                        break;
                    }
                    throws += 1;
                    if game.apply_throw(rules.draw_throw(&mut self.draws)).is_err() {
                        break;
                    }
                }
                Phase::Move => {
                    // A pass is always among them, so there is at least one.
                    let n = game.legal_codes(&mut legal);
                    game.play_code(legal[self.draws.below(n as u32) as usize]);
                }
            }
        }
        game.to_position()
    }

    /// The root move with the most visits; among equals the higher mean for `team`, then the
    /// first in the engine's order.
    fn best_root_move(&self, team: usize) -> Move {
        let root = &self.nodes[0];
        let mut best: Option<(u32, f64, Move)> = None;
        for slot in &self.slots[root.children()] {
            let (visits, mean) = self
                .child(slot)
                .map_or((0, f64::NEG_INFINITY), |c| (c.visits, c.mean(team)));
            let better = match best {
                None => true,
                Some((v, m, _)) => visits > v || (visits == v && mean > m),
            };
            if better {
                best = Some((visits, mean, slot.mv));
            }
        }
        best.map_or(Move::Pass, |(_, _, mv)| mv)
    }
}

#[cfg(test)]
mod tests;
