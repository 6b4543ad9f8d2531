//! Where the random seeds of tables, tournaments and computer players come from.
//!
//! A seed decides a game's hidden deal (tile orders, hands, the bag), so none may be learned
//! from anything shown: seeds never leave the store (exports and replays carry what the game
//! revealed, not the seed), and no seed can be computed from another. In normal play every seed
//! is drawn from the operating system's generator. Where runs must repeat (`--seed` on the
//! console, tests, benchmarks), a seed is a keyed pseudo-random function of the run's key, a
//! purpose and a number — HMAC-SHA-256 — which cannot be inverted: knowing one table's seed
//! tells nothing about the key or about any other table's seed.

use hmac::{Hmac, Mac};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sha2::Sha256;

/// How new tables, tournaments and computer players get their random seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// From the operating system (normal play).
    Random,
    /// A keyed function of this key (tests and demos replay exactly).
    Fixed(u64),
}

/// What a seed is for: the same number for two purposes gives unrelated seeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// A table's game, by the table's id.
    Table,
    /// A tournament's own secret, by the tournament's id.
    Tournament,
    /// The deal of a duplicate tournament's round, by the round's number (keyed by the
    /// tournament's secret).
    DuplicateRound,
    /// A computer player's choice, by a number the table makes of its id and its log.
    Bot,
}

impl Purpose {
    fn label(self) -> &'static [u8] {
        match self {
            Purpose::Table => b"spieltisch table",
            Purpose::Tournament => b"spieltisch tournament",
            Purpose::DuplicateRound => b"spieltisch duplicate round",
            Purpose::Bot => b"spieltisch bot",
        }
    }
}

impl Seeding {
    /// A new seed for `purpose` and `number`: from the operating system, or the keyed function
    /// of the fixed key.
    pub fn seed(self, purpose: Purpose, number: u64) -> u64 {
        match self {
            Seeding::Random => ChaCha8Rng::from_os_rng().next_u64(),
            Seeding::Fixed(key) => keyed(key, purpose, number),
        }
    }
}

/// The keyed pseudo-random function: the first 8 bytes of HMAC-SHA-256 under `key` of the
/// purpose's label and `number`. A secret key (a tournament's) makes every derived seed secret.
pub fn keyed(key: u64, purpose: Purpose, number: u64) -> u64 {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&key.to_le_bytes()) else {
        // HMAC takes a key of any length; this cannot happen.
        unreachable!("HMAC accepts every key length")
    };
    mac.update(purpose.label());
    mac.update(&number.to_le_bytes());
    let bytes = mac.finalize().into_bytes();
    let mut first = [0u8; 8];
    first.copy_from_slice(&bytes[..8]);
    u64::from_le_bytes(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_seeds_repeat_and_differ_by_purpose_and_number() {
        let s = Seeding::Fixed(42);
        assert_eq!(s.seed(Purpose::Table, 7), s.seed(Purpose::Table, 7));
        assert_ne!(s.seed(Purpose::Table, 7), s.seed(Purpose::Table, 8));
        assert_ne!(s.seed(Purpose::Table, 7), s.seed(Purpose::Tournament, 7));
        assert_ne!(
            s.seed(Purpose::Table, 7),
            Seeding::Fixed(43).seed(Purpose::Table, 7)
        );
    }

    #[test]
    fn random_seeds_differ() {
        let a = Seeding::Random.seed(Purpose::Table, 1);
        let b = Seeding::Random.seed(Purpose::Table, 1);
        assert_ne!(a, b, "two draws from the operating system");
    }

    #[test]
    fn the_function_is_hmac_sha256() {
        // Computed independently (Python's hmac module): HMAC-SHA-256 under the key's 8
        // little-endian bytes of the label and the number's 8 little-endian bytes, its first 8
        // bytes read little-endian.
        assert_eq!(keyed(1, Purpose::Table, 2), 7_544_646_693_829_378_949);
    }
}
