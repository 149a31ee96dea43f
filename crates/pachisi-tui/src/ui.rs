//! Drawing the screens: the layout that fits the board beside a side panel, the panel's parts
//! (turn, teams, the throw as it fell, the moves, the log) and the windows over the board.

use crate::app::{App, Overlay};
use crate::board::{seat_color, BoardWidget, Geometry, Marks, SELECTED_BG};
use crate::legend;
use crate::move_words::{list_row, move_words};
use pachisi_core::describe::throw_words;
use pachisi_core::ruleset::Device;
use pachisi_core::{Phase, Position, Rules, Throw};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

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
pub fn draw_too_small(frame: &mut Frame, geometry: &Geometry) {
    let area = frame.area();
    let (w, h) = minimum_size(geometry.side());
    let text = vec![
        Line::from("The window is too small for the board.".bold()),
        Line::from(format!(
            "It is {}×{}; the board needs at least {w}×{h}.",
            area.width, area.height
        )),
        Line::from(
            "Enlarge the window or make the font smaller; q leaves (unsaved moves are saved).",
        ),
    ];
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: true }).centered(),
        area,
    );
}

/// Draws the board and returns where it is, for the mouse: `(x, y, cell width, cell height)`.
pub fn draw_board(
    frame: &mut Frame,
    screen: &Screen,
    rules: &Rules,
    geometry: &Geometry,
    position: &Position,
    marks: Marks,
    labels: &[String],
) -> (u16, u16, u16, u16) {
    frame.render_widget(
        BoardWidget {
            rules,
            geometry,
            position,
            marks,
            cell_width: screen.cell.0,
            cell_height: screen.cell.1,
            seat_labels: labels,
        },
        screen.board,
    );
    (screen.board.x, screen.board.y, screen.cell.0, screen.cell.1)
}

/// The top line: the ruleset and whose turn it is.
pub fn title_line(rules: &Rules, position: &Position, labels: &[String]) -> Line<'static> {
    let mut spans = vec![
        Span::from(rules.ruleset().title.clone()).bold(),
        " · ".into(),
    ];
    match position.phase() {
        Phase::Over => spans.push("game over".into()),
        phase => {
            let seat = position.to_move();
            let who = labels.get(usize::from(seat)).cloned().unwrap_or_default();
            spans.push(
                Span::from(format!(
                    "{} {}",
                    rules.seat_letter(seat),
                    rules.seat_colour(seat)
                ))
                .fg(seat_color(rules, seat))
                .bold(),
            );
            let doing = if phase == Phase::Throw {
                "to throw"
            } else {
                "to move"
            };
            // A record without a Seats tag names no player: nothing in parentheses then.
            let who = if who.is_empty() {
                String::new()
            } else {
                format!(" ({who})")
            };
            spans.push(format!("{who} {doing}").into());
        }
    }
    Line::from(spans)
}

/// One line per team: its seats and how many of their pieces are home (or in the goal, where the
/// goal is in the lane).
pub fn team_lines(rules: &Rules, position: &Position) -> Vec<Line<'static>> {
    let finished = if rules.goal_in_lane() { "goal" } else { "home" };
    (0..rules.teams())
        .map(|team| {
            let seats: Vec<u8> = (0..rules.seats())
                .filter(|&s| rules.team_of(s) == team)
                .collect();
            let done: usize = seats
                .iter()
                .map(|&s| {
                    let pieces = position.pieces_of(s);
                    pieces.iter().filter(|&&p| rules.in_goal(p)).count()
                })
                .sum();
            let total = seats.len() * usize::from(rules.pieces());
            // A seat playing alone is its colour; partners are a team.
            let name = match seats.as_slice() {
                [alone] => capitalized(rules.seat_colour(*alone)),
                _ => format!("Team {}", team + 1),
            };
            let mut spans = vec![format!("{name}: ").into()];
            for &s in &seats {
                spans.push(
                    Span::from(format!("{} ", rules.seat_letter(s)))
                        .fg(seat_color(rules, s))
                        .bold(),
                );
            }
            spans.push(format!(" {finished} {done}/{total}").into());
            if let Some(place) = position.placings().iter().position(|&t| t == team) {
                spans.push(format!("  finished {}", ordinal(place + 1)).into());
            }
            Line::from(spans)
        })
        .collect()
}

/// `word` with its first letter a capital.
fn capitalized(word: &str) -> String {
    let mut letters = word.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The throw as it fell (shells mouth up and down, or the dice) and what it means, in words.
/// `salt` varies the order the shells lie in from one throw to the next.
pub fn throw_lines(rules: &Rules, throw: Option<Throw>, salt: u64) -> Vec<Line<'static>> {
    let Some(throw) = throw else {
        return vec![Line::from("No throw yet.".dark_gray())];
    };
    let o = rules.outcome(throw);
    let t = &rules.ruleset().throw;
    let picture = match t.device {
        Device::Cowries => {
            let shells = usize::from(t.shells.unwrap_or(0));
            let up = usize::from(o.result);
            // Which shells lie mouth up is only a picture: spread them by a fixed shuffle.
            let mut order: Vec<usize> = (0..shells).collect();
            let mut x = salt.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for i in (1..shells).rev() {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                order.swap(i, (x % (i as u64 + 1)) as usize);
            }
            let shown: Vec<&str> = order
                .iter()
                .map(|&i| if i < up { "(|)" } else { "( )" })
                .collect();
            format!("{}   {up} mouth up", shown.join(" "))
        }
        Device::Dice if o.dice != [0, 0] => format!("[{}] [{}]", o.dice[0], o.dice[1]),
        Device::Dice => match t.dice.unwrap_or(1) {
            1 => format!("[{}]", o.value),
            n => format!("[{}]  ({n} dice)", o.value),
        },
    };
    vec![
        Line::from(picture),
        Line::from(throw_words(rules, throw)).fg(Color::Cyan),
    ]
}

/// The increments still to spend.
pub fn pool_line(position: &Position) -> Line<'static> {
    let items: Vec<String> = position
        .pool()
        .items()
        .iter()
        .map(|i| {
            if i.bonus {
                format!("+{} bonus", i.value)
            } else {
                i.value.to_string()
            }
        })
        .collect();
    if items.is_empty() {
        Line::from("To spend: nothing".dark_gray())
    } else {
        Line::from(format!("To spend: {}", items.join(", ")))
    }
}

/// The panel's throw section: [`throw_lines`] and [`pool_line`], in [`THROW_ROWS`] rows, under
/// a title that says whose throw it is (`thrown`: the seat that threw, and the throw).
pub fn draw_throw(
    frame: &mut Frame,
    area: Rect,
    rules: &Rules,
    position: &Position,
    thrown: Option<(u8, Throw)>,
    salt: u64,
) {
    let mut text = throw_lines(rules, thrown.map(|(_, t)| t), salt);
    text.push(pool_line(position));
    let title = match thrown {
        Some((seat, _)) => format!("{}'s throw", capitalized(rules.seat_colour(seat))),
        None => "Throw".to_string(),
    };
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(section(&title)),
        area,
    );
}

/// A panel section with a title.
pub fn section(title: &str) -> Block<'static> {
    Block::new()
        .borders(Borders::TOP)
        .title(Span::from(format!(" {title} ")).bold())
        .border_style(Style::new().fg(Color::DarkGray))
}

/// Draws the game screen.
pub fn draw(frame: &mut Frame, app: &mut App) {
    let Some(screen) = layout(frame.area(), &app.geometry) else {
        app.hits = Default::default();
        app.too_small = true;
        draw_too_small(frame, &app.geometry);
        return;
    };
    app.too_small = false;
    let table = &app.table;
    let rules = table.rules().clone();
    let pos = *table.position();
    let labels = table.seat_labels();
    // The moves listed, and the selection highlighted on the board, from one list.
    let moves = if table.awaits_human() {
        table.legal_moves()
    } else {
        Vec::new()
    };
    frame.render_widget(
        Paragraph::new(title_line(&rules, &pos, &labels)),
        screen.title,
    );
    app.hits.board = Some(draw_board(
        frame,
        &screen,
        &rules,
        &app.geometry,
        &pos,
        app.marks_for(moves.get(app.selected).copied()),
        &labels,
    ));
    // The legend in the rows the board leaves free under it.
    let under_board = Rect {
        y: screen.board.bottom(),
        height: screen.status.y.saturating_sub(screen.board.bottom()),
        ..screen.board
    };
    legend::draw(frame, under_board, app.words, &rules, screen.cell.0);

    let teams = team_lines(&rules, &pos);
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
        &rules,
        &pos,
        table.last_thrower().zip(table.last_throw()),
        table.throw_count(),
    );

    app.hits.move_rows.clear();
    let inner = section("Moves").inner(moves_area);
    frame.render_widget(section("Moves"), moves_area);
    if moves.is_empty() {
        let text = match pos.phase() {
            Phase::Over => app.result(),
            Phase::Throw if app.table.awaits_human() => "Enter: throw".into(),
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

    draw_log_lines(frame, log_area, app.log_words.lines(&rules), app.log_back);
    frame.render_widget(
        Paragraph::new(app.message.clone()).fg(Color::Cyan),
        screen.status,
    );
    frame.render_widget(
        Paragraph::new(
            "Enter go  ↑↓ choose  p pass  w why  h hint  u undo  s save  ? help  q quit",
        )
        .dark_gray(),
        screen.keys,
    );
    match &app.overlay {
        Some(overlay @ (Overlay::Help | Overlay::Legend)) => {
            let (title, lines) = legend::help_window(
                app.words,
                &rules,
                screen.cell.0,
                screen.middle(),
                key_lines(GAME_KEYS),
                *overlay == Overlay::Legend,
            );
            draw_window(frame, screen.middle(), &title, lines);
        }
        Some(overlay) => draw_overlay(frame, screen.middle(), overlay),
        None => {}
    }
}

/// Rows under the move list for the selected move's sentence.
const SENTENCE_ROWS: u16 = 3;

/// The log, newest line at the bottom, scrolled back `back` lines.
pub fn draw_log(frame: &mut Frame, area: Rect, log: &[String], back: usize) {
    let lines = log.iter().map(|l| Line::from(l.clone())).collect();
    draw_log_lines(frame, area, lines, back);
}

/// [`draw_log`] of lines already styled (the replay viewer's, with marks). A line longer than
/// the panel goes on over the rows below it, so that none is cut; `back` counts rows.
pub fn draw_log_lines(frame: &mut Frame, area: Rect, log: Vec<Line<'_>>, back: usize) {
    let inner = section("Log").inner(area);
    frame.render_widget(section("Log"), area);
    let mut log: Vec<Line> = log
        .into_iter()
        .flat_map(|line| wrap_line(line, usize::from(inner.width)))
        .collect();
    let rows = usize::from(inner.height);
    let back = back.min(log.len().saturating_sub(rows));
    log.truncate(log.len() - back);
    let start = log.len().saturating_sub(rows);
    frame.render_widget(Paragraph::new(log.split_off(start)), inner);
}

/// `line` in rows of at most `width` characters, its styles kept: broken after a space where
/// the row has one, the rows after the first indented by two spaces.
fn wrap_line(line: Line<'_>, width: usize) -> Vec<Line<'static>> {
    const INDENT: usize = 2;
    let chars: Vec<(char, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content.chars().map(move |c| (c, style))
        })
        .collect();
    if width <= INDENT || chars.len() <= width {
        let spans = group(&chars);
        return vec![Line::from(spans)];
    }
    let mut rows = Vec::new();
    let mut rest: &[(char, Style)] = &chars;
    let mut first = true;
    while !rest.is_empty() {
        let room = if first { width } else { width - INDENT };
        let mut cut = rest.len().min(room);
        if cut < rest.len() && rest[cut].0 != ' ' {
            // Back to just after the row's last space, if it has one.
            if let Some(space) = rest[..cut].iter().rposition(|(c, _)| *c == ' ') {
                cut = space + 1;
            }
        }
        let mut spans = if first {
            Vec::new()
        } else {
            vec![Span::raw(" ".repeat(INDENT))]
        };
        spans.extend(group(&rest[..cut]));
        rows.push(Line::from(spans));
        rest = &rest[cut..];
        // A row does not begin with the space it was broken at.
        while rest.first().is_some_and(|(c, _)| *c == ' ') {
            rest = &rest[1..];
        }
        first = false;
    }
    rows
}

/// Characters of one style together as one span.
fn group(chars: &[(char, Style)]) -> Vec<Span<'static>> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for &(c, s) in chars {
        if style.is_some_and(|current| current != s) {
            spans.push(Span::styled(
                std::mem::take(&mut text),
                style.unwrap_or_default(),
            ));
        }
        style = Some(s);
        text.push(c);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, style.unwrap_or_default()));
    }
    spans
}

/// A window over the board.
pub fn draw_overlay(frame: &mut Frame, area: Rect, overlay: &Overlay) {
    let (title, lines): (&str, Vec<Line>) = match overlay {
        Overlay::Help | Overlay::Legend => ("Keys", key_lines(GAME_KEYS)),
        Overlay::Hint(ranked) => (
            "Hint: the moves, best first",
            ranked
                .iter()
                .map(|(mv, description, chance)| {
                    Line::from(vec![
                        Span::from(format!("{:>5.1}% ", 100.0 * chance)).bold(),
                        Span::from(format!("{mv:<7} ")).fg(Color::Yellow),
                        description.clone().into(),
                    ])
                })
                .chain([Line::from(
                    "Chances that your side wins. Enter plays the first; any other key closes."
                        .dark_gray(),
                )])
                .collect(),
        ),
        Overlay::Tip { title, text, close } => (
            title.as_str(),
            vec![
                Line::from(text.clone()),
                Line::from(""),
                Line::from(close.clone().dark_gray()),
            ],
        ),
        Overlay::WhyNot(reasons) => (
            "Why pieces cannot move",
            reasons
                .iter()
                .map(|r| Line::from(r.clone()))
                .chain([Line::from("Any key closes.".dark_gray())])
                .collect(),
        ),
        Overlay::ConfirmQuit => (
            "Leave the game?",
            vec![
                Line::from("The game has moves that are not saved."),
                Line::from(""),
                Line::from("s  save the record and leave"),
                Line::from("y  leave without saving"),
                Line::from("any other key: go back to the game"),
            ],
        ),
    };
    draw_window(frame, area, title, lines);
}

/// The help window of a screen's keys.
pub fn draw_help(frame: &mut Frame, area: Rect, keys: &[(&str, &str)]) {
    draw_window(frame, area, "Keys", key_lines(keys));
}

/// A bordered window in the middle of `area`.
pub fn draw_window(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>) {
    let width = area.width.saturating_sub(2).clamp(20, 90);
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(width)) / 2,
        y: area.y + (area.height.saturating_sub(height)) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .title(Span::from(format!(" {title} ")).bold())
                .style(Style::new().bg(Color::Black).fg(Color::White)),
        ),
        rect,
    );
}

/// The game's keys, for its help window.
const GAME_KEYS: &[(&str, &str)] = &[
    ("Enter, space", "throw; play the selected move"),
    ("↑ ↓, k j", "select a move"),
    ("1-9", "play the move with that number"),
    ("click", "a piece: select its move; again: the next"),
    ("click", "the green square: play the move"),
    ("p", "pass, where the rules allow it"),
    ("w", "why your pieces cannot move"),
    ("h", "hint: the moves ranked with winning chances"),
    ("u", "undo your last move (against bots)"),
    ("s", "save the record"),
    ("PgUp PgDn", "scroll the log"),
    ("q, Esc", "leave (asks if moves are unsaved)"),
    ("Ctrl-C", "leave at once, saving unsaved moves"),
];

fn key_lines(keys: &[(&str, &str)]) -> Vec<Line<'static>> {
    keys.iter()
        .map(|&(key, what)| {
            Line::from(vec![
                Span::from(format!("{key:<13}"))
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
                Span::from(what.to_string()),
            ])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn labels(name: &str) -> Vec<String> {
        let rules = builtin_rules(name, &[]).expect("a built-in ruleset");
        let position = Position::new(&rules);
        team_lines(&rules, &position)
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
        assert!(texts.iter().all(|t| t.chars().count() <= 20));
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
        assert_eq!(ludo[0], capitalized(rules.seat_colour(0)));
        assert_eq!(labels("pachisi"), ["Team 1", "Team 2"]);
    }
}
