//! `pachisi serve`: the web server.

use crate::ServeArgs;
use anyhow::{anyhow, Context, Result};
use pachisi_bots::BotSpec;
use pachisi_server::store::Database;
use pachisi_server::{Limits, Server, ServerOptions};
use std::time::Duration;

/// Serves until interrupted.
pub fn serve_command(args: &ServeArgs) -> Result<()> {
    let hint_bot: BotSpec = args
        .hint_bot
        .parse()
        .map_err(|e| anyhow!("bad --hint-bot `{}`: {e}", args.hint_bot))?;
    let analysis_bot = pachisi_server::analysis::evaluator(&args.analysis_bot)
        .map_err(|e| anyhow!("bad --analysis-bot {e}"))?;
    if args.expire_days == 0 {
        return Err(anyhow!(
            "--expire-days 0 would delete every game at once: give 1 or more days (default 30)"
        ));
    }
    let defaults = Limits::default();
    let limits = Limits {
        max_games: args.max_games,
        max_games_per_client: args.max_games_per_client,
        expire_after: Duration::from_secs(args.expire_days.saturating_mul(24 * 3600)),
        max_connections: args.max_connections,
        max_sockets: args.max_sockets,
        header_timeout: Duration::from_secs(args.header_timeout.max(1)),
        work_threads: args.work_threads.unwrap_or(defaults.work_threads).max(1),
        max_sockets_per_game: args.max_sockets_per_game,
        max_chat: args.max_chat.max(1),
        chat_lines: args.chat_lines.max(1),
        chat_window: Duration::from_secs(args.chat_window.max(1)),
        max_chat_lines: args.max_chat_lines,
        max_analysis_positions: args.max_analysis_positions,
        max_connections_per_client: args.max_connections_per_client.max(1),
        max_sockets_per_client: args.max_sockets_per_client.max(1),
        max_unidentified_per_client: args.max_unidentified_per_client.max(1),
        max_game_actions: args.max_game_actions.max(1),
        max_game_events: args.max_game_events.max(1),
        changes: args.changes.max(1),
        change_window: Duration::from_secs(args.change_window.max(1)),
        socket_ping: Duration::from_secs(args.socket_ping.max(1)),
        ..defaults
    };
    let database = Database::parse(&args.database).map_err(|e| anyhow!("bad --database: {e}"))?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's threads")?;
    runtime.block_on(async {
        // The database first: a server that cannot keep games announces no address.
        let server = Server::open(ServerOptions {
            database: database.clone(),
            pace: Duration::from_millis(args.pace),
            hint_bot,
            analysis_bot,
            limits,
            public_url: args.public_url.clone(),
            cluster_listen: args.cluster_listen.clone(),
            cluster_address: args.cluster_address.clone(),
        })
        .map_err(anyhow::Error::msg)?;
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        let address = listener.local_addr()?;
        outln!(
            "Serving Pachisi at http://{} (database {})",
            reachable(address),
            database
        );
        if let Some(url) = &args.public_url {
            outln!("Invitation links point to {url}");
        } else if address.ip().is_unspecified() {
            outln!(
                "Players on this network open the address above; on this machine, http://localhost:{}/",
                address.port()
            );
        }
        outln!("Open the address in a browser; Ctrl-C stops the server (games are kept).");
        server.run(listener).await.map_err(anyhow::Error::msg)
    })
}

/// An address others can open for a server listening on `address`: for every interface
/// (`0.0.0.0`, `::`), this machine's address on its network, found by asking the operating
/// system which interface would reach outside (a datagram socket is connected, and nothing is
/// sent); `localhost` when there is none.
fn reachable(address: std::net::SocketAddr) -> String {
    if !address.ip().is_unspecified() {
        return format!("{address}/");
    }
    let probe = if address.is_ipv4() {
        ("0.0.0.0:0", "192.0.2.1:9")
    } else {
        ("[::]:0", "[2001:db8::1]:9")
    };
    let found = std::net::UdpSocket::bind(probe.0)
        .and_then(|s| s.connect(probe.1).and_then(|()| s.local_addr()))
        .ok()
        .map(|a| a.ip())
        .filter(|ip| !ip.is_unspecified());
    match found {
        Some(ip) => format!("{}/", std::net::SocketAddr::new(ip, address.port())),
        None => format!("localhost:{}/", address.port()),
    }
}
