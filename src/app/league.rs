//! The league's services as the chats reach them: languages, links to channels, players who
//! leave, the ratings' rebuild. Each call goes to the service that owns it.

use super::*;
use crate::i18n::Lang;
use crate::league::results::Rebuilt;
use crate::league::tournament::Departure;

impl App {
    /// Sets the language of channels and communities that chose none.
    pub fn with_language(mut self, lang: Lang) -> App {
        self.languages = LanguageService::new(self.store.clone(), lang);
        self
    }

    /// The language `channel` (in `community`) speaks.
    pub fn channel_language(&self, channel: &str, community: Option<&str>) -> Lang {
        self.languages.channel_language(channel, community)
    }

    /// The language `channel` speaks, its community read from the open table there — for
    /// chats that know only the channel.
    pub fn spoken_in(&self, channel: &str) -> Lang {
        let community = self.core.community_of_channel(channel);
        self.languages
            .channel_language(channel, community.as_deref())
    }

    /// The language of the asker of `cmd`, without remembering anything (for words a chat adds
    /// to its answer).
    pub fn language_of(&self, cmd: &Command) -> Lang {
        self.languages.language_of(cmd)
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
        self.languages
            .user_language(community, user, client, channel_lang)
    }

    /// The store's chat memory, where the adapters keep what a restart must not lose.
    pub fn chat_store(&self) -> std::sync::Arc<dyn crate::league::ChatStore> {
        self.store.clone()
    }

    /// Lets a chat write links to its channels in lists (`/mygames`, pairings, pings);
    /// channels no chat claims are shown by their key.
    pub fn add_channel_links(&self, link: ChannelLink) {
        self.links.add(link);
    }

    /// `user_id` left `place`: in every open tournament this concerns they lose their unfinished
    /// game of the round and are withdrawn (off the list before the start). Returns how many
    /// tournaments changed.
    pub fn member_left(&self, place: Departure<'_>, user_id: &str) -> usize {
        self.tournaments.member_left(self.cx(), place, user_id)
    }

    /// Recomputes every rating from the results, in their order, and stores them; says how
    /// many differ from the ratings stored before (none, unless the formulas changed).
    pub fn rebuild_ratings(&self) -> Result<Rebuilt, StoreError> {
        self.ratings.rebuild(&self.serial)
    }
}
