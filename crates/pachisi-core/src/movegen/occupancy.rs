//! Who stands where, for move generation: sets of square indices ([`ByteSet`]), the squares
//! held by the mover's opponents and by the mover ([`Occupancy`]), built once per generation and
//! only when a rule asks ([`LazyOccupancy`]).

use super::*;

/// A set of bytes (square indices or increment values), one bit each: clearing and filling it
/// costs a few words, where a table of the board's squares would cost hundreds of bytes per call.
#[derive(Clone, Copy, Default)]
pub(super) struct ByteSet([u64; 4]);

impl ByteSet {
    /// Adds `b`; returns whether it was in the set already.
    #[inline]
    pub(super) fn insert(&mut self, b: u8) -> bool {
        let (word, bit) = (usize::from(b >> 6), 1u64 << (b & 63));
        let present = self.0[word] & bit != 0;
        self.0[word] |= bit;
        present
    }

    /// Adds `b` when `add` says so, without a branch.
    #[inline]
    fn insert_if(&mut self, b: u8, add: bool) {
        self.0[usize::from(b >> 6)] |= u64::from(add) << (b & 63);
    }

    /// Takes `b` out.
    #[inline]
    fn remove(&mut self, b: u8) {
        self.0[usize::from(b >> 6)] &= !(1u64 << (b & 63));
    }

    #[inline]
    pub(super) fn contains(&self, b: u8) -> bool {
        (self.0[usize::from(b >> 6)] >> (b & 63)) & 1 != 0
    }

    pub(super) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Writes the members into `out` in increasing order; returns how many there are.
    pub(super) fn members_into(&self, out: &mut [u8]) -> usize {
        let mut n = 0;
        for (w, &word) in self.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out[n] = (w * 64) as u8 + bits.trailing_zeros() as u8;
                n += 1;
                bits &= bits - 1;
            }
        }
        n
    }
}

/// Who stands where, seen from the seat to move, as sets of square indices. Built once per move
/// generation from the (at most a few dozen) pieces on the board.
#[derive(Default)]
pub(super) struct Occupancy {
    /// Squares with at least one opposing piece.
    opposing: ByteSet,
    /// Squares where one opposing seat has two or more pieces: a pair, or a blockade.
    pairs: ByteSet,
    /// Squares where the mover already has as many pieces as the stack limit allows (empty
    /// without a limit).
    full: ByteSet,
    /// Squares where the mover has two or more pieces (counted only under blockades).
    own_pairs: ByteSet,
    /// Whether `pairs` or `own_pairs` has a member: most positions have no blockade, and one
    /// flag says so more cheaply than the sets.
    any_pairs: bool,
}

impl Occupancy {
    #[inline]
    pub(super) fn of(pos: &Position, rules: &Rules, seat: u8) -> Occupancy {
        let mut o = Occupancy::default();
        let m = &rules.ruleset().moves;
        if m.stack_limit > 0 || m.blockades {
            o.count_own(pos, rules, seat);
        }
        // Only pairs, blockades and captures on entry ask whether an opposing seat has two
        // pieces on a square; elsewhere `pairs` stays empty and is never read.
        let counted = m.pairs || m.blockades || rules.ruleset().capture.on_entry;
        for &t in rules.opponents(seat) {
            if counted {
                o.add_counted(pos, rules, t);
            } else {
                for &p in pos.pieces_of(t) {
                    let sq = rules.square_index(t, p);
                    if sq != NO_SQUARE {
                        o.opposing.insert(sq);
                    }
                }
            }
        }
        if counted {
            o.opposing.remove(NO_SQUARE);
            o.pairs.remove(NO_SQUARE);
            o.any_pairs |= !o.pairs.is_empty();
        }
        o
    }

    /// Adds an opposing seat's pieces to `opposing` and `pairs` (NO_SQUARE included, for the
    /// caller to take out).
    #[inline]
    fn add_counted(&mut self, pos: &Position, rules: &Rules, seat: u8) {
        let row = rules.square_row(seat);
        if let Some(squares) = four_squares(row, pos.pieces_of(seat)) {
            let later = later_on_square(squares);
            for (sq, later) in squares.into_iter().zip(later) {
                // One word and bit for both sets.
                let (word, bit) = (usize::from(sq >> 6), 1u64 << (sq & 63));
                self.opposing.0[word] |= bit;
                self.pairs.0[word] |= bit & u64::from(later).wrapping_neg();
            }
            return;
        }
        let mut seen = ByteSet::default();
        // Without a branch on where each piece stands, which no processor predicts: pieces off
        // the board (waiting or home) go in as NO_SQUARE, which `Occupancy::of` takes out after.
        for &p in pos.pieces_of(seat) {
            let sq = row[usize::from(p)];
            self.opposing.insert(sq);
            let again = seen.insert(sq);
            self.pairs.insert_if(sq, again);
        }
    }

    /// Whether no blockade stands anywhere (the usual case), so no move can be stopped by one.
    pub(super) fn no_blockades(&self) -> bool {
        !self.any_pairs
    }

    /// Fills `full` and `own_pairs` from the mover's pieces: a piece that is the n-th of its seat
    /// on its square makes the square full when n reaches the limit, and a pair when n is 2.
    fn count_own(&mut self, pos: &Position, rules: &Rules, seat: u8) {
        let m = &rules.ruleset().moves;
        let row = rules.square_row(seat);
        // Four pieces under a limit of two or none (every edition of Parcheesi): only a second or
        // later piece on a square counts, found by six comparisons; two pieces rarely share a
        // square, so the branch on it is a safe guess, where a set of the squares seen costs a
        // loop of inserts. (A limit of one fills every square held, and a higher one needs
        // counts: the loops below.)
        if matches!(m.stack_limit, 0 | 2) {
            if let Some(squares) = four_squares(row, pos.pieces_of(seat)) {
                let later = later_on_square(squares);
                for (sq, later) in squares.into_iter().zip(later) {
                    if later && sq != NO_SQUARE {
                        self.count_later_own(m, sq);
                    }
                }
                return;
            }
        }
        // Up to a limit of two, whether a piece is the first or a later one on its square says
        // all: a set of the squares seen does instead of counts.
        if m.stack_limit <= 2 {
            let mut seen = ByteSet::default();
            for &p in pos.pieces_of(seat) {
                let sq = row[usize::from(p)];
                if sq == NO_SQUARE {
                    continue;
                }
                let later = seen.insert(sq);
                if m.stack_limit == 1 {
                    self.full.insert(sq);
                } else if later {
                    self.count_later_own(m, sq);
                }
            }
            return;
        }
        let mut squares = [NO_SQUARE; MAX_PIECES];
        for (i, &p) in pos.pieces_of(seat).iter().enumerate() {
            let sq = row[usize::from(p)];
            squares[i] = sq;
            if sq == NO_SQUARE {
                continue;
            }
            let nth = squares[..=i].iter().filter(|&&s| s == sq).count();
            if nth == usize::from(m.stack_limit) {
                self.full.insert(sq);
            }
            if nth == 2 && m.blockades {
                self.own_pairs.insert(sq);
                self.any_pairs = true;
            }
        }
    }

    /// A second or later piece of the mover on the square with index `sq`, under a stack limit
    /// of two or none: the limit of two is reached, and a blockade stands.
    #[inline]
    fn count_later_own(&mut self, m: &crate::ruleset::MoveRules, sq: u8) {
        if m.stack_limit == 2 {
            self.full.insert(sq);
        }
        if m.blockades {
            self.own_pairs.insert(sq);
            self.any_pairs = true;
        }
    }

    /// Whether any opposing piece stands on the square.
    #[inline]
    pub(super) fn occupied(&self, sq: u8) -> bool {
        self.opposing.contains(sq)
    }

    /// Whether one opposing seat has two or more pieces on the square.
    #[inline]
    pub(super) fn pair(&self, sq: u8) -> bool {
        self.pairs.contains(sq)
    }

    /// The occupancy of `next`, a position reached from this one's by a move of the same seat
    /// that captured nothing: the opponents stand where they stood, so only the mover's own
    /// pieces need counting again.
    pub(super) fn after_own_move(&self, next: &Position, rules: &Rules) -> Occupancy {
        let mut o = Occupancy {
            opposing: self.opposing,
            pairs: self.pairs,
            any_pairs: !self.pairs.is_empty(),
            ..Occupancy::default()
        };
        let m = &rules.ruleset().moves;
        if m.stack_limit > 0 || m.blockades {
            o.count_own(next, rules, next.to_move);
        }
        o
    }

    /// Whether the stack limit lets another of the mover's pieces onto the square.
    #[inline]
    pub(super) fn has_room(&self, sq: u8) -> bool {
        !self.full.contains(sq)
    }

    /// Whether an opposing seat, or the mover itself, holds a blockade (two pieces) on the
    /// square. A partner's pair is not one; partnerships and blockades never meet in the built-in
    /// rulesets.
    #[inline]
    pub(super) fn blockade(&self, sq: u8) -> bool {
        self.pairs.contains(sq) || self.own_pairs.contains(sq)
    }
}

/// The square indices of a seat's pieces where it has four (every edition of Parcheesi, Ludo):
/// the case worth a path without loops or sets of its own.
#[inline(always)]
fn four_squares(row: &[u8; 256], pieces: &[u8]) -> Option<[u8; 4]> {
    let &[a, b, c, d] = pieces else {
        return None;
    };
    Some([a, b, c, d].map(|p| row[usize::from(p)]))
}

/// For each of four squares, whether an earlier one is the same: the second and later pieces of
/// a seat on one square, in six comparisons and without a branch, where which pieces share a
/// square is anybody's guess.
#[inline(always)]
fn later_on_square([a, b, c, d]: [u8; 4]) -> [bool; 4] {
    [
        false,
        b == a,
        (c == a) | (c == b),
        (d == a) | (d == b) | (d == c),
    ]
}

/// An [`Occupancy`] built on first use. Under most rulesets who stands on a square only matters
/// on a castle (or with stacks, pairs or blockades), so most move generations never build it.
pub(crate) struct LazyOccupancy<'a> {
    pos: &'a Position,
    rules: &'a Rules,
    built: OnceCell<Occupancy>,
}

impl<'a> LazyOccupancy<'a> {
    #[inline]
    pub(crate) fn new(pos: &'a Position, rules: &'a Rules) -> LazyOccupancy<'a> {
        LazyOccupancy {
            pos,
            rules,
            built: OnceCell::new(),
        }
    }

    /// Starts from an occupancy already known to be `pos`'s, when there is one.
    pub(super) fn known(
        pos: &'a Position,
        rules: &'a Rules,
        known: Option<Occupancy>,
    ) -> LazyOccupancy<'a> {
        LazyOccupancy {
            pos,
            rules,
            built: known.map_or_else(OnceCell::new, OnceCell::from),
        }
    }

    /// The occupancy if it has been built.
    pub(super) fn built(&self) -> Option<&Occupancy> {
        self.built.get()
    }

    /// The occupancy, seen from the seat to move.
    #[inline]
    pub(super) fn get(&self) -> &Occupancy {
        self.built
            .get_or_init(|| Occupancy::of(self.pos, self.rules, self.pos.to_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;
    use crate::movegen::tests::random_positions;

    /// The mover's own count (`full`, `own_pairs`) agrees with counting the pieces square by
    /// square, under every stack limit and with and without blockades, for seats of four pieces
    /// (which take a path of their own under a limit of two or none) and of more.
    #[test]
    fn the_movers_own_count_agrees_with_counting_the_pieces() {
        let configurations: [(&str, &[&str]); 7] = [
            ("herklots-1832", &["moves.stack_limit=0"]),
            ("herklots-1832", &["moves.stack_limit=1"]),
            ("herklots-1832", &["moves.stack_limit=2"]),
            ("herklots-1832", &["moves.stack_limit=3"]),
            ("herklots-1832-two-player", &["moves.stack_limit=3"]),
            ("parcheesi-sr", &[]),
            ("parcheesi-tr", &[]),
        ];
        for (name, set) in configurations {
            let set: Vec<String> = set.iter().map(|s| s.to_string()).collect();
            let rules = builtin_rules(name, &set).expect("ruleset");
            let m = &rules.ruleset().moves;
            let limit = usize::from(m.stack_limit);
            let crowd = if limit > 0 { limit } else { 2 };
            // Positions where the mover has at least as many pieces on a square as the limit
            // allows (or two, where there is none): the cases the count exists for.
            let mut crowded = 0;
            random_positions(&rules, 7, 40, 600, |pos| {
                let seat = pos.to_move();
                let o = Occupancy::of(pos, &rules, seat);
                let row = rules.square_row(seat);
                for sq in 0..NO_SQUARE {
                    let here = pos
                        .pieces_of(seat)
                        .iter()
                        .filter(|&&p| row[usize::from(p)] == sq)
                        .count();
                    let full = limit > 0 && here >= limit;
                    let pair = m.blockades && here >= 2;
                    crowded += usize::from(here >= crowd);
                    assert_eq!(o.has_room(sq), !full, "{name} {set:?}: room on {sq}");
                    assert_eq!(
                        o.own_pairs.contains(sq),
                        pair,
                        "{name} {set:?}: own pair on {sq}"
                    );
                }
            });
            assert!(crowded > 0, "{name} {set:?}: some square is crowded");
        }
    }
}
