//! Why a piece cannot move, in words a player understands: a front end asks
//! [`Position::why_not`] when the player wants to know what stops one of their pieces.
//!
//! The answer comes from the move generator's own tests (the destination of a move, the
//! blockades on its way, whether its landing square takes it, whether the entry square is open,
//! the candidate moves before and after the demand to use the throw as fully as possible), asked
//! one at a time, so an explanation can never contradict the moves the engine offers: a piece
//! gets an explanation exactly when no legal move starts from where it stands.

use crate::describe::{place, squares};
use crate::movegen::{grace_kept_for_entry, min_step, reach, LazyOccupancy, Stop};
use crate::moves::Move;
use crate::position::{Increment, Phase, Position, Share};
use crate::ruleset::{Entry, HeldCastle, Rules};
use std::fmt;

/// What closes the entry square to a waiting piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Obstacle {
    /// A blockade (two pieces of one side) stands on it (003: "If an opponent's blockade were on
    /// an entrance space, a player would not be able to enter").
    Blockade,
    /// As many of the mover's pieces as the stack limit allows stand on it already.
    Full {
        /// The stack limit.
        limit: u8,
    },
    /// It is a castle and an opponent holds it.
    CastleHeld,
    /// An opposing pair stands on it, and a single piece may not land on a pair.
    OpposingPair,
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Obstacle::Blockade => f.write_str("a blockade stands on it"),
            Obstacle::Full { limit: 1 } => f.write_str("one of your pieces stands on it already"),
            Obstacle::Full { limit } => write!(f, "{limit} of your pieces stand on it already"),
            Obstacle::CastleHeld => f.write_str("it is a castle an opponent holds"),
            Obstacle::OpposingPair => {
                f.write_str("an opposing pair stands on it, and a single piece may not land there")
            }
        }
    }
}

/// Why a piece cannot move with one increment of the pool (or at all).
///
/// Its [`Display`](fmt::Display) form is one short English sentence for the player, without a
/// final full stop. Variants that name a `value` concern that increment of the pool only; the
/// others cover every increment.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Refusal {
    /// A throw is due: nothing moves before the shells or dice are thrown.
    NotTimeToMove,
    /// The game is over.
    GameOver,
    /// None of the mover's pieces stands at that progress.
    NoPiece {
        /// The progress asked about.
        progress: u8,
    },
    /// The piece has already reached home.
    AlreadyHome,
    /// A waiting piece comes in only on a grace, and these throws are not graces.
    NeedsGrace {
        /// The graces of the rules.
        graces: Vec<u8>,
        /// The values in the pool that are not graces, in the order they were thrown.
        values: Vec<u8>,
        /// Whether two separate dice whose sum is a grace also bring a piece in.
        with_sum: bool,
    },
    /// A side's very first piece comes in only on one of some graces, and this one is not among
    /// them (000: "only throwing 10, 25 or 30 gives you the ability to introduce first pawn").
    NeedsFirstEntry {
        /// The graces that may bring a first piece in.
        first_entry: Vec<u8>,
        /// The grace in the pool that may not.
        value: u8,
    },
    /// The increment only moves pieces already on the board: a bonus, a bonus step, a doublet's
    /// undersides or what is left of a split throw never brings a piece in.
    MovementOnly {
        /// The increment.
        value: u8,
    },
    /// A throw such as 7 or 14 never brings a piece out, not even a first piece that may
    /// otherwise leave on any throw (004: "on throwing 7 or 14, you can not introduce your new
    /// pawn").
    NeverBringsOut {
        /// The throw.
        value: u8,
    },
    /// The entry square does not take a waiting piece now.
    EntryBlocked {
        /// The entry square's name.
        square: String,
        /// What closes it.
        obstacle: Obstacle,
    },
    /// The move would carry the piece past the end, and the end must be reached by an exact
    /// throw.
    Overshoot {
        /// The increment.
        value: u8,
        /// The squares the piece still needs to get home, the step home counted.
        needs: u8,
    },
    /// The move would leave the piece nearer home than any increment can take it, so it could
    /// never get home (the exact-throw rule read with 003's principle against trapping a player).
    Stranded {
        /// The increment.
        value: u8,
        /// The squares from home where the piece would stand.
        left: u8,
    },
    /// The landing square is a castle an opponent holds.
    CastleHeld {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
    },
    /// The landing square holds as many of the mover's pieces as the stack limit allows.
    SquareFull {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
        /// The stack limit.
        limit: u8,
    },
    /// A single piece may not land on the opposing pair there (001: only a pair hits a pair).
    OpposingPair {
        /// The increment.
        value: u8,
        /// The landing square's name.
        square: String,
    },
    /// A blockade stands on the way (003: "no pawns of any color may capture or overtake this
    /// pair of pawns").
    BlockadeInTheWay {
        /// The increment.
        value: u8,
        /// The blockade's square.
        square: String,
    },
    /// The move would bring the two pieces of a blockade together again on another square during
    /// one throw (003: "A blockade may not be moved intact").
    BlockadeIntact {
        /// The increment.
        value: u8,
        /// The square where they would meet again.
        square: String,
    },
    /// While a piece waits, a grace may only bring a piece in, and is forfeited when none can
    /// come in (003: SR v1975 and TR).
    GraceOnlyEnters {
        /// The grace.
        value: u8,
    },
    /// A waiting piece must be brought in whenever one can be (003: SR v1942 and v1989, TR).
    MustEnter,
    /// The pieces here move together as a pair, half the throw, and this increment cannot be
    /// halved (001).
    PairCannotHalve {
        /// The increment.
        value: u8,
    },
    /// The move would take the piece up its lane home, and the side has not captured yet (000
    /// optional rule 3), nor can the piece go round again with it.
    MustCaptureFirst {
        /// The increment.
        value: u8,
    },
    /// The move is possible on its own, but the throws must be used as fully as possible, and
    /// doing so takes other moves (003: "A player must use up as many increments as possible").
    FullestUse {
        /// The increment (for two dice entering together, their sum).
        value: u8,
    },
    /// Another pawn, which a die has just landed on an opponent's castle, must be carried on by
    /// the other die first (003, PB).
    CarryOnFirst {
        /// The castle where that pawn stands.
        square: String,
    },
    /// A throw could only have ended on an opponent's castle, and that costs the whole turn
    /// (001, with `moves.held_castle = "loses-turn"`).
    TurnLost {
        /// The throw.
        value: u8,
        /// The castle it would have ended on.
        square: String,
    },
    /// A doublet's squares bring a pawn home only when the whole 14 carries it there from 14 out
    /// (003: "(TR) Doubles may bring a pawn to finish only from 14 spaces out").
    FinishFromFourteen {
        /// The squares of the doublet left to spend.
        value: u8,
        /// The squares the pawn needs to finish.
        needs: u8,
    },
    /// No rule lets the piece use the increment, for a reason none of the other variants names.
    NoRule {
        /// The increment.
        value: u8,
    },
}

/// Writes `values` as a list in words: `6`, `6 or 10`, `6, 10 or 25`.
fn list(values: &[u8], last: &str) -> String {
    let words: Vec<String> = values.iter().map(u8::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((tail, rest)) => format!("{} {last} {tail}", rest.join(", ")),
    }
}

/// `the 3`, `the 2 and the 3`, `the 2, the 3 and the 4`.
fn the_values(values: &[u8]) -> String {
    let words: Vec<String> = values.iter().map(|v| format!("the {v}")).collect();
    match words.split_last() {
        None => String::new(),
        Some((only, [])) => only.clone(),
        Some((tail, rest)) => format!("{} and {tail}", rest.join(", ")),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotTimeToMove => f.write_str("it is not time to move: throw first"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NoPiece { progress } => {
                write!(f, "none of your pieces stands at progress {progress}")
            }
            Refusal::AlreadyHome => f.write_str("the piece is already home"),
            Refusal::NeedsGrace {
                graces,
                values,
                with_sum,
            } => {
                match (graces.as_slice(), with_sum) {
                    ([one], true) => write!(
                        f,
                        "a waiting piece comes in only on a {one}, on one die or as the sum of two"
                    )?,
                    ([one], false) => write!(f, "a waiting piece comes in only on a {one}")?,
                    (_, true) => write!(
                        f,
                        "a waiting piece comes in only on a grace ({}), on one die or as the sum \
                         of two",
                        list(graces, "or")
                    )?,
                    (_, false) => write!(
                        f,
                        "a waiting piece comes in only on a grace ({})",
                        list(graces, "or")
                    )?,
                }
                match values.as_slice() {
                    [] => Ok(()),
                    [_] => write!(f, ", which {} is not", the_values(values)),
                    _ => write!(f, ", which {} are not", the_values(values)),
                }
            }
            Refusal::NeedsFirstEntry { first_entry, value } => write!(
                f,
                "a side's first piece comes in only on {}, not on the {value}",
                list(first_entry, "or")
            ),
            Refusal::MovementOnly { value } => write!(
                f,
                "the {value} only moves pieces already on the board and cannot bring one in"
            ),
            Refusal::NeverBringsOut { value } => write!(
                f,
                "a {value} never brings a piece out: it only moves pieces already on the board"
            ),
            Refusal::EntryBlocked { square, obstacle } => {
                write!(f, "the entry square {square} is closed: {obstacle}")
            }
            Refusal::Overshoot { value, needs } => write!(
                f,
                "the {value} would overshoot the end: a piece goes home only by an exact throw, \
                 and this one needs exactly {needs} {}",
                squares(*needs)
            ),
            Refusal::Stranded { value, left } => write!(
                f,
                "the {value} would leave the piece {left} {} from home, nearer than any throw can \
                 take it",
                squares(*left)
            ),
            Refusal::CastleHeld { value, square } => write!(
                f,
                "the {value} would land on {square}, a castle an opponent holds"
            ),
            Refusal::SquareFull {
                value,
                square,
                limit: 1,
            } => write!(
                f,
                "the {value} would land on {square}, where one of your pieces stands already"
            ),
            Refusal::SquareFull {
                value,
                square,
                limit,
            } => write!(
                f,
                "the {value} would land on {square}, where {limit} of your pieces stand already"
            ),
            Refusal::OpposingPair { value, square } => write!(
                f,
                "the {value} would land a single piece on the opposing pair on {square}: only a \
                 pair may land on a pair"
            ),
            Refusal::BlockadeInTheWay { value, square } => {
                write!(f, "a blockade on {square} stands in the way of the {value}")
            }
            Refusal::BlockadeIntact { value, square } => write!(
                f,
                "the {value} would bring two pieces of a blockade together again on {square}, \
                 and a blockade may not be moved intact"
            ),
            Refusal::GraceOnlyEnters { value } => write!(
                f,
                "while a piece waits to come in, a {value} may only bring a piece in"
            ),
            Refusal::MustEnter => f.write_str("a waiting piece must be brought in first"),
            Refusal::PairCannotHalve { value } => write!(
                f,
                "the pieces here move together as a pair, half the throw, and the {value} cannot \
                 be halved"
            ),
            Refusal::MustCaptureFirst { value } => write!(
                f,
                "the {value} would turn the piece up its lane home, which your side may not do \
                 before it has captured, and it cannot go round again instead"
            ),
            Refusal::FullestUse { value } => write!(
                f,
                "the {value} could move it, but the throws must be used as fully as possible, \
                 and that takes other moves"
            ),
            Refusal::CarryOnFirst { square } => write!(
                f,
                "the pawn on {square}, an opponent's safety space, must first be carried on with \
                 the other die"
            ),
            Refusal::TurnLost { value, square } => write!(
                f,
                "the {value} could only end on {square}, a castle an opponent holds, and that \
                 costs the whole turn"
            ),
            Refusal::FinishFromFourteen { value, needs } => write!(
                f,
                "a doublet brings a pawn home only from 14 out, with all 14 squares; this one \
                 needs {needs} and {value} {} of the doublet are left",
                squares(*value)
            ),
            Refusal::NoRule { value } => write!(f, "no rule lets this piece use the {value}"),
        }
    }
}

/// Whether `mv` moves a piece from `progress` (entries move the pieces at 0).
fn starts_from(mv: &Move, progress: u8) -> bool {
    match *mv {
        Move::Enter { .. } | Move::EnterSum { .. } => progress == 0,
        Move::Advance { from, .. } => from == progress,
        Move::Pass => false,
    }
}

/// Whether `mv` moves a piece from `progress` with an increment of `value`.
fn spends_from(mv: &Move, progress: u8, value: u8) -> bool {
    match *mv {
        Move::Enter { value: v } => progress == 0 && v == value,
        Move::Advance { from, value: v, .. } => from == progress && v == value,
        Move::EnterSum { .. } | Move::Pass => false,
    }
}

/// Adds `refusal` unless it is there already.
fn push_new(out: &mut Vec<Refusal>, refusal: Refusal) {
    if !out.contains(&refusal) {
        out.push(refusal);
    }
}

impl Position {
    /// For the mover's piece(s) at `progress`: empty if some legal move moves a piece from there
    /// (entries count for progress 0); otherwise every reason, one per distinct increment value
    /// in the pool where the reason depends on it, or a single reason that covers all.
    ///
    /// The reasons come from the tests move generation makes, so they never disagree with
    /// [`Position::legal_moves`]. Where the throw may be split, a value is explained by the move
    /// of its whole value.
    pub fn why_not(&self, rules: &Rules, progress: u8) -> Vec<Refusal> {
        match self.phase {
            Phase::Over => return vec![Refusal::GameOver],
            Phase::Throw => return vec![Refusal::NotTimeToMove],
            Phase::Move => {}
        }
        let seat = self.to_move;
        if !self.pieces_of(seat).contains(&progress) {
            return vec![Refusal::NoPiece { progress }];
        }
        if progress == rules.home() {
            return vec![Refusal::AlreadyHome];
        }
        if self
            .legal_moves(rules)
            .iter()
            .any(|mv| starts_from(mv, progress))
        {
            return Vec::new();
        }
        // A turn waiting for moves always holds an increment; should one hold none, there is
        // nothing to move with until the next throw.
        let Some(first) = self.pool.items().first() else {
            return vec![Refusal::NotTimeToMove];
        };
        if self.carrying != 0 && progress != self.carrying {
            return vec![Refusal::CarryOnFirst {
                square: place(rules, seat, self.carrying),
            }];
        }
        let occupancy = LazyOccupancy::new(self, rules);
        let mut candidates = Vec::new();
        self.candidate_moves(rules, &occupancy, &mut candidates);
        if rules.ruleset().moves.held_castle == HeldCastle::LosesTurn {
            if let Some((value, to)) = self.castle_costing_turn(rules, &occupancy, &candidates) {
                return vec![Refusal::TurnLost {
                    value,
                    square: place(rules, seat, to),
                }];
            }
        }
        let waiting = self.pieces_of(seat).contains(&0);
        // Under forced entries the generator offers nothing but entries while one is possible.
        if progress != 0
            && rules.ruleset().moves.must_enter
            && waiting
            && candidates.iter().any(Move::is_entry)
        {
            return vec![Refusal::MustEnter];
        }
        let mut out = Vec::new();
        if progress == 0 {
            self.explain_waiting(rules, &occupancy, &candidates, &mut out);
        } else {
            for inc in self.increments_to_explain(rules, waiting) {
                let inc = &inc;
                let value = inc.value;
                let needs = rules.home() - progress;
                let refusal = if candidates.iter().any(|mv| spends_from(mv, progress, value)) {
                    Refusal::FullestUse { value }
                } else if inc.share != Share::None
                    && rules.ruleset().doubles.finish_from_fourteen
                    && needs <= value
                    && !(needs == 14 && value == 14)
                {
                    Refusal::FinishFromFourteen { value, needs }
                } else if grace_kept_for_entry(rules, inc, waiting) {
                    Refusal::GraceOnlyEnters { value }
                } else {
                    self.advance_refusal(rules, &occupancy, progress, inc)
                };
                push_new(&mut out, refusal);
            }
        }
        if out.is_empty() {
            out.push(Refusal::NoRule { value: first.value });
        }
        out
    }

    /// The increments a piece on the board is explained by: the first of each value, as the
    /// generator tries them, with the shares of a divisible 14 taken together as one increment of
    /// all their squares (a top kept to bring a pawn in explained on its own).
    fn increments_to_explain(&self, rules: &Rules, waiting: bool) -> Vec<Increment> {
        let mut out: Vec<Increment> = self
            .first_increments()
            .filter(|i| i.share == Share::None || grace_kept_for_entry(rules, i, waiting))
            .copied()
            .collect();
        let budget = self.share_budget(rules, waiting);
        if budget > 0 {
            out.push(Increment {
                value: budget,
                plain: true,
                bonus: false,
                share: Share::Rest,
            });
        }
        out
    }

    /// The first increment of each value in the pool: the generator tries each value once, with
    /// the first increment of that value.
    fn first_increments(&self) -> impl Iterator<Item = &Increment> {
        let items = self.pool.items();
        items
            .iter()
            .enumerate()
            .filter(|&(i, inc)| !items[..i].iter().any(|j| j.value == inc.value))
            .map(|(_, inc)| inc)
    }

    /// The reasons for the pieces waiting at progress 0.
    fn explain_waiting(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        candidates: &[Move],
        out: &mut Vec<Refusal>,
    ) {
        let seat = self.to_move;
        let m = &rules.ruleset().moves;
        let items = self.pool.items();
        let enters_with = |v: u8| {
            items
                .iter()
                .any(|i| i.value == v && self.can_enter_with(rules, v, i.plain))
        };
        let mut sums: Vec<Move> = Vec::new();
        if m.enter_with_sum {
            self.push_sum_entries(rules, &mut sums);
        }
        let could_enter = items.iter().any(|i| enters_with(i.value)) || !sums.is_empty();
        // A closed entry square explains every throw that would otherwise bring a piece in.
        let entry_closed = could_enter && !self.may_enter(rules, occupancy);
        if entry_closed {
            let refusal = match self.entry_obstacle(rules, occupancy) {
                Some(obstacle) => Refusal::EntryBlocked {
                    square: place(rules, seat, 1),
                    obstacle,
                },
                None => Refusal::NoRule {
                    value: items.first().map_or(0, |i| i.value),
                },
            };
            push_new(out, refusal);
        }
        for mv in candidates {
            if let Move::EnterSum { first, second } = *mv {
                push_new(
                    out,
                    Refusal::FullestUse {
                        value: first.saturating_add(second),
                    },
                );
            }
        }
        let mut not_graces = Vec::new();
        let mut needs_grace_at = None;
        for inc in self.first_increments() {
            let value = inc.value;
            let leaves = self.may_leave_start(rules, inc);
            let kept = grace_kept_for_entry(rules, inc, true);
            let refusal = if candidates.iter().any(|mv| spends_from(mv, 0, value)) {
                Refusal::FullestUse { value }
            } else if leaves && !kept {
                self.advance_refusal(rules, occupancy, 0, inc)
            } else if enters_with(value) || entry_closed {
                continue;
            } else if leaves {
                Refusal::GraceOnlyEnters { value }
            } else if let Some(refusal) = self.entry_refusal(rules, value) {
                refusal
            } else {
                needs_grace_at.get_or_insert(out.len());
                not_graces.push(value);
                continue;
            };
            push_new(out, refusal);
        }
        if let Some(at) = needs_grace_at {
            let refusal = Refusal::NeedsGrace {
                graces: rules.ruleset().throw.grace.clone(),
                values: not_graces,
                with_sum: m.enter_with_sum,
            };
            out.insert(at.min(out.len()), refusal);
        }
    }

    /// Why the increment `value`, which neither brings a piece in nor lets one leave freely,
    /// cannot move a waiting piece; `None` when it is simply not a grace.
    fn entry_refusal(&self, rules: &Rules, value: u8) -> Option<Refusal> {
        let grace_entry = rules.ruleset().moves.entry == Entry::Grace;
        let flags = rules.flags(value);
        let all_plain = self
            .pool
            .items()
            .iter()
            .filter(|i| i.value == value)
            .all(|i| i.plain);
        if grace_entry && flags.needs_piece_on_board && self.leaves_freely(rules) {
            Some(Refusal::NeverBringsOut { value })
        } else if all_plain {
            Some(Refusal::MovementOnly { value })
        } else if grace_entry && flags.grace {
            // A thrown grace that cannot enter: only the first-entry restriction is left.
            Some(Refusal::NeedsFirstEntry {
                first_entry: rules.ruleset().throw.first_entry.clone(),
                value,
            })
        } else {
            None
        }
    }

    /// Why the piece at `from` cannot move with `inc`, which the generator tried.
    fn advance_refusal(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        inc: &Increment,
    ) -> Refusal {
        let value = inc.value;
        let (_, must_pair) = self.pairing(rules, from);
        if must_pair && value / 2 == 0 {
            return Refusal::PairCannotHalve { value };
        }
        if self.stopped_by_missing_capture(rules, from, value) {
            return Refusal::MustCaptureFirst { value };
        }
        self.route_refusal(rules, occupancy, from, value, must_pair)
            .unwrap_or(Refusal::NoRule { value })
    }

    /// Whether the piece at `from` could move with `value` if its side had captured: then the
    /// missing capture is what stops it (000 optional rule 3). Asked of the generator itself,
    /// on a copy credited with one capture.
    fn stopped_by_missing_capture(&self, rules: &Rules, from: u8, value: u8) -> bool {
        if !self.uncredited(rules) {
            return false;
        }
        let mut credited = *self;
        credited.credits[usize::from(self.to_move)] = 1;
        let mut moves = Vec::new();
        credited.candidate_moves(rules, &LazyOccupancy::new(&credited, rules), &mut moves);
        moves.iter().any(|mv| spends_from(mv, from, value))
    }

    /// Why the whole of `value` cannot carry the piece (or the pair) at `from`, asked in the
    /// order the generator asks: blockades on the way, then where the move would end, then
    /// whether that square takes it.
    fn route_refusal(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        value: u8,
        pair: bool,
    ) -> Option<Refusal> {
        let dist = if pair { value / 2 } else { value };
        let raw = u16::from(from) + u16::from(dist);
        let home = rules.home();
        if rules.ruleset().moves.blockades {
            if let Some(stop) = self.first_blockade(rules, occupancy, from, raw.min(home.into())) {
                // TR: a die stops behind the blockade; when even that square refuses the piece,
                // that square is the reason.
                if self.stops_behind(rules, from, stop, value) {
                    if let Some(refusal) =
                        self.landing_refusal(rules, occupancy, from, stop - 1, pair, value)
                    {
                        return Some(refusal);
                    }
                }
                return Some(Refusal::BlockadeInTheWay {
                    value,
                    square: place(rules, self.to_move, stop),
                });
            }
        }
        match reach(rules, from, dist, min_step(rules, pair)) {
            None if raw > u16::from(home) => Some(Refusal::Overshoot {
                value,
                needs: home - from,
            }),
            None => Some(Refusal::Stranded {
                value,
                left: u8::try_from(u16::from(home) - raw).unwrap_or(u8::MAX),
            }),
            Some(to) => self.landing_refusal(rules, occupancy, from, to, pair, value),
        }
    }

    /// Why a move from `from` may not end at `to`, when the generator refuses it there.
    fn landing_refusal(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        to: u8,
        pair: bool,
        value: u8,
    ) -> Option<Refusal> {
        let square = place(rules, self.to_move, to);
        Some(match self.landing_stop(rules, occupancy, from, to, pair)? {
            Stop::Full => Refusal::SquareFull {
                value,
                square,
                limit: rules.ruleset().moves.stack_limit,
            },
            Stop::Intact => Refusal::BlockadeIntact { value, square },
            Stop::Castle => Refusal::CastleHeld { value, square },
            Stop::Pair => Refusal::OpposingPair { value, square },
            Stop::Blockade => Refusal::BlockadeInTheWay { value, square },
        })
    }

    /// What closes the entry square, as [`Position::entry_stop`] finds it.
    fn entry_obstacle(&self, rules: &Rules, occupancy: &LazyOccupancy) -> Option<Obstacle> {
        Some(match self.entry_stop(rules, occupancy)? {
            Stop::Blockade => Obstacle::Blockade,
            Stop::Full => Obstacle::Full {
                limit: rules.ruleset().moves.stack_limit,
            },
            Stop::Castle => Obstacle::CastleHeld,
            Stop::Pair => Obstacle::OpposingPair,
            // Waiting pieces never stood in a blockade.
            Stop::Intact => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::tests::random_positions;
    use crate::{builtin_rules, BUILTIN_RULESETS};
    use std::collections::BTreeMap;

    /// The built-in rulesets, and house rules that reach the explanations the built-in ones never
    /// need: splits, captures before home, stops behind blockades, forfeited graces, Ludo's
    /// blocks, a free first piece, exact throws home.
    fn rulesets() -> Vec<(String, Rules)> {
        let variants: [(&str, &[&str]); 11] = [
            ("pachisi", &["moves.split=true", "moves.exact_home=true"]),
            ("pachisi", &["capture.before_home=true"]),
            ("pachisi", &["moves.stack_limit=2", "moves.exact_home=true"]),
            (
                "parcheesi-sr",
                &["moves.must_enter=false", "moves.grace_only_enters=true"],
            ),
            ("ludo", &["moves.stack_limit=2", "moves.blockades=true"]),
            ("ludo", &["throw.grace=[1,6]"]),
            ("humphries-1904", &["moves.exact_home=true"]),
            ("pachisi-7-cowries", &["moves.first_piece_free=true"]),
            ("humphries-1904", &["moves.held_castle=loses-turn"]),
            ("parcheesi-tr", &["doubles.fourteen=any-pawns"]),
            ("parcheesi-sr", &["moves.carry_on=true"]),
        ];
        let mut out: Vec<(String, Rules)> = BUILTIN_RULESETS
            .iter()
            .map(|&(name, _)| (name.to_string(), builtin_rules(name, &[]).expect("builtin")))
            .collect();
        for (name, overrides) in variants {
            let overrides: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
            let rules = builtin_rules(name, &overrides).expect("valid overrides");
            out.push((format!("{name} {overrides:?}"), rules));
        }
        out
    }

    /// The variant's name, for counting which reasons random play reaches.
    fn kind(r: &Refusal) -> String {
        format!("{r:?}")
            .split([' ', '{', '('])
            .next()
            .unwrap_or_default()
            .to_string()
    }

    /// Over random games of every ruleset: an explanation exactly where no legal move starts,
    /// never the last-resort one, and one reason at most per value of the pool.
    #[test]
    fn every_immobile_piece_gets_a_named_reason() {
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for (seed, (name, rules)) in rulesets().iter().enumerate() {
            random_positions(rules, 7000 + seed as u64, 6, 2500, |pos| {
                let mut progresses: Vec<u8> = pos.pieces_of(pos.to_move()).to_vec();
                progresses.sort_unstable();
                progresses.dedup();
                let legal = pos.legal_moves(rules);
                for &p in &progresses {
                    let reasons = pos.why_not(rules, p);
                    let moves = legal.iter().any(|mv| starts_from(mv, p));
                    let text = pos.to_notation(rules);
                    assert_eq!(
                        reasons.is_empty(),
                        moves,
                        "{name}: {text} at {p}: {reasons:?}"
                    );
                    assert!(
                        !reasons.iter().any(|r| matches!(r, Refusal::NoRule { .. })),
                        "{name}: {text} at {p}: {reasons:?}"
                    );
                    for r in &reasons {
                        *seen.entry(kind(r)).or_default() += 1;
                    }
                }
            });
        }
        for expected in [
            "NotTimeToMove",
            "AlreadyHome",
            "NeedsGrace",
            "EntryBlocked",
            "Overshoot",
            "CastleHeld",
            "SquareFull",
            "BlockadeInTheWay",
            "FullestUse",
            "MustEnter",
            "GraceOnlyEnters",
            "CarryOnFirst",
            "TurnLost",
            "FinishFromFourteen",
        ] {
            assert!(
                seen.contains_key(expected),
                "{expected} never seen: {seen:?}"
            );
        }
    }

    #[test]
    fn lists_read_as_words() {
        assert_eq!(list(&[6], "or"), "6");
        assert_eq!(list(&[6, 10], "or"), "6 or 10");
        assert_eq!(list(&[6, 10, 25], "or"), "6, 10 or 25");
        assert_eq!(the_values(&[3]), "the 3");
        assert_eq!(the_values(&[2, 3, 4]), "the 2, the 3 and the 4");
    }

    /// Each reason is one sentence for the player: no full stop, no line break.
    #[test]
    fn every_reason_is_one_short_sentence() {
        let square = || "0m8".to_string();
        let all = [
            Refusal::NotTimeToMove,
            Refusal::GameOver,
            Refusal::NoPiece { progress: 12 },
            Refusal::AlreadyHome,
            Refusal::NeedsGrace {
                graces: vec![6, 10, 25],
                values: vec![2, 3],
                with_sum: false,
            },
            Refusal::NeedsGrace {
                graces: vec![5],
                values: vec![4],
                with_sum: true,
            },
            Refusal::NeedsFirstEntry {
                first_entry: vec![10, 25, 35],
                value: 7,
            },
            Refusal::MovementOnly { value: 20 },
            Refusal::NeverBringsOut { value: 14 },
            Refusal::EntryBlocked {
                square: square(),
                obstacle: Obstacle::Full { limit: 2 },
            },
            Refusal::Overshoot { value: 6, needs: 1 },
            Refusal::Stranded { value: 2, left: 1 },
            Refusal::CastleHeld {
                value: 3,
                square: square(),
            },
            Refusal::SquareFull {
                value: 3,
                square: square(),
                limit: 1,
            },
            Refusal::OpposingPair {
                value: 3,
                square: square(),
            },
            Refusal::BlockadeInTheWay {
                value: 3,
                square: square(),
            },
            Refusal::BlockadeIntact {
                value: 3,
                square: square(),
            },
            Refusal::GraceOnlyEnters { value: 5 },
            Refusal::MustEnter,
            Refusal::PairCannotHalve { value: 1 },
            Refusal::MustCaptureFirst { value: 10 },
            Refusal::FullestUse { value: 6 },
            Refusal::NoRule { value: 6 },
        ];
        for r in all {
            let text = r.to_string();
            assert!(!text.is_empty() && text.len() < 140, "{text}");
            assert!(!text.ends_with('.') && !text.contains('\n'), "{text}");
        }
        assert_eq!(
            Refusal::NeedsGrace {
                graces: vec![6, 10, 25],
                values: vec![2, 3],
                with_sum: false
            }
            .to_string(),
            "a waiting piece comes in only on a grace (6, 10 or 25), which the 2 and the 3 are not"
        );
        assert_eq!(
            Refusal::Overshoot { value: 6, needs: 1 }.to_string(),
            "the 6 would overshoot the end: a piece goes home only by an exact throw, and this \
             one needs exactly 1 square"
        );
    }
}
