//! Exact endgame tables: the endings between two sides with few pieces left, solved.
//!
//! A position is in a table's domain ([`EndgameTable::in_domain`]) when the rules have exactly
//! two teams, the game is not over, and each team has between 1 and [`EndgameTable::pieces`]
//! pieces left to bring home (the rest are home). A table of [`Domain::Race`] asks more: **every
//! piece left of at least one team stands in its home lane** (past the square where its route
//! turns home, [`Rules::turn_home`]). No opponent ever stands in a seat's lane, so from then on
//! no piece can capture, block or be captured by the other side: the ending is a race, whatever
//! the other team's pieces do (they may still wait to enter, go round the track, or stand in
//! their own lanes). A table of [`Domain::Meeting`] holds every placement of the pieces left,
//! anywhere: the sides may still capture and block each other, and a capture only sends a piece
//! back to wait, still one of its side's pieces left, so the domain is closed under play as the
//! race's is. It is larger by far (the track squared per piece), so it reaches fewer pieces.
//!
//! The table is built by retrograde analysis over the engine's own moves and throws: every
//! domain position at the start of a turn (each placement of the pieces left, each seat to
//! throw) and everything reachable from them (throws with their exact probabilities, every legal
//! move, extra throws, streaks and passes, exactly as [`Position::apply_throw`] and
//! [`Position::play`] have them) is enumerated, positions stored once under their canonical form
//! ([`Position::canonical`]). The value of a position is the first team's chance of winning with
//! best play by both sides: at a throw, the mean of its outcomes; at a decision, the best child
//! for the mover's team; once a team has won, 1 or 0. Passes make the graph cyclic (both sides
//! can fail to move), so the values are found by Gauss-Seidel iteration, farthest positions
//! first, to a change below 10⁻¹³; the build reports the largest Bellman residual left.
//!
//! Rulesets out of reach, with the reason ([`EndgameError`]): more than two teams; the goal in
//! the lane (`finish.goal = "lane"`: a piece in the lane has finished, so the domain is empty);
//! an opening throw or captures needed before going home (a seat's state is more than its
//! pieces); for races, a third doublet that sends a piece back from its lane (Parcheesi SR and
//! MB: the race is never closed; their meeting tables have no such limit); and tables above [`EndgameTable::MAX_POSITIONS`] positions (memory).
//!
//! Bots use a table through their evaluation ([`crate::Evaluator::with_endgame`]): `heuristic`,
//! `neural` and `expectimax` take the option `endgame=N` (the race table for N pieces a side,
//! built once per process and ruleset by [`shared`]; with `endgame-domain=meeting` the meeting
//! table), and then score every domain position by its exact value.

mod configs;
pub mod measure;
mod solve;
#[cfg(test)]
mod tests;

use crate::{legal_moves, RankedMove, Values};
use configs::Configs;
use pachisi_core::ruleset::ThirdDoublet;
use pachisi_core::{Phase, Position, Rules};
use solve::Graph;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// Why a ruleset has no endgame table.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum EndgameError {
    /// The rules have more or fewer than two teams.
    #[error(
        "the tables cover two sides, and these rules have {0} teams (for two players opposite \
         each other: --set players.seats=[0,2] --set players.colours=[])"
    )]
    Teams(u8),
    /// A rule that makes a seat's state more than its pieces, or empties the domain.
    #[error("{0}")]
    Unsupported(&'static str),
    /// The piece count asked for is 0 or above the seats' pieces.
    #[error("pieces per side must be from 1 to {max}, not {asked}")]
    Pieces {
        /// The count asked for.
        asked: u8,
        /// The largest that makes sense (the pieces of a team).
        max: u8,
    },
    /// The table would be larger than the memory allowed for it.
    #[error("out of reach: more than {limit} positions ({what}); try fewer pieces per side")]
    TooLarge {
        /// The limit.
        limit: usize,
        /// What was counted when it was exceeded.
        what: String,
    },
    /// A position reached from the domain left it (a rule moved a piece out of its lane).
    #[error(
        "out of reach: a piece leaves its lane (a bounce from home, or a penalty), so the race \
         is not closed: {0}"
    )]
    LeftDomain(String),
}

/// Which endings a table holds (see the [module docs](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Domain {
    /// Races: every piece left of at least one side in its home lane, so the sides can no
    /// longer meet.
    #[default]
    Race,
    /// Every placement of the pieces left: the sides may still capture and block each other.
    Meeting,
}

impl Domain {
    /// Both domains, with their names.
    pub const ALL: [(Domain, &'static str); 2] =
        [(Domain::Race, "race"), (Domain::Meeting, "meeting")];

    /// The domain called `name`.
    pub fn from_name(name: &str) -> Option<Domain> {
        Self::ALL.iter().find(|(_, n)| *n == name).map(|(d, _)| *d)
    }
}

/// What a build counted and how long it took.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TableStats {
    /// Positions at the start of a turn enumerated as the domain.
    pub starts: usize,
    /// Positions stored (canonical), every one reachable from the starts, game-over ones aside.
    pub positions: usize,
    /// Gauss-Seidel sweeps made.
    pub sweeps: u32,
    /// The largest Bellman residual left after the last sweep.
    pub residual: f64,
    /// Seconds to enumerate the positions.
    pub enumerate_seconds: f64,
    /// Seconds to solve them.
    pub solve_seconds: f64,
}

/// What a build is doing, for progress reports.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BuildProgress {
    /// Positions enumerated so far.
    Enumerating(usize),
    /// A sweep done, and the largest change it made.
    Sweep(u32, f64),
}

/// The exact values of every ending of its domain with at most `pieces` pieces left a side, for
/// one ruleset.
pub struct EndgameTable {
    rules: Arc<Rules>,
    pieces: u8,
    domain: Domain,
    configs: Configs,
    graph: Graph,
    stats: TableStats,
}

impl std::fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EndgameTable")
            .field("ruleset", &self.rules.ruleset().name)
            .field("pieces", &self.pieces)
            .field("domain", &self.domain)
            .field("stats", &self.stats)
            .finish()
    }
}

impl EndgameTable {
    /// Pieces a side in the tables that bots and commands use unless told otherwise.
    pub const DEFAULT_PIECES: u8 = 2;
    /// Most positions a table may hold: about 150 bytes each while it is built (the index, the
    /// children, the values), so some 300 MB at most.
    pub const MAX_POSITIONS: usize = 2_000_000;

    /// Whether the rules allow tables of `domain` at all, and why not.
    ///
    /// # Errors
    /// The reason the rules are out of reach.
    pub fn check(rules: &Rules, domain: Domain) -> Result<(), EndgameError> {
        let r = rules.ruleset();
        if rules.teams() != 2 {
            return Err(EndgameError::Teams(rules.teams()));
        }
        if rules.goal_in_lane() {
            return Err(EndgameError::Unsupported(
                "the goal is in the lane (finish.goal = \"lane\"): a piece in its lane has \
                 finished, so no race in the lanes is left to play",
            ));
        }
        if !r.turn.opening.is_empty() {
            return Err(EndgameError::Unsupported(
                "an opening throw (turn.opening) makes a seat's state more than its pieces",
            ));
        }
        if domain == Domain::Race && r.doubles.enabled && r.doubles.third == ThirdDoublet::SendBack
        {
            return Err(EndgameError::Unsupported(
                "the third doublet sends the piece closest to home back to the start \
                 (doubles.third = \"send-back\"), out of its lane: no ending is a race",
            ));
        }
        if r.capture.before_home {
            return Err(EndgameError::Unsupported(
                "captures needed before going home (capture.before_home) make a seat's state \
                 more than its pieces",
            ));
        }
        Ok(())
    }

    /// Builds the table of every ending of `domain` with 1 to `pieces` pieces left a side,
    /// reporting progress.
    ///
    /// # Errors
    /// Rules out of reach ([`EndgameTable::check`]), a piece count out of range, or a table
    /// larger than [`EndgameTable::MAX_POSITIONS`].
    pub fn build(
        rules: Arc<Rules>,
        pieces: u8,
        domain: Domain,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<EndgameTable, EndgameError> {
        Self::build_limited(rules, pieces, domain, Self::MAX_POSITIONS, progress)
    }

    /// [`EndgameTable::build`] with another limit on the positions.
    ///
    /// # Errors
    /// As [`EndgameTable::build`].
    pub fn build_limited(
        rules: Arc<Rules>,
        pieces: u8,
        domain: Domain,
        limit: usize,
        progress: &mut dyn FnMut(BuildProgress),
    ) -> Result<EndgameTable, EndgameError> {
        Self::check(&rules, domain)?;
        let max = rules
            .pieces()
            .saturating_mul(rules.team_seats(0).count_ones() as u8);
        if pieces == 0 || pieces > max {
            return Err(EndgameError::Pieces { asked: pieces, max });
        }
        let configs = Configs::new(&rules, pieces, domain);
        let starts = configs.starts();
        if starts > limit {
            return Err(EndgameError::TooLarge {
                limit,
                what: format!("{starts} positions at the start of a turn alone"),
            });
        }
        let clock = Instant::now();
        let mut graph = Graph::default();
        let mut inside = |pos: &Position| in_domain(&rules, pieces, domain, pos);
        let mut starts = 0;
        let start_positions = configs.positions(&rules).inspect(|_| starts += 1);
        graph.explore(&rules, start_positions, &mut inside, limit, progress)?;
        let enumerate_seconds = clock.elapsed().as_secs_f64();
        let clock = Instant::now();
        let (sweeps, residual) = graph.solve(progress);
        let stats = TableStats {
            starts,
            positions: graph.len(),
            sweeps,
            residual,
            enumerate_seconds,
            solve_seconds: clock.elapsed().as_secs_f64(),
        };
        Ok(EndgameTable {
            rules,
            pieces,
            domain,
            configs,
            graph,
            stats,
        })
    }

    /// The rules of the table.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// Most pieces left a side.
    pub fn pieces(&self) -> u8 {
        self.pieces
    }

    /// Which endings the table holds.
    pub fn domain(&self) -> Domain {
        self.domain
    }

    /// What the build counted.
    pub fn stats(&self) -> &TableStats {
        &self.stats
    }

    /// Whether `pos` is in the domain of the table (see the module documentation).
    pub fn in_domain(&self, pos: &Position) -> bool {
        in_domain(&self.rules, self.pieces, self.domain, pos)
    }

    /// The first team's exact winning chance in `pos`, with best play by both sides; `None`
    /// outside the domain, and for the rare domain position no turn start of the domain leads
    /// to (a turn that came into the domain with state of its own, such as a streak).
    pub fn value(&self, pos: &Position) -> Option<f64> {
        if !self.in_domain(pos) {
            return None;
        }
        self.graph.value_of(&pos.canonical())
    }

    /// Every team's exact winning chance in `pos` (as [`EndgameTable::value`]).
    pub fn values(&self, pos: &Position) -> Option<Values> {
        let v = self.value(pos)?;
        let mut values = [0.0; pachisi_core::ruleset::MAX_SEATS];
        values[0] = v;
        values[1] = 1.0 - v;
        Some(values)
    }

    /// The exact value of a position after a move or throw: 1 or 0 once a team has won, else
    /// the table's value.
    pub(crate) fn child_value(&self, pos: &Position) -> Option<f64> {
        match pos.winner() {
            Some(team) => Some(if team == 0 { 1.0 } else { 0.0 }),
            None => self.value(pos),
        }
    }

    /// Every legal move of a position waiting for a move, with the mover's team's exact
    /// winning chance after it, best first; `None` outside the table.
    pub fn rank(&self, pos: &Position) -> Option<Vec<RankedMove>> {
        if pos.phase() != Phase::Move {
            return None;
        }
        self.value(pos)?;
        let team = self.rules.team_of(pos.to_move());
        let mut ranked = Vec::new();
        for mv in legal_moves(&self.rules, pos) {
            let v = self.child_value(&crate::after(&self.rules, pos, mv))?;
            ranked.push(RankedMove {
                mv,
                win_chance: if team == 0 { v } else { 1.0 - v },
            });
        }
        crate::sort_ranked(&mut ranked);
        Some(ranked)
    }
}

/// Whether `pos` is an ending of `domain` with 1 to `pieces` pieces left a side (see the module
/// documentation).
pub(crate) fn in_domain(rules: &Rules, pieces: u8, domain: Domain, pos: &Position) -> bool {
    if rules.teams() != 2 || pos.phase() == Phase::Over || pos.winner().is_some() {
        return false;
    }
    let home = rules.home();
    let lane = rules.turn_home();
    let mut left = [0u8; 2];
    let mut in_lanes = [true; 2];
    for seat in 0..rules.seats() {
        if pos.in_first_turn(seat) {
            return false;
        }
        let team = usize::from(rules.team_of(seat));
        for &p in pos.pieces_of(seat) {
            if p != home {
                left[team] += 1;
                in_lanes[team] &= p > lane;
            }
        }
    }
    left.iter().all(|&n| (1..=pieces).contains(&n))
        && (domain == Domain::Meeting || in_lanes[0] || in_lanes[1])
}

/// The table of `domain` for `rules` and `pieces`, built on first use and kept for the life of
/// the process (one per ruleset, piece count and domain); `None` where the rules are out of
/// reach. The first call for a ruleset takes the table's build time (docs/endgames.md).
pub fn shared(rules: &Arc<Rules>, pieces: u8, domain: Domain) -> Option<Arc<EndgameTable>> {
    type Cache = Vec<(pachisi_core::Ruleset, u8, Domain, Option<Arc<EndgameTable>>)>;
    static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
    // A poisoned lock only means a build panicked elsewhere; the entries are still whole.
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, _, _, table)) = cache
        .iter()
        .find(|(r, n, d, _)| *n == pieces && *d == domain && r == rules.ruleset())
    {
        return table.clone();
    }
    let table = EndgameTable::build(rules.clone(), pieces, domain, &mut |_| {})
        .ok()
        .map(Arc::new);
    cache.push((rules.ruleset().clone(), pieces, domain, table.clone()));
    table
}
