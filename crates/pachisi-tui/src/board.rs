//! The cross drawn in the terminal: where each square of the board falls on the screen, and the
//! widget that draws the board with its pieces.
//!
//! The board is a square grid of `2 * arm_length + 3` cells a side: the Charkoni is the 3×3 block
//! in the middle, and each arm is three cells wide. Arm 0 points down (towards the player of the
//! first seat), and the others follow counter-clockwise, as the engine numbers them, so pieces
//! travel round the screen the way they travel round the cloth. The four empty corners of the
//! grid hold each seat's waiting and finished pieces, beside its own arm.
//!
//! Every piece is drawn in its seat's colour *and* with its seat's letter, so the board reads the
//! same without colour; a number gives the size of a stack or pair.

use crate::width::{width as columns, wrap};
use pachisi_core::{Position, Rules, Square};
use pachisi_words::{Args, Words};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Widget;

/// A cell of the board grid, counted from the top-left corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// Column of the grid.
    pub x: u16,
    /// Row of the grid.
    pub y: u16,
}

/// Where squares, seats' corners and the Charkoni fall on the grid of one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    arm_length: u16,
}

impl Geometry {
    /// The grid of a ruleset's board, or why the terminal cannot draw it (in `words`).
    ///
    /// # Errors
    /// When the board does not have four arms: the terminal draws the cross only.
    pub fn of(rules: &Rules, words: &Words) -> Result<Geometry, String> {
        let topology = rules.topology();
        if topology.grid_side().is_none() {
            let mut args = Args::new();
            args.set("arms", pachisi_words::number(topology.arms()));
            return Err(words.msg_with("play-board-arms", &args));
        }
        Ok(Geometry {
            arm_length: u16::from(topology.arm_length()),
        })
    }

    /// Cells along one side of the grid.
    pub fn side(&self) -> u16 {
        2 * self.arm_length + 3
    }

    fn centre(&self) -> i32 {
        i32::from(self.arm_length) + 1
    }

    /// The cell of a square.
    pub fn cell_of(&self, rules: &Rules, sq: Square) -> Cell {
        let (x, y) = rules.topology().grid_cell(sq).unwrap_or((0, 0));
        Cell { x, y }
    }

    /// The square drawn in a cell, if any.
    pub fn square_at(&self, rules: &Rules, cell: Cell) -> Option<Square> {
        (0..rules.topology().square_count())
            .filter_map(|i| u8::try_from(i).ok().map(Square))
            .find(|&sq| self.cell_of(rules, sq) == cell)
    }

    /// Whether a cell lies in the Charkoni.
    pub fn in_charkoni(&self, cell: Cell) -> bool {
        let c = self.centre();
        (i32::from(cell.x) - c).abs() <= 1 && (i32::from(cell.y) - c).abs() <= 1
    }

    /// The corner of the grid beside a seat's arm, where its pieces off the board are shown: its
    /// top-left cell; it is `arm_length` cells a side.
    pub fn corner_of(&self, rules: &Rules, seat: u8) -> Cell {
        let (x, y) = rules
            .topology()
            .grid_corner(rules.home_arm(seat))
            .unwrap_or((0, 0));
        Cell { x, y }
    }
}

/// The colour a seat's pieces are drawn in. Black pieces are drawn white so that they show on a
/// dark terminal; the letter names them either way.
pub fn seat_color(rules: &Rules, seat: u8) -> Color {
    match rules.seat_colour(seat).to_ascii_lowercase().as_str() {
        "yellow" => Color::Yellow,
        "green" => Color::Green,
        "red" => Color::Red,
        "blue" => Color::Blue,
        "black" | "white" => Color::White,
        "magenta" | "purple" => Color::Magenta,
        "cyan" => Color::Cyan,
        _ => Color::Gray,
    }
}

/// What stands on one square: every seat's count there.
fn stack_on(rules: &Rules, pos: &Position, sq: Square) -> Vec<(u8, usize)> {
    (0..rules.seats())
        .filter_map(|seat| {
            let n = pos
                .pieces_of(seat)
                .iter()
                .filter(|&&p| rules.square_at(seat, p) == Some(sq))
                .count();
            (n > 0).then_some((seat, n))
        })
        .collect()
}

/// The text of a stack in `width` characters: `Y` for one piece, `Y2` for two, `YR` or `Y2R1`
/// when partners share a square.
pub fn stack_text(rules: &Rules, stack: &[(u8, usize)], width: usize) -> String {
    let mixed = stack.len() > 1;
    let full: String = stack
        .iter()
        .map(|&(seat, n)| {
            let letter = rules.seat_letter(seat);
            if n > 1 || (mixed && stack.iter().any(|&(_, m)| m > 1)) {
                format!("{letter}{n}")
            } else {
                letter.to_string()
            }
        })
        .collect();
    if columns(&full) <= width {
        return full;
    }
    // Too long for the cell: the first seat's letter and the total.
    let total: usize = stack.iter().map(|&(_, n)| n).sum();
    let short = format!(
        "{}{total}",
        stack.first().map_or('?', |s| rules.seat_letter(s.0))
    );
    crate::width::truncate(&short, width)
}

/// Squares to mark on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Where the last move started and ended.
    pub last_move: [Option<Square>; 2],
    /// Where the move the player has selected starts and ends.
    pub selected: [Option<Square>; 2],
}

/// The board of a position, drawn with cells `cell_width` characters wide and `cell_height` rows
/// high.
pub struct BoardWidget<'a> {
    /// The rules played.
    pub rules: &'a Rules,
    /// The grid.
    pub geometry: &'a Geometry,
    /// The position drawn.
    pub position: &'a Position,
    /// Squares to highlight.
    pub marks: Marks,
    /// Characters per cell.
    pub cell_width: u16,
    /// Rows per cell.
    pub cell_height: u16,
    /// A short label for each seat's corner (who plays it), by seat.
    pub seat_labels: &'a [String],
    /// The catalogue of the corners' and the centre's words.
    pub words: &'a Words,
}

/// The background of a plain square.
pub const SQUARE_BG: Color = Color::Rgb(60, 44, 30);
/// The background of a castle.
pub const CASTLE_BG: Color = Color::Rgb(120, 40, 40);
/// The background of the squares the last move left and reached.
pub const LAST_MOVE_BG: Color = Color::Rgb(30, 90, 140);
/// The background of the squares of the selected move.
pub const SELECTED_BG: Color = Color::Rgb(20, 130, 60);
/// The background of the Charkoni.
pub const CHARKONI_BG: Color = Color::Rgb(90, 70, 20);

impl BoardWidget<'_> {
    /// The screen rectangle of a grid cell inside `area`.
    fn cell_rect(&self, area: Rect, cell: Cell) -> Rect {
        Rect {
            x: area.x + cell.x * self.cell_width,
            y: area.y + cell.y * self.cell_height,
            width: self.cell_width,
            height: self.cell_height,
        }
    }

    fn draw_square(&self, buf: &mut Buffer, area: Rect, sq: Square) {
        let topology = self.rules.topology();
        let cell = self.geometry.cell_of(self.rules, sq);
        let rect = self.cell_rect(area, cell).intersection(area);
        let castle = topology.is_castle(sq);
        let mut bg = if castle { CASTLE_BG } else { SQUARE_BG };
        if self.marks.last_move.contains(&Some(sq)) {
            bg = LAST_MOVE_BG;
        }
        if self.marks.selected.contains(&Some(sq)) {
            bg = SELECTED_BG;
        }
        buf.set_style(rect, Style::new().bg(bg));
        let width = usize::from(self.cell_width);
        let stack = stack_on(self.rules, self.position, sq);
        let (text, style) = match stack.first() {
            Some(&(seat, _)) => (
                stack_text(self.rules, &stack, width),
                Style::new()
                    .fg(seat_color(self.rules, seat))
                    .bg(bg)
                    .add_modifier(Modifier::BOLD),
            ),
            // A castle is marked with a cross, as on the cloth; plain squares with a dot.
            None if castle => ("x".to_string(), Style::new().fg(Color::Gray).bg(bg)),
            None => ("·".to_string(), Style::new().fg(Color::DarkGray).bg(bg)),
        };
        let pad = (width.saturating_sub(columns(&text))) / 2;
        buf.set_stringn(rect.x + pad as u16, rect.y, &text, width - pad, style);
    }

    fn draw_charkoni(&self, buf: &mut Buffer, area: Rect) {
        let c = self.geometry.side() / 2;
        let top_left = self.cell_rect(area, Cell { x: c - 1, y: c - 1 });
        let rect = Rect {
            width: 3 * self.cell_width,
            height: 3 * self.cell_height,
            ..top_left
        }
        .intersection(area);
        buf.set_style(rect, Style::new().bg(CHARKONI_BG));
        let label = centre_label(self.words, self.rules, 3 * self.cell_width);
        let x = rect.x + (rect.width.saturating_sub(columns(&label) as u16)) / 2;
        buf.set_stringn(
            x,
            rect.y + rect.height / 2,
            &label,
            usize::from(rect.width),
            Style::new().fg(Color::Black).bg(CHARKONI_BG),
        );
    }

    /// A seat's corner: its name and who plays it, its pieces waiting and home.
    fn draw_corner(&self, buf: &mut Buffer, area: Rect, seat: u8) {
        let rules = self.rules;
        let geometry = self.geometry;
        let corner = geometry.corner_of(rules, seat);
        let side = geometry.arm_length;
        let rect = Rect {
            width: side * self.cell_width,
            height: side * self.cell_height,
            ..self.cell_rect(area, corner)
        }
        .intersection(area);
        let pieces = self.position.pieces_of(seat);
        let waiting = pieces.iter().filter(|&&p| p == 0).count();
        // Where the goal is in the lane, the pieces in it have finished (and stand on the board).
        let home = pieces.iter().filter(|&&p| rules.in_goal(p)).count();
        let colour = Style::new()
            .fg(seat_color(rules, seat))
            .add_modifier(Modifier::BOLD);
        // Leave one character of margin on the sides towards the arms.
        let inner = Rect {
            x: rect.x + 1,
            width: rect.width.saturating_sub(2),
            ..rect
        };
        // Who plays the seat, whole: a bot's spec too long for the corner goes on over lines.
        let label = self
            .seat_labels
            .get(usize::from(seat))
            .map(|l| wrap(l, usize::from(inner.width), &[':']))
            .unwrap_or_default();
        let name = self
            .words
            .colour(&rules.seat_colour(seat).to_ascii_lowercase());
        let mut lines: Vec<(String, Style)> =
            vec![(format!("{} {name}", rules.seat_letter(seat)), colour)];
        lines.extend(label.into_iter().map(|l| (l, Style::new().fg(Color::Gray))));
        let mut start = Args::new();
        start.set(
            "start",
            if rules.starts_in_nest() {
                "nest"
            } else {
                "waiting"
            },
        );
        start.set("marks", piece_marks(rules, seat, waiting));
        lines.push((
            self.words.msg_with("play-corner-start", &start),
            Style::new(),
        ));
        // Where the goal is in the lane, the pieces in it have finished (and stand on the board).
        let mut finished = Args::new();
        finished.set("goal", if rules.goal_in_lane() { "yes" } else { "no" });
        finished.set("marks", piece_marks(rules, seat, home));
        lines.push((
            self.words.msg_with("play-corner-finished", &finished),
            Style::new(),
        ));
        let top = inner.y + inner.height.saturating_sub(lines.len() as u16) / 2;
        for (i, (text, style)) in lines.iter().enumerate() {
            let y = top + i as u16;
            if y < inner.bottom() {
                buf.set_stringn(inner.x, y, text, usize::from(inner.width), *style);
            }
        }
    }
}

/// The centre's name as the board writes it in `room` columns: `Charkoni` (where pieces start and
/// finish, as in Pachisi) or `Home` (where they only finish, as in Parcheesi and Ludo), or its
/// first letter where the name is too wide.
pub fn centre_label(words: &Words, rules: &Rules, room: u16) -> String {
    let name = if rules.starts_in_nest() {
        words.msg("play-centre-home")
    } else {
        words.msg("play-centre-charkoni")
    };
    if usize::from(room) >= columns(&name) {
        name
    } else {
        // One letter with its vowel signs, never a letter cut from them.
        use unicode_segmentation::UnicodeSegmentation;
        name.graphemes(true).next().unwrap_or_default().to_string()
    }
}

/// `n` pieces as the seat's letter repeated (`YY`), or the letter and a count when many.
fn piece_marks(rules: &Rules, seat: u8, n: usize) -> String {
    let letter = rules.seat_letter(seat);
    match n {
        0 => "-".to_string(),
        1..=4 => std::iter::repeat(letter).take(n).collect(),
        _ => format!("{letter}×{n}"),
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.draw_charkoni(buf, area);
        for i in 0..self.rules.topology().square_count() {
            if let Ok(i) = u8::try_from(i) {
                self.draw_square(buf, area, Square(i));
            }
        }
        for seat in 0..self.rules.seats() {
            self.draw_corner(buf, area, seat);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;
    use pachisi_core::topology::Column;

    /// A bot's spec longer than its corner goes on over lines, whole, broken after its colons.
    #[test]
    fn a_long_label_is_wrapped_whole_and_a_short_one_kept() {
        assert_eq!(wrap("bot heuristic", 16, &[':']), ["bot heuristic"]);
        assert_eq!(
            wrap("bot expectimax:depth=2:eval=neural", 16, &[':']),
            ["bot expectimax:", "depth=2:", "eval=neural"]
        );
        assert_eq!(wrap("abcdefghij", 4, &[':']), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("you", 0, &[':']), Vec::<String>::new());
        let all = "bot mcts:playouts=500:rollout=heuristic";
        let lines = wrap(all, 12, &[':']);
        assert!(lines.iter().all(|l| columns(l) <= 12), "{lines:?}");
        assert_eq!(lines.join(" ").replace(' ', ""), all.replace(' ', ""));
    }

    #[test]
    fn every_square_has_its_own_cell_outside_the_charkoni() {
        for name in ["pachisi", "ludo", "parcheesi-sr", "parcheesi-mb"] {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let g = Geometry::of(&rules, pachisi_words::english()).expect("four arms");
            let mut seen = std::collections::HashSet::new();
            for i in 0..rules.topology().square_count() {
                let cell = g.cell_of(&rules, Square(i as u8));
                assert!(cell.x < g.side() && cell.y < g.side(), "{name}: {cell:?}");
                assert!(!g.in_charkoni(cell), "{name}: {cell:?}");
                assert!(
                    seen.insert((cell.x, cell.y)),
                    "{name}: two squares on {cell:?}"
                );
                assert_eq!(g.square_at(&rules, cell), Some(Square(i as u8)));
            }
        }
    }

    #[test]
    fn a_route_moves_one_cell_at_a_time_except_across_the_corners() {
        // Consecutive squares of a route are neighbours on the grid (a diagonal step where the
        // track turns a corner of the Charkoni), so the drawing follows the board.
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let g = Geometry::of(&rules, pachisi_words::english()).expect("four arms");
        for seat in 0..rules.seats() {
            for pair in rules.route(seat).windows(2) {
                let (a, b) = (g.cell_of(&rules, pair[0]), g.cell_of(&rules, pair[1]));
                let dx = (i32::from(a.x) - i32::from(b.x)).abs();
                let dy = (i32::from(a.y) - i32::from(b.y)).abs();
                assert!(dx <= 1 && dy <= 1 && dx + dy > 0, "{a:?} -> {b:?}");
            }
        }
    }

    #[test]
    fn arm_zero_points_down_and_the_track_runs_counter_clockwise() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let g = Geometry::of(&rules, pachisi_words::english()).expect("four arms");
        let topology = rules.topology();
        let end = topology.square(0, Column::Middle, 8);
        assert_eq!(g.cell_of(&rules, end), Cell { x: 9, y: 18 });
        // Out along the right column (on the left of the screen for an arm pointing down) ...
        let out = topology.square(0, Column::Right, 1);
        assert_eq!(g.cell_of(&rules, out), Cell { x: 8, y: 11 });
        // ... and on to arm 1, which points right.
        let next = topology.square(1, Column::Middle, 8);
        assert_eq!(g.cell_of(&rules, next), Cell { x: 18, y: 9 });
    }

    #[test]
    fn corners_do_not_overlap_the_arms() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let g = Geometry::of(&rules, pachisi_words::english()).expect("four arms");
        let mut corners: Vec<(u16, u16)> = (0..4)
            .map(|seat| {
                let c = g.corner_of(&rules, seat);
                (c.x, c.y)
            })
            .collect();
        corners.sort_unstable();
        assert_eq!(corners, vec![(0, 0), (0, 11), (11, 0), (11, 11)]);
        // Arm 0 (the first seat's) points down: its corner is the bottom-left one.
        assert_eq!(g.corner_of(&rules, 0), Cell { x: 0, y: 11 });
    }

    #[test]
    fn stacks_read_without_colour() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        assert_eq!(stack_text(&rules, &[(0, 1)], 2), "Y");
        assert_eq!(stack_text(&rules, &[(0, 3)], 2), "Y3");
        assert_eq!(stack_text(&rules, &[(0, 1), (2, 1)], 2), "YB");
        assert_eq!(stack_text(&rules, &[(0, 2), (2, 1)], 4), "Y2B1");
        assert_eq!(stack_text(&rules, &[(0, 2), (2, 1)], 2), "Y3");
    }
}
