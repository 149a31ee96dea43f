//! A load benchmark of `pachisi serve`: many rooms at once, each a game of one person and bots,
//! every person a scripted client playing over the game's WebSocket, on loopback.
//!
//! It starts the release server binary (`target/release/pachisi serve`) on a free port of
//! 127.0.0.1 with a fresh SQLite database in a temporary directory, the bots' pace given by
//! `--pace` (0 by default: bots act at once) and the server's limits raised for one client
//! creating every room. With `--postgres` the database is a throwaway PostgreSQL cluster of the
//! run's own (or, with `--database URL`, the one given), and `--instances N` starts N servers on
//! it, each on its own port with the same options: slot `i`'s rooms are created on instance
//! `i mod N`, the person's socket opened there and the watcher's on the next instance, so that
//! the watcher's latency is an action sent to one instance and its event received from another.
//! `--kill-every S` is the fault run: every S seconds one instance in turn is killed outright
//! (SIGKILL) and started again on its port; the sockets it held open again on the next instance
//! up with `hello` and `after` = their last event, requests it did not answer go to the next,
//! a person's action lost with it is played again, and an action refused because the game moved
//! on (409) is counted apart and played again on the newer state. Events lost or duplicated are
//! counted across the reconnections: each logical socket must receive every event once, in
//! order. Then it creates `--rooms` rooms (500 by default) of `--ruleset` with
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
//! - each server's peak resident memory (`VmHWM` of `/proc/PID/status`, and `VmRSS` sampled)
//!   and CPU time, the CPU time of the run's own PostgreSQL cluster, and the client's;
//! - with several instances or faults: kills, sockets opened again, requests tried elsewhere,
//!   actions refused because the game moved on and actions lost with an instance.
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
//! Each open WebSocket takes a file descriptor in this process and one in a server: the soft
//! limit of open files (`ulimit -n`) must exceed twice the number of rooms, plus a margin. Each
//! instance holds two PostgreSQL connections (the run's own cluster allows 200).
//! `scripts/load-rooms` builds the binaries, raises the limit and runs this program;
//! docs/performance.md records a run. `cargo test --release -p pachisi-cli --example load_rooms`
//! tests the counting of events.

#[path = "../../../pachisi-store/tests/cluster/mod.rs"]
mod cluster;
mod database;
mod fleet;
mod link;
mod report;
mod room;
mod server;
mod shared;
mod tally;
mod wire;

use clap::Parser;
use database::Store;
use fleet::Fleet;
use room::Phase;
use shared::Shared;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tally::{Live, Tally};
use tokio::sync::{watch, Semaphore};

/// A load of rooms on `pachisi serve` over WebSocket: people scripted on their sockets against
/// bots, with latency from action to broadcast, events lost and the servers' memory.
#[derive(Parser, Debug)]
#[command(name = "load_rooms")]
pub struct Config {
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
    /// A throwaway PostgreSQL cluster for the run (Debian's postgresql; as root it runs as the
    /// user `postgres`), instead of a SQLite file.
    #[arg(long)]
    postgres: bool,
    /// The servers' database: a PostgreSQL URL (postgres://...), instead of a fresh one.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Servers started on the database, each on its own port (more than one needs PostgreSQL).
    #[arg(long, default_value_t = 1, value_name = "N")]
    instances: usize,
    /// The fault run: every S seconds kill one instance (in turn) outright and start it again.
    #[arg(long, value_name = "S")]
    kill_every: Option<f64>,
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
    server_cpu: Vec<Duration>,
    postgres_cpu: Duration,
}

impl Sample {
    fn take(live: &Live, fleet: &Fleet, store: &Store) -> Sample {
        Sample {
            at: Instant::now(),
            actions: Live::get(&live.actions),
            people: Live::get(&live.people),
            events: Live::get(&live.events),
            messages: Live::get(&live.messages),
            bytes: Live::get(&live.bytes),
            server_cpu: fleet.cpu(),
            postgres_cpu: store.postgres_cpu().unwrap_or_default(),
        }
    }
}

/// How a run ended.
enum Verdict {
    /// No event lost or duplicated, no error.
    Passed,
    /// Events lost or duplicated, errors, or the run ended early.
    Failed,
    /// Stopped at once by a second Ctrl-C or SIGTERM.
    Aborted,
}

/// Sets up, runs and reports.
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
    if config.kill_every.is_some_and(|s| s.is_nan() || s < 0.1) {
        return Err("--kill-every needs 0.1 seconds or more".to_string());
    }
    let per_room = if config.no_watch { 1 } else { 2 };
    let sockets = config.rooms * per_room;
    let need = sockets + 256;
    match server::open_files_limit() {
        Some(limit) if limit < need => {
            return Err(format!(
                "{sockets} sockets need more open files than the limit of {limit} (this process \
                 and the servers each hold one per socket): raise it with `ulimit -n {need}` or \
                 more, or use scripts/load-rooms, which does"
            ))
        }
        _ => {}
    }

    let store = Store::open(config.postgres, config.database.as_deref())?;
    if config.instances > 1 && !store.is_postgres() {
        return Err(
            "several instances share a PostgreSQL database: add --postgres (or --database \
             postgres://...)"
                .to_string(),
        );
    }
    // Every instance keeps every game, and in a fault run one may hold every socket.
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
        // Every room connects from this one address, and opens its sockets (each an HTTP
        // connection until upgraded) at once with the others after a restart: the default cap
        // per address would reset all but 64 of them.
        "--max-connections-per-client",
        &(sockets + 100).to_string(),
        // The watchers all come from this address too, and every socket says hello at once
        // after a restart.
        "--max-sockets-per-client",
        &(sockets + 100).to_string(),
        "--max-unidentified-per-client",
        &(sockets + 100).to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    options.extend(config.server_options.iter().cloned());
    let fleet = Arc::new(Fleet::start(
        binary,
        store.url().to_string(),
        options,
        config.instances,
    )?);
    let sampler = tokio::spawn(sample_memory(fleet.clone()));
    let (mut interrupts, abort) = Interrupts::new()?;
    let result = tokio::select! {
        r = measure(&config, seats, &fleet, &store, &mut interrupts) => Some(r),
        _ = abort => None,
    };
    sampler.abort();
    let Some(result) = result else {
        for (i, m) in fleet.stop().iter().enumerate() {
            eprintln!("stopping instance {i}: {}", m.ended);
        }
        return Ok(Verdict::Aborted);
    };
    let commands: Vec<String> = (0..fleet.count()).map(|i| fleet.command(i)).collect();
    // Before the instances stop and give their leases up.
    let leases = store.leases();
    let members = fleet.stop();
    let (tally, shared, timing) = result?;
    let ok = report::print(&mut report::Report {
        config: &config,
        store: &store,
        commands,
        members,
        kills: fleet.kills.load(std::sync::atomic::Ordering::Relaxed),
        longest_restart: Duration::from_micros(
            fleet
                .longest_restart
                .load(std::sync::atomic::Ordering::Relaxed),
        ),
        tally,
        live: &shared.live,
        timing,
        leases,
    });
    drop(store);
    Ok(if ok { Verdict::Passed } else { Verdict::Failed })
}

/// Keeps each instance's highest resident size, read every 0.2 s.
async fn sample_memory(fleet: Arc<Fleet>) {
    loop {
        fleet.sample_memory();
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Times and counts of the measured run.
pub struct Timing {
    setup: Duration,
    run: Duration,
    actions: u64,
    people: u64,
    events: u64,
    messages: u64,
    bytes: u64,
    /// Each instance's.
    server_cpu: Vec<Duration>,
    postgres_cpu: Duration,
    interrupted: bool,
}

/// Sets up the rooms, runs the load (killing instances in a fault run), ends it and collects
/// every slot's tally.
async fn measure(
    config: &Config,
    seats: Vec<String>,
    fleet: &Arc<Fleet>,
    store: &Store,
    interrupts: &mut Interrupts,
) -> Result<(Tally, Arc<Shared>, Timing), String> {
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(config.stall))
        .build()
        .map_err(|e| format!("no HTTP client: {e}"))?;
    let shared = Arc::new(Shared {
        http,
        endpoints: fleet.endpoints.clone(),
        faults: config.kill_every.is_some(),
        ruleset: config.ruleset.clone(),
        seats,
        watch: !config.no_watch,
        think: Duration::from_millis(config.think),
        stall: Duration::from_secs(config.stall.max(1)),
        settle: Duration::from_secs(config.settle.max(1)),
        live: Live::default(),
        setup: Semaphore::new(config.parallel.max(1)),
    });
    for i in 0..fleet.count() {
        println!("server {i}: {}", fleet.endpoints.url(i));
    }
    println!("database: {}", store.describe());
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
        if let Some(i) = fleet.exited() {
            return Err(format!("server {i} exited during setup"));
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
    let start = Sample::take(live, fleet, store);
    let killer = config
        .kill_every
        .map(|every| tokio::spawn(kill(fleet.clone(), every, phase_rx.clone())));
    let deadline = start.at + Duration::from_secs(config.duration);
    let mut last = Sample::take(live, fleet, store);
    while !interrupted && Instant::now() < deadline {
        let tick = (last.at + Duration::from_secs(config.every.max(1))).min(deadline);
        tokio::select! {
            () = tokio::time::sleep_until(tick.into()) => {}
            () = interrupts.first() => { interrupted = true; }
        }
        let now = Sample::take(live, fleet, store);
        println!("{}", report::progress(&now, &last, start.at, live, fleet));
        last = now;
        if let Some(i) = fleet.exited() {
            println!("server {i} exited");
            break;
        }
    }
    let _ = phase_tx.send(Phase::Stop);
    let end = Sample::take(live, fleet, store);
    println!("run over; waiting for the rooms to settle and every socket's last events");

    // The end: the last kill's instance up again, then every slot settles (each within its
    // own deadlines).
    let mut tally = Tally::default();
    if let Some(killer) = killer {
        match killer.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tally.error(live, "restart", e),
            Err(e) => tally.error(live, "restart", e.to_string()),
        }
    }
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
        server_cpu: report::minus(&end.server_cpu, &start.server_cpu),
        postgres_cpu: end.postgres_cpu.saturating_sub(start.postgres_cpu),
        interrupted,
    };
    Ok((tally, shared, timing))
}

/// The fault run: every `every` seconds of the run, kills one instance outright, in turn, and
/// starts it again, until the run ends; an instance that does not start again ends it.
async fn kill(
    fleet: Arc<Fleet>,
    every: f64,
    mut phase: watch::Receiver<Phase>,
) -> Result<(), String> {
    let begun = Instant::now();
    let every = Duration::from_secs_f64(every);
    phase.borrow_and_update();
    for k in 0usize.. {
        let at = begun + every.mul_f64(k as f64 + 1.0);
        tokio::select! {
            biased;
            // The only change during the run is its end.
            _ = phase.changed() => return Ok(()),
            () = tokio::time::sleep_until(at.into()) => {}
        }
        if *phase.borrow() != Phase::Run {
            return Ok(());
        }
        let target = k % fleet.count().max(1);
        let f = fleet.clone();
        let said = tokio::task::spawn_blocking(move || f.kill_and_restart(target))
            .await
            .map_err(|e| e.to_string())??;
        println!("[{:>4.0} s] {said}", begun.elapsed().as_secs_f64());
    }
    Ok(())
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
