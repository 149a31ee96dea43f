//! The gate before home (`moves.home_gate`, Pahada Keliya): a seat's pieces may come round to
//! their arm's end square again, and turn up the lane, only once enough of the partners' pieces
//! have gone past the arm. The rules compile where each partner's route leaves each arm
//! ([`Rules::past_arm`]); this counts the pieces beyond it.

use super::*;

impl Position {
    /// Whether the mover's way home is shut: fewer of its partners' pieces than
    /// `moves.home_gate` have gone past its arm (a piece home has).
    #[inline]
    pub(crate) fn home_gate_closed(&self, rules: &Rules) -> bool {
        let need = rules.ruleset().moves.home_gate;
        if need == 0 {
            return false;
        }
        let seat = self.to_move;
        let team = rules.team_of(seat);
        let past: usize = (0..self.seats)
            .filter(|&p| p != seat && rules.team_of(p) == team)
            .map(|p| {
                let beyond = rules.past_arm(p, seat);
                self.pieces_of(p).iter().filter(|&&q| q > beyond).count()
            })
            .sum();
        past < usize::from(need)
    }
}
