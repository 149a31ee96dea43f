//! The legend: what the signs on the screen mean, made from the ruleset. The throw (cowrie
//! shells mouth up and down, with the ruleset's table of values, or the dice), the castles'
//! `x`, the centre (`C`, the Charkoni, or Home), the route a piece travels, the pieces' letters
//! and the highlighted squares.
//!
//! Each line pairs the sign the board draws with words from the catalogue. The whole legend
//! shows under the board where the window leaves it room, and in the help window (`?`); where
//! only a few lines are free (80×24), a short legend names the signs and points to `?`.

use crate::board::{CASTLE_BG, CHARKONI_BG, LAST_MOVE_BG};
use crate::width::width;
use pachisi_core::ruleset::{CastleRule, Device, StartArea};
use pachisi_core::topology::Direction;
use pachisi_core::Rules;
use pachisi_learn::speak::family_words;
use pachisi_words::{number, Args, Words};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// One line of the legend: the sign as the screen shows it, and what it means.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    /// The sign (`x`, `C`, `(|)`), drawn as on the board.
    pub sign: String,
    /// How the sign is drawn.
    pub style: Style,
    /// What it means.
    pub text: String,
}

fn item(sign: impl Into<String>, style: Style, text: String) -> Item {
    Item {
        sign: sign.into(),
        style,
        text,
    }
}

/// The name the board gives the centre, as it draws it in cells `cell_width` wide.
fn centre_sign(words: &Words, rules: &Rules, cell_width: u16) -> String {
    crate::board::centre_label(words, rules, 3 * cell_width)
}

fn has_castles(rules: &Rules) -> bool {
    let topology = rules.topology();
    (0..topology.square_count())
        .filter_map(|i| u8::try_from(i).ok())
        .any(|i| topology.is_castle(pachisi_core::Square(i)))
}

fn castle_rule(rules: &Rules) -> &'static str {
    match rules.ruleset().capture.castles {
        CastleRule::Closed => "closed",
        CastleRule::Shared => "shared",
        CastleRule::SendBack => "send-back",
    }
}

fn plain() -> Style {
    Style::new().fg(Color::Gray)
}

/// The throw's lines: the shells and the table of their values, or the dice.
fn throw_items(words: &Words, rules: &Rules) -> Vec<Item> {
    let words = family_words(words, rules);
    let t = &rules.ruleset().throw;
    match t.device {
        Device::Cowries => {
            let mut args = Args::new();
            args.set("shells", number(t.shells.unwrap_or(0)));
            let mut items = vec![item(
                "(|) ( )",
                plain(),
                words.msg_with("term-legend-shells", &args),
            )];
            let values: Vec<String> = rules
                .outcomes()
                .iter()
                .map(|o| {
                    let mut args = Args::new();
                    args.set("up", number(o.result));
                    args.set("value", number(o.value));
                    args.set("grace", if o.grace { "yes" } else { "no" });
                    args.set("again", if o.extra_throw { "yes" } else { "no" });
                    words.msg_with("term-legend-shell-value", &args)
                })
                .collect();
            items.push(item("", plain(), values.join("; ")));
            if rules.outcomes().iter().any(|o| o.grace) {
                items.push(item("", plain(), words.msg("term-legend-grace")));
            }
            items
        }
        Device::Dice => {
            let dice = t.dice.unwrap_or(1);
            let (sign, kind) = match dice {
                1 => ("[6]", "one"),
                _ if t.separate_dice => ("[5] [4]", "separate"),
                _ => ("[5] [4]", "sum"),
            };
            let mut args = Args::new();
            args.set("kind", kind);
            vec![item(
                sign,
                plain(),
                words.msg_with("term-legend-dice", &args),
            )]
        }
    }
}

/// The board's lines: castles, the centre, the route.
fn board_items(words: &Words, rules: &Rules, cell_width: u16) -> Vec<Item> {
    let said = family_words(words, rules);
    let mut items = Vec::new();
    if has_castles(rules) {
        let mut args = Args::new();
        args.set("rule", castle_rule(rules));
        items.push(item(
            "x",
            Style::new().fg(Color::Gray).bg(CASTLE_BG),
            said.msg_with("term-legend-castle", &args),
        ));
    }
    let centre = match (rules.starts_in_nest(), rules.goal_in_lane()) {
        (false, _) => said.msg("term-legend-charkoni"),
        (true, false) => said.msg("term-legend-home"),
        (true, true) => said.msg("term-legend-goal"),
    };
    let centre_style = Style::new().fg(Color::Black).bg(CHARKONI_BG);
    items.push(item(
        centre_sign(words, rules, cell_width),
        centre_style,
        centre,
    ));
    let mut args = Args::new();
    let nest = rules.ruleset().board.start == StartArea::Nest;
    args.set("start", if nest { "nest" } else { "charkoni" });
    // Where pieces come in: on their own arm, or elsewhere on the board.
    let entry_arm = rules
        .route(0)
        .first()
        .map(|&sq| rules.topology().coordinates(sq).0);
    let own = entry_arm == Some(rules.home_arm(0));
    args.set("entry", if own { "own" } else { "other" });
    let direction = match rules.ruleset().board.direction {
        Direction::Clockwise => "clockwise",
        Direction::Counterclockwise => "counterclockwise",
    };
    args.set("direction", direction);
    let finish = match (nest, rules.goal_in_lane()) {
        (_, true) => "goal",
        (true, false) => "home",
        (false, false) => "charkoni",
    };
    args.set("finish", finish);
    items.push(item(
        words.msg("term-legend-route-sign"),
        plain(),
        said.msg_with("term-legend-route", &args),
    ));
    items
}

/// Every line of the legend, for cells `cell_width` characters wide (the centre's sign depends
/// on it).
pub fn items(words: &Words, rules: &Rules, cell_width: u16) -> Vec<Item> {
    let mut items = throw_items(words, rules);
    items.extend(board_items(words, rules, cell_width));
    let letters: Vec<String> = (0..rules.seats())
        .map(|s| rules.seat_letter(s).to_string())
        .collect();
    let mut args = Args::new();
    args.set("example", format!("{}3", rules.seat_letter(0)));
    items.push(item(
        letters.join(" "),
        Style::new().add_modifier(Modifier::BOLD),
        family_words(words, rules).msg_with("term-legend-pieces", &args),
    ));
    items.push(item(
        "  ",
        Style::new().bg(LAST_MOVE_BG),
        words.msg("term-legend-highlight"),
    ));
    items
}

/// The short legend: the signs alone, a few words each, and `?` for the rest.
pub fn short_items(words: &Words, rules: &Rules, cell_width: u16) -> Vec<Item> {
    let mut items = Vec::new();
    if has_castles(rules) {
        items.push(item(
            "x",
            Style::new().fg(Color::Gray).bg(CASTLE_BG),
            words.msg("term-legend-short-castle"),
        ));
    }
    match rules.ruleset().throw.device {
        Device::Cowries => items.push(item("(|)", plain(), words.msg("term-legend-short-shells"))),
        Device::Dice => items.push(item("[ ]", plain(), words.msg("term-legend-short-dice"))),
    }
    let centre = if rules.starts_in_nest() {
        words.msg("term-legend-short-home")
    } else {
        words.msg("term-legend-short-charkoni")
    };
    items.push(item(
        centre_sign(words, rules, cell_width),
        Style::new().fg(Color::Black).bg(CHARKONI_BG),
        centre,
    ));
    items.push(item(
        "?",
        Style::new().fg(Color::Yellow),
        words.msg("term-legend-short-more"),
    ));
    items
}

/// The legend's lines in `width_limit` columns: each item's sign in a column of its own, its
/// words wrapped beside it.
pub fn lines(items: &[Item], width_limit: usize) -> Vec<Line<'static>> {
    let sign_width = items.iter().map(|i| width(&i.sign)).max().unwrap_or(0);
    let room = width_limit.saturating_sub(sign_width + 1).max(1);
    let mut lines = Vec::new();
    for it in items {
        for (n, row) in wrap_words(&it.text, room).into_iter().enumerate() {
            let sign = if n == 0 {
                Span::styled(it.sign.clone(), it.style)
            } else {
                Span::raw("")
            };
            let pad = sign_width + 1 - if n == 0 { width(&it.sign) } else { 0 };
            lines.push(Line::from(vec![
                sign,
                Span::raw(" ".repeat(pad)),
                Span::styled(row, plain()),
            ]));
        }
    }
    lines
}

/// The short legend in rows of `width_limit` columns, items side by side where they fit.
pub fn short_lines(items: &[Item], width_limit: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut row: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for it in items {
        let w = width(&it.sign) + 1 + width(&it.text);
        let gap = if row.is_empty() { 0 } else { 2 };
        if !row.is_empty() && used + gap + w > width_limit {
            lines.push(Line::from(std::mem::take(&mut row)));
            used = 0;
        }
        if !row.is_empty() {
            row.push(Span::raw("  "));
            used += 2;
        }
        row.push(Span::styled(it.sign.clone(), it.style));
        row.push(Span::styled(format!(" {}", it.text), plain()));
        used += w;
    }
    if !row.is_empty() {
        lines.push(Line::from(row));
    }
    lines
}

/// `text` in rows of at most `room` columns, broken at spaces (inside a word, between
/// graphemes, only when the word alone is wider).
fn wrap_words(text: &str, room: usize) -> Vec<String> {
    crate::width::wrap(text, room, &[])
}

/// Draws the legend in `area`: the whole of it where it fits, else the short one, else as many
/// of the short one's rows as fit. Returns whether the whole legend was drawn.
pub fn draw(frame: &mut Frame, area: Rect, words: &Words, rules: &Rules, cell_width: u16) -> bool {
    if area.height == 0 || area.width < 8 {
        return false;
    }
    let whole = lines(&items(words, rules, cell_width), usize::from(area.width));
    if whole.len() <= usize::from(area.height) {
        frame.render_widget(Paragraph::new(whole), area);
        return true;
    }
    let mut short = short_lines(
        &short_items(words, rules, cell_width),
        usize::from(area.width),
    );
    short.truncate(usize::from(area.height));
    frame.render_widget(Paragraph::new(short), area);
    false
}

/// The legend in the help window: its title and lines in `width_limit` columns.
pub fn help_lines(
    words: &Words,
    rules: &Rules,
    cell_width: u16,
    width_limit: usize,
) -> Vec<Line<'static>> {
    let mut out = vec![Line::from(Span::styled(
        words.msg("term-legend-title"),
        Style::new().add_modifier(Modifier::BOLD),
    ))];
    out.extend(lines(&items(words, rules, cell_width), width_limit));
    out
}

/// The help window (`?`): its title and lines in `area`. The keys (`keys`), with the whole
/// legend under them where the window has room for both, else a line saying that `?` again
/// shows it; or, with `legend_only`, the legend alone.
pub fn help_window(
    words: &Words,
    rules: &Rules,
    cell_width: u16,
    area: Rect,
    keys: Vec<Line<'static>>,
    legend_only: bool,
) -> (String, Vec<Line<'static>>) {
    // The window's inner width, as `ui::draw_window` makes it.
    let inner = usize::from(area.width.saturating_sub(2).clamp(20, 90).saturating_sub(2));
    let legend = help_lines(words, rules, cell_width, inner);
    let room = usize::from(area.height.saturating_sub(2));
    let footer = |id: &str| {
        Line::from(Span::styled(
            words.msg(id),
            Style::new().fg(Color::DarkGray),
        ))
    };
    if legend_only {
        let mut lines: Vec<Line> = legend.into_iter().skip(1).collect();
        lines.push(footer("term-legend-more"));
        return (words.msg("term-legend-title"), lines);
    }
    let fits = keys.len() + 1 + legend.len() <= room;
    let mut lines = keys;
    lines.push(Line::from(""));
    if fits {
        lines.extend(legend);
    } else {
        lines.push(footer("term-legend-keys-more"));
    }
    (words.msg("play-keys-title"), lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::builtin_rules;

    fn plain_text(lines: &[Line]) -> String {
        lines
            .iter()
            .map(|l| {
                l.spans
                    .iter()
                    .map(|s| s.content.as_ref())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Pachisi's legend says what the shells mean with the value table, the castles, the
    /// Charkoni and the route.
    #[test]
    fn pachisi_legend_explains_every_sign() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let text = plain_text(&lines(&items(pachisi_words::english(), &rules, 2), 200));
        for needle in [
            "6 cowrie shells are thrown",
            "none up: 25, a grace, throw again",
            "one up: 10, a grace, throw again",
            "2 up: 2;",
            "x       a castle: a safe square",
            "C       the Charkoni, the centre",
            "down your own arm's middle row, round the board counter-clockwise, back up the middle row to the Charkoni.",
        ] {
            assert!(text.contains(needle), "{needle}: {text}");
        }
    }

    /// Ludo's: the die, safe squares shared, Home, the clockwise route.
    #[test]
    fn ludo_legend_speaks_of_the_die_and_the_nest() {
        let rules = builtin_rules("ludo", &[]).expect("builtin");
        let text = plain_text(&lines(&items(pachisi_words::english(), &rules, 4), 200));
        for needle in [
            "the die as it fell",
            "safe square",
            "Home",
            "clockwise",
            "nest",
        ] {
            assert!(text.contains(needle), "{needle}: {text}");
        }
        assert!(!text.contains("Charkoni"), "{text}");
    }

    /// The short legend fits in two rows of the 80×24 layout's 38 columns.
    #[test]
    fn the_short_legend_fits_under_the_board_at_80_by_24() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let short = short_lines(&short_items(pachisi_words::english(), &rules, 2), 38);
        assert!(short.len() <= 2, "{}", plain_text(&short));
        assert!(short.iter().all(|l| l.width() <= 38));
    }

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap_words("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap_words("abcdefghij", 4), ["abcd", "efgh", "ij"]);
    }
}
