//! `pachisi learn`: the guided first game in the terminal.
//!
//! The screen walks a tour of `pachisi-learn` on the game's own board: the step's task beside
//! the board, the throw, the moves to choose from in words, what the move led to (praise, or
//! why another move is better, the board unchanged) and the words of the source under it all.
//! The lesson decides everything; this module only draws it and turns keys into its actions.

use crate::app::Flow;
use crate::board::{Geometry, Marks};
use crate::move_words::move_words;
use crate::ui::{draw_board, draw_throw, draw_too_small, layout, section, BoardView};
use pachisi_core::Move;
use pachisi_learn::speak::{why_not_lines, Voice};
use pachisi_learn::tour::{Feedback, Lesson, Stage};
use pachisi_table::move_squares;
use pachisi_words::{number, Args, Words};
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// Which page of the tour is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Page {
    /// What the tour teaches, before the first step.
    Intro,
    /// A step.
    Step,
    /// The end: the tour's last words and the offer of a first game.
    Outro,
}

/// How the tour was left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnExit {
    /// The player left.
    Left,
    /// The player finished the tour and asked for a first game.
    PlayFirstGame,
}

/// The tour's screen.
pub struct LearnScreen {
    /// The lesson walked.
    pub lesson: Lesson,
    /// The words it is said in.
    pub words: &'static Words,
    /// The board's grid.
    pub geometry: Geometry,
    /// The page shown.
    pub page: Page,
    /// Index of the selected move among the lesson's legal moves.
    pub selected: usize,
    /// What the last action led to.
    pub feedback: Option<Feedback>,
    /// How the tour was left, once it is.
    pub exit: Option<LearnExit>,
}

impl LearnScreen {
    /// The tour of this name, at its introduction.
    ///
    /// # Errors
    /// An unknown tour (the message lists the tours), or a board the terminal cannot draw.
    pub fn new(tour: &str, words: &'static Words) -> Result<LearnScreen, String> {
        let lesson = Lesson::new(tour).map_err(|e| e.to_string())?;
        let geometry = Geometry::of(lesson.rules(), words)?;
        Ok(LearnScreen {
            lesson,
            words,
            geometry,
            page: Page::Intro,
            selected: 0,
            feedback: None,
            exit: None,
        })
    }

    /// Handles a key.
    pub fn on_key(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return self.leave(LearnExit::Left);
        }
        match key.code {
            KeyCode::Char('q') | KeyCode::Esc => return self.leave(LearnExit::Left),
            KeyCode::Enter | KeyCode::Char(' ') => return self.go_on(),
            KeyCode::Up | KeyCode::Char('k') => self.select(-1),
            KeyCode::Down | KeyCode::Char('j') => self.select(1),
            KeyCode::Char(c @ '1'..='9') => {
                let index = usize::from(c as u8 - b'1');
                if index < self.lesson.legal_moves().len() {
                    self.selected = index;
                    self.play_selected();
                }
            }
            KeyCode::Char('p') => {
                if let Some(i) = self
                    .lesson
                    .legal_moves()
                    .iter()
                    .position(|m| *m == Move::Pass)
                {
                    self.selected = i;
                    self.play_selected();
                }
            }
            KeyCode::Char('w') if self.page == Page::Step => self.why_not(),
            KeyCode::Char('r') if self.page == Page::Step && self.lesson.restart_step().is_ok() => {
                self.selected = 0;
                self.feedback = None;
            }
            _ => {}
        }
        Flow::Continue
    }

    fn leave(&mut self, exit: LearnExit) -> Flow {
        self.exit = Some(exit);
        Flow::Quit
    }

    /// Enter: begin, throw, play the selected move, or go on to the next step.
    fn go_on(&mut self) -> Flow {
        match self.page {
            Page::Intro => self.page = Page::Step,
            Page::Outro => return self.leave(LearnExit::PlayFirstGame),
            Page::Step => match self.lesson.stage() {
                Stage::Throw => {
                    self.feedback = self.lesson.throw(self.words).ok();
                    self.selected = 0;
                }
                Stage::Move => self.play_selected(),
                Stage::Done => {
                    self.feedback = None;
                    self.selected = 0;
                    match self.lesson.next_step() {
                        Ok(true) => {}
                        Ok(false) | Err(_) => self.page = Page::Outro,
                    }
                }
            },
        }
        Flow::Continue
    }

    fn select(&mut self, by: isize) {
        let n = self.lesson.legal_moves().len();
        if n > 0 {
            self.selected = (self.selected as isize + by).rem_euclid(n as isize) as usize;
        }
    }

    fn play_selected(&mut self) {
        let moves = self.lesson.legal_moves();
        if let Some(&mv) = moves.get(self.selected) {
            if let Ok(feedback) = self.lesson.play(mv, self.words) {
                self.feedback = Some(feedback);
            }
        }
    }

    /// `w`: why the player's other pieces cannot move, in the player's words.
    fn why_not(&mut self) {
        if self.lesson.stage() != Stage::Move {
            return;
        }
        let rules = self.lesson.rules();
        let position = self.lesson.position();
        let voice = Voice::new(self.words, rules, Some(position.to_move()));
        let reasons = why_not_lines(&voice, position);
        let text = if reasons.is_empty() {
            self.words.msg("learn-ui-all-can-move")
        } else {
            reasons.join(" ")
        };
        self.feedback = Some(Feedback::Thrown(text));
    }

    /// The moves to choose from, in words.
    pub fn move_lines(&self) -> Vec<String> {
        let rules = self.lesson.rules();
        let position = self.lesson.position();
        self.lesson
            .legal_moves()
            .iter()
            .map(|&mv| match mv {
                Move::Pass => self.words.msg("learn-ui-pass"),
                _ => move_words(self.words, rules, position, mv).sentence,
            })
            .collect()
    }

    /// Draws the screen.
    pub fn draw(&self, frame: &mut Frame) {
        let Some(screen) = layout(frame.area(), &self.geometry) else {
            draw_too_small(frame, &self.geometry, self.words);
            return;
        };
        let rules = self.lesson.rules();
        let position = self.lesson.position();
        let seat = self.lesson.player();
        let selected = self.lesson.legal_moves().get(self.selected).copied();
        let marks = Marks {
            last_move: [None, None],
            selected: selected.map_or([None, None], |mv| move_squares(rules, seat, mv)),
        };
        let labels: Vec<String> = (0..rules.seats())
            .map(|s| {
                if s == seat {
                    self.words.msg("learn-ui-you")
                } else {
                    String::new()
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(self.title()), screen.title);
        draw_board(
            frame,
            &screen,
            BoardView {
                rules,
                geometry: &self.geometry,
                position,
                marks,
                labels: &labels,
                words: self.words,
            },
        );
        self.draw_panel(frame, screen.panel);
        let (status, colour) = match &self.feedback {
            Some(Feedback::Right(_)) => (self.words.msg("learn-ui-right"), Color::Green),
            Some(Feedback::Wrong(_)) => (self.words.msg("learn-ui-wrong"), Color::Yellow),
            _ => (String::new(), Color::White),
        };
        frame.render_widget(Paragraph::new(status.fg(colour).bold()), screen.status);
        frame.render_widget(Paragraph::new(self.keys_line().dark_gray()), screen.keys);
    }

    /// The tour's ruleset's title in the player's language.
    fn ruleset_title(&self) -> String {
        let ruleset = self.lesson.rules().ruleset();
        self.words.ruleset_title(&ruleset.name, &ruleset.title)
    }

    fn title(&self) -> Line<'static> {
        let tour = self.lesson.tour();
        let mut args = Args::new();
        args.set("ruleset", self.ruleset_title());
        args.set("step", number(self.lesson.index() as u32 + 1));
        args.set("steps", number(tour.steps.len() as u32));
        args.set("title", self.words.msg(self.lesson.step().text.title));
        let id = match self.page {
            Page::Intro => "learn-ui-title-intro",
            Page::Step => "learn-ui-title-step",
            Page::Outro => "learn-ui-title-outro",
        };
        Line::from(self.words.msg_with(id, &args)).bold()
    }

    fn keys_line(&self) -> String {
        let id = match (self.page, self.lesson.stage()) {
            (Page::Intro, _) => "learn-ui-keys-intro",
            (Page::Outro, _) => "learn-ui-keys-outro",
            (Page::Step, Stage::Throw) => "learn-ui-keys-throw",
            (Page::Step, Stage::Move) => "learn-ui-keys-move",
            (Page::Step, Stage::Done) => "learn-ui-keys-done",
        };
        self.words.msg(id)
    }

    /// The side panel: what to do (or what the last action led to), the moves, the throw, the
    /// source.
    fn draw_panel(&self, frame: &mut Frame, area: Rect) {
        let width = usize::from(area.width.saturating_sub(1)).max(10);
        let tour = self.lesson.tour();
        let step = self.lesson.step();
        let said = match self.page {
            Page::Intro => self.words.msg(tour.intro),
            Page::Outro => self.words.msg(tour.outro),
            Page::Step => match &self.feedback {
                Some(feedback) => feedback.text().to_string(),
                None => self.lesson.task(self.words),
            },
        };
        let colour = match (&self.feedback, self.page) {
            (Some(Feedback::Right(_)), Page::Step) => Color::Green,
            (Some(Feedback::Wrong(_)), Page::Step) => Color::Yellow,
            _ => Color::White,
        };
        let said_lines: Vec<Line> = wrap(&said, width)
            .into_iter()
            .map(|l| Line::from(l).fg(colour))
            .collect();
        let moves: Vec<Line> = self
            .move_lines()
            .iter()
            .enumerate()
            .flat_map(|(i, text)| {
                let style = if i == self.selected {
                    Style::new().fg(Color::Black).bg(Color::Cyan)
                } else {
                    Style::new()
                };
                wrap(&format!("{} {text}", i + 1), width)
                    .into_iter()
                    .map(move |l| Line::from(Span::styled(l, style)))
            })
            .collect();
        let source: Vec<Line> = if self.page == Page::Step {
            wrap(&self.words.msg(step.text.source), width)
                .into_iter()
                .map(|l| Line::from(l).dark_gray().italic())
                .collect()
        } else {
            Vec::new()
        };
        let throw_rows = if self.lesson.last_throw().is_some() {
            4
        } else {
            0
        };
        let [said_area, moves_area, throw_area, source_area] = Layout::vertical([
            Constraint::Length(said_lines.len() as u16 + 1),
            Constraint::Length(if moves.is_empty() {
                0
            } else {
                moves.len() as u16 + 1
            }),
            Constraint::Length(throw_rows),
            Constraint::Min(0),
        ])
        .areas(area);
        let heading = match self.page {
            Page::Step => self.words.msg("learn-ui-what-to-do"),
            Page::Intro | Page::Outro => self.ruleset_title(),
        };
        frame.render_widget(
            Paragraph::new(said_lines).block(section(&heading)),
            said_area,
        );
        if !moves.is_empty() {
            frame.render_widget(
                Paragraph::new(moves).block(section(&self.words.msg("learn-ui-your-moves"))),
                moves_area,
            );
        }
        if let Some(throw) = self.lesson.last_throw() {
            let seat = self.lesson.player();
            draw_throw(
                frame,
                throw_area,
                self.words,
                self.lesson.rules(),
                self.lesson.position(),
                Some((seat, throw)),
                self.lesson.index() as u64,
            );
        }
        if !source.is_empty() {
            frame.render_widget(
                Paragraph::new(source)
                    .wrap(Wrap { trim: true })
                    .block(section(&self.words.msg("learn-ui-source"))),
                source_area,
            );
        }
    }
}

/// `text` in rows of at most `width` columns, broken between words (a word longer than a row
/// gets a row of its own, cut by the panel), so the panel knows how many rows each part takes.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split_whitespace() {
        let wanted = Span::raw(row.as_str()).width() + 1 + Span::raw(word).width();
        if !row.is_empty() && wanted > width {
            rows.push(std::mem::take(&mut row));
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(word);
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

impl crate::terminal::Screen for LearnScreen {
    fn draw(&mut self, frame: &mut Frame) {
        LearnScreen::draw(self, frame);
    }

    fn on_event(&mut self, event: Event) -> Flow {
        match event {
            Event::Key(key) => self.on_key(key),
            _ => Flow::Continue,
        }
    }

    fn interrupted(&mut self) {
        self.exit = Some(LearnExit::Left);
    }
}
