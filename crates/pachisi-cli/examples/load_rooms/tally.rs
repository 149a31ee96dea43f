//! What the rooms count: live counters that the progress line reads, each room's own tally
//! (latencies, events lost, errors) merged at the end, and each connection's check that its
//! events come numbered one after another, each once.

use crate::wire::{Envelope, EventIn};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Examples of each kind of error kept for the report.
const EXAMPLES: usize = 3;

/// Counters shared by every room, read while the load runs.
#[derive(Default)]
pub struct Live {
    /// Actions applied (people's, bots' and forced passes), from the `play` events on the
    /// players' sockets.
    pub actions: AtomicU64,
    /// People's actions whose event came back.
    pub people: AtomicU64,
    /// Events received, on every socket.
    pub events: AtomicU64,
    /// Messages received, on every socket.
    pub messages: AtomicU64,
    /// Bytes of the messages received.
    pub bytes: AtomicU64,
    /// Events missing or received twice.
    pub lost: AtomicU64,
    /// Errors of any kind.
    pub errors: AtomicU64,
    /// Games played to their end.
    pub over: AtomicU64,
    /// Rooms created (all of them, at the start and after games ended).
    pub created: AtomicU64,
    /// Rooms set up at the start (created, every socket welcomed).
    pub ready: AtomicU64,
    /// Rooms whose setup at the start failed.
    pub failed: AtomicU64,
    /// Rooms playing now.
    pub playing: AtomicU64,
    /// Sockets opened again after their instance went away (fault run).
    pub reconnects: AtomicU64,
    /// Connections and requests tried again on another instance because theirs did not answer
    /// (fault run).
    pub retried: AtomicU64,
    /// Sockets refused 404 by an instance that had not yet heard of the game just created on
    /// another, and opened again.
    pub unknown: AtomicU64,
    /// People's actions refused because the game had moved on (another instance's change
    /// first): acted again, not errors.
    pub refused: AtomicU64,
    /// People's actions lost with their instance (never heard of again): acted again.
    pub dropped: AtomicU64,
}

impl Live {
    /// Adds `n` to `counter`.
    pub fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }

    /// The value of `counter`.
    pub fn get(counter: &AtomicU64) -> u64 {
        counter.load(Ordering::Relaxed)
    }
}

/// One room slot's findings, merged over every slot for the report.
#[derive(Default)]
pub struct Tally {
    /// Microseconds from sending an action to the event that tells of it, on the player's own
    /// socket.
    pub player: Vec<u32>,
    /// The same on the watcher's socket.
    pub watcher: Vec<u32>,
    /// Events missing: a number skipped, or never received by the end.
    pub gaps: u64,
    /// Events received twice or out of order.
    pub duplicates: u64,
    /// Of the gaps, events the server had numbered that a socket had not received when the run
    /// ended.
    pub unseen: u64,
    /// Errors by kind, with the first few messages.
    pub errors: BTreeMap<&'static str, (u64, Vec<String>)>,
}

impl Tally {
    /// Counts an error of `kind`.
    pub fn error(&mut self, live: &Live, kind: &'static str, what: impl Into<String>) {
        Live::add(&live.errors, 1);
        let entry = self.errors.entry(kind).or_default();
        entry.0 += 1;
        if entry.1.len() < EXAMPLES {
            let mut text: String = what.into();
            if text.len() > 300 {
                let mut cut = 300;
                while !text.is_char_boundary(cut) {
                    cut -= 1;
                }
                text.truncate(cut);
                text.push_str("...");
            }
            entry.1.push(text);
        }
    }

    /// Adds `other` to this tally.
    pub fn merge(&mut self, other: Tally) {
        self.player.extend(other.player);
        self.watcher.extend(other.watcher);
        self.gaps += other.gaps;
        self.duplicates += other.duplicates;
        self.unseen += other.unseen;
        for (kind, (n, examples)) in other.errors {
            let entry = self.errors.entry(kind).or_default();
            entry.0 += n;
            for e in examples {
                if entry.1.len() < EXAMPLES {
                    entry.1.push(e);
                }
            }
        }
    }

    /// Every error counted.
    pub fn error_count(&self) -> u64 {
        self.errors.values().map(|(n, _)| n).sum()
    }
}

/// Records a latency.
pub fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

/// `count, p50, p90, p99, max` of microsecond samples, as text in milliseconds.
pub fn percentiles(samples: &mut [u32]) -> String {
    if samples.is_empty() {
        return "no samples".to_string();
    }
    samples.sort_unstable();
    let at = |q: f64| {
        let i = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        f64::from(samples[i]) / 1000.0
    };
    format!(
        "{} samples: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.1} ms",
        thousands(samples.len() as u64),
        at(0.50),
        at(0.90),
        at(0.99),
        f64::from(samples[samples.len() - 1]) / 1000.0
    )
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// One connection's events: the number of the last one received, checked to follow on.
#[derive(Default)]
pub struct Feed {
    /// The number of the last event received (0 before the first).
    pub last: u64,
}

impl Feed {
    /// Takes the events of a `welcome` or `events` message: the events that follow on from the
    /// last (a duplicate is left out), counted, with a number skipped counted as a gap. The
    /// message's `event`, the last event's number, must be the last one listed.
    pub fn take<'m, S, P>(
        &mut self,
        message: &'m Envelope<S, P>,
        tally: &mut Tally,
        live: &Live,
    ) -> Result<Vec<&'m EventIn>, String> {
        let events = message
            .events
            .as_ref()
            .ok_or_else(|| format!("a `{}` message without events", message.kind))?;
        let mut fresh = Vec::with_capacity(events.len());
        for e in events {
            let n =
                e.n.ok_or_else(|| format!("a `{}` event without a number", e.kind))?;
            if n <= self.last {
                tally.duplicates += 1;
                Live::add(&live.lost, 1);
                continue;
            }
            if n > self.last + 1 {
                tally.gaps += n - self.last - 1;
                Live::add(&live.lost, n - self.last - 1);
            }
            self.last = n;
            fresh.push(e);
        }
        Live::add(&live.events, fresh.len() as u64);
        let said = message
            .event
            .ok_or_else(|| format!("a `{}` message without its `event` number", message.kind))?;
        if said > self.last {
            // The message says events were numbered that it does not carry.
            tally.gaps += said - self.last;
            Live::add(&live.lost, said - self.last);
            self.last = said;
        }
        Ok(fresh)
    }

    /// Counts the events numbered up to `last` that this connection has not received.
    pub fn unseen(&mut self, last: u64, tally: &mut Tally, live: &Live) {
        if last > self.last {
            tally.gaps += last - self.last;
            tally.unseen += last - self.last;
            Live::add(&live.lost, last - self.last);
            self.last = last;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{parse, Watched};

    fn events(numbers: &[u64], last: u64) -> Watched {
        let list: Vec<String> = numbers.iter().map(|n| format!("{{\"n\":{n}}}")).collect();
        let text = format!(
            "{{\"type\":\"events\",\"event\":{last},\"events\":[{}]}}",
            list.join(",")
        );
        parse(&text).expect("a message")
    }

    #[test]
    fn events_in_order_lose_nothing() {
        let (mut feed, mut tally, live) = (Feed::default(), Tally::default(), Live::default());
        let taken = feed
            .take(&events(&[1, 2, 3], 3), &mut tally, &live)
            .map(|t| t.len());
        assert_eq!(taken, Ok(3));
        let taken = feed
            .take(&events(&[4], 4), &mut tally, &live)
            .map(|t| t.len());
        assert_eq!(taken, Ok(1));
        assert_eq!((tally.gaps, tally.duplicates, feed.last), (0, 0, 4));
        assert_eq!(Live::get(&live.events), 4);
    }

    #[test]
    fn a_skipped_number_a_repeat_and_an_unsent_last_event_are_counted() {
        let (mut feed, mut tally, live) = (Feed::default(), Tally::default(), Live::default());
        let _ = feed.take(&events(&[1, 2], 2), &mut tally, &live);
        // 3 and 4 skipped, 2 again, and a message saying 7 while carrying 5.
        let _ = feed.take(&events(&[5], 5), &mut tally, &live);
        let taken = feed
            .take(&events(&[2], 5), &mut tally, &live)
            .map(|t| t.len());
        assert_eq!(taken, Ok(0));
        let _ = feed.take(&events(&[], 7), &mut tally, &live);
        assert_eq!((tally.gaps, tally.duplicates, feed.last), (4, 1, 7));
        feed.unseen(9, &mut tally, &live);
        assert_eq!((tally.gaps, tally.unseen, feed.last), (6, 2, 9));
        assert_eq!(Live::get(&live.lost), 7);
    }

    #[test]
    fn a_message_without_numbers_is_an_error() {
        let (mut feed, mut tally, live) = (Feed::default(), Tally::default(), Live::default());
        for text in [
            r#"{"type":"events","event":1,"events":[{"kind":"play"}]}"#,
            r#"{"type":"events","event":1}"#,
            r#"{"type":"events","events":[{"n":1}]}"#,
        ] {
            let message: Watched = parse(text).expect("a message");
            assert!(feed.take(&message, &mut tally, &live).is_err(), "{text}");
        }
    }

    #[test]
    fn percentiles_and_thousands() {
        let mut samples: Vec<u32> = (1..=100).map(|i| i * 1000).collect();
        assert_eq!(
            percentiles(&mut samples),
            "100 samples: p50 50.00 ms, p90 90.00 ms, p99 99.00 ms, max 100.0 ms"
        );
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
    }
}
