//! A report comparing rulesets: one self-contained HTML page with SVG figures.
//!
//! [`gather`] measures every ruleset of a [`ReportConfig`]:
//!
//! - random self-play with [`pachisi_sim::simulate`] (every seat a uniformly random player): the
//!   distribution of throws per game, the win share of every seat and team with 95% Wilson
//!   intervals, and every throw outcome's observed frequency beside its exact probability;
//! - two duplicate matches with [`pachisi_tournament::Tournament`]: the heuristic bot against
//!   random play, and the best bot (expectimax by default) against the heuristic bot, each
//!   scored with a 95% interval over deals;
//! - the calibration of the bots' winning chances with [`pachisi_bots::calibration::calibrate`]:
//!   the heuristic evaluation's, and the shipped network's where one ships for the ruleset, on
//!   the same held-out games (Brier score, log loss, reliability table).
//!
//! The result is a [`ReportData`], serialisable as `report.json`. [`render`] draws its figures
//! ([`figures`], and [`calibration`] for the chances' reliability; with the `plotters` SVG
//! backend: no font files, no bitmaps) and lays out the page ([`page`]); [`write_report`]
//! writes `index.html` (every figure inlined), each figure as its own `.svg` file, and
//! `report.json` into a directory. Everything in the page follows from the
//! settings alone: the same command gives the same files, on any number of threads.
//!
//! ```
//! use pachisi_report::{gather, render, ReportConfig, Silent};
//! use std::sync::Arc;
//!
//! let rules = Arc::new(pachisi_core::builtin_rules("ludo", &[]).unwrap());
//! let config = ReportConfig {
//!     rulesets: vec![("ludo".to_string(), rules)],
//!     games: 20,
//!     seed: 1,
//!     threads: Some(1),
//!     skill_games: 2,
//!     best_bot: "heuristic".parse().unwrap(),
//!     calibration_games: 4,
//!     command: "pachisi report --rules ludo --games 20".to_string(),
//! };
//! let data = gather(&config, &Silent).unwrap();
//! assert_eq!(data.rulesets[0].summary.games, 20);
//! let rendered = render(&data).unwrap();
//! assert!(rendered.html.contains("<svg"));
//! ```

pub mod calibration;
pub mod figures;
pub mod page;
mod plot;
mod text;

use pachisi_bots::calibration::{calibrate, Calibration, CalibrationError, CalibrationSettings};
use pachisi_bots::BotSpec;
use pachisi_core::Rules;
use pachisi_sim::{simulate_random, Simulation, SimulationError, Summary};
use pachisi_tournament::{Report, Tournament, TournamentError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub use figures::Figure;

/// The file name of the page.
pub const INDEX_FILE: &str = "index.html";

/// The file name of the data behind the page.
pub const DATA_FILE: &str = "report.json";

/// Why a report could not be made. The message says what failed; the cause, where there is one,
/// is the error's [`source`](std::error::Error::source) (`{:#}` with `anyhow` prints both).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReportError {
    /// No ruleset was given.
    #[error("a report needs at least one ruleset")]
    NoRulesets,
    /// The same ruleset was listed twice.
    #[error("the ruleset `{0}` is listed twice")]
    DuplicateRuleset(String),
    /// No games were asked for.
    #[error("--games must be at least 1: a report needs at least one random game per ruleset")]
    NoGames,
    /// The random games could not be played.
    #[error("cannot simulate {ruleset}")]
    Simulation {
        /// The ruleset's label.
        ruleset: String,
        /// What went wrong.
        source: SimulationError,
    },
    /// A match between bots could not be played.
    #[error("cannot play {first} against {second} under {ruleset}")]
    Tournament {
        /// The ruleset's label.
        ruleset: String,
        /// The first bot's spec.
        first: String,
        /// The second bot's spec.
        second: String,
        /// What went wrong.
        source: Box<TournamentError>,
    },
    /// A bot's winning chances could not be measured.
    #[error("cannot measure the calibration of {bot} under {ruleset}")]
    Calibration {
        /// The ruleset's label.
        ruleset: String,
        /// The evaluator's spec.
        bot: String,
        /// What went wrong.
        source: Box<CalibrationError>,
    },
    /// A figure could not be drawn.
    #[error("cannot draw the figure {figure}: {message}")]
    Plot {
        /// The figure's file name.
        figure: String,
        /// What the plotting library said.
        message: String,
    },
    /// The output directory could not be created.
    #[error("cannot create the output directory {}", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A file could not be written.
    #[error("cannot write {}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The data could not be serialised.
    #[error("cannot serialise the report data")]
    Json(#[from] serde_json::Error),
}

/// What to measure.
#[derive(Clone, Debug)]
pub struct ReportConfig {
    /// The rulesets, each with the label it is shown under (its name, or the name given on the
    /// command line).
    pub rulesets: Vec<(String, Arc<Rules>)>,
    /// Random games per ruleset.
    pub games: u64,
    /// The master seed of the random games and of the matches.
    pub seed: u64,
    /// Threads to play on; `None` for one per core. The results do not depend on it.
    pub threads: Option<usize>,
    /// Games per pairing of bots for the luck-versus-skill figure; 0 leaves the figure out.
    pub skill_games: u64,
    /// The bot measured against the heuristic bot.
    pub best_bot: BotSpec,
    /// Held-out games per evaluator for the calibration figure; 0 leaves the figure out.
    pub calibration_games: u64,
    /// The command line that makes this report, shown on the page.
    pub command: String,
}

/// What a report shows, serialised as `report.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReportData {
    /// The command line that made the report.
    pub command: String,
    /// Random games per ruleset.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// Games per pairing asked for in the luck-versus-skill matches (0: not measured).
    pub skill_games: u64,
    /// The spec of the bot measured against the heuristic bot.
    pub best_bot: String,
    /// Held-out games per evaluator asked for in the calibration figure (0: not measured).
    #[serde(default)]
    pub calibration_games: u64,
    /// One entry per ruleset, in the order given.
    pub rulesets: Vec<RulesetReport>,
}

/// Everything measured under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RulesetReport {
    /// The label the ruleset is shown under.
    pub name: String,
    /// The ruleset's title.
    pub title: String,
    /// Seats at the table.
    pub seats: u8,
    /// Teams (a seat wins when its team does); a fair seat or team wins `1 / teams` of the games.
    pub teams: u8,
    /// The random games summarised.
    pub summary: Summary,
    /// Throws per game: every length seen, with how many games had it, shortest first.
    pub throws_per_game_counts: Vec<(u64, u64)>,
    /// The luck-versus-skill matches.
    pub skill: Skill,
    /// The calibration of the bots' winning chances.
    #[serde(default)]
    pub calibration: Reliability,
}

/// How well the bots' winning chances match the outcomes under one ruleset.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Reliability {
    /// Each evaluator measured, in order: `heuristic`, then `neural` where a network ships for
    /// the ruleset, on the same games.
    pub evaluators: Vec<Calibration>,
    /// Why an evaluator, or every one, was not measured.
    pub notes: Vec<String>,
}

/// The two matches of the luck-versus-skill figure under one ruleset.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skill {
    /// The heuristic bot against random play.
    pub heuristic_vs_random: Option<Matchup>,
    /// The best bot against the heuristic bot.
    pub best_vs_heuristic: Option<Matchup>,
    /// Why the matches were not played, when they were not.
    pub skipped: Option<String>,
}

/// One duplicate match between two bots, seen from the first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Matchup {
    /// The first bot's spec.
    pub first: String,
    /// The second bot's spec.
    pub second: String,
    /// Games played.
    pub games: u64,
    /// Deals played (each deal's throws are played in every seating).
    pub deals: u64,
    /// Games the first bot won.
    pub first_wins: u64,
    /// Games the second bot won.
    pub second_wins: u64,
    /// Games drawn (abandoned at the throw limit).
    pub draws: u64,
    /// The first bot's points per game (a win 1, a draw 1/2).
    pub score: f64,
    /// The lower end of the score's 95% interval over deals (`None` with a single deal).
    pub low: Option<f64>,
    /// The upper end of the interval.
    pub high: Option<f64>,
    /// The whole tournament report, timing left out.
    pub tournament: Report,
}

/// Told how the measuring goes; every method does nothing by default.
pub trait Progress: Sync {
    /// A stage begins: `label` says what is played, `games` how many games.
    fn start(&self, label: &str, games: u64) {
        let _ = (label, games);
    }
    /// `done` games of the stage are finished (calls from different threads may arrive out of
    /// order).
    fn games_done(&self, done: u64) {
        let _ = done;
    }
    /// The stage is over.
    fn finish(&self) {}
}

/// Progress that nobody watches.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {}

/// Checks the settings without playing anything.
///
/// # Errors
/// No rulesets, a ruleset listed twice, or no games.
pub fn check(config: &ReportConfig) -> Result<(), ReportError> {
    if config.rulesets.is_empty() {
        return Err(ReportError::NoRulesets);
    }
    if config.games == 0 {
        return Err(ReportError::NoGames);
    }
    for (i, (name, _)) in config.rulesets.iter().enumerate() {
        if config.rulesets[..i].iter().any(|(n, _)| n == name) {
            return Err(ReportError::DuplicateRuleset(name.clone()));
        }
    }
    Ok(())
}

/// Plays every game of the report and gathers the figures' data.
///
/// # Errors
/// Those of [`check`]; threads that cannot start; a bot that fails in a match.
pub fn gather(config: &ReportConfig, progress: &dyn Progress) -> Result<ReportData, ReportError> {
    check(config)?;
    let rulesets = config
        .rulesets
        .iter()
        .map(|(name, rules)| gather_ruleset(config, name, rules, progress))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(ReportData {
        command: config.command.clone(),
        games: config.games,
        seed: config.seed,
        skill_games: config.skill_games,
        best_bot: config.best_bot.to_string(),
        calibration_games: config.calibration_games,
        rulesets,
    })
}

fn gather_ruleset(
    config: &ReportConfig,
    name: &str,
    rules: &Arc<Rules>,
    progress: &dyn Progress,
) -> Result<RulesetReport, ReportError> {
    let sim = Simulation {
        games: config.games,
        seed: config.seed,
        threads: config.threads.unwrap_or(0),
    };
    progress.start(&format!("{name}: random games"), config.games);
    let outcome = simulate_random(rules, sim, &|done| progress.games_done(done));
    progress.finish();
    let outcome = outcome.map_err(|source| ReportError::Simulation {
        ruleset: name.to_string(),
        source,
    })?;
    let stats = outcome.stats;
    Ok(RulesetReport {
        name: name.to_string(),
        title: rules.ruleset().title.clone(),
        seats: rules.seats(),
        teams: rules.teams(),
        summary: stats.summary(rules),
        throws_per_game_counts: stats.throws.counts().collect(),
        skill: gather_skill(config, name, rules, progress)?,
        calibration: gather_calibration(config, name, rules, progress)?,
    })
}

/// A position is sampled before every this many throws of the calibration games, as
/// `pachisi calibrate` does by default.
pub const CALIBRATION_EVERY: u64 = 8;

/// The evaluators whose chances the calibration figure measures, in order.
pub const CALIBRATION_EVALUATORS: [&str; 2] = ["heuristic", "neural"];

fn gather_calibration(
    config: &ReportConfig,
    name: &str,
    rules: &Arc<Rules>,
    progress: &dyn Progress,
) -> Result<Reliability, ReportError> {
    let mut reliability = Reliability::default();
    if config.calibration_games == 0 {
        reliability
            .notes
            .push("not measured (--calibration-games 0)".to_string());
        return Ok(reliability);
    }
    if rules.teams() < 2 {
        reliability
            .notes
            .push("a ruleset with a single team: its chance is always 1".to_string());
        return Ok(reliability);
    }
    // Every evaluator judges the same games, played by the heuristic bot: the evaluators are
    // compared on the same positions, and the games cost what the heuristic's do.
    let players = baseline("heuristic");
    let settings = CalibrationSettings {
        games: config.calibration_games,
        seed: config.seed,
        every: CALIBRATION_EVERY,
        threads: config.threads,
    };
    for evaluator in CALIBRATION_EVALUATORS {
        let bot = baseline(evaluator);
        if let Err(e) = bot.check(rules) {
            reliability.notes.push(format!("{evaluator}: {e}"));
            continue;
        }
        progress.start(
            &format!("{name}: calibration of {evaluator}"),
            settings.games,
        );
        let measured = calibrate(rules, &bot, &players, &settings, &|done| {
            progress.games_done(done)
        });
        progress.finish();
        reliability
            .evaluators
            .push(measured.map_err(|source| ReportError::Calibration {
                ruleset: name.to_string(),
                bot: evaluator.to_string(),
                source: Box::new(source),
            })?);
    }
    Ok(reliability)
}

fn gather_skill(
    config: &ReportConfig,
    name: &str,
    rules: &Arc<Rules>,
    progress: &dyn Progress,
) -> Result<Skill, ReportError> {
    let skipped = |why: String| Skill {
        heuristic_vs_random: None,
        best_vs_heuristic: None,
        skipped: Some(why),
    };
    if config.skill_games == 0 {
        return Ok(skipped("not measured (--skill-games 0)".to_string()));
    }
    if rules.teams() < 2 {
        return Ok(skipped(
            "a ruleset with a single team has no match between two bots".to_string(),
        ));
    }
    let heuristic = baseline("heuristic");
    let first = matchup(
        config,
        name,
        rules,
        [heuristic.clone(), baseline("random")],
        progress,
    )?;
    let second = matchup(
        config,
        name,
        rules,
        [config.best_bot.clone(), heuristic],
        progress,
    )?;
    Ok(Skill {
        heuristic_vs_random: Some(first),
        best_vs_heuristic: Some(second),
        skipped: None,
    })
}

/// A spec without options, which always parses.
fn baseline(name: &str) -> BotSpec {
    name.parse()
        .expect("a bot name without options is a valid spec")
}

fn matchup(
    config: &ReportConfig,
    name: &str,
    rules: &Arc<Rules>,
    bots: [BotSpec; 2],
    progress: &dyn Progress,
) -> Result<Matchup, ReportError> {
    let failed = |source| ReportError::Tournament {
        ruleset: name.to_string(),
        first: bots[0].to_string(),
        second: bots[1].to_string(),
        source: Box::new(source),
    };
    let t = Tournament {
        rules: rules.clone(),
        ruleset: name.to_string(),
        bots: bots.to_vec(),
        games_per_pairing: config.skill_games,
        seed: config.seed,
        threads: config.threads,
        pairs: pachisi_tournament::Pairs::Every,
    };
    let plan = t.plan().map_err(failed)?;
    progress.start(
        &format!("{name}: {} vs {}", bots[0], bots[1]),
        plan.total_games,
    );
    let report = t.run(&|done| progress.games_done(done));
    progress.finish();
    let report = report.map_err(failed)?.without_timing();
    let Some(p) = report.pairings.first().cloned() else {
        return Err(failed(TournamentError::NoGames));
    };
    Ok(Matchup {
        first: p.first,
        second: p.second,
        games: p.games,
        deals: p.deals,
        first_wins: p.first_wins,
        second_wins: p.second_wins,
        draws: p.draws,
        score: p.first_score,
        low: p.first_score_interval.map(|i| i.low),
        high: p.first_score_interval.map(|i| i.high),
        tournament: report,
    })
}

/// The page and its figures, ready to write.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The page, every figure inlined.
    pub html: String,
    /// The figures, in the page's order.
    pub figures: Vec<Figure>,
}

/// Draws the figures and lays out the page.
///
/// # Errors
/// A figure the plotting library cannot draw.
pub fn render(data: &ReportData) -> Result<Rendered, ReportError> {
    let figures = figures::all(data)?;
    let html = page::html(data, &figures);
    Ok(Rendered { html, figures })
}

/// Creates `dir` (and its parents) if needed and checks that a file can be written in it, so
/// that a directory that cannot be made or written fails before any game is played.
///
/// # Errors
/// When the directory cannot be created, or a file cannot be created in it.
pub fn prepare_dir(dir: &Path) -> Result<(), ReportError> {
    std::fs::create_dir_all(dir).map_err(|source| ReportError::CreateDir {
        path: dir.to_path_buf(),
        source,
    })?;
    let probe = dir.join(".pachisi-report-write-test");
    let written = std::fs::write(&probe, "");
    let _ = std::fs::remove_file(&probe);
    written.map_err(|source| ReportError::Io {
        path: probe,
        source,
    })
}

/// Renders `data` and writes `index.html`, every figure's `.svg` file and `report.json` into
/// `dir`, created if needed. Returns the paths written, the page first.
///
/// # Errors
/// A figure that cannot be drawn, or a file that cannot be written.
pub fn write_report(dir: &Path, data: &ReportData) -> Result<Vec<PathBuf>, ReportError> {
    prepare_dir(dir)?;
    let rendered = render(data)?;
    let write = |name: &str, text: &str| -> Result<PathBuf, ReportError> {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|source| ReportError::Io {
            path: path.clone(),
            source,
        })?;
        Ok(path)
    };
    let mut written = vec![write(INDEX_FILE, &rendered.html)?];
    for f in &rendered.figures {
        written.push(write(&f.file, &f.svg)?);
    }
    let json = serde_json::to_string_pretty(data)? + "\n";
    written.push(write(DATA_FILE, &json)?);
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn config(names: &[&str], games: u64, skill_games: u64) -> ReportConfig {
        ReportConfig {
            rulesets: names
                .iter()
                .map(|n| {
                    let rules = pachisi_core::builtin_rules(n, &[]).expect("built-in");
                    (n.to_string(), Arc::new(rules))
                })
                .collect(),
            games,
            seed: 3,
            threads: Some(2),
            skill_games,
            best_bot: "expectimax:depth=1".parse().expect("spec"),
            calibration_games: 0,
            command: format!("pachisi report --rules {}", names.join(",")),
        }
    }

    #[test]
    fn bad_settings_are_refused_before_any_game() {
        let mut c = config(&["ludo"], 0, 0);
        assert!(matches!(gather(&c, &Silent), Err(ReportError::NoGames)));
        c.games = 5;
        c.rulesets.push(c.rulesets[0].clone());
        assert!(matches!(
            gather(&c, &Silent),
            Err(ReportError::DuplicateRuleset(n)) if n == "ludo"
        ));
        c.rulesets.clear();
        assert!(matches!(gather(&c, &Silent), Err(ReportError::NoRulesets)));
    }

    #[test]
    fn the_data_counts_every_game_and_both_matches() {
        let data = gather(&config(&["pachisi", "ludo"], 30, 4), &Silent).expect("gathers");
        assert_eq!(data.rulesets.len(), 2);
        for r in &data.rulesets {
            assert_eq!(r.summary.games, 30);
            let counted: u64 = r.throws_per_game_counts.iter().map(|&(_, n)| n).sum();
            assert_eq!(counted, 30);
            let thrown: u64 = r
                .throws_per_game_counts
                .iter()
                .map(|&(len, n)| len * n)
                .sum();
            assert_eq!(thrown, r.summary.throws.total);
            let a = r.skill.heuristic_vs_random.as_ref().expect("measured");
            let b = r.skill.best_vs_heuristic.as_ref().expect("measured");
            assert_eq!(
                (a.first.as_str(), a.second.as_str()),
                ("heuristic", "random")
            );
            assert_eq!(b.second, "heuristic");
            assert!(a.games >= 4 && b.games >= 4);
            assert_eq!(a.first_wins + a.second_wins + a.draws, a.games);
            assert!((0.0..=1.0).contains(&a.score));
        }
        assert_eq!(data.rulesets[0].teams, 2);
        assert_eq!(data.rulesets[1].teams, 4);
    }

    #[test]
    fn skill_games_zero_skips_the_matches_with_a_note() {
        let data = gather(&config(&["ludo"], 10, 0), &Silent).expect("gathers");
        let skill = &data.rulesets[0].skill;
        assert!(skill.heuristic_vs_random.is_none() && skill.best_vs_heuristic.is_none());
        assert!(skill
            .skipped
            .as_deref()
            .is_some_and(|s| s.contains("--skill-games 0")));
    }

    #[test]
    fn the_same_settings_give_the_same_files_on_any_number_of_threads() {
        let mut c = config(&["ludo"], 40, 4);
        c.calibration_games = 4;
        let data_a = gather(&c, &Silent).expect("gathers");
        let a = render(&data_a).expect("renders");
        c.threads = Some(1);
        let data_b = gather(&c, &Silent).expect("gathers");
        let b = render(&data_b).expect("renders");
        assert_eq!(a.html, b.html);
        let json = |d: &ReportData| serde_json::to_string(d).expect("serialises");
        assert_eq!(json(&data_a), json(&data_b));
    }

    #[test]
    fn the_files_are_written_and_the_data_reads_back() {
        let dir = std::env::temp_dir().join(format!("pachisi-report-unit-{}", std::process::id()));
        let data = gather(&config(&["pachisi-7-cowries"], 12, 2), &Silent).expect("gathers");
        let written = write_report(&dir, &data).expect("writes");
        assert!(written[0].ends_with(INDEX_FILE));
        assert!(written.iter().all(|p| p.exists()));
        let text = std::fs::read_to_string(dir.join(DATA_FILE)).expect("reads");
        let back: ReportData = serde_json::from_str(&text).expect("parses");
        assert_eq!(back.rulesets.len(), 1);
        assert_eq!(back.rulesets[0].summary.games, 12);
        assert_eq!(
            back.rulesets[0].throws_per_game_counts,
            data.rulesets[0].throws_per_game_counts
        );
        assert_eq!(back.command, data.command);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_directory_that_cannot_be_made_is_an_error() {
        let file = std::env::temp_dir().join(format!("pachisi-report-file-{}", std::process::id()));
        std::fs::write(&file, "not a directory").expect("writes");
        let err = prepare_dir(&file.join("sub")).expect_err("cannot be made");
        assert!(
            err.to_string()
                .contains("cannot create the output directory"),
            "{err}"
        );
        // The system's reason is the source, not repeated in the message.
        assert!(std::error::Error::source(&err).is_some());
        let _ = std::fs::remove_file(&file);
    }
}
