//! What `/tournament create <game> <format> [settings] [table options]` asks for.

use std::time::Duration;

use super::refused::SpecRefused;
use super::{Format, Pairing};
use crate::games::GameKind;
use crate::table::options::TableOptions;

/// The most entrants a tournament takes.
pub const MAX_ENTRANTS: usize = 1024;
/// The most rounds a tournament may ask for.
pub const MAX_ROUNDS: u32 = 30;
/// A round's deadline when none is given and the games have no clock: a week.
pub const DEFAULT_DEADLINE: Duration = Duration::from_secs(7 * 24 * 3600);

/// A tournament's settings, read from its `create` command.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The game.
    pub kind: GameKind,
    /// The format.
    pub format: Format,
    /// How a two-player Swiss is paired (`pairing=dutch`, the default, or `pairing=simple`).
    pub pairing: Pairing,
    /// Rounds asked for (`rounds=N`).
    pub rounds: Option<u32>,
    /// Players per game.
    pub pod: usize,
    /// Computer players may enter (`bots=yes`).
    pub bots: bool,
    /// How long a round may take before `next` may close it (`deadline=3d`).
    pub deadline: Duration,
    /// The short name (`name=cup`), if given.
    pub name: Option<String>,
    /// The tables' option words (checked).
    pub options: Vec<String>,
}

impl Spec {
    /// Reads the words after `create`; the refusal says what is wrong.
    pub fn parse(args: &str) -> Result<Spec, SpecRefused> {
        let mut words = args.split_whitespace();
        let Some(game) = words.next() else {
            return Err(SpecRefused::Usage);
        };
        let kind =
            GameKind::from_word(game).ok_or_else(|| SpecRefused::NotAGame { word: cut(game) })?;
        let Some(format_word) = words.next() else {
            return Err(SpecRefused::Usage);
        };
        let format = Format::from_word(format_word).ok_or_else(|| SpecRefused::NotAFormat {
            word: cut(format_word),
        })?;
        let mut rounds = None;
        let mut players = None;
        let mut bots = false;
        let mut deadline = None;
        let mut name = None;
        let mut pairing = Pairing::default();
        let mut table_words = Vec::new();
        for word in words {
            let lower = word.to_ascii_lowercase();
            let shown = cut(word);
            if let Some(v) = lower.strip_prefix("rounds=") {
                let n: u32 = v
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_ROUNDS).contains(n))
                    .ok_or(SpecRefused::Rounds {
                        word: shown,
                        max: MAX_ROUNDS,
                    })?;
                rounds = Some(n);
            } else if let Some(v) = lower.strip_prefix("players=") {
                players = Some(
                    v.parse::<usize>()
                        .map_err(|_| SpecRefused::Players { word: shown })?,
                );
            } else if let Some(v) = lower.strip_prefix("bots=") {
                bots = match v {
                    "yes" | "on" | "true" => true,
                    "no" | "off" | "false" => false,
                    _ => return Err(SpecRefused::Bots { word: shown }),
                };
            } else if let Some(v) = lower.strip_prefix("deadline=") {
                let d = humantime::parse_duration(v)
                    .ok()
                    .filter(|d| *d >= Duration::from_secs(60) && *d <= 4 * DEFAULT_DEADLINE)
                    .ok_or(SpecRefused::Deadline { word: shown })?;
                deadline = Some(d);
            } else if let Some(v) = lower.strip_prefix("pairing=") {
                pairing = Pairing::from_word(v).ok_or(SpecRefused::Pairing { word: shown })?;
            } else if let Some(v) = lower.strip_prefix("name=") {
                let ok = (1..=16).contains(&v.len())
                    && v.chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !v.starts_with('-');
                if !ok {
                    return Err(SpecRefused::Name { word: shown });
                }
                name = Some(v.to_string());
            } else if lower == "casual" {
                return Err(SpecRefused::Casual);
            } else {
                table_words.push(lower);
            }
        }
        let table = TableOptions::parse(kind, table_words.iter().map(String::as_str))
            .map_err(SpecRefused::Options)?;
        let pod = format.pod(kind, players)?;
        format.fits(kind, pod)?;
        // Games with a clock end by themselves: a round may take three times the clock, at
        // least a day when the clock is per move.
        let deadline = deadline.unwrap_or_else(|| match table.time {
            Some(t) if table.per_move => (t * 60).min(4 * DEFAULT_DEADLINE),
            Some(t) => (t * 3 * pod as u32).min(4 * DEFAULT_DEADLINE),
            None => DEFAULT_DEADLINE,
        });
        Ok(Spec {
            kind,
            format,
            pairing,
            rounds,
            pod,
            bots,
            deadline,
            name,
            options: table.words(),
        })
    }
}

/// A word as a refusal shows it: its first 30 characters.
fn cut(word: &str) -> String {
    word.chars().take(30).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_swiss_with_a_clock() {
        let kind = GameKind::ALL[0];
        let spec = Spec::parse(&format!(
            "{} swiss rounds=3 time=30m name=cup",
            kind.info().id
        ))
        .expect("valid");
        assert_eq!(spec.format, Format::Swiss);
        assert_eq!(spec.rounds, Some(3));
        assert_eq!(spec.name.as_deref(), Some("cup"));
        assert!(spec.options.contains(&"time=30m".to_string()));
        assert_eq!(spec.pairing, Pairing::Dutch, "the default");
        let simple = Spec::parse(&format!("{} swiss pairing=Simple", kind.info().id));
        assert_eq!(simple.map(|s| s.pairing), Ok(Pairing::Simple));
        let dutch = Spec::parse(&format!("{} swiss pairing=dutch", kind.info().id));
        assert_eq!(dutch.map(|s| s.pairing), Ok(Pairing::Dutch));
        assert_eq!(
            Spec::parse(&format!("{} swiss pairing=monrad", kind.info().id)),
            Err(SpecRefused::Pairing {
                word: "pairing=monrad".into()
            })
        );
    }

    #[test]
    fn refuses_what_does_not_fit() {
        let kind = GameKind::ALL[0];
        let id = kind.info().id;
        for bad in [
            String::new(),
            "nogame swiss".into(),
            format!("{id} ladder"),
            format!("{id} swiss rounds=0"),
            format!("{id} swiss rounds=x"),
            format!("{id} swiss bots=maybe"),
            format!("{id} swiss name=Has_Caps"),
            format!("{id} swiss casual"),
            format!("{id} swiss time=forever"),
            format!("{id} swiss deadline=1s"),
        ] {
            assert!(Spec::parse(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_knockout_needs_two_players_and_a_duplicate_a_solitaire() {
        for kind in GameKind::ALL {
            let info = kind.info();
            let ko = Spec::parse(&format!("{} knockout", info.id));
            assert_eq!(ko.is_ok(), info.min_players <= 2, "{}", info.name);
            let dup = Spec::parse(&format!("{} duplicate", info.id));
            assert_eq!(dup.is_ok(), info.min_players == 1, "{}", info.name);
        }
    }
}
