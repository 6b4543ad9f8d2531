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
    /// Set by buttons: the table the button belongs to. A command for another (older or newer)
    /// table is refused, so stale buttons never act on the wrong game.
    pub expect_table: Option<u64>,
    /// The community the channel belongs to (a Discord server, a Matrix homeserver, the
    /// console), for the per-community limits; `None`: the channel is its own community.
    pub community: Option<String>,
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
            expect_table: None,
            community: None,
        }
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
    /// `/tournament <create|join|leave|start|pairings|standings|export|withdraw|next|result|remove|cancel>`
    Tournament,
}

impl Verb {
    /// Every verb with its usage and a one-line description (for `/help` and slash commands).
    pub const ALL: &'static [(Verb, &'static str, &'static str)] = &[
        (Verb::Games, "/games", "list the games"),
        (
            Verb::Join,
            "/join [game] [options]",
            "open a table or sit down at the one in the lobby",
        ),
        (Verb::Leave, "/leave", "stand up from a table in the lobby"),
        (Verb::Start, "/start", "start the game (any seated player)"),
        (
            Verb::Bot,
            "/bot [easy|normal|hard|remove]",
            "seat a computer player in the lobby (or take the last one away)",
        ),
        (Verb::Move, "/move <move>", "play a move (alias /m)"),
        (Verb::Board, "/board", "show the board"),
        (Verb::Hand, "/hand", "your private view"),
        (Verb::Status, "/status", "whose turn, clocks and scores"),
        (Verb::Resign, "/resign", "give up the game"),
        (
            Verb::Claim,
            "/claim [easy|normal|hard]",
            "take over the seat of a player idle too long (no clock): the win with two players, else a computer player plays it",
        ),
        (
            Verb::Abort,
            "/abort",
            "end the table without a result (its creator)",
        ),
        (
            Verb::Log,
            "/log",
            "the game record (tables with option log)",
        ),
        (
            Verb::Export,
            "/export [table]",
            "the table (or a finished one by its number) as a JSON document",
        ),
        (Verb::Rules, "/rules [game]", "the rules in short"),
        (
            Verb::Rating,
            "/rating [player] [game]",
            "ratings in this community (yours without a name)",
        ),
        (
            Verb::Leaderboard,
            "/leaderboard [game] [solo] [page]",
            "the best in a game here (solo: the best solitaire scores)",
        ),
        (
            Verb::History,
            "/history [player]",
            "the last games played here, with results and tables",
        ),
        (
            Verb::Replay,
            "/replay [table]",
            "an animated replay of a finished game (this channel's last, or one from /history)",
        ),
        (
            Verb::MyGames,
            "/mygames [page]",
            "your open tables in this community: whose turn, time left",
        ),
        (
            Verb::Notify,
            "/notify [channel|dm|off]",
            "how you hear it is your turn, in this community",
        ),
        (
            Verb::Vacation,
            "/vacation [<duration>|off]",
            "away for a while: your correspondence clocks pause (14 days in any 30)",
        ),
        (
            Verb::Tournament,
            "/tournament <create|join|leave|start|pairings|standings|export|withdraw|bot|next|result|remove|cancel> [...]",
            "tournaments whose games are played here: swiss, roundrobin, knockout, duplicate",
        ),
        (Verb::Help, "/help", "this list"),
    ];

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
        for (verb, usage, about) in Verb::ALL {
            assert!(!about.is_empty());
            let word = usage.trim_start_matches('/').split(' ').next().unwrap();
            assert_eq!(Verb::from_word(word), Some(*verb));
        }
    }
}
