//! Where each piece stands, as the evaluations read it: the tables precomputed from a ruleset
//! (each seat's squares along its route, where a piece is safe, the castles one throw from home,
//! where the routes cross, the chance that one throw moves a piece a given distance) and what they
//! say of a piece in a position ([`Standing`]: waiting, home, safe, or exposed with its chance of
//! being captured; the threat it makes; a seat's blockades). The heuristic evaluation
//! ([`crate::eval`]) weighs these per-piece features and the learned network
//! ([`crate::neural::features`]) reads them as inputs, so both sit above this module.

use pachisi_core::{Position, Rules};
use std::sync::Arc;

/// The tables of one ruleset from which a piece's standing is read.
#[derive(Clone, Debug)]
pub(crate) struct StandingTables {
    rules: Arc<Rules>,
    /// The progress of a piece home.
    home: u8,
    /// For each seat and progress: the board square (`u16::MAX` off the board).
    square: Vec<Vec<u16>>,
    /// For each seat and progress: whether no opponent may capture a piece there.
    safe: Vec<Vec<bool>>,
    /// For each seat and progress: a castle one throw from home.
    waiting: Vec<Vec<bool>>,
    /// For each seat and square: the progresses at which the seat's route passes the square.
    passes: Vec<Vec<Vec<u8>>>,
    /// For each distance: the chance that one throw moves a piece exactly that far.
    hit: Vec<f32>,
    /// Whether the rules have blockades.
    blockades: bool,
}

impl StandingTables {
    /// Builds the tables of a ruleset.
    pub(crate) fn new(rules: Arc<Rules>) -> StandingTables {
        let seats = rules.seats();
        let home = rules.home();
        let squares = rules.topology().square_count();
        let passes: Vec<Vec<Vec<u8>>> = (0..seats)
            .map(|seat| {
                let mut passes = vec![Vec::new(); squares];
                for (p, sq) in (1..).zip(rules.route(seat)) {
                    passes[usize::from(sq.0)].push(p);
                }
                passes
            })
            .collect();
        let mut square = Vec::new();
        let mut safe = Vec::new();
        let mut waiting = Vec::new();
        for seat in 0..seats {
            let progresses = 0..=home;
            square.push(
                progresses
                    .clone()
                    .map(|p| {
                        rules
                            .square_at(seat, p)
                            .map_or(u16::MAX, |s| u16::from(s.0))
                    })
                    .collect::<Vec<_>>(),
            );
            safe.push(
                progresses
                    .clone()
                    .map(|p| match rules.square_at(seat, p) {
                        None => true,
                        Some(sq) => {
                            rules.castle_at(seat, p)
                                || (0..seats).all(|other| {
                                    other == seat
                                        || passes[usize::from(other)][usize::from(sq.0)].is_empty()
                                })
                        }
                    })
                    .collect::<Vec<_>>(),
            );
            waiting.push(
                progresses
                    .map(|p| {
                        p > 0
                            && p < home
                            && rules.castle_at(seat, p)
                            && rules.outcomes().iter().any(|o| o.value == home - p)
                    })
                    .collect::<Vec<_>>(),
            );
        }
        let blockades = rules.ruleset().moves.blockades;
        let hit = hit_chances(&rules);
        StandingTables {
            rules,
            home,
            square,
            safe,
            waiting,
            passes,
            hit,
            blockades,
        }
    }

    /// The rules the tables were built for.
    pub(crate) fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The progress of a piece home.
    pub(crate) fn home(&self) -> u8 {
        self.home
    }

    /// Where a piece of `seat` (of `team`) at progress `p` stands: the per-piece features the
    /// heuristic weighs, which the network ([`crate::neural`]) reads as inputs too.
    pub(crate) fn standing(&self, pos: &Position, seat: u8, team: usize, p: u8) -> Standing {
        if self.rules.in_goal(p) {
            return Standing::Goal;
        }
        if p == 0 {
            return Standing::Waiting;
        }
        let (s, pi) = (usize::from(seat), usize::from(p));
        if self.safe[s][pi] {
            return Standing::Safe {
                waiting: self.waiting[s][pi],
            };
        }
        Standing::Exposed {
            danger: self.danger(pos, team, usize::from(self.square[s][pi])),
        }
    }

    /// The chance that a piece of `seat` (of `team`) at progress `p` can hit an opponent's piece
    /// with its next throw: for every opponent piece ahead of it on its route, off the squares
    /// where it is safe, the chance of a throw of exactly that distance, summed and capped at 1.
    /// The other side of [`StandingTables::standing`]'s danger, which the heuristic does not weigh but
    /// the network reads.
    pub(crate) fn attack(&self, pos: &Position, seat: u8, team: usize, p: u8) -> f32 {
        let rules = &*self.rules;
        let mine = &self.passes[usize::from(seat)];
        let mut chance = 0.0f32;
        for other in (0..rules.seats()).filter(|&o| usize::from(rules.team_of(o)) != team) {
            let o = usize::from(other);
            for &q in pos.pieces_of(other) {
                let qi = usize::from(q);
                if q == 0 || rules.in_goal(q) || self.safe[o][qi] {
                    continue;
                }
                let sq = usize::from(self.square[o][qi]);
                for &at in mine.get(sq).map_or(&[][..], Vec::as_slice) {
                    if at > p {
                        chance += self.hit.get(usize::from(at - p)).copied().unwrap_or(0.0);
                    }
                }
            }
        }
        chance.min(1.0)
    }

    /// Whether the rules have blockades, so that pairs of pieces count.
    pub(crate) fn blockades(&self) -> bool {
        self.blockades
    }

    /// The chance that another team can hit square `sq` with its next throw: for every one of its
    /// pieces on the board behind the square, the chance of a throw of exactly that distance,
    /// summed and capped at 1.
    fn danger(&self, pos: &Position, team: usize, sq: usize) -> f32 {
        let rules = &*self.rules;
        let mut danger = 0.0f32;
        for other in (0..usize::from(rules.teams())).filter(|&t| t != team) {
            let mut threat = 0.0f32;
            for seat in (0..rules.seats()).filter(|&s| usize::from(rules.team_of(s)) == other) {
                let passes = &self.passes[usize::from(seat)][sq];
                for &q in pos.pieces_of(seat).iter().filter(|&&q| q != 0) {
                    for &p in passes.iter().filter(|&&p| p > q) {
                        threat += self.hit.get(usize::from(p - q)).copied().unwrap_or(0.0);
                    }
                }
            }
            danger += threat;
        }
        danger.min(1.0)
    }
}

/// Where a piece stands, as the evaluations see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Standing {
    /// Not yet on the board.
    Waiting,
    /// Home, or in a goal lane where that counts as finished.
    Goal,
    /// On the board where no opponent may capture it; `waiting` on a castle one throw from home.
    Safe {
        /// On a castle one throw from home.
        waiting: bool,
    },
    /// On the board within the opponents' reach; `danger`: the chance of a capture next throw.
    Exposed {
        /// The chance that an opponent can hit the square with its next throw, capped at 1.
        danger: f32,
    },
}

/// Pairs of pieces of one seat sharing a square on the board.
pub(crate) fn blockade_count(pieces: &[u8], home: u8) -> u32 {
    let mut count = 0;
    for (i, &p) in pieces.iter().enumerate() {
        if p != 0 && p != home && pieces[..i].contains(&p) {
            count += 1;
        }
    }
    count
}

/// For every distance, the chance that one throw lets a piece move exactly that far: a throw of
/// that value, or one of two separate dice showing it.
fn hit_chances(rules: &Rules) -> Vec<f32> {
    let longest = rules.outcomes().iter().map(|o| o.value).max().unwrap_or(0);
    let mut hit = vec![0.0f32; usize::from(longest) + 1];
    for o in rules.outcomes() {
        let mut distances = vec![o.value];
        for d in o.dice {
            if d != 0 && !distances.contains(&d) {
                distances.push(d);
            }
        }
        for d in distances {
            hit[usize::from(d)] += o.probability as f32;
        }
    }
    hit
}
