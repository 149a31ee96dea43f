//! The reference's reading of the landing and first-turn rules (docs/rules.md: jump squares,
//! send-back castles, `capture.two_or_more`, `moves.bounce`, the first turn), for `ludopy`.

use super::{RefRules, RefState};
use pachisi_core::ruleset::{Bounce, CastleRule, LastJump, StartArea, TwoOrMore};
use pachisi_core::{Rules, Square};

/// What the reference keeps of these rules.
pub(super) struct RefLanding {
    /// The jump squares of the whole board.
    jumps: Vec<Square>,
    last_jump_home: bool,
    pub send_back_castles: bool,
    crowd_sends_back: bool,
    bounce: Bounce,
    /// The seat whose route begins on each entry square.
    entry_squares: Vec<Square>,
    pub first_turn_rules: bool,
    first_turn_throws: u8,
    extra_in_first_turn: bool,
}

impl RefLanding {
    pub(super) fn new(rules: &Rules) -> RefLanding {
        let r = rules.ruleset();
        let b = &r.board;
        let mut jumps = Vec::new();
        for arm in 0..b.arms {
            for &k in &b.jump_squares {
                let at = usize::from(b.entry_offset) + usize::from(k);
                jumps.push(rules.topology().track_square(arm, b.direction, at));
            }
        }
        let nest = b.start == StartArea::Nest;
        RefLanding {
            jumps,
            last_jump_home: b.last_jump == LastJump::Home,
            send_back_castles: r.capture.castles == CastleRule::SendBack,
            crowd_sends_back: r.capture.two_or_more == TwoOrMore::SendBack,
            bounce: r.moves.bounce,
            entry_squares: (0..rules.seats())
                .filter(|_| nest)
                .map(|s| rules.route(s)[0])
                .collect(),
            first_turn_rules: r.turn.first_turn_throws != 1 || !r.turn.extra_throw_in_first_turn,
            first_turn_throws: r.turn.first_turn_throws,
            extra_in_first_turn: r.turn.extra_throw_in_first_turn,
        }
    }

    /// Whether landing needs more than the plain capture.
    pub(super) fn resolves(&self) -> bool {
        !self.jumps.is_empty() || self.send_back_castles || self.crowd_sends_back
    }
}

impl RefRules {
    /// Where a move of `distance` from `from` bounces back to, when it overshoots home and the
    /// rules bounce it.
    pub(super) fn bounced(&self, from: u8, distance: u8) -> Option<u8> {
        let target = u32::from(from) + u32::from(distance);
        let home = u32::from(self.home);
        if target <= home {
            return None;
        }
        match self.landing.bounce {
            Bounce::None => None,
            Bounce::BackByExcess => Some((2 * home - target) as u8),
            Bounce::BackByThrow => Some((home - u32::from(distance)) as u8),
        }
    }

    /// Where a move of `distance` from `from` may end: bounced back, or as `destination` says
    /// (where pieces bounce, no stop short of home strands them).
    pub(super) fn reach(&self, from: u8, distance: u8) -> Option<u8> {
        let target = u32::from(from) + u32::from(distance);
        if self.landing.bounce == Bounce::None {
            return self.destination(target);
        }
        self.bounced(from, distance).or(Some(target as u8))
    }

    /// Whether the seat to move takes a first-turn throw again: in its first turn, throws left,
    /// every piece in the yard.
    pub(super) fn retries(&self, s: &RefState) -> bool {
        s.first[s.to_move]
            && s.tries < self.landing.first_turn_throws
            && s.progress[s.to_move].iter().all(|&p| p == 0)
    }

    /// Whether an extra-throw value earns its throw for the seat to move.
    pub(super) fn extra_counts(&self, s: &RefState) -> bool {
        self.landing.extra_in_first_turn || !s.first[s.to_move]
    }

    /// The mover's `piece` has been put at `to`: its jump and the opponents it meets on each
    /// square it lands on. Returns where it ends.
    pub(super) fn land(&self, s: &mut RefState, piece: usize, to: u8) -> u8 {
        let seat = s.to_move;
        let mut back = self.meet(s, to);
        let mut end = to;
        if let Some(jumped) = self.jump_from(seat, to) {
            end = jumped;
            if jumped != self.home {
                back |= self.meet(s, jumped);
            }
        }
        if back {
            end = 0;
        }
        s.progress[seat][piece] = end;
        end
    }

    /// The next jump square after `to` on the seat's track, or home after the last, if `to` is
    /// a jump square.
    fn jump_from(&self, seat: usize, to: u8) -> Option<u8> {
        let sq = self.square(seat, to)?;
        if to > self.turn_home || !self.landing.jumps.contains(&sq) {
            return None;
        }
        let next = (to + 1..=self.turn_home).find(|&p| {
            self.square(seat, p)
                .is_some_and(|q| self.landing.jumps.contains(&q))
        });
        match next {
            Some(p) => Some(p),
            None if self.landing.last_jump_home => Some(self.home),
            None => None,
        }
    }

    /// The mover meets the opponents on its square at `at`; returns whether it is sent back.
    fn meet(&self, s: &mut RefState, at: u8) -> bool {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, at) else {
            return false;
        };
        let castle = self.is_castle(seat, at);
        if castle && !self.landing.send_back_castles {
            return false;
        }
        let owner = self.landing.entry_squares.iter().position(|&e| e == sq);
        let counts = self.counts(s, sq);
        let opponents: Vec<usize> = (1..self.seats)
            .map(|k| (seat + k) % self.seats)
            .filter(|&t| self.team[t] != self.team[seat] && counts[t] > 0)
            .collect();
        let protects = |t: usize| castle && (owner.is_none() || owner == Some(t));
        let victims: Vec<usize> = if self.landing.crowd_sends_back {
            match opponents.first() {
                None => return false,
                Some(&t) if protects(t) || counts[t] >= 2 => return true,
                Some(&t) => vec![t],
            }
        } else {
            if opponents.iter().any(|&t| protects(t)) {
                return true;
            }
            // Crowds that are safe stay; the mover stands beside them.
            opponents
                .into_iter()
                .filter(|&t| !self.safe_crowd(s, t, sq))
                .collect()
        };
        for &t in &victims {
            for i in 0..self.pieces {
                if self.square(t, s.progress[t][i]) == Some(sq) {
                    s.progress[t][i] = self.back_to;
                }
            }
        }
        if !victims.is_empty() {
            if self.before_home {
                s.credits[seat] = s.credits[seat].saturating_add(1);
            }
            if self.capture_bonus > 0 {
                self.push(s, Self::bonus_inc(self.capture_bonus));
            }
            if self.capture_throw {
                s.again |= self.throw_left(s);
            }
        }
        false
    }
}
