//! A program run in a pseudo-terminal for the terminal tests (`play.rs`, `older_games.rs`): keys
//! go in as a person would type them, and the screen is read back through a terminal emulator
//! (vt100).

#![allow(dead_code)]

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

pub(crate) const PACHISI: &str = env!("CARGO_BIN_EXE_pachisi");

/// A program running in a pseudo-terminal, and the screen it has drawn.
pub(crate) struct Session {
    _master: Box<dyn MasterPty + Send>,
    pub(crate) child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    parser: vt100::Parser,
    /// Everything the program wrote, for messages printed after the screen is closed.
    raw: Vec<u8>,
}

impl Session {
    pub(crate) fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        Session::start_program(PACHISI, args, cols, rows)
    }

    /// As [`Session::start`], with `env` (name, value) set over the English locale every
    /// session has by default.
    pub(crate) fn start_with_env(
        args: &[&str],
        env: &[(&str, &str)],
        cols: u16,
        rows: u16,
    ) -> Session {
        Session::start_in(PACHISI, args, env, cols, rows)
    }

    /// As [`Session::start`], with the program given by another path (a link to it).
    pub(crate) fn start_program(program: &str, args: &[&str], cols: u16, rows: u16) -> Session {
        Session::start_in(program, args, &[], cols, rows)
    }

    /// Starts `program` with `args` in a pseudo-terminal of `cols` by `rows`. The locale is
    /// `C` (English) whatever the caller's, so that a test reads the words it expects; `env`
    /// (name, value) is set over it.
    fn start_in(
        program: &str,
        args: &[&str],
        env: &[(&str, &str)],
        cols: u16,
        rows: u16,
    ) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut command = CommandBuilder::new(program);
        command.args(args);
        command.env("TERM", "xterm-256color");
        for name in ["LC_ALL", "LC_MESSAGES", "LANGUAGE"] {
            command.env_remove(name);
        }
        command.env("LANG", "C");
        for (name, value) in env {
            command.env(name, value);
        }
        command.cwd(std::env::temp_dir());
        let child = pty.slave.spawn_command(command).expect("spawn pachisi");
        let output =
            crate::common::read_in_background(pty.master.try_clone_reader().expect("reader"));
        let writer = pty.master.take_writer().expect("writer");
        Session {
            _master: pty.master,
            child,
            writer,
            output,
            parser: vt100::Parser::new(rows, cols, 0),
            raw: Vec::new(),
        }
    }

    /// Takes in what the program has written so far.
    pub(crate) fn pump(&mut self) {
        while let Ok(bytes) = self.output.try_recv() {
            self.parser.process(&bytes);
            self.raw.extend_from_slice(&bytes);
        }
    }

    pub(crate) fn screen(&mut self) -> String {
        self.pump();
        self.parser.screen().contents()
    }

    pub(crate) fn send(&mut self, keys: &str) {
        self.writer.write_all(keys.as_bytes()).expect("type");
        self.writer.flush().expect("flush");
    }

    /// Waits until the screen shows `text`.
    pub(crate) fn wait_for(&mut self, text: &str, timeout: Duration) -> String {
        self.wait_for_any(&[text], timeout)
    }

    /// Waits until the screen shows one of `texts`.
    pub(crate) fn wait_for_any(&mut self, texts: &[&str], timeout: Duration) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if texts.iter().any(|text| screen.contains(text)) {
                return screen;
            }
            assert!(
                start.elapsed() < timeout,
                "the screen never showed any of {texts:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Everything the program has written so far, as text.
    pub(crate) fn output(&mut self) -> String {
        self.pump();
        String::from_utf8_lossy(&self.raw).into_owned()
    }

    /// Waits for the program to end, and returns its exit success and everything it wrote.
    pub(crate) fn finish(&mut self, timeout: Duration) -> (bool, String) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                std::thread::sleep(Duration::from_millis(100));
                self.pump();
                return (
                    status.success(),
                    String::from_utf8_lossy(&self.raw).into_owned(),
                );
            }
            assert!(
                start.elapsed() < timeout,
                "the program did not end; it shows:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(10));
            self.pump();
        }
    }

    /// Checks the terminal is back as it was: main screen, cursor shown, no mouse reports.
    pub(crate) fn assert_restored(&mut self) {
        self.pump();
        let screen = self.parser.screen();
        assert!(!screen.alternate_screen(), "left on the alternate screen");
        assert!(!screen.hide_cursor(), "the cursor is still hidden");
        assert_eq!(
            screen.mouse_protocol_mode(),
            vt100::MouseProtocolMode::None,
            "the mouse is still captured"
        );
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

pub(crate) fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("play-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

pub(crate) const MINUTE: Duration = Duration::from_secs(60);

/// Presses Enter whenever the person is to throw or move (the selected move is played) until
/// the game is over, showing each screen to `look`; the number of presses.
pub(crate) fn enter_until_game_over(
    game: &mut Session,
    name: &str,
    look: impl FnMut(&str),
) -> usize {
    enter_until(game, name, usize::MAX, look)
}

/// As [`enter_until_game_over`], stopping after `most` presses if the game has not ended by then.
pub(crate) fn enter_until(
    game: &mut Session,
    name: &str,
    most: usize,
    mut look: impl FnMut(&str),
) -> usize {
    let start = Instant::now();
    let mut presses = 0;
    loop {
        let screen = game.screen();
        if screen.contains("Game over") || presses >= most {
            return presses;
        }
        look(&screen);
        if screen.contains("(you) to") {
            game.send("\r");
            presses += 1;
        }
        assert!(
            start.elapsed() < 5 * MINUTE,
            "{name}: the game did not end after {presses} presses:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(3));
    }
}
