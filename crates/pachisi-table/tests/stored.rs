//! Seeded table games keep their throws across versions: a game is stored as its record and its
//! seed, and restoring it draws every throw again from the seed (`Table::restore`). The records in
//! `tests/data/before-*.record` were written before the simulation moved to a faster generator
//! (docs/simulation.md, "Seeds"), when simulations and tables drew their throws alike; the table
//! still draws exactly those throws, so each restores to its recorded final position, and the
//! next throws go on from the same stream.

use pachisi_core::{builtin_rules, GameRecord, Phase};
use pachisi_table::{SeatSpec, Table, TableThrows};
use std::path::Path;
use std::sync::Arc;

fn record(name: &str) -> GameRecord {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/before-{name}.record"));
    let text = std::fs::read_to_string(&path).expect("test data");
    GameRecord::parse(&text).expect("a record")
}

#[test]
fn games_stored_before_the_simulations_generator_changed_still_restore() {
    for name in ["ludo", "pachisi", "parcheesi-sr"] {
        let record = record(name);
        let rules = Arc::new(builtin_rules(name, &[]).expect("built-in"));
        let seed: u64 = record.tag("Seed").expect("seed").parse().expect("a number");
        let seats = vec![SeatSpec::Human; usize::from(rules.seats())];
        let table = Table::restore(rules.clone(), &seats, seed, &record)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(table.position().phase(), Phase::Over, "{name}");
        assert_eq!(
            Some(table.position().to_notation(&rules).as_str()),
            record.tag("Final"),
            "{name}"
        );
    }
}

#[test]
fn a_record_with_another_seeds_throws_does_not_restore() {
    let record = record("ludo");
    let rules = Arc::new(builtin_rules("ludo", &[]).expect("built-in"));
    let seats = vec![SeatSpec::Human; 4];
    let e = Table::restore(rules, &seats, 2, &record)
        .err()
        .expect("refused");
    assert!(e.contains("seed 2"), "{e}");
}

#[test]
fn table_throws_follow_only_from_the_seed() {
    let rules = builtin_rules("pachisi", &[]).expect("built-in");
    let draw = |seed| {
        let mut t = TableThrows::new(seed);
        (0..50).map(|_| t.next_throw(&rules)).collect::<Vec<_>>()
    };
    assert_eq!(draw(4), draw(4));
    assert_ne!(draw(4), draw(5));
}
