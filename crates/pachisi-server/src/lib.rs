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
//! The modules (those of the games first, each above those it uses, from `store` to `rooms`):
//!
//! - [`store`]: the database of games (`pachisi-store`: SQLite or PostgreSQL) and how actions
//!   are written in it;
//! - [`error`]: why a request about a game failed ([`error::GameError`]);
//! - [`clock`]: the turn timer's data (clocks, misses, away seats, the stand-in) and the server's
//!   time kept across restarts;
//! - [`room`]: who is at a table, their credentials and the timer's rules on the room;
//!   [`action`]: a person's action, who may make it, and playing it on the table;
//! - [`game`]: one game: its table, what is shown of it, its watchers;
//! - [`games`]: every game: creation within the limits, deletion, expiry, commits, the clocks'
//!   tasks, and the bots' turns on a shared pool of threads; [`games::cluster`]: several
//!   instances on one PostgreSQL database (changes heard, conflicts answered, one driver per
//!   game);
//! - [`rooms`]: what people do with a room: seats taken and handed over, the host's options,
//!   chat, the rematch;
//! - [`limits`]: the limits and their defaults;
//! - [`view`]: the JSON of rulesets, states and replays;
//! - [`replay`]: the replay viewer's work, bounded, and the bounds of every record a peer sends;
//! - [`analysis`]: the analysis of a record (`POST /api/analyze`), its evaluator fixed by the
//!   server and its cost bounded;
//! - [`learn`]: the guided first game's API, each step of a tour answered from the request alone;
//! - [`answer`]: how a route answers (errors, JSON text, work off the async threads);
//!   [`app`]: what the handlers share and who is asking; `places`: the places of the WebSockets;
//! - [`api`]: the router and the API's handlers; [`ws`]: the WebSocket of a game;
//! - [`forward`]: on a shared database, every request about a game answered by its owner
//!   instance (forwarded there, its WebSocket relayed); [`peers`]: the instances' own listener
//!   and their shared key;
//! - [`guard`]: the names and origins the server answers to, and error bodies in one form;
//! - [`net`]: the connections: timeouts, a cap on all of them and one per address;
//! - [`rate`]: rates within a sliding window (chat, room changes and undos);
//! - [`web`]: the embedded page; [`how_to_play`]: the page of each ruleset's rules
//!   (`/rules/NAME`), made from the ruleset itself;
//! - [`work`]: the threads that think (bots, hints, replays, analyses), shared fairly between
//!   client addresses.

pub mod action;
pub mod analysis;
pub mod answer;
pub mod api;
pub mod app;
pub mod clock;
pub mod error;
pub mod forward;
pub mod game;
pub mod games;
pub mod guard;
pub mod how_to_play;
pub mod language;
pub mod learn;
pub mod limits;
pub mod net;
pub mod peers;
pub(crate) mod places;
pub mod rate;
pub mod replay;
pub mod room;
pub mod rooms;
pub mod speak;
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
    /// On a shared database: where to listen for the other instances (`host:port`); by default
    /// the public listener's host, on a port the system picks.
    pub cluster_listen: Option<String>,
    /// On a shared database: the address the other instances reach this one at (`host:port`),
    /// when it is not the one listened on (a listener on every interface, or behind a NAT).
    pub cluster_address: Option<String>,
}

/// How often abandoned games are looked for.
const EXPIRY_CHECK: Duration = Duration::from_secs(3600);

/// A server ready to serve: its database open and its games loaded.
pub struct Server {
    games: Arc<games::Games>,
    app: axum::Router,
    /// The router of the instances' own listener, on a shared database.
    internal: Option<axum::Router>,
    cluster_listen: Option<String>,
    cluster_address: Option<String>,
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
        let shared = store.is_shared();
        let key = if shared {
            Some(
                store
                    .shared_key(&peers::new_key())
                    .map_err(|e| e.to_string())?,
            )
        } else {
            None
        };
        let games = games::Games::load(store, options.pace, options.limits)?;
        let peers = key.map(peers::Peers::new).transpose()?.map(Arc::new);
        let forward = peers
            .clone()
            .map(|p| Arc::new(forward::Forward::new(games.clone(), p)));
        let state = app::AppState::new(games.clone(), options.hint_bot)?
            .with_analysis_bot(options.analysis_bot)
            .with_public_url(options.public_url.as_deref())
            .with_forward(forward);
        let app = api::router(state, site);
        // The instances' listener answers only those who show the key.
        let internal = peers.map(|p| {
            app.clone()
                .layer(axum::middleware::from_fn_with_state(p, peers::admit))
        });
        Ok(Server {
            app,
            internal,
            games,
            cluster_listen: options.cluster_listen,
            cluster_address: options.cluster_address,
        })
    }

    /// Listens for the other instances sharing the database, and returns the address they
    /// reach this one at.
    async fn listen_for_peers(
        &self,
        public: std::net::SocketAddr,
        router: axum::Router,
    ) -> Result<String, String> {
        let wanted = match &self.cluster_listen {
            Some(at) => at.clone(),
            None => std::net::SocketAddr::new(public.ip(), 0).to_string(),
        };
        let listener = tokio::net::TcpListener::bind(&wanted)
            .await
            .map_err(|e| format!("cannot listen for the other instances on {wanted}: {e}"))?;
        let bound = listener.local_addr().map_err(|e| e.to_string())?;
        let address = match &self.cluster_address {
            Some(address) => address.clone(),
            None if bound.ip().is_unspecified() => {
                return Err(format!(
                    "the other instances cannot reach this one at {bound} (every interface): give --cluster-address HOST:PORT, the address they reach it at"
                ))
            }
            None => bound.to_string(),
        };
        // Every client of another instance arrives from its one address: the cap per address
        // is the cap of all.
        let mut limits = self.games.limits().clone();
        limits.max_connections_per_client = limits.max_connections;
        tokio::spawn(async move {
            net::serve(listener, router, &limits, std::future::pending()).await;
        });
        Ok(address)
    }

    /// Resumes the bots of every game and serves on `listener` until Ctrl-C or a termination
    /// signal. Must run inside a Tokio runtime.
    ///
    /// # Errors
    /// On a shared database, when the listener for the other instances cannot be opened.
    pub async fn run(self, listener: tokio::net::TcpListener) -> Result<(), String> {
        if let Some(internal) = self.internal.clone() {
            let public = listener.local_addr().map_err(|e| e.to_string())?;
            let address = self.listen_for_peers(public, internal).await?;
            self.games.set_address(address);
        }
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
        Ok(())
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
