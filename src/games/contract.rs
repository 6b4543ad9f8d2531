//! The one contract every game implements.

use std::fmt::{self, Debug, Display};
use std::str::FromStr;
use std::time::Duration;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::Layout;
use super::options::GameOptions;
use crate::render::{RenderError, SvgLayer};
use crate::t;

/// A seat at the table, 0-based, in join order (seat 0 is the first player to join).
pub type Seat = usize;

/// Static facts about a game, for `/games`, `/rules` and the lobby.
#[derive(Debug, Clone, Copy)]
pub struct GameInfo {
    /// The identifier used in commands and storage (lower case, one word).
    pub id: &'static str,
    /// The display name.
    pub name: &'static str,
    /// Other words that select this game in `/join` (lower case).
    pub aliases: &'static [&'static str],
    /// Fewest players that may start a game.
    pub min_players: usize,
    /// Most players that may sit at the table.
    pub max_players: usize,
}

/// Who is to act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToAct {
    /// Exactly one seat.
    One(Seat),
    /// Several seats at once (simultaneous or secret choices), in seat order.
    Many(Vec<Seat>),
    /// Nobody: the game is over.
    Nobody,
}

impl ToAct {
    /// Whether `seat` may act now.
    pub fn contains(&self, seat: Seat) -> bool {
        match self {
            ToAct::One(s) => *s == seat,
            ToAct::Many(seats) => seats.contains(&seat),
            ToAct::Nobody => false,
        }
    }

    /// The seats that may act now, in seat order.
    pub fn seats(&self) -> Vec<Seat> {
        match self {
            ToAct::One(s) => vec![*s],
            ToAct::Many(seats) => seats.clone(),
            ToAct::Nobody => Vec::new(),
        }
    }
}

/// A wait for answers with a time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Which wait: a new number for every new wait in a game (e.g. the claim's sequence number).
    pub id: u64,
    /// How long the table waits in all.
    pub length: Duration,
}

/// Why a player leaves a running game before its natural end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Forfeit {
    /// The player typed `/resign`.
    Resigned,
    /// The player's thinking time ran out.
    TimedOut,
    /// The player stayed away from a game without a clock for too long, and another player
    /// claimed it (`/claim`).
    Abandoned,
    /// A computer player the table stopped: every person had left the game, so the computer
    /// players do not play on by themselves. The game ends as it stands; a game words this
    /// forfeit with nothing (the table says why once).
    Stopped,
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndReason {
    /// The rules ended it (nobody can move, last round played, ...).
    Normal,
    /// A seat forfeited.
    Forfeit(Seat, Forfeit),
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Final score per seat.
    pub scores: Vec<i64>,
    /// Rank per seat, 1 = best; tied seats share a rank.
    pub ranks: Vec<u8>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// Ranks seats by score, highest first; equal scores share a rank.
    pub fn by_score(scores: Vec<i64>, reason: EndReason) -> Self {
        let ranks = scores
            .iter()
            .map(|s| 1 + scores.iter().filter(|o| *o > s).count() as u8)
            .collect();
        Outcome {
            scores,
            ranks,
            reason,
        }
    }

    /// The single winner, if exactly one seat has rank 1.
    pub fn winner(&self) -> Option<Seat> {
        let mut best = self.ranks.iter().enumerate().filter(|(_, r)| **r == 1);
        match (best.next(), best.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    }

    /// True when every seat shares rank 1.
    pub fn is_draw(&self) -> bool {
        self.ranks.iter().all(|r| *r == 1)
    }

    /// The result in words, the same wherever it is shown — the announcement and the image's
    /// description say it whole: [`headline`](Self::headline) — every seat's score in seat
    /// order. `name` names a seat, e.g. "ann (White)".
    pub fn verdict(&self, name: impl Fn(Seat) -> String) -> String {
        t!(
            "outcome-verdict",
            headline = self.headline(&name),
            scores = self.score_list(&name)
        )
    }

    /// Who won (or a draw, or who share first place) and who left the game early: what an
    /// image's header says of the result (its scores stand beside each player).
    pub fn headline(&self, name: impl Fn(Seat) -> String) -> String {
        let best: Vec<String> = (0..self.ranks.len())
            .filter(|s| self.ranks[*s] == 1)
            .map(&name)
            .collect();
        let verdict = match (self.winner(), self.is_draw()) {
            (Some(w), _) => t!("outcome-verdict-wins", player = name(w)),
            (None, true) => t!("outcome-verdict-draw"),
            (None, false) => t!(
                "outcome-verdict-shared",
                players = super::words::and_list(&best)
            ),
        };
        match self.reason {
            EndReason::Normal => verdict,
            EndReason::Forfeit(seat, why) => {
                let player = name(seat);
                match why {
                    Forfeit::Resigned => {
                        t!("outcome-left-resigned", verdict = verdict, player = player)
                    }
                    Forfeit::TimedOut => {
                        t!("outcome-left-timed-out", verdict = verdict, player = player)
                    }
                    Forfeit::Abandoned => {
                        t!("outcome-left-abandoned", verdict = verdict, player = player)
                    }
                    Forfeit::Stopped => t!("outcome-left-stopped", verdict = verdict),
                }
            }
        }
    }

    /// Every seat's score in seat order: "ann (White) 7, bob (Black) 25".
    pub fn score_list(&self, name: impl Fn(Seat) -> String) -> String {
        self.scores
            .iter()
            .enumerate()
            .map(|(seat, score)| t!("outcome-score", player = name(seat), score = *score))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// "Ann wins" or "Ann & Ben share the win", with `name` naming each seat (for images).
    pub fn winners(&self, name: impl Fn(Seat) -> String) -> String {
        let best: Vec<String> = (0..self.ranks.len())
            .filter(|s| self.ranks[*s] == 1)
            .map(name)
            .collect();
        if best.len() == 1 {
            t!("outcome-wins", players = best.join(" & "))
        } else {
            t!("outcome-share", players = best.join(" & "))
        }
    }
}

/// How a game's view becomes an image: its layers, bottom first, drawn with the toolkit in
/// [`crate::render`].
pub trait Draw {
    /// The layers of the image for `players` (names in seat order), laid out as `layout` says.
    fn layers(&self, players: &[String], layout: Layout) -> Result<Vec<SvgLayer>, RenderError>;

    /// What the image of `layers` shows, in words, for screen readers and text-only clients:
    /// whose turn, the counts that matter, and for a private view what it holds (a hand in
    /// words). Never more than the view shows.
    fn describe(&self, players: &[String], layout: Layout) -> String;
}

/// A move text that does not parse; the message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseMoveError(pub String);

/// A game that cannot be set up with these players and options.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Wrong number of players.
    #[error("{}", t!("setup-player-count", game = .game, min = .min, max = .max, got = .got))]
    PlayerCount {
        /// Game name.
        game: &'static str,
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
        /// Seated players.
        got: usize,
    },
}

/// Something a game tells the table after a move. Who may hear it is decided by
/// [`Game::audience`], not by the event.
pub trait GameEvent: Display + Debug + Clone {}

impl<T: Display + Debug + Clone> GameEvent for T {}

/// Who may see a piece of a game's information.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Audience {
    /// Everybody: the players and every onlooker.
    Everyone,
    /// That seat's player alone.
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` (a seat, or `None` for an onlooker) may see it.
    pub fn admits(self, viewer: Option<Seat>) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Seat(seat) => viewer == Some(seat),
        }
    }

    /// True for [`Audience::Everyone`].
    pub fn is_public(self) -> bool {
        self == Audience::Everyone
    }
}

/// What the table (or the game's own view) asks about before showing anything: every secret of
/// a game is decided by its one [`Game::audience`] function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown<'a, E> {
    /// An event the game emitted.
    Event(&'a E),
    /// The moves a seat could make now: buttons, autocomplete, examples in hints, refusals of
    /// that seat's moves. Private when they would tell what only the seat knows (its hand).
    Options(Seat),
    /// The move a seat sends now: a secret choice must be sent privately, and its text stays out
    /// of every public record unless the rules reveal it — during the game or after it.
    Choice(Seat),
    /// A seat's hidden holdings in a view: its hand, its unrevealed choice. Its answer also
    /// tells the table when a secret choice was revealed: a seat's secret move is public from
    /// the first position after it where the seat's holdings are public, unless the seat made
    /// another secret move first (a changed choice is never revealed). A choice whose holdings
    /// never become public (a round cut short) stays secret after the game.
    Holdings(Seat),
}

/// A game event rendered to text, with its audience.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// Who may hear it.
    pub audience: Audience,
    /// What to say, in every language (its audience's language is not known yet).
    pub text: crate::i18n::Localized,
}

impl Announcement {
    /// Renders a game's events, each with the audience the game gives it; an event worded with
    /// nothing (one the table says in its own words) is not announced.
    pub fn from_events<G: Game>(game: &G, events: &[G::Event]) -> Vec<Announcement> {
        events
            .iter()
            .map(|e| Announcement {
                audience: game.audience(Shown::Event(e)),
                text: crate::i18n::Localized::render(|| e.to_string()),
            })
            .filter(|a| !a.text.get(crate::i18n::Lang::En).is_empty())
            .collect()
    }
}

/// The contract every game implements: a pure, deterministic reducer.
///
/// The implementing type *is* the game state. It carries its own seeded random generator, so a
/// game replays exactly from `(options, seed, moves)`.
pub trait Game:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The game's options (words after the game name in `/join`).
    type Options: GameOptions;
    /// A move; its `Display` is the text users type, its `FromStr` parses that text.
    type Move: FromStr<Err = ParseMoveError> + Display + Clone + Debug + PartialEq;
    /// What one viewer may see. It round-trips through JSON: a finished game's export carries
    /// the public view of every position, which `spieltisch render` draws.
    type View: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Draw;
    /// What happened as a result of a move.
    type Event: GameEvent;
    /// Why a move was rejected, in words a player understands.
    type Error: std::error::Error + Clone + PartialEq;

    /// Static facts about the game.
    const INFO: GameInfo;

    /// Sets up a new game for `players` seats.
    fn new(players: usize, options: &Self::Options, seed: u64) -> Result<Self, SetupError>;

    /// Who is to act.
    fn to_act(&self) -> ToAct;

    /// Whether `seat` still plays: it has not left the game (resigned, run out of time, been
    /// claimed or stopped) and the game is not over. A game where players may leave while the
    /// others play on says so for each seat.
    fn in_play(&self, seat: Seat) -> bool {
        let _ = seat;
        self.outcome().is_none()
    }

    /// Whether `seat` may send a move now: normally exactly when it is to act, but a game may
    /// also accept moves from others (e.g. a secret choice that may be changed until everybody
    /// has chosen).
    fn may_act(&self, seat: Seat) -> bool {
        self.to_act().contains(seat)
    }

    /// Every legal move of `seat` now (empty when the seat is not to act).
    fn legal_moves(&self, seat: Seat) -> Vec<Self::Move>;

    /// Plays `mv` for `seat`. On error the state is unchanged.
    fn apply(&mut self, seat: Seat, mv: &Self::Move) -> Result<Vec<Self::Event>, Self::Error>;

    /// `seat` leaves the running game (resigned or out of time); the game decides the result.
    fn forfeit(&mut self, seat: Seat, reason: Forfeit) -> Vec<Self::Event>;

    /// What `viewer` (or the public, for `None`) may see.
    fn view(&self, viewer: Option<Seat>) -> Self::View;

    /// Current score per seat (final once the game is over).
    fn scores(&self) -> Vec<i64>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The name of a seat's side in this game, e.g. "White".
    fn seat_label(&self, seat: Seat) -> String;

    /// A move as a button shows it, in the current language. The notation itself by default;
    /// a game whose notation holds words (cards, resources, verbs) shows them in the reader's
    /// words — words its parser reads too. The button still sends the canonical notation.
    fn move_label(&self, mv: &Self::Move) -> String {
        mv.to_string()
    }

    /// What the players are asked to do now, when the turn line alone does not say it
    /// (e.g. "Card 3 of 22: everyone places a tile on C2."). Public.
    fn prompt(&self) -> Option<String> {
        None
    }

    /// While answers are awaited with a time limit (e.g. a claim the others may challenge): which
    /// wait it is and how long the table waits in all before
    /// [`close_window`](Game::close_window) settles it. The table keeps that time, across
    /// restarts.
    fn window(&self) -> Option<Window> {
        None
    }

    /// The waiting time of [`window`](Game::window) has passed: settle as the rules say (e.g.
    /// whoever did not answer accepts).
    fn close_window(&mut self) -> Vec<Self::Event> {
        Vec::new()
    }

    /// Who may see `shown`: the one place where the game decides its secrets (hands, secret
    /// choices, what a seat drew). Views ask it for [`Shown::Holdings`]; the table asks it for
    /// every event, every offered move and every move sent.
    fn audience(&self, shown: Shown<'_, Self::Event>) -> Audience;

    /// The game record in the notation of the game's spec (for the `log` option).
    fn transcript(&self) -> String;
}

impl Display for ToAct {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToAct::One(s) => write!(f, "seat {}", s + 1),
            ToAct::Many(seats) => {
                let list: Vec<String> = seats.iter().map(|s| format!("seat {}", s + 1)).collect();
                write!(f, "{}", list.join(", "))
            }
            ToAct::Nobody => write!(f, "nobody"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_share_ties_and_find_winner() {
        let o = Outcome::by_score(vec![10, 12, 10], EndReason::Normal);
        assert_eq!(o.ranks, vec![2, 1, 2]);
        assert_eq!(o.winner(), Some(1));
        let d = Outcome::by_score(vec![7, 7], EndReason::Normal);
        assert_eq!(d.ranks, vec![1, 1]);
        assert!(d.is_draw());
        assert_eq!(d.winner(), None);
        let name = |s: Seat| ["Ann", "Ben", "Cy"][s].to_string();
        assert_eq!(o.winners(name), "Ben wins");
        assert_eq!(d.winners(name), "Ann & Ben share the win");
    }

    #[test]
    fn to_act_membership() {
        assert!(ToAct::One(1).contains(1));
        assert!(!ToAct::One(1).contains(0));
        assert!(ToAct::Many(vec![0, 2]).contains(2));
        assert!(!ToAct::Nobody.contains(0));
        assert_eq!(ToAct::Many(vec![0, 2]).seats(), vec![0, 2]);
    }
}
