//! Why `decide` refused an action, as a value: one variant per refusal of the table's rules,
//! carrying what its message needs. `decide` stays free of words; the refusal is worded once,
//! where the reply is made ([`Refused::words`]), in the language current there.
//!
//! Variants that name the players, whose turn it is or a game's result keep the table as it
//! stood (`table`): those words hold the seats' labels (their colours) in the reader's language.

use std::time::Duration;

use super::clock::{Millis, format_span};
use super::markup;
use super::options::TableOptions;
use super::record::Table;
use super::text::{self, sentence};
use crate::bots::Level;
use crate::games::{GameKind, OptionError, PlayError, Seat, SetupError};
use crate::t;

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Refused {
    /// A timer found nothing to do (never shown: not worth a reply).
    NothingDue,
    /// `/join` named no game and no table is open.
    WhichGame,
    /// `/join <word>`: no game goes by that word.
    UnknownGame { word: String },
    /// The options of `/join` are not this game's.
    Options(OptionError),
    /// `/join` while the table's game runs.
    JoinRunning { table: Box<Table> },
    /// `/join` by someone seated already.
    AlreadySeated { game: GameKind, seated: usize },
    /// `/join <game>` at a table of another game.
    OtherGame { game: GameKind, wanted: GameKind },
    /// `/join <game> <options>` at a table opened with other options.
    OtherOptions {
        game: GameKind,
        options: TableOptions,
        wanted: String,
    },
    /// `/join` at a table whose seats are all taken.
    TableFull { table: Box<Table> },
    /// `/leave` without an open table.
    LeaveNoTable,
    /// `/leave` by someone not seated.
    NotSeated,
    /// `/leave` while the game runs.
    LeaveRunning,
    /// `/start` while the game runs.
    StartRunning,
    /// `/start` without a lobby.
    StartNoTable,
    /// `/start` by someone not seated.
    StartNotSeated { table: Box<Table> },
    /// `/start` with fewer players than the game needs.
    TooFewPlayers { game: GameKind, seated: usize },
    /// The game cannot be set up with these players and options.
    Setup(SetupError),
    /// A tournament's lobby without seats.
    StartNobody,
    /// A move, `/resign` or `/claim` before the game started.
    NotStarted,
    /// A move, `/resign` or `/claim` after the game ended.
    Finished { table: Box<Table> },
    /// A move, `/resign` or `/claim` without a table.
    NoGame,
    /// A move, `/resign` or `/claim` by someone not playing.
    NotAPlayer { table: Box<Table> },
    /// The running table has no game (a damaged record).
    NothingRunning,
    /// `/play` without a move (`example`: one legal move, if any).
    WhichMove { example: Option<String> },
    /// A move by a seat that may not act now.
    NotYourTurn { table: Box<Table> },
    /// The game rejected the move, with its own reason.
    Move(PlayError),
    /// A secret choice typed where everybody reads it.
    SecretInPublic,
    /// `/resign` by a seat that has left the game already.
    AlreadyLeft,
    /// `/abort` without an open table.
    AbortNoTable,
    /// `/abort` by someone other than the table's creator (`creator`: their name).
    NotCreator { creator: String },
    /// `/abort` of a running tournament game.
    AbortTournament,
    /// `/abort` of a rated game after its first move.
    AbortRated,
    /// The table to move is not open.
    RelocateNoTable,
    /// `/bot` while the game runs.
    BotRunning,
    /// `/bot` without a lobby.
    BotNoLobby,
    /// `/bot` by someone not seated.
    BotNotSeated,
    /// `/bot <word>`: no level goes by that word.
    UnknownBotLevel { word: String },
    /// `/bot` at a table whose seats are all taken.
    BotTableFull { game: GameKind, seated: usize },
    /// `/bot remove` without a computer player seated.
    NoBotSeated,
    /// `/claim` at a table with a clock.
    ClaimHasClock,
    /// `/claim <word>`: no level goes by that word.
    UnknownClaimLevel { word: String },
    /// `/claim` before anyone has been idle for `limit`: `seat` (of `table`) may be claimed in
    /// `wait`.
    ClaimNotYet {
        table: Box<Table>,
        seat: Seat,
        limit: Millis,
        wait: Millis,
    },
    /// `/claim` while those to act are on vacation.
    ClaimOnVacation { limit: Millis },
    /// `/claim` while nobody else is to act.
    ClaimNobodyToAct,
}

fn span(millis: Millis) -> String {
    format_span(Duration::from_millis(millis))
}

/// A refusal as a value, worded only where its reply is made: the key that names it in no
/// language (the Fluent message id of its words; tests and chats compare it) and its words
/// in the current language. [`Refused`] is the table's; the league's areas have theirs.
pub trait Worded {
    /// The key that names the refusal.
    fn key(&self) -> &'static str;
    /// The refusal in words, in the current language.
    fn words(&self) -> String;
}

impl Worded for Refused {
    fn key(&self) -> &'static str {
        Refused::key(self)
    }
    fn words(&self) -> String {
        Refused::words(self)
    }
}

/// A refusal of the edges (a command's form, the flood limits, a store that failed) worded
/// on the spot by its Fluent message: made by [`crate::refusal!`], which names the key once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keyed {
    /// The Fluent message id.
    pub key: &'static str,
    /// Its words, in the language current where it was made.
    pub words: String,
}

impl Worded for Keyed {
    fn key(&self) -> &'static str {
        self.key
    }
    fn words(&self) -> String {
        self.words.clone()
    }
}

/// A [`Keyed`] refusal: `refusal!("no-table")`, `refusal!("rate-images", wait = 3)` — the
/// message id and its arguments as for [`crate::t!`].
#[macro_export]
macro_rules! refusal {
    ($key:literal $($rest:tt)*) => {
        $crate::table::refused::Keyed {
            key: $key,
            words: $crate::t!($key $($rest)*),
        }
    };
}

impl Refused {
    /// The Fluent message id that words this refusal. Three refusals are worded by no message
    /// of their own and name an id no message has: `nothing-due` (never shown),
    /// `options-refused` and `move-unreadable` (the options' or the game's own words).
    pub fn key(&self) -> &'static str {
        match self {
            Refused::NothingDue => "nothing-due",
            Refused::WhichGame => "join-which-game",
            Refused::UnknownGame { .. } => "join-unknown-game",
            Refused::Options(_) => "options-refused",
            Refused::JoinRunning { .. } => "join-running",
            Refused::AlreadySeated { .. } => "join-already-seated",
            Refused::OtherGame { .. } => "join-other-game",
            Refused::OtherOptions { .. } => "join-other-options",
            Refused::TableFull { .. } => "join-full",
            Refused::LeaveNoTable => "leave-no-table",
            Refused::NotSeated => "not-seated",
            Refused::LeaveRunning => "leave-running",
            Refused::StartRunning => "start-running",
            Refused::StartNoTable => "start-no-table",
            Refused::StartNotSeated { .. } => "start-not-seated",
            Refused::TooFewPlayers { .. } => "start-too-few",
            Refused::Setup(SetupError::PlayerCount { .. }) => "setup-player-count",
            Refused::StartNobody => "start-nobody",
            Refused::NotStarted => "play-not-started",
            Refused::Finished { .. } => "play-finished",
            Refused::NoGame => "play-no-game",
            Refused::NotAPlayer { .. } => "play-not-a-player",
            Refused::NothingRunning => "play-nothing-running",
            Refused::WhichMove { example: Some(_) } => "play-which-move-example",
            Refused::WhichMove { example: None } => "play-which-move",
            Refused::NotYourTurn { .. } => "play-not-your-turn",
            Refused::Move(PlayError::Parse(_)) => "move-unreadable",
            Refused::Move(PlayError::Illegal { .. }) => "play-illegal",
            Refused::SecretInPublic => "play-secret-in-public",
            Refused::AlreadyLeft => "resign-already-left",
            Refused::AbortNoTable => "abort-no-table",
            Refused::NotCreator { .. } => "abort-not-creator",
            Refused::AbortTournament => "abort-tournament",
            Refused::AbortRated => "abort-rated",
            Refused::RelocateNoTable => "relocate-no-table",
            Refused::BotRunning => "bot-running",
            Refused::BotNoLobby => "bot-no-lobby",
            Refused::BotNotSeated => "bot-not-seated",
            Refused::UnknownBotLevel { .. } => "bot-unknown-level",
            Refused::BotTableFull { .. } => "bot-table-full",
            Refused::NoBotSeated => "bot-none-seated",
            Refused::ClaimHasClock => "claim-has-clock",
            Refused::UnknownClaimLevel { .. } => "claim-unknown-level",
            Refused::ClaimNotYet { .. } => "claim-not-yet",
            Refused::ClaimOnVacation { .. } => "claim-on-vacation",
            Refused::ClaimNobodyToAct => "claim-nobody-to-act",
        }
    }

    /// The refusal in words a player understands, in the current language.
    pub fn words(&self) -> String {
        let key = self.key();
        match self {
            Refused::NothingDue => "nothing is due".to_string(),
            Refused::WhichGame | Refused::StartNoTable | Refused::NoGame => {
                t!(key, games = text::game_words())
            }
            Refused::UnknownGame { word } => {
                t!(key, word = markup::code(word), games = text::game_words())
            }
            Refused::Options(e) => sentence(&e.0),
            Refused::JoinRunning { table } => t!(
                key,
                game = table.kind.info().name,
                players = text::seated(table)
            ),
            Refused::AlreadySeated { game, seated } | Refused::BotTableFull { game, seated } => {
                let info = game.info();
                t!(
                    key,
                    game = info.name,
                    seated = *seated,
                    max = info.max_players
                )
            }
            Refused::OtherGame { game, wanted } => {
                t!(key, game = game.info().name, wanted = wanted.info().name)
            }
            Refused::OtherOptions {
                game,
                options,
                wanted,
            } => t!(
                key,
                game = game.info().name,
                options = text::options_text(options),
                wanted = markup::code(wanted)
            ),
            Refused::TableFull { table } => {
                let info = table.kind.info();
                t!(
                    key,
                    game = info.name,
                    seated = table.seats.len(),
                    max = info.max_players,
                    players = text::seated(table)
                )
            }
            Refused::StartNotSeated { table } | Refused::NotAPlayer { table } => {
                t!(key, players = text::seated(table))
            }
            Refused::TooFewPlayers { game, seated } => {
                let info = game.info();
                t!(
                    key,
                    game = info.name,
                    min = info.min_players,
                    seated = *seated,
                    missing = info.min_players.saturating_sub(*seated)
                )
            }
            Refused::Setup(e) => sentence(&e.to_string()),
            Refused::Finished { table } => t!(key, result = text::result_line(table)),
            Refused::WhichMove {
                example: Some(example),
            } => t!(key, example = example.as_str()),
            Refused::NotYourTurn { table } => t!(key, turn = text::turn_line(table)),
            Refused::Move(e) => sentence(&e.to_string()),
            Refused::NotCreator { creator } => t!(key, name = markup::name(creator)),
            Refused::UnknownBotLevel { word } => {
                t!(key, word = markup::code(word), levels = Level::words())
            }
            Refused::UnknownClaimLevel { word } => t!(
                key,
                word = markup::code(word),
                levels = Level::ALL.map(Level::word).join("|")
            ),
            Refused::ClaimNotYet {
                table,
                seat,
                limit,
                wait,
            } => t!(
                key,
                limit = span(*limit),
                player = table.player(*seat),
                span = span(*wait)
            ),
            Refused::ClaimOnVacation { limit } => t!(key, limit = span(*limit)),
            Refused::LeaveNoTable
            | Refused::NotSeated
            | Refused::LeaveRunning
            | Refused::StartRunning
            | Refused::StartNobody
            | Refused::NotStarted
            | Refused::NothingRunning
            | Refused::WhichMove { example: None }
            | Refused::SecretInPublic
            | Refused::AlreadyLeft
            | Refused::AbortNoTable
            | Refused::AbortTournament
            | Refused::AbortRated
            | Refused::RelocateNoTable
            | Refused::BotRunning
            | Refused::BotNoLobby
            | Refused::BotNotSeated
            | Refused::NoBotSeated
            | Refused::ClaimHasClock
            | Refused::ClaimNobodyToAct => t!(key),
        }
    }
}
