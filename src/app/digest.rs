//! The daily digest: a person to move at several correspondence tables of a community gets
//! one direct message a day listing them, instead of a ping each. The digest is scheduled with
//! the person's settings in the store, so after a restart it fires once — none lost, none
//! twice — and the settings record when the last one went out.

use super::*;
use crate::i18n;
use crate::t;
use crate::table::clock::millis;

impl App {
    /// At a correspondence table, the turn ping of `user`, now to move at two or more
    /// correspondence tables of `community`, goes into their digest: scheduled (and stored)
    /// unless it already is. Returns whether it did; when the settings cannot be read or
    /// written the ping goes out as usual.
    pub(super) fn fold_into_digest(
        &self,
        table: &Table,
        community: &str,
        user: &User,
        now: Millis,
    ) -> bool {
        if !table.is_correspondence() {
            return false;
        }
        let waiting = self.core.turns_in(&user.id, community);
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
        let every = millis(self.core.timing().digest_every);
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
    pub(super) fn fire_digests(
        &self,
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
            let rows = self.turn_rows(community, user_id, now);
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
                match self.store.claim(&name, self.core.wall_now(), DIGEST_LEASE) {
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
            // In the person's language: the lines are written again in it.
            let channel_lang = self.channel_language(channel, Some(community));
            let lang = self.user_language(community, user_id, None, channel_lang);
            let write = |rows: &[(String, User, String)]| {
                let mut lines = vec![t!("digest-header", tables = rows.len())];
                lines.extend(rows.iter().map(|(_, _, line)| format!("• {line}")));
                lines.join("\n")
            };
            let text = if lang == i18n::current() {
                write(&rows)
            } else {
                i18n::scope(lang, || write(&self.turn_rows(community, user_id, now)))
            };
            let reply = Reply {
                notice: true,
                ..Reply::private(user, text)
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
        community: &str,
        user_id: &str,
        now: Millis,
    ) -> Vec<(String, User, String)> {
        let mut rows: Vec<(Millis, String, User, String)> =
            self.in_my_tables(community, user_id, |table, seat| {
                if !table.acting().contains(&seat) {
                    return None;
                }
                let ends = table.budget(seat, now).map_or(Millis::MAX, |b| b.ends);
                let row = self.row(table, seat, now);
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

/// Merges the notices (reminders, digests) going to one user in one tick into one message,
/// sent with the first of them.
pub(super) fn merge_notices(out: &mut Vec<(String, Vec<Reply>)>) {
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
