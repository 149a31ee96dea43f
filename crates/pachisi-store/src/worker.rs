//! The thread that owns a backend's connection: it takes every change waiting, writes them in
//! one transaction and answers each; reads are answered between writes, before the changes
//! waiting. Changes a person waits for ([`Commit::urgent`](crate::Commit::urgent)) go first:
//! each transaction takes those waiting, then the others in the order they came, [`BATCH`] in
//! all at most.
//! A game has at most one commit waiting at a time (its owner commits under the game's lock),
//! so putting one game's commit before another's changes no game's order.

use crate::{Backend, Change, Holding, Owner, StoreError, StoredGame};
use std::collections::VecDeque;
use std::sync::mpsc;

/// Most changes written in one transaction: a person's commit waits for at most one such batch
/// in flight (with 256, a person's action under a crowd of bots at `--pace 0` waited twice as
/// long at p99; docs/performance.md).
const BATCH: usize = 64;

/// What the store asks of its thread.
pub(crate) enum Request {
    Change(Change),
    ReadAll,
    Alive,
    /// A game with its events after a number.
    ReadGame(String, u64),
    /// Renew and take leases for an instance (at an address), for so many milliseconds.
    Lease(String, Option<String>, i64),
    /// Take the lease of one game nobody holds, for an instance, for so many milliseconds.
    Claim(String, String, i64),
    Release(String),
    /// Where a game lives.
    Owner(String),
    /// How many games an address created.
    CreatedBy(String),
    /// The instances' key, or this candidate kept as it.
    Key(String),
}

/// What the thread answers.
pub(crate) enum Answer {
    Done,
    Games(Vec<StoredGame>),
    Alive(i64),
    Game(Option<Box<StoredGame>>),
    Held(Holding),
    Claimed(bool),
    Owner(Owner),
    Count(u64),
    Key(String),
}

/// A request and where its answer goes.
pub(crate) type Job = (Request, mpsc::SyncSender<Result<Answer, StoreError>>);

/// Starts the thread, which opens its backend with `open` first: the store is ready, or the
/// reason it could not open is returned.
pub(crate) fn start<B: Backend + 'static>(
    open: impl FnOnce() -> Result<B, StoreError> + Send + 'static,
) -> Result<mpsc::Sender<Job>, StoreError> {
    let (jobs, queue) = mpsc::channel::<Job>();
    let (ready, opened) = mpsc::sync_channel(1);
    std::thread::Builder::new()
        .name("pachisi-store".into())
        .spawn(move || match open() {
            Ok(backend) => {
                let _ = ready.send(Ok(()));
                serve(backend, &queue);
            }
            Err(e) => {
                let _ = ready.send(Err(e));
            }
        })
        .map_err(|e| StoreError::backend(format!("cannot start its thread: {e}")))?;
    opened
        .recv()
        .map_err(|_| StoreError::backend("its thread stopped while opening"))??;
    Ok(jobs)
}

/// `ask` of the backend, made once more when the connection was found closed (the database
/// restarted, or the connection was killed while idle): the second try opens a new one. A
/// change cut off in its commit and made again is refused by its keys (a conflict), never
/// written twice.
fn twice<B: Backend, T>(
    backend: &mut B,
    mut ask: impl FnMut(&mut B) -> Result<T, StoreError>,
) -> Result<T, StoreError> {
    match ask(backend) {
        Err(e) if e.lost => ask(backend),
        other => other,
    }
}

fn serve<B: Backend>(mut backend: B, queue: &mpsc::Receiver<Job>) {
    let mut waiting = Waiting::default();
    loop {
        if waiting.is_empty() {
            match queue.recv() {
                Ok(job) => waiting.take(job),
                Err(_) => return,
            }
        }
        // Everything sent meanwhile is looked at together: the callers wait for their
        // answers, so the queue holds at most one job per caller.
        while let Ok(job) = queue.try_recv() {
            waiting.take(job);
        }
        if let Some((request, reply)) = waiting.reads.pop_front() {
            answer(&mut backend, request, &reply);
            continue;
        }
        let batch = waiting.batch();
        if !batch.is_empty() {
            write_batch(&mut backend, batch);
        }
    }
}

/// The jobs taken from the queue and not yet done.
#[derive(Default)]
struct Waiting {
    /// Everything but changes, in the order asked.
    reads: VecDeque<Job>,
    /// Changes a person waits for, in the order they came.
    urgent: VecDeque<(Change, Reply)>,
    /// The other changes, in the order they came.
    changes: VecDeque<(Change, Reply)>,
}

impl Waiting {
    fn is_empty(&self) -> bool {
        self.reads.is_empty() && self.urgent.is_empty() && self.changes.is_empty()
    }

    fn take(&mut self, (request, reply): Job) {
        match request {
            Request::Change(change) if change.is_urgent() => self.urgent.push_back((change, reply)),
            Request::Change(change) => self.changes.push_back((change, reply)),
            other => self.reads.push_back((other, reply)),
        }
    }

    /// The next transaction's changes: the urgent first, then the others, [`BATCH`] at most.
    fn batch(&mut self) -> Vec<(Change, Reply)> {
        let urgent = self.urgent.len().min(BATCH);
        let mut batch: Vec<_> = self.urgent.drain(..urgent).collect();
        let others = self.changes.len().min(BATCH - batch.len());
        batch.extend(self.changes.drain(..others));
        batch
    }
}

/// Answers a request other than a change.
fn answer<B: Backend>(backend: &mut B, request: Request, reply: &Reply) {
    let answered = match request {
        Request::ReadAll => twice(backend, |b| b.read_all()).map(Answer::Games),
        Request::Alive => twice(backend, |b| b.alive()).map(Answer::Alive),
        Request::ReadGame(id, after) => {
            twice(backend, |b| b.read_game(&id, after)).map(|g| Answer::Game(g.map(Box::new)))
        }
        Request::Lease(instance, address, ttl) => {
            twice(backend, |b| b.lease(&instance, address.as_deref(), ttl)).map(Answer::Held)
        }
        Request::Claim(game, instance, ttl) => {
            twice(backend, |b| b.claim(&game, &instance, ttl)).map(Answer::Claimed)
        }
        Request::Release(instance) => {
            twice(backend, |b| b.release(&instance)).map(|()| Answer::Done)
        }
        Request::Owner(game) => twice(backend, |b| b.owner(&game)).map(Answer::Owner),
        Request::CreatedBy(creator) => {
            twice(backend, |b| b.created_by(&creator)).map(Answer::Count)
        }
        Request::Key(candidate) => twice(backend, |b| b.key(&candidate)).map(Answer::Key),
        // Changes are written in batches, never answered one by one here.
        Request::Change(change) => {
            write_batch(backend, vec![(change, reply.clone())]);
            return;
        }
    };
    let _ = reply.send(answered);
}

type Reply = mpsc::SyncSender<Result<Answer, StoreError>>;

fn write_batch<B: Backend>(backend: &mut B, batch: Vec<(Change, Reply)>) {
    let changes: Vec<&Change> = batch.iter().map(|(change, _)| change).collect();
    let together = twice(backend, |b| b.apply(&changes));
    for (change, reply) in &batch {
        let outcome = match &together {
            Ok(()) => Ok(()),
            // One change may have spoilt the rest: each is tried again on its own.
            Err(_) if batch.len() > 1 => backend.apply(&[change]),
            Err(e) => Err(e.clone()),
        };
        // The caller may have given up waiting; the change stands all the same.
        let _ = reply.send(outcome.map(|()| Answer::Done));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Commit, ErrorKind};

    /// A backend that refuses any transaction holding a commit to game `bad`, and records the
    /// changes it wrote.
    struct Picky {
        written: Vec<String>,
        transactions: usize,
    }

    fn id(change: &Change) -> String {
        match change {
            Change::Commit(c) => c.id.clone(),
            Change::Delete(id) => id.clone(),
            Change::Insert(g, _) => g.id.clone(),
            Change::Alive(_) => "alive".into(),
        }
    }

    impl Backend for Picky {
        fn apply(&mut self, changes: &[&Change]) -> Result<(), StoreError> {
            self.transactions += 1;
            if changes.iter().any(|c| id(c) == "bad") {
                return Err(StoreError::new(ErrorKind::NotFound, "no such game"));
            }
            self.written.extend(changes.iter().map(|c| id(c)));
            Ok(())
        }
        fn read_all(&mut self) -> Result<Vec<StoredGame>, StoreError> {
            Ok(Vec::new())
        }
        fn alive(&mut self) -> Result<i64, StoreError> {
            Ok(0)
        }
        fn read_game(&mut self, _: &str, _: u64) -> Result<Option<StoredGame>, StoreError> {
            Ok(None)
        }
        fn lease(&mut self, _: &str, _: Option<&str>, _: i64) -> Result<Holding, StoreError> {
            Ok(Holding::default())
        }
        fn claim(&mut self, _: &str, _: &str, _: i64) -> Result<bool, StoreError> {
            Ok(true)
        }
        fn release(&mut self, _: &str) -> Result<(), StoreError> {
            Ok(())
        }
        fn owner(&mut self, _: &str) -> Result<Owner, StoreError> {
            Ok(Owner::Free)
        }
        fn key(&mut self, candidate: &str) -> Result<String, StoreError> {
            Ok(candidate.to_string())
        }
        fn created_by(&mut self, _: &str) -> Result<u64, StoreError> {
            Ok(0)
        }
    }

    fn commit(id: &str) -> Change {
        Change::Commit(Commit {
            id: id.into(),
            ..Commit::default()
        })
    }

    /// Changes written together: one that fails is refused alone, and the others stand.
    #[test]
    fn a_failing_change_in_a_shared_transaction_spoils_no_other() {
        let mut backend = Picky {
            written: Vec::new(),
            transactions: 0,
        };
        let mut answers = Vec::new();
        let batch: Vec<(Change, Reply)> = ["a", "bad", "b"]
            .iter()
            .map(|name| {
                let (reply, answer) = mpsc::sync_channel(1);
                answers.push(answer);
                (commit(name), reply)
            })
            .collect();
        write_batch(&mut backend, batch);
        let outcomes: Vec<Option<ErrorKind>> = answers
            .iter()
            .map(|a| a.recv().expect("answered").err().map(|e| e.kind()))
            .collect();
        assert_eq!(outcomes, [None, Some(ErrorKind::NotFound), None]);
        assert_eq!(backend.written, ["a", "b"]);
        // One shared transaction, then each alone.
        assert_eq!(backend.transactions, 4);
    }

    /// A read that arrives among changes is answered, and the changes around it written.
    #[test]
    fn reads_are_answered_between_batches_of_changes() {
        let (jobs, queue) = mpsc::channel::<Job>();
        let mut answers = Vec::new();
        for request in [
            Request::Change(commit("a")),
            Request::Alive,
            Request::Change(commit("b")),
        ] {
            let (reply, answer) = mpsc::sync_channel(1);
            jobs.send((request, reply)).expect("queued");
            answers.push(answer);
        }
        drop(jobs);
        serve(
            Picky {
                written: Vec::new(),
                transactions: 0,
            },
            &queue,
        );
        let kinds: Vec<&str> = answers
            .iter()
            .map(|a| match a.recv().expect("answered") {
                Ok(Answer::Done) => "done",
                Ok(Answer::Alive(_)) => "alive",
                Ok(_) => "other",
                Err(_) => "error",
            })
            .collect();
        assert_eq!(kinds, ["done", "alive", "done"]);
    }

    /// A person's commit waiting behind bots' is written first, in the same transaction.
    #[test]
    fn a_persons_commit_goes_before_the_bots_waiting_with_it() {
        let (jobs, queue) = mpsc::channel::<Job>();
        let mut answers = Vec::new();
        let person = Change::Commit(Commit {
            id: "person".into(),
            urgent: true,
            ..Commit::default()
        });
        for change in [commit("bot 1"), commit("bot 2"), person, commit("bot 3")] {
            let (reply, answer) = mpsc::sync_channel(1);
            jobs.send((Request::Change(change), reply)).expect("queued");
            answers.push(answer);
        }
        drop(jobs);
        let mut backend = Picky {
            written: Vec::new(),
            transactions: 0,
        };
        let mut waiting = Waiting::default();
        while let Ok(job) = queue.try_recv() {
            waiting.take(job);
        }
        write_batch(&mut backend, waiting.batch());
        assert!(waiting.is_empty());
        assert_eq!(backend.written, ["person", "bot 1", "bot 2", "bot 3"]);
        assert_eq!(backend.transactions, 1);
        for answer in answers {
            assert!(answer.recv().expect("answered").is_ok());
        }
    }
}
