//! Why a move was refused, in words a player understands.

use super::*;
use crate::t;

/// Why a Banner von Komarn move was rejected. Every message names the rejected part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KomarnError {
    /// The game has ended.
    GameOver,
    /// No such seat.
    NoSuchSeat(Seat),
    /// The seat left the game.
    Left,
    /// Somebody else is to act, or something else is asked.
    NotNow {
        /// What the game waits for.
        waiting: String,
    },
    /// The number is not in the player's hand.
    NotInHand(u8),
    /// The player has no soldier in supply.
    NoSoldier,
    /// The field holds the player's own soldier.
    OwnSoldier(Field),
    /// Another colour stands there and the player does not hold the Hurenweibel.
    Taken {
        /// The field.
        field: Field,
        /// Whose soldier.
        color: Color,
    },
    /// A camp or Morlock blocks the field.
    NotFree {
        /// The field.
        field: Field,
        /// "a camp", "a Morlock", "Blue's soldier".
        what: String,
    },
    /// Land field of a Morlock area played singly.
    MustChase {
        /// The area.
        area: u8,
    },
    /// River field before both land fields hold soldiers.
    RiverClosed {
        /// The area.
        area: u8,
    },
    /// A chase where no Morlock is.
    NoMorlock(u8),
    /// A chase needs two soldiers.
    ChaseNeedsTwo(u8),
    /// Reinforcement with a number that offers a recruit.
    NotDead {
        /// The number.
        number: u8,
        /// A recruit it offers, naming no other number of the hand (`play 17 +<m>`).
        example: String,
    },
    /// Reinforcement on a river field.
    ReinforceRiver(Field),
    /// Reinforcement into a Morlock area.
    ReinforceMorlock(Field),
    /// Reinforcement not next to an own soldier.
    NoOwnNeighbour(Field),
    /// Reinforcement next to another colour.
    EnemyNeighbour {
        /// The target.
        field: Field,
        /// The neighbouring field with another colour.
        enemy: Field,
        /// That colour.
        color: Color,
    },
    /// Both camps are built.
    NoCamp,
    /// Camp on the river.
    CampRiver(Field),
    /// Camp on a field that is not free after the play.
    CampNotFree(Field),
    /// Camp in a Morlock area.
    CampMorlock(Field),
    /// `pass` while a play exists. The message names no number of the hand: a refusal may be
    /// read by the whole channel.
    CannotPass,
    /// The area cannot take the Morlock.
    NoRoomForMorlock {
        /// The area.
        area: u8,
        /// Why.
        why: String,
    },
    /// After an exposed bluff the Morlock must be placed.
    MustPlace(u8),
    /// The drawer answers their own claim.
    OwnClaim,
    /// Strike of a number the loser does not hold.
    NotHeld {
        /// The number.
        number: u8,
        /// The loser.
        color: Color,
        /// What the loser holds.
        held: Vec<u8>,
    },
}

impl std::error::Error for KomarnError {}

impl fmt::Display for KomarnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            KomarnError::GameOver => t!("komarn-error-game-over"),
            KomarnError::NoSuchSeat(seat) => t!("komarn-error-no-such-seat", seat = seat + 1),
            KomarnError::Left => t!("komarn-error-left"),
            KomarnError::NotNow { waiting } => t!("komarn-error-not-now", waiting = waiting),
            KomarnError::NotInHand(n) => t!("komarn-error-not-in-hand", number = *n),
            KomarnError::NoSoldier => t!("komarn-error-no-soldier"),
            KomarnError::OwnSoldier(field) => {
                t!("komarn-error-own-soldier", field = field.to_string())
            }
            KomarnError::Taken { field, color } => t!(
                "komarn-error-taken",
                field = field.to_string(),
                color = color.name()
            ),
            KomarnError::NotFree { field, what } => {
                t!(
                    "komarn-error-not-free",
                    field = field.to_string(),
                    what = what
                )
            }
            KomarnError::MustChase { area } => t!("komarn-error-must-chase", area = *area),
            KomarnError::RiverClosed { area } => t!("komarn-error-river-closed", area = *area),
            KomarnError::NoMorlock(area) => t!("komarn-error-no-morlock", area = *area),
            KomarnError::ChaseNeedsTwo(n) => t!("komarn-error-chase-needs-two", count = *n),
            KomarnError::NotDead { number, example } => {
                t!("komarn-error-not-dead", number = *number, example = example)
            }
            KomarnError::ReinforceRiver(field) => {
                t!("komarn-error-reinforce-river", field = field.to_string())
            }
            KomarnError::ReinforceMorlock(field) => {
                t!("komarn-error-reinforce-morlock", field = field.to_string())
            }
            KomarnError::NoOwnNeighbour(field) => {
                t!("komarn-error-no-own-neighbour", field = field.to_string())
            }
            KomarnError::EnemyNeighbour {
                field,
                enemy,
                color,
            } => t!(
                "komarn-error-enemy-neighbour",
                field = field.to_string(),
                color = color.name(),
                enemy = enemy.to_string()
            ),
            KomarnError::NoCamp => t!("komarn-error-no-camp"),
            KomarnError::CampRiver(field) => {
                t!("komarn-error-camp-river", field = field.to_string())
            }
            KomarnError::CampNotFree(field) => {
                t!("komarn-error-camp-not-free", field = field.to_string())
            }
            KomarnError::CampMorlock(field) => {
                t!("komarn-error-camp-morlock", field = field.to_string())
            }
            KomarnError::CannotPass => t!("komarn-error-cannot-pass"),
            KomarnError::NoRoomForMorlock { area, why } => {
                t!("komarn-error-no-room", area = *area, why = why)
            }
            KomarnError::MustPlace(k) => t!("komarn-error-must-place", number = *k),
            KomarnError::OwnClaim => t!("komarn-error-own-claim"),
            KomarnError::NotHeld {
                number,
                color,
                held,
            } => t!(
                "komarn-error-not-held",
                number = *number,
                color = color.name(),
                held = list(held)
            ),
        };
        f.write_str(&text)
    }
}
