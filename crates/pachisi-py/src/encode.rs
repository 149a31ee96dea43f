//! What a learning agent sees: the observation tensor of a position from one player's point of
//! view, and the returns of a finished game. Pure Rust, shared by every Python API.
//!
//! The observation is a flat `f32` vector; its fields ([`Layout::fields`]), in order, with `S`
//! seats, `H` = [`Rules::home`] and `V` increment values ([`ActionSpace::values`]):
//!
//! | field | shape | value |
//! |---|---|---|
//! | `pieces` | `S × (H+1)` | row `r`, column `p`: the share of seat `r`'s pieces at progress `p` (0 waiting, `H` home) |
//! | `team` | `S` | 1 where seat `r` plays on the observer's team (row 0 always) |
//! | `to_move` | `S` | 1 for the seat whose turn it is (none once the game is over) |
//! | `finished` | `S` | 1 where all of seat `r`'s pieces are home |
//! | `opened` | `S` | 1 where seat `r` has made its opening throw (`turn.opening`) |
//! | `entered` | `S` | 1 where seat `r` has brought a piece in |
//! | `credits` | `S` | captures credited to seat `r` (`capture.before_home`) |
//! | `phase` | `3` | one-hot: throw, move, game over |
//! | `pool` | `3 × V` | unspent increments by value: thrown (may be a grace), plain (a bonus step, a split's rest, an underside, a share of a 14), capture or finish bonus |
//! | `turn` | `3` | another throw due (0/1), the length of the current streak, the progress of a pawn to carry on divided by `H` |
//!
//! Seats are rotated so the observer is row 0: row `r` is seat `(observer + r) mod S`. The same
//! network thus plays every seat. Progress counts along each seat's own route, so equal columns
//! of two rows are different squares; the board's squares follow from the rules.

use pachisi_core::position::Share;
use pachisi_core::{ActionSpace, Phase, Position, Rules};

/// The observation's layout under one ruleset.
#[derive(Clone, Debug)]
pub struct Layout {
    seats: usize,
    progresses: usize,
    values: Vec<u8>,
    value_slot: [Option<usize>; 256],
}

/// The fields of the observation, in order.
pub const FIELDS: [&str; 10] = [
    "pieces", "team", "to_move", "finished", "opened", "entered", "credits", "phase", "pool",
    "turn",
];

impl Layout {
    /// The layout under `rules`, whose increment values `space` lists.
    pub fn new(rules: &Rules, space: &ActionSpace) -> Layout {
        let mut value_slot = [None; 256];
        for (i, &v) in space.values().iter().enumerate() {
            value_slot[usize::from(v)] = Some(i);
        }
        Layout {
            seats: usize::from(rules.seats()),
            progresses: usize::from(rules.home()) + 1,
            values: space.values().to_vec(),
            value_slot,
        }
    }

    /// Every field's name, first index and shape, in order.
    pub fn fields(&self) -> Vec<(&'static str, usize, Vec<usize>)> {
        let s = self.seats;
        let shapes = [
            vec![s, self.progresses],
            vec![s],
            vec![s],
            vec![s],
            vec![s],
            vec![s],
            vec![s],
            vec![3],
            vec![3, self.values.len()],
            vec![3],
        ];
        let mut offset = 0;
        FIELDS
            .iter()
            .zip(shapes)
            .map(|(&name, shape)| {
                let start = offset;
                offset += shape.iter().product::<usize>();
                (name, start, shape)
            })
            .collect()
    }

    /// The number of floats in an observation.
    pub fn len(&self) -> usize {
        self.fields().last().map_or(0, |(_, start, shape)| {
            start + shape.iter().product::<usize>()
        })
    }

    /// Whether an observation is empty (never).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The observation of `pos` from `observer`'s point of view (`observer` < seats).
    pub fn observe(&self, rules: &Rules, pos: &Position, observer: u8) -> Vec<f32> {
        let mut out = vec![0.0f32; self.len()];
        self.observe_into(rules, pos, observer, &mut out);
        out
    }

    /// Writes the observation of `pos` from `observer`'s point of view into `out`, a slice of
    /// [`Layout::len`] floats (whatever it held is overwritten; a shorter slice is left
    /// unchanged).
    pub fn observe_into(&self, rules: &Rules, pos: &Position, observer: u8, out: &mut [f32]) {
        if out.len() < self.len() {
            return;
        }
        out.fill(0.0);
        let s = self.seats;
        let seat_of = |r: usize| ((usize::from(observer) + r) % s) as u8;
        let pieces = f32::from(rules.pieces().max(1));
        let mut at = 0;
        // pieces
        for r in 0..s {
            for &p in pos.pieces_of(seat_of(r)) {
                if let Some(cell) = out.get_mut(at + r * self.progresses + usize::from(p)) {
                    *cell += 1.0 / pieces;
                }
            }
        }
        at += s * self.progresses;
        let over = pos.phase() == Phase::Over;
        let per_seat: [&dyn Fn(u8) -> f32; 6] = [
            &|seat| f32::from(u8::from(rules.team_of(seat) == rules.team_of(observer))),
            &|seat| f32::from(u8::from(!over && pos.to_move() == seat)),
            &|seat| f32::from(u8::from(pos.seat_finished(rules, seat))),
            &|seat| f32::from(u8::from(pos.has_opened(seat))),
            &|seat| f32::from(u8::from(pos.has_entered(seat))),
            &|seat| f32::from(pos.credits(seat)),
        ];
        for field in per_seat {
            for r in 0..s {
                out[at + r] = field(seat_of(r));
            }
            at += s;
        }
        let phase = match pos.phase() {
            Phase::Throw => 0,
            Phase::Move => 1,
            Phase::Over => 2,
        };
        out[at + phase] = 1.0;
        at += 3;
        let v = self.values.len();
        for inc in pos.pool().items() {
            let kind = if inc.bonus {
                2
            } else if inc.plain || inc.share != Share::None {
                1
            } else {
                0
            };
            if let Some(slot) = self.value_slot[usize::from(inc.value)] {
                out[at + kind * v + slot] += 1.0;
            }
        }
        at += 3 * v;
        out[at] = f32::from(u8::from(pos.throw_again()));
        out[at + 1] = f32::from(pos.streak().1);
        out[at + 2] = f32::from(pos.carried().unwrap_or(0)) / f32::from(rules.home());
    }
}

/// Each seat's return: 0 until the game is over; then its team's, by place. With `T` teams, the
/// team in place `k` (0 first) gets `1 - 2k/(T-1)`: 1 for the first, -1 for the last. Where the
/// ruleset stops at the winner, the teams without a place share the places left equally, so the
/// teams' returns always add up to 0 (two teams: 1 and -1).
pub fn returns(rules: &Rules, pos: &Position) -> Vec<f64> {
    let seats = usize::from(rules.seats());
    if pos.phase() != Phase::Over {
        return vec![0.0; seats];
    }
    let teams = usize::from(rules.teams());
    let value = |k: usize| {
        if teams < 2 {
            0.0
        } else {
            1.0 - 2.0 * k as f64 / (teams - 1) as f64
        }
    };
    let placings = pos.placings();
    let left: Vec<f64> = (placings.len()..teams).map(value).collect();
    let shared = if left.is_empty() {
        0.0
    } else {
        left.iter().sum::<f64>() / left.len() as f64
    };
    (0..rules.seats())
        .map(|seat| {
            let team = rules.team_of(seat);
            placings
                .iter()
                .position(|&t| t == team)
                .map_or(shared, value)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn layout(rules: &Rules) -> Layout {
        Layout::new(rules, &ActionSpace::new(rules))
    }

    #[test]
    fn the_fields_tile_the_observation() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let l = layout(&rules);
        let fields = l.fields();
        let names: Vec<&str> = fields.iter().map(|f| f.0).collect();
        assert_eq!(names, FIELDS);
        assert_eq!(fields[0].2, [4, usize::from(rules.home()) + 1]);
        assert_eq!(l.len(), 4 * 85 + 6 * 4 + 3 + 3 * 7 + 3);
        assert_eq!(l.observe(&rules, &Position::new(&rules), 0).len(), l.len());
    }

    #[test]
    fn the_observer_is_row_zero() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let pos = Position::from_notation(&rules, "12,0,0,0/0,0,0,0/3,0,0,0/0,0,0,0 Gm 25")
            .expect("valid");
        let l = layout(&rules);
        let h = usize::from(rules.home()) + 1;
        // Seen by yellow (seat 0): its piece at 12 in row 0; black (seat 2) in row 2.
        let yellow = l.observe(&rules, &pos, 0);
        assert_eq!(yellow[12], 0.25);
        assert_eq!(yellow[2 * h + 3], 0.25);
        // Seen by black: row 0 is black, yellow is row 2.
        let black = l.observe(&rules, &pos, 2);
        assert_eq!(black[3], 0.25);
        assert_eq!(black[2 * h + 12], 0.25);
        // Green (seat 1) is to move: row 1 for yellow, row 3 for black.
        let to_move = 4 * h + 4;
        assert_eq!(yellow[to_move + 1], 1.0);
        assert_eq!(black[to_move + 3], 1.0);
        // Partners: yellow and black.
        assert_eq!(yellow[4 * h..4 * h + 4], [1.0, 0.0, 1.0, 0.0]);
    }

    /// Plays a seeded random game to its end.
    fn random_game(rules: &Rules, seed: u64) -> Position {
        pachisi_sim::play_random_game(rules, Position::new(rules), seed, None).position
    }

    #[test]
    fn returns_add_up_to_zero_over_teams_and_rank_the_places() {
        for (name, overrides) in [
            ("pachisi", vec![]),
            ("ludo", vec![]),
            ("ludo", vec!["finish.placings=\"all\"".to_string()]),
        ] {
            let rules = builtin_rules(name, &overrides).expect("builtin");
            assert_eq!(
                returns(&rules, &Position::new(&rules)),
                vec![0.0; usize::from(rules.seats())]
            );
            let pos = random_game(&rules, 7);
            let r = returns(&rules, &pos);
            let mut by_team = vec![None; usize::from(rules.teams())];
            for seat in 0..rules.seats() {
                by_team[usize::from(rules.team_of(seat))] = Some(r[usize::from(seat)]);
            }
            let total: f64 = by_team.iter().map(|t| t.expect("every team")).sum();
            assert!(total.abs() < 1e-12, "{name}: {r:?}");
            let winner = pos.winner().expect("a winner");
            assert_eq!(by_team[usize::from(winner)], Some(1.0), "{name}");
            if pos.placings().len() == usize::from(rules.teams()) {
                let last = pos.placings()[pos.placings().len() - 1];
                assert_eq!(by_team[usize::from(last)], Some(-1.0), "{name}");
            }
        }
    }
}
