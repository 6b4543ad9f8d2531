//! Why a move was refused, in words a player understands.

use super::*;

/// Why a Banner von Komarn move was rejected. Every message names the rejected part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KomarnError {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// No such seat.
    #[error("seat {} is not at this table", .0 + 1)]
    NoSuchSeat(Seat),
    /// The seat left the game.
    #[error("you have left this game")]
    Left,
    /// Somebody else is to act, or something else is asked.
    #[error("not now: {waiting}")]
    NotNow {
        /// What the game waits for.
        waiting: String,
    },
    /// The number is not in the player's hand.
    #[error("{0} is not in your hand")]
    NotInHand(u8),
    /// The player has no soldier in supply.
    #[error("you have no soldier left in supply")]
    NoSoldier,
    /// The field holds the player's own soldier.
    #[error("{0} already holds your own soldier")]
    OwnSoldier(Field),
    /// Another colour stands there and the player does not hold the Hurenweibel.
    #[error("{field} is taken by {color}; only the holder of the Hurenweibel may seduce a soldier")]
    Taken {
        /// The field.
        field: Field,
        /// Whose soldier.
        color: Color,
    },
    /// A camp or Morlock blocks the field.
    #[error("{field} is not free: {what} stands there")]
    NotFree {
        /// The field.
        field: Field,
        /// "a camp", "a Morlock", "Blue's soldier".
        what: String,
    },
    /// Land field of a Morlock area played singly.
    #[error(
        "a Morlock sits on {area}F: area {area} is taken only by chasing it with a second number, `play {area} +<m>`"
    )]
    MustChase {
        /// The area.
        area: u8,
    },
    /// River field before both land fields hold soldiers.
    #[error("{area}F opens only when {area}L and {area}R both hold soldiers")]
    RiverClosed {
        /// The area.
        area: u8,
    },
    /// A chase where no Morlock is.
    #[error("there is no Morlock on {0}F to chase")]
    NoMorlock(u8),
    /// A chase needs two soldiers.
    #[error("chasing a Morlock puts two soldiers on the board; you have {0} in supply")]
    ChaseNeedsTwo(u8),
    /// Reinforcement with a number that offers a recruit.
    #[error(
        "{number} can still recruit in its own area (e.g. `{example}`); only a number whose area offers you no recruit may reinforce"
    )]
    NotDead {
        /// The number.
        number: u8,
        /// A recruit it offers, naming no other number of the hand (`play 17 +<m>`).
        example: String,
    },
    /// Reinforcement on a river field.
    #[error("reinforcements go on land fields only, not on {0}")]
    ReinforceRiver(Field),
    /// Reinforcement into a Morlock area.
    #[error("{0} lies in an area with a Morlock; reinforcements may not go there")]
    ReinforceMorlock(Field),
    /// Reinforcement not next to an own soldier.
    #[error("{0} is not next to one of your soldiers")]
    NoOwnNeighbour(Field),
    /// Reinforcement next to another colour.
    #[error(
        "{field} is next to {color}'s soldier on {enemy}; reinforcements may not touch another colour"
    )]
    EnemyNeighbour {
        /// The target.
        field: Field,
        /// The neighbouring field with another colour.
        enemy: Field,
        /// That colour.
        color: Color,
    },
    /// Both camps are built.
    #[error("you have built both of your camps")]
    NoCamp,
    /// Camp on the river.
    #[error("camps go on land fields only, not on {0}")]
    CampRiver(Field),
    /// Camp on a field that is not free after the play.
    #[error("the camp cannot go on {0}: the field is not free after your play")]
    CampNotFree(Field),
    /// Camp in a Morlock area.
    #[error("the camp cannot go on {0}: a Morlock sits in that area")]
    CampMorlock(Field),
    /// `pass` while a play exists. The message names no number of the hand: a refusal may be
    /// read by the whole channel.
    #[error(
        "you may only pass when no number in your hand can be played; you have a play (your `/hand` lists them)"
    )]
    CannotPass,
    /// The area cannot take the Morlock.
    #[error("area {area} cannot take a Morlock: {why}")]
    NoRoomForMorlock {
        /// The area.
        area: u8,
        /// Why.
        why: String,
    },
    /// After an exposed bluff the Morlock must be placed.
    #[error("your claim was a bluff: place the Morlock with `morlock <k>`, e.g. `morlock {0}`")]
    MustPlace(u8),
    /// The drawer answers their own claim.
    #[error("you made the claim; the others challenge or accept it")]
    OwnClaim,
    /// Strike of a number the loser does not hold.
    #[error("{color} does not hold {number}; {color} holds {}", list(held))]
    NotHeld {
        /// The number.
        number: u8,
        /// The loser.
        color: Color,
        /// What the loser holds.
        held: Vec<u8>,
    },
}
