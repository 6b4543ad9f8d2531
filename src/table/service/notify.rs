//! Turn pings and reminders: after every change, the people who have just come to act hear it
//! — mentioned in the announcement, by direct message, or not at all, as each chose with
//! `/notify` for the community; a reminder says how much time is left. Nobody on vacation is
//! pinged or reminded (they hear it when they are back), and a player to move at several
//! correspondence tables gets one digest a day instead of a ping each (`digest.rs`).

use super::*;
use crate::games::Seat;
use crate::table::clock::format_span;
use crate::table::event::TableEvent;
use crate::table::notify::Notify;

impl TableService {
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
                return refuse("Sorry — your settings could not be read. Please try again.".into());
            }
        };
        let args = args.trim();
        if args.is_empty() {
            return Reply::private(
                user,
                format!(
                    "Your turn pings here: {} ({}). `/notify {}` changes it.",
                    current.notify.word(),
                    describe(current.notify),
                    Notify::ALL.map(Notify::word).join("|"),
                ),
            );
        }
        let Some(mode) = Notify::from_word(args) else {
            return refuse(format!(
                "Unknown mode {}: choose one of {}.",
                markup::code(&args.chars().take(30).collect::<String>()),
                Notify::words()
            ));
        };
        // Other settings stay as they are.
        let mut prefs = current;
        prefs.notify = mode;
        if let Err(e) = self.store.set_prefs(&community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return refuse("Sorry — your setting could not be saved, so nothing changed.".into());
        }
        Reply::private(
            user,
            format!("Turn pings: {} — {}.", mode.word(), describe(mode)),
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
                Notify::Dm => replies.push(Reply::private(
                    user,
                    format!(
                        "Your turn at the {} table in {}.",
                        info.name,
                        self.channel_link(&after.channel)
                    ),
                )),
                Notify::Off => {}
            }
        }
        for event in events {
            if let TableEvent::Reminder { seat, left, idle } = event {
                replies.extend(self.reminder(after, community, *seat, *left, *idle));
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
        seat: Seat,
        left: Millis,
        idle: bool,
    ) -> Option<Reply> {
        let user = table.seats.get(seat)?;
        let left = format_span(Duration::from_millis(left));
        let what = if idle {
            format!("your move is waiting; in {left} the others may `/claim` your seat")
        } else {
            format!("{left} left for your move")
        };
        match self.notify_mode(community, user) {
            Notify::Off => None,
            Notify::Channel => {
                let mut reply = Reply::public(format!("⏳ {}: {what}.", table.player(seat)));
                reply.mentions = vec![user.clone()];
                Some(reply)
            }
            Notify::Dm => Some(Reply {
                notice: true,
                ..Reply::private(
                    user,
                    format!(
                        "⏳ {} in {}: {what}.",
                        table.kind.info().name,
                        self.channel_link(&table.channel)
                    ),
                )
            }),
        }
    }
}

/// What a mode means, in a few words.
fn describe(mode: Notify) -> &'static str {
    match mode {
        Notify::Channel => "you are mentioned in the table's channel",
        Notify::Dm => "you get a direct message",
        Notify::Off => "no pings; the channel still says whose turn it is",
    }
}
