//! Who may see what in DonQuixote: the one place where the game's secrets are decided.
//!
//! Never shown to anybody: the position cards not yet revealed (their order) and the random
//! generator; the view shows the revealed card and how many are left.
//!
//! Secret in a game of several seats (§4.3, an edition choice): a placement, until every
//! active seat has placed the step's tile. Until then
//!
//! - the [`Placed`](DonQuixoteEvent::Placed) event goes to the placer alone; everybody hears
//!   that the seat has placed ([`HasPlaced`](DonQuixoteEvent::HasPlaced)) and sees it in the
//!   view (`placed_current`), but not the tile: other views leave it off the seat's board and
//!   keep it in its hand (the seat's [`Shown::Holdings`]);
//! - while the game runs and more than one seat still places, a seat's move must be sent
//!   privately and its options (buttons, hints) are offered to it alone
//!   ([`Shown::Choice`], [`Shown::Options`]);
//! - when the step is complete, [`StepPlaced`](DonQuixoteEvent::StepPlaced) shows all its
//!   placements together, and the seats' holdings are public again.
//!
//! A game that ends with a step incomplete (every player left, or the table stopped it) never
//! reveals that step's placements: not in the views, not in the record.
//!
//! A solitaire plays openly: everything it shows is public.

use super::DonQuixoteEvent;
use super::state::DonQuixote;
use crate::games::{Audience, Shown};

/// See the module documentation.
pub(super) fn audience(game: &DonQuixote, shown: Shown<'_, DonQuixoteEvent>) -> Audience {
    match shown {
        Shown::Event(DonQuixoteEvent::Placed { color, .. }) if game.secret_placements() => {
            Audience::Seat(color.seat())
        }
        Shown::Event(_) => Audience::Everyone,
        Shown::Options(seat) | Shown::Choice(seat) if game.placing_secretly() => {
            Audience::Seat(seat)
        }
        Shown::Options(_) | Shown::Choice(_) => Audience::Everyone,
        Shown::Holdings(seat) if game.unrevealed(seat).is_some() => Audience::Seat(seat),
        Shown::Holdings(_) => Audience::Everyone,
    }
}
