//! The reference's reading of the rules: every field of the ruleset as docs/rules.md documents it
//! (for the documents each comes from, 000 to 004, the Ludo rule book, OpenSpiel's maedn and
//! LUDOpy), taken into the reference's own plain data, and the few lookups on it (squares,
//! castles, streak groups, seat letters, doublets). From the engine it takes only the board, the
//! seat letters and the list of throws.

use super::*;

impl RefRules {
    pub(crate) fn new(rules: &Rules) -> RefRules {
        let r = rules.ruleset();
        let seats = r.players.seats.len();
        let mut team = vec![u8::MAX; seats];
        let mut teams = 0u8;
        for partnership in &r.players.teams {
            for &s in partnership {
                team[usize::from(s)] = teams;
            }
            teams += 1;
        }
        for t in team.iter_mut().filter(|t| **t == u8::MAX) {
            *t = teams;
            teams += 1;
        }
        let route: Vec<Vec<Square>> = (0..seats as u8).map(|s| rules.route(s).to_vec()).collect();
        let castle = route
            .iter()
            .map(|r| r.iter().map(|&sq| rules.topology().is_castle(sq)).collect())
            .collect();
        let r0 = &route[0];
        let nest = r.board.start == StartArea::Nest;
        let (turn_home, lap) = if nest {
            // From the nest a route runs from the entry square round the track to the end square,
            // then up the lane: the end square is the last track square on the route. (Going round
            // again is refused with a nest, so the lap is never needed.)
            let last_track = r0
                .iter()
                .rposition(|&sq| rules.topology().on_track(sq))
                .expect("a route crosses the track");
            (last_track as u8 + 1, 0)
        } else {
            // The lane's squares are passed twice too (going out and coming home); the end square
            // is the repeated square the piece reaches last on its way out.
            let (first, second) = (0..r0.len())
                .flat_map(|i| (i + 1..r0.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| r0[i] == r0[j])
                .max()
                .expect("a route visits its end square twice");
            (second as u8 + 1, (second - first) as u8)
        };
        let throws: Vec<RefThrow> = rules
            .outcomes()
            .iter()
            .map(|o| RefThrow::of(o, r.throw.separate_dice))
            .collect();
        let t = &r.throw;
        let faces = t.faces.clone().unwrap_or_else(|| vec![1, 2, 3, 4, 5, 6]);
        let min_step = if r.moves.split || !t.bonus_step.is_empty() {
            1
        } else if t.separate_dice {
            // Each die is an increment on its own.
            faces.iter().copied().min().expect("a face")
        } else {
            throws.iter().map(|t| t.value).min().expect("some throw")
        };
        let d = &r.doubles;
        RefRules {
            seats,
            pieces: usize::from(r.players.pieces),
            letters: (0..seats as u8).map(|s| rules.seat_letter(s)).collect(),
            team,
            teams,
            castle,
            home: r0.len() as u8 + 1,
            turn_home,
            lap,
            route,
            top_face: throws.iter().map(|t| t.value).max().expect("some throw"),
            throws,
            // A pair's total is a grace where some pair making it is one (Sonal's 4).
            grace: t
                .grace
                .iter()
                .copied()
                .chain(t.grace_pairs.iter().map(|p| pair_total(p)))
                .collect(),
            extra: t.extra_throw.clone(),
            listed_grace: t.grace.clone(),
            grace_pairs: t.grace_pairs.clone(),
            extra_pairs: t.extra_throw_pairs.clone(),
            first_entry: t.first_entry.clone(),
            needs_board: t.needs_piece_on_board.clone(),
            bonus: t.bonus_step.clone(),
            bonus_needs_all: t.bonus_step_needs_all_entered,
            groups: t.streak_groups.clone(),
            opening: r.turn.opening.clone(),
            after_throwing: r.turn.spend == Spend::AfterThrowing,
            streak_rule: r.turn.three_in_a_row,
            capture_throw: r.turn.extra_throw_on_capture,
            home_gate: r.moves.home_gate,
            home_throw: r.turn.extra_throw_on_home,
            free_entry: r.moves.entry == Entry::Free,
            first_free: r.moves.first_piece_free,
            pass: r.moves.pass,
            split: r.moves.split,
            pairs: r.moves.pairs,
            round_again: r.moves.go_round_again,
            exact: r.moves.exact_home,
            before_home: r.capture.before_home,
            invalidation: r.capture.invalidation,
            winner_only: r.finish.placings == Placings::Winner,
            min_step,
            nest,
            separate: t.separate_dice,
            doubles: d.enabled,
            doubles_again: d.throw_again,
            undersides: d.undersides,
            undersides_all_or_nothing: d.undersides_all_or_nothing,
            third: d.third,
            usage: r.moves.usage,
            enter_with_sum: r.moves.enter_with_sum,
            must_enter: r.moves.must_enter,
            grace_only_enters: r.moves.grace_only_enters,
            stack_limit: r.moves.stack_limit,
            blockades: r.moves.blockades,
            stop_behind: r.moves.stop_behind_blockade,
            shared_castles: r.capture.castles == CastleRule::Shared,
            capture_bonus: r.capture.bonus,
            capture_on_entry: r.capture.on_entry,
            overtake: r.capture.overtake,
            finish_bonus: r.finish.bonus,
            parts_next_turn: r.moves.pair_parts == PairParts::NextTurn,
            held_loses_turn: r.moves.held_castle == HeldCastle::LosesTurn,
            carry_on: r.moves.carry_on,
            fourteen: d.fourteen,
            finish_from_fourteen: d.finish_from_fourteen,
            goal_lane: r.finish.goal == Goal::Lane,
            clear_entry: r.moves.clear_entry,
            landing: landing::RefLanding::new(rules),
            start: r.players.start.clone(),
            max_throws: r.turn.max_throws,
            safe_crowds: r.capture.two_or_more == TwoOrMore::Safe,
            back_to: match r.capture.back_to {
                BackTo::Start => 0,
                // The square nearest the Charkoni where pieces begin.
                BackTo::StartSquare => r
                    .players
                    .start
                    .iter()
                    .copied()
                    .filter(|&p| p > 0)
                    .min()
                    .unwrap_or(0),
            },
            partner_throws: r.turn.partner_throws,
            step_enters: t.bonus_step_enters,
        }
    }

    /// The square under a piece of `seat` at `progress`, if it is on the board.
    pub(crate) fn square(&self, seat: usize, progress: u8) -> Option<Square> {
        if progress == 0 || progress >= self.home {
            return None;
        }
        Some(self.route[seat][usize::from(progress) - 1])
    }

    pub(crate) fn is_castle(&self, seat: usize, progress: u8) -> bool {
        progress > 0 && progress < self.home && self.castle[seat][usize::from(progress) - 1]
    }

    /// What counts as "the same throw" for three in a row: the smallest value of its group.
    pub(crate) fn streak_key(&self, value: u8) -> u8 {
        self.groups
            .iter()
            .find(|g| g.contains(&value))
            .and_then(|g| g.iter().copied().min())
            .unwrap_or(value)
    }

    pub(crate) fn seat_of_letter(&self, c: char) -> Option<usize> {
        self.letters.iter().position(|&l| l == c)
    }

    /// Whether the throw is a doublet: two separate dice alike, or one die's top face.
    pub(crate) fn doublet(&self, t: &RefThrow) -> bool {
        self.doubles
            && match &t.dice {
                Some(dice) => dice.len() == 2 && dice[0] == dice[1],
                None => t.value == self.top_face,
            }
    }
}

impl RefThrow {
    /// The reference's reading of one of the engine's outcomes: its name, value and, for
    /// separate dice, the numbers shown (two or three dice; a die the engine does not throw
    /// shows 0). This is the one place that reads the engine's `Outcome`.
    fn of(o: &Outcome, separate: bool) -> RefThrow {
        let dice = separate.then(|| {
            let mut dice: Vec<u8> = o.dice.iter().copied().filter(|&d| d > 0).collect();
            dice.sort_unstable_by(|a, b| b.cmp(a));
            dice
        });
        RefThrow {
            name: o.name.to_string(),
            value: o.value,
            dice,
        }
    }
}

/// The total of a pair written `a-b` (`4-0` is 4).
fn pair_total(pair: &str) -> u8 {
    pair.split('-')
        .map(|n| n.parse::<u8>().expect("a pair of numbers"))
        .sum()
}
