//! Which opposing pieces could capture a piece with their next throw, found by the move
//! generator itself: each opposing seat is given every throw of the rules in turn, its legal
//! moves are played (two in a row where a throw is spent in parts, as two separate dice are),
//! and a piece that comes back to its start is captured. Whatever the rules say about castles,
//! pairs, blockades or captures on entry, the answer is the engine's.

use crate::{Move, Phase, Position, Rules, Throw};

/// Moves of one throw played in a row to look for a capture: one, and a second where the first
/// leaves part of the throw (the other die of two separate dice) to spend.
const DEPTH: usize = 2;

/// An opposing piece that can capture a given piece with one throw.
#[derive(Clone, Debug, PartialEq)]
pub struct Threat {
    /// The seat the threatening piece belongs to.
    pub seat: u8,
    /// The threatening piece, by its index among its seat's pieces (stable through a game: a
    /// position never reorders a seat's pieces).
    pub piece: usize,
    /// Where it stands now: its progress on its own route (0: waiting to come in, capturing as
    /// it enters).
    pub progress: u8,
    /// How many squares it moves to reach the threatened piece.
    pub squares: u8,
    /// The throws with which it can capture, in the order of [`Rules::outcomes`].
    pub throws: Vec<Throw>,
    /// The chance of one of those throws.
    pub chance: f64,
}

/// The opposing pieces that could capture the piece `piece` of `seat` with their seat's next
/// throw, each with the throws that let it and their chance; the nearest first. Empty for a
/// piece waiting, home or in its goal, and once the game is over.
///
/// Every seat of another team is asked as if its turn began now: the turn in progress (its pool,
/// a throw again due) is set aside, as it is the next throw of each opponent that is weighed.
pub fn threats(rules: &Rules, pos: &Position, seat: u8, piece: usize) -> Vec<Threat> {
    let Some(&target) = pos.pieces_of(seat).get(piece) else {
        return Vec::new();
    };
    if pos.phase() == Phase::Over || target == 0 || target == rules.home() || rules.in_goal(target)
    {
        return Vec::new();
    }
    let Some(square) = rules.square_at(seat, target) else {
        return Vec::new();
    };
    let mut found: Vec<Threat> = Vec::new();
    for other in (0..rules.seats()).filter(|&s| rules.team_of(s) != rules.team_of(seat)) {
        let start = turn_of(rules, pos, other);
        for (i, outcome) in rules.outcomes().iter().enumerate() {
            let throw = Throw(i as u8);
            let mut thrown = start;
            if thrown.apply_throw(rules, throw).is_err() {
                continue;
            }
            let mut captors = Vec::new();
            search(rules, &thrown, (seat, piece), DEPTH, &mut captors);
            captors.sort_unstable();
            captors.dedup();
            for captor in captors {
                let from = start.pieces_of(other)[captor];
                match found
                    .iter_mut()
                    .find(|t| t.seat == other && t.piece == captor)
                {
                    Some(threat) => {
                        threat.throws.push(throw);
                        threat.chance += outcome.probability;
                    }
                    None => found.push(Threat {
                        seat: other,
                        piece: captor,
                        progress: from,
                        squares: distance(rules, other, from, square),
                        throws: vec![throw],
                        chance: outcome.probability,
                    }),
                }
            }
        }
    }
    found.sort_by_key(|t| (t.squares, t.seat, t.piece));
    found
}

/// `pos` with `seat` about to throw, the turn in progress set aside.
fn turn_of(rules: &Rules, pos: &Position, seat: u8) -> Position {
    let mut turn = *pos;
    turn.to_move = seat % rules.seats().max(1);
    turn.phase = Phase::Throw;
    turn.pool.clear();
    turn.throw_again = false;
    turn.streak = (0, 0);
    turn.left_blockade = [0; crate::ruleset::MAX_PIECES];
    turn.arrived = 0;
    turn.carrying = 0;
    turn.tries = 0;
    turn.turn_throws = 0;
    turn.thrower = turn.to_move;
    turn
}

/// Plays the mover's legal moves in `pos`, and up to `depth - 1` more of the same throw after
/// each, noting in `captors` the mover's pieces whose move sent `target` (a seat and its
/// piece) back to its start.
fn search(
    rules: &Rules,
    pos: &Position,
    target: (u8, usize),
    depth: usize,
    captors: &mut Vec<usize>,
) {
    if depth == 0 || pos.phase() != Phase::Move {
        return;
    }
    let mover = pos.to_move();
    for mv in pos.legal_moves(rules) {
        if mv == Move::Pass {
            continue;
        }
        let mut after = *pos;
        after.play_unchecked(rules, mv);
        if after.pieces_of(target.0)[target.1] == 0 {
            captors.extend(super::moved_pieces_between(pos, &after, mover));
        } else if after.phase() == Phase::Move && after.to_move() == mover {
            search(rules, &after, target, depth - 1, captors);
        }
    }
}

/// The squares a piece of `seat` at `from` moves along its route to reach `square` (to its
/// first square on coming in, for a waiting piece).
fn distance(rules: &Rules, seat: u8, from: u8, square: crate::Square) -> u8 {
    (from.saturating_add(1)..=rules.home())
        .find(|&p| rules.square_at(seat, p) == Some(square))
        .map_or(0, |p| p - from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    /// The guided tour's "running to a castle": Green's piece 2 squares behind Yellow's back
    /// piece captures it with a 2, one throw in 64 of 15; the castle ahead would keep it safe.
    #[test]
    fn a_piece_two_squares_ahead_of_an_opponent_is_threatened_by_a_two() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let pos =
            Position::from_notation(&rules, "17,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG")
                .expect("position");
        let found = threats(&rules, &pos, 0, 0);
        assert_eq!(found.len(), 1, "{found:?}");
        let threat = &found[0];
        assert_eq!((threat.seat, threat.piece, threat.progress), (1, 0, 66));
        assert_eq!(threat.squares, 2);
        let two = rules.throw_by_value(2).expect("a 2");
        assert_eq!(threat.throws, vec![two]);
        assert_eq!(threat.chance, 15.0 / 64.0);
        // On the castle 4 squares ahead nothing can touch it.
        let safe =
            Position::from_notation(&rules, "21,40,0,0/66,0,0,0/0,0,0,0/0,0,0,0 Yt - entered=YG")
                .expect("position");
        assert!(rules.castle_at(0, 21));
        assert!(threats(&rules, &safe, 0, 0).is_empty());
    }

    /// Partners never threaten each other, and waiting or finished pieces are not threatened.
    #[test]
    fn partners_waiting_pieces_and_pieces_home_are_not_threatened() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        // Black (Yellow's partner) stands 2 squares behind Yellow's piece.
        let black = (1..rules.home())
            .find(|&p| rules.square_at(2, p) == rules.square_at(0, 30))
            .expect("Black passes the square");
        let text = format!(
            "30,0,h,0/0,0,0,0/{},0,0,0/0,0,0,0 Yt - entered=YB",
            black - 2
        );
        let pos = Position::from_notation(&rules, &text).expect("position");
        assert!(threats(&rules, &pos, 0, 0).is_empty());
        assert!(threats(&rules, &pos, 0, 1).is_empty());
        assert!(threats(&rules, &pos, 0, 2).is_empty());
        assert!(threats(&rules, &pos, 0, 9).is_empty());
    }

    /// Two separate dice: a piece 8 squares ahead is reached by a 5 and a 3 played one after the
    /// other, as well as by any single die of 8 (none), and the chances of the throws add up.
    #[test]
    fn two_dice_threaten_by_either_die_and_by_both_in_a_row() {
        let rules = builtin_rules("parcheesi-sr", &[]).expect("builtin");
        // A square of Red's route that Blue reaches 8 squares after another, neither a safety
        // space.
        let plain = |seat: u8, p: u8| {
            rules
                .square_at(seat, p)
                .is_some_and(|sq| rules.topology().on_track(sq) && !rules.topology().is_castle(sq))
        };
        let (target, blue) = (10..50u8)
            .filter(|&t| plain(0, t))
            .find_map(|t| {
                let sq = rules.square_at(0, t)?;
                let b = (9..rules.home()).find(|&p| rules.square_at(1, p) == Some(sq))?;
                (plain(1, b - 8) && plain(1, b - 3) && plain(1, b - 5)).then_some((t, b))
            })
            .expect("such a square");
        let behind = blue - 8;
        // Blue's other pawns are home, so that no 5 must bring one in (003: a waiting pawn
        // must enter whenever one can).
        let text = format!("{target},h,h,h/{behind},h,h,h/0,0,0,0/0,0,0,0 Rt - entered=RB");
        let pos = Position::from_notation(&rules, &text).expect("position");
        let found = threats(&rules, &pos, 0, 0);
        let threat = found.iter().find(|t| t.seat == 1).expect("a threat");
        assert_eq!(threat.squares, 8);
        let names: Vec<String> = threat
            .throws
            .iter()
            .map(|&t| rules.outcome(t).name.to_string())
            .collect();
        assert!(names.contains(&"5-3".to_string()), "{names:?}");
        assert!(names.contains(&"6-2".to_string()), "{names:?}");
        let sum: f64 = threat
            .throws
            .iter()
            .map(|&t| rules.outcome(t).probability)
            .sum();
        assert!((threat.chance - sum).abs() < 1e-12);
    }
}
