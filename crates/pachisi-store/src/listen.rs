//! The listener of a PostgreSQL database shared by several server instances: a thread with a
//! connection of its own that `LISTEN`s on the channel every change of a game is announced on,
//! and hands each notification on as a [`Notice`]. Notifications are not kept by PostgreSQL for
//! a listener that was away, so after every connection (the first included) it says
//! [`Notice::Reconnected`]: the server then reads every game's last event number again.

use crate::pg;
use crate::StoreError;
use postgres::fallible_iterator::FallibleIterator;
use postgres::Client;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// How long the listener waits for a notification before it looks at its connection.
const WAIT: Duration = Duration::from_millis(500);
/// How often an idle connection is asked whether it is still there: a connection cut without
/// a word (a server restarted, a network gone) is found within this.
const PROBE: Duration = Duration::from_secs(2);
/// The wait before connecting again after a failure.
const RETRY: Duration = Duration::from_millis(500);

/// What the listener hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Game `game` changed; `head` is its last event's number after the change (0 when the
    /// change told no event).
    Changed {
        /// The game.
        game: String,
        /// Its last event's number.
        head: u64,
    },
    /// Game `game` was deleted.
    Deleted {
        /// The game.
        game: String,
    },
    /// The listener (re)connected: notices may have been missed before, so every game is to be
    /// compared with the database.
    Reconnected,
}

impl Notice {
    /// Reads a notification's payload: `ID:N` or `ID:gone`; `None` for anything else.
    fn parse(payload: &str) -> Option<Notice> {
        let (game, what) = payload.rsplit_once(':')?;
        if game.is_empty() {
            return None;
        }
        let game = game.to_string();
        if what == "gone" {
            return Some(Notice::Deleted { game });
        }
        what.parse().ok().map(|head| Notice::Changed { game, head })
    }
}

/// Starts the listener of the database at `url`.
pub(crate) fn start(url: String) -> Result<mpsc::Receiver<Notice>, StoreError> {
    let (notices, heard) = mpsc::channel();
    std::thread::Builder::new()
        .name("pachisi-listen".into())
        .spawn(move || run(&url, &notices))
        .map_err(|e| StoreError::backend(format!("cannot start the listener: {e}")))?;
    Ok(heard)
}

/// Connects, listens and hands notices on, connecting again whenever the connection is lost,
/// until nobody takes the notices any more.
fn run(url: &str, notices: &mpsc::Sender<Notice>) {
    let mut said = false;
    loop {
        let client = pg::connect(url).and_then(|mut client| {
            client
                .batch_execute(&format!("LISTEN {}", pg::CHANNEL))
                .map_err(|e| StoreError::backend(e.to_string()))?;
            Ok(client)
        });
        match client {
            Ok(client) => {
                said = false;
                if notices.send(Notice::Reconnected).is_err() {
                    return;
                }
                if !hear(client, notices) {
                    return;
                }
            }
            Err(e) => {
                // Said once per outage, not every half second.
                if !said {
                    eprintln!(
                        "the listener of other instances' changes waits for the database: {e}"
                    );
                    said = true;
                }
            }
        }
        std::thread::sleep(RETRY);
    }
}

/// Hands on the notices heard on `client` until its connection is lost (true) or nobody takes
/// them (false).
fn hear(mut client: Client, notices: &mpsc::Sender<Notice>) -> bool {
    let mut probed = Instant::now();
    loop {
        let mut lost = false;
        let mut waiting = client.notifications();
        let mut messages = waiting.timeout_iter(WAIT);
        loop {
            match messages.next() {
                Ok(Some(n)) => {
                    let notice = Notice::parse(n.payload());
                    if notice.is_some_and(|notice| notices.send(notice).is_err()) {
                        return false;
                    }
                }
                Ok(None) => break,
                Err(_) => {
                    lost = true;
                    break;
                }
            }
        }
        drop(messages);
        drop(waiting);
        if lost || client.is_closed() {
            return true;
        }
        if probed.elapsed() >= PROBE {
            if client.batch_execute("SELECT 1").is_err() {
                return true;
            }
            probed = Instant::now();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Notice;

    #[test]
    fn payloads_read_as_notices() {
        assert_eq!(
            Notice::parse("a1b2:17"),
            Some(Notice::Changed {
                game: "a1b2".into(),
                head: 17
            })
        );
        assert_eq!(
            Notice::parse("a1b2:gone"),
            Some(Notice::Deleted {
                game: "a1b2".into()
            })
        );
        assert_eq!(Notice::parse("a1b2:x"), None);
        assert_eq!(Notice::parse(":3"), None);
        assert_eq!(Notice::parse("nothing"), None);
    }
}
