//! The replay viewer: a saved game stepped through forwards and backwards, action by action or
//! turn by turn, on the same board as a game; and, once analysed (on a background thread, so the
//! viewer stays usable meanwhile), every marked move's mark in the log, the grade of the action
//! shown, the graph of every team's winning chance and a summary per seat
//! ([`crate::analysis_view`] lays the analysis over the viewer's moments and draws it).

use crate::analysis_view::{self, AnalysisView, Job};
use crate::app::Flow;
use crate::board::{Geometry, Marks};
use crate::ui;
use pachisi_bots::analysis::{Analysis, ReplayedGame, DEFAULT_EVALUATOR};
use pachisi_bots::BotSpec;
use pachisi_core::{Action, GameRecord, Phase, Position, Rules, Throw, ThrowOff};
use pachisi_learn::speak::{family_words, throw_off_words};
use pachisi_table::{LastMove, SeatSpec, Table};
use pachisi_words::{number, Args, Words};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};
use ratatui::Frame;
use std::sync::Arc;

/// Rows below the board from which the graph of the winning chances is drawn there; a window
/// that leaves fewer shows it over the board, with `c`.
const GRAPH_ROWS: u16 = 8;

/// Rows of the panel's analysis section: its title and three lines.
const ANALYSIS_ROWS: u16 = 4;

/// The game as it stood after some number of actions.
struct Moment {
    position: Position,
    last_move: Option<LastMove>,
    /// The seat that made the last throw, and the throw.
    last_throw: Option<(u8, Throw)>,
    throw_count: u64,
    /// Log lines complete or begun by then, and the last one as it read then.
    log_lines: usize,
    last_line: String,
}

/// A window over the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// The keys; any key closes it.
    Help,
    /// The analysis summed up per seat and team; any key closes it.
    Summary,
    /// The graph of the winning chances, large; the keys still step through the game.
    Graph,
}

/// Where the analysis stands.
enum Analysing {
    /// Not asked for.
    NotAsked,
    /// Running on a background thread.
    Running(Job),
    /// Done, laid over the moments.
    Done(Box<AnalysisView>),
    /// Failed, with the reason.
    Failed(String),
}

/// A record being viewed.
pub struct Replay {
    rules: Arc<Rules>,
    geometry: Geometry,
    moments: Vec<Moment>,
    log: Vec<String>,
    labels: Vec<String>,
    name: String,
    /// The game's throws and moves, as the analysis numbers them.
    game: ReplayedGame,
    /// The bot that analyses the game, and its worker threads (`None`: one per core).
    evaluator: BotSpec,
    threads: Option<usize>,
    analysing: Analysing,
    /// What the last key did, when there is something to say (the next key clears it).
    message: String,
    /// The moment shown: after this many actions.
    pub at: usize,
    /// A window over the board, if open.
    pub window: Option<Window>,
    /// The catalogue every word on the screen comes from.
    words: &'static Words,
}

impl Replay {
    /// Replays `record` under `rules`; `name` (a file name) heads the screen, every word from
    /// `words`. The analysis, when asked for, is [`DEFAULT_EVALUATOR`]'s on one thread per core
    /// ([`Replay::set_evaluator`] changes them).
    ///
    /// # Errors
    /// When an action of the record is not possible where it stands, or the board cannot be
    /// drawn.
    pub fn new(
        rules: Arc<Rules>,
        record: &GameRecord,
        name: &str,
        words: &'static Words,
    ) -> Result<Replay, String> {
        let geometry = Geometry::of(&rules, words)?;
        let humans = vec![SeatSpec::Human; usize::from(rules.seats())];
        let mut header = GameRecord::new("");
        for tag in ["Start", "Opening"] {
            if let Some(value) = record.tag(tag) {
                header.set_tag(tag, value);
            }
        }
        let mut table = Table::new(rules.clone(), &humans, 0, header)?;
        let mut moments = vec![moment(&table)];
        for &(action, line, column) in &record.actions {
            table
                .apply_action(action)
                .map_err(|e| format!("record line {line}, column {column}: {e}"))?;
            // A seat marker (`Y:`) checks whose turn it is; it is no action of the game.
            if !matches!(action, Action::Seat(_)) {
                moments.push(moment(&table));
            }
        }
        let game = ReplayedGame::from_record(&rules, record).map_err(|e| e.to_string())?;
        let evaluator = DEFAULT_EVALUATOR
            .parse()
            .map_err(|e| format!("the default evaluator: {e}"))?;
        let labels = ui::seat_labels(words, record.tag("Seats"));
        let mut log = table.log().to_vec();
        // The table's log opens with the throw-off in its own words: said here in the
        // catalogue's, at every moment that shows it.
        let opening = record
            .tag("Opening")
            .and_then(|text| ThrowOff::parse(&rules, text).ok());
        if let (Some(opening), Some(first)) = (opening, log.first_mut()) {
            let said = throw_off_words(words, &rules, &opening);
            for m in moments.iter_mut().filter(|m| m.log_lines == 1) {
                m.last_line = said.clone();
            }
            *first = said;
        }
        Ok(Replay {
            at: moments.len() - 1,
            rules,
            geometry,
            log,
            moments,
            labels,
            name: name.to_string(),
            game,
            evaluator,
            threads: None,
            analysing: Analysing::NotAsked,
            message: String::new(),
            window: None,
            words,
        })
    }

    /// Analyses with `evaluator` on `threads` workers (`None`: one per core) from now on.
    ///
    /// # Errors
    /// When the bot gives no estimates of winning chances (the analysis's own message).
    pub fn set_evaluator(
        &mut self,
        evaluator: BotSpec,
        threads: Option<usize>,
    ) -> Result<(), String> {
        analysis_view::check_evaluator(&self.rules, &self.game, &evaluator)?;
        self.evaluator = evaluator;
        self.threads = threads;
        Ok(())
    }

    /// Starts analysing the game on a background thread (the `a` key), unless it is analysed or
    /// being analysed; [`Replay::poll`] takes the result in.
    pub fn analyse(&mut self) {
        match &self.analysing {
            Analysing::Running(_) => self.message = self.words.msg("play-replay-running"),
            Analysing::Done(_) => self.message = self.words.msg("play-replay-analysed"),
            Analysing::NotAsked | Analysing::Failed(_) => {
                self.analysing = match Job::start(
                    self.rules.clone(),
                    self.game.clone(),
                    self.evaluator.clone(),
                    self.threads,
                    self.words,
                ) {
                    Ok(job) => Analysing::Running(job),
                    Err(e) => Analysing::Failed(e),
                }
            }
        }
    }

    /// Takes the analysis in if its thread has finished.
    pub fn poll(&mut self) {
        if let Analysing::Running(job) = &self.analysing {
            match job.finished() {
                Some(Ok(analysis)) => {
                    // A failure is kept in the state, which the status line shows.
                    let _ = self.set_analysis(analysis);
                }
                Some(Err(e)) => self.analysing = Analysing::Failed(e),
                None => {}
            }
        }
    }

    /// Shows `analysis` of this game (made elsewhere, e.g. at once by the caller).
    ///
    /// # Errors
    /// When it is not an analysis of this game's actions; the status line then says so.
    pub fn set_analysis(&mut self, analysis: Analysis) -> Result<(), String> {
        let positions = self.moments.iter().map(|m| m.position).collect();
        match AnalysisView::new(&self.rules, positions, self.game.steps.clone(), analysis) {
            Ok(view) => {
                self.analysing = Analysing::Done(Box::new(view));
                Ok(())
            }
            Err(e) => {
                self.analysing = Analysing::Failed(e.clone());
                Err(e)
            }
        }
    }

    /// The analysis, once done.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.view().map(AnalysisView::analysis)
    }

    /// The positions evaluated so far and their total, while the analysis runs.
    pub fn progress(&self) -> Option<(u64, u64)> {
        match &self.analysing {
            Analysing::Running(job) => Some(job.progress()),
            _ => None,
        }
    }

    fn view(&self) -> Option<&AnalysisView> {
        match &self.analysing {
            Analysing::Done(view) => Some(view),
            _ => None,
        }
    }

    /// Actions in the record.
    pub fn len(&self) -> usize {
        self.moments.len() - 1
    }

    /// Whether the record has no actions.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The position shown.
    pub fn position(&self) -> &Position {
        &self.moments[self.at].position
    }

    /// Handles a key.
    pub fn on_key(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return Flow::Quit;
        }
        self.message.clear();
        if matches!(self.window, Some(Window::Help | Window::Summary)) {
            self.window = None;
            return Flow::Continue;
        }
        let last = self.len();
        match key.code {
            KeyCode::Right | KeyCode::Char('l') | KeyCode::Char(' ') | KeyCode::Enter => {
                self.at = (self.at + 1).min(last);
            }
            KeyCode::Left | KeyCode::Char('h') | KeyCode::Backspace => {
                self.at = self.at.saturating_sub(1);
            }
            KeyCode::Down | KeyCode::PageDown | KeyCode::Char('j') => self.at = self.next_turn(),
            KeyCode::Up | KeyCode::PageUp | KeyCode::Char('k') => self.at = self.previous_turn(),
            KeyCode::Home | KeyCode::Char('g') => self.at = 0,
            KeyCode::End | KeyCode::Char('G') => self.at = last,
            KeyCode::Char('a') => self.analyse(),
            KeyCode::Char('n') | KeyCode::Char(']') => self.jump_to_marked(true),
            KeyCode::Char('N') | KeyCode::Char('[') => self.jump_to_marked(false),
            KeyCode::Char('c') if self.window == Some(Window::Graph) => self.window = None,
            KeyCode::Char('c') => self.open_with_analysis(Window::Graph),
            KeyCode::Char('s') => self.open_with_analysis(Window::Summary),
            KeyCode::Char('?') => self.window = Some(Window::Help),
            KeyCode::Esc if self.window.is_some() => self.window = None,
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            _ => {}
        }
        Flow::Continue
    }

    /// Opens a window that shows the analysis, or says why it cannot yet.
    fn open_with_analysis(&mut self, window: Window) {
        if self.view().is_some() {
            self.window = Some(window);
        } else {
            self.message = self.not_analysed();
        }
    }

    /// Why the analysis cannot be shown yet.
    fn not_analysed(&self) -> String {
        match &self.analysing {
            Analysing::Running(_) => self.words.msg("play-replay-wait"),
            _ => self.words.msg("play-replay-analyse-first"),
        }
    }

    /// Goes to the next (or the previous) marked move, or says there is none.
    fn jump_to_marked(&mut self, forwards: bool) {
        let Some(view) = self.view() else {
            self.message = self.not_analysed();
            return;
        };
        let found = if forwards {
            view.next_marked(self.at)
        } else {
            view.previous_marked(self.at)
        };
        match found {
            Some(at) => self.at = at,
            None if forwards => self.message = self.words.msg("play-replay-no-marked-after"),
            None => self.message = self.words.msg("play-replay-no-marked-before"),
        }
    }

    /// The first moment after the shown one where another log line (turn) begins, or the end.
    fn next_turn(&self) -> usize {
        let line = self.moments[self.at].log_lines;
        (self.at + 1..=self.len())
            .find(|&i| self.moments[i].log_lines > line.max(1))
            .map_or(self.len(), |i| i.saturating_sub(1).max(self.at + 1))
    }

    /// The end of the turn before the one shown, or the start.
    fn previous_turn(&self) -> usize {
        let line = self.moments[self.at].log_lines;
        (0..self.at)
            .rev()
            .find(|&i| self.moments[i].log_lines < line)
            .unwrap_or(0)
    }

    /// The status line: the action shown, and the analysis's progress or what the last key did.
    pub fn status(&self) -> String {
        let words = self.words;
        let mut args = Args::new();
        args.set("at", number(self.at as u32));
        args.set("count", number(self.len() as u32));
        let mut status = words.msg_with("play-replay-action", &args);
        if self.position().phase() == Phase::Over {
            status.push_str("  ");
            status.push_str(&words.msg("play-replay-over"));
        }
        let analysis = match &self.analysing {
            _ if !self.message.is_empty() => self.message.clone(),
            Analysing::Running(job) => match job.progress() {
                (_, 0) => words.msg("play-replay-analysing"),
                (done, total) => {
                    let mut args = Args::new();
                    args.set("done", number(done as f64));
                    args.set("total", number(total as f64));
                    words.msg_with("play-replay-progress", &args)
                }
            },
            Analysing::Failed(e) => {
                let mut args = Args::new();
                args.set("error", e.clone());
                words.msg_with("play-replay-failed", &args)
            }
            Analysing::NotAsked | Analysing::Done(_) => String::new(),
        };
        if !analysis.is_empty() {
            status.push_str("  ");
            status.push_str(&analysis);
        }
        status
    }

    /// Draws the viewer.
    pub fn draw(&self, frame: &mut Frame) {
        let view = self.view();
        let below = if view.is_some() { GRAPH_ROWS } else { 0 };
        let Some(screen) = ui::layout_leaving(frame.area(), &self.geometry, below) else {
            ui::draw_too_small(frame, &self.geometry, self.words);
            return;
        };
        let m = &self.moments[self.at];
        let rules = &self.rules;
        let words = self.words;
        let mut title = ui::title_line(words, rules, &m.position, &self.labels);
        let mut args = Args::new();
        args.set("name", self.name.clone());
        title
            .spans
            .insert(0, words.msg_with("play-title-replay", &args).into());
        frame.render_widget(Paragraph::new(title), screen.title);
        let marks = Marks {
            last_move: m.last_move.map(|l| l.squares).unwrap_or_default(),
            selected: [None, None],
        };
        ui::draw_board(
            frame,
            &screen,
            ui::BoardView {
                rules,
                geometry: &self.geometry,
                position: &m.position,
                marks,
                labels: &self.labels,
                words,
            },
        );
        // The graph goes under the board where the window leaves room for it.
        let below = Rect {
            y: screen.board.bottom(),
            height: screen.panel.bottom().saturating_sub(screen.board.bottom()),
            ..screen.board
        };
        if let Some(view) = view.filter(|_| below.height >= GRAPH_ROWS) {
            view.draw_chart(frame, below, words, rules, self.at, false);
        }
        let teams = ui::team_lines(words, rules, &m.position);
        let analysis_rows = if view.is_some() { ANALYSIS_ROWS } else { 0 };
        let [teams_area, throw_area, analysis_area, log_area] = Layout::vertical([
            Constraint::Length(teams.len() as u16),
            Constraint::Length(ui::THROW_ROWS),
            Constraint::Length(analysis_rows),
            Constraint::Min(2),
        ])
        .areas(screen.panel);
        frame.render_widget(Paragraph::new(teams), teams_area);
        ui::draw_throw(
            frame,
            throw_area,
            words,
            rules,
            &m.position,
            m.last_throw,
            m.throw_count,
        );
        if let Some(view) = view {
            frame.render_widget(
                Paragraph::new(view.step_lines(words, rules, self.at))
                    .block(ui::section(&words.msg("play-section-analysis"))),
                analysis_area,
            );
        }
        ui::draw_log_lines(frame, log_area, words, self.log_lines(), 0);
        frame.render_widget(
            Paragraph::new(Line::from(self.status())).fg(Color::Cyan),
            screen.status,
        );
        let keys = if view.is_some() {
            words.msg("play-replay-keys-analysed")
        } else {
            words.msg("play-replay-keys")
        };
        frame.render_widget(Paragraph::new(keys).dark_gray(), screen.keys);
        match (self.window, view) {
            (Some(Window::Help), _) => ui::draw_help(
                frame,
                screen.middle(),
                family_words(words, rules),
                REPLAY_KEYS,
            ),
            (Some(Window::Summary), Some(view)) => ui::draw_window(
                frame,
                screen.middle(),
                &words.msg("play-section-analysis"),
                view.summary_lines(words, rules),
            ),
            (Some(Window::Graph), Some(view)) => {
                frame.render_widget(Clear, screen.middle());
                view.draw_chart(frame, screen.middle(), words, rules, self.at, true);
            }
            _ => {}
        }
    }

    /// The log as it stood at the moment shown, each marked move followed by its mark.
    fn log_lines(&self) -> Vec<Line<'static>> {
        let m = &self.moments[self.at];
        let mut shown: Vec<String> = self.log[..m.log_lines.saturating_sub(1)].to_vec();
        if m.log_lines > 0 {
            shown.push(m.last_line.clone());
        }
        // A move's text ends where the log's last line ended once the move was made: lines are
        // only ever added or extended, so that place stays the move's.
        let marks: Vec<_> = self
            .view()
            .into_iter()
            .flat_map(|view| view.marks_through(self.at))
            .filter_map(|(at, mark)| {
                let made = &self.moments[at];
                Some((made.log_lines.checked_sub(1)?, made.last_line.len(), mark))
            })
            .collect();
        analysis_view::marked_lines(&shown, &marks)
    }
}

/// The replay viewer's keys, for its help window: the messages naming each key and saying
/// what it does.
const REPLAY_KEYS: &[(&str, &str)] = &[
    ("play-replay-key-next", "play-replay-key-next-does"),
    ("play-replay-key-back", "play-replay-key-back-does"),
    ("play-replay-key-turn", "play-replay-key-turn-does"),
    (
        "play-replay-key-turn-back",
        "play-replay-key-turn-back-does",
    ),
    ("play-replay-key-start", "play-replay-key-start-does"),
    ("play-replay-key-end", "play-replay-key-end-does"),
    ("play-replay-key-analyse", "play-replay-key-analyse-does"),
    ("play-replay-key-marked", "play-replay-key-marked-does"),
    (
        "play-replay-key-marked-back",
        "play-replay-key-marked-back-does",
    ),
    ("play-replay-key-graph", "play-replay-key-graph-does"),
    ("play-replay-key-summary", "play-replay-key-summary-does"),
    ("play-replay-key-quit", "play-replay-key-quit-does"),
];

fn moment(table: &Table) -> Moment {
    Moment {
        position: *table.position(),
        last_move: table.last_move(),
        last_throw: table.last_thrower().zip(table.last_throw()),
        throw_count: table.throw_count(),
        log_lines: table.log().len(),
        last_line: table.log().last().cloned().unwrap_or_default(),
    }
}

#[cfg(test)]
mod tests {
    use super::REPLAY_KEYS;

    /// The keys' messages are looked up by id from a table, which the catalogue test does not
    /// see: each must be in English.
    #[test]
    fn every_key_of_the_replay_viewer_has_its_words() {
        let english = pachisi_words::english();
        for (key, does) in REPLAY_KEYS {
            assert!(english.has(key) && english.has(does), "{key} {does}");
        }
    }
}
