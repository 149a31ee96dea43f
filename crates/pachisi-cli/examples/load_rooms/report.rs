//! What the run prints: a progress line every `--every` seconds, and the report at the end
//! (throughput, latency on each socket, events lost, faults, errors, each process's memory and
//! CPU), with the verdict.

use crate::database::Store;
use crate::fleet::{Fleet, MemberReport};
use crate::tally::{percentiles, thousands, Live, Tally};
use crate::{Config, Sample, Timing};
use std::time::{Duration, Instant};

/// Everything the report says.
pub struct Report<'a> {
    pub config: &'a Config,
    pub store: &'a Store,
    /// Each instance's command line.
    pub commands: Vec<String>,
    /// Each instance's processes, memory and CPU.
    pub members: Vec<MemberReport>,
    /// Instances killed.
    pub kills: u64,
    /// The longest an instance took to start again.
    pub longest_restart: Duration,
    pub tally: Tally,
    pub live: &'a Live,
    pub timing: Timing,
    /// The games each instance drove at the end, largest first (PostgreSQL only).
    pub leases: Option<Vec<(String, u64)>>,
}

/// `a - b`, element by element.
pub fn minus(a: &[Duration], b: &[Duration]) -> Vec<Duration> {
    a.iter()
        .zip(b.iter().chain(std::iter::repeat(&Duration::ZERO)))
        .map(|(a, b)| a.saturating_sub(*b))
        .collect()
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn per_second(n: u64, secs: f64) -> String {
    thousands((n as f64 / secs.max(1e-9)) as u64)
}

/// The progress line from sample `last` to `now`.
pub fn progress(now: &Sample, last: &Sample, start: Instant, live: &Live, fleet: &Fleet) -> String {
    let dt = (now.at - last.at).as_secs_f64().max(1e-9);
    let rss: Vec<String> = fleet
        .resident()
        .iter()
        .map(|b| b.map_or("(down)".to_string(), |b| format!("{:.0}", mb(b))))
        .collect();
    let cpu: Vec<String> = minus(&now.server_cpu, &last.server_cpu)
        .iter()
        .map(|c| format!("{:.0}", 100.0 * c.as_secs_f64() / dt))
        .collect();
    let mut line = format!(
        "[{:>4.0} s] rooms {}, actions {}/s (people {}/s), events {}/s on all sockets, games over {}, lost {}, errors {}, server RSS {} MB, CPU {}%",
        (now.at - start).as_secs_f64(),
        Live::get(&live.playing),
        per_second(now.actions - last.actions, dt),
        per_second(now.people - last.people, dt),
        per_second(now.events - last.events, dt),
        Live::get(&live.over),
        Live::get(&live.lost),
        Live::get(&live.errors),
        rss.join("+"),
        cpu.join("+"),
    );
    if now.postgres_cpu > Duration::ZERO {
        let pg = now.postgres_cpu.saturating_sub(last.postgres_cpu);
        line.push_str(&format!(
            ", PostgreSQL CPU {:.0}%",
            100.0 * pg.as_secs_f64() / dt
        ));
    }
    let (reconnects, refused) = (Live::get(&live.reconnects), Live::get(&live.refused));
    if fleet.kills.load(std::sync::atomic::Ordering::Relaxed) > 0 || reconnects + refused > 0 {
        line.push_str(&format!(
            ", kills {}, reconnects {reconnects}, refused {refused}",
            fleet.kills.load(std::sync::atomic::Ordering::Relaxed)
        ));
    }
    line
}

/// Prints the report; whether the run passed (nothing lost or duplicated, no error, not ended
/// early).
pub fn print(r: &mut Report) -> bool {
    let (config, live) = (r.config, r.live);
    let t = &r.timing;
    let per_room = if config.no_watch { 1 } else { 2 };
    let secs = t.run.as_secs_f64().max(1e-9);
    let several = r.members.len() > 1;
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
        match (per_room, several) {
            (1, _) => "",
            (_, false) => "s (person, watcher)",
            (_, true) => "s (person's on the room's instance, watcher's on the next)",
        }
    );
    println!("database: {}", r.store.describe());
    for (i, command) in r.commands.iter().enumerate() {
        println!("server {i}: {command}");
    }
    if let Some(every) = config.kill_every {
        println!(
            "faults: every {every} s one instance killed (SIGKILL) in turn and started again on its port"
        );
    }
    let ready = Live::get(&live.ready);
    println!(
        "setup: {} rooms and {} sockets welcomed in {:.1} s",
        thousands(ready),
        thousands(ready * per_room),
        t.setup.as_secs_f64()
    );
    println!(
        "run: {secs:.1} s{}",
        if t.interrupted {
            " (ended early by Ctrl-C)"
        } else {
            ""
        }
    );
    let bots = t.actions - t.people.min(t.actions);
    println!(
        "  actions applied: {} = {}/s (people {} = {}/s; bots and forced passes {} = {}/s)",
        thousands(t.actions),
        per_second(t.actions, secs),
        thousands(t.people),
        per_second(t.people, secs),
        thousands(bots),
        per_second(bots, secs)
    );
    println!(
        "  received on all sockets: {} events = {}/s, in {} messages = {}/s, {:.1} MB/s",
        thousands(t.events),
        per_second(t.events, secs),
        thousands(t.messages),
        per_second(t.messages, secs),
        mb(t.bytes) / secs
    );
    println!(
        "  games played to the end: {} (each room deleted and replaced; rooms created in all: {})",
        thousands(Live::get(&live.over)),
        thousands(Live::get(&live.created))
    );
    println!("latency from a person's action to its event:");
    println!(
        "  on the person's socket:  {}{}",
        percentiles(&mut r.tally.player),
        if several { " (the same instance)" } else { "" }
    );
    if !config.no_watch {
        println!(
            "  on the watcher's socket: {}{}",
            percentiles(&mut r.tally.watcher),
            if several { " (another instance)" } else { "" }
        );
    }
    if config.kill_every.is_some() {
        println!("  (events replayed in a welcome after a reconnection are not timed)");
    }
    let lost = r.tally.gaps + r.tally.duplicates;
    println!(
        "events lost: {lost} ({} skipped or never received, of which {} not received by the end; {} received twice or out of order)",
        r.tally.gaps, r.tally.unseen, r.tally.duplicates
    );
    let unknown = Live::get(&live.unknown);
    if several || config.kill_every.is_some() {
        println!(
            "instances: {} kills (the longest restart {:.2} s); {} sockets opened again after their instance went away or their game moved (1012); {} connections or requests tried again on another instance; {} sockets refused 404 by an instance that had not yet heard of a game just created on another, and opened again",
            r.kills,
            r.longest_restart.as_secs_f64(),
            thousands(Live::get(&live.reconnects)),
            thousands(Live::get(&live.retried)),
            thousands(unknown)
        );
        println!(
            "  people's actions refused because the game had moved on (409, acted again, not errors): {}; lost with their instance (acted again): {}",
            thousands(Live::get(&live.refused)),
            thousands(Live::get(&live.dropped))
        );
    }
    println!("errors: {}", r.tally.error_count());
    for (kind, (n, examples)) in &r.tally.errors {
        println!("  {kind}: {n}");
        for e in examples {
            println!("    e.g. {e}");
        }
    }
    let cluster_cpu: Duration = t.server_cpu.iter().sum();
    if t.actions > 0 {
        println!(
            "server CPU per applied action: {:.3} ms (all instances' CPU during the run, {:.1} s, over the actions applied)",
            1000.0 * cluster_cpu.as_secs_f64() / t.actions as f64,
            cluster_cpu.as_secs_f64()
        );
    }
    for (i, m) in r.members.iter().enumerate() {
        let run_cpu = t.server_cpu.get(i).copied().unwrap_or_default();
        let pids: Vec<String> = m.pids.iter().map(u32::to_string).collect();
        println!(
            "server {i} (port {}, pid {}): peak memory {:.1} MB, resident at the end {:.1} MB; CPU {:.1} s during the run ({:.0}% of one core), {:.1} s in all; {}",
            m.port,
            pids.join(", "),
            mb(m.peak),
            mb(m.resident),
            run_cpu.as_secs_f64(),
            100.0 * run_cpu.as_secs_f64() / secs,
            m.cpu.as_secs_f64(),
            m.ended
        );
        if let Some(owned) = owned_by(r.leases.as_deref(), &m.last_lines) {
            println!("  owns {} games at the end", thousands(owned));
        }
        if m.stderr_lines > 0 {
            println!("  standard error: {} lines; the last:", m.stderr_lines);
            for l in &m.last_lines {
                println!("    {l}");
            }
        }
    }
    if let Some(leases) = &r.leases {
        let counts: Vec<String> = leases.iter().map(|(_, n)| thousands(*n)).collect();
        let all: u64 = leases.iter().map(|(_, n)| n).sum();
        let most = leases.first().map_or(0, |(_, n)| *n);
        println!(
            "games owned at the end, by instance, most first: {} ({} in all; the most {:.0}%)",
            counts.join(", "),
            thousands(all),
            if all == 0 {
                0.0
            } else {
                100.0 * most as f64 / all as f64
            }
        );
    }
    if t.postgres_cpu > Duration::ZERO {
        println!(
            "PostgreSQL: CPU {:.1} s during the run ({:.0}% of one core), all its processes",
            t.postgres_cpu.as_secs_f64(),
            100.0 * t.postgres_cpu.as_secs_f64() / secs
        );
    }
    let client_memory = crate::server::memory("/proc/self/status");
    let client_cpu = crate::server::cpu("/proc/self/stat");
    println!(
        "client: peak memory (VmHWM) {:.1} MB; CPU {:.1} s in all",
        client_memory.map_or(0.0, |(_, hwm)| mb(hwm)),
        client_cpu.map_or(0.0, |c| c.as_secs_f64())
    );
    let ok = lost == 0 && r.tally.error_count() == 0 && !t.interrupted;
    println!(
        "{}",
        if ok {
            "result: no event lost or duplicated, no error"
        } else if lost > 0 {
            "result: FAILED: events were lost or duplicated"
        } else if r.tally.error_count() > 0 {
            "result: FAILED: errors"
        } else {
            "result: interrupted"
        }
    );
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_times_are_subtracted_instance_by_instance() {
        let s = Duration::from_secs;
        assert_eq!(minus(&[s(5), s(7)], &[s(2), s(9)]), vec![s(3), s(0)]);
        // An instance not yet sampled at the start counts from zero.
        assert_eq!(minus(&[s(5), s(7)], &[s(2)]), vec![s(3), s(7)]);
    }
}

/// The games owned at the end by the instance whose standard error is `lines` (its name is in
/// the line `instance NAME shares its database ...` it prints at start; the last such line is
/// the one of its last start).
fn owned_by(leases: Option<&[(String, u64)]>, lines: &[String]) -> Option<u64> {
    let leases = leases?;
    let name = lines.iter().rev().find_map(|l| {
        let rest = l.trim().strip_prefix("instance ")?;
        let (name, after) = rest.split_once(' ')?;
        after.starts_with("shares its database").then_some(name)
    })?;
    Some(
        leases
            .iter()
            .find(|(instance, _)| instance == name)
            .map_or(0, |(_, n)| *n),
    )
}
