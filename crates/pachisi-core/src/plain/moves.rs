//! The legal moves of a [`PlainGame`]: the entry, the advances of the mover's distinct
//! progresses in increasing order, and the pass, as [`crate::Position::legal_moves`] lists them.
//! A seat of four pieces (every plain ruleset but house rules with other numbers) is listed in
//! one pass over its sorted keys, others from a list of their distinct progresses.

use super::{seat_row, PlainGame, PlainMove, MAX_PLAIN_MOVES};
use crate::position::Phase;
use crate::ruleset::{SeatEntry, MAX_PIECES, NO_SQUARE, OFF_BOARD};
use crate::Move;

impl PlainGame<'_> {
    /// Writes the legal moves into `out` and returns how many there are: the moves
    /// [`crate::Position::legal_moves`] gives, in its order (an entry, advances by increasing progress,
    /// a pass; or, where a rule puts one first, the piece clearing the entry square or the entry
    /// alone). None unless the phase is [`Phase::Move`].
    #[inline]
    pub fn legal_moves(&self, out: &mut [Move; MAX_PLAIN_MOVES]) -> usize {
        let mut codes = [PlainMove::PASS; MAX_PLAIN_MOVES];
        let n = self.legal_codes(&mut codes);
        for (mv, code) in out.iter_mut().zip(&codes[..n]) {
            *mv = self.move_of(*code);
        }
        n
    }

    /// The legal moves as [`PlainMove`] codes, a byte each, in the order of
    /// [`PlainGame::legal_moves`]; returns how many. Random play lists and plays these, so that
    /// only the move chosen is ever spelt out as a [`Move`].
    #[inline]
    pub fn legal_codes(&self, out: &mut [PlainMove; MAX_PLAIN_MOVES]) -> usize {
        if self.phase != Phase::Move {
            return 0;
        }
        let rules = self.rules;
        let seat = self.to_move;
        let value = self.hand;
        let first = self.entered & (1 << seat) == 0;
        let entry = rules.entry_bits(value).for_seat(first);
        // No piece of the mover's on the board (all waiting, or home), and a throw that brings
        // none out: the pass is the only move. Most of a Pachisi seat's throws before its first
        // grace are such, and they need no sorting of the pieces.
        let on_board = self.own[seat_row(seat)] & !self.occupants[usize::from(NO_SQUARE)];
        if (on_board == 0) & !entry.any() {
            return self.close(out, 0);
        }
        let squares = self.squares[seat_row(seat)];
        let landing = self.landings[seat_row(seat)];
        if self.four {
            return self.list_of_four(squares, landing, entry, out);
        }
        let mut pieces = [0u16; MAX_PIECES];
        let distinct = self.distinct_pieces(&mut pieces);
        let pieces = &pieces[..distinct];
        // The least progress comes first: 0 if a piece waits in the start.
        let waiting = pieces.first().is_some_and(|&key| key >> 8 == 0);
        let mut n = 0;
        // OpenSpiel's maedn: while a piece waits, one standing on the entry square moves off it
        // first whenever it can. The progresses are sorted, so a piece there comes second.
        // (The rule is tested first: it is the same all game, while whether a piece waits is not.)
        if self.clear_entry & waiting {
            if let Some(&key) = pieces.get(1).filter(|&&key| key >> 8 == 1) {
                if self.may_advance(landing, 1, value) {
                    out[0] = PlainMove(key as u8);
                    return self.close(out, 1);
                }
            }
        }
        // Written always and counted only when legal, as the advances below are.
        let sq = squares[1];
        out[0] = PlainMove(pieces.first().map_or(0, |&key| key as u8) | PlainMove::ENTER);
        n += usize::from(waiting & entry.enters() & (sq != NO_SQUARE) && self.may_land(sq));
        // Under `moves.must_enter` an entry, when there is one, is the only move.
        if self.must_enter && n > 0 {
            return self.close(out, n);
        }
        let leaves_start = entry.leaves();
        for &key in pieces {
            let from = (key >> 8) as u8;
            // Written whether legal or not, and counted only if it is: which moves are legal
            // depends on the throw, so a branch on it would be mispredicted half the time.
            out[n] = PlainMove(key as u8);
            n += usize::from((from != 0 || leaves_start) && self.may_advance(landing, from, value));
        }
        self.close(out, n)
    }

    /// [`PlainGame::legal_codes`] for seats of four pieces, the common case: the same moves in
    /// the same order, from one pass over the mover's four keys (`progress << 8 | slot`) in
    /// increasing order, instead of a list of the distinct progresses and a loop over it, whose
    /// length varies from throw to throw. A key stands for a move when its progress differs
    /// from the one before (the first slot at a progress moves) and is not home.
    #[inline(always)]
    fn list_of_four(
        &self,
        squares: &[u8; 256],
        landing: &[u8; 512],
        entry: SeatEntry,
        out: &mut [PlainMove; MAX_PLAIN_MOVES],
    ) -> usize {
        let value = self.hand;
        // Seats of four pieces are at most four: the mask only spares a bounds check.
        let first_slot = usize::from(self.to_move & 3) * 4;
        let [mut k0, mut k1, mut k2, mut k3] = [0, 1, 2, 3].map(|i| self.keys[first_slot + i]);
        sort_four(&mut k0, &mut k1, &mut k2, &mut k3);
        let progress = |key: u16| (key >> 8) as u8;
        let (p0, p1, p2, p3) = (progress(k0), progress(k1), progress(k2), progress(k3));
        let home = self.home;
        let waiting = p0 == 0;
        // maedn's cleared entry square (see `legal_codes`): while a piece waits, the first piece
        // past the start, if it stands on the entry square.
        if self.clear_entry & waiting {
            let next = [k1, k2, k3].into_iter().find(|&key| progress(key) != 0);
            if let Some(key) = next.filter(|&key| progress(key) == 1) {
                if self.may_advance(landing, 1, value) {
                    out[0] = PlainMove(key as u8);
                    return self.close(out, 1);
                }
            }
        }
        let sq = squares[1];
        out[0] = PlainMove(k0 as u8 | PlainMove::ENTER);
        let mut n = usize::from(waiting & entry.enters() & (sq != NO_SQUARE) && self.may_land(sq));
        if self.must_enter && n > 0 {
            return self.close(out, n);
        }
        // Only the first key can be at progress 0: the others there repeat it.
        out[n] = PlainMove(k0 as u8);
        let moves = (p0 != home) & (p0 != 0 || entry.leaves());
        n += usize::from(moves && self.may_advance(landing, p0, value));
        for (key, p, before) in [(k1, p1, p0), (k2, p2, p1), (k3, p3, p2)] {
            out[n] = PlainMove(key as u8);
            n += usize::from((p != before) & (p != home) && self.may_advance(landing, p, value));
        }
        self.close(out, n)
    }

    /// Whether a piece of the mover's at progress `from` may move by `value`: the move may end
    /// where it arrives ([`crate::Rules::landing_row`], the mover's row of which is `landing`, and
    /// [`PlainGame::may_land`]).
    #[inline(always)]
    fn may_advance(&self, landing: &[u8; 512], from: u8, value: u8) -> bool {
        let sq = landing[usize::from(from) + usize::from(value)];
        if sq >= OFF_BOARD {
            // Nowhere to stop, or a stop off the board (home), where nothing stands in the way.
            return sq == OFF_BOARD;
        }
        self.may_land(sq)
    }

    /// Ends the list of `n` moves in `out` with a pass where one is allowed (always when there is
    /// nothing else); returns the length.
    #[inline]
    fn close(&self, out: &mut [PlainMove; MAX_PLAIN_MOVES], mut n: usize) -> usize {
        if self.may_pass || n == 0 {
            out[n] = PlainMove::PASS;
            n += 1;
        }
        n
    }

    /// Whether the mover may end a move on the square with index `sq` (never [`NO_SQUARE`]):
    /// room under the stack limit, and no opponent on a closed castle.
    // Always inlined: it is asked of every candidate move, and a call costs as much as its work.
    #[inline(always)]
    fn may_land(&self, sq: u8) -> bool {
        let here = self.occupants[usize::from(sq)];
        let seat = seat_row(self.to_move);
        let limit = self.stack_limit;
        // A limit of one (Ludo's and maedn's) needs no count of the pieces there: counting bits
        // costs a dozen operations without a population-count instruction.
        let mine = here & self.own[seat];
        if limit > 0 && mine != 0 && (limit == 1 || mine.count_ones() >= u32::from(limit)) {
            return false;
        }
        // Evaluated whole, without a branch: whether the square is a castle is as random as the
        // throw that reaches it.
        !(self.closed_castles & self.rules.is_castle_index(sq) & (here & self.opponents[seat] != 0))
    }

    /// The distinct progresses of the mover's pieces that are not home, in increasing order, each
    /// as `progress << 8 | slot` with the first slot at that progress; returns how many. For seats
    /// of other than four pieces ([`PlainGame::list_of_four`] lists those).
    #[inline]
    fn distinct_pieces(&self, out: &mut [u16; MAX_PIECES]) -> usize {
        let first = self.slot(self.to_move, 0);
        // Sorted, then every progress but the first of its kind left out.
        let mut keys = [u16::MAX; MAX_PIECES];
        let pieces = usize::from(self.pieces);
        keys[..pieces].copy_from_slice(&self.keys[first..first + pieces]);
        let keys = &mut keys[..pieces];
        keys.sort_unstable();
        let mut n = 0;
        for i in 0..keys.len() {
            let p = keys[i] >> 8;
            if p != u16::from(self.home) && (i == 0 || keys[i - 1] >> 8 != p) {
                out[n] = keys[i];
                n += 1;
            }
        }
        n
    }
}

/// Four keys put in increasing order: a sorting network of five comparisons, each a minimum and
/// a maximum, without a branch (which keys are larger depends on the throws). The keys are four
/// variables rather than an array, which would travel packed in one 64-bit word.
#[inline(always)]
fn sort_four(a: &mut u16, b: &mut u16, c: &mut u16, d: &mut u16) {
    #[inline(always)]
    fn order(x: &mut u16, y: &mut u16) {
        let (lo, hi) = ((*x).min(*y), (*x).max(*y));
        *x = lo;
        *y = hi;
    }
    order(a, b);
    order(c, d);
    order(a, c);
    order(b, d);
    order(b, c);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sorting network puts every arrangement of four keys drawn from a few values (equal
    /// ones among them) in increasing order.
    #[test]
    fn four_keys_come_out_sorted() {
        let values = [0u16, 1, 7, 0x100, 0x1E03, 0x4500, 0x4501, 0xFFFF];
        for code in 0..values.len().pow(4) {
            let mut v = [0u16; 4];
            let mut c = code;
            for x in v.iter_mut() {
                *x = values[c % values.len()];
                c /= values.len();
            }
            let mut expected = v;
            expected.sort_unstable();
            let [mut a, mut b, mut c, mut d] = v;
            sort_four(&mut a, &mut b, &mut c, &mut d);
            assert_eq!([a, b, c, d], expected, "{v:?}");
        }
    }
}
