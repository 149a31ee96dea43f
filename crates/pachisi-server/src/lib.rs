//! `pachisi serve`: play Pachisi and its family in the browser.
//!
//! A web server (axum) on localhost: the page (embedded in the binary), a JSON API for creating,
//! reading and playing games, and a WebSocket per game for live updates (docs/api.md). The engine
//! is authoritative: the server throws (seeded and recorded), checks every action and plays the
//! bots. Every game is kept in SQLite (or PostgreSQL), each action committed before anyone hears
//! of it, so a server killed at any moment resumes every game where it stood.
//!
//! A server on a network is open to strangers, so every request is bounded: the limits of
//! [`Limits`] (docs/security.md) cap what one request, one client and all of them together may
//! ask, and no request can make the server read a file, run a search without end or hold up the
//! others.
//!
//! - [`store`]: the database of games (`pachisi-store`: SQLite or PostgreSQL) and how actions
//!   are written in it;
//! - [`game`]: one game: its table, what is shown of it, its watchers;
//! - [`games`]: every game: creation within the limits, deletion, expiry, commits, and the
//!   bots' turns on a shared pool of threads; [`games::cluster`]: several instances on one
//!   PostgreSQL database (changes heard, conflicts answered, one driver per game);
//! - [`clock`]: the turn timer: clocks, the stand-in, away seats, the server's time kept across
//!   restarts;
//! - [`limits`]: the limits and their defaults;
//! - [`view`]: the JSON of rulesets, states and replays;
//! - [`replay`]: the replay viewer's work, bounded, and the bounds of every record a peer sends;
//! - [`analysis`]: the analysis of a record (`POST /api/analyze`), its evaluator fixed by the
//!   server and its cost bounded;
//! - [`api`]: the routes and their errors; [`ws`]: the WebSocket of a game;
//! - [`guard`]: the names and origins the server answers to, and error bodies in one form;
//! - [`net`]: the connections: timeouts, a cap on all of them and one per address;
//! - [`rate`]: rates within a sliding window (chat, room changes and undos);
//! - [`web`]: the embedded page;
//! - [`work`]: the threads that think (bots, hints, replays, analyses), shared fairly between
//!   client addresses.

pub mod analysis;
pub mod api;
pub mod clock;
pub mod game;
pub mod games;
pub mod guard;
pub mod limits;
pub mod net;
pub mod rate;
pub mod replay;
pub mod room;
pub mod rooms;
pub mod store;
#[cfg(test)]
mod testing;
pub mod view;
pub mod web;
pub mod work;
pub mod ws;

pub use limits::{BotLimits, Limits};

use pachisi_bots::BotSpec;
use std::sync::Arc;
use std::time::Duration;

/// How to run the server.
pub struct ServerOptions {
    /// The database of games: an SQLite file or a PostgreSQL server.
    pub database: store::Database,
    /// The pause before each action of a bot, so people can follow.
    pub pace: Duration,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
    /// The evaluator of the analyses, checked by [`analysis::evaluator`].
    pub analysis_bot: BotSpec,
    /// The server's limits.
    pub limits: Limits,
    /// The address the server is reached at from outside (behind a proxy, or by a name), if
    /// not only by its IP address.
    pub public_url: Option<String>,
}

/// How often abandoned games are looked for.
const EXPIRY_CHECK: Duration = Duration::from_secs(3600);

/// A server ready to serve: its database open and its games loaded.
pub struct Server {
    games: Arc<games::Games>,
    app: axum::Router,
}

impl Server {
    /// Opens the database and rebuilds its games (deleting those abandoned for longer than the
    /// limits keep them). Nothing is served yet, so a caller can report a bad database before
    /// announcing an address.
    ///
    /// # Errors
    /// When the database cannot be opened or read, or the public address is malformed.
    pub fn open(options: ServerOptions) -> Result<Server, String> {
        let site = guard::Site::new(options.public_url.as_deref())?;
        let store = store::Store::open(&options.database).map_err(|e| e.to_string())?;
        let games = games::Games::load(store, options.pace, options.limits)?;
        let state = api::AppState::new(games.clone(), options.hint_bot)?
            .with_analysis_bot(options.analysis_bot)
            .with_public_url(options.public_url.as_deref());
        Ok(Server {
            app: api::router(state, site),
            games,
        })
    }

    /// Resumes the bots of every game and serves on `listener` until Ctrl-C or a termination
    /// signal. Must run inside a Tokio runtime.
    pub async fn run(self, listener: tokio::net::TcpListener) {
        self.games.resume();
        let games = self.games.clone();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(EXPIRY_CHECK);
            loop {
                every.tick().await;
                let g = games.clone();
                let expired = tokio::task::spawn_blocking(move || g.expire(games::now())).await;
                if let Ok(Err(e)) = expired {
                    eprintln!("abandoned games could not be deleted: {e}");
                }
            }
        });
        let limits = self.games.limits().clone();
        net::serve(listener, self.app, &limits, shutdown()).await;
        // Other instances on the database take this one's games at once.
        let games = self.games.clone();
        let _ = tokio::task::spawn_blocking(move || games.leave()).await;
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = interrupt.await;
                    return;
                }
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = interrupt.await;
    }
}
