//! Who may see what in Banner von Komarn: the one place where the game's secrets are decided.
//!
//! Secret: each hand (until a challenge shows it to everybody) and the numbers a seat draws.
//! The bag and the random generator never leave the engine at all. Everything played is public:
//! a play, a Morlock placement, an answer to a claim, a strike.

use super::KomarnEvent;
use super::state::{Komarn, Phase};
use crate::games::{Audience, Seat, Shown};

/// See the module documentation.
pub(super) fn audience(game: &Komarn, shown: Shown<'_, KomarnEvent>) -> Audience {
    match shown {
        Shown::Event(KomarnEvent::Drew { seat, .. }) => Audience::Seat(*seat),
        Shown::Event(_) => Audience::Everyone,
        Shown::Options(seat) => options(game, seat),
        Shown::Choice(_) => Audience::Everyone,
        Shown::Holdings(seat) => hand(game, seat),
    }
}

/// A hand is its owner's, unless a challenge has shown all of it.
fn hand(game: &Komarn, seat: Seat) -> Audience {
    if game.hand_public(seat) {
        Audience::Everyone
    } else {
        Audience::Seat(seat)
    }
}

/// Plays, passes and Morlock placements are drawn from the hand, so the list of them tells the
/// hand; answers to a claim, the placement of an exposed bluff (its fitting numbers were shown)
/// and a strike (from a hand the prompt shows) are public.
fn options(game: &Komarn, seat: Seat) -> Audience {
    match game.phase {
        Phase::Play | Phase::Morlock { .. } => hand(game, seat),
        Phase::Claim { .. } | Phase::Expose { .. } | Phase::Strike { .. } | Phase::Over => {
            Audience::Everyone
        }
    }
}
