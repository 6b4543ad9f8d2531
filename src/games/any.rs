//! The registration of every game (the one list below) and the closed enums generated from
//! it: dynamic dispatch for the table service, storage and drawing.

use serde::{Deserialize, Serialize};

use crate::render::{RenderError, SvgLayer};

use super::seen::{Seen, SeenVisitor};
use super::{
    Announcement, Audience, Draw, Forfeit, Game, GameInfo, GameOptions, Layout, OptionError,
    Outcome, Seat, SetupError, Shown, ToAct,
};

/// Registers the games: generates [`GameKind`], [`AnyOptions`], [`AnyView`], [`AnyGame`] and
/// their dispatch from the one list below. (`$d` is a `$`, for the `each!` macro it defines.)
macro_rules! games {
    ($d:tt; $( $variant:ident => $module:ident :: $state:ident ),+ $(,)?) => {
        /// Which game.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum GameKind {
            $(
                #[doc = concat!("[`", stringify!($module), "::", stringify!($state), "`].")]
                $variant,
            )+
        }

        impl GameKind {
            /// Every game, in the order `/games` lists them.
            pub const ALL: &'static [GameKind] = &[$(GameKind::$variant),+];

            /// One line for `/games` (`game-<id>.tagline` in the message files).
            pub fn tagline(self) -> String {
                crate::t!(&format!("game-{}.tagline", self.info().id))
            }

            /// The rules in short, for `/rules` (`game-<id>-rules` in the message files).
            pub fn rules(self) -> String {
                crate::t!(&format!("game-{}-rules", self.info().id))
            }

            /// Static facts about the game.
            pub fn info(self) -> &'static GameInfo {
                match self {
                    $(GameKind::$variant => &<super::$module::$state as Game>::INFO,)+
                }
            }

            /// The game's default options.
            pub fn default_options(self) -> AnyOptions {
                match self {
                    $(GameKind::$variant => AnyOptions::$variant(Default::default()),)+
                }
            }

            /// The game's option words with descriptions.
            pub fn option_help(self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(GameKind::$variant => {
                        <<super::$module::$state as Game>::Options as GameOptions>::HELP
                    })+
                }
            }
        }

        /// The options of any game.
        #[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum AnyOptions {
            $(
                #[doc = concat!("The options of [`", stringify!($module), "::", stringify!($state), "`].")]
                $variant(<super::$module::$state as Game>::Options),
            )+
        }

        impl AnyOptions {
            /// Sets one option word (lower case).
            pub fn set(&mut self, word: &str) -> Result<(), OptionError> {
                match self {
                    $(AnyOptions::$variant(o) => o.set(word),)+
                }
            }

            /// The option words that reproduce these options.
            pub fn words(&self) -> Vec<String> {
                match self {
                    $(AnyOptions::$variant(o) => o.words(),)+
                }
            }

            /// Which game these options belong to.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyOptions::$variant(_) => GameKind::$variant,)+
                }
            }
        }

        /// What one viewer may see of any game. Made once per image and dropped after drawing,
        /// so the size difference between the games' views costs nothing worth a box.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        #[allow(clippy::large_enum_variant)]
        pub enum AnyView {
            $(
                #[doc = concat!("What a viewer sees of [`", stringify!($module), "::", stringify!($state), "`].")]
                $variant(<super::$module::$state as Game>::View),
            )+
        }

        impl AnyView {
            /// The image's layers, bottom first: what `players` (names in seat order) see,
            /// laid out as `layout` says. Each game draws itself.
            pub fn layers(
                &self,
                players: &[String],
                layout: Layout,
            ) -> Result<Vec<SvgLayer>, RenderError> {
                match self {
                    $(AnyView::$variant(view) => view.layers(players, layout),)+
                }
            }

            /// What the image shows, in words (see [`Draw::describe`]).
            pub fn describe(&self, players: &[String], layout: Layout) -> String {
                match self {
                    $(AnyView::$variant(view) => view.describe(players, layout),)+
                }
            }

            /// Which game this is a view of.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyView::$variant(_) => GameKind::$variant,)+
                }
            }
        }

        /// A game of any kind: the state the table service stores and plays.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum AnyGame {
            $(
                #[doc = concat!("A game of [`", stringify!($module), "::", stringify!($state), "`].")]
                $variant(super::$module::$state),
            )+
        }

        /// Calls the same expression on whichever game is inside.
        macro_rules! each {
            ($d value:expr, $d g:ident => $d body:expr) => {
                match $d value {
                    $(AnyGame::$variant($d g) => $d body,)+
                }
            };
        }

        impl AnyGame {
            /// Sets up a new game.
            pub fn new(
                options: &AnyOptions,
                players: usize,
                seed: u64,
            ) -> Result<AnyGame, SetupError> {
                Ok(match options {
                    $(AnyOptions::$variant(o) => {
                        AnyGame::$variant(<super::$module::$state as Game>::new(players, o, seed)?)
                    })+
                })
            }

            /// Which game this is.
            pub fn kind(&self) -> GameKind {
                match self {
                    $(AnyGame::$variant(_) => GameKind::$variant,)+
                }
            }

            /// What `viewer` may see.
            pub fn view(&self, viewer: Option<Seat>) -> AnyView {
                match self {
                    $(AnyGame::$variant(g) => AnyView::$variant(g.view(viewer)),)+
                }
            }

            /// What `seat` knows, for a computer player in that seat.
            pub fn seen(&self, seat: Seat) -> AnySeen {
                match self {
                    $(AnyGame::$variant(g) => AnySeen::$variant(Seen::of(g, seat)),)+
                }
            }
        }

        /// One seat's knowledge of whichever game (all a computer player gets).
        #[derive(Debug, Clone)]
        pub enum AnySeen {
            $(
                #[doc = concat!("[`", stringify!($module), "::", stringify!($state), "`].")]
                $variant(Seen<super::$module::$state>),
            )+
        }

        impl AnySeen {
            /// Runs `visitor` on the game inside.
            pub fn visit<V: SeenVisitor>(&self, visitor: V) -> V::Output {
                match self {
                    $(AnySeen::$variant(s) => visitor.visit(s),)+
                }
            }
        }
    };
}

// The one registration of every game: its variant, then its module and state type.
games! {
    $;
    Dvonn => dvonn::Dvonn,
    DonQuixote => donquixote::DonQuixote,
    Burg => burg::Burg,
    Komarn => komarn::Komarn,
}

impl GameKind {
    /// The game a word in `/join` or `/rules` names (its id or an alias, any case).
    pub fn from_word(word: &str) -> Option<GameKind> {
        let word = word.to_lowercase();
        GameKind::ALL.iter().copied().find(|k| {
            let info = k.info();
            info.id == word || info.aliases.contains(&word.as_str())
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
    #[error("{}", crate::t!("play-illegal", mv = .mv, reason = .reason))]
    Illegal {
        /// The move as understood.
        mv: String,
        /// Why not.
        reason: String,
    },
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
    /// Who is to act.
    pub fn to_act(&self) -> ToAct {
        each!(self, g => g.to_act())
    }

    /// Parses and plays `text` for `seat`. On error nothing changed.
    pub fn play(&mut self, seat: Seat, text: &str) -> Result<Played, PlayError> {
        each!(self, g => play_in(g, seat, text))
    }

    /// The button label of the move text `text` in the current language ([`Game::move_label`]);
    /// the text itself when it is not a whole move (a group such as `play 17`).
    pub fn label(&self, text: &str) -> String {
        each!(self, g => match text.parse() {
            Ok(mv) => g.move_label(&mv),
            Err(_) => text.to_string(),
        })
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

    /// Whether `seat` still plays (has not left, and the game is not over).
    pub fn in_play(&self, seat: Seat) -> bool {
        each!(self, g => g.in_play(seat))
    }

    /// Who may see the moves `seat` could make now (buttons, autocomplete, hints, refusals).
    pub fn options_audience(&self, seat: Seat) -> Audience {
        each!(self, g => g.audience(Shown::Options(seat)))
    }

    /// Who may see the move `seat` sends now: private for a secret choice, which must be sent
    /// privately and stays out of public records until the rules reveal it.
    pub fn choice_audience(&self, seat: Seat) -> Audience {
        each!(self, g => g.audience(Shown::Choice(seat)))
    }

    /// Who may see `seat`'s hidden holdings now (its hand, its chosen cards or tile): public
    /// once the rules have revealed the seat's last secret choice.
    pub fn holdings_audience(&self, seat: Seat) -> Audience {
        each!(self, g => g.audience(Shown::Holdings(seat)))
    }

    /// The game record in the game's notation.
    pub fn transcript(&self) -> String {
        each!(self, g => g.transcript())
    }
}
