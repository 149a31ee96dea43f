//! `pachisi serve`: the web server.

use crate::ServeArgs;
use anyhow::{anyhow, Context, Result};
use pachisi_bots::BotSpec;
use pachisi_server::{serve, ServerOptions};
use std::time::Duration;

/// Serves until interrupted.
pub fn serve_command(args: &ServeArgs) -> Result<()> {
    let hint_bot: BotSpec = args
        .hint_bot
        .parse()
        .map_err(|e| anyhow!("bad --hint-bot `{}`: {e}", args.hint_bot))?;
    let runtime = tokio::runtime::Runtime::new().context("cannot start the server's threads")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        let address = listener.local_addr()?;
        outln!(
            "Serving Pachisi at http://{address}/ (database {})",
            args.database.display()
        );
        outln!("Open the address in a browser; Ctrl-C stops the server (games are kept).");
        serve(
            listener,
            ServerOptions {
                database: args.database.clone(),
                pace: Duration::from_millis(args.pace),
                hint_bot,
            },
        )
        .await
        .map_err(anyhow::Error::msg)
    })
}
