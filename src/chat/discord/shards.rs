//! The shard range a process runs: `first-last/total`, e.g. `0-3/8` (shards 0, 1, 2, 3 of 8).

use std::fmt;
use std::ops::Range;
use std::str::FromStr;

/// Shards `first..=last` of `total`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShardRange {
    /// First shard of this process.
    pub first: u32,
    /// Last shard of this process (inclusive).
    pub last: u32,
    /// Shards of the whole bot.
    pub total: u32,
}

impl ShardRange {
    /// The shard ids as serenity's half-open range.
    pub fn ids(&self) -> Range<u32> {
        self.first..self.last + 1
    }

    /// Whether shard 0 runs here (that process registers the global commands).
    pub fn has_first_shard(&self) -> bool {
        self.first == 0
    }
}

/// A shard range that does not read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "shards = \"{0}\" is not a shard range: write \"first-last/total\", e.g. \"0-3/8\" (0 ≤ first ≤ last < total)"
)]
pub struct BadShardRange(pub String);

impl FromStr for ShardRange {
    type Err = BadShardRange;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || BadShardRange(s.chars().take(40).collect());
        let (range, total) = s.trim().split_once('/').ok_or_else(bad)?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (a, b),
            None => (range, range),
        };
        let parse = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
        let (first, last, total) = (parse(first)?, parse(last)?, parse(total)?);
        if first > last || last >= total {
            return Err(bad());
        }
        Ok(ShardRange { first, last, total })
    }
}

impl fmt::Display for ShardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.first, self.last, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranges() {
        let r: ShardRange = "0-3/8".parse().unwrap();
        assert_eq!(r.ids(), 0..4);
        assert_eq!(r.total, 8);
        assert!(r.has_first_shard());
        let r: ShardRange = "5/8".parse().unwrap();
        assert_eq!((r.ids(), r.has_first_shard()), (5..6, false));
        assert_eq!(r.to_string(), "5-5/8");
        for bad in ["", "3", "4-2/8", "0-8/8", "a-b/c", "0-3/", "-1-2/4"] {
            assert!(bad.parse::<ShardRange>().is_err(), "{bad}");
        }
    }
}
