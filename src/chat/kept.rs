//! Private replies kept for a player the bot cannot reach privately (Discord direct messages
//! closed, a Matrix direct room declined), shown to them at their next chance.
//!
//! Each player's list lives in memory and, written through, in the store's chat memory (one
//! record per player under the adapter's prefix), so a restart loses none of them: a kept
//! reply is written durably before the adapter says anything about it, and removed only once
//! it was shown. At most [`PER_USER`] per player are kept (the oldest go first).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde::{Deserialize, Serialize};

use super::{ChatStore, Outgoing};
use crate::i18n::Lang;
use crate::render::Png;
use crate::table::{Attachment, Choice, Reply, StoreError, User};

/// Private replies kept per player at most.
pub const PER_USER: usize = 10;

/// A kept reply as stored: what a private reply shows (its text, buttons, file and image).
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    to: User,
    text: String,
    lang: Lang,
    #[serde(default)]
    choices: Vec<Choice>,
    #[serde(default)]
    attachment: Option<Attachment>,
    #[serde(default)]
    image: Option<StoredImage>,
}

#[derive(Debug, Serialize, Deserialize)]
struct StoredImage {
    /// The PNG, base64.
    png: String,
    width: u32,
    height: u32,
    description: String,
}

impl Stored {
    fn of(out: &Outgoing) -> Option<Stored> {
        let reply = &out.reply;
        Some(Stored {
            to: reply.to.clone()?,
            text: reply.text.clone(),
            lang: reply.lang,
            choices: reply.choices.clone(),
            attachment: reply.attachment.clone(),
            image: out.png.as_ref().map(|png| StoredImage {
                png: STANDARD.encode(&png.bytes),
                width: png.width,
                height: png.height,
                description: png.description.clone(),
            }),
        })
    }

    fn outgoing(self) -> Outgoing {
        let png = self.image.and_then(|image| {
            Some(Png {
                bytes: STANDARD.decode(image.png).ok()?,
                width: image.width,
                height: image.height,
                description: image.description,
            })
        });
        Outgoing {
            reply: Reply {
                choices: self.choices,
                attachment: self.attachment,
                lang: self.lang,
                ..Reply::private(&self.to, self.text)
            },
            png,
        }
    }
}

/// The kept replies of one adapter.
pub struct Kept {
    store: Arc<dyn ChatStore>,
    /// The store keys' prefix, e.g. `discord:kept:`.
    prefix: &'static str,
    /// Per user key, oldest first.
    memory: Mutex<HashMap<String, Vec<Outgoing>>>,
}

impl Kept {
    /// The kept replies under `prefix` in `store`, read back. Blocking.
    pub fn open(store: Arc<dyn ChatStore>, prefix: &'static str) -> Result<Kept, StoreError> {
        let mut memory = HashMap::new();
        for (key, record) in store.chat_records(prefix)? {
            let user = key[prefix.len()..].to_string();
            match serde_json::from_str::<Vec<Stored>>(&record) {
                Ok(list) => {
                    memory.insert(user, list.into_iter().map(Stored::outgoing).collect());
                }
                Err(e) => tracing::error!(%key, error = %e, "kept replies unreadable; dropped"),
            }
        }
        Ok(Kept {
            store,
            prefix,
            memory: Mutex::new(memory),
        })
    }

    fn memory(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<Outgoing>>> {
        self.memory.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether replies wait for `user`.
    pub fn waiting(&self, user: &str) -> bool {
        self.memory().get(user).is_some_and(|l| !l.is_empty())
    }

    /// Keeps `out` for `user` (a user key), durably. Blocking.
    pub fn keep(&self, user: &str, out: &Outgoing) -> Result<(), StoreError> {
        self.change(user, |list| {
            list.push(out.clone());
            let excess = list.len().saturating_sub(PER_USER);
            list.drain(..excess);
        })
    }

    /// The replies kept for `user`, in order, to be shown; they stay kept until
    /// [`Kept::shown`] says they were. Blocking only in that it takes a lock.
    pub fn waiting_for(&self, user: &str) -> Vec<Outgoing> {
        self.memory().get(user).cloned().unwrap_or_default()
    }

    /// The first `count` replies of `user`'s list were shown: they go, durably. Blocking.
    pub fn shown(&self, user: &str, count: usize) -> Result<(), StoreError> {
        self.change(user, |list| {
            list.drain(..count.min(list.len()));
        })
    }

    /// Changes `user`'s list and writes it (under the lock, so writes land in order).
    fn change(&self, user: &str, f: impl FnOnce(&mut Vec<Outgoing>)) -> Result<(), StoreError> {
        let mut memory = self.memory();
        let list = memory.entry(user.to_string()).or_default();
        f(list);
        let key = format!("{}{user}", self.prefix);
        let record = if list.is_empty() {
            memory.remove(user);
            None
        } else {
            let stored: Vec<Stored> = list.iter().filter_map(Stored::of).collect();
            Some(serde_json::to_string(&stored).map_err(|e| StoreError::Db(e.to_string()))?)
        };
        self.store.set_chat_record(&key, record.as_deref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SledStore;

    fn reply(n: usize) -> Outgoing {
        let user = User::named("ann");
        Outgoing {
            reply: Reply {
                choices: vec![Choice {
                    label: "Play".into(),
                    command: format!("/play {n}"),
                    table: 7,
                }],
                ..Reply::private(&user, format!("reply {n}"))
            },
            png: (n == 0).then(|| Png {
                bytes: vec![137, 80, 78, 71, 0, 255],
                width: 2,
                height: 3,
                description: "a board".into(),
            }),
        }
    }

    #[test]
    fn kept_replies_survive_a_reopen_until_shown_and_the_oldest_go_first() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let open =
            || -> Arc<dyn ChatStore> { Arc::new(SledStore::open(dir.path()).expect("sled")) };
        {
            let kept = Kept::open(open(), "test:kept:").expect("opened");
            for n in 0..PER_USER + 2 {
                kept.keep("u:ann", &reply(n)).expect("kept");
            }
            kept.keep("u:ben", &reply(0)).expect("kept");
        }
        let kept = Kept::open(open(), "test:kept:").expect("opened");
        let ann = kept.waiting_for("u:ann");
        assert_eq!(ann.len(), PER_USER);
        assert_eq!(ann[0].reply.text, "reply 2", "the two oldest went");
        assert_eq!(ann[0].reply.choices[0].command, "/play 2");
        assert_eq!(ann[0].reply.to, Some(User::named("ann")));
        let ben = kept.waiting_for("u:ben");
        let png = ben[0].png.as_ref().expect("the image came back");
        assert_eq!(
            (png.bytes.as_slice(), png.width, png.height),
            (&[137, 80, 78, 71, 0, 255][..], 2, 3)
        );
        assert_eq!(png.description, "a board");
        kept.shown("u:ann", 3).expect("shown");
        kept.shown("u:ben", 1).expect("shown");
        assert!(!kept.waiting("u:ben"));
        drop(kept);
        let kept = Kept::open(open(), "test:kept:").expect("opened");
        assert_eq!(kept.waiting_for("u:ann").len(), PER_USER - 3);
        assert_eq!(kept.waiting_for("u:ann")[0].reply.text, "reply 5");
        assert!(kept.waiting_for("u:ben").is_empty(), "nothing left for ben");
    }
}
