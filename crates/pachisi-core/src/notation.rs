//! The one-line position notation.
//!
//! ```text
//! 0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Yt -
//! 12,40,h,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25,1s again streak=25x2 credits=1,0,0,0
//! ```
//!
//! Fields, separated by spaces:
//! 1. pieces: one group per seat in seat order, separated by `/`; each piece's progress along its
//!    seat's route (0 waiting in the Charkoni, `h` home), separated by `,`;
//! 2. the seat to move (its letter) and the phase: `t` throw, `m` move, `x` game over;
//! 3. the pool of unspent throws, `-` when empty; a trailing `s` marks a plain increment (a bonus
//!    step or a split remainder, never a grace);
//!
//! then, only where they differ from the default and always in this order: `again` (another throw
//! is due), `streak=VxN` (the last throw's group and how many in a row), `opened=LETTERS`,
//! `entered=LETTERS`, `credits=N,N,...`, `open=L:PIECE:PROGRESS:TEAM,...` (captures that may still
//! be struck out), `placed=TEAM,...` (teams in finishing order), `left=PIECE:PROGRESS,...`
//! (blockades broken during this throw), `arrived=PIECE,...` (pieces moved during this turn, where
//! pairs part from the next turn), `carry=PROGRESS` (a pawn to carry on from an opponent's castle),
//! `first=LETTERS` (seats that have yet to finish their first turn, where it has rules of its own)
//! `tries=N` (the throws of the mover's first turn so far), `throws=N` (the throws of this turn so
//! far, where a turn has a most) and `thrower=LETTER` (the finished seat whose turn the seat to
//! move plays, throwing for its partner).
//! In the pool, `f` marks a share of a divisible 14 (`fs` an underside), `r` what is left of it.
//! docs/notation.md has the details.
//!
//! This module owns the notation: writing it ([`Position::to_notation`], here), reading it
//! ([`Position::from_notation`], read.rs), and the checks that keep a position read from text to
//! what the rules can reach (check.rs).

use crate::position::{Phase, Position, Share};
use crate::ruleset::Rules;
use std::fmt::Write as _;

mod check;
mod read;

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad position at character {at}: {reason}")]
pub struct NotationError {
    /// 1-based character where the fault lies.
    pub at: usize,
    /// What is wrong.
    pub reason: String,
}

impl Position {
    /// The position in one-line notation.
    pub fn to_notation(&self, rules: &Rules) -> String {
        let mut s = String::new();
        for seat in 0..self.seats {
            if seat > 0 {
                s.push('/');
            }
            for (i, &p) in self.pieces_of(seat).iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if p == rules.home() {
                    s.push('h');
                } else {
                    let _ = write!(s, "{p}");
                }
            }
        }
        let phase = match self.phase {
            Phase::Throw => 't',
            Phase::Move => 'm',
            Phase::Over => 'x',
        };
        let _ = write!(s, " {}{phase} ", rules.seat_letter(self.to_move));
        if self.pool.is_empty() {
            s.push('-');
        }
        for (i, inc) in self.pool.items().iter().enumerate() {
            let sep = if i > 0 { "," } else { "" };
            let plain = match (inc.share, inc.bonus, inc.plain) {
                (Share::Rest, ..) => "r",
                (Share::Part, _, true) => "fs",
                (Share::Part, _, false) => "f",
                (Share::None, true, _) => "b",
                (Share::None, false, true) => "s",
                (Share::None, false, false) => "",
            };
            let _ = write!(s, "{sep}{}{plain}", inc.value);
        }
        if self.throw_again {
            s.push_str(" again");
        }
        if self.streak.1 > 0 {
            let _ = write!(s, " streak={}x{}", self.streak.0, self.streak.1);
        }
        for (key, mask) in [("opened", self.opened), ("entered", self.entered)] {
            if mask != 0 {
                let _ = write!(s, " {key}=");
                for seat in (0..self.seats).filter(|b| mask & (1 << b) != 0) {
                    s.push(rules.seat_letter(seat));
                }
            }
        }
        let credits = &self.credits[..usize::from(self.seats)];
        if credits.iter().any(|&c| c > 0) {
            let list: Vec<String> = credits.iter().map(u8::to_string).collect();
            let _ = write!(s, " credits={}", list.join(","));
        }
        let mut open = Vec::new();
        for seat in 0..self.seats {
            for (piece, &entry) in self.open_capture[usize::from(seat)].iter().enumerate() {
                if entry > 0 {
                    let progress = self.progress[usize::from(seat)][piece];
                    let letter = rules.seat_letter(seat);
                    open.push(format!("{letter}:{piece}:{progress}:{}", entry - 1));
                }
            }
        }
        if !open.is_empty() {
            let _ = write!(s, " open={}", open.join(","));
        }
        if self.placed > 0 {
            let list: Vec<String> = self.placings().iter().map(u8::to_string).collect();
            let _ = write!(s, " placed={}", list.join(","));
        }
        let left: Vec<String> = self.left_blockade[..usize::from(self.pieces)]
            .iter()
            .enumerate()
            .filter(|(_, &b)| b > 0)
            .map(|(piece, b)| format!("{piece}:{b}"))
            .collect();
        if !left.is_empty() {
            let _ = write!(s, " left={}", left.join(","));
        }
        if self.arrived != 0 {
            let list: Vec<String> = (0..self.pieces)
                .filter(|i| self.arrived & (1 << i) != 0)
                .map(|i| i.to_string())
                .collect();
            let _ = write!(s, " arrived={}", list.join(","));
        }
        if self.carrying != 0 {
            let _ = write!(s, " carry={}", self.carrying);
        }
        if self.first_turn != 0 {
            s.push_str(" first=");
            for seat in (0..self.seats).filter(|&b| self.in_first_turn(b)) {
                s.push(rules.seat_letter(seat));
            }
        }
        if self.tries != 0 {
            let _ = write!(s, " tries={}", self.tries);
        }
        if self.turn_throws != 0 {
            let _ = write!(s, " throws={}", self.turn_throws);
        }
        if self.thrower != self.to_move {
            let _ = write!(s, " thrower={}", rules.seat_letter(self.thrower));
        }
        s
    }
}
