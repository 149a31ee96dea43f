//! Loading a long game at the table: restored from its whole record (`Table::restore`), or
//! resumed from a snapshot taken at its end (`Table::resume`), the snapshot given as a value or
//! read from its JSON first; and the cost of taking and writing the snapshot. A person's moves
//! are kept for undo, and each is a position that resuming reads: a game of bots has none.
//!
//! Run with `cargo bench -p pachisi-table --bench snapshot`; docs/performance.md ("Restoring a
//! table from a snapshot") records the figures.

use criterion::{black_box, criterion_main, BenchmarkId, Criterion};
use pachisi_core::{builtin_rules, Phase, Rules};
use pachisi_table::{record_header, throw_off_into, SeatSpec, Table, TableSnapshot};
use std::sync::Arc;

const SEED: u64 = 2024;

/// A game played to the end by `who`: people (choosing the first legal move) and heuristic
/// bots.
fn long_game(name: &str, who: [&str; 4]) -> (Arc<Rules>, Vec<SeatSpec>, Table) {
    let rules = Arc::new(builtin_rules(name, &[]).expect("a built-in ruleset"));
    let seats: Vec<SeatSpec> = who
        .iter()
        .take(usize::from(rules.seats()))
        .map(|s| s.parse().expect("a seat"))
        .collect();
    let mut record = record_header(name, &[], SEED, Some(&seats)).expect("a header");
    throw_off_into(&rules, SEED, &mut record);
    let mut t = Table::new(rules.clone(), &seats, SEED, record).expect("a table");
    while t.position().phase() != Phase::Over {
        if t.step_automatic().is_none() && t.human_throw().is_none() {
            let mv = t.legal_moves()[0];
            t.human_move(mv).expect("a legal move");
        }
    }
    (rules, seats, t)
}

fn loading(c: &mut Criterion) {
    let mut group = c.benchmark_group("load");
    let person = ["human", "bot:heuristic", "bot:heuristic", "bot:heuristic"];
    let bots = ["bot:heuristic"; 4];
    for (name, who, lineup) in [
        ("pachisi", person, "a person and bots"),
        ("pachisi", bots, "bots"),
        ("parcheesi-sr", person, "a person and bots"),
    ] {
        let (rules, seats, t) = long_game(name, who);
        let record = t.record().clone();
        let snapshot = t.snapshot();
        let json = snapshot.to_json();
        let label = format!("{name}, {lineup}, {} actions", record.actions.len());
        let header = {
            let mut header = record.clone();
            header.actions.clear();
            header
        };
        group.bench_function(BenchmarkId::new("new", &label), |b| {
            b.iter(|| Table::new(rules.clone(), &seats, SEED, black_box(header.clone())))
        });
        group.bench_function(BenchmarkId::new("restore", &label), |b| {
            b.iter(|| Table::restore(rules.clone(), &seats, SEED, black_box(&record)))
        });
        group.bench_function(BenchmarkId::new("resume", &label), |b| {
            b.iter(|| Table::resume(rules.clone(), &seats, SEED, black_box(&record), &snapshot))
        });
        group.bench_function(BenchmarkId::new("resume_from_json", &label), |b| {
            b.iter(|| {
                let snapshot = TableSnapshot::from_json(black_box(&json)).expect("reads");
                Table::resume(rules.clone(), &seats, SEED, &record, &snapshot)
            })
        });
        group.bench_function(BenchmarkId::new("snapshot_to_json", &label), |b| {
            b.iter(|| black_box(&t).snapshot().to_json())
        });
        let value: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let undo_points = value["undo"].as_array().map_or(0, Vec::len);
        let text = record.to_text(&rules).expect("the record replays");
        println!(
            "{label}: snapshot {} bytes of JSON with {undo_points} undo points; record {} bytes",
            json.len(),
            text.len()
        );
    }
    group.finish();
}

// The macros generate undocumented functions.
#[allow(missing_docs)]
mod harness {
    use super::loading;
    criterion::criterion_group!(benches, loading);
}

criterion_main!(harness::benches);
