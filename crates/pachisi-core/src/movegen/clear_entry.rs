//! The entry square that must be cleared (`moves.clear_entry`, OpenSpiel's maedn): while one of
//! the mover's pieces waits to enter, a piece of its own standing on its entry square moves off it
//! before anything else moves, whenever that piece can move at all.

use super::*;

impl Position {
    /// The moves that take the mover's piece off its entry square (progress 1): one per value in
    /// the pool, landing where any move may land. The caller offers nothing else when there are
    /// any, and the usual moves when the piece cannot move (its landing square full, say).
    pub(super) fn push_entry_clearing<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        out: &mut impl MoveSink,
    ) {
        let mut seen_values = ByteSet::default();
        for inc in self.pool.items() {
            if seen_values.insert(inc.value) {
                continue;
            }
            self.push_advances::<M>(rules, occupancy, 1, inc.value, inc.value, false, out);
        }
    }

    /// Whether the mover must first clear its entry square: a piece of its own waits to enter, one
    /// stands on the entry square, and that one can move off it.
    pub(crate) fn must_clear_entry(&self, rules: &Rules, occupancy: &LazyOccupancy) -> bool {
        let mine = self.pieces_of(self.to_move);
        if !(rules.ruleset().moves.clear_entry && mine.contains(&0) && mine.contains(&1)) {
            return false;
        }
        let mut any = AnyMove(false);
        self.push_entry_clearing::<AnyMechanics>(rules, occupancy, &mut any);
        any.0
    }
}
