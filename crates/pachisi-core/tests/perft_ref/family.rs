//! The reference's reading of the rules of the cross-and-circle family (docs/rules.md,
//! `players.start`, `turn.max_throws`, `turn.partner_throws`, `capture.two_or_more = "safe"`,
//! `capture.back_to`, `throw.bonus_step_enters`): pieces that begin on the board, a turn's most
//! throws, the seat that plays a finished seat's turn, crowds that cannot be captured and the
//! bonus step that brings a waiting piece out. Where a captured piece goes is read in rules.rs
//! (`back_to`) and used by the captures of play.rs and landing.rs.

use super::*;

impl RefRules {
    /// Where the pieces of every seat begin: `players.start`, one progress a piece, or all
    /// waiting.
    pub(crate) fn start_row(&self) -> Vec<u8> {
        if self.start.is_empty() {
            vec![0; self.pieces]
        } else {
            self.start.clone()
        }
    }

    /// Whether a throw may still be granted in this turn: no limit, or fewer throws made than
    /// the most a turn has.
    pub(crate) fn throw_left(&self, s: &RefState) -> bool {
        self.max_throws == 0 || s.throws < self.max_throws
    }

    /// Whose turn follows the table's seat `after`: (the seat at the table, the seat that moves).
    /// Finished seats are skipped, except, where partners throw, a finished seat with an
    /// unfinished partner: its turn is played by the first unfinished seat of its team found
    /// going round the table after it. `None` when every seat has finished.
    pub(crate) fn next_turn(&self, s: &RefState, after: usize) -> Option<(usize, usize)> {
        (1..=self.seats)
            .map(|step| (after + step) % self.seats)
            .find_map(|seat| {
                if !self.finished(s, seat) {
                    return Some((seat, seat));
                }
                if !self.partner_throws {
                    return None;
                }
                (1..self.seats)
                    .map(|k| (seat + k) % self.seats)
                    .find(|&p| self.team[p] == self.team[seat] && !self.finished(s, p))
                    .map(|partner| (seat, partner))
            })
    }

    /// Whether the pieces of `seat` on square `sq` cannot be captured: two or more of them stand
    /// there, where such crowds are safe.
    pub(crate) fn safe_crowd(&self, s: &RefState, seat: usize, sq: Square) -> bool {
        self.safe_crowds
            && s.progress[seat]
                .iter()
                .filter(|&&p| self.square(seat, p) == Some(sq))
                .count()
                >= 2
    }

    /// Whether `inc` is a bonus step that must bring a waiting piece out where one can come out:
    /// a plain increment of one square (a split leaving one square is written alike, and is read
    /// alike).
    pub(crate) fn step_enters(&self, inc: &Inc) -> bool {
        self.step_enters && inc.plain && !inc.bonus && inc.share == Share::No && inc.value == 1
    }

    /// The moves of a bonus step that brings a waiting piece out onto the lane's first square
    /// (`0+1`), under the usual limits of that square; none when no piece waits or none may come
    /// out.
    pub(crate) fn step_entries(&self, s: &RefState, inc: Inc) -> BTreeSet<RefMove> {
        let mut set = BTreeSet::new();
        if s.progress[s.to_move].contains(&0) {
            self.advances(s, 0, inc, 1, false, &mut set);
        }
        set
    }
}

impl RefState {
    /// Whether the seat to move plays the turn of a finished partner.
    pub(crate) fn for_partner(&self) -> bool {
        self.thrower != self.to_move
    }
}
