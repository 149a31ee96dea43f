//! One piece's (or a pair's) advance: where it may end and what stops it (the entry square, the
//! square it lands on, a blockade on the way), the moves pushed from them, a pawn carried on from
//! an opponent's castle (003, PB), and a throw that could only end on an opponent's castle (001).

use super::*;

impl Position {
    /// Whether the entry square (progress 1) takes a waiting piece now: no blockade there, room
    /// under the stack limit, and no opponent on a closed castle unless an entering piece captures
    /// a lone one there.
    pub(crate) fn may_enter(&self, rules: &Rules, occupancy: &LazyOccupancy) -> bool {
        let sq = rules.square_index(self.to_move, 1);
        if sq == NO_SQUARE {
            return false;
        }
        match self.entry_decides(rules, occupancy, sq) {
            Some(stop) => stop.is_none(),
            None => self.may_land(rules, occupancy, 0, 1, false),
        }
    }

    /// What closes the entry square to a waiting piece ([`Position::may_enter`]); `None` when it
    /// takes one.
    pub(crate) fn entry_stop(&self, rules: &Rules, occupancy: &LazyOccupancy) -> Option<Stop> {
        let sq = rules.square_index(self.to_move, 1);
        self.entry_decides(rules, occupancy, sq)
            .unwrap_or_else(|| self.landing_stop(rules, occupancy, 0, 1, false))
    }

    /// What the entry square's own rules decide before those of any square a move ends on: a
    /// blockade closes it, and a lone opponent whom an entering piece captures leaves it open
    /// while the stack limit allows (`Some` of what stops the entry, if anything); `None` leaves
    /// it to [`Position::may_land`].
    fn entry_decides(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        sq: u8,
    ) -> Option<Option<Stop>> {
        if rules.ruleset().moves.blockades && occupancy.get().blockade(sq) {
            return Some(Some(Stop::Blockade));
        }
        if rules.ruleset().capture.on_entry {
            let o = occupancy.get();
            if o.occupied(sq) && !o.pair(sq) {
                return Some((!o.has_room(sq)).then_some(Stop::Full));
            }
        }
        None
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn push_advances<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        out: &mut impl MoveSink,
    ) {
        self.push_advances_past::<M>(rules, occupancy, from, value, steps, pair, false, out);
    }

    /// [`Position::push_advances`]; `clear` when the caller knows that no blockade stands
    /// within the move's reach, so that it need not be looked for again.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn push_advances_past<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        clear: bool,
        out: &mut impl MoveSink,
    ) {
        let m = &rules.ruleset().moves;
        let dist = if pair { steps / 2 } else { steps };
        let raw = u16::from(from) + u16::from(dist);
        let home = u16::from(rules.home());
        let turn_home = u16::from(rules.turn_home());
        let turns_up_lane = u16::from(from) <= turn_home && raw > turn_home;
        // Pahada Keliya: the way round to the end square and up the lane opens only once enough
        // of the partners' pieces have gone past the arm.
        if u16::from(from) < turn_home && raw >= turn_home && self.home_gate_closed(rules) {
            return;
        }
        // 000 rule 3: a seat that has not captured may not take a piece home. Stopping its pieces
        // at the lane's foot or in the lane, where no capture is possible any more, could trap the
        // seat for ever (003's principle), so they go round again instead of turning up the lane.
        let must_go_round = self.uncredited::<M>(rules) && turns_up_lane;
        let to = reach::<M>(rules.route_end(), from, dist, min_step(rules, pair));
        let mut offer = |to: u8, steps: u8, round_again: bool| {
            // `from` is one of the mover's progresses (or the carried pawn's).
            if self.may_land_from::<M>(rules, occupancy, from, to, pair, true)
                || (m.carry_on && self.may_carry_on::<M>(rules, occupancy, from, value, to))
            {
                out.push(Move::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round_again,
                });
            }
        };
        if m.blockades && !clear {
            if let Some(stop) = self.first_blockade(rules, occupancy, from, raw.min(home)) {
                // 003 (TR): "A die interval that would take pawn beyond a blockade may land the
                // pawn on the space immediately behind a blockade with the rest of the interval
                // ignored." Only a die: a bonus is "taken in its entirety by one pawn, or
                // forfeited". Elsewhere the move is simply not allowed.
                if self.stops_behind(rules, from, stop, value) {
                    offer(stop - 1, stop - 1 - from, false);
                }
                return;
            }
        }
        if let Some(to) = to.filter(|_| !must_go_round) {
            offer(to, steps, false);
        }
        if (M::go_round_again(rules.ruleset()) || must_go_round) && turns_up_lane {
            let again = raw - u16::from(rules.topology().track_len());
            // The extra lap ends on the end square at the latest: a move longer than a whole lap
            // (a big throw on a small board) would carry the piece past it again, off its route.
            if let Some(to) = u8::try_from(again).ok().filter(|_| again <= turn_home) {
                offer(to, steps, true);
            }
        }
    }

    /// Under `moves.held_castle = "loses-turn"` (001): a thrown value of the pool that no
    /// `candidate` spends, and the square of an opponent's castle that one of the mover's pieces
    /// (or pairs) would have ended on with it, if there is such a value: then the turn is lost.
    pub(crate) fn castle_costing_turn(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        candidates: &[Move],
    ) -> Option<(u8, u8)> {
        let mut progresses = [0u8; MAX_PIECES];
        let n_progress = self.distinct_progress(rules, &mut progresses);
        let mut seen_values = ByteSet::default();
        for inc in self.pool.items() {
            let v = inc.value;
            if inc.bonus || seen_values.insert(v) {
                continue;
            }
            let spent = candidates.iter().any(|mv| match *mv {
                Move::Enter { value } | Move::Advance { value, .. } => value == v,
                Move::EnterSum { first, second } => first == v || second == v,
                Move::Pass => false,
            });
            if spent {
                continue;
            }
            for &from in &progresses[..n_progress] {
                if from == 0 && !self.may_leave_start(rules, inc) {
                    continue;
                }
                let (_, must_pair) = self.pairing::<AnyMechanics>(rules, from);
                let dist = if must_pair { v / 2 } else { v };
                let min = min_step(rules, must_pair);
                let Some(to) = reach::<AnyMechanics>(rules.route_end(), from, dist, min) else {
                    continue;
                };
                if dist > 0
                    && self.landing_stop(rules, occupancy, from, to, must_pair)
                        == Some(Stop::Castle)
                {
                    return Some((v, to));
                }
            }
        }
        None
    }

    /// The candidate moves ([`Position::candidate_moves`]) in a list.
    pub(crate) fn candidates(&self, rules: &Rules) -> Vec<Move> {
        let mut out = Vec::new();
        let occupancy = LazyOccupancy::new(self, rules);
        self.candidate_moves::<AnyMechanics>(rules, &occupancy, &mut out);
        out
    }

    pub(super) fn castle_costs_turn(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        candidates: &[Move],
    ) -> bool {
        self.castle_costing_turn(rules, occupancy, candidates)
            .is_some()
    }

    /// Whether a die of `value` may land the pawn at `from` on the opponent's castle at `to`
    /// because another die of the throw carries it on at once (003, PB). Never a bonus, never a
    /// pawn already being carried, and only where a carrying move exists after it.
    #[cold]
    fn may_carry_on<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        value: u8,
        to: u8,
    ) -> bool {
        if self.carrying != 0
            || !self.spends_thrown(rules, value)
            || self.landing_stop(rules, occupancy, from, to, false) != Some(Stop::Castle)
        {
            return false;
        }
        let mut next = *self;
        next.take_increment(rules, value, value, false);
        if next.pool.thrown_count() == 0 {
            return false;
        }
        next.set_piece(rules, None, from, to, 1);
        next.carrying = to;
        let mut carries = AnyMove(false);
        next.push_carries::<M>(rules, &LazyOccupancy::new(&next, rules), &mut carries);
        carries.0
    }

    /// The first progress after `from`, up to `to`, where a blockade stands (003: "no pawns of any
    /// color may capture or overtake this pair of pawns").
    // Always inlined: it is asked of every advance under blockades, and usually answers at once.
    #[inline(always)]
    pub(crate) fn first_blockade(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        to: u16,
    ) -> Option<u8> {
        let occupancy = occupancy.get();
        if occupancy.no_blockades() {
            return None;
        }
        self.first_blockade_on(rules.square_row(self.to_move), occupancy, from, to)
    }

    /// [`Position::first_blockade`] once some blockade stands: the squares from `from` on, one
    /// by one (`squares` is the mover's row of squares by progress).
    fn first_blockade_on(
        &self,
        squares: &[u8; 256],
        occupancy: &Occupancy,
        from: u8,
        to: u16,
    ) -> Option<u8> {
        let to = u8::try_from(to).unwrap_or(u8::MAX);
        (from + 1..=to).find(|&p| {
            let sq = squares[usize::from(p)];
            sq != NO_SQUARE && occupancy.blockade(sq)
        })
    }

    /// Whether the mover may end a move from progress `from` at progress `to`: not on a castle
    /// held by an opponent (unless castles are shared), not a single piece onto an opposing pair
    /// (with pairs), not past the stack limit, and not re-forming a blockade elsewhere.
    #[inline]
    pub(crate) fn may_land(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        to: u8,
        pair: bool,
    ) -> bool {
        self.may_land_from::<AnyMechanics>(rules, occupancy, from, to, pair, false)
    }

    /// [`Position::may_land`]; `held` when the caller knows that one of the mover's pieces stands
    /// at `from` (the move generator, which moves only the mover's own progresses), so that the
    /// blockade rule need not look for one unless a blockade was left during this throw.
    #[inline]
    fn may_land_from<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        to: u8,
        pair: bool,
        held: bool,
    ) -> bool {
        let sq = rules.square_index(self.to_move, to);
        if sq == NO_SQUARE {
            return true;
        }
        let m = &rules.ruleset().moves;
        if !m.blockades && !M::pairs(rules.ruleset()) {
            return self.may_land_alone(rules, to);
        }
        // Off the castles, a pair may land wherever the stack limit and blockades allow.
        if m.stack_limit == 0 && !m.blockades && !rules.is_castle_index(sq) && pair {
            return true;
        }
        self.landing_stop_on::<M>(rules, occupancy.get(), sq, from, to, pair, held)
            .is_none()
    }

    /// Which condition of [`Position::may_land`] stops a move from `from` ending at `to`; `None`
    /// when it may end there.
    pub(crate) fn landing_stop(
        &self,
        rules: &Rules,
        occupancy: &LazyOccupancy,
        from: u8,
        to: u8,
        pair: bool,
    ) -> Option<Stop> {
        if self.may_land(rules, occupancy, from, to, pair) {
            return None;
        }
        // `may_land` lets every move off the board end, so `to` is on it.
        let sq = rules.square_index(self.to_move, to);
        self.landing_stop_on::<AnyMechanics>(rules, occupancy.get(), sq, from, to, pair, false)
    }

    /// [`Position::may_land`] where it depends on who stands on the square (index `sq`): what
    /// stops the move there, if anything.
    /// `held` as for [`Position::may_land_from`].
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn landing_stop_on<M: Mechanics>(
        &self,
        rules: &Rules,
        occupancy: &Occupancy,
        sq: u8,
        from: u8,
        to: u8,
        pair: bool,
        held: bool,
    ) -> Option<Stop> {
        if !occupancy.has_room(sq) {
            return Some(Stop::Full);
        }
        if rules.ruleset().moves.blockades && !self.has_piece_to_move(from, to, held) {
            return Some(Stop::Intact);
        }
        if !occupancy.occupied(sq) {
            return None;
        }
        if rules.is_castle_index(sq) {
            return (rules.ruleset().capture.castles == CastleRule::Closed).then_some(Stop::Castle);
        }
        (!pair && M::pairs(rules.ruleset()) && occupancy.pair(sq)).then_some(Stop::Pair)
    }

    /// The index of a mover's piece at `from` that may move to `to`. Under blockades, two pieces
    /// that left one blockade during this throw may not meet again on another square (003: "A
    /// blockade may not be moved intact"); another piece may re-form it.
    #[inline(always)]
    pub(super) fn piece_to_move(&self, rules: &Rules, from: u8, to: u8) -> Option<usize> {
        let row = self.pieces_of(self.to_move);
        // With no blockade left during this throw (the usual case), any piece may move.
        if !rules.ruleset().moves.blockades || from == 0 || self.left_blockade == [0; MAX_PIECES] {
            return row.iter().position(|&p| p == from);
        }
        self.piece_leaving_blockade(from, to)
    }

    /// Whether [`Position::piece_to_move`] finds a piece, under blockades. Where no blockade was
    /// left during this throw, whether a piece stands at `from`: every piece is looked at, as
    /// which one stands there is anybody's guess and an early exit would be mispredicted.
    /// `held` when the caller knows that a piece stands at `from`.
    #[inline(always)]
    fn has_piece_to_move(&self, from: u8, to: u8, held: bool) -> bool {
        if from == 0 || self.left_blockade == [0; MAX_PIECES] {
            return held
                || self
                    .pieces_of(self.to_move)
                    .iter()
                    .fold(false, |found, &p| found | (p == from));
        }
        self.piece_leaving_blockade(from, to).is_some()
    }

    /// [`Position::piece_to_move`] once a blockade has been left during this throw.
    fn piece_leaving_blockade(&self, from: u8, to: u8) -> Option<usize> {
        let row = self.pieces_of(self.to_move);
        let mut candidates = (0..row.len()).filter(|&i| row[i] == from);
        let together = self.together(from);
        candidates.find(|&i| {
            let left = match self.left_blockade[i] {
                0 if together >= 2 => from,
                left => left,
            };
            left == 0
                || left == to
                || !(0..row.len()).any(|j| j != i && row[j] == to && self.left_blockade[j] == left)
        })
    }
}
