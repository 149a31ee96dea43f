//! The reference's entering and advancing of one piece or pair (docs/rules.md, `[moves]` and
//! `[capture]`): grace and free entry, first piece free, first-entry graces, graces that only
//! enter, the entry square that takes a piece, a move's destination under exact home (with its
//! no-stranding rule) or with the goal in the lane, blockades (no passing, no landing, stopping
//! behind one, 003), castles closed or shared (000, 001), stack limits, and the pawn a die lands
//! on an opponent's castle for another die to carry on (003, PB).

use super::*;

impl RefRules {
    /// Whether a piece at `from` may end at `to` but for a castle an opponent holds there.
    pub(crate) fn castle_refuses(&self, s: &RefState, from: u8, to: u8) -> bool {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return false;
        };
        let full =
            self.stack_limit > 0 && self.counts(s, sq)[seat] >= usize::from(self.stack_limit);
        self.is_castle(seat, to)
            && !self.shared_castles
            && self.opponents_on(s, sq) > 0
            && !full
            && self.piece_to_move(s, from, to).is_some()
    }

    /// Where a move ends whose progress would be `target`: home on an exact throw (or beyond,
    /// where overshooting is allowed); under exact home never nearer than the smallest increment.
    pub(crate) fn destination(&self, target: u32) -> Option<u8> {
        let home = u32::from(self.home);
        if self.goal_lane {
            // The route's last square is the farthest a piece goes; a stop short of the lane
            // from which no increment reaches a lane square would strand it.
            let last = home - 1;
            let stranded =
                target <= u32::from(self.turn_home) && last - target < u32::from(self.min_step);
            return (target <= last && !stranded).then_some(target as u8);
        }
        if target == home || (target > home && !self.exact) {
            Some(self.home)
        } else if target < home && !(self.exact && home - target < u32::from(self.min_step)) {
            Some(target as u8)
        } else {
            None
        }
    }

    /// Whether a piece may leave the start with `inc` for the square its value reaches: where
    /// pieces leave freely, and under grace entry never with a grace (it brings a piece to the
    /// first square instead) nor a throw that needs a piece on the board.
    pub(crate) fn may_leave_start(&self, s: &RefState, inc: &Inc) -> bool {
        let v = inc.value;
        let leaves_freely = self.free_entry || (self.first_free && !s.entered[s.to_move]);
        let enters_otherwise =
            (!inc.plain && self.grace.contains(&v)) || self.needs_board.contains(&v);
        leaves_freely && (self.free_entry || !enters_otherwise)
    }

    /// Under grace_only_enters, a thrown grace waits to bring a piece in while one waits.
    pub(crate) fn kept_for_entry(&self, inc: &Inc, waiting: bool) -> bool {
        self.grace_only_enters && waiting && !inc.plain && self.grace.contains(&inc.value)
    }

    /// Whether the mover's entry square (progress 1) takes a piece from the nest: own pieces
    /// there below the stack limit, no blockade, no opponent on a closed castle, except that a
    /// piece entering may capture a lone opponent there where `capture.on_entry` says so.
    pub(crate) fn entry_square_accepts(&self, s: &RefState) -> bool {
        if !self.nest {
            // In the Charkoni game the lane's first square is the seat's own.
            return true;
        }
        let seat = s.to_move;
        let sq = self.square(seat, 1).expect("an entry square");
        let counts = self.counts(s, sq);
        if self.stack_limit > 0 && counts[seat] >= usize::from(self.stack_limit) {
            return false;
        }
        if self.blockade_on(s, sq) {
            return false;
        }
        let opponents = self.opponents_on(s, sq);
        if opponents == 0 || (self.capture_on_entry && opponents == 1) {
            return true;
        }
        !self.is_castle(seat, 1) || self.shared_castles || self.landing.send_back_castles
    }

    /// `moves.home_gate`: whether at least that many pieces of the mover's partners stand beyond
    /// the mover's arm on their own routes, past the first visit of its end square, or are home.
    pub(crate) fn home_gate_open(&self, s: &RefState) -> bool {
        if self.home_gate == 0 {
            return true;
        }
        let seat = s.to_move;
        // The mover's end square: where its route stands at the end square's second visit.
        let end = self.route[seat][usize::from(self.turn_home) - 1];
        let past: usize = (0..self.seats)
            .filter(|&p| p != seat && self.team[p] == self.team[seat])
            .map(|p| {
                let first = self.route[p].iter().position(|&sq| sq == end);
                let beyond = first.map_or(u8::MAX, |i| (i + 1) as u8);
                s.progress[p].iter().filter(|&&q| q > beyond).count()
            })
            .sum();
        past >= usize::from(self.home_gate)
    }

    pub(crate) fn advances(
        &self,
        s: &RefState,
        from: u8,
        inc: Inc,
        steps: u8,
        pair: bool,
        set: &mut BTreeSet<RefMove>,
    ) {
        let seat = s.to_move;
        let value = inc.value;
        let distance = if pair { steps / 2 } else { steps };
        let target = u32::from(from) + u32::from(distance);
        let dest = self.reach(from, distance);
        // Passing the end square the second time turns the piece up its lane, towards home. A
        // seat that must capture before going home and has not may not turn up: it goes round.
        let turn = u32::from(self.turn_home);
        let turns_up = u32::from(from) <= turn && target > turn;
        // Pahada Keliya: coming round to the end square again, or past it, waits for the
        // partners' pieces to have gone past the arm.
        if u32::from(from) < turn && target >= turn && !self.home_gate_open(s) {
            return;
        }
        let must_go_round = turns_up && self.before_home && s.credits[seat] == 0;
        // TR (003): "A die interval that would take pawn beyond a blockade may land the pawn on
        // the space immediately behind a blockade with the rest of the interval ignored" -- also
        // an interval that would overshoot home, as it is the blockade that stops it (the spec
        // leaves this open; the engine reads it so too). Only a die: a bonus is "taken in its
        // entirety by one pawn, or forfeited".
        if self.stop_behind && !inc.bonus && !pair {
            let last = target.min(u32::from(self.home)) as u8;
            if let Some(b) = self.first_blockade(s, from, last) {
                let to = b - 1;
                if to > from && self.lands(s, from, inc, to, false) {
                    set.insert(RefMove::Advance {
                        from,
                        value,
                        steps: to - from,
                        pair,
                        round: false,
                    });
                }
                return;
            }
        }
        if let Some(to) = dest.filter(|_| !must_go_round) {
            // 003: no piece passes or lands on a blockade.
            if self.first_blockade(s, from, to).is_some() {
                return;
            }
            if self.lands(s, from, inc, to, pair) {
                set.insert(RefMove::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round: false,
                });
            }
        }
        if (self.round_again || must_go_round) && turns_up {
            // One more lap at most: the piece may not pass its end square again in the same move.
            let to = target - u32::from(self.lap);
            if to <= turn
                && (self.can_land(s, to as u8, pair)
                    || self.carries_on(s, from, inc, to as u8, pair))
            {
                set.insert(RefMove::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round: true,
                });
            }
        }
    }

    /// Whether a move of `inc` from `from` may end at `to`: where any move may end, or, under
    /// `carry_on`, on an opponent's castle from which another die carries the pawn on.
    pub(crate) fn lands(&self, s: &RefState, from: u8, inc: Inc, to: u8, pair: bool) -> bool {
        (self.can_land(s, to, pair) && self.piece_to_move(s, from, to).is_some())
            || self.carries_on(s, from, inc, to, pair)
    }

    /// 003 (PB): "A pawn may use a die increment that lands it on a safety space occupied by an
    /// opponent's pawn provided that another increment of the throw is immediately used to carry
    /// the pawn further." Only a thrown die, only a single pawn not already being carried, only
    /// where nothing but the opponent's castle stops it, and only if, the die spent and the pawn
    /// there, a die left in the throw carries it on.
    pub(crate) fn carries_on(&self, s: &RefState, from: u8, inc: Inc, to: u8, pair: bool) -> bool {
        if !self.carry_on || pair || inc.bonus || s.carrying != 0 {
            return false;
        }
        if !self.castle_refuses(s, from, to) {
            return false;
        }
        let mut next = s.clone();
        self.spend(&mut next, inc.value, inc.value, false);
        if next.pool.iter().all(|i| i.bonus) {
            return false;
        }
        let piece = self.piece_to_move(s, from, to).expect("a piece to move");
        self.lift(&mut next, piece, from, to, 1);
        next.carrying = to;
        !self.candidates(&next).is_empty()
    }

    /// The first progress in `from+1 ..= to` (on the mover's route) where a blockade stands.
    pub(crate) fn first_blockade(&self, s: &RefState, from: u8, to: u8) -> Option<u8> {
        if !self.blockades {
            return None;
        }
        (from + 1..=to).find(|&p| {
            self.square(s.to_move, p)
                .is_some_and(|sq| self.blockade_on(s, sq))
        })
    }

    /// The piece at `from` that moves to `to`: the first (by index) that may. 003: "A blockade
    /// may not be moved intact": two pieces that left one blockade during this throw may not
    /// stand together again on another square. A piece already remembering a blockade keeps
    /// that one when it leaves another (the notation holds one square a piece; the spec leaves
    /// this open, the engine does so: looked up in movegen.rs).
    pub(crate) fn piece_to_move(&self, s: &RefState, from: u8, to: u8) -> Option<usize> {
        let seat = s.to_move;
        let mine = &s.progress[seat];
        let together = mine.iter().filter(|&&p| p == from).count();
        (0..self.pieces).filter(|&i| mine[i] == from).find(|&i| {
            if !self.blockades || from == 0 {
                return true;
            }
            let memory = match s.left[i] {
                0 if together >= 2 => from,
                m => m,
            };
            // Home is no square: any number of pieces finish.
            memory == 0
                || memory == to
                || to == self.home
                || !(0..self.pieces).any(|j| j != i && mine[j] == to && s.left[j] == memory)
        })
    }

    /// Whether the mover may end a move at `to`: own pieces there below the stack limit; never on
    /// a closed castle an opponent holds (a shared one takes anybody); with pairs, a single piece
    /// never onto an opposing pair (two pieces of one seat at one progress).
    pub(crate) fn can_land(&self, s: &RefState, to: u8, pair: bool) -> bool {
        let seat = s.to_move;
        let Some(sq) = self.square(seat, to) else {
            return true;
        };
        if self.stack_limit > 0 && self.counts(s, sq)[seat] >= usize::from(self.stack_limit) {
            return false;
        }
        let mut occupied = false;
        let mut opposing_pair = false;
        for t in (0..self.seats).filter(|&t| self.team[t] != self.team[seat]) {
            let here: Vec<u8> = s.progress[t]
                .iter()
                .copied()
                .filter(|&p| self.square(t, p) == Some(sq))
                .collect();
            occupied |= !here.is_empty();
            opposing_pair |= here
                .iter()
                .any(|p| here.iter().filter(|q| *q == p).count() >= 2);
        }
        if !occupied {
            return true;
        }
        if self.is_castle(seat, to) {
            return self.shared_castles || self.landing.send_back_castles;
        }
        pair || !self.pairs || !opposing_pair
    }
}
