//! Golden game records: one seeded random game per built-in ruleset, in `tests/golden/NAME.record`.
//!
//! Each file is the text form of a `GameRecord` (`GameRecord::to_text`) with `[Ruleset]`,
//! `[Seed]` and `[Final]` tags, exactly what `pachisi record random --rules NAME --seed SEED`
//! prints. The tests check that every file replays to its `Final` position, and that playing the
//! game again from its seed (`play_random_game`) writes the same text, byte for byte. A change to
//! the rules, the move generator, the notation or the random player shows up here as a diff.
//!
//! When such a change is intended, regenerate the files (keeping each file's seed) with
//!
//! ```text
//! PACHISI_BLESS=1 cargo test -p pachisi-sim --test golden
//! ```
//!
//! which rewrites them instead of comparing, and creates the file of a new built-in ruleset. Review
//! the diff before committing it.

use pachisi_core::{builtin_rules, GameRecord, Phase, Position, Rules, BUILTIN_RULESETS};
use pachisi_sim::play_random_game;
use std::path::{Path, PathBuf};

/// The seed a new golden game is played with.
const DEFAULT_SEED: u64 = 1;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn golden_file(name: &str) -> PathBuf {
    golden_dir().join(format!("{name}.record"))
}

fn bless() -> bool {
    std::env::var("PACHISI_BLESS").is_ok_and(|v| v == "1")
}

/// The record text of the seeded random game, as `pachisi record random` writes it.
fn record_text(name: &str, rules: &Rules, seed: u64) -> String {
    let mut record = GameRecord::new(name);
    record.set_tag("Seed", seed.to_string());
    let result = play_random_game(rules, Position::new(rules), seed, Some(&mut record));
    assert_eq!(
        result.position.phase(),
        Phase::Over,
        "{name}, seed {seed}: the game did not finish"
    );
    record.set_tag("Final", result.position.to_notation(rules));
    record
        .to_text(rules)
        .unwrap_or_else(|e| panic!("{name}, seed {seed}: {e}"))
}

fn read_record(path: &Path) -> Option<GameRecord> {
    let text = std::fs::read_to_string(path).ok()?;
    Some(GameRecord::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
}

fn seed_of(record: &GameRecord, path: &Path) -> u64 {
    record
        .tag("Seed")
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{}: no numeric [Seed] tag", path.display()))
}

#[test]
fn every_golden_record_replays_to_its_final_position() {
    if bless() {
        return;
    }
    for (name, _) in BUILTIN_RULESETS {
        let path = golden_file(name);
        let record = read_record(&path).unwrap_or_else(|| {
            panic!(
                "{} is missing: run PACHISI_BLESS=1 cargo test -p pachisi-sim --test golden",
                path.display()
            )
        });
        assert_eq!(record.tag("Ruleset"), Some(*name), "{}", path.display());
        let rules = builtin_rules(name, &[]).expect("a valid built-in ruleset");
        let final_tag = record
            .tag("Final")
            .unwrap_or_else(|| panic!("{}: no [Final] tag", path.display()));
        let end = record
            .replay(&rules)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(end.to_notation(&rules), final_tag, "{}", path.display());
        assert_eq!(end.phase(), Phase::Over, "{}", path.display());
    }
}

#[test]
fn every_golden_record_is_regenerated_byte_for_byte_from_its_seed() {
    for (name, _) in BUILTIN_RULESETS {
        let path = golden_file(name);
        let rules = builtin_rules(name, &[]).expect("a valid built-in ruleset");
        let existing = read_record(&path);
        let seed = existing
            .as_ref()
            .map_or(DEFAULT_SEED, |r| seed_of(r, &path));
        let text = record_text(name, &rules, seed);
        if bless() {
            std::fs::create_dir_all(golden_dir()).expect("a writable tests/golden");
            std::fs::write(&path, &text).expect("a writable golden file");
            continue;
        }
        let stored = std::fs::read_to_string(&path).unwrap_or_else(|_| {
            panic!(
                "{} is missing: run PACHISI_BLESS=1 cargo test -p pachisi-sim --test golden",
                path.display()
            )
        });
        if stored != text {
            let line = stored
                .lines()
                .zip(text.lines())
                .position(|(a, b)| a != b)
                .map_or_else(
                    || stored.lines().count().min(text.lines().count()) + 1,
                    |i| i + 1,
                );
            panic!(
                "{}: the game regenerated from seed {seed} differs from line {line} on \
                 (stored: {:?}, now: {:?}); if the change is intended, rerun with PACHISI_BLESS=1",
                path.display(),
                stored.lines().nth(line - 1).unwrap_or(""),
                text.lines().nth(line - 1).unwrap_or("")
            );
        }
    }
}

#[test]
fn every_golden_file_belongs_to_a_builtin_ruleset() {
    let Ok(entries) = std::fs::read_dir(golden_dir()) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("a file name");
        assert!(
            path.extension().is_some_and(|e| e == "record")
                && BUILTIN_RULESETS.iter().any(|(n, _)| *n == name),
            "{} is not the golden record of a built-in ruleset",
            path.display()
        );
    }
}
