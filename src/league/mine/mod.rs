//! `/mygames`: every open table a user sits at in the command's community — the game, a link
//! to its channel, whose turn, the time left — the tables where they are to act first, a page
//! at a time with buttons for the others.

mod refused;

pub use refused::MineRefused;

use super::links::Links;
use crate::games::Seat;
use crate::t;
use crate::table::clock::{Millis, format_clock};
use crate::table::record::Status;
use crate::table::reply::Choice;
use crate::table::views::Asker;
use crate::table::{Reply, Table, TableService};

/// Tables on one page of `/mygames`.
pub const MY_GAMES_PAGE: usize = 10;

/// One line of the list.
pub struct Row {
    /// The user is to act there.
    to_act: bool,
    channel: String,
    /// The line: the game, a link to its channel, whose turn, the time left.
    pub line: String,
}

/// `f` of each open table of `community` where the user `user_id` sits, with their seat;
/// the answers that are not `None`.
pub fn in_my_tables<T>(
    core: &TableService,
    community: &str,
    user_id: &str,
    f: impl Fn(&Table, Seat) -> Option<T>,
) -> Vec<T> {
    core.channels_of(user_id)
        .into_iter()
        .filter_map(|channel| {
            core.with_slot(&channel, |slot| {
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
pub fn my_games(
    core: &TableService,
    links: &Links,
    community: &str,
    asker: Asker<'_>,
    args: &str,
) -> Reply {
    let now = core.now();
    let mut rows: Vec<Row> = in_my_tables(core, community, &asker.user.id, |table, seat| {
        Some(row(links, table, seat, now))
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
                return asker.refuse(MineRefused::NoPage { pages });
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
pub fn row(links: &Links, table: &Table, seat: Seat, now: Millis) -> Row {
    let info = table.kind.info();
    let link = links.to(&table.channel);
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

/// A button for page `page` of `/mygames` (not tied to a table: 0).
fn page_choice(label: &str, page: usize) -> Choice {
    Choice {
        label: label.into(),
        command: format!("/mygames {page}"),
        table: 0,
    }
}
