//! The instances under load: `--instances` `pachisi serve` processes on one database, each on a
//! loopback port of its own with the same options. The fault run kills one outright (SIGKILL)
//! and starts it again on the same port (another if that one cannot be had); while it is down,
//! the rooms' clients skip it. Each instance's peak memory is the highest over its processes,
//! and its CPU time the sum of theirs.

use crate::server::Server;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, RwLock};
use std::time::{Duration, Instant};

/// The instances' addresses and whether each is up, as the rooms' clients read them.
pub struct Endpoints {
    urls: RwLock<Vec<String>>,
    up: Vec<AtomicBool>,
}

impl Endpoints {
    /// How many instances there are.
    pub fn count(&self) -> usize {
        self.up.len()
    }

    /// The address of instance `i` (without the trailing slash).
    pub fn url(&self, i: usize) -> String {
        self.urls
            .read()
            .ok()
            .and_then(|u| u.get(i % self.count().max(1)).cloned())
            .unwrap_or_default()
    }

    /// Whether instance `i` is up (not being killed and restarted).
    pub fn is_up(&self, i: usize) -> bool {
        self.up
            .get(i % self.count().max(1))
            .is_some_and(|u| u.load(Ordering::Relaxed))
    }

    /// The first instance up from `from` on (round the ring), or `from` itself when none is.
    pub fn up_from(&self, from: usize) -> usize {
        let n = self.count().max(1);
        (0..n)
            .map(|k| (from + k) % n)
            .find(|&i| self.is_up(i))
            .unwrap_or(from % n)
    }
}

/// One instance: its process now, and what its earlier processes used.
struct Member {
    server: Option<Server>,
    /// The port it listens on, kept across restarts.
    port: u16,
    /// Peak resident memory of any of its processes (VmHWM, or VmRSS sampled), bytes.
    peak: u64,
    /// CPU time of its processes that were killed.
    cpu_before: Duration,
    /// Its processes' ids, the first first.
    pids: Vec<u32>,
    /// Standard error lines of its processes, and the last of them (over every process).
    stderr_lines: u64,
    last_lines: Vec<String>,
}

/// What the report says of one instance.
pub struct MemberReport {
    /// `--port`.
    pub port: u16,
    /// Process ids, the first first.
    pub pids: Vec<u32>,
    /// Peak resident memory, bytes.
    pub peak: u64,
    /// Resident memory at the end, bytes.
    pub resident: u64,
    /// CPU time of all its processes.
    pub cpu: Duration,
    /// Lines on standard error, and the last of them.
    pub stderr_lines: u64,
    pub last_lines: Vec<String>,
    /// How its last process ended.
    pub ended: String,
}

/// The instances.
pub struct Fleet {
    binary: PathBuf,
    database: String,
    options: Vec<String>,
    members: Vec<Mutex<Member>>,
    /// Their addresses, shared with the rooms.
    pub endpoints: std::sync::Arc<Endpoints>,
    /// Instances killed so far.
    pub kills: AtomicU64,
    /// The longest time an instance took to start again, microseconds.
    pub longest_restart: AtomicU64,
}

impl Fleet {
    /// Starts `count` instances on `database`, one after the other (the first creates the
    /// tables).
    pub fn start(
        binary: PathBuf,
        database: String,
        options: Vec<String>,
        count: usize,
    ) -> Result<Fleet, String> {
        let mut members = Vec::new();
        let mut urls = Vec::new();
        for i in 0..count.max(1) {
            let server = Server::start(&binary, &database, 0, &options)
                .map_err(|e| format!("instance {i}: {e}"))?;
            let port = server
                .port()
                .ok_or_else(|| format!("instance {i}: no port in {}", server.url))?;
            urls.push(server.url.clone());
            members.push(Mutex::new(Member {
                port,
                peak: 0,
                cpu_before: Duration::ZERO,
                pids: vec![server.pid()],
                stderr_lines: 0,
                last_lines: Vec::new(),
                server: Some(server),
            }));
        }
        let up = urls.iter().map(|_| AtomicBool::new(true)).collect();
        Ok(Fleet {
            binary,
            database,
            options,
            members,
            endpoints: std::sync::Arc::new(Endpoints {
                urls: RwLock::new(urls),
                up,
            }),
            kills: AtomicU64::new(0),
            longest_restart: AtomicU64::new(0),
        })
    }

    /// How many instances there are.
    pub fn count(&self) -> usize {
        self.members.len()
    }

    /// The command line of instance `i`'s process, for the report.
    pub fn command(&self, i: usize) -> String {
        self.lock(i)
            .and_then(|m| m.server.as_ref().map(|s| s.command.clone()))
            .unwrap_or_default()
    }

    fn lock(&self, i: usize) -> Option<std::sync::MutexGuard<'_, Member>> {
        self.members.get(i)?.lock().ok()
    }

    /// Kills instance `i` outright and starts it again on its port (blocking: run it off the
    /// async threads); says what happened.
    pub fn kill_and_restart(&self, i: usize) -> Result<String, String> {
        let Some(up) = self.endpoints.up.get(i) else {
            return Err(format!("no instance {i}"));
        };
        up.store(false, Ordering::Relaxed);
        let (old, port) = {
            let mut m = self.lock(i).ok_or("a poisoned lock")?;
            let Some(mut server) = m.server.take() else {
                return Err(format!("instance {i} has no process"));
            };
            if let Some((_, hwm)) = server.memory() {
                m.peak = m.peak.max(hwm);
            }
            m.cpu_before += server.cpu().unwrap_or_default();
            let (lines, last) = server.stderr();
            m.stderr_lines += lines;
            keep(&mut m.last_lines, last);
            let old = server.pid();
            server.kill();
            (old, m.port)
        };
        self.kills.fetch_add(1, Ordering::Relaxed);
        let begun = Instant::now();
        // The port may stay taken a moment: try it a few times, then any free one.
        let mut started = Err(String::new());
        for attempt in 0..6 {
            let port = if attempt < 5 { port } else { 0 };
            started = Server::start(&self.binary, &self.database, port, &self.options);
            if started.is_ok() {
                break;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        let server = started.map_err(|e| format!("instance {i} did not start again: {e}"))?;
        let took = begun.elapsed();
        self.longest_restart
            .fetch_max(took.as_micros() as u64, Ordering::Relaxed);
        let said = format!(
            "instance {i} killed (pid {old}) and started again in {:.2} s (pid {}, {})",
            took.as_secs_f64(),
            server.pid(),
            server.url
        );
        if let Ok(mut urls) = self.endpoints.urls.write() {
            if let Some(u) = urls.get_mut(i) {
                u.clone_from(&server.url);
            }
        }
        if let Some(mut m) = self.lock(i) {
            m.port = server.port().unwrap_or(port);
            m.pids.push(server.pid());
            m.server = Some(server);
        }
        up.store(true, Ordering::Relaxed);
        Ok(said)
    }

    /// Keeps each instance's highest resident size (VmHWM is updated by the kernel only now
    /// and then).
    pub fn sample_memory(&self) {
        for m in &self.members {
            // Never wait for an instance being restarted.
            let Ok(mut m) = m.try_lock() else { continue };
            if let Some((rss, _)) = m.server.as_ref().and_then(Server::memory) {
                m.peak = m.peak.max(rss);
            }
        }
    }

    /// CPU time of each instance's processes so far.
    pub fn cpu(&self) -> Vec<Duration> {
        (0..self.count()).map(|i| self.member_cpu(i)).collect()
    }

    fn member_cpu(&self, i: usize) -> Duration {
        self.lock(i).map_or(Duration::ZERO, |m| {
            m.cpu_before + m.server.as_ref().and_then(Server::cpu).unwrap_or_default()
        })
    }

    /// Resident memory of each instance now, bytes (none while one is down).
    pub fn resident(&self) -> Vec<Option<u64>> {
        self.members
            .iter()
            .map(|m| {
                m.try_lock()
                    .ok()
                    .and_then(|m| m.server.as_ref().and_then(Server::memory))
                    .map(|(rss, _)| rss)
            })
            .collect()
    }

    /// The instance whose process exited by itself, if any (one being restarted is not).
    pub fn exited(&self) -> Option<usize> {
        (0..self.count()).find(|&i| {
            self.members[i]
                .try_lock()
                .ok()
                .is_some_and(|mut m| m.server.as_mut().is_some_and(|s| !s.running()))
        })
    }

    /// Stops every instance (SIGTERM) and says what each used.
    pub fn stop(&self) -> Vec<MemberReport> {
        self.sample_memory();
        (0..self.count())
            .map(|i| {
                let cpu = self.member_cpu(i);
                let Some(mut m) = self.lock(i) else {
                    return MemberReport {
                        port: 0,
                        pids: Vec::new(),
                        peak: 0,
                        resident: 0,
                        cpu,
                        stderr_lines: 0,
                        last_lines: Vec::new(),
                        ended: "a poisoned lock".to_string(),
                    };
                };
                let (mut resident, mut peak) = (0, m.peak);
                let (mut lines, mut last, mut ended) =
                    (m.stderr_lines, m.last_lines.clone(), String::new());
                if let Some(server) = m.server.as_mut() {
                    if let Some((rss, hwm)) = server.memory() {
                        resident = rss;
                        peak = peak.max(hwm);
                    }
                    let (n, l) = server.stderr();
                    lines += n;
                    keep(&mut last, l);
                    ended = server.stop();
                }
                m.server = None;
                MemberReport {
                    port: m.port,
                    pids: m.pids.clone(),
                    peak,
                    resident,
                    cpu,
                    stderr_lines: lines,
                    last_lines: last,
                    ended,
                }
            })
            .collect()
    }
}

/// Standard error lines kept for the report, over an instance's processes.
const KEPT: usize = 20;

/// Adds `more` lines to those `kept`, keeping the last [`KEPT`].
fn keep(kept: &mut Vec<String>, more: Vec<String>) {
    kept.extend(more);
    let extra = kept.len().saturating_sub(KEPT);
    kept.drain(..extra);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn endpoints(up: &[bool]) -> Endpoints {
        Endpoints {
            urls: RwLock::new((0..up.len()).map(|i| format!("http://i{i}")).collect()),
            up: up.iter().map(|&u| AtomicBool::new(u)).collect(),
        }
    }

    #[test]
    fn the_next_instance_up_is_found_round_the_ring() {
        let e = endpoints(&[true, false, true]);
        assert_eq!((e.up_from(0), e.up_from(1), e.up_from(2)), (0, 2, 2));
        assert_eq!((e.up_from(3), e.up_from(4)), (0, 2));
        assert_eq!(e.url(4), "http://i1");
        let none = endpoints(&[false, false]);
        assert_eq!(none.up_from(3), 1);
    }
}
