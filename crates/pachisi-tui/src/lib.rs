//! The terminal game: `pachisi play` and `pachisi replay`.
//!
//! A full-screen board (ratatui) for Pachisi and every ruleset of its family: the cross with its
//! castles and the Charkoni, pieces in colour and lettered, the throw as it fell, the legal moves
//! to choose from by key or by mouse, hints with winning chances, undo against bots, and the game
//! saved as a record that `pachisi replay` steps through.
//!
//! - [`app`]: the game screen's state and what each key and click does;
//! - [`board`]: where each square falls on the screen, and the board widget;
//! - [`ui`]: drawing the screens;
//! - [`legend`]: what the signs on the screen mean, under the board and in the help window;
//! - [`move_words`]: moves in words, for the move list and the log;
//! - [`log_words`]: the game's log in words, read from the record;
//! - [`mod@replay`]: the replay viewer;
//! - [`mod@learn`]: `pachisi learn`, the guided first game;
//! - [`lines`]: `pachisi play --screen-reader`, the game in lines of text, no board drawn;
//! - [`analysis_view`]: a game's analysis in the replay viewer (marks, grades, the graph of the
//!   winning chances), run on a background thread;
//! - [`terminal`]: the real terminal, always restored;
//! - [`width`]: text measured, cut and wrapped by its width on the screen, whatever the script.
//!
//! Every word on these screens comes from the catalogue of `pachisi-words` the caller chooses
//! (`--lang`, or the environment).
//!
//! Everything but [`terminal`] draws into any ratatui backend, so the tests render into a
//! `TestBackend` and drive the screens with key events.

pub mod analysis_view;
pub mod app;
pub mod board;
pub mod learn;
pub mod legend;
pub mod lines;
pub mod log_words;
pub mod move_words;
pub mod replay;
pub mod terminal;
pub mod tips;
pub mod ui;
pub mod width;

use anyhow::{bail, Result};
use app::{App, Flow};
pub use lines::{play_lines, Announce};
use pachisi_bots::BotSpec;
use pachisi_core::{GameRecord, Rules};
pub use pachisi_table::{SeatSpec, Table};
use pachisi_words::Words;
use ratatui::crossterm::event::Event;
use ratatui::Frame;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// How to set up a game.
pub struct PlayOptions {
    /// The rules.
    pub rules: Arc<Rules>,
    /// The record's header (ruleset, overrides, seed, seats): the game's actions follow it.
    pub record: GameRecord,
    /// Who plays each seat.
    pub seats: Vec<SeatSpec>,
    /// Seed of the throws (and of the bots).
    pub seed: u64,
    /// Where `s` saves the record.
    pub save_path: PathBuf,
    /// The pause between two actions of bots, so people can follow them.
    pub pace: Duration,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
    /// Whether to give a first game's tips (why a turn passed, a first grace, a capture).
    pub tips: bool,
    /// The catalogue every word comes from.
    pub words: &'static Words,
    /// How much of the others' play is said in lines (`--screen-reader`); the board shows all.
    pub announce: Announce,
}

/// How a game ended.
pub struct PlayOutcome {
    /// Where the record was last saved, if it was.
    pub saved: Option<PathBuf>,
    /// The status line when the game was left (the result once the game is over).
    pub last_message: String,
    /// Whether the game was over.
    pub finished: bool,
}

/// Plays a game in the terminal until the player leaves.
///
/// # Errors
/// When standard output is not a terminal, the board cannot be drawn, or the terminal fails.
pub fn play(options: PlayOptions) -> Result<PlayOutcome> {
    require_terminal(options.words)?;
    let mut record = options.record;
    // A new game begins with its throw-off, where the rules have one (000, 001, 003, 004).
    pachisi_table::throw_off_into(&options.rules, options.seed, &mut record);
    let table = Table::new(options.rules, &options.seats, options.seed, record)
        .map_err(anyhow::Error::msg)?;
    let mut app = App::new(table, options.save_path, options.hint_bot, options.words)
        .map_err(anyhow::Error::msg)?;
    if options.tips {
        app.tips = Some(tips::Tips::default());
    }
    let mut screen = GameScreen { app, saved: None };
    terminal::run(&mut screen, options.pace)?;
    Ok(PlayOutcome {
        saved: screen.saved,
        finished: screen.app.table.position().phase() == pachisi_core::Phase::Over,
        last_message: screen.app.message,
    })
}

/// How the replay viewer analyses the game.
pub struct ReplayAnalysis {
    /// The bot whose estimates grade the game.
    pub evaluator: BotSpec,
    /// Its worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Whether to analyse on opening, rather than when `a` is pressed.
    pub at_once: bool,
    /// The catalogue every word comes from.
    pub words: &'static Words,
}

/// Steps through a record in the terminal.
///
/// # Errors
/// When the record does not replay, the evaluator gives no estimates of winning chances (both
/// told before the screen opens), standard output is not a terminal, or the terminal fails.
pub fn replay(
    rules: Arc<Rules>,
    record: &GameRecord,
    name: &str,
    analysis: ReplayAnalysis,
) -> Result<()> {
    let mut viewer =
        replay::Replay::new(rules, record, name, analysis.words).map_err(anyhow::Error::msg)?;
    viewer
        .set_evaluator(analysis.evaluator, analysis.threads)
        .map_err(anyhow::Error::msg)?;
    require_terminal(analysis.words)?;
    if analysis.at_once {
        viewer.analyse();
    }
    // Leaving while the analysis runs just leaves: its thread ends with the process.
    terminal::run(&mut viewer, Duration::from_millis(250))
}

/// Walks a tour of the guided first game in the terminal; says whether the player finished it
/// and asked for a first game.
///
/// # Errors
/// An unknown tour (the message lists the tours), standard output that is not a terminal, or a
/// failing terminal.
pub fn learn(tour: &str, words: &'static pachisi_words::Words) -> Result<learn::LearnExit> {
    let mut screen = learn::LearnScreen::new(tour, words).map_err(anyhow::Error::msg)?;
    require_terminal(words)?;
    terminal::run(&mut screen, Duration::from_millis(250))?;
    Ok(screen.exit.unwrap_or(learn::LearnExit::Left))
}

fn require_terminal(words: &Words) -> Result<()> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        bail!("{}", words.msg("play-needs-terminal"));
    }
    Ok(())
}

/// Writes a record as text.
///
/// # Errors
/// When the record does not replay under `rules` or the file cannot be written; the message,
/// from `words`, names the file.
pub fn write_record(
    path: &Path,
    record: &GameRecord,
    rules: &Rules,
    words: &Words,
) -> Result<PathBuf, String> {
    let text = record.to_text(rules).map_err(|e| e.to_string())?;
    std::fs::write(path, text).map_err(|e| {
        let mut args = pachisi_words::Args::new();
        args.set("path", path.display().to_string());
        args.set("error", e.to_string());
        words.msg_with("play-cannot-write", &args)
    })?;
    Ok(path.to_path_buf())
}

/// The game screen on the real terminal.
struct GameScreen {
    app: App,
    saved: Option<PathBuf>,
}

impl terminal::Screen for GameScreen {
    fn draw(&mut self, frame: &mut Frame) {
        ui::draw(frame, &mut self.app);
    }

    fn on_event(&mut self, event: Event) -> Flow {
        match event {
            Event::Key(key) => self.app.on_key(key),
            Event::Mouse(mouse) => {
                self.app.on_mouse(mouse);
                Flow::Continue
            }
            _ => Flow::Continue,
        }
    }

    fn busy(&self) -> bool {
        self.app.bot_due()
    }

    fn paced(&self) -> bool {
        !self.app.forced_pass_due()
    }

    fn tick(&mut self) {
        self.app.tick();
    }

    fn flush(&mut self) {
        if let Some((path, record)) = self.app.pending_save.take() {
            let result = write_record(&path, &record, self.app.table.rules(), self.app.words);
            if let Ok(path) = &result {
                self.saved = Some(path.clone());
            }
            self.app.saved(result);
        }
    }

    fn interrupted(&mut self) {
        self.app.quit_now();
    }
}

impl terminal::Screen for replay::Replay {
    fn draw(&mut self, frame: &mut Frame) {
        // The loop draws at least every quarter of a second, so the analysis's progress and its
        // end show without a key pressed.
        self.poll();
        replay::Replay::draw(self, frame);
    }

    fn on_event(&mut self, event: Event) -> Flow {
        match event {
            Event::Key(key) => self.on_key(key),
            _ => Flow::Continue,
        }
    }
}
