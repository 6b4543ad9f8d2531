//! Turn pings: after every change, the people who have just come to act hear it — mentioned in
//! the announcement, by direct message, or not at all, as each chose with `/notify` for the
//! community.

use super::*;
use crate::games::Seat;
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

    /// Adds the turn pings of a change from `before` to `after` to its `replies`: every person
    /// who may act now and could not before, except `actor` (who just acted and knows).
    pub(super) fn ping(
        &self,
        before: Option<&Table>,
        after: &Table,
        actor: Option<&User>,
        replies: &mut Vec<Reply>,
    ) {
        let was: BTreeSet<Seat> = before
            .map(Table::acting)
            .unwrap_or_default()
            .into_iter()
            .collect();
        let now: BTreeSet<Seat> = after.acting().into_iter().collect();
        let community = after.community.as_deref().unwrap_or(&after.channel);
        let info = after.kind.info();
        let mut mentions = Vec::new();
        for seat in now.difference(&was) {
            let Some(user) = after.seats.get(*seat) else {
                continue;
            };
            if user.is_bot() || Some(user) == actor {
                continue;
            }
            let notify = match self.store.prefs(community, &user.id) {
                Ok(prefs) => prefs.unwrap_or_default().notify,
                Err(e) => {
                    tracing::warn!(error = %e, "prefs unreadable; pinging in the channel");
                    Notify::Channel
                }
            };
            match notify {
                Notify::Channel => mentions.push(user.clone()),
                Notify::Dm => replies.push(Reply::private(
                    user,
                    format!("Your turn at the {} table.", info.name),
                )),
                Notify::Off => {}
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
}

/// What a mode means, in a few words.
fn describe(mode: Notify) -> &'static str {
    match mode {
        Notify::Channel => "you are mentioned in the table's channel",
        Notify::Dm => "you get a direct message",
        Notify::Off => "no pings; the channel still says whose turn it is",
    }
}
