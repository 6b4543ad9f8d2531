//! Who may see what in DonQuixote: the one place where the game's secrets are decided.
//!
//! Every player holds the same tile set and places the revealed card's tile openly, so the
//! principalities, the tiles left and every placement are public. Secret are only the cards
//! not yet revealed (their order) and the random generator, which never leave the engine: the
//! view shows the revealed cards and how many are left.

use super::DonQuixoteEvent;
use crate::games::{Audience, Shown};

/// Everything a view or an event shows is public.
pub(super) fn audience(_shown: Shown<'_, DonQuixoteEvent>) -> Audience {
    Audience::Everyone
}
