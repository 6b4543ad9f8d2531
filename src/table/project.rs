//! From what happened to replies, per audience: the one place where events become words.
//!
//! Every event reaches the audience the game gave it — the channel for public events, the one
//! player for private ones — in the same words on every chat. Buttons go only on a reply whose
//! audience may see them.

use std::time::Duration;

use super::action::Closing;
use super::clock::format_span;
use super::command::User;
use super::event::TableEvent;
use super::markup;
use super::record::{Status, Table};
use super::reply::{Reply, ThreadHint};
use super::text;
use super::views::{board_image, lobby_choices, shared_choices};
use crate::games::{Audience, Forfeit};
use crate::i18n::Lang;
use crate::t;

/// The replies to `events` at `table` (the table after them): the channel's in its language,
/// each player's private ones in theirs.
pub fn project(table: &Table, events: &[TableEvent], langs: &TableLanguages) -> Vec<Reply> {
    crate::i18n::scope(langs.channel, || project_in(table, events, langs))
}

fn project_in(table: &Table, events: &[TableEvent], langs: &TableLanguages) -> Vec<Reply> {
    let info = table.kind.info();
    let mut public: Vec<String> = Vec::new();
    let mut private: Vec<Reply> = Vec::new();
    let mut started = false;
    let mut lobby = false;
    // What the league adds (how the ratings moved): said after the result.
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
                public.push(t!(
                    "opened",
                    name = markup::name(&table.creator.name),
                    game = info.name,
                    options = text::options_text(&table.options),
                    max = info.max_players,
                    min = info.min_players,
                ));
            }
            TableEvent::Sat { seat } => {
                lobby = true;
                let n = seat + 1;
                let name = table
                    .seats
                    .get(*seat)
                    .map_or_else(|| "?".into(), |u| markup::name(&u.shown_name()));
                let hint = if table.seats.len() >= info.min_players {
                    t!("sat-may-start")
                } else {
                    t!("sat-more-needed", n = info.min_players - table.seats.len())
                };
                public.push(t!(
                    "sat",
                    name = name,
                    game = info.name,
                    seat = n,
                    max = info.max_players,
                    hint = hint
                ));
            }
            TableEvent::Left { user, new_host } => {
                lobby = true;
                let name = markup::name(&user.shown_name());
                if table.seats.is_empty() {
                    public.push(t!("left-empty", name = name, game = info.name));
                } else if table.status == Status::Aborted {
                    public.push(t!("left-only-bots", name = name, game = info.name));
                } else {
                    let mut line = t!(
                        "left",
                        name = name,
                        game = info.name,
                        seated = table.seats.len(),
                        max = info.max_players
                    );
                    if let Some(host) = new_host {
                        line.push(' ');
                        line.push_str(&t!("left-new-host", name = markup::name(&host.name)));
                    }
                    public.push(line);
                }
            }
            TableEvent::Started => {
                started = true;
                let players: Vec<String> =
                    (0..table.seats.len()).map(|s| table.player(s)).collect();
                public.push(t!(
                    "started",
                    game = info.name,
                    players = players.join(&t!("versus"))
                ));
                public.extend(table.game.as_ref().and_then(|g| g.prompt()));
                if let Some(limit) = table.options.time {
                    let span = format_span(limit);
                    public.push(if table.options.per_move {
                        t!("clock-per-move", span = span)
                    } else {
                        t!("clock-per-player", span = span)
                    });
                }
            }
            TableEvent::Game(a) => match a.audience {
                Audience::Everyone => public.push(a.text.here().to_string()),
                Audience::Seat(seat) => match table.seats.get(seat) {
                    Some(user) => {
                        let lang = langs.of(user);
                        let text = a.text.get(lang).to_string();
                        private.push(crate::i18n::scope(lang, || Reply::private(user, text)));
                    }
                    None => tracing::error!(table = table.id, seat, "event for an empty seat"),
                },
            },
            TableEvent::Resigned { seat } => {
                public.push(t!("resigned", player = table.player(*seat)));
            }
            TableEvent::TimedOut { seat } => {
                public.push(t!("timed-out", player = table.player(*seat)));
            }
            TableEvent::Abandoned { seat } => public.push(t!(
                "abandoned",
                player = table.player(*seat),
                span = format_span(Duration::from_millis(table.policy.idle_after))
            )),
            TableEvent::Replaced { seat, user, why } => {
                let name = markup::name(&user.shown_name());
                let why = match why {
                    Forfeit::TimedOut => t!("replaced-timed-out", name = name),
                    Forfeit::Abandoned => t!(
                        "replaced-abandoned",
                        name = name,
                        span = format_span(Duration::from_millis(table.policy.idle_after))
                    ),
                    // (A computer player stopped is nobody's replacement.)
                    Forfeit::Resigned | Forfeit::Stopped => t!("replaced-resigned", name = name),
                };
                public.push(t!("replaced", why = why, player = table.player(*seat)));
            }
            TableEvent::Reminder { .. } => {} // the service words it for its player
            TableEvent::Away { seat, length } => {
                let player = table.player(*seat);
                let span = format_span(Duration::from_millis(*length));
                public.push(match (&table.clock, table.status) {
                    (_, Status::Lobby) => t!("away", player = player, span = span),
                    (Some(_), _) if table.is_correspondence() => {
                        t!("away-clock-stands", player = player, span = span)
                    }
                    (Some(_), _) => t!("away-clock-runs", player = player, span = span),
                    (None, _) => t!("away-not-claimable", player = player, span = span),
                });
            }
            TableEvent::Back { seat } => {
                public.push(t!("back", player = table.player(*seat)));
            }
            TableEvent::Epilogue(text) => ratings = Some(text.here().to_string()),
            TableEvent::WindowClosed => public.push(t!("window-closed")),
            TableEvent::Stopped => public.push(t!("stopped")),
            TableEvent::Suspended => public.push(t!("suspended")),
            TableEvent::Resumed { paused } => public.push(t!(
                "resumed",
                span = format_span(Duration::from_millis(*paused))
            )),
            TableEvent::Closed(Closing::ChannelGone) => {
                lobby = true;
                public.push(t!("closed-channel-gone", game = info.name));
            }
            TableEvent::Closed(Closing::Decided) => {
                lobby = true;
                public.push(t!("closed-decided", game = info.name));
            }
            TableEvent::Closed(Closing::LobbyExpired { after }) => {
                lobby = true;
                public.push(t!(
                    "closed-lobby-expired",
                    game = info.name,
                    span = format_span(*after),
                    id = info.id
                ));
            }
            TableEvent::Aborted { by } => public.push(t!(
                "aborted",
                name = markup::name(&by.name),
                game = info.name
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
                    name: format!("{}: {}", info.name, table.names().join(&t!("versus"))),
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

/// The languages of one table's audiences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableLanguages {
    /// The channel's.
    pub channel: Lang,
    /// Each seated person's (user id → language).
    pub seats: Vec<(String, Lang)>,
}

impl TableLanguages {
    /// Everyone speaks `lang` (tests, and tables without settings).
    pub fn all(lang: Lang) -> TableLanguages {
        TableLanguages {
            channel: lang,
            seats: Vec::new(),
        }
    }

    /// The language of `user`'s private replies.
    pub fn of(&self, user: &User) -> Lang {
        self.seats
            .iter()
            .find(|(id, _)| *id == user.id)
            .map_or(self.channel, |(_, l)| *l)
    }
}
