//! Turn pings and reminders: after every change, the people who have just come to act hear it
//! — mentioned in the announcement, by direct message, or not at all, as each chose with
//! `/notify` for the community; a reminder says how much time is left. Nobody on vacation is
//! pinged or reminded (they hear it when they are back), and a player to move at several
//! correspondence tables gets one digest a day instead of a ping each (`digest.rs`).

use super::*;
use crate::games::Seat;
use crate::i18n;
use crate::league::notify::Notify;
use crate::t;
use crate::table::clock::format_span;
use crate::table::event::TableEvent;
use crate::table::project::TableLanguages;

impl App {
    /// `/notify [channel|dm|off]`: sets (or, without a word, tells) where the user's turn
    /// pings go in the command's community. Always answered privately.
    pub(super) fn notify(&self, cmd: &Command, user: &User, args: &str) -> Reply {
        let community = self.community_of(cmd);
        let refuse = |text: String| Reply {
            error: true,
            ..Reply::private(user, text)
        };
        let current = match self.store.prefs(&community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "prefs unreadable");
                return refuse(t!("notify-unreadable"));
            }
        };
        let args = args.trim();
        if args.is_empty() {
            return Reply::private(
                user,
                t!(
                    "notify-show",
                    mode = current.notify.word(),
                    meaning = describe(current.notify),
                    modes = Notify::ALL.map(Notify::word).join("|")
                ),
            );
        }
        let Some(mode) = Notify::from_word(args) else {
            return refuse(t!(
                "notify-unknown",
                word = markup::code(&args.chars().take(30).collect::<String>()),
                modes = Notify::words()
            ));
        };
        // Other settings stay as they are.
        let mut prefs = current;
        prefs.notify = mode;
        if let Err(e) = self.store.set_prefs(&community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return refuse(t!("notify-not-saved"));
        }
        Reply::private(
            user,
            t!("notify-set", mode = mode.word(), meaning = describe(mode)),
        )
    }

    /// Where `user`'s notices go in `community`.
    fn notify_mode(&self, community: &str, user: &User) -> Notify {
        match self.store.prefs(community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default().notify,
            Err(e) => {
                tracing::warn!(error = %e, "prefs unreadable; pinging in the channel");
                Notify::Channel
            }
        }
    }

    /// Adds the notices of a change from `before` to `after` (with its `events`) to its
    /// `replies`: a turn ping for every person who may act now and could not before (or is back
    /// from vacation), except `actor` (who just acted and knows), and the reminders.
    pub(super) fn notices(
        &self,
        before: Option<&Table>,
        after: &Table,
        events: &[TableEvent],
        actor: Option<&User>,
        replies: &mut Vec<Reply>,
        now: Millis,
    ) {
        let was: BTreeSet<Seat> = before
            .map(Table::acting)
            .unwrap_or_default()
            .into_iter()
            .collect();
        let back: BTreeSet<Seat> = events
            .iter()
            .filter_map(|e| match e {
                TableEvent::Back { seat } => Some(*seat),
                _ => None,
            })
            .collect();
        let community = after.community.as_deref().unwrap_or(&after.channel);
        let info = after.kind.info();
        // Each notice speaks its audience's language: read only when one is written.
        let langs = std::cell::OnceCell::new();
        let langs = || langs.get_or_init(|| self.table_languages(after));
        let mut mentions = Vec::new();
        for seat in after.acting() {
            if was.contains(&seat) && !back.contains(&seat) {
                continue;
            }
            let Some(user) = after.seats.get(seat) else {
                continue;
            };
            if user.is_bot() || Some(user) == actor || after.is_away(seat, now) {
                continue;
            }
            let notify = self.notify_mode(community, user);
            if notify != Notify::Off && self.fold_into_digest(after, community, user, now) {
                continue;
            }
            match notify {
                Notify::Channel => mentions.push(user.clone()),
                Notify::Dm => replies.push(i18n::scope(langs().of(user), || {
                    Reply::private(
                        user,
                        t!(
                            "notify-turn",
                            game = info.name,
                            link = self.channel_link(&after.channel)
                        ),
                    )
                })),
                Notify::Off => {}
            }
        }
        for event in events {
            if let TableEvent::Reminder { seat, left, idle } = event {
                replies.extend(self.reminder(after, community, langs(), *seat, *left, *idle));
            }
        }
        if mentions.is_empty() {
            return;
        }
        match replies.iter_mut().find(|r| r.to.is_none()) {
            Some(announcement) => announcement.mentions = mentions,
            None => {
                let mut reply = Reply::public(String::new());
                reply.mentions = mentions;
                replies.push(reply);
            }
        }
    }

    /// The reminder to the person in `seat` that `left` is left of their time (or, for an
    /// `idle` seat, until the others may claim it), as they chose: mentioned in the channel, by
    /// direct message, or not at all.
    fn reminder(
        &self,
        table: &Table,
        community: &str,
        langs: &TableLanguages,
        seat: Seat,
        left: Millis,
        idle: bool,
    ) -> Option<Reply> {
        let user = table.seats.get(seat)?;
        let left = Duration::from_millis(left);
        match self.notify_mode(community, user) {
            Notify::Off => None,
            Notify::Channel => {
                let text = i18n::scope(langs.channel, || {
                    let (player, left) = (table.player(seat), format_span(left));
                    if idle {
                        t!("notify-reminder-idle", player = player, left = left)
                    } else {
                        t!("notify-reminder", player = player, left = left)
                    }
                });
                let mut reply = Reply::public(text);
                reply.mentions = vec![user.clone()];
                Some(reply)
            }
            Notify::Dm => {
                let text = i18n::scope(langs.of(user), || {
                    let game = table.kind.info().name;
                    let link = self.channel_link(&table.channel);
                    let left = format_span(left);
                    if idle {
                        t!(
                            "notify-reminder-dm-idle",
                            game = game,
                            link = link,
                            left = left
                        )
                    } else {
                        t!("notify-reminder-dm", game = game, link = link, left = left)
                    }
                });
                Some(Reply {
                    notice: true,
                    ..Reply::private(user, text)
                })
            }
        }
    }
}

/// What a mode means, in a few words.
fn describe(mode: Notify) -> String {
    match mode {
        Notify::Channel => t!("notify-mode-channel"),
        Notify::Dm => t!("notify-mode-dm"),
        Notify::Off => t!("notify-mode-off"),
    }
}
