//! The replay viewer: a saved game stepped through forwards and backwards, action by action or
//! turn by turn, on the same board as a game.

use crate::app::Flow;
use crate::board::{Geometry, Marks};
use crate::ui;
use pachisi_core::{Action, GameRecord, Phase, Position, Rules, Throw};
use pachisi_table::{LastMove, SeatSpec, Table};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Stylize};
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;
use std::sync::Arc;

/// The game as it stood after some number of actions.
struct Moment {
    position: Position,
    last_move: Option<LastMove>,
    last_throw: Option<Throw>,
    throw_count: u64,
    /// Log lines complete or begun by then, and the last one as it read then.
    log_lines: usize,
    last_line: String,
}

/// A record being viewed.
pub struct Replay {
    rules: Arc<Rules>,
    geometry: Geometry,
    moments: Vec<Moment>,
    log: Vec<String>,
    labels: Vec<String>,
    name: String,
    /// The moment shown: after this many actions.
    pub at: usize,
    /// Whether the key help is shown.
    pub help: bool,
}

impl Replay {
    /// Replays `record` under `rules`; `name` (a file name) heads the screen.
    ///
    /// # Errors
    /// When an action of the record is not possible where it stands, or the board cannot be
    /// drawn.
    pub fn new(rules: Arc<Rules>, record: &GameRecord, name: &str) -> Result<Replay, String> {
        let geometry = Geometry::of(&rules)?;
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
        let labels = record
            .tag("Seats")
            .map(|s| s.split(',').map(|x| x.trim().to_string()).collect())
            .unwrap_or_default();
        Ok(Replay {
            at: moments.len() - 1,
            rules,
            geometry,
            log: table.log().to_vec(),
            moments,
            labels,
            name: name.to_string(),
            help: false,
        })
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
        if self.help {
            self.help = false;
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
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char('q') | KeyCode::Esc => return Flow::Quit,
            _ => {}
        }
        Flow::Continue
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

    /// Draws the viewer.
    pub fn draw(&self, frame: &mut Frame) {
        let Some(screen) = ui::layout(frame.area(), &self.geometry) else {
            ui::draw_too_small(frame, &self.geometry);
            return;
        };
        let m = &self.moments[self.at];
        let rules = &self.rules;
        let mut title = ui::title_line(rules, &m.position, &self.labels);
        title
            .spans
            .insert(0, format!("Replay of {} · ", self.name).into());
        frame.render_widget(Paragraph::new(title), screen.title);
        let marks = Marks {
            last_move: m.last_move.map(|l| l.squares).unwrap_or_default(),
            selected: [None, None],
        };
        ui::draw_board(
            frame,
            &screen,
            rules,
            &self.geometry,
            &m.position,
            marks,
            &self.labels,
        );
        let teams = ui::team_lines(rules, &m.position);
        let [teams_area, throw_area, log_area] = Layout::vertical([
            Constraint::Length(teams.len() as u16),
            Constraint::Length(ui::THROW_ROWS),
            Constraint::Min(2),
        ])
        .areas(screen.panel);
        frame.render_widget(Paragraph::new(teams), teams_area);
        ui::draw_throw(
            frame,
            throw_area,
            rules,
            &m.position,
            m.last_throw,
            m.throw_count,
        );
        let mut shown: Vec<String> = self.log[..m.log_lines.saturating_sub(1)].to_vec();
        if m.log_lines > 0 {
            shown.push(m.last_line.clone());
        }
        ui::draw_log(frame, log_area, &shown, 0);
        let status = match m.position.phase() {
            Phase::Over => "the game is over".to_string(),
            _ => String::new(),
        };
        frame.render_widget(
            Paragraph::new(Line::from(format!(
                "Action {} of {}  {status}",
                self.at,
                self.len()
            )))
            .fg(Color::Cyan),
            screen.status,
        );
        frame.render_widget(
            Paragraph::new("→ ← one action  ↓ ↑ one turn  Home End  ? help  q quit").dark_gray(),
            screen.keys,
        );
        if self.help {
            ui::draw_help(frame, screen.middle(), REPLAY_KEYS);
        }
    }
}

/// The replay viewer's keys, for its help window.
const REPLAY_KEYS: &[(&str, &str)] = &[
    ("→ l space", "the next action (a throw or a move)"),
    ("← h", "the action before"),
    ("↓ j PgDn", "the end of the next turn"),
    ("↑ k PgUp", "the end of the turn before"),
    ("Home g", "the start"),
    ("End G", "the end"),
    ("q Esc", "leave"),
];

fn moment(table: &Table) -> Moment {
    Moment {
        position: *table.position(),
        last_move: table.last_move(),
        last_throw: table.last_throw(),
        throw_count: table.throw_count(),
        log_lines: table.log().len(),
        last_line: table.log().last().cloned().unwrap_or_default(),
    }
}
