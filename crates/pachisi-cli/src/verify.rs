//! `pachisi verify`: a finished game's fair throws checked, in plain words; and `pachisi record
//! random --fair`, which plays a game with fair throws to try it on. The scheme itself lives in
//! `pachisi-fair` (docs/fair-throws.md).

use crate::record_io::{record_header, rules_of_record, write_record};
use crate::RulesArgs;
use anyhow::{bail, Context, Result};
use clap::Args;
use pachisi_core::{Action, GameRecord, Phase};
use pachisi_fair::{
    reveal, write_commitment, FairDice, FairTags, PlayerSeeds, ServerSeed, TagError,
};
use pachisi_sim::{Policy, RandomPolicy, MAX_THROWS_PER_GAME};
use std::path::{Path, PathBuf};

/// The long help of `pachisi verify`.
pub(crate) const HELP: &str = "\
Check that a finished game's throws were fair: recompute every throw from the server's revealed \
seed and the players' seeds, and check that seed against the commitment published before the \
game.

A game with fair throws carries three header tags. ServerSeedCommitment is the SHA-256 of the \
server's secret seed, published before the first throw. PlayerSeeds holds the seeds the players \
added, by seat letter (Y:lucky 7,G:gopal). ServerSeed is the seed itself, revealed once the game \
is over. Every throw is derived with HMAC-SHA-256 from the server's seed, the players' seeds and \
the throw's number: the server could not pick its seed after seeing the players' (it had \
committed to it), and no player could foresee a throw without the server's seed. \
docs/fair-throws.md explains the scheme, with test vectors.

Throws are numbered from 0 in the order they fell, the throw-off's first, as the derivation \
numbers them; turns are counted from 1. The exit status is 0 when the seed matches its \
commitment, every throw matches and the record replays to its end; 1 otherwise, each throw that \
differs named with its turn, seat and record line.

Example: pachisi record random --fair --player-seed 'Y:lucky 7' --out game.record && pachisi \
verify game.record

Example: pachisi verify game.record --server-seed \
000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";

/// Differing throws listed one by one; past this many, only counted.
const LISTED: usize = 20;

/// The settings of `pachisi verify`.
#[derive(Args, Debug)]
pub(crate) struct VerifyArgs {
    /// The record of a finished game with fair throws (its ServerSeedCommitment, PlayerSeeds
    /// and ServerSeed tags).
    #[arg(value_name = "RECORD")]
    file: PathBuf,
    /// The server's revealed seed, 64 hex digits, for a record that does not carry it in a
    /// ServerSeed tag.
    #[arg(long, value_name = "HEX")]
    server_seed: Option<String>,
}

/// The fair-throw options of `pachisi record random`.
#[derive(Args, Debug)]
pub(crate) struct FairArgs {
    /// Draw the throws as fair throws (docs/fair-throws.md) instead of from --seed, which then
    /// only seeds the random players' choices. The record carries the commitment, the players'
    /// seeds and the revealed server seed, for `pachisi verify`.
    #[arg(long)]
    pub(crate) fair: bool,
    /// A player's seed: the seat's letter, a colon and 1 to 64 printable characters, e.g.
    /// `Y:lucky 7` (repeatable, one per seat; with --fair).
    #[arg(long = "player-seed", value_name = "LETTER:TEXT", requires = "fair")]
    player_seeds: Vec<String>,
    /// The server's seed, 64 hex digits (with --fair; by default drawn from the operating
    /// system). For trying the scheme: a real server draws its seed and keeps it secret until
    /// the game is over.
    #[arg(long, value_name = "HEX", requires = "fair")]
    server_seed: Option<String>,
}

/// `pachisi verify RECORD`.
pub(crate) fn verify(args: &VerifyArgs) -> Result<()> {
    let file = &args.file;
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let record = GameRecord::parse(&text).with_context(|| file.display().to_string())?;
    let (rules, _) = rules_of_record(&record, &[])?;
    let tags = FairTags::read(&rules, &record).with_context(|| file.display().to_string())?;
    let given = args
        .server_seed
        .as_deref()
        .map(ServerSeed::from_hex)
        .transpose()
        .context("--server-seed")?;
    let server = match (given, tags.server) {
        (Some(given), Some(kept)) if given != kept => bail!(
            "--server-seed differs from the seed the record reveals ({}); leave it out to use the record's",
            kept.to_hex()
        ),
        (Some(seed), _) | (None, Some(seed)) => seed,
        (None, None) => bail!(
            "{}: {} (or give it with --server-seed HEX)",
            file.display(),
            TagError::NotRevealed
        ),
    };
    let report = pachisi_fair::verify(&rules, &record, &server, &tags.commitment, &tags.players)?;
    let mut failures = Vec::new();
    if report.seed_matches_commitment {
        outln!("the server seed matches its commitment {}", tags.commitment);
    } else {
        outln!(
            "the server seed does not match its commitment: its SHA-256 is {}, the commitment {}",
            server.commitment(),
            tags.commitment
        );
        failures.push("the server seed does not match its commitment".to_string());
    }
    for mismatch in report.mismatches.iter().take(LISTED) {
        outln!("{}", mismatch.describe(&rules));
    }
    if report.mismatches.len() > LISTED {
        outln!(
            "... and {} more throws that differ",
            report.mismatches.len() - LISTED
        );
    }
    if report.mismatches.is_empty() {
        outln!("all {} throws match", report.throws);
    } else {
        failures.push(format!(
            "{} of {} throws do not match",
            report.mismatches.len(),
            report.throws
        ));
    }
    if let Some(e) = &report.replay_error {
        // Line 0: a header tag that does not fit the game, not an action.
        if e.line == 0 {
            outln!("the record does not replay: {}", e.message);
            failures.push("the record does not replay".to_string());
        } else {
            outln!(
                "the record stops replaying at line {}, column {}: {}; the throws after it were not checked",
                e.line,
                e.column,
                e.message
            );
            failures.push(format!("the record stops replaying at line {}", e.line));
        }
    }
    if !failures.is_empty() {
        bail!("{}: {}", file.display(), failures.join("; "));
    }
    Ok(())
}

/// `pachisi record random --fair`: a game between random players, its throws fair throws.
pub(crate) fn record_random_fair(
    args: &RulesArgs,
    seed: u64,
    out: Option<&Path>,
    fair: &FairArgs,
) -> Result<()> {
    let rules = args.load()?;
    let server = match &fair.server_seed {
        Some(hex) => ServerSeed::from_hex(hex).context("--server-seed")?,
        None => ServerSeed::generate()?,
    };
    let mut players = PlayerSeeds::new();
    for entry in &fair.player_seeds {
        players
            .insert_entry(&rules, entry)
            .context("--player-seed")?;
    }
    let mut record = record_header(&args.name, &args.set, seed)?;
    write_commitment(&rules, &mut record, &server.commitment(), &players);
    let mut dice = FairDice::new(&rules, &server, &players)?;
    let mut pos = dice.begin(&rules, &mut record);
    let mut policy = RandomPolicy::for_game(seed);
    let mut legal = Vec::new();
    while pos.phase() != Phase::Over && dice.count() < MAX_THROWS_PER_GAME {
        if pos.phase() == Phase::Throw {
            let throw = dice.next_throw();
            record.push(Action::Throw(rules.outcome(throw).name));
            pos.apply_throw(&rules, throw)?;
        } else {
            pos.legal_moves_into(&rules, &mut legal);
            let mv = policy.choose(&rules, &pos, &legal);
            record.push(Action::Move(mv));
            pos.play(&rules, mv)?;
        }
    }
    // The game is over: the seed can be revealed.
    reveal(&mut record, &server);
    record.set_tag("Final", pos.to_notation(&rules));
    write_record(&rules, &record, out)
}
