//! Tests of the pool: which waiter each freed thread goes to, told by the order of the grants
//! (each waiter polled by hand, no clock), what a dropped waiter leaves behind, and the key a
//! bot's turn is asked under.

use super::*;
use futures_util::FutureExt;
use std::future::Future;
use std::pin::Pin;

/// A request for a thread, polled by hand.
struct Ask {
    waiting: Option<Pin<Box<dyn Future<Output = Option<WorkPermit>> + Send>>>,
    permit: Option<WorkPermit>,
}

impl Ask {
    /// Asks `pool` for a thread for `key`, taking a place in its queue.
    fn new(pool: &WorkPool, key: WorkKey) -> Ask {
        let pool = pool.clone();
        let mut ask = Ask {
            waiting: Some(Box::pin(async move { pool.acquire(key).await })),
            permit: None,
        };
        ask.granted();
        ask
    }

    /// Whether the thread has been granted (polling once more if not yet).
    fn granted(&mut self) -> bool {
        if let Some(waiting) = &mut self.waiting {
            if let Some(permit) = waiting.as_mut().now_or_never() {
                self.waiting = None;
                self.permit = Some(permit.expect("a permit"));
            }
        }
        self.permit.is_some()
    }

    /// Ends the work: the thread goes back to the pool.
    fn done(&mut self) {
        assert!(self.permit.take().is_some(), "the work held a thread");
    }
}

fn key(last: u8) -> WorkKey {
    Some(IpAddr::from([192, 0, 2, last]))
}

/// Which of `asks` hold a thread, by name.
fn holding(asks: &mut [(&str, &mut Ask)]) -> Vec<String> {
    asks.iter_mut()
        .filter_map(|(name, ask)| ask.granted().then(|| name.to_string()))
        .collect()
}

#[test]
fn a_freed_thread_goes_to_the_waiting_key_holding_fewest_before_older_waiters() {
    let pool = WorkPool::new(3);
    let (a, b) = (key(1), key(2));
    let mut a1 = Ask::new(&pool, a);
    let mut a2 = Ask::new(&pool, a);
    let mut b1 = Ask::new(&pool, b);
    assert!(a1.granted() && a2.granted() && b1.granted());
    // A's third waits before B's second.
    let mut a3 = Ask::new(&pool, a);
    let mut b2 = Ask::new(&pool, b);
    assert!(!a3.granted() && !b2.granted());
    a1.done();
    // One free thread: kept for a key that holds none, and none waits.
    assert!(!a3.granted() && !b2.granted());
    b1.done();
    // Two free: B holds none, A one, so B's waiter goes first although A's waited longer.
    assert!(b2.granted(), "the key holding fewest goes first");
    assert!(!a3.granted(), "the last free thread is kept");
    assert_eq!(pool.account(a), (1, 1));
    assert_eq!(pool.account(b), (1, 0));
}

#[test]
fn among_keys_holding_as_many_the_longest_waiting_goes_first() {
    let pool = WorkPool::new(1);
    let (a, b, c) = (key(1), key(2), key(3));
    let mut a1 = Ask::new(&pool, a);
    assert!(a1.granted());
    let mut c1 = Ask::new(&pool, c);
    let mut b1 = Ask::new(&pool, b);
    let mut a2 = Ask::new(&pool, a);
    let mut order = Vec::new();
    for _ in 0..3 {
        let current = [&mut a1, &mut c1, &mut b1, &mut a2]
            .into_iter()
            .find(|ask| ask.permit.is_some());
        current.expect("one holds the thread").done();
        let mut asks = [("c1", &mut c1), ("b1", &mut b1), ("a2", &mut a2)];
        let now = holding(&mut asks);
        assert_eq!(now.len(), 1, "one thread: {now:?}");
        order.push(now[0].clone());
    }
    // A's second waits after C's and B's firsts, which asked before it.
    assert_eq!(order, ["c1", "b1", "a2"]);
}

/// The fairness the issue asked for: one address with a long queue and every thread it may
/// take, another asks: its work starts at once, and a third's is next when a thread frees.
#[test]
fn a_newcomer_is_not_queued_behind_another_addresss_work() {
    let pool = WorkPool::new(2);
    let (busy, other, third) = (key(1), key(2), key(3));
    let mut busy_asks: Vec<Ask> = (0..20).map(|_| Ask::new(&pool, busy)).collect();
    let held = busy_asks
        .iter_mut()
        .map(Ask::granted)
        .filter(|&g| g)
        .count();
    assert_eq!(held, 1, "one address takes all threads but one");
    let mut newcomer = Ask::new(&pool, other);
    assert!(
        newcomer.granted(),
        "the kept thread starts the newcomer's work at once"
    );
    let mut third_ask = Ask::new(&pool, third);
    assert!(!third_ask.granted());
    // The busy address's decision ends: holding none now, and its queue the oldest, it takes
    // the thread again; the next to free (the newcomer's) goes to the third, not to the busy
    // address's queue.
    if let Some(first) = busy_asks.iter_mut().find(|a| a.permit.is_some()) {
        first.done();
    }
    newcomer.done();
    let busy_held = busy_asks
        .iter_mut()
        .map(Ask::granted)
        .filter(|&g| g)
        .count();
    assert!(third_ask.granted(), "the third address is served next");
    assert_eq!(busy_held, 1);
}

#[test]
fn a_dropped_waiter_leaves_its_place_and_its_key_is_forgotten() {
    let pool = WorkPool::new(1);
    let (a, b, c) = (key(1), key(2), key(3));
    let mut a1 = Ask::new(&pool, a);
    let b1 = Ask::new(&pool, b);
    let mut c1 = Ask::new(&pool, c);
    assert_eq!(pool.keys(), 3);
    // A request cancelled, or timed out, while it waits.
    drop(b1);
    assert_eq!(
        pool.keys(),
        2,
        "the key that waits for nothing is forgotten"
    );
    assert_eq!(pool.account(b), (0, 0));
    a1.done();
    assert!(
        c1.granted(),
        "the thread goes to the next waiter, not the gone one"
    );
    c1.done();
    assert_eq!(pool.keys(), 0, "no key is kept once idle");
    // Every thread is free again.
    let mut again = Ask::new(&pool, a);
    assert!(again.granted());
}

#[test]
fn a_thread_granted_to_a_waiter_as_it_goes_passes_to_the_next() {
    let pool = WorkPool::new(1);
    let (a, b, c) = (key(1), key(2), key(3));
    let mut a1 = Ask::new(&pool, a);
    let b1 = Ask::new(&pool, b);
    let mut c1 = Ask::new(&pool, c);
    // The thread is granted to B, which goes before it hears of it.
    a1.done();
    assert_eq!(pool.account(b), (1, 0));
    drop(b1);
    assert!(c1.granted(), "B's thread went back to the pool and on to C");
    assert_eq!(pool.account(b), (0, 0));
    assert_eq!(pool.keys(), 1);
}

#[test]
fn work_of_no_known_address_is_one_key() {
    let pool = WorkPool::new(2);
    let mut first = Ask::new(&pool, None);
    let mut second = Ask::new(&pool, None);
    let mut known = Ask::new(&pool, key(1));
    assert!(first.granted() && !second.granted() && known.granted());
    assert_eq!(pool.account(None), (1, 1));
}

/// A bot's turn is asked for under the address that created its game: while that address holds
/// a thread (and the last is kept for others), its bots wait.
#[tokio::test]
async fn bots_think_under_the_address_that_created_their_game() {
    use crate::games::{Games, NewGame};
    use crate::limits::Limits;
    use crate::store::{Database, Store};
    use std::time::Duration;

    let dir = std::env::temp_dir().join(format!("pachisi-work-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("games.sqlite");
    let _ = std::fs::remove_file(&path);
    let store = Store::open(&Database::Sqlite(path)).expect("open");
    let limits = Limits {
        work_threads: 2,
        ..Limits::default()
    };
    let games = Games::load(store, Duration::ZERO, limits).expect("load");
    let (creator, other) = (key(1), key(2));
    let held = games.work().acquire(creator).await.expect("a thread");
    let new = NewGame {
        ruleset: "ludo".into(),
        seats: vec!["bot:random".into(); 4],
        seed: Some(5),
        ..NewGame::default()
    };
    let game = games.create(new, creator).expect("created").game;
    // The bots' task asks under the creator's address, and waits.
    let mut waited = 0;
    while games.work().account(creator) != (1, 1) {
        assert!(
            waited < 10_000,
            "the bots never asked under their creator's address"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
        waited += 1;
    }
    assert_eq!(game.table().record().actions.len(), 0, "no bot has played");
    // Another address's work is not held up by the bots.
    let mut other_ask = Ask::new(games.work(), other);
    assert!(other_ask.granted());
    other_ask.done();
    drop(held);
    let mut waited = 0;
    while game.table().record().actions.is_empty() {
        assert!(
            waited < 10_000,
            "the bots never played once their creator's thread freed"
        );
        tokio::time::sleep(Duration::from_millis(1)).await;
        waited += 1;
    }
    std::fs::remove_dir_all(&dir).ok();
}
