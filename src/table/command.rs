//! What the adapters hand to the table service, and how command text is read.

use serde::{Deserialize, Serialize};

/// The longest command text the service reads (in characters); longer ones are refused.
pub const MAX_COMMAND_CHARS: usize = 1000;

/// A chat user, identified by a platform-qualified id.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct User {
    /// Stable id, qualified by the chat adapter (or the console name).
    pub id: String,
    /// Display name.
    pub name: String,
}

/// The id prefix of computer players' seats.
pub const BOT_PREFIX: &str = "bot:";

impl User {
    /// A computer player of `level` (its word), the `n`th at its table.
    pub fn bot(level: &str, n: usize) -> User {
        User {
            id: format!("{BOT_PREFIX}{level}:{n}"),
            name: format!("Bot {n} ({level})"),
        }
    }

    /// Whether this seat is a computer player.
    pub fn is_bot(&self) -> bool {
        self.id.starts_with(BOT_PREFIX)
    }

    /// The name to show in a reply: a computer player's in the current language
    /// ("Bot 1 (leicht)"), a person's as it is.
    pub fn shown_name(&self) -> String {
        let Some(rest) = self.id.strip_prefix(BOT_PREFIX) else {
            return self.name.clone();
        };
        let mut parts = rest.split(':');
        let (Some(level), Some(n)) = (parts.next(), parts.next()) else {
            return self.name.clone();
        };
        let level = match level {
            "easy" => crate::t!("bot-level-easy"),
            "normal" => crate::t!("bot-level-normal"),
            "hard" => crate::t!("bot-level-hard"),
            other => other.to_string(),
        };
        crate::t!("bot-name", n = n, level = level)
    }

    /// A computer player's level word.
    pub fn bot_level(&self) -> Option<&str> {
        self.id.strip_prefix(BOT_PREFIX)?.split(':').next()
    }

    /// A user whose id is their name (the console).
    pub fn named(name: &str) -> User {
        User {
            id: name.to_string(),
            name: name.to_string(),
        }
    }
}

/// One message to the bot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The table key: the channel or thread (platform-qualified).
    pub channel: String,
    /// Who sent it.
    pub user: User,
    /// The text, e.g. `/move A2B2` or `!join <game>`.
    pub text: String,
    /// Sent privately (ephemeral command, direct room, console `~user`).
    pub private: bool,
    /// The platform says this user may moderate the channel (e.g. Manage Messages).
    pub moderator: bool,
    /// The platform says this user may run events in the channel (Discord's Manage Events;
    /// whoever types at the console): with moderators, they may create tournaments.
    pub may_organize: bool,
    /// Set by buttons: the table the button belongs to. A command for another (older or newer)
    /// table is refused, so stale buttons never act on the wrong game.
    pub expect_table: Option<u64>,
    /// The community the channel belongs to (a Discord server, a Matrix homeserver, the
    /// console), for the per-community limits; `None`: the channel is its own community.
    pub community: Option<String>,
    /// The platform says this user may manage the whole community (Discord's Manage Server):
    /// `/language <code>` then sets the community's language, not only the channel's.
    pub community_admin: bool,
    /// The language of the sender's chat client, when the platform tells (Discord does with
    /// every interaction).
    pub locale: Option<crate::i18n::Lang>,
}

impl Command {
    /// A public command in `channel` from `user`.
    pub fn new(channel: &str, user: User, text: &str) -> Command {
        Command {
            channel: channel.to_string(),
            user,
            text: text.to_string(),
            private: false,
            moderator: false,
            may_organize: false,
            expect_table: None,
            community: None,
            community_admin: false,
            locale: None,
        }
    }

    /// The community the command counts against: its community, else its channel (a chat
    /// without communities).
    pub fn community_key(&self) -> String {
        self.community
            .clone()
            .unwrap_or_else(|| self.channel.clone())
    }
}

/// The verbs the table service understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// `/games`
    Games,
    /// `/join [game] [options]`
    Join,
    /// `/leave`
    Leave,
    /// `/start`
    Start,
    /// `/move <text>`, `/m <text>`
    Move,
    /// `/board`
    Board,
    /// `/hand`
    Hand,
    /// `/status`
    Status,
    /// `/resign`
    Resign,
    /// `/abort`
    Abort,
    /// `/log`
    Log,
    /// `/export`
    Export,
    /// `/rules [game]`
    Rules,
    /// `/help`
    Help,
    /// `/bot [easy|normal|hard|remove]`
    Bot,
    /// `/notify [channel|dm|off]`
    Notify,
    /// `/mygames [page]`
    MyGames,
    /// `/vacation [<duration>|off]`
    Vacation,
    /// `/claim [easy|normal|hard]`
    Claim,
    /// `/rating [player] [game]`
    Rating,
    /// `/leaderboard [game] [solo] [page]`
    Leaderboard,
    /// `/history [player]`
    History,
    /// `/replay [table]`
    Replay,
    /// `/language [me] [<code>|auto]`
    Language,
    /// `/tournament <create|join|leave|start|pairings|standings|export|withdraw|next|result|remove|cancel>`
    Tournament,
}

impl Verb {
    /// Every verb with its command word, in the order `/help` lists them (each has its line,
    /// `help-<word>`, in the message files).
    pub const ALL: &'static [(Verb, &'static str)] = &[
        (Verb::Games, "games"),
        (Verb::Join, "join"),
        (Verb::Leave, "leave"),
        (Verb::Start, "start"),
        (Verb::Bot, "bot"),
        (Verb::Move, "move"),
        (Verb::Board, "board"),
        (Verb::Hand, "hand"),
        (Verb::Status, "status"),
        (Verb::Resign, "resign"),
        (Verb::Claim, "claim"),
        (Verb::Abort, "abort"),
        (Verb::Log, "log"),
        (Verb::Export, "export"),
        (Verb::Rules, "rules"),
        (Verb::Rating, "rating"),
        (Verb::Leaderboard, "leaderboard"),
        (Verb::History, "history"),
        (Verb::Replay, "replay"),
        (Verb::MyGames, "mygames"),
        (Verb::Notify, "notify"),
        (Verb::Vacation, "vacation"),
        (Verb::Tournament, "tournament"),
        (Verb::Language, "language"),
        (Verb::Help, "help"),
    ];

    /// The verb's command word (`/help`'s, without the prefix).
    pub fn word(self) -> &'static str {
        Verb::ALL
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("unknown", |(_, w)| w)
    }

    /// The `/help` line of the verb with command word `word`, in the current language.
    pub fn help_line(word: &str) -> String {
        crate::t!(&format!("help-{word}"))
    }

    /// The verb a command word names (without prefix, any case).
    pub fn from_word(word: &str) -> Option<Verb> {
        Some(match word.to_ascii_lowercase().as_str() {
            "games" => Verb::Games,
            "join" => Verb::Join,
            "leave" => Verb::Leave,
            "start" => Verb::Start,
            "move" | "m" => Verb::Move,
            "board" => Verb::Board,
            "hand" => Verb::Hand,
            "status" => Verb::Status,
            "resign" => Verb::Resign,
            "abort" => Verb::Abort,
            "log" => Verb::Log,
            "export" => Verb::Export,
            "rules" => Verb::Rules,
            "help" => Verb::Help,
            "bot" => Verb::Bot,
            "notify" => Verb::Notify,
            "mygames" => Verb::MyGames,
            "vacation" => Verb::Vacation,
            "claim" => Verb::Claim,
            "rating" => Verb::Rating,
            "leaderboard" | "top" => Verb::Leaderboard,
            "history" => Verb::History,
            "replay" => Verb::Replay,
            "tournament" | "tourney" => Verb::Tournament,
            "language" | "sprache" | "taal" => Verb::Language,
            _ => return None,
        })
    }
}

/// How the text of a message reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed<'a> {
    /// Not addressed to the bot (no `/` or `!` prefix): ignored.
    Chat,
    /// A known verb with its argument text (trimmed).
    Verb(Verb, &'a str),
    /// A prefixed word the bot does not know.
    Unknown(String),
    /// Longer than [`MAX_COMMAND_CHARS`].
    TooLong(usize),
}

/// Reads a message's text.
pub fn parse(text: &str) -> Parsed<'_> {
    let text = text.trim();
    let Some(rest) = text.strip_prefix('/').or_else(|| text.strip_prefix('!')) else {
        return Parsed::Chat;
    };
    let chars = text.chars().count();
    if chars > MAX_COMMAND_CHARS {
        return Parsed::TooLong(chars);
    }
    let (word, args) = match rest.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (rest, ""),
    };
    if word.is_empty() {
        return Parsed::Chat;
    }
    match Verb::from_word(word) {
        Some(verb) => Parsed::Verb(verb, args),
        None => Parsed::Unknown(word.chars().take(30).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_prefixes_and_aliases() {
        assert_eq!(
            parse("/join chess blitz"),
            Parsed::Verb(Verb::Join, "chess blitz")
        );
        assert_eq!(parse("!m  a2b2 "), Parsed::Verb(Verb::Move, "a2b2"));
        assert_eq!(parse("/MOVE A2-B2"), Parsed::Verb(Verb::Move, "A2-B2"));
        assert_eq!(parse("  /start"), Parsed::Verb(Verb::Start, ""));
        assert_eq!(parse("hello there"), Parsed::Chat);
        assert_eq!(parse("/"), Parsed::Chat);
        assert_eq!(parse("/dance"), Parsed::Unknown("dance".into()));
    }

    #[test]
    fn refuses_overlong_commands_but_ignores_long_chat() {
        let long = format!("/move {}", "x".repeat(10_000));
        assert_eq!(parse(&long), Parsed::TooLong(10_006));
        assert_eq!(parse(&"x".repeat(10_000)), Parsed::Chat);
    }

    #[test]
    fn every_verb_has_help_and_parses_from_its_usage() {
        for (verb, word) in Verb::ALL {
            assert_eq!(Verb::from_word(word), Some(*verb));
            for lang in crate::i18n::Lang::ALL {
                let line = crate::i18n::format(lang, &format!("help-{word}"), None);
                let usage = format!("`/{word}");
                assert!(
                    line.as_ref()
                        .is_some_and(|l| l.starts_with(&usage) && l.len() > usage.len() + 10),
                    "{lang}: the help line of /{word}: {line:?}"
                );
            }
        }
    }
}
