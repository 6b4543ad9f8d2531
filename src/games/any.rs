//! The closed enum over every game: dynamic dispatch for the table service and storage.

use serde::{Deserialize, Serialize};

use super::burg::{Burg, BurgOptions, BurgView};
use super::donquixote::{DonQuixote, DonQuixoteOptions, DonQuixoteView};
use super::dvonn::{Dvonn, DvonnOptions, DvonnView};
use super::komarn::{Komarn, KomarnOptions, KomarnView};
use crate::render::{RenderError, SvgLayer};

use super::{
    Announcement, Audience, Forfeit, Game, GameInfo, GameOptions, Layout, OptionError, Outcome,
    Seat, SetupError, Shown, ToAct,
};

/// Which game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameKind {
    /// [`Dvonn`].
    Dvonn,
    /// [`DonQuixote`].
    DonQuixote,
    /// [`Burg`] (Im Schutze der Burg).
    Burg,
    /// [`Komarn`] (Banner von Komarn).
    Komarn,
}

impl GameKind {
    /// Every game, in the order `/games` lists them.
    pub const ALL: &'static [GameKind] = &[
        GameKind::Dvonn,
        GameKind::DonQuixote,
        GameKind::Burg,
        GameKind::Komarn,
    ];

    /// Static facts about the game.
    pub fn info(self) -> &'static GameInfo {
        match self {
            GameKind::Dvonn => &Dvonn::INFO,
            GameKind::DonQuixote => &DonQuixote::INFO,
            GameKind::Burg => &Burg::INFO,
            GameKind::Komarn => &Komarn::INFO,
        }
    }

    /// The game a word in `/join` or `/rules` names (its id or an alias, any case).
    pub fn from_word(word: &str) -> Option<GameKind> {
        let word = word.to_lowercase();
        GameKind::ALL.iter().copied().find(|k| {
            let info = k.info();
            info.id == word || info.aliases.contains(&word.as_str())
        })
    }

    /// The game's default options.
    pub fn default_options(self) -> AnyOptions {
        match self {
            GameKind::Dvonn => AnyOptions::Dvonn(DvonnOptions::default()),
            GameKind::DonQuixote => AnyOptions::DonQuixote(DonQuixoteOptions::default()),
            GameKind::Burg => AnyOptions::Burg(BurgOptions::default()),
            GameKind::Komarn => AnyOptions::Komarn(KomarnOptions::default()),
        }
    }

    /// The game's option words with descriptions.
    pub fn option_help(self) -> &'static [(&'static str, &'static str)] {
        match self {
            GameKind::Dvonn => DvonnOptions::HELP,
            GameKind::DonQuixote => DonQuixoteOptions::HELP,
            GameKind::Burg => BurgOptions::HELP,
            GameKind::Komarn => KomarnOptions::HELP,
        }
    }
}

/// The options of any game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnyOptions {
    /// Dvonn's options.
    Dvonn(DvonnOptions),
    /// DonQuixote's options.
    DonQuixote(DonQuixoteOptions),
    /// Im Schutze der Burg's options.
    Burg(BurgOptions),
    /// Banner von Komarn's options.
    Komarn(KomarnOptions),
}

impl AnyOptions {
    /// Sets one option word (lower case).
    pub fn set(&mut self, word: &str) -> Result<(), OptionError> {
        match self {
            AnyOptions::Dvonn(o) => o.set(word),
            AnyOptions::DonQuixote(o) => o.set(word),
            AnyOptions::Burg(o) => o.set(word),
            AnyOptions::Komarn(o) => o.set(word),
        }
    }

    /// The option words that reproduce these options.
    pub fn words(&self) -> Vec<String> {
        match self {
            AnyOptions::Dvonn(o) => o.words(),
            AnyOptions::DonQuixote(o) => o.words(),
            AnyOptions::Burg(o) => o.words(),
            AnyOptions::Komarn(o) => o.words(),
        }
    }

    /// Which game these options belong to.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyOptions::Dvonn(_) => GameKind::Dvonn,
            AnyOptions::DonQuixote(_) => GameKind::DonQuixote,
            AnyOptions::Burg(_) => GameKind::Burg,
            AnyOptions::Komarn(_) => GameKind::Komarn,
        }
    }
}

/// What one viewer may see of any game. Made once per image and dropped after drawing, so the
/// size difference between the games' views costs nothing worth a box.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "lowercase")]
#[allow(clippy::large_enum_variant)]
pub enum AnyView {
    /// A Dvonn board.
    Dvonn(DvonnView),
    /// The DonQuixote boards of every player.
    DonQuixote(DonQuixoteView),
    /// The castle, fields and players of Im Schutze der Burg.
    Burg(BurgView),
    /// The river, banners and players of Banner von Komarn.
    Komarn(KomarnView),
}

impl AnyView {
    /// The image's layers, bottom first: what `players` (names in seat order) see, laid out
    /// as `layout` says. Each game draws itself.
    pub fn layers(&self, players: &[String], layout: Layout) -> Result<Vec<SvgLayer>, RenderError> {
        Ok(match self {
            AnyView::Dvonn(view) => vec![
                SvgLayer::Cached {
                    key: "dvonn board",
                    make: super::dvonn::draw::board_svg,
                },
                SvgLayer::Svg(super::dvonn::draw::pieces_svg(view, players)?),
            ],
            AnyView::DonQuixote(view) => vec![SvgLayer::Svg(super::donquixote::draw::svg(
                view, players, layout,
            )?)],
            AnyView::Burg(view) => vec![SvgLayer::Svg(super::burg::draw::svg(
                view, players, layout,
            )?)],
            AnyView::Komarn(view) => vec![SvgLayer::Svg(super::komarn::draw::svg(
                view, players, layout,
            )?)],
        })
    }
}

/// A rejected move, in words a player understands.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text is not a move of this game.
    #[error("{0}")]
    Parse(String),
    /// The move is not legal now.
    #[error("can't play {mv}: {reason}")]
    Illegal {
        /// The move as understood.
        mv: String,
        /// Why not.
        reason: String,
    },
}

/// A game of any kind: the state the table service stores and plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AnyGame {
    /// A Dvonn game.
    Dvonn(Dvonn),
    /// A DonQuixote game.
    DonQuixote(DonQuixote),
    /// An Im Schutze der Burg game.
    Burg(Burg),
    /// A Banner von Komarn game.
    Komarn(Komarn),
}

/// Calls the same expression on whichever game is inside.
macro_rules! each {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::Dvonn($g) => $body,
            AnyGame::DonQuixote($g) => $body,
            AnyGame::Burg($g) => $body,
            AnyGame::Komarn($g) => $body,
        }
    };
}

fn play_in<G: Game>(game: &mut G, seat: Seat, text: &str) -> Result<Played, PlayError> {
    let mv: G::Move = text
        .parse()
        .map_err(|e: super::ParseMoveError| PlayError::Parse(e.0))?;
    let events = game.apply(seat, &mv).map_err(|e| PlayError::Illegal {
        mv: mv.to_string(),
        reason: e.to_string(),
    })?;
    Ok(Played {
        text: mv.to_string(),
        announcements: Announcement::from_events(game, &events),
    })
}

/// An accepted move: its canonical text (for the log) and what to announce.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// The move in canonical notation (what replays it).
    pub text: String,
    /// What the game announces.
    pub announcements: Vec<Announcement>,
}

impl AnyGame {
    /// Sets up a new game.
    pub fn new(options: &AnyOptions, players: usize, seed: u64) -> Result<AnyGame, SetupError> {
        Ok(match options {
            AnyOptions::Dvonn(o) => AnyGame::Dvonn(Dvonn::new(players, o, seed)?),
            AnyOptions::DonQuixote(o) => AnyGame::DonQuixote(DonQuixote::new(players, o, seed)?),
            AnyOptions::Burg(o) => AnyGame::Burg(Burg::new(players, o, seed)?),
            AnyOptions::Komarn(o) => AnyGame::Komarn(Komarn::new(players, o, seed)?),
        })
    }

    /// Which game this is.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::Dvonn(_) => GameKind::Dvonn,
            AnyGame::DonQuixote(_) => GameKind::DonQuixote,
            AnyGame::Burg(_) => GameKind::Burg,
            AnyGame::Komarn(_) => GameKind::Komarn,
        }
    }

    /// Who is to act.
    pub fn to_act(&self) -> ToAct {
        each!(self, g => g.to_act())
    }

    /// Parses and plays `text` for `seat`. On error nothing changed.
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        each!(self, g => play_in(g, seat, text))
    }

    /// Every legal move of `seat`, as move text.
    pub fn legal_moves(&self, seat: Seat) -> Vec<String> {
        each!(self, g => g.legal_moves(seat).iter().map(|m| m.to_string()).collect())
    }

    /// `seat` resigns or runs out of time.
    pub fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<Announcement> {
        each!(self, g => {
            let events = g.forfeit(seat, reason);
            Announcement::from_events(g, &events)
        })
    }

    /// What `viewer` may see.
    pub fn view(&self, viewer: Option<Seat>) -> AnyView {
        match self {
            AnyGame::Dvonn(g) => AnyView::Dvonn(g.view(viewer)),
            AnyGame::DonQuixote(g) => AnyView::DonQuixote(g.view(viewer)),
            AnyGame::Burg(g) => AnyView::Burg(g.view(viewer)),
            AnyGame::Komarn(g) => AnyView::Komarn(g.view(viewer)),
        }
    }

    /// Current scores per seat.
    pub fn scores(&self) -> Vec<i64> {
        each!(self, g => g.scores())
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, g => g.outcome())
    }

    /// The name of a seat's side, e.g. "White".
    pub fn seat_label(&self, seat: Seat) -> String {
        each!(self, g => g.seat_label(seat))
    }

    /// What the players are asked to do now, if the turn line does not say it.
    pub fn prompt(&self) -> Option<String> {
        each!(self, g => g.prompt())
    }

    /// How long the table waits for answers, while it does.
    pub fn window(&self) -> Option<super::Window> {
        each!(self, g => g.window())
    }

    /// The waiting time ran out: settle it.
    pub fn close_window(&mut self) -> Vec<Announcement> {
        each!(self, g => {
            let events = g.close_window();
            Announcement::from_events(g, &events)
        })
    }

    /// Whether `seat` may send a move now.
    pub fn may_act(&self, seat: Seat) -> bool {
        each!(self, g => g.may_act(seat))
    }

    /// Who may see the moves `seat` could make now (buttons, autocomplete, hints, refusals).
    pub fn options_audience(&self, seat: Seat) -> Audience {
        each!(self, g => g.audience(Shown::Options(seat)))
    }

    /// Who may see the move `seat` sends now: private for a secret choice, which must be sent
    /// privately and stays out of public records until the game is over.
    pub fn choice_audience(&self, seat: Seat) -> Audience {
        each!(self, g => g.audience(Shown::Choice(seat)))
    }

    /// The game record in the game's notation.
    pub fn transcript(&self) -> String {
        each!(self, g => g.transcript())
    }
}
