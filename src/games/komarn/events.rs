//! What happens in a game of Banner von Komarn, and how it is told: the events, their text,
//! and the short public notes of the transcript.

use super::*;

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
                    Forfeit::Abandoned => "abandons the game",
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
                    Forfeit::Abandoned => "has abandoned the game",
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
