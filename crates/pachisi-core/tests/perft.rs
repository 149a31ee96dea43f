//! Perft tables, checked against an independent reference move generator.
//!
//! Every file `tests/data/*.perft` lists positions and their move-sequence counts:
//!
//! ```text
//! # a comment
//! ruleset pachisi        a built-in ruleset, optionally followed by field=value overrides
//! position start         or a position in one-line notation
//! perft 2 1234           the depth in throws, and the count
//! ```
//!
//! Positions other than the start were taken from seeded random games (the comment above each
//! says which). The counts come from the reference generator in this file, not from the engine:
//! it re-derives the rules from the ruleset's fields, as ruleset.rs documents them and
//! docs/rules.md reads them, on its own plain data structures. It takes from the engine only the
//! board (each seat's route, which squares are castles), the seat letters and the list of throws
//! (each throw's name, value and, for separate dice, the two numbers). The tests check that the
//! engine's `pachisi_core::perft` matches every table line, that the reference does too, and that
//! engine and reference agree move for move along random games. When the engine and a table
//! disagree, the failure names the first position where the engine and the reference part ways.
//!
//! Setting the environment variable `PACHISI_BLESS=1` rewrites the counts of every table from
//! the reference (a count written `?` is filled in), instead of checking them.
//!
//! The reference covers every mechanic of the ruleset schema: grace and free entry, first piece
//! free, first-entry graces, opening throws, throws that need a piece on the board, bonus steps,
//! streak groups and the three streak penalties, both spending orders, passing, splitting, pairs,
//! going round again, exact home (with its no-stranding rule), captures with their extra throw,
//! capturing before home with invalidation, teams, and both kinds of placings; and the Parcheesi
//! and Ludo mechanics (003, and the Ludo rule book): nests and entry squares, separate dice and
//! one-die doublets, the whole `[doubles]` section (throwing again, undersides, their
//! all-or-nothing penalty, the third doublet void or sending the leader back), the fullest use of
//! a throw (`moves.usage` most and all-or-nothing), entering with a grace or with the sum of two
//! dice, must-enter, graces that only enter, stack limits, blockades (no passing, no landing, no
//! moving one intact, stopping behind one), closed and shared castles, capture and finish
//! bonuses, capturing on the entry square, capturing by overtaking, and the extra throws for a
//! capture or for bringing a piece home. It covers too the readings where those documents can
//! be taken more than one way: a pair that may part on a castle only from the next turn (with the
//! pieces moved during the turn, `arrived=`), a throw that could only end on an opponent's castle
//! costing the whole turn, a die that lands a pawn on an opponent's castle when another die
//! carries it on (`carry=`), a doublet's 14 squares divided between two pawns or among any
//! number (the shares `f`, `fs`, `r`), and finishing with a doublet only from 14 out. And it
//! covers OpenSpiel's maedn: no castles (the board's, read like any layout), the goal in the lane
//! (routes end on the lane's last square, a piece in the lane has finished and may move on in
//! it), and the entry square that must be cleared before anything else moves. And the
//! mechanics of LUDOpy's Ludo (`tests/perft_ref/landing.rs`): jump squares and the last one,
//! castles and crowds of two that send the mover back, both bounces from home, and the first
//! turn's throws (`first=`, `tries=`).

use pachisi_core::ruleset::{
    CastleRule, DoublesAgain, Entry, Fourteen, Goal, HeldCastle, PairParts, Placings, Spend,
    StartArea, StreakPenalty, ThirdDoublet, Undersides, Usage,
};
use pachisi_core::{
    builtin_rules, perft, Move, Phase, Position, Rules, Square, ThrowName, BUILTIN_RULESETS,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::path::{Path, PathBuf};

#[path = "perft_ref/landing.rs"]
mod landing;

// ---------------------------------------------------------------------------------------------
// The reference: rules, state, moves.
// ---------------------------------------------------------------------------------------------

/// Most increments a turn's pool holds (docs/rules.md: "A pool holds at most 24 increments").
const POOL_LIMIT: usize = 24;

/// One outcome of the throw device, as the engine lists them.
#[derive(Clone, Debug)]
struct RefThrow {
    /// How the throw is written (`25`, `5-3`).
    name: String,
    /// The value (for separate dice, their total).
    value: u8,
    /// The two numbers of separate dice, larger first; `None` when the dice count their total.
    dice: Option<(u8, u8)>,
}

/// The rules as the reference reads them from the ruleset's fields.
struct RefRules {
    seats: usize,
    pieces: usize,
    letters: Vec<char>,
    /// Team of each seat: partnerships in the order listed, then lone seats in seat order.
    team: Vec<u8>,
    teams: u8,
    /// Each seat's route as squares, and whether each is a castle.
    route: Vec<Vec<Square>>,
    castle: Vec<Vec<bool>>,
    home: u8,
    /// Progress of a piece back on its own end square (the square that appears twice on a route).
    turn_home: u8,
    /// Squares of one lap of the track (the distance between the two visits of the end square).
    lap: u8,
    throws: Vec<RefThrow>,
    grace: Vec<u8>,
    extra: Vec<u8>,
    first_entry: Vec<u8>,
    needs_board: Vec<u8>,
    bonus: Vec<u8>,
    bonus_needs_all: bool,
    groups: Vec<Vec<u8>>,
    opening: Vec<u8>,
    after_throwing: bool,
    streak_rule: StreakPenalty,
    capture_throw: bool,
    home_throw: bool,
    free_entry: bool,
    first_free: bool,
    pass: bool,
    split: bool,
    pairs: bool,
    round_again: bool,
    exact: bool,
    before_home: bool,
    invalidation: bool,
    winner_only: bool,
    /// Under exact home, the closest a piece may stop to the Charkoni: the smallest increment.
    min_step: u8,
    // --- Parcheesi and Ludo (003) ---
    /// Pieces wait in a nest and enter onto their entry square (progress 1) on the track.
    nest: bool,
    /// Two dice, each an increment.
    separate: bool,
    /// Doublets do something: two separate dice alike, or one die's top face.
    doubles: bool,
    /// The top face of one die (its doublet).
    top_face: u8,
    doubles_again: DoublesAgain,
    undersides: Undersides,
    undersides_all_or_nothing: bool,
    third: ThirdDoublet,
    usage: Usage,
    enter_with_sum: bool,
    must_enter: bool,
    grace_only_enters: bool,
    stack_limit: u8,
    blockades: bool,
    stop_behind: bool,
    shared_castles: bool,
    capture_bonus: u8,
    capture_on_entry: bool,
    overtake: bool,
    finish_bonus: u8,
    // --- Readings of 001 and 003 ---
    /// A pair on a castle parts only if none of its pieces moved during this turn.
    parts_next_turn: bool,
    /// A throw that could only end on an opponent's castle costs the whole turn.
    held_loses_turn: bool,
    /// A die may land a pawn on an opponent's castle when another die carries it on (PB).
    carry_on: bool,
    /// How a doublet's 14 squares are spent (TR).
    fourteen: Fourteen,
    /// A doublet's squares finish a pawn only when all 14 carry it home from 14 out (TR).
    finish_from_fourteen: bool,
    // --- OpenSpiel's maedn ---
    /// Pieces finish in their lane (`finish.goal = "lane"`): a route ends on the lane's last
    /// square, and a piece anywhere in the lane has finished.
    goal_lane: bool,
    /// While a piece waits, the mover's piece on the entry square moves off it first, if it can.
    clear_entry: bool,
    // --- LUDOpy ---
    /// Jump squares, castles and crowds that send the mover back, the bounce, the first turn.
    landing: landing::RefLanding,
}

impl RefRules {
    fn new(rules: &Rules) -> RefRules {
        let r = rules.ruleset();
        let seats = r.players.seats.len();
        let mut team = vec![u8::MAX; seats];
        let mut teams = 0u8;
        for partnership in &r.players.teams {
            for &s in partnership {
                team[usize::from(s)] = teams;
            }
            teams += 1;
        }
        for t in team.iter_mut().filter(|t| **t == u8::MAX) {
            *t = teams;
            teams += 1;
        }
        let route: Vec<Vec<Square>> = (0..seats as u8).map(|s| rules.route(s).to_vec()).collect();
        let castle = route
            .iter()
            .map(|r| r.iter().map(|&sq| rules.topology().is_castle(sq)).collect())
            .collect();
        let r0 = &route[0];
        let nest = r.board.start == StartArea::Nest;
        let (turn_home, lap) = if nest {
            // From the nest a route runs from the entry square round the track to the end square,
            // then up the lane: the end square is the last track square on the route. (Going round
            // again is refused with a nest, so the lap is never needed.)
            let last_track = r0
                .iter()
                .rposition(|&sq| rules.topology().on_track(sq))
                .expect("a route crosses the track");
            (last_track as u8 + 1, 0)
        } else {
            // The lane's squares are passed twice too (going out and coming home); the end square
            // is the repeated square the piece reaches last on its way out.
            let (first, second) = (0..r0.len())
                .flat_map(|i| (i + 1..r0.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| r0[i] == r0[j])
                .max()
                .expect("a route visits its end square twice");
            (second as u8 + 1, (second - first) as u8)
        };
        let throws: Vec<RefThrow> = rules
            .outcomes()
            .iter()
            .map(|o| RefThrow {
                name: o.name.to_string(),
                value: o.value,
                dice: r.throw.separate_dice.then_some((o.dice[0], o.dice[1])),
            })
            .collect();
        let t = &r.throw;
        let faces = t.faces.clone().unwrap_or_else(|| vec![1, 2, 3, 4, 5, 6]);
        let min_step = if r.moves.split || !t.bonus_step.is_empty() {
            1
        } else if t.separate_dice {
            // Each die is an increment on its own.
            faces.iter().copied().min().expect("a face")
        } else {
            throws.iter().map(|t| t.value).min().expect("some throw")
        };
        let d = &r.doubles;
        RefRules {
            seats,
            pieces: usize::from(r.players.pieces),
            letters: (0..seats as u8).map(|s| rules.seat_letter(s)).collect(),
            team,
            teams,
            castle,
            home: r0.len() as u8 + 1,
            turn_home,
            lap,
            route,
            top_face: throws.iter().map(|t| t.value).max().expect("some throw"),
            throws,
            grace: t.grace.clone(),
            extra: t.extra_throw.clone(),
            first_entry: t.first_entry.clone(),
            needs_board: t.needs_piece_on_board.clone(),
            bonus: t.bonus_step.clone(),
            bonus_needs_all: t.bonus_step_needs_all_entered,
            groups: t.streak_groups.clone(),
            opening: r.turn.opening.clone(),
            after_throwing: r.turn.spend == Spend::AfterThrowing,
            streak_rule: r.turn.three_in_a_row,
            capture_throw: r.turn.extra_throw_on_capture,
            home_throw: r.turn.extra_throw_on_home,
            free_entry: r.moves.entry == Entry::Free,
            first_free: r.moves.first_piece_free,
            pass: r.moves.pass,
            split: r.moves.split,
            pairs: r.moves.pairs,
            round_again: r.moves.go_round_again,
            exact: r.moves.exact_home,
            before_home: r.capture.before_home,
            invalidation: r.capture.invalidation,
            winner_only: r.finish.placings == Placings::Winner,
            min_step,
            nest,
            separate: t.separate_dice,
            doubles: d.enabled,
            doubles_again: d.throw_again,
            undersides: d.undersides,
            undersides_all_or_nothing: d.undersides_all_or_nothing,
            third: d.third,
            usage: r.moves.usage,
            enter_with_sum: r.moves.enter_with_sum,
            must_enter: r.moves.must_enter,
            grace_only_enters: r.moves.grace_only_enters,
            stack_limit: r.moves.stack_limit,
            blockades: r.moves.blockades,
            stop_behind: r.moves.stop_behind_blockade,
            shared_castles: r.capture.castles == CastleRule::Shared,
            capture_bonus: r.capture.bonus,
            capture_on_entry: r.capture.on_entry,
            overtake: r.capture.overtake,
            finish_bonus: r.finish.bonus,
            parts_next_turn: r.moves.pair_parts == PairParts::NextTurn,
            held_loses_turn: r.moves.held_castle == HeldCastle::LosesTurn,
            carry_on: r.moves.carry_on,
            fourteen: d.fourteen,
            finish_from_fourteen: d.finish_from_fourteen,
            goal_lane: r.finish.goal == Goal::Lane,
            clear_entry: r.moves.clear_entry,
            landing: landing::RefLanding::new(rules),
        }
    }

    /// The square under a piece of `seat` at `progress`, if it is on the board.
    fn square(&self, seat: usize, progress: u8) -> Option<Square> {
        if progress == 0 || progress >= self.home {
            return None;
        }
        Some(self.route[seat][usize::from(progress) - 1])
    }

    fn is_castle(&self, seat: usize, progress: u8) -> bool {
        progress > 0 && progress < self.home && self.castle[seat][usize::from(progress) - 1]
    }

    /// What counts as "the same throw" for three in a row: the smallest value of its group.
    fn streak_key(&self, value: u8) -> u8 {
        self.groups
            .iter()
            .find(|g| g.contains(&value))
            .and_then(|g| g.iter().copied().min())
            .unwrap_or(value)
    }

    fn seat_of_letter(&self, c: char) -> Option<usize> {
        self.letters.iter().position(|&l| l == c)
    }

    /// Whether the throw is a doublet: two separate dice alike, or one die's top face.
    fn doublet(&self, t: &RefThrow) -> bool {
        self.doubles
            && match t.dice {
                Some((a, b)) => a == b,
                None => t.value == self.top_face,
            }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum RefPhase {
    Throw,
    Move,
    Over,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Inc {
    value: u8,
    /// A bonus step or a split remainder: moves only, never a grace.
    plain: bool,
    /// A capture or finish bonus (003): whole, by one piece, optional; never a grace.
    bonus: bool,
    /// Part of a doublet's divisible 14 (TR), and which part.
    share: Share,
}

/// Where a doublet's 14 squares may be divided (`doubles.fourteen`), the four numbers of the
/// doublet are its parts (a top still enters a pawn as any thrown die does), and what one pawn
/// leaves of them is the rest. The squares are spent together, never die by die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Share {
    No,
    Part,
    Rest,
}

impl Inc {
    fn thrown(value: u8) -> Inc {
        Inc {
            value,
            plain: false,
            bonus: false,
            share: Share::No,
        }
    }

    fn plain(value: u8) -> Inc {
        Inc {
            plain: true,
            ..Inc::thrown(value)
        }
    }

    /// What it counts for when as much of a throw as possible must be used: a share its squares,
    /// any other thrown increment one, a bonus nothing.
    fn measure(&self) -> u8 {
        match (self.bonus, self.share) {
            (true, _) => 0,
            (false, Share::No) => 1,
            (false, _) => self.value,
        }
    }
}

/// A capture its victims may still strike out: (the capturing piece's progress, victim team).
type Open = (u8, u8);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct RefState {
    progress: Vec<Vec<u8>>,
    to_move: usize,
    phase: RefPhase,
    pool: Vec<Inc>,
    again: bool,
    /// The last counted throw's streak key and how many times in a row it came; for doublets
    /// (003's third doublet) the key is 0 and the count is the doublets of this turn.
    streak: Option<(u8, u8)>,
    opened: Vec<bool>,
    entered: Vec<bool>,
    credits: Vec<u8>,
    /// By seat and piece: the capture each piece made since its seat's turn began, if any.
    open: Vec<Vec<Option<Open>>>,
    placed: Vec<u8>,
    /// By piece of the seat to move: the progress of the blockade it belonged to when one of that
    /// blockade's pieces left it during this throw (0 for none).
    left: Vec<u8>,
    /// By piece of the seat to move: whether it moved during this turn (kept where pairs part on
    /// a castle from the next turn only).
    arrived: Vec<bool>,
    /// The progress of the mover's pawn that a die landed on an opponent's castle, which the
    /// next die must carry on (0 for none).
    carrying: u8,
    /// By seat: whether its first turn is still to end (where the first turn has rules).
    first: Vec<bool>,
    /// The throws of the mover's first turn so far.
    tries: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum RefMove {
    Enter(u8),
    /// Two thrown dice, larger first, whose sum is a grace.
    EnterSum(u8, u8),
    Advance {
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        round: bool,
    },
    Pass,
}

/// The documented move notation (moves.rs), so that move lists can be compared as text.
impl fmt::Display for RefMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RefMove::Enter(v) => write!(f, "E{v}"),
            RefMove::EnterSum(a, b) => write!(f, "E{a}+{b}"),
            RefMove::Pass => write!(f, "-"),
            RefMove::Advance {
                from,
                value,
                steps,
                pair,
                round,
            } => {
                write!(f, "{from}+{value}")?;
                if steps != value {
                    write!(f, ":{steps}")?;
                }
                if pair {
                    write!(f, "p")?;
                }
                if round {
                    write!(f, "o")?;
                }
                Ok(())
            }
        }
    }
}

impl RefRules {
    fn start(&self) -> RefState {
        RefState {
            progress: vec![vec![0; self.pieces]; self.seats],
            to_move: 0,
            phase: RefPhase::Throw,
            pool: Vec::new(),
            again: false,
            streak: None,
            opened: vec![false; self.seats],
            entered: vec![false; self.seats],
            credits: vec![0; self.seats],
            open: vec![vec![None; self.pieces]; self.seats],
            placed: Vec::new(),
            left: vec![0; self.pieces],
            arrived: vec![false; self.pieces],
            carrying: 0,
            first: vec![self.landing.first_turn_rules; self.seats],
            tries: 0,
        }
    }

    /// Whether a piece at `progress` has finished: home, or anywhere in its lane where the goal
    /// is there (the squares after the end square's last visit).
    fn in_goal(&self, progress: u8) -> bool {
        if self.goal_lane {
            progress > self.turn_home
        } else {
            progress == self.home
        }
    }

    fn finished(&self, s: &RefState, seat: usize) -> bool {
        s.progress[seat].iter().all(|&p| self.in_goal(p))
    }

    fn on_board(&self, s: &RefState, seat: usize) -> bool {
        s.progress[seat].iter().any(|&p| p > 0 && p < self.home)
    }

    /// How many pieces of each seat stand on a square.
    fn counts(&self, s: &RefState, sq: Square) -> Vec<usize> {
        (0..self.seats)
            .map(|t| {
                s.progress[t]
                    .iter()
                    .filter(|&&p| self.square(t, p) == Some(sq))
                    .count()
            })
            .collect()
    }

    /// Pieces of the mover's opponents (other teams) on a square.
    fn opponents_on(&self, s: &RefState, sq: Square) -> usize {
        let counts = self.counts(s, sq);
        (0..self.seats)
            .filter(|&t| self.team[t] != self.team[s.to_move])
            .map(|t| counts[t])
            .sum()
    }

    /// Whether two pieces of one seat (any seat) form a blockade on a square.
    fn blockade_on(&self, s: &RefState, sq: Square) -> bool {
        self.blockades && self.counts(s, sq).iter().any(|&n| n >= 2)
    }

    // --- throws ---------------------------------------------------------------------------

    fn throw(&self, s: &mut RefState, t: &RefThrow) {
        assert_eq!(s.phase, RefPhase::Throw, "throwing out of turn");
        if self.separate || self.doubles {
            return self.throw_dice(s, t);
        }
        let value = t.value;
        let seat = s.to_move;
        if s.first[seat] {
            s.tries += 1;
        }
        // Opening: throws count for nothing until an opening value comes; that one counts.
        let mut void = false;
        if !self.opening.is_empty() && !s.opened[seat] {
            if self.opening.contains(&value) {
                s.opened[seat] = true;
            } else {
                void = true;
            }
        }
        // A 7 or 14 needs a piece on the board, or a grace in the pool that will bring one out.
        let grace_waiting = s
            .pool
            .iter()
            .any(|i| !i.plain && self.grace.contains(&i.value))
            && s.progress[seat].contains(&0);
        if self.needs_board.contains(&value) && !self.on_board(s, seat) && !grace_waiting {
            void = true;
        }
        if void {
            return self.after_throw(s, false);
        }
        if self.streak_rule != StreakPenalty::None {
            let key = self.streak_key(value);
            let run = match s.streak {
                Some((k, n)) if k == key => n + 1,
                _ => 1,
            };
            if run == 3 {
                s.streak = None;
                match self.streak_rule {
                    StreakPenalty::VoidStreak => {
                        // Strike out the two earlier throws of the run, with their bonus steps.
                        let mut throws = 2;
                        while throws > 0 {
                            let Some(inc) = s.pool.pop() else { break };
                            if !inc.plain {
                                throws -= 1;
                            }
                        }
                    }
                    StreakPenalty::CancelTurn => s.pool.clear(),
                    _ => {}
                }
                return self.after_throw(s, false);
            }
            s.streak = Some((key, run));
        }
        let mut room = self.push(s, Inc::thrown(value));
        let entered_all = s.progress[seat].iter().all(|&p| p != 0);
        if self.bonus.contains(&value) && (!self.bonus_needs_all || entered_all) {
            room &= self.push(s, Inc::plain(1));
        }
        let extra = self.extra.contains(&value) && self.extra_counts(s);
        self.after_throw(s, extra && room);
    }

    /// A throw of dice under 003's rules: separate dice, and doublets with their bonuses and
    /// penalties (spec: "Throwing with doubles enabled or separate dice").
    fn throw_dice(&self, s: &mut RefState, t: &RefThrow) {
        let seat = s.to_move;
        let doublet = self.doublet(t);
        if doublet && self.third != ThirdDoublet::None {
            let n = s.streak.map_or(0, |(_, n)| n) + 1;
            if n >= 3 {
                // Doubles Penalty #2: no movement, the turn ends; SR also sends the piece closest
                // to home (one in its home stretch included) back to the nest.
                if self.third == ThirdDoublet::SendBack {
                    let leader = (0..self.pieces)
                        .filter(|&i| (1..self.home).contains(&s.progress[seat][i]))
                        .map(|i| (s.progress[seat][i], i))
                        .max();
                    // Two pieces level with each other (a blockade): the engine sends back the
                    // higher-numbered one; the spec does not say, and the choice only shows in
                    // the notation. (Looked up in position.rs.)
                    if let Some((_, i)) = leader {
                        s.progress[seat][i] = 0;
                        s.open[seat][i] = None;
                    }
                }
                s.pool.clear();
                s.again = false;
                return self.end_spending(s);
            }
            s.streak = Some((0, n));
        }
        let undersides = doublet
            && match self.undersides {
                Undersides::Never => false,
                Undersides::AllEntered => !s.progress[seat].contains(&0),
                Undersides::Always => true,
            };
        let first = s.pool.len();
        let mut room = true;
        match t.dice {
            Some((a, b)) => {
                for v in [a, b] {
                    room &= self.push(s, Inc::thrown(v));
                }
                if undersides {
                    // 003 grants "14 spaces of movement": the undersides are no dice that came
                    // up, so they move pawns but never enter one (plain increments).
                    for v in [7 - a, 7 - b] {
                        room &= self.push(s, Inc::plain(v));
                    }
                }
            }
            None => {
                // One die: a doublet's top and bottom make one increment of 7 (003), plain as
                // the undersides are.
                let inc = Inc {
                    value: if undersides { 7 } else { t.value },
                    plain: undersides,
                    ..Inc::thrown(t.value)
                };
                room &= self.push(s, inc);
            }
        }
        // TR: the tops and undersides of a doublet are 14 squares to divide (003: "may
        // optionally be subdivided in any fashion"); the tops still enter pawns.
        if undersides && t.dice.is_some() && self.fourteen != Fourteen::Increments {
            for inc in &mut s.pool[first..] {
                inc.share = Share::Part;
            }
        }
        let pushed: u8 = s.pool[first..].iter().map(Inc::measure).sum();
        let forfeit_short =
            self.usage == Usage::AllOrNothing || (undersides && self.undersides_all_or_nothing);
        let counts_use =
            forfeit_short || (doublet && self.doubles_again == DoublesAgain::IfAllUsed);
        let usable = if counts_use {
            let mut m = s.clone();
            m.phase = RefPhase::Move;
            self.max_use(&m)
        } else {
            pushed
        };
        if forfeit_short && usable < pushed {
            s.pool.clear();
        }
        let again = if doublet {
            match self.doubles_again {
                DoublesAgain::Always => true,
                DoublesAgain::IfAllUsed => usable >= pushed,
                DoublesAgain::Never => false,
            }
        } else {
            // Extra-throw values name a die's number only where one die is thrown.
            t.dice.is_none() && self.extra.contains(&t.value)
        };
        self.after_throw(s, again && room);
    }

    fn push(&self, s: &mut RefState, inc: Inc) -> bool {
        if s.pool.len() >= POOL_LIMIT {
            return false;
        }
        s.pool.push(inc);
        true
    }

    fn after_throw(&self, s: &mut RefState, extra: bool) {
        if self.after_throwing {
            if extra && s.pool.len() < POOL_LIMIT {
                s.phase = RefPhase::Throw;
            } else if s.pool.is_empty() {
                self.end_spending(s);
            } else {
                s.phase = RefPhase::Move;
            }
        } else {
            s.again = extra;
            if s.pool.is_empty() {
                self.end_spending(s);
            } else {
                s.phase = RefPhase::Move;
            }
        }
    }

    fn end_spending(&self, s: &mut RefState) {
        s.pool.clear();
        s.left = vec![0; self.pieces];
        s.carrying = 0;
        if s.phase == RefPhase::Over {
            return;
        }
        if s.again && !self.finished(s, s.to_move) {
            s.again = false;
            s.phase = RefPhase::Throw;
            return;
        }
        if self.retries(s) {
            s.phase = RefPhase::Throw;
            return;
        }
        s.first[s.to_move] = false;
        s.tries = 0;
        s.again = false;
        s.streak = None;
        // The turn passes: no piece of the next seat has moved in it yet.
        s.arrived = vec![false; self.pieces];
        for step in 1..=self.seats {
            let seat = (s.to_move + step) % self.seats;
            if !self.finished(s, seat) {
                s.to_move = seat;
                s.open[seat] = vec![None; self.pieces];
                s.phase = RefPhase::Throw;
                return;
            }
        }
        s.phase = RefPhase::Over;
    }

    // --- moves ----------------------------------------------------------------------------

    /// The legal moves: the candidates, cut down to the fullest use of the throw where the rules
    /// ask for it, and passing where allowed.
    fn moves(&self, s: &RefState) -> BTreeSet<RefMove> {
        let mut set = self.candidates(s);
        if s.phase != RefPhase::Move {
            return set;
        }
        if self.usage != Usage::Free {
            // Legal: the candidates m maximising used(m) + max_use(after m); a bonus move uses
            // nothing but must not lower the achievable total.
            let mut memo = HashMap::new();
            let totals: Vec<(RefMove, u8)> = set
                .iter()
                .map(|&m| {
                    let mut next = s.clone();
                    self.play(&mut next, m);
                    (m, self.used(s, m) + self.max_use_after(s, &next, &mut memo))
                })
                .collect();
            let best = totals.iter().map(|&(_, t)| t).max().unwrap_or(0);
            set = totals
                .into_iter()
                .filter(|&(_, t)| t == best)
                .map(|(m, _)| m)
                .collect();
        }
        // 001, read as the whole turn: a throw that could only end on an opponent's castle
        // leaves nothing but passing.
        if self.held_loses_turn && self.castle_costs_turn(s, &set) {
            return BTreeSet::from([RefMove::Pass]);
        }
        // Passing: where the rules allow it, or when no move spends a thrown increment (bonuses
        // are optional).
        if self.pass || set.iter().all(|&m| self.used(s, m) == 0) {
            set.insert(RefMove::Pass);
        }
        set
    }

    /// Thrown (non-bonus) increments a move spends.
    fn used(&self, s: &RefState, m: RefMove) -> u8 {
        match m {
            RefMove::Pass => 0,
            // A top of a divisible 14 counts its squares, as the other shares do.
            RefMove::Enter(v) => s
                .pool
                .iter()
                .find(|i| i.value == v && !i.plain && !i.bonus)
                .map_or(1, |i| if i.share == Share::Part { v } else { 1 }),
            RefMove::EnterSum(..) => 2,
            RefMove::Advance { value, steps, .. } if self.spends_shares(s, value) => steps,
            RefMove::Advance { value, .. } => {
                u8::from(s.pool.iter().any(|i| i.value == value && !i.bonus))
            }
        }
    }

    /// The most thrown increments a sequence of candidate moves can spend from `s` before the
    /// pool is empty (0 once the throw is over); a share of a divisible 14 counts its squares.
    fn max_use(&self, s: &RefState) -> u8 {
        self.max_use_in(s, &mut HashMap::new())
    }

    /// `max_use`, remembering in `memo` the positions scored where a 14 is divided among any
    /// number of pawns (the same moves in many orders).
    fn max_use_in(&self, s: &RefState, memo: &mut HashMap<RefState, u8>) -> u8 {
        if s.phase != RefPhase::Move {
            return 0;
        }
        let remember =
            self.fourteen == Fourteen::AnyPawns && s.pool.iter().any(|i| i.share != Share::No);
        if let Some(&known) = memo.get(s).filter(|_| remember) {
            return known;
        }
        // No sequence spends more than the thrown increments in the pool: stop once one does.
        let bound: u8 = s.pool.iter().map(Inc::measure).sum();
        let mut best = 0;
        for m in self.candidates(s) {
            let mut next = s.clone();
            self.play(&mut next, m);
            best = best.max(self.used(s, m) + self.max_use_after(s, &next, memo));
            if best >= bound {
                break;
            }
        }
        if remember {
            memo.insert(s.clone(), best);
        }
        best
    }

    /// `max_use` of the position after a move from `before`: nothing once the throw is spent.
    fn max_use_after(
        &self,
        before: &RefState,
        after: &RefState,
        memo: &mut HashMap<RefState, u8>,
    ) -> u8 {
        if after.phase == RefPhase::Move && after.to_move == before.to_move {
            self.max_use_in(after, memo)
        } else {
            0
        }
    }

    /// Under `moves.held_castle = "loses-turn"`: whether a thrown value of the pool that no
    /// candidate spends would have taken one of the mover's pieces (a pair that may not part, half
    /// of it) onto a castle an opponent holds, and nothing else stopped it there.
    fn castle_costs_turn(&self, s: &RefState, candidates: &BTreeSet<RefMove>) -> bool {
        let mine = &s.progress[s.to_move];
        let froms: BTreeSet<u8> = mine.iter().copied().filter(|&p| p != self.home).collect();
        let mut values = BTreeSet::new();
        for inc in s.pool.iter().filter(|i| !i.bonus) {
            let v = inc.value;
            if !values.insert(v) {
                continue;
            }
            let spent = candidates.iter().any(|m| match *m {
                RefMove::Enter(x) => x == v,
                RefMove::EnterSum(a, b) => a == v || b == v,
                RefMove::Advance { value, .. } => value == v,
                RefMove::Pass => false,
            });
            if spent {
                continue;
            }
            for &from in &froms {
                if from == 0 && !self.may_leave_start(s, inc) {
                    continue;
                }
                let (paired, single_ok) = self.pairing(s, from);
                let distance = if paired && !single_ok { v / 2 } else { v };
                if distance == 0 {
                    continue;
                }
                let to = self.destination(u32::from(from) + u32::from(distance));
                if to.is_some_and(|to| self.castle_refuses(s, from, to)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a piece at `from` may end at `to` but for a castle an opponent holds there.
    fn castle_refuses(&self, s: &RefState, from: u8, to: u8) -> bool {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return false;
        };
        let full =
            self.stack_limit > 0 && self.counts(s, sq)[seat] >= usize::from(self.stack_limit);
        self.is_castle(seat, to)
            && !self.shared_castles
            && self.opponents_on(s, sq) > 0
            && !full
            && self.piece_to_move(s, from, to).is_some()
    }

    /// Where a move ends whose progress would be `target`: home on an exact throw (or beyond,
    /// where overshooting is allowed); under exact home never nearer than the smallest increment.
    fn destination(&self, target: u32) -> Option<u8> {
        let home = u32::from(self.home);
        if self.goal_lane {
            // The route's last square is the farthest a piece goes; a stop short of the lane
            // from which no increment reaches a lane square would strand it.
            let last = home - 1;
            let stranded =
                target <= u32::from(self.turn_home) && last - target < u32::from(self.min_step);
            return (target <= last && !stranded).then_some(target as u8);
        }
        if target == home || (target > home && !self.exact) {
            Some(self.home)
        } else if target < home && !(self.exact && home - target < u32::from(self.min_step)) {
            Some(target as u8)
        } else {
            None
        }
    }

    /// Whether a piece may leave the start with `inc` for the square its value reaches: where
    /// pieces leave freely, and under grace entry never with a grace (it brings a piece to the
    /// first square instead) nor a throw that needs a piece on the board.
    fn may_leave_start(&self, s: &RefState, inc: &Inc) -> bool {
        let v = inc.value;
        let leaves_freely = self.free_entry || (self.first_free && !s.entered[s.to_move]);
        let enters_otherwise =
            (!inc.plain && self.grace.contains(&v)) || self.needs_board.contains(&v);
        leaves_freely && (self.free_entry || !enters_otherwise)
    }

    /// Whether the mover's pieces at `from` form a pair, and whether one of them may move alone:
    /// only off a pair, or on a castle (001) -- where pairs part from the next turn, only if none
    /// of them moved during this turn.
    fn pairing(&self, s: &RefState, from: u8) -> (bool, bool) {
        let seat = s.to_move;
        let mine = &s.progress[seat];
        let together = mine.iter().filter(|&&p| p == from).count();
        let paired = self.pairs && from != 0 && together >= 2;
        let moved_this_turn = (0..self.pieces).any(|i| mine[i] == from && s.arrived[i]);
        let parts = self.is_castle(seat, from) && !(self.parts_next_turn && moved_this_turn);
        (paired, !paired || parts)
    }

    /// Under grace_only_enters, a thrown grace waits to bring a piece in while one waits.
    fn kept_for_entry(&self, inc: &Inc, waiting: bool) -> bool {
        self.grace_only_enters && waiting && !inc.plain && self.grace.contains(&inc.value)
    }

    /// The squares of a divisible 14 the mover may spend now: its shares, but a top kept to bring
    /// a pawn in.
    fn share_budget(&self, s: &RefState) -> u8 {
        let waiting = s.progress[s.to_move].contains(&0);
        s.pool
            .iter()
            .filter(|i| i.share != Share::No && !self.kept_for_entry(i, waiting))
            .map(|i| i.value)
            .sum()
    }

    /// Whether an advance of `value` spends the shares of a divisible 14: its value is then
    /// their squares together.
    fn spends_shares(&self, s: &RefState, value: u8) -> bool {
        s.pool.iter().any(|i| i.share != Share::No) && value == self.share_budget(s)
    }

    /// Every move the increments in the pool allow, one increment a move, before the fullest-use
    /// rule and passing.
    fn candidates(&self, s: &RefState) -> BTreeSet<RefMove> {
        let mut set = BTreeSet::new();
        if s.phase != RefPhase::Move {
            return set;
        }
        let seat = s.to_move;
        let mine = &s.progress[seat];
        // 003 (PB): the pawn a die landed on an opponent's castle goes on with another die of
        // the throw before anything else moves; it lands as any move does.
        if s.carrying != 0 {
            for inc in s.pool.iter().filter(|i| !i.bonus) {
                self.advances(s, s.carrying, *inc, inc.value, false, &mut set);
            }
            return set;
        }
        let waiting = mine.contains(&0);
        let can_enter = waiting && self.entry_square_accepts(s);
        for inc in &s.pool {
            let v = inc.value;
            let first_ok =
                s.entered[seat] || self.first_entry.is_empty() || self.first_entry.contains(&v);
            if !self.free_entry && !inc.plain && self.grace.contains(&v) && first_ok && can_enter {
                set.insert(RefMove::Enter(v));
            }
            // 003 (SR v1975, TR): while a piece waits in the nest, a die showing a grace only
            // enters.
            if self.kept_for_entry(inc, waiting) {
                continue;
            }
            // The squares of a divisible 14 move pawns all together, below.
            if inc.share != Share::No {
                continue;
            }
            let froms: BTreeSet<u8> = mine.iter().copied().filter(|&p| p != self.home).collect();
            for from in froms {
                // A grace only ever brings a new piece to the lane's first square, and a 7 or 14
                // never brings one out at all.
                if from == 0 && !self.may_leave_start(s, inc) {
                    continue;
                }
                let (paired, single_ok) = self.pairing(s, from);
                let splits = self.split && !inc.bonus;
                let steps_range = if splits { 1..=v } else { v..=v };
                for steps in steps_range {
                    if single_ok {
                        self.advances(s, from, *inc, steps, false, &mut set);
                    }
                    if paired && steps >= 2 {
                        self.advances(s, from, *inc, steps, true, &mut set);
                    }
                }
            }
        }
        // 003: a five "as the sum of the numbers on the two dice such as 3 and 2".
        if self.enter_with_sum && can_enter {
            let thrown: Vec<u8> = s
                .pool
                .iter()
                .filter(|i| !i.plain && !i.bonus)
                .map(|i| i.value)
                .collect();
            for i in 0..thrown.len() {
                for j in i + 1..thrown.len() {
                    let (a, b) = (thrown[i].max(thrown[j]), thrown[i].min(thrown[j]));
                    if self.grace.contains(&(a + b)) {
                        set.insert(RefMove::EnterSum(a, b));
                    }
                }
            }
        }
        if s.pool.iter().any(|i| i.share != Share::No) {
            self.share_moves(s, &mut set);
        }
        // OpenSpiel's maedn: while a piece waits, one on the entry square must move off it, if it
        // can; before a piece must be entered.
        if self.clear_entry
            && mine.contains(&0)
            && set
                .iter()
                .any(|m| matches!(m, RefMove::Advance { from: 1, .. }))
        {
            set.retain(|m| matches!(m, RefMove::Advance { from: 1, .. }));
            return set;
        }
        // 003 (SR v1942, v1989, TR): a piece must be entered whenever one can be.
        if self.must_enter
            && set
                .iter()
                .any(|m| matches!(m, RefMove::Enter(_) | RefMove::EnterSum(..)))
        {
            set.retain(|m| matches!(m, RefMove::Enter(_) | RefMove::EnterSum(..)));
        }
        set
    }

    /// 003 (TR): a doublet's 14 squares "may optionally be subdivided in any fashion v1960 between
    /// two pawns or v1938 among any number of pawns". One pawn takes any number of the squares
    /// (all that is left, when a first pawn has taken some and the 14 goes to two pawns at most),
    /// up to the square behind the first blockade on its way; with `finish_from_fourteen`, only
    /// the whole 14 brings a pawn home ("only from 14 spaces out"). What it leaves is one rest.
    fn share_moves(&self, s: &RefState, set: &mut BTreeSet<RefMove>) {
        let budget = self.share_budget(s);
        if budget == 0 {
            return;
        }
        let whole =
            self.fourteen == Fourteen::TwoPawns && s.pool.iter().any(|i| i.share == Share::Rest);
        let froms: BTreeSet<u8> = s.progress[s.to_move]
            .iter()
            .copied()
            .filter(|&p| p != 0 && p != self.home)
            .collect();
        let home = u32::from(self.home);
        for from in froms {
            let reach = (u32::from(from) + u32::from(budget)).min(home) as u8;
            let last = self
                .first_blockade(s, from, reach)
                .map_or(budget, |b| b - 1 - from);
            let first = if whole { budget } else { 1 };
            for steps in first..=last {
                let target = u32::from(from) + u32::from(steps);
                if self.finish_from_fourteen && target >= home && (budget, steps) != (14, 14) {
                    continue;
                }
                let Some(to) = self.destination(target) else {
                    continue;
                };
                if self.can_land(s, to, false) && self.piece_to_move(s, from, to).is_some() {
                    set.insert(RefMove::Advance {
                        from,
                        value: budget,
                        steps,
                        pair: false,
                        round: false,
                    });
                }
            }
        }
    }

    /// Whether the mover's entry square (progress 1) takes a piece from the nest: own pieces
    /// there below the stack limit, no blockade, no opponent on a closed castle, except that a
    /// piece entering may capture a lone opponent there where `capture.on_entry` says so.
    fn entry_square_accepts(&self, s: &RefState) -> bool {
        if !self.nest {
            // In the Charkoni game the lane's first square is the seat's own.
            return true;
        }
        let seat = s.to_move;
        let sq = self.square(seat, 1).expect("an entry square");
        let counts = self.counts(s, sq);
        if self.stack_limit > 0 && counts[seat] >= usize::from(self.stack_limit) {
            return false;
        }
        if self.blockade_on(s, sq) {
            return false;
        }
        let opponents = self.opponents_on(s, sq);
        if opponents == 0 || (self.capture_on_entry && opponents == 1) {
            return true;
        }
        !self.is_castle(seat, 1) || self.shared_castles || self.landing.send_back_castles
    }

    fn advances(
        &self,
        s: &RefState,
        from: u8,
        inc: Inc,
        steps: u8,
        pair: bool,
        set: &mut BTreeSet<RefMove>,
    ) {
        let seat = s.to_move;
        let value = inc.value;
        let distance = if pair { steps / 2 } else { steps };
        let target = u32::from(from) + u32::from(distance);
        let dest = self.reach(from, distance);
        // Passing the end square the second time turns the piece up its lane, towards home. A
        // seat that must capture before going home and has not may not turn up: it goes round.
        let turn = u32::from(self.turn_home);
        let turns_up = u32::from(from) <= turn && target > turn;
        let must_go_round = turns_up && self.before_home && s.credits[seat] == 0;
        // TR (003): "A die interval that would take pawn beyond a blockade may land the pawn on
        // the space immediately behind a blockade with the rest of the interval ignored" -- also
        // an interval that would overshoot home, as it is the blockade that stops it (the spec
        // leaves this open; the engine reads it so too). Only a die: a bonus is "taken in its
        // entirety by one pawn, or forfeited".
        if self.stop_behind && !inc.bonus && !pair {
            let last = target.min(u32::from(self.home)) as u8;
            if let Some(b) = self.first_blockade(s, from, last) {
                let to = b - 1;
                if to > from && self.lands(s, from, inc, to, false) {
                    set.insert(RefMove::Advance {
                        from,
                        value,
                        steps: to - from,
                        pair,
                        round: false,
                    });
                }
                return;
            }
        }
        if let Some(to) = dest.filter(|_| !must_go_round) {
            // 003: no piece passes or lands on a blockade.
            if self.first_blockade(s, from, to).is_some() {
                return;
            }
            if self.lands(s, from, inc, to, pair) {
                set.insert(RefMove::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round: false,
                });
            }
        }
        if (self.round_again || must_go_round) && turns_up {
            // One more lap at most: the piece may not pass its end square again in the same move.
            let to = target - u32::from(self.lap);
            if to <= turn
                && (self.can_land(s, to as u8, pair)
                    || self.carries_on(s, from, inc, to as u8, pair))
            {
                set.insert(RefMove::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round: true,
                });
            }
        }
    }

    /// Whether a move of `inc` from `from` may end at `to`: where any move may end, or, under
    /// `carry_on`, on an opponent's castle from which another die carries the pawn on.
    fn lands(&self, s: &RefState, from: u8, inc: Inc, to: u8, pair: bool) -> bool {
        (self.can_land(s, to, pair) && self.piece_to_move(s, from, to).is_some())
            || self.carries_on(s, from, inc, to, pair)
    }

    /// 003 (PB): "A pawn may use a die increment that lands it on a safety space occupied by an
    /// opponent's pawn provided that another increment of the throw is immediately used to carry
    /// the pawn further." Only a thrown die, only a single pawn not already being carried, only
    /// where nothing but the opponent's castle stops it, and only if, the die spent and the pawn
    /// there, a die left in the throw carries it on.
    fn carries_on(&self, s: &RefState, from: u8, inc: Inc, to: u8, pair: bool) -> bool {
        if !self.carry_on || pair || inc.bonus || s.carrying != 0 {
            return false;
        }
        if !self.castle_refuses(s, from, to) {
            return false;
        }
        let mut next = s.clone();
        self.spend(&mut next, inc.value, inc.value, false);
        if next.pool.iter().all(|i| i.bonus) {
            return false;
        }
        let piece = self.piece_to_move(s, from, to).expect("a piece to move");
        self.lift(&mut next, piece, from, to, 1);
        next.carrying = to;
        !self.candidates(&next).is_empty()
    }

    /// The first progress in `from+1 ..= to` (on the mover's route) where a blockade stands.
    fn first_blockade(&self, s: &RefState, from: u8, to: u8) -> Option<u8> {
        if !self.blockades {
            return None;
        }
        (from + 1..=to).find(|&p| {
            self.square(s.to_move, p)
                .is_some_and(|sq| self.blockade_on(s, sq))
        })
    }

    /// The piece at `from` that moves to `to`: the first (by index) that may. 003: "A blockade
    /// may not be moved intact": two pieces that left one blockade during this throw may not
    /// stand together again on another square. A piece already remembering a blockade keeps
    /// that one when it leaves another (the notation holds one square a piece; the spec leaves
    /// this open, the engine does so: looked up in movegen.rs).
    fn piece_to_move(&self, s: &RefState, from: u8, to: u8) -> Option<usize> {
        let seat = s.to_move;
        let mine = &s.progress[seat];
        let together = mine.iter().filter(|&&p| p == from).count();
        (0..self.pieces).filter(|&i| mine[i] == from).find(|&i| {
            if !self.blockades || from == 0 {
                return true;
            }
            let memory = match s.left[i] {
                0 if together >= 2 => from,
                m => m,
            };
            // Home is no square: any number of pieces finish.
            memory == 0
                || memory == to
                || to == self.home
                || !(0..self.pieces).any(|j| j != i && mine[j] == to && s.left[j] == memory)
        })
    }

    /// Whether the mover may end a move at `to`: own pieces there below the stack limit; never on
    /// a closed castle an opponent holds (a shared one takes anybody); with pairs, a single piece
    /// never onto an opposing pair (two pieces of one seat at one progress).
    fn can_land(&self, s: &RefState, to: u8, pair: bool) -> bool {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return true;
        };
        if self.stack_limit > 0 && self.counts(s, sq)[seat] >= usize::from(self.stack_limit) {
            return false;
        }
        let mut occupied = false;
        let mut opposing_pair = false;
        for t in (0..self.seats).filter(|&t| self.team[t] != self.team[seat]) {
            let here: Vec<u8> = s.progress[t]
                .iter()
                .copied()
                .filter(|&p| self.square(t, p) == Some(sq))
                .collect();
            occupied |= !here.is_empty();
            opposing_pair |= here
                .iter()
                .any(|p| here.iter().filter(|q| *q == p).count() >= 2);
        }
        if !occupied {
            return true;
        }
        if self.is_castle(seat, to) {
            return self.shared_castles || self.landing.send_back_castles;
        }
        pair || !self.pairs || !opposing_pair
    }

    fn play(&self, s: &mut RefState, mv: RefMove) {
        assert_eq!(s.phase, RefPhase::Move, "moving out of turn");
        let seat = s.to_move;
        match mv {
            RefMove::Pass => {
                // 001, read as the whole turn: no throw still due is thrown either.
                if self.held_loses_turn && self.castle_costs_turn(s, &self.candidates(s)) {
                    s.again = false;
                }
                s.pool.clear();
            }
            RefMove::Enter(_) | RefMove::EnterSum(..) => {
                match mv {
                    RefMove::Enter(v) => self.spend(s, v, v, true),
                    RefMove::EnterSum(a, b) => {
                        self.spend(s, a, a, true);
                        self.spend(s, b, b, true);
                    }
                    _ => unreachable!(),
                }
                let i = s.progress[seat]
                    .iter()
                    .position(|&p| p == 0)
                    .expect("a piece to enter");
                s.progress[seat][i] = 1;
                s.entered[seat] = true;
                if self.pairs && self.parts_next_turn {
                    s.arrived[i] = true;
                }
                if self.landing.resolves() {
                    self.land(s, i, 1);
                } else if self.nest {
                    // 003: "an entering pawn may capture a single opponent's pawn on the safety
                    // space that is also the entrance space".
                    self.capture(s, i, 1, self.capture_on_entry);
                }
            }
            RefMove::Advance {
                from,
                value,
                steps,
                pair,
                round,
            } => {
                let distance = if pair { steps / 2 } else { steps };
                let target = u32::from(from) + u32::from(distance);
                let bounced = self.bounced(from, distance);
                let mut to = if round {
                    (target - u32::from(self.lap)) as u8
                } else if let Some(back) = bounced {
                    back
                } else {
                    target.min(u32::from(self.home)) as u8
                };
                let piece = self.piece_to_move(s, from, to).expect("a piece to move");
                self.spend(s, value, steps, false);
                if self.overtake {
                    // 003 "(nr)" MB: passing a lone opponent off the castles captures it.
                    for p in from + 1..to.min(self.home) {
                        let Some(sq) = self.square(seat, p) else {
                            continue;
                        };
                        if !self.is_castle(seat, p) && self.opponents_on(s, sq) == 1 {
                            self.capture(s, piece, p, false);
                        }
                    }
                }
                let moved = self.lift(s, piece, from, to, if pair { 2 } else { 1 });
                if from == 0 {
                    s.entered[seat] = true;
                }
                if self.carry_on {
                    // 003 (PB): a pawn a die landed on an opponent's castle is carried on next;
                    // the die that carries it ends the carrying.
                    let held = self
                        .square(seat, to)
                        .is_some_and(|sq| self.is_castle(seat, to) && self.opponents_on(s, sq) > 0);
                    s.carrying = if s.carrying == 0 && held { to } else { 0 };
                }
                if bounced.is_some() {
                    // A piece bounced back from home meets nobody.
                } else if self.landing.resolves() {
                    to = self.land(s, moved[0], to);
                } else {
                    self.capture(s, moved[0], to, false);
                }
                if self.goal_lane && self.in_goal(to) {
                    self.place(s);
                }
                if to == self.home {
                    self.place(s);
                    if s.phase != RefPhase::Over && !self.finished(s, seat) {
                        if self.finish_bonus > 0 {
                            self.push(s, Self::bonus_inc(self.finish_bonus));
                        }
                        if self.home_throw {
                            s.again = true;
                        }
                    }
                }
            }
        }
        if s.phase == RefPhase::Over {
            return;
        }
        if self.finished(s, seat) {
            s.pool.clear();
        }
        if s.pool.is_empty() {
            self.end_spending(s);
        }
    }

    /// Moves `piece` and, for a pair, the next of the mover's pieces at `from` to `to`; returns
    /// the pieces moved. The pieces of a blockade remember it when one leaves (003).
    fn lift(&self, s: &mut RefState, piece: usize, from: u8, to: u8, count: usize) -> Vec<usize> {
        let seat = s.to_move;
        let together = s.progress[seat].iter().filter(|&&p| p == from).count();
        if self.blockades && from != 0 && together >= 2 {
            for i in 0..self.pieces {
                if s.progress[seat][i] == from && s.left[i] == 0 {
                    s.left[i] = from;
                }
            }
        }
        let mut moved = vec![piece];
        moved.extend(
            (0..self.pieces)
                .filter(|&i| i != piece && s.progress[seat][i] == from)
                .take(count - 1),
        );
        for &i in &moved {
            s.progress[seat][i] = to;
            // A capture can be struck out only while its piece stands where it made it.
            s.open[seat][i] = None;
            if self.pairs && self.parts_next_turn {
                s.arrived[i] = true;
            }
        }
        moved
    }

    fn bonus_inc(value: u8) -> Inc {
        Inc {
            bonus: true,
            ..Inc::plain(value)
        }
    }

    /// Spends `steps` of an increment worth `value`. Entering needs a grace; moving spends a
    /// plain increment first, keeping graces for entering, and a thrown one before a bonus.
    /// What a split leaves is plain; a move stopped behind a blockade forfeits the rest. The
    /// shares of a divisible 14 go together, what the pawn leaves of them staying as one rest.
    fn spend(&self, s: &mut RefState, value: u8, steps: u8, entering: bool) {
        if !entering && self.spends_shares(s, value) {
            let waiting = s.progress[s.to_move].contains(&0);
            s.pool
                .retain(|i| i.share == Share::No || self.kept_for_entry(i, waiting));
            if steps < value {
                s.pool.push(Inc {
                    share: Share::Rest,
                    ..Inc::plain(value - steps)
                });
            }
            return;
        }
        let i = s
            .pool
            .iter()
            .position(|inc| inc.value == value && inc.plain != entering && !inc.bonus)
            .or_else(|| {
                s.pool
                    .iter()
                    .position(|inc| inc.value == value && !inc.bonus)
            })
            .or_else(|| s.pool.iter().position(|inc| inc.value == value))
            .expect("the increment spent is in the pool");
        if steps < value && self.split {
            s.pool[i] = Inc::plain(value - steps);
        } else {
            s.pool.remove(i);
        }
    }

    /// Captures the opponents on the mover's square at progress `to`: never on a castle unless
    /// `on_castle_too` (an entering piece's capture).
    fn capture(&self, s: &mut RefState, piece: usize, to: u8, on_castle_too: bool) {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return;
        };
        if self.is_castle(seat, to) && !on_castle_too {
            return;
        }
        let mut victims = None;
        for t in (0..self.seats).filter(|&t| self.team[t] != self.team[seat]) {
            for i in 0..self.pieces {
                let p = s.progress[t][i];
                if self.square(t, p) != Some(sq) {
                    continue;
                }
                s.progress[t][i] = 0;
                victims = Some(self.team[t]);
                // The victim's side took back a capture made by this very piece on this square.
                if s.open[t][i] == Some((p, self.team[seat])) {
                    s.open[t][i] = None;
                    s.credits[t] = s.credits[t].saturating_sub(1);
                }
            }
        }
        let Some(victims) = victims else { return };
        if self.before_home {
            s.credits[seat] = s.credits[seat].saturating_add(1);
        }
        if self.invalidation && s.progress[seat][piece] == to {
            s.open[seat][piece] = Some((to, victims));
        }
        if self.capture_bonus > 0 {
            self.push(s, Self::bonus_inc(self.capture_bonus));
        }
        if self.capture_throw {
            s.again = true;
        }
    }

    fn place(&self, s: &mut RefState) {
        for team in 0..self.teams {
            let done = (0..self.seats)
                .filter(|&seat| self.team[seat] == team)
                .all(|seat| self.finished(s, seat));
            if done && !s.placed.contains(&team) {
                s.placed.push(team);
            }
        }
        let unplaced = usize::from(self.teams) - s.placed.len();
        let over = if self.winner_only {
            !s.placed.is_empty()
        } else {
            unplaced <= 1
        };
        if over {
            if unplaced == 1 {
                let last = (0..self.teams)
                    .find(|t| !s.placed.contains(t))
                    .expect("one team left");
                s.placed.push(last);
            }
            s.phase = RefPhase::Over;
            s.pool.clear();
            s.left = vec![0; self.pieces];
            s.arrived = vec![false; self.pieces];
            s.carrying = 0;
            s.streak = None;
            s.again = false;
        }
    }

    fn perft(&self, s: &RefState, depth: u32) -> u64 {
        match s.phase {
            RefPhase::Over => 1,
            RefPhase::Throw if depth == 0 => 1,
            RefPhase::Throw => self
                .throws
                .iter()
                .map(|t| {
                    let mut next = s.clone();
                    self.throw(&mut next, t);
                    self.perft(&next, depth - 1)
                })
                .sum(),
            RefPhase::Move => self
                .moves(s)
                .into_iter()
                .map(|mv| {
                    let mut next = s.clone();
                    self.play(&mut next, mv);
                    self.perft(&next, depth)
                })
                .sum(),
        }
    }

    // --- notation (docs: notation.rs) -----------------------------------------------------

    fn parse(&self, text: &str) -> RefState {
        let mut s = self.start();
        if text.trim() == "start" {
            return s;
        }
        s.first = vec![false; self.seats];
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert!(fields.len() >= 3, "position `{text}` has too few fields");
        let groups: Vec<&str> = fields[0].split('/').collect();
        assert_eq!(groups.len(), self.seats, "seats in `{text}`");
        for (seat, group) in groups.iter().enumerate() {
            let items: Vec<&str> = group.split(',').collect();
            assert_eq!(items.len(), self.pieces, "pieces in `{text}`");
            for (i, item) in items.iter().enumerate() {
                s.progress[seat][i] = if *item == "h" {
                    self.home
                } else {
                    item.parse().expect("a progress")
                };
            }
        }
        let mut turn = fields[1].chars();
        s.to_move = turn
            .next()
            .and_then(|c| self.seat_of_letter(c))
            .expect("a seat letter");
        s.phase = match turn.next() {
            Some('t') => RefPhase::Throw,
            Some('m') => RefPhase::Move,
            Some('x') => RefPhase::Over,
            other => panic!("bad phase {other:?} in `{text}`"),
        };
        if fields[2] != "-" {
            for item in fields[2].split(',') {
                let (digits, plain, bonus, share) = if let Some(d) = item.strip_suffix("fs") {
                    (d, true, false, Share::Part)
                } else if let Some(d) = item.strip_suffix('f') {
                    (d, false, false, Share::Part)
                } else if let Some(d) = item.strip_suffix('r') {
                    (d, true, false, Share::Rest)
                } else if let Some(d) = item.strip_suffix('s') {
                    (d, true, false, Share::No)
                } else if let Some(d) = item.strip_suffix('b') {
                    (d, true, true, Share::No)
                } else {
                    (item, false, false, Share::No)
                };
                s.pool.push(Inc {
                    value: digits.parse().expect("an increment"),
                    plain,
                    bonus,
                    share,
                });
            }
        }
        let letters = |v: &str| -> Vec<bool> {
            (0..self.seats)
                .map(|seat| v.contains(self.letters[seat]))
                .collect()
        };
        for f in &fields[3..] {
            let (key, value) = f.split_once('=').unwrap_or((f, ""));
            match key {
                "again" => s.again = true,
                "streak" => {
                    let (v, n) = value.split_once('x').expect("VxN");
                    s.streak = Some((v.parse().expect("value"), n.parse().expect("count")));
                }
                "opened" => s.opened = letters(value),
                "entered" => s.entered = letters(value),
                "credits" => {
                    s.credits = value
                        .split(',')
                        .map(|n| n.parse().expect("credit"))
                        .collect();
                }
                "open" => {
                    for item in value.split(',') {
                        let parts: Vec<&str> = item.split(':').collect();
                        let seat = parts[0]
                            .chars()
                            .next()
                            .and_then(|c| self.seat_of_letter(c))
                            .expect("seat");
                        let piece: usize = parts[1].parse().expect("piece");
                        s.open[seat][piece] = Some((
                            parts[2].parse().expect("progress"),
                            parts[3].parse().expect("team"),
                        ));
                    }
                }
                "placed" => {
                    s.placed = value.split(',').map(|n| n.parse().expect("team")).collect();
                }
                "left" => {
                    for item in value.split(',') {
                        let (piece, progress) = item.split_once(':').expect("PIECE:PROGRESS");
                        s.left[piece.parse::<usize>().expect("piece")] =
                            progress.parse().expect("progress");
                    }
                }
                "arrived" => {
                    for piece in value.split(',') {
                        s.arrived[piece.parse::<usize>().expect("piece")] = true;
                    }
                }
                "carry" => s.carrying = value.parse().expect("progress"),
                "first" => s.first = letters(value),
                "tries" => s.tries = value.parse().expect("tries"),
                other => panic!("unknown field `{other}` in `{text}`"),
            }
        }
        s
    }

    fn notation(&self, s: &RefState) -> String {
        let pieces: Vec<String> = s
            .progress
            .iter()
            .map(|seat| {
                seat.iter()
                    .map(|&p| {
                        if p == self.home {
                            "h".to_string()
                        } else {
                            p.to_string()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let phase = match s.phase {
            RefPhase::Throw => 't',
            RefPhase::Move => 'm',
            RefPhase::Over => 'x',
        };
        let pool = if s.pool.is_empty() {
            "-".to_string()
        } else {
            s.pool
                .iter()
                .map(|i| {
                    let mark = match i.share {
                        Share::Rest => "r",
                        Share::Part if i.plain => "fs",
                        Share::Part => "f",
                        Share::No if i.bonus => "b",
                        Share::No if i.plain => "s",
                        Share::No => "",
                    };
                    format!("{}{mark}", i.value)
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let mut out = format!(
            "{} {}{phase} {pool}",
            pieces.join("/"),
            self.letters[s.to_move]
        );
        if s.again {
            out.push_str(" again");
        }
        if let Some((k, n)) = s.streak {
            out.push_str(&format!(" streak={k}x{n}"));
        }
        for (key, flags) in [("opened", &s.opened), ("entered", &s.entered)] {
            if flags.iter().any(|&b| b) {
                let l: String = (0..self.seats)
                    .filter(|&i| flags[i])
                    .map(|i| self.letters[i])
                    .collect();
                out.push_str(&format!(" {key}={l}"));
            }
        }
        if s.credits.iter().any(|&c| c > 0) {
            let c: Vec<String> = s.credits.iter().map(u8::to_string).collect();
            out.push_str(&format!(" credits={}", c.join(",")));
        }
        let open: Vec<String> = (0..self.seats)
            .flat_map(|seat| (0..self.pieces).map(move |piece| (seat, piece)))
            .filter_map(|(seat, piece)| {
                s.open[seat][piece]
                    .map(|(p, team)| format!("{}:{piece}:{p}:{team}", self.letters[seat]))
            })
            .collect();
        if !open.is_empty() {
            out.push_str(&format!(" open={}", open.join(",")));
        }
        if !s.placed.is_empty() {
            let p: Vec<String> = s.placed.iter().map(u8::to_string).collect();
            out.push_str(&format!(" placed={}", p.join(",")));
        }
        let left: Vec<String> = (0..self.pieces)
            .filter(|&i| s.left[i] > 0)
            .map(|i| format!("{i}:{}", s.left[i]))
            .collect();
        if !left.is_empty() {
            out.push_str(&format!(" left={}", left.join(",")));
        }
        let arrived: Vec<String> = (0..self.pieces)
            .filter(|&i| s.arrived[i])
            .map(|i| i.to_string())
            .collect();
        if !arrived.is_empty() {
            out.push_str(&format!(" arrived={}", arrived.join(",")));
        }
        if s.carrying > 0 {
            out.push_str(&format!(" carry={}", s.carrying));
        }
        if s.first.iter().any(|&f| f) {
            let l: String = (0..self.seats)
                .filter(|&i| s.first[i])
                .map(|i| self.letters[i])
                .collect();
            out.push_str(&format!(" first={l}"));
        }
        if s.tries > 0 {
            out.push_str(&format!(" tries={}", s.tries));
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing the engine with the reference.
// ---------------------------------------------------------------------------------------------

fn engine_moves(rules: &Rules, pos: &Position) -> BTreeSet<String> {
    pos.legal_moves(rules).iter().map(Move::to_string).collect()
}

fn reference_moves(r: &RefRules, s: &RefState) -> BTreeSet<String> {
    r.moves(s).iter().map(RefMove::to_string).collect()
}

fn throw_by_name(rules: &Rules, name: &str) -> pachisi_core::Throw {
    let name: ThrowName = name.parse().expect("a throw name");
    rules.throw_by_name(name).expect("a throw of the rules")
}

/// Walks engine and reference side by side towards a node where their counts differ and
/// describes the first place where the two part ways.
fn first_divergence(
    rules: &Rules,
    r: &RefRules,
    pos: &Position,
    s: &RefState,
    depth: u32,
    path: &mut Vec<String>,
) -> Option<String> {
    let (en, rn) = (pos.to_notation(rules), r.notation(s));
    if en != rn {
        return Some(format!(
            "after `{}` the engine reached `{en}` but the reference `{rn}`",
            path.join(" ")
        ));
    }
    match pos.phase() {
        Phase::Over => None,
        Phase::Throw if depth == 0 => None,
        Phase::Throw => {
            for throw in &r.throws {
                let mut p = *pos;
                p.apply_throw(rules, throw_by_name(rules, &throw.name))
                    .expect("throw");
                let mut t = s.clone();
                r.throw(&mut t, throw);
                if perft(rules, &p, depth - 1) != r.perft(&t, depth - 1) {
                    path.push(format!("({})", throw.name));
                    return first_divergence(rules, r, &p, &t, depth - 1, path);
                }
            }
            None
        }
        Phase::Move => {
            let (em, rm) = (engine_moves(rules, pos), reference_moves(r, s));
            if em != rm {
                return Some(format!(
                    "at `{en}` (after `{}`) the engine lists {:?} but the reference {:?}",
                    path.join(" "),
                    em.difference(&rm).collect::<Vec<_>>(),
                    rm.difference(&em).collect::<Vec<_>>()
                ));
            }
            for mv in r.moves(s) {
                let text = mv.to_string();
                let mut p = *pos;
                p.play(rules, text.parse().expect("move text"))
                    .expect("a legal move");
                let mut t = s.clone();
                r.play(&mut t, mv);
                if perft(rules, &p, depth) != r.perft(&t, depth) {
                    path.push(text);
                    return first_divergence(rules, r, &p, &t, depth, path);
                }
            }
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The tables.
// ---------------------------------------------------------------------------------------------

struct Line {
    file: PathBuf,
    line: usize,
    ruleset: String,
    overrides: Vec<String>,
    position: String,
    depth: u32,
    count: Option<u64>,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn table_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .expect("tests/data exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "perft"))
        .collect();
    files.sort();
    files
}

fn read_table(file: &Path) -> Vec<Line> {
    let text = std::fs::read_to_string(file).expect("readable table");
    let mut lines = Vec::new();
    let (mut ruleset, mut overrides, mut position) = (None::<String>, Vec::new(), None::<String>);
    for (n, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        let where_ = format!("{}:{}", file.display(), n + 1);
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "ruleset" => {
                let mut words = rest.split_whitespace();
                ruleset = Some(words.next().expect("a ruleset name").to_string());
                overrides = words.map(String::from).collect();
                position = None;
            }
            "position" => position = Some(rest.trim().to_string()),
            "perft" => {
                let (depth, count) = rest
                    .trim()
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{where_}: expected `perft DEPTH COUNT`"));
                lines.push(Line {
                    file: file.to_path_buf(),
                    line: n + 1,
                    ruleset: ruleset
                        .clone()
                        .unwrap_or_else(|| panic!("{where_}: no ruleset line before"))
                        .clone(),
                    overrides: overrides.clone(),
                    position: position
                        .clone()
                        .unwrap_or_else(|| panic!("{where_}: no position line before")),
                    depth: depth.parse().expect("a depth"),
                    count: count.trim().parse().ok(),
                });
            }
            other => panic!("{where_}: unknown line `{other}`"),
        }
    }
    lines
}

fn rules_of(line: &Line) -> Rules {
    builtin_rules(&line.ruleset, &line.overrides)
        .unwrap_or_else(|e| panic!("{}:{}: {e}", line.file.display(), line.line))
}

fn bless() -> bool {
    std::env::var("PACHISI_BLESS").is_ok_and(|v| v == "1")
}

#[test]
fn every_builtin_ruleset_has_a_table_with_the_start_and_midgame_positions() {
    let lines: Vec<Line> = table_files().iter().flat_map(|f| read_table(f)).collect();
    for (name, _) in BUILTIN_RULESETS {
        let positions: BTreeSet<&str> = lines
            .iter()
            .filter(|l| l.ruleset == *name && l.overrides.is_empty())
            .map(|l| l.position.as_str())
            .collect();
        assert!(positions.contains("start"), "{name}: no start position");
        assert!(
            positions.len() >= 3,
            "{name}: only {} positions",
            positions.len()
        );
    }
}

#[test]
fn the_engine_perft_matches_every_table_line() {
    let mut failures = Vec::new();
    for file in table_files() {
        for line in read_table(&file) {
            let rules = rules_of(&line);
            let pos = Position::from_notation(&rules, &line.position)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", file.display(), line.line));
            let Some(count) = line.count else { continue };
            let engine = perft(&rules, &pos, line.depth);
            if engine != count {
                let r = RefRules::new(&rules);
                let s = r.parse(&line.position);
                let why = first_divergence(&rules, &r, &pos, &s, line.depth, &mut Vec::new())
                    .unwrap_or_else(|| "the engine and the reference agree here".into());
                failures.push(format!(
                    "{}:{}: perft {} is {engine}, the table says {count}: {why}",
                    file.display(),
                    line.line,
                    line.depth
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_reference_generator_matches_every_table_line() {
    for file in table_files() {
        let mut text = std::fs::read_to_string(&file).expect("readable table");
        let mut out = Vec::new();
        let lines = read_table(&file);
        for line in &lines {
            let rules = rules_of(line);
            let r = RefRules::new(&rules);
            let s = r.parse(&line.position);
            assert_eq!(
                r.notation(&s),
                Position::from_notation(&rules, &line.position)
                    .expect("valid position")
                    .to_notation(&rules),
                "{}:{}: the reference reads the position differently",
                file.display(),
                line.line
            );
            let count = r.perft(&s, line.depth);
            if bless() {
                out.push((line.line, count));
            } else {
                assert_eq!(
                    Some(count),
                    line.count,
                    "{}:{}: the reference counts {count}",
                    file.display(),
                    line.line
                );
            }
        }
        if bless() {
            let mut rewritten: Vec<String> = text.lines().map(String::from).collect();
            for (n, count) in out {
                let old = &rewritten[n - 1];
                let depth = old.split_whitespace().nth(1).expect("a depth").to_string();
                let comment = old.find('#').map(|i| format!("  {}", &old[i..]));
                rewritten[n - 1] = format!("perft {depth} {count}{}", comment.unwrap_or_default());
            }
            text = rewritten.join("\n") + "\n";
            std::fs::write(&file, text).expect("writable table");
        }
    }
}

/// Rulesets and overrides for the side-by-side walk: every built-in ruleset, the optional rules
/// no built-in ruleset switches on, and a few unusual boards and combinations.
fn walk_configurations() -> Vec<(&'static str, Vec<String>)> {
    let mut out: Vec<(&'static str, Vec<String>)> = BUILTIN_RULESETS
        .iter()
        .map(|(n, _)| (*n, Vec::new()))
        .collect();
    let extra: [(&str, &[&str]); 36] = [
        ("pachisi", &["moves.split=true"]),
        (
            "pachisi",
            &["capture.before_home=true", "capture.invalidation=true"],
        ),
        ("pachisi", &["players.pieces=8", "moves.exact_home=true"]),
        ("pachisi", &["turn.opening=[2,3,4]", "moves.pass=false"]),
        (
            "pachisi-encyclopedia",
            &[
                "moves.split=true",
                "capture.before_home=true",
                "capture.invalidation=true",
                "turn.opening=[2,3,4]",
            ],
        ),
        ("humphries-1904", &["board.direction=\"clockwise\""]),
        ("herklots-1832", &["turn.three_in_a_row=\"none\""]),
        // A lap of ten squares, shorter than the biggest throw.
        (
            "humphries-1904",
            &[
                "board.arms=2",
                "board.arm_length=2",
                "board.outer_castle_row=1",
                "players.seats=[0,1]",
                "players.colours=[]",
                "players.teams=[]",
            ],
        ),
        // Six arms, six seats in two teams of three, the default colours.
        (
            "pachisi",
            &[
                "board.arms=6",
                "players.seats=[0,1,2,3,4,5]",
                "players.colours=[]",
                "players.teams=[[0,2,4],[1,3,5]]",
            ],
        ),
        (
            "pachisi",
            &[
                "players.seats=[0,1,2]",
                "players.colours=[]",
                "players.teams=[]",
                "finish.placings=\"all\"",
            ],
        ),
        (
            "humphries-1904-dice",
            &[
                "throw.dice=3",
                "throw.faces=[1,2,5,6]",
                "throw.extra_throw=[18]",
            ],
        ),
        (
            "humphries-1904",
            &[
                "moves.exact_home=true",
                "moves.split=true",
                "capture.before_home=true",
                "capture.invalidation=true",
                "players.teams=[[0,2],[1,3]]",
            ],
        ),
        (
            "pachisi",
            &[
                "moves.first_piece_free=true",
                "throw.first_entry=[25]",
                "throw.bonus_step=[25]",
                "throw.bonus_step_needs_all_entered=true",
            ],
        ),
        // Parcheesi and Ludo switches (003, the Ludo rule book).
        ("parcheesi-sr", &["board.corner_squares=1"]),
        ("parcheesi-sr", &["board.direction=\"clockwise\""]),
        (
            "parcheesi-sr",
            &["moves.must_enter=false", "moves.grace_only_enters=true"],
        ),
        ("parcheesi-mb", &["board.entry_offset=0", "throw.grace=[7]"]),
        ("parcheesi-mb", &["moves.usage=\"all-or-nothing\""]),
        ("parcheesi-mb", &["capture.overtake=true"]),
        (
            "parcheesi-mb",
            &[
                "throw.separate_dice=false",
                "moves.enter_with_sum=false",
                "doubles.enabled=false",
                "doubles.undersides=\"never\"",
            ],
        ),
        // One die: a 6 is a doublet, its undersides one increment of 7.
        (
            "parcheesi-sr",
            &[
                "throw.dice=1",
                "throw.separate_dice=false",
                "moves.enter_with_sum=false",
            ],
        ),
        // The readings of 001 and 003 the built-in rulesets do not take.
        ("humphries-1904", &["moves.pair_parts=\"at-once\""]),
        ("humphries-1904", &["moves.held_castle=\"loses-turn\""]),
        ("humphries-1904-dice", &["moves.held_castle=\"loses-turn\""]),
        ("parcheesi-sr", &["moves.carry_on=true"]),
        ("parcheesi-tr", &["doubles.fourteen=\"any-pawns\""]),
        ("ludo", &["board.castles=\"entry-and-star-squares\""]),
        ("ludo", &["moves.stack_limit=2", "moves.blockades=true"]),
        (
            "ludo",
            &[
                "finish.goal=\"lane\"",
                "moves.clear_entry=true",
                "board.castles=\"none\"",
            ],
        ),
        ("maedn", &["finish.placings=\"all\""]),
        (
            "ludo",
            &[
                "turn.extra_throw_on_capture=true",
                "turn.extra_throw_on_home=true",
                "throw.grace=[1,6]",
                "finish.placings=\"all\"",
            ],
        ),
        // LUDOpy's mechanics in other combinations: crowds captured, shared castles, a last
        // jump square that does nothing, the other bounce, a first turn with extra throws, and
        // partners.
        (
            "ludopy",
            &[
                "capture.two_or_more=\"captured\"",
                "board.last_jump=\"none\"",
            ],
        ),
        (
            "ludopy",
            &[
                "capture.castles=\"shared\"",
                "moves.bounce=\"back-by-excess\"",
            ],
        ),
        (
            "ludopy",
            &[
                "turn.first_turn_throws=3",
                "turn.extra_throw_in_first_turn=true",
            ],
        ),
        ("ludopy", &["players.teams=[[0,2],[1,3]]"]),
        (
            "ludo",
            &[
                "moves.bounce=\"back-by-throw\"",
                "capture.castles=\"send-back\"",
            ],
        ),
    ];
    for (name, overrides) in extra {
        out.push((name, overrides.iter().map(|o| o.to_string()).collect()));
    }
    out
}

#[test]
fn the_engine_and_the_reference_agree_move_for_move_along_random_games() {
    // The readings that only show in the middle of a turn must come up somewhere on the walks.
    let mut unseen: BTreeSet<&str> =
        BTreeSet::from(["arrived", "carry", "part", "rest", "turn lost to a castle"]);
    for (name, overrides) in walk_configurations() {
        let rules = builtin_rules(name, &overrides).expect("valid overrides");
        let r = RefRules::new(&rules);
        for seed in 0..8u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = Position::new(&rules);
            let mut s = r.start();
            let mut path: Vec<String> = Vec::new();
            for _ in 0..4000 {
                let (en, rn) = (pos.to_notation(&rules), r.notation(&s));
                assert_eq!(
                    en,
                    rn,
                    "{name} {overrides:?} seed {seed}: positions differ after `{}`",
                    path.join(" ")
                );
                unseen.retain(|&what| match what {
                    "arrived" => s.arrived.iter().all(|&a| !a),
                    "carry" => s.carrying == 0,
                    "part" => s.pool.iter().all(|i| i.share != Share::Part),
                    "rest" => s.pool.iter().all(|i| i.share != Share::Rest),
                    _ => {
                        s.phase != RefPhase::Move
                            || !r.held_loses_turn
                            || !r.castle_costs_turn(&s, &r.candidates(&s))
                    }
                });
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => {
                        let name = rules.outcome(rules.throw_for(rng.gen())).name.to_string();
                        let throw = r
                            .throws
                            .iter()
                            .find(|t| t.name == name)
                            .expect("the reference knows every throw");
                        pos.apply_throw(&rules, throw_by_name(&rules, &name))
                            .expect("throw");
                        r.throw(&mut s, throw);
                        path.push(format!("({name})"));
                    }
                    Phase::Move => {
                        let list: Vec<RefMove> = r.moves(&s).into_iter().collect();
                        let rm: BTreeSet<String> = list.iter().map(RefMove::to_string).collect();
                        let em = engine_moves(&rules, &pos);
                        assert_eq!(
                            em,
                            rm,
                            "{name} {overrides:?} seed {seed}: moves differ at `{en}` after `{}`",
                            path.join(" ")
                        );
                        let mv = list[rng.gen_range(0..list.len())];
                        let text = mv.to_string();
                        pos.play(&rules, text.parse().expect("move text"))
                            .expect("legal");
                        r.play(&mut s, mv);
                        path.push(text);
                    }
                }
            }
        }
    }
    assert!(unseen.is_empty(), "the walks never reached {unseen:?}");
}
