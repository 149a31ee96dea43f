//! The server's seed and its commitment.
//!
//! The server draws a [`ServerSeed`] of 32 bytes from the operating system's generator before
//! the game and publishes only its [`Commitment`], the SHA-256 of those bytes. Once the game is
//! over it reveals the seed; anyone can then hash it again and see that it is the seed committed
//! to ([`ServerSeed::matches`]), so the server cannot have changed it once the players' seeds
//! were known.
//!
//! The bots of a fair game take their randomness from the same seed ([`ServerSeed::bot_seed`]):
//! their choices are then as secret as the throws until the seed is revealed, and as fixed by
//! the commitment.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Bytes in a server seed.
pub const SEED_BYTES: usize = 32;

/// Bytes in a commitment (a SHA-256 digest).
pub const COMMITMENT_BYTES: usize = 32;

/// The message whose HMAC under the server seed gives the bots' seed ([`ServerSeed::bot_seed`]).
/// Every throw's message begins with the byte 21 (the length of [`crate::derive::DOMAIN`]) and
/// this one with `p`, so the bots' bytes are never a throw's.
pub const BOT_SEED_MESSAGE: &[u8] = b"pachisi bots";

/// A server seed or commitment that could not be read, or a seed that could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeedError {
    /// Hex text that is not 64 hex digits.
    #[error("{what} `{text}` is not {SEED_BYTES} bytes in hex: expected 64 digits 0-9 and a-f, e.g. 00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff ({reason})")]
    Hex {
        /// What was being read: `server seed` or `commitment`.
        what: &'static str,
        /// The text given, shortened when long.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The operating system's generator failed.
    #[error("the operating system's random number generator failed: {0}")]
    Os(String),
}

/// The server's secret seed of a game: 32 bytes, the key of every throw's HMAC.
///
/// # Equality
/// Two seeds are compared in constant time, so that comparing does not leak how many leading
/// bytes agree. `Debug` never shows the bytes.
#[derive(Clone)]
pub struct ServerSeed([u8; SEED_BYTES]);

impl ServerSeed {
    /// A new seed from the operating system's generator.
    ///
    /// # Errors
    /// When the generator fails (it does not on any supported system once booted).
    pub fn generate() -> Result<ServerSeed, SeedError> {
        let mut bytes = [0; SEED_BYTES];
        rand::rngs::OsRng
            .try_fill_bytes(&mut bytes)
            .map_err(|e| SeedError::Os(e.to_string()))?;
        Ok(ServerSeed(bytes))
    }

    /// A seed from its bytes (tests and test vectors; a real game draws it with
    /// [`ServerSeed::generate`]).
    pub fn from_bytes(bytes: [u8; SEED_BYTES]) -> ServerSeed {
        ServerSeed(bytes)
    }

    /// A seed from 64 hex digits (either case), as a record's `ServerSeed` tag writes it.
    ///
    /// # Errors
    /// When the text is not exactly 64 hex digits.
    pub fn from_hex(text: &str) -> Result<ServerSeed, SeedError> {
        read_hex("server seed", text).map(ServerSeed)
    }

    /// The seed as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The seed's bytes.
    pub fn as_bytes(&self) -> &[u8; SEED_BYTES] {
        &self.0
    }

    /// The commitment to this seed: the SHA-256 of its bytes.
    pub fn commitment(&self) -> Commitment {
        Commitment(Sha256::digest(self.0).into())
    }

    /// Whether this seed is the one `commitment` was made to, compared in constant time.
    pub fn matches(&self, commitment: &Commitment) -> bool {
        self.commitment().0.ct_eq(&commitment.0).into()
    }

    /// The seed of the bots of a fair game: the first eight bytes, little-endian, of
    /// HMAC-SHA-256 keyed with this seed over [`BOT_SEED_MESSAGE`] (`pachisi bots`).
    ///
    /// A bot that draws on chance (the random bot, Monte Carlo playouts) would let a player who
    /// knew its seed foresee its moves, and a seed the server chose freely could be changed
    /// during the game. Derived from the server's seed, the bots' seed is secret until the seed
    /// is revealed and fixed by the commitment, like the throws.
    pub fn bot_seed(&self) -> u64 {
        // HMAC takes a key of any length; this cannot fail.
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.0)
            .unwrap_or_else(|_| unreachable!("HMAC accepts keys of every length"));
        mac.update(BOT_SEED_MESSAGE);
        let digest = mac.finalize().into_bytes();
        let mut first = [0; 8];
        first.copy_from_slice(&digest[..8]);
        u64::from_le_bytes(first)
    }
}

impl PartialEq for ServerSeed {
    fn eq(&self, other: &ServerSeed) -> bool {
        self.0.ct_eq(&other.0).into()
    }
}

impl Eq for ServerSeed {}

impl std::fmt::Debug for ServerSeed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A seed is secret until the game is over: keep it out of logs and panic messages.
        f.write_str("ServerSeed(..)")
    }
}

/// The SHA-256 of a server seed, published before the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Commitment([u8; COMMITMENT_BYTES]);

impl Commitment {
    /// A commitment from 64 hex digits (either case), as a record's `ServerSeedCommitment` tag
    /// writes it.
    ///
    /// # Errors
    /// When the text is not exactly 64 hex digits.
    pub fn from_hex(text: &str) -> Result<Commitment, SeedError> {
        read_hex("commitment", text).map(Commitment)
    }

    /// The commitment as 64 lowercase hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The digest's bytes.
    pub fn as_bytes(&self) -> &[u8; COMMITMENT_BYTES] {
        &self.0
    }
}

impl std::fmt::Debug for Commitment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Commitment({})", self.to_hex())
    }
}

impl std::fmt::Display for Commitment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_hex())
    }
}

fn read_hex(what: &'static str, text: &str) -> Result<[u8; 32], SeedError> {
    let fail = |reason: String| SeedError::Hex {
        what,
        text: shorten(text),
        reason,
    };
    let digits = text.chars().count();
    if digits != 64 {
        return Err(fail(format!("it has {digits} characters")));
    }
    let mut bytes = [0; 32];
    hex::decode_to_slice(text, &mut bytes).map_err(|e| fail(e.to_string()))?;
    Ok(bytes)
}

/// The text as shown in an error: at most 80 characters, so that a pasted file does not fill
/// the screen.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 80 {
        text.to_string()
    } else {
        let head: String = text.chars().take(77).collect();
        format!("{head}...")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_the_sha256_of_the_seed_bytes() {
        // SHA-256 of 32 zero bytes.
        let seed = ServerSeed::from_bytes([0; 32]);
        assert_eq!(
            seed.commitment().to_hex(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }

    #[test]
    fn the_bots_seed_is_the_hmac_of_pachisi_bots_under_the_seed() {
        // HMAC-SHA-256(key = 32 zero bytes, "pachisi bots") begins 57 1a 87 e5 22 ee e6 83.
        let seed = ServerSeed::from_bytes([0; 32]);
        assert_eq!(seed.bot_seed(), 0x83e6_ee22_e587_1a57);
        assert_eq!(seed.bot_seed(), 9_504_545_897_259_145_815);
        assert_ne!(ServerSeed::from_bytes([1; 32]).bot_seed(), seed.bot_seed());
    }

    #[test]
    fn a_seed_matches_its_own_commitment_only() {
        let a = ServerSeed::from_bytes([1; 32]);
        let b = ServerSeed::from_bytes([2; 32]);
        assert!(a.matches(&a.commitment()));
        assert!(!a.matches(&b.commitment()));
        assert_ne!(a, b);
    }

    #[test]
    fn hex_round_trips_and_either_case_is_read() {
        let text = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        let seed = ServerSeed::from_hex(text).expect("64 digits");
        assert_eq!(seed.to_hex(), text);
        assert_eq!(ServerSeed::from_hex(&text.to_uppercase()), Ok(seed.clone()));
        let c = Commitment::from_hex(&seed.commitment().to_hex()).expect("64 digits");
        assert_eq!(c, seed.commitment());
    }

    #[test]
    fn bad_hex_is_refused_with_what_was_typed_and_an_example() {
        for bad in ["", "00", &"0".repeat(63), &"0".repeat(65), &"g".repeat(64)] {
            let e = ServerSeed::from_hex(bad).expect_err(bad).to_string();
            assert!(e.contains("server seed"), "{e}");
            assert!(e.contains("e.g. 0011"), "{e}");
        }
        let e = Commitment::from_hex("xyz").expect_err("short").to_string();
        assert!(e.contains("commitment `xyz`"), "{e}");
        // Multi-byte characters count as characters, not bytes, and never split a character.
        assert!(ServerSeed::from_hex(&"é".repeat(32)).is_err());
        let long = "a".repeat(500);
        assert!(
            ServerSeed::from_hex(&long)
                .expect_err("long")
                .to_string()
                .len()
                < 400
        );
    }

    #[test]
    fn generated_seeds_differ_and_are_never_shown_by_debug() {
        let a = ServerSeed::generate().expect("the OS generator");
        let b = ServerSeed::generate().expect("the OS generator");
        assert_ne!(a, b);
        assert_eq!(format!("{a:?}"), "ServerSeed(..)");
    }
}
