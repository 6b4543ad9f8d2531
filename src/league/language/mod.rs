//! Which language each reply speaks, and `/language`.
//!
//! A channel speaks its own setting, else its community's, else the service's default
//! (`language` in the configuration, the console's `--lang`). A person's private replies speak
//! the language they chose (`/language me`), else their chat client's (Discord sends it with
//! every interaction; the last one seen is kept), else the channel's. What someone asks for is
//! answered in their language; what happens at a table is told to the channel in the channel's
//! language and to each player privately in theirs.
//!
//! The settings are stored with the users' settings ([`Prefs`]): a place's under the reserved
//! user id [`PLACE`], which no chat user id can be (the console reads `#` as a channel).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod refused;

pub use refused::LanguageRefused;

use crate::i18n::{self, Lang};
use crate::league::{Prefs, PrefsStore};
use crate::t;
use crate::table::project::TableLanguages;
use crate::table::service::lock;
use crate::table::store::StoreError;
use crate::table::views::Asker;
use crate::table::{Command, Reply, Table, User};

/// The user id under which a channel's or a community's own settings are stored.
pub const PLACE: &str = "#place";

/// At most this many settings are remembered; beyond, the memory starts afresh.
const REMEMBERED: usize = 100_000;

/// A person's or a place's languages: (chosen, the client's last seen).
type Remembered = (Option<Lang>, Option<Lang>);

/// Who reads which language, and `/language`.
pub struct LanguageService {
    store: Arc<dyn PrefsStore>,
    /// The language of channels and communities that chose none.
    default: Lang,
    /// Languages read from the store, remembered: (community or channel, user id or
    /// [`PLACE`]) → (chosen, the client's last seen).
    known: Mutex<HashMap<(String, String), Remembered>>,
}

impl LanguageService {
    /// The service on `store`; channels and communities that chose no language speak
    /// `default`.
    pub fn new(store: Arc<dyn PrefsStore>, default: Lang) -> LanguageService {
        LanguageService {
            store,
            default,
            known: Mutex::new(HashMap::new()),
        }
    }

    /// The language of channels and communities that chose none.
    pub fn default_language(&self) -> Lang {
        self.default
    }

    /// The language settings of `user` (or [`PLACE`]) in `place`: (chosen, client's last seen).
    fn langs_of(&self, place: &str, user: &str) -> (Option<Lang>, Option<Lang>) {
        let key = (place.to_string(), user.to_string());
        if let Some(found) = lock(&self.known).get(&key) {
            return *found;
        }
        let found = match self.store.prefs(place, user) {
            Ok(prefs) => prefs.map_or((None, None), |p| (p.language, p.client_language)),
            Err(e) => {
                tracing::warn!(error = %e, "language settings unreadable");
                return (None, None);
            }
        };
        let mut known = lock(&self.known);
        if known.len() >= REMEMBERED {
            known.clear();
        }
        known.insert(key, found);
        found
    }

    /// Forgets the remembered settings (another process may have changed them).
    pub fn forget_languages(&self) {
        lock(&self.known).clear();
    }

    /// The language `channel` (in `community`) speaks.
    pub fn channel_language(&self, channel: &str, community: Option<&str>) -> Lang {
        self.place_language(channel)
            .or_else(|| community.and_then(|c| self.langs_of(c, PLACE).0))
            .unwrap_or(self.default)
    }

    /// The language `channel` itself chose, or the channel it is under chose (a tournament
    /// game's key `<channel>/<name>` before its thread or room exists).
    fn place_language(&self, channel: &str) -> Option<Lang> {
        self.langs_of(channel, PLACE).0.or_else(|| {
            let (parent, _) = channel.split_once('/')?;
            self.langs_of(parent, PLACE).0
        })
    }

    /// The language of the asker of `cmd`, without remembering anything (for words a chat adds
    /// to its answer).
    pub fn language_of(&self, cmd: &Command) -> Lang {
        let community = cmd.community_key();
        let channel = self.channel_language(&cmd.channel, cmd.community.as_deref());
        self.user_language(&community, &cmd.user.id, cmd.locale, channel)
    }

    /// A table moved from `from` to `to` (into a thread or room of its own): `to` speaks what
    /// `from` chose.
    pub fn carry_language(&self, from: &str, to: &str) {
        let (Some(lang), None) = (self.place_language(from), self.langs_of(to, PLACE).0) else {
            return;
        };
        if let Err(e) = self.update_prefs(to, PLACE, |p| p.language = Some(lang)) {
            tracing::warn!(error = %e, "the language did not move with the table");
        }
        self.forget(to, PLACE);
    }

    /// The language of `user`'s private replies in `community`, when `channel` speaks
    /// `channel_lang` and their client says `client` (if it does).
    pub fn user_language(
        &self,
        community: &str,
        user: &str,
        client: Option<Lang>,
        channel_lang: Lang,
    ) -> Lang {
        if user.starts_with(crate::table::command::BOT_PREFIX) {
            return channel_lang;
        }
        let (chosen, seen) = self.langs_of(community, user);
        chosen.or(client).or(seen).unwrap_or(channel_lang)
    }

    /// The languages at `table`: the channel's, and each seated person's.
    pub fn table_languages(&self, table: &Table) -> TableLanguages {
        let community = table.community.as_deref();
        let channel = self.channel_language(&table.channel, community);
        let community = community.unwrap_or(&table.channel);
        let seats = table
            .seats
            .iter()
            .map(|u| {
                (
                    u.id.clone(),
                    self.user_language(community, &u.id, None, channel),
                )
            })
            .collect();
        TableLanguages { channel, seats }
    }

    /// The language of the asker of `cmd`; remembers their client's language when it changed.
    pub fn asker_language(&self, cmd: &Command) -> Lang {
        let community = cmd.community_key();
        let channel = self.channel_language(&cmd.channel, cmd.community.as_deref());
        if let Some(client) = cmd.locale {
            let (chosen, seen) = self.langs_of(&community, &cmd.user.id);
            if seen != Some(client) {
                self.update_prefs(&community, &cmd.user.id, |p| {
                    p.client_language = Some(client)
                })
                .unwrap_or_else(|e| tracing::warn!(error = %e, "client language not kept"));
                lock(&self.known).insert(
                    (community.clone(), cmd.user.id.clone()),
                    (chosen, Some(client)),
                );
            }
        }
        self.user_language(&community, &cmd.user.id, cmd.locale, channel)
    }

    /// Reads, changes and writes the settings of `user` in `place`.
    fn update_prefs(
        &self,
        place: &str,
        user: &str,
        change: impl FnOnce(&mut Prefs),
    ) -> Result<(), StoreError> {
        let mut prefs = self.store.prefs(place, user)?.unwrap_or_default();
        change(&mut prefs);
        self.store.set_prefs(place, user, &prefs)
    }

    /// `/language`, `/language <code>` (the channel's, or the community's for whoever may
    /// manage it), `/language me <code>|auto`. A person's own setting is answered privately;
    /// the rest as the command was asked; a change of the channel's language is announced in
    /// it.
    pub fn command(&self, cmd: &Command, user: &User, args: &str) -> Reply {
        let community = cmd.community_key();
        let asker = Asker {
            user,
            private: cmd.private,
        };
        let mut words = args.split_whitespace();
        let first = words.next();
        let scope = first.map(str::to_lowercase);
        let (mine, whole, word) = match scope.as_deref() {
            Some("me" | "mine" | "ich" | "ik" | "mir" | "persönlich" | "persoonlijk") => {
                (true, false, words.next())
            }
            // The whole community (a Discord server, a Matrix homeserver, the console).
            Some("server" | "community" | "gemeinschaft" | "gemeenschap") => {
                (false, true, words.next())
            }
            // `auto` is only ever a person's: the client's language.
            Some("auto") => (true, false, first),
            _ => (false, false, first),
        };
        let Some(word) = word else {
            let channel = self.channel_language(&cmd.channel, cmd.community.as_deref());
            let yours = self.user_language(&community, &user.id, cmd.locale, channel);
            return asker.answer(t!(
                "language-show",
                channel = channel.endonym(),
                yours = yours.endonym(),
                list = Lang::listing()
            ));
        };
        let unknown = || {
            let why = LanguageRefused::Unknown {
                word: word.to_string(),
            };
            if mine {
                Reply::private_refusal(user, why)
            } else {
                asker.refuse(why)
            }
        };
        if mine && word.eq_ignore_ascii_case("auto") {
            return match self.update_prefs(&community, &user.id, |p| p.language = None) {
                Ok(()) => {
                    self.forget(&community, &user.id);
                    Reply::private(user, t!("language-auto-mine"))
                }
                Err(e) => {
                    tracing::error!(error = %e, "language not saved");
                    Reply::private_refusal(user, LanguageRefused::StoreFailed)
                }
            };
        }
        let Ok(lang) = word.parse::<Lang>() else {
            return unknown();
        };
        if mine {
            return match self.update_prefs(&community, &user.id, |p| p.language = Some(lang)) {
                Ok(()) => {
                    self.forget(&community, &user.id);
                    i18n::scope(lang, || {
                        Reply::private(user, t!("language-set-mine", lang = lang.endonym()))
                    })
                }
                Err(e) => {
                    tracing::error!(error = %e, "language not saved");
                    Reply::private_refusal(user, LanguageRefused::StoreFailed)
                }
            };
        }
        // `/language server de` by whoever may manage the community sets the community's
        // language; `/language de` by a channel's moderator the channel's (which wins over the
        // community's).
        if whole && !cmd.community_admin {
            return asker.refuse(LanguageRefused::NotAdmin { lang });
        }
        if !whole && !cmd.moderator && !cmd.community_admin {
            return asker.refuse(LanguageRefused::NotModerator { lang });
        }
        let whole = whole && cmd.community.is_some();
        let place = if whole {
            community.clone()
        } else {
            cmd.channel.clone()
        };
        match self.update_prefs(&place, PLACE, |p| p.language = Some(lang)) {
            Ok(()) => {
                self.forget(&place, PLACE);
                if whole {
                    // The channel it was said in follows the community from now on (other
                    // channels with a setting of their own keep it).
                    if let Err(e) = self.update_prefs(&cmd.channel, PLACE, |p| p.language = None) {
                        tracing::warn!(error = %e, "the channel's own language not cleared");
                    }
                    self.forget(&cmd.channel, PLACE);
                }
                i18n::scope(lang, || {
                    let lang = lang.endonym();
                    Reply::public(if whole {
                        t!("language-set-community", lang = lang)
                    } else {
                        t!("language-set-channel", lang = lang)
                    })
                })
            }
            Err(e) => {
                tracing::error!(error = %e, "language not saved");
                asker.refuse(LanguageRefused::StoreFailed)
            }
        }
    }

    fn forget(&self, place: &str, user: &str) {
        lock(&self.known).remove(&(place.to_string(), user.to_string()));
    }
}
