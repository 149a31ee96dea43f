//! Tables compiled with the rules for the hot path of random play ([`crate::PlainGame`]): what a
//! thrown value may do for a piece waiting in the start, and where a single move lands.

use super::{Rules, NO_DESTINATION, NO_SQUARE};

/// In [`Rules::landing_row`]: the move ends off the board (home), where nothing can stand in its
/// way. Below [`NO_DESTINATION`] and above every square index (see the assertion below).
pub(crate) const OFF_BOARD: u8 = u8::MAX - 1;

const _: () = assert!(
    (crate::topology::MAX_ARMS as usize) * 3 * (crate::topology::MAX_ARM_LENGTH as usize)
        < OFF_BOARD as usize,
    "square indices must stay below OFF_BOARD"
);

impl Rules {
    /// A seat's [`Rules::single_destination`] and square row in one table: where a single piece
    /// at `from` moving `value` ends (entry `from + value`), as the index of the square it lands
    /// on, [`OFF_BOARD`] where it ends off the board (home), or [`NO_DESTINATION`] where it may
    /// not stop. One lookup per candidate move on the hot path of [`crate::PlainGame`].
    #[inline]
    pub(crate) fn landing_row(&self, seat: u8) -> &[u8; 512] {
        &self.landing_square[usize::from(seat)]
    }
}

/// Every seat's [`Rules::landing_row`], from the rules' single destinations (already filled)
/// and square rows.
pub(super) fn landing_rows(rules: &Rules) -> Vec<[u8; 512]> {
    rules
        .square_table
        .iter()
        .map(|squares| {
            std::array::from_fn(|raw| match rules.single_destination[raw] {
                NO_DESTINATION => NO_DESTINATION,
                to => match squares[usize::from(to)] {
                    NO_SQUARE => OFF_BOARD,
                    sq => sq,
                },
            })
        })
        .collect()
}

/// What a thrown value may do for a piece in the start ([`Rules::entry_bits`]): bit 0 introduce
/// one onto the first square, bit 1 take one straight along by the value, each for a later entry;
/// bits 2 and 3 the same for the seat's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EntryBits(pub(super) u8);

impl EntryBits {
    /// The bits of `value` under `rules`, from the very questions the move generator asks
    /// ([`crate::route::can_enter_with`], [`crate::route::may_leave_start`]).
    pub(super) fn of(rules: &Rules, value: u8) -> EntryBits {
        use crate::route::{can_enter_with, may_leave_start};
        let (r, flags) = (rules.ruleset(), rules.flags(value));
        let bit = |b: bool, at: u8| u8::from(b) << at;
        EntryBits(
            bit(can_enter_with(r, false, flags, false), 0)
                | bit(may_leave_start(r, false, flags, false), 1)
                | bit(can_enter_with(r, true, flags, false), 2)
                | bit(may_leave_start(r, true, flags, false), 3),
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
