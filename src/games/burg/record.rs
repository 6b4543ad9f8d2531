//! The game record (`/log`): one entry per line, kept as data and put into words in the current
//! language when it is shown. The moves stay in their notation (`take sand`, `build wall pay 2
//! sand 1 wood 1 clay`), the space ids and numbers as they are; the labels, colours, card and
//! winter card names come from `locales/<lang>/burg.ftl` (`burg-record-…`).

use serde::{Deserialize, Serialize};

use super::Color;
use super::data::{Card, WinterCard};
use super::scoring::FinalScore;
use crate::games::{Forfeit, Outcome, Seat};
use crate::t;

/// One line of the record as stored.
///
/// Games saved before the record was kept as data hold English text lines: they read back as
/// [`Line::Saved`] and are shown as saved. (Untagged: a stored string is a saved line, an object
/// an entry; so no [`Entry`] variant may be a unit variant, which would be stored as a string.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub(super) enum Line {
    /// A line saved as text by an older version.
    Saved(String),
    /// A line kept as data.
    Entry(Entry),
}

impl From<Entry> for Line {
    fn from(entry: Entry) -> Line {
        Line::Entry(entry)
    }
}

/// What one line of the record says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(super) enum Entry {
    /// The first line.
    Setup {
        /// The winter variant.
        winter: bool,
        /// The seats clockwise, round 1's start player first.
        seats: Vec<Seat>,
    },
    /// A round begins.
    Round {
        round: u8,
        rounds: u8,
        /// The start player.
        start: Seat,
    },
    /// This round's winter card.
    Winter { card: WinterCard },
    /// The cards revealed, per seat in player order.
    Revealed { cards: Vec<(Seat, Vec<Card>)> },
    /// A decision, in move notation (a build with the payment used).
    Move { seat: Seat, notation: String },
    /// A seat left the game.
    Forfeit { seat: Seat, reason: Forfeit },
    /// One player's final scoring.
    Final { score: FinalScore },
    /// The result: score and rank per seat.
    Result { scores: Vec<i64>, ranks: Vec<u8> },
}

impl Entry {
    /// The result line of an outcome.
    pub(super) fn result(outcome: &Outcome) -> Entry {
        Entry::Result {
            scores: outcome.scores.clone(),
            ranks: outcome.ranks.clone(),
        }
    }

    /// Whether the line belongs within a round (indented).
    fn indented(&self) -> bool {
        match self {
            Entry::Setup { .. } | Entry::Round { .. } => false,
            Entry::Winter { .. } | Entry::Revealed { .. } => true,
            Entry::Move { .. } | Entry::Forfeit { .. } => true,
            Entry::Final { .. } | Entry::Result { .. } => false,
        }
    }

    /// The line's words in the current language.
    fn words(&self) -> String {
        match self {
            Entry::Setup { winter, seats } => {
                let order: Vec<String> = seats.iter().map(|&s| label(s)).collect();
                let order = order.join(", ");
                if *winter {
                    t!(
                        "burg-record-setup-winter",
                        players = seats.len(),
                        order = order
                    )
                } else {
                    t!("burg-record-setup", players = seats.len(), order = order)
                }
            }
            Entry::Round {
                round,
                rounds,
                start,
            } => t!(
                "burg-record-round",
                round = *round,
                rounds = *rounds,
                start = label(*start)
            ),
            Entry::Winter { card } => t!("burg-record-winter", card = card.label()),
            Entry::Revealed { cards } => {
                let list: Vec<String> = cards.iter().map(|(s, c)| revealed(*s, c)).collect();
                t!("burg-record-revealed", list = list.join(", "))
            }
            Entry::Move { seat, notation } => t!(
                "burg-record-move",
                color = label(*seat),
                notation = notation.as_str()
            ),
            Entry::Forfeit { seat, reason } => {
                let color = label(*seat);
                let word = match reason {
                    Forfeit::Resigned => "resigned",
                    Forfeit::TimedOut => "timeout",
                    Forfeit::Abandoned => "abandoned",
                    Forfeit::Stopped => "stopped",
                };
                t!("burg-record-forfeit", color = color, reason = word)
            }
            Entry::Final { score } => t!("burg-record-final", score = score.text()),
            Entry::Result { scores, ranks } => {
                let list: Vec<String> = scores
                    .iter()
                    .zip(ranks)
                    .enumerate()
                    .map(|(seat, (score, rank))| result_of(seat, *score, *rank))
                    .collect();
                t!("burg-record-result", list = list.join(", "))
            }
        }
    }
}

impl Line {
    /// The line in the current language (a saved line as it was saved).
    pub(super) fn text(&self) -> String {
        match self {
            Line::Saved(text) => text.clone(),
            // The indentation is layout, not a word.
            Line::Entry(entry) if entry.indented() => format!("  {}", entry.words()),
            Line::Entry(entry) => entry.words(),
        }
    }
}

fn label(seat: Seat) -> String {
    Color::from_seat(seat).label()
}

/// One seat's revealed cards: "Blue mason+worker3".
fn revealed(seat: Seat, cards: &[Card]) -> String {
    let names: Vec<String> = cards.iter().map(|&c| c.move_name()).collect();
    t!(
        "burg-record-revealed-seat",
        color = label(seat),
        cards = names.join("+")
    )
}

/// One seat's score and rank: "Red 20 (rank 2)".
fn result_of(seat: Seat, score: i64, rank: u8) -> String {
    t!(
        "burg-record-result-seat",
        color = label(seat),
        score = score,
        rank = rank
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{Lang, scope};

    #[test]
    fn a_record_saved_as_text_reads_back_and_shows_as_saved() {
        let saved = r#""round 1 of 15, start Blue""#;
        let entry = r#"{"round": {"round": 2, "rounds": 15, "start": 0}}"#;
        let json = format!("[{saved}, {entry}]");
        let lines: Vec<Line> = serde_json::from_str(&json).expect("a saved record");
        assert_eq!(lines[0], Line::Saved("round 1 of 15, start Blue".into()));
        assert_eq!(lines[0].text(), "round 1 of 15, start Blue");
        assert_eq!(lines[1].text(), "round 2 of 15, start Red");
        assert_eq!(
            scope(Lang::De, || lines[1].text()),
            "Runde 2 von 15, Startspieler Rot"
        );
    }

    #[test]
    fn entries_are_stored_and_shown_in_the_current_language() {
        let entries = [
            Entry::Setup {
                winter: true,
                seats: vec![1, 0],
            },
            Entry::Winter {
                card: WinterCard::Brennholz,
            },
            Entry::Revealed {
                cards: vec![(1, vec![Card::Maurer, Card::Arbeiter3])],
            },
            Entry::Move {
                seat: 1,
                notation: "take sand".into(),
            },
            Entry::Forfeit {
                seat: 0,
                reason: Forfeit::TimedOut,
            },
            Entry::Result {
                scores: vec![3, 5],
                ranks: vec![2, 1],
            },
        ];
        let lines: Vec<Line> = entries.into_iter().map(Line::from).collect();
        let json = serde_json::to_string(&lines).unwrap();
        let back: Vec<Line> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, lines);
        let text: Vec<String> = lines.iter().map(Line::text).collect();
        assert_eq!(
            text,
            [
                "Im Schutze der Burg, 2 players, winter, clockwise: Blue, Red",
                "  winter: Brennholz",
                "  revealed: Blue mason+worker3",
                "  Blue: take sand",
                "  Red runs out of time",
                "result: Red 3 (rank 2), Blue 5 (rank 1)",
            ]
        );
        let nl: Vec<String> = scope(Lang::Nl, || lines.iter().map(Line::text).collect());
        assert_eq!(nl[2], "  opengelegd: Blauw Metselaar+Arbeider III");
        assert_eq!(nl[3], "  Blauw: take sand");
    }
}
