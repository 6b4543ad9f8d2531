//! Who may see what in Im Schutze der Burg: the one place where the game's secrets are decided.
//!
//! Secret: the person cards each player chooses, until they are revealed together. The hands
//! are public (every card played lies face up), so is every decision of the resolution; the
//! winter deck and the random generator never leave the engine.

use super::BurgEvent;
use super::state::{Burg, Phase};
use crate::games::{Audience, Shown};

/// See the module documentation.
pub(super) fn audience(game: &Burg, shown: Shown<'_, BurgEvent>) -> Audience {
    let choosing = game.phase == Phase::Choosing;
    match shown {
        Shown::Event(BurgEvent::Chose { seat, .. }) => Audience::Seat(*seat),
        Shown::Event(_) => Audience::Everyone,
        // While everybody chooses, a seat's options and its move are its choice.
        Shown::Options(seat) | Shown::Choice(seat) if choosing && game.is_active(seat) => {
            Audience::Seat(seat)
        }
        Shown::Options(_) | Shown::Choice(_) => Audience::Everyone,
        // The chosen cards are shown while they are filled and resolved.
        Shown::Holdings(seat) => match game.phase {
            Phase::Filling { .. } | Phase::Resolving { .. } => Audience::Everyone,
            Phase::Choosing | Phase::Over => Audience::Seat(seat),
        },
    }
}
