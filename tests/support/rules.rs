//! A game's rules, played directly on its engine: a move as typed, one that must be accepted
//! (and is listed among the legal moves, where the game lists every move it takes), one that
//! must be refused (is not listed, changes nothing, and says why).

use std::fmt::Display;
use std::str::FromStr;

use spieltisch::games::burg::Burg;
use spieltisch::games::donquixote::DonQuixote;
use spieltisch::games::dvonn::Dvonn;
use spieltisch::games::komarn::Komarn;
use spieltisch::games::{Game, Seat};

/// Whether a game's `legal_moves` lists every move it accepts: Burg lists one way to pay for a
/// building of the many it takes.
pub trait Listing {
    const EVERY_MOVE: bool;
}

impl Listing for Dvonn {
    const EVERY_MOVE: bool = true;
}

impl Listing for DonQuixote {
    const EVERY_MOVE: bool = true;
}

impl Listing for Burg {
    const EVERY_MOVE: bool = false;
}

impl Listing for Komarn {
    const EVERY_MOVE: bool = true;
}

/// A move (or any game notation) as typed.
pub fn mv<M: FromStr>(text: &str) -> M
where
    M::Err: Display,
{
    text.parse()
        .unwrap_or_else(|e| panic!("test move `{text}`: {e}"))
}

/// Plays `text` for `seat`, which must be accepted and (see [`Listing`]) be among the seat's
/// legal moves; the events.
pub fn play<G: Game + Listing>(game: &mut G, seat: Seat, text: &str) -> Vec<G::Event> {
    let m: G::Move = mv(text);
    let listed = !G::EVERY_MOVE || game.legal_moves(seat).contains(&m);
    match game.apply(seat, &m) {
        Ok(events) => {
            assert!(listed, "{text} was accepted but is not in legal_moves");
            events
        }
        Err(e) => panic!("{text} by seat {seat} refused: {e}\n{:#?}", game.view(None)),
    }
}

/// Plays `text` for `seat`, which must not be among the legal moves and must be refused with a
/// reason, the game exactly as it was; the error.
pub fn refuse<G: Game>(game: &mut G, seat: Seat, text: &str) -> G::Error {
    let before = game.clone();
    let m: G::Move = mv(text);
    assert!(
        !game.legal_moves(seat).contains(&m),
        "{text} is listed as legal"
    );
    match game.apply(seat, &m) {
        Ok(events) => panic!("{text} by seat {seat} was accepted: {events:?}"),
        Err(e) => {
            assert_eq!(*game, before, "the refused {text} changed the state");
            assert!(!e.to_string().is_empty());
            e
        }
    }
}
