//! Table options: the game's own options plus the platform options every game has
//! (`time=<duration>`, `log`).

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::games::{AnyOptions, GameKind, OptionError};
use crate::t;

/// Shortest and longest thinking time `time=` accepts.
pub const TIME_RANGE: (Duration, Duration) =
    (Duration::from_secs(30), Duration::from_secs(30 * 24 * 3600));

/// Options every game has, next to its own: each word with the message key of its description.
const TABLE_HELP: &[(&str, &str)] = &[
    ("casual", "option-casual"),
    ("log", "option-log"),
    ("thread", "option-thread"),
    ("time=<duration>", "option-time"),
    ("time=<duration>/move", "option-time-per-move"),
];

/// Everything chosen at `/join`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableOptions {
    /// The game and its own options.
    pub game: AnyOptions,
    /// Thinking time per player (for the game, or per move), if the table has a clock.
    #[serde(with = "opt_millis")]
    pub time: Option<Duration>,
    /// The time is per move (`time=1d/move`), not for the whole game.
    #[serde(default)]
    pub per_move: bool,
    /// Whether the game record is kept for `/log`.
    pub log: bool,
    /// Whether the game asks for a thread of its own (where the chat has threads).
    #[serde(default)]
    pub thread: bool,
    /// Not rated.
    #[serde(default)]
    pub casual: bool,
}

impl TableOptions {
    /// Reads option words for `kind`; unknown or malformed words give one error naming the
    /// valid ones.
    pub fn parse<'a>(
        kind: GameKind,
        words: impl IntoIterator<Item = &'a str>,
    ) -> Result<TableOptions, OptionError> {
        let mut options = TableOptions {
            game: kind.default_options(),
            time: None,
            per_move: false,
            log: false,
            thread: false,
            casual: false,
        };
        for raw in words {
            let word = raw.to_lowercase();
            let result = if word == "log" {
                options.log = true;
                Ok(())
            } else if word == "thread" {
                options.thread = true;
                Ok(())
            } else if word == "casual" {
                options.casual = true;
                Ok(())
            } else if let Some(value) = word.strip_prefix("time=") {
                let (value, per_move) = match value.strip_suffix("/move") {
                    Some(v) => (v, true),
                    None => (value, false),
                };
                parse_time(value).map(|t| {
                    options.time = Some(t);
                    options.per_move = per_move;
                })
            } else {
                options.game.set(&word)
            };
            result.map_err(|e| {
                OptionError(t!(
                    "options-invalid",
                    error = e.to_string(),
                    game = kind.info().name,
                    valid = valid(kind)
                ))
            })?;
        }
        Ok(options)
    }

    /// The option words, e.g. `["profi", "time=20m", "log"]`.
    pub fn words(&self) -> Vec<String> {
        let mut words = self.game.words();
        if let Some(t) = self.time {
            let per = if self.per_move { "/move" } else { "" };
            words.push(format!("time={}{per}", super::clock::format_compact(t)));
        }
        if self.log {
            words.push("log".into());
        }
        if self.thread {
            words.push("thread".into());
        }
        if self.casual {
            words.push("casual".into());
        }
        words
    }
}

/// The valid option words of `kind`, for help and errors.
pub fn valid(kind: GameKind) -> String {
    kind.option_help()
        .iter()
        .chain(TABLE_HELP)
        .map(|(word, about)| format!("`{word}` ({})", crate::t!(about)))
        .collect::<Vec<_>>()
        .join(", ")
}

fn parse_time(value: &str) -> Result<Duration, OptionError> {
    let shown: String = value.chars().take(20).collect();
    let parsed = match value.parse::<u64>() {
        Ok(minutes) => Duration::from_secs(minutes.saturating_mul(60)),
        Err(_) => humantime::parse_duration(value)
            .map_err(|_| OptionError(t!("options-time-not-a-duration", shown = &shown)))?,
    };
    let (min, max) = TIME_RANGE;
    if parsed < min || parsed > max {
        return Err(OptionError(t!(
            "options-time-out-of-range",
            shown = &shown,
            min = super::clock::format_span(min),
            max = super::clock::format_span(max)
        )));
    }
    Ok(parsed)
}

mod opt_millis {
    use std::time::Duration;

    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(d: &Option<Duration>, s: S) -> Result<S::Ok, S::Error> {
        match d {
            Some(d) => s.serialize_some(&(d.as_millis() as u64)),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Duration>, D::Error> {
        Ok(Option::<u64>::deserialize(d)?.map(Duration::from_millis))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_is_described_in_every_language() {
        for kind in GameKind::ALL {
            for (word, key) in kind.option_help().iter().chain(TABLE_HELP) {
                for lang in crate::i18n::Lang::ALL {
                    assert!(
                        crate::i18n::format(lang, key, None).is_some_and(|a| a.len() > 10),
                        "{lang}: `{word}` ({key}) has no description"
                    );
                }
            }
        }
    }

    #[test]
    fn reads_game_and_table_options() {
        for kind in GameKind::ALL {
            let o = TableOptions::parse(*kind, ["TIME=20m", "log"]).unwrap();
            assert_eq!(o.time, Some(Duration::from_secs(1200)));
            assert!(o.log);
            assert_eq!(o.words(), ["time=20m", "log"]);
            // The game's own words (those without a value) mix with the table's.
            for (word, _) in kind.option_help().iter().filter(|(w, _)| !w.contains('=')) {
                let o = TableOptions::parse(*kind, [*word, "time=90m"]).unwrap();
                assert_eq!(o.time, Some(Duration::from_secs(5400)));
                assert_eq!(o.words(), [word.to_string(), "time=1h30m".into()]);
            }
            let o = TableOptions::parse(*kind, ["time=15"]).unwrap();
            assert_eq!(o.time, Some(Duration::from_secs(900)));
            assert!(!o.per_move);
            let o = TableOptions::parse(*kind, ["time=1d/move"]).unwrap();
            assert_eq!(o.time, Some(Duration::from_secs(86_400)));
            assert!(o.per_move);
            assert_eq!(o.words(), ["time=1d/move"]);
            let again = TableOptions::parse(*kind, o.words().iter().map(String::as_str));
            assert_eq!(again, Ok(o), "the words read back");
        }
    }

    #[test]
    fn unknown_or_malformed_options_name_the_valid_ones() {
        for kind in GameKind::ALL {
            for bad in [
                "fast",
                "time=",
                "time=soon",
                "time=1s",
                "time=400d",
                "time=99999999999999999",
                "time=1d/moves",
                "time=/move",
                "time=1s/move",
            ] {
                let err = TableOptions::parse(*kind, [bad]).unwrap_err().0;
                for (word, _) in kind.option_help() {
                    let name = word.split('=').next().unwrap_or_default();
                    assert!(err.contains(&format!("`{name}")), "{err}");
                }
                assert!(err.contains("`log`") && err.contains("time="), "{err}");
            }
        }
    }
}
