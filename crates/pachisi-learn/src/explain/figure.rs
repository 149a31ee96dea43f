//! The figure of one seat's route on the board: the squares of the cross on the grid core lays
//! it on ([`pachisi_core::Topology::grid_cell`]), the castles, and the route's cells in order
//! from its start to its end. The drawing itself is [`super::render`]'s.

use super::{colour, direction_key, goal_key, start, start_key};
use pachisi_core::topology::Column;
use pachisi_core::{Rules, Square};
use pachisi_words::{Args, Words};

/// One square of the board as the figure draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The column of the grid, from the left.
    pub x: u16,
    /// The row of the grid, from the top.
    pub y: u16,
    /// Whether it is a castle (safe square).
    pub castle: bool,
    /// Whether the seat's route passes it.
    pub on_route: bool,
}

/// A seat's route drawn on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct RouteFigure {
    /// The grid's side in cells; the centre (the Charkoni, or home) is the 3×3 block in the
    /// middle.
    pub side: u16,
    /// Every square of the board that pieces use (the track and the lanes).
    pub cells: Vec<Cell>,
    /// The cells of the route in the order a piece passes them; the centre cell is the first
    /// where pieces start in the Charkoni and the last where they finish there.
    pub path: Vec<(u16, u16)>,
    /// The seat's colour, as the ruleset writes it (for the drawing's colour, never shown).
    pub colour: String,
    /// A short title of the figure, for those who cannot see it.
    pub title: String,
    /// What the figure shows and how to read it.
    pub caption: String,
}

impl RouteFigure {
    /// The route of `seat`, or `None` where the board is not a cross of four arms (the only one
    /// that lies flat on a square grid).
    pub fn of(rules: &Rules, words: &Words, seat: u8) -> Option<RouteFigure> {
        let words = &crate::speak::family_words(words, rules);
        let topology = rules.topology();
        let side = topology.grid_side()?;
        let route = rules.route(seat);
        let cells = (0..topology.square_count())
            .filter_map(|i| u8::try_from(i).ok())
            .map(Square)
            .filter(|&sq| topology.on_track(sq) || topology.coordinates(sq).1 == Column::Middle)
            .filter_map(|sq| {
                let (x, y) = topology.grid_cell(sq)?;
                Some(Cell {
                    x,
                    y,
                    castle: topology.is_castle(sq),
                    on_route: route.contains(&sq),
                })
            })
            .collect();
        let centre = (side / 2, side / 2);
        let mut path = Vec::with_capacity(route.len() + 2);
        if !rules.starts_in_nest() {
            path.push(centre);
        }
        path.extend(route.iter().filter_map(|&sq| topology.grid_cell(sq)));
        if !rules.goal_in_lane() {
            path.push(centre);
        }
        let mut args = Args::new();
        args.set("colour", colour(rules, words, seat));
        args.set("direction", direction_key(rules));
        // Where every piece begins on the board, the caption says so rather than that they
        // start at the ring.
        if start::all_begin_on_board(rules) && !rules.starts_in_nest() {
            args.set("start", "board");
        } else {
            args.set("start", start_key(rules));
        }
        args.set("goal", goal_key(rules));
        Some(RouteFigure {
            side,
            cells,
            path,
            colour: rules.seat_colour(seat).to_string(),
            title: words.msg_with("figure-title", &args),
            caption: words.msg_with("figure-caption", &args),
        })
    }
}
