//! The cross-shaped board, generated from two numbers.
//!
//! A board has `arms` arms (four for Pachisi), each three columns wide and `arm_length` squares long
//! (eight for Pachisi, six for Ludo). The squares of the two outer columns and the end square of the
//! middle column of every arm make the shared outer track (`arms * (2 * arm_length + 1)` squares: 68
//! on the Pachisi board). The other middle-column squares form each arm's private lane. Columns are
//! named as seen from the Charkoni looking out along the arm: `l`eft, `m`iddle, `r`ight; rows count
//! outwards from the Charkoni, 1 to `arm_length`. A square is written `<arm><column><row>`, e.g.
//! `2m8`, the end square of arm 2.
//!
//! Arms are numbered counter-clockwise (as seen from above). Travelling counter-clockwise, a piece
//! goes out along an arm's right column, across its end square and in along its left column, then on
//! to the right column of the next arm.
//!
//! The same cross serves the whole family. Pachisi pieces start in the Charkoni and come down their
//! arm's middle column ([`RouteStart::Lane`]); Parcheesi pawns and Ludo tokens start in a nest beside
//! the board and enter onto a track square a few squares past their arm's end square
//! ([`RouteStart::Track`]), going home up the middle column (the home stretch or home column).
//! Where two track squares touch each corner of the Charkoni, [`Topology::merge_corners`] leaves one
//! (document 003's 64-square Parcheesi track).

use std::fmt;

/// Largest supported number of arms (six-arm boards exist).
pub const MAX_ARMS: u8 = 6;
/// Largest supported arm length.
pub const MAX_ARM_LENGTH: u8 = 12;

/// One square of the board (never the Charkoni, which is not a square pieces share).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub u8);

/// A column of an arm, as seen from the Charkoni looking outwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Column {
    /// The left outer column.
    Left,
    /// The middle column: the owner's lane, and the arm's end square.
    Middle,
    /// The right outer column.
    Right,
}

impl Column {
    fn index(self) -> u8 {
        match self {
            Column::Left => 0,
            Column::Middle => 1,
            Column::Right => 2,
        }
    }

    fn letter(self) -> char {
        ['l', 'm', 'r'][self.index() as usize]
    }

    fn from_letter(c: char) -> Option<Column> {
        match c {
            'l' => Some(Column::Left),
            'm' => Some(Column::Middle),
            'r' => Some(Column::Right),
            _ => None,
        }
    }
}

/// The direction pieces travel round the track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// The traditional direction (documents 000, 001, 002, 004).
    Counterclockwise,
    /// The mirror image, used by some later sets.
    Clockwise,
}

/// A board: its squares, which of them are castles, and the order of the outer track.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    arms: u8,
    arm_length: u8,
    castle: Vec<bool>,
    /// The outer track in counter-clockwise order, starting at arm 0's right column, row 1.
    track: Vec<Square>,
}

/// The unit vectors of one of four arms on a grid whose rows grow downwards: outwards from the
/// Charkoni (arm 0 down, then counter-clockwise as the eye sees it), and to the left of someone
/// looking outwards.
fn arm_vectors(arm: u8) -> ((i32, i32), (i32, i32)) {
    let out = match arm % 4 {
        0 => (0, 1),
        1 => (1, 0),
        2 => (0, -1),
        _ => (-1, 0),
    };
    // Facing down the grid, the left hand points right: left = (out.y, -out.x).
    (out, (out.1, -out.0))
}

/// Where a route begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RouteStart {
    /// In the Charkoni: out down the arm's middle column, once round the track, and back (Pachisi).
    Lane,
    /// On the track square `offset` squares past the arm's end square in the direction of travel
    /// (Parcheesi: 5, Ludo: 2); 0 enters on the end square itself and goes once round the track.
    Track {
        /// Squares from the arm's end square to the entry square.
        offset: u8,
    },
}

/// Why a board cannot be generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TopologyError {
    /// Too few or too many arms.
    #[error("a board needs 2 to {MAX_ARMS} arms, not {0}")]
    Arms(u8),
    /// An arm too short or too long.
    #[error("an arm needs 2 to {MAX_ARM_LENGTH} squares, not {0}")]
    ArmLength(u8),
    /// The castle row lies outside the arm.
    #[error("outer castles must stand on a row from 1 to {arm_length}, not {row}")]
    CastleRow {
        /// The row asked for.
        row: u8,
        /// The arm's length.
        arm_length: u8,
    },
}

impl Topology {
    /// Generates a board. `outer_castle_row` is the row (counted from the Charkoni) of the castle
    /// on each outer column; every arm's end square is a castle too.
    ///
    /// # Errors
    /// When a parameter is out of range.
    pub fn new(arms: u8, arm_length: u8, outer_castle_row: u8) -> Result<Topology, TopologyError> {
        if !(2..=MAX_ARMS).contains(&arms) {
            return Err(TopologyError::Arms(arms));
        }
        if !(2..=MAX_ARM_LENGTH).contains(&arm_length) {
            return Err(TopologyError::ArmLength(arm_length));
        }
        if !(1..=arm_length).contains(&outer_castle_row) {
            return Err(TopologyError::CastleRow {
                row: outer_castle_row,
                arm_length,
            });
        }
        let mut topology = Topology {
            arms,
            arm_length,
            castle: vec![false; usize::from(arms) * 3 * usize::from(arm_length)],
            track: Vec::new(),
        };
        for arm in 0..arms {
            for column in [Column::Left, Column::Right] {
                let sq = topology.square(arm, column, outer_castle_row);
                topology.castle[usize::from(sq.0)] = true;
            }
            let end = topology.square(arm, Column::Middle, arm_length);
            topology.castle[usize::from(end.0)] = true;
            for row in 1..=arm_length {
                topology
                    .track
                    .push(topology.square(arm, Column::Right, row));
            }
            topology.track.push(end);
            for row in (1..=arm_length).rev() {
                topology.track.push(topology.square(arm, Column::Left, row));
            }
        }
        Ok(topology)
    }

    /// Number of arms.
    pub fn arms(&self) -> u8 {
        self.arms
    }

    /// Squares per column of an arm.
    pub fn arm_length(&self) -> u8 {
        self.arm_length
    }

    /// Number of squares on the board (the Charkoni not counted).
    pub fn square_count(&self) -> usize {
        self.castle.len()
    }

    /// Number of squares on the shared outer track.
    pub fn track_len(&self) -> u8 {
        self.track.len() as u8
    }

    /// Leaves one square at each corner of the Charkoni instead of two: the first square of each
    /// arm's right column leaves the track (document 003: "The game can be played with one space at
    /// the corner (64 spaces in all on the main travel path)").
    pub fn merge_corners(&mut self) {
        let n = self.arm_length;
        self.track.retain(|&sq| {
            let (_, column, row) = coordinates(n, sq);
            !(column == Column::Right && row == 1)
        });
        for arm in 0..self.arms {
            let sq = self.square(arm, Column::Right, 1);
            self.castle[usize::from(sq.0)] = false;
        }
    }

    /// Makes the castles exactly `squares`.
    pub fn set_castles(&mut self, squares: &[Square]) {
        self.castle.iter_mut().for_each(|c| *c = false);
        for sq in squares {
            if let Some(c) = self.castle.get_mut(usize::from(sq.0)) {
                *c = true;
            }
        }
    }

    /// The track square `offset` squares past `arm`'s end square in `direction`.
    pub fn track_square(&self, arm: u8, direction: Direction, offset: usize) -> Square {
        let cycle = self.cycle(direction);
        let end = self.square(arm, Column::Middle, self.arm_length);
        let start = cycle.iter().position(|&s| s == end).unwrap_or(0);
        cycle[(start + offset) % cycle.len()]
    }

    /// The track in the direction of travel.
    fn cycle(&self, direction: Direction) -> Vec<Square> {
        let mut cycle = self.track.clone();
        if direction == Direction::Clockwise {
            cycle.reverse();
        }
        cycle
    }

    /// The square at `row` (1 = next to the Charkoni) of `column` of `arm`.
    pub fn square(&self, arm: u8, column: Column, row: u8) -> Square {
        Square(arm * 3 * self.arm_length + column.index() * self.arm_length + (row - 1))
    }

    /// The arm, column and row of a square.
    pub fn coordinates(&self, sq: Square) -> (u8, Column, u8) {
        coordinates(self.arm_length, sq)
    }

    /// The board laid out as a picture: a square grid of `2 * arm_length + 3` cells a side with
    /// the Charkoni as the 3×3 block in the middle, arm 0 pointing down (rows grow downwards) and
    /// the others following counter-clockwise. `None` unless the board has four arms, the only
    /// board that lies flat as a cross on a square grid.
    pub fn grid_side(&self) -> Option<u16> {
        (self.arms == 4).then(|| 2 * u16::from(self.arm_length) + 3)
    }

    /// The cell `(x, y)` of a square on the grid of [`Topology::grid_side`] (`None` unless the
    /// board has four arms).
    pub fn grid_cell(&self, sq: Square) -> Option<(u16, u16)> {
        self.grid_side()?;
        let (arm, column, row) = self.coordinates(sq);
        let (out, left) = arm_vectors(arm);
        let lateral = match column {
            Column::Left => 1,
            Column::Middle => 0,
            Column::Right => -1,
        };
        let along = 1 + i32::from(row);
        let c = i32::from(self.arm_length) + 1;
        let x = u16::try_from(c + out.0 * along + left.0 * lateral).ok()?;
        let y = u16::try_from(c + out.1 * along + left.1 * lateral).ok()?;
        Some((x, y))
    }

    /// The top-left cell of the empty corner of the grid beside `arm`, on the right of someone
    /// looking out along it; the corner is `arm_length` cells a side (`None` unless the board has
    /// four arms).
    pub fn grid_corner(&self, arm: u8) -> Option<(u16, u16)> {
        self.grid_side()?;
        let (out, left) = arm_vectors(arm);
        let far = u16::from(self.arm_length) + 3;
        let at = |d: i32| if d > 0 { far } else { 0 };
        Some((at(out.0 - left.0), at(out.1 - left.1)))
    }

    /// Whether a square is on the shared track (every other square is some arm's lane).
    pub fn on_track(&self, sq: Square) -> bool {
        self.track.contains(&sq)
    }

    /// Whether pieces on this square are safe from capture.
    pub fn is_castle(&self, sq: Square) -> bool {
        self.castle[usize::from(sq.0)]
    }

    /// The name of a square, such as `0m8`.
    pub fn name(&self, sq: Square) -> SquareName {
        let (arm, column, row) = self.coordinates(sq);
        SquareName { arm, column, row }
    }

    /// Parses a square name such as `0m8`; `None` when it names no square of this board.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let arm = chars.next()?.to_digit(10)?;
        let column = Column::from_letter(chars.next()?)?;
        let row: u8 = chars.as_str().parse().ok()?;
        let arm = u8::try_from(arm).ok()?;
        (arm < self.arms && (1..=self.arm_length).contains(&row))
            .then(|| self.square(arm, column, row))
    }

    /// The route of a piece belonging to `arm`, ending on the lane square next to the Charkoni.
    ///
    /// With [`RouteStart::Lane`] it runs out of the Charkoni down the arm's middle column, once
    /// round the whole track in `direction`, and back up the middle column; the arm's end square
    /// appears twice. With [`RouteStart::Track`] it starts on the entry square, runs round the
    /// track to the arm's end square and up the middle column. The Charkoni is not included.
    pub fn route(&self, arm: u8, direction: Direction, start: RouteStart) -> Vec<Square> {
        let n = self.arm_length;
        let cycle = self.cycle(direction);
        let end = self.square(arm, Column::Middle, n);
        let at_end = cycle.iter().position(|&s| s == end).unwrap_or(0);
        let mut route: Vec<Square> = Vec::new();
        let offset = match start {
            RouteStart::Lane => {
                route.extend((1..n).map(|row| self.square(arm, Column::Middle, row)));
                0
            }
            RouteStart::Track { offset } => usize::from(offset) % cycle.len(),
        };
        // Round the track from the first square to the one before the end square; the end square
        // then closes the lap.
        let lap = cycle.len() - offset;
        route.extend((0..lap).map(|i| cycle[(at_end + offset + i) % cycle.len()]));
        route.push(end);
        route.extend(
            (1..n)
                .rev()
                .map(|row| self.square(arm, Column::Middle, row)),
        );
        route
    }
}

fn coordinates(arm_length: u8, sq: Square) -> (u8, Column, u8) {
    let per_arm = 3 * arm_length;
    let arm = sq.0 / per_arm;
    let rest = sq.0 % per_arm;
    let column = [Column::Left, Column::Middle, Column::Right][usize::from(rest / arm_length)];
    (arm, column, rest % arm_length + 1)
}

/// The printable name of a square (`<arm><column><row>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    arm: u8,
    column: Column,
    row: u8,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.arm, self.column.letter(), self.row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn the_cross_lies_on_a_grid_with_arm_zero_pointing_down() {
        let t = Topology::new(4, 8, 4).expect("pachisi board");
        assert_eq!(t.grid_side(), Some(19));
        // Arm 0's end square is the middle of the bottom row; arm 1's the middle of the right
        // column (counter-clockwise as the eye sees it).
        assert_eq!(t.grid_cell(t.square(0, Column::Middle, 8)), Some((9, 18)));
        assert_eq!(t.grid_cell(t.square(1, Column::Middle, 8)), Some((18, 9)));
        assert_eq!(t.grid_cell(t.square(2, Column::Middle, 8)), Some((9, 0)));
        // Looking out along arm 0 (down the grid), its right column is on the grid's left.
        assert_eq!(t.grid_cell(t.square(0, Column::Right, 1)), Some((8, 11)));
        let mut cells: Vec<_> = (0..t.square_count())
            .filter_map(|i| t.grid_cell(Square(i as u8)))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        assert_eq!(
            cells.len(),
            t.square_count(),
            "every square has a cell of its own"
        );
        assert!(cells
            .iter()
            .all(|&(x, y)| !((8..=10).contains(&x) && (8..=10).contains(&y))));
        // The corner beside arm 0, on its right, is the bottom-left one.
        assert_eq!(t.grid_corner(0), Some((0, 11)));
        let six = Topology::new(6, 8, 4).expect("six arms");
        assert_eq!(
            six.grid_side(),
            None,
            "only a four-armed cross lies flat on a grid"
        );
        assert_eq!(six.grid_cell(Square(0)), None);
    }

    fn pachisi() -> Topology {
        Topology::new(4, 8, 5).expect("valid board")
    }

    #[test]
    fn the_pachisi_cross_has_96_squares_and_a_68_square_track() {
        let t = pachisi();
        assert_eq!(t.square_count(), 96);
        assert_eq!(t.track_len(), 68);
        assert_eq!(t.track.len(), 68);
        let distinct: HashSet<_> = t.track.iter().collect();
        assert_eq!(distinct.len(), 68);
    }

    #[test]
    fn the_pachisi_board_has_twelve_castles() {
        let t = pachisi();
        let castles = (0..96).filter(|&i| t.is_castle(Square(i))).count();
        assert_eq!(castles, 12);
        assert!(t.is_castle(t.square(0, Column::Middle, 8)));
        assert!(t.is_castle(t.square(3, Column::Left, 5)));
        assert!(!t.is_castle(t.square(3, Column::Left, 4)));
    }

    #[test]
    fn a_piece_passes_75_distinct_squares() {
        let t = pachisi();
        for arm in 0..4 {
            for direction in [Direction::Counterclockwise, Direction::Clockwise] {
                let route = t.route(arm, direction, RouteStart::Lane);
                assert_eq!(route.len(), 83);
                let distinct: HashSet<_> = route.iter().collect();
                assert_eq!(distinct.len(), 75);
            }
        }
    }

    #[test]
    fn consecutive_route_squares_are_neighbours() {
        let t = pachisi();
        let pos = |sq: Square| {
            // Board coordinates with the Charkoni at the origin, arm 0 pointing down (south),
            // arms numbered counter-clockwise: 1 east, 2 north, 3 west.
            let (arm, column, row) = t.coordinates(sq);
            let side = match column {
                Column::Left => -1,
                Column::Middle => 0,
                Column::Right => 1,
            };
            let (r, s) = (i32::from(row) + 1, side);
            // Looking outwards from the Charkoni along arm 0 (south), left is east.
            match arm {
                0 => (-s, -r),
                1 => (r, -s),
                2 => (s, r),
                _ => (-r, s),
            }
        };
        for direction in [Direction::Counterclockwise, Direction::Clockwise] {
            let route = t.route(0, direction, RouteStart::Lane);
            for pair in route.windows(2) {
                let (a, b) = (pos(pair[0]), pos(pair[1]));
                let d = (a.0 - b.0).abs() + (a.1 - b.1).abs();
                // The step from one arm's column to the next arm's column crosses a corner of the
                // Charkoni diagonally; the end square is repeated where the route turns home.
                assert!(d <= 2, "{} -> {}", t.name(pair[0]), t.name(pair[1]));
            }
        }
    }

    #[test]
    fn square_names_round_trip() {
        let t = pachisi();
        for i in 0..96 {
            let name = t.name(Square(i)).to_string();
            assert_eq!(t.parse_square(&name), Some(Square(i)), "{name}");
        }
        assert_eq!(t.parse_square("4m1"), None);
        assert_eq!(t.parse_square("0m9"), None);
        assert_eq!(t.parse_square("0x1"), None);
        assert_eq!(t.parse_square(""), None);
    }

    #[test]
    fn a_ludo_board_has_a_52_square_track() {
        let t = Topology::new(4, 6, 4).expect("valid board");
        assert_eq!(t.track_len(), 52);
    }

    #[test]
    fn bad_parameters_are_refused() {
        assert_eq!(Topology::new(1, 8, 5), Err(TopologyError::Arms(1)));
        assert_eq!(Topology::new(4, 1, 1), Err(TopologyError::ArmLength(1)));
        assert!(matches!(
            Topology::new(4, 8, 9),
            Err(TopologyError::CastleRow { .. })
        ));
    }
}
