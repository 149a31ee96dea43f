//! Files that commands write for later use (networks, checkpoints): written whole or not at
//! all.

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
