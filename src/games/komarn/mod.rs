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
//! - [`view`]: what a viewer sees.
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
pub mod notation;
pub mod rules;
pub mod scoring;
mod secrets;
pub mod view;

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use bag::{Bag, MORLOCKS, Tile};
pub use board::{AREAS, Board, Content, Field, Point, PointKind, PointState, Side};
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

/// Why a Banner von Komarn move was rejected. Every message names the rejected part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KomarnError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No such seat.
    #[error("seat {} is not at this table", .0 + 1)]
    NoSuchSeat(Seat),
    /// The seat left the game.
    #[error("you have left this game")]
    Left,
    /// Somebody else is to act, or something else is asked.
    #[error("not now: {waiting}")]
    NotNow {
        /// What the game waits for.
        waiting: String,
    },
    /// The number is not in the player's hand.
    #[error("{0} is not in your hand")]
    NotInHand(u8),
    /// The player has no soldier in supply.
    #[error("you have no soldier left in supply")]
    NoSoldier,
    /// The field holds the player's own soldier.
    #[error("{0} already holds your own soldier")]
    OwnSoldier(Field),
    /// Another colour stands there and the player does not hold the Hurenweibel.
    #[error("{field} is taken by {color}; only the holder of the Hurenweibel may seduce a soldier")]
    Taken {
        /// The field.
        field: Field,
        /// Whose soldier.
        color: Color,
    },
    /// A camp or Morlock blocks the field.
    #[error("{field} is not free: {what} stands there")]
    NotFree {
        /// The field.
        field: Field,
        /// "a camp", "a Morlock", "Blue's soldier".
        what: String,
    },
    /// Land field of a Morlock area played singly.
    #[error(
        "a Morlock sits on {area}F: area {area} is taken only by chasing it with a second number, `play {area} +<m>`"
    )]
    MustChase {
        /// The area.
        area: u8,
    },
    /// River field before both land fields hold soldiers.
    #[error("{area}F opens only when {area}L and {area}R both hold soldiers")]
    RiverClosed {
        /// The area.
        area: u8,
    },
    /// A chase where no Morlock is.
    #[error("there is no Morlock on {0}F to chase")]
    NoMorlock(u8),
    /// A chase needs two soldiers.
    #[error("chasing a Morlock puts two soldiers on the board; you have {0} in supply")]
    ChaseNeedsTwo(u8),
    /// Reinforcement with a number that offers a recruit.
    #[error(
        "{number} can still recruit in its own area (e.g. `{example}`); only a number whose area offers you no recruit may reinforce"
    )]
    NotDead {
        /// The number.
        number: u8,
        /// A recruit it offers, naming no other number of the hand (`play 17 +<m>`).
        example: String,
    },
    /// Reinforcement on a river field.
    #[error("reinforcements go on land fields only, not on {0}")]
    ReinforceRiver(Field),
    /// Reinforcement into a Morlock area.
    #[error("{0} lies in an area with a Morlock; reinforcements may not go there")]
    ReinforceMorlock(Field),
    /// Reinforcement not next to an own soldier.
    #[error("{0} is not next to one of your soldiers")]
    NoOwnNeighbour(Field),
    /// Reinforcement next to another colour.
    #[error(
        "{field} is next to {color}'s soldier on {enemy}; reinforcements may not touch another colour"
    )]
    EnemyNeighbour {
        /// The target.
        field: Field,
        /// The neighbouring field with another colour.
        enemy: Field,
        /// That colour.
        color: Color,
    },
    /// Both camps are built.
    #[error("you have built both of your camps")]
    NoCamp,
    /// Camp on the river.
    #[error("camps go on land fields only, not on {0}")]
    CampRiver(Field),
    /// Camp on a field that is not free after the play.
    #[error("the camp cannot go on {0}: the field is not free after your play")]
    CampNotFree(Field),
    /// Camp in a Morlock area.
    #[error("the camp cannot go on {0}: a Morlock sits in that area")]
    CampMorlock(Field),
    /// `pass` while a play exists. The message names no number of the hand: a refusal may be
    /// read by the whole channel.
    #[error(
        "you may only pass when no number in your hand can be played; you have a play (your `/hand` lists them)"
    )]
    CannotPass,
    /// The area cannot take the Morlock.
    #[error("area {area} cannot take a Morlock: {why}")]
    NoRoomForMorlock {
        /// The area.
        area: u8,
        /// Why.
        why: String,
    },
    /// After an exposed bluff the Morlock must be placed.
    #[error("your claim was a bluff: place the Morlock with `morlock <k>`, e.g. `morlock {0}`")]
    MustPlace(u8),
    /// The drawer answers their own claim.
    #[error("you made the claim; the others challenge or accept it")]
    OwnClaim,
    /// Strike of a number the loser does not hold.
    #[error("{color} does not hold {number}; {color} holds {}", list(held))]
    NotHeld {
        /// The number.
        number: u8,
        /// The loser.
        color: Color,
        /// What the loser holds.
        held: Vec<u8>,
    },
}

/// How a number was played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayKind {
    /// A soldier on a free field of the number's area.
    Recruit(Field),
    /// The Morlock chased with a second number.
    Chase {
        /// The second number.
        second: u8,
    },
    /// A soldier on a land field beside the player's own.
    Reinforce(Field),
    /// Another colour's soldier replaced.
    Seduce {
        /// Where.
        field: Field,
        /// Whose soldier went back.
        victim: Color,
    },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KomarnEvent {
    /// A number was played.
    Played {
        /// Who.
        color: Color,
        /// The number.
        number: u8,
        /// How.
        kind: PlayKind,
        /// A camp built with it.
        camp: Option<Field>,
    },
    /// A number was discarded because nothing fit.
    Passed {
        /// Who.
        color: Color,
        /// The number.
        number: u8,
    },
    /// A tower was decided.
    Tower {
        /// The point.
        point: Point,
        /// The garrison's colour; `None` when the tower stays empty for good.
        garrison: Option<Color>,
        /// Who would have garrisoned it.
        by: Color,
    },
    /// A Weibel took command of a banner.
    Command {
        /// Who.
        color: Color,
        /// The banner's lowest field.
        banner: Field,
        /// Its value now.
        value: u32,
    },
    /// A Weibel returned to a player who lost command, with the pay.
    Paid {
        /// Who.
        color: Color,
        /// The lowest field of the banner they commanded (before this turn).
        banner: Field,
        /// Heller paid.
        amount: u32,
    },
    /// A Weibel returned unpaid: its owner keeps command of the merged banner with another one.
    WeibelBack {
        /// Whose.
        color: Color,
        /// The merged banner's lowest field.
        banner: Field,
    },
    /// A garrison took the commander's colour.
    Garrison {
        /// The tower.
        point: Point,
        /// The old colour (its soldier went back to supply).
        from: Color,
        /// The commander's colour.
        to: Color,
    },
    /// The Hurenweibel changed hands.
    Hurenweibel {
        /// The new holder, `None` when neutral.
        holder: Option<Color>,
    },
    /// Private: the numbers a seat drew.
    Drew {
        /// Who (the audience).
        seat: Seat,
        /// What.
        numbers: Vec<u8>,
    },
    /// Public: how many numbers a player drew.
    DrawCount {
        /// Who.
        color: Color,
        /// How many.
        count: usize,
    },
    /// The Strudel was drawn.
    Strudel {
        /// Who drew it.
        color: Color,
        /// Numbers of the discard pile shuffled back.
        returned: usize,
    },
    /// A Morlock was drawn and some area can take it.
    MorlockDrawn {
        /// Who decides.
        color: Color,
    },
    /// A Morlock left the game.
    MorlockGone {
        /// Who drew it.
        color: Color,
        /// Why.
        why: &'static str,
    },
    /// A Morlock went on a river field.
    MorlockPlaced {
        /// Who.
        color: Color,
        /// The area (its number went back into the bag).
        area: u8,
    },
    /// A player claimed that no Morlock can be placed.
    Claimed {
        /// The drawer.
        color: Color,
        /// Who may answer.
        answerers: Vec<Color>,
        /// How long they have.
        window: std::time::Duration,
    },
    /// A player accepted a claim.
    Accepted {
        /// Who.
        color: Color,
    },
    /// A claim stood.
    ClaimStands {
        /// The drawer.
        color: Color,
        /// Because the time ran out (else everybody accepted).
        timed_out: bool,
    },
    /// A claim was challenged: both hands as at the claim are shown.
    Challenged {
        /// The challenger.
        challenger: Color,
        /// The drawer.
        drawer: Color,
        /// The drawer's hand at the claim.
        drawer_hand: Vec<u8>,
        /// The challenger's hand at the claim.
        challenger_hand: Vec<u8>,
        /// The areas of the drawer's hand that could take the Morlock (empty: the claim was true).
        fitting: Vec<u8>,
    },
    /// The loser of a challenge discards a number chosen by the winner.
    Struck {
        /// The chooser.
        chooser: Color,
        /// The loser.
        loser: Color,
        /// The number.
        number: u8,
    },
    /// No strike happens (the loser holds nothing, or a player left).
    NoStrike {
        /// The loser.
        loser: Color,
        /// Why.
        why: &'static str,
    },
    /// Somebody's supply is empty: the round is finished, then the game ends.
    LastRound {
        /// Whose supply is empty.
        empty: Vec<Color>,
    },
    /// A player with no soldier in supply skips the turn.
    Skipped {
        /// Who.
        color: Color,
    },
    /// A player resigned or ran out of time.
    Forfeited {
        /// Who.
        color: Color,
        /// Why.
        reason: Forfeit,
        /// Their hand, now on the discard pile.
        discarded: Vec<u8>,
        /// Whether the game goes on.
        goes_on: bool,
    },
    /// The game is over: the final payouts and the ranking.
    GameOver {
        /// Per seat, in seat order: colour, payout, final Heller, rank.
        results: Vec<(Color, Payout, u32, u8)>,
    },
}

impl KomarnEvent {
    /// A short public note for the transcript; `None` for private events and the play itself.
    pub fn brief(&self) -> Option<String> {
        Some(match self {
            KomarnEvent::Played { .. } | KomarnEvent::Passed { .. } | KomarnEvent::Drew { .. } => {
                return None;
            }
            KomarnEvent::DrawCount { color, count } => format!("{color} draws {count}"),
            KomarnEvent::Tower {
                point, garrison, ..
            } => match garrison {
                Some(c) => format!("{point} tower: {c}"),
                None => format!("{point} tower: empty"),
            },
            KomarnEvent::Command { color, banner, .. } => format!("{color} commands {banner}"),
            KomarnEvent::Paid {
                color,
                banner,
                amount,
            } => format!("{color} paid {amount} for {banner}"),
            KomarnEvent::WeibelBack { color, banner } => {
                format!("{color} Weibel back from {banner}")
            }
            KomarnEvent::Garrison { point, to, .. } => format!("{point} garrison: {to}"),
            KomarnEvent::Hurenweibel { holder } => match holder {
                Some(c) => format!("Hurenweibel: {c}"),
                None => "Hurenweibel: neutral".into(),
            },
            KomarnEvent::Strudel { color, .. } => format!("{color} draws the Strudel"),
            KomarnEvent::MorlockDrawn { color } => format!("{color} draws a Morlock"),
            KomarnEvent::MorlockGone { why, .. } => format!("Morlock leaves ({why})"),
            KomarnEvent::MorlockPlaced { area, .. } => format!("Morlock on {area}F"),
            KomarnEvent::Claimed { color, .. } => format!("{color} claims none"),
            KomarnEvent::Accepted { color } => format!("{color} accepts"),
            KomarnEvent::ClaimStands { timed_out, .. } => {
                format!("claim stands{}", if *timed_out { " (time)" } else { "" })
            }
            KomarnEvent::Challenged {
                challenger,
                drawer,
                drawer_hand,
                challenger_hand,
                fitting,
            } => format!(
                "{challenger} challenges: {drawer} [{}], {challenger} [{}], {}",
                list(drawer_hand),
                list(challenger_hand),
                if fitting.is_empty() { "true" } else { "bluff" }
            ),
            KomarnEvent::Struck { loser, number, .. } => format!("{loser} loses {number}"),
            KomarnEvent::NoStrike { loser, .. } => format!("{loser} loses nothing"),
            KomarnEvent::LastRound { empty } => format!("last round ({} empty)", colors(empty)),
            KomarnEvent::Skipped { color } => format!("{color} skips"),
            KomarnEvent::Forfeited {
                color,
                reason,
                discarded,
                ..
            } => format!(
                "{color} {} (discards {})",
                match reason {
                    Forfeit::Resigned => "resigns",
                    Forfeit::TimedOut => "times out",
                },
                list(discarded)
            ),
            KomarnEvent::GameOver { .. } => return None,
        })
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

impl fmt::Display for KomarnEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KomarnEvent::Played {
                color,
                number,
                kind,
                camp,
            } => {
                match kind {
                    PlayKind::Recruit(field) => {
                        write!(f, "{color} plays {number} and recruits on {field}")?
                    }
                    PlayKind::Chase { second } => write!(
                        f,
                        "{color} plays {number} and {second}, chases the Morlock off {number}F and recruits on {number}L and {number}R"
                    )?,
                    PlayKind::Reinforce(field) => {
                        write!(f, "{color} plays {number} as a reinforcement on {field}")?
                    }
                    PlayKind::Seduce { field, victim } => write!(
                        f,
                        "{color} plays {number} and, with the Hurenweibel, seduces {victim}'s soldier on {field}"
                    )?,
                }
                if let Some(c) = camp {
                    write!(f, ", and builds a camp on {c}")?;
                }
                f.write_str(".")
            }
            KomarnEvent::Passed { color, number } => {
                write!(f, "{color} can play no number and discards {number}.")
            }
            KomarnEvent::Tower {
                point,
                garrison,
                by,
            } => match garrison {
                Some(c) => write!(f, "The tower at {point} is garrisoned by {c}."),
                None => write!(
                    f,
                    "The tower at {point} stays empty for good: {by} has no soldier left to garrison it."
                ),
            },
            KomarnEvent::Command {
                color,
                banner,
                value,
            } => write!(
                f,
                "{color} takes command of the banner at {banner} (worth {value})."
            ),
            KomarnEvent::Paid {
                color,
                banner,
                amount,
            } => write!(
                f,
                "{color} loses command of the banner at {banner}; the Weibel returns and {color} is paid {amount} Heller."
            ),
            KomarnEvent::WeibelBack { color, banner } => write!(
                f,
                "{color} keeps command of the merged banner at {banner}; the other Weibel returns unpaid."
            ),
            KomarnEvent::Garrison { point, from, to } => write!(
                f,
                "The garrison of the tower at {point} changes from {from} to {to}."
            ),
            KomarnEvent::Hurenweibel { holder } => match holder {
                Some(c) => write!(f, "{c} now holds the Hurenweibel."),
                None => write!(f, "The Hurenweibel is neutral."),
            },
            KomarnEvent::Drew { numbers, .. } => {
                let names: Vec<String> = numbers.iter().map(u8::to_string).collect();
                match names.as_slice() {
                    [] => write!(f, "You draw nothing."),
                    [init @ .., last] if !init.is_empty() => {
                        write!(f, "You draw {} and {last}.", init.join(", "))
                    }
                    _ => write!(f, "You draw {}.", names.join("")),
                }
            }
            KomarnEvent::DrawCount { color, count } => {
                write!(f, "{color} draws {}.", plural(*count, "number"))
            }
            KomarnEvent::Strudel { color, returned } => write!(
                f,
                "{color} draws the Strudel: it and the discard pile ({}) go back into the bag.",
                plural(*returned, "number")
            ),
            KomarnEvent::MorlockDrawn { color } => write!(
                f,
                "{color} draws a Morlock: place it (`morlock <k>`) or claim that none can be placed (`morlock none`)."
            ),
            KomarnEvent::MorlockGone { color, why } => {
                write!(f, "The Morlock drawn by {color} leaves the game: {why}.")
            }
            KomarnEvent::MorlockPlaced { color, area } => write!(
                f,
                "{color} places the Morlock on {area}F; the number {area} goes back into the bag."
            ),
            KomarnEvent::Claimed {
                color,
                answerers,
                window,
            } => write!(
                f,
                "{color} claims that no Morlock can be placed. {} may `challenge` or `accept` ({}); silence accepts.",
                colors(answerers),
                humantime::format_duration(*window)
            ),
            KomarnEvent::Accepted { color } => write!(f, "{color} accepts the claim."),
            KomarnEvent::ClaimStands { color, timed_out } => write!(
                f,
                "{color}'s claim stands{}; the Morlock leaves the game.",
                if *timed_out {
                    " (the time ran out)"
                } else {
                    ""
                }
            ),
            KomarnEvent::Challenged {
                challenger,
                drawer,
                drawer_hand,
                challenger_hand,
                fitting,
            } => {
                write!(
                    f,
                    "{challenger} challenges! Hands at the claim: {drawer} [{}], {challenger} [{}]. ",
                    list(drawer_hand),
                    list(challenger_hand)
                )?;
                if fitting.is_empty() {
                    write!(
                        f,
                        "The claim was true: the Morlock leaves the game, and {drawer} strikes one of {challenger}'s numbers (`strike <k>`)."
                    )
                } else {
                    write!(
                        f,
                        "It was a bluff ({} could take it): {drawer} places the Morlock (`morlock <k>`), then {challenger} strikes one of {drawer}'s numbers.",
                        list(fitting)
                    )
                }
            }
            KomarnEvent::Struck {
                chooser,
                loser,
                number,
            } => write!(
                f,
                "{chooser} strikes {number}: {loser} discards it and draws a replacement."
            ),
            KomarnEvent::NoStrike { loser, why } => {
                write!(f, "{loser} loses no number: {why}.")
            }
            KomarnEvent::LastRound { empty } => write!(
                f,
                "{} {} no soldier left in supply: the round is finished, then the game ends.",
                colors(empty),
                if empty.len() == 1 { "has" } else { "have" }
            ),
            KomarnEvent::Skipped { color } => {
                write!(f, "{color} has no soldier in supply and skips the turn.")
            }
            KomarnEvent::Forfeited {
                color,
                reason,
                discarded,
                goes_on,
            } => {
                let what = match reason {
                    Forfeit::Resigned => "resigns",
                    Forfeit::TimedOut => "has run out of time",
                };
                write!(
                    f,
                    "{color} {what} and ranks last; their numbers ({}) go to the discard pile, their pieces stay on the river.",
                    list(discarded)
                )?;
                if *goes_on {
                    write!(f, " The game goes on without {color}.")?;
                }
                Ok(())
            }
            KomarnEvent::GameOver { results } => {
                let paid: Vec<String> = results
                    .iter()
                    .map(|(color, p, total, _)| {
                        let hw = if p.hurenweibel > 0 {
                            format!(", Hurenweibel {}", p.hurenweibel)
                        } else {
                            String::new()
                        };
                        format!(
                            "{color} +{} (banners {}, Weibel {}{hw}) → {total} Heller",
                            p.total, p.banners, p.weibel_bonus
                        )
                    })
                    .collect();
                write!(f, "Game over. Final payouts: {}.", paid.join("; "))?;
                let mut ranked: Vec<&(Color, Payout, u32, u8)> = results.iter().collect();
                ranked.sort_by_key(|r| r.3);
                let order: Vec<String> = ranked
                    .iter()
                    .map(|(c, _, total, rank)| format!("{rank}. {c} {total}"))
                    .collect();
                write!(f, " Ranking: {}.", order.join(", "))
            }
        }
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
