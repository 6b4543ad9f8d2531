//! Why `/rating`, `/leaderboard` or `/history` was refused, as a value; worded where the reply
//! is made.

use crate::games::GameKind;
use crate::t;
use crate::table::{Worded, markup, text};

/// Why ratings or results were not shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RatingRefused {
    /// `/rating <name>`: nobody of that name has a rating here.
    NobodyCalled { name: String },
    /// `/history <name>`: nobody of that name has played here.
    HistoryNobody { name: String },
    /// `/leaderboard <word>`: no game goes by that word.
    UnknownGame { word: String },
    /// `/leaderboard` without a game, and no table here to take it from.
    WhichGame,
    /// Nobody on the board yet (`solo`: the solitaire board).
    Empty { game: GameKind, solo: bool },
    /// No such page.
    NoPage {
        game: GameKind,
        solo: bool,
        pages: usize,
        command: String,
    },
    /// The store could not be read.
    Unreadable,
}

impl Worded for RatingRefused {
    fn key(&self) -> &'static str {
        match self {
            RatingRefused::NobodyCalled { .. } => "rating-nobody-called",
            RatingRefused::HistoryNobody { .. } => "rating-history-nobody",
            RatingRefused::UnknownGame { .. } => "rating-leaderboard-unknown-game",
            RatingRefused::WhichGame => "rating-leaderboard-which-game",
            RatingRefused::Empty { solo: true, .. } => "rating-leaderboard-empty-solo",
            RatingRefused::Empty { solo: false, .. } => "rating-leaderboard-empty",
            RatingRefused::NoPage { .. } => "rating-leaderboard-no-page",
            RatingRefused::Unreadable => "rating-unreadable",
        }
    }

    fn words(&self) -> String {
        let key = self.key();
        match self {
            RatingRefused::NobodyCalled { name } | RatingRefused::HistoryNobody { name } => {
                t!(key, name = markup::code(name))
            }
            RatingRefused::UnknownGame { word } => {
                t!(key, word = markup::code(word), games = text::game_words())
            }
            RatingRefused::WhichGame => t!(key, games = text::game_words()),
            RatingRefused::Empty { game, .. } => t!(key, game = game.info().name),
            RatingRefused::NoPage {
                game,
                solo,
                pages,
                command,
            } => t!(
                key,
                game = game.info().name,
                solo = if *solo { "yes" } else { "no" },
                pages = *pages,
                command = command
            ),
            RatingRefused::Unreadable => t!(key),
        }
    }
}
