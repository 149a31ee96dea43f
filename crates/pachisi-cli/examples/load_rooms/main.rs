//! A load benchmark of `pachisi serve`: many rooms at once, each a game of one person and bots,
//! every person a scripted client playing over the game's WebSocket, on loopback.
//!
//! It starts the release server binary (`target/release/pachisi serve`) on a free port of
//! 127.0.0.1 with a fresh SQLite database in a temporary directory, the bots' pace given by
//! `--pace` (0 by default: bots act at once) and the server's limits raised for one client
//! creating every room. Then it creates `--rooms` rooms (500 by default) of `--ruleset` with
//! `--seats` (by default Ludo, `me` and three random bots) and in each opens the person's
//! WebSocket and, unless `--no-watch`, a watcher's (from the room's watch link), both saying
//! hello from event 0. Once every room is set up, the measured run begins: each person acts as
//! soon as the latest state says it is their turn (after `--think` milliseconds), throwing or
//! playing a move chosen at random among those listed, sent as `{"action": ..., "actions": N}`
//! on the socket, one action at a time. (The first actions are spread over the first second,
//! or over `--think` if longer, so that the rooms do not all act at the same instant.) A game
//! that ends is deleted and a new room takes its place, so that the number of rooms stays the
//! same for the whole `--duration`. When the time is up the people stop acting; each room waits
//! until no bot is due to act and reads the number of the game's last event over HTTP, and
//! every socket must have received every event up to it.
//!
//! It reports:
//! - actions applied per second during the run (people's, bots' and forced passes), counted
//!   from the `play` events on the people's sockets, and events and messages received per
//!   second on all sockets;
//! - the latency from sending an action to receiving the event that tells of it, on the
//!   person's socket and on the watcher's (p50, p90, p99, max);
//! - events lost: on every connection the events must come numbered 1, 2, 3, ... from the
//!   welcome on, each once; a number skipped, received twice, or not received by the end
//!   counts;
//! - errors (refused actions, failed requests, closed sockets, rooms that stall);
//! - the server's peak resident memory (`VmHWM` of `/proc/PID/status`) and CPU time, and the
//!   client's.
//!
//! A progress line is printed every `--every` seconds. Ctrl-C ends the run early and reports;
//! a second Ctrl-C (or SIGTERM) stops the server and exits at once. The exit status is 0 when no
//! event was lost or duplicated and no error occurred, 1 otherwise (or when the run was ended
//! early), 2 when the run could not be set up, 130 when stopped at once.
//!
//! The latency is measured in this client, which shares the machine's cores with the server:
//! it includes the client's own wait for a core. The messages are read only as far as the
//! measure needs (`wire.rs`), so that the client costs a small part of what the server does.
//!
//! Each open WebSocket takes a file descriptor in this process and one in the server: the soft
//! limit of open files (`ulimit -n`) must exceed twice the number of rooms, plus a margin.
//! `scripts/load-rooms` builds the binaries, raises the limit and runs this program;
//! docs/performance.md records a run. `cargo test --release -p pachisi-cli --example load_rooms`
//! tests the counting of events.

mod room;
mod server;
mod tally;
mod wire;

use clap::Parser;
use room::{Phase, Shared};
use server::{Server, TempDir};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tally::{percentiles, thousands, Live, Tally};
use tokio::sync::{watch, Semaphore};

/// A load of rooms on `pachisi serve` over WebSocket: people scripted on their sockets against
/// bots, with latency from action to broadcast, events lost and the server's memory.
#[derive(Parser, Debug)]
#[command(name = "load_rooms")]
struct Config {
    /// Rooms playing at once.
    #[arg(long, default_value_t = 500)]
    rooms: u64,
    /// Seconds of the measured run.
    #[arg(long, default_value_t = 60)]
    duration: u64,
    /// The ruleset of every room.
    #[arg(long, default_value = "ludo")]
    ruleset: String,
    /// The seats, separated by commas: `me` for the scripted person, `bot:SPEC` for a bot.
    #[arg(long, default_value = "me,bot:random,bot:random,bot:random")]
    seats: String,
    /// The bots' pace: `pachisi serve --pace MS`.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    pace: u64,
    /// Milliseconds a person waits, once it is their turn, before acting.
    #[arg(long, default_value_t = 0, value_name = "MS")]
    think: u64,
    /// No watcher's socket in the rooms (only the person's).
    #[arg(long)]
    no_watch: bool,
    /// The pachisi binary (default: the workspace's target/release/pachisi).
    #[arg(long)]
    binary: Option<PathBuf>,
    /// Rooms set up at the same time at the start.
    #[arg(long, default_value_t = 16)]
    parallel: usize,
    /// Seconds a room may wait for a message before it counts as stalled.
    #[arg(long, default_value_t = 30)]
    stall: u64,
    /// Seconds the end of the run waits for every socket's last events.
    #[arg(long, default_value_t = 60)]
    settle: u64,
    /// Seconds between progress lines.
    #[arg(long, default_value_t = 5)]
    every: u64,
    /// Threads of this client (default: tokio's, one per core).
    #[arg(long)]
    client_threads: Option<usize>,
    /// More options of `pachisi serve` (repeatable, e.g. --server-option=--work-threads=1).
    #[arg(long = "server-option", allow_hyphen_values = true)]
    server_options: Vec<String>,
}

fn main() -> ExitCode {
    let config = Config::parse();
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = config.client_threads {
        builder.worker_threads(n.max(1));
    }
    let runtime = match builder.enable_all().build() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: no runtime: {e}");
            return ExitCode::from(2);
        }
    };
    match runtime.block_on(run(config)) {
        Ok(Verdict::Passed) => ExitCode::SUCCESS,
        Ok(Verdict::Failed) => ExitCode::from(1),
        Ok(Verdict::Aborted) => ExitCode::from(130),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// What the progress reporter samples.
struct Sample {
    at: Instant,
    actions: u64,
    people: u64,
    events: u64,
    messages: u64,
    bytes: u64,
    server_cpu: Duration,
}

impl Sample {
    fn take(live: &Live, server: &Server) -> Sample {
        Sample {
            at: Instant::now(),
            actions: Live::get(&live.actions),
            people: Live::get(&live.people),
            events: Live::get(&live.events),
            messages: Live::get(&live.messages),
            bytes: Live::get(&live.bytes),
            server_cpu: server.cpu().unwrap_or_default(),
        }
    }
}

/// Sets up, runs and reports; whether nothing was lost and nothing failed.
/// How a run ended.
enum Verdict {
    /// No event lost or duplicated, no error.
    Passed,
    /// Events lost or duplicated, errors, or the run ended early.
    Failed,
    /// Stopped at once by a second Ctrl-C or SIGTERM.
    Aborted,
}

async fn run(config: Config) -> Result<Verdict, String> {
    let binary = config.binary.clone().unwrap_or_else(|| {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/release/pachisi")
    });
    if !binary.is_file() {
        return Err(format!(
            "no server binary at {}: build it (cargo build --release -p pachisi-cli) or give --binary",
            binary.display()
        ));
    }
    let seats: Vec<String> = config
        .seats
        .split(',')
        .map(|s| s.trim().to_string())
        .collect();
    if !seats.iter().any(|s| s == "me" || s == "human") {
        return Err("--seats has no `me`: the rooms need a person to script".to_string());
    }
    let per_room = if config.no_watch { 1 } else { 2 };
    let sockets = config.rooms * per_room;
    let need = sockets + 256;
    match server::open_files_limit() {
        Some(limit) if limit < need => {
            return Err(format!(
                "{} sockets need more open files than the limit of {limit} (this process and the \
                 server each hold one per socket): raise it with `ulimit -n {need}` or more, or \
                 use scripts/load-rooms, which does",
                config.rooms * per_room
            ))
        }
        _ => {}
    }

    let dir = TempDir::new()?;
    let games = (config.rooms * 2 + 100).to_string();
    let mut options: Vec<String> = [
        "--pace",
        &config.pace.to_string(),
        "--max-games",
        &games,
        "--max-games-per-client",
        &games,
        "--max-sockets",
        &(sockets + 100).max(2000).to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    options.extend(config.server_options.iter().cloned());
    let mut server = Server::start(&binary, &dir.0.join("load.sqlite"), &options)?;
    let pid = server.pid();
    // VmHWM is updated by the kernel only now and then: the resident size is also sampled.
    let sampled = Arc::new(AtomicU64::new(0));
    let sampler = tokio::spawn(sample_memory(pid, sampled.clone()));
    let (mut interrupts, abort) = Interrupts::new()?;
    let result = tokio::select! {
        r = measure(&config, seats, &mut server, &mut interrupts) => Some(r),
        _ = abort => None,
    };
    let Some(result) = result else {
        eprintln!("stopping the server: {}", server.stop());
        return Ok(Verdict::Aborted);
    };
    sampler.abort();
    let memory = server.memory();
    let cpu = server.cpu();
    let (warnings, last_lines) = server.stderr();
    let ended = server.stop();
    let client_memory = server::memory("/proc/self/status");
    let client_cpu = server::cpu("/proc/self/stat");
    let (tally, shared, timing) = result?;
    let live = &shared.live;

    // The report.
    let mb = |b: u64| b as f64 / (1024.0 * 1024.0);
    let secs = timing.run.as_secs_f64().max(1e-9);
    println!();
    println!("== load of rooms over WebSocket ==");
    println!(
        "rooms: {} at once, {} [{}], {}; people think {} ms; {} socket{} a room",
        config.rooms,
        config.ruleset,
        config.seats,
        if config.pace == 0 {
            "bots at once (--pace 0)".to_string()
        } else {
            format!("bots at --pace {}", config.pace)
        },
        config.think,
        per_room,
        if per_room == 1 {
            ""
        } else {
            "s (person, watcher)"
        }
    );
    println!("server: {} (pid {pid}); {ended}", server.command);
    println!(
        "setup: {} rooms and {} sockets welcomed in {:.1} s",
        thousands(Live::get(&live.ready)),
        thousands(Live::get(&live.ready) * per_room),
        timing.setup.as_secs_f64()
    );
    let (a, p) = (timing.actions, timing.people);
    println!(
        "run: {:.1} s{}",
        secs,
        if timing.interrupted {
            " (ended early by Ctrl-C)"
        } else {
            ""
        }
    );
    println!(
        "  actions applied: {} = {}/s (people {} = {}/s; bots and forced passes {} = {}/s)",
        thousands(a),
        thousands((a as f64 / secs) as u64),
        thousands(p),
        thousands((p as f64 / secs) as u64),
        thousands(a - p.min(a)),
        thousands(((a - p.min(a)) as f64 / secs) as u64)
    );
    println!(
        "  received on all sockets: {} events = {}/s, in {} messages = {}/s, {:.1} MB/s",
        thousands(timing.events),
        thousands((timing.events as f64 / secs) as u64),
        thousands(timing.messages),
        thousands((timing.messages as f64 / secs) as u64),
        mb(timing.bytes) / secs
    );
    println!(
        "  games played to the end: {} (each room deleted and replaced; rooms created in all: {})",
        thousands(Live::get(&live.over)),
        thousands(Live::get(&live.created))
    );
    let mut tally = tally;
    println!("latency from a person's action to its event:");
    println!(
        "  on the person's socket:  {}",
        percentiles(&mut tally.player)
    );
    if !config.no_watch {
        println!(
            "  on the watcher's socket: {}",
            percentiles(&mut tally.watcher)
        );
    }
    let lost = tally.gaps + tally.duplicates;
    println!(
        "events lost: {lost} ({} skipped or never received, of which {} not received by the end; {} received twice or out of order)",
        tally.gaps, tally.unseen, tally.duplicates
    );
    println!("errors: {}", tally.error_count());
    for (kind, (n, examples)) in &tally.errors {
        println!("  {kind}: {n}");
        for e in examples {
            println!("    e.g. {e}");
        }
    }
    let cpu_run = timing.server_cpu.as_secs_f64();
    match memory {
        Some((rss, hwm)) => println!(
            "server: peak memory {:.1} MB (VmHWM {:.1} MB, highest VmRSS sampled every 0.2 s {:.1} MB), resident at the end {:.1} MB; CPU {:.1} s during the run ({:.0}% of one core), {:.1} s in all",
            mb(hwm.max(sampled.load(Ordering::Relaxed))),
            mb(hwm),
            mb(sampled.load(Ordering::Relaxed)),
            mb(rss),
            cpu_run,
            100.0 * cpu_run / secs,
            cpu.map_or(0.0, |c| c.as_secs_f64())
        ),
        None => println!("server: memory not readable (the process had exited)"),
    }
    if warnings > 0 {
        println!("server's standard error: {warnings} lines; the last:");
        for l in last_lines {
            println!("  {l}");
        }
    }
    println!(
        "client: peak memory (VmHWM) {:.1} MB; CPU {:.1} s in all",
        client_memory.map_or(0.0, |(_, hwm)| mb(hwm)),
        client_cpu.map_or(0.0, |c| c.as_secs_f64())
    );
    let ok = lost == 0 && tally.error_count() == 0 && !timing.interrupted;
    println!(
        "{}",
        if ok {
            "result: no event lost or duplicated, no error"
        } else if lost > 0 {
            "result: FAILED: events were lost or duplicated"
        } else if tally.error_count() > 0 {
            "result: FAILED: errors"
        } else {
            "result: interrupted"
        }
    );
    drop(dir);
    Ok(if ok { Verdict::Passed } else { Verdict::Failed })
}

/// Keeps in `peak` the highest resident size of process `pid`, read every 0.2 s.
async fn sample_memory(pid: u32, peak: Arc<AtomicU64>) {
    let status = format!("/proc/{pid}/status");
    loop {
        match server::memory(&status) {
            Some((rss, _)) => {
                peak.fetch_max(rss, Ordering::Relaxed);
            }
            None => return,
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Times and counts of the measured run.
struct Timing {
    setup: Duration,
    run: Duration,
    actions: u64,
    people: u64,
    events: u64,
    messages: u64,
    bytes: u64,
    server_cpu: Duration,
    interrupted: bool,
}

/// Sets up the rooms, runs the load, ends it and collects every slot's tally.
async fn measure(
    config: &Config,
    seats: Vec<String>,
    server: &mut Server,
    interrupts: &mut Interrupts,
) -> Result<(Tally, Arc<Shared>, Timing), String> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(config.stall))
        .build()
        .map_err(|e| format!("no HTTP client: {e}"))?;
    let shared = Arc::new(Shared {
        http,
        url: server.url.clone(),
        ruleset: config.ruleset.clone(),
        seats,
        watch: !config.no_watch,
        think: Duration::from_millis(config.think),
        stall: Duration::from_secs(config.stall.max(1)),
        settle: Duration::from_secs(config.settle.max(1)),
        live: Live::default(),
        setup: Semaphore::new(config.parallel.max(1)),
    });
    println!("server: {} (pid {})", server.url, server.pid());
    let (phase_tx, phase_rx) = watch::channel(Phase::Setup);

    // Setup.
    let begun = Instant::now();
    let tasks: Vec<_> = (0..config.rooms)
        .map(|i| tokio::spawn(room::slot(shared.clone(), i, phase_rx.clone())))
        .collect();
    let live = &shared.live;
    let mut interrupted = false;
    let mut shown = Instant::now();
    while Live::get(&live.ready) + Live::get(&live.failed) < config.rooms {
        tokio::select! {
            () = tokio::time::sleep(Duration::from_millis(50)) => {}
            () = interrupts.first() => { interrupted = true; break; }
        }
        if !server.running() {
            return Err("the server exited during setup".to_string());
        }
        if shown.elapsed() >= Duration::from_secs(config.every.max(1)) {
            shown = Instant::now();
            println!(
                "setting up: {} of {} rooms ready, {} failed",
                Live::get(&live.ready),
                config.rooms,
                Live::get(&live.failed)
            );
        }
    }
    let setup = begun.elapsed();
    println!(
        "{} rooms ready in {:.1} s; running for {} s",
        Live::get(&live.ready),
        setup.as_secs_f64(),
        config.duration
    );

    // The run.
    let _ = phase_tx.send(Phase::Run);
    let start = Sample::take(live, server);
    let deadline = start.at + Duration::from_secs(config.duration);
    let mut last = Sample::take(live, server);
    while !interrupted && Instant::now() < deadline {
        let tick = (last.at + Duration::from_secs(config.every.max(1))).min(deadline);
        tokio::select! {
            () = tokio::time::sleep_until(tick.into()) => {}
            () = interrupts.first() => { interrupted = true; }
        }
        let now = Sample::take(live, server);
        let dt = (now.at - last.at).as_secs_f64().max(1e-9);
        let rss = server
            .memory()
            .map_or(0.0, |(rss, _)| rss as f64 / 1048576.0);
        println!(
            "[{:>4.0} s] rooms {}, actions {}/s (people {}/s), events {}/s on all sockets, games over {}, lost {}, errors {}, server RSS {:.1} MB, CPU {:.0}%",
            (now.at - start.at).as_secs_f64(),
            Live::get(&live.playing),
            thousands(((now.actions - last.actions) as f64 / dt) as u64),
            thousands(((now.people - last.people) as f64 / dt) as u64),
            thousands(((now.events - last.events) as f64 / dt) as u64),
            Live::get(&live.over),
            Live::get(&live.lost),
            Live::get(&live.errors),
            rss,
            100.0 * (now.server_cpu.saturating_sub(last.server_cpu)).as_secs_f64() / dt
        );
        last = now;
        if !server.running() {
            println!("the server exited");
            break;
        }
    }
    let _ = phase_tx.send(Phase::Stop);
    let end = Sample::take(live, server);
    println!("run over; waiting for the rooms to settle and every socket's last events");

    // The end: every slot settles (each within its own deadlines).
    let mut tally = Tally::default();
    for task in tasks {
        match task.await {
            Ok(t) => tally.merge(t),
            Err(e) => tally.error(live, "client task", e.to_string()),
        }
    }
    let timing = Timing {
        setup,
        run: end.at - start.at,
        actions: end.actions - start.actions,
        people: end.people - start.people,
        events: end.events - start.events,
        messages: end.messages - start.messages,
        bytes: end.bytes - start.bytes,
        server_cpu: end.server_cpu.saturating_sub(start.server_cpu),
        interrupted,
    };
    Ok((tally, shared, timing))
}

/// Ctrl-C and SIGTERM: the first Ctrl-C ends the run early; a second, or SIGTERM, stops the
/// server and exits at once.
struct Interrupts {
    first: tokio::sync::mpsc::Receiver<()>,
}

impl Interrupts {
    /// Listens for the signals; the receiver resolves at a second Ctrl-C or at SIGTERM.
    fn new() -> Result<(Interrupts, tokio::sync::oneshot::Receiver<()>), String> {
        use tokio::signal::unix::{signal, SignalKind};
        let mut int = signal(SignalKind::interrupt()).map_err(|e| e.to_string())?;
        let mut term = signal(SignalKind::terminate()).map_err(|e| e.to_string())?;
        let (first_tx, first) = tokio::sync::mpsc::channel(1);
        let (abort_tx, abort) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            let terminated = tokio::select! {
                _ = int.recv() => false,
                _ = term.recv() => true,
            };
            if !terminated {
                eprintln!("interrupted: ending the run (again to stop at once)");
                let _ = first_tx.send(()).await;
                tokio::select! {
                    _ = int.recv() => {}
                    _ = term.recv() => {}
                }
            }
            let _ = abort_tx.send(());
        });
        Ok((Interrupts { first }, abort))
    }

    /// Resolves at the first Ctrl-C (and never again after).
    async fn first(&mut self) {
        if self.first.recv().await.is_none() {
            std::future::pending::<()>().await;
        }
    }
}
