//! Why a piece cannot move, in words a player understands: a front end asks
//! [`Position::why_not`] when the player wants to know what stops one of their pieces.
//!
//! The answer comes from the move generator's own tests (the destination of a move, the
//! blockades on its way, whether its landing square takes it, whether the entry square is open,
//! the candidate moves before and after the demand to use the throw as fully as possible), asked
//! one at a time, so an explanation can never contradict the moves the engine offers: a piece
//! gets an explanation exactly when no legal move starts from where it stands.

use crate::describe::place;
use crate::movegen::{grace_kept_for_entry, min_step, LazyOccupancy, Stop};
use crate::moves::Move;
use crate::position::{Increment, Phase, Position, Share};
use crate::route::mechanics::AnyMechanics;
use crate::route::reach;
use crate::ruleset::{Entry, HeldCastle, Rules};

mod refusal;

pub use refusal::{Obstacle, Refusal};

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
        self.candidate_moves::<AnyMechanics>(rules, &occupancy, &mut candidates);
        if rules.ruleset().moves.held_castle == HeldCastle::LosesTurn {
            if let Some((value, to)) = self.castle_costing_turn(rules, &occupancy, &candidates) {
                return vec![Refusal::TurnLost {
                    value,
                    square: place(rules, seat, to),
                }];
            }
        }
        let waiting = self.pieces_of(seat).contains(&0);
        // Where the entry square must be cleared, the piece on it moves before every other.
        if progress != 1 && self.must_clear_entry(rules, &occupancy) {
            return vec![Refusal::ClearEntryFirst {
                square: place(rules, seat, 1),
            }];
        }
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
        let (_, must_pair) = self.pairing::<AnyMechanics>(rules, from);
        if must_pair && value / 2 == 0 {
            return Refusal::PairCannotHalve { value };
        }
        if self.stopped_by_missing_capture(rules, from, value) {
            return Refusal::MustCaptureFirst { value };
        }
        let step_enters = inc.plain && !inc.bonus && rules.ruleset().throw.bonus_step_enters;
        if from > 0 && step_enters && self.pieces_of(self.to_move).contains(&0) {
            return Refusal::StepMustEnter { value };
        }
        let turn_home = rules.turn_home();
        let reaches_end = u16::from(from) + u16::from(value) >= u16::from(turn_home);
        if from > 0 && from < turn_home && reaches_end && self.home_gate_closed(rules) {
            return Refusal::HomeGate {
                value,
                needed: rules.ruleset().moves.home_gate,
            };
        }
        self.route_refusal(rules, occupancy, from, value, must_pair)
            .unwrap_or(Refusal::NoRule { value })
    }

    /// Whether the piece at `from` could move with `value` if its side had captured: then the
    /// missing capture is what stops it (000 optional rule 3). Asked of the generator itself,
    /// on a copy credited with one capture.
    fn stopped_by_missing_capture(&self, rules: &Rules, from: u8, value: u8) -> bool {
        if !self.uncredited::<AnyMechanics>(rules) {
            return false;
        }
        let mut credited = *self;
        credited.credits[usize::from(self.to_move)] = 1;
        let mut moves = Vec::new();
        let occupancy = LazyOccupancy::new(&credited, rules);
        credited.candidate_moves::<AnyMechanics>(rules, &occupancy, &mut moves);
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
        let last = rules.last_progress();
        match reach::<AnyMechanics>(rules.route_end(), from, dist, min_step(rules, pair)) {
            None if rules.goal_in_lane() && raw > u16::from(last) => Some(Refusal::PastGoal {
                value,
                room: last - from,
            }),
            None if raw > u16::from(home) => Some(Refusal::Overshoot {
                value,
                needs: home - from,
            }),
            None => Some(Refusal::Stranded {
                value,
                left: u8::try_from(u16::from(last) - raw).unwrap_or(u8::MAX),
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
    use refusal::{list, the_values};
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
            "ClearEntryFirst",
            "PastGoal",
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
            Refusal::ClearEntryFirst { square: square() },
            Refusal::PastGoal { value: 6, room: 2 },
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
