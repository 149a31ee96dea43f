//! Legal move generation and move application.
//!
//! The generator lists each distinct move once: pieces at the same progress and increments of the
//! same value are interchangeable, so only the first of each is offered. [`Move::Pass`] is offered
//! when the rules allow declining, and always when nothing else is legal, so every position in
//! [`Phase::Move`] has at least one legal move.

use crate::moves::Move;
use crate::position::{Increment, Phase, Position};
use crate::ruleset::{CastleRule, Entry, Rules, Usage, MAX_PIECES, MAX_SEATS};
use crate::PlayError;

/// Squares on the largest board (6 arms x 3 columns x 12 rows).
const MAX_SQUARES: usize = 6 * 3 * 12;

/// Who stands where, seen from the seat to move: for each square, packed in one `u16` so that the
/// table stays small on the hot path, the number of opposing pieces (bits 0-7), whether one
/// opposing seat has two or more there (bit 8: a pair), and the mover's own pieces (bits 9-15,
/// counted only where stack limits or blockades need them).
struct Occupancy {
    cells: [u16; MAX_SQUARES],
}

const PAIR: u16 = 1 << 8;
const OWN_SHIFT: u16 = 9;

impl Occupancy {
    fn of(pos: &Position, rules: &Rules, seat: u8) -> Occupancy {
        let mut o = Occupancy {
            cells: [0; MAX_SQUARES],
        };
        let mut mine = [0u8; MAX_SQUARES];
        let team = rules.team_of(seat);
        let m = &rules.ruleset().moves;
        if m.stack_limit > 0 || m.blockades {
            for &p in pos.pieces_of(seat) {
                if let Some(sq) = rules.square_at(seat, p) {
                    o.cells[usize::from(sq.0)] += 1 << OWN_SHIFT;
                }
            }
        }
        for t in (0..pos.seats).filter(|&t| rules.team_of(t) != team) {
            let squares = pos
                .pieces_of(t)
                .iter()
                .filter_map(|&p| rules.square_at(t, p));
            for sq in squares.clone() {
                let i = usize::from(sq.0);
                mine[i] += 1;
                o.cells[i] += 1;
                if mine[i] >= 2 {
                    o.cells[i] |= PAIR;
                }
            }
            for sq in squares {
                mine[usize::from(sq.0)] = 0;
            }
        }
        o
    }

    /// Opposing pieces on the square.
    fn count(&self, sq: usize) -> u8 {
        (self.cells[sq] & 0xff) as u8
    }

    /// Whether one opposing seat has two or more pieces on the square.
    fn pair(&self, sq: usize) -> bool {
        self.cells[sq] & PAIR != 0
    }

    /// The mover's own pieces on the square (where counted).
    fn own(&self, sq: usize) -> u8 {
        (self.cells[sq] >> OWN_SHIFT) as u8
    }

    /// Whether an opposing seat, or the mover itself, holds a blockade (two pieces) on the
    /// square. A partner's pair is not one; partnerships and blockades never meet in the built-in
    /// rulesets.
    fn blockade(&self, sq: usize) -> bool {
        self.pair(sq) || self.own(sq) >= 2
    }
}

impl Position {
    /// The legal moves, written into `out` (cleared first). Empty unless the phase is
    /// [`Phase::Move`]. Reusing `out` keeps generation free of allocation for every ruleset
    /// whose throws need not be used in full.
    pub fn legal_moves_into(&self, rules: &Rules, out: &mut Vec<Move>) {
        out.clear();
        if self.phase != Phase::Move {
            return;
        }
        self.candidate_moves(rules, out);
        if rules.ruleset().moves.usage != Usage::Free {
            self.keep_fullest_use(rules, out);
        }
        // A bonus is taken or forfeited (003), so passing is allowed once no legal move spends a
        // thrown increment. Without bonuses in the pool every move spends one.
        let may_pass = rules.ruleset().moves.pass
            || out.is_empty()
            || (self.pool.items().iter().any(|i| i.bonus)
                && !out.iter().any(|&mv| self.thrown_used(mv) > 0));
        if may_pass {
            out.push(Move::Pass);
        }
    }

    /// Every move the rules allow one increment at a time, before the demand to use as many
    /// increments as possible is applied; [`Move::Pass`] is not included.
    fn candidate_moves(&self, rules: &Rules, out: &mut Vec<Move>) {
        let seat = self.to_move;
        let m = &rules.ruleset().moves;
        let occupancy = Occupancy::of(self, rules, seat);
        let mut distinct = [0u8; crate::position::MAX_POOL];
        let mut progresses = [0u8; MAX_PIECES];
        let n_progress = self.distinct_progress(rules, &mut progresses);
        let waiting = self.pieces_of(seat).contains(&0);
        // Whether the entry square takes a piece, worked out once and only when a throw could
        // bring one in.
        let mut entry_open = None;
        let mut may_enter = || *entry_open.get_or_insert_with(|| self.may_enter(rules, &occupancy));
        let mut n_values = 0;
        for inc in self.pool.items() {
            if waiting && self.can_enter_with(rules, inc.value, inc.plain) && may_enter() {
                let mv = Move::Enter { value: inc.value };
                if !out.contains(&mv) {
                    out.push(mv);
                }
            }
            if distinct[..n_values].contains(&inc.value) {
                continue;
            }
            distinct[n_values] = inc.value;
            n_values += 1;
            let v = inc.value;
            let flags = rules.flags(v);
            // 003 (SR v1975, TR): while a pawn waits, a five enters or is forfeited.
            if m.grace_only_enters && waiting && flags.grace && !inc.plain {
                continue;
            }
            for &from in &progresses[..n_progress] {
                if from == 0 && !self.leaves_freely(rules) {
                    continue;
                }
                // A grace brings a new piece onto the first square, never straight to the square
                // its value would reach (004), even for a first piece that may leave freely; and
                // a 7 or 14 "can not introduce your new pawn" at all (004).
                let enters_otherwise = (flags.grace && !inc.plain) || flags.needs_piece_on_board;
                if from == 0 && m.entry == Entry::Grace && enters_otherwise {
                    continue;
                }
                let together = self.pieces_of(seat).iter().filter(|&&p| p == from).count();
                let may_pair = m.pairs && from != 0 && together >= 2;
                let must_pair = may_pair && !rules.castle_at(seat, from);
                let first_steps = if m.split { 1 } else { v };
                for steps in first_steps..=v {
                    if !must_pair {
                        self.push_advances(rules, &occupancy, from, v, steps, false, out);
                    }
                    if may_pair && steps / 2 > 0 {
                        self.push_advances(rules, &occupancy, from, v, steps, true, out);
                    }
                }
            }
        }
        if m.enter_with_sum && waiting && may_enter() {
            self.push_sum_entries(rules, out);
        }
        // 003 (SR v1942 and v1989, TR): a pawn must be entered whenever one can be.
        if m.must_enter && out.iter().any(Move::is_entry) {
            out.retain(Move::is_entry);
        }
    }

    /// Entries that spend two separate dice whose sum is a grace (003: "3 and 2").
    fn push_sum_entries(&self, rules: &Rules, out: &mut Vec<Move>) {
        let items = self.pool.items();
        let thrown = |x: &&Increment| !x.plain && !x.bonus;
        for (i, a) in items.iter().enumerate().filter(|(_, a)| thrown(a)) {
            for b in items[i + 1..].iter().filter(thrown) {
                let sum = u16::from(a.value) + u16::from(b.value);
                if !u8::try_from(sum).is_ok_and(|s| rules.flags(s).grace) {
                    continue;
                }
                let mv = Move::EnterSum {
                    first: a.value.max(b.value),
                    second: a.value.min(b.value),
                };
                if !out.contains(&mv) {
                    out.push(mv);
                }
            }
        }
    }

    /// Keeps the moves that begin a sequence using as many thrown increments as any sequence can
    /// (003: "A player must use up as many increments as possible", the player choosing which).
    /// Bonuses are optional: they count for nothing, but a bonus move may not spoil the dice.
    fn keep_fullest_use(&self, rules: &Rules, out: &mut Vec<Move>) {
        // A lone move needs no comparison: it stays legal, and a pass is added after if it spends
        // no die.
        if out.len() <= 1 {
            return;
        }
        // One pass, in place (no allocation on the hot path): `out[..kept]` holds the moves seen
        // so far that reach `best`, in their order; a better move starts the list again.
        let mut best = 0;
        let mut kept = 0;
        for i in 0..out.len() {
            let mv = out[i];
            let score = self.use_after(rules, mv);
            if score > best {
                best = score;
                kept = 0;
            }
            if score == best {
                out[kept] = mv;
                kept += 1;
            }
        }
        out.truncate(kept);
    }

    /// The most thrown increments (bonuses not counted) that some sequence of moves from here
    /// can use before the pool is spent.
    pub(crate) fn max_use(&self, rules: &Rules) -> u8 {
        let available = self.pool.thrown_count();
        if self.phase != Phase::Move || available == 0 {
            return 0;
        }
        let mut moves = Vec::new();
        self.candidate_moves(rules, &mut moves);
        let mut best = 0;
        for mv in moves {
            best = best.max(self.use_after(rules, mv));
            if best >= available {
                break;
            }
        }
        best
    }

    /// The thrown increments `mv` spends, plus the most that can be used after it.
    fn use_after(&self, rules: &Rules, mv: Move) -> u8 {
        let mut next = *self;
        next.play_unchecked(rules, mv);
        self.thrown_used(mv) + next.max_use(rules)
    }

    /// How many thrown (non-bonus) increments a move spends.
    fn thrown_used(&self, mv: Move) -> u8 {
        match mv {
            Move::Pass => 0,
            Move::EnterSum { .. } => 2,
            Move::Enter { .. } => 1,
            Move::Advance { value, .. } => u8::from(self.spends_thrown(value)),
        }
    }

    /// Whether spending an increment of `value` spends a thrown one rather than a bonus:
    /// `take_increment` takes a thrown increment before a bonus of the same value.
    fn spends_thrown(&self, value: u8) -> bool {
        self.pool
            .items()
            .iter()
            .any(|i| i.value == value && !i.bonus)
    }

    /// The legal moves.
    pub fn legal_moves(&self, rules: &Rules) -> Vec<Move> {
        let mut out = Vec::new();
        self.legal_moves_into(rules, &mut out);
        out
    }

    /// Whether a move is legal here.
    pub fn is_legal(&self, rules: &Rules, mv: Move) -> bool {
        self.legal_moves(rules).contains(&mv)
    }

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// When the position is not waiting for a move or the move is not legal; the position is
    /// unchanged.
    pub fn play(&mut self, rules: &Rules, mv: Move) -> Result<(), PlayError> {
        if self.phase != Phase::Move {
            return Err(PlayError::NotMoving);
        }
        if !self.is_legal(rules, mv) {
            return Err(PlayError::Illegal(mv));
        }
        self.play_unchecked(rules, mv);
        Ok(())
    }

    /// Plays a move taken from [`Position::legal_moves`] without checking it again. An illegal
    /// move leaves the position consistent (pieces are neither created nor lost) but not
    /// necessarily one the rules allow.
    pub fn play_unchecked(&mut self, rules: &Rules, mv: Move) {
        match mv {
            Move::Pass => {
                self.pool.clear();
            }
            Move::Enter { value } => {
                self.take_increment(rules, value, value, true);
                self.enter_piece(rules);
            }
            Move::EnterSum { first, second } => {
                self.take_increment(rules, first, first, true);
                self.take_increment(rules, second, second, true);
                self.enter_piece(rules);
            }
            Move::Advance {
                from,
                value,
                steps,
                pair,
                ..
            } => {
                self.take_increment(rules, value, steps, false);
                let to = mv.destination(rules).unwrap_or(from);
                // Only blockades make it matter which of the pieces at `from` moves.
                let piece = if rules.ruleset().moves.blockades {
                    self.piece_to_move(rules, from, to)
                } else {
                    None
                };
                if rules.ruleset().capture.overtake {
                    self.capture_overtaken(rules, from, to);
                }
                let moved = self.set_piece(rules, piece, from, to, if pair { 2 } else { 1 });
                if let Some(piece) = moved {
                    self.capture_at(rules, piece, to, false);
                }
                if to == rules.home() {
                    self.reach_home(rules);
                }
            }
        }
        if self.phase == Phase::Over {
            return;
        }
        if self.seat_finished(rules, self.to_move) {
            self.pool.clear();
        }
        if self.pool.is_empty() {
            self.end_spending(rules);
        }
    }

    /// Brings a waiting piece onto the first square of its route, capturing there where the rules
    /// let an entering piece capture.
    fn enter_piece(&mut self, rules: &Rules) {
        if let Some(piece) = self.set_piece(rules, None, 0, 1, 1) {
            self.capture_at(rules, piece, 1, rules.ruleset().capture.on_entry);
        }
    }

    /// A piece has just reached home: places, the finish bonus and the extra throw it may earn.
    fn reach_home(&mut self, rules: &Rules) {
        self.update_placings(rules);
        if self.phase == Phase::Over || self.seat_finished(rules, self.to_move) {
            return;
        }
        let bonus = rules.ruleset().finish.bonus;
        if bonus > 0 {
            self.pool.push(Increment::bonus(bonus));
        }
        if rules.ruleset().turn.extra_throw_on_home {
            self.throw_again = true;
        }
    }

    /// Distinct progresses of the mover's pieces that are not home, in increasing order.
    fn distinct_progress(&self, rules: &Rules, out: &mut [u8]) -> usize {
        let mut n = 0;
        for &p in self.pieces_of(self.to_move) {
            if p != rules.home() && !out[..n].contains(&p) {
                out[n] = p;
                n += 1;
            }
        }
        out[..n].sort_unstable();
        n
    }

    fn leaves_freely(&self, rules: &Rules) -> bool {
        let m = &rules.ruleset().moves;
        m.entry == Entry::Free || (m.first_piece_free && self.entered & (1 << self.to_move) == 0)
    }

    fn can_enter_with(&self, rules: &Rules, value: u8, plain: bool) -> bool {
        let flags = rules.flags(value);
        let seat = self.to_move;
        let first = self.entered & (1 << seat) == 0;
        rules.ruleset().moves.entry == Entry::Grace
            && !plain
            && flags.grace
            && (!first || rules.ruleset().throw.first_entry.is_empty() || flags.first_entry)
    }

    /// Whether the entry square (progress 1) takes a waiting piece now: no blockade there, room
    /// under the stack limit, and no opponent on a closed castle unless an entering piece captures
    /// a lone one there.
    fn may_enter(&self, rules: &Rules, occupancy: &Occupancy) -> bool {
        let Some(sq) = rules.square_at(self.to_move, 1) else {
            return false;
        };
        let i = usize::from(sq.0);
        if rules.ruleset().moves.blockades && occupancy.blockade(i) {
            return false;
        }
        if rules.ruleset().capture.on_entry && occupancy.count(i) > 0 && !occupancy.pair(i) {
            return self.fits_stack(rules, occupancy, i);
        }
        self.may_land(rules, occupancy, 0, 1, false)
    }

    fn fits_stack(&self, rules: &Rules, occupancy: &Occupancy, sq: usize) -> bool {
        let limit = rules.ruleset().moves.stack_limit;
        limit == 0 || occupancy.own(sq) < limit
    }

    #[allow(clippy::too_many_arguments)]
    fn push_advances(
        &self,
        rules: &Rules,
        occupancy: &Occupancy,
        from: u8,
        value: u8,
        steps: u8,
        pair: bool,
        out: &mut Vec<Move>,
    ) {
        let m = &rules.ruleset().moves;
        let dist = if pair { steps / 2 } else { steps };
        let raw = u16::from(from) + u16::from(dist);
        let home = u16::from(rules.home());
        let reaches_home = raw == home || (raw > home && !m.exact_home);
        let turn_home = u16::from(rules.turn_home());
        let turns_up_lane = u16::from(from) <= turn_home && raw > turn_home;
        // 000 rule 3: a seat that has not captured may not take a piece home. Stopping its pieces
        // at the lane's foot or in the lane, where no capture is possible any more, could trap the
        // seat for ever (003's principle), so they go round again instead of turning up the lane.
        let uncredited =
            rules.ruleset().capture.before_home && self.credits[usize::from(self.to_move)] == 0;
        let must_go_round = uncredited && turns_up_lane;
        // Under exact entry, a piece left nearer the Charkoni than the smallest throw could never
        // get home: that reading would trap the player (document 003's principle), so such a stop
        // is not allowed.
        // A pair moves half a throw, so its smallest move is half the smallest step.
        let min_step = if pair {
            (rules.min_step() / 2).max(1)
        } else {
            rules.min_step()
        };
        let trapped = m.exact_home && raw < home && home - raw < u16::from(min_step);
        let to = if reaches_home {
            Some(rules.home())
        } else {
            u8::try_from(raw).ok().filter(|_| raw < home && !trapped)
        };
        let mut offer = |to: u8, steps: u8, round_again: bool| {
            if self.may_land(rules, occupancy, from, to, pair) {
                out.push(Move::Advance {
                    from,
                    value,
                    steps,
                    pair,
                    round_again,
                });
            }
        };
        if m.blockades {
            if let Some(stop) = self.first_blockade(rules, occupancy, from, raw.min(home)) {
                // 003 (TR): "A die interval that would take pawn beyond a blockade may land the
                // pawn on the space immediately behind a blockade with the rest of the interval
                // ignored." Only a die: a bonus is "taken in its entirety by one pawn, or
                // forfeited". Elsewhere the move is simply not allowed.
                if m.stop_behind_blockade && stop > from + 1 && self.spends_thrown(value) {
                    offer(stop - 1, stop - 1 - from, false);
                }
                return;
            }
        }
        if let Some(to) = to.filter(|_| !must_go_round) {
            offer(to, steps, false);
        }
        if (m.go_round_again || must_go_round) && turns_up_lane {
            let again = raw - u16::from(rules.topology().track_len());
            // The extra lap ends on the end square at the latest: a move longer than a whole lap
            // (a big throw on a small board) would carry the piece past it again, off its route.
            if let Some(to) = u8::try_from(again).ok().filter(|_| again <= turn_home) {
                offer(to, steps, true);
            }
        }
    }

    /// The first progress after `from`, up to `to`, where a blockade stands (003: "no pawns of any
    /// color may capture or overtake this pair of pawns").
    fn first_blockade(
        &self,
        rules: &Rules,
        occupancy: &Occupancy,
        from: u8,
        to: u16,
    ) -> Option<u8> {
        let seat = self.to_move;
        let to = u8::try_from(to).unwrap_or(u8::MAX);
        (from + 1..=to).find(|&p| {
            rules
                .square_at(seat, p)
                .is_some_and(|sq| occupancy.blockade(usize::from(sq.0)))
        })
    }

    /// Whether the mover may end a move from progress `from` at progress `to`: not on a castle
    /// held by an opponent (unless castles are shared), not a single piece onto an opposing pair
    /// (with pairs), not past the stack limit, and not re-forming a blockade elsewhere.
    fn may_land(&self, rules: &Rules, occupancy: &Occupancy, from: u8, to: u8, pair: bool) -> bool {
        let Some(sq) = rules.square_at(self.to_move, to) else {
            return true;
        };
        let i = usize::from(sq.0);
        if !self.fits_stack(rules, occupancy, i) {
            return false;
        }
        if rules.ruleset().moves.blockades && self.piece_to_move(rules, from, to).is_none() {
            return false;
        }
        if occupancy.count(i) == 0 {
            return true;
        }
        if rules.castle_at(self.to_move, to) {
            return rules.ruleset().capture.castles == CastleRule::Shared;
        }
        pair || !rules.ruleset().moves.pairs || !occupancy.pair(i)
    }

    /// The index of a mover's piece at `from` that may move to `to`. Under blockades, two pieces
    /// that left one blockade during this throw may not meet again on another square (003: "A
    /// blockade may not be moved intact"); another piece may re-form it.
    fn piece_to_move(&self, rules: &Rules, from: u8, to: u8) -> Option<usize> {
        let row = self.pieces_of(self.to_move);
        let mut candidates = (0..row.len()).filter(|&i| row[i] == from);
        if !rules.ruleset().moves.blockades || from == 0 {
            return candidates.next();
        }
        let together = row.iter().filter(|&&p| p == from).count();
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

    /// Spends `steps` of an increment of `value` (for a grace when `grace`). What a split leaves
    /// stays in the pool; a move stopped short by a blockade forfeits the rest (003, TR).
    fn take_increment(&mut self, rules: &Rules, value: u8, steps: u8, grace: bool) {
        let items = self.pool.items();
        // Keep graces for entering: prefer spending a plain increment when moving; and spend a
        // thrown increment before a bonus of the same value (the board ends the same either way,
        // and the bonus, which may be forfeited, stays).
        let index = items
            .iter()
            .position(|i| i.value == value && i.plain != grace && !i.bonus)
            .or_else(|| items.iter().position(|i| i.value == value && !i.bonus))
            .or_else(|| items.iter().position(|i| i.value == value));
        let Some(index) = index else { return };
        if steps < value && rules.ruleset().moves.split {
            self.pool.set_value(index, value - steps);
            self.pool.mark_plain(index);
        } else {
            self.pool.remove(index);
        }
    }

    /// Moves up to `count` of the mover's pieces from `from` to `to`, starting with `piece` when
    /// given; returns the first moved.
    fn set_piece(
        &mut self,
        rules: &Rules,
        piece: Option<usize>,
        from: u8,
        to: u8,
        count: usize,
    ) -> Option<u8> {
        let seat = self.to_move;
        let pieces = usize::from(self.pieces);
        if rules.ruleset().moves.blockades && from != 0 {
            self.remember_blockade(from);
        }
        let mut first = None;
        let mut moved = 0;
        let start = piece.unwrap_or(0);
        for i in (start..pieces).chain(0..start) {
            if moved == count {
                break;
            }
            if self.progress[usize::from(seat)][i] != from {
                continue;
            }
            self.progress[usize::from(seat)][i] = to;
            first.get_or_insert(i as u8);
            moved += 1;
            // A capture can only be struck out where it was made.
            self.open_capture[usize::from(seat)][i] = 0;
        }
        if from == 0 && first.is_some() {
            self.entered |= 1 << seat;
        }
        first
    }

    /// Before a piece leaves `from`: if two of the mover's pieces stand there, both remember the
    /// blockade they formed (see piece_to_move).
    fn remember_blockade(&mut self, from: u8) {
        let seat = usize::from(self.to_move);
        let pieces = usize::from(self.pieces);
        let together = self.progress[seat][..pieces]
            .iter()
            .filter(|&&p| p == from)
            .count();
        if together >= 2 {
            for i in 0..pieces {
                let slot = &mut self.left_blockade[i];
                if self.progress[seat][i] == from && *slot == 0 {
                    *slot = from;
                }
            }
        }
    }

    /// 003's "(nr)" MB reading: a piece passing a lone opponent off the castles captures it.
    fn capture_overtaken(&mut self, rules: &Rules, from: u8, to: u8) {
        let seat = self.to_move;
        // Each square passed is a different square, so one table taken before serves them all.
        let occupancy = Occupancy::of(self, rules, seat);
        let last = to.min(rules.home()).saturating_sub(1);
        for p in from.saturating_add(1)..=last {
            let lone = rules
                .square_at(seat, p)
                .is_some_and(|sq| occupancy.count(usize::from(sq.0)) == 1);
            if lone {
                // The capture earns what any capture earns; a piece that only passed by leaves no
                // capture open to strike out.
                self.capture_square(rules, p, false);
            }
        }
    }

    /// Sends every opposing piece on the square at `to` back to the start and settles what the
    /// capture earns. Castles protect, except where `on_castle_too` (an entering piece's capture).
    fn capture_at(&mut self, rules: &Rules, piece: u8, to: u8, on_castle_too: bool) {
        let Some(victims) = self.capture_square(rules, to, on_castle_too) else {
            return;
        };
        if rules.ruleset().capture.invalidation {
            self.open_capture[usize::from(self.to_move)][usize::from(piece)] = victims + 1;
        }
    }

    /// Captures every opposing piece on the mover's square at progress `to`; returns the victims'
    /// team when there were any.
    fn capture_square(&mut self, rules: &Rules, to: u8, on_castle_too: bool) -> Option<u8> {
        let seat = self.to_move;
        let sq = rules.square_at(seat, to)?;
        if rules.castle_at(seat, to) && !on_castle_too {
            return None;
        }
        let team = rules.team_of(seat);
        let mut victims = None;
        for t in 0..self.seats {
            if rules.team_of(t) == team {
                continue;
            }
            for i in 0..self.pieces {
                let p = self.progress[usize::from(t)][usize::from(i)];
                if rules.square_at(t, p) != Some(sq) {
                    continue;
                }
                self.progress[usize::from(t)][usize::from(i)] = 0;
                victims = Some(rules.team_of(t));
                self.strike_out_capture(rules, t, i);
            }
        }
        let victims = victims?;
        let c = &rules.ruleset().capture;
        if c.before_home {
            let credit = &mut self.credits[usize::from(seat)];
            *credit = credit.saturating_add(1);
        }
        if c.bonus > 0 {
            self.pool.push(Increment::bonus(c.bonus));
        }
        if rules.ruleset().turn.extra_throw_on_capture {
            self.throw_again = true;
        }
        Some(victims)
    }

    /// A piece of `owner` that had just captured was itself captured where it stood, by the side
    /// it had captured from: the owner's capture no longer counts (000 rule 5, 004).
    fn strike_out_capture(&mut self, rules: &Rules, owner: u8, piece: u8) {
        let slot = &mut self.open_capture[usize::from(owner)][usize::from(piece)];
        let avenged = *slot == rules.team_of(self.to_move) + 1;
        *slot = 0;
        if avenged {
            let credit = &mut self.credits[usize::from(owner)];
            *credit = credit.saturating_sub(1);
        }
    }
}

const _: () = assert!(MAX_SEATS <= 8, "seat masks are u8");

#[cfg(test)]
mod tests {
    use super::*;

    fn round_again(from: u8, value: u8) -> Move {
        Move::Advance {
            from,
            value,
            steps: value,
            pair: false,
            round_again: true,
        }
    }

    /// On a board whose lap is shorter than a throw, going round again ends on the end square at
    /// the latest: no move may leave a piece beyond home.
    #[test]
    fn going_round_again_never_runs_off_the_route() {
        let overrides = [
            "board.arms=2",
            "board.arm_length=2",
            "board.outer_castle_row=1",
            "players.seats=[0,1]",
            "players.colours=[\"yellow\",\"green\"]",
            "players.teams=[]",
        ]
        .map(String::from);
        let rules = crate::builtin_rules("humphries-1904", &overrides).expect("valid overrides");
        // A lap of 10 squares: the end square at progress 2 and 12, home at 14.
        assert_eq!((rules.turn_home(), rules.home()), (12, 14));
        let pos = Position::from_notation(&rules, "12,0,0,0/0,0,0,0 Ym 5 entered=Y")
            .expect("valid position");
        assert!(pos.is_legal(&rules, round_again(12, 5)));
        // 12 + 25 - 10 = 27 and 0 + 25 - 10 = 15 would both be beyond home.
        let pos = Position::from_notation(&rules, "12,0,0,0/0,0,0,0 Ym 25 entered=Y")
            .expect("valid position");
        let moves = pos.legal_moves(&rules);
        assert!(!moves.contains(&round_again(12, 25)));
        assert!(!moves.contains(&round_again(0, 25)));
        for mv in moves {
            let mut next = pos;
            next.play(&rules, mv).expect("a legal move");
            assert!(
                next.pieces_of(0).iter().all(|&p| p <= rules.home()),
                "{mv} leads to {}",
                next.to_notation(&rules)
            );
        }
    }
}
