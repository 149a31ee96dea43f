//! Shared by the command-line tests: a `pachisi serve` process, and the check that the browser
//! tests have their browser.

#![allow(dead_code)]

pub mod api;

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Arc, Mutex};
use std::thread;
use std::time::Duration;

/// The workspace's root directory.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Checks that node, playwright-core (browser-tests/node_modules) and Chromium (`$CHROMIUM` or
/// Debian's) are here for a browser test, and fails the test, naming what is missing and how to
/// get it, when one is not: a browser test never passes without its browser, under CI or
/// elsewhere. The browser tests are `#[ignore]`d, so `cargo test` lists them as ignored with
/// what they need, and runs them only when asked (`--ignored`, as README's test command and
/// `.ci/run` do).
pub fn require_browser(test: &str) {
    let chromium =
        PathBuf::from(std::env::var_os("CHROMIUM").unwrap_or_else(|| "/usr/bin/chromium".into()));
    let modules = workspace_root().join("browser-tests/node_modules/playwright-core");
    let node = Command::new("node").arg("--version").output();
    let missing = if !chromium.exists() {
        Some(format!(
            "no {} (apt-get install chromium, or set CHROMIUM)",
            chromium.display()
        ))
    } else if !modules.exists() {
        Some("no browser-tests/node_modules (npm ci --prefix browser-tests)".to_string())
    } else if node.is_err() {
        Some("no node on the PATH".to_string())
    } else {
        None
    };
    if let Some(why) = missing {
        panic!(
            "{test} cannot run: {why}; without a browser, leave out --ignored and the browser \
             tests are listed as ignored"
        );
    }
}

/// A `pachisi serve` process, killed however the test ends.
pub struct Server {
    child: Child,
    /// The address it serves, without the trailing slash.
    pub url: String,
    output: Arc<Mutex<String>>,
}

impl Server {
    /// Starts `pachisi serve` on a free port with `database`, bots playing after `pace_ms`.
    pub fn start(database: &Path, pace_ms: u64) -> Server {
        Server::start_with(database, pace_ms, &[])
    }

    /// As [`Server::start`], with more options of `pachisi serve`.
    pub fn start_with(database: &Path, pace_ms: u64, options: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pachisi"))
            .args([
                "serve",
                "--port",
                "0",
                "--pace",
                &pace_ms.to_string(),
                "--database",
            ])
            .arg(database)
            .args(options)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let output = Arc::new(Mutex::new(String::new()));
        let (tx, rx) = mpsc::channel();
        if let Some(stdout) = child.stdout.take() {
            drain(stdout, Arc::clone(&output), Some(tx));
        }
        if let Some(stderr) = child.stderr.take() {
            drain(stderr, Arc::clone(&output), None);
        }
        let mut server = Server {
            child,
            url: String::new(),
            output,
        };
        let line = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_else(|e| {
                panic!("the server printed no address ({e}):\n{}", server.output())
            });
        // "Serving Pachisi at http://127.0.0.1:PORT/ (database FILE)"
        server.url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no http:// address in the first line: {line:?}"))
            .trim_end_matches('/')
            .to_string();
        server
    }

    /// What the server wrote on stdout and stderr so far.
    pub fn output(&self) -> String {
        self.output.lock().map(|s| s.clone()).unwrap_or_default()
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Kills the process at once (SIGKILL): no chance to tidy up.
    pub fn kill(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("reap");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Copies a stream of the server into `output`, sending its first line on `first` (stdout's first
/// line names the address). The stream is read to its end so that the server never blocks on a
/// full pipe.
fn drain(
    stream: impl Read + Send + 'static,
    output: Arc<Mutex<String>>,
    first: Option<mpsc::Sender<String>>,
) {
    thread::spawn(move || {
        let mut first = first;
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if let Some(tx) = first.take() {
                let _ = tx.send(line.clone());
            }
            if let Ok(mut out) = output.lock() {
                out.push_str(&line);
                out.push('\n');
            }
        }
    });
}

/// A Ludo record of `turns` turns in which every throw is a 1 and nobody can move: a throw and
/// a pass each, the cheapest record of its length to send.
pub fn idle_ludo(turns: usize) -> String {
    let mut text = String::from("[Ruleset \"ludo\"]\n\n");
    for _ in 0..turns {
        text.push_str("(1) - ");
    }
    text
}

/// A database path under the tests' temporary directory, with no file left from an earlier run.
pub fn fresh_database(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("serve");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(format!("{name}.sqlite"));
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// Reads `reader` (a pseudo-terminal's output) on a thread of its own, sending each chunk read,
/// so that the program never blocks on a full terminal while a test looks at its screen.
pub fn read_in_background(mut reader: Box<dyn Read + Send>) -> mpsc::Receiver<Vec<u8>> {
    let (send, output) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || send.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    output
}

/// Takes the state told by a WebSocket's `welcome` or `events` message into `state`, a client's
/// copy (docs/api.md, "Live updates"): a whole `state` replaces it; a `patch` replaces the fields
/// it names, and keeps the log's first `log_keep` lines with the patch's `log` after them.
/// Returns whether the message told a state.
pub fn take_state(state: &mut serde_json::Value, message: &serde_json::Value) -> bool {
    if let Some(whole) = message.get("state") {
        *state = whole.clone();
        return true;
    }
    let Some(patch) = message.get("patch").and_then(serde_json::Value::as_object) else {
        return false;
    };
    for (name, value) in patch {
        if name != "log" && name != "log_keep" {
            state[name] = value.clone();
        }
    }
    if let Some(keep) = patch.get("log_keep").and_then(serde_json::Value::as_u64) {
        let mut log = state["log"].as_array().cloned().unwrap_or_default();
        log.truncate(usize::try_from(keep).unwrap_or(usize::MAX));
        log.extend(patch["log"].as_array().cloned().unwrap_or_default());
        state["log"] = log.into();
    }
    true
}
