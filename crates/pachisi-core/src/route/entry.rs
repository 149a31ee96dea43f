//! Which thrown values bring a piece out of the start, and how: onto the first square under grace
//! entry, or straight along by the value where pieces leave freely. The move generator asks these
//! for every waiting piece, and the rules compile their answers into a table by value for the hot
//! path of random play (`EntryBits`, in [`crate::ruleset`]).
//!
//! Each question takes the ruleset, whether the seat has yet to bring out its first piece
//! (`first`: some rules admit only certain throws for it, or let it leave freely), the thrown
//! value's flags, and whether the increment is a plain one (a bonus step or what a split leaves,
//! never a grace).

use crate::schema::{Entry, Ruleset};
use crate::throw::ValueFlags;

/// Whether pieces of a seat leave the start freely (without a grace), for a seat that has not
/// introduced a piece yet when `first`.
#[inline]
pub(crate) fn leaves_freely(r: &Ruleset, first: bool) -> bool {
    let m = &r.moves;
    m.entry == Entry::Free || (m.first_piece_free && first)
}

/// Whether an increment with these `flags` may take a piece out of the start straight to the
/// square its value reaches: only where pieces leave the start freely ([`leaves_freely`]), and
/// under grace entry never a grace, which brings a new piece onto the first square instead, nor a
/// throw that needs a piece on the board (004).
#[inline]
pub(crate) fn may_leave_start(r: &Ruleset, first: bool, flags: ValueFlags, plain: bool) -> bool {
    let enters_otherwise = (flags.grace && !plain) || flags.needs_piece_on_board;
    leaves_freely(r, first) && !(r.moves.entry == Entry::Grace && enters_otherwise)
}

/// Whether an increment with these `flags` (a thrown one unless `plain`) may introduce a piece
/// under grace entry; `first` as for [`leaves_freely`] (some rules admit only certain throws for
/// the first).
#[inline]
pub(crate) fn can_enter_with(r: &Ruleset, first: bool, flags: ValueFlags, plain: bool) -> bool {
    r.moves.entry == Entry::Grace
        && !plain
        && flags.grace
        && (!first || r.throw.first_entry.is_empty() || flags.first_entry)
}
