//! What every handler shares ([`AppState`]: the games, the bots of hints and analyses, the list
//! of rulesets, the places of the WebSockets, the public address and forwarding), and who is
//! asking: the client's address as its limits count it (`Client`) and who a credential is in a
//! game (`you`).

use crate::games::Games;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use pachisi_bots::BotSpec;
use pachisi_core::{builtin_rules, BUILTIN_RULESETS};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

/// What the handlers share.
#[derive(Clone)]
pub struct AppState {
    /// The games.
    pub games: Arc<Games>,
    /// The bot that gives hints.
    pub hint_bot: BotSpec,
    /// The evaluator of the analyses (`POST /api/analyze`): the server's, never a visitor's.
    pub analysis_bot: BotSpec,
    /// The list of rulesets as JSON, made once in each shipped language (by its tag).
    pub(crate) rulesets: Arc<Vec<(&'static str, String)>>,
    /// The places of the open WebSockets.
    pub(crate) sockets: Arc<crate::places::Places>,
    /// The address the server is reached at, for links (`--public-url`); without one, links
    /// are made from the request's `Host`.
    pub(crate) public_url: Option<String>,
    /// Forwarding to the games' owners, on a database shared by several instances.
    pub(crate) forward: Option<Arc<crate::forward::Forward>>,
}

impl AppState {
    /// The state of a server of `games`, with hints from `hint_bot`.
    ///
    /// # Errors
    /// When a built-in ruleset does not compile (a defect of the build).
    pub fn new(games: Arc<Games>, hint_bot: BotSpec) -> Result<AppState, String> {
        let mut all = Vec::new();
        for (name, _) in BUILTIN_RULESETS {
            all.push(builtin_rules(name, &[]).map_err(|e| format!("ruleset {name}: {e}"))?);
        }
        let mut rulesets = Vec::new();
        for (lang, _) in pachisi_words::SHIPPED {
            let words = pachisi_words::words(lang);
            let list: Vec<_> = all
                .iter()
                .map(|rules| crate::view::RulesetInfo::of(rules, words))
                .collect();
            rulesets.push((
                *lang,
                serde_json::to_string(&list).map_err(|e| e.to_string())?,
            ));
        }
        Ok(AppState {
            games,
            hint_bot,
            analysis_bot: crate::analysis::evaluator(pachisi_bots::analysis::DEFAULT_EVALUATOR)?,
            rulesets: Arc::new(rulesets),
            sockets: Arc::default(),
            public_url: None,
            forward: None,
        })
    }

    /// The same state, making links to `url` (no trailing slash needed).
    #[must_use]
    pub fn with_public_url(mut self, url: Option<&str>) -> AppState {
        self.public_url = url.map(|u| u.trim_end_matches('/').to_string());
        self
    }

    /// The same state, forwarding requests about games owned by other instances.
    #[must_use]
    pub fn with_forward(mut self, forward: Option<Arc<crate::forward::Forward>>) -> AppState {
        self.forward = forward;
        self
    }

    /// The same state, analysing with `bot` (checked by [`crate::analysis::evaluator`]).
    #[must_use]
    pub fn with_analysis_bot(mut self, bot: BotSpec) -> AppState {
        self.analysis_bot = bot;
        self
    }

    /// The address links point to: the public address, or the request's own host.
    pub(crate) fn base(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        // The guard has checked the Host header against the names the server answers to.
        let host = headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("localhost");
        format!("http://{host}")
    }
}

/// The address of the client as its limits count it ([`crate::net::client_key`]), when the
/// server was told it (it always is, but for tests that call the router directly).
pub(crate) struct Client(pub(crate) Option<IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Client, Self::Rejection> {
        Ok(Client(
            parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|c| crate::net::client_key(c.0.ip())),
        ))
    }
}

/// Who the credential is in `game`: a person (their seats, whether host) or a watcher.
pub(crate) fn you(game: &crate::game::Game, credential: Option<&str>) -> serde_json::Value {
    let room = game.room();
    match room.who(credential) {
        Some(crate::room::Caller::Person(p)) => serde_json::json!({
            "name": room.people[p].name,
            "seats": room.seats_of(p),
            "host": room.people[p].host,
        }),
        Some(crate::room::Caller::Watcher) => serde_json::json!({ "watcher": true }),
        None => serde_json::Value::Null,
    }
}

/// The credential a request shows: `Authorization: Bearer TOKEN` (a player's token or a watch
/// link's code).
pub(crate) fn credential(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
}
