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
pub use events::{KomarnEvent, PlayKind};
pub use notation::{How, Move};
pub use rules::{InvalidSetup, Komarn, Setup};
pub use scoring::Payout;
pub use view::{
    Answer, BannerView, ClaimView, FieldView, KomarnView, LastTurn, PendingView, PlayerView,
    PointView,
};

use crate::games::{Forfeit, GameOptions, OptionError, Seat};

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
    const HELP: &'static [(&'static str, &'static str)] = &[(
        "challenge=<duration>",
        "how long the others may challenge a Morlock claim (default 2m; e.g. challenge=30s, challenge=5m; a bare number is minutes)",
    )];

    fn set(&mut self, word: &str) -> Result<(), OptionError> {
        let Some(value) = word.strip_prefix("challenge=") else {
            let shown: String = word.chars().take(20).collect();
            return Err(OptionError(format!(
                "Banner von Komarn has no option `{shown}`"
            )));
        };
        let shown: String = value.chars().take(20).collect();
        let parsed = match value.parse::<u64>() {
            Ok(minutes) => Duration::from_secs(minutes.saturating_mul(60)),
            Err(_) => humantime::parse_duration(value)
                .map_err(|_| OptionError(format!("`challenge={shown}` is not a duration")))?,
        };
        let (min, max) = CHALLENGE_RANGE;
        if parsed < min || parsed > max {
            return Err(OptionError(format!(
                "`challenge={shown}` is out of range: between {} and {}",
                humantime::format_duration(min),
                humantime::format_duration(max)
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

fn list(numbers: &[u8]) -> String {
    if numbers.is_empty() {
        return "nothing".into();
    }
    numbers
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn colors(list: &[Color]) -> String {
    let names: Vec<String> = list.iter().map(Color::to_string).collect();
    match names.as_slice() {
        [] => "nobody".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The `/rules komarn` text.
pub const RULES: &str = "\
**Banner von Komarn** — 3–4 players. Turn order is drawn at setup; colours follow it: Red moves first, then Blue, Green, Yellow.
**River:** areas 1–54, each with fields nL, nF (river), nR. Adjacent: the same side of neighbouring areas, and nF with nL and nR. 26 bank points hold 9 towers, 9 maidens and cities worth 2–4.
**Turn:** play one of your 5 numbers (`/hand`): recruit `play 17L` on a free field of area 17 (17F only when 17L and 17R hold soldiers); a Morlock on 17F is chased only with a second number, `play 17 +32` (soldiers on 17L and 17R); a number whose area offers no recruit may reinforce, `play 17 @23R`: a free land field beside your soldier, beside no other colour; the Hurenweibel may seduce, `play 8R`. `pass 40` only if nothing fits. Add `camp 18L` (2 per game). Draw to 5.
**Banners:** 2+ connected soldiers (tower garrisons count). Whoever has ≥2 and strictly the most soldiers in it may command it with one of 6 Weibel. Losing command pays the banner's value from before the turn. Value: soldiers on fields + towers + maidens + cities + 1 for the Weibel.
**Towers:** the first soldier beside one decides it: the single commander of that group garrisons it, else the placer adds a soldier. Garrisons take the commander's colour.
**Hurenweibel:** strictly most maidens in your commanded banners.
**Morlock** drawn: `morlock 12` (on 12F; 12 goes back into the bag) or claim `morlock none`; the others may `challenge` or `accept` (window `challenge=`, default 2m). Both hands are shown; the loser discards a number the winner names (`strike 5`).
**End:** once a supply is empty the round is finished. Final pay: each commanded banner, its Weibel worth 1 Schilling = 5 Heller; Hurenweibel 5. Most Heller wins. Who leaves ranks last; the game goes on while 2 remain.
**Edition choices** (this project's): adjacency, points, 3 Morlocks, 1 Schilling = 5 Heller, reinforcing, the Morlock's number returning, values, the full last round.";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_fit_one_chat_message() {
        assert!(RULES.chars().count() < 2000, "{}", RULES.chars().count());
    }

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
