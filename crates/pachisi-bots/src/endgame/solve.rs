//! The graph of a table's positions and its solution: positions enumerated from the turn starts
//! through the engine's throws and moves, then the Bellman equations solved by Gauss-Seidel
//! iteration.
//!
//! A position is stored as a 128-bit hash of its canonical form, not the position itself (some
//! 250 bytes): two of three million positions share a hash with a chance near 10⁻²⁶.

use super::{BuildProgress, EndgameError};
use crate::{after, legal_moves};
use pachisi_core::{Phase, Position, Rules, Throw};
use rustc_hash::FxHashMap;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// Node of the first team's win, value 1.
const WON_0: u32 = 0;
/// Node of the second team's win, value 0.
const WON_1: u32 = 1;

/// What a node's value is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A team has won.
    Over,
    /// A throw: the mean over the outcomes, in the rules' order.
    Chance,
    /// The first team moves: the largest child.
    Max,
    /// The second team moves: the smallest child.
    Min,
}

/// Every position of a table with its children and value.
pub(super) struct Graph {
    index: FxHashMap<u128, u32>,
    kind: Vec<Kind>,
    /// Where each node's children start in `edges`, and how many.
    start: Vec<u32>,
    count: Vec<u16>,
    edges: Vec<u32>,
    /// The pieces' total progress, to solve the farthest positions first.
    order_key: Vec<u16>,
    values: Vec<f64>,
    /// The rules' outcome probabilities.
    probabilities: Vec<f64>,
}

impl Default for Graph {
    fn default() -> Graph {
        Graph {
            index: FxHashMap::default(),
            kind: vec![Kind::Over, Kind::Over],
            start: vec![0, 0],
            count: vec![0, 0],
            edges: Vec::new(),
            order_key: vec![u16::MAX, u16::MAX],
            values: vec![1.0, 0.0],
            probabilities: Vec::new(),
        }
    }
}

/// The key of a canonical position.
fn key(pos: &Position) -> u128 {
    // Two SipHash streams with fixed keys, told apart by a leading byte.
    let mut a = DefaultHasher::new();
    pos.hash(&mut a);
    let mut b = DefaultHasher::new();
    0xa5u8.hash(&mut b);
    pos.hash(&mut b);
    u128::from(a.finish()) << 64 | u128::from(b.finish())
}

fn progress_sum(rules: &Rules, pos: &Position) -> u16 {
    (0..rules.seats())
        .flat_map(|s| pos.pieces_of(s).iter())
        .map(|&p| u16::from(p))
        .sum()
}

impl Graph {
    /// Positions stored, the two game-over nodes aside.
    pub(super) fn len(&self) -> usize {
        self.kind.len() - 2
    }

    /// The value of a canonical position, if stored.
    pub(super) fn value_of(&self, pos: &Position) -> Option<f64> {
        let &id = self.index.get(&key(pos))?;
        Some(self.values[id as usize])
    }

    /// Adds every position reachable from `starts` (canonical forms); each must be in the
    /// domain or won.
    pub(super) fn explore(
        &mut self,
        rules: &Rules,
        starts: impl Iterator<Item = Position>,
        domain: &mut dyn FnMut(&Position) -> bool,
        limit: usize,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<(), EndgameError> {
        self.probabilities = rules.outcomes().iter().map(|o| o.probability).collect();
        let mut stack: Vec<(Position, u32)> = Vec::new();
        let mut children: Vec<Position> = Vec::new();
        for s in starts {
            let s = s.canonical();
            if !domain(&s) || self.index.contains_key(&key(&s)) {
                continue;
            }
            let id = self.add(rules, &s, limit)?;
            stack.push((s, id));
            while let Some((pos, id)) = stack.pop() {
                children.clear();
                let kind = match pos.phase() {
                    Phase::Throw => {
                        for t in 0..rules.outcomes().len() {
                            let mut child = pos;
                            // The phase is Throw and the index an outcome: this cannot fail.
                            let _ = child.apply_throw(rules, Throw(t as u8));
                            children.push(child);
                        }
                        Kind::Chance
                    }
                    _ => {
                        for mv in legal_moves(rules, &pos) {
                            children.push(after(rules, &pos, mv));
                        }
                        if rules.team_of(pos.to_move()) == 0 {
                            Kind::Max
                        } else {
                            Kind::Min
                        }
                    }
                };
                self.kind[id as usize] = kind;
                self.start[id as usize] = self.edges.len() as u32;
                self.count[id as usize] = children.len() as u16;
                for child in &children {
                    let child = child.canonical();
                    let c = match child.winner() {
                        Some(0) => WON_0,
                        Some(_) => WON_1,
                        None => {
                            if !domain(&child) {
                                return Err(EndgameError::LeftDomain(format!(
                                    "{} after {}",
                                    child.to_notation(rules),
                                    pos.to_notation(rules)
                                )));
                            }
                            match self.index.get(&key(&child)) {
                                Some(&c) => c,
                                None => {
                                    let c = self.add(rules, &child, limit)?;
                                    stack.push((child, c));
                                    c
                                }
                            }
                        }
                    };
                    self.edges.push(c);
                }
                if self.len() % 65_536 == 0 {
                    progress(BuildProgress::Enumerating(self.len()));
                }
            }
        }
        progress(BuildProgress::Enumerating(self.len()));
        Ok(())
    }

    /// A new node for a canonical position, its children to come.
    fn add(&mut self, rules: &Rules, pos: &Position, limit: usize) -> Result<u32, EndgameError> {
        if self.len() >= limit {
            return Err(EndgameError::TooLarge {
                limit,
                what: "positions reachable from the turn starts".into(),
            });
        }
        let id = self.kind.len() as u32;
        self.index.insert(key(pos), id);
        self.kind.push(Kind::Chance);
        self.start.push(0);
        self.count.push(0);
        self.order_key.push(progress_sum(rules, pos));
        self.values.push(0.5);
        Ok(id)
    }

    /// The right-hand side of node `id`'s Bellman equation at the current values.
    fn backup(&self, id: usize) -> f64 {
        let from = self.start[id] as usize;
        let children = &self.edges[from..from + usize::from(self.count[id])];
        let values = children.iter().map(|&c| self.values[c as usize]);
        match self.kind[id] {
            Kind::Over => self.values[id],
            Kind::Chance => values.zip(&self.probabilities).map(|(v, p)| p * v).sum(),
            Kind::Max => values.fold(0.0, f64::max),
            Kind::Min => values.fold(1.0, f64::min),
        }
    }

    /// Solves the Bellman equations: sweeps the nodes, farthest first, until no value changes
    /// by more than 10⁻¹³. Returns the sweeps made and the largest residual left.
    pub(super) fn solve(&mut self, progress: &mut dyn FnMut(BuildProgress)) -> (u32, f64) {
        const TOLERANCE: f64 = 1e-13;
        const MAX_SWEEPS: u32 = 20_000;
        let mut order: Vec<u32> = (2..self.kind.len() as u32).collect();
        // Pieces only go forward in a race (a bounce from home aside), so a position's children
        // are mostly as far or farther: solving those first settles most values in one sweep,
        // and only the cycles of passes take more.
        order.sort_by_key(|&id| std::cmp::Reverse(self.order_key[id as usize]));
        let mut sweeps = 0;
        loop {
            let mut change: f64 = 0.0;
            for &id in &order {
                let v = self.backup(id as usize);
                change = change.max((v - self.values[id as usize]).abs());
                self.values[id as usize] = v;
            }
            sweeps += 1;
            progress(BuildProgress::Sweep(sweeps, change));
            if change < TOLERANCE || sweeps >= MAX_SWEEPS {
                break;
            }
        }
        (sweeps, self.residual())
    }

    /// The largest difference between a node's value and its Bellman equation's right side.
    pub(super) fn residual(&self) -> f64 {
        (2..self.kind.len())
            .map(|id| (self.backup(id) - self.values[id]).abs())
            .fold(0.0, f64::max)
    }
}
