//! `pachisi serve`: the web server.

use crate::ServeArgs;
use anyhow::{anyhow, Context, Result};
use pachisi_bots::BotSpec;
use pachisi_server::{Limits, Server, ServerOptions};
use std::time::Duration;

/// Serves until interrupted.
pub fn serve_command(args: &ServeArgs) -> Result<()> {
    let hint_bot: BotSpec = args
        .hint_bot
        .parse()
        .map_err(|e| anyhow!("bad --hint-bot `{}`: {e}", args.hint_bot))?;
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
        ..defaults
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's threads")?;
    runtime.block_on(async {
        // The database first: a server that cannot keep games announces no address.
        let server = Server::open(ServerOptions {
            database: args.database.clone(),
            pace: Duration::from_millis(args.pace),
            hint_bot,
            limits,
            public_url: args.public_url.clone(),
        })
        .map_err(anyhow::Error::msg)?;
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        let address = listener.local_addr()?;
        outln!(
            "Serving Pachisi at http://{address}/ (database {})",
            args.database.display()
        );
        outln!("Open the address in a browser; Ctrl-C stops the server (games are kept).");
        server.run(listener).await;
        Ok(())
    })
}
