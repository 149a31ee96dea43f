//! The side panel's parts and the top line: whose turn it is and who plays each seat, the teams
//! and how many pieces each has home, the throw as it fell and in words, what is left to spend,
//! and the log, whose long lines go on over rows.

use crate::board::seat_color;
use crate::width::width;
use pachisi_core::ruleset::Device;
use pachisi_core::{Phase, Position, Rules, Throw};
use pachisi_learn::speak::{throw_words, Voice};
use pachisi_table::SeatSpec;
use pachisi_words::{number, Args, Words};
use ratatui::layout::Rect;
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;
use unicode_segmentation::UnicodeSegmentation;

/// Who plays each seat, as shown beside it, from a record's `Seats` tag (`human,bot:mcts`):
/// `you` when one person plays, `human N` for several, `bot SPEC`; none without the tag.
pub fn seat_labels(words: &Words, seats: Option<&str>) -> Vec<String> {
    let Some(seats) = seats else {
        return Vec::new();
    };
    let specs: Vec<Result<SeatSpec, String>> = seats.split(',').map(str::parse).collect();
    let humans = specs
        .iter()
        .filter(|s| matches!(s, Ok(SeatSpec::Human)))
        .count();
    let mut n = 0;
    specs
        .iter()
        .zip(seats.split(','))
        .map(|(spec, text)| {
            let mut args = Args::new();
            match spec {
                Ok(SeatSpec::Human) if humans > 1 => {
                    n += 1;
                    args.set("number", number(n));
                    words.msg_with("play-seat-human", &args)
                }
                Ok(SeatSpec::Human) => words.msg("play-seat-you"),
                Ok(SeatSpec::Bot(spec)) => {
                    args.set("spec", spec.to_string());
                    words.msg_with("play-seat-bot", &args)
                }
                Err(_) => text.trim().to_string(),
            }
        })
        .collect()
}

/// The top line: the ruleset and whose turn it is.
pub fn title_line(
    words: &Words,
    rules: &Rules,
    position: &Position,
    labels: &[String],
) -> Line<'static> {
    let mut spans = vec![
        Span::from(words.ruleset_title(&rules.ruleset().name, &rules.ruleset().title)).bold(),
        " · ".into(),
    ];
    match position.phase() {
        Phase::Over => spans.push(words.msg("play-title-over").into()),
        phase => {
            let seat = position.to_move();
            let who = labels.get(usize::from(seat)).cloned().unwrap_or_default();
            let name = Voice::new(words, rules, None).colour(seat);
            spans.push(
                Span::from(format!("{} {name}", rules.seat_letter(seat)))
                    .fg(seat_color(rules, seat))
                    .bold(),
            );
            let mut args = Args::new();
            args.set(
                "doing",
                if phase == Phase::Throw {
                    "throw"
                } else {
                    "move"
                },
            );
            // A record without a Seats tag names no player: nothing in parentheses then.
            args.set("player", if who.is_empty() { "none" } else { "some" });
            args.set("label", who);
            spans.push(format!(" {}", words.msg_with("play-title-turn", &args)).into());
            // Chaupar: a seat whose pieces are all home throws for its partner, who moves.
            let thrower = position.thrower();
            if thrower != seat {
                let mut args = Args::new();
                args.set("finished", Voice::new(words, rules, None).colour(thrower));
                spans.push(format!(" {}", words.msg_with("play-title-for-partner", &args)).into());
            }
        }
    }
    Line::from(spans)
}

/// One line per team: its seats and how many of their pieces are home (or in the goal, where the
/// goal is in the lane).
pub fn team_lines(words: &Words, rules: &Rules, position: &Position) -> Vec<Line<'static>> {
    let voice = Voice::new(words, rules, None);
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
                [alone] => voice.colour(*alone),
                _ => {
                    let mut args = Args::new();
                    args.set("number", number(team + 1));
                    words.msg_with("play-team", &args)
                }
            };
            let mut spans = vec![format!("{name}: ").into()];
            for &s in &seats {
                spans.push(
                    Span::from(format!("{} ", rules.seat_letter(s)))
                        .fg(seat_color(rules, s))
                        .bold(),
                );
            }
            let mut args = Args::new();
            args.set("goal", if rules.goal_in_lane() { "yes" } else { "no" });
            args.set("done", number(done as u32));
            args.set("total", number(total as u32));
            spans.push(format!(" {}", words.msg_with("play-team-finished", &args)).into());
            if let Some(place) = position.placings().iter().position(|&t| t == team) {
                let mut args = Args::new();
                args.set("place", number(place as u32 + 1));
                spans.push(format!("  {}", words.msg_with("play-team-place", &args)).into());
            }
            Line::from(spans)
        })
        .collect()
}

/// The throw as it fell (shells mouth up and down, or the dice) and what it means, in words.
/// `salt` varies the order the shells lie in from one throw to the next.
pub fn throw_lines(
    words: &Words,
    rules: &Rules,
    throw: Option<Throw>,
    salt: u64,
) -> Vec<Line<'static>> {
    let Some(throw) = throw else {
        return vec![Line::from(words.msg("play-no-throw").dark_gray())];
    };
    let o = rules.outcome(throw);
    let t = &rules.ruleset().throw;
    let mut args = Args::new();
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
            args.set("up", number(up as u32));
            format!(
                "{}   {}",
                shown.join(" "),
                words.msg_with("play-mouth-up", &args)
            )
        }
        // Dice known by their faces (separate dice, or Tayam Sonalu's named pairs, where a die
        // may show 0): each drawn as it fell, from the throw's name.
        Device::Dice if o.name.second.is_some() => {
            [Some(o.name.first), o.name.second, o.name.third]
                .iter()
                .flatten()
                .map(|d| format!("[{d}]"))
                .collect::<Vec<_>>()
                .join(" ")
        }
        Device::Dice => match t.dice.unwrap_or(1) {
            1 => format!("[{}]", o.value),
            n => {
                args.set("count", number(n));
                format!(
                    "[{}]  {}",
                    o.value,
                    words.msg_with("play-dice-count", &args)
                )
            }
        },
    };
    vec![
        Line::from(picture),
        Line::from(throw_words(words, rules, throw)).fg(Color::Cyan),
    ]
}

/// The increments still to spend.
pub fn pool_line(words: &Words, position: &Position) -> Line<'static> {
    let items = pachisi_learn::speak::events::pool_items(words, position);
    if items.is_empty() {
        Line::from(words.msg("play-to-spend-nothing").dark_gray())
    } else {
        let mut args = Args::new();
        args.set("list", items.join(", "));
        Line::from(words.msg_with("play-to-spend", &args))
    }
}

/// The panel's throw section: [`throw_lines`] and [`pool_line`], in [`super::THROW_ROWS`] rows,
/// under a title that says whose throw it is (`thrown`: the seat that threw, and the throw).
pub fn draw_throw(
    frame: &mut Frame,
    area: Rect,
    words: &Words,
    rules: &Rules,
    position: &Position,
    thrown: Option<(u8, Throw)>,
    salt: u64,
) {
    let mut text = throw_lines(words, rules, thrown.map(|(_, t)| t), salt);
    text.push(pool_line(words, position));
    let title = match thrown {
        Some((seat, _)) => {
            let mut args = Args::new();
            args.set("who", Voice::new(words, rules, None).colour(seat));
            words.msg_with("play-throw-title", &args)
        }
        None => words.msg("play-throw-title-none"),
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

/// The log, newest line at the bottom, scrolled back `back` lines.
pub fn draw_log(frame: &mut Frame, area: Rect, words: &Words, log: &[String], back: usize) {
    let lines = log.iter().map(|l| Line::from(l.clone())).collect();
    draw_log_lines(frame, area, words, lines, back);
}

/// [`draw_log`] of lines already styled (the replay viewer's, with marks). A line wider than
/// the panel goes on over the rows below it, so that none is cut; `back` counts rows.
pub fn draw_log_lines(
    frame: &mut Frame,
    area: Rect,
    words: &Words,
    log: Vec<Line<'_>>,
    back: usize,
) {
    let title = words.msg("play-section-log");
    let inner = section(&title).inner(area);
    frame.render_widget(section(&title), area);
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

/// `line` in rows of at most `room` columns, its styles kept: broken after a space where the
/// row has one and otherwise between graphemes, the rows after the first indented by two
/// spaces.
pub fn wrap_line(line: Line<'_>, room: usize) -> Vec<Line<'static>> {
    const INDENT: usize = 2;
    let graphemes: Vec<(String, Style)> = line
        .spans
        .iter()
        .flat_map(|span| {
            let style = line.style.patch(span.style);
            span.content
                .graphemes(true)
                .map(move |g| (g.to_string(), style))
                .collect::<Vec<_>>()
        })
        .collect();
    let total: usize = graphemes.iter().map(|(g, _)| width(g)).sum();
    if room <= INDENT || total <= room {
        return vec![Line::from(group(&graphemes))];
    }
    let mut rows = Vec::new();
    let mut rest: &[(String, Style)] = &graphemes;
    let mut first = true;
    while !rest.is_empty() {
        let space = if first { room } else { room - INDENT };
        // As many graphemes as fit (at least one, so that a row always moves on).
        let mut used = 0;
        let mut cut = 0;
        while cut < rest.len() && used + width(&rest[cut].0) <= space {
            used += width(&rest[cut].0);
            cut += 1;
        }
        let mut cut = cut.max(1);
        if cut < rest.len() && rest[cut].0 != " " {
            // Back to just after the row's last space, if it has one.
            if let Some(at) = rest[..cut].iter().rposition(|(g, _)| g == " ") {
                cut = at + 1;
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
        while rest.first().is_some_and(|(g, _)| g == " ") {
            rest = &rest[1..];
        }
        first = false;
    }
    rows
}

/// Graphemes of one style together as one span.
fn group(graphemes: &[(String, Style)]) -> Vec<Span<'static>> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut text = String::new();
    let mut style = None;
    for (g, s) in graphemes {
        if style.is_some_and(|current| current != *s) {
            spans.push(Span::styled(
                std::mem::take(&mut text),
                style.unwrap_or_default(),
            ));
        }
        style = Some(*s);
        text.push_str(g);
    }
    if !text.is_empty() {
        spans.push(Span::styled(text, style.unwrap_or_default()));
    }
    spans
}
