//! The header tags of a record whose throws are fair, read and written through the record's
//! own generic tags:
//!
//! ```text
//! [ServerSeedCommitment "9f2c…"]   the SHA-256 of the server's seed, from the start
//! [PlayerSeeds "Y:lucky 7,G:gopal"] the players' seeds, by seat letter (`%` and `,` escaped)
//! [ServerSeed "00ff…"]             the seed itself, added once the game is over
//! ```
//!
//! A record with a `ServerSeedCommitment` tag claims fair throws; without `ServerSeed` it cannot
//! be checked yet.

use crate::derive::DeviceError;
use crate::players::{PlayerSeedError, PlayerSeeds};
use crate::seed::{Commitment, SeedError, ServerSeed};
use pachisi_core::{GameRecord, Rules};

/// The tag holding the commitment to the server's seed.
pub const COMMITMENT_TAG: &str = "ServerSeedCommitment";

/// The tag holding the players' seeds.
pub const PLAYER_SEEDS_TAG: &str = "PlayerSeeds";

/// The tag holding the server's seed, once revealed.
pub const SERVER_SEED_TAG: &str = "ServerSeed";

/// Why a record's fair-throw tags cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TagError {
    /// No commitment: the record's throws were not drawn as fair throws.
    #[error("the record has no [{COMMITMENT_TAG} \"...\"] tag, so its throws were not drawn from a committed seed; a game with fair throws has one in its header, e.g. [{COMMITMENT_TAG} \"66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925\"]")]
    NotFair,
    /// The commitment is there but the seed has not been revealed.
    #[error("the record has no [{SERVER_SEED_TAG} \"...\"] tag: the server reveals its seed when the game is over, and the throws can be checked only then; add the seed the server revealed, e.g. [{SERVER_SEED_TAG} \"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff\"]")]
    NotRevealed,
    /// A commitment that is not 64 hex digits.
    #[error("the {COMMITMENT_TAG} tag: {0}")]
    Commitment(SeedError),
    /// A server seed that is not 64 hex digits.
    #[error("the {SERVER_SEED_TAG} tag: {0}")]
    ServerSeed(SeedError),
    /// Player seeds that cannot be read.
    #[error("the {PLAYER_SEEDS_TAG} tag: {0}")]
    PlayerSeeds(PlayerSeedError),
    /// The rules' device cannot be thrown.
    #[error("{0}")]
    Device(DeviceError),
}

/// What a record says about its fair throws.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairTags {
    /// The commitment to the server's seed.
    pub commitment: Commitment,
    /// The players' seeds (none when the tag is absent or empty).
    pub players: PlayerSeeds,
    /// The server's seed, once revealed.
    pub server: Option<ServerSeed>,
}

impl FairTags {
    /// Reads the tags of `record`.
    ///
    /// # Errors
    /// When there is no commitment, or a tag cannot be read.
    pub fn read(rules: &Rules, record: &GameRecord) -> Result<FairTags, TagError> {
        let commitment = record.tag(COMMITMENT_TAG).ok_or(TagError::NotFair)?;
        let commitment = Commitment::from_hex(commitment).map_err(TagError::Commitment)?;
        let players = match record.tag(PLAYER_SEEDS_TAG) {
            Some(text) => PlayerSeeds::from_tag(rules, text).map_err(TagError::PlayerSeeds)?,
            None => PlayerSeeds::new(),
        };
        let server = record
            .tag(SERVER_SEED_TAG)
            .map(ServerSeed::from_hex)
            .transpose()
            .map_err(TagError::ServerSeed)?;
        Ok(FairTags {
            commitment,
            players,
            server,
        })
    }
}

/// Writes the tags a game with fair throws has from its start: the commitment and the
/// players' seeds (the `PlayerSeeds` tag always, empty when no one added a seed, so that a
/// reader sees there were none).
pub fn write_commitment(
    rules: &Rules,
    record: &mut GameRecord,
    commitment: &Commitment,
    players: &PlayerSeeds,
) {
    record.set_tag(COMMITMENT_TAG, commitment.to_hex());
    record.set_tag(PLAYER_SEEDS_TAG, players.to_tag(rules));
}

/// Adds the revealed server seed to `record`, once the game is over.
pub fn reveal(record: &mut GameRecord, server: &ServerSeed) {
    record.set_tag(SERVER_SEED_TAG, server.to_hex());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::PlayerSeed;

    #[test]
    fn the_tags_round_trip_through_a_record_text() {
        let rules = pachisi_core::builtin_rules("pachisi", &[]).expect("builtin");
        let server = ServerSeed::from_bytes([9; 32]);
        let mut players = PlayerSeeds::new();
        players
            .insert(1, PlayerSeed::new("say \"hi\", \\o/").expect("seed"))
            .expect("new seat");
        let mut record = GameRecord::new("pachisi");
        write_commitment(&rules, &mut record, &server.commitment(), &players);
        let text = record.to_text(&rules).expect("writes");
        let read = FairTags::read(&rules, &GameRecord::parse(&text).expect("parses"));
        assert_eq!(
            read,
            Ok(FairTags {
                commitment: server.commitment(),
                players: players.clone(),
                server: None,
            })
        );
        reveal(&mut record, &server);
        let text = record.to_text(&rules).expect("writes");
        let read =
            FairTags::read(&rules, &GameRecord::parse(&text).expect("parses")).expect("reads");
        assert_eq!(read.server, Some(server));
    }

    #[test]
    fn a_record_without_a_commitment_is_not_fair() {
        let rules = pachisi_core::builtin_rules("pachisi", &[]).expect("builtin");
        let record = GameRecord::new("pachisi");
        let e = FairTags::read(&rules, &record).expect_err("no tags");
        assert_eq!(e, TagError::NotFair);
        assert!(e.to_string().contains("e.g. [ServerSeedCommitment"), "{e}");
        let mut record = GameRecord::new("pachisi");
        record.set_tag(COMMITMENT_TAG, "abc");
        let e = FairTags::read(&rules, &record).expect_err("short");
        assert!(
            e.to_string()
                .starts_with("the ServerSeedCommitment tag: commitment `abc`"),
            "{e}"
        );
    }
}
