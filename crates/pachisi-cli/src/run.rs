//! What each command does.

use crate::{Cli, Command, RecordCommand, RulesArgs, RulesCommand};
use anyhow::{anyhow, bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use pachisi_core::describe::{describe_move, route};
use pachisi_core::{builtin_text, GameRecord, Phase, Position, Rules, ThrowName, BUILTIN_RULESETS};
use serde_json::json;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

pub fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Rules(RulesCommand::List { json }) => rules_list(json),
        Command::Rules(RulesCommand::Show {
            name,
            rules,
            set,
            json,
        }) => {
            let name = ruleset_name("show", name, rules)?;
            rules_show(&load_rules(&name, &set)?, json)
        }
        Command::Rules(RulesCommand::Route {
            name,
            rules,
            seat,
            set,
            json,
        }) => {
            let name = ruleset_name("route", name, rules)?;
            let rules = load_rules(&name, &set)?;
            rules_route(&rules, parse_seat(&rules, &seat)?, json)
        }
        Command::Moves { rules, at, json } => moves(&rules.load()?, &at.position, at.throw, json),
        Command::Perft {
            rules,
            position,
            depth,
            divide,
            force,
        } => perft(&rules.load()?, &position, depth, divide, force),
        Command::Simulate(args) => crate::simulate::simulate_command(&args),
        Command::Bench(args) => crate::bench::bench_command(&args),
        Command::Record(RecordCommand::Random {
            rules,
            seed,
            out,
            fair,
        }) if fair.fair => crate::verify::record_random_fair(&rules, seed, out.as_deref(), &fair),
        Command::Record(RecordCommand::Random {
            rules, seed, out, ..
        }) => record_random(&rules, seed, out.as_deref()),
        Command::Verify(args) => crate::verify::verify(&args),
        Command::Record(RecordCommand::Check { file, set }) => record_check(&file, &set),
        Command::Tournament(args) => crate::tournament::tournament(&args),
        Command::Report(args) => crate::report::report(&args),
        Command::Play(args) => crate::play::play(&args),
        Command::Replay(args) => crate::replay::replay(&args),
        Command::Serve(args) => crate::serve::serve_command(&args),
        Command::Hint(args) => crate::hint::hint(&args),
        Command::Analyze(args) => crate::analyze::analyze(&args),
        Command::Endgame(command) => crate::endgame::endgame(&command),
        Command::Train(args) => crate::train::train(&args),
        Command::Calibrate(args) => crate::calibrate::calibrate_command(&args),
    }
}

/// The ruleset of `pachisi rules show` or `route`: given by name (`rules show ludo`) or with
/// `--rules` (`rules show --rules ludo`), once.
fn ruleset_name(command: &str, name: Option<String>, rules: Option<String>) -> Result<String> {
    match (name, rules) {
        (Some(name), None) | (None, Some(name)) => Ok(name),
        (Some(name), Some(rules)) => bail!(
            "`pachisi rules {command}` was given two rulesets, `{name}` and --rules {rules}: give \
             one, e.g. `pachisi rules {command} {rules}` or `pachisi rules {command} --rules \
             {rules}`"
        ),
        (None, None) => bail!(
            "`pachisi rules {command}` needs a ruleset: a built-in name (`pachisi rules list`) or \
             a ruleset file, e.g. `pachisi rules {command} pachisi` or `pachisi rules {command} \
             --rules pachisi`"
        ),
    }
}

impl RulesArgs {
    pub(crate) fn load(&self) -> Result<Rules> {
        load_rules(&self.name, &self.set)
    }
}

/// A built-in ruleset by name, or a ruleset file by path.
pub(crate) fn load_rules(name: &str, overrides: &[String]) -> Result<Rules> {
    if let Some(text) = builtin_text(name) {
        let origin = format!("{name}.toml");
        return Rules::from_toml(text, &origin, overrides)
            .map_err(|e| override_error(text, &origin, overrides, e));
    }
    let path = Path::new(name);
    if !path.exists() {
        let names: Vec<&str> = BUILTIN_RULESETS.iter().map(|(n, _)| *n).collect();
        bail!(
            "no built-in ruleset or file is called `{name}`; the built-in rulesets are: {}",
            names.join(", ")
        );
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the ruleset file {}", path.display()))?;
    let origin = path.display().to_string();
    Rules::from_toml(&text, &origin, overrides)
        .map_err(|e| override_error(&text, &origin, overrides, e))
}

/// A ruleset refused because of an override, said in the words the user typed: the `--set`
/// that failed, what its field takes (found by trying values) and an example (the ruleset's own
/// value). When the field refused is another one (`players.seats=[0,2]` leaves four colours),
/// the first override that makes the ruleset fail is named with that field's complaint.
fn override_error(
    text: &str,
    origin: &str,
    overrides: &[String],
    e: pachisi_core::RulesetError,
) -> anyhow::Error {
    use pachisi_core::RulesetError;
    let field_of = |o: &str| o.split_once('=').map_or(o, |(f, _)| f).trim().to_string();
    let (culprit, reason) = match &e {
        RulesetError::Override { assignment, reason } => {
            (overrides.iter().position(|o| o == assignment), reason)
        }
        RulesetError::Invalid { field, reason, .. } => (
            overrides.iter().rposition(|o| {
                let path = field_of(o);
                field == &path
                    || field.starts_with(&format!("{path}."))
                    || field.starts_with(&format!("{path}["))
            }),
            reason,
        ),
        _ => (None, &String::new()),
    };
    let Some(i) = culprit else {
        let failing = (0..overrides.len())
            .find_map(|i| Some(i).zip(Rules::from_toml(text, origin, &overrides[..=i]).err()));
        return match failing {
            Some((i, RulesetError::Invalid { field, reason, .. })) => {
                anyhow!("`--set {}`: field `{field}`: {reason}", overrides[i])
            }
            _ => e.into(),
        };
    };
    let (assignment, path) = (&overrides[i], field_of(&overrides[i]));
    let accepts = |value: &str| {
        let mut tried = overrides[..i].to_vec();
        tried.push(format!("{path}={value}"));
        Rules::from_toml(text, origin, &tried).is_ok()
    };
    let numbers: Vec<u32> = (0..=255).filter(|v| accepts(&v.to_string())).collect();
    let expected = match (numbers.first(), numbers.last()) {
        (Some(low), Some(high)) if numbers.len() as u32 == high - low + 1 => {
            Some(format!("a whole number from {low} to {high} is expected"))
        }
        (Some(_), Some(_)) if numbers.len() <= 8 => {
            let list: Vec<String> = numbers.iter().map(ToString::to_string).collect();
            Some(format!("one of {} is expected", list.join(", ")))
        }
        _ if numbers.is_empty() && accepts("true") && accepts("false") => {
            Some("true or false is expected".to_string())
        }
        _ => None,
    };
    let reason = expected.unwrap_or_else(|| {
        reason
            .replace("unknown variant", "unknown value")
            .replace("expected u8", "expected a whole number from 0 to 255")
            .replace("expected f64", "expected a number")
    });
    let own_value = Rules::from_toml(text, origin, &overrides[..i])
        .ok()
        .and_then(|base| serde_json::to_value(base.ruleset()).ok())
        .and_then(|v| v.pointer(&format!("/{}", path.replace('.', "/"))).cloned())
        .map(|v| match v {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        })
        .filter(|v| accepts(v));
    let example = own_value.or_else(|| numbers.first().map(ToString::to_string));
    match example {
        Some(value) => anyhow!(
            "`--set {assignment}`: {reason}, e.g. --set {}",
            crate::report::quote(&format!("{path}={value}"))
        ),
        None => anyhow!("`--set {assignment}`: {reason}"),
    }
}

fn parse_seat(rules: &Rules, text: &str) -> Result<u8> {
    let seat = match text.parse::<u8>() {
        Ok(n) => Some(n).filter(|&n| n < rules.seats()),
        Err(_) => text
            .chars()
            .next()
            .filter(|_| text.chars().count() == 1)
            .and_then(|c| rules.seat_by_letter(c)),
    };
    let letters: Vec<String> = (0..rules.seats())
        .map(|s| rules.seat_letter(s).to_string())
        .collect();
    seat.ok_or_else(|| {
        anyhow!(
            "--seat {text}: no seat is called that; the seats are the numbers 0 to {} (0 moves \
             first) or their letters {}, e.g. --seat 0 or --seat {}",
            rules.seats() - 1,
            letters.join(", "),
            letters.last().map_or("0", String::as_str)
        )
    })
}

fn parse_position(rules: &Rules, text: &str) -> Result<Position> {
    Position::from_notation(rules, text).map_err(|e| {
        let pointer = format!("{}^", " ".repeat(e.at.saturating_sub(1)));
        anyhow!("{e}\n  {text}\n  {pointer}")
    })
}

fn rules_list(json: bool) -> Result<()> {
    let mut rows = Vec::new();
    for (name, text) in BUILTIN_RULESETS {
        let rules = Rules::from_toml(text, name, &[])?;
        let r = rules.ruleset();
        rows.push((r.name.clone(), r.title.clone(), r.source.clone()));
    }
    if json {
        let list: Vec<_> = rows
            .iter()
            .map(|(n, t, s)| json!({"name": n, "title": t, "source": s}))
            .collect();
        outln!("{}", serde_json::to_string_pretty(&list)?);
        return Ok(());
    }
    let width = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
    for (name, title, source) in rows {
        outln!("{name:width$}  {title} [source {source}]");
    }
    Ok(())
}

fn rules_show(rules: &Rules, json: bool) -> Result<()> {
    let r = rules.ruleset();
    let t = rules.topology();
    let castles: Vec<String> = (0..t.square_count() as u8)
        .map(pachisi_core::Square)
        .filter(|&s| t.is_castle(s))
        .map(|s| t.name(s).to_string())
        .collect();
    if json {
        let outcomes: Vec<_> = rules
            .outcomes()
            .iter()
            .map(|o| json!({"throw": o.name.to_string(), "result": o.result, "value": o.value, "doublet": o.doublet, "probability": o.probability, "grace": o.grace, "extra_throw": o.extra_throw}))
            .collect();
        let out = json!({
            "ruleset": r,
            "board": {"squares": t.square_count(), "track": t.track_len(), "route": rules.route_len(), "castles": castles},
            "outcomes": outcomes,
        });
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!("{} ({}), source document {}", r.title, r.name, r.source);
    if !r.description.is_empty() {
        outln!("\n{}", r.description.trim());
    }
    outln!(
        "\nBoard: {} arms of 3 x {} squares ({} squares), a {}-square track, routes of {} squares.",
        t.arms(),
        t.arm_length(),
        t.square_count(),
        t.track_len(),
        rules.route_len()
    );
    outln!("Castles: {}", castles.join(" "));
    let seats: Vec<String> = (0..rules.seats())
        .map(|s| {
            format!(
                "{} {} (arm {}, team {})",
                s,
                rules.seat_colour(s),
                r.players.seats[usize::from(s)],
                rules.team_of(s)
            )
        })
        .collect();
    outln!(
        "Seats: {}; {} pieces each.",
        seats.join(", "),
        rules.pieces()
    );
    outln!(
        "\nThrow outcomes ({}):",
        match r.throw.device {
            pachisi_core::ruleset::Device::Cowries => "shells mouth up",
            _ if r.throw.separate_dice => "two dice, each an increment of its own",
            pachisi_core::ruleset::Device::Dice => "dice total",
        }
    );
    outln!("  throw  result  value  probability  grace  extra throw  doublet");
    for o in rules.outcomes() {
        outln!(
            "  {:>5}  {:>6}  {:>5}  {:>11.6}  {:>5}  {:>11}  {}",
            o.name.to_string(),
            o.result,
            o.value,
            o.probability,
            if o.grace { "yes" } else { "" },
            if o.extra_throw { "yes" } else { "" },
            if o.doublet { "yes" } else { "" }
        );
    }
    outln!("\nEvery field (change any with --set FIELD=VALUE):\n");
    out!("{}", r.to_toml());
    Ok(())
}

fn rules_route(rules: &Rules, seat: u8, json: bool) -> Result<()> {
    let steps = route(rules, seat);
    if json {
        outln!(
            "{}",
            serde_json::to_string_pretty(&json!({"seat": seat, "route": steps}))?
        );
        return Ok(());
    }
    let (start, end) = if rules.goal_in_lane() {
        ("its nest", "to the last square of its goal")
    } else if rules.starts_in_nest() {
        ("its nest", "to the finish")
    } else {
        ("the Charkoni", "back to it")
    };
    outln!(
        "Route of seat {seat} ({}), from {start} (progress 0) {end} (progress {}):",
        rules.seat_colour(seat),
        rules.last_progress()
    );
    for s in steps {
        let mark = if s.castle { "  castle" } else { "" };
        outln!("{:>4}  {}{mark}", s.progress, s.square);
    }
    Ok(())
}

/// The position `moves` and `hint` work on: `position`, after `throw` where it waits for one.
/// A throw given where a move is due, none given where a throw is, or a finished game is an
/// error.
pub(crate) fn position_after_throw(
    rules: &Rules,
    position: &str,
    throw: Option<ThrowName>,
) -> Result<Position> {
    let mut pos = parse_position(rules, position)?;
    match (pos.phase(), throw) {
        (Phase::Throw, Some(name)) => {
            let t = rules.throw_named(name)?;
            pos.apply_throw(rules, t)?;
        }
        (Phase::Throw, None) => {
            bail!("the position waits for a throw: give one with --throw VALUE")
        }
        (Phase::Move, Some(_)) => {
            bail!("the position waits for a move, not a throw: leave out --throw")
        }
        (Phase::Over, _) => bail!("the game is over in this position"),
        (Phase::Move, None) => {}
    }
    Ok(pos)
}

fn moves(rules: &Rules, position: &str, throw: Option<ThrowName>, json: bool) -> Result<()> {
    let pos = position_after_throw(rules, position, throw)?;
    let list = pos.legal_moves(rules);
    let reports: Vec<_> = list
        .iter()
        .map(|&mv| describe_move(rules, &pos, mv))
        .collect();
    let after_throw = pos.to_notation(rules);
    if json {
        let out =
            json!({"position": after_throw, "phase": phase_name(pos.phase()), "moves": reports});
        outln!("{}", serde_json::to_string_pretty(&out)?);
        return Ok(());
    }
    outln!("Position: {after_throw}");
    if pos.phase() != Phase::Move {
        outln!(
            "No move is due: {}.",
            match pos.phase() {
                Phase::Throw => "the same seat throws again (or the turn passed on)",
                _ => "the game is over",
            }
        );
        return Ok(());
    }
    outln!(
        "{} legal move{}:",
        reports.len(),
        if reports.len() == 1 { "" } else { "s" }
    );
    for r in reports {
        outln!(
            "  {:<10} {}\n  {:<10} -> {}",
            r.notation,
            r.description,
            "",
            r.position
        );
    }
    Ok(())
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Throw => "throw",
        Phase::Move => "move",
        Phase::Over => "over",
    }
}

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

fn perft(rules: &Rules, position: &str, depth: u32, divide: bool, force: bool) -> Result<()> {
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

/// A progress bar counting games on standard error (hidden when that is not a terminal). Games
/// finish on several threads, each reporting its own count: the bar never moves backwards.
pub(crate) struct GamesBar {
    bar: ProgressBar,
    shown: AtomicU64,
}

impl GamesBar {
    /// A bar for `total` games, labelled with `label` when it is not empty.
    pub(crate) fn new(total: u64, label: &str) -> GamesBar {
        let template = if label.is_empty() {
            "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}"
        } else {
            "{msg:34} {bar:32} {pos}/{len} games, {per_sec}, eta {eta}"
        };
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(label.to_string());
        GamesBar {
            bar,
            shown: AtomicU64::new(0),
        }
    }

    /// A bar that draws nothing.
    pub(crate) fn hidden() -> GamesBar {
        GamesBar {
            bar: ProgressBar::hidden(),
            shown: AtomicU64::new(0),
        }
    }

    /// `done` games are finished (as one thread counts them).
    pub(crate) fn update(&self, done: u64) {
        let at = self.shown.fetch_max(done, Ordering::Relaxed).max(done);
        self.bar.set_position(at);
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Refuses a game count of zero, the same way for every command that takes one.
pub(crate) fn check_games(games: u64) -> Result<()> {
    if games == 0 {
        bail!("--games must be at least 1");
    }
    Ok(())
}

/// Refuses a thread count of zero, the same way for every command that takes one.
pub(crate) fn check_threads(threads: Option<usize>) -> Result<()> {
    if threads == Some(0) {
        bail!("--threads must be at least 1 (leave it out for one thread per core)");
    }
    Ok(())
}

fn record_random(args: &RulesArgs, seed: u64, out: Option<&Path>) -> Result<()> {
    let rules = args.load()?;
    let mut record = record_header(&args.name, &args.set, seed)?;
    // The game begins with the winner of its throw-off, where the rules have one.
    let start = match pachisi_sim::throw_off(&rules, seed) {
        Some(off) => {
            record.set_tag("Opening", off.to_text(&rules));
            off.start(&rules)
        }
        None => Position::new(&rules),
    };
    let result = pachisi_sim::play_random_game(&rules, start, seed, Some(&mut record));
    record.set_tag("Final", result.position.to_notation(&rules));
    write_record(&rules, &record, out)
}

/// Writes a record to the file `out`, or to standard output without one.
pub(crate) fn write_record(rules: &Rules, record: &GameRecord, out: Option<&Path>) -> Result<()> {
    let text = record.to_text(rules)?;
    match out {
        Some(path) => std::fs::write(path, text)
            .with_context(|| format!("cannot write {}", path.display()))?,
        None => out!("{text}"),
    }
    Ok(())
}

/// A record's header: the ruleset, the overrides and the seed.
pub(crate) fn record_header(name: &str, overrides: &[String], seed: u64) -> Result<GameRecord> {
    pachisi_table::record_header(name, overrides, seed, None).map_err(anyhow::Error::msg)
}

/// The rules a record is played under: its Ruleset tag with the overrides of its Set tag, then
/// `extra`; and a name for them (`pachisi with moves.split=true`).
pub(crate) fn rules_of_record(record: &GameRecord, extra: &[String]) -> Result<(Rules, String)> {
    let name = record.tag("Ruleset").unwrap_or_default();
    let mut overrides = pachisi_table::record_overrides(record);
    overrides.extend(extra.iter().cloned());
    let rules = load_rules(name, &overrides)?;
    let name = if overrides.is_empty() {
        name.to_string()
    } else {
        format!("{name} with {}", overrides.join(", "))
    };
    Ok((rules, name))
}

fn record_check(file: &Path, set: &[String]) -> Result<()> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let record = GameRecord::parse(&text).with_context(|| file.display().to_string())?;
    let (rules, name) = rules_of_record(&record, set)?;
    let pos = record
        .replay(&rules)
        .with_context(|| file.display().to_string())?;
    // Throws and moves: the seat labels (`Y:`) only mark where a turn begins.
    let count = |throws_only: bool| {
        record
            .actions
            .iter()
            .filter(|a| match a.0 {
                pachisi_core::Action::Throw(_) => true,
                pachisi_core::Action::Move(_) => !throws_only,
                pachisi_core::Action::Seat(_) => false,
            })
            .count()
    };
    outln!(
        "{}: {} actions ({} throws) replay under {name}",
        file.display(),
        count(false),
        count(true)
    );
    outln!("final position: {}", pos.to_notation(&rules));
    if pos.phase() == Phase::Over {
        let places: Vec<String> = pos
            .placings()
            .iter()
            .enumerate()
            .map(|(i, &team)| {
                let colours: Vec<&str> = (0..rules.seats())
                    .filter(|&s| rules.team_of(s) == team)
                    .map(|s| rules.seat_colour(s))
                    .collect();
                format!("{} {}", ordinal(i + 1), colours.join(" and "))
            })
            .collect();
        outln!("finishing order: {}", places.join(", "));
    }
    Ok(())
}

/// `1st`, `2nd`, `3rd`, `4th`, ...
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
