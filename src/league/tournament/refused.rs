//! Why a `/tournament` command was refused, as a value; worded where the reply is made.

use std::time::Duration;

use crate::games::{GameKind, OptionError};
use crate::t;
use crate::table::clock::format_span;
use crate::table::{Worded, markup};

/// Why a tournament was not created, changed or decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TournamentRefused {
    /// No tournament in this channel (`create`: offer to create one).
    NoneHere { create: bool },
    /// `/tournament <word>`: no such command.
    Unknown { word: String },
    /// `create` where an open tournament is.
    ChannelHasOne { tournament: String },
    /// `create` in a tournament game's channel.
    ChannelIsGame,
    /// `create` with words that are not a tournament.
    Spec(SpecRefused),
    /// A command for the organizer (or a moderator) only.
    OrganizerOnly { organizer: String, what: Only },
    /// `join` by an entrant.
    EnteredAlready,
    /// `join` or `bot` with every place taken (`max`: how many places there are, when said).
    Full { max: Option<usize> },
    /// `bot` where computer players may not enter.
    BotsNotAllowed,
    /// `bot` by someone neither entered nor organizer.
    BotWhoMay,
    /// `bot <word>`: not a level.
    NotALevel { word: String },
    /// `leave` or `withdraw` by someone not entered.
    NotEntered,
    /// `leave` after the start (`withdraw` is meant).
    LeaveStarted,
    /// `withdraw` by someone out already.
    WithdrawnAlready,
    /// `remove <word>`: no such entrant.
    NoSuchEntrant { word: String },
    /// `remove` of someone out already.
    OutAlready { name: String },
    /// `start` with too few entrants.
    TooFew { least: usize, entered: usize },
    /// `start` with nobody but computer players.
    OnlyBots,
    /// Entry after the start.
    EntryClosed,
    /// The tournament is over.
    OverAlready,
    /// An organizer's decision before the start.
    NotStarted,
    /// No round to decide.
    NoRound,
    /// `next` before the round's deadline.
    NextTooEarly { round: u32, left: Duration },
    /// `next` with every game of the round decided.
    NextNothingOpen,
    /// `result` without a game and a winner.
    ResultUsage,
    /// `result <word>`: no such game in the round.
    ResultNoGame { round: u32, word: String },
    /// `result` of a game that has ended.
    ResultEnded,
    /// `result <game> <word>`: not a player of that game.
    ResultNotAPlayer { word: String },
    /// `pairings <page>`: no such page; there are `pages`.
    NoPage { pages: usize },
    /// `standings <page>`: no such page; there are `pages`.
    StandingsNoPage { pages: usize },
    /// `create` by someone who may not create tournaments here.
    CreateModeratorsOnly,
    /// `create` where the community has as many open tournaments as it may.
    TooManyOpen { open: usize, most: usize },
    /// `bot` in a tournament with as many computer players as it may have.
    BotsMax { most: usize },
    /// `start` of a first round that would pass the community's table limit.
    RoundTooBig {
        needed: usize,
        open: usize,
        most: usize,
    },
}

/// Which command only the organizer may give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Only {
    /// `remove`.
    Remove,
    /// `start`.
    Start,
    /// `next`, `result` or `cancel` (the word).
    Command(String),
}

fn code(word: &str, most: usize) -> String {
    markup::code(&word.chars().take(most).collect::<String>())
}

impl Worded for TournamentRefused {
    fn key(&self) -> &'static str {
        use TournamentRefused as R;
        match self {
            R::NoneHere { create: true } => "tour-none-here-create",
            R::NoneHere { create: false } => "tour-none-here",
            R::Unknown { .. } => "tour-unknown",
            R::ChannelHasOne { .. } => "tour-channel-has-one",
            R::ChannelIsGame => "tour-channel-is-game",
            R::Spec(why) => why.key(),
            R::OrganizerOnly {
                what: Only::Remove, ..
            } => "tour-organizer-only-remove",
            R::OrganizerOnly {
                what: Only::Start, ..
            } => "tour-organizer-only-start",
            R::OrganizerOnly {
                what: Only::Command(_),
                ..
            } => "tour-organizer-only-command",
            R::EnteredAlready => "tour-entered-already",
            R::Full { max: Some(_) } => "tour-full-max",
            R::Full { max: None } => "tour-full",
            R::BotsNotAllowed => "tour-bots-not-allowed",
            R::BotWhoMay => "tour-bot-who-may",
            R::NotALevel { .. } => "tour-not-a-level",
            R::NotEntered => "tour-not-entered",
            R::LeaveStarted => "tour-leave-started",
            R::WithdrawnAlready => "tour-withdrawn-already",
            R::NoSuchEntrant { .. } => "tour-no-such-entrant",
            R::OutAlready { .. } => "tour-out-already",
            R::TooFew { .. } => "tour-too-few",
            R::OnlyBots => "tour-only-bots",
            R::EntryClosed => "tour-entry-closed",
            R::OverAlready => "tour-over-already",
            R::NotStarted => "tour-not-started",
            R::NoRound => "tour-no-round",
            R::NextTooEarly { .. } => "tour-next-too-early",
            R::NextNothingOpen => "tour-next-nothing-open",
            R::ResultUsage => "tour-result-usage",
            R::ResultNoGame { .. } => "tour-result-no-game",
            R::ResultEnded => "tour-result-ended",
            R::ResultNotAPlayer { .. } => "tour-result-not-a-player",
            R::CreateModeratorsOnly => "tour-create-moderators",
            R::NoPage { .. } => "tour-pairings-no-page",
            R::StandingsNoPage { .. } => "tour-standings-no-page",
            R::TooManyOpen { .. } => "tour-create-too-many",
            R::BotsMax { .. } => "tour-bots-max",
            R::RoundTooBig { .. } => "tour-round-too-big",
        }
    }

    fn words(&self) -> String {
        use TournamentRefused as R;
        let key = self.key();
        match self {
            R::Unknown { word } => t!(key, word = code(word, 30), usage = t!("tour-usage")),
            R::ChannelHasOne { tournament } => t!(key, tournament = markup::code(tournament)),
            R::Spec(why) => why.words(),
            R::OrganizerOnly {
                organizer,
                what: Only::Command(command),
            } => t!(
                key,
                organizer = markup::name(organizer),
                command = command.as_str()
            ),
            R::OrganizerOnly { organizer, .. } => t!(key, organizer = markup::name(organizer)),
            R::Full { max: Some(max) } => t!(key, max = *max),
            R::NotALevel { word } => t!(key, word = code(word, 20)),
            R::NoSuchEntrant { word } => t!(key, word = code(word, 40)),
            R::OutAlready { name } => t!(key, name = markup::name(name)),
            R::TooFew { least, entered } => t!(key, least = *least, entered = *entered),
            R::NextTooEarly { round, left } => t!(key, round = *round, span = format_span(*left)),
            R::ResultNoGame { round, word } => t!(key, round = *round, word = code(word, 40)),
            R::ResultNotAPlayer { word } => t!(key, word = code(word, 40)),
            R::TooManyOpen { open, most } => t!(key, open = *open, most = *most),
            R::BotsMax { most } => t!(key, most = *most),
            R::NoPage { pages } | R::StandingsNoPage { pages } => t!(key, pages = *pages),
            R::RoundTooBig { needed, open, most } => {
                t!(key, needed = *needed, open = *open, most = *most)
            }
            R::NoneHere { .. }
            | R::ChannelIsGame
            | R::EnteredAlready
            | R::Full { max: None }
            | R::BotsNotAllowed
            | R::BotWhoMay
            | R::NotEntered
            | R::LeaveStarted
            | R::WithdrawnAlready
            | R::OnlyBots
            | R::EntryClosed
            | R::OverAlready
            | R::NotStarted
            | R::NoRound
            | R::NextNothingOpen
            | R::ResultUsage
            | R::ResultEnded
            | R::CreateModeratorsOnly => t!(key),
        }
    }
}

/// Why `/tournament create …` does not describe a tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecRefused {
    /// No game or no format given.
    Usage,
    /// No game goes by that word.
    NotAGame { word: String },
    /// No format goes by that word.
    NotAFormat { word: String },
    /// `rounds=` not between one and `max`.
    Rounds { word: String, max: u32 },
    /// `players=` not a number.
    Players { word: String },
    /// `bots=` neither yes nor no.
    Bots { word: String },
    /// `deadline=` not a span the rounds may take.
    Deadline { word: String },
    /// `pairing=` neither dutch nor simple.
    Pairing { word: String },
    /// `name=` not a short lowercase name.
    Name { word: String },
    /// `casual`: tournament games are rated.
    Casual,
    /// The table options are not the game's (the game's own words).
    Options(OptionError),
    /// A knockout of a game not for two.
    KnockoutTwoPlayers { game: GameKind },
    /// A duplicate of a game nobody plays alone.
    DuplicateAlone { game: GameKind },
    /// `players=` the game does not allow.
    PlayersDoNotFit { game: GameKind, asked: usize },
    /// A game nobody plays several at a table in a pod.
    NotSeveralPlayers { game: GameKind },
}

impl Worded for SpecRefused {
    fn key(&self) -> &'static str {
        use SpecRefused as S;
        match self {
            S::Usage => "tour-create-usage",
            S::NotAGame { .. } => "tour-create-not-a-game",
            S::NotAFormat { .. } => "tour-create-not-a-format",
            S::Rounds { .. } => "tour-create-rounds",
            S::Players { .. } => "tour-create-players",
            S::Bots { .. } => "tour-create-bots",
            S::Deadline { .. } => "tour-create-deadline",
            S::Pairing { .. } => "tour-create-pairing",
            S::Name { .. } => "tour-create-name",
            S::Casual => "tour-create-casual",
            S::Options(_) => "options-refused",
            S::KnockoutTwoPlayers { .. } => "tour-knockout-two-players",
            S::DuplicateAlone { .. } => "tour-duplicate-alone",
            S::PlayersDoNotFit { .. } => "tour-players-do-not-fit",
            S::NotSeveralPlayers { .. } => "tour-not-several-players",
        }
    }

    fn words(&self) -> String {
        use SpecRefused as S;
        let key = self.key();
        match self {
            S::Usage | S::Casual => t!(key),
            S::NotAGame { word } => t!(key, word = code(word, 30), usage = t!("tour-create-usage")),
            S::NotAFormat { word } | S::Players { word } | S::Bots { word } => {
                t!(key, word = code(word, 30))
            }
            S::Deadline { word } | S::Name { word } | S::Pairing { word } => {
                t!(key, word = code(word, 30))
            }
            S::Rounds { word, max } => t!(key, word = code(word, 30), max = *max),
            S::Options(e) => e.0.clone(),
            S::KnockoutTwoPlayers { game } => {
                let info = game.info();
                t!(
                    key,
                    game = info.name,
                    players = players_text(info.min_players.max(2), info.max_players)
                )
            }
            S::DuplicateAlone { game } | S::NotSeveralPlayers { game } => {
                t!(key, game = game.info().name)
            }
            S::PlayersDoNotFit { game, asked } => {
                let info = game.info();
                t!(
                    key,
                    game = info.name,
                    players = players_text(info.min_players.max(2), info.max_players),
                    // As typed (a number of any size).
                    asked = asked.to_string()
                )
            }
        }
    }
}

/// "exactly 2" or "2 to 4" players, in words.
fn players_text(min: usize, max: usize) -> String {
    if min == max {
        t!("tour-players-exactly", n = min)
    } else {
        t!("tour-players-range", min = min, max = max)
    }
}
