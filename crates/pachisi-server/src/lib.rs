//! `pachisi serve`: play Pachisi and its family in the browser.
//!
//! A web server (axum) on localhost: the page (embedded in the binary), a JSON API for creating,
//! reading and playing games, and a WebSocket per game for live updates (docs/api.md). The engine
//! is authoritative: the server throws (seeded and recorded), checks every action and plays the
//! bots. Every game is kept in SQLite, each action committed before anyone hears of it, so a
//! server killed at any moment resumes every game where it stood.
//!
//! - [`store`]: the database of games and their actions;
//! - [`games`]: the games held in memory, people's actions, and the bots' turns in the background;
//! - [`view`]: the JSON of rulesets, states and replays;
//! - [`api`]: the routes and their errors;
//! - [`web`]: the embedded page.

pub mod api;
pub mod games;
pub mod store;
pub mod view;
pub mod web;

use pachisi_bots::BotSpec;
use std::path::PathBuf;
use std::time::Duration;

/// How to run the server.
pub struct ServerOptions {
    /// The SQLite file of games.
    pub database: PathBuf,
    /// The pause before each action of a bot, so people can follow.
    pub pace: Duration,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
}

/// Opens the database, resumes its games, and serves on `listener` until Ctrl-C or a
/// termination signal.
///
/// # Errors
/// When the database cannot be opened, a stored game does not replay, or serving fails.
pub async fn serve(
    listener: tokio::net::TcpListener,
    options: ServerOptions,
) -> Result<(), String> {
    let store = store::Store::open(&options.database).map_err(|e| e.to_string())?;
    let games = games::Games::load(store, options.pace)?;
    games.resume();
    let app = api::router(api::AppState {
        games,
        hint_bot: options.hint_bot,
    });
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown())
        .await
        .map_err(|e| e.to_string())
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
