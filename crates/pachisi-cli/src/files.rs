//! Files that commands write for later use (networks, checkpoints): written whole or not at
//! all, and the command line recorded in them.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// Writes `text` to a temporary file beside `path`, then renames it over `path`, so that the
/// file is always whole.
pub(crate) fn write_atomically(path: &Path, text: &str) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, text).with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
}

/// This command as typed, for a file's `made_by`: `pachisi` and its arguments, quoted where
/// a shell would need it.
pub(crate) fn command_line() -> String {
    std::iter::once("pachisi".to_string())
        .chain(std::env::args().skip(1).map(|a| crate::report::quote(&a)))
        .collect::<Vec<_>>()
        .join(" ")
}
