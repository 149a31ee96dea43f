//! The canonical form of a position: each seat's pieces in order of progress.
//!
//! The rules never tell two pieces of a seat apart by their number (moves name a piece by its
//! progress, [`crate::Move`]), so positions that differ only in which piece stands where are the
//! same position. Tables keyed by positions (the exact endgame tables of `pachisi-bots`) store
//! each once, under its canonical form.

use super::Position;
use crate::ruleset::MAX_PIECES;

impl Position {
    /// The same position with every seat's pieces sorted by progress, farthest first, and what
    /// the position keeps per piece (captures that may still be struck out, the mover's broken
    /// blockades and pieces moved this turn) carried along with them. Two positions that differ
    /// only in the numbering of the pieces have the same canonical form.
    pub fn canonical(&self) -> Position {
        let mut out = *self;
        let n = usize::from(self.pieces);
        for seat in 0..usize::from(self.seats) {
            let row = &self.progress[seat];
            if row[..n].windows(2).all(|w| w[0] >= w[1]) {
                continue;
            }
            let mut order: [usize; MAX_PIECES] = std::array::from_fn(|i| i);
            // Stable, so pieces on one square keep their relative order.
            order[..n].sort_by(|&a, &b| row[b].cmp(&row[a]));
            for (to, &from) in order[..n].iter().enumerate() {
                out.progress[seat][to] = self.progress[seat][from];
                out.open_capture[seat][to] = self.open_capture[seat][from];
            }
            if seat == usize::from(self.to_move) {
                out.arrived = 0;
                for (to, &from) in order[..n].iter().enumerate() {
                    out.left_blockade[to] = self.left_blockade[from];
                    out.arrived |= ((self.arrived >> from) & 1) << to;
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use crate::{builtin_rules, Phase, Position, Throw};

    /// Over random play, a position and its canonical form have the same legal moves, and
    /// playing the same move leads to positions with the same canonical form.
    #[test]
    fn the_canonical_form_plays_as_the_position() {
        for name in ["pachisi", "ludo", "parcheesi-mb"] {
            let rules = builtin_rules(name, &[]).expect("a built-in ruleset");
            let mut pos = Position::new(&rules);
            let mut state: u64 = 7;
            let mut next = |n: usize| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                (state >> 33) as usize % n
            };
            for _ in 0..3000 {
                let canon = pos.canonical();
                assert_eq!(canon, canon.canonical(), "{name}: canonical twice");
                match pos.phase() {
                    Phase::Over => break,
                    Phase::Throw => {
                        let t = Throw(next(rules.outcomes().len()) as u8);
                        let (mut a, mut b) = (pos, canon);
                        a.apply_throw(&rules, t).expect("a throw");
                        b.apply_throw(&rules, t).expect("a throw");
                        assert_eq!(a.canonical(), b.canonical(), "{name}");
                        pos = a;
                    }
                    Phase::Move => {
                        let mut moves = pos.legal_moves(&rules);
                        let mut canon_moves = canon.legal_moves(&rules);
                        moves.sort();
                        canon_moves.sort();
                        assert_eq!(moves, canon_moves, "{name}: {}", pos.to_notation(&rules));
                        let Some(&mv) = moves.get(next(moves.len().max(1))) else {
                            break;
                        };
                        let (mut a, mut b) = (pos, canon);
                        a.play(&rules, mv).expect("a legal move");
                        b.play(&rules, mv).expect("a legal move");
                        assert_eq!(a.canonical(), b.canonical(), "{name}: {mv}");
                        pos = a;
                    }
                }
            }
        }
    }
}
