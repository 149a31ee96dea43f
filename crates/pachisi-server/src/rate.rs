//! Rates within a sliding window: how many times each key (a chat speaker, a game's room
//! changes) acted lately, so that a limit such as "5 lines in 10 seconds" holds. Keys whose
//! times have all left the window are forgotten, so the map holds only recent speakers.

use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// The recent times of each key.
#[derive(Debug, Default)]
pub struct Recent(HashMap<String, VecDeque<Instant>>);

impl Recent {
    /// Counts one more time for `key` at `now` if it acted fewer than `max` times within
    /// `window` before; false (and nothing counted) when it is at its limit.
    pub fn admit(&mut self, key: &str, max: usize, window: Duration, now: Instant) -> bool {
        let fresh = |t: &Instant| now.saturating_duration_since(*t) <= window;
        // Every key is trimmed, so that speakers long gone take no memory.
        self.0.retain(|_, times| {
            while times.front().is_some_and(|t| !fresh(t)) {
                times.pop_front();
            }
            !times.is_empty()
        });
        let times = self.0.entry(key.to_string()).or_default();
        if times.len() >= max {
            return false;
        }
        times.push_back(now);
        true
    }

    /// How many keys have acted within the window, as of the last [`Recent::admit`].
    pub fn keys(&self) -> usize {
        self.0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_at_its_limit_waits_for_the_window_to_pass() {
        let mut recent = Recent::default();
        let start = Instant::now();
        let window = Duration::from_secs(10);
        for i in 0..3 {
            assert!(recent.admit("a", 3, window, start + Duration::from_secs(i)));
        }
        assert!(!recent.admit("a", 3, window, start + Duration::from_secs(5)));
        assert!(
            recent.admit("b", 3, window, start + Duration::from_secs(5)),
            "another key"
        );
        assert!(
            recent.admit("a", 3, window, start + Duration::from_secs(11)),
            "the first left"
        );
    }

    #[test]
    fn keys_gone_quiet_are_forgotten() {
        let mut recent = Recent::default();
        let start = Instant::now();
        let window = Duration::from_secs(10);
        for k in 0..100 {
            assert!(recent.admit(&format!("speaker {k}"), 1, window, start));
        }
        assert_eq!(recent.keys(), 100);
        assert!(recent.admit("late", 1, window, start + Duration::from_secs(20)));
        assert_eq!(recent.keys(), 1, "only the late speaker is kept");
    }
}
