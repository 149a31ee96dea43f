//! The windows over the board: the keys, a hint's ranking, why pieces cannot move, a tip, the
//! question before leaving with moves unsaved; and the keys' lines they share with the replay
//! viewer's help.

use crate::app::Overlay;
use crate::width::{pad_end, pad_start, width};
use pachisi_words::FamilyWords;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};
use ratatui::Frame;

/// The game's keys, for its help window: the messages naming each key and saying what it does.
pub const GAME_KEYS: &[(&str, &str)] = &[
    ("play-key-go", "play-key-go-does"),
    ("play-key-choose", "play-key-choose-does"),
    ("play-key-number", "play-key-number-does"),
    ("play-key-click", "play-key-click-piece-does"),
    ("play-key-click", "play-key-click-square-does"),
    ("play-key-pass", "play-key-pass-does"),
    ("play-key-why", "play-key-why-does"),
    ("play-key-hint", "play-key-hint-does"),
    ("play-key-undo", "play-key-undo-does"),
    ("play-key-save", "play-key-save-does"),
    ("play-key-log", "play-key-log-does"),
    ("play-key-quit", "play-key-quit-does"),
    ("play-key-interrupt", "play-key-interrupt-does"),
];

/// The lines of a help window: each key (its message in `keys`) in a column as wide as the
/// widest, then what it does.
pub fn key_lines(words: FamilyWords, keys: &[(&str, &str)]) -> Vec<Line<'static>> {
    let said: Vec<(String, String)> = keys
        .iter()
        .map(|&(key, what)| (words.msg(key), words.msg(what)))
        .collect();
    // Thirteen columns at least, as the English keys have always had.
    let column = said
        .iter()
        .map(|(key, _)| width(key) + 1)
        .max()
        .unwrap_or(0)
        .max(13);
    said.into_iter()
        .map(|(key, what)| {
            Line::from(vec![
                Span::from(pad_end(&key, column))
                    .fg(Color::Yellow)
                    .add_modifier(Modifier::BOLD),
                Span::from(what),
            ])
        })
        .collect()
}

/// A window over the board.
pub fn draw_overlay(frame: &mut Frame, area: Rect, words: FamilyWords, overlay: &Overlay) {
    let (title, lines): (String, Vec<Line>) = match overlay {
        Overlay::Help | Overlay::Legend => {
            (words.msg("play-keys-title"), key_lines(words, GAME_KEYS))
        }
        Overlay::Hint(ranked) => (
            words.msg("play-hint-title"),
            ranked
                .iter()
                .map(|(mv, description, chance)| {
                    Line::from(vec![
                        Span::from(pad_start(&format!("{:.1}% ", 100.0 * chance), 7)).bold(),
                        Span::from(pad_end(&mv.to_string(), 8)).fg(Color::Yellow),
                        description.clone().into(),
                    ])
                })
                .chain([Line::from(words.msg("play-hint-footer").dark_gray())])
                .collect(),
        ),
        Overlay::Tip { title, text, close } => (
            title.clone(),
            vec![
                Line::from(text.clone()),
                Line::from(""),
                Line::from(close.clone().dark_gray()),
            ],
        ),
        Overlay::WhyNot(reasons) => (
            words.msg("play-why-title"),
            reasons
                .iter()
                .map(|r| Line::from(r.clone()))
                .chain([Line::from(words.msg("play-any-key").dark_gray())])
                .collect(),
        ),
        Overlay::ConfirmQuit => (
            words.msg("play-quit-title"),
            vec![
                Line::from(words.msg("play-quit-unsaved")),
                Line::from(""),
                Line::from(words.msg("play-quit-save")),
                Line::from(words.msg("play-quit-leave")),
                Line::from(words.msg("play-quit-back")),
            ],
        ),
    };
    draw_window(frame, area, &title, lines);
}

/// The help window of a screen's keys (`keys`: the messages naming each and what it does).
pub fn draw_help(frame: &mut Frame, area: Rect, words: FamilyWords, keys: &[(&str, &str)]) {
    draw_window(
        frame,
        area,
        &words.msg("play-keys-title"),
        key_lines(words, keys),
    );
}

/// A bordered window in the middle of `area`. Lines wider than the window are broken into rows
/// here, by their width on the screen (`crate::width`), so that no letter of two columns is
/// drawn over the border, as a paragraph's own wrapping may do; such a line keeps its own style
/// but not its spans' (a window's long lines are sentences).
pub fn draw_window(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>) {
    let width = area.width.saturating_sub(2).clamp(20, 90);
    let inner = usize::from(width.saturating_sub(2));
    let lines: Vec<Line> = lines
        .into_iter()
        .flat_map(|line| {
            let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
            if crate::width::width(&text) <= inner {
                return vec![line];
            }
            let style = line.style;
            crate::width::wrap(&text, inner, &[])
                .into_iter()
                .map(|row| Line::from(row).style(style))
                .collect()
        })
        .collect();
    let height = (lines.len() as u16 + 2).min(area.height);
    let rect = Rect {
        x: area.x + (area.width.saturating_sub(width)) / 2,
        y: area.y + (area.height.saturating_sub(height)) / 2,
        width,
        height,
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .title(Span::from(format!(" {title} ")).bold())
                .style(Style::new().bg(Color::Black).fg(Color::White)),
        ),
        rect,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// A long line of letters two columns wide is broken inside the window: every row's last
    /// cell is the border.
    #[test]
    fn a_long_line_of_wide_letters_stays_inside_the_window() {
        let Ok(mut terminal) = Terminal::new(TestBackend::new(31, 12)) else {
            panic!("a test terminal");
        };
        let long = "ab中文字 ".repeat(12);
        let drawn = terminal.draw(|frame| {
            draw_window(frame, frame.area(), "why", vec![Line::from(long.clone())]);
        });
        assert!(drawn.is_ok());
        let buffer = terminal.backend().buffer();
        let area = buffer.area;
        let rows: Vec<String> = (0..area.height)
            .map(|y| (0..area.width).map(|x| buffer[(x, y)].symbol()).collect())
            .collect();
        let inside: Vec<&String> = rows.iter().filter(|r| r.contains('│')).collect();
        assert!(inside.len() > 2, "{rows:#?}");
        for row in inside {
            assert!(row.trim_end().ends_with('│'), "{rows:#?}");
        }
    }

    /// The keys' messages are looked up by id from a table, which the catalogue test does not
    /// see: each must be in English.
    #[test]
    fn every_key_of_the_help_window_has_its_words() {
        let english = pachisi_words::english();
        for (key, does) in GAME_KEYS {
            assert!(english.has(key) && english.has(does), "{key} {does}");
        }
    }
}
