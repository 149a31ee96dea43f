//! What a thrown value may do for a piece waiting in the start, as a table compiled with the
//! rules for the hot path of random play ([`crate::PlainGame`]).

use super::Rules;

/// What a thrown value may do for a piece in the start ([`Rules::entry_bits`]): bit 0 introduce
/// one onto the first square, bit 1 take one straight along by the value, each for a later entry;
/// bits 2 and 3 the same for the seat's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EntryBits(pub(super) u8);

impl EntryBits {
    /// The bits of `value` under `rules`, from the move generator's own tests.
    pub(super) fn of(rules: &Rules, value: u8) -> EntryBits {
        use crate::movegen::{can_enter_with, may_leave_start};
        let bit = |b: bool, at: u8| u8::from(b) << at;
        EntryBits(
            bit(can_enter_with(rules, false, value, false), 0)
                | bit(may_leave_start(rules, false, value, false), 1)
                | bit(can_enter_with(rules, true, value, false), 2)
                | bit(may_leave_start(rules, true, value, false), 3),
        )
    }

    /// The two bits of a seat's first entry (`first`) or of a later one, picked once for the
    /// several questions a move list asks of them.
    #[inline]
    pub(crate) fn for_seat(self, first: bool) -> SeatEntry {
        SeatEntry(self.0 >> (2 * u8::from(first)) & 3)
    }
}

/// What a thrown value may do for a piece in the start of a seat, its first entry or a later one
/// decided ([`EntryBits::for_seat`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SeatEntry(u8);

impl SeatEntry {
    /// Whether a piece may enter onto the first square.
    #[inline]
    pub(crate) fn enters(self) -> bool {
        self.0 & 1 != 0
    }

    /// Whether a piece may leave the start straight along by the value.
    #[inline]
    pub(crate) fn leaves(self) -> bool {
        self.0 & 2 != 0
    }

    /// Whether a piece may come out of the start at all, either way.
    #[inline]
    pub(crate) fn any(self) -> bool {
        self.0 != 0
    }
}
