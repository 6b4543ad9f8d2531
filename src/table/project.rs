//! From what happened to replies, per audience: the one place where events become words.
//!
//! Every event reaches the audience the game gave it — the channel for public events, the one
//! player for private ones — in the same words on every chat. Buttons go only on a reply whose
//! audience may see them.

use std::time::Duration;

use super::action::Closing;
use super::clock::format_span;
use super::event::TableEvent;
use super::markup;
use super::record::{Status, Table};
use super::reply::{Reply, ThreadHint};
use super::text;
use super::views::{board_image, lobby_choices, shared_choices};
use crate::games::{Audience, Forfeit};

/// The replies to `events` at `table` (the table after them).
pub fn project(table: &Table, events: &[TableEvent]) -> Vec<Reply> {
    let info = table.kind.info();
    let mut public: Vec<String> = Vec::new();
    let mut private: Vec<Reply> = Vec::new();
    let mut started = false;
    let mut lobby = false;
    // How the ratings moved: said after the result.
    let mut ratings = None;
    // Only notes that change nothing on the board (vacations, reminders): no board image.
    let plain = events.iter().all(|e| {
        matches!(
            e,
            TableEvent::Away { .. } | TableEvent::Back { .. } | TableEvent::Reminder { .. }
        )
    });
    for event in events {
        match event {
            TableEvent::Opened => {
                lobby = true;
                let when = if info.min_players <= 1 {
                    "any time".to_string()
                } else {
                    format!("once {} are seated", info.min_players)
                };
                public.push(format!(
                    "{} opens a {} table (options: {}), seat 1 (1/{}). `/join` to sit down; `/start` {when}.",
                    markup::name(&table.creator.name),
                    info.name,
                    text::options_text(&table.options),
                    info.max_players,
                ));
            }
            TableEvent::Sat { seat } => {
                lobby = true;
                let n = seat + 1;
                let name = table
                    .seats
                    .get(*seat)
                    .map_or_else(|| "?".into(), |u| markup::name(&u.name));
                let hint = if table.seats.len() >= info.min_players {
                    "Any seated player may `/start`.".to_string()
                } else {
                    format!(
                        "{} more needed; `/join` to sit down.",
                        info.min_players - table.seats.len()
                    )
                };
                public.push(format!(
                    "{name} sits down at the {} table, seat {n} ({n}/{}). {hint}",
                    info.name, info.max_players
                ));
            }
            TableEvent::Left { user, new_host } => {
                lobby = true;
                if table.seats.is_empty() {
                    public.push(format!(
                        "{} leaves; the {} table is empty and closed.",
                        markup::name(&user.name),
                        info.name
                    ));
                } else if table.status == Status::Aborted {
                    public.push(format!(
                        "{} leaves; only computer players are left, so the {} table is closed.",
                        markup::name(&user.name),
                        info.name
                    ));
                } else {
                    let mut line = format!(
                        "{} leaves the {} table ({}/{} seated).",
                        markup::name(&user.name),
                        info.name,
                        table.seats.len(),
                        info.max_players
                    );
                    if let Some(host) = new_host {
                        line.push_str(&format!(" {} now hosts it.", markup::name(&host.name)));
                    }
                    public.push(line);
                }
            }
            TableEvent::Started => {
                started = true;
                let players: Vec<String> =
                    (0..table.seats.len()).map(|s| table.player(s)).collect();
                public.push(format!(
                    "The game of {} begins: {}.",
                    info.name,
                    players.join(" vs ")
                ));
                public.extend(table.game.as_ref().and_then(|g| g.prompt()));
                if let Some(limit) = table.options.time {
                    let who = if table.options.per_move {
                        "Every move"
                    } else {
                        "Each player"
                    };
                    public.push(format!("{who} has {} on the clock.", format_span(limit)));
                }
            }
            TableEvent::Game(a) => match a.audience {
                Audience::Everyone => public.push(a.text.clone()),
                Audience::Seat(seat) => match table.seats.get(seat) {
                    Some(user) => private.push(Reply::private(user, a.text.clone())),
                    None => tracing::error!(table = table.id, seat, "event for an empty seat"),
                },
            },
            TableEvent::Resigned { seat } => {
                public.push(format!("{} resigns.", table.player(*seat)));
            }
            TableEvent::TimedOut { seat } => {
                public.push(format!("⏰ {} has run out of time.", table.player(*seat)));
            }
            TableEvent::Abandoned { seat } => public.push(format!(
                "{} has not acted for {}: the game is claimed.",
                table.player(*seat),
                format_span(Duration::from_millis(table.policy.idle_after))
            )),
            TableEvent::Replaced { seat, user, why } => {
                let name = markup::name(&user.name);
                let why = match why {
                    Forfeit::TimedOut => format!("⏰ {name} has run out of time"),
                    Forfeit::Abandoned => format!(
                        "{name} has not acted for {}",
                        format_span(Duration::from_millis(table.policy.idle_after))
                    ),
                    Forfeit::Resigned => format!("{name} resigns"),
                };
                public.push(format!(
                    "{why}: {} takes over the seat, and the game goes on.",
                    table.player(*seat)
                ));
            }
            TableEvent::Reminder { .. } => {} // the service words it for its player
            TableEvent::Away { seat, length } => {
                let what = match (&table.clock, table.status) {
                    (_, Status::Lobby) => "",
                    (Some(_), _) if table.is_correspondence() => {
                        ": their clock stands still meanwhile"
                    }
                    (Some(_), _) => ": their clock keeps running (it is not correspondence time)",
                    (None, _) => ": nobody may claim their seat as idle meanwhile",
                };
                public.push(format!(
                    "🏖 {} is on vacation for {}{what}.",
                    table.player(*seat),
                    format_span(Duration::from_millis(*length))
                ));
            }
            TableEvent::Back { seat } => {
                public.push(format!("{} is back from vacation.", table.player(*seat)));
            }
            TableEvent::Rated(changes) => {
                let moves: Vec<String> = changes
                    .iter()
                    .map(|c| {
                        let delta = c.after.round() - c.before.round();
                        format!(
                            "{} {:.0} → {:.0}{} ({}{delta:.0})",
                            markup::name(&c.name),
                            c.before,
                            c.after,
                            if c.provisional { "?" } else { "" },
                            if delta >= 0.0 { "+" } else { "−" },
                            delta = delta.abs(),
                        )
                    })
                    .collect();
                ratings = Some(format!("Ratings: {}.", moves.join(", ")));
            }
            TableEvent::WindowClosed => public.push("⏳ The time for answers is up.".into()),
            TableEvent::Suspended => {
                public.push("⏸ The table pauses: its channel cannot be reached.".into())
            }
            TableEvent::Resumed { paused } => public.push(format!(
                "▶ The table is back after a pause of {}; the clocks ran for nobody meanwhile.",
                humantime::format_duration(std::time::Duration::from_secs(paused / 1000))
            )),
            TableEvent::Closed(Closing::ChannelGone) => {
                lobby = true;
                public.push(format!(
                    "The {} table is closed without a result: its channel is gone.",
                    info.name
                ));
            }
            TableEvent::Closed(Closing::Decided) => {
                lobby = true;
                public.push(format!(
                    "The {} table is closed: the tournament's organizer decided this game.",
                    info.name
                ));
            }
            TableEvent::Closed(Closing::LobbyExpired { after }) => {
                lobby = true;
                public.push(format!(
                    "Nobody started the {} table within {} of its opening; it is closed. `/join {}` opens a new one.",
                    info.name,
                    humantime::format_duration(*after),
                    info.id
                ));
            }
            TableEvent::Aborted { by } => public.push(format!(
                "{} aborts the {} table; it ends without a result.",
                markup::name(&by.name),
                info.name
            )),
        }
    }
    let announcement = match table.status {
        _ if plain => Reply::public(public.join("\n")),
        Status::Running | Status::Finished if table.game.is_some() && !lobby => {
            let closing = if table.status == Status::Finished {
                text::result_line(table)
            } else {
                text::turn_line(table)
            };
            if !closing.is_empty() {
                public.push(closing);
            }
            public.extend(ratings);
            let mut reply = Reply::public(public.join("\n")).with_choices(shared_choices(table));
            reply.board = board_image(table, None, super::reply::Layout::Table);
            if started {
                reply.thread = Some(ThreadHint {
                    name: format!("{}: {}", info.name, table.names().join(" vs ")),
                    requested: table.options.thread,
                    members: table.seats.iter().map(|u| u.id.clone()).collect(),
                });
            }
            reply
        }
        _ => Reply::public(public.join("\n")).with_choices(lobby_choices(table)),
    };
    let mut replies = Vec::new();
    if !(plain && announcement.text.is_empty()) {
        replies.push(announcement);
    }
    replies.extend(private);
    replies
}
