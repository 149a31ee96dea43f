//! The placements of the pieces left that make up a table's domain: each team's placements
//! (every piece in a lane, or anywhere), the turn starts built from them, and random ones.

use super::Domain;
use pachisi_core::{Position, RandomBits, Rules};

/// One team's placements: each a row of progresses per seat of the team, in seat order, every
/// seat's pieces farthest first (as [`Position::canonical`] has them). Placements with every
/// piece left in its lane come first.
#[derive(Clone, Debug)]
struct Team {
    seats: Vec<u8>,
    /// Rows of `seats.len() * pieces` progresses.
    rows: Vec<u8>,
    width: usize,
    lanes: usize,
}

impl Team {
    fn new(rules: &Rules, team: u8, pieces: u8) -> Team {
        let seats: Vec<u8> = (0..rules.seats())
            .filter(|&s| rules.team_of(s) == team)
            .collect();
        let width = seats.len() * usize::from(rules.pieces());
        let home = rules.home();
        let lane = rules.turn_home() + 1..home;
        let any = 0..home;
        let mut rows = Vec::new();
        placements(rules, seats.len(), pieces, lane.clone(), &mut rows);
        let lanes = rows.len() / width;
        let mut anywhere = Vec::new();
        placements(rules, seats.len(), pieces, any, &mut anywhere);
        for row in anywhere.chunks(width) {
            let all_in_lane = row.iter().all(|&p| p == home || lane.contains(&p));
            if !all_in_lane {
                rows.extend_from_slice(row);
            }
        }
        Team {
            seats,
            rows,
            width,
            lanes,
        }
    }

    fn len(&self) -> usize {
        self.rows.len() / self.width
    }

    fn row(&self, i: usize) -> &[u8] {
        &self.rows[i * self.width..(i + 1) * self.width]
    }
}

/// Every row of a team of `seats` seats with 1 to `most` pieces left, each at a progress in
/// `range`, the rest home.
fn placements(
    rules: &Rules,
    seats: usize,
    most: u8,
    range: std::ops::Range<u8>,
    out: &mut Vec<u8>,
) {
    let per_seat = usize::from(rules.pieces());
    // Each seat's choices: (pieces left, row), farthest first.
    let mut seat_rows: Vec<(u8, Vec<u8>)> = Vec::new();
    for left in 0..=most.min(rules.pieces()) {
        let mut row = vec![rules.home(); per_seat - usize::from(left)];
        descending(range.clone(), usize::from(left), &mut row, &mut |row| {
            seat_rows.push((left, row.to_vec()));
        });
    }
    let mut stack: Vec<usize> = Vec::new();
    combine(&seat_rows, seats, most, &mut stack, out);
}

/// Calls `f` with `prefix` followed by every non-increasing sequence of `n` values of `range`.
fn descending(
    range: std::ops::Range<u8>,
    n: usize,
    prefix: &mut Vec<u8>,
    f: &mut dyn FnMut(&[u8]),
) {
    if n == 0 {
        f(prefix);
        return;
    }
    // The row starts with the pieces home, beyond the range: only the values bound the next.
    let top = prefix
        .last()
        .map_or(range.end, |&last| last.saturating_add(1).min(range.end));
    for v in range.start..top {
        prefix.push(v);
        descending(range.clone(), n - 1, prefix, f);
        prefix.pop();
    }
}

/// Appends every choice of one row per seat whose pieces left total 1 to `most`.
fn combine(
    seat_rows: &[(u8, Vec<u8>)],
    seats: usize,
    most: u8,
    stack: &mut Vec<usize>,
    out: &mut Vec<u8>,
) {
    if stack.len() == seats {
        let left: u8 = stack.iter().map(|&i| seat_rows[i].0).sum();
        if (1..=most).contains(&left) {
            for &i in stack.iter() {
                out.extend_from_slice(&seat_rows[i].1);
            }
        }
        return;
    }
    for i in 0..seat_rows.len() {
        stack.push(i);
        combine(seat_rows, seats, most, stack, out);
        stack.pop();
    }
}

/// Both teams' placements, and the domain: a placement of each team, in a race one of them in
/// its lanes.
#[derive(Clone, Debug)]
pub(super) struct Configs {
    teams: [Team; 2],
    domain: Domain,
}

impl Configs {
    pub(super) fn new(rules: &Rules, pieces: u8, domain: Domain) -> Configs {
        Configs {
            teams: [Team::new(rules, 0, pieces), Team::new(rules, 1, pieces)],
            domain,
        }
    }

    /// Placements of both teams in the domain.
    fn len(&self) -> usize {
        let [a, b] = &self.teams;
        match self.domain {
            Domain::Race => a.lanes * b.len() + (a.len() - a.lanes) * b.lanes,
            Domain::Meeting => a.len().saturating_mul(b.len()),
        }
    }

    /// The progress of every seat's pieces in placement `i` (below [`Configs::len`]).
    fn placement(&self, rules: &Rules, i: usize) -> Vec<Vec<u8>> {
        let [a, b] = &self.teams;
        let (ia, ib) = if self.domain == Domain::Meeting || i < a.lanes * b.len() {
            (i / b.len(), i % b.len())
        } else {
            let j = i - a.lanes * b.len();
            (a.lanes + j / b.lanes, j % b.lanes)
        };
        let per_seat = usize::from(rules.pieces());
        let mut rows = vec![Vec::new(); usize::from(rules.seats())];
        for (team, index) in [(a, ia), (b, ib)] {
            for (k, &seat) in team.seats.iter().enumerate() {
                rows[usize::from(seat)] =
                    team.row(index)[k * per_seat..(k + 1) * per_seat].to_vec();
            }
        }
        rows
    }

    /// About how many turn starts the domain has (each placement with every seat to throw that
    /// has pieces left), before the rules refuse any.
    pub(super) fn starts(&self) -> usize {
        self.len().saturating_mul(2)
    }

    /// Every turn start of the domain the rules accept (a placement the rules forbid, such as
    /// two pieces on one square where only one may stand, is left out).
    pub(super) fn positions<'a>(&'a self, rules: &'a Rules) -> impl Iterator<Item = Position> + 'a {
        (0..self.len()).flat_map(move |i| {
            let rows = self.placement(rules, i);
            (0..rules.seats()).filter_map(move |seat| start(rules, &rows, seat))
        })
    }

    /// A random turn start of the domain (placements equally likely, then the seat to throw).
    pub(super) fn random(&self, rules: &Rules, bits: &mut dyn RandomBits) -> Option<Position> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        for _ in 0..1000 {
            // Tables are far below 2³² placements' products of two draws; two draws make any
            // index up to 2⁶⁴ equally likely enough for sampling.
            let i =
                ((u64::from(bits.bits(32)) << 32 | u64::from(bits.bits(32))) % n as u64) as usize;
            let rows = self.placement(rules, i);
            let seat = bits.below(u32::from(rules.seats())) as u8;
            if let Some(pos) = start(rules, &rows, seat) {
                return Some(pos);
            }
        }
        None
    }
}

/// The turn start with `rows` and `seat` to throw, if the rules accept it and the seat has
/// pieces left.
fn start(rules: &Rules, rows: &[Vec<u8>], seat: u8) -> Option<Position> {
    let home = rules.home();
    if rows[usize::from(seat)].iter().all(|&p| p == home) {
        return None;
    }
    let pieces: Vec<String> = rows
        .iter()
        .map(|row| {
            row.iter()
                .map(|&p| {
                    if p == home {
                        "h".to_string()
                    } else {
                        p.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let entered: String = (0..rules.seats())
        .filter(|&s| rows[usize::from(s)].iter().any(|&p| p != 0))
        .map(|s| rules.seat_letter(s))
        .collect();
    let mut text = format!("{} {}t -", pieces.join("/"), rules.seat_letter(seat));
    if !entered.is_empty() {
        text.push_str(" entered=");
        text.push_str(&entered);
    }
    Position::from_notation(rules, &text).ok()
}
