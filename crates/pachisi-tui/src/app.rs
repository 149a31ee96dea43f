//! The game screen's state and what every key and click does. Drawing lives in [`crate::ui`], the
//! terminal in [`crate::terminal`]; here are only decisions, so tests drive them with plain
//! values.

use crate::board::{Cell, Geometry, Marks};
use crate::log_words::LogWords;
use crate::move_words::move_words;
use crate::tips::Tips;
use pachisi_bots::BotSpec;
use pachisi_core::{GameRecord, Move, Phase, Position};
use pachisi_learn::speak::{family_words, result_line, why_lines, why_not_lines, Voice};
use pachisi_table::{move_squares, Happening, Table};
use pachisi_words::{Args, FamilyWords, Words};
use ratatui::crossterm::event::{
    KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::path::PathBuf;

/// A window over the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// Every key, explained, and the legend where the window has room for both.
    Help,
    /// The legend: what the signs on the board and the throw mean (`?` from the keys).
    Legend,
    /// The hint bot's ranking of the moves: `(move, description, winning chance)`.
    Hint(Vec<(Move, String, f64)>),
    /// Why pieces cannot move.
    WhyNot(Vec<String>),
    /// A tip for a first game, at a moment that needs one; the bots wait until it is closed.
    Tip {
        /// The window's title.
        title: String,
        /// The tip.
        text: String,
        /// How to close it.
        close: String,
    },
    /// Leaving a game with moves not saved.
    ConfirmQuit,
}

/// What the program should do after an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// Leave the game (the terminal is restored by the caller).
    Quit,
}

/// Where things were drawn last, so that a click can find what it hit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitMap {
    /// The board's top-left corner on screen, its cell size, and its grid.
    pub board: Option<(u16, u16, u16, u16)>,
    /// The screen row of each listed move, by index into the legal moves.
    pub move_rows: Vec<(u16, usize)>,
}

/// The game screen.
pub struct App {
    /// The game.
    pub table: Table,
    /// The grid the board is drawn on.
    pub geometry: Geometry,
    /// Index of the selected move in [`Table::legal_moves`].
    pub selected: usize,
    /// A window over the board, if open.
    pub overlay: Option<Overlay>,
    /// The status line: what just happened, or what went wrong.
    pub message: String,
    /// Log lines scrolled back from the newest.
    pub log_back: usize,
    /// Where the record is saved.
    pub save_path: PathBuf,
    /// The bot asked for hints.
    pub hint_bot: BotSpec,
    /// Where things were drawn, for the mouse.
    pub hits: HitMap,
    /// Whether the last drawing found the window too small for the board: until it grows, only
    /// the keys that leave work (saving unsaved moves), so nothing is played unseen.
    pub too_small: bool,
    /// Records written to disk: `(path, text)` waiting to be written by the caller, so that this
    /// module does no input or output of its own.
    pub pending_save: Option<(PathBuf, GameRecord)>,
    /// A person's turn that passed because no piece of theirs could move with their throw: said
    /// on the status line until they act again, and explained by `w`.
    pub passed: Option<PassedTurn>,
    /// The catalogue every word on the screen comes from.
    pub words: &'static Words,
    /// The log in words, read from the record.
    pub log_words: LogWords,
    /// Tips for a first game, when they are on (`pachisi learn`'s first game).
    pub tips: Option<Tips>,
}

/// A person's throw with which no piece of theirs could move, so that their turn passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassedTurn {
    /// The throw, as it is written.
    pub throw: String,
    /// Why each piece could not move.
    pub reasons: Vec<String>,
}

impl PassedTurn {
    /// The turn of the mover of `position` (just thrown `throw`) if it can only pass.
    fn of(
        words: &Words,
        rules: &pachisi_core::Rules,
        position: &pachisi_core::Position,
        throw: String,
    ) -> Option<PassedTurn> {
        let only_pass = position.phase() == Phase::Move
            && position.legal_moves(rules).as_slice() == [Move::Pass];
        only_pass.then(|| PassedTurn {
            throw,
            reasons: pieces_stuck(words, rules, position),
        })
    }

    /// What the status line says of it.
    fn said(&self, words: FamilyWords) -> String {
        let mut args = Args::new();
        args.set("throw", self.throw.clone());
        words.msg_with("play-turn-passed", &args)
    }
}

impl App {
    /// A game screen for `table`, every word from `words`.
    ///
    /// # Errors
    /// When the terminal cannot draw the ruleset's board.
    pub fn new(
        table: Table,
        save_path: PathBuf,
        hint_bot: BotSpec,
        words: &'static Words,
    ) -> Result<App, String> {
        let geometry = Geometry::of(table.rules(), words)?;
        let mut log_words = LogWords::new(words);
        log_words.update(table.rules(), table.record());
        Ok(App {
            table,
            geometry,
            selected: 0,
            overlay: None,
            message: words.msg("play-welcome"),
            log_back: 0,
            save_path,
            hint_bot,
            hits: HitMap::default(),
            too_small: false,
            pending_save: None,
            passed: None,
            words,
            log_words,
            tips: None,
        })
    }

    /// Plays one action that needs no person (a bot's throw or move). Returns whether it did.
    pub fn tick(&mut self) -> bool {
        let before = *self.table.position();
        match self.table.step_automatic() {
            Some(h) => {
                self.after(&h, &before);
                true
            }
            None => false,
        }
    }

    /// Whether the game waits for something other than a person: a bot's action is due.
    pub fn bot_due(&self) -> bool {
        // A tip stays on screen until the player has read it: nothing moves under it.
        self.table.automatic_due() && !matches!(self.overlay, Some(Overlay::Tip { .. }))
    }

    /// Whether the action due is a forced pass: a seat, a bot's or a person's, whose only legal
    /// move is a pass. It is played without waiting the pace.
    pub fn forced_pass_due(&self) -> bool {
        self.table.automatic_due() && self.table.legal_moves() == [Move::Pass]
    }

    /// The squares to highlight.
    pub fn marks(&self) -> Marks {
        self.marks_for(self.selected_move())
    }

    /// The squares to highlight, with `selected` the selected move (see [`App::selected_move`]).
    pub fn marks_for(&self, selected: Option<Move>) -> Marks {
        let seat = self.table.position().to_move();
        Marks {
            last_move: self
                .table
                .last_move()
                .map(|l| l.squares)
                .unwrap_or_default(),
            selected: selected.map_or([None, None], |mv| {
                move_squares(self.table.rules(), seat, mv)
            }),
        }
    }

    /// The move selected in the list, when a person is to move.
    pub fn selected_move(&self) -> Option<Move> {
        if !self.table.awaits_human() {
            return None;
        }
        self.table.legal_moves().get(self.selected).copied()
    }

    /// Handles a key.
    pub fn on_key(&mut self, key: KeyEvent) -> Flow {
        if key.kind == KeyEventKind::Release {
            return Flow::Continue;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            return self.quit_now();
        }
        if self.too_small {
            // The window cannot show a question, so leaving saves unsaved moves, as Ctrl-C does.
            return match key.code {
                KeyCode::Char('q') | KeyCode::Esc => self.quit_now(),
                _ => Flow::Continue,
            };
        }
        if let Some(overlay) = self.overlay.take() {
            return self.on_overlay_key(overlay, key.code);
        }
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => self.act(),
            KeyCode::Up | KeyCode::Char('k') => self.move_selection(-1),
            KeyCode::Down | KeyCode::Char('j') => self.move_selection(1),
            KeyCode::Char(c @ '1'..='9') => self.play_numbered(c),
            KeyCode::Char('p') => self.pass(),
            KeyCode::Char('w') => self.why_not_all(),
            KeyCode::Char('h') => self.hint(),
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('s') => self.save(),
            KeyCode::Char('?') => self.overlay = Some(Overlay::Help),
            KeyCode::PageUp => self.log_back = self.log_back.saturating_add(5),
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(5),
            KeyCode::Char('q') | KeyCode::Esc => return self.ask_quit(),
            _ => {}
        }
        Flow::Continue
    }

    /// A key while `overlay` is open (it is closed already): most keys only close it.
    fn on_overlay_key(&mut self, overlay: Overlay, code: KeyCode) -> Flow {
        match (overlay, code) {
            (Overlay::ConfirmQuit, KeyCode::Char('y')) => return Flow::Quit,
            (Overlay::ConfirmQuit, KeyCode::Char('s')) => {
                self.save();
                return Flow::Quit;
            }
            // `?` turns from the keys to the legend and back.
            (Overlay::Help, KeyCode::Char('?')) => self.overlay = Some(Overlay::Legend),
            (Overlay::Legend, KeyCode::Char('?')) => self.overlay = Some(Overlay::Help),
            (Overlay::Hint(ranked), KeyCode::Enter) => {
                // Enter on a hint plays the move the bot likes best.
                if let Some(&(mv, _, _)) = ranked.first() {
                    self.play(mv);
                }
            }
            _ => {}
        }
        Flow::Continue
    }

    /// Handles a mouse event: a click on a listed move selects it (a second click plays it); a
    /// click on one of the mover's pieces selects its next move, or says why it cannot move; a
    /// click on the selected move's destination plays it.
    pub fn on_mouse(&mut self, mouse: MouseEvent) {
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {}
            MouseEventKind::ScrollUp => {
                self.log_back = self.log_back.saturating_add(1);
                return;
            }
            MouseEventKind::ScrollDown => {
                self.log_back = self.log_back.saturating_sub(1);
                return;
            }
            _ => return,
        }
        if self.overlay.is_some() {
            self.overlay = None;
            return;
        }
        if let Some(&(_, index)) = self.hits.move_rows.iter().find(|(y, _)| *y == mouse.row) {
            if index == self.selected {
                self.act();
            } else {
                self.selected = index;
            }
            return;
        }
        if let Some(cell) = self.cell_at(mouse.column, mouse.row) {
            self.click_cell(cell);
        }
    }

    fn cell_at(&self, column: u16, row: u16) -> Option<Cell> {
        let (x0, y0, w, h) = self.hits.board?;
        let side = self.geometry.side();
        let (dx, dy) = (column.checked_sub(x0)?, row.checked_sub(y0)?);
        let cell = Cell {
            x: dx / w.max(1),
            y: dy / h.max(1),
        };
        (cell.x < side && cell.y < side).then_some(cell)
    }

    fn click_cell(&mut self, cell: Cell) {
        if !self.table.awaits_human() || self.table.position().phase() != Phase::Move {
            return;
        }
        let rules = self.table.rules().clone();
        let seat = self.table.position().to_move();
        let marks = self.marks();
        let Some(sq) = self.geometry.square_at(&rules, cell) else {
            // The Charkoni or the mover's corner: the waiting pieces.
            if self.geometry.in_charkoni(cell) || self.in_own_corner(cell) {
                self.select_from(0);
            }
            return;
        };
        if marks.selected[1] == Some(sq) && marks.selected[0] != Some(sq) {
            self.act();
            return;
        }
        let progress = self
            .table
            .position()
            .pieces_of(seat)
            .iter()
            .copied()
            .find(|&p| p != 0 && rules.square_at(seat, p) == Some(sq));
        if let Some(p) = progress {
            self.select_from(p);
        }
    }

    fn in_own_corner(&self, cell: Cell) -> bool {
        let seat = self.table.position().to_move();
        let corner = self.geometry.corner_of(self.table.rules(), seat);
        let side = self.geometry.side() / 2 - 1;
        (corner.x..corner.x + side).contains(&cell.x)
            && (corner.y..corner.y + side).contains(&cell.y)
    }

    /// Selects the next legal move of the piece at `progress` after the selected one, or says why
    /// it has none.
    fn select_from(&mut self, progress: u8) {
        let moves = self.table.legal_moves();
        let of_piece = |mv: &Move| match *mv {
            Move::Advance { from, .. } => from == progress,
            Move::Enter { .. } | Move::EnterSum { .. } => progress == 0,
            Move::Pass => false,
        };
        let n = moves.len();
        let next = (1..=n)
            .map(|k| (self.selected + k) % n.max(1))
            .find(|&i| moves.get(i).is_some_and(of_piece));
        match next {
            Some(i) => self.selected = i,
            None => {
                let pos = self.table.position();
                let rules = self.table.rules();
                let seat = pos.to_move();
                if let Some(piece) = pos.pieces_of(seat).iter().position(|&p| p == progress) {
                    let voice = Voice::new(self.words, rules, Some(seat));
                    self.message = why_lines(&voice, pos, piece).join(" ");
                }
            }
        }
    }

    /// The explanations for every piece of the mover that cannot move.
    fn why_not_all(&mut self) {
        if !self.table.awaits_human() || self.table.position().phase() != Phase::Move {
            match &self.passed {
                Some(passed) => {
                    let mut args = Args::new();
                    args.set("throw", passed.throw.clone());
                    let mut lines = vec![self.words.msg_with("play-why-passed", &args)];
                    lines.extend(passed.reasons.iter().cloned());
                    self.overlay = Some(Overlay::WhyNot(lines));
                }
                None => {
                    self.message = family_words(self.words, self.table.rules()).msg("play-why-when")
                }
            }
            return;
        }
        self.overlay = Some(Overlay::WhyNot(pieces_stuck(
            self.words,
            self.table.rules(),
            self.table.position(),
        )));
    }

    /// Enter: throw when a throw is due, play the selected move when a move is due.
    fn act(&mut self) {
        let before = *self.table.position();
        if let Some(h) = self.table.human_throw() {
            self.after(&h, &before);
            return;
        }
        match self.selected_move() {
            Some(mv) => self.play(mv),
            None if self.table.position().phase() == Phase::Over => {
                self.message = self.words.msg("play-over-keys");
            }
            None => {}
        }
    }

    fn play(&mut self, mv: Move) {
        let before = *self.table.position();
        match self.table.human_move(mv) {
            Ok(h) => self.after(&h, &before),
            // The list offers only legal moves: this is a move no longer due.
            Err(_) => self.message = self.words.msg("play-move-refused"),
        }
    }

    fn play_numbered(&mut self, digit: char) {
        let index = digit.to_digit(10).map_or(0, |d| d as usize) - 1;
        match self.table.legal_moves().get(index) {
            Some(&mv) if self.table.awaits_human() => self.play(mv),
            _ => {
                let mut args = Args::new();
                args.set("number", digit.to_string());
                self.message = self.words.msg_with("play-no-move-number", &args);
            }
        }
    }

    fn pass(&mut self) {
        if self.table.legal_moves().contains(&Move::Pass) {
            self.play(Move::Pass);
        } else {
            self.message = self.words.msg("play-no-pass");
        }
    }

    fn move_selection(&mut self, by: isize) {
        let n = self.table.legal_moves().len();
        if n > 0 {
            self.selected = (self.selected as isize + by).rem_euclid(n as isize) as usize;
        }
    }

    fn hint(&mut self) {
        if !self.table.awaits_human() || self.table.position().phase() != Phase::Move {
            self.message = self.words.msg("play-hint-when");
            return;
        }
        let rules = self.table.rules().clone();
        let pos = *self.table.position();
        let mut bot = self.hint_bot.build(rules.clone(), self.table.throw_count());
        match bot.rank(&pos) {
            Some(ranked) => {
                let rows = ranked
                    .iter()
                    .map(|r| {
                        (
                            r.mv,
                            move_words(self.words, &rules, &pos, r.mv).sentence,
                            r.win_chance,
                        )
                    })
                    .collect();
                self.overlay = Some(Overlay::Hint(rows));
            }
            None => {
                let mut args = Args::new();
                args.set("spec", self.hint_bot.to_string());
                self.message = self.words.msg_with("play-hint-none", &args);
            }
        }
    }

    fn undo(&mut self) {
        // Why nothing can be taken back, said before asking the table.
        let refused = if self.table.humans() > 1 {
            Some("play-undo-people")
        } else if self.table.position().phase() == Phase::Over {
            Some("play-undo-over")
        } else if !self.table.can_undo() {
            Some("play-undo-nothing")
        } else {
            None
        };
        if let Some(id) = refused {
            self.message = self.words.msg(id);
            return;
        }
        match self.table.undo() {
            Ok(()) => {
                self.log_words
                    .update(self.table.rules(), self.table.record());
                self.selected = 0;
                self.passed = None;
                self.message = self.words.msg("play-undone");
            }
            Err(_) => self.message = self.words.msg("play-undo-nothing"),
        }
    }

    /// Asks for the record to be saved; the caller writes it ([`App::pending_save`]).
    fn save(&mut self) {
        self.pending_save = Some((self.save_path.clone(), self.table.record_to_save()));
    }

    /// Called by the terminal loop once a pending save is written (or failed).
    pub fn saved(&mut self, result: Result<PathBuf, String>) {
        match result {
            Ok(path) => {
                self.table.mark_saved();
                let mut args = Args::new();
                args.set("path", path.display().to_string());
                self.message = self.words.msg_with("play-saved", &args);
            }
            Err(e) => {
                let mut args = Args::new();
                args.set("error", e);
                self.message = self.words.msg_with("play-save-failed", &args);
            }
        }
    }

    fn ask_quit(&mut self) -> Flow {
        if self.table.is_saved() {
            Flow::Quit
        } else {
            self.overlay = Some(Overlay::ConfirmQuit);
            Flow::Continue
        }
    }

    /// Ctrl-C: leave at once, saving the record first if it has unsaved moves, so nothing is lost.
    pub fn quit_now(&mut self) -> Flow {
        if !self.table.is_saved() {
            self.save();
        }
        Flow::Quit
    }

    /// Sets the status line after an action, and keeps the selection in range.
    fn after(&mut self, happening: &Happening, before: &Position) {
        let rules = self.table.rules().clone();
        let pos = *self.table.position();
        if let Some(tips) = &mut self.tips {
            let table = &self.table;
            let person = |seat: u8| table.is_human(seat);
            if let Some(text) = tips.after(&rules, before, happening, &pos, person, self.words) {
                self.overlay = Some(Overlay::Tip {
                    title: self.words.msg("tip-title"),
                    text,
                    close: self.words.msg("tip-close"),
                });
            }
        }
        self.selected = 0;
        self.log_back = 0;
        self.log_words.update(&rules, self.table.record());
        if let Happening::Threw(seat, throw) = *happening {
            if self.table.is_human(seat) {
                // A person's own throw: a turn passed before is behind them now.
                self.passed = PassedTurn::of(
                    self.words,
                    &rules,
                    &pos,
                    rules.outcome(throw).name.to_string(),
                );
            }
        }
        let voice = Voice::new(self.words, &rules, None);
        let mut args = Args::new();
        self.message = match *happening {
            Happening::Threw(seat, throw) => {
                args.set("who", voice.colour(seat));
                args.set("throw", rules.outcome(throw).name.to_string());
                self.words.msg_with("play-status-threw", &args)
            }
            Happening::Moved(seat, Move::Pass) => {
                args.set("who", voice.colour(seat));
                self.words.msg_with("play-status-passed", &args)
            }
            Happening::Moved(seat, mv) => match self.log_words.last_said() {
                // The move in words, as the log says it.
                Some((said, did, tag)) if said == seat => {
                    let mut args = pachisi_words::Args::new();
                    args.set(
                        "who",
                        crate::move_words::seat_name(self.words, &rules, seat),
                    );
                    args.set("did", did.to_string());
                    args.set("tag", tag.to_string());
                    self.words.msg_with("term-status-moved", &args)
                }
                _ => {
                    args.set("who", voice.colour(seat));
                    args.set("move", mv.to_string());
                    self.words.msg_with("play-status-played", &args)
                }
            },
        };
        if let Some(passed) = &self.passed {
            // Two sentences side by side: each is whole in the catalogue.
            let words = family_words(self.words, self.table.rules());
            self.message = format!("{} {}", passed.said(words), self.message);
        }
        if pos.phase() == Phase::Over {
            let mut args = Args::new();
            args.set("result", self.result());
            self.message = self.words.msg_with("play-status-over", &args);
        }
    }

    /// The result in words, once the game is over.
    pub fn result(&self) -> String {
        let voice = Voice::new(self.words, self.table.rules(), None);
        result_line(&voice, self.table.position())
    }
}

/// What `w` says: why each of the mover's pieces that cannot move cannot, or that every one can
/// (pieces on the board, or waiting to come in when none is on it yet).
fn pieces_stuck(
    words: &Words,
    rules: &pachisi_core::Rules,
    position: &pachisi_core::Position,
) -> Vec<String> {
    let voice = Voice::new(words, rules, Some(position.to_move()));
    let lines = why_not_lines(&voice, position);
    if !lines.is_empty() {
        return lines;
    }
    let on_board = position
        .pieces_of(position.to_move())
        .iter()
        .any(|&p| p != 0 && p != rules.home());
    vec![if on_board {
        voice.words.msg("play-why-all-can")
    } else {
        voice.words.msg("play-why-all-can-enter")
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use pachisi_core::{builtin_rules, Phase, Position};

    /// A throw with which no piece can move passes the turn, and says why.
    #[test]
    fn a_throw_no_piece_can_use_passes_the_turn_and_says_why() {
        let rules = builtin_rules("ludo", &[]).expect("ludo");
        let throw = |name: &str| {
            rules
                .throw_by_name(name.parse().expect("a throw's name"))
                .expect("a throw of the rules")
        };
        // Every piece in the nest: a 3 brings none in.
        let mut position = Position::new(&rules);
        position.apply_throw(&rules, throw("3")).expect("thrown");
        let words = pachisi_words::english();
        let passed = PassedTurn::of(words, &rules, &position, "3".into()).expect("the turn passes");
        assert!(!passed.reasons.is_empty(), "{passed:?}");
        // Ludo's pieces are tokens.
        let said = passed.said(family_words(words, &rules));
        assert!(said.contains("your 3 moved no token"), "{said}");
        // A six brings one in: nothing passes.
        let mut position = Position::new(&rules);
        position.apply_throw(&rules, throw("6")).expect("thrown");
        assert_eq!(PassedTurn::of(words, &rules, &position, "6".into()), None);
    }

    /// With no piece on the board, `w` does not speak of pieces "on their way".
    #[test]
    fn with_no_piece_on_the_board_w_speaks_of_the_pieces_waiting() {
        let rules = builtin_rules("ludo", &[]).expect("ludo");
        let mut position = Position::new(&rules);
        // A six brings a piece in (the Ludo rule book).
        let six = rules
            .throw_by_name("6".parse().expect("a throw's name"))
            .expect("a six");
        position.apply_throw(&rules, six).expect("thrown");
        assert_eq!(position.phase(), Phase::Move);
        let lines = pieces_stuck(pachisi_words::english(), &rules, &position);
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("None of your tokens is on the board"),
            "{lines:?}"
        );
    }
}
