//! The threads that think ([`Limits::work_threads`] of them): bots' and stand-ins' decisions,
//! hints, replays, verifications and analyses, shared fairly between the addresses the work is
//! done for.
//!
//! Each piece of work asks for a thread under a key: the client address that asked (a hint, a
//! replay, an analysis) or that created the game (its bots' and stand-ins' turns), `None` when
//! unknown. A thread that frees goes to the waiting key that holds fewest threads now, the
//! longest waiting first among equals, so one address's queue, however long, never stands
//! before another's next piece of work. And the last free thread is kept for a key that holds
//! none: an address whose work runs already never takes every thread, so another's first piece
//! of work starts at once instead of waiting for a decision (up to a second of search) to end.
//!
//! Why the kept thread, measured on 2 cores: beside one address's 20 games of four
//! `mcts:ms=1000` bots, another's game of heuristic bots at `--pace 0` kept half its idle speed
//! with it (`scripts/probe-server`), a twentieth without it, a hundredth with one queue for all
//! as before; at the default pace, all of it with it, four fifths without, half with one queue
//! (and a replay refused for want of a thread). Its cost: an address alone has every thread but
//! one, which slows only its games thinking at the same moment (20 such games at `--pace 0`:
//! 5.6 actions a second instead of 9.6; two at the default pace: 2.1 instead of 2.5; one: none).
//!
//! A waiter that is dropped (a request cancelled or timed out, a task aborted) leaves its queue
//! at once, and a thread granted to it as it went is given back; a key is forgotten as soon as
//! it holds no thread and waits for none, so the pool's memory is bounded by the work running
//! and waiting.
//!
//! [`Limits::work_threads`]: crate::limits::Limits::work_threads

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use tokio::sync::oneshot;

/// Whom a piece of work is done for: a client's address, as its limits count it
/// ([`crate::net::client_key`]), or `None` when it is not known (one key for all such work).
pub type WorkKey = Option<IpAddr>;

/// The pool of threads that think; clones share it.
#[derive(Clone)]
pub struct WorkPool {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
}

struct State {
    /// Threads no key holds.
    free: usize,
    /// The number of the next waiter: waiters are served in this order among equals.
    next: u64,
    /// Every key that holds or waits for a thread, and no other.
    keys: HashMap<WorkKey, Account>,
}

#[derive(Default)]
struct Account {
    /// Threads the key holds.
    held: usize,
    /// The key's waiters, oldest first.
    waiting: VecDeque<Waiter>,
}

struct Waiter {
    ticket: u64,
    grant: oneshot::Sender<WorkPermit>,
}

/// A thread of the pool, held until dropped.
pub struct WorkPermit {
    shared: Arc<Shared>,
    key: WorkKey,
}

impl WorkPool {
    /// A pool of `threads` threads (at least one).
    pub fn new(threads: usize) -> WorkPool {
        let threads = threads.max(1);
        WorkPool {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    free: threads,
                    next: 0,
                    keys: HashMap::new(),
                }),
            }),
        }
    }

    /// A thread for work done for `key`, once the pool's turn comes to it. Dropping the future
    /// gives up its place. `None` only if the pool dropped the waiter, which it does not while
    /// the future waits.
    pub async fn acquire(&self, key: WorkKey) -> Option<WorkPermit> {
        let (grant, granted) = oneshot::channel();
        let (ticket, grants) = {
            let mut state = self.shared.lock();
            let ticket = state.next;
            state.next += 1;
            state
                .keys
                .entry(key)
                .or_default()
                .waiting
                .push_back(Waiter { ticket, grant });
            (ticket, state.grant(&self.shared))
        };
        send(grants);
        let mut waiting = Waiting {
            shared: self.shared.clone(),
            key,
            ticket,
            granted,
        };
        (&mut waiting.granted).await.ok()
    }

    /// How many keys the pool knows (those holding or waiting for a thread).
    #[cfg(test)]
    pub(crate) fn keys(&self) -> usize {
        self.shared.lock().keys.len()
    }

    /// How many threads `key` holds and how many of its waiters wait.
    #[cfg(test)]
    pub(crate) fn account(&self, key: WorkKey) -> (usize, usize) {
        self.shared
            .lock()
            .keys
            .get(&key)
            .map_or((0, 0), |a| (a.held, a.waiting.len()))
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics with the lock held; a poisoned lock still holds consistent counts.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl State {
    /// Gives free threads to waiters, each to the eligible key holding fewest (the oldest
    /// waiter first among equals), and returns the grants, to be sent once the lock is let go:
    /// a grant whose waiter has gone is dropped, which takes the lock to give the thread back.
    fn grant(&mut self, shared: &Arc<Shared>) -> Vec<(oneshot::Sender<WorkPermit>, WorkPermit)> {
        let mut grants = Vec::new();
        while self.free > 0 {
            let free = self.free;
            // The last free thread goes only to a key that holds none.
            let next = self
                .keys
                .iter()
                .filter(|(_, account)| account.held == 0 || free > 1)
                .filter_map(|(key, account)| {
                    account
                        .waiting
                        .front()
                        .map(|w| (account.held, w.ticket, *key))
                })
                .min();
            let Some((_, _, key)) = next else {
                break;
            };
            let Some(account) = self.keys.get_mut(&key) else {
                break;
            };
            let Some(waiter) = account.waiting.pop_front() else {
                break;
            };
            account.held += 1;
            self.free -= 1;
            let permit = WorkPermit {
                shared: shared.clone(),
                key,
            };
            grants.push((waiter.grant, permit));
        }
        grants
    }

    /// Forgets `key` if it holds no thread and waits for none.
    fn forget_if_idle(&mut self, key: WorkKey) {
        if self
            .keys
            .get(&key)
            .is_some_and(|a| a.held == 0 && a.waiting.is_empty())
        {
            self.keys.remove(&key);
        }
    }
}

/// Hands out grants made under the lock, after it is let go.
fn send(grants: Vec<(oneshot::Sender<WorkPermit>, WorkPermit)>) {
    for (grant, permit) in grants {
        // A waiter that has just gone hands the permit back, and dropping it frees the thread
        // for the next.
        drop(grant.send(permit));
    }
}

impl Drop for WorkPermit {
    fn drop(&mut self) {
        let grants = {
            let mut state = self.shared.lock();
            state.free += 1;
            if let Some(account) = state.keys.get_mut(&self.key) {
                account.held = account.held.saturating_sub(1);
            }
            state.forget_if_idle(self.key);
            state.grant(&self.shared)
        };
        send(grants);
    }
}

/// A waiter's place, given up when it is dropped before its grant comes.
struct Waiting {
    shared: Arc<Shared>,
    key: WorkKey,
    ticket: u64,
    /// Dropped after the place is given up (fields drop after `drop`), so that a permit granted
    /// meanwhile is given back without the lock held.
    granted: oneshot::Receiver<WorkPermit>,
}

impl Drop for Waiting {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        if let Some(account) = state.keys.get_mut(&self.key) {
            account.waiting.retain(|w| w.ticket != self.ticket);
        }
        state.forget_if_idle(self.key);
    }
}

#[cfg(test)]
mod tests;
