//! The analysis of a game as the replay viewer shows it (`pachisi_bots::analysis` does the
//! grading): this module owns the mapping from the analysis's step numbers to the viewer's
//! moments, the texts of its panel and of its summary window, the marks in the log, the graph of
//! every team's winning chance, and the analysis run on a background thread ([`Job`]).
//!
//! **Numbering.** The analysis numbers a game's throws and moves from 1
//! ([`ReplayedGame::from_record`] skips the record's seat markers, and an `Opening` throw-off is
//! a tag, not actions); the viewer's moment `n` is the game after `n` of those actions. So the
//! action numbered `n` is the one moment `n` shows just made, made in the position of moment
//! `n - 1`, and a chance point with `steps = s` (before throw `s + 1`) is moment `s`.
//! [`AnalysisView::new`] checks that every graded action is the viewer's, in the position the
//! viewer has before it, so a mismatch is an error instead of marks on the wrong moves.

use crate::board::seat_color;
use crate::width::{pad_end, pad_start, width};
use pachisi_bots::analysis::{self, Analysis, Mark, ReplayedGame, Step, BIG_LUCK};
use pachisi_bots::BotSpec;
use pachisi_core::{Position, Rules};
use pachisi_words::{number, Args, Words};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType};
use ratatui::Frame;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;

/// What the analysis says of the action a moment shows just made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Moment 0: nothing played yet.
    Start,
    /// A move with a real choice: the index of its [`analysis::Decision`].
    Decision(usize),
    /// A move without a choice (every legal move reached the same position): not graded.
    Forced,
    /// A throw: the index of its [`analysis::ThrowLuck`].
    Throw(usize),
}

/// An analysis laid over the viewer's moments.
pub struct AnalysisView {
    analysis: Analysis,
    /// The grade of each moment, by its index.
    grades: Vec<Grade>,
    /// The position of each moment, for the seat that made each action.
    positions: Vec<Position>,
    /// The game's actions: action `n` is `steps[n - 1]`.
    steps: Vec<Step>,
    /// Each team's chance through the game in percent, `(moment, chance)`, one series a team.
    series: Vec<Vec<(f64, f64)>>,
}

impl AnalysisView {
    /// Lays `analysis` over the viewer's moments: `positions[i]` is the position after `i`
    /// actions, `steps` the game's actions (one fewer).
    ///
    /// # Errors
    /// When the analysis does not grade exactly the viewer's actions in the viewer's positions
    /// (an analysis of another game): the message says where they part.
    pub fn new(
        rules: &Rules,
        positions: Vec<Position>,
        steps: Vec<Step>,
        analysis: Analysis,
    ) -> Result<AnalysisView, String> {
        let grades = grades(rules, &positions, &steps, &analysis)?;
        let series = (0..usize::from(rules.teams()))
            .map(|team| {
                analysis
                    .chances
                    .iter()
                    .filter_map(|c| Some((c.steps as f64, 100.0 * c.teams.get(team)?)))
                    .collect()
            })
            .collect();
        Ok(AnalysisView {
            analysis,
            grades,
            positions,
            steps,
            series,
        })
    }

    /// The analysis.
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    /// The grade of the action moment `at` shows just made (the start past the end).
    pub fn grade(&self, at: usize) -> Grade {
        self.grades.get(at).copied().unwrap_or(Grade::Start)
    }

    /// The mark of the move moment `at` shows just made, if it earned one.
    pub fn mark(&self, at: usize) -> Option<Mark> {
        match self.grade(at) {
            Grade::Decision(i) => self.analysis.decisions.get(i).and_then(|d| d.mark),
            _ => None,
        }
    }

    /// The first moment after `at` whose move is marked.
    pub fn next_marked(&self, at: usize) -> Option<usize> {
        (at + 1..self.grades.len()).find(|&i| self.mark(i).is_some())
    }

    /// The last moment before `at` whose move is marked.
    pub fn previous_marked(&self, at: usize) -> Option<usize> {
        (0..at.min(self.grades.len()))
            .rev()
            .find(|&i| self.mark(i).is_some())
    }

    /// The panel's lines for moment `at`: the move played and the best with their chances and
    /// the loss, or the throw's luck, or what there is to see at the start.
    pub fn step_lines(&self, words: &Words, rules: &Rules, at: usize) -> Vec<Line<'static>> {
        let seat = at
            .checked_sub(1)
            .and_then(|i| self.positions.get(i))
            .map_or(0, Position::to_move);
        let who = seat_span(rules, seat);
        match self.grade(at) {
            Grade::Start => {
                let count = |mark| {
                    let n = self
                        .analysis
                        .decisions
                        .iter()
                        .filter(|d| d.mark == Some(mark))
                        .count();
                    Span::from(format!("{n} {}", mark.symbol())).style(mark_style(mark))
                };
                vec![
                    Line::from(words.msg("play-analysis-start")),
                    Line::from(vec![
                        words.msg("play-analysis-marked").into(),
                        count(Mark::Inaccuracy),
                        "  ".into(),
                        count(Mark::Mistake),
                        "  ".into(),
                        count(Mark::Blunder),
                    ]),
                    Line::from(words.msg("play-analysis-next").dark_gray()),
                ]
            }
            Grade::Decision(i) => {
                let Some(d) = self.analysis.decisions.get(i) else {
                    return Vec::new();
                };
                let mark = d.mark.map_or(Span::from("   "), |m| {
                    Span::from(pad_end(m.symbol(), 3)).style(mark_style(m))
                });
                // The labels end in one column, the moves start in the next and the chances
                // end in one: `B played`, `    best`, `    loss`.
                let played = words.msg("play-analysis-played");
                let best_word = words.msg("play-analysis-best");
                let column = 2 + width(&played).max(width(&best_word));
                let best = if d.best == d.played {
                    Line::from(
                        format!("    {}", words.msg("play-analysis-best-played")).dark_gray(),
                    )
                } else {
                    Line::from(format!(
                        "{} {}    {}",
                        pad_start(&best_word, column),
                        pad_end(&d.best.to_string(), 9),
                        pad_start(&percent(d.best_chance), 6)
                    ))
                };
                let mut args = Args::new();
                args.set("loss", format!("{:.1}", 100.0 * d.loss));
                let loss = Span::from(format!(
                    "    {}",
                    words.msg_with("play-analysis-loss", &args)
                ));
                let loss = match d.mark {
                    Some(m) => Line::from(vec![
                        loss,
                        Span::from(format!(": {}", mark_name(words, m))).style(mark_style(m)),
                    ]),
                    None => Line::from(loss),
                };
                vec![
                    Line::from(vec![
                        who,
                        format!(
                            " {} {}",
                            pad_end(&played, column - 2),
                            pad_end(&d.played.to_string(), 9)
                        )
                        .into(),
                        mark,
                        format!(" {}", pad_start(&percent(d.played_chance), 6)).into(),
                    ]),
                    best,
                    loss,
                ]
            }
            Grade::Forced => {
                let played = match self.steps.get(at - 1) {
                    Some(Step::Move(mv)) => mv.to_string(),
                    _ => String::new(),
                };
                let mut lines = vec![Line::from(vec![
                    who,
                    format!(" {} {played}", words.msg("play-analysis-played")).into(),
                ])];
                // Two rows of the panel, whatever the language's words.
                lines.extend(
                    crate::width::wrap(&words.msg("play-analysis-forced"), 38, &[])
                        .into_iter()
                        .map(|row| Line::from(format!("  {row}").dark_gray())),
                );
                lines
            }
            Grade::Throw(i) => {
                let Some(t) = self.analysis.throws.get(i) else {
                    return Vec::new();
                };
                let mut args = Args::new();
                args.set("luck", format!("{:+.1}", 100.0 * t.luck));
                let luck = Span::from(words.msg_with("play-analysis-luck", &args));
                let luck = if t.luck >= BIG_LUCK {
                    luck.fg(Color::Green).bold()
                } else if t.luck <= -BIG_LUCK {
                    luck.fg(Color::Red).bold()
                } else {
                    luck
                };
                let mut threw = Args::new();
                threw.set("throw", t.throw.to_string());
                let mut chance = Args::new();
                chance.set("before", percent(t.before));
                chance.set("after", percent(t.after));
                vec![
                    Line::from(vec![
                        who,
                        format!(" {}", words.msg_with("play-analysis-threw", &threw)).into(),
                        luck,
                    ]),
                    Line::from(format!(
                        "  {}",
                        words.msg_with("play-analysis-chance", &chance)
                    )),
                ]
            }
        }
    }

    /// The moves marked up to moment `at`: `(moment, mark)`.
    pub fn marks_through(&self, at: usize) -> impl Iterator<Item = (usize, Mark)> + '_ {
        (1..=at.min(self.grades.len().saturating_sub(1)))
            .filter_map(|i| self.mark(i).map(|m| (i, m)))
    }

    /// The summary window's lines: each seat's (and each team's, where partners play) average
    /// loss, marks and luck.
    pub fn summary_lines(&self, words: &Words, rules: &Rules) -> Vec<Line<'static>> {
        let a = &self.analysis;
        let mut by = Args::new();
        by.set("evaluator", a.evaluator.to_string());
        // Each column as wide as the English one, or as its heading where that is wider.
        let heading = |id: &str, columns: usize| {
            let said = words.msg(id);
            let columns = columns.max(width(&said) + 1);
            (pad_start(&said, columns), columns)
        };
        let (choices, c1) = heading("play-analysis-choices", 9);
        let (loss, c2) = heading("play-analysis-average-loss", 9);
        let (throws, c3) = heading("play-analysis-throws", 8);
        let (luck, c4) = heading("play-analysis-luck-column", 8);
        let mut lines = vec![
            Line::from(words.msg_with("play-analysis-by", &by)),
            Line::from(""),
            Line::from(format!(
                "{}{choices}{loss}{:>5}{:>5}{:>5}{throws}{luck}",
                " ".repeat(16),
                "?!",
                "?",
                "??"
            ))
            .bold(),
        ];
        let row = |label: Vec<Span<'static>>, s: &analysis::Summary| {
            let used: usize = label.iter().map(|s| width(&s.content)).sum();
            let mut spans = label;
            spans.push(" ".repeat(16usize.saturating_sub(used)).into());
            spans.push(
                format!(
                    "{}{}{:>5}{:>5}{:>5}{}{}",
                    pad_start(&s.decisions.to_string(), c1),
                    pad_start(&format!("{:.2}", 100.0 * s.average_loss), c2),
                    s.inaccuracies,
                    s.mistakes,
                    s.blunders,
                    pad_start(&s.throws.to_string(), c3),
                    pad_start(&format!("{:+.1}", 100.0 * s.luck), c4)
                )
                .into(),
            );
            Line::from(spans)
        };
        for s in &a.seats {
            let seat = s.seats.first().copied().unwrap_or(0);
            let label = vec![
                seat_span(rules, seat),
                format!(" {}", words.colour(rules.seat_colour(seat))).into(),
            ];
            lines.push(row(label, s));
        }
        for s in &a.teams {
            let mut team = Args::new();
            team.set("number", number(s.team as u32 + 1));
            let mut label = vec![Span::from(words.msg_with("play-team", &team))];
            for &seat in &s.seats {
                label.push(" ".into());
                label.push(seat_span(rules, seat));
            }
            lines.push(row(label, s));
        }
        lines.push(Line::from(""));
        let mut forced = Args::new();
        forced.set("count", number(a.forced as u32));
        lines.push(Line::from(
            words.msg_with("play-analysis-forced-count", &forced),
        ));
        lines
    }

    /// Draws the graph of every team's winning chance through the game in `area`, with a
    /// vertical line at moment `at`; `legend` names the teams in a corner.
    pub fn draw_chart(
        &self,
        frame: &mut Frame,
        area: Rect,
        words: &Words,
        rules: &Rules,
        at: usize,
        legend: bool,
    ) {
        let end = self.grades.len().saturating_sub(1).max(1) as f64;
        let cursor = [(at as f64, 0.0), (at as f64, 100.0)];
        let mut datasets: Vec<Dataset> = self
            .series
            .iter()
            .enumerate()
            .map(|(team, points)| {
                Dataset::default()
                    .name(team_name(rules, team as u8))
                    .marker(Marker::Braille)
                    .graph_type(GraphType::Line)
                    .style(Style::new().fg(team_color(rules, team as u8)))
                    .data(points)
            })
            .collect();
        datasets.push(
            Dataset::default()
                .marker(Marker::Braille)
                .graph_type(GraphType::Line)
                .style(Style::new().fg(Color::DarkGray))
                .data(&cursor),
        );
        let chart = Chart::new(datasets)
            .block(
                Block::bordered()
                    .title(Span::from(format!(" {} ", words.msg("play-analysis-chances"))).bold())
                    .border_style(Style::new().fg(Color::DarkGray)),
            )
            .x_axis(
                Axis::default()
                    .bounds([0.0, end])
                    .labels(["0".to_string(), format!("{end}")])
                    .style(Style::new().fg(Color::DarkGray)),
            )
            .y_axis(
                Axis::default()
                    .bounds([0.0, 100.0])
                    .labels(["0%", "50%", "100%"])
                    .style(Style::new().fg(Color::DarkGray)),
            )
            .legend_position(legend.then_some(ratatui::widgets::LegendPosition::TopLeft));
        frame.render_widget(chart, area);
    }
}

/// The grade of every moment (see the module's numbering), checked against the viewer's
/// positions and the game's actions.
///
/// # Errors
/// When a graded action is not the viewer's, or an action is left ungraded.
pub fn grades(
    rules: &Rules,
    positions: &[Position],
    steps: &[Step],
    analysis: &Analysis,
) -> Result<Vec<Grade>, String> {
    if positions.len() != steps.len() + 1 {
        return Err(format!(
            "the viewer has {} actions, the game {}",
            positions.len().saturating_sub(1),
            steps.len()
        ));
    }
    let mut grades: Vec<Option<Grade>> = vec![None; positions.len()];
    grades[0] = Some(Grade::Start);
    let mismatch = |n: usize, what: &str| {
        format!("the analysis's action {n} ({what}) is not this game's action {n}")
    };
    for (i, d) in analysis.decisions.iter().enumerate() {
        let n = d.number;
        match (
            n.checked_sub(1).map(|k| (steps.get(k), positions.get(k))),
            grades.get(n),
        ) {
            (Some((Some(Step::Move(mv)), Some(before))), Some(None))
                if mv.to_string() == d.played && before.to_notation(rules) == d.position =>
            {
                grades[n] = Some(Grade::Decision(i));
            }
            _ => {
                return Err(mismatch(
                    n,
                    &format!("{} played in {}", d.played, d.position),
                ))
            }
        }
    }
    for (i, t) in analysis.throws.iter().enumerate() {
        let n = t.number;
        match (n.checked_sub(1).and_then(|k| steps.get(k)), grades.get(n)) {
            (Some(Step::Throw(throw)), Some(None))
                if rules.outcome(*throw).name.to_string() == t.throw =>
            {
                grades[n] = Some(Grade::Throw(i));
            }
            _ => return Err(mismatch(n, &format!("the throw ({})", t.throw))),
        }
    }
    let mut forced = 0;
    let grades = grades
        .into_iter()
        .enumerate()
        .map(
            |(n, grade)| match (grade, n.checked_sub(1).and_then(|k| steps.get(k))) {
                (Some(g), _) => Ok(g),
                (None, Some(Step::Move(_))) => {
                    forced += 1;
                    Ok(Grade::Forced)
                }
                _ => Err(format!("the analysis does not weigh throw {n}")),
            },
        )
        .collect::<Result<Vec<Grade>, String>>()?;
    if forced != analysis.forced {
        return Err(format!(
            "the analysis counts {} forced moves, the viewer {forced}",
            analysis.forced
        ));
    }
    Ok(grades)
}

/// The log's lines with each marked move's mark after it: `marks` are `(line, end, mark)`, the
/// line's index and the byte where the move's text ends in it.
pub fn marked_lines(lines: &[String], marks: &[(usize, usize, Mark)]) -> Vec<Line<'static>> {
    lines
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let mut ends: Vec<(usize, Mark)> = marks
                .iter()
                .filter(|&&(line, end, _)| line == index && text.is_char_boundary(end))
                .map(|&(_, end, mark)| (end, mark))
                .collect();
            ends.sort_by_key(|&(end, _)| end);
            let mut spans = Vec::new();
            let mut from = 0;
            for (end, mark) in ends {
                spans.push(Span::from(text[from..end].to_string()));
                spans.push(Span::from(mark.symbol()).style(mark_style(mark)));
                from = end;
            }
            spans.push(Span::from(text[from..].to_string()));
            Line::from(spans)
        })
        .collect()
}

/// The colour of a mark: the worse, the hotter.
pub fn mark_style(mark: Mark) -> Style {
    let style = Style::new().add_modifier(Modifier::BOLD);
    match mark {
        Mark::Inaccuracy => style.fg(Color::Yellow),
        Mark::Mistake => style.fg(Color::LightRed),
        Mark::Blunder => style.fg(Color::Red),
    }
}

fn mark_name(words: &Words, mark: Mark) -> String {
    words.msg(match mark {
        Mark::Inaccuracy => "play-analysis-inaccuracy",
        Mark::Mistake => "play-analysis-mistake",
        Mark::Blunder => "play-analysis-blunder",
    })
}

fn percent(chance: f64) -> String {
    format!("{:.1}%", 100.0 * chance)
}

/// A seat's letter in its colour.
fn seat_span(rules: &Rules, seat: u8) -> Span<'static> {
    Span::from(rules.seat_letter(seat).to_string())
        .fg(seat_color(rules, seat))
        .bold()
}

/// A team as the graph's legend names it: its seats' letters (`Y B`).
fn team_name(rules: &Rules, team: u8) -> String {
    let letters: Vec<String> = (0..rules.seats())
        .filter(|&s| rules.team_of(s) == team)
        .map(|s| rules.seat_letter(s).to_string())
        .collect();
    letters.join(" ")
}

/// A team's line in the graph: the colour of its first seat.
fn team_color(rules: &Rules, team: u8) -> Color {
    (0..rules.seats())
        .find(|&s| rules.team_of(s) == team)
        .map_or(Color::Gray, |s| seat_color(rules, s))
}

/// How far an analysis running on a background thread has got.
#[derive(Default)]
struct Progress {
    done: AtomicU64,
    total: AtomicU64,
}

/// An analysis running on a background thread, so the viewer stays usable meanwhile. The
/// thread is not joined: a viewer that closes leaves it to end with the process.
pub struct Job {
    progress: Arc<Progress>,
    result: Receiver<Result<Analysis, String>>,
    words: &'static Words,
}

impl Job {
    /// Starts analysing `game` with `evaluator` on `threads` workers (`None`: one per core).
    ///
    /// # Errors
    /// When the thread cannot start.
    pub fn start(
        rules: Arc<Rules>,
        game: ReplayedGame,
        evaluator: BotSpec,
        threads: Option<usize>,
        words: &'static Words,
    ) -> Result<Job, String> {
        let progress = Arc::new(Progress::default());
        let (sender, result) = mpsc::channel();
        let shared = progress.clone();
        std::thread::Builder::new()
            .name("analysis".into())
            .spawn(move || {
                // Workers finish out of order: the count shown never goes back.
                let tell = |done: u64, total: u64| {
                    shared.total.store(total, Ordering::Relaxed);
                    shared.done.fetch_max(done, Ordering::Relaxed);
                };
                let analysis = analysis::analyze(&rules, &game, &evaluator, threads, &tell);
                // A viewer closed meanwhile has nobody listening: nothing to do then.
                let _ = sender.send(analysis.map_err(|e| e.to_string()));
            })
            .map_err(|e| {
                let mut args = Args::new();
                args.set("error", e.to_string());
                words.msg_with("play-analysis-failed-start", &args)
            })?;
        Ok(Job {
            progress,
            result,
            words,
        })
    }

    /// Positions evaluated so far, and their total (0 until counted).
    pub fn progress(&self) -> (u64, u64) {
        (
            self.progress.done.load(Ordering::Relaxed),
            self.progress.total.load(Ordering::Relaxed),
        )
    }

    /// The result, once the analysis has ended.
    pub fn finished(&self) -> Option<Result<Analysis, String>> {
        match self.result.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Err(self.words.msg("play-analysis-no-result"))),
        }
    }
}

/// Checks that `evaluator` gives the estimates an analysis needs, with the library's own check
/// and error, by analysing the game's start alone (a single position: quick).
///
/// # Errors
/// The library's message for a bot without estimates, or threads that cannot start.
pub fn check_evaluator(
    rules: &Arc<Rules>,
    game: &ReplayedGame,
    evaluator: &BotSpec,
) -> Result<(), String> {
    let start = ReplayedGame {
        start: game.start,
        steps: Vec::new(),
    };
    analysis::analyze(rules, &start, evaluator, Some(1), &|_, _| {})
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests;
