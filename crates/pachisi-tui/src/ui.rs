//! Drawing the screens: the layout that fits the board beside a side panel, the board, the game
//! screen; the panel's parts (turn, teams, the throw as it fell, the moves, the log) are
//! panel.rs's, the windows over the board windows.rs's.

use crate::app::{App, Overlay};
use crate::board::{BoardWidget, Geometry, Marks, SELECTED_BG};
use crate::legend;
use crate::move_words::{list_row, move_words};
use pachisi_core::{Phase, Position, Rules};
use pachisi_learn::speak::family_words;
use pachisi_words::{number, Args, Words};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

mod panel;
mod windows;

pub use panel::{
    draw_log, draw_log_lines, draw_throw, pool_line, seat_labels, section, team_lines, throw_lines,
    title_line, wrap_line,
};
pub use windows::{draw_help, draw_overlay, draw_window, key_lines, GAME_KEYS};

/// Rows of the throw section: its title, the picture, the words (two lines when long) and
/// what is left to spend.
pub const THROW_ROWS: u16 = 5;

/// Columns the side panel needs at least.
const PANEL_WIDTH: u16 = 40;

/// Where the parts of a screen go.
pub struct Screen {
    /// The top line.
    pub title: Rect,
    /// The board.
    pub board: Rect,
    /// Characters and rows per board cell.
    pub cell: (u16, u16),
    /// The side panel.
    pub panel: Rect,
    /// The status line.
    pub status: Rect,
    /// The line of keys at the bottom.
    pub keys: Rect,
}

impl Screen {
    /// The band between the top line and the status line, where windows open.
    pub fn middle(&self) -> Rect {
        self.board.union(self.panel)
    }
}

/// The smallest window that shows a board of `side` cells: two characters a cell, the panel,
/// and three lines of text.
pub fn minimum_size(side: u16) -> (u16, u16) {
    (2 * side + 1 + PANEL_WIDTH, side + 3)
}

/// Lays a screen out in `area`, using wider (and then taller) cells when there is room; `None`
/// when the window is too small.
pub fn layout(area: Rect, geometry: &Geometry) -> Option<Screen> {
    layout_leaving(area, geometry, 0)
}

/// [`layout`], using taller cells only where they leave `below` rows free under the board (for
/// the replay viewer's graph).
pub fn layout_leaving(area: Rect, geometry: &Geometry, below: u16) -> Option<Screen> {
    let side = geometry.side();
    let (min_w, min_h) = minimum_size(side);
    if area.width < min_w || area.height < min_h {
        return None;
    }
    let cell_w = ((area.width - PANEL_WIDTH - 1) / side).clamp(2, 4);
    let cell_h = if cell_w == 4 && area.height >= 2 * side + 3 + below {
        2
    } else {
        1
    };
    let [title, middle, status, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(side * cell_h),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, _, panel] = Layout::horizontal([
        Constraint::Length(side * cell_w),
        Constraint::Length(1),
        Constraint::Min(PANEL_WIDTH),
    ])
    .areas(middle);
    Some(Screen {
        title,
        board: Rect {
            height: side * cell_h,
            ..board
        },
        cell: (cell_w, cell_h),
        panel,
        status,
        keys,
    })
}

/// Says the window is too small, and how big it must be.
pub fn draw_too_small(frame: &mut Frame, geometry: &Geometry, words: &Words) {
    let area = frame.area();
    let (w, h) = minimum_size(geometry.side());
    let mut args = Args::new();
    args.set("width", number(area.width));
    args.set("height", number(area.height));
    args.set("min-width", number(w));
    args.set("min-height", number(h));
    let text = vec![
        Line::from(words.msg("play-too-small").bold()),
        Line::from(words.msg_with("play-too-small-size", &args)),
        Line::from(words.msg("play-too-small-what")),
    ];
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: true }).centered(),
        area,
    );
}

/// What the board shows: the position under its rules, the squares to highlight, who plays
/// each seat, and the catalogue of the corners' words.
pub struct BoardView<'a> {
    /// The rules played.
    pub rules: &'a Rules,
    /// The grid.
    pub geometry: &'a Geometry,
    /// The position drawn.
    pub position: &'a Position,
    /// Squares to highlight.
    pub marks: Marks,
    /// Who plays each seat, by seat.
    pub labels: &'a [String],
    /// The catalogue.
    pub words: &'a Words,
}

/// Draws the board and returns where it is, for the mouse: `(x, y, cell width, cell height)`.
pub fn draw_board(frame: &mut Frame, screen: &Screen, view: BoardView) -> (u16, u16, u16, u16) {
    frame.render_widget(
        BoardWidget {
            rules: view.rules,
            geometry: view.geometry,
            position: view.position,
            marks: view.marks,
            cell_width: screen.cell.0,
            cell_height: screen.cell.1,
            seat_labels: view.labels,
            words: view.words,
        },
        screen.board,
    );
    (screen.board.x, screen.board.y, screen.cell.0, screen.cell.1)
}

/// Draws the game screen.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let Some(screen) = layout(frame.area(), &app.geometry) else {
        app.hits = Default::default();
        app.too_small = true;
        draw_too_small(frame, &app.geometry, app.words);
        return;
    };
    app.too_small = false;
    let table = &app.table;
    let rules = table.rules().clone();
    let pos = *table.position();
    let labels = seat_labels(app.words, table.record().tag("Seats"));
    // The moves listed, and the selection highlighted on the board, from one list.
    let moves = if table.awaits_human() {
        table.legal_moves()
    } else {
        Vec::new()
    };
    frame.render_widget(
        Paragraph::new(title_line(app.words, &rules, &pos, &labels)),
        screen.title,
    );
    app.hits.board = Some(draw_board(
        frame,
        &screen,
        BoardView {
            rules: &rules,
            geometry: &app.geometry,
            position: &pos,
            marks: app.marks_for(moves.get(app.selected).copied()),
            labels: &labels,
            words: app.words,
        },
    ));
    // The legend in the rows the board leaves free under it.
    let under_board = Rect {
        y: screen.board.bottom(),
        height: screen.status.y.saturating_sub(screen.board.bottom()),
        ..screen.board
    };
    legend::draw(frame, under_board, app.words, &rules, screen.cell.0);

    let teams = team_lines(app.words, &rules, &pos);
    let move_rows = (moves.len() as u16).clamp(1, 8);
    let [teams_area, throw_area, moves_area, log_area] = Layout::vertical([
        Constraint::Length(teams.len() as u16),
        Constraint::Length(THROW_ROWS),
        Constraint::Length(
            move_rows
                + if moves.is_empty() {
                    1
                } else {
                    1 + SENTENCE_ROWS
                },
        ),
        Constraint::Min(2),
    ])
    .areas(screen.panel);
    frame.render_widget(Paragraph::new(teams), teams_area);

    draw_throw(
        frame,
        throw_area,
        app.words,
        &rules,
        &pos,
        table.last_thrower().zip(table.last_throw()),
        table.throw_count(),
    );

    app.hits.move_rows.clear();
    let moves_title = app.words.msg("play-section-moves");
    let inner = section(&moves_title).inner(moves_area);
    frame.render_widget(section(&moves_title), moves_area);
    if moves.is_empty() {
        let text = match pos.phase() {
            Phase::Over => app.result(),
            Phase::Throw if app.table.awaits_human() => app.words.msg("play-moves-throw"),
            _ => "…".into(),
        };
        frame.render_widget(Paragraph::new(text).dark_gray(), inner);
    } else {
        let list = Rect {
            height: inner.height.saturating_sub(SENTENCE_ROWS),
            ..inner
        };
        let first = app
            .selected
            .saturating_sub(usize::from(list.height).saturating_sub(1));
        for (row, i) in (first..moves.len())
            .take(usize::from(list.height))
            .enumerate()
        {
            let said = move_words(app.words, &rules, &pos, moves[i]);
            let text = list_row(i, &said, usize::from(list.width), i == app.selected);
            let style = if i == app.selected {
                Style::new().bg(SELECTED_BG).fg(Color::White).bold()
            } else {
                Style::new()
            };
            let y = list.y + row as u16;
            frame.render_widget(
                Paragraph::new(text).style(style),
                Rect {
                    y,
                    height: 1,
                    ..list
                },
            );
            app.hits.move_rows.push((y, i));
        }
        // The selected move in a whole sentence, under the list.
        if let Some(&mv) = moves.get(app.selected) {
            let words = Rect {
                y: list.bottom(),
                height: SENTENCE_ROWS,
                ..inner
            };
            frame.render_widget(
                Paragraph::new(move_words(app.words, &rules, &pos, mv).sentence)
                    .wrap(Wrap { trim: true })
                    .fg(Color::Green),
                words,
            );
        }
    }

    draw_log_lines(
        frame,
        log_area,
        app.words,
        app.log_words.lines(&rules),
        app.log_back,
    );
    frame.render_widget(
        Paragraph::new(app.message.clone()).fg(Color::Cyan),
        screen.status,
    );
    frame.render_widget(
        Paragraph::new(app.words.msg("play-keys")).dark_gray(),
        screen.keys,
    );
    match &app.overlay {
        Some(overlay @ (Overlay::Help | Overlay::Legend)) => {
            let (title, lines) = legend::help_window(
                app.words,
                &rules,
                screen.cell.0,
                screen.middle(),
                key_lines(family_words(app.words, &rules), GAME_KEYS),
                *overlay == Overlay::Legend,
            );
            draw_window(frame, screen.middle(), &title, lines);
        }
        Some(overlay) => draw_overlay(
            frame,
            screen.middle(),
            family_words(app.words, &rules),
            overlay,
        ),
        None => {}
    }
}

/// Rows under the move list for the selected move's sentence.
const SENTENCE_ROWS: u16 = 3;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::width::width;
    use pachisi_core::builtin_rules;
    use ratatui::text::Span;
    use unicode_segmentation::UnicodeSegmentation;

    fn labels(name: &str) -> Vec<String> {
        let rules = builtin_rules(name, &[]).expect("a built-in ruleset");
        let position = Position::new(&rules);
        team_lines(pachisi_words::english(), &rules, &position)
            .iter()
            .map(|line| {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                text.split(':').next().unwrap_or_default().to_string()
            })
            .collect()
    }

    /// A log line longer than the panel goes on over rows, whole, its styles kept.
    #[test]
    fn a_long_log_line_is_wrapped_whole() {
        let line = Line::from(vec![
            Span::raw("yellow begins: "),
            Span::styled("the throw-off", Style::new().fg(Color::Yellow)),
            Span::raw(" gave 6 against 4"),
        ]);
        let rows = wrap_line(line, 20);
        let texts: Vec<String> = rows
            .iter()
            .map(|r| r.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(
            texts,
            ["yellow begins: the ", "  throw-off gave 6 ", "  against 4"]
        );
        assert!(texts.iter().all(|t| width(t) <= 20));
        // The throw-off keeps its colour across the break.
        let coloured: String = rows
            .iter()
            .flat_map(|r| r.spans.iter())
            .filter(|s| s.style.fg == Some(Color::Yellow))
            .map(|s| s.content.as_ref())
            .collect();
        assert_eq!(coloured, "the throw-off");
        let short = wrap_line(Line::from("Y: (3) -"), 20);
        assert_eq!(short.len(), 1);
    }

    /// Seats playing alone are named by their colours, partners as teams.
    #[test]
    fn seats_alone_are_named_by_colour_and_partners_as_teams() {
        let ludo = labels("ludo");
        assert_eq!(ludo.len(), 4);
        assert!(ludo.iter().all(|l| !l.starts_with("Team")), "{ludo:?}");
        let rules = builtin_rules("ludo", &[]).expect("ludo");
        assert_eq!(
            ludo[0],
            pachisi_words::english().colour(rules.seat_colour(0))
        );
        assert_eq!(labels("pachisi"), ["Team 1", "Team 2"]);
    }

    /// A line of Devanagari and Tamil goes on over rows that fit, broken between words or
    /// graphemes, never inside one.
    #[test]
    fn a_log_line_in_devanagari_or_tamil_wraps_by_its_width() {
        let text = "पचीसी खेलें தாயம் விளையாடு पचीसी खेलें தாயம் விளையாடு";
        for room in 5..=30 {
            let rows = wrap_line(Line::from(text), room);
            let texts: Vec<String> = rows
                .iter()
                .map(|r| r.spans.iter().map(|s| s.content.as_ref()).collect())
                .collect();
            for row in &texts {
                assert!(width(row) <= room, "{row:?} in {room}");
            }
            let graphemes = |t: &str| -> Vec<String> {
                t.graphemes(true)
                    .filter(|g| *g != " ")
                    .map(str::to_string)
                    .collect()
            };
            assert_eq!(graphemes(&texts.concat()), graphemes(text), "{room}");
        }
    }

    /// Who plays each seat, from the record's Seats tag, in the catalogue's words.
    #[test]
    fn seats_are_labelled_from_the_record() {
        let words = pachisi_words::english();
        assert_eq!(
            seat_labels(words, Some("human,bot:heuristic,bot,human")),
            ["human 1", "bot heuristic", "bot expectimax", "human 2"]
        );
        assert_eq!(
            seat_labels(words, Some("human,bot:random")),
            ["you", "bot random"]
        );
        assert!(seat_labels(words, None).is_empty());
    }
}
