//! Route arithmetic: where a move along a seat's route ends, and what a throw may do for a piece
//! still in the start. Both compiling the rules ([`crate::ruleset`], which tabulates it for the
//! hot paths of random play) and generating moves ([`crate::movegen`]) work from it, so it sits
//! below both and reads neither: only the ruleset's data, each thrown value's flags, and the few
//! numbers of a route's end that the rules compile into a [`RouteEnd`].
//!
//! - [`destination`], [`bounced`], [`reach`]: where a move of some length from some progress may
//!   end, home reached exactly or not, the goal in the lane, a bounce back from home;
//! - [`entry`]: which thrown values bring a piece out of the start, and how;
//! - [`mechanics`]: which optional mechanics of move generation a ruleset involves, and the build
//!   of the move generator that follows from them.

use crate::schema::Bounce;

mod entry;
pub(crate) mod mechanics;

pub(crate) use entry::{can_enter_with, leaves_freely, may_leave_start};
use mechanics::Mechanics;

/// The end of every seat's route as moves meet it, compiled once with the rules ([`crate::Rules`]
/// keeps one; every seat's route has the same length): where home is, where the lane turns off the
/// track, how far a piece can go, and what a throw too long for home does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RouteEnd {
    /// The progress of a piece home (`route_len + 1`).
    pub(crate) home: u8,
    /// The progress of a piece on its arm's end square for the second time, about to turn up its
    /// lane.
    pub(crate) turn_home: u8,
    /// The farthest progress a piece can reach: `home`, or the lane's last square where the goal
    /// is in the lane.
    pub(crate) last_progress: u8,
    /// Whether pieces finish anywhere in their lane (`finish.goal = "lane"`).
    pub(crate) goal_in_lane: bool,
    /// Whether home must be reached by an exact throw (`moves.exact_home`).
    pub(crate) exact_home: bool,
    /// What a move too long for home does (`moves.bounce`).
    pub(crate) bounce: Bounce,
}

/// Where a move ends whose progress would be `raw` (its start plus its distance), if it may end
/// there: home on an exact throw (or any overshoot where that is allowed). Under exact throws a
/// stop nearer the Charkoni than `min_step` (the smallest move the piece could make next) is not
/// allowed: it could never get home, and that reading would trap the player (document 003's
/// principle). Where the goal is in the lane, a move ends at the lane's last square at the
/// farthest, and only a stop short of the lane is held to the same principle.
#[inline]
pub(crate) fn destination<M: Mechanics>(end: &RouteEnd, raw: u16, min_step: u8) -> Option<u8> {
    if M::GOAL_IN_LANE && end.goal_in_lane {
        let last = u16::from(end.last_progress);
        let short_of_lane = raw <= u16::from(end.turn_home);
        let trapped = short_of_lane && last - raw < u16::from(min_step);
        return u8::try_from(raw).ok().filter(|_| raw <= last && !trapped);
    }
    let home = u16::from(end.home);
    let exact = end.exact_home;
    let reaches_home = raw == home || (raw > home && !exact);
    let trapped = exact && raw < home && home - raw < u16::from(min_step);
    if reaches_home {
        Some(end.home)
    } else {
        u8::try_from(raw).ok().filter(|_| raw < home && !trapped)
    }
}

/// Where a move of `dist` squares from `from` ends if it bounces back from home: it is too long
/// to reach home exactly and `moves.bounce` sends it back (`None` otherwise).
#[inline]
pub(crate) fn bounced(end: &RouteEnd, from: u8, dist: u8) -> Option<u8> {
    let home = u16::from(end.home);
    let raw = u16::from(from) + u16::from(dist);
    if raw <= home {
        return None;
    }
    let back = match end.bounce {
        Bounce::None => return None,
        Bounce::BackByExcess => raw - home,
        Bounce::BackByThrow => u16::from(dist),
    };
    // The ruleset's checks keep every increment shorter than the route, so this stays on it.
    u8::try_from(home.saturating_sub(back))
        .ok()
        .filter(|&p| p > 0)
}

/// Where a move of `dist` squares from `from` may end ([`destination`]), or where it bounces
/// back from home ([`bounced`]); no stop is too near home where pieces bounce, as any throw moves
/// them.
#[inline]
pub(crate) fn reach<M: Mechanics>(end: &RouteEnd, from: u8, dist: u8, min_step: u8) -> Option<u8> {
    let raw = u16::from(from) + u16::from(dist);
    if !M::BOUNCE || end.bounce == Bounce::None {
        return destination::<M>(end, raw, min_step);
    }
    bounced(end, from, dist).or_else(|| u8::try_from(raw).ok())
}
