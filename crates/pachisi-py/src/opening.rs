//! Who begins, as chance nodes. Under `turn.first = "highest-throw"` a new game opens with the
//! throw-off: its first chance nodes are the seats' throws (every seat in turn, then the seats
//! tied for the highest again), and the winner of the throw-off throws first. A record keeps the
//! throw-off in its `Opening` tag, so that a state read back from its record is the same state.

use pachisi_core::ruleset::FirstSeat;
use pachisi_core::{Rules, ThrowOff, ThrowOffSteps};

/// Where a game stands with its throw-off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// No throw-off: the rules name the first seat, or the caller did.
    None,
    /// The throw-off is being thrown: the game has not begun.
    Pending(ThrowOffSteps),
    /// The throw-off decided who began.
    Decided(ThrowOff),
}

impl Opening {
    /// How a new game under `rules` opens: with a throw-off where the rules ask for one.
    pub fn begin(rules: &Rules) -> Opening {
        match rules.ruleset().turn.first {
            FirstSeat::HighestThrow => Opening::Pending(ThrowOffSteps::new(rules)),
            FirstSeat::FirstSeat => Opening::None,
        }
    }

    /// The throw-off being thrown, if it is.
    pub fn pending(&self) -> Option<&ThrowOffSteps> {
        match self {
            Opening::Pending(steps) => Some(steps),
            _ => None,
        }
    }
}
