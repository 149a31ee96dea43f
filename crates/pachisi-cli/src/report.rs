//! `pachisi report`: loads the rulesets, runs [`pachisi_report::gather`] with progress bars and
//! writes the page with [`pachisi_report::write_report`].

use crate::checks::check_threads;
use crate::progress::GamesBar;
use crate::ruleset::load_rules;
use crate::shell::quote;
use crate::ReportArgs;
use anyhow::{anyhow, Result};
use pachisi_bots::BotSpec;
use pachisi_report::{Progress, ReportConfig};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// `pachisi report`.
pub fn report(args: &ReportArgs) -> Result<()> {
    check_threads(args.threads)?;
    let best_bot = args
        .best_bot
        .parse::<BotSpec>()
        .map_err(|e| anyhow!("bad bot spec `{}` for --best-bot: {e}", args.best_bot))?;
    let rulesets = args
        .rules
        .iter()
        .map(|name| name.trim())
        .filter(|name| !name.is_empty())
        .map(|name| Ok((name.to_string(), Arc::new(load_rules(name, &[])?))))
        .collect::<Result<Vec<_>>>()?;
    let config = ReportConfig {
        rulesets,
        games: args.games,
        seed: args.seed,
        threads: args.threads,
        skill_games: args.skill_games,
        best_bot,
        calibration_games: args.calibration_games,
        command: command_line(args),
    };
    pachisi_report::check(&config)?;
    // A directory that cannot be made fails now, not after the games.
    pachisi_report::prepare_dir(&args.out)?;
    let started = Instant::now();
    let data = pachisi_report::gather(&config, &Bars::default())?;
    let written = pachisi_report::write_report(&args.out, &data)?;
    for path in &written {
        outln!("{}", path.display());
    }
    eprintln!(
        "report written in {:.1} s: open {} in a browser",
        started.elapsed().as_secs_f64(),
        written
            .first()
            .map_or_else(String::new, |p| p.display().to_string())
    );
    Ok(())
}

/// The command that makes this report, every setting that changes it spelt out (the thread
/// count changes nothing and is left out).
fn command_line(args: &ReportArgs) -> String {
    let words = [
        "pachisi".to_string(),
        "report".to_string(),
        "--rules".to_string(),
        quote(&args.rules.join(",")),
        "--games".to_string(),
        args.games.to_string(),
        "--skill-games".to_string(),
        args.skill_games.to_string(),
        "--best-bot".to_string(),
        quote(&args.best_bot),
        "--calibration-games".to_string(),
        args.calibration_games.to_string(),
        "--seed".to_string(),
        args.seed.to_string(),
        "--out".to_string(),
        quote(&args.out.display().to_string()),
    ];
    words.join(" ")
}

/// One bar per stage of the report (each ruleset's games, then each match).
#[derive(Default)]
struct Bars {
    bar: Mutex<Option<GamesBar>>,
}

impl Progress for Bars {
    fn start(&self, label: &str, games: u64) {
        if let Ok(mut guard) = self.bar.lock() {
            *guard = Some(GamesBar::new(games, label));
        }
    }

    fn games_done(&self, done: u64) {
        if let Ok(guard) = self.bar.lock() {
            if let Some(bar) = guard.as_ref() {
                bar.update(done);
            }
        }
    }

    fn finish(&self) {
        if let Ok(mut guard) = self.bar.lock() {
            if let Some(bar) = guard.take() {
                bar.finish();
            }
        }
    }
}
