//! What happens in a game of Banner von Komarn, and how it is told: the events, their text,
//! and the short public notes of the transcript.

use serde::{Deserialize, Serialize};

use super::*;
use crate::games::words::and_list;
use crate::t;

/// How a number was played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

/// Why a drawn Morlock left the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MorlockGoneWhy {
    /// No area of the board can take it.
    NoArea,
    /// Its drawer left the game.
    DrawerLeft,
}

impl MorlockGoneWhy {
    /// The reason in the current language.
    fn text(self) -> String {
        match self {
            MorlockGoneWhy::NoArea => t!("komarn-morlock-gone-no-area"),
            MorlockGoneWhy::DrawerLeft => t!("komarn-morlock-gone-drawer-left"),
        }
    }
}

/// Why the loser of a challenge loses no number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoStrikeWhy {
    /// The one who was to choose has left the game.
    ChooserLeft,
    /// The loser has left the game.
    LoserLeft,
    /// The loser holds no number.
    EmptyHand,
}

impl NoStrikeWhy {
    /// The reason in the current language.
    fn text(self) -> String {
        match self {
            NoStrikeWhy::ChooserLeft => t!("komarn-no-strike-chooser-left"),
            NoStrikeWhy::LoserLeft => t!("komarn-no-strike-loser-left"),
            NoStrikeWhy::EmptyHand => t!("komarn-no-strike-empty-hand"),
        }
    }
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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
        why: MorlockGoneWhy,
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
        why: NoStrikeWhy,
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
    /// Whether the event has a public note in the record (see [`KomarnEvent::brief`]).
    pub(super) fn noted(&self) -> bool {
        !matches!(
            self,
            KomarnEvent::Played { .. }
                | KomarnEvent::Passed { .. }
                | KomarnEvent::Drew { .. }
                | KomarnEvent::GameOver { .. }
        )
    }

    /// A short public note for the transcript in the current language; `None` for private
    /// events and the play itself.
    pub fn brief(&self) -> Option<String> {
        Some(match self {
            KomarnEvent::Played { .. }
            | KomarnEvent::Passed { .. }
            | KomarnEvent::Drew { .. }
            | KomarnEvent::GameOver { .. } => return None,
            KomarnEvent::DrawCount { color, count } => {
                t!("komarn-record-draws", color = color.name(), count = *count)
            }
            KomarnEvent::Tower {
                point, garrison, ..
            } => match garrison {
                Some(c) => t!(
                    "komarn-record-tower",
                    point = point.to_string(),
                    color = c.name()
                ),
                None => t!("komarn-record-tower-empty", point = point.to_string()),
            },
            KomarnEvent::Command { color, banner, .. } => t!(
                "komarn-record-command",
                color = color.name(),
                banner = banner.to_string()
            ),
            KomarnEvent::Paid {
                color,
                banner,
                amount,
            } => t!(
                "komarn-record-paid",
                color = color.name(),
                amount = *amount,
                banner = banner.to_string()
            ),
            KomarnEvent::WeibelBack { color, banner } => t!(
                "komarn-record-weibel-back",
                color = color.name(),
                banner = banner.to_string()
            ),
            KomarnEvent::Garrison { point, to, .. } => t!(
                "komarn-record-garrison",
                point = point.to_string(),
                color = to.name()
            ),
            KomarnEvent::Hurenweibel { holder } => match holder {
                Some(c) => t!("komarn-record-hurenweibel", color = c.name()),
                None => t!("komarn-record-hurenweibel-neutral"),
            },
            KomarnEvent::Strudel { color, .. } => {
                t!("komarn-record-strudel", color = color.name())
            }
            KomarnEvent::MorlockDrawn { color } => {
                t!("komarn-record-morlock-drawn", color = color.name())
            }
            KomarnEvent::MorlockGone { why, .. } => {
                t!("komarn-record-morlock-gone", why = why.text())
            }
            KomarnEvent::MorlockPlaced { area, .. } => {
                t!("komarn-record-morlock-placed", area = *area)
            }
            KomarnEvent::Claimed { color, .. } => {
                t!("komarn-record-claimed", color = color.name())
            }
            KomarnEvent::Accepted { color } => t!("komarn-record-accepted", color = color.name()),
            KomarnEvent::ClaimStands { timed_out, .. } => {
                if *timed_out {
                    t!("komarn-record-claim-stands-time")
                } else {
                    t!("komarn-record-claim-stands")
                }
            }
            KomarnEvent::Challenged {
                challenger,
                drawer,
                drawer_hand,
                challenger_hand,
                fitting,
            } => {
                let (challenger, drawer) = (challenger.name(), drawer.name());
                let (drawer_hand, challenger_hand) = (list(drawer_hand), list(challenger_hand));
                if fitting.is_empty() {
                    t!(
                        "komarn-record-challenged-true",
                        challenger = &challenger,
                        drawer = &drawer,
                        drawer_hand = &drawer_hand,
                        challenger_hand = &challenger_hand
                    )
                } else {
                    t!(
                        "komarn-record-challenged-bluff",
                        challenger = &challenger,
                        drawer = &drawer,
                        drawer_hand = &drawer_hand,
                        challenger_hand = &challenger_hand
                    )
                }
            }
            KomarnEvent::Struck { loser, number, .. } => {
                t!(
                    "komarn-record-struck",
                    color = loser.name(),
                    number = *number
                )
            }
            KomarnEvent::NoStrike { loser, .. } => {
                t!("komarn-record-no-strike", color = loser.name())
            }
            KomarnEvent::LastRound { empty } => {
                t!("komarn-record-last-round", colors = colors(empty))
            }
            KomarnEvent::Skipped { color } => t!("komarn-record-skipped", color = color.name()),
            KomarnEvent::Forfeited {
                color,
                reason,
                discarded,
                ..
            } => {
                let (color, numbers) = (color.name(), list(discarded));
                match reason {
                    Forfeit::Resigned => {
                        t!("komarn-record-resigned", color = &color, numbers = &numbers)
                    }
                    Forfeit::TimedOut => {
                        t!(
                            "komarn-record-timed-out",
                            color = &color,
                            numbers = &numbers
                        )
                    }
                    Forfeit::Abandoned => {
                        t!(
                            "komarn-record-abandoned",
                            color = &color,
                            numbers = &numbers
                        )
                    }
                    Forfeit::Stopped => {
                        t!("komarn-record-stopped", color = &color, numbers = &numbers)
                    }
                }
            }
        })
    }
}

/// What a line of the record begins with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(super) enum Head {
    /// A player's move, in its notation (what the player typed: never translated).
    Move {
        /// Who.
        color: Color,
        /// The move's canonical notation.
        mv: String,
    },
    /// The claim's answer window closed.
    TimeUp,
    /// An event that was no move (a forfeit), told by its note.
    Event(KomarnEvent),
}

/// One line of the public record, kept as data: it is told in the reader's language when the
/// record is read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Entry {
    /// What started it and the public events that followed.
    Noted {
        /// What started it.
        head: Head,
        /// The events with a public note ([`KomarnEvent::noted`]).
        notes: Vec<KomarnEvent>,
    },
    /// A line as a game saved before kept it (English text).
    Text(String),
}

impl Entry {
    /// The line in the current language: the head, then ` — ` and the notes joined by `; `.
    pub(super) fn text(&self) -> String {
        let (head, notes) = match self {
            Entry::Noted { head, notes } => (head, notes),
            Entry::Text(line) => return line.clone(),
        };
        let head = match head {
            Head::Move { color, mv } => t!("komarn-record-move", color = color.name(), mv = mv),
            Head::TimeUp => t!("komarn-record-time-up"),
            Head::Event(e) => e.brief().unwrap_or_default(),
        };
        let notes: Vec<String> = notes.iter().filter_map(KomarnEvent::brief).collect();
        if notes.is_empty() {
            head
        } else {
            format!("{head} — {}", notes.join("; "))
        }
    }
}

/// "3, 17 and 40" in the current language.
fn and_numbers(numbers: &[u8]) -> String {
    let names: Vec<String> = numbers.iter().map(u8::to_string).collect();
    and_list(&names)
}

impl fmt::Display for KomarnEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            KomarnEvent::Played {
                color,
                number,
                kind,
                camp,
            } => {
                let color = color.name();
                let play = match kind {
                    PlayKind::Recruit(field) => t!(
                        "komarn-played-recruit",
                        color = &color,
                        number = *number,
                        field = field.to_string()
                    ),
                    PlayKind::Chase { second } => t!(
                        "komarn-played-chase",
                        color = &color,
                        number = *number,
                        second = *second
                    ),
                    PlayKind::Reinforce(field) => t!(
                        "komarn-played-reinforce",
                        color = &color,
                        number = *number,
                        field = field.to_string()
                    ),
                    PlayKind::Seduce { field, victim } => t!(
                        "komarn-played-seduce",
                        color = &color,
                        number = *number,
                        victim = victim.name(),
                        field = field.to_string()
                    ),
                };
                match camp {
                    Some(c) => t!("komarn-played-with-camp", play = play, camp = c.to_string()),
                    None => t!("komarn-played", play = play),
                }
            }
            KomarnEvent::Passed { color, number } => {
                t!("komarn-passed", color = color.name(), number = *number)
            }
            KomarnEvent::Tower {
                point,
                garrison,
                by,
            } => match garrison {
                Some(c) => t!(
                    "komarn-tower-garrisoned",
                    point = point.to_string(),
                    color = c.name()
                ),
                None => t!(
                    "komarn-tower-empty",
                    point = point.to_string(),
                    color = by.name()
                ),
            },
            KomarnEvent::Command {
                color,
                banner,
                value,
            } => t!(
                "komarn-command",
                color = color.name(),
                banner = banner.to_string(),
                value = *value
            ),
            KomarnEvent::Paid {
                color,
                banner,
                amount,
            } => t!(
                "komarn-paid",
                color = color.name(),
                banner = banner.to_string(),
                amount = *amount
            ),
            KomarnEvent::WeibelBack { color, banner } => t!(
                "komarn-weibel-back",
                color = color.name(),
                banner = banner.to_string()
            ),
            KomarnEvent::Garrison { point, from, to } => t!(
                "komarn-garrison",
                point = point.to_string(),
                from = from.name(),
                to = to.name()
            ),
            KomarnEvent::Hurenweibel { holder } => match holder {
                Some(c) => t!("komarn-hurenweibel-holder", color = c.name()),
                None => t!("komarn-hurenweibel-neutral"),
            },
            KomarnEvent::Drew { numbers, .. } => {
                if numbers.is_empty() {
                    t!("komarn-drew-nothing")
                } else {
                    t!("komarn-drew", numbers = and_numbers(numbers))
                }
            }
            KomarnEvent::DrawCount { color, count } => {
                t!("komarn-drew-count", color = color.name(), count = *count)
            }
            KomarnEvent::Strudel { color, returned } => {
                t!("komarn-strudel", color = color.name(), count = *returned)
            }
            KomarnEvent::MorlockDrawn { color } => {
                t!("komarn-morlock-drawn", color = color.name())
            }
            KomarnEvent::MorlockGone { color, why } => {
                t!(
                    "komarn-morlock-gone",
                    color = color.name(),
                    why = why.text()
                )
            }
            KomarnEvent::MorlockPlaced { color, area } => {
                t!("komarn-morlock-placed", color = color.name(), area = *area)
            }
            KomarnEvent::Claimed {
                color,
                answerers,
                window,
            } => t!(
                "komarn-claimed",
                color = color.name(),
                answerers = colors(answerers),
                window = humantime::format_duration(*window).to_string()
            ),
            KomarnEvent::Accepted { color } => t!("komarn-accepted", color = color.name()),
            KomarnEvent::ClaimStands { color, timed_out } => {
                if *timed_out {
                    t!("komarn-claim-stands-time", color = color.name())
                } else {
                    t!("komarn-claim-stands", color = color.name())
                }
            }
            KomarnEvent::Challenged {
                challenger,
                drawer,
                drawer_hand,
                challenger_hand,
                fitting,
            } => {
                if fitting.is_empty() {
                    t!(
                        "komarn-challenged-true",
                        challenger = challenger.name(),
                        drawer = drawer.name(),
                        drawer_hand = list(drawer_hand),
                        challenger_hand = list(challenger_hand)
                    )
                } else {
                    t!(
                        "komarn-challenged-bluff",
                        challenger = challenger.name(),
                        drawer = drawer.name(),
                        drawer_hand = list(drawer_hand),
                        challenger_hand = list(challenger_hand),
                        fitting = list(fitting)
                    )
                }
            }
            KomarnEvent::Struck {
                chooser,
                loser,
                number,
            } => t!(
                "komarn-struck",
                chooser = chooser.name(),
                loser = loser.name(),
                number = *number
            ),
            KomarnEvent::NoStrike { loser, why } => {
                t!("komarn-no-strike", color = loser.name(), why = why.text())
            }
            KomarnEvent::LastRound { empty } => t!(
                "komarn-last-round",
                colors = colors(empty),
                count = empty.len()
            ),
            KomarnEvent::Skipped { color } => t!("komarn-skipped", color = color.name()),
            KomarnEvent::Forfeited {
                color,
                reason,
                discarded,
                goes_on,
            } => {
                let name = color.name();
                let numbers = list(discarded);
                let text = match reason {
                    Forfeit::Resigned => {
                        t!("komarn-forfeit-resigned", color = &name, numbers = &numbers)
                    }
                    Forfeit::TimedOut => {
                        t!(
                            "komarn-forfeit-timed-out",
                            color = &name,
                            numbers = &numbers
                        )
                    }
                    Forfeit::Abandoned => {
                        t!(
                            "komarn-forfeit-abandoned",
                            color = &name,
                            numbers = &numbers
                        )
                    }
                    // The table says once why the computer players stop.
                    Forfeit::Stopped => return f.write_str(""),
                };
                if *goes_on {
                    format!("{text} {}", t!("komarn-forfeit-goes-on", color = &name))
                } else {
                    text
                }
            }
            KomarnEvent::GameOver { results } => {
                let paid: Vec<String> = results
                    .iter()
                    .map(|(color, p, total, _)| {
                        if p.hurenweibel > 0 {
                            t!(
                                "komarn-game-over-payout-hurenweibel",
                                color = color.name(),
                                total = p.total,
                                banners = p.banners,
                                weibel = p.weibel_bonus,
                                hurenweibel = p.hurenweibel,
                                heller = *total
                            )
                        } else {
                            t!(
                                "komarn-game-over-payout",
                                color = color.name(),
                                total = p.total,
                                banners = p.banners,
                                weibel = p.weibel_bonus,
                                heller = *total
                            )
                        }
                    })
                    .collect();
                // The table announces the result once, in its own words; the game adds how
                // the last payouts came about.
                t!("komarn-game-over", payouts = paid.join("; "))
            }
        };
        f.write_str(&text)
    }
}
