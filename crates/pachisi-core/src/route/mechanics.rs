//! Which optional mechanics of move generation a ruleset can involve, known when the generator is
//! compiled ([`Mechanics`]), and the choice between the generator's two builds ([`Build`]).
//!
//! There is one move generator. Its hot functions take a [`Mechanics`] type, and every check of
//! a mechanic that changes the shape of a move (a split, a pair, a lap more, a bounce from home,
//! the entry square cleared first, a goal in the lane) asks it first: where the type says the
//! mechanic is off, the compiler drops the check and what hangs on it, and where it says "may
//! be on", the check reads the ruleset as it always has. A type never decides a rule, it only
//! says that these rules never ask it, so both builds list the same moves wherever the type fits
//! the rules ([`fits`]); [`Build::of`] picks the narrow build only where it does.
//!
//! Both sides read these from here: the rules pick their build when they are compiled
//! ([`crate::ruleset`]), and the move generator ([`crate::movegen`]) takes it.

use crate::schema::{Bounce, Goal, Ruleset};

/// Which optional mechanics of move generation the rules being played may involve. `false`
/// means the rules never involve it; each accessor answers as the ruleset does, where the
/// mechanic may be on.
pub(crate) trait Mechanics {
    /// Split moves: part of an increment moves a piece (`moves.split`).
    const SPLIT: bool;
    /// Pairs moving together (`moves.pairs`).
    const PAIRS: bool;
    /// A piece going round the board again instead of turning up the lane: by choice
    /// (`moves.go_round_again`) or because its side has yet to capture (`capture.before_home`).
    const ROUND_AGAIN: bool;
    /// A move too long for home bouncing back (`moves.bounce`).
    const BOUNCE: bool;
    /// A piece on the entry square moving off it first (`moves.clear_entry`).
    const CLEAR_ENTRY: bool;
    /// Pieces finishing anywhere in the lane (`finish.goal = "lane"`).
    const GOAL_IN_LANE: bool;

    /// `moves.split`, where it may be on.
    #[inline(always)]
    fn split(r: &Ruleset) -> bool {
        Self::SPLIT && r.moves.split
    }

    /// `moves.pairs`, where it may be on.
    #[inline(always)]
    fn pairs(r: &Ruleset) -> bool {
        Self::PAIRS && r.moves.pairs
    }

    /// `moves.go_round_again`, where it may be on.
    #[inline(always)]
    fn go_round_again(r: &Ruleset) -> bool {
        Self::ROUND_AGAIN && r.moves.go_round_again
    }

    /// `capture.before_home`, where going round again may be on.
    #[inline(always)]
    fn before_home(r: &Ruleset) -> bool {
        Self::ROUND_AGAIN && r.capture.before_home
    }

    /// `moves.bounce`, where it may be on ([`Bounce::None`] otherwise).
    #[inline(always)]
    fn bounce(r: &Ruleset) -> Bounce {
        if Self::BOUNCE {
            r.moves.bounce
        } else {
            Bounce::None
        }
    }

    /// `moves.clear_entry`, where it may be on.
    #[inline(always)]
    fn clear_entry(r: &Ruleset) -> bool {
        Self::CLEAR_ENTRY && r.moves.clear_entry
    }

    /// Whether the goal is in the lane, where it may be.
    #[inline(always)]
    fn goal_in_lane(r: &Ruleset) -> bool {
        Self::GOAL_IN_LANE && r.finish.goal == Goal::Lane
    }
}

/// Every mechanic may be on: the build for any ruleset.
pub(crate) enum AnyMechanics {}

impl Mechanics for AnyMechanics {
    const SPLIT: bool = true;
    const PAIRS: bool = true;
    const ROUND_AGAIN: bool = true;
    const BOUNCE: bool = true;
    const CLEAR_ENTRY: bool = true;
    const GOAL_IN_LANE: bool = true;
}

/// Straight moves: one piece takes a whole increment along its route and finishes at home, with
/// no split, pair, lap more, bounce or entry square to clear. Every edition of Parcheesi plays
/// so (blockades, carried pawns and a divided 14 are still asked of the ruleset).
pub(crate) enum StraightMoves {}

impl Mechanics for StraightMoves {
    const SPLIT: bool = false;
    const PAIRS: bool = false;
    const ROUND_AGAIN: bool = false;
    const BOUNCE: bool = false;
    const CLEAR_ENTRY: bool = false;
    const GOAL_IN_LANE: bool = false;
}

/// Whether `M` fits the ruleset: every mechanic the ruleset involves is one `M` allows, so that
/// `M`'s build asks every question the ruleset needs asked.
pub(crate) fn fits<M: Mechanics>(r: &Ruleset) -> bool {
    let m = &r.moves;
    (M::SPLIT || !m.split)
        && (M::PAIRS || !m.pairs)
        && (M::ROUND_AGAIN || !(m.go_round_again || r.capture.before_home))
        && (M::BOUNCE || m.bounce == Bounce::None)
        && (M::CLEAR_ENTRY || !m.clear_entry)
        && (M::GOAL_IN_LANE || r.finish.goal != Goal::Lane)
}

/// Which build of the generator a ruleset's moves take, chosen once when the rules are compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Build {
    /// [`StraightMoves`].
    Straight,
    /// [`AnyMechanics`].
    Any,
}

impl Build {
    /// The narrowest build that fits the ruleset.
    pub(crate) fn of(r: &Ruleset) -> Build {
        if fits::<StraightMoves>(r) {
            Build::Straight
        } else {
            Build::Any
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{builtin_rules, BUILTIN_RULESETS};

    /// A build that said "off" for a mechanic the rules use would silently change the games:
    /// every built-in ruleset takes a build that fits it, and the Parcheesi editions the narrow
    /// one.
    #[test]
    fn every_builtin_ruleset_takes_a_build_that_fits_it() {
        for &(name, _) in BUILTIN_RULESETS {
            let rules = builtin_rules(name, &[]).expect("a built-in ruleset");
            let r = rules.ruleset();
            let fitting = match rules.build() {
                Build::Straight => fits::<StraightMoves>(r),
                Build::Any => fits::<AnyMechanics>(r),
            };
            assert!(fitting, "{name} takes {:?}", rules.build());
            assert_eq!(
                rules.build() == Build::Straight,
                !(r.moves.split
                    || r.moves.pairs
                    || r.moves.go_round_again
                    || r.capture.before_home
                    || r.moves.bounce != Bounce::None
                    || r.moves.clear_entry
                    || rules.goal_in_lane()),
                "{name}"
            );
            if name.starts_with("parcheesi") {
                assert_eq!(rules.build(), Build::Straight, "{name}");
            }
        }
    }
}
