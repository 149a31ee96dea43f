//! The database of the run: a fresh SQLite file in a temporary directory (one instance), a
//! throwaway PostgreSQL cluster of the run's own (`--postgres`: the tests' cluster,
//! crates/pachisi-store/tests/cluster, made with Debian's binaries and removed at the end), or a
//! PostgreSQL database given by its URL (`--database`). Of the run's own cluster, the CPU time
//! of all its processes is read from `/proc`.

use crate::cluster::Cluster;
use crate::server::{self, TempDir};
use std::time::Duration;

/// Where the instances keep their games.
pub enum Store {
    /// A SQLite file of the run's own.
    Sqlite {
        /// Its directory, removed at the end.
        _dir: TempDir,
        /// The file.
        path: String,
    },
    /// A PostgreSQL cluster of the run's own.
    Cluster {
        /// The cluster, stopped and removed when dropped.
        cluster: Cluster,
        /// The database made for the run.
        url: String,
    },
    /// A database given by its URL.
    Given(String),
}

impl Store {
    /// Opens the run's database: the URL given, else a cluster of its own with `postgres`, else
    /// a SQLite file.
    pub fn open(postgres: bool, given: Option<&str>) -> Result<Store, String> {
        if let Some(url) = given {
            return Ok(Store::Given(url.to_string()));
        }
        if !postgres {
            let dir = TempDir::new()?;
            let path = dir.0.join("load.sqlite").display().to_string();
            return Ok(Store::Sqlite { _dir: dir, path });
        }
        // The cluster's helper panics when initdb or pg_ctl fails: that becomes an error here.
        let started = std::panic::catch_unwind(|| {
            let cluster = Cluster::start("load_rooms --postgres")?;
            let url = cluster.database();
            Some((cluster, url))
        });
        match started {
            Ok(Some((cluster, url))) => Ok(Store::Cluster { cluster, url }),
            Ok(None) => Err(
                "--postgres needs PostgreSQL's server installed (Debian's postgresql: initdb, \
                 pg_ctl) and, as root, a `postgres` user; or give --database postgres://..."
                    .to_string(),
            ),
            Err(_) => Err("the PostgreSQL cluster could not be started (see above)".to_string()),
        }
    }

    /// The server's `--database`.
    pub fn url(&self) -> &str {
        match self {
            Store::Sqlite { path, .. } => path,
            Store::Cluster { url, .. } | Store::Given(url) => url,
        }
    }

    /// Whether several instances may share it.
    pub fn is_postgres(&self) -> bool {
        !matches!(self, Store::Sqlite { .. })
    }

    /// What it is, for the report.
    pub fn describe(&self) -> String {
        match self {
            Store::Sqlite { .. } => "SQLite, a fresh file".to_string(),
            Store::Cluster { url, .. } => format!(
                "PostgreSQL {}, a throwaway cluster of the run's own (fsync {}, max_connections \
                 200): {url}",
                version().unwrap_or_default(),
                if std::env::var("PACHISI_PG_FSYNC").as_deref() == Ok("on") {
                    "on"
                } else {
                    "off: PACHISI_PG_FSYNC=on to turn it on"
                }
            ),
            Store::Given(url) => format!("PostgreSQL at {url}"),
        }
    }

    /// CPU time of the run's own PostgreSQL cluster so far: the postmaster, its connections'
    /// processes running now and those that ended.
    pub fn postgres_cpu(&self) -> Option<Duration> {
        let Store::Cluster { cluster, .. } = self else {
            return None;
        };
        let pid_file = cluster.dir().join("data").join("postmaster.pid");
        let text = std::fs::read_to_string(pid_file).ok()?;
        let postmaster: u32 = text.lines().next()?.trim().parse().ok()?;
        let mut total = server::cpu_with_children(&format!("/proc/{postmaster}/stat"))?;
        for entry in std::fs::read_dir("/proc").ok()?.flatten() {
            let name = entry.file_name();
            let Some(pid) = name.to_str().and_then(|n| n.parse::<u32>().ok()) else {
                continue;
            };
            let stat = format!("/proc/{pid}/stat");
            if server::parent(&stat) == Some(postmaster) {
                total += server::cpu(&stat).unwrap_or_default();
            }
        }
        Some(total)
    }
}

impl Store {
    /// How many games each instance owns now (their leases), by instance, largest first;
    /// `None` on SQLite or when `psql` cannot ask. Read while the instances run: one that stops
    /// gives its up.
    pub fn leases(&self) -> Option<Vec<(String, u64)>> {
        if !self.is_postgres() {
            return None;
        }
        let out = std::process::Command::new("psql")
            .args([
                self.url(),
                "-AtXc",
                "SELECT d.instance, count(*) FROM drivers d \
                 JOIN instances i ON i.instance = d.instance WHERE i.expires >= \
                 (extract(epoch from clock_timestamp()) * 1000)::BIGINT \
                 GROUP BY d.instance ORDER BY 2 DESC, 1",
            ])
            .output()
            .ok()?;
        if !out.status.success() {
            return None;
        }
        String::from_utf8(out.stdout)
            .ok()?
            .lines()
            .map(|l| {
                let (instance, count) = l.trim().split_once('|')?;
                Some((instance.to_string(), count.parse().ok()?))
            })
            .collect()
    }
}

/// PostgreSQL's version, from `pg_config`.
fn version() -> Option<String> {
    let out = std::process::Command::new("pg_config")
        .arg("--version")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    Some(text.trim().trim_start_matches("PostgreSQL ").to_string())
}
