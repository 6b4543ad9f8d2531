//! Who may see what in Dvonn: the one place where the game's secrets are decided.
//!
//! Dvonn is a game of perfect information: the board, every move and every option are public.
//! The random setup's generator never leaves the engine.

use super::DvonnEvent;
use crate::games::{Audience, Shown};

/// Everything is public.
pub(super) fn audience(_shown: Shown<'_, DvonnEvent>) -> Audience {
    Audience::Everyone
}
