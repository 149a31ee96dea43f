//! The server's limits: what one request, one client and all clients together may ask of it.
//! Each is an option of `pachisi serve` with the default given here; docs/security.md explains
//! why each exists and what the server answers beyond it.

use pachisi_bots::{BotSpec, Budget};
use std::time::Duration;

/// Every limit of the server.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Games kept on the server at once (429 beyond).
    pub max_games: usize,
    /// Games that one address may have on the server at once (429 beyond).
    pub max_games_per_client: usize,
    /// A game with no action for this long is deleted, finished or not.
    pub expire_after: Duration,
    /// `set` entries of a new game.
    pub max_overrides: usize,
    /// Characters of one text field of a new game (ruleset, seat, override).
    pub max_field: usize,
    /// Bytes of a request body or a WebSocket message.
    pub max_body: usize,
    /// Bytes of a record sent to the replay viewer.
    pub max_record: usize,
    /// Actions of a record sent to the replay viewer (or the analysis).
    pub max_replay_actions: usize,
    /// Positions one analysis may evaluate (`POST /api/analyze`, 413 beyond), counted before
    /// any is ([`ReplayedGame::positions_at_most`]). The default keeps an analysis on one core
    /// within seconds: Parcheesi, the costliest family, takes 0.02 to 0.12 ms a position with
    /// the default evaluator (docs/analysis.md, "In the browser"), so 20,000 take at most about
    /// 2.5 s; the longest random games of every ruleset but Humphries' need 1,900 to 8,500.
    ///
    /// [`ReplayedGame::positions_at_most`]: pachisi_bots::analysis::ReplayedGame::positions_at_most
    pub max_analysis_positions: usize,
    /// Open HTTP connections; more wait until one closes.
    pub max_connections: usize,
    /// Open HTTP connections from one address; more are closed at once, unanswered.
    pub max_connections_per_client: usize,
    /// Time for a client to send a request's headers.
    pub header_timeout: Duration,
    /// Open WebSockets of watchers and of clients yet to say who they are, on the whole server:
    /// a watcher beyond is refused (close 1013). People of a table are not counted, nor ever
    /// refused.
    pub max_sockets: usize,
    /// Watchers of one game (close 1013 beyond).
    pub max_sockets_per_game: usize,
    /// Watchers from one address, over all games (close 1013 beyond).
    pub max_sockets_per_client: usize,
    /// WebSockets from one address that have not yet said who they are (429 beyond).
    pub max_unidentified_per_client: usize,
    /// Open WebSockets of one person at one game; a newer one closes their oldest, so a seated
    /// player always gets in.
    pub max_sockets_per_person: usize,
    /// How often the server pings each WebSocket; one that sends nothing (no pong, no message)
    /// for two and a half times this is closed, so dead and idle connections give back their
    /// places.
    pub socket_ping: Duration,
    /// Threads that think for bots, give hints, build replays and analyse records, shared by
    /// every game.
    pub work_threads: usize,
    /// Characters of one chat line (413 beyond).
    pub max_chat: usize,
    /// Chat lines one speaker may say within [`Limits::chat_window`] (429 beyond).
    pub chat_lines: usize,
    /// The window of the chat rate.
    pub chat_window: Duration,
    /// Chat lines one game keeps on each line, the table's and the watchers', counted apart
    /// (429 beyond), so that watchers cannot use up the players' chat.
    pub max_chat_lines: usize,
    /// Actions one game may have; the game that reaches it is stopped, unfinished, and says so.
    pub max_game_actions: usize,
    /// Events one game may hold; chat lines and room changes beyond it are refused (429).
    pub max_game_events: usize,
    /// Room changes (the host's options, hand-overs, taking a seat back) and undos one game may
    /// make within [`Limits::change_window`] (429 beyond).
    pub changes: usize,
    /// The window of the rate of room changes and undos.
    pub change_window: Duration,
    /// What a bot may spend on one decision.
    pub bots: BotLimits,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_games: 1000,
            max_games_per_client: 20,
            expire_after: Duration::from_secs(30 * 24 * 3600),
            max_overrides: 32,
            max_field: 200,
            max_body: 64 * 1024,
            max_record: 256 * 1024,
            max_replay_actions: 20_000,
            max_analysis_positions: 20_000,
            max_connections: 512,
            max_connections_per_client: 64,
            header_timeout: Duration::from_secs(10),
            max_sockets: 2000,
            max_sockets_per_game: 100,
            max_sockets_per_client: 64,
            max_unidentified_per_client: 8,
            max_sockets_per_person: 4,
            socket_ping: Duration::from_secs(30),
            work_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            max_chat: 300,
            chat_lines: 5,
            chat_window: Duration::from_secs(10),
            max_chat_lines: 2000,
            max_game_actions: 20_000,
            max_game_events: 50_000,
            changes: 10,
            change_window: Duration::from_secs(10),
            bots: BotLimits::default(),
        }
    }
}

/// The most a bot of each strength may spend on one decision. The defaults keep one decision
/// within a second of one core and the memory of its search near 150 MB (measured in the
/// fullest positions found, docs/security.md): expectimax's transposition table grows with the
/// positions it searches (about 280 bytes each), MCTS's tree with its time.
#[derive(Clone, Copy, Debug)]
pub struct BotLimits {
    /// Expectimax: throws searched ahead.
    pub depth: u32,
    /// Expectimax: positions per decision, for searches two or more throws deep (a search of
    /// one throw stays far below any budget: 6 MB in a full Parcheesi position).
    pub nodes: u64,
    /// MCTS: playouts per decision.
    pub playouts: u32,
    /// MCTS: time per decision.
    pub time: Duration,
    /// MCTS: throws per playout (0, to the end of the game, is refused).
    pub cutoff: u32,
}

impl Default for BotLimits {
    fn default() -> BotLimits {
        BotLimits {
            depth: 2,
            nodes: 500_000,
            playouts: 5_000,
            time: Duration::from_secs(1),
            cutoff: 20,
        }
    }
}

impl BotLimits {
    /// Whether `spec` keeps within the limits; the error names the option and its limit.
    ///
    /// # Errors
    /// When a budget of the spec is over its limit.
    pub fn check(&self, spec: &BotSpec) -> Result<(), String> {
        let over = |option: &str, limit: String| {
            Err(format!(
                "the bot `{spec}` asks too much of this server: `{option}` may be at most {limit} here"
            ))
        };
        match spec.budget() {
            Budget::OnePly => Ok(()),
            Budget::Expectimax { depth, .. } if depth > self.depth => {
                over("depth", self.depth.to_string())
            }
            Budget::Expectimax { depth, nodes } if depth >= 2 && nodes > self.nodes => over(
                "nodes",
                format!("{} in a search two throws deep", self.nodes),
            ),
            Budget::Expectimax { .. } => Ok(()),
            Budget::Mcts { time: Some(t), .. } if t > self.time => {
                over("ms", self.time.as_millis().to_string())
            }
            Budget::Mcts { playouts, .. } if playouts > self.playouts => {
                over("playouts", self.playouts.to_string())
            }
            Budget::Mcts { cutoff, .. } if cutoff == 0 || cutoff > self.cutoff => over(
                "cutoff",
                format!("{} (0, playing to the end, is refused)", self.cutoff),
            ),
            Budget::Mcts { .. } => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bots_over_a_limit_are_refused_naming_it() {
        let limits = BotLimits::default();
        for ok in [
            "random",
            "heuristic",
            "expectimax",
            "expectimax:depth=1",
            "expectimax:depth=2:nodes=500000",
            "mcts",
            "mcts:ms=1000",
            "mcts:playouts=5000:cutoff=20",
        ] {
            let spec: BotSpec = ok.parse().expect("spec");
            assert_eq!(limits.check(&spec), Ok(()), "{ok}");
        }
        for (over, option) in [
            ("expectimax:depth=3", "depth"),
            ("expectimax:depth=2", "nodes"),
            ("expectimax:depth=2:nodes=500001", "nodes"),
            ("mcts:ms=1001", "ms"),
            ("mcts:ms=600000", "ms"),
            ("mcts:playouts=5001", "playouts"),
            ("mcts:cutoff=0", "cutoff"),
            ("mcts:cutoff=21", "cutoff"),
        ] {
            let spec: BotSpec = over.parse().expect("spec");
            let e = limits.check(&spec).expect_err(over);
            assert!(e.contains(&format!("`{option}`")), "{over}: {e}");
        }
    }
}
