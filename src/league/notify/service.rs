//! Turn pings and reminders: after every change, the people who have just come to act hear it
//! — mentioned in the announcement, by direct message, or not at all, as each chose with
//! `/notify` for the community; a reminder says how much time is left. Nobody on vacation is
//! pinged or reminded (they hear it when they are back), and a player to move at several
//! correspondence tables gets one digest a day instead of a ping each (`digest.rs`).

//! The daily digest: a person to move at several correspondence tables of a community gets
//! one message a day listing them, instead of a ping each — where their pings go (`/notify`:
//! in a channel with a mention, or by direct message). The digest is scheduled with
//! the person's settings in the store, so after a restart it fires once — none lost, none
//! twice — and the settings record when the last one went out.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{Notify, NotifyRefused};
use crate::games::Seat;
use crate::i18n;
use crate::league::Store;
use crate::league::ctx::Ctx;
use crate::league::mine::{in_my_tables, row};
use crate::t;
use crate::table::clock::{Millis, format_span, millis};
use crate::table::event::TableEvent;
use crate::table::project::TableLanguages;
use crate::table::service::{Committed, lock};
use crate::table::{Reply, Table, TableService, User};

/// How many people's notice settings a process remembers before it starts afresh.
const REMEMBERED: usize = 100_000;

/// Where turn pings go, and the digests scheduled.
pub struct NotifyService {
    store: Arc<dyn Store>,
    /// The digests scheduled: (due, community, user id), soonest first.
    digests: Mutex<BTreeSet<(Millis, String, String)>>,
    /// Where each person's notices go, as read from the store: every move pings someone, and
    /// the setting changes only by `/notify`. Forgotten with [`NotifyService::forget_modes`]
    /// when another process may have changed one.
    modes: Modes,
}

/// Where each person's notices go in each community (community, user id), as last read from
/// the store or chosen with `/notify`.
#[derive(Debug, Default)]
struct Modes(Mutex<HashMap<(String, String), Notify>>);

impl Modes {
    fn get(&self, community: &str, user: &str) -> Option<Notify> {
        lock(&self.0)
            .get(&(community.to_string(), user.to_string()))
            .copied()
    }

    /// Remembers that `user`'s notices in `community` go to `mode`: set by `/notify`
    /// (`chosen`), or read from the store, which gives way to a choice remembered while it was
    /// read. The mode remembered.
    fn remember(&self, community: &str, user: &str, mode: Notify, chosen: bool) -> Notify {
        let mut modes = lock(&self.0);
        if modes.len() >= REMEMBERED {
            modes.clear();
        }
        let key = (community.to_string(), user.to_string());
        if chosen {
            modes.insert(key, mode);
            mode
        } else {
            *modes.entry(key).or_insert(mode)
        }
    }

    fn forget(&self) {
        lock(&self.0).clear();
    }
}

impl NotifyService {
    /// The service on `store`, no digest scheduled until [`NotifyService::index`] says so.
    pub fn new(store: Arc<dyn Store>) -> NotifyService {
        NotifyService {
            store,
            digests: Mutex::new(BTreeSet::new()),
            modes: Modes::default(),
        }
    }

    /// Forgets the remembered `/notify` settings (another process may have changed them).
    pub fn forget_modes(&self) {
        self.modes.forget();
    }

    /// Replaces the digests scheduled (from the stored settings: they are the truth).
    pub fn index(&self, digests: BTreeSet<(Millis, String, String)>) {
        *lock(&self.digests) = digests;
    }

    /// When the next digest is due.
    pub fn next_due(&self) -> Option<Millis> {
        lock(&self.digests).first().map(|(at, _, _)| *at)
    }

    /// `/notify [channel|dm|off]`: sets (or, without a word, tells) where the user's turn
    /// pings go in the command's community. Always answered privately.
    pub fn command(&self, community: &str, user: &User, args: &str) -> Reply {
        let refuse = |why: NotifyRefused| Reply::private_refusal(user, why);
        let current = match self.store.prefs(community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default(),
            Err(e) => {
                tracing::error!(error = %e, "prefs unreadable");
                return refuse(NotifyRefused::Unreadable);
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
            return refuse(NotifyRefused::Unknown {
                word: args.chars().take(30).collect(),
            });
        };
        // Other settings stay as they are.
        let mut prefs = current;
        prefs.notify = mode;
        if let Err(e) = self.store.set_prefs(community, &user.id, &prefs) {
            tracing::error!(error = %e, "prefs not saved");
            return refuse(NotifyRefused::NotSaved);
        }
        self.modes.remember(community, &user.id, mode, true);
        Reply::private(
            user,
            t!("notify-set", mode = mode.word(), meaning = describe(mode)),
        )
    }

    /// Where `user`'s notices go in `community`.
    fn notify_mode(&self, community: &str, user: &User) -> Notify {
        if let Some(mode) = self.modes.get(community, &user.id) {
            return mode;
        }
        match self.store.prefs(community, &user.id) {
            Ok(prefs) => {
                self.modes
                    .remember(community, &user.id, prefs.unwrap_or_default().notify, false)
            }
            Err(e) => {
                tracing::warn!(error = %e, "prefs unreadable; pinging in the channel");
                Notify::Channel
            }
        }
    }

    /// Adds the notices of a change from `before` to `after` (with its `events`) to its
    /// `replies`: a turn ping for every person who may act now and could not before (or is back
    /// from vacation), except `actor` (who just acted and knows), and the reminders.
    pub fn notices(&self, cx: Ctx<'_>, change: Committed<'_>, replies: &mut Vec<Reply>) {
        let Committed {
            before,
            after,
            events,
            actor,
            now,
        } = change;
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
        let langs = || langs.get_or_init(|| cx.languages.table_languages(after));
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
            if notify != Notify::Off && self.fold_into_digest(cx.core, after, community, user, now)
            {
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
                            link = cx.links.to(&after.channel)
                        ),
                    )
                })),
                Notify::Off => {}
            }
        }
        for event in events {
            if let TableEvent::Reminder { seat, left, idle } = event {
                replies.extend(self.reminder(cx, after, langs(), *seat, *left, *idle));
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
        cx: Ctx<'_>,
        table: &Table,
        langs: &TableLanguages,
        seat: Seat,
        left: Millis,
        idle: bool,
    ) -> Option<Reply> {
        let community = table.community.as_deref().unwrap_or(&table.channel);
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
                    let link = cx.links.to(&table.channel);
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

    /// At a correspondence table, the turn ping of `user`, now to move at two or more
    /// correspondence tables of `community`, goes into their digest: scheduled (and stored)
    /// unless it already is. Returns whether it did; when the settings cannot be read or
    /// written the ping goes out as usual.
    fn fold_into_digest(
        &self,
        core: &TableService,
        table: &Table,
        community: &str,
        user: &User,
        now: Millis,
    ) -> bool {
        if !table.is_correspondence() {
            return false;
        }
        let waiting = core.turns_in(&user.id, community);
        if waiting < 2 {
            return false;
        }
        let mut prefs = match self.store.prefs(community, &user.id) {
            Ok(prefs) => prefs.unwrap_or_default(),
            Err(e) => {
                tracing::warn!(error = %e, "prefs unreadable; pinging instead of the digest");
                return false;
            }
        };
        if prefs.digest.due.is_some() {
            return true;
        }
        let every = millis(core.timing().digest_every);
        let due = prefs
            .digest
            .last
            .map_or(now, |last| last.saturating_add(every).max(now));
        prefs.digest.due = Some(due);
        if let Err(e) = self.store.set_prefs(community, &user.id, &prefs) {
            tracing::warn!(error = %e, "digest not scheduled; pinging instead");
            return false;
        }
        lock(&self.digests).insert((due, community.to_string(), user.id.clone()));
        true
    }

    /// Sends the digests due by `now` in the channels starting with `prefix`, at most `budget`
    /// of them (the rest wait for the next tick). Each is unscheduled and its time recorded in
    /// the store before it is sent. A digest with nothing left to list is dropped silently.
    pub fn fire_digests(
        &self,
        cx: Ctx<'_>,
        prefix: &str,
        now: Millis,
        budget: &mut usize,
    ) -> Vec<(String, Vec<Reply>)> {
        let due: Vec<(Millis, String, String)> = lock(&self.digests)
            .iter()
            .take_while(|(at, _, _)| *at <= now)
            .cloned()
            .collect();
        let mut out = Vec::new();
        for entry in due {
            if *budget == 0 {
                break;
            }
            let (_, community, user_id) = &entry;
            let rows = self.turn_rows(cx, community, user_id, now);
            if rows
                .first()
                .is_some_and(|(channel, _, _)| !channel.starts_with(prefix))
            {
                continue; // another chat's community
            }
            // With a store other processes write too, one of them sends it: the one that
            // claims it, and only while the stored settings still have it due.
            let shared = self.store.shared();
            if shared {
                let name = format!("digest:{community}:{user_id}");
                match self.store.claim(&name, cx.core.wall_now(), DIGEST_LEASE) {
                    Ok(true) => {}
                    Ok(false) => continue,
                    Err(e) => {
                        tracing::warn!(error = %e, "digest postponed: not claimed");
                        continue;
                    }
                }
            }
            let mut prefs = match self.store.prefs(community, user_id) {
                Ok(prefs) => prefs.unwrap_or_default(),
                Err(e) => {
                    tracing::warn!(error = %e, "digest postponed: settings unreadable");
                    continue;
                }
            };
            if shared && prefs.digest.due.is_none_or(|due| due > now) {
                lock(&self.digests).remove(&entry); // sent or moved by another process
                continue;
            }
            prefs.digest.due = None;
            if !rows.is_empty() {
                prefs.digest.last = Some(now);
            }
            if let Err(e) = self.store.set_prefs(community, user_id, &prefs) {
                tracing::warn!(error = %e, "digest postponed: settings not saved");
                continue;
            }
            lock(&self.digests).remove(&entry);
            let Some((channel, user, _)) = rows.first() else {
                continue;
            };
            // `/notify channel` (the default): the digest is posted in the channel of the
            // table with the least time left, mentioning them, in the channel's language;
            // `dm`: privately, in the person's language. (`off` never schedules one; chosen
            // since, the digest goes unsent.)
            let public = match prefs.notify {
                Notify::Channel => true,
                Notify::Dm => false,
                Notify::Off => continue,
            };
            let channel_lang = cx.languages.channel_language(channel, Some(community));
            let lang = if public {
                channel_lang
            } else {
                cx.languages
                    .user_language(community, user_id, None, channel_lang)
            };
            let write = |rows: &[(String, User, String)]| {
                let mut lines = vec![t!("digest-header", tables = rows.len())];
                lines.extend(rows.iter().map(|(_, _, line)| format!("• {line}")));
                lines.join("\n")
            };
            let text = if lang == i18n::current() {
                write(&rows)
            } else {
                i18n::scope(lang, || write(&self.turn_rows(cx, community, user_id, now)))
            };
            let reply = if public {
                Reply {
                    notice: true,
                    mentions: vec![user.clone()],
                    ..Reply::public(text)
                }
            } else {
                Reply {
                    notice: true,
                    ..Reply::private(user, text)
                }
            };
            out.push((channel.clone(), vec![reply]));
            *budget -= 1;
        }
        out
    }

    /// The open tables of `community` where the user `user_id` is to act now: their channel,
    /// the user as seated there, and their `/mygames` line; the least time left first.
    fn turn_rows(
        &self,
        cx: Ctx<'_>,
        community: &str,
        user_id: &str,
        now: Millis,
    ) -> Vec<(String, User, String)> {
        let mut rows: Vec<(Millis, String, User, String)> =
            in_my_tables(cx.core, community, user_id, |table, seat| {
                if !table.acting().contains(&seat) {
                    return None;
                }
                let ends = table.budget(seat, now).map_or(Millis::MAX, |b| b.ends);
                let row = row(cx.links, table, seat, now);
                Some((
                    ends,
                    table.channel.clone(),
                    table.seats[seat].clone(),
                    row.line,
                ))
            });
        rows.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        rows.into_iter()
            .map(|(_, channel, user, line)| (channel, user, line))
            .collect()
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

/// Merges the notices (reminders, digests) going to one user in one tick into one message,
/// sent with the first of them.
pub fn merge_notices(out: &mut Vec<(String, Vec<Reply>)>) {
    let mut first: HashMap<String, (usize, usize)> = HashMap::new();
    let mut merged: Vec<(usize, usize, String)> = Vec::new();
    for (i, (_, replies)) in out.iter_mut().enumerate() {
        let mut j = 0;
        while j < replies.len() {
            let reply = &replies[j];
            let Some(to) = reply.to.as_ref().filter(|_| reply.notice) else {
                j += 1;
                continue;
            };
            match first.get(&to.id) {
                None => {
                    first.insert(to.id.clone(), (i, j));
                    j += 1;
                }
                Some(&(fi, fj)) => {
                    merged.push((fi, fj, replies.remove(j).text));
                }
            }
        }
    }
    for (i, j, text) in merged {
        if let Some(reply) = out.get_mut(i).and_then(|(_, r)| r.get_mut(j)) {
            reply.text.push('\n');
            reply.text.push_str(&text);
        }
    }
    out.retain(|(_, replies)| !replies.is_empty());
}

/// How long a process holds a digest it is sending (wall clock, ms).
const DIGEST_LEASE: u64 = 60_000;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_outlives_an_older_read_and_forgetting_reads_again() {
        let modes = Modes::default();
        assert_eq!(modes.get("guild", "alice"), None);
        // `/notify dm` lands while a ping's read of the old setting is on its way.
        assert_eq!(
            modes.remember("guild", "alice", Notify::Dm, true),
            Notify::Dm
        );
        assert_eq!(
            modes.remember("guild", "alice", Notify::Channel, false),
            Notify::Dm
        );
        assert_eq!(modes.get("guild", "alice"), Some(Notify::Dm));
        // Another process turned the pings off: seen once the shared settings are refreshed.
        modes.forget();
        assert_eq!(modes.get("guild", "alice"), None);
        assert_eq!(
            modes.remember("guild", "alice", Notify::Off, false),
            Notify::Off
        );
        assert_eq!(modes.get("guild", "bob"), None, "each person apart");
    }
}
