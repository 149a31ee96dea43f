//! The derivation: every throw of a game from the server's seed, the players' seeds and the
//! throw's number.
//!
//! Throw `n` (counted from 0 over the whole game, the throw-off first) reads a stream of bytes:
//! block `b` of the stream (`b` = 0, 1, 2, ...) is
//!
//! ```text
//! HMAC-SHA-256(key = the server seed's 32 bytes,
//!              message = DOMAIN ‖ players ‖ n ‖ b)
//! ```
//!
//! with `DOMAIN` the 21 bytes `pachisi fair throw v1` preceded by their length (one byte, 21),
//! `players` the [`PlayerSeeds::canonical_bytes`], `n` eight bytes and `b` four bytes, both
//! big-endian. The 32 bytes of block 0 are read first, then block 1's, and so on.
//!
//! The device is thrown from these bytes as it falls on a table, each shell or die on its own,
//! so that the throw's distribution is the device's exactly, on every platform:
//!
//! - **Cowries**: each shell in turn takes the next eight bytes as a number `u` (big-endian,
//!   0 to 2^64 − 1) and falls mouth up when `u < floor(p_up × 2^64)`. That is a chance of exactly
//!   `p_up` for every `p_up` of 1/2048 or more (every such double is a whole multiple of 2^−64),
//!   and within 2^−64 of it below. The throw is the outcome with that many shells mouth up.
//! - **Dice**: each die in turn takes the next byte `x`; with `k` faces, a byte of
//!   `256 − (256 mod k)` or more is set aside and the next byte read (rejection, so that no face
//!   is favoured), otherwise the die shows face `x mod k` of the ruleset's `faces` in their listed
//!   order (1 to 6 by default). Dice counted by their total give the outcome of that total; two
//!   separate dice give the outcome named by the pair (`5-3`).
//!
//! Nothing here depends on `rand` or on floating-point arithmetic beyond one exact product, so
//! the throws of a record never change with a library's version or the machine.

use crate::players::PlayerSeeds;
use crate::seed::ServerSeed;
use hmac::{Hmac, Mac};
use pachisi_core::ruleset::{Device, FirstSeat};
use pachisi_core::{GameRecord, Position, Rules, Throw, ThrowName, ThrowOff};
use sha2::Sha256;

/// The label that opens every throw's HMAC message, so that these bytes are never those of any
/// other use of the same key.
pub const DOMAIN: &[u8] = b"pachisi fair throw v1";

/// Bytes in one block of a throw's stream.
pub const BLOCK_BYTES: usize = 32;

/// The faces of a die when the ruleset lists none (the ruleset's own default).
const DEFAULT_FACES: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// Why a ruleset's device cannot be thrown here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeviceError {
    /// A die with more faces than one byte can choose among.
    #[error("a die here has {0} faces; fair throws draw each die from one byte, so at most 256 faces, e.g. faces = [1, 2, 3, 4, 5, 6]")]
    TooManyFaces(usize),
    /// A result of the device that the rules give no outcome for.
    #[error("the rules have no outcome for {0}, which the device can show")]
    NoOutcome(String),
}

/// The ruleset's device, ready to be thrown from bytes: how each shell or die falls, and the
/// outcome each result is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Plan {
    Cowries {
        /// A shell falls mouth up when its eight bytes are below this.
        threshold: u64,
        /// The outcome for each number of shells mouth up.
        by_up: Vec<Throw>,
    },
    Dice {
        faces: Vec<u8>,
        count: u8,
        /// The outcome of each total (only reachable totals are ever read).
        by_total: Vec<Throw>,
    },
    SeparateDice {
        faces: Vec<u8>,
        /// How many dice: two, or three (Chaupar).
        count: u8,
        /// The outcome of face `i` on the first die, `j` on the second (and `l` on the third),
        /// at `i * k + j` (`(i * k + j) * k + l`): the dice as a number in base `k`.
        by_set: Vec<Throw>,
    },
}

/// A ruleset's device as fair throws throw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairDevice(Plan);

impl FairDevice {
    /// The device of `rules`, with every result it can show matched to its outcome.
    ///
    /// # Errors
    /// When a die has more than 256 faces, or a result has no outcome (neither happens with a
    /// ruleset that compiled, whose outcomes are every result of its device).
    pub fn new(rules: &Rules) -> Result<FairDevice, DeviceError> {
        let t = &rules.ruleset().throw;
        let find = |wanted: &dyn Fn(&pachisi_core::Outcome) -> bool, what: String| {
            rules
                .outcomes()
                .iter()
                .position(wanted)
                .map(|i| Throw(i as u8))
                .ok_or(DeviceError::NoOutcome(what))
        };
        let faces = || -> Result<Vec<u8>, DeviceError> {
            let faces = t.faces.clone().unwrap_or_else(|| DEFAULT_FACES.to_vec());
            if faces.len() > 256 {
                return Err(DeviceError::TooManyFaces(faces.len()));
            }
            Ok(faces)
        };
        let device = match t.device {
            Device::Cowries => {
                let shells = t.shells.unwrap_or(0);
                let by_up = (0..=shells)
                    .map(|k| find(&|o| o.result == k, format!("{k} shells mouth up")))
                    .collect::<Result<_, _>>()?;
                Plan::Cowries {
                    threshold: threshold(t.p_up),
                    by_up,
                }
            }
            // Dice known by the numbers they show: each counting on its own, or two counted by
            // their total but named by their pair (Tayam Sonalu).
            Device::Dice if t.separate_dice || t.named_pairs => {
                let faces = faces()?;
                let count = t.dice.unwrap_or(2).clamp(2, 3);
                let k = faces.len();
                let size = k.pow(u32::from(count));
                let mut by_set = Vec::with_capacity(size);
                for index in 0..size {
                    let shown: Vec<u8> = (0..u32::from(count))
                        .rev()
                        .map(|place| faces[index / k.pow(place) % k])
                        .collect();
                    let name = ThrowName::of_dice(&shown);
                    by_set.push(find(&|o| o.name == name, format!("the dice {name}"))?);
                }
                Plan::SeparateDice {
                    faces,
                    count,
                    by_set,
                }
            }
            Device::Dice => {
                let faces = faces()?;
                let count = t.dice.unwrap_or(1);
                let mut by_total = vec![Throw(0); 256];
                for total in reachable_totals(&faces, count) {
                    by_total[total] = find(
                        &|o| usize::from(o.result) == total,
                        format!("a total of {total}"),
                    )?;
                }
                Plan::Dice {
                    faces,
                    count,
                    by_total,
                }
            }
        };
        Ok(FairDevice(device))
    }

    /// The throw the bytes of `stream` make.
    fn throw(&self, stream: &mut Stream) -> Throw {
        match &self.0 {
            Plan::Cowries { threshold, by_up } => {
                // One shell after another, each from its own eight bytes.
                let mut up = 0;
                for _shell in 1..by_up.len() {
                    if stream.next_u64() < *threshold {
                        up += 1;
                    }
                }
                by_up[up]
            }
            Plan::Dice {
                faces,
                count,
                by_total,
            } => {
                let total: usize = (0..*count)
                    .map(|_| usize::from(faces[stream.next_index(faces.len())]))
                    .sum();
                by_total[total]
            }
            Plan::SeparateDice {
                faces,
                count,
                by_set,
            } => {
                let index = (0..*count).fold(0, |index, _| {
                    index * faces.len() + stream.next_index(faces.len())
                });
                by_set[index]
            }
        }
    }
}

/// `floor(p × 2^64)`: multiplying a double by a power of two is exact, and the conversion
/// truncates, so this is the same number on every platform. `p` lies strictly between 0 and 1
/// in a compiled ruleset, so the product lies below 2^64.
fn threshold(p: f64) -> u64 {
    // 2^64 as a double, exactly.
    const TWO_TO_64: f64 = 18_446_744_073_709_551_616.0;
    (p * TWO_TO_64) as u64
}

/// Every total `count` dice with these faces can show.
fn reachable_totals(faces: &[u8], count: u8) -> Vec<usize> {
    let mut totals = vec![0usize];
    for _ in 0..count {
        let mut next: Vec<usize> = totals
            .iter()
            .flat_map(|&t| faces.iter().map(move |&f| t + usize::from(f)))
            .collect();
        next.sort_unstable();
        next.dedup();
        totals = next;
    }
    totals.retain(|&t| t < 256);
    totals
}

/// The bytes of one throw: HMAC blocks 0, 1, 2, ... read in order.
struct Stream {
    /// The HMAC keyed with the server seed, fed with the domain and the players' seeds: each
    /// block continues a copy of it.
    prefix: Hmac<Sha256>,
    number: u64,
    next_block: u32,
    block: [u8; BLOCK_BYTES],
    used: usize,
}

impl Stream {
    fn new(prefix: &Hmac<Sha256>, number: u64) -> Stream {
        Stream {
            prefix: prefix.clone(),
            number,
            next_block: 0,
            block: [0; BLOCK_BYTES],
            used: BLOCK_BYTES,
        }
    }

    fn next_byte(&mut self) -> u8 {
        if self.used == BLOCK_BYTES {
            self.block = block(&self.prefix, self.number, self.next_block);
            // Twelve shells read three blocks and a die almost always one: the counter cannot
            // come near its end.
            self.next_block = self.next_block.wrapping_add(1);
            self.used = 0;
        }
        let byte = self.block[self.used];
        self.used += 1;
        byte
    }

    /// The next eight bytes, big-endian.
    fn next_u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| (acc << 8) | u64::from(self.next_byte()))
    }

    /// A uniform index below `k` (2 to 256), one byte each try, rejecting the bytes past the
    /// largest multiple of `k`.
    fn next_index(&mut self, k: usize) -> usize {
        loop {
            if let Some(i) = index_of_byte(self.next_byte(), k) {
                return i;
            }
        }
    }
}

/// The index below `k` (2 to 256) that byte `x` chooses, or `None` when `x` lies past the
/// largest multiple of `k`, so that every index has the same number of bytes.
fn index_of_byte(x: u8, k: usize) -> Option<usize> {
    let x = usize::from(x);
    (x < 256 - 256 % k).then_some(x % k)
}

/// The HMAC keyed with the server seed and fed with everything before the throw's number.
fn keyed_prefix(server: &ServerSeed, players: &PlayerSeeds) -> Hmac<Sha256> {
    // HMAC takes a key of any length; this cannot fail.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(server.as_bytes())
        .unwrap_or_else(|_| unreachable!("HMAC accepts keys of every length"));
    mac.update(&[DOMAIN.len() as u8]);
    mac.update(DOMAIN);
    mac.update(&players.canonical_bytes());
    mac
}

/// Block `b` of throw `n`'s stream.
fn block(prefix: &Hmac<Sha256>, n: u64, b: u32) -> [u8; BLOCK_BYTES] {
    let mut mac = prefix.clone();
    mac.update(&n.to_be_bytes());
    mac.update(&b.to_be_bytes());
    mac.finalize().into_bytes().into()
}

/// Block `b` of throw `n`'s stream, for test vectors and other implementations to check against.
pub fn stream_block(server: &ServerSeed, players: &PlayerSeeds, n: u64, b: u32) -> [u8; 32] {
    block(&keyed_prefix(server, players), n, b)
}

/// The HMAC message of block `b` of throw `n` (the key is the server seed), for test vectors.
pub fn stream_message(players: &PlayerSeeds, n: u64, b: u32) -> Vec<u8> {
    let mut message = vec![DOMAIN.len() as u8];
    message.extend_from_slice(DOMAIN);
    message.extend_from_slice(&players.canonical_bytes());
    message.extend_from_slice(&n.to_be_bytes());
    message.extend_from_slice(&b.to_be_bytes());
    message
}

/// Throw number `n` of a game (counted from 0, the throw-off's throws first).
///
/// # Errors
/// When the rules' device cannot be thrown ([`FairDevice::new`]), which no compiled ruleset's
/// can.
pub fn throw(
    rules: &Rules,
    server: &ServerSeed,
    players: &PlayerSeeds,
    n: u64,
) -> Result<Throw, DeviceError> {
    Ok(FairDice::new(rules, server, players)?.throw_at(n))
}

/// The throws of one game, in order: what a table or a server draws from instead of a seeded
/// generator. Each throw depends only on its number, so going back (undo) or restoring a game
/// is setting the number ([`FairDice::set_count`]).
#[derive(Clone)]
pub struct FairDice {
    device: FairDevice,
    prefix: Hmac<Sha256>,
    count: u64,
}

impl std::fmt::Debug for FairDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The keyed HMAC holds the secret seed: never shown.
        f.debug_struct("FairDice")
            .field("device", &self.device)
            .field("count", &self.count)
            .finish_non_exhaustive()
    }
}

impl FairDice {
    /// The throws of a game under `rules` from the server's seed and the players' seeds,
    /// beginning at throw 0.
    ///
    /// # Errors
    /// When the rules' device cannot be thrown ([`FairDevice::new`]).
    pub fn new(
        rules: &Rules,
        server: &ServerSeed,
        players: &PlayerSeeds,
    ) -> Result<FairDice, DeviceError> {
        Ok(FairDice {
            device: FairDevice::new(rules)?,
            prefix: keyed_prefix(server, players),
            count: 0,
        })
    }

    /// The next throw; the count goes up by one.
    pub fn next_throw(&mut self) -> Throw {
        let throw = self.throw_at(self.count);
        self.count += 1;
        throw
    }

    /// Begins a fair game: where the rules have a throw-off (`turn.first = "highest-throw"`), its
    /// throws are the game's first, and its `Opening` tag is written to `record`. Returns the
    /// position the game begins at.
    pub fn begin(&mut self, rules: &Rules, record: &mut GameRecord) -> Position {
        if rules.ruleset().turn.first != FirstSeat::HighestThrow {
            return Position::new(rules);
        }
        let off = ThrowOff::play(rules, || self.next_throw());
        record.set_tag("Opening", off.to_text(rules));
        off.start(rules)
    }

    /// Throw number `n`, whatever the count.
    pub fn throw_at(&self, n: u64) -> Throw {
        self.device.throw(&mut Stream::new(&self.prefix, n))
    }

    /// The number of the next throw: how many have been drawn.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Makes `n` the number of the next throw (after undo, or to go on with a restored game).
    pub fn set_count(&mut self, n: u64) {
        self.count = n;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::PlayerSeed;
    use pachisi_core::builtin_rules;

    fn server() -> ServerSeed {
        ServerSeed::from_bytes([7; 32])
    }

    #[test]
    fn the_threshold_is_exact_for_halves_and_quarters() {
        assert_eq!(threshold(0.5), 1 << 63);
        assert_eq!(threshold(0.25), 1 << 62);
        assert_eq!(threshold(0.75), 3 << 62);
        // The largest double below 1.
        assert_eq!(threshold(1.0 - f64::EPSILON / 2.0), u64::MAX - 2047);
        assert_eq!(threshold(f64::MIN_POSITIVE), 0);
    }

    #[test]
    fn every_builtin_device_can_be_thrown() {
        for (name, _) in pachisi_core::BUILTIN_RULESETS {
            let rules = builtin_rules(name, &[]).expect("builtin");
            let mut dice = FairDice::new(&rules, &server(), &PlayerSeeds::new()).expect(name);
            for _ in 0..200 {
                let t = dice.next_throw();
                assert!(usize::from(t.0) < rules.outcomes().len(), "{name}");
            }
            assert_eq!(dice.count(), 200);
        }
    }

    #[test]
    fn a_throw_depends_on_its_number_only() {
        let rules = builtin_rules("ludo", &[]).expect("builtin");
        let mut dice = FairDice::new(&rules, &server(), &PlayerSeeds::new()).expect("ludo");
        let first: Vec<Throw> = (0..50).map(|_| dice.next_throw()).collect();
        dice.set_count(10);
        assert_eq!(dice.next_throw(), first[10]);
        for (n, &t) in first.iter().enumerate() {
            assert_eq!(
                throw(&rules, &server(), &PlayerSeeds::new(), n as u64),
                Ok(t)
            );
        }
    }

    #[test]
    fn the_message_is_domain_players_number_and_block() {
        let mut players = PlayerSeeds::new();
        players
            .insert(1, PlayerSeed::new("ab").expect("seed"))
            .expect("new seat");
        let m = stream_message(&players, 258, 1);
        assert_eq!(m[0], 21);
        assert_eq!(&m[1..22], DOMAIN);
        assert_eq!(&m[22..28], &[0, 1, 1, 2, b'a', b'b']);
        assert_eq!(&m[28..], &[0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0, 1]);
        // The block is the HMAC of that message under the seed: the same as the stream reads.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(server().as_bytes()).expect("key");
        mac.update(&m);
        let direct: [u8; 32] = mac.finalize().into_bytes().into();
        assert_eq!(stream_block(&server(), &players, 258, 1), direct);
    }

    #[test]
    fn every_face_is_chosen_by_the_same_number_of_bytes() {
        for k in 2..=256 {
            let mut bytes_per_face = vec![0; k];
            for x in 0..=255u8 {
                if let Some(i) = index_of_byte(x, k) {
                    bytes_per_face[i] += 1;
                }
            }
            assert!(bytes_per_face.iter().all(|&c| c == 256 / k), "{k} faces");
        }
        // With six faces, bytes 252 to 255 are set aside: 252 = 42 × 6.
        assert_eq!(index_of_byte(251, 6), Some(5));
        assert_eq!(index_of_byte(252, 6), None);
        assert_eq!(index_of_byte(255, 4), Some(3));
    }

    #[test]
    fn the_totals_of_two_dice_run_from_two_to_twelve() {
        let totals = reachable_totals(&[1, 2, 3, 4, 5, 6], 2);
        assert_eq!(totals, (2..=12).collect::<Vec<_>>());
        assert_eq!(reachable_totals(&[1, 2, 5, 6], 3).len(), 16);
    }

    #[test]
    fn debug_never_shows_the_key() {
        let rules = builtin_rules("pachisi", &[]).expect("builtin");
        let dice = FairDice::new(&rules, &server(), &PlayerSeeds::new()).expect("pachisi");
        let shown = format!("{dice:?}");
        assert!(!shown.contains("prefix"), "{shown}");
    }
}
