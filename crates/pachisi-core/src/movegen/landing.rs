//! What a move's landing does beyond a plain capture (the Ludo LUDOpy plays): the jump from a
//! jump square to the next (`board.jump_squares`), and the pieces met on each square landed on,
//! which may send the mover back to its start (`capture.castles = "send-back"`,
//! `capture.two_or_more = "send-back"`). Where a bounce back from home (`moves.bounce`) leaves the
//! piece is route arithmetic ([`crate::route::bounced`]).

use super::*;
use crate::ruleset::TwoOrMore;

impl Position {
    /// Settles a move of the mover's `piece`, just put at progress `to`: the jump it makes from
    /// a jump square, and on each square it lands on the opponents it meets, who may be captured
    /// or send it back to its start. A piece bounced back from home (`bounced`) meets nobody
    /// (LUDOpy moves it there without looking). Returns where the piece ends.
    pub(super) fn land(&mut self, rules: &Rules, piece: u8, to: u8, bounced: bool) -> u8 {
        if bounced {
            return to;
        }
        let seat = usize::from(self.to_move);
        let piece = usize::from(piece);
        let mut end = to;
        // LUDOpy settles the square landed on, then the square jumped to, each on its own: a
        // capture on one stands even where the other sends the mover back.
        let mut sent_back = self.meet(rules, to);
        if let Some(next) = rules.jump_at(self.to_move, to) {
            end = next;
            if next != rules.home() {
                sent_back |= self.meet(rules, next);
            }
        }
        if sent_back {
            end = 0;
        }
        self.progress[seat][piece] = end;
        end
    }

    /// The mover meets the opponents on its square at progress `at`: captures them, or is sent
    /// back (returns whether it is).
    fn meet(&mut self, rules: &Rules, at: u8) -> bool {
        let sq = rules.square_index(self.to_move, at);
        if sq == NO_SQUARE {
            return false;
        }
        let c = &rules.ruleset().capture;
        let castle = rules.is_castle_index(sq);
        if castle && c.castles != CastleRule::SendBack {
            // Shared castles protect; closed ones refused the move already.
            return false;
        }
        // The entry square's own seat protects it; on another castle any opponent does.
        let owner = rules.entry_owner(sq);
        let guards = |t: u8| castle && owner.map_or(true, |o| o == t);
        if c.two_or_more == TwoOrMore::SendBack {
            let Some((t, count)) = self.first_opponent_on(rules, sq) else {
                return false;
            };
            if guards(t) || count >= 2 {
                return true;
            }
            self.capture_on(rules, sq, Some(t));
            return false;
        }
        let opponents = rules.opponents(self.to_move);
        if opponents
            .iter()
            .any(|&t| guards(t) && self.count_on(rules, t, sq) > 0)
        {
            return true;
        }
        self.capture_on(rules, sq, None);
        false
    }

    /// The first opponent, in turn order from the mover, with pieces on the square with index
    /// `sq`, and how many it has there (LUDOpy's `get_enemy_at_pos`).
    fn first_opponent_on(&self, rules: &Rules, sq: u8) -> Option<(u8, usize)> {
        let seats = self.seats;
        (1..seats)
            .map(|k| (self.to_move + k) % seats)
            .filter(|&t| rules.team_of(t) != rules.team_of(self.to_move))
            .map(|t| (t, self.count_on(rules, t, sq)))
            .find(|&(_, n)| n > 0)
    }

    /// How many pieces of `seat` stand on the square with index `sq`.
    fn count_on(&self, rules: &Rules, seat: u8, sq: u8) -> usize {
        let squares = rules.square_row(seat);
        self.pieces_of(seat)
            .iter()
            .filter(|&&p| squares[usize::from(p)] == sq)
            .count()
    }
}
