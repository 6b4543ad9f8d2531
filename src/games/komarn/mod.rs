//! Banner von Komarn for 3–4 players, per `docs/rules/banner-von-komarn.md` (version 2.1): recruit
//! soldiers along a river of 54 areas, command banners with Weibel, get paid on takeovers and
//! at the end.
//!
//! - [`board`]: areas, fields `17L/17F/17R`, adjacency, the 26 points;
//! - [`bag`]: the numbers, Morlocks and the Strudel (the order is secret);
//! - [`notation`]: every move form of §10;
//! - [`banners`]: groups, command, merges, payouts, garrison colours, the Hurenweibel;
//! - [`scoring`]: final payouts and ranks;
//! - [`rules`]: the reducer ([`Komarn`] implements [`Game`](crate::games::Game));
//! - [`view`]: what a viewer sees;
//! - `engine`: what its computer players think with (`Think`).
//!
//! Seats and colours: seats are the table's join order (seat 0 joined first). The *turn order*
//! is drawn at setup (§3); the colours follow it — the first to move is Red, then Blue, Green,
//! Yellow. [`KomarnView::turn_order`] lists the seats in turn order, and every event names the
//! colour.
//!
//! Secrecy: hands are private (a seat's own view has its hand; every other view has hand
//! sizes); the bag order and the random generator never leave the engine. After a challenge the
//! two judged hands (as at the claim) are public — in the events and in
//! [`KomarnView::revealed_hands`] — until the next number is played; a player's current hand is
//! shown to others only while every number in it was revealed.

pub mod bag;
pub mod banners;
pub mod board;
mod describe;
pub mod draw;
mod engine;
mod errors;
mod events;
pub mod notation;
mod player;
pub mod rules;
pub mod scoring;
mod secrets;
mod state;
pub mod view;

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use bag::{Bag, MORLOCKS, Tile};
pub use board::{AREAS, Board, Content, Field, Point, PointKind, PointState, Side};
pub use errors::KomarnError;
pub use events::{KomarnEvent, MorlockGoneWhy, NoStrikeWhy, PlayKind};
pub use notation::{How, Move};
pub use rules::{InvalidSetup, Komarn, Setup};
pub use scoring::Payout;
pub use view::{
    Answer, BannerView, ClaimView, FieldView, KomarnView, LastTurn, PendingView, PlayerView,
    PointView,
};

use crate::games::{Forfeit, GameOptions, OptionError, Seat};
use crate::t;

/// A colour, by position in the turn order: the first to move is Red.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Turn position 1.
    Red,
    /// Turn position 2.
    Blue,
    /// Turn position 3.
    Green,
    /// Turn position 4.
    Yellow,
}

impl Color {
    /// Every colour in turn order.
    pub const ALL: [Color; 4] = [Color::Red, Color::Blue, Color::Green, Color::Yellow];

    /// The colour's name in the current language (`Display` is the English word, for logs and
    /// machine formats; the transcript uses the name).
    pub fn name(self) -> String {
        match self {
            Color::Red => t!("komarn-color-red"),
            Color::Blue => t!("komarn-color-blue"),
            Color::Green => t!("komarn-color-green"),
            Color::Yellow => t!("komarn-color-yellow"),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "Red",
            Color::Blue => "Blue",
            Color::Green => "Green",
            Color::Yellow => "Yellow",
        })
    }
}

/// Shortest and longest challenge window `challenge=` accepts.
pub const CHALLENGE_RANGE: (Duration, Duration) =
    (Duration::from_secs(10), Duration::from_secs(3600));
/// The default challenge window.
pub const DEFAULT_CHALLENGE: Duration = Duration::from_secs(120);

/// Banner von Komarn's options.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct KomarnOptions {
    /// How long the other players may challenge a Morlock claim (the table keeps the time).
    pub challenge: Duration,
}

impl Default for KomarnOptions {
    fn default() -> Self {
        KomarnOptions {
            challenge: DEFAULT_CHALLENGE,
        }
    }
}

impl GameOptions for KomarnOptions {
    const HELP: &'static [(&'static str, &'static str)] =
        &[("challenge=<duration>", "option-komarn-challenge")];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        let Some(value) = word.strip_prefix("challenge=") else {
            let shown: String = word.chars().take(20).collect();
            return Err(OptionError(t!("komarn-option-unknown", shown = shown)));
        };
        let shown: String = value.chars().take(20).collect();
        let parsed = match value.parse::<u64>() {
            Ok(minutes) => Duration::from_secs(minutes.saturating_mul(60)),
            Err(_) => humantime::parse_duration(value)
                .map_err(|_| OptionError(t!("komarn-option-not-a-duration", shown = &shown)))?,
        };
        let (min, max) = CHALLENGE_RANGE;
        if parsed < min || parsed > max {
            return Err(OptionError(t!(
                "komarn-option-out-of-range",
                shown = shown,
                min = humantime::format_duration(min).to_string(),
                max = humantime::format_duration(max).to_string()
            )));
        }
        self.challenge = parsed;
        Ok(())
    }

    fn words(&self) -> Vec<String> {
        if self.challenge == DEFAULT_CHALLENGE {
            Vec::new()
        } else {
            vec![format!(
                "challenge={}",
                humantime::format_duration(self.challenge)
            )]
        }
    }
}

/// "3, 17, 40", or "nothing", in the current language.
fn list(numbers: &[u8]) -> String {
    if numbers.is_empty() {
        return t!("komarn-nothing");
    }
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Red, Blue and Green", or "nobody", in the current language.
fn colors(list: &[Color]) -> String {
    let names: Vec<String> = list.iter().map(|c| c.name()).collect();
    crate::games::words::and_list(&names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_challenge_option() {
        let mut o = KomarnOptions::default();
        assert_eq!(o.challenge, Duration::from_secs(120));
        assert!(o.words().is_empty());
        o.set("challenge=30s").unwrap();
        assert_eq!(o.challenge, Duration::from_secs(30));
        assert_eq!(o.words(), ["challenge=30s"]);
        o.set("challenge=5").unwrap();
        assert_eq!(o.challenge, Duration::from_secs(300));
        o.set("challenge=1h").unwrap();
        for bad in [
            "challenge=",
            "challenge=soon",
            "challenge=5s",
            "challenge=2h",
            "profi",
        ] {
            let err = o.set(bad).unwrap_err();
            assert!(!err.0.is_empty(), "{bad}");
        }
        assert_eq!(o.challenge, Duration::from_secs(3600));
        assert_eq!(KomarnOptions::HELP.len(), 1);
    }
}
