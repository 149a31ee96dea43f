//! Loading a long game at the table: restored from its whole record (`Table::restore`), or
//! resumed from a snapshot taken at its end (`Table::resume`), the snapshot given as a value or
//! read from its JSON first; and the cost of taking and writing the snapshot. A person's moves
//! are kept for undo, and each is a position that resuming reads: a game of bots has none.
//!
//! Times are the time the thread ran on a processor ([`ThreadTime`]), not the time on the clock,
//! which on a machine shared with other work counts the waits for a processor too. The kernel
//! brings that count up to date at its ticks, so the samples are long: ten over ten seconds.
//!
//! Run with `cargo bench -p pachisi-table --bench snapshot`; docs/performance.md ("Restoring a
//! table from a snapshot") records the figures.

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{black_box, criterion_main, BenchmarkId, Criterion, Throughput};
use pachisi_core::{builtin_rules, Phase, Rules};
use pachisi_table::{record_header, throw_off_into, SeatSpec, Table, TableSnapshot};
use std::sync::Arc;
use std::time::Duration;

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

fn loading(c: &mut Criterion<ThreadTime>) {
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

/// The time the benchmark's thread has run on a processor, in nanoseconds, as Linux counts it
/// (the first field of `/proc/thread-self/schedstat`).
struct ThreadTime;

fn thread_time() -> u64 {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat")
        .expect("Linux's /proc/thread-self/schedstat");
    stat.split_whitespace()
        .next()
        .and_then(|ns| ns.parse().ok())
        .expect("a time in nanoseconds")
}

impl Measurement for ThreadTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_time()
    }

    fn end(&self, start: u64) -> u64 {
        thread_time().saturating_sub(start)
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, ns: &u64) -> f64 {
        *ns as f64
    }

    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

/// Shows nanoseconds as criterion shows durations.
struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match typical {
            t if t < 1e3 => (1.0, "ns"),
            t if t < 1e6 => (1e-3, "µs"),
            t if t < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        values.iter_mut().for_each(|v| *v *= factor);
        unit
    }

    fn scale_throughputs(
        &self,
        _: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Elements(n) => n,
        };
        values.iter_mut().for_each(|v| *v = per as f64 * 1e9 / *v);
        "/s"
    }

    fn scale_for_machines(&self, _: &mut [f64]) -> &'static str {
        "ns"
    }
}

/// Ten samples over ten seconds, the shortest of about a fifth of a second.
fn config() -> Criterion<ThreadTime> {
    Criterion::default()
        .with_measurement(ThreadTime)
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(10))
}

// The macros generate undocumented functions.
#[allow(missing_docs)]
mod harness {
    use super::{config, loading};
    criterion::criterion_group! {
        name = benches;
        config = config();
        targets = loading
    }
}

criterion_main!(harness::benches);
