//! Players who turned the bot's direct room down. The bot opens a direct room (an invite) for
//! a player's first private reply; a player who rejects that invite is remembered (in the
//! store: a restart does not forget it), and is not invited again with every private reply.
//! Their private replies are kept instead ([`Kept`]) and the table's room is told once, with
//! a mention, how to get them: by inviting the bot to a direct chat. When they do, the bot
//! joins, forgets the refusal and posts what was kept there.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, PoisonError};

use matrix_sdk::deserialized_responses::TimelineEvent;
use matrix_sdk::room::Room;
use matrix_sdk::ruma::{OwnedUserId, UserId};

use super::Bot;
use crate::chat::kept::Kept;
use crate::chat::{ChatStore, Outgoing};
use crate::table::{Reply, StoreError};

/// The store keys of players who declined.
const PREFIX: &str = "matrix:declined:";
/// The store keys of the replies kept for them.
const KEPT_PREFIX: &str = "matrix:kept:";

/// Who declined, and what waits for them.
pub struct Declined {
    store: Arc<dyn ChatStore>,
    users: Mutex<HashSet<String>>,
    kept: Kept,
}

impl Declined {
    /// Read back from `store`. Blocking.
    pub fn open(store: Arc<dyn ChatStore>) -> Result<Declined, StoreError> {
        let users = store
            .chat_records(PREFIX)?
            .into_iter()
            .map(|(key, _)| key[PREFIX.len()..].to_string())
            .collect();
        Ok(Declined {
            kept: Kept::open(store.clone(), KEPT_PREFIX)?,
            store,
            users: Mutex::new(users),
        })
    }

    fn users(&self) -> std::sync::MutexGuard<'_, HashSet<String>> {
        self.users.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether `user` declined the bot's direct room (and has not invited it since).
    pub fn has(&self, user: &UserId) -> bool {
        self.users().contains(user.as_str())
    }

    /// `user` declined, durably. Blocking.
    pub fn mark(&self, user: &UserId) -> Result<(), StoreError> {
        self.store
            .set_chat_record(&format!("{PREFIX}{user}"), Some("declined"))?;
        self.users().insert(user.to_string());
        Ok(())
    }

    /// `user` opened a direct room with the bot: forgotten, durably; the replies kept for them
    /// are answered, to be posted there (and then [`Declined::shown`]). Blocking.
    pub fn opened(&self, user: &UserId) -> Result<Vec<Outgoing>, StoreError> {
        self.store
            .set_chat_record(&format!("{PREFIX}{user}"), None)?;
        self.users().remove(user.as_str());
        Ok(self.kept.waiting_for(user.as_str()))
    }

    /// Keeps a private reply for `user`, durably; answers whether it is the first waiting
    /// (the table's room is told then). Blocking.
    pub fn keep(&self, user: &UserId, out: &Outgoing) -> Result<bool, StoreError> {
        let first = !self.kept.waiting(user.as_str());
        self.kept.keep(user.as_str(), out)?;
        Ok(first)
    }

    /// The first `count` kept replies of `user` were posted. Blocking.
    pub fn shown(&self, user: &UserId, count: usize) -> Result<(), StoreError> {
        self.kept.shown(user.as_str(), count)
    }
}

/// A private reply for a player who declined the bot's direct room: kept for when they open
/// one, and the table's room told once (with a mention) while replies wait — no new invite.
pub(super) async fn reply(bot: &Bot, id: &UserId, table: &str, out: Outgoing) {
    let (declined, user) = (bot.declined.clone(), id.to_owned());
    let first = match tokio::task::spawn_blocking(move || declined.keep(&user, &out)).await {
        Ok(Ok(first)) => first,
        _ => {
            tracing::error!(user = %id, "a private reply could not be kept; dropped");
            return;
        }
    };
    tracing::info!(user = %id, "private reply kept: the direct room was declined");
    let room = table
        .strip_prefix("matrix:")
        .and_then(|r| matrix_sdk::ruma::RoomId::parse(r).ok())
        .and_then(|r| bot.client.get_room(&r));
    let (true, Some(room)) = (first, room) else {
        return;
    };
    let user = crate::table::User {
        id: super::user_key(id),
        name: room
            .get_member_no_sync(id)
            .await
            .ok()
            .flatten()
            .and_then(|m| m.display_name().map(str::to_string))
            .unwrap_or_else(|| id.localpart().to_string()),
    };
    // Said in the room: in its language.
    let note = Outgoing {
        reply: Reply {
            mentions: vec![user.clone()],
            ..crate::i18n::scope(bot.room_lang(&room), || {
                Reply::public(crate::t!(
                    "matrix-dm-declined",
                    name = crate::table::markup::name(&user.name)
                ))
            })
        },
        png: None,
    };
    super::deliver::post(&room, &note).await;
}

/// `user` turned down the bot's direct room `room`: remembered (durably), and the bot leaves
/// the room, which nobody will read.
pub(super) async fn on_declined(bot: &Bot, room: &Room, user: &UserId) {
    let (declined, who) = (bot.declined.clone(), user.to_owned());
    match tokio::task::spawn_blocking(move || declined.mark(&who)).await {
        Ok(Ok(())) => tracing::info!(%user, room = %room.room_id(), "the direct room was declined"),
        _ => tracing::error!(%user, "a declined direct room could not be remembered"),
    }
    if let Err(e) = room.leave().await {
        tracing::warn!(room = %room.room_id(), error = %super::chain(&e), "could not leave a declined direct room");
    }
}

/// The bot joined the direct room `room` at `inviter`'s invite: when they had declined the
/// bot's, they are forgotten and what waited for them is posted there.
pub(super) async fn on_joined(bot: &Bot, room: &Room, inviter: &UserId) {
    if !bot.declined.has(inviter) {
        return;
    }
    let (declined, who) = (bot.declined.clone(), inviter.to_owned());
    let waiting = match tokio::task::spawn_blocking(move || declined.opened(&who)).await {
        Ok(Ok(waiting)) => waiting,
        _ => {
            tracing::error!(user = %inviter, "a direct room opened by a player could not be noted");
            return;
        }
    };
    tracing::info!(user = %inviter, kept = waiting.len(), "a player who had declined opened a direct room");
    for out in &waiting {
        super::deliver::post(room, out).await;
    }
    let (declined, who, count) = (bot.declined.clone(), inviter.to_owned(), waiting.len());
    if !matches!(
        tokio::task::spawn_blocking(move || declined.shown(&who, count)).await,
        Ok(Ok(()))
    ) {
        tracing::error!(user = %inviter, "shown kept replies not removed; they may come again");
    }
}

/// The user who, in `event`, turned down an invite (theirs: invite → leave, sent by
/// themselves, not an invite the room withdrew), other than `me`.
pub fn declined_invite(event: &TimelineEvent, me: &UserId) -> Option<OwnedUserId> {
    let raw = event.raw();
    let field = |name: &str| raw.get_field::<serde_json::Value>(name).ok().flatten();
    if field("type")?.as_str()? != "m.room.member" {
        return None;
    }
    let user = field("state_key")?.as_str()?.to_string();
    let sender = field("sender")?.as_str()?.to_string();
    let now = field("content")?.get("membership")?.as_str()?.to_string();
    let before = field("unsigned")?
        .get("prev_content")?
        .get("membership")?
        .as_str()?
        .to_string();
    let user = UserId::parse(user).ok()?;
    (user != me && sender == user.as_str() && now == "leave" && before == "invite").then_some(user)
}

#[cfg(test)]
mod tests {
    use super::*;
    use matrix_sdk::ruma::serde::Raw;

    fn member(user: &str, sender: &str, now: &str, before: &str) -> TimelineEvent {
        let json = serde_json::json!({
            "type": "m.room.member",
            "state_key": user,
            "sender": sender,
            "event_id": "$e",
            "origin_server_ts": 1,
            "content": { "membership": now },
            "unsigned": { "prev_content": { "membership": before } },
        });
        TimelineEvent::from_plaintext(Raw::from_json(
            serde_json::value::to_raw_value(&json).expect("json"),
        ))
    }

    #[test]
    fn only_a_player_rejecting_their_own_invite_declines() {
        let me = UserId::parse("@bot:x").expect("id");
        let alice = "@alice:x";
        assert_eq!(
            declined_invite(&member(alice, alice, "leave", "invite"), &me).as_deref(),
            Some(UserId::parse(alice).expect("id").as_ref())
        );
        assert!(declined_invite(&member(alice, "@bot:x", "leave", "invite"), &me).is_none());
        assert!(declined_invite(&member(alice, alice, "leave", "join"), &me).is_none());
        assert!(declined_invite(&member(alice, alice, "join", "invite"), &me).is_none());
        assert!(declined_invite(&member("@bot:x", "@bot:x", "leave", "invite"), &me).is_none());
    }

    #[test]
    fn a_refusal_and_the_replies_kept_survive_a_reopen_until_the_room_is_opened() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let open = || -> Arc<dyn ChatStore> {
            Arc::new(crate::store::SledStore::open(dir.path()).expect("sled"))
        };
        let alice = UserId::parse("@alice:x").expect("id");
        let reply = |text: &str| Outgoing {
            reply: crate::table::Reply::private(&crate::table::User::named("alice"), text),
            png: None,
        };
        {
            let declined = Declined::open(open()).expect("opened");
            assert!(!declined.has(&alice));
            declined.mark(&alice).expect("marked");
            assert!(
                declined.keep(&alice, &reply("one")).expect("kept"),
                "the first"
            );
            assert!(!declined.keep(&alice, &reply("two")).expect("kept"));
        }
        let declined = Declined::open(open()).expect("opened");
        assert!(declined.has(&alice));
        let waiting = declined.opened(&alice).expect("opened");
        assert!(!declined.has(&alice));
        let texts: Vec<&str> = waiting.iter().map(|o| o.reply.text.as_str()).collect();
        assert_eq!(texts, ["one", "two"]);
        declined.shown(&alice, 2).expect("shown");
        drop(declined);
        let declined = Declined::open(open()).expect("opened");
        assert!(!declined.has(&alice));
        assert!(declined.opened(&alice).expect("opened").is_empty());
    }
}
