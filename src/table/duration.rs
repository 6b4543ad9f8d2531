//! Durations as people write them in the configuration: `24h`, `90m`, `1d 12h`.

use std::time::Duration;

use serde::{Deserialize, Deserializer, Serializer};

/// Durations written as `24h`, `90m`, `1d 12h` (serde `with`).
pub mod human {
    use super::*;

    /// Writes a duration as `24h`.
    pub fn serialize<S: Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&humantime::format_duration(*d).to_string())
    }

    /// Reads a duration like `24h` or `90m`.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Duration, D::Error> {
        let text = String::deserialize(d)?;
        humantime::parse_duration(&text).map_err(serde::de::Error::custom)
    }
}
