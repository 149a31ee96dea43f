//! Words for what the engine reports, shared by every front end: the places on a seat's route and
//! what a move does (`move a piece 3 squares from 0m1 to 0m4 with the 3, capturing 1`), with the
//! serde shapes the command line and other front ends print as JSON; and the facts front ends
//! put into their own words: which pieces a move moves and sends back ([`moved_pieces`],
//! [`captured_pieces`]), and which opposing pieces threaten a piece (threats.rs, [`threats`]).

use crate::{Move, Position, Rules, Throw};
use serde::Serialize;

mod threats;

pub use threats::{threats, Threat};

/// A square on a seat's route.
#[derive(Serialize)]
pub struct RouteStep {
    /// Progress along the route (1 is the first square).
    pub progress: u8,
    /// The square's name, or `C` for the Charkoni.
    pub square: String,
    /// Whether the square is a castle.
    pub castle: bool,
}

/// A seat's route, the Charkoni at both ends (where the goal is in the lane, from the Charkoni to
/// the lane's last square).
pub fn route(rules: &Rules, seat: u8) -> Vec<RouteStep> {
    let topology = rules.topology();
    let mut steps: Vec<RouteStep> = rules
        .route(seat)
        .iter()
        .enumerate()
        .map(|(i, &sq)| RouteStep {
            progress: i as u8 + 1,
            square: topology.name(sq).to_string(),
            castle: topology.is_castle(sq),
        })
        .collect();
    // Where the goal is in the lane the route ends on the lane's last square.
    if !rules.goal_in_lane() {
        steps.push(RouteStep {
            progress: rules.home(),
            square: "C".into(),
            castle: false,
        });
    }
    steps
}

/// The name of the place a piece at `progress` stands on.
pub fn place(rules: &Rules, seat: u8, progress: u8) -> String {
    match rules.square_at(seat, progress) {
        Some(sq) => rules.topology().name(sq).to_string(),
        None if progress == 0 && rules.starts_in_nest() => "nest".into(),
        None if progress == 0 => "C (waiting)".into(),
        None => "C (home)".into(),
    }
}

/// `square` or `squares`, as `n` asks.
pub(crate) fn squares(n: u8) -> &'static str {
    if n == 1 {
        "square"
    } else {
        "squares"
    }
}

/// A legal move with what it does.
#[derive(Serialize)]
pub struct MoveReport {
    /// The move in notation (`12+25`).
    #[serde(rename = "move")]
    pub notation: String,
    /// What the move does, in words.
    pub description: String,
    /// Where the piece stands before (`None` for a pass).
    pub from: Option<String>,
    /// Where the piece stands after (`None` for a pass).
    pub to: Option<String>,
    /// Opposing pieces sent back.
    pub captures: u32,
    /// The position after the move, in notation.
    pub position: String,
}

/// The opposing seats whose pieces `mv` sends back to their start, each with how many, in seat
/// order: who [`MoveReport::captures`] counts, so that a front end can name them. A piece sent
/// back is one that stands less far along after the move: waiting again, or, where the rules
/// put it back on the board (`capture.back_to = "start-square"`, Chaupar and Pachih), on its
/// first square.
pub fn captured(rules: &Rules, pos: &Position, mv: Move) -> Vec<(u8, u32)> {
    let mut counts: Vec<(u8, u32)> = Vec::new();
    for (s, _) in captured_pieces(rules, pos, mv) {
        match counts.last_mut() {
            Some((last, n)) if *last == s => *n += 1,
            _ => counts.push((s, 1)),
        }
    }
    counts
}

/// The mover's pieces that `mv` moves, by their index among the seat's pieces (a seat's pieces
/// keep their order through a game, so the index names a piece for good): one, or two for a
/// pair. Which of several pieces on one square moves is the engine's choice, found by playing.
pub fn moved_pieces(rules: &Rules, pos: &Position, mv: Move) -> Vec<usize> {
    let mut after = *pos;
    after.play_unchecked(rules, mv);
    moved_pieces_between(pos, &after, pos.to_move())
}

/// The pieces of `seat` that stand elsewhere in `after` than in `before`.
fn moved_pieces_between(before: &Position, after: &Position, seat: u8) -> Vec<usize> {
    before
        .pieces_of(seat)
        .iter()
        .zip(after.pieces_of(seat))
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, _)| i)
        .collect()
}

/// The opposing pieces `mv` sends back to their start, as `(seat, piece index)` in seat order:
/// [`captured`] piece by piece.
pub fn captured_pieces(rules: &Rules, pos: &Position, mv: Move) -> Vec<(u8, usize)> {
    let seat = pos.to_move();
    let mut after = *pos;
    after.play_unchecked(rules, mv);
    (0..rules.seats())
        .filter(|&s| rules.team_of(s) != rules.team_of(seat))
        .flat_map(|s| {
            pos.pieces_of(s)
                .iter()
                .zip(after.pieces_of(s))
                .enumerate()
                .filter(|(_, (&a, &b))| b < a)
                .map(move |(i, _)| (s, i))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Plays `mv` on a copy of `pos` and says what it does.
pub fn describe_move(rules: &Rules, pos: &Position, mv: Move) -> MoveReport {
    let seat = pos.to_move();
    let mut after = *pos;
    after.play_unchecked(rules, mv);
    let captures = captured(rules, pos, mv).iter().map(|&(_, n)| n).sum();
    let (from, to, description) = match mv {
        Move::Pass => (
            None,
            None,
            "pass: forfeit the rest of the throws".to_string(),
        ),
        Move::Enter { value } => {
            let to = place(rules, seat, 1);
            (
                Some(place(rules, seat, 0)),
                Some(to.clone()),
                format!("spend the grace {value} to introduce a piece onto {to}"),
            )
        }
        Move::EnterSum { first, second } => {
            let to = place(rules, seat, 1);
            (
                Some(place(rules, seat, 0)),
                Some(to.clone()),
                format!(
                    "spend {first} and {second} (together {}) to introduce a piece onto {to}",
                    u16::from(first) + u16::from(second)
                ),
            )
        }
        Move::Advance {
            from,
            value,
            steps,
            pair,
            round_again,
        } => {
            let to_progress = mv.destination(rules).unwrap_or(from);
            let (a, b) = (place(rules, seat, from), place(rules, seat, to_progress));
            let who = if pair { "the pair" } else { "a piece" };
            let n = mv.distance();
            let mut d = format!("move {who} {n} {} from {a} to {b}", squares(n));
            if steps != value {
                d.push_str(&format!(" with {steps} of the {value}"));
            } else {
                d.push_str(&format!(" with the {value}"));
            }
            if round_again {
                d.push_str(", going round again");
            }
            (Some(a), Some(b), d)
        }
    };
    let description = if captures > 0 {
        format!("{description}, capturing {captures}")
    } else {
        description
    };
    MoveReport {
        notation: mv.to_string(),
        description,
        from,
        to,
        captures,
        position: after.to_notation(rules),
    }
}

/// A throw in words: `25: 25 squares, a grace (enters a piece), throw again`, or `4-4: a 4 and
/// a 4, a doublet, throw again` for separate dice.
pub fn throw_words(rules: &Rules, throw: Throw) -> String {
    let o = rules.outcome(throw);
    let dice: Vec<String> = o
        .dice
        .iter()
        .filter(|&&d| d > 0)
        .map(|d| format!("a {d}"))
        .collect();
    let mut words = vec![match dice.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{}: {} and {last}", o.name, rest.join(", "))
        }
        _ => format!("{}: {} {}", o.name, o.value, squares(o.value)),
    }];
    if o.doublet {
        words.push("a doublet".into());
    }
    if o.grace {
        words.push("a grace (enters a piece)".into());
    }
    if o.extra_throw {
        words.push("throw again".into());
    }
    words.join(", ")
}

/// Why the mover's piece(s) at `progress` cannot move, one line per reason, each opened by the
/// place they stand on (`C (waiting): ...`); empty when a legal move starts there.
pub fn why_not(rules: &Rules, pos: &Position, progress: u8) -> Vec<String> {
    let place = place(rules, pos.to_move(), progress);
    pos.why_not(rules, progress)
        .iter()
        .map(|r| format!("{place}: {r}"))
        .collect()
}

/// [`why_not`] for every progress of the mover's pieces still on their way (home pieces are
/// done, not stuck), in increasing order, leaving out those that can move.
pub fn why_not_all(rules: &Rules, pos: &Position) -> Vec<(u8, Vec<String>)> {
    let mut progresses: Vec<u8> = pos.pieces_of(pos.to_move()).to_vec();
    progresses.sort_unstable();
    progresses.dedup();
    progresses
        .into_iter()
        .filter(|&p| p != rules.home())
        .map(|p| (p, why_not(rules, pos, p)))
        .filter(|(_, reasons)| !reasons.is_empty())
        .collect()
}

/// [`why_not_all`]'s reasons in one list, in the order of the pieces: what a front end says when
/// the player asks why their pieces cannot move, or why their turn passed.
pub fn why_not_reasons(rules: &Rules, pos: &Position) -> Vec<String> {
    why_not_all(rules, pos)
        .into_iter()
        .flat_map(|(_, reasons)| reasons)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin_rules;

    #[test]
    fn a_throw_reads_as_its_squares_or_dice_and_what_it_earns() {
        let words = |name: &str, text: &str| {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let throw = rules
                .throw_by_name(text.parse().expect("a throw name"))
                .expect("a throw of the rules");
            throw_words(&rules, throw)
        };
        assert_eq!(
            words("pachisi", "25"),
            "25: 25 squares, a grace (enters a piece), throw again"
        );
        assert_eq!(words("pachisi", "2"), "2: 2 squares");
        assert_eq!(
            words("parcheesi-sr", "4-4"),
            "4-4: a 4 and a 4, a doublet, throw again"
        );
    }

    #[test]
    fn a_capture_names_the_seats_sent_back() {
        let rules = builtin_rules("ludo", &[]).expect("builtin");
        // Red (seat 0) on 1 throws a 3; Green's piece stands where Red lands.
        let target = rules.square_at(0, 4).expect("a square");
        let green = (1..rules.home())
            .find(|&p| rules.square_at(1, p) == Some(target))
            .expect("Green passes the square");
        let text = format!("1,0,0,0/{green},0,0,0/0,0,0,0/0,0,0,0 Rm 3 entered=RG");
        let pos = Position::from_notation(&rules, &text).expect("position");
        let mv = pos
            .legal_moves(&rules)
            .into_iter()
            .find(|m| matches!(m, Move::Advance { from: 1, .. }))
            .expect("the piece on 1 moves");
        assert_eq!(captured(&rules, &pos, mv), vec![(1, 1)]);
        assert_eq!(captured_pieces(&rules, &pos, mv), vec![(1, 0)]);
        assert_eq!(moved_pieces(&rules, &pos, mv), vec![0]);
        assert_eq!(describe_move(&rules, &pos, mv).captures, 1);
    }

    #[test]
    fn why_not_names_the_place_and_leaves_out_pieces_home_and_pieces_that_can_move() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        // Yellow: one piece home, one out (it can move the 3), two waiting for a grace.
        let text = "h,20,0,0/0,0,0,0/0,0,0,0/0,0,0,0 Ym 3 entered=Y";
        let pos = Position::from_notation(&rules, text).expect("position");
        let all = why_not_all(&rules, &pos);
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].0, 0);
        assert!(
            all[0].1.iter().all(|l| l.starts_with("C (waiting): ")),
            "{all:?}"
        );
        assert!(why_not(&rules, &pos, 20).is_empty());
    }
}
