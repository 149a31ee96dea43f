//! The real terminal: raw mode, the alternate screen and the mouse switched on for the screen's
//! lifetime and always switched off again, whether the screen ends normally, by Ctrl-C, by a
//! termination signal or by a panic.

use crate::app::Flow;
use anyhow::{Context, Result};
use ratatui::crossterm::event::{self, DisableMouseCapture, EnableMouseCapture, Event};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::prelude::CrosstermBackend;
use ratatui::{Frame, Terminal};
use std::io::{stdout, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the loop needs of a screen.
pub trait Screen {
    /// Draws the screen.
    fn draw(&mut self, frame: &mut Frame);
    /// Handles an input event.
    fn on_event(&mut self, event: Event) -> Flow;
    /// Whether an action that needs no person is due (a bot's turn).
    fn busy(&self) -> bool {
        false
    }
    /// Whether that action waits the pace first: a forced pass (a seat whose only legal move is a
    /// pass) does not, so a run of passes goes by without a wait for each.
    fn paced(&self) -> bool {
        true
    }
    /// Plays one such action.
    fn tick(&mut self) {}
    /// Called after every event and action: a chance to write files the screen asked for.
    fn flush(&mut self) {}
    /// A termination signal arrived: the screen is about to close.
    fn interrupted(&mut self) {}
}

/// Puts the terminal back as it was. Safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(stdout(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = execute!(stdout(), ratatui::crossterm::cursor::Show);
}

/// The terminal in game mode; dropping it restores the terminal.
struct Guard {
    terminal: Terminal<CrosstermBackend<Stdout>>,
}

impl Guard {
    fn enter() -> Result<Guard> {
        // A panic restores the terminal before its message is printed, or the message would be
        // lost on the alternate screen and the shell left in raw mode.
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
        enable_raw_mode().context("cannot switch the terminal to raw mode")?;
        let entered = execute!(stdout(), EnterAlternateScreen, EnableMouseCapture)
            .context("cannot open the alternate screen");
        let terminal = entered
            .and_then(|()| Terminal::new(CrosstermBackend::new(stdout())).context("cannot draw"));
        match terminal {
            Ok(terminal) => Ok(Guard { terminal }),
            Err(e) => {
                restore();
                Err(e)
            }
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

/// How long to wait for input before the next step: until the pace since the last automatic
/// action has passed when one is due and paced, not at all when one is due unpaced (a forced
/// pass), and a quarter of a second when nothing is due.
fn wait_before_next(busy: bool, paced: bool, pace: Duration, since_last: Duration) -> Duration {
    match (busy, paced) {
        (false, _) => Duration::from_millis(250),
        (true, true) => pace.saturating_sub(since_last),
        (true, false) => Duration::ZERO,
    }
}

/// Runs `screen` until it asks to quit, playing its automatic actions one every `pace` (forced
/// passes at once).
///
/// # Errors
/// When the terminal cannot be set up, read or drawn on; it is restored in every case.
pub fn run(screen: &mut impl Screen, pace: Duration) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(signal, stop.clone())
            .context("cannot watch for termination signals")?;
    }
    let mut guard = Guard::enter()?;
    let mut last_action = Instant::now();
    loop {
        guard.terminal.draw(|frame| screen.draw(frame))?;
        if stop.load(Ordering::Relaxed) {
            screen.interrupted();
            screen.flush();
            return Ok(());
        }
        let wait = wait_before_next(screen.busy(), screen.paced(), pace, last_action.elapsed());
        if event::poll(wait)? {
            let flow = screen.on_event(event::read()?);
            screen.flush();
            if flow == Flow::Quit {
                return Ok(());
            }
        } else if screen.busy() {
            screen.tick();
            screen.flush();
            last_action = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::wait_before_next;
    use std::time::Duration;

    #[test]
    fn a_forced_pass_waits_no_pace() {
        let pace = Duration::from_millis(300);
        let since = Duration::from_millis(100);
        assert_eq!(
            wait_before_next(true, true, pace, since),
            Duration::from_millis(200)
        );
        assert_eq!(wait_before_next(true, false, pace, since), Duration::ZERO);
        assert_eq!(
            wait_before_next(false, false, pace, since),
            Duration::from_millis(250)
        );
    }
}
