//! Throws anyone can verify: commit and reveal.
//!
//! Before a game the server draws a secret [`ServerSeed`] and publishes its [`Commitment`] (its
//! SHA-256). Each player may add a short seed of their own ([`PlayerSeeds`]). Every throw is
//! then derived from the server's seed, the players' seeds and the throw's number with
//! HMAC-SHA-256 ([`mod@derive`]). When the game is over the server reveals its seed, and anyone
//! can recompute every throw of the record and see that the seed is the one committed to
//! ([`verify_record`]). The server could not choose its seed after seeing the players' (it had
//! committed to it), and no player knew the server's seed, so no one could steer the throws.
//!
//! - [`seed`]: the server's seed, its commitment, the constant-time check between them;
//! - [`players`]: the players' seeds, their validation and their canonical combination;
//! - [`mod@derive`]: throw number `n` from the seeds, exact for cowries and dice ([`FairDice`]);
//! - [`tags`]: the record's `ServerSeedCommitment`, `PlayerSeeds` and `ServerSeed` tags;
//! - [`mod@verify`]: a finished record checked throw by throw ([`Report`]).
//!
//! The crate does no input or output; it reads the operating system's generator only in
//! [`ServerSeed::generate`]. docs/fair-throws.md explains the scheme with test vectors.
//!
//! ```
//! use pachisi_core::builtin_rules;
//! use pachisi_fair::{FairDice, PlayerSeed, PlayerSeeds, ServerSeed};
//!
//! let rules = builtin_rules("ludo", &[]).unwrap();
//! let server = ServerSeed::generate().unwrap();
//! let commitment = server.commitment(); // published before the game
//! let mut players = PlayerSeeds::new();
//! players.insert(0, PlayerSeed::new("lucky 7").unwrap()).unwrap();
//! let mut dice = FairDice::new(&rules, &server, &players).unwrap();
//! let first = dice.next_throw();
//! // After the game, anyone with the revealed seed gets the same throw 0.
//! assert!(server.matches(&commitment));
//! assert_eq!(pachisi_fair::throw(&rules, &server, &players, 0), Ok(first));
//! ```

pub mod derive;
pub mod players;
pub mod seed;
pub mod tags;
pub mod verify;

pub use derive::{throw, DeviceError, FairDevice, FairDice};
pub use players::{PlayerSeed, PlayerSeedError, PlayerSeeds};
pub use seed::{Commitment, SeedError, ServerSeed};
pub use tags::{
    reveal, write_commitment, FairTags, TagError, COMMITMENT_TAG, PLAYER_SEEDS_TAG, SERVER_SEED_TAG,
};
pub use verify::{verify, verify_record, Mismatch, Report};
