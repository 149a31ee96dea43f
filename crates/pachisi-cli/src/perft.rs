//! `pachisi perft`: the move sequences over a number of throws counted, after an estimate that
//! refuses counts too large to wait for, with a progress bar over the subtrees.

use crate::position::parse_position;
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use pachisi_core::{Phase, Position, Rules};
use std::io::IsTerminal;
use std::time::Instant;

/// Deeper counts take far longer than anyone waits, and the recursion grows with the depth.
const MAX_PERFT_DEPTH: u32 = 12;

/// Counts estimated above this many sequences are refused without `--force`: some minutes at the
/// 10 to 25 million sequences a second one core counts (docs/performance.md).
const PERFT_BOUND: u64 = 10_000_000_000;

/// The estimate counts depths 1, 2, ... until one reaches this many sequences (or the depth
/// asked), and extrapolates from the last two.
const PERFT_SAMPLE: u64 = 100_000;

/// The count is cut into about this many subtrees, to show progress as they are done.
const PERFT_PIECES: usize = 256;

/// `pachisi perft`.
pub(crate) fn perft(
    rules: &Rules,
    position: &str,
    depth: u32,
    divide: bool,
    force: bool,
) -> Result<()> {
    if !(1..=MAX_PERFT_DEPTH).contains(&depth) {
        bail!("--depth must be from 1 to {MAX_PERFT_DEPTH} throws (counts grow about tenfold per throw)");
    }
    let pos = parse_position(rules, position)?;
    let started = Instant::now();
    let estimate = PerftEstimate::new(rules, &pos, depth);
    if estimate.sequences > PERFT_BOUND as f64 {
        let what = format!(
            "perft {depth} would count about {} sequences ({}, at the {} a second measured here)",
            about(estimate.sequences),
            estimate.basis(),
            about(estimate.rate),
        );
        let time = duration(estimate.sequences / estimate.rate);
        if !force {
            bail!(
                "{what}, taking about {time}; the bound is {} sequences: lower --depth, or add \
                 --force to count anyway",
                about(PERFT_BOUND as f64)
            );
        }
        eprintln!("{what}: counting as --force asks, for about {time}");
    }
    // The estimate may have counted this very depth already.
    let exact = estimate.depth == depth;
    let mut total = 0;
    // Every group is one line of --divide (or the whole count), cut into subtrees.
    let mut groups: Vec<(Option<String>, Vec<Subtree>)> = Vec::new();
    if divide {
        let children = perft_children(rules, &pos, depth);
        let share = (PERFT_PIECES / children.len().max(1)).max(1);
        for (label, child, d) in children {
            groups.push((Some(label), perft_split(rules, child, d, share)));
        }
    }
    if groups.is_empty() {
        if exact {
            total = estimate.count;
        } else {
            groups.push((None, perft_split(rules, pos, depth, PERFT_PIECES)));
        }
    }
    let pieces: usize = groups.iter().map(|g| g.1.len()).sum();
    // The progress bar, on a terminal only: subtrees done, and sequences counted of the estimate.
    let bar = if !exact && std::io::stderr().is_terminal() {
        let bar = ProgressBar::new(pieces as u64);
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} subtrees, {msg}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    for (label, subtrees) in groups {
        let mut n = 0;
        for (child, d) in subtrees {
            n += pachisi_core::perft(rules, &child, d);
            bar.set_message(format!(
                "{} of about {} sequences",
                about((total + n) as f64),
                about(estimate.sequences)
            ));
            bar.inc(1);
        }
        if let Some(label) = label {
            bar.suspend(|| -> Result<()> {
                outln!("{label:<12} {n}");
                Ok(())
            })?;
        }
        total += n;
    }
    bar.finish_and_clear();
    let secs = started.elapsed().as_secs_f64();
    outln!("perft {depth}: {total}");
    eprintln!(
        "({secs:.3} s, {:.0} sequences/s)",
        total as f64 / secs.max(1e-9)
    );
    Ok(())
}

/// The first step below `pos` as --divide prints it: each throw outcome, or each legal move, with
/// its label and the throws left below it.
fn perft_children(rules: &Rules, pos: &Position, depth: u32) -> Vec<(String, Position, u32)> {
    match pos.phase() {
        Phase::Throw => (0..rules.outcomes().len())
            .map(|i| {
                let mut next = *pos;
                let t = pachisi_core::Throw(i as u8);
                let _ = next.apply_throw(rules, t);
                (format!("({})", rules.outcome(t).name), next, depth - 1)
            })
            .collect(),
        Phase::Move => pos
            .legal_moves(rules)
            .into_iter()
            .map(|mv| {
                let mut next = *pos;
                next.play_unchecked(rules, mv);
                (mv.to_string(), next, depth)
            })
            .collect(),
        Phase::Over => Vec::new(),
    }
}

/// A position to count from, with the throws left.
type Subtree = (Position, u32);

/// Subtrees of `pos` whose counts add up to its count over `depth` throws: the tree opened one
/// step at a time until there are at least `want` of them or none opens further.
fn perft_split(rules: &Rules, pos: Position, depth: u32, want: usize) -> Vec<Subtree> {
    let mut subtrees = vec![(pos, depth)];
    while subtrees.len() < want {
        let mut opened = false;
        let mut next = Vec::new();
        for (p, d) in subtrees {
            if p.phase() == Phase::Over || (p.phase() == Phase::Throw && d == 0) {
                next.push((p, d));
            } else {
                opened = true;
                next.extend(
                    perft_children(rules, &p, d)
                        .into_iter()
                        .map(|(_, child, d)| (child, d)),
                );
            }
        }
        subtrees = next;
        if !opened {
            break;
        }
    }
    subtrees
}

/// How many sequences a perft will count, from the counts of smaller depths.
struct PerftEstimate {
    /// The deepest count made.
    depth: u32,
    /// Its sequences.
    count: u64,
    /// Sequences per throw from there on: the last count over the one before.
    branching: f64,
    /// Sequences expected at the depth asked.
    sequences: f64,
    /// Sequences a second, as the deepest count went.
    rate: f64,
}

impl PerftEstimate {
    fn new(rules: &Rules, pos: &Position, depth: u32) -> PerftEstimate {
        let (mut count, mut before, mut rate) = (1, 1, 0.0);
        let mut d = 0;
        while d < depth && count < PERFT_SAMPLE {
            d += 1;
            before = count;
            let started = Instant::now();
            count = pachisi_core::perft(rules, pos, d);
            rate = count as f64 / started.elapsed().as_secs_f64().max(1e-6);
        }
        let branching = count as f64 / before.max(1) as f64;
        PerftEstimate {
            depth: d,
            count,
            branching,
            sequences: count as f64 * branching.powi((depth - d) as i32),
            rate,
        }
    }

    /// Where the estimate comes from, in words.
    fn basis(&self) -> String {
        format!(
            "{} at depth {}, times {:.1} for each further throw",
            about(self.count as f64),
            self.depth,
            self.branching
        )
    }
}

/// A large number in words: `274,855`, `3.6 million`, `42.0 trillion`.
fn about(n: f64) -> String {
    let units = [
        (1e18, "quintillion"),
        (1e15, "quadrillion"),
        (1e12, "trillion"),
        (1e9, "billion"),
        (1e6, "million"),
    ];
    if let Some((size, word)) = units.iter().find(|(size, _)| n >= *size) {
        let short = format!("{:.1}", n / size);
        return format!("{} {word}", short.trim_end_matches(".0"));
    }
    // Below a million: a whole number, which a u64 holds exactly.
    pachisi_report::page::count(n.max(0.0).round() as u64)
}

/// A time in seconds in words: `40 s`, `12 minutes`, `5.2 hours`, `17 days`, `3.1 years`.
fn duration(secs: f64) -> String {
    if secs < 120.0 {
        format!("{secs:.0} s")
    } else if secs < 7200.0 {
        format!("{:.0} minutes", secs / 60.0)
    } else if secs < 2.0 * 86400.0 {
        format!("{:.1} hours", secs / 3600.0)
    } else if secs < 365.0 * 86400.0 {
        format!("{:.0} days", secs / 86400.0)
    } else {
        format!("{:.1} years", secs / (365.25 * 86400.0))
    }
}
