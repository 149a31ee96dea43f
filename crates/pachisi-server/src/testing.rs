//! What the server's tests share: a fresh SQLite database of their own and the games on it.

use crate::games::Games;
use crate::limits::Limits;
use crate::store::{Database, Store};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A fresh database file for the test `name`, in a directory of its own (remove it after).
pub(crate) fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pachisi-test-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("games.sqlite");
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    path
}

/// The games of the database at `path`, their bots at `pace`, within `limits`.
pub(crate) fn open(path: &Path, pace: Duration, limits: Limits) -> Arc<Games> {
    Games::load(
        Store::open(&Database::Sqlite(path.to_path_buf())).expect("open"),
        pace,
        limits,
    )
    .expect("load")
}

/// Removes the directory of a database made by [`temp_db`].
pub(crate) fn remove(path: &Path) {
    if let Some(dir) = path.parent() {
        std::fs::remove_dir_all(dir).ok();
    }
}
