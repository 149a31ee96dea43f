//! What every room slot shares: the HTTP client, the instances' addresses, the run's settings
//! (ruleset, seats, think and stall times, fault run or not), the live counters and the limit
//! of rooms set up at once. The slots (`room`) and their connections (`link`) both read it.

use crate::fleet::Endpoints;
use crate::tally::Live;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// What every slot shares.
pub struct Shared {
    pub http: reqwest::Client,
    /// The instances' addresses.
    pub endpoints: Arc<Endpoints>,
    /// A fault run: closed sockets open again elsewhere, unanswered requests go elsewhere.
    pub faults: bool,
    pub ruleset: String,
    pub seats: Vec<String>,
    pub watch: bool,
    pub think: Duration,
    /// How long a room may go without any message while it waits for one.
    pub stall: Duration,
    /// How long the end of the run waits for the last events.
    pub settle: Duration,
    pub live: Live,
    /// Rooms set up at once at the start.
    pub setup: Semaphore,
}
