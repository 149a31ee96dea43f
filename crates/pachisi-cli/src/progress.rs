//! The progress bar of games that the commands playing many games share.

use indicatif::{ProgressBar, ProgressStyle};
use std::sync::atomic::{AtomicU64, Ordering};

/// A progress bar counting games on standard error (hidden when that is not a terminal). Games
/// finish on several threads, each reporting its own count: the bar never moves backwards.
pub(crate) struct GamesBar {
    bar: ProgressBar,
    shown: AtomicU64,
}

impl GamesBar {
    /// A bar for `total` games, labelled with `label` when it is not empty.
    pub(crate) fn new(total: u64, label: &str) -> GamesBar {
        let template = if label.is_empty() {
            "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}"
        } else {
            "{msg:34} {bar:32} {pos}/{len} games, {per_sec}, eta {eta}"
        };
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar.set_message(label.to_string());
        GamesBar {
            bar,
            shown: AtomicU64::new(0),
        }
    }

    /// A bar that draws nothing.
    pub(crate) fn hidden() -> GamesBar {
        GamesBar {
            bar: ProgressBar::hidden(),
            shown: AtomicU64::new(0),
        }
    }

    /// `done` games are finished (as one thread counts them).
    pub(crate) fn update(&self, done: u64) {
        let at = self.shown.fetch_max(done, Ordering::Relaxed).max(done);
        self.bar.set_position(at);
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
