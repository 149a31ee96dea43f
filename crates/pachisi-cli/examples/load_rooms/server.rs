//! A server under load: a `pachisi serve` process on a loopback port (a free one, or the one it
//! had before a restart) on a database (a SQLite file or a PostgreSQL URL), its memory and CPU
//! time read from `/proc`, stopped with SIGTERM (then SIGKILL) however the run ends, or killed
//! outright by the fault run (fleet.rs).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Lines of the server's standard error kept for the report.
const KEPT_LINES: usize = 20;

/// The last lines of a stream, and how many lines it had.
type Kept = Arc<Mutex<(VecDeque<String>, u64)>>;

/// A running `pachisi serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// The address it serves, without the trailing slash.
    pub url: String,
    /// The command line, for the report.
    pub command: String,
    /// Its standard error: the last lines, and how many there were.
    stderr: Kept,
}

impl Server {
    /// Starts `binary serve --port PORT --database DATABASE` with `options` (port 0: a free
    /// one), and waits for the address it prints.
    pub fn start(
        binary: &Path,
        database: &str,
        port: u16,
        options: &[String],
    ) -> Result<Server, String> {
        let mut command = Command::new(binary);
        command
            .args(["serve", "--port", &port.to_string(), "--database", database])
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            // Its own process group: a Ctrl-C in the terminal reaches this program only, which
            // ends the run and then stops the server.
            .process_group(0);
        let shown = format!(
            "{} serve --port {port} --database {database} {}",
            binary.display(),
            options.join(" ")
        );
        let mut child = command
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
        let stderr = Arc::new(Mutex::new((VecDeque::new(), 0)));
        let (first_tx, first_rx) = mpsc::channel();
        if let Some(out) = child.stdout.take() {
            drain(out, None, Some(first_tx));
        }
        if let Some(err) = child.stderr.take() {
            drain(err, Some(Arc::clone(&stderr)), None);
        }
        let mut server = Server {
            child,
            url: String::new(),
            command: shown,
            stderr,
        };
        let line = first_rx
            .recv_timeout(Duration::from_secs(30))
            .map_err(|_| format!("the server printed no address: {}", server.stderr_tail()))?;
        // "Serving Pachisi at http://127.0.0.1:PORT/ (database FILE)"
        server.url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .ok_or_else(|| format!("no http:// address in the server's first line: {line:?}"))?
            .trim_end_matches('/')
            .to_string();
        Ok(server)
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Resident memory now and at its peak (`VmRSS`, `VmHWM`), in bytes.
    pub fn memory(&self) -> Option<(u64, u64)> {
        memory(&format!("/proc/{}/status", self.pid()))
    }

    /// CPU time so far, user and system, of all its threads.
    pub fn cpu(&self) -> Option<Duration> {
        cpu(&format!("/proc/{}/stat", self.pid()))
    }

    /// How many lines the server wrote on standard error, and the last of them.
    pub fn stderr(&self) -> (u64, Vec<String>) {
        self.stderr
            .lock()
            .map(|s| (s.1, s.0.iter().cloned().collect()))
            .unwrap_or_default()
    }

    fn stderr_tail(&self) -> String {
        let (_, lines) = self.stderr();
        if lines.is_empty() {
            "(nothing on standard error)".to_string()
        } else {
            lines.join(" | ")
        }
    }

    /// The port it listens on, from its address.
    pub fn port(&self) -> Option<u16> {
        self.url.rsplit(':').next()?.parse().ok()
    }

    /// Kills the process outright (SIGKILL), as a crash would, and waits for its end.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Stops the server as Ctrl-C would (SIGTERM), killing it if it has not exited within 10
    /// seconds; says how it ended.
    pub fn stop(&mut self) -> String {
        if !self.running() {
            return format!("had already exited: {}", self.stderr_tail());
        }
        let termed = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .is_ok_and(|s| s.success());
        let deadline = Instant::now() + Duration::from_secs(10);
        while termed && Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return format!("stopped by SIGTERM ({status})");
            }
            thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        "killed (it did not exit within 10 s of SIGTERM)".to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if self.running() {
            self.kill();
        }
    }
}

/// Reads a stream of the server to its end (so that the server never blocks on a full pipe),
/// keeping the last lines in `kept` and sending the first on `first`.
fn drain(
    stream: impl Read + Send + 'static,
    kept: Option<Kept>,
    first: Option<mpsc::Sender<String>>,
) {
    thread::spawn(move || {
        let mut first = first;
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(tx) = first.take() {
                let _ = tx.send(line.clone());
            }
            if let Some(kept) = &kept {
                if let Ok(mut k) = kept.lock() {
                    k.1 += 1;
                    k.0.push_back(line);
                    if k.0.len() > KEPT_LINES {
                        k.0.pop_front();
                    }
                }
            }
        }
    });
}

/// `VmRSS` and `VmHWM` of a `/proc/.../status` file, in bytes.
pub fn memory(status: &str) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(status).ok()?;
    let field = |name: &str| -> Option<u64> {
        let line = text.lines().find(|l| l.starts_with(name))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// User and system CPU time of a `/proc/.../stat` file (every thread of the process).
pub fn cpu(stat: &str) -> Option<Duration> {
    ticks(stat, false)
}

/// The same, with the time of the children the process has waited for (a PostgreSQL server's
/// connections that ended).
pub fn cpu_with_children(stat: &str) -> Option<Duration> {
    ticks(stat, true)
}

fn ticks(stat: &str, children: bool) -> Option<Duration> {
    let text = std::fs::read_to_string(stat).ok()?;
    // The command name, in parentheses, may hold spaces: count fields after its end. Field 3
    // (state) is the first after it; utime and stime are fields 14 and 15, cutime and cstime
    // 16 and 17.
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let upto = if children { 15 } else { 13 };
    let mut ticks = 0;
    for i in 11..upto {
        ticks += fields.get(i)?.parse::<u64>().ok()?;
    }
    Some(Duration::from_secs_f64(ticks as f64 / clock_ticks() as f64))
}

/// The parent's process id in a `/proc/.../stat` file.
pub fn parent(stat: &str) -> Option<u32> {
    let text = std::fs::read_to_string(stat).ok()?;
    text[text.rfind(')')? + 1..]
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Clock ticks per second of `/proc`'s times (`getconf CLK_TCK`; 100 on Linux).
fn clock_ticks() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .filter(|&t| t > 0)
            .unwrap_or(100)
    })
}

/// The soft limit of open files of this process (which the server inherits).
pub fn open_files_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    let soft = line.split_whitespace().nth(3)?;
    if soft == "unlimited" {
        Some(u64::MAX)
    } else {
        soft.parse().ok()
    }
}

/// A directory of its own under the system's temporary directory, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// Creates `pachisi-load-PID-NANOS`.
    pub fn new() -> Result<TempDir, String> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let path =
            std::env::temp_dir().join(format!("pachisi-load-{}-{nanos}", std::process::id()));
        std::fs::create_dir(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(TempDir(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
