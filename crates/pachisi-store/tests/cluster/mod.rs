//! A throwaway PostgreSQL server for tests: a cluster made with `initdb` in a temporary
//! directory, listening on a free loopback port, stopped and removed when dropped. Nothing is
//! mocked: it is the real server Debian's `postgresql` package installs (.ci/run installs it).
//!
//! Where PostgreSQL is not installed the tests that need it say so and pass without it, except
//! under `CI=true`, where a missing server fails them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// A running PostgreSQL cluster of the tests' own.
pub struct Cluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
    /// The user the server runs as, when the tests run as root (PostgreSQL refuses root).
    run_as: Option<String>,
}

/// Databases made so far by this process, to name the next.
static MADE: AtomicU32 = AtomicU32::new(0);

fn bin_dir() -> Option<PathBuf> {
    let from_config = Command::new("pg_config")
        .arg("--bindir")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    let mut candidates: Vec<PathBuf> = from_config.into_iter().collect();
    if let Ok(versions) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut found: Vec<PathBuf> = versions.flatten().map(|v| v.path().join("bin")).collect();
        found.sort();
        candidates.extend(found.into_iter().rev());
    }
    candidates
        .into_iter()
        .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Cluster {
    /// Starts a cluster, or says why it cannot (no PostgreSQL here) and returns `None` — which
    /// fails the test under `CI=true`.
    pub fn start(test: &str) -> Option<Cluster> {
        let Some(bin) = bin_dir() else {
            return missing(
                test,
                "PostgreSQL is not installed (no initdb and pg_ctl found)",
            );
        };
        let run_as = if is_root() {
            let known = Command::new("id")
                .arg("postgres")
                .output()
                .is_ok_and(|o| o.status.success());
            if !known {
                return missing(
                    test,
                    "running as root with no `postgres` user to run the server as",
                );
            }
            Some("postgres".to_string())
        } else {
            None
        };
        let dir = std::env::temp_dir().join(format!(
            "pachisi-pg-{}-{}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a directory for the cluster");
        let cluster = Cluster {
            bin,
            dir,
            port: free_port(),
            run_as,
        };
        if let Some(user) = &cluster.run_as {
            let owned = Command::new("chown")
                .arg("-R")
                .arg(user)
                .arg(&cluster.dir)
                .status()
                .is_ok_and(|s| s.success());
            assert!(owned, "cannot give {} to {user}", cluster.dir.display());
        }
        let data = cluster.data();
        cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ],
        );
        cluster.pg_ctl_start();
        Some(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        match &self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.arg("-u").arg(user).arg("--").arg(path);
                c
            }
            None => Command::new(path),
        }
    }

    fn run(&self, program: &str, args: &[&str]) -> Output {
        let out = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?} failed:\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    fn pg_ctl_start(&self) {
        // Tests need no durability; a measured run may ask for it (`PACHISI_PG_FSYNC=on`).
        let fsync = match std::env::var("PACHISI_PG_FSYNC").as_deref() {
            Ok("on") => "on",
            _ => "off",
        };
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync={fsync} -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let log = self.dir.join("server.log").display().to_string();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-o",
                &options,
                "-l",
                &log,
                "-w",
                "-t",
                "60",
                "start",
            ],
        );
    }

    /// Stops the server at once (as a crash would) and starts it again on the same port.
    pub fn restart(&self) {
        self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        );
        self.pg_ctl_start();
    }

    /// The URL of database `name` on this cluster.
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// A new, empty database, by its URL.
    pub fn database(&self) -> String {
        let name = format!("pachisi_{}", MADE.fetch_add(1, Ordering::Relaxed));
        self.run(
            "createdb",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                &name,
            ],
        );
        self.url(&name)
    }

    /// Ends every connection to the cluster's databases but the caller's, as a network cut or
    /// an operator would.
    pub fn kill_connections(&self) {
        self.run(
            "psql",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-d",
                "postgres",
                "-c",
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
                 WHERE pid <> pg_backend_pid() AND datname IS NOT NULL",
            ],
        );
    }

    /// Runs `sql` with psql on the database at `url` (one of this cluster's) and returns what
    /// it printed, unaligned, without headers.
    pub fn query(&self, url: &str, sql: &str) -> String {
        let name = url.rsplit('/').next().unwrap_or("postgres");
        let out = self.run(
            "psql",
            &[
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
                "-d",
                name,
                "-At",
                "-c",
                sql,
            ],
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Where the cluster lives.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(["-D", &self.data(), "-m", "immediate", "-w", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Says why a PostgreSQL test cannot run here; under `CI=true` that fails it.
fn missing(test: &str, why: &str) -> Option<Cluster> {
    assert!(
        std::env::var("CI").as_deref() != Ok("true"),
        "{test}: {why}; CI must run the PostgreSQL tests (.ci/run installs postgresql)"
    );
    eprintln!("SKIPPED {test}: {why} (install Debian's postgresql to run it)");
    None
}
