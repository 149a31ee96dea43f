//! `pachisi learn`: the guided first game in the terminal, then a first real game against
//! gentle bots.

use crate::play::{play_game, Game};
use crate::ruleset::load_rules;
use anyhow::{anyhow, Result};
use clap::Args;
use pachisi_bots::BotSpec;
use pachisi_learn::tour::{tour, tour_names};
use pachisi_tui::learn::LearnExit;
use pachisi_tui::SeatSpec;
use std::path::PathBuf;

/// The help of `pachisi learn`.
pub const HELP: &str = "Learn to play, by playing: short steps on the real board, each a position \
prepared so that one rule shows (throwing the cowries and reading them, a grace that brings a \
piece in and throws again, the route, capturing, castles that protect and block, the partner, \
passing, and the castle 25 squares from home). Each step asks you to make a move; a wrong one is \
explained and you choose again. Every step quotes the document its rule comes from.

At the end, Enter starts a first real game against gentle bots (heuristic players), with tips \
at the moments that matter: why your turn passed, your first grace, a piece of yours captured, \
the castle 25 squares from home.

Tours: pachisi (nine steps, for someone who knows Ludo or nothing), ludo and parcheesi (a few \
steps each, saying how each differs from Pachisi).

Example: pachisi learn

Example: pachisi learn ludo";

/// The settings of `pachisi learn`.
#[derive(Args, Debug)]
pub struct LearnArgs {
    /// The tour: pachisi, ludo or parcheesi.
    #[arg(default_value = "pachisi", value_name = "TOUR")]
    tour: String,
    /// The language of the tour's words (a tag such as `en`); the default follows LANG. A
    /// language without a catalogue, or a message missing from one, is said in English.
    #[arg(long, value_name = "TAG")]
    lang: Option<String>,
    /// Seed of the first game's throws and bots (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Milliseconds between two actions of the bots in the first game.
    #[arg(long, default_value_t = 600, value_name = "MS")]
    pace: u64,
    /// Where `s` saves the first game's record (default: RULESET-SEED.record).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

/// The bot that plays the other seats of the first game: it plays sensibly, and a beginner can
/// beat it.
const GENTLE_BOT: &str = "heuristic";

/// Walks the tour, then plays the first game if the player asks for it.
pub fn learn(args: &LearnArgs) -> Result<()> {
    let chosen = tour(&args.tour).ok_or_else(|| {
        anyhow!(
            "there is no tour called `{}`: the tours are {}",
            args.tour,
            tour_names()
        )
    })?;
    let words = crate::language::chosen(args.lang.as_deref());
    if pachisi_tui::learn(chosen.name, words)? != LearnExit::PlayFirstGame {
        return Ok(());
    }
    let rules = load_rules(chosen.ruleset, &[])?;
    let bot: BotSpec = GENTLE_BOT.parse().map_err(|e| anyhow!("{e}"))?;
    let seats = (0..rules.seats())
        .map(|s| {
            if s == 0 {
                SeatSpec::Human
            } else {
                SeatSpec::Bot(bot.clone())
            }
        })
        .collect();
    play_game(Game {
        ruleset: chosen.ruleset,
        overrides: &[],
        rules,
        seats,
        seed: args.seed,
        save: args.save.clone(),
        pace: args.pace,
        hint_bot: "expectimax".parse().map_err(|e| anyhow!("{e}"))?,
        tips: true,
        words,
        screen_reader: false,
        announce: pachisi_tui::Announce::All,
    })
}
