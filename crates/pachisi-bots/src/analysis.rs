//! The analysis of a recorded game (`pachisi analyze`): every decision that had a real choice
//! graded against the best move, and the luck of every throw, by one evaluator's estimates of the
//! winning chance.
//!
//! This module owns the replayed game ([`ReplayedGame`], from a [`GameRecord`]), the marks and
//! their thresholds ([`Mark`], [`INACCURACY`], [`MISTAKE`], [`BLUNDER`]), and the results as plain
//! serialisable data ([`Analysis`]) for the command line and any other front end.
//!
//! - **Decisions.** A position waiting for a move whose legal moves lead to more than one distinct
//!   position is a decision. The evaluator ranks every move ([`Bot::rank`]); the *loss* is the
//!   best move's winning chance minus the played move's (the mover's team's chance; never
//!   negative), and the mark follows from the loss and the thresholds.
//! - **Luck.** A throw's luck is the thrower's team's winning chance after it minus the chance
//!   expected before it: `V(after the throw) − Σ p(o) V(after outcome o)` over every outcome `o`
//!   of the throw with its exact probability. `V` is the evaluator's value ([`Bot::value`]): after
//!   a throw that leaves a move, the value of the best move (as the decision would be graded);
//!   after one that passes the turn or asks for another throw, the position's value. Luck
//!   averages to exactly zero over the outcomes, so a seat's total luck says how much more its
//!   throws gave than an average throw would have.
//! - **Chances through the game.** Every team's winning chance before every throw and at the end
//!   ([`Chances`]): the points of a graph of each side's chance, as the replay viewers draw it.
//!
//! Every distinct position is evaluated once, on a rayon pool, by a bot built from the spec for
//! each batch of work; the bots that give values (`heuristic`, `expectimax`) keep nothing from one
//! call to the next, so the results are the same on any number of threads.

mod summary;

pub use summary::Summary;

use crate::{after, Bot, BotSpec, RankedMove, Values};
use pachisi_core::{Action, GameRecord, Move, Phase, Position, RecordError, Rules, Throw};
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A loss in winning chance of at least this (2 points) is an inaccuracy, `?!`.
pub const INACCURACY: f64 = 0.02;
/// A loss of at least this (5 points) is a mistake, `?`.
pub const MISTAKE: f64 = 0.05;
/// A loss of at least this (10 points) is a blunder, `??`.
pub const BLUNDER: f64 = 0.10;

/// A throw that changes the thrower's winning chance by at least this (5 points, either way) is
/// listed in `pachisi analyze`'s report as a lucky or unlucky one: about one throw in a hundred
/// under Pachisi and Ludo.
pub const BIG_LUCK: f64 = 0.05;

/// The evaluator `pachisi analyze` uses when none is given: expectimax planning the current
/// turn, which analyses a whole four-seat game in seconds on one core under every ruleset
/// (docs/analysis.md has the timings).
pub const DEFAULT_EVALUATOR: &str = "expectimax:depth=0";

/// How bad a move was, by its loss in winning chance.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// A loss of at least [`INACCURACY`]: `?!`.
    Inaccuracy,
    /// A loss of at least [`MISTAKE`]: `?`.
    Mistake,
    /// A loss of at least [`BLUNDER`]: `??`.
    Blunder,
}

impl Mark {
    /// The mark a loss earns, if any.
    pub fn for_loss(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    /// The mark as written after a move: `?!`, `?` or `??`.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }
}

/// The marks' thresholds, as the analysis used them (in the JSON, so readers need not know them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// [`INACCURACY`].
    pub inaccuracy: f64,
    /// [`MISTAKE`].
    pub mistake: f64,
    /// [`BLUNDER`].
    pub blunder: f64,
}

impl Thresholds {
    /// The thresholds of [`Mark::for_loss`].
    pub const USED: Thresholds = Thresholds {
        inaccuracy: INACCURACY,
        mistake: MISTAKE,
        blunder: BLUNDER,
    };
}

/// One step of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A throw.
    Throw(Throw),
    /// A move.
    Move(Move),
}

/// A game replayed from its record: where it began and every throw and move in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayedGame {
    /// The position the game began at (its `Start`, or the winner of its `Opening` to throw).
    pub start: Position,
    /// The throws and moves.
    pub steps: Vec<Step>,
}

impl ReplayedGame {
    /// Replays a record under `rules` (its `Set` tag already applied to them), with every check
    /// of [`GameRecord::replay`], `Final` included.
    ///
    /// # Errors
    /// When the record does not replay: the error gives the line and column.
    pub fn from_record(rules: &Rules, record: &GameRecord) -> Result<ReplayedGame, RecordError> {
        record.replay(rules)?;
        let start = record.start_position(rules)?;
        let mut pos = start;
        let mut steps = Vec::with_capacity(record.actions.len());
        for &(action, line, column) in &record.actions {
            let fail = |message: String| RecordError {
                line,
                column,
                message,
            };
            match action {
                Action::Seat(_) => {}
                Action::Throw(name) => {
                    let throw = rules.throw_named(name).map_err(|e| fail(e.to_string()))?;
                    pos.apply_throw(rules, throw)
                        .map_err(|e| fail(format!("throw ({name}): {e}")))?;
                    steps.push(Step::Throw(throw));
                }
                Action::Move(mv) => {
                    pos.play(rules, mv)
                        .map_err(|e| fail(format!("move {mv}: {e}")))?;
                    steps.push(Step::Move(mv));
                }
            }
        }
        Ok(ReplayedGame { start, steps })
    }

    /// Every step with the position it was made in, its number (from 1, as the replay viewer
    /// counts throws and moves) and its turn.
    fn walk(&self, rules: &Rules) -> Vec<Walked> {
        let mut pos = self.start;
        let mut turn = 0;
        let mut seat = None;
        let mut out = Vec::with_capacity(self.steps.len());
        for (i, &step) in self.steps.iter().enumerate() {
            // A turn is a line of a written record: it begins whenever the seat to play changes.
            if seat != Some(pos.to_move()) {
                turn += 1;
                seat = Some(pos.to_move());
            }
            out.push(Walked {
                number: i + 1,
                turn,
                pos,
                step,
            });
            advance(rules, &mut pos, step);
        }
        out
    }

    /// The most positions [`analyze`] evaluates for this game: every throw's position and the
    /// position after each outcome of the throw device, every move's position, and the end.
    /// Counted from the steps alone, without evaluating or even playing them, so that a server
    /// can refuse a game too costly to analyse before any work is done (the positions actually
    /// evaluated are fewer: repeated positions are evaluated once, forced moves not at all).
    pub fn positions_at_most(&self, rules: &Rules) -> usize {
        let throws = self
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Throw(_)))
            .count();
        let moves = self.steps.len() - throws;
        throws * (rules.outcomes().len() + 1) + moves + 1
    }

    /// The position after every step.
    pub fn end(&self, rules: &Rules) -> Position {
        let mut pos = self.start;
        for &step in &self.steps {
            advance(rules, &mut pos, step);
        }
        pos
    }
}

/// Plays a step of a game whose replay checked it.
fn advance(rules: &Rules, pos: &mut Position, step: Step) {
    match step {
        Step::Throw(t) => {
            let _ = pos.apply_throw(rules, t);
        }
        Step::Move(mv) => pos.play_unchecked(rules, mv),
    }
}

/// A step with where it was made.
#[derive(Clone, Copy, Debug)]
struct Walked {
    number: usize,
    turn: usize,
    pos: Position,
    step: Step,
}

/// A decision with a real choice, graded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The move's number among the game's throws and moves, from 1.
    pub number: usize,
    /// The turn, from 1: a line of the record as the engine writes it.
    pub turn: usize,
    /// The seat that moved.
    pub seat: u8,
    /// Its team.
    pub team: u8,
    /// The position before the move, in position notation.
    pub position: String,
    /// The throws being spent: the pool of the position notation, e.g. `25` or `5,3`.
    pub throws: String,
    /// Legal moves leading to distinct positions.
    pub choices: usize,
    /// The move played.
    pub played: String,
    /// The move the evaluator rates best (the move played when it is as good).
    pub best: String,
    /// The mover's team's winning chance after the move played, from 0 to 1.
    pub played_chance: f64,
    /// Its chance after the best move.
    pub best_chance: f64,
    /// `best_chance − played_chance`, never negative.
    pub loss: f64,
    /// The mark the loss earns.
    pub mark: Option<Mark>,
}

/// A throw and its luck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ThrowLuck {
    /// The throw's number among the game's throws and moves, from 1.
    pub number: usize,
    /// The turn, from 1.
    pub turn: usize,
    /// The seat that threw.
    pub seat: u8,
    /// Its team.
    pub team: u8,
    /// The throw, as records write it (`25`, `5-3`).
    pub throw: String,
    /// The thrower's team's winning chance expected before the throw: the mean over every
    /// outcome, with its exact probability, of the chance after it.
    pub before: f64,
    /// The chance after this throw.
    pub after: f64,
    /// `after − before`: what the throw gave (or, negative, took).
    pub luck: f64,
}

/// Every team's winning chance at one point of the game: before a throw, or at the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chances {
    /// Throws and moves played before this point: the throw about to be made is number
    /// `steps + 1`; at the end, every step of the game.
    pub steps: usize,
    /// The turn, from 1 (at the end, the last turn).
    pub turn: usize,
    /// Each team's chance, in team order, summing to 1.
    pub teams: Vec<f64>,
}

/// The analysis of a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The evaluator's spec.
    pub evaluator: String,
    /// The thresholds of the marks.
    pub thresholds: Thresholds,
    /// Moves played without a real choice (every legal move led to the same position).
    pub forced: usize,
    /// Every decision with a real choice, in the order played.
    pub decisions: Vec<Decision>,
    /// Every throw, in the order thrown.
    pub throws: Vec<ThrowLuck>,
    /// Every team's chance before every throw and at the end (where the game ends waiting for
    /// a throw, or over), in order: a graph of the game.
    pub chances: Vec<Chances>,
    /// One summary per seat, in seat order.
    pub seats: Vec<Summary>,
    /// One summary per team where a team has more than one seat (Pachisi's partners); empty
    /// where every seat plays alone.
    pub teams: Vec<Summary>,
}

/// Why a game could not be analysed.
#[derive(Debug, thiserror::Error)]
pub enum AnalysisError {
    /// The bot gives no winning chances.
    #[error(
        "bot `{0}` gives no estimates of winning chances before a throw: analyse with \
         expectimax or heuristic"
    )]
    NoEstimates(String),
    /// The bot's ranking left out the move played.
    #[error("bot `{spec}` did not rank {mv}, which was played in {position}")]
    Unranked {
        /// The bot.
        spec: String,
        /// The move.
        mv: String,
        /// Where.
        position: String,
    },
    /// The worker threads could not start.
    #[error("cannot start {threads} worker threads: {source}")]
    Threads {
        /// How many were asked for.
        threads: usize,
        /// What the system said.
        source: rayon::ThreadPoolBuildError,
    },
}

/// The evaluator's estimate of one position.
#[derive(Clone, Debug)]
enum Estimate {
    /// Waiting for a move: every legal move with the mover's team's chance, best first.
    Ranked(Vec<RankedMove>),
    /// Before a throw, or over: every team's chance.
    Values(Values),
}

impl Estimate {
    /// The chance of the team of `seat`, which made the throw that led here: after a throw that
    /// leaves a move the mover is the thrower, and the best move's chance is the position's.
    fn chance(&self, team: u8) -> f64 {
        match self {
            Estimate::Ranked(r) => r.first().map_or(0.0, |r| r.win_chance),
            Estimate::Values(v) => v[usize::from(team)],
        }
    }
}

/// Analyses `game` under `rules` with the estimates of bots built from `evaluator`, on `threads`
/// worker threads (`None`: one per core). `progress` is told the positions evaluated so far and
/// their total.
///
/// # Errors
/// A bot that gives no values ([`AnalysisError::NoEstimates`]), or threads that cannot start.
pub fn analyze(
    rules: &Arc<Rules>,
    game: &ReplayedGame,
    evaluator: &BotSpec,
    threads: Option<usize>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Analysis, AnalysisError> {
    let no_estimates = || AnalysisError::NoEstimates(evaluator.to_string());
    evaluator
        .build(rules.clone(), 0)
        .value(&game.start)
        .ok_or_else(no_estimates)?;
    let walked = game.walk(rules);
    let (positions, index) = positions_to_evaluate(rules, &walked, Some(game.end(rules)));
    let estimates = evaluate_all(rules, evaluator, &positions, threads, progress)?
        .into_iter()
        .collect::<Option<Vec<Estimate>>>()
        .ok_or_else(no_estimates)?;
    let estimate = |pos: &Position| index.get(pos).map(|&i| &estimates[i]);
    let mut decisions = Vec::new();
    let mut throws = Vec::new();
    let mut forced = 0;
    let mut chances = Vec::new();
    let mut point = |pos: &Position, steps: usize, turn: usize| {
        if let Some(Estimate::Values(v)) = estimate(pos) {
            chances.push(Chances {
                steps,
                turn,
                teams: v[..usize::from(rules.teams())].to_vec(),
            });
        }
    };
    for w in &walked {
        let seat = w.pos.to_move();
        let team = rules.team_of(seat);
        match w.step {
            Step::Move(mv) => match estimate(&w.pos) {
                Some(Estimate::Ranked(ranked)) if has_choice(rules, &w.pos) => {
                    decisions.push(grade(rules, w, mv, ranked, evaluator)?);
                }
                _ => forced += 1,
            },
            Step::Throw(thrown) => {
                point(&w.pos, w.number - 1, w.turn);
                let mut before = 0.0;
                let mut after = 0.0;
                for (i, outcome) in rules.outcomes().iter().enumerate() {
                    let child = thrown_to(rules, &w.pos, Throw(i as u8));
                    let v = estimate(&child).map_or(0.0, |e| e.chance(team));
                    before += outcome.probability * v;
                    if i == usize::from(thrown.0) {
                        after = v;
                    }
                }
                throws.push(ThrowLuck {
                    number: w.number,
                    turn: w.turn,
                    seat,
                    team,
                    throw: rules.outcome(thrown).name.to_string(),
                    before,
                    after,
                    luck: after - before,
                });
            }
        }
    }
    let end = game.end(rules);
    point(&end, walked.len(), walked.last().map_or(1, |w| w.turn));
    let (seats, teams) = summary::summarise(rules, &decisions, &throws);
    Ok(Analysis {
        evaluator: evaluator.to_string(),
        thresholds: Thresholds::USED,
        forced,
        decisions,
        throws,
        chances,
        seats,
        teams,
    })
}

/// The position after a throw (the phase is Throw and the throw an outcome: it cannot fail).
fn thrown_to(rules: &Rules, pos: &Position, throw: Throw) -> Position {
    let mut child = *pos;
    let _ = child.apply_throw(rules, throw);
    child
}

/// Whether the legal moves of `pos` lead to more than one position.
fn has_choice(rules: &Rules, pos: &Position) -> bool {
    let mut moves = pos.legal_moves(rules).into_iter();
    let Some(first) = moves.next() else {
        return false;
    };
    let first = after(rules, pos, first);
    moves.any(|mv| after(rules, pos, mv) != first)
}

/// Every distinct position whose estimate the analysis needs, in a fixed order, and where each
/// stands: the decisions with a real choice, and every outcome of every throw.
fn positions_to_evaluate(
    rules: &Rules,
    walked: &[Walked],
    end: Option<Position>,
) -> (Vec<Position>, FxHashMap<Position, usize>) {
    let mut positions = Vec::new();
    let mut index = FxHashMap::default();
    let mut add = |pos: Position| {
        index.entry(pos).or_insert_with(|| {
            positions.push(pos);
            positions.len() - 1
        });
    };
    for w in walked {
        match w.step {
            Step::Move(_) if has_choice(rules, &w.pos) => add(w.pos),
            Step::Move(_) => {}
            Step::Throw(_) => {
                add(w.pos);
                for i in 0..rules.outcomes().len() {
                    add(thrown_to(rules, &w.pos, Throw(i as u8)));
                }
            }
        }
    }
    if let Some(end) = end {
        if end.phase() != Phase::Move {
            add(end);
        }
    }
    (positions, index)
}

/// The estimate of every position (`None` where the bot gave none), in order, on a pool.
fn evaluate_all(
    rules: &Arc<Rules>,
    evaluator: &BotSpec,
    positions: &[Position],
    threads: Option<usize>,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Vec<Option<Estimate>>, AnalysisError> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n);
    }
    let pool = builder.build().map_err(|source| AnalysisError::Threads {
        threads: threads.unwrap_or(0),
        source,
    })?;
    let total = positions.len() as u64;
    let done = AtomicU64::new(0);
    progress(0, total);
    Ok(pool.install(|| {
        positions
            .par_iter()
            .map_init(
                || evaluator.build(rules.clone(), 0),
                |bot, pos| {
                    let estimate = estimate(bot.as_mut(), pos);
                    progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
                    estimate
                },
            )
            .collect()
    }))
}

fn estimate(bot: &mut dyn Bot, pos: &Position) -> Option<Estimate> {
    match pos.phase() {
        Phase::Move => bot.rank(pos).map(Estimate::Ranked),
        Phase::Throw | Phase::Over => bot.value(pos).map(Estimate::Values),
    }
}

/// A decision graded against the ranking of its position.
fn grade(
    rules: &Rules,
    w: &Walked,
    played: Move,
    ranked: &[RankedMove],
    evaluator: &BotSpec,
) -> Result<Decision, AnalysisError> {
    let pos = &w.pos;
    let reached = after(rules, pos, played);
    // Two moves reaching the same position (two pieces on one square) are the same choice.
    let played_rank = ranked
        .iter()
        .find(|r| r.mv == played)
        .or_else(|| ranked.iter().find(|r| after(rules, pos, r.mv) == reached))
        .ok_or_else(|| AnalysisError::Unranked {
            spec: evaluator.to_string(),
            mv: played.to_string(),
            position: pos.to_notation(rules),
        })?;
    let best = match ranked.first() {
        Some(b) if b.win_chance > played_rank.win_chance => *b,
        _ => *played_rank,
    };
    let loss = (best.win_chance - played_rank.win_chance).max(0.0);
    let mut distinct: Vec<Position> = Vec::new();
    for mv in pos.legal_moves(rules) {
        let p = after(rules, pos, mv);
        if !distinct.contains(&p) {
            distinct.push(p);
        }
    }
    let notation = pos.to_notation(rules);
    Ok(Decision {
        number: w.number,
        turn: w.turn,
        seat: pos.to_move(),
        team: rules.team_of(pos.to_move()),
        throws: notation
            .split_whitespace()
            .nth(2)
            .unwrap_or("-")
            .to_string(),
        position: notation,
        choices: distinct.len(),
        played: played.to_string(),
        best: best.mv.to_string(),
        played_chance: played_rank.win_chance,
        best_chance: best.win_chance,
        loss,
        mark: Mark::for_loss(loss),
    })
}

#[cfg(test)]
mod tests;
