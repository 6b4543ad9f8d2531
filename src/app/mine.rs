//! `/mygames`: every open table a user sits at in the command's community — the game, a link
//! to its channel, whose turn, the time left — the tables where they are to act first, a page
//! at a time with buttons for the others.

use super::*;
use crate::games::Seat;
use crate::t;
use crate::table::clock::format_clock;
use crate::table::record::Status;
use crate::table::reply::Choice;

/// Tables on one page of `/mygames`.
pub const MY_GAMES_PAGE: usize = 10;

/// How a chat writes a link to one of its channels, given the channel key (`None`: not one of
/// its channels). `/mygames` uses it for the jump links.
pub type ChannelLink = Arc<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// One line of the list.
pub(super) struct Row {
    /// The user is to act there.
    to_act: bool,
    channel: String,
    /// The line: the game, a link to its channel, whose turn, the time left.
    pub(super) line: String,
}

impl App {
    /// Lets a chat write links to its channels in lists (`/mygames`); channels no chat claims
    /// are shown by their key.
    pub fn add_channel_links(&self, link: ChannelLink) {
        lock(&self.links).push(link);
    }

    /// The link to `channel`, as the chat it belongs to writes it.
    pub(super) fn channel_link(&self, channel: &str) -> String {
        let links = lock(&self.links).clone();
        links
            .iter()
            .find_map(|l| l(channel))
            .unwrap_or_else(|| markup::code(channel))
    }

    /// `f` of each open table of `community` where the user `user_id` sits, with their seat;
    /// the answers that are not `None`.
    pub(super) fn in_my_tables<T>(
        &self,
        community: &str,
        user_id: &str,
        f: impl Fn(&Table, Seat) -> Option<T>,
    ) -> Vec<T> {
        self.core
            .channels_of(user_id)
            .into_iter()
            .filter_map(|channel| {
                self.core
                    .with_slot(&channel, |slot| {
                        let table = slot.table.as_ref().filter(|t| t.status.is_open())?;
                        if table.community.as_deref().unwrap_or(&table.channel) != community {
                            return None;
                        }
                        let seat = table.seats.iter().position(|u| u.id == user_id)?;
                        f(table, seat)
                    })
                    .ok()
                    .flatten()
            })
            .collect()
    }

    /// `/mygames [page]`.
    pub(super) fn my_games(&self, cmd: &Command, user: &User, args: &str) -> Reply {
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let community = self.community_of(cmd);
        let now = self.now();
        let mut rows: Vec<Row> = self.in_my_tables(&community, &user.id, |table, seat| {
            Some(self.row(table, seat, now))
        });
        if rows.is_empty() {
            return asker.answer(t!("mine-none"));
        }
        rows.sort_by(|a, b| b.to_act.cmp(&a.to_act).then(a.channel.cmp(&b.channel)));
        let pages = rows.len().div_ceil(MY_GAMES_PAGE);
        let args = args.trim();
        let page = if args.is_empty() {
            1
        } else {
            match args.parse::<usize>() {
                Ok(p) if (1..=pages).contains(&p) => p,
                _ => {
                    return asker.refuse(t!("mine-no-page", pages = pages));
                }
            }
        };
        let waiting = rows.iter().filter(|r| r.to_act).count();
        let mut lines = vec![if pages > 1 {
            t!(
                "mine-header-paged",
                open = rows.len(),
                waiting = waiting,
                page = page,
                pages = pages
            )
        } else {
            t!("mine-header", open = rows.len(), waiting = waiting)
        }];
        lines.extend(
            rows.iter()
                .skip((page - 1) * MY_GAMES_PAGE)
                .take(MY_GAMES_PAGE)
                .map(|r| format!("• {}", r.line)),
        );
        let mut choices = Vec::new();
        if page > 1 {
            choices.push(page_choice(&t!("mine-page-previous"), page - 1));
        }
        if page < pages {
            choices.push(page_choice(&t!("mine-page-next"), page + 1));
        }
        asker.answer(lines.join("\n")).with_choices(choices)
    }

    /// The line of one table where `user` sits at `seat`.
    pub(super) fn row(&self, table: &Table, seat: Seat, now: Millis) -> Row {
        let info = table.kind.info();
        let link = self.channel_link(&table.channel);
        let (to_act, state) = match table.status {
            Status::Running => {
                let acting = table.acting();
                let mine = acting.contains(&seat);
                let others: Vec<String> = acting
                    .iter()
                    .filter(|s| **s != seat)
                    .map(|s| table.player(*s))
                    .collect();
                let state = match (mine, others.is_empty()) {
                    (true, true) => t!("mine-your-turn"),
                    (true, false) => t!("mine-your-turn-with", others = others.join(", ")),
                    (false, false) => t!("mine-waiting-for", others = others.join(", ")),
                    (false, true) => t!("mine-waiting"),
                };
                let clock = table
                    .clock
                    .as_ref()
                    .map(|c| {
                        t!(
                            "mine-time-left",
                            time = format_clock(c.remaining(seat, now))
                        )
                    })
                    .unwrap_or_default();
                (mine, format!("{state}{clock}"))
            }
            _ => (
                false,
                t!(
                    "mine-lobby",
                    seated = table.seats.len(),
                    max = info.max_players
                ),
            ),
        };
        Row {
            to_act,
            channel: table.channel.clone(),
            line: t!("mine-row", game = info.name, link = link, state = state),
        }
    }
}

/// A button for page `page` of `/mygames` (not tied to a table: 0).
fn page_choice(label: &str, page: usize) -> Choice {
    Choice {
        label: label.into(),
        command: format!("/mygames {page}"),
        table: 0,
    }
}
