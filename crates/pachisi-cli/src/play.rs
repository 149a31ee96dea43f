//! `pachisi play`: the terminal game, and the command that replays its record.

use crate::ruleset::load_rules;
use crate::shell::quote;
use crate::PlayArgs;
use anyhow::{anyhow, bail, Result};
use pachisi_bots::BotSpec;
use pachisi_core::ruleset::Device;
use pachisi_tui::{Announce, PlayOptions, SeatSpec};
use pachisi_words::{Args, Words};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// Plays a game in the terminal, then says where the record is.
pub fn play(args: &PlayArgs) -> Result<()> {
    let words = crate::language::chosen(args.lang.as_deref());
    let mut overrides = args.rules.set.clone();
    if let Some(p) = args.cowrie_p {
        if !(p > 0.0 && p < 1.0) {
            bail!(
                "--cowrie-p {p}: the chance that one cowrie shell falls mouth up must lie strictly \
                 between 0 and 1, e.g. --cowrie-p 0.4 (the rulesets' own value is 0.5)"
            );
        }
        overrides.push(format!("throw.p_up={p}"));
    }
    let rules = load_rules(&args.rules.name, &overrides)?;
    if args.cowrie_p.is_some() && rules.ruleset().throw.device != Device::Cowries {
        bail!(
            "--cowrie-p sets how cowrie shells fall, but {} is played with dice",
            args.rules.name
        );
    }
    let seats = parse_seats(&args.seats, rules.seats())?;
    let hint_bot: BotSpec = args
        .hint_bot
        .parse()
        .map_err(|e| anyhow!("bad --hint-bot `{}`: {e}", args.hint_bot))?;
    play_game(Game {
        ruleset: &args.rules.name,
        overrides: &overrides,
        rules,
        seats,
        seed: args.seed,
        save: args.save.clone(),
        pace: args.pace,
        hint_bot,
        tips: false,
        words,
        screen_reader: args.screen_reader,
        announce: match args.announce.as_str() {
            "mine" => Announce::Mine,
            _ => Announce::All,
        },
    })
}

/// A game to play in the terminal, its settings checked.
pub struct Game<'a> {
    /// The ruleset's name or file, as the record names it.
    pub ruleset: &'a str,
    /// The `--set` overrides.
    pub overrides: &'a [String],
    /// The rules, with the overrides.
    pub rules: pachisi_core::Rules,
    /// Who plays each seat.
    pub seats: Vec<SeatSpec>,
    /// The seed, or none for one from the clock.
    pub seed: Option<u64>,
    /// Where `s` saves the record, or none for RULESET-SEED.record.
    pub save: Option<PathBuf>,
    /// Milliseconds between two actions of the bots.
    pub pace: u64,
    /// The bot asked for hints.
    pub hint_bot: BotSpec,
    /// Whether to give a first game's tips.
    pub tips: bool,
    /// The catalogue every word comes from.
    pub words: &'static Words,
    /// Whether to play in lines of text, for a screen reader, rather than on the board.
    pub screen_reader: bool,
    /// How much of the game the lines say.
    pub announce: Announce,
}

/// Plays `game` in the terminal, then says where the record is.
pub fn play_game(game: Game) -> Result<()> {
    let seed = game.seed.unwrap_or_else(seed_from_clock);
    let record =
        pachisi_table::record_header(game.ruleset, game.overrides, seed, Some(&game.seats))
            .map_err(anyhow::Error::msg)?;
    let save_path = game.save.unwrap_or_else(|| {
        let stem = std::path::Path::new(game.ruleset)
            .file_stem()
            .map_or("game".into(), |s| s.to_string_lossy().into_owned());
        PathBuf::from(format!("{stem}-{seed}.record"))
    });
    let words = game.words;
    let options = PlayOptions {
        rules: Arc::new(game.rules),
        record,
        seats: game.seats,
        seed,
        save_path,
        pace: Duration::from_millis(game.pace),
        hint_bot: game.hint_bot,
        tips: game.tips,
        words,
        announce: game.announce,
    };
    let outcome = if game.screen_reader {
        let stdin = std::io::stdin();
        pachisi_tui::play_lines(options, &mut stdin.lock(), &mut std::io::stdout())?
    } else {
        let outcome = pachisi_tui::play(options)?;
        // The board is gone from the screen: the result is said once more below it.
        if outcome.finished {
            outln!("{}", outcome.last_message);
        }
        outcome
    };
    let mut args = Args::new();
    match outcome.saved {
        Some(path) => {
            args.set("path", path.display().to_string());
            args.set("command", replay_command(&path));
            outln!("{}", words.msg_with("play-record-saved", &args));
        }
        None => {
            args.set("seed", seed.to_string());
            outln!("{}", words.msg_with("play-record-not-saved", &args));
        }
    }
    Ok(())
}

/// The command that replays `record`, as the user can type it where they are.
fn replay_command(record: &Path) -> String {
    let program = std::env::args_os().next().unwrap_or_default();
    let file = quote(&record.display().to_string());
    format!("{} {file}", replay_program(Path::new(&program)))
}

/// How to start `pachisi replay` again when this program was started as `program` (its
/// `argv[0]`): `cargo run --release -- replay` when it is a build in a cargo target directory
/// (a directory with cargo's `.fingerprint` beside it; the profile from the directory's name),
/// otherwise the program as it was invoked (`pachisi` found on the PATH, or a path to it).
fn replay_program(program: &Path) -> String {
    let dir = program.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| d.join(".fingerprint").is_dir()) {
        let profile = dir.file_name().map(|n| n.to_string_lossy().into_owned());
        return match profile.as_deref() {
            Some("debug") => "cargo run -- replay".to_string(),
            Some("release") | None => "cargo run --release -- replay".to_string(),
            Some(other) => format!("cargo run --profile {other} -- replay"),
        };
    }
    let name = program.display().to_string();
    let name = if name.is_empty() { "pachisi" } else { &name };
    format!("{} replay", quote(name))
}

/// The seats from `--seats`: one entry per seat; none gives a person in the first seat and
/// bots in the others.
fn parse_seats(given: &[String], seats: u8) -> Result<Vec<SeatSpec>> {
    if given.is_empty() {
        let bot: SeatSpec = "bot".parse().map_err(anyhow::Error::msg)?;
        return Ok((0..seats)
            .map(|s| if s == 0 { SeatSpec::Human } else { bot.clone() })
            .collect());
    }
    if given.len() != usize::from(seats) {
        bail!(
            "--seats lists {} seats, but the ruleset has {seats}: give one of human, bot or bot:SPEC for each, separated by commas",
            given.len()
        );
    }
    given
        .iter()
        .map(|s| s.parse::<SeatSpec>().map_err(|e| anyhow!("--seats: {e}")))
        .collect()
}

/// A seed for a new game when none is given: the clock's nanoseconds.
fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000_000)
}

#[cfg(test)]
mod tests {
    use super::replay_program;
    use std::path::Path;

    #[test]
    fn a_build_in_a_cargo_target_directory_is_replayed_with_cargo_run() {
        let target = std::env::temp_dir().join(format!("pachisi-target-{}", std::process::id()));
        for profile in ["debug", "release", "fast"] {
            std::fs::create_dir_all(target.join(profile).join(".fingerprint")).expect("dirs");
        }
        let at = |profile: &str| replay_program(&target.join(profile).join("pachisi"));
        assert_eq!(at("debug"), "cargo run -- replay");
        assert_eq!(at("release"), "cargo run --release -- replay");
        assert_eq!(at("fast"), "cargo run --profile fast -- replay");
        let _ = std::fs::remove_dir_all(&target);
    }

    #[test]
    fn an_installed_program_is_replayed_by_the_name_it_was_invoked_by() {
        assert_eq!(replay_program(Path::new("pachisi")), "pachisi replay");
        assert_eq!(
            replay_program(Path::new("/usr/local/bin/pachisi")),
            "/usr/local/bin/pachisi replay"
        );
        assert_eq!(
            replay_program(Path::new("/opt/my games/pachisi")),
            "'/opt/my games/pachisi' replay"
        );
        assert_eq!(replay_program(Path::new("")), "pachisi replay");
    }
}
